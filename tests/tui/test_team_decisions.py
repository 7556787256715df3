"""Issue 21, the team game and its prompt findings, played on the game screen (Pilot) at 120x36 and 80x24:

- an out-of-turn decision names whose card it is and why this seat decides, whole within the prompt's width
  (the partner's card R-TEAM-PLAY, the partner's Legatus with the recommended card R-LEGATUS, a storehouse
  overflow in another player's turn R-TURN-4);
- money taken from the partner (R-TEAM-MONEY) in the choice, the quantity dialog and the log;
- the Legatus player sees the partner's hand while recommending (R-LEGATUS), opponents never the card;
- ``d`` asks before ending an Architect with movement points and a house left; the builds come first;
- a production that overflows the storehouse says so; a Tribune without 1 food + 1 tool says why no colonist.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.concordia.actions import Play, Recommend
from engine.concordia.rules.architect import build_price
from tests.engine.helpers import discard, set_colonists, set_goods
from tests.tui.app_support import reset_globals, screen_text
from tests.tui.game_harness import GameApp, settle
from tests.tui.team_support import BOT2, BOT3, SIZES, YOU, panel_text, shown_text, team_session
from tui import i18n
from tui.concordia.decision_words import done_warning
from tui.concordia.names import card_name
from tui.concordia.text import decision_text
from tui.concordia.widgets.dialogs import ChoiceDialog
from tui.concordia.widgets.prompt import PromptPanel, group_choices
from tui.session import GameSession


@pytest.fixture(autouse=True)
def _globals() -> None:
    reset_globals()


def words(text: str) -> str:
    return " ".join(text.split())


def labels(app: GameApp) -> list[str]:
    assert app.game_screen is not None
    return [c.label for c in app.game_screen.query_one("#prompt", PromptPanel).choices]


async def open_screen(app: GameApp, pilot: object) -> None:
    await settle(pilot)  # type: ignore[arg-type]
    assert app.game_screen is not None and app.game_screen.human_to_decide()


# ----------------------------------------------------------------------------- whose card, and why
@pytest.mark.parametrize("size", SIZES)
async def test_partners_card_is_named_in_the_decision(size: tuple[int, int]) -> None:
    """R-TEAM-PLAY: Bot 3 plays the Prefect (Britannia produces); then you carry out Bot 3's Prefect."""
    session = team_session()
    session.state.active = BOT3
    session.apply("play prefect")
    session.apply("produce britannia")
    s = session.state
    assert (s.current_player, s.decision) == (YOU, "prefect")
    app = GameApp(session)
    async with app.run_test(size=size) as pilot:
        await open_screen(app, pilot)
        expected = decision_text(s, session.names(), YOU)
        assert expected.startswith("1 You — partner 3 Bot 3's card (team): Prefect:")
        assert shown_text(app, "#decision") == words(expected), "the whole decision, nothing cut"


@pytest.mark.parametrize("size", SIZES)
async def test_partners_legatus_names_the_recommended_card_first(size: tuple[int, int]) -> None:
    """R-LEGATUS: Bot 3 recommends your Prefect; you play a card for both of you, you first."""
    session = team_session()
    session.state.active = BOT3
    session.apply("play legatus")
    session.apply("recommend prefect")
    s = session.state
    assert (s.current_player, s.decision) == (YOU, "partnerplay")
    app = GameApp(session)
    async with app.run_test(size=size) as pilot:
        await open_screen(app, pilot)
        shown = shown_text(app, "#decision")
        assert shown.startswith("1 You — partner 3 Bot 3's Legatus recommends Prefect: play a card for both")
        assert shown == words(decision_text(s, session.names(), YOU))
        assert "Play Prefect — recommended" in labels(app)
        assert app.game_screen is not None
        app.game_screen.choose(Play("prefect"))
        await pilot.pause()
        assert (s.current_player, s.decision) == (YOU, "prefect")
        assert shown_text(app, "#decision").startswith(
            "1 You — your Prefect under partner 3 Bot 3's Legatus, for both: Prefect:")


