"""R-SALSA-DECISIONS: a payment names a multiset of goods, so a typed action lists its ``salt=`` goods in any
order and means the legal action that pays with the same goods (issue 31: ``build massilia salt=food,brick``
was refused while ``salt=brick,food`` was legal)."""

from __future__ import annotations

import pytest

from engine.concordia import GameState, parse_action
from engine.concordia.actions import Build, IllegalAction
from tests.engine.helpers import play, set_colonists
from tests.engine.salsa_helpers import salsa, set_salt


def _build_paid_with_two_salts() -> tuple[GameState, Build]:
    """Seat 1 beside a wine city (1 brick + 1 wine), no goods but 2 salt: salt pays the brick and the wine."""
    s = salsa()
    p = s.active
    city = next(c for c, good in s.tiles.items() if good == "wine")
    route = next(rid for rid, r in s.map.routes.items() if city in (r.a, r.b) and r.kind == "land")
    set_colonists(s, p, ("land", route))
    set_salt(s, p, 2)
    s.players[p].money = 20
    play(s, "play architect")
    builds = [a for a in s.legal_actions() if isinstance(a, Build) and a.city == city and len(a.salt) == 2]
    assert len(builds) == 1 and sorted(builds[0].salt) == ["brick", "wine"]
    return s, builds[0]


def test_r_salsa_decisions_salt_goods_in_any_order_mean_the_legal_build() -> None:
    s, build = _build_paid_with_two_salts()
    backwards = f"build {build.city} salt={','.join(reversed(build.salt))}"
    assert parse_action(s, backwards) == build
    assert parse_action(s, str(build)) == build
    p = s.active
    money = s.players[p].money
    s.apply(backwards)
    assert build.city in s.players[p].houses
    assert s.players[p].salt == 0 and s.players[p].money == money - 4  # a wine city, no other house: 1 x 4


def test_r_salsa_decisions_a_different_multiset_is_still_refused() -> None:
    s, build = _build_paid_with_two_salts()
    with pytest.raises(IllegalAction):
        parse_action(s, f"build {build.city} salt=wine,wine")
