"""R-SALSA-EX1..6: the worked examples of the Salsa spec, played move by move with exact numbers."""

from __future__ import annotations

from engine.concordia import GameState
from engine.concordia.model import GOODS
from engine.concordia.scoring import score_player
from engine.concordia.state import Event
from tests.engine.helpers import discard, legal_texts, ok, play, set_colonists, take_card
from tests.engine.salsa_helpers import give_forum, salsa, set_salt, set_tableau


def test_r_salsa_ex1_tribune_forum_take_and_salt_as_a_joker() -> None:
    s = salsa()
    anna = s.active
    pl = s.players[anna]
    discard(s, anna, "start-architect", "start-prefect", "start-prefect", "start-mercator", "start-diplomat")
    pl.money = 4
    set_colonists(s, anna, ("land", "roma"), ("land", "roma"), ("sea", "roma"))
    set_salt(s, anna, 1, food=1, wine=1)
    set_tableau(s, "laurentius", "servius-marcellus", "mamercus", "numerius", top="tiberius")
    ok(s)
    play(s, "play tribune")
    assert pl.money == 7
    assert sorted(legal_texts(s)) == ["forum pass", "forum take 1", "forum take 2"]
    play(s, "forum take 2")
    assert pl.forum == ["servius-marcellus"]
    assert s.forum_table == ["laurentius", "mamercus", "numerius", "tiberius"]
    assert "place land roma salt=tool" in legal_texts(s)
    assert "place land roma" not in legal_texts(s), "no tool: only salt can pay it"
    play(s, "place land roma salt=tool")
    assert pl.money == 7 and pl.store == [0, 2] and pl.goods == [0, 0, 0, 1, 0] and pl.salt == 0
    assert pl.colonists.count(("land", "roma")) == 3


def test_r_salsa_ex1_four_cards_in_the_pile_only_position_1() -> None:
    s = salsa()
    anna = s.active
    discard(s, anna, "start-architect", "start-prefect", "start-prefect", "start-mercator")
    set_tableau(s, "laurentius", "servius-marcellus", "mamercus", "numerius")
    play(s, "play tribune")
    assert sorted(a for a in legal_texts(s) if a.startswith("forum")) == ["forum pass", "forum take 1"]


def _ex2(s: GameState) -> tuple[int, str, str, str]:
    """Bruno with Aulus, Marcus, Mamercus; salt city S (2 other houses), cloth city K (none), food city F (1)."""
    bruno = s.active
    others = [q for q in range(s.n) if q != bruno]
    gm = s.map
    route = next(r for r in gm.routes.values() if r.kind == "land" and gm.capital not in (r.a, r.b)
                 and r.b in gm.cities)
    s_city, k_city = route.a, route.b
    second = next(r for r in gm.routes.values() if r.kind == "land" and r.id != route.id
                  and gm.capital not in (r.a, r.b) and {r.a, r.b}.isdisjoint({s_city, k_city}))
    f_city = second.a
    s.tiles = dict(s.tiles)
    s.tiles[s_city], s.tiles[k_city], s.tiles[f_city] = "salt", "cloth", "food"
    s.players[others[0]].houses |= {s_city, f_city}
    s.players[others[1]].houses.add(s_city)
    set_colonists(s, bruno, ("land", route.id), ("land", second.id))
    give_forum(s, bruno, "aulus-arcadius", "marcus", "mamercus")
    s.players[bruno].money = 20
    set_salt(s, bruno, 1, tool=1, wine=1, brick=1, cloth=1)
    play(s, "play architect")
    return bruno, s_city, k_city, f_city


def test_r_salsa_ex2_prices_with_aulus_and_salt() -> None:
    s = salsa()
    bruno, sc, kc, fc = _ex2(s)
    from engine.concordia.rules.architect import build_variants

    f = s.frames[-1]
    assert build_variants(s, f, bruno, sc)[0] == ("", ("tool", "wine"), 14)
    assert build_variants(s, f, bruno, kc)[0] == ("", ("brick", "cloth"), 4)
    assert build_variants(s, f, bruno, fc)[0] == ("", ("brick", "food"), 3)


def test_r_salsa_ex2a_marcus_then_a_build_locks_mamercus() -> None:
    s = salsa()
    bruno, sc, kc, fc = _ex2(s)
    pl = s.players[bruno]
    play(s, "forum use marcus", f"build {sc} using=marcus", f"build {kc}")
    assert pl.money == 16 and pl.goods == [0, 0, 0, 1, 0] and pl.salt == 1
    assert "mamercus" in pl.forum
    assert "forum use mamercus" not in legal_texts(s), "a house was built (rule 04)"
    assert not any(a.startswith(f"build {fc}") for a in legal_texts(s)), "salt for brick or food, not both"


