"""Actions, decisions and events in words (English; every user-visible string goes through ``tui.i18n.t``).

The words come from the state before the action is applied (a build's price, a move's length) and from the
engine's own helpers (``architect.distances``, ``market.price``, ``prefect.cash_bonus``): this module never
works a rule out by itself, it only says what the engine computed.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.concordia import GameState, describe, model
from engine.concordia.actions import (
    Accept,
    Action,
    Build,
    Buy,
    Cash,
    Copy,
    Done,
    Move,
    PlaceColonist,
    Play,
    Produce,
    Purchase,
    Recommend,
    Repeat,
    Sell,
    StartCity,
)
from engine.concordia.context import production_overflow
from engine.concordia.model import GOODS
from engine.concordia.rules import architect, market, mercator, prefect
from engine.concordia.state import Event
from tui.concordia import events
from tui.concordia.decision_words import action_note, decision_reason, partner_play_text
from tui.concordia.events import good_count, money_text
from tui.concordia.names import card_for_play_name, card_name, role_name
from tui.concordia.salsa_text import build_price_text, paid_text, salsa_action_text
from tui.i18n import is_you, t, tn


def good_name(good: str) -> str:
    return t(good)


def goods_list(goods: Sequence[str]) -> str:
    """``["brick", "wine", "wine"]`` -> ``1 brick + 2 wine``."""
    counts = {g: goods.count(g) for g in (*GOODS, model.SALT) if g in goods}  # salt may pay a '?'
    return " + ".join(good_count(g, n) for g, n in counts.items()) if counts else t("nothing")


def card_cost_text(card_id: str) -> str:
    return goods_list([g for g, n in model.cards()[card_id].cost for _ in range(n)])


def gods_text(card_id: str) -> str:
    """The card's gods in the current language (``Mercurius`` / ``Merkur``, as the market names them)."""
    from tui.concordia.names import god_name

    return "/".join(god_name(g) for g in model.cards()[card_id].gods)


def place_name(s: GameState, place: str) -> str:
    if place in s.map.routes:
        return route_name(s, place)
    return s.map.place_name(place)


def route_name(s: GameState, route: str) -> str:
    r = s.map.routes[route]
    return f"{s.map.place_name(r.a)}–{s.map.place_name(r.b)} ({t(r.kind)})"


def _steps(n: int) -> str:
    return t("1 step") if n == 1 else t("{n} steps").format(n=n)


def move_cost(s: GameState, a: Move) -> int | None:
    """Movement points a move costs now (the engine's shortest distance), or None outside an Architect."""
    f = s.frame
    if f is None or f.get("k") != "architect":
        return None
    kind = s.map.routes[a.route].kind
    return architect.distances(s, kind, a.source, int(f["pts"])).get(a.route)


def build_cost_text(s: GameState, player: int, city: str) -> str:
    """A house's price for ``player`` now, as the engine charges it (forum cards included, issue 18)."""
    goods, money = architect.house_price(s, player, city)
    return f"{goods_list(list(goods))} + {money_text(money)}"


def purchase_cost(s: GameState, a: Purchase) -> list[str]:
    f = s.frame
    mode = str(f["mode"]) if f is not None and "mode" in f else "senator"
    fixed, _anys = market.price(s, a.slot - 1, mode)
    return fixed + list(a.pay)


def action_text(s: GameState, a: Action, names: Sequence[str] | None = None, you: bool = False) -> str:
    """``a`` in words, as offered to the player who decides now in ``s`` (before it is applied), with the money
    it takes from the partner (``decision_words.action_note``). ``you``: said to the person who decides it (the
    prompt, a hint); otherwise the deciding seat is named (``Bot 2 gets ...``), never "you"."""
    return plain_action_text(s, a, names, you) + action_note(s, a)


