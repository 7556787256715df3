"""Why a seat decides, what a choice costs the partner and what ``done`` would leave undone, in words.

Every fact comes from the engine (``engine.concordia.context``: the decision's reason, the payment split of
R-TEAM-MONEY, a production's overflow; ``tribune.cannot_afford_colonist``) or from the legal actions; this
module only words them:

- ``decision_reason``: the start of the decision line for a decision made outside the own card (the team
  partner's card, a Legatus or Prokonsul, a storehouse overflow), e.g. ``partner 1 Anna's card (team): ``.
- ``partner_play_text``: the decision under the partner's Legatus or Prokonsul; the recommended card comes
  first, so a narrow prompt never cuts it off.
- ``action_note``: what a choice adds to its words: money taken from the partner (a production that overflows
  the storehouse says so in its own words, ``text.action_text``).
- ``done_warning``: what ``done`` leaves undone (movement points, a house that could be built, ...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from engine.concordia import GameState
from engine.concordia.actions import Action, Build, Cash, Copy, Done, Move, PlaceColonist, Play, Produce, Titus
from engine.concordia.actions import Buy as BuyGoods
from engine.concordia.context import decision_context, payment
from engine.concordia.rules.storehouse import why_reason
from engine.concordia.rules.tribune import cannot_afford_colonist
from tui.concordia.events import why_text
from tui.concordia.names import card_for_play_name, card_name
from tui.i18n import is_you, t


class _HasActions(Protocol):
    @property
    def actions(self) -> tuple[Action, ...]: ...


C = TypeVar("C", bound=_HasActions)


def _seat(names: Sequence[str] | None, q: int) -> str:
    return names[q] if names is not None and 0 <= q < len(names) else f"P{q + 1}"


def _card(card: str) -> str:
    return card_name(card_for_play_name(card))


def decision_reason(s: GameState, names: Sequence[str] | None = None) -> str:
    """The reason for an out-of-turn decision, ending in ``: `` (or "" for a decision of the own card)."""
    ctx = decision_context(s)
    by = _seat(names, ctx.by) if ctx.by >= 0 else ""
    yours = is_you(by)  # the turn or card of the reader, "1 You": never "1 You's"
    if ctx.reason == "partner-card":
        return t("your card (team): ") if yours else t("partner {seat}'s card (team): ").format(seat=by)
    if ctx.reason == "legatus-play" and ctx.card:
        return t("your {card} under partner {seat}'s Legatus, for both: ").format(card=card_name(ctx.card), seat=by)
    if ctx.reason == "prokonsul-play" and ctx.card:
        return t("your {card} under partner {seat}'s Prokonsul, for you alone: ").format(
            card=card_name(ctx.card), seat=by)
    if ctx.reason == "overflow":
        where = (t("in your turn") if yours else t("in {seat}'s turn").format(seat=by)) + ", " \
            if ctx.by != ctx.seat else ""
        return t("storehouse overflow ({where}{why}): ").format(where=where, why=why_text(why_reason(ctx.why)))
    if ctx.reason == "other-turn":
        return t("in your turn: ") if yours else t("in {seat}'s turn: ").format(seat=by)
    return ""


def partner_play_text(s: GameState, names: Sequence[str] | None = None, viewer: int | None = None) -> str:
    """The decision of a card played under the partner's Legatus or Prokonsul (R-LEGATUS, R-PROKONSUL), with the
    recommended card first; "" for any other decision.

    ``viewer`` is the seat whose screen shows it: the recommended card is named only if the engine's view of
    that seat holds it (R-LEGATUS: private between the partners); -1 is nobody's screen, None knows all.
    """
    ctx = decision_context(s)
    by = _seat(names, ctx.by)
    if ctx.reason == "legatus-play" and not ctx.card:
        recommended = ctx.recommended
        if viewer is not None and recommended:
            recommended = decision_context(s.view(viewer)).recommended if 0 <= viewer < s.n else "?"
        if recommended == "?":
            head = t("partner {seat}'s Legatus recommended a card").format(seat=by)
        elif recommended:
            head = t("partner {seat}'s Legatus recommends {card}").format(seat=by, card=_card(recommended))
        else:
            head = t("partner {seat}'s Legatus").format(seat=by)
        return head + ": " + t("play a card for both of you, you first (not a Legatus)")
    if ctx.reason == "prokonsul-play" and not ctx.card:
        return t("partner {seat}'s Prokonsul: you may play a card for yourself alone (not a Legatus)").format(seat=by)
    return ""


def action_note(s: GameState, a: Action) -> str:
    """What ``a`` costs the partner, or why a Tribune's ``done`` places no colonist, as `` — ...`` (or "")."""
    pay = payment(s, a) if isinstance(a, BuyGoods | Build) else None
    if pay is not None and pay.from_partner:
        return " — " + t("{n} from the partner").format(n=pay.from_partner)
    if isinstance(a, Done) and s.decision == "tribune" and cannot_afford_colonist(s, s.current_player):
        return " — " + t("a colonist costs 1 food + 1 tool")
    return ""


