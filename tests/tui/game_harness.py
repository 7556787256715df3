"""Shared helpers of the game screen's tests: a tiny app that opens a ``GameScreen`` and drives it with Pilot."""

from __future__ import annotations

import random
from collections import Counter

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import OptionList

from engine.concordia import GameConfig
from engine.concordia.actions import Action
from saves import Seat
from tui.concordia.screen import GameScreen
from tui.concordia.widgets.dialogs import ChoiceDialog
from tui.concordia.widgets.prompt import PromptPanel, group_choices
from tui.play_screen import PlayScreen
from tui.session import GameSession
from tui.widgets.choice_list import ChoiceList


class GameApp(App[None]):
    """Opens the game screen of ``session`` (what the app shell does) and records ``PlayScreen.Quit``."""

    def __init__(self, session: GameSession, pace: str = "instant", confirm_end_turn: bool = False) -> None:
        super().__init__()
        self.session = session
        self.pace = pace
        self.confirm_end_turn = confirm_end_turn
        self.quits: list[GameSession] = []
        self.game_screen: GameScreen | None = None

    def on_mount(self) -> None:
        self.game_screen = GameScreen(self.session, pace=self.pace, confirm_end_turn=self.confirm_end_turn)
        self.push_screen(self.game_screen)

    def on_play_screen_quit(self, message: PlayScreen.Quit) -> None:
        self.quits.append(message.session)


def make_session(variant: str = "base", seed: int = 3, humans: int = 1, players: int = 4,
                 map_id: str = "imperium", bot: str = "random") -> GameSession:
    seats = [Seat(f"Human {i + 1}", None) for i in range(humans)]
    seats += [Seat(f"Bot {i + 1}", bot) for i in range(players - humans)]
    return GameSession(GameConfig(map=map_id, players=players, variant=variant), seed, seats)


async def settle(pilot: Pilot[None], limit: int = 5000) -> None:
    """Let bots play (instant pace) until a person decides, a dialog is open or the game is over.

    For every game's test app that keeps its game screen in ``game_screen`` (Concordia's ``GameApp`` here,
    ``tests/tui/colosseum/harness.py`` and ``tests/tui/massilia/harness.py``)."""
    app = pilot.app
    screen = getattr(app, "game_screen", None)
    assert screen is not None
    for _ in range(limit):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if app.screen is not screen:
            return
        if screen.human_to_decide() and screen.thinking is None:
            return
    raise AssertionError("the game did not come back to a person")


async def game_screen(pilot: Pilot[None]) -> GameScreen:
    """The app's game screen once the bots have played up to the person's first decision (``settle``)."""
    await settle(pilot)
    app = pilot.app
    assert isinstance(app, GameApp) and app.game_screen is not None
    return app.game_screen


def assert_choices_match(screen: GameScreen) -> None:
    """The prompt's choices are exactly the legal actions, each once."""
    s = screen.session.state
    legal = s.legal_actions()
    prompt = screen.query_one("#prompt", PromptPanel)
    shown = Counter(str(a) for c in prompt.choices for a in c.actions)
    assert shown == Counter(str(a) for a in legal)
    assert [c.actions for c in prompt.choices] == [c.actions for c in group_choices(s, legal)]


async def choose_by_keys(pilot: Pilot[None], screen: GameScreen, rng: random.Random) -> Action:
    """Pick a random legal decision through the prompt with the keyboard; returns the action meant."""
    prompt = screen.query_one("#prompt", PromptPanel)
    assert_choices_match(screen)
    choices = prompt.choices
    i = rng.randrange(len(choices))
    choice = choices[i]
    options = screen.query_one("#choices", ChoiceList)
    if not options.has_focus:
        options.focus()
    if i == 0:
        options.highlighted = 0
    elif i < 4:  # the arrow keys (a few presses: every press costs the test time)
        await pilot.press("home", *(["down"] * i))
    else:
        options.highlighted = i
    assert options.highlighted == i
    await pilot.press("enter")
    if len(choice.actions) == 1:
        return choice.actions[0]
    dialog = pilot.app.screen
    assert isinstance(dialog, ChoiceDialog)
    assert [a for _label, a in dialog.options] == list(choice.actions)
    j = rng.randrange(len(choice.actions))
    if j < 9:
        await pilot.press(str(j + 1))
    else:
        dialog.query_one(OptionList).highlighted = j
        await pilot.press("enter")
    return choice.actions[j]


async def steady(pilot: Pilot[None], limit: int = 20) -> None:
    """Pause until two frames in a row draw the same screen: the log's pinned box and its scrollbar settle a
    frame or two after the last bot move, and a snapshot taken between them depends on the machine's load."""
    from tui.widgets.log import LogLines

    for log in pilot.app.screen.query(LogLines):  # whether the log shows a scrollbar races the bots' last lines
        log.styles.scrollbar_size_vertical = 0
    previous = None
    for _ in range(limit):
        await pilot.pause(0.05)
        shown = "\n".join(strip.text for strip in pilot.app.screen._compositor.render_strips())
        if shown == previous:
            return
        previous = shown
