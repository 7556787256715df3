"""The recap of the others' turns on Concordia's main screen (``tui/concordia/recap.py``): after the bots' turns
the person sees, without switching views, each bot's card and its result, wrapped and never cut, at 80x24 and
120x36, in English, German and ASCII; and the recap says only what the table sees: it is the same when
another seat's hand differs."""

from __future__ import annotations

import random
import re

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot

from engine.concordia import GameConfig
from saves import Seat
from tests.tui.app_support import screen_text
from tests.tui.game_harness import GameApp, settle
from tui import glyphs, i18n
from tui.concordia.names import card_for_play_name, card_name, role_name
from tui.concordia.recap import RecapLines, RecapPanel, Tracker, recap_texts
from tui.concordia.screen import GameScreen
from tui.concordia.widgets.prompt import PromptPanel
from tui.session import GameSession
from tui.widgets.choice_list import ChoiceList

LONG_NAMES = ("Maximilianus Longinus", "Greedy Bot Bertholdus", "Normal Bot Cunigunde", "Hard Bot Eberhardus")


@pytest.fixture(autouse=True)
def _language() -> object:
    yield
    i18n.set_language("en")
    glyphs.use_ascii(False)


def long_named_session(seed: int = 3) -> GameSession:
    seats = [Seat(LONG_NAMES[0], None)] + [Seat(name, "random") for name in LONG_NAMES[1:]]
    return GameSession(GameConfig(map="imperium", players=4), seed, seats)


async def play_own_turn(pilot: Pilot[None], screen: GameScreen) -> None:
    """The person plays a whole turn with Enter (the first choice, in dialogs too); then the bots play."""
    app = pilot.app
    turn = screen.session.state.turn
    for _ in range(40):
        if screen.session.state.turn != turn or screen.session.state.is_over:
            break
        await pilot.press("enter")
        await pilot.pause()
        if app.screen is not screen:  # a dialog: its first choice
            await pilot.press("enter")
            await pilot.pause()
    await settle(pilot)


def expected_turns(session: GameSession, viewer: int) -> list[tuple[int, str, list[str]]]:
    """From the action log: each other seat's turn since ``viewer``'s last, as (seat, the card's name, the
    places it built in or let produce)."""
    s = session.state
    last = max(e.index for e in session.log if e.holder == viewer)
    out: list[tuple[int, str, list[str]]] = []
    for e in session.log:
        if e.index <= last:
            continue
        words = session.actions[e.index].split()
        if words[0] == "play" and e.seat == e.holder:
            card = role_name(words[3]) if len(words) > 3 else card_name(card_for_play_name(words[1]))
            out.append((e.seat, card, []))
        elif words[0] == "build" and out:
            out[-1][2].append(s.map.place_name(words[1]))
        elif words[0] == "produce" and out:
            out[-1][2].append(s.map.provinces[words[1]].name)
    return out


def shown_recap(screen: GameScreen) -> tuple[RecapLines, int, int]:
    """The recap the person sees now, with the width and rows it is drawn in: under the choices (in the rows
    they leave free), or in the box under the map."""
    prompt = screen.query_one("#prompt", PromptPanel)
    choices = screen.query_one("#choices", ChoiceList)
    left = screen.query_one("#recap-left", RecapPanel)
    if prompt.recap_shown:
        assert not (left.display and left.region.height > 0)
        return prompt.recap, choices.scrollable_content_region.width, choices.footer_rows
    assert left.display and left.region.height > 0, "the recap is on screen"
    return left.recap, left.content_region.width, left.content_region.height


def joined(lines: list[str]) -> str:
    """The recap's lines as running text (a wrapped turn's continuation lines joined to it)."""
    return re.sub(r"\s+", " ", " ".join(line.strip() for line in lines))


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
@pytest.mark.parametrize(("lang", "ascii_mode"), [("en", False), ("de", False), ("en", True)])
async def test_after_the_bots_turns_the_recap_names_each_card_and_result_uncut(
        size: tuple[int, int], lang: str, ascii_mode: bool) -> None:
    i18n.set_language(lang)
    glyphs.use_ascii(ascii_mode)
    session = long_named_session()
    app = GameApp(session)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        checked = 0
        for _ in range(2):
            await play_own_turn(pilot, screen)
            await pilot.pause()
            turns = expected_turns(session, 0)
            recap, width, rows = shown_recap(screen)
            lines = [line.plain for line in recap.lines(width, rows)]
            text = screen_text(app)
            for line in lines:  # wrapped, not cut: every line whole within the panel and on the screen
                assert cell_len(line) <= width, line
                assert line.rstrip() in text, (line, text)
            assert len(lines) <= rows
            said = joined(lines)
            assert turns, "the bots played since the person's turn"
            for seat, card, places in turns:
                assert glyphs.shown(card) in said, (card, said)
                for place in places:
                    assert glyphs.shown(place) in said, (place, said)
                name = session.names()[seat]
                assert name in said or f"{glyphs.player_letter(seat)}:" in said
            assert glyphs.shown(i18n.t("… l: whole log")) not in said  # everything fitted
            checked += len(turns)
        assert checked >= 4


