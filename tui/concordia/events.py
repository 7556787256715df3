"""Concordia's log and hint in the player's language: the engine's events and the greedy bot's reasons.

The engine emits ``(id, params)`` (``("takes_money", {"player": 1, "amount": 3})``, see
``engine.concordia.state.Event``) and the greedy bot's ``reason`` a list of such parts; here they become words,
with counts through ``tn`` (``1 sestertius`` / ``2 sestertii``, ``1 Sesterz`` / ``2 Sesterzen``) and goods,
roles and gods by their names in the current language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tui.concordia.names import god_name, role_name
from tui.i18n import is_you, t, tn, tp


def seat_name(names: Sequence[str] | None, q: Any) -> str:
    """A seat's name (``P2`` without names)."""
    if isinstance(q, int) and names is not None and 0 <= q < len(names):
        return names[q]
    return f"P{q + 1}" if isinstance(q, int) else "?"


def money_text(n: int) -> str:
    """``1 sestertius`` / ``5 sestertii`` (``1 Sesterz`` / ``5 Sesterzen``)."""
    return tn("{n} sestertius", "{n} sestertii", n).format(n=n)


def good_count(good: str, n: int) -> str:
    """``1 brick`` / ``2 bricks``, ``3 food`` (``2 Werkzeuge``); a negative count keeps its sign."""
    k = abs(n)
    if good == "brick":
        text = tn("{n} brick", "{n} bricks", k)
    elif good == "food":
        text = tn("{n} food", "{n} food", k)
    elif good == "tool":
        text = tn("{n} tool", "{n} tools", k)
    elif good == "wine":
        text = tn("{n} wine", "{n} wine", k)
    elif good == "cloth":
        text = tn("{n} cloth", "{n} cloth", k)
    elif good == "salt":
        text = tn("{n} salt", "{n} salt", k)
    else:
        text = "{n} " + good
    return text.format(n=f"{n:+d}" if n < 0 else n)


def goods_counts(pairs: Sequence[Sequence[Any]]) -> str:
    """``[["brick", 1], ["wine", 2]]`` -> ``1 brick, 2 wine``."""
    return ", ".join(good_count(str(g), int(n)) for g, n in pairs if n) or t("nothing")


def gains_text(gains: Sequence[int]) -> str:
    """A gains list per good (salt last, with salt) in words."""
    return goods_counts(list(zip(("brick", "food", "tool", "wine", "cloth", "salt"), gains, strict=False)))


def good_name(good: str) -> str:
    return t(good)


def colonists_text(n: int) -> str:
    return tn("{n} colonist", "{n} colonists", n).format(n=n)


def cards_text(n: int) -> str:
    return tn("{n} card", "{n} cards", n).format(n=n)


def why_text(why: Any) -> str:
    """Where received goods come from: ``Italia produces``, ``2 brick cities``, a forum card's name."""
    kind, p = why if isinstance(why, tuple | list) and len(why) == 2 else ("forum", {"name": str(why)})
    if kind == "produce":
        return t("{province} produces").format(province=p.get("province", "?"))
    if kind == "specialist":
        n = int(p.get("count", 0))
        return tn("{n} {good} city", "{n} {good} cities", n).format(n=n, good=good_name(str(p.get("good", "?"))))
    return str(p.get("name", "?"))


def _forum_name(card: Any) -> str:
    """A forum card's name (a Roman's name, the same in every language)."""
    from engine.concordia import model

    cards = model.forum().cards
    return cards[card].name if card in cards else str(card)


