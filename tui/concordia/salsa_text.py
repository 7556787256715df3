"""Concordia Salsa in words: salt in prices, the forum cards' effects and the Salsa actions (R-SALSA-*, R-FORUM-*).

``text.action_text`` asks ``salsa_action_text`` for the actions only Salsa has (keep a patrician, take from
the forum, use a citizen, Titus Valerius, Claudius and Sextus Pompeius, Lucius Flavius, the salt exchange);
the prices of houses, colonists and cards name the salt that pays for a good (``paid_text``). Like
``text``, this module only words what the engine computed (the price of a build variant comes from
``architect.build_variants``); every string goes through ``tui.i18n.t``.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.concordia import GameState, model
from engine.concordia.actions import (
    Action,
    AsDiplomat,
    BonusSale,
    Convert,
    CopyDisplay,
    ForumTake,
    ForumUse,
    Keep,
    Titus,
)
from engine.concordia.model import GOODS, SALT
from tui.concordia.names import card_name, role_name
from tui.i18n import t, tn

FORUM_EFFECTS: dict[str, str] = {
    "claudia-agrippina": "storehouse +4 slots and 1 brick, when taken",
    "aulus-arcadius": "Architect: each house costs 1 sestertius less",
    "annaeus-arcadius": "Architect: once, build 1 city past another's colonist",
    "appius-arcadius": "Architect: +1 movement point",
    "gaius-marcellus": "Mercator: each good sold brings 1 more",
    "servius-marcellus": "Mercator: trade 3 types of goods",
    "faustus-marcellus": "Mercator: the first brick bought is free",
    "donatus-pompeius": "Prefect: also the bonus marker's coins",
    "claudius-pompeius": "Prefect: may sell 1 bonus good at once",
    "sextus-pompeius": "Prefect: may carry out a Diplomat instead",
    "lucius-flavius": "Diplomat: may copy a card of the display",
    "cornelius-scipio": "Senator: a slot's extra goods may be any goods",
    "titus-valerius": "Tribune: exchange 1 good for 1 salt",
    "augustus": "exchange up to 2 goods for 1 salt each",
    "commodus": "1 tool per 3 provinces with your houses",
    "julius": "an Architect movement, without building",
    "laurentius": "1 brick + 1 food",
    "mamercus": "Architect, before building: 1 house without sestertii",
    "mamilius": "Architect, before building: houses need no brick",
    "marcus": "Architect, before building: 1 house in a salt city for 1 tool",
    "numerius": "2 sestertii per province with your houses",
    "publius": "a colonist for 5 sestertii instead of food + tool",
    "spurius": "1 salt",
    "tiberius": "1 good of an active bonus marker",
}
"""R-FORUM-*: each forum card's effect in a few words (with salt; ``forum_effect`` words the game without)."""

NO_SALT_EFFECTS: dict[str, str] = {
    "titus-valerius": "Tribune: exchange 1 good for another",
    "augustus": "exchange up to 2 goods for other goods",
    "marcus": "Architect, before building: 1 house for 1 tool",
    "spurius": "1 good of your choice",
}
"""R-SALSA-SALT "forum without salt": the cards that read "salt" as "any good" and "salt city" as "any city"."""


def forum_effect(s: GameState, card: str) -> str:
    """What forum card ``card`` does, in the words of this game (with or without salt)."""
    text = NO_SALT_EFFECTS.get(card) if not s.config.salt else None
    return t(text or FORUM_EFFECTS.get(card, ""))


def forum_kind(card: str) -> str:
    """"patrician" (kept for good) or "citizen" (used once)."""
    return model.forum().cards[card].kind


def forum_name(card: str) -> str:
    return model.forum().cards[card].name


def goods_words(goods: Sequence[str]) -> str:
    """``["tool", "salt", "salt"]`` -> ``1 tool + 2 salt`` (the five goods, then salt)."""
    counts = [(g, goods.count(g)) for g in (*GOODS, SALT) if g in goods]
    return " + ".join(f"{n} {t(g)}" for g, n in counts) if counts else t("nothing")


def paid_text(goods: Sequence[str], salt_for: Sequence[str] = ()) -> str:
    """A price in goods, with salt paying for the units in ``salt_for`` (R-SALSA-SALT):
    ``1 tool + 1 salt (for wine)``."""
    rest = list(goods)
    for g in salt_for:
        if g in rest:
            rest.remove(g)
    text = goods_words([*rest, *([SALT] * len(salt_for))])
    if salt_for:
        text += " (" + t("salt for {goods}").format(goods=", ".join(t(g) for g in salt_for)) + ")"
    return text