async def test_a_recap_that_does_not_fit_says_where_the_rest_is() -> None:
    session = long_named_session()
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        await play_own_turn(pilot, screen)
        recap, width, _rows = shown_recap(screen)
        whole = recap.lines(width)
        assert len(whole) > 3
        cut = [line.plain for line in recap.lines(width, 3)]
        assert len(cut) == 3 and cut[-1] == i18n.t("… l: whole log")


def play_random(session: GameSession, decisions: int, seed: int) -> list[str]:
    """``decisions`` random legal decisions applied to ``session``; their texts."""
    rng = random.Random(seed)
    done: list[str] = []
    for _ in range(decisions):
        action = rng.choice(session.legal_actions())
        session.apply(action, autosave=False)
        done.append(str(action))
    return done


@pytest.mark.parametrize("variant", ["base", "venus-team"])
def test_the_recap_is_the_same_when_another_seats_hand_differs(variant: str) -> None:
    """Twin: a bot seat holds one card more (from the bottom of the deck; in the team game Anna's partner's
    hand, which she may not see); the same decisions are taken in both games; the recap of every seat is the
    same words, decision by decision."""
    seats = [Seat("Anna", None)] + [Seat(f"Bot {i}", "random") for i in (2, 3, 4)]
    config = GameConfig(map="imperium", players=4, variant=variant)
    game, twin = GameSession(config, 5, seats), GameSession(config, 5, seats)
    other = 2
    twin.state.players[other].hand.append(twin.state.deck.pop(0))
    assert game.state.players[other].hand != twin.state.players[other].hand
    trackers = [Tracker(), Tracker()]
    compared = 0
    rng = random.Random(5)
    for _ in range(120):
        action = rng.choice(game.legal_actions())
        game.apply(action, autosave=False)
        twin.apply(str(action), autosave=False)
        for tracker, session in zip(trackers, (game, twin), strict=True):
            tracker.update(session)
        for viewer in (0, 1, None):
            a = recap_texts(trackers[0], game, viewer)
            b = recap_texts(trackers[1], twin, viewer)
            assert [(x.plain, y.plain) for x, y in a] == [(x.plain, y.plain) for x, y in b]
            compared += len(a)
    assert compared > 100
    assert game.state.players[other].hand != twin.state.players[other].hand


def test_a_loaded_game_recaps_the_turns_before_it_was_saved() -> None:
    """The recap of a game loaded with its action log is replayed from its start: the same as while played."""
    seats = [Seat("Anna", None)] + [Seat(f"Bot {i}", "random") for i in (2, 3, 4)]
    config = GameConfig(map="imperium", players=4)
    game = GameSession(config, 7, seats)
    tracker = Tracker()
    tracker.update(game)
    actions: list[str] = []
    for _ in range(60):
        actions += play_random(game, 1, len(actions))
        tracker.update(game)
    loaded = GameSession(config, 7, seats, actions)
    fresh = Tracker()
    fresh.update(loaded)
    for viewer in (0, 2):
        assert [x.plain for x, _ in recap_texts(fresh, loaded, viewer)] == \
            [x.plain for x, _ in recap_texts(tracker, game, viewer)]
        assert recap_texts(fresh, loaded, viewer)


