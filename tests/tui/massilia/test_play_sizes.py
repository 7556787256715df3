"""Massilia is good to play at every size (issue 30): at 80x24, 120x36 and 200x60, in English, German and ASCII,
the screen shows every temple die, the latest turn of the last bot, what a sale brings before it is chosen, the
penalty stone a die costs, and the god cards' effects; no panel line is cut at 80x24 with long bot names.

The position is reached on the session directly (no long key sequences): every seat opens its first start
stall and keeps no dice, then the cheapest choice that is not a pass is played until each bot has had two turns
on Monday; the test then puts the dice, the pink customer and a god card where the checks need them (``touch``).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.text import Text

from engine.massilia import GameConfig
from engine.massilia.actions import Add, As, Keep, Move, Pass, Take
from engine.massilia.preview import least_stones, sale_gain
from engine.massilia.scoring import projected
from saves import Seat
from tests.tui.massilia.harness import GameApp, settle
from tui import glyphs
from tui.i18n import set_language, t
from tui.massilia.board import temple_dice
from tui.massilia.text import god_effect
from tui.session import GameSession, LogEntry
from tui.widgets.choice_list import ChoiceList
from tui.widgets.log import LogLines, LogPanel, last_bot_turn
from tui.widgets.text_panel import TextPanel

LONG = "with a long name"
SIZES = ((80, 24), (120, 36), (200, 60))
MODES = ("en", "de", "ascii")
BEIGE_4 = 3
"""A beige 4 (die code: colour * 6 + face - 1)."""
BROWN_2 = 7


@pytest.fixture(autouse=True)
def _reset() -> Any:
    yield
    glyphs.use_ascii(False)
    set_language("en")


def _cheapest(s: Any, legal: list[Any]) -> Any:
    """The first choice that is no pass, adds no die and takes the fewest penalty stones."""
    from engine.massilia.rules.dice import stones_for

    def cost(a: Any) -> tuple[int, int]:
        stones = stones_for(s, list(s.frames[-1]["g"]), a) if isinstance(a, As) else 0
        return int(isinstance(a, Pass | Add)), stones

    return min(legal, key=cost)


def _play_one_turn(session: GameSession) -> None:
    """The seat to move plays the cheapest choice (``_cheapest``) until the turn passes to another seat."""
    seat = session.state.current_player
    while not session.state.is_over:
        session.apply(_cheapest(session.state, session.legal_actions()), autosave=False)
        if session.state.current_player != seat and session.state.decision == "turn":
            return


def position() -> GameSession:
    """Monday's phase III, the person's third turn: each bot has played two turns since the start of the phase."""
    seats = [Seat("Me", None)] + [Seat(f"Bot {q + 1} {LONG} (hard)", "greedy") for q in range(1, 4)]
    session = GameSession(GameConfig(players=4), 11, seats, store=None, game="massilia")
    while session.state.phase != "actions":
        legal = session.legal_actions()
        session.apply(min(legal, key=lambda a: len(a.dice) if isinstance(a, Keep) else 0), autosave=False)
    for _ in range(8):
        _play_one_turn(session)
    s = session.state
    assert s.current_player == 0 and s.decision == "turn" and s.phase == "actions"
    stall = s.stalls_of(0)[0]
    s.players[0].money = 0  # a beige die cannot buy anything now: used alone it needs a penalty stone
    s.players[0].hand, s.players[0].known, s.players[0].fresh = ["juno"], [True], [False]
    s.temple = sorted([*s.temple, BEIGE_4, BROWN_2])
    s.figures[1] = (stall - 2) % len(s.owner)  # the pink customer two fields before the person's stall
    s.stock[stall] = [2, 1, 1, 0]
    s.touch()
    return session


def _mode(mode: str) -> None:
    set_language("de" if mode == "de" else "en")
    glyphs.use_ascii(mode == "ascii")


def plain(widget: Any) -> str:
    rendered = widget.render()
    return rendered.plain if isinstance(rendered, Text) else str(rendered)


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def assert_fits(panel: TextPanel) -> None:
    """Every line of the panel fits its width: nothing is cut at the panel's edge."""
    width = panel.content_region.width
    for line in plain(panel).split("\n"):
        assert Text(line).cell_len <= width, (panel.id, width, line)


