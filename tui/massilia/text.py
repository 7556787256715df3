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
from tui.i18n import N_, is_you, t, tn

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
    "Jupiter": "Jupiter", "Neptunus": "Neptunus", "Mars": "Mars", "Mercurius": "Mercurius", "Pluto": "Pluto",
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
    """The figure as the object of a move: ``the consul``, ``the violet customer`` (German declines the colour:
    ``den violetten Kunden``, so each customer is its own string)."""
    words = (t("the consul"), t("the pink customer"), t("the orange customer"), t("the violet customer"))
    return words[f] if 0 <= f < len(words) else t("the {good} customer").format(good=t(FIGURES[f]))


def god_name(god: str) -> str:
    return t(god.capitalize())


def god_effect(god: str) -> str:
    """What a god card does, in a few words (the rules chapter's god table, ``tui.massilia.rules.GOD_TEXT``)."""
    from tui.i18n import language

    from .rules import GOD_TEXT

    texts = GOD_TEXT.get(god.lower())
    if texts is None:
        return ""
    return texts[1 if language() == "de" else 0]


def day_name(day: int) -> str:
    return t(DAYS[(day - 1) % 7])


def _mercurius(m: int) -> str:
    return "" if m == 0 else " (" + t("Mercurius {sign}1").format(sign="+" if m > 0 else "-") + ")"


def action_text(state: Any, action: Any, names: Sequence[str] | None, chooser: bool = False) -> str:
    """The decision in words for the prompt and the log (without the deciding player's name).

    ``chooser``: worded for the seat that chooses (the decision panel), with what only it may know: whether a
    die costs it a penalty stone, whether it could build. The log (every reader) leaves those out, since they
    follow from sesterces behind the chooser's screen."""
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
        return pass_words(state)
    if isinstance(a, A.Take):
        text = t("take a kept {die}") if a.kept else t("take {die} from the temple")
        return text.format(die=die_words(a.die)) + (stones_warning(state, a) if chooser else "")
    if isinstance(a, A.Add):
        text = t("add a kept {die}") if a.kept else t("add {die} from the temple")
        return text.format(die=die_words(a.die)) + (stones_warning(state, a) if chooser else "")
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
        return text + (" (Neptunus)" if a.neptunus else "") + _mercurius(a.mercurius) + _cost(buy_cost(state, a)) + (
            _buy_marker(state, a.good) if chooser else "")
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
        return text + _mercurius(a.mercurius) + move_effect(state, a, names, chooser=chooser)
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


SHORT_FIGURES = (N_("consul"), N_("pink customer"), N_("orange customer"), N_("violet customer"))
"""Each figure as the subject of a short row (German declines the colour: ``violetter Kunde``)."""


def short_text(state: Any, action: Any, names: Sequence[str] | None, chooser: bool = True,
               tiny: bool = False) -> str:
    """A shorter wording of ``action_text`` for a narrow decision panel, with the same numbers: the move's
    figure and field and its sale or the consul's effect in few words (``tiny``: fewer still, for 80
    columns); other actions as they are."""
    a = action
    if isinstance(a, A.Move):
        figure = t(SHORT_FIGURES[a.figure]) if 0 <= a.figure < len(SHORT_FIGURES) else str(a.figure)
        return t("{figure} to {n}").format(figure=figure, n=a.dest) + _mercurius(a.mercurius) + move_effect(
            state, a, names, short=True, chooser=chooser, tiny=tiny)
    return action_text(state, a, names, chooser)