def event_text(event: Any, names: Sequence[str] | None = None) -> str:
    """One of ``state.events`` in words, seats named by ``names``."""
    kind, p = event if isinstance(event, tuple | list) and len(event) == 2 else (str(event), {})
    if not isinstance(p, dict):
        p = {}
    who = seat_name(names, p.get("player"))
    you = is_you(who)  # the single person's default name "1 You": the verb agrees ("1 You take", "1 Du nimmst")

    def say(second: str, third: str) -> str:
        """The line about the reader ("1 You take") or about another seat ("2 Anna takes")."""
        return second if you else third

    def role(key: str = "role") -> str:
        return role_name(str(p.get(key, "?")))

    if kind == "takes_money":
        return say(t("{name} take {money}"), t("{name} takes {money}")).format(name=who, money=money_text(p["amount"]))
    if kind == "salt_exchange":
        return say(t("{name} exchange 1 salt for {good}"), t("{name} exchanges 1 salt for {good}")).format(
            name=who, good=good_count(p["good"], 1))
    if kind == "copies":
        return say(t("{name} copy the {role} of {other}"), t("{name} copies the {role} of {other}")).format(
            name=who, role=role(), other=seat_name(names, p.get("target")))
    if kind == "magister_empty":
        return t("the Magister has no card beneath it")
    if kind == "magister_no_senator":
        return t("the Magister may not repeat a Senator")
    if kind == "magister_twice":
        return t("the Magister cannot repeat a {role} twice in one turn").format(role=role())
    if kind == "repeats":
        return say(t("{name} repeat the {role}"), t("{name} repeats the {role}")).format(name=who, role=role())
    if kind == "concordia_card":
        if p.get("why") == "display":
            return say(t("{name} bought the last card of the display and take the Concordia card: "
                         "the last round begins"),
                       t("{name} bought the last card of the display and takes the Concordia card: "
                         "the last round begins")).format(name=who)
        return say(t("{name} built your 15th house and take the Concordia card: the last round begins"),
                   t("{name} built their 15th house and takes the Concordia card: the last round begins")).format(
            name=who)
    if kind == "game_over":
        return t("the game is over")
    if kind == "forum_keeps":
        return say(t("{name} keep {card}"), t("{name} keeps {card}")).format(name=who, card=_forum_name(p.get("card")))
    if kind == "forum_takes":
        return say(t("{name} take {card} from forum position {position}"),
                   t("{name} takes {card} from forum position {position}")).format(
            name=who, card=_forum_name(p.get("card")), position=p.get("position"))
    if kind == "forum_none":
        return say(t("{name} take no forum card"), t("{name} takes no forum card")).format(name=who)
    if kind == "forum_uses":
        args = p.get("args") or []
        text = say(t("{name} use {card}"), t("{name} uses {card}")).format(name=who, card=_forum_name(p.get("card")))
        return text + (f" ({' '.join(t(str(x)) for x in args)})" if args else "")
    if kind == "titus":
        return say(t("{name} exchange {give} for {get} (Titus Valerius)"),
                   t("{name} exchanges {give} for {get} (Titus Valerius)")).format(
            name=who, give=good_count(p["give"], 1), get=good_count(p["get"], 1))
    if kind == "donatus":
        return say(t("{name} get {money} (Donatus Pompeius)"), t("{name} gets {money} (Donatus Pompeius)")).format(
            name=who, money=money_text(p["amount"]))
    if kind == "sextus":
        return say(t("{name} carry out a Diplomat instead (Sextus Pompeius)"),
                   t("{name} carries out a Diplomat instead (Sextus Pompeius)")).format(name=who)
    if kind == "claudius":
        return say(t("{name} sell {good} of the bonus for {money} (Claudius Pompeius)"),
                   t("{name} sells {good} of the bonus for {money} (Claudius Pompeius)")).format(
            name=who, good=good_count(p["good"], 1), money=money_text(p["price"]))
    if kind == "lucius":
        return say(t("{name} copy the {role} in display slot {slot} (Lucius Flavius)"),
                   t("{name} copies the {role} in display slot {slot} (Lucius Flavius)")).format(
            name=who, role=role(), slot=p.get("slot"))
    if kind == "no_colonist":
        return say(tp("to you", "{name} cannot place a colonist in the capital: it costs 1 food + 1 tool"),
                   t("{name} cannot place a colonist in the capital: it costs 1 food + 1 tool")).format(name=who)
    if kind == "takes_back":
        n = int(p["cards"])
        text = (tn("{name} take back {n} card", "{name} take back {n} cards", n) if you
                else tn("{name} takes back {n} card", "{name} takes back {n} cards", n)).format(
            name=who, n=p["cards"])
        if p.get("bonus"):
            text += " " + t("and {money}").format(money=money_text(p["bonus"]))
        return text
    if kind == "interim":
        return t("{name} interim score: {score}").format(name=who, score=p.get("score"))
    if kind == "interim_prize":
        return say(t("{name} get {money} for the interim scoring"),
                   t("{name} gets {money} for the interim scoring")).format(name=who, money=money_text(p["amount"]))
    if kind == "start":
        kinds = list(p.get("kinds") or [])
        if len(kinds) == 2 and kinds[0] == kinds[1] == "land":
            what = t("two land colonists")
        elif len(kinds) == 2 and kinds[0] == kinds[1] == "sea":
            what = t("two sea colonists")
        else:
            what = t("a land and a sea colonist")
        return say(t("{name} start with {what} in {city}"), t("{name} starts with {what} in {city}")).format(
            name=who, what=what, city=p.get("city"))
    if kind == "team_role":
        return say(t("{name} carry out the {role} too"), t("{name} carries out the {role} too")).format(
            name=who, role=role())
    if kind == "prokonsul_none":
        return say(t("{name} play no card (Prokonsul of {other})"),
                   t("{name} plays no card (Prokonsul of {other})")).format(
            name=who, other=seat_name(names, p.get("by")))
    if kind == "legatus_plays":
        return say(t("{name} play the {role} for the team (Legatus of {other})"),
                   t("{name} plays the {role} for the team (Legatus of {other})")).format(
            name=who, role=role(), other=seat_name(names, p.get("by")))
    if kind == "prokonsul_plays":
        return say(t("{name} play the {role} for yourself (Prokonsul of {other})"),
                   t("{name} plays the {role} for themself (Prokonsul of {other})")).format(
            name=who, role=role(), other=seat_name(names, p.get("by")))
    if kind == "recommends":
        # "the hand of 1 You", never "1 You's hand"
        return say(t("{name} look at the hand of {other} and recommend a card"),
                   t("{name} looks at the hand of {other} and recommends a card")).format(
            name=who, other=seat_name(names, p.get("partner")))
    if kind == "praefectus_magnus":
        return say(t("{name} double the bonus with the Praefectus Magnus, which passes to {other}"),
                   t("{name} doubles the bonus with the Praefectus Magnus, which passes to {other}")).format(
            name=who, other=seat_name(names, p.get("to")))
    if kind == "cash_bonus":
        return say(t("{name} take the cash bonus of {money}; all markers turn to their goods"),
                   t("{name} takes the cash bonus of {money}; all markers turn to their goods")).format(
            name=who, money=money_text(p["amount"]))
    if kind == "builds":
        goods = [str(g) for g in p.get("goods") or []]
        paid = goods_counts([[g, goods.count(g)] for g in dict.fromkeys(goods)]) if goods else t("no goods")
        if p.get("salt"):
            salt = goods_counts([[g, 1] for g in p["salt"]])
            paid += " " + t("(salt for {goods})").format(goods=salt)
        return say(t("{name} pay {money} and {goods} for a house in {city}"),
                   t("{name} pays {money} and {goods} for a house in {city}")).format(
            name=who, money=money_text(p["money"]), goods=paid, city=p.get("city"))
    if kind == "gets":
        return say(t("{name} get {goods} ({why})"), t("{name} gets {goods} ({why})")).format(
            name=who, goods=gains_text(p["gains"]), why=why_text(p.get("why")))
    if kind == "no_room":
        return say(t("{name} have no room for {goods} ({why})"), t("{name} has no room for {goods} ({why})")).format(
            name=who, goods=gains_text(p["gains"]), why=why_text(p.get("why")))
    if kind == "storehouse_full":
        return say(t("{name} get {goods} of {total}: storehouse full ({why})"),
                   t("{name} gets {goods} of {total}: storehouse full ({why})")).format(
            name=who, goods=good_count(p["good"], p["amount"]), total=p["total"], why=why_text(p.get("why")))
    if kind == "no_room_left":
        return say(t("{name} have no room left for the goods ({why})"),
                   t("{name} has no room left for the goods ({why})")).format(name=who, why=why_text(p.get("why")))
    if kind == "takes_goods":
        return say(t("{name} take {goods} ({why}); storehouse full"),
                   t("{name} takes {goods} ({why}); storehouse full")).format(
            name=who, goods=goods_counts(p.get("goods") or []), why=why_text(p.get("why")))
    if kind == "partner_money":
        if "total" in p:  # R-TEAM-MONEY: the whole payment, what was the player's own and what the partner's
            return say(t("{name} pay {money}: {own} of your own and {short} taken from partner {other}"),
                       t("{name} pays {money}: {own} of their own and {short} taken from partner {other}")).format(
                name=who, money=money_text(p["total"]), own=p["own"], short=p["amount"],
                other=seat_name(names, p.get("partner")))
        return say(t("{name} take {money} from partner {other}"),
                   t("{name} takes {money} from partner {other}")).format(
            name=who, money=money_text(p["amount"]), other=seat_name(names, p.get("partner")))
    return f"{kind} {p}" if p else str(kind)