def _shown_row(screen: Any, action: Any) -> str:
    """The decision panel's line of ``action`` as drawn (the cursor put on it, so it is in view)."""
    index = next(i for i, (_line, a) in enumerate(screen.choices) if a == action)
    choices = screen.query_one("#choices", ChoiceList)
    choices.highlighted = index
    width = choices.scrollable_content_region.width - 2
    row = choices.fitting_label(index, width)
    assert Text(row).cell_len <= width, (width, row)  # drawn whole, not cut
    return row


def test_the_last_bot_turn_is_the_latest_turn_of_that_seat() -> None:
    """Massilia counts one ``turn`` per phase; the box groups by the game's own seat turn (``seat_turn``), so it
    shows the bot's second turn of the day, not its first (nor the tax another bot paid in a turn)."""
    session = position()
    seat = session.log[-1].seat
    last = last_bot_turn(session.log)
    assert last and {e.seat for e in last} == {seat} and session.is_bot(seat)
    assert last[0].opens and not any(e.opens for e in last[1:])
    same = [e for e in session.log if e.seat == seat and e.turn == last[0].turn and e.holder == seat]
    assert len([e for e in same if e.opens]) == 2  # two turns of that bot in this phase III ...
    assert last == same[same.index(last[0]):]  # ... and the box holds the second one only


def test_a_turn_of_another_seat_between_two_of_the_same_seat_splits_them() -> None:
    """Entries as the shell keeps them: the run back to the entry that opened the holder's turn."""
    log = [LogEntry(0, 2, 1, True, "take", (), 1, True), LogEntry(1, 2, 1, True, "use", (), 1, False),
           LogEntry(2, 2, 0, False, "pass", (), 0, True), LogEntry(3, 2, 1, True, "take", (), 1, True),
           LogEntry(4, 2, 2, True, "pay tax", (), 1, False), LogEntry(5, 2, 1, True, "build", (), 1, False)]
    assert [e.index for e in last_bot_turn(log)] == [3, 5]


def test_every_decision_has_one_line_and_no_automatic_line_without_numbers() -> None:
    session = position()
    for entry in session.log:
        assert "alone:" not in entry.text and "may build" not in entry.text  # the chooser's own, from his money
        assert not any(e.startswith("automatic: buy ? ") for e in entry.events)
        if entry.text.startswith("use as"):
            assert not any(" uses " in e for e in entry.events)
        if entry.text.startswith("move "):
            assert not any(" moves the " in e or " sells " in e for e in entry.events)


