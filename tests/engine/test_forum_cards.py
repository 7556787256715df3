"""R-SALSA-FORUM-SETUP, -TAKE, -USE, -TEAM and every R-FORUM card in play, with exact numbers.

Imperium, seed 1, 4 players: P4 (seat 3) starts; ``salsa()`` hands every kept patrician back to the deck,
so each test gives exactly the forum cards it names.
"""

from __future__ import annotations

import pytest

from engine.concordia import GameConfig, IllegalAction, new_game
from engine.concordia.model import GOODS, forum
from engine.concordia.rules.prefect import cash_bonus
from engine.concordia.validate import check_state
from tests.engine.helpers import discard, legal_texts, ok, play, set_colonists, set_display
from tests.engine.salsa_helpers import give_forum, salsa, set_salt, set_tableau

P4 = 3


def uses(s: object) -> list[str]:
    return [a for a in legal_texts(s) if a.startswith("forum use")]  # type: ignore[arg-type]


# ----------------------------------------------------------------------------------------- setup
def test_r_salsa_forum_setup_24_cards_13_patricians_11_citizens() -> None:
    fm = forum()
    assert len(fm.cards) == 24 and len(fm.patricians) == 13 and len(fm.citizens) == 11
    assert fm.thresholds == (4, 6, 8, 10)
    assert not {"novius", "quintus", "victoria"} & set(fm.cards)


@pytest.mark.parametrize(("players", "variant", "deck"), [(2, "base", 18), (4, "base", 16), (5, "venus", 15),
                                                          (6, "venus-team", 14)])
def test_r_salsa_forum_setup_deal_two_keep_one_in_turn_order(players: int, variant: str, deck: int) -> None:
    s = new_game(GameConfig(players=players, variant=variant, forum=True), 2)
    order = [(s.start_player + i) % s.n for i in range(s.n)]
    for p in order:
        assert (s.decision, s.current_player) == ("keep", p)
        offer = s.frames[-1]["offer"]
        assert len(offer) == 2 and all(forum().cards[c].kind == "patrician" for c in offer)
        s.apply(f"keep {offer[1]}")
        assert s.players[p].forum == [offer[1]]
        assert check_state(s) == []
    assert len(s.forum_table) == 4 and len(s.forum_deck) == deck
    assert s.forum_deck[-1] not in s.forum_table


def test_r_forum_claudia_agrippina_on_keep_16_slots_and_a_brick() -> None:
    s = new_game(GameConfig(forum=True), 1)
    for seed in range(40):
        s = new_game(GameConfig(forum=True), seed)
        if "claudia-agrippina" in s.frames[-1]["offer"]:
            break
    p = s.current_player
    play(s, "keep claudia-agrippina")
    pl = s.players[p]
    assert pl.slots == 16 and pl.goods == [2, 2, 1, 1, 1] and pl.free_slots == 16 - 4 - 7


# ------------------------------------------------------------------------------------------ take
def test_r_salsa_forum_take_closes_the_gap_and_refills_from_the_deck() -> None:
    s = salsa(forum=True, salt=False)
    p = s.active
    discard(s, p, "start-architect", "start-prefect", "start-prefect", "start-mercator", "start-diplomat",
            "start-senator")
    set_tableau(s, "laurentius", "spurius", "numerius", "commodus", top="tiberius")
    play(s, "play tribune")  # n = 7
    assert [a for a in legal_texts(s) if a.startswith("forum")] == ["forum take 1", "forum take 2", "forum pass"]
    play(s, "forum take 1")
    assert s.forum_table == ["spurius", "numerius", "commodus", "tiberius"]
    assert s.players[p].forum == ["laurentius"]


