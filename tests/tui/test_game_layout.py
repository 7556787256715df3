"""The game screen at every size (issue 21, "Layout"): nothing a player needs is cut at 120x36 or wider, the
gods table fits at 80x24, the log wraps instead of cutting and the pinned bot turn repeats no line, the market
says what each card does and shows the Diplomat's targets, the load screen and the card reference are whole."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import DataTable, OptionList, Static

from engine.concordia import GameConfig, model
from engine.concordia.scoring import god_values
from saves import Seat
from tests.tui.app_support import isolated_fixture, make_app  # noqa: F401
from tests.tui.game_harness import GameApp, settle
from tui.concordia import score_table as load_score_table
from tui.concordia.screen import GameScreen, side_width
from tui.concordia.text import card_short
from tui.concordia.widgets.gods import GodsScreen, god_cards, god_cell, gods_table, shown_gods
from tui.concordia.widgets.hand import HandPanel, hand_cards
from tui.concordia.widgets.market import MarketPanel, render_market
from tui.concordia.widgets.players import PlayersPanel
from tui.session import GameSession, LogEntry
from tui.widgets.log import LogLines, LogPanel, wrap_line

SIZES = [(80, 24), (120, 36), (200, 60)]


def named_session(variant: str = "venus", seed: int = 7, players: int = 4) -> GameSession:
    """You against bots named as the app names them (``2 Bot 2 (normal)`` on screen)."""
    seats = [Seat("You", None)] + [Seat(f"Bot {i + 2} (normal)", "random") for i in range(players - 1)]
    return GameSession(GameConfig(map="imperium", players=players, variant=variant), seed, seats)


def plain(widget: Any) -> str:
    rendered = widget.render()
    return rendered.plain if isinstance(rendered, Text) else str(rendered)


def flat(text: str) -> str:
    """Whitespace collapsed: a wrapped text reads as the same words."""
    return re.sub(r"\s+", " ", text)


def assert_fits(widget: Any) -> None:
    """Every line of the panel's text fits its width (nothing is cut by the panel's edge)."""
    width = widget.content_region.width
    for line in plain(widget).split("\n"):
        assert Text(line).cell_len <= width, (widget.id, width, line)


# ------------------------------------------------------------------------------------------- the wide layout


def test_the_right_column_grows_with_the_terminal() -> None:
    """It takes what the map's largest drawing that fits leaves over (200x60: the large scale, 132 columns)."""
    assert side_width(120, 36) == 62
    assert side_width(160, 50) == 64  # the medium scale (94x30) beside it
    assert side_width(200, 60) == 66  # the large scale (132x40) beside it
    assert side_width(200, 40) == 80  # too low for the large scale: the medium one, the rest to the column
    assert side_width(300, 80) == 96


@pytest.mark.parametrize("size", [(160, 50), (200, 60)])  # 120x36: the board layout (test_board_layout.py)
async def test_names_hand_lines_and_log_are_whole_at_120x36_and_wider(size: tuple[int, int]) -> None:
    session = named_session()
    app = GameApp(session)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.pause()
        screen = app.game_screen
        assert screen is not None and not screen.compact
        players = screen.query_one("#players", PlayersPanel)
        assert_fits(players)
        for name in session.names():
            assert name in plain(players)
        hand = screen.query_one("#hand", HandPanel)
        assert_fits(hand)
        text = flat(plain(hand))
        assert "1 Tribune (Mars) take cards back, +1 per card over 3; colonist" in text
        for cid in hand_cards(session.state, 0):
            assert card_short(cid) in text
        log = screen.query_one("#log-panel", LogPanel)
        assert log.content_region.width >= 30
        assert hand.content_region.height >= len(plain(hand).split("\n"))  # no card cut off below
        lines = log.query_one(LogLines)
        shown = flat("\n".join(line.plain for line in lines.lines))
        for entry in session.log:
            assert flat(entry.text) in shown
        for line in lines.lines:
            assert line.cell_len <= lines.scrollable_content_region.width
        market = screen.query_one("#market", MarketPanel)
        assert_fits(market)


# ------------------------------------------------------------------------------------------- the gods table