def test_every_game_says_whose_turn_a_decision_belongs_to() -> None:
    """The shell's hook (``GameUI.seat_turn``) is each game's own: the active player holds the turn."""
    from tui import games

    for game in ("concordia", "colosseum", "massilia"):
        ui = games.get(game)
        state = ui.info.new_game(ui.info.config_from_dict({"players": 3}), 1)
        holder, _opens = ui.seat_turn(state)
        assert holder == state.active


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("mode", MODES)
async def test_the_screen_shows_what_a_player_needs(size: tuple[int, int], mode: str) -> None:
    _mode(mode)
    session = position()
    app = GameApp(session)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        s = session.state
        compact = screen.compact
        assert compact == (size == (80, 24))
        # every temple die, by colour, in the market's middle
        text = plain(screen.query_one("#market", TextPanel))
        assert temple_dice(s).plain in text
        # the penalty stone a die costs, said before it is taken
        take = next(a for a in session.legal_actions() if isinstance(a, Take) and a.die == BEIGE_4)
        assert least_stones(s, take) == 1
        row = _shown_row(screen, take)
        warning = t("alone: {n} penalty stone").format(n=1)
        assert warning in row
        await pilot.pause()
        # the god cards: the face-up ones with their effects, the own hand with its effect
        if compact:
            await pilot.press("b")
            await pilot.pause()
        board = screen.query_one("#board-c" if compact else "#board", TextPanel)
        for card in s.display:
            if card:
                assert flat(god_effect(card)) in flat(plain(board))
        # the round tiles still on the stack, the next one first (R-PASS)
        tiles = " ".join(str(x) for x in reversed(s.round_tiles)) or t("none")
        assert f"{t('round tiles')}: {tiles}" in flat(plain(board))
        own = screen.query_one("#own-c" if compact else "#own", TextPanel)
        assert flat(god_effect("juno")) in flat(plain(own))
        # the last bot turn: in the log's view or in its pinned box
        if compact:
            await pilot.press("l")
            await pilot.pause()
        panel = screen.query_one("#log-view" if compact else "#log-panel", LogPanel)
        shown = flat(plain(panel.query_one("#last-bot")) if panel.query_one("#last-bot").display else "")
        lines = panel.query_one(LogLines)
        start = int(lines.scroll_y)
        shown += " " + flat(" ".join(ln.plain for ln in lines.lines[start:start + lines.size.height]))
        for entry in last_bot_turn(session.log):
            assert flat(entry.text)[:30] in shown
        # no panel line is cut (long bot names, four players)
        for view, panel_ids in (("m", ("#market", "#own-c")), ("p", ("#players-c",))) if compact else ():
            await pilot.press(view)
            await pilot.pause()
            for panel_id in panel_ids:
                panel = screen.query_one(panel_id, TextPanel)
                assert_fits(panel)
                assert panel.parent is not None and panel.parent.size.height >= len(plain(panel).split("\n"))
        if not compact:
            for panel_id in ("#market", "#players", "#own", "#board"):
                assert_fits(screen.query_one(panel_id, TextPanel))
            own = screen.query_one("#own", TextPanel)  # the own screen's stalls are in view, not scrolled off
            assert own.parent is not None and own.parent.size.height >= len(plain(own).split("\n")), plain(own)
        # each seat's projected final reputation, from what the person's view counts (ruling 21)
        if compact:
            await pilot.press("p")
            await pilot.pause()
        players = flat(plain(screen.query_one("#players-c" if compact else "#players", TextPanel)))
        for q in range(s.n):
            shown, mine = projected(screen.state, q), projected(s.view(0), q)
            assert shown is not None and mine is not None and shown.total == mine.total
            assert t("end {n}").format(n=shown.total) in players
        # a sale's gain, before the customer is moved
        screen.choose(take.__class__(BROWN_2))
        await settle(pilot)
        use = next(a for a in session.legal_actions() if isinstance(a, As) and a.colour == 1 and a.value == 2)
        screen.choose(use)
        await settle(pilot)
        assert s.decision == "brown" and s.current_player == 0
        move = next(a for a in session.legal_actions() if isinstance(a, Move) and a.figure == 1
                    and sale_gain(s, a) is not None)
        gain = sale_gain(s, move)
        assert gain is not None and gain.count == 2
        row = _shown_row(screen, move)
        assert f"+{gain.money} " in row and f"+{gain.reputation} " in row
        assert f"{gain.marker}>{gain.marker_after}" in row
        if mode == "ascii":
            assert all(ord(ch) < 128 for ch in plain(screen.query_one("#market", TextPanel)))


def test_the_own_screen_says_which_brown_value_brings_each_customer() -> None:
    """R-BROWN-1: the pink customer two fields before the stall comes with a brown 2."""
    from tui.massilia.board import customer_values

    session = position()
    s = session.state
    stall = s.stalls_of(0)[0]
    values = customer_values(s, stall).plain.split()
    assert values[0] == "p2"
    n = len(s.owner)
    for word, pos in zip(values[1:], s.figures[2:], strict=True):
        assert int(word[1:]) == min((stall - pos) % n, (pos - stall) % n)


