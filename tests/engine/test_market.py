"""R-SENATOR, R-CONSUL and R-SETUP-DISPLAY: prices with '?' payments, sliding and refilling the display."""

from __future__ import annotations

import pytest

from engine.concordia import GameState, IllegalAction
from engine.concordia.actions import Purchase
from tests.engine.helpers import game, legal_texts, ok, play, set_display, set_goods, take_card, turn_of

MERCATOR, PREFECT, ARCHITECT, FARMER = "base-I-3", "base-I-1", "base-I-2", "base-I-7"
DIPLOMAT, MASON, SMITH, COLONIST = "base-I-5", "base-I-6", "base-I-8", "base-I-4"


def market(display: str = "cloth") -> GameState:
    """The rulebook's display: Mercator, Prefect, Architect, Farmer, then Diplomat, Mason, Smith."""
    s = game("imperium", 4, "base", 1, display=display)
    turn_of(s, 0)
    set_display(s, MERCATOR, PREFECT, ARCHITECT, FARMER, DIPLOMAT, MASON, SMITH)
    return ok(s)


def test_r_senator_example_buy_mercator_and_architect_then_slide_and_refill_two() -> None:
    s = market()
    set_goods(s, 0, brick=1, food=1, tool=1, wine=1, cloth=1)
    top2 = s.deck[-2:]
    play(s, "play senator")
    legal = legal_texts(s)
    assert "purchase 1 pay=" not in legal and "purchase 1" in legal, "slot 1: only the card's 1 wine"
    assert {"purchase 3 pay=brick", "purchase 3 pay=food", "purchase 3 pay=wine", "purchase 3 pay=cloth"} <= set(legal)
    assert "purchase 3 pay=tool" not in legal, "the only tool pays for the Architect's red field"
    play(s, "purchase 1")
    assert s.display[0] is None, "no sliding before all purchases"
    play(s, "purchase 3 pay=brick")
    pl = s.players[0]
    assert pl.goods == [0, 1, 0, 0, 1]
    assert pl.hand[-2:] == [MERCATOR, ARCHITECT]
    # the Prefect moves 1 slot left, every other card 2; two new cards fill slots 6 and 7 from the top of the deck
    assert s.display == [PREFECT, FARMER, DIPLOMAT, MASON, SMITH, top2[1], top2[0]]
    assert s.active == 1


def test_r_senator_farmer_in_slot_4_costs_brick_food_and_cloth() -> None:
    s = market()
    set_goods(s, 0, brick=1, food=1, cloth=1)
    play(s, "play senator")
    assert "purchase 4" in legal_texts(s)
    play(s, "purchase 4")
    assert s.players[0].goods == [0, 0, 0, 0, 0]
    set_goods(s, 0)


def test_r_senator_farmer_in_slot_4_not_without_the_cloth() -> None:
    s = market()
    set_goods(s, 0, brick=1, food=1, wine=3)
    play(s, "play senator")
    assert not any(isinstance(a, Purchase) and a.slot == 4 for a in s.legal_actions())


def test_r_senator_at_most_two_cards() -> None:
    s = market()
    set_goods(s, 0, food=2, wine=2, cloth=2)
    play(s, "play senator", "purchase 2 pay=food", "purchase 1")
    assert s.active == 1, "after 2 cards the Senator is done"
    assert s.players[0].hand[-2:] == [PREFECT, MERCATOR]


def test_r_senator_may_buy_one_and_stop() -> None:
    s = market()
    set_goods(s, 0, wine=3)
    play(s, "play senator", "purchase 1")
    assert s.decision == "buy" and s.display[0] is None
    play(s, "done")
    assert s.display[:6] == [PREFECT, ARCHITECT, FARMER, DIPLOMAT, MASON, SMITH]