def test_r_salsa_forum_take_the_discard_pile_is_shuffled_in_when_the_deck_is_empty() -> None:
    s = salsa(forum=True, salt=False)
    p = s.active
    s.forum_discard = s.forum_deck
    s.forum_deck = []
    discard(s, p, "start-architect", "start-prefect", "start-prefect")
    play(s, "play tribune", "forum take 1")
    assert len(s.forum_table) == 4 and len(s.forum_deck) + len(s.forum_table) == 23 and s.forum_discard == []


def test_r_salsa_forum_take_an_empty_forum_leaves_positions_empty() -> None:
    s = salsa(forum=True, salt=False)
    p = s.active
    s.players[(p + 1) % 4].forum = s.forum_deck
    s.forum_deck = []
    discard(s, p, "start-architect", "start-prefect", "start-prefect")
    play(s, "play tribune", "forum take 1")
    assert len(s.forum_table) == 3


def test_r_salsa_forum_take_three_cards_back_no_decision() -> None:
    s = salsa(forum=True, salt=False)
    p = s.active
    discard(s, p, "start-architect", "start-prefect")
    play(s, "play tribune")
    assert s.decision != "forumtake" and s.players[p].forum == []


# ------------------------------------------------------------------------------------------- use
def test_r_salsa_forum_use_any_time_citizen_before_playing_and_not_in_another_players_action() -> None:
    s = salsa(salt=False)
    p = s.active
    other = (p + 1) % 4
    give_forum(s, p, "laurentius")
    give_forum(s, other, "numerius")
    assert uses(s) == ["forum use laurentius"]
    play(s, "forum use laurentius")
    assert s.players[p].goods == [2, 3, 1, 1, 1] and s.forum_discard[-1] == "laurentius"
    play(s, "play prefect")
    assert s.current_player == p and "forum use numerius" not in legal_texts(s)


def test_r_salsa_forum_use_rule_04_a_card_after_the_first_build_ends_the_building() -> None:
    s = salsa(salt=False)
    p = s.active
    give_forum(s, p, "laurentius", "julius")
    route = "land:novaria~roma"
    second = "land:aquileia~roma"
    set_colonists(s, p, ("land", route), ("land", second))
    s.players[p].money = 30
    set_salt(s, p, 0, brick=3, food=3, tool=1, wine=1)
    play(s, "play architect")
    assert "forum use julius" in legal_texts(s)
    play(s, "build novaria")
    assert uses(s) == ["forum use laurentius"], "Julius only before the first build"
    play(s, "forum use laurentius")
    assert not any(a.startswith("build") for a in legal_texts(s)), "build - card - build is not allowed"


def test_r_forum_appius_arcadius_one_more_movement_point() -> None:
    s = salsa(salt=False)
    p = s.active
    give_forum(s, p, "appius-arcadius")
    play(s, "play architect")
    assert s.frames[-1]["pts"] == 3


def test_r_forum_julius_an_architect_movement_without_building() -> None:
    s = salsa(salt=False)
    p = s.active
    give_forum(s, p, "julius", "appius-arcadius")
    play(s, "forum use julius")
    f = s.frames[-1]
    assert f["k"] == "architect" and f["julius"] and f["pts"] == 3
    play(s, "move roma land:novaria~roma")
    assert not any(a.startswith("build") for a in legal_texts(s))
    play(s, "done")
    assert s.decision == "play" and s.current_player == p


def test_r_forum_annaeus_arcadius_builds_across_a_route_held_by_another_player_once() -> None:
    """Own colonist on Roma-Novaria; others hold Novaria-Massilia and Novaria-Colonia A.: with Annaeus both
    Massilia and Colonia A. may be built, but only one of them in this Architect action."""
    s = salsa(salt=False)
    p = s.active
    a, b = (p + 1) % 4, (p + 2) % 4
    give_forum(s, p, "annaeus-arcadius")
    set_colonists(s, p, ("land", "land:novaria~roma"), ("sea", "roma"))
    set_colonists(s, a, ("land", "land:massilia~novaria"), ("sea", "roma"))
    set_colonists(s, b, ("land", "land:colonia-a~novaria"), ("sea", "roma"))
    s.players[p].money = 60
    set_salt(s, p, 0, brick=3, food=3, tool=1, wine=1)
    s.tiles = dict(s.tiles)
    s.tiles["massilia"] = s.tiles["colonia-a"] = "food"
    s.tiles["novaria"] = "brick"
    play(s, "play architect")
    builds = [a for a in legal_texts(s) if a.startswith("build")]
    assert builds == ["build colonia-a", "build massilia", "build novaria"]
    play(s, "build massilia")
    assert [a for a in legal_texts(s) if a.startswith("build")] == ["build novaria"], "once per action"