def move_effect(state: Any, a: A.Move, names: Sequence[str] | None, short: bool = False,
                chooser: bool = False, tiny: bool = False) -> str:
    """What a move leads to, from the engine's preview (``engine.massilia.preview``): a customer's sale at the
    mover's stall with its gain and the marker's rise (R-CUST-1/2), or what the consul does where he stops
    (R-CONSUL: a build, a tax, a closing). Worded for any reader: "own stall", never "your stall"."""
    if state is None or not getattr(state, "owner", None) or not 0 <= a.dest < len(state.owner):
        return ""
    from engine.massilia.preview import consul_stop, sale_gain

    try:
        gain = sale_gain(state, a)
        stop = consul_stop(state, a)
    except (IndexError, KeyError, TypeError, ValueError):  # a wording helper must never stop the game
        return ""
    if gain is not None:
        words = t("{count} {good}, +{money} sest., +{rep} rep.") if tiny else \
            t("sells {count} {good}: +{money} sest., +{rep} rep.") if short else \
            t("sells {count} {good}: +{money} sesterces, +{rep} reputation")
        text = (": " if tiny else ", ") + words.format(
            count=gain.count, good=good_name(gain.good), money=gain.money, rep=gain.reputation)
        if short and gain.marker_after != gain.marker:
            text += ", " + t("marker {old}>{new}").format(old=gain.marker, new=gain.marker_after)
        elif gain.marker_after != gain.marker:
            text += ", " + t("{good} marker {old}>{new}").format(
                good=good_name(gain.good), old=gain.marker, new=gain.marker_after)
        return text
    if stop is None:
        return ", " + t("no sale") if state.owner[a.dest] == state.current_player else ""
    mover = state.current_player
    owner = str(stop.owner + 1) if tiny else who(names, stop.owner)  # tiny: the owner's digit, as on the board
    whose = t("own stall") if stop.owner == mover else t("stall of {who}").format(who=owner)
    if stop.kind == "free":
        if not chooser:
            return ", " + t("on a free space")
        return ", " + (t("free space: may build (5 sesterces)") if stop.can_build else t("free space, cannot build"))
    # R-GOD-5: only the chooser reads it (worked out on his view, it says "may", never who holds a Pluto)
    pluto = ", " + (t("Pluto?") if tiny else t("Pluto may stop it")) if stop.pluto and chooser else ""
    if stop.kind == "tax":
        n = int(stop.cubes)
        words = (tn("tax at {whose}: {n} cube", "tax at {whose}: {n} cubes", n) if short
                 else tn("tax at {whose}: {n} cube, 1 sesterce each kept",
                         "tax at {whose}: {n} cubes, 1 sesterce each kept", n))
        return ", " + words.format(whose=whose, n=stop.cubes) + pluto
    if stop.kind == "last":
        return ", " + t("{whose}: last stall, nothing happens").format(whose=whose)
    closes = t("{whose} closes") if tiny else t("{whose} is empty and closes")
    return ", " + closes.format(whose=whose) + pluto + (
        ", " + t("may build (5 sesterces)") if stop.can_build and chooser else "")


def pass_words(state: Any) -> str:
    """The pass with its round tile (R-PASS): the sesterces it brings, or none for the last to pass (who starts
    the next day)."""
    if state is None or not getattr(state, "players", None):
        return t("pass (take the round tile)")
    from engine.massilia.preview import pass_tile

    tile = pass_tile(state)
    if tile:
        return t("pass: round tile {n}, +{n} sesterces").format(n=tile)
    return t("pass last: no tile, first in the next day's order")


def stones_warning(state: Any, a: A.Take | A.Add) -> str:
    """`` (costs 1 penalty stone)`` when the die taken cannot be used on its own without one (R-DIE-3)."""
    if state is None or not getattr(state, "frames", None) or getattr(state, "phase", "") != "actions":
        return ""
    from engine.massilia.preview import least_stones

    try:
        least = least_stones(state, a)
    except (IndexError, KeyError, TypeError, ValueError, AttributeError):
        return ""
    if not least:
        return ""
    if isinstance(a, A.Take):
        words = tn("alone: {n} penalty stone", "alone: {n} penalty stones", least)
    else:
        words = tn("then at least {n} penalty stone", "then at least {n} penalty stones", least)
    return " (" + words.format(n=least) + ")"


