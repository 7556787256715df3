"""Shorter words for the decisions whose full text outgrows a narrow decision list (issue 18 playtest).

A build, a colonist or a card bought with salt reads "Build a house in Toletum (brick) for 1 brick + 1 salt
(salt for food) + 1 sestertius": longer than the decision list at 120x36, and cut in the middle of the price.
``short_forms`` gives the same decision in shorter forms, longest first, that keep the whole price in the
goods' letters (the storehouse's and the players panel's B F T W C, and S for salt, s in ASCII) and ``$`` for
sestertii (the players panel's money column): ``Build in Toletum (brick): 1B+1S(=F)+1$``. ``ChoiceList``
shows the first form that fits its width. The same price form serves the map's cursor line (``short_price``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.concordia import GameState
from engine.concordia.actions import Action, Build, ForumTake, Keep, PlaceColonist, Purchase
from engine.concordia.model import GOODS, SALT
from tui import glyphs
from tui.concordia.names import card_name
from tui.concordia.salsa_text import forum_effect, forum_name
from tui.i18n import t


def short_goods(goods: Sequence[str], salt_for: Sequence[str] = ()) -> str:
    """``["brick", "food"]`` paid with salt for the food -> ``1B+1S(=F)``: the goods in their letters, salt as S
    with the goods it stands for."""
    rest = list(goods)
    for g in salt_for:
        if g in rest:
            rest.remove(g)
    rest += [SALT] * len(salt_for)
    parts = [f"{rest.count(g)}{_letter(g)}" for g in (*GOODS, SALT) if g in rest]
    text = "+".join(parts)
    if salt_for:
        text += "(=" + ",".join(_letter(g) for g in salt_for) + ")"
    return text


def short_price(goods: Sequence[str], money: int, salt_for: Sequence[str] = ()) -> str:
    """Goods (``short_goods``) and sestertii: ``1B+1S(=F)+1$``; no goods: ``3$``."""
    return "+".join(x for x in (short_goods(goods, salt_for), f"{money}$") if x)


def _letter(good: str) -> str:
    return glyphs.glyph("salt") if good == SALT else glyphs.good_letter(good)


def short_forms(s: GameState, a: Action) -> tuple[str, ...]:
    """Shorter forms of ``action_text(s, a)``, longest first: builds, colonists and cards with their price, and
    the forum cards to keep or take (none for other decisions)."""
    from engine.concordia.rules import architect
    from tui.concordia.text import good_name, purchase_cost

    p = s.current_player
    if isinstance(a, Build):
        city = s.map.cities[a.city]
        good = s.tiles[a.city]
        f = s.frame
        if f is not None and f.get("k") == "architect":
            variants = architect.build_variants(s, f, p, a.city)
            goods, money = next(((g, m) for u, g, m in variants if u == a.using), variants[0][1:])
        else:
            goods, money = architect.house_price(s, p, a.city)
        price = short_price(goods, money, a.salt)
        using = " " + t("with {card}").format(card=forum_name(a.using)) if a.using else ""
        return (t("Build in {city} ({good}): {price}").format(city=city.name, good=good_name(good), price=price)
                + using,
                f"{city.name} ({_letter(good)}): {price}{using}")
    if isinstance(a, PlaceColonist):
        price = short_goods(("food", "tool"), a.salt)
        return (t("{kind} colonist in {place}: {price}").format(kind=t(a.kind).capitalize(),
                                                                place=s.map.place_name(a.place), price=price),)
    if isinstance(a, Purchase):
        cid = s.display[a.slot - 1]
        name = card_name(cid) if cid else "?"
        price = short_goods(purchase_cost(s, a), a.salt) or "0"
        return (t("Buy {card} (slot {slot}): {price}").format(card=name, slot=a.slot, price=price),)
    if isinstance(a, Keep | ForumTake) and (isinstance(a, Keep) or a.position):
        card = a.card if isinstance(a, Keep) else s.forum_table[a.position - 1]
        name, effect = forum_name(card), forum_effect(s, card)
        if isinstance(a, Keep):  # the forum panel does not list the two patricians offered: the effect first
            return (t("{card}: {effect}").format(card=name, effect=effect), t("Keep {card}").format(card=name))
        return (t("Position {k}: {card} ({effect})").format(k=a.position, card=name, effect=effect),
                t("Position {k}: {card}").format(k=a.position, card=name))
    return ()