def prompt_note(s: GameState, a: Action, legal: Sequence[Action]) -> str:
    """What the prompt (never the log, which every seat reads) adds to a choice: what ``done`` leaves undone,
    and the card the partner's Legatus recommends (R-LEGATUS: private between the partners)."""
    if isinstance(a, Done):
        warning = done_warning(s, legal)
        return " — " + warning if warning else ""
    f = s.frame
    if isinstance(a, Play) and f is not None and f["k"] == "partnerplay" and f.get("rec") == a.card:
        return " — " + t("recommended")
    if isinstance(a, PlaceColonist) and any(isinstance(x, Titus) for x in legal):
        # R-FORUM-TITUS-VALERIUS: the Tribune's colonist ends the Tribune, and the exchange with it
        return " — " + t("ends the Tribune: no Titus Valerius exchange after it")
    return ""


def group_note(s: GameState, actions: Sequence[Action]) -> str:
    """For a quantity choice (``Buy brick (1–4)…``): from which quantity on the partner pays a part (or "")."""
    for a in actions:
        if not isinstance(a, BuyGoods):
            continue
        pay = payment(s, a)
        if pay is not None and pay.from_partner:
            return " — " + t("from {n} on partly from the partner").format(n=a.count)
    return ""


def done_warning(s: GameState, legal: Sequence[Action]) -> str:
    """What choosing ``done`` now leaves undone that the legal actions still offer ("" when nothing useful).

    Only what is hardly ever meant: an Architect's movement points and houses, a Prefect that neither produces
    nor takes the cash, a Colonist that neither places nor takes the cash, a Tribune's affordable colonist, a
    Diplomat's copy. Trading nothing with the Mercator or buying one card fewer are ordinary choices.
    """
    if Done() not in legal:
        return ""
    k = s.decision
    f = s.frame
    parts: list[str] = []
    if k == "architect" and f is not None:
        builds = {a.city for a in legal if isinstance(a, Build)}
        if any(isinstance(a, Move) for a in legal):
            pts = int(f["pts"])
            parts.append(t("1 movement point left") if pts == 1 else t("{n} movement points left").format(n=pts))
        if builds:
            parts.append(t("a house can be built") if len(builds) == 1
                         else t("houses can be built in {n} cities").format(n=len(builds)))
    elif k == "prefect" and any(isinstance(a, Produce | Cash) for a in legal):
        parts.append(t("nothing produced, no cash taken"))
    elif k == "colonist" and Cash() in legal:
        parts.append(t("no colonist placed, no cash taken"))
    elif k == "tribune" and any(isinstance(a, PlaceColonist) for a in legal):
        parts.append(t("a colonist can still be placed"))
    elif k in ("diplomat", "magister") and any(isinstance(a, Copy) for a in legal):
        parts.append(t("no card copied"))
    return ", ".join(parts)



def builds_first(choices: list[C]) -> list[C]:
    """The prompt's choices with an Architect's builds before its moves (the engine lists the moves first): a
    house is reachable without scrolling past every move."""
    builds = [c for c in choices if c.actions and all(isinstance(a, Build) for a in c.actions)]
    if not builds:
        return choices
    return builds + [c for c in choices if c not in builds]
