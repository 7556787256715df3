"""Issue 31: the market at 80x24 (a 37-column view of 20 rows) keeps each card's gods whole (it showed
``Ju…``) and, with the rows to spare, writes every card's action under it; in German, where the heads are
longer, one cost column reads ``card cost+slot cost`` so nothing is cut."""

from __future__ import annotations

import pytest
from rich.text import Text

from engine.concordia import GameConfig, model
from saves import Seat
from tui.concordia.names import god_name
from tui.concordia.text import card_short
from tui.concordia.widgets.market import render_market
from tui.i18n import set_language
from tui.session import GameSession

NAMES = ["1 You", "2 Bot 2 (greedy)", "3 Bot 3 (greedy)", "4 Bot 4 (greedy)"]


def state(variant: str) -> object:
    seats = [Seat("You", None)] + [Seat(f"Bot {i + 2}", "random") for i in range(3)]
    return GameSession(GameConfig(map="imperium", players=4, variant=variant), 7, seats).state


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("variant", ["base", "venus"])
def test_at_80x24_every_card_has_its_gods_and_its_action(variant: str) -> None:
    s = state(variant)
    out = render_market(s, NAMES, True, 37, None, False, 20).plain  # type: ignore[arg-type]
    lines = out.split("\n")
    assert len(lines) <= 20 and all(Text(line).cell_len <= 37 for line in lines)
    assert "…" not in out
    # Venus's double cards have longer names: there the one cost column makes room for them
    heads = ["#", "Card", "Cost", "+Slot", "Total", "Gods"] if variant == "base" else ["#", "Card", "Cost", "Gods"]
    assert lines[0].split() == heads
    for i, cid in enumerate(s.display):  # type: ignore[attr-defined]
        assert cid is not None
        row = next(line for line in lines if line.startswith(f"{i + 1} "))
        assert all(god_name(g)[:3] in row for g in model.cards()[cid].gods)
        assert flat(card_short(cid)) in flat(out)
    # seed 7, base: slot 2 holds the Prefect, card cost wine, slot cost a good of the buyer's choice
    if variant == "base":
        assert lines[3].split() == ["2", "Prefect", "W", "?", "W?", "Sat"]
    else:  # slot 2: the Prefect/Architect, card cost wine, slot cost a good of choice
        assert lines[3].split() == ["2", "Prefect/Architect", "W+?", "Ven"]


def test_in_german_one_cost_column_keeps_the_gods_whole() -> None:
    set_language("de")
    try:
        s = state("base")
        out = render_market(s, NAMES, True, 37, 2, False, 20).plain  # type: ignore[arg-type]
    finally:
        set_language("en")
    lines = out.split("\n")
    assert all(Text(line).cell_len <= 37 for line in lines)
    assert lines[0].split() == ["#", "Karte", "Kosten", "Götter"]
    # the Prefect: card cost wine (V), plus the slot's good of choice
    assert lines[2].split() == ["2", "Praefekt", "V+?", "Sat"]
    assert "…" not in "\n".join(lines[:8])
    # the actions do not all fit under their cards in 20 rows: the chosen card's stands whole under the table
    assert "2 Praefekt (Saturnus): eine Provinz produziert, oder Geldbonus" in flat(out)


def test_a_panel_without_spare_rows_keeps_the_table_short() -> None:
    s = state("base")
    out = render_market(s, NAMES, True, 37, None, False, 12).plain  # type: ignore[arg-type]
    assert len(out.split("\n")) == 11  # head, 7 cards, top cards, deck and Concordia, Praefectus Magnus