def reason_text(reason: Any) -> str:
    """The greedy bot's reason for a hint (``engine.concordia.bots.greedy.reason``) in words."""
    if isinstance(reason, str):
        return t(reason)
    parts: list[str] = []
    for kind, p in reason:
        if kind == "builds":
            parts.append(t("builds in {cities}").format(cities=", ".join(p["cities"])))
        elif kind == "buys":
            gods = ", ".join(god_name(g) for g in p["gods"])
            parts.append(t("buys {cards} ({gods})").format(cards=cards_text(p["cards"]), gods=gods))
        elif kind == "places":
            parts.append(t("places {colonists}").format(colonists=colonists_text(p["colonists"])))
        elif kind == "goods":
            gained = ", ".join((good_count(g, n) if n < 0 else "+" + good_count(g, n)) for g, n in p["changes"])
            parts.append(t("goods {changes}").format(changes=gained))
        elif kind == "salt":
            n = int(p["amount"])
            parts.append(("+" if n > 0 else "") + good_count("salt", n))
        elif kind == "forum_takes":
            parts.append(t("takes {cards} (forum)").format(cards=", ".join(_forum_name(c) for c in p["cards"])))
        elif kind == "forum_uses":
            parts.append(t("uses {cards}").format(cards=", ".join(_forum_name(c) for c in p["cards"])))
        elif kind == "money":
            n = int(p["amount"])
            parts.append(("+" if n > 0 else "-") + money_text(abs(n)))
        elif kind == "takes_back":
            parts.append(t("takes the cards back"))
        elif kind == "score":
            parts.append(t("score {vp} VP now").format(vp=f"{int(p['vp']):+d}"))
        elif kind == "keeps":
            parts.append(t("keeps the position"))
        else:
            parts.append(f"{kind} {p}")
    return "; ".join(parts)