def test_opponents_never_read_the_recommended_card() -> None:
    """R-LEGATUS: the recommendation is private between the partners; an opponent's screen says one was made."""
    session = team_session()
    session.state.active = BOT3
    session.apply("play legatus")
    session.apply("recommend prefect")
    s, names = session.state, session.names()
    assert "recommends Prefect" in decision_text(s, names, YOU)
    assert "recommends Prefect" in decision_text(s, names, BOT3)
    for opponent in (BOT2, -1):
        text = decision_text(s, names, opponent)
        assert "partner 3 Bot 3's Legatus recommended a card:" in text and "Prefect" not in text
    assert not any("Prefect" in e for entry in session.log for e in entry.events)


@pytest.mark.parametrize("size", SIZES)
async def test_overflow_in_another_players_turn_says_whose_turn_and_why(size: tuple[int, int]) -> None:
    """R-TURN-4: Bot 2's Prefect lets a province produce where you have two houses; 1 slot free: you choose."""
    session = team_session()
    s = session.state
    province = next(p for p, prov in s.map.provinces.items() if len({s.tiles[c] for c in prov.cities}) >= 2)
    cities = s.map.provinces[province].cities
    two = [cities[0], next(c for c in cities if s.tiles[c] != s.tiles[cities[0]])]
    s.players[YOU].houses.update(two)
    set_goods(s, YOU)
    set_goods(s, YOU, brick=s.players[YOU].free_slots - 1)
    s.active = BOT2
    session.apply("play prefect")
    session.apply(f"produce {province}")
    assert (s.current_player, s.decision) == (YOU, "overflow")
    name = s.map.provinces[province].name
    app = GameApp(session)
    async with app.run_test(size=size) as pilot:
        await open_screen(app, pilot)
        assert shown_text(app, "#decision").startswith(
            f"1 You — storehouse overflow (in 2 Bot 2's turn, {name} produces): storehouse full:")
        assert shown_text(app, "#decision") == words(decision_text(s, session.names(), YOU))


@pytest.mark.parametrize(("lang", "said"), [("en", "(in your turn, "), ("de", "(in deinem Zug, ")])
def test_overflow_of_another_seat_in_your_turn_says_your_turn(lang: str, said: str) -> None:
    """R-TURN-4 the other way round: your Prefect overflows Bot 2's storehouse; the line Bot 2 decides under says
    "in your turn", never "in 1 You's turn"."""
    session = team_session()
    s = session.state
    province = next(p for p, prov in s.map.provinces.items() if len({s.tiles[c] for c in prov.cities}) >= 2)
    cities = s.map.provinces[province].cities
    two = [cities[0], next(c for c in cities if s.tiles[c] != s.tiles[cities[0]])]
    s.players[BOT2].houses.update(two)
    set_goods(s, BOT2)
    set_goods(s, BOT2, brick=s.players[BOT2].free_slots - 1)
    s.active = YOU
    session.apply("play prefect")
    session.apply(f"produce {province}")
    assert (s.current_player, s.decision) == (BOT2, "overflow")
    i18n.set_language(lang)
    try:
        text = decision_text(s, session.names(), YOU, you=False)
        assert said in text and "You's" not in text and "1 Du" not in text.split("—", 1)[1], text
    finally:
        i18n.set_language("en")


# ----------------------------------------------------------------------------- money from the partner
@pytest.mark.parametrize("size", SIZES)
async def test_money_from_the_partner_in_choice_dialog_and_log(size: tuple[int, int]) -> None:
    """R-TEAM-MONEY, the issue's example: with 9 sestertii, 4 brick for 12 take 3 from the partner."""
    session = team_session()
    s = session.state
    set_goods(s, YOU)
    s.players[YOU].money, s.players[BOT3].money = 6, 5
    session.apply("play mercator")
    assert s.players[YOU].money == 9
    app = GameApp(session)
    async with app.run_test(size=size) as pilot:
        await open_screen(app, pilot)
        screen = app.game_screen
        assert screen is not None
        brick = next(i for i, label in enumerate(labels(app)) if label.startswith("Buy brick"))
        assert labels(app)[brick] == "Buy brick (1–4)… — from 4 on partly from the partner"
        screen.query_one("#choices").focus()
        screen.query_one(PromptPanel).query_one("#choices").highlighted = brick  # type: ignore[attr-defined]
        await pilot.press("enter")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert [label for label, _a in dialog.options] == [
            "Buy 1 brick for 3 sestertii", "Buy 2 bricks for 6 sestertii", "Buy 3 bricks for 9 sestertii",
            "Buy 4 bricks for 12 sestertii — 3 from the partner"]
        await pilot.press("4")
        await settle(pilot)
    entry = next(e for e in session.log if e.seat == YOU and e.text.startswith("Buy 4 bricks"))
    assert entry.text == "Buy 4 bricks for 12 sestertii — 3 from the partner"
    assert "1 You pay 12 sestertii: 9 of your own and 3 taken from partner 3 Bot 3" in entry.events