def test_r_forum_aulus_arcadius_one_less_per_house_never_below_0() -> None:
    s = salsa(salt=False)
    p = s.active
    give_forum(s, p, "aulus-arcadius")
    from engine.concordia.rules.architect import build_variants

    s.tiles = dict(s.tiles)
    s.tiles["novaria"] = "brick"
    play(s, "play architect")
    assert build_variants(s, s.frames[-1], p, "novaria") == [("", ("food",), 0)]


def test_r_forum_mamilius_no_brick_for_the_houses_of_this_action() -> None:
    s = salsa(salt=False)
    p = s.active
    give_forum(s, p, "mamilius")
    s.tiles = dict(s.tiles)
    s.tiles["novaria"] = "wine"
    set_colonists(s, p, ("land", "land:novaria~roma"), ("sea", "roma"))
    set_salt(s, p, 0, wine=1)
    s.players[p].money = 4
    play(s, "play architect")
    assert "build novaria" not in legal_texts(s)
    play(s, "forum use mamilius", "build novaria")
    assert s.players[p].goods == [0] * 5 and s.players[p].money == 0


def test_r_forum_marcus_without_salt_any_city_for_1_tool() -> None:
    s = salsa(salt=False)
    p = s.active
    give_forum(s, p, "marcus")
    set_colonists(s, p, ("land", "land:novaria~roma"), ("sea", "roma"))
    set_salt(s, p, 0, tool=1)
    s.players[p].money = 0
    play(s, "play architect", "forum use marcus", "build novaria using=marcus")
    assert s.players[p].goods == [0] * 5 and "novaria" in s.players[p].houses


def test_r_forum_marcus_with_salt_only_a_salt_city() -> None:
    s = salsa()
    p = s.active
    give_forum(s, p, "marcus")
    s.tiles = dict(s.tiles)
    s.tiles["novaria"] = "wine"
    set_colonists(s, p, ("land", "land:novaria~roma"), ("sea", "roma"))
    set_salt(s, p, 0, tool=1)
    play(s, "play architect", "forum use marcus")
    assert "build novaria using=marcus" not in legal_texts(s)


def test_r_forum_commodus_tools_per_three_provinces() -> None:
    s = salsa(salt=False)
    p = s.active
    give_forum(s, p, "commodus")
    s.players[p].houses = {pr.cities[0] for pr in list(s.map.provinces.values())[:7]}
    play(s, "forum use commodus")
    assert s.players[p].goods[GOODS.index("tool")] == 1 + 2


def test_r_forum_numerius_two_per_province() -> None:
    s = salsa(salt=False)
    p = s.active
    give_forum(s, p, "numerius")
    s.players[p].houses = {pr.cities[0] for pr in list(s.map.provinces.values())[:5]}
    money = s.players[p].money
    play(s, "forum use numerius")
    assert s.players[p].money == money + 10


def test_r_forum_spurius_salt_or_without_salt_a_chosen_good() -> None:
    s = salsa()
    p = s.active
    give_forum(s, p, "spurius")
    assert uses(s) == ["forum use spurius"]
    play(s, "forum use spurius")
    assert s.players[p].salt == 2
    t = salsa(salt=False)
    give_forum(t, t.active, "spurius")
    assert uses(t) == [f"forum use spurius {g}" for g in GOODS]
    play(t, "forum use spurius cloth")
    assert t.players[t.active].goods == [1, 2, 1, 1, 2]