@pytest.mark.parametrize("mode", MODES)
async def test_while_the_bots_play_the_decision_panel_shows_their_latest_turn(mode: str) -> None:
    """At 80x24 the log is a view of its own: while another seat decides, the decision panel shows the latest
    bot turn, every line whole (wrapped at the panel's width), and what does not fit says so."""
    _mode(mode)
    session = position()
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        text = screen.bot_turn_text()
        lines = text.plain.split("\n")
        assert lines[0] == t("Last bot turn")
        width = screen.query_one("#prompt").content_region.width
        assert all(Text(line).cell_len <= width for line in lines)
        entries = last_bot_turn(session.log)
        assert flat(text.plain).startswith(flat(t("Last bot turn") + " " + session.names()[entries[0].seat]))
        assert flat(entries[0].text)[:20] in flat(text.plain)
        assert len(lines) <= screen.query_one("#prompt").content_region.height - 1
        if mode == "ascii":
            assert all(ord(ch) < 128 for ch in text.plain)


@pytest.mark.parametrize("mode", MODES)
def test_a_consul_row_says_pluto_may_stop_it_to_the_mover_only(mode: str) -> None:
    """R-GOD-5: the consul would tax seat 2's stall, who took a card face down: the mover's row says Pluto may
    stop it (the same whether that card is Pluto or not); the log's wording for every reader does not."""
    from engine.massilia.preview import consul_stop
    from tests.massilia.helpers import give
    from tests.massilia.test_preview import tax_position
    from tui.massilia.text import action_text, choice_shorts, short_text

    _mode(mode)
    names = ["1 Me", "2 Bot " + LONG]
    rows = set()
    for card in ("pluto", "venus"):
        s = tax_position()
        give(s, 1, card, known=False)
        s.apply("take brown3")
        s.apply("as brown 3")
        move = Move(0, 4)
        view = s.view(0)
        stop = consul_stop(view, move)
        assert stop is not None and stop.kind == "tax" and stop.pluto
        row = action_text(view, move, names, chooser=True)
        assert t("Pluto may stop it") in row and t("Pluto may stop it") not in action_text(view, move, names)
        assert t("Pluto?") in short_text(view, move, names, tiny=True)
        forms = choice_shorts(view, [("", move)], names)[0]
        assert Text(forms[-1]).cell_len <= 74, forms[-1]  # the tiny form fits the 80-column panel
        rows.add(row)
    assert len(rows) == 1  # the row does not tell whether the face-down card is Pluto


@pytest.mark.parametrize("mode", ("en", "de"))
def test_the_log_speaks_to_the_person_as_you(mode: str) -> None:
    """The single person's default name is "You" ("Du"): the verb agrees with it ("1 You place", "1 Du legst",
    "your empty stall"), while a bot's line keeps the third person."""
    from tui.massilia.text import event_text

    _mode(mode)
    you, bot = f"1 {t('You')}", "2 Bot " + LONG
    names = [you, bot]
    expected = {
        "en": ("1 You place 1 pink on stall 3", "2 Bot with a long name places 1 pink on stall 3",
               "your empty stall on 3 closes", "1 You pay 2 tax at stall 3, 1 cube goes to the harbour"),
        "de": ("1 Du legst 1 rosa auf Stand 3", "2 Bot with a long name legt 1 rosa auf Stand 3",
               "dein leerer Stand auf 3 schließt", "1 Du zahlst 2 Steuer an Stand 3, 1 Ware geht in den Hafen"),
    }[mode]
    place = {"space": 3, "goods": [1, 0, 0, 0]}
    assert event_text(("place", {"player": 0, **place}), names) == expected[0]
    assert event_text(("place", {"player": 1, **place}), names) == expected[1]
    assert event_text(("close", {"player": 0, "space": 3}), names) == expected[2]
    assert event_text(("tax", {"player": 0, "space": 3, "paid": 2, "returned": [1, 0, 0, 0]}), names) == expected[3]