def plain_action_text(s: GameState, a: Action, names: Sequence[str] | None = None, you: bool = False) -> str:
    """``a`` in words, without notes (see ``action_text``; without ``names`` the seat is "you")."""
    p = s.current_player

    def seat(q: int) -> str:
        return names[q] if names is not None and q < len(names) else f"P{q + 1}"

    if isinstance(a, Play):
        name = card_name(card_for_play_name(a.card))
        if a.role:
            return t("Play {card} as {role}").format(card=name, role=role_name(a.role))
        return t("Play {card}").format(card=name)
    if isinstance(a, Move):
        kind = s.map.routes[a.route].kind
        cost = move_cost(s, a)
        where = place_name(s, a.source)
        r = s.map.routes[a.route]
        dst = f"{s.map.place_name(r.a)}–{s.map.place_name(r.b)}"
        text = t("Move {kind} colonist {src} → {dst}").format(kind=t(kind), src=where, dst=dst)
        return text + (f", {_steps(cost)}" if cost is not None else "")
    if isinstance(a, Build):
        city = s.map.cities[a.city]
        return t("Build a house in {city} ({good}) for {cost}").format(
            city=city.name, good=good_name(s.tiles[a.city]), cost=build_price_text(s, p, a.city, a.salt, a.using)
        )
    if isinstance(a, Produce):
        prov = s.map.provinces[a.province]
        gains = prefect.production(s, p, a.province)[p]
        kinds = (*GOODS, model.SALT) if s.config.salt else GOODS  # with salt, production lists salt last
        got = ", ".join(good_count(g, n) for g, n in zip(kinds, gains, strict=True) if n)
        who = names[p] if names is not None and p < len(names) else ""
        said_to_you = you or not who or is_you(who)
        if production_overflow(s, a):  # R-TURN-4: early in the words, so that a narrow prompt shows it
            if said_to_you:
                return t("Produce in {province} (overflow: you get {goods}, room for {n})").format(
                    province=prov.name, goods=got, n=s.players[p].free_slots)
            return t("Produce in {province} (overflow: {seat} gets {goods}, room for {n})").format(
                province=prov.name, seat=who, goods=got, n=s.players[p].free_slots)
        if said_to_you:
            return t("Produce in {province} (you get {goods})").format(province=prov.name, goods=got)
        return t("Produce in {province} ({seat} gets {goods})").format(province=prov.name, seat=who, goods=got)
    if isinstance(a, Cash):
        if s.decision == "prefect":
            return t("Take the cash bonus ({money})").format(money=money_text(prefect.cash_bonus(s)))
        return t("Take {money} instead").format(money=money_text(5 + s.colonists_on_board(p)))
    if isinstance(a, PlaceColonist):
        if a.salt:  # R-SALSA-SALT: salt pays for the food or the tool
            return t("Place a {kind} colonist in {place} ({cost})").format(
                kind=t(a.kind), place=s.map.place_name(a.place), cost=paid_text(("food", "tool"), a.salt))
        return t("Place a {kind} colonist in {place} (1 food + 1 tool)").format(
            kind=t(a.kind), place=s.map.place_name(a.place)
        )
    if isinstance(a, Sell):
        price = model.components().prices[a.good]
        return t("Sell {goods} for {money}").format(goods=good_count(a.good, a.count),
                                                    money=money_text(a.count * price))
    if isinstance(a, Buy):
        price = model.components().prices[a.good]
        return t("Buy {goods} for {money}").format(goods=good_count(a.good, a.count),
                                                   money=money_text(a.count * price))
    if isinstance(a, Purchase):
        cid = s.display[a.slot - 1]
        name = card_name(cid) if cid else "?"
        return t("Buy {card} from slot {slot} for {cost}").format(
            card=name, slot=a.slot, cost=paid_text(purchase_cost(s, a), a.salt)
        )
    if isinstance(a, Copy):
        top = s.top_card(a.seat - 1)
        name = card_name(top) if top else "?"
        text = t("Copy {card} of {seat}").format(card=name, seat=seat(a.seat - 1))
        return text + (" " + t("as {role}").format(role=role_name(a.role)) if a.role else "")
    if isinstance(a, Repeat):
        return t("Repeat as {role}").format(role=role_name(a.role))
    if isinstance(a, Accept):
        return t("Take {goods}").format(goods=", ".join(good_count(g, n) for g, n in a.goods))
    if isinstance(a, Recommend):
        return t("Recommend {card}").format(card=card_name(card_for_play_name(a.card)))
    if isinstance(a, StartCity):
        return t("Start in {city}").format(city=s.map.place_name(a.city))
    if isinstance(a, Done):
        return done_text(s)
    salsa = salsa_action_text(s, a)
    return salsa if salsa is not None else str(a)  # pragma: no cover - every action kind is named above