def build_price_text(s: GameState, p: int, city: str, salt_for: Sequence[str] = (), using: str = "") -> str:
    """A house's price as the pending Architect offers it: the variant of ``using`` (a forum voucher, with the
    player's forum cards applied), the salt that pays, the sestertii."""
    from engine.concordia.rules import architect

    f = s.frame
    if f is not None and f.get("k") == "architect":
        variants = architect.build_variants(s, f, p, city)
        goods, money = next(((g, m) for u, g, m in variants if u == using), variants[0][1:])
    else:
        goods, money = architect.house_price(s, p, city)
    from tui.concordia.events import money_text

    text = f"{paid_text(goods, salt_for)} + {money_text(money)}" if goods else money_text(money)
    if using:
        text += " " + t("with {card}").format(card=forum_name(using))
    return text


def _use_text(s: GameState, a: ForumUse) -> str:
    name = forum_name(a.card)
    p = s.current_player
    pl = s.players[p]
    provinces = len({s.map.cities[c].province for c in pl.houses})
    if a.card == "numerius":
        what = t("take {n} sestertii").format(n=2 * provinces)
    elif a.card == "commodus":
        what = tn("take {n} tool", "take {n} tools", provinces // 3).format(n=provinces // 3)
    elif a.card == "spurius":
        what = t("take 1 {good}").format(good=t(a.args[0] if a.args else SALT))
    elif a.card == "tiberius" and a.args:
        prov = s.map.provinces[a.args[0]]
        good = a.args[1] if len(a.args) > 1 else s.bonus[a.args[0]]
        what = t("take 1 {good} ({province})").format(good=t(good), province=prov.name)
    elif a.card == "augustus" and a.args:
        if s.config.salt:
            what = t("exchange {goods} for {n} salt").format(goods=goods_words(a.args), n=len(a.args))
        else:
            pairs = zip(a.args[::2], a.args[1::2], strict=True)
            what = ", ".join(t("1 {good} for 1 {other}").format(good=t(g), other=t(o)) for g, o in pairs)
    elif a.card == "publius" and len(a.args) == 2:
        what = t("a {kind} colonist in {place} for 5 sestertii").format(
            kind=t(a.args[0]), place=s.map.place_name(a.args[1]))
    else:
        what = forum_effect(s, a.card)
    return t("Use {card}: {effect}").format(card=name, effect=what)


def forum_use_label(s: GameState, card: str) -> str:
    """The prompt's line for a forum card with several ways to use it (a dialog then picks one)."""
    return t("Use {card}: {effect}").format(card=forum_name(card), effect=forum_effect(s, card)) + "…"


def salsa_action_text(s: GameState, a: Action) -> str | None:
    """The words for an action only Salsa has (None for any other action)."""
    if isinstance(a, Keep):
        return t("Keep {card} ({effect})").format(card=forum_name(a.card), effect=forum_effect(s, a.card))
    if isinstance(a, ForumTake):
        if not a.position:
            return t("Take no forum card")
        card = s.forum_table[a.position - 1]
        return t("Take {card} from forum position {k} ({effect})").format(
            card=forum_name(card), k=a.position, effect=forum_effect(s, card))
    if isinstance(a, ForumUse):
        return _use_text(s, a)
    if isinstance(a, Titus):
        return t("Titus Valerius: exchange 1 {good} for 1 {other}").format(good=t(a.good), other=t(a.to or SALT))
    if isinstance(a, BonusSale):
        f = s.frame
        good = str(f["good"]) if f is not None and "good" in f else ""
        if a.sell and good:
            price = model.components().prices[good]
            return t("Sell 1 {good} of the bonus for {money} sestertii (Claudius Pompeius)").format(
                good=t(good), money=price)
        return t("Keep all bonus goods")
    if isinstance(a, AsDiplomat):
        return t("Carry out a Diplomat instead (Sextus Pompeius)")
    if isinstance(a, CopyDisplay):
        cid = s.display[a.slot - 1]
        text = t("Copy {card} in display slot {slot} (Lucius Flavius)").format(
            card=card_name(cid) if cid else "?", slot=a.slot)
        return text + (" " + t("as {role}").format(role=role_name(a.role)) if a.role else "")
    if isinstance(a, Convert):
        return t("Exchange 1 salt for 1 {good}").format(good=t(a.good))
    return None