def _buy_marker(state: Any, good: int) -> str:
    """``, marker 2>1``: a purchase lowers its good's point marker (R-BEIGE), said where it changes."""
    if state is None or not getattr(state, "markers", None):
        return ""
    from engine.massilia.preview import buy_marker

    old, new = buy_marker(state, good)
    return ", " + t("marker {old}>{new}").format(old=old, new=new) if new != old else ""


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
    you = is_you(w)  # the single person's default name "1 You": the verb agrees ("1 You place", "1 Du legst")
    if kind == "start_stall":
        text = (t("{who} open a start stall on space {n}") if you
                else t("{who} opens a start stall on space {n}"))
        return text.format(who=w, n=p["space"])
    if kind == "day":
        order = " ".join(glyphs.player_letter(q) for q in p["order"])
        return t("{day}: the order is {order}").format(day=day_name(p["round"]), order=order)
    if kind == "roll_temple":
        return t("the temple rolls {dice}").format(dice=dice_words(p["dice"]))
    if kind == "roll":
        if any(d < 0 for d in p["dice"]):
            return t("{who} rolls behind the screen").format(who=w)
        # worded without a verb for its subject, which may be the reader ("1 You")
        return t("roll of {who}: {dice}").format(who=w, dice=dice_words(p["dice"]))
    if kind == "keep":
        text = (t("{who} keep {dice}, pay {paid}; to the temple: {temple}") if you
                else t("{who} keeps {dice}, pays {paid}; to the temple: {temple}"))
        return text.format(
            who=w, dice=dice_words(p["dice"]), paid=p["paid"], temple=dice_words(p["temple"]))
    if kind == "to_temple":
        return t("to the temple: {dice}").format(dice=dice_words(p["dice"]))
    if kind == "use":
        text = (t("{who} use {dice} as {colour} {v}, penalty stones: {stones}") if you
                else t("{who} uses {dice} as {colour} {v}, penalty stones: {stones}"))
        return text.format(
            who=w, dice=dice_words(p["dice"]), colour=t(DICE[p["colour"]]), v=p["value"], stones=p["stones"])
    if kind == "move":
        text = (t("{who} move the {figure} to field {n}") if you
                else t("{who} moves the {figure} to field {n}"))
        return text.format(who=w, figure=t(FIGURES[p["figure"]]), n=p["field"])
    if kind == "sacrifice":
        text = (t("{who} sacrifice {goods} from stall {n}") if you
                else t("{who} sacrifices {goods} from stall {n}"))
        return text.format(who=w, goods=goods_words(p["goods"]), n=p["space"])
    if kind == "god_taken":
        if "card" in p:
            text = (t("{who} take {god}") if you
                    else t("{who} takes {god}"))
            return text.format(who=w, god=god_name(p["card"]))
        text = (t("{who} take a god card") if you
                else t("{who} takes a god card"))
        return text.format(who=w)
    if kind == "draw":
        return t("drawn by {who}: {god}").format(who=w, god=god_name(p["card"]))
    if kind == "refill":
        return t("{god} is turned up").format(god=god_name(p["card"]) if p.get("card") else t("none"))
    if kind == "reputation":
        text = (t("{who} buy {v} reputation for {paid}") if you
                else t("{who} buys {v} reputation for {paid}"))
        return text.format(who=w, v=p["points"], paid=p["paid"])
    if kind == "pass":
        if p["tile"]:
            text = (t("{who} pass and take {n} sesterces") if you
                    else t("{who} passes and takes {n} sesterces"))
            return text.format(who=w, n=p["tile"])
        text = (t("{who} pass last") if you
                else t("{who} passes last"))
        return text.format(who=w)
    if kind == "god_played":
        text = (t("{who} play {god}") if you
                else t("{who} plays {god}"))
        return text.format(who=w, god=god_name(p["god"]))
    if kind == "venus":
        returns = tn("{who} return {n} stone", "{who} return {n} stones", int(p["stones"])) if you else \
            tn("{who} returns {n} stone", "{who} returns {n} stones", int(p["stones"]))
        return returns.format(
            who=w, n=p["stones"])
    if kind == "order":
        return t("new order: {order}").format(order=" ".join(glyphs.player_letter(q) for q in p["order"]))
    if kind == "prices":
        return t("prices (temple, violet, orange, pink): {prices}").format(prices=" ".join(map(str, p["prices"])))
    if kind == "buy":
        if not p["beige"]:
            text = (t("{who} buy {count} {good} for {paid}") if you
                    else t("{who} buys {count} {good} for {paid}"))
            return text.format(
                who=w, count=p["count"], good=good_name(p["good"]), paid=p["paid"])
        text = (t("{who} buy {count} {good} and {beige} beige for {paid}") if you
                else t("{who} buys {count} {good} and {beige} beige for {paid}"))
        return text.format(
            who=w, count=p["count"], good=good_name(p["good"]), beige=p["beige"], paid=p["paid"])
    if kind == "place":
        text = (t("{who} place {goods} on stall {n}") if you
                else t("{who} places {goods} on stall {n}"))
        return text.format(who=w, goods=goods_words(p["goods"]), n=p["space"])
    if kind == "last_stall":
        text = (t("your last stall on {n} stays open") if you
                else t("{who}'s last stall on {n} stays open"))
        return text.format(who=w, n=p["space"])
    if kind == "close":
        text = (t("your empty stall on {n} closes") if you
                else t("{who}'s empty stall on {n} closes"))
        return text.format(who=w, n=p["space"])
    if kind == "game_over":
        return t("the game is over")
    if kind == "tax":
        back = p["returned"] if isinstance(p["returned"], int) else sum(p["returned"])
        pays = tn("{who} pay {paid} tax at stall {n}, {back} cube goes to the harbour",
                  "{who} pay {paid} tax at stall {n}, {back} cubes go to the harbour", back) if you else \
            tn("{who} pays {paid} tax at stall {n}, {back} cube goes to the harbour",
               "{who} pays {paid} tax at stall {n}, {back} cubes go to the harbour", back)
        return pays.format(
            who=w, paid=p["paid"], n=p["space"], back=back)
    if kind == "pluto":
        text = (t("{who} protect stall {n} with Pluto") if you
                else t("{who} protects stall {n} with Pluto"))
        return text.format(who=w, n=p["space"])
    if kind == "sale":
        text = (t("{who} sell {count} {good} at stall {n}: +{money} sesterces, +{rep} reputation") if you
                else t("{who} sells {count} {good} at stall {n}: +{money} sesterces, +{rep} reputation"))
        return text.format(
            who=w, count=p["count"], good=good_name(p["good"]), n=p["space"], money=p["money"], rep=p["reputation"])
    if kind == "build":
        text = (t("{who} build a stall on {n}") if you
                else t("{who} builds a stall on {n}"))
        return text.format(who=w, n=p["space"])
    if kind == "shift":
        text = (t("{who} move {goods} from stall {a} to {b}") if you
                else t("{who} moves {goods} from stall {a} to {b}"))
        return text.format(
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


RESTATED: dict[str, tuple[str, ...]] = {
    "StartStall": ("start_stall",), "As": ("use",), "Buy": ("buy",), "Place": ("place",),
    "Reputation": ("reputation",), "Offer": ("sacrifice",), "God": ("god_taken",),
    "Move": ("move", "sale", "close", "last_stall"),
    "Build": ("build",), "Shift": ("shift",), "Venus": ("venus",), "Pass": ("pass",),
}
"""The event each kind of decision causes that says no more than its decision line (which names the cost, the
gain, the stones), by the action's class name."""


def log_events(action: Any, events: Sequence[Any]) -> list[Any]:
    """The events the log words under ``action``: one line per decision. Left out are the event that restates
    the decision, the god cards it names (Minerva, Neptunus ...), and an "automatic" step whose own event
    follows (that event has the numbers: ``buys 4 reputation for 4``, not ``automatic: buy ? reputation``)."""
    out: list[Any] = list(events)
    if isinstance(action, A.Keep):  # the decision names the kept dice and the price: the rest is news
        out = [("to_temple", {"dice": e[1].get("temple", [])}) if e[0] == "keep" else e for e in out]
    for kind in RESTATED.get(type(action).__name__, ()):
        for i, e in enumerate(out):
            if isinstance(e, tuple) and len(e) == 2 and e[0] == kind:
                del out[i]
                break
    named = {g for g in ("phoebus", "juno", "minerva", "neptunus", "venus") if getattr(action, g, False)}
    if getattr(action, "mercurius", 0):
        named.add("mercurius")
    if isinstance(action, A.Pluto) and action.play:
        named.add("pluto")
    out = [e for e in out if not (e[0] == "god_played" and isinstance(e[1], dict) and e[1].get("god") in named)]
    kept: list[Any] = []
    for i, e in enumerate(out):
        if e[0] == "auto" and not _auto_told(e, out[i + 1 :]):
            continue
        if e[0] == "order" and any(f[0] == "day" for f in out[i + 1 :]):
            continue  # the next day's line names the same order
        kept.append(e)
    return kept


def _auto_told(event: Any, after: Sequence[Any]) -> bool:
    """Whether an "automatic" step needs its own line: not when an event after it (before the next automatic
    one) tells the same with its numbers, nor for "do not build" (the move's line said the stall cannot be built)."""
    try:
        auto = A.parse(str(event[1]["action"]))
    except Exception:  # a wording helper must never stop the game
        return True
    if isinstance(auto, A.Build) and not auto.build:
        return False
    kinds = (*RESTATED.get(type(auto).__name__, ()), *(("keep",) if isinstance(auto, A.Keep) else ()))
    for e in after:
        if e[0] == "auto":
            break
        if e[0] in kinds:
            return False
    return True


GROUPS: tuple[tuple[type, str], ...] = (
    (A.StartStall, "Stall"), (A.Keep, "Keep"), (A.Take, "Take die"), (A.As, "Use"), (A.Add, "Add die"),
    (A.Buy, "Buy"), (A.Place, "Place"), (A.Reputation, "Buy"), (A.Offer, "Sacrifice"), (A.God, "God card"),
    (A.Move, "Move"), (A.Pluto, "Pluto"), (A.Pay, "Tax"), (A.Build, "Build"), (A.Shift, "Shift"),
    (A.Venus, "Venus"), (A.Pass, "Pass"), (A.Done, "End"),
)
"""The order in which the decision panel lists the kinds of choice, with each kind's heading (a use's actions
before the dice it could add: using the die as it is comes first)."""


def group_of(action: Any) -> tuple[int, str]:
    for i, (cls, label) in enumerate(GROUPS):
        if isinstance(action, cls):
            return i, label
    return len(GROUPS), "?"


def choice_lines(state: Any, legal: Sequence[Any], names: Sequence[str] | None) -> list[tuple[str, Any]]:
    """Every legal action once, as (line, action), grouped by kind: ``Move: move the consul to field 8``; a use's
    actions with the fewest penalty stones first."""
    def key(ia: tuple[int, Any]) -> tuple[int, int, int]:
        stones = use_stones(state, ia[1]) if isinstance(ia[1], A.As) else 0
        return group_of(ia[1])[0], stones or 0, ia[0]

    ordered = sorted(enumerate(legal), key=key)
    return [(_headed(t(group_of(a)[1]), action_text(state, a, names, True) + card_note(state, a)), a)
            for _i, a in ordered]


def _headed(heading: str, text: str) -> str:
    """``Move: move the consul ...``; a text that begins with its heading's word is not headed twice
    (``Pass: round tile 4 ...``, not ``Pass: pass: round tile 4``)."""
    if text[:len(heading)].lower() == heading.lower():
        return text[:1].upper() + text[1:]
    return f"{heading}: {text}"


def card_note(state: Any, a: Any) -> str:
    """The effect of the face-up god card a choice takes (``: grey action: take 2 god cards``), for the
    decision panel (the log names the card only)."""
    if not isinstance(a, A.God) or not a.source or state is None:
        return ""
    card = state.display[a.source - 1]
    return " - " + god_effect(card) if card else ""


def choice_shorts(state: Any, lines: Sequence[tuple[str, Any]], names: Sequence[str] | None) -> list[list[str]]:
    """For each of ``choice_lines``: shorter forms for a narrow panel, longest first (without the kind's
    heading, then ``short_text``), so what a choice brings is never cut while a shorter wording fits."""
    out = []
    for _line, a in lines:
        forms = [action_text(state, a, names, True) + card_note(state, a)]
        for tiny in (False, True):
            form = short_text(state, a, names, tiny=tiny) + card_note(state, a)
            if form not in forms:
                forms.append(form)
        out.append(forms)
    return out