def test_money_from_the_partner_in_german() -> None:
    session = team_session()
    s = session.state
    set_goods(s, YOU)
    s.players[YOU].money, s.players[BOT3].money = 6, 5
    session.apply("play mercator")
    i18n.set_language("de")
    texts = [c.label for c in group_choices(s, s.legal_actions(), session.names())]
    assert "Kaufen: Ziegel (1–4)… — ab 4 zahlt der Partner mit" in texts


# ----------------------------------------------------------------------------- the Legatus player's view
@pytest.mark.parametrize("size", SIZES)
async def test_legatus_player_sees_the_partners_hand_while_recommending(size: tuple[int, int]) -> None:
    session = team_session()
    s = session.state
    session.apply("play legatus")
    assert (s.current_player, s.decision) == (YOU, "recommend")
    app = GameApp(session)
    async with app.run_test(size=size) as pilot:
        await open_screen(app, pilot)
        screen = app.game_screen
        assert screen is not None
        hand = "#hand-c" if screen.compact else "#hand"
        text = panel_text(screen, hand)
        assert text.startswith("Partner 3's hand (Legatus):")
        partner = text.split("\n")[1: 1 + len(set(s.players[BOT3].hand))]
        assert Counter(line.split(" (")[0].lstrip("• ").split(" ×")[0] for line in partner) == Counter(
            card_name(c) for c in dict.fromkeys(s.players[BOT3].hand))
        assert "Partner 3's hand" in screen_text(app)
        screen.choose(Recommend("prefect"))
        await settle(pilot)
        assert "Partner 3's hand" not in panel_text(screen, hand), "hidden again after the recommendation"
        assert "Partner 3's hand" not in screen_text(app)


def test_opponents_hand_panel_never_shows_a_partner_hand() -> None:
    """The engine's view decides (R-LEGATUS): only the Legatus player, only while recommending."""
    from tui.concordia.widgets.partner_hand import visible_partner_hand

    session = team_session()
    s = session.state
    session.apply("play legatus")
    assert Counter(visible_partner_hand(s, YOU)) == Counter(s.players[BOT3].hand)
    assert visible_partner_hand(s, BOT2) == [] and visible_partner_hand(s, BOT3) == []
    session.apply("recommend prefect")
    assert visible_partner_hand(s, YOU) == []


# ----------------------------------------------------------------------------- d with something left
def architect_session() -> GameSession:
    """Your Architect with 2 movement points and a house affordable in Novaria (team game, seed 1)."""
    session = team_session()
    s = session.state
    set_colonists(s, YOU, ("land", "land:novaria~roma"), ("sea", "roma"))
    goods, _price = build_price(s, YOU, "novaria")
    set_goods(s, YOU, **Counter(goods))
    s.players[YOU].money = 30
    session.apply("play architect")
    assert s.decision == "architect" and s.frame is not None and s.frame["pts"] == 2
    return session


@pytest.mark.parametrize("size", SIZES)
async def test_done_with_movement_points_and_a_house_left_asks_first(size: tuple[int, int]) -> None:
    session = architect_session()
    s = session.state
    app = GameApp(session)
    async with app.run_test(size=size) as pilot:
        await open_screen(app, pilot)
        assert labels(app)[0].startswith("Build a house in Novaria"), "the builds before ~40 moves"
        assert labels(app)[-1] == "End the Architect — 2 movement points left, a house can be built"
        await pilot.press("d")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert dialog.title_text == "End the Architect? Still possible: 2 movement points left, a house can be built."
        await pilot.press("escape")
        await pilot.pause()
        assert (s.current_player, s.decision) == (YOU, "architect"), "Escape keeps the Architect going"
        await pilot.press("d")
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("1")
        await settle(pilot)
        assert s.decision != "architect" or s.current_player != YOU or s.active != YOU
        await pilot.press("u")
        await settle(pilot)
        s = session.state
        assert (s.current_player, s.decision) == (YOU, "architect") and s.frame is not None
        assert s.frame["pts"] == 2, "undone: the Architect again with its 2 points"