def test_each_god_cell_is_the_card_count_times_the_value_per_card() -> None:
    """R-SCORE: a god's VP are (cards of that god) × (what one of them is worth now); Minerva's differ by card."""
    assert god_cell(12, 3, 4).plain == "12 3×4"
    assert god_cell(0, 0, 4).plain == "0"
    assert god_cell(6, 2, None).plain == "6 2c"
    s = named_session(seed=11).state
    rng = random.Random(5)
    for _ in range(150):
        s.apply(rng.choice(s.legal_actions()))
    scores = s.final_scores()
    for q in range(s.n):
        counts, values = god_cards(s, q), god_values(s, q)
        for god in shown_gods(s):
            if god != "minerva":
                assert scores.players[q].gods[god] == counts[god] * values[god], (q, god)


def test_the_gods_table_leaves_venus_out_of_base_games() -> None:
    assert "venus" not in shown_gods(named_session("base").state)
    assert "venus" in shown_gods(named_session("venus").state)


@pytest.mark.parametrize("size", SIZES)
async def test_the_gods_table_fits_at_every_size(size: tuple[int, int]) -> None:
    session = named_session(players=5)
    app = GameApp(session)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, GodsScreen)
        table = app.screen.query_one("#gods-table", Static)
        width = table.content_region.width
        assert 0 < width <= size[0]
        assert table.region.bottom <= size[1]
        console = Console(width=width, record=True, color_system=None)
        console.print(gods_table(session.state, session.names()))
        text = console.export_text()
        assert "…" not in text
        assert max(len(line.rstrip()) for line in text.splitlines()) <= width
        for word in ("Vesta", "Jupiter", "Saturnus", "Venus", "Mercurius", "Mars", "Minerva", "Total"):
            assert word in text
        for name in session.names():
            for word in name.split():
                assert word in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


# ------------------------------------------------------------------------------------------- the log


def test_a_long_log_line_wraps_between_words_with_an_indent() -> None:
    line = Text("2 Bot 2 (normal): Move land colonist Roma → Novaria–Aquileia, 2 steps")
    parts = wrap_line(line, 30, 2)
    assert [p.plain for p in parts] == ["2 Bot 2 (normal): Move land", "  colonist Roma →",
                                       "  Novaria–Aquileia, 2 steps"]
    assert wrap_line(Text("short"), 30, 2)[0].plain == "short"


async def test_at_80x24_the_log_wraps_and_the_pinned_turn_repeats_no_line() -> None:
    session = named_session()
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await pilot.pause()
        screen = app.game_screen
        assert screen is not None and screen.compact
        panel = screen.query_one("#log-view", LogPanel)
        lines = panel.query_one(LogLines)
        width = lines.scrollable_content_region.width
        assert width > 0
        for line in lines.lines:
            assert line.cell_len <= width
        shown = flat("\n".join(line.plain for line in lines.lines))
        for entry in session.log:
            assert flat(entry.text) in shown
        assert_pinned_not_repeated(panel, lines)


def assert_pinned_not_repeated(panel: LogPanel, lines: LogLines) -> None:
    """No line of the pinned box stands in the log's view below it."""
    box = panel.query_one("#last-bot", Static)
    if not box.display:
        return
    top = int(lines.scroll_y)
    visible = {line.plain.strip() for line in lines.lines[top : top + lines.size.height]}
    pinned = {line.strip() for line in plain(box).split("\n")[1:]}
    assert not (visible & pinned), visible & pinned


@pytest.mark.parametrize("size", SIZES)
async def test_the_pinned_bot_turn_shows_only_what_scrolled_away(size: tuple[int, int]) -> None:
    session = named_session(seed=3)
    app = GameApp(session)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        for _ in range(3):  # a few turns: the log grows past the panel
            await pilot.press("d" if screen.state.decision != "play" else "1")
            await settle(pilot)
            if app.screen is not screen:
                await pilot.press("1")
                await settle(pilot)
        if screen.compact:
            await pilot.press("l")
            await pilot.pause()
        panel = screen.query_one("#log-view" if screen.compact else "#log-panel", LogPanel)
        await pilot.pause()
        assert_pinned_not_repeated(panel, panel.query_one(LogLines))


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield LogPanel(id="log")