@pytest.mark.parametrize(
    ("side", "slot", "extra"),
    [
        ("cloth", 1, ()), ("cloth", 2, ("any",)), ("cloth", 3, ("any",)), ("cloth", 4, ("cloth",)),
        ("cloth", 5, ("cloth",)), ("cloth", 6, ("any", "cloth")), ("cloth", 7, ("cloth", "cloth")),
        ("wine", 1, ()), ("wine", 2, ("any",)), ("wine", 3, ("any",)), ("wine", 4, ("wine",)),
        ("wine", 5, ("cloth",)), ("wine", 6, ("any", "wine")), ("wine", 7, ("wine", "cloth")),
    ],
)
def test_r_setup_display_extra_cost_per_slot(side: str, slot: int, extra: tuple[str, ...]) -> None:
    """A Diplomat (1 tool) in each slot: the Senator pays 1 tool plus the slot's extra cost."""
    s = game("imperium", 4, "base", 1, display=side)
    turn_of(s, 0)
    others = [MERCATOR, PREFECT, ARCHITECT, FARMER, MASON, SMITH]
    order = [*others[: slot - 1], DIPLOMAT, *others[slot - 1 :]]
    set_display(s, *order)
    set_goods(s, 0, brick=1, tool=1, wine=2, cloth=2)
    play(s, "play senator")
    options = {a for a in s.legal_actions() if isinstance(a, Purchase) and a.slot == slot}
    n_any = extra.count("any")
    assert all(len(a.pay) == n_any for a in options)
    assert options, "affordable"
    pay = next(iter(sorted(options, key=str)))
    play(s, str(pay))
    spent = {g: n for g, n in zip(["brick", "food", "tool", "wine", "cloth"],
                                  [a - b for a, b in zip([1, 0, 1, 2, 2], s.players[0].goods, strict=True)],
                                  strict=True) if n}
    expect: dict[str, int] = {"tool": 1}
    for g in [*[e for e in extra if e != "any"], *pay.pay]:
        expect[g] = expect.get(g, 0) + 1
    assert spent == expect


def test_r_consul_example_colonist_in_slot_6_costs_only_1_food() -> None:
    s = market()
    set_display(s, MERCATOR, ARCHITECT, FARMER, DIPLOMAT, MASON, COLONIST, PREFECT)
    take_card(s, 0, "base-II-5")  # a Consul
    set_goods(s, 0, food=1)
    top = s.deck[-1]
    play(s, "play consul")
    assert legal_texts(s) == ["purchase 5", "purchase 6", "done"], "Mason and Colonist cost 1 food each"

    play(s, "purchase 6")
    assert s.players[0].goods == [0, 0, 0, 0, 0]
    assert s.players[0].hand[-1] == COLONIST
    # the Prefect slides into slot 6, a new card from the deck goes to slot 7
    assert s.display == [MERCATOR, ARCHITECT, FARMER, DIPLOMAT, MASON, PREFECT, top]
    assert s.active == 1


def test_r_consul_buys_only_one_card() -> None:
    s = market()
    take_card(s, 0, "base-II-5")
    set_goods(s, 0, wine=2, brick=2)
    play(s, "play consul", "purchase 1")
    assert s.active == 1
    with pytest.raises(IllegalAction):
        s.apply("purchase 1")


def test_r_senator_slot_6_colonist_needs_food_any_and_cloth() -> None:
    s = market()
    set_display(s, MERCATOR, ARCHITECT, FARMER, DIPLOMAT, MASON, COLONIST, PREFECT)
    set_goods(s, 0, food=2, cloth=1)
    play(s, "play senator")
    assert [str(a) for a in s.legal_actions() if isinstance(a, Purchase) and a.slot == 6] == ["purchase 6 pay=food"]
    play(s, "purchase 6 pay=food")
    assert s.players[0].goods == [0, 0, 0, 0, 0]


def test_r_senator_display_shrinks_when_the_deck_is_empty() -> None:
    s = market()
    # move the whole deck into P2's hand: no refill possible
    for c in list(s.deck):
        take_card(s, 1, c)
    set_goods(s, 0, wine=2)
    play(s, "play senator", "purchase 1")  # nothing else affordable: the Senator ends by itself
    assert s.display == [PREFECT, ARCHITECT, FARMER, DIPLOMAT, MASON, SMITH, None]


def test_r_end_trigger_buying_the_last_card_of_the_display() -> None:
    s = market()
    for c in list(s.deck) + [c for c in s.display[1:] if c is not None]:
        take_card(s, 1, c)
    s.display = [MERCATOR, None, None, None, None, None, None]
    ok(s)
    set_goods(s, 0, wine=1)
    play(s, "play senator", "purchase 1")
    assert s.concordia == 0
    assert s.display == [None] * 7 and s.deck == []
    assert s.active == 1 and not s.is_over
