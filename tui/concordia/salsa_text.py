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
from tui.i18n import t

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
        goods, money = architect.build_price(s, p, city)
    text = f"{paid_text(goods, salt_for)} + {money} {t('sestertii')}" if goods else f"{money} {t('sestertii')}"
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
        what = t("take {n} tool").format(n=provinces // 3)
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


GERMAN: dict[str, str] = {
    "salt": "Salz",
    "forum": "Forum",
    "Forum": "Forum",
    "patrician": "Patrizier",
    "citizen": "Bürger",
    "patricians": "Patrizier",
    "citizens": "Bürger",
    "storehouse +4 slots and 1 brick, when taken": "Lagerhaus +4 Plätze und 1 Ziegel, beim Nehmen",
    "Architect: each house costs 1 sestertius less": "Architekt: jedes Haus kostet 1 Sesterze weniger",
    "Architect: once, build 1 city past another's colonist":
        "Architekt: einmal 1 Stadt hinter fremdem Kolonisten bebauen",
    "Architect: +1 movement point": "Architekt: +1 Bewegungspunkt",
    "Mercator: each good sold brings 1 more": "Mercator: jede verkaufte Ware bringt 1 mehr",
    "Mercator: trade 3 types of goods": "Mercator: 3 Warensorten handeln",
    "Mercator: the first brick bought is free": "Mercator: der erste gekaufte Ziegel ist frei",
    "Prefect: also the bonus marker's coins": "Praefekt: auch die Münzen des Bonusplättchens",
    "Prefect: may sell 1 bonus good at once": "Praefekt: 1 Bonusware sofort verkaufen",
    "Prefect: may carry out a Diplomat instead": "Praefekt: stattdessen einen Diplomaten ausführen",
    "Diplomat: may copy a card of the display": "Diplomat: eine Karte der Auslage kopieren",
    "Senator: a slot's extra goods may be any goods": "Senator: Zusatzwaren eines Feldes beliebig zahlen",
    "Tribune: exchange 1 good for 1 salt": "Tribun: 1 Ware gegen 1 Salz tauschen",
    "exchange up to 2 goods for 1 salt each": "bis zu 2 Waren gegen je 1 Salz tauschen",
    "1 tool per 3 provinces with your houses": "1 Werkzeug je 3 Provinzen mit deinen Häusern",
    "an Architect movement, without building": "eine Architekten-Bewegung, ohne Bauen",
    "1 brick + 1 food": "1 Ziegel + 1 Nahrung",
    "Architect, before building: 1 house without sestertii": "Architekt, vor dem Bauen: 1 Haus ohne Sesterzen",
    "Architect, before building: houses need no brick": "Architekt, vor dem Bauen: Häuser ohne Ziegel",
    "Architect, before building: 1 house in a salt city for 1 tool":
        "Architekt, vor dem Bauen: 1 Haus in einer Salzstadt für 1 Werkzeug",
    "2 sestertii per province with your houses": "2 Sesterzen je Provinz mit deinen Häusern",
    "a colonist for 5 sestertii instead of food + tool": "ein Kolonist für 5 Sesterzen statt Nahrung + Werkzeug",
    "1 salt": "1 Salz",
    "1 good of an active bonus marker": "1 Ware eines aktiven Bonusplättchens",
    "Tribune: exchange 1 good for another": "Tribun: 1 Ware gegen eine andere tauschen",
    "exchange up to 2 goods for other goods": "bis zu 2 Waren gegen andere tauschen",
    "Architect, before building: 1 house for 1 tool": "Architekt, vor dem Bauen: 1 Haus für 1 Werkzeug",
    "1 good of your choice": "1 Ware nach Wahl",
    "salt for {goods}": "Salz für {goods}",
    "with {card}": "mit {card}",
    "take {n} sestertii": "{n} Sesterzen nehmen",
    "take {n} tool": "{n} Werkzeug nehmen",
    "take 1 {good}": "1 {good} nehmen",
    "take 1 {good} ({province})": "1 {good} nehmen ({province})",
    "exchange {goods} for {n} salt": "{goods} gegen {n} Salz tauschen",
    "1 {good} for 1 {other}": "1 {good} gegen 1 {other}",
    "a {kind} colonist in {place} for 5 sestertii": "ein {kind}kolonist in {place} für 5 Sesterzen",
    "Use {card}: {effect}": "{card} nutzen: {effect}",
    "Keep {card} ({effect})": "{card} behalten ({effect})",
    "Take no forum card": "Keine Forumskarte nehmen",
    "Take {card} from forum position {k} ({effect})": "{card} von Forumsplatz {k} nehmen ({effect})",
    "Titus Valerius: exchange 1 {good} for 1 {other}": "Titus Valerius: 1 {good} gegen 1 {other} tauschen",
    "Sell 1 {good} of the bonus for {money} sestertii (Claudius Pompeius)":
        "1 {good} des Bonus für {money} Sesterzen verkaufen (Claudius Pompeius)",
    "Keep all bonus goods": "Alle Bonuswaren behalten",
    "Carry out a Diplomat instead (Sextus Pompeius)": "Stattdessen einen Diplomaten ausführen (Sextus Pompeius)",
    "Copy {card} in display slot {slot} (Lucius Flavius)": "{card} in Auslagefeld {slot} kopieren (Lucius Flavius)",
    "Exchange 1 salt for 1 {good}": "1 Salz gegen 1 {good} tauschen",
    "Place a {kind} colonist in {place} ({cost})": "{kind}kolonist in {place} einsetzen ({cost})",
    "Salt (Salsa): a joker good that pays for any good, made in salt cities":
        "Salz (Salsa): eine Jokerware, die jede Ware bezahlt, erzeugt in Salzstädten",
    "the board's default": "Vorgabe des Plans",
    "Salt": "Salz",
    "Forum (Salsa): keep 1 of 2 patricians; a Tribune takes forum cards (4/6/8/10 cards back)":
        "Forum (Salsa): 1 von 2 Patriziern behalten; ein Tribun nimmt Forumskarten (4/6/8/10 Karten zurück)",
    "on": "an",
    "off": "aus",
    "Forum (Salsa): keep a patrician; a Tribune takes forum cards":
        "Forum (Salsa): einen Patrizier behalten; ein Tribun nimmt Forumskarten",
    "forum: keep one of your two patricians": "Forum: behalte einen deiner zwei Patrizier",
    "Tribune: take a forum card (position k needs 4/6/8/10 cards taken back) or pass":
        "Tribun: nimm eine Forumskarte (Platz k braucht 4/6/8/10 zurückgenommene Karten) oder passe",
    "Claudius Pompeius: sell one bonus good at its price, or keep all":
        "Claudius Pompeius: verkaufe eine Bonusware zu ihrem Preis oder behalte alle",
    "Tableau": "Auslage",
    "needs {n} cards": "braucht {n} Karten",
    "deck {n}": "Stapel {n}",
    "discard {n}": "Ablage {n}",
    "next": "als Nächstes",
    "used": "genutzt",
    "no forum cards": "keine Forumskarten",
    "You may take up to position {k} ({n} cards)": "Du darfst bis Platz {k} nehmen ({n} Karten)",
    "No position is in reach ({n} cards)": "Kein Platz erreichbar ({n} Karten)",
    "the forum is empty": "das Forum ist leer",
    "Salsa: the forum (tableau and everyone's forum cards)": "Salsa: das Forum (Auslage und alle Forumskarten)",
    "forum: patrician / citizen": "Forum: Patrizier / Bürger",
}
"""The German of this module's words (the rulebook's: Salz, Patrizier, Bürger, Forumskarte)."""