async def test_the_box_pins_exactly_the_bot_decisions_scrolled_out_of_view() -> None:
    bot = [LogEntry(i, 0, 1, True, f"Bot decision number {i}", ()) for i in range(3)]
    mine = [LogEntry(3 + i, 1, 0, False, f"My decision number {i}", ()) for i in range(6)]
    names = ["1 You", "2 Bot"]
    app = LogApp()
    async with app.run_test(size=(40, 8)) as pilot:
        panel = app.query_one(LogPanel)
        box = panel.query_one("#last-bot", Static)
        panel.show(bot, names)
        await pilot.pause()
        assert not box.display  # all three stand in the view
        panel.show(bot + mine[:2], names)
        await pilot.pause()
        assert not box.display
        panel.show(bot + mine, names)  # nine lines in an eight-line panel: the first bot lines scroll away
        await pilot.pause()
        await pilot.pause()
        assert box.display
        pinned = plain(box)
        assert "Bot decision number 0" in pinned
        assert_pinned_not_repeated(panel, panel.query_one(LogLines))
        lines = panel.query_one(LogLines)
        top = int(lines.scroll_y)
        assert "My decision number 5" in lines.lines[top + lines.size.height - 1].plain


# ------------------------------------------------------------------------------------------- the market


def test_the_market_says_what_each_card_does_and_shows_every_top_card() -> None:
    s = named_session().state
    rng = random.Random(2)
    while any(s.top_card(q) is None for q in range(s.n)) and not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    names = ["1 You", "2 Bot 2 (normal)", "3 Bot 3 (normal)", "4 Bot 4 (normal)"]
    wide = render_market(s, names, False, None).plain
    for cid in s.display:
        if cid is not None:
            assert card_short(cid) in wide
    tops = wide.split("Top cards:")[1].split("\n")[0]
    from tui.concordia.names import card_name

    for q in range(s.n):
        top = s.top_card(q)
        assert top is not None and f"{q + 1} {card_name(top)}" in tops
    # a narrow panel: the card the prompt's cursor is on is written out whole under the table
    narrow = render_market(s, names, False, 58, selected=2)
    cid = s.display[1]
    assert cid is not None
    assert card_short(cid) in flat(narrow.plain)
    assert all(Text(line).cell_len <= 58 for line in narrow.plain.split("\n"))
    tall = render_market(s, names, False, 76, wrap_rows=True).plain
    for c in s.display:
        if c is not None:
            assert flat(card_short(c)) in flat(tall)


async def test_the_market_writes_out_the_card_the_prompt_cursor_is_on() -> None:
    session = named_session()
    app = GameApp(session)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        market = screen.query_one("#market-c" if screen.compact else "#market", MarketPanel)
        senator = next(i for i, c in enumerate(hand_cards(session.state, 0)) if model.cards()[c].roles == ("senator",))
        await pilot.press(str(senator + 1))
        await settle(pilot)
        assert screen.state.decision == "buy"  # seed 7: the Senator can buy
        await pilot.pause()
        slot = market.selected
        assert slot is not None
        cid = session.state.display[slot - 1]
        assert cid is not None and card_short(cid) in flat(plain(market))


# ------------------------------------------------------------------------------------------- load and rules


def test_the_load_screens_score_table_has_whole_god_names() -> None:
    scores = named_session().state.final_scores()
    columns, rows = load_score_table(scores, ["1 You", "2 B", "3 C", "4 D"])
    assert columns[:7] == ["Vesta", "Jupiter", "Saturnus", "Venus", "Mercurius", "Mars", "Minerva"]
    assert len(rows) == 4 and all(len(r) == len(columns) for r in rows)


@pytest.mark.usefixtures("isolated", "concordia_only")
async def test_the_card_reference_at_100_columns_shows_the_action_column() -> None:
    from tui.screens.rules import RulesScreen

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(RulesScreen(lang="en"))
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        assert not screen.query_one("#chapters", OptionList).display
        table = screen.query_one("#cards", DataTable)
        labels = [str(c.label) for c in table.columns.values()]
        assert labels[:2] == ["Card", "Action"]
        first, action = list(table.columns.values())[:2]
        assert first.get_render_width(table) + action.get_render_width(table) <= table.content_region.width