def test_r_forum_tiberius_a_bonus_good_without_flipping() -> None:
    s = salsa(salt=False)
    p = s.active
    give_forum(s, p, "tiberius")
    prov = next(iter(s.map.provinces))
    good = s.bonus[prov]
    before = list(s.players[p].goods)
    pm = s.pm
    play(s, f"forum use tiberius {prov}")
    assert s.players[p].goods[GOODS.index(good)] == before[GOODS.index(good)] + 1
    assert prov in s.active_markers and s.pm == pm, "the marker is not flipped, the PM not used"


def test_r_forum_augustus_two_goods_for_salt_or_exchanges_without_salt() -> None:
    s = salsa()
    p = s.active
    give_forum(s, p, "augustus")
    play(s, "forum use augustus brick wine")
    assert s.players[p].salt == 3 and s.players[p].goods == [0, 1, 1, 0, 1]
    t = salsa(salt=False)
    give_forum(t, t.active, "augustus")
    play(t, "forum use augustus brick cloth food wine")
    assert t.players[t.active].goods == [0, 1, 1, 2, 2]


def test_r_forum_publius_a_colonist_for_5_sestertii() -> None:
    s = salsa(salt=False)
    p = s.active
    give_forum(s, p, "publius")
    s.players[p].money = 5
    play(s, "forum use publius sea roma")
    assert s.players[p].money == 0 and s.players[p].store == [2, 1]
    assert s.players[p].colonists.count(("sea", "roma")) == 2


def test_r_forum_titus_valerius_without_salt_one_good_for_another_once() -> None:
    s = salsa(salt=False)
    p = s.active
    give_forum(s, p, "titus-valerius")
    discard(s, p, "start-architect")
    play(s, "play tribune", "titus food cloth")
    assert s.players[p].goods == [1, 1, 1, 1, 2]
    assert not any(a.startswith("titus") for a in legal_texts(s))


def test_r_forum_sextus_pompeius_prefect_as_diplomat_counts_for_the_loop_guard() -> None:
    s = salsa(salt=False)
    p = s.active
    other = (p + 1) % 4
    give_forum(s, p, "sextus-pompeius")
    discard(s, other, "start-mercator")
    money = s.players[p].money
    play(s, "play prefect", "prefect as diplomat")
    assert s.decision == "diplomat" and "diplomat" in s.copied
    play(s, f"copy {other + 1}")
    assert s.players[p].money == money + 3


def test_r_forum_lucius_flavius_copies_a_display_card_that_stays_there() -> None:
    s = salsa(salt=False)
    p = s.active
    give_forum(s, p, "lucius-flavius")
    play(s, "play diplomat")
    assert "copy display 1" in legal_texts(s)
    display = list(s.display)
    play(s, "copy display 1")
    assert s.display == display


def test_r_forum_cornelius_scipio_slot_cloth_paid_with_any_good() -> None:
    s = salsa(salt=False)
    p = s.active
    give_forum(s, p, "cornelius-scipio")
    set_salt(s, p, 0, food=1, brick=1)
    assert s.card(s.display[3]).cost == (("brick", 1), ("food", 1))  # base-I-7 in slot 4 (extra cost: cloth)
    play(s, "play senator")
    assert "purchase 4 pay=brick" not in legal_texts(s) and "purchase 4" not in legal_texts(s)
    s2 = salsa(salt=False)
    give_forum(s2, s2.active, "cornelius-scipio")
    set_salt(s2, s2.active, 0, food=2, brick=1)
    play(s2, "play senator")
    assert "purchase 4 pay=food" in legal_texts(s2), "the slot's cloth paid with a food"
    s3 = salsa(salt=False)
    set_salt(s3, s3.active, 0, food=2, brick=1)
    play(s3, "play senator")
    assert not any(a.startswith("purchase 4") for a in legal_texts(s3)), "without him the cloth is needed"


