"""R-VENUS: the Magister (not on a Senator, the loop guard), double-role cards, the Venus god, the Venus deck."""

from __future__ import annotations

from engine.concordia import GameState
from engine.concordia.actions import Copy, Play, Repeat
from tests.engine.helpers import discard, game, legal_texts, ok, play, set_goods, take_card, turn_of

PREFECT_ARCHITECT, ARCHITECT_MERCATOR, PREFECT_MERCATOR = "venus-I-1", "venus-II-1", "venus-III-1"


def venus(players: int = 3) -> GameState:
    s = game("ionium", players, "venus", 1)
    turn_of(s, 0)
    for p in range(players):
        set_goods(s, p)
    return ok(s)


def test_r_magister_repeats_the_card_beneath_it_as_if_played_again() -> None:
    s = venus()
    discard(s, 0, "start-mercator")
    s.players[0].money = 0
    play(s, "play magister")
    assert s.players[0].money == 3 and s.decision == "mercator"
    assert s.players[0].discard == ["start-mercator", "start-magister"]


def test_r_magister_not_on_a_senator() -> None:
    s = venus()
    discard(s, 0, "start-senator")
    assert Play("magister") not in s.legal_actions()
    assert "play magister" not in legal_texts(s)


def test_r_magister_may_be_played_on_a_consul() -> None:
    s = venus()
    take_card(s, 0, "venus-II-6", to="discard")
    set_goods(s, 0, wine=1)
    assert "play magister" in legal_texts(s)
    play(s, "play magister")
    assert s.decision == "buy" and s.frame is not None and s.frame["mode"] == "consul"


def test_r_magister_no_effect_on_an_empty_pile() -> None:
    s = venus()
    before = s.players[0].money
    play(s, "play magister")
    assert s.active == 1 and s.players[0].money == before
    assert s.players[0].discard == ["start-magister"]


def test_r_magister_on_a_double_role_card_chooses_the_role_again() -> None:
    s = venus()
    take_card(s, 0, PREFECT_MERCATOR, to="discard")
    play(s, "play magister")
    assert s.decision == "magister"
    assert {str(a) for a in s.legal_actions() if isinstance(a, Repeat)} == {"repeat as prefect", "repeat as mercator"}
    s.players[0].money = 0
    play(s, "repeat as mercator")
    assert s.players[0].money == 5, "the Mercator role of a double-role card gives 5"


def test_r_magister_loop_guard_diplomat_copying_a_magister_over_a_diplomat() -> None:
    """P2's pile: Diplomat, Magister. P1's Diplomat copies P2's Magister, which repeats P2's Diplomat; that
    Diplomat may copy again, but never a Magister or Diplomat a second time in this turn."""
    s = venus()
    discard(s, 1, "start-diplomat", "start-magister")
    discard(s, 2, "start-prefect")
    play(s, "play diplomat")
    assert {str(a) for a in s.legal_actions() if isinstance(a, Copy)} == {"copy 2", "copy 3"}
    play(s, "copy 2")
    assert s.decision == "diplomat" and s.current_player == 0
    assert {str(a) for a in s.legal_actions() if isinstance(a, Copy)} == {"copy 3"}, "P2's Magister: once only"
    play(s, "copy 3")
    assert s.decision == "prefect"
    play(s, "done")
    assert s.active == 1 and s.copied == []


def test_r_magister_loop_guard_own_magister_over_a_diplomat_copying_a_magister() -> None:
    """P1's pile: Diplomat; P1 plays the Magister (repeats the Diplomat), copies P2's Magister, which would
    repeat P2's Diplomat: the Diplomat was already resolved through copying, so nothing happens."""
    s = venus()
    discard(s, 0, "start-diplomat")
    discard(s, 1, "start-diplomat", "start-magister")
    play(s, "play magister")
    assert s.decision == "diplomat"
    assert {str(a) for a in s.legal_actions() if isinstance(a, Copy)} == {"copy 2"}
    play(s, "copy 2")
    assert s.active == 1, "the loop is cut: the turn ends"


def test_r_double_role_card_is_played_as_one_of_its_roles() -> None:
    s = venus()
    take_card(s, 0, PREFECT_ARCHITECT)
    legal = legal_texts(s)
    assert "play prefect-architect as prefect" in legal and "play prefect-architect as architect" in legal
    play(s, "play prefect-architect as architect")
    assert s.decision == "architect" and s.frame is not None and s.frame["pts"] == 2


def test_r_double_role_mercator_role_gives_5() -> None:
    s = venus()
    take_card(s, 0, ARCHITECT_MERCATOR)
    s.players[0].money = 0
    play(s, "play architect-mercator as mercator")
    assert s.players[0].money == 5 and s.decision == "mercator"


def test_r_double_role_diplomat_chooses_a_role_of_the_copied_card() -> None:
    s = venus()
    take_card(s, 1, ARCHITECT_MERCATOR, to="discard")
    s.players[0].money = 0
    play(s, "play diplomat")
    assert {str(a) for a in s.legal_actions() if isinstance(a, Copy)} == {"copy 2 as architect", "copy 2 as mercator"}
    play(s, "copy 2 as mercator")
    assert s.players[0].money == 5


def test_r_venus_god_2_vp_per_province_with_2_houses_per_venus_card() -> None:
    s = venus()
    # Magister (Venus) in hand plus one double-role card (Venus)
    take_card(s, 0, PREFECT_ARCHITECT)
    provinces = list(s.map.provinces.values())
    two = [c for prov in provinces[:3] for c in prov.cities[:2]]  # 3 provinces with 2 houses
    one = [provinces[3].cities[0]]  # 1 province with 1 house
    s.players[0].houses = set(two + one)
    score = s.final_scores().players[0]
    assert score.gods["venus"] == 2 * (2 * 3)


def test_r_venus_deck_has_double_role_cards_and_no_magister_for_sale() -> None:
    s = venus(5)
    from engine.concordia.model import cards

    in_play = [c for c in s.display if c is not None] + s.deck
    doubles = sorted(c for c in in_play if len(cards()[c].roles) == 2)
    assert doubles == ["venus-I-1", "venus-II-1", "venus-III-1", "venus-IV-1"]
    assert all(cards()[c].roles != ("magister",) for c in in_play)