def test_r_salsa_ex2b_both_vouchers_before_the_first_build() -> None:
    s = salsa()
    bruno, sc, kc, _fc = _ex2(s)
    pl = s.players[bruno]
    play(s, "forum use marcus", "forum use mamercus", f"build {sc} using=marcus", f"build {kc} using=mamercus")
    assert pl.money == 20 and pl.goods == [0, 0, 0, 1, 0] and pl.salt == 1
    assert pl.forum == ["aulus-arcadius"]
    assert s.forum_discard[-2:] == ["marcus", "mamercus"]


def test_r_salsa_ex3_mercator_servius_gaius_faustus_and_convert() -> None:
    s = salsa()
    clara = s.active
    pl = s.players[clara]
    give_forum(s, clara, "servius-marcellus", "gaius-marcellus", "faustus-marcellus")
    pl.money = 2
    set_colonists(s, clara, ("land", "roma"), ("sea", "roma"), ("land", "roma"), ("sea", "roma"))
    set_salt(s, clara, 1, cloth=2, wine=3, food=1)
    assert pl.free_slots == 3
    bought_mercator = next(c for c in s.deck + [x for x in s.display if x]
                           if s.card(c).roles == ("mercator",) and s.card(c).mercator_money == 5)
    take_card(s, clara, bought_mercator)
    play(s, "play mercator5")
    assert pl.money == 7
    play(s, "convert salt cloth")
    assert pl.goods[GOODS.index("cloth")] == 3 and pl.salt == 0
    play(s, "sell cloth 3")
    assert pl.money == 31
    play(s, "sell wine 3")
    assert pl.money == 52
    play(s, "buy brick 4")
    assert pl.money == 43 and pl.free_slots == 12 - 2 - 5
    assert not any(a.startswith(("sell", "buy")) for a in legal_texts(s)), "a fourth type is illegal"
    assert pl.goods == [4, 1, 0, 0, 0]


def test_r_salsa_ex4_prefect_salt_production_donatus_claudius_pm_overflow() -> None:
    s = salsa()
    dora = s.active
    emil = (dora + 1) % s.n
    gm = s.map
    prov = next(p for p in gm.provinces.values() if len(p.cities) >= 3)
    sc, wc, bc = prov.cities[:3]
    s.tiles = dict(s.tiles)
    s.bonus = dict(s.bonus)
    s.tiles[sc], s.tiles[wc], s.tiles[bc] = "salt", "wine", "brick"
    for c in prov.cities[3:]:
        s.tiles[c] = "brick"
    s.bonus[prov.id] = "wine"
    s.players[dora].houses |= {sc, wc}
    s.players[emil].houses |= {sc, bc}
    s.pm = dora
    give_forum(s, dora, "donatus-pompeius", "claudius-pompeius")
    set_colonists(s, dora, ("land", "roma"), ("sea", "roma"), ("land", "roma"))
    set_salt(s, dora, 0, brick=2, food=2, tool=2, wine=1, cloth=1)
    assert s.players[dora].free_slots == 1
    set_colonists(s, emil, ("land", "roma"), ("sea", "roma"))
    set_salt(s, emil, 0, brick=2, food=2, tool=2)
    assert s.players[emil].free_slots == 2
    money = s.players[dora].money
    dora_goods = list(s.players[dora].goods)
    play(s, "play prefect", f"produce {prov.id}")
    assert s.pm == (dora - 1) % s.n
    assert s.decision == "bonussale"
    play(s, "sell-bonus")
    assert s.players[dora].money == money + 8, "6 for the wine, 2 from Donatus (not doubled)"
    assert s.decision == "overflow" and s.current_player == dora
    assert "accept salt=1" in legal_texts(s)
    play(s, "accept salt=1")
    assert s.players[dora].salt == 1 and s.players[dora].goods == dora_goods and s.players[dora].free_slots == 0
    assert s.players[emil].salt == 1 and s.players[emil].goods[0] == 3