def test_r_forum_gaius_servius_faustus_apply_when_the_mercator_is_copied() -> None:
    """R-SALSA-FORUM-USE trigger: a copied Mercator applies the copier's Marcellus cards."""
    s = salsa(salt=False)
    p = s.active
    other = (p + 1) % 4
    give_forum(s, p, "gaius-marcellus")
    discard(s, other, "start-mercator")
    money = s.players[p].money
    play(s, "play diplomat", f"copy {other + 1}", "sell cloth 1")
    assert s.players[p].money == money + 3 + 8


def test_r_forum_donatus_with_gavdos_uses_the_chosen_goods_coins() -> None:
    s = salsa(map="creta", salt=False)
    p = s.active
    give_forum(s, p, "donatus-pompeius")
    assert "brown" in s.map.variable_bonus
    money = s.players[p].money
    play(s, "play prefect", "produce brown bonus=cloth")
    assert s.players[p].money == money + 1
    assert cash_bonus(s) == 1 + 2


def test_r_forum_claudius_keep_bonus_gives_everything() -> None:
    s = salsa(salt=False)
    p = s.active
    give_forum(s, p, "claudius-pompeius")
    prov = next(pr for pr in s.map.provinces.values() if s.bonus[pr.id] != "cloth")
    s.pm = (p + 1) % 4
    set_salt(s, p, 0)
    money = s.players[p].money
    play(s, "play prefect", f"produce {prov.id}")
    assert legal_texts(s) == ["sell-bonus", "keep-bonus"]
    play(s, "keep-bonus")
    assert s.players[p].goods[GOODS.index(s.bonus[prov.id])] == 1 and s.players[p].money == money


# ------------------------------------------------------------------------------------------- team
def test_r_salsa_team_rule_06_only_the_owner_uses_a_forum_card() -> None:
    s = salsa(variant="venus-team", salt=False)
    p = s.active
    q = s.partner(p)
    give_forum(s, q, "laurentius")
    assert uses(s) == []
    play(s, "play prefect")
    while s.current_player == p:
        play(s, "done")
    assert s.current_player == q and "forum use laurentius" in legal_texts(s), "in the partner's own half"


def test_r_salsa_team_partners_half_applies_their_own_patricians() -> None:
    s = salsa(variant="venus-team", salt=False)
    p = s.active
    q = s.partner(p)
    give_forum(s, q, "appius-arcadius")
    active_hand = s.players[p].hand
    assert "start-architect" in active_hand
    play(s, "play architect", "done")
    assert s.current_player == q and s.frames[-1]["pts"] == len(s.players[q].colonists) + 1


def test_forum_actions_are_refused_with_a_readable_message() -> None:
    s = salsa(salt=False)
    with pytest.raises(IllegalAction, match="not legal"):
        s.apply("forum use laurentius")
    with pytest.raises(IllegalAction, match="positions 1 to 4"):
        s.apply("forum take 5")
    set_display(s, *[c for c in s.display if c])
    ok(s)


def test_r_salsa_forum_setup_the_deck_shows_its_top_card_only_and_forum_hide_next_hides_it() -> None:
    import random

    s = salsa(salt=False)
    v = s.view((s.active + 1) % 4)
    assert v.forum_deck[-1] == s.forum_deck[-1] and sorted(v.forum_deck) == sorted(s.forum_deck)
    assert v.forum_deck[:-1] == sorted(s.forum_deck[:-1])
    d = v.determinize(random.Random(1))
    assert d.forum_deck[-1] == s.forum_deck[-1] and check_state(d) == []
    h = new_game(GameConfig(forum=True, forum_hide_next=True), 1)
    while h.decision == "keep":
        h.apply(h.legal_actions()[0])
    assert h.view(0).forum_deck == sorted(h.forum_deck) != h.forum_deck
    assert GameConfig.from_dict(h.config.to_dict()) == h.config