def test_done_warning_names_only_what_is_left() -> None:
    session = architect_session()
    s = session.state
    assert done_warning(s, s.legal_actions()) == "2 movement points left, a house can be built"
    s.players[YOU].money = s.players[BOT3].money = 0
    assert done_warning(s, s.legal_actions()) == "2 movement points left"
    i18n.set_language("de")
    assert done_warning(s, s.legal_actions()) == "noch 2 Bewegungspunkte"


async def test_done_with_nothing_useful_left_ends_at_once() -> None:
    """A Mercator that has traded once: ``d`` ends it without a question."""
    session = team_session()
    s = session.state
    set_goods(s, YOU, cloth=1)
    session.apply("play mercator")
    session.apply("sell cloth 1")
    assert (s.current_player, s.decision) == (YOU, "mercator")
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_screen(app, pilot)
        await pilot.press("d")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceDialog), "nothing useful left: no question"
    assert session.actions[session.actions.index("sell cloth 1") + 1] == "done"


# ----------------------------------------------------------------------------- storehouse and Tribune
@pytest.mark.parametrize("size", SIZES)
async def test_production_that_overflows_the_storehouse_says_so(size: tuple[int, int]) -> None:
    """R-TURN-4: the bonus good and a house's good with 1 free slot: the choice says it overflows."""
    session = team_session()
    s = session.state
    province = "italia"
    city = s.map.provinces[province].cities[0]
    s.players[YOU].houses.add(city)
    set_goods(s, YOU)
    set_goods(s, YOU, brick=s.players[YOU].free_slots - 1)
    assert s.players[YOU].free_slots == 1
    session.apply("play prefect")
    app = GameApp(session)
    async with app.run_test(size=size) as pilot:
        await open_screen(app, pilot)
        index, label = next((i, x) for i, x in enumerate(labels(app)) if x.startswith("Produce in Italia"))
        assert label.startswith("Produce in Italia (overflow: you get ") and label.endswith(", room for 1)")
        assert app.game_screen is not None
        app.game_screen.query_one(PromptPanel).query_one("#choices").highlighted = index  # type: ignore[attr-defined]
        await pilot.pause()
        assert "Produce in Italia (overflow:" in screen_text(app), "visible at this width"
        others = [x for x in labels(app) if x.startswith("Produce in") and x != label]
        assert others and not any("overflow" in x for x in others), "1 good fits into 1 free slot"


async def test_tribune_without_food_and_tool_says_why_no_colonist() -> None:
    session = team_session()
    s = session.state
    discard(s, YOU, "start-architect", "start-prefect")
    set_goods(s, YOU, wine=1)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_screen(app, pilot)
        assert app.game_screen is not None
        app.game_screen.choose(Play("tribune"))
        await settle(pilot)
    entry = next(e for e in session.log if e.seat == YOU and e.text == "Play Tribune")
    assert "1 You cannot place a colonist in the capital: it costs 1 food + 1 tool" in entry.events


def test_tribunes_place_no_colonist_choice_says_why_when_it_is_a_choice() -> None:
    """R-TRIBUNE: when the colonist step is a real choice (e.g. the forum's citizens are offered too), its
    ``done`` says that a colonist costs 1 food + 1 tool; with the goods it says nothing."""
    from engine.concordia.actions import Done
    from tests.engine.helpers import game
    from tui.concordia.decision_words import action_note

    s = game("imperium", 2, "base", 1)
    s.frames += [{"k": "end", "p": 0}, {"k": "tribune", "p": 0}]
    set_goods(s, 0, wine=2)
    assert action_note(s, Done()) == " — a colonist costs 1 food + 1 tool"
    set_goods(s, 0, food=1, tool=1)
    assert action_note(s, Done()) == ""