def done_text(s: GameState) -> str:
    """What ``done`` means in the pending decision."""
    k = s.decision
    if k == "architect":
        return t("End the Architect")
    if k == "mercator":
        return t("End trading")
    if k == "buy":
        return t("Buy nothing more")
    if k == "tribune":
        return t("Place no colonist")
    if k == "colonist":
        return t("Place no more colonists")
    if k in ("diplomat", "magister"):
        return t("Copy nothing")
    if k == "prefect":
        return t("Do nothing")
    return t("Done")


THIRD_PERSON: dict[str, str] = {
    "play": "play a card from their hand",
    "keep": "forum: keep one of their two patricians",
    "startcity": "choose the starting city of their two colonists (a city not directly connected to the capital)",
    "follow": "carry out their partner's card",
    "partnerplay": (
        "play a card from their hand (not a Legatus): under their partner's Legatus it counts for both of "
        "them, this player first; under the partner's Prokonsul for this player alone"
    ),
    "recommend": "Legatus: look at their partner's hand and recommend a card for the partner to play",
}
"""The decisions the engine words for the person deciding ("your hand"), said of another seat."""


def decision_text(
    s: GameState, names: Sequence[str] | None = None, viewer: int | None = None, you: bool = True
) -> str:
    """The pending decision in words, with who decides: ``Anna — Mercator: sell or buy ...``; ``viewer`` is the
    seat whose screen shows it (``decision_words.partner_play_text``).

    ``you`` False: the seat deciding is not the person at this screen (a bot, another person), so the
    decision is said of them (``their hand``), never "your"."""
    if s.is_over:
        return t("The game is over")
    p = s.current_player
    who = names[p] if names is not None else f"P{p + 1}"
    third = THIRD_PERSON.get(s.decision)
    what = decision_reason(s, names) + (
        partner_play_text(s, names, viewer) or (t(third) if third is not None and not you else t(describe(s)))
    )
    f = s.frame
    if s.decision == "architect" and f is not None:
        n = int(f["pts"])
        what += " " + tn("({n} movement point left)", "({n} movement points left)", n).format(n=n)
    if s.decision == "buy" and f is not None:
        what += " " + t("({n} more)").format(n=f["left"])
    if s.decision == "mercator" and mercator.trade_types(s, p) == 3:  # R-FORUM-SERVIUS-MARCELLUS
        what = what.replace(t(describe(s)), t("Mercator: sell or buy up to 3 types of goods (Servius Marcellus), "
                                              "or done"))
    return f"{who} — {what}"


def event_text(event: Event, names: Sequence[str] | None = None) -> str:
    """An engine event (``("takes_money", {"player": 1, "amount": 5})``) in words: ``Anna takes 5 sestertii``."""
    return events.event_text(event, names)


ROLE_SHORT: dict[str, str] = {
    "tribune": "take cards back, +1 per card over 3; colonist",
    "architect": "move colonists, build houses",
    "prefect": "a province produces, or cash bonus",
    "mercator": "take money, trade 2 goods",
    "diplomat": "copy a top card of another",
    "senator": "buy up to 2 cards",
    "consul": "buy 1 card at card cost",
    "colonist": "new colonists, or cash",
    "mason": "1 brick per brick house",
    "farmer": "1 food per food house",
    "smith": "1 tool per tool house",
    "vintner": "1 wine per wine house",
    "weaver": "1 cloth per cloth house",
    "magister": "repeat the card beneath",
    "praetor": "buy 1 card (team)",
    "prokonsul": "buy 1 card at card cost (team)",
    "legatus": "recommend a card to the partner",
}
"""A role's action in a few words (for the hand and the market)."""


def role_short(role: str) -> str:
    return t(ROLE_SHORT.get(role, role))


def card_short(card_id: str) -> str:
    """``Prefect/Architect: a province produces ... | move colonists ...`` in a few words."""
    card = model.cards()[card_id]
    return " | ".join(role_short(r) for r in card.roles)