def test_r_salsa_forum_use_at_the_own_overflow_publius_frees_a_slot() -> None:
    """R-SALSA-FORUM-USE: an any-time citizen at the owner's own storehouse overflow; Publius places a colonist
    from the storehouse, so one more of the offered goods fits."""
    s = salsa(salt=False)
    p = s.active
    give_forum(s, p, "publius")
    prov = next(pr for pr in s.map.provinces.values() if len({s.tiles[c] for c in pr.cities}) >= 2)
    s.players[p].houses = set(prov.cities)
    s.pm = (p + 1) % 4
    set_salt(s, p, 0, brick=4, food=2, tool=1)
    s.players[p].money = 5
    assert s.players[p].free_slots == 1
    play(s, "play prefect", f"produce {prov.id}")
    assert s.decision == "overflow" and s.current_player == p
    assert any(a.startswith("forum use publius") for a in legal_texts(s))
    play(s, "forum use publius land roma")
    assert s.decision == "overflow" and s.players[p].free_slots == 2 and s.players[p].money == 0
    accepted = [a for a in legal_texts(s) if a.startswith("accept")]
    assert all(sum(int(x.split("=")[1]) for x in a[7:].split(",")) == 2 for a in accepted)


def test_r_salsa_forum_take_a_citizen_may_be_used_during_the_take() -> None:
    s = salsa(salt=False)
    p = s.active
    give_forum(s, p, "numerius")
    discard(s, p, "start-architect", "start-prefect", "start-prefect")
    s.players[p].houses = {next(iter(s.map.provinces.values())).cities[0]}
    play(s, "play tribune")
    assert s.decision == "forumtake" and "forum use numerius" in legal_texts(s)
    money = s.players[p].money
    play(s, "forum use numerius")
    assert s.decision == "forumtake" and s.players[p].money == money + 2


def test_r_salsa_forum_setup_dealt_patricians_are_private_until_kept() -> None:
    import random

    s = new_game(GameConfig(forum=True), 2)
    first = s.current_player
    v = s.view(first)
    assert v.frames[-1]["offer"] == s.frames[-1]["offer"], "the deciding player sees their own two cards"
    assert all(fr["offer"] == [] for fr in v.frames if fr["k"] == "keep" and fr["p"] != first)
    assert v.forum_deck == sorted(v.forum_deck) and check_state(v) == []
    d = v.determinize(random.Random(3))
    assert check_state(d) == [] and all(len(fr["offer"]) == 2 for fr in d.frames if fr["k"] == "keep")
    assert d.legal_actions() == s.legal_actions()
    s.apply(s.legal_actions()[0])
    v2 = s.view(s.current_player)
    assert v2.forum_deck == sorted(v2.forum_deck), "face down: the view shows no order and no top card"


@pytest.mark.parametrize("damage", [
    {"k": "architect", "p": 0, "pts": 2, "built": False, "vouchers": 3},
    {"k": "architect", "p": 0, "pts": 2, "built": False, "vouchers": ["augustus"]},
    {"k": "architect", "p": 0, "pts": 2, "built": False, "locked": "yes"},
    {"k": "forumtake", "p": 0, "n": "5", "budget": 5, "shared": False},
    {"k": "keep", "p": 0, "offer": ["laurentius", "marcus"]},
    {"k": "bonussale", "p": 0, "good": "salt", "gains": [0] * 20, "province": "gallia"},
])
def test_damaged_forum_decisions_are_a_state_format_error(damage: dict[str, object]) -> None:
    from engine.concordia import GameState, StateFormatError

    s = salsa(salt=False)
    d = s.to_dict()
    d["frames"] = [{"k": "end", "p": 0}, damage]
    with pytest.raises(StateFormatError):
        GameState.from_dict(d)