def test_r_salsa_ex5_final_scoring_with_salt() -> None:
    s = salsa(forum=False)
    felix = 0
    pl = s.players[felix]
    gm = s.map
    provs = list(gm.provinces.values())[:5]
    kinds = ["salt", "salt", "brick", "brick", "brick", "food", "food", "wine", "cloth"]
    cities = [provs[i % 5].cities[i // 5] for i in range(9)]
    s.tiles = dict(s.tiles)
    for c, k in zip(cities, kinds, strict=True):
        s.tiles[c] = k
    pl.houses = set(cities)
    set_colonists(s, felix, ("land", "roma"), ("land", "roma"), ("sea", "roma"), ("sea", "roma"))
    set_salt(s, felix, 2, cloth=1, brick=1)
    pl.money = 12
    pl.hand = ["start-senator", "start-architect", "start-diplomat", "start-prefect", "start-mercator",
               "start-tribune"]
    pl.discard = []
    vintner = next(c for c in s.deck + [x for x in s.display if x] if s.card(c).specialist_good == "wine")
    mason = next(c for c in s.deck + [x for x in s.display if x] if s.card(c).specialist_good == "brick")
    for c in (vintner, mason):
        if c in s.deck:
            s.deck.remove(c)
        else:
            s.display[s.display.index(c)] = s.deck.pop()
        pl.hand.append(c)
    score = score_player(s, felix, with_concordia=False)
    assert score.gods["vesta"] == 3
    assert score.gods["jupiter"] == 12
    assert score.gods["saturnus"] == 5
    assert score.gods["mercurius"] == 8
    assert score.gods["mars"] == 8
    assert score.gods["minerva"] == 21
    assert score.total == 57


def test_r_salsa_ex6_team_tribune_rule_08_titus_and_numerius() -> None:
    s = salsa(variant="venus-team")
    gaia = s.active
    hugo = s.partner(gaia)
    gp, hp = s.players[gaia], s.players[hugo]
    for c in list(gp.hand):
        if c != "start-tribune" and len(gp.discard) < 4:
            discard(s, gaia, c)
    for c in list(hp.hand):
        if c != "start-tribune" and len(hp.discard) < 7:
            discard(s, hugo, c)
    while len(hp.discard) < 7:
        take_card(s, hugo, s.deck[-1], to="discard")
    set_tableau(s, "numerius", "tiberius", "titus-valerius", "augustus")
    set_salt(s, gaia, 0, brick=1)
    provs = list(s.map.provinces.values())[:4]
    hp.houses = {p.cities[0] for p in provs}
    gm0, hm0 = gp.money, hp.money
    play(s, "play tribune")
    assert gp.money == gm0 + 2
    assert sorted(a for a in legal_texts(s) if a.startswith("forum take")) == [f"forum take {k}" for k in range(1, 5)]
    play(s, "forum take 3")
    assert "titus brick" in legal_texts(s)
    play(s, "titus brick")  # then no colonist can be paid: the Tribune ends by itself
    assert gp.salt == 1 and gp.goods[0] == 0
    assert s.current_player == hugo and s.decision == "forumtake"
    assert hp.money == hm0 + 4
    assert [a for a in legal_texts(s) if a.startswith("forum")] == ["forum take 1", "forum pass"]
    play(s, "forum take 1", "forum use numerius")
    assert hp.money == hm0 + 4 + 8
    assert s.forum_table[:2] == ["tiberius", "augustus"] and len(s.forum_table) == 4


def _ex6(s: GameState) -> tuple[int, int]:
    gaia = s.active
    hugo = s.partner(gaia)
    gp, hp = s.players[gaia], s.players[hugo]
    for c in list(gp.hand):
        if c != "start-tribune" and len(gp.discard) < 4:
            discard(s, gaia, c)
    for c in list(hp.hand):
        if c != "start-tribune" and len(hp.discard) < 7:
            discard(s, hugo, c)
    while len(hp.discard) < 7:
        take_card(s, hugo, s.deck[-1], to="discard")
    set_tableau(s, "numerius", "tiberius", "titus-valerius", "augustus")
    return gaia, hugo


def test_r_salsa_ex6_had_gaia_taken_augustus_hugo_could_take_nothing() -> None:
    s = salsa(variant="venus-team")
    gaia, hugo = _ex6(s)
    top = s.forum_deck[-1]
    play(s, "play tribune", "forum take 4")
    events: list[Event] = []
    while s.current_player == gaia and s.active == gaia:
        play(s, "done")
        events += s.events
    assert s.decision != "forumtake", "12 - 10 = 2 < 4: no position for Hugo, so no decision"
    assert ("forum_none", {"player": hugo}) in events and s.players[hugo].forum == []
    assert s.forum_table == ["numerius", "tiberius", "titus-valerius", top], "the gap closes after both"


def test_r_salsa_team_prokonsul_tribune_counts_for_the_partner_alone() -> None:
    """R-SALSA-TEAM: a Tribune played under a Prokonsul lets only that partner take, with their own n."""
    s = salsa(variant="venus-team", salt=False)
    p = s.active
    q = s.partner(p)
    prokonsul = next(c for c in s.deck + [x for x in s.display if x] if "prokonsul" in s.card(c).roles)
    take_card(s, p, prokonsul)
    for c in list(s.players[q].hand):
        if c != "start-tribune" and len(s.players[q].discard) < 4:
            discard(s, q, c)
    set_salt(s, p, 0)
    play(s, "play prokonsul")
    assert s.current_player == q
    play(s, "play tribune")
    assert s.decision == "forumtake" and s.frames[-1]["budget"] == 5 and s.frames[-1]["shared"] is False
    assert [a for a in legal_texts(s) if a.startswith("forum take")] == ["forum take 1"]
