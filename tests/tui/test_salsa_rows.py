"""Salt prices and the forum panel on the game screen at the playtest's sizes (issue 18 playtest, 120x36 and
80x24): a build row with salt shows its whole price (in the goods' letters when the words do not fit), the map's
cursor line too, and with the forum panel open the decision list keeps at least six rows."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.concordia import GameConfig, GameState
from engine.concordia.actions import Build
from saves import Seat
from tests.engine.helpers import play
from tests.engine.salsa_helpers import architect_at_salt_city, salsa, set_salt
from tests.tui.app_support import screen_text
from tests.tui.game_harness import GameApp, settle
from tui import glyphs, i18n
from tui.concordia.short_text import short_forms, short_price
from tui.concordia.text import action_text
from tui.session import GameSession
from tui.widgets.choice_list import ChoiceList


@pytest.fixture
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def salt_city_build() -> tuple[GameState, Build]:
    """Hispania, the seat to play has a colonist next to a salt city, 1 tool and 1 salt: the Architect may build
    there for 1 tool + 1 salt (salt for the wine) + 5 sestertii (R-SALSA-CITY, R-SALSA-SALT)."""
    s = salsa(map="hispania")
    city, route = next((c, r) for c, g in sorted(s.tiles.items()) if g == "salt"
                       for r, x in sorted(s.map.routes.items()) if c in (x.a, x.b) and x.kind == "land")
    build = architect_at_salt_city(s, city, route)
    return s, build


def session_of(s: GameState) -> GameSession:
    """A session whose person sits at the seat that decides in ``s`` (greedy bots elsewhere)."""
    seats = [Seat("You", None) if q == s.active else Seat(f"Bot {q + 1}", "greedy") for q in range(s.n)]
    session = GameSession(s.config, 1, seats)
    session.state = s
    return session


def test_r_salsa_city_short_price_in_letters() -> None:
    s, build = salt_city_build()
    city = s.map.cities[build.city].name
    assert short_price(["tool", "wine"], 5, ["wine"]) == "1T+1S(=W)+5$"
    assert short_forms(s, build) == (f"Build in {city} (salt): 1T+1S(=W)+5$", f"{city} (S): 1T+1S(=W)+5$")


@pytest.mark.parametrize("lang", ["en", "de"], indirect=True)
@pytest.mark.parametrize("ascii_mode", [False, True])
@pytest.mark.parametrize("size", [(120, 36), (80, 24)])
async def test_a_build_row_with_salt_shows_its_whole_price(lang: str, ascii_mode: bool,
                                                           size: tuple[int, int]) -> None:
    s, build = salt_city_build()
    glyphs.use_ascii(ascii_mode)
    try:
        app = GameApp(session_of(s))
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            choices = app.screen.query_one("#choices", ChoiceList)
            screen = app.game_screen
            assert screen is not None
            index = next(i for i, c in enumerate(screen.query_one("#prompt").choices) if build in c.actions)
            shown = choices.fitting_label(index, choices.scrollable_content_region.width - 2)
            salt = "s" if ascii_mode else "S"
            price = f"1T+1{salt}(=W)+5$" if lang == "en" else f"1W+1{salt}(=V)+5$"  # Werkzeug, Wein
            full = "1 tool + 1 salt (salt for wine) + 5 sestertii" if lang == "en" else ""
            assert (full and shown.endswith(full)) or shown.endswith(price), shown
            assert shown in screen_text(app)  # whole, not cut
    finally:
        glyphs.use_ascii(False)


def choice_rows(app: GameApp) -> int:
    """How many rows of the decision list are on screen."""
    return app.screen.query_one("#choices", ChoiceList).scrollable_content_region.height


@pytest.mark.parametrize(("size", "rows"), [((120, 36), 5), ((80, 24), 8)])
async def test_the_forum_panel_leaves_the_decision_list_its_rows(size: tuple[int, int], rows: int) -> None:
    """With the forum shown (``f``, or while a patrician is kept) the decision list keeps every row it has in a
    game without the forum: at 120x36 the forum takes the map's place, not the market's (issue 18 playtest: 2-3
    rows were left); at 80x24 the forum is one of the left side's views."""
    config = GameConfig(map="hispania", players=4, forum=True)
    seats = [Seat("You", None)] + [Seat(f"Bot {q}", "random") for q in (2, 3, 4)]
    session = GameSession(config, 18, seats)
    app = GameApp(session)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None and session.state.decision == "keep"
        keeping = choice_rows(app)
        await pilot.press("enter")
        await settle(pilot)
        assert session.state.decision == "play"
        without = choice_rows(app)
        await pilot.press("f")
        await pilot.pause()
        assert screen.has_class("forum-left") or screen.view == "forum"
        assert choice_rows(app) == without == keeping >= rows
        assert sum(1 for line in screen_text(app).splitlines() if "Play " in line) >= min(rows, 6)  # 6 cards


