"""R-GREY (sacrifices) and R-GOD (god cards)."""

from __future__ import annotations

from engine.massilia.dice import parse_die
from engine.massilia.state import GameState

from .helpers import after_setup, clear_market, give, set_temple, set_turn, stall, texts


def grey(die: str = "grey2") -> GameState:
    s = after_setup(2, 1)
    clear_market(s)
    stall(s, 0, 3, pink=1, beige=1)
    stall(s, 0, 9, orange=2)
    stall(s, 1, 12)
    s.deck += [c for c in s.display if c is not None]
    s.deck.remove("mars")
    s.deck.remove("venus")
    s.display = ["mars", "venus"]
    set_temple(s, die, "brown6")
    set_turn(s, 0)
    return s


def test_r_grey_1_sacrifice_exactly_v_cubes_then_a_card() -> None:
    s = grey()
    top = s.deck[-1]
    s.apply("take grey2")
    s.apply("as grey 2")
    assert s.decision == "offer"
    assert texts(s) == ["offer 3 none", "offer 3 beige1", "offer 3 pink1", "offer 3 pink1 beige1"]
    harbour = list(s.harbour)
    s.apply("offer 3 pink1")  # the second cube can only be an orange one of the stall at 9: done at once
    assert ("auto", {"player": 0, "action": "offer 9 orange1"}) in s.events
    assert s.stock[3] == [0, 0, 0, 1] and s.stock[9] == [0, 1, 0, 0]
    assert s.harbour == [harbour[0] + 1, harbour[1] + 1, harbour[2], harbour[3]]
    assert texts(s) == ["god 1", "god 2", "god deck"]
    s.apply("god 2")
    assert s.players[0].hand == ["venus"] and s.players[0].known == [True] and s.players[0].fresh == [True]
    assert s.display == ["mars", top]  # refilled at once from the deck


def test_r_grey_1_deck_card_is_unseen_and_an_empty_deck_is_reshuffled() -> None:
    s = grey()
    s.discard = list(s.deck)
    s.deck = []
    s.touch()
    s.apply("take grey2")
    s.apply("as grey 2")
    s.apply("offer 3 pink1 beige1")
    s.apply("god deck")
    assert len(s.players[0].hand) == 1 and s.players[0].known == [False]
    assert any(e[0] == "reshuffle" for e in s.events)
    assert ("god_taken", {"player": 0, "slot": 0}) in s.events
    assert len(s.deck) + len(s.discard) == 48 - 3


def test_r_grey_2_not_enough_cubes_or_a_full_hand() -> None:
    s = grey("grey5")
    s.apply("take grey5")
    assert "as grey 5" not in texts(s) and "as grey 4" in texts(s)  # 4 cubes on his stalls
    s = grey()
    give(s, 0, "venus", "venus", "venus")
    s.apply("take grey2")
    assert not any(t.startswith("as grey") for t in texts(s))  # 3 cards: never more than 3


def test_r_grey_2_hand_counted_after_the_cards_played() -> None:
    """Ruling 17: with 3 cards, playing Minerva in the same USE makes room for the sacrifice's card."""
    s = grey("grey3")
    give(s, 0, "minerva", "venus", "venus")
    s.apply("take grey3")
    assert "as grey 2 minerva" in texts(s) and "as grey 2" not in texts(s)


def test_r_grey_2_jupiter_takes_a_second_card_after_the_refill() -> None:
    s = grey()
    give(s, 0, "jupiter")
    top = s.deck[-1]
    s.apply("take grey2")
    s.apply("as grey 2")
    s.apply("offer 3 pink1 beige1")
    assert "god 1 jupiter" in texts(s)
    s.apply("god 1 jupiter")
    assert s.display[0] == top
    assert s.decision == "god" and texts(s) == ["god 1", "god 2", "god deck"]
    s.apply("god 1")
    assert sorted(s.players[0].hand) == sorted(["mars", top]) and "jupiter" in s.discard


def test_r_god_1_one_card_per_god_and_only_with_an_effect() -> None:
    """R-GOD-1 and Ruling 20: Phoebus is offered only with a colour unit; Minerva only with a pip unit."""
    s = grey()
    give(s, 0, "phoebus", "minerva")
    s.apply("take brown6")
    opts = texts(s)
    assert "as brown 6" in opts and "as brown 6 phoebus" not in opts and "as brown 6 minerva" not in opts
    assert "as brown 5 minerva" in opts and "as grey 4 phoebus" in opts and "as grey 4 phoebus minerva" in opts
    assert "as grey 5 phoebus minerva" not in opts  # 4 cubes on his stalls


def test_r_god_2_a_new_card_is_dead_until_the_next_turn() -> None:
    s = grey()
    give(s, 0, "mercurius", fresh=True)
    assert s.live(0, "mercurius") == 0
    s.players[1].passed = False
    s.apply("take brown6")
    s.apply("as brown 6")
    s.apply(texts(s)[0])
    while s.current_player != 0 or s.decision != "turn":
        s.apply("pass" if "pass" in texts(s) else texts(s)[0])
    assert s.live(0, "mercurius") == 1  # his next turn began


def test_r_god_3_phase_ii_only_mars_and_venus() -> None:
    s = after_setup(2, 1)
    s.players[0].stones = 2
    s.supply -= 2
    give(s, 0, "venus", "phoebus", "mercurius", "mars")
    assert s.decision == "keep" and s.current_player == 0
    words = {w for t in texts(s) for w in t.split()}
    assert {"venus", "mars"} <= words and not words & {"phoebus", "mercurius"}


def test_r_god_4_venus_at_the_start_and_at_the_end_of_a_turn() -> None:
    s = grey()
    s.players[0].stones = 3
    s.supply -= 3
    give(s, 0, "venus", "venus")
    assert "venus 1" in texts(s) and "venus 2" in texts(s)
    s.apply("venus 2")
    assert s.players[0].stones == 1 and "venus 1" not in texts(s)  # one Venus per turn
    t = grey()
    t.players[0].stones = 1
    t.supply -= 1
    give(t, 0, "venus")
    t.apply("take brown6")
    t.apply("as brown 5")  # one pip: a stone
    t.apply(next(x for x in texts(t) if x.startswith("move pink")))
    assert t.decision == "venus" and texts(t) == ["venus 1", "venus 2", "done"]
    t.apply("venus 2")
    assert t.players[0].stones == 0 and t.supply == 20


def test_r_die_1_kept_die_text_round_trip() -> None:
    s = grey()
    s.players[0].kept = [parse_die("grey1")]
    s.touch()
    assert "take kept grey1" in texts(s)