def test_a_session_of_views_is_recapped_from_its_log_lines() -> None:
    """A shared table's session holds only its seat's view (the deck's order unknown): the recap cannot be
    played on it and tells the turns with the log's lines, worded for the reader, the reader's own left out."""
    seats = [Seat("Anna", None)] + [Seat(f"Bot {i}", "random") for i in (2, 3, 4)]
    game = GameSession(GameConfig(map="imperium", players=4), 5, seats)
    play_random(game, 40, 5)
    while game.log[-1].holder == 0 or not any(e.holder == 0 for e in game.log):  # a bot played since Anna
        play_random(game, 1, len(game.actions))
    game.state = game.state.view(0)
    tracker = Tracker()
    tracker.update(game)
    assert tracker.lost and not tracker.records
    texts = [full.plain for full, _short in recap_texts(tracker, game, 0)]
    last = max(e.index for e in game.log if e.holder == 0)
    later = [e for e in game.log if e.index > last and e.seat != 0]
    assert texts and later
    for e in later[-5:]:
        assert any(e.text in text for text in texts), e.text
    assert not any(text.startswith(game.names()[0]) for text in texts)


def test_after_an_undo_the_recap_is_as_if_the_decision_was_never_taken() -> None:
    seats = [Seat("Anna", None)] + [Seat(f"Bot {i}", "random") for i in (2, 3, 4)]
    config = GameConfig(map="imperium", players=4)
    game = GameSession(config, 11, seats)
    tracker = Tracker()
    rng = random.Random(11)
    undone = 0
    for _ in range(150):
        game.apply(rng.choice(game.legal_actions()), autosave=False)
        tracker.update(game)
        if game.state.current_player != 0 and game.can_undo() and rng.random() < 0.3 and game.undo():
            undone += 1
            tracker.update(game)
        fresh = Tracker()
        fresh.update(GameSession(config, 11, seats, list(game.actions)))
        assert [r.index for r in tracker.records] == list(range(len(game.actions)))
        for viewer in (0, 1):
            assert [x.plain for x, _ in recap_texts(tracker, game, viewer)] == \
                [x.plain for x, _ in recap_texts(fresh, game, viewer)]
    assert undone > 0


def test_the_recap_words_each_turn_with_its_exact_numbers() -> None:
    """Imperium, seed 3 (seat 3 starts): a Prefect in Gallia (its bonus marker: 1 tool), a Mercator (+3, one wine
    sold at 6, two food bought at 4 each: +1), the person's own turn (left out), a Senator buying the Architect
    of slot 1 (1 tool, no surcharge)."""
    seats = [Seat("Anna", None)] + [Seat(f"Bot {i}", "random") for i in (2, 3, 4)]
    game = GameSession(GameConfig(map="imperium", players=4), 3, seats)
    tracker = Tracker()
    assert game.state.current_player == 2

    def play(*decisions: str) -> None:
        for text in decisions:
            game.apply(text, autosave=False)
            tracker.update(game)

    play("play prefect", "produce gallia", "play mercator", "sell wine 1", "buy food 2")
    assert [(full.plain, short.plain) for full, short in recap_texts(tracker, game, 0)] == [
        ("3 Bot 3: Prefect Gallia (+1 tool)", "3: Prefect Gallia (+1 tool)"),
        ("4 Bot 4: Mercator — sold 1 wine, bought 2 food (+1 sestertius)",
         "4: Mercator — sold 1 wine, bought 2 food (+1 sestertius)"),
    ]
    play("play mercator", "done", "play senator", "purchase 1", "done")
    said = [full.plain for full, _ in recap_texts(tracker, game, 0)]
    assert said == ["2 Bot 2: Senator — bought Architect (−1 tool)"]
    assert recap_texts(tracker, game, 1) == []  # Bot 2's own turn was the last: nothing since
    i18n.set_language("de")
    assert [full.plain for full, _ in recap_texts(tracker, game, 0)] == [
        "2 Bot 2: Senator — kauft Architekt (−1 Werkzeug)"]


async def test_at_80x24_the_box_under_the_map_gives_its_rows_back_after_the_first_decision() -> None:
    """The box shows the others' turns while the person chooses a card; once the card is played, nothing
    happened since the person's last decision and the map gets its rows back for carrying the card out."""
    session = long_named_session()
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        await play_own_turn(pilot, screen)
        box = screen.query_one("#recap-left", RecapPanel)
        board = screen.query_one("#map-panel")
        assert box.display and box.region.height > 0
        rows_with_box = board.region.height
        prompt = screen.query_one("#prompt", PromptPanel)
        prefect = next(i for i, c in enumerate(prompt.choices) if str(c.actions[0]) == "play prefect")
        await pilot.press(*["down"] * prefect, "enter")  # the Prefect: a province to choose next
        await pilot.pause()
        assert session.log[-1].holder == 0 and screen.human_to_decide()
        assert not box.display or box.region.height == 0
        assert board.region.height > rows_with_box