def test_r_forum_setup_the_panel_in_the_maps_place_shows_the_two_patricians_to_keep() -> None:
    """R-FORUM-SETUP: the person keeping a patrician reads both cards' effects in the forum panel (the decision
    list may only have room for the names); the empty tableau takes no rows there."""
    from tests.engine.helpers import game
    from tui.concordia.salsa_text import forum_effect, forum_name
    from tui.concordia.widgets.forum import render_forum

    s = game("hispania", 4, "base", 22, salt=True, forum=True)
    f = s.frame
    assert f is not None and f["k"] == "keep"
    seat = int(f["p"])
    names = ["Anna", "Ben", "Cleo", "Dora"]
    text = render_forum(s, names, seat, {}, True, head=False, width=50).plain
    lines = text.splitlines()
    assert lines[0] == "Keep one of:" and "4→" not in text
    for card in f["offer"]:
        assert f"   ● {forum_name(card)}" in lines
        assert forum_effect(s, card).split()[0] in text
    assert all(len(line) <= 50 for line in lines)
    other = render_forum(s, names, (seat + 1) % 4, {}, True, head=False, width=50).plain
    assert "Keep one of:" not in other  # only the keeper sees the offer


@pytest.mark.parametrize("lang", ["en", "de"], indirect=True)
def test_the_hand_names_the_gods_in_german(lang: str) -> None:
    from engine.concordia import model
    from tui.concordia.text import gods_text

    mercator = next(cid for cid, c in model.cards().items() if c.roles == ("mercator",))
    assert gods_text(mercator) == ("Merkur" if lang == "de" else "Mercurius")


async def test_r_forum_setup_the_compact_layout_shows_the_forum_while_a_patrician_is_kept() -> None:
    """At 80x24 the decision rows name the two patricians only: the forum view (with both effects) shows itself
    while the person keeps one, and the map comes back after."""
    config = GameConfig(map="hispania", players=4, forum=True)
    session = GameSession(config, 18, [Seat("You", None)] + [Seat(f"Bot {q}", "random") for q in (2, 3, 4)])
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None and screen.compact and session.state.decision == "keep"
        assert screen.view == "forum" and "Keep one of:" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert session.state.decision == "play" and screen.view == "map"


def test_r_salsa_salt_colonist_and_card_rows_have_short_forms_with_the_whole_price() -> None:
    """R-SALSA-SALT: a colonist paid with salt for the tool, and a card bought with salt for a good: the short
    forms keep every good of the price."""
    from engine.concordia.actions import PlaceColonist, Purchase
    from tests.engine.helpers import discard

    s = salsa(map="hispania")
    p = s.active
    discard(s, p, "start-architect", "start-prefect")
    set_salt(s, p, 1, food=1)
    play(s, "play tribune")
    place = next(a for a in s.legal_actions() if isinstance(a, PlaceColonist) and a.salt == ("tool",))
    assert short_forms(s, place) == (f"{place.kind.capitalize()} colonist in {s.map.place_name(place.place)}: "
                                     "1F+1S(=T)",)
    s = salsa(map="hispania")
    p = s.active
    set_salt(s, p, 3, brick=1, food=1, tool=1, wine=1, cloth=1)
    s.players[p].money = 30
    play(s, "play senator")
    buys = [a for a in s.legal_actions() if isinstance(a, Purchase) and a.salt]
    farmer = Purchase(2, ("tool",), ("brick",))  # Farmer: brick + food, slot 2 adds a '?' paid with a tool
    assert farmer in buys and action_text(s, farmer).endswith("for 1 food + 1 tool + 1 salt (salt for brick)")
    assert short_forms(s, farmer) == ("Buy Farmer (slot 2): 1F+1T+1S(=B)",)
    for a in buys:
        (short,) = short_forms(s, a)
        assert short.startswith("Buy ") and f"(slot {a.slot}): " in short
        assert short.endswith("(=" + ",".join(glyphs.good_letter(g) for g in a.salt) + ")")


async def test_the_board_layout_shows_the_market_in_the_maps_place_while_you_buy() -> None:
    """At 120x36 (the board layout) the market is not beside the map: while you buy a card it takes the map's
    place, the card under the prompt's cursor written out, and the map comes back after (issue 31)."""
    from engine.concordia import model
    from tui.concordia.widgets.hand import hand_cards

    session = session_of(salsa(map="hispania"))
    app = GameApp(session)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None and screen.board_layout
        cards = hand_cards(session.state, 0)
        senator = next(i for i, c in enumerate(cards) if model.cards()[c].roles == ("senator",))
        await pilot.press(str(senator + 1))
        await settle(pilot)
        assert session.state.decision == "buy"
        assert screen.query_one("#market-view").display and not screen.query_one("#map-panel").display
        await pilot.press("d")
        await settle(pilot)
        if session.state.decision == "buy":  # ending the purchase asks first when a card is still affordable
            await pilot.press("enter")
            await settle(pilot)
        assert session.state.decision != "buy" or not screen.human_to_decide()
        assert screen.query_one("#map-panel").display and not screen.query_one("#market-view").display


async def test_a_shorter_decision_gives_its_row_back_to_the_choices() -> None:
    from rich.text import Text

    from tui.concordia.widgets.prompt import PromptPanel
    from tui.widgets.text_panel import TextPanel

    session = session_of(salsa(map="hispania"))
    app = GameApp(session)
    async with app.run_test(size=(120, 36)) as pilot:  # the board layout: a 40-column decision panel
        await settle(pilot)
        prompt = app.screen.query_one("#prompt", PromptPanel)
        decision = prompt.query_one("#decision", TextPanel)
        rows = choice_rows(app)
        decision.show_text(Text("a long decision " * 6))  # three lines at this width (40 columns)
        decision.refresh(layout=True)
        await pilot.pause()
        assert decision.outer_size.height == 3 and choice_rows(app) == rows - 1
        prompt.show(session.state, prompt.choices, session.names(), True, session.version + 1)
        await pilot.pause()
        assert decision.outer_size.height == 2 and choice_rows(app) == rows
