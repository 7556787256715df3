"""Massilia in words: goods, dice, figures, gods and days, every action and event, in English and German.

The engine writes actions as short texts (``take brown5``, ``buy violet 2 neptunus``); a player reads
"take the brown 5 from the temple" or "buy 2 violet and 1 beige (Neptunus)". The German words are the
rulebook's (Ansehen, Sesterzen, Konsul, Tempel, Hafen), in ``tui/massilia/locale/de/LC_MESSAGES/massilia.po``.
Player names are passed in as plain text and never parsed as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.massilia import actions as A
from engine.massilia.components import DICE, FIGURES, GOODS
from tui import glyphs
from tui.i18n import t, tn

GOOD_LETTER: dict[str, str] = {"pink": "P", "orange": "O", "violet": "V", "beige": "B"}
"""One letter per good: colour is never the only signal."""
GOOD_STYLE: dict[str, str] = {"pink": "bright_magenta", "orange": "dark_orange", "violet": "purple", "beige": "wheat1"}
DIE_LETTER: dict[str, str] = {"beige": "e", "brown": "n", "black": "k", "grey": "g"}
"""One letter per die colour in the compact dice lists (b-e-ige, brow-n, blac-k, g-rey)."""
DIE_STYLE: dict[str, str] = {"beige": "wheat1", "brown": "dark_goldenrod", "black": "bold white", "grey": "grey62"}
FIGURE_LETTER: dict[str, str] = {"consul": "C", "pink": "p", "orange": "o", "violet": "v"}
"""The consul and the three customers on the path (a customer's letter is its good's, lower case)."""

DAYS: tuple[str, ...] = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
"""The seven rounds are the days of a week (R-ROUND-1)."""

GOD_NAMES_DE: dict[str, str] = {
    "Jupiter": "Jupiter", "Neptunus": "Neptun", "Mars": "Mars", "Mercurius": "Merkur", "Pluto": "Pluto",
    "Minerva": "Minerva", "Phoebus": "Phoebus", "Juno": "Juno", "Venus": "Venus",
}

def who(names: Sequence[str] | None, seat: int) -> str:
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return glyphs.player_letter(seat)


def good_name(g: int) -> str:
    return t(GOODS[g])


def goods_words(goods: Sequence[int]) -> str:
    """``2 pink, 1 beige`` (``no cubes`` for none)."""
    parts = [f"{n} {good_name(i)}" for i, n in enumerate(goods) if n]
    return ", ".join(parts) if parts else t("no cubes")


def die_words(d: int) -> str:
    """``brown 5``."""
    return f"{t(DICE[d // 6])} {d % 6 + 1}"


def dice_words(dice: Sequence[int]) -> str:
    if not dice:
        return t("none")
    return ", ".join(die_words(d) if d >= 0 else t(DICE[-1 - d]) + " ?" for d in dice)


def die_short(d: int) -> str:
    """``n5`` for a brown 5: a letter and the face (``n?`` for a face hidden behind another screen)."""
    if d < 0:
        return f"{DIE_LETTER[DICE[-1 - d]]}?"
    return f"{DIE_LETTER[DICE[d // 6]]}{d % 6 + 1}"


def figure_words(f: int) -> str:
    if f == 0:
        return t("the consul")
    return t("the {good} customer").format(good=t(FIGURES[f]))


def god_name(god: str) -> str:
    return t(god.capitalize())


def day_name(day: int) -> str:
    return t(DAYS[(day - 1) % 7])


def _mercurius(m: int) -> str:
    return "" if m == 0 else " (" + t("Mercurius {sign}1").format(sign="+" if m > 0 else "-") + ")"


def action_text(state: Any, action: Any, names: Sequence[str] | None) -> str:
    """The decision in words for the prompt and the log (without the deciding player's name)."""
    a = action
    if isinstance(a, A.StartStall):
        return t("open a start stall on space {n}").format(n=a.space)
    if isinstance(a, A.Keep):
        body = t("keep no dice") if not a.dice else t("keep {dice} (pay {cost})").format(
            dice=dice_words(a.dice), cost=max(0, len(a.dice) - (2 if a.mars else 0)) * 2)
        return body + (" " + t("with Mars") if a.mars else "")
    if isinstance(a, A.Venus):
        return tn("play Venus: return {n} stone", "play Venus: return {n} stones", a.count).format(n=a.count)
    if isinstance(a, A.Pass):
        return t("pass (take the round tile)")
    if isinstance(a, A.Take):
        return (t("take your kept {die}") if a.kept else t("take {die} from the temple")).format(die=die_words(a.die))
    if isinstance(a, A.Add):
        return (t("add your kept {die}") if a.kept else t("add {die} from the temple")).format(die=die_words(a.die))
    if isinstance(a, A.As):
        text = t("use as {colour} action, value {v}").format(colour=t(DICE[a.colour]), v=a.value)
        cards = [god_name(g) for g, on in (("phoebus", a.phoebus), ("juno", a.juno), ("minerva", a.minerva)) if on]
        stones = use_stones(state, a)
        extra = ([t("stones: {n}").format(n=stones)] if stones is not None else []) + cards
        return text + (" (" + ", ".join(extra) + ")" if extra else "")
    if isinstance(a, A.Buy):
        value = buy_value(state)
        beige = value - a.count if value is not None else None
        if beige:
            text = t("buy {count} {good} and {beige} beige").format(count=a.count, good=good_name(a.good), beige=beige)
        else:
            text = t("buy {count} {good}").format(count=a.count, good=good_name(a.good))
        return text + (" (Neptunus)" if a.neptunus else "") + _mercurius(a.mercurius) + _cost(buy_cost(state, a))
    if isinstance(a, A.Place):
        return t("place {goods} on stall {n}").format(goods=goods_words(a.goods), n=a.space)
    if isinstance(a, A.Reputation):
        v = frame_value(state)
        cost = v * (state.prices[0] + a.mercurius) if v is not None else None
        return t("buy {v} reputation").format(v=v if v is not None else "?") + _mercurius(a.mercurius) + _cost(cost)
    if isinstance(a, A.Offer):
        return t("sacrifice {goods} from stall {n}").format(goods=goods_words(a.goods), n=a.space)
    if isinstance(a, A.God):
        if a.source:
            card = state.display[a.source - 1] if state is not None else None
            text = t("take god card {n} ({god})").format(n=a.source, god=god_name(card) if card else "?")
        else:
            text = t("draw the top god card")
        return text + (" " + t("and one more (Jupiter)") if a.jupiter else "")
    if isinstance(a, A.Move):
        text = t("move {figure} to field {n}").format(figure=figure_words(a.figure), n=a.dest)
        return text + _mercurius(a.mercurius) + move_effect(state, a, names)
    if isinstance(a, A.Pluto):
        return t("play Pluto") if a.play else t("do not play Pluto")
    if isinstance(a, A.Pay):
        return t("pay tax for {goods}").format(goods=goods_words(a.goods))
    if isinstance(a, A.Build):
        return t("build a stall here (5 sesterces)") if a.build else t("do not build")
    if isinstance(a, A.Shift):
        return t("move {goods} from stall {n} to the new stall").format(goods=goods_words(a.goods), n=a.space)
    if isinstance(a, A.Done):
        return t("end the turn")
    return str(a)


def move_effect(state: Any, a: A.Move, names: Sequence[str] | None) -> str:
    """What a move leads to, as the rules decide it: a customer's sale at the mover's stall (R-CUST-1), or where
    the consul stops (a stall of whom, or a free space: R-CONSUL)."""
    if state is None or not getattr(state, "owner", None) or not 0 <= a.dest < len(state.owner):
        return ""
    owner = state.owner[a.dest]
    mover = state.current_player
    if a.figure:
        from engine.massilia.rules.market import sale

        good, count = sale(state, mover, a.figure, a.dest)
        return ", " + t("sells {count} {good} to it").format(count=count, good=good_name(good)) if count else ""
    if owner < 0:
        return ", " + t("on a free space")
    if owner == mover:
        return ", " + t("at your stall")
    return ", " + t("at a stall of {who}").format(who=who(names, owner))


def _cost(cost: int | None) -> str:
    return "" if cost is None else ", " + t("costs {n}").format(n=cost)


def buy_cost(state: Any, a: A.Buy) -> int | None:
    """The sesterces a purchase costs (R-BEIGE-1, Neptunus and Mercurius included), from the engine's own rule."""
    value = buy_value(state)
    if value is None:
        return None
    from engine.massilia.components import SLOT_OF_GOOD
    from engine.massilia.rules.dice import purchase_cost

    return purchase_cost(state.prices[SLOT_OF_GOOD[a.good]] + a.mercurius, a.count, value, a.neptunus)


def frame_value(state: Any) -> int | None:
    """The value V of the action being carried out (the pending frame's ``v``), if any."""
    frames = getattr(state, "frames", None)
    if frames and "v" in frames[-1]:
        return int(frames[-1]["v"])
    return None


def buy_value(state: Any) -> int | None:
    return frame_value(state) if state is not None and getattr(state, "decision", "") == "beige" else None


def use_stones(state: Any, a: A.As) -> int | None:
    """The penalty stones an ``As`` costs (R-DIE-3), from the engine's own count; None when unknown."""
    if state is None or not getattr(state, "frames", None) or state.frames[-1].get("k") != "use":
        return None
    try:
        from engine.massilia.rules.dice import stones_for
    except ImportError:
        return None
    try:
        return int(stones_for(state, list(state.frames[-1]["g"]), a))
    except Exception:  # a wording helper must never stop the game
        return None


def event_text(event: Any, names: Sequence[str] | None) -> str:
    """One of ``state.events`` in words."""
    try:
        kind, p = event
    except (TypeError, ValueError):
        return str(event)
    w = who(names, int(p.get("player", -1))) if isinstance(p, dict) else ""
    if kind == "start_stall":
        return t("{who} opens a start stall on space {n}").format(who=w, n=p["space"])
    if kind == "day":
        order = " ".join(glyphs.player_letter(q) for q in p["order"])
        return t("{day}: the order is {order}").format(day=day_name(p["round"]), order=order)
    if kind == "roll_temple":
        return t("the temple rolls {dice}").format(dice=dice_words(p["dice"]))
    if kind == "roll":
        if any(d < 0 for d in p["dice"]):
            return t("{who} rolls behind the screen").format(who=w)
        return t("{who} rolls {dice}").format(who=w, dice=dice_words(p["dice"]))
    if kind == "keep":
        return t("{who} keeps {dice}, pays {paid}; to the temple: {temple}").format(
            who=w, dice=dice_words(p["dice"]), paid=p["paid"], temple=dice_words(p["temple"]))
    if kind == "use":
        return t("{who} uses {dice} as {colour} {v} ({stones} stones)").format(
            who=w, dice=dice_words(p["dice"]), colour=t(DICE[p["colour"]]), v=p["value"], stones=p["stones"])
    if kind == "move":
        return t("{who} moves the {figure} to field {n}").format(who=w, figure=t(FIGURES[p["figure"]]), n=p["field"])
    if kind == "sacrifice":
        return t("{who} sacrifices {goods} from stall {n}").format(who=w, goods=goods_words(p["goods"]), n=p["space"])
    if kind == "god_taken":
        if "card" in p:
            return t("{who} takes {god}").format(who=w, god=god_name(p["card"]))
        return t("{who} takes a god card").format(who=w)
    if kind == "draw":
        return t("{who} draws {god}").format(who=w, god=god_name(p["card"]))
    if kind == "refill":
        return t("{god} is turned up").format(god=god_name(p["card"]) if p.get("card") else t("none"))
    if kind == "reputation":
        return t("{who} buys {v} reputation for {paid}").format(who=w, v=p["points"], paid=p["paid"])
    if kind == "pass":
        if p["tile"]:
            return t("{who} passes and takes {n} sesterces").format(who=w, n=p["tile"])
        return t("{who} passes last").format(who=w)
    if kind == "god_played":
        return t("{who} plays {god}").format(who=w, god=god_name(p["god"]))
    if kind == "venus":
        return tn("{who} returns {n} stone", "{who} returns {n} stones", int(p["stones"])).format(
            who=w, n=p["stones"])
    if kind == "order":
        return t("new order: {order}").format(order=" ".join(glyphs.player_letter(q) for q in p["order"]))
    if kind == "prices":
        return t("prices (temple, violet, orange, pink): {prices}").format(prices=" ".join(map(str, p["prices"])))
    if kind == "buy":
        return t("{who} buys {count} {good} and {beige} beige for {paid}").format(
            who=w, count=p["count"], good=good_name(p["good"]), beige=p["beige"], paid=p["paid"])
    if kind == "place":
        return t("{who} places {goods} on stall {n}").format(who=w, goods=goods_words(p["goods"]), n=p["space"])
    if kind == "last_stall":
        return t("{who}'s last stall on {n} stays open").format(who=w, n=p["space"])
    if kind == "close":
        return t("{who}'s empty stall on {n} closes").format(who=w, n=p["space"])
    if kind == "game_over":
        return t("the game is over")
    if kind == "tax":
        return t("{who} pays {paid} tax at stall {n}, {back} cubes go to the harbour").format(
            who=w, paid=p["paid"], n=p["space"], back=p["returned"] if isinstance(p["returned"], int)
            else sum(p["returned"]))
    if kind == "pluto":
        return t("{who} protects stall {n} with Pluto").format(who=w, n=p["space"])
    if kind == "sale":
        return t("{who} sells {count} {good} at stall {n}: +{money} sesterces, +{rep} reputation").format(
            who=w, count=p["count"], good=good_name(p["good"]), n=p["space"], money=p["money"], rep=p["reputation"])
    if kind == "build":
        return t("{who} builds a stall on {n}").format(who=w, n=p["space"])
    if kind == "shift":
        return t("{who} moves {goods} from stall {a} to {b}").format(
            who=w, goods=goods_words(p["goods"]), a=p["from"], b=p["to"])
    if kind == "reshuffle":
        return t("the discard pile is shuffled into a new deck")
    if kind == "auto":  # the only legal action, carried out by the engine: worded like a chosen one
        try:
            action = action_text(None, A.parse(str(p["action"])), names)
        except Exception:  # a wording helper must never stop the game: the engine's text then
            action = str(p["action"])
        return t("automatic: {action}").format(action=action)
    return str(kind)


GROUPS: tuple[tuple[type, str], ...] = (
    (A.StartStall, "Stall"), (A.Keep, "Keep"), (A.Take, "Take die"), (A.Add, "Add die"), (A.As, "Use"),
    (A.Buy, "Buy"), (A.Place, "Place"), (A.Reputation, "Buy"), (A.Offer, "Sacrifice"), (A.God, "God card"),
    (A.Move, "Move"), (A.Pluto, "Pluto"), (A.Pay, "Tax"), (A.Build, "Build"), (A.Shift, "Shift"),
    (A.Venus, "Venus"), (A.Pass, "Pass"), (A.Done, "End"),
)
"""The order in which the decision panel lists the kinds of choice, with each kind's heading."""


def group_of(action: Any) -> tuple[int, str]:
    for i, (cls, label) in enumerate(GROUPS):
        if isinstance(action, cls):
            return i, label
    return len(GROUPS), "?"


def choice_lines(state: Any, legal: Sequence[Any], names: Sequence[str] | None) -> list[tuple[str, Any]]:
    """Every legal action once, as (line, action), grouped by kind: ``Move: move the consul to field 8``."""
    ordered = sorted(enumerate(legal), key=lambda ia: (group_of(ia[1])[0], ia[0]))
    return [(f"{t(group_of(a)[1])}: {action_text(state, a, names)}", a) for _i, a in ordered]
