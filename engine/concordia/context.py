"""Why a seat decides now, whose card it carries out, and what a payment or a production will do.

The UI words out-of-turn decisions from these facts (it never works a rule out by itself):

- ``decision_context``: the pending decision's reason. Outside their own turn a seat decides because
  their team partner played a card (R-TEAM-PLAY, R-TEAM-DOUBLE, R-TEAM-DIPLOMAT, R-PRAETOR), because of the
  partner's Legatus or Prokonsul (R-LEGATUS, R-PROKONSUL), because goods arrived that do not all fit in
  the storehouse (R-TURN-4), or to choose a starting city (R-TEAM-START). Inside their own turn the Legatus
  player follows the card the partner played (R-LEGATUS: it counts for both, the partner first).
- ``money_cost`` / ``payment``: the sestertii an action costs and how much of it comes from the partner
  (R-TEAM-MONEY, ``storehouse.payment_split``).
- ``production_overflow``: how many goods of a production do not fit into the storehouse (R-TURN-4).

The team rules mark the frames a seat decides on behalf of the team with ``"for": [seat, card, why]``
(``team.mark_frames``): the seat whose card it is, the card carried out and the reason ("team", "legatus",
"prokonsul"). Frames of older saves have no mark; their reason is then worked out from the stack alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, Build, Buy, Produce
from .state import GameState

REASONS = ("turn", "partner-card", "legatus-recommend", "legatus-play", "prokonsul-play", "overflow", "start",
           "other-turn")
"""Every ``DecisionContext.reason``."""


@dataclass(frozen=True, slots=True)
class DecisionContext:
    """Who decides now and why.

    ``reason`` is one of ``REASONS``: "turn" (the seat's own turn and card), "partner-card" (the seat carries
    out the card ``card`` that the partner ``by`` played for the team), "legatus-recommend" (the seat looks
    at the partner's hand and recommends a card), "legatus-play" / "prokonsul-play" (the seat plays a card
    under the Legatus / Prokonsul of ``by``; ``recommended`` is the card the Legatus player recommended,
    "?" when this seat may not know it, "" when none), "overflow" (goods for ``why`` do not all fit), "start"
    (R-TEAM-START), "other-turn" (any other decision outside the own turn, in ``by``'s turn).
    """

    seat: int
    reason: str
    by: int = -1
    card: str = ""
    recommended: str = ""
    why: str = ""

    @property
    def out_of_turn(self) -> bool:
        """True when the seat decides for a card that is not its own (or outside its own turn)."""
        return self.reason not in ("turn", "legatus-recommend")


def decision_context(s: GameState) -> DecisionContext:
    """The reason ``s.current_player`` decides the pending decision."""
    f = s.frame
    p = s.current_player
    if f is None or s.is_over:
        return DecisionContext(p, "turn")
    kind = f["k"]
    if kind == "overflow":
        return DecisionContext(p, "overflow", s.active, why=str(f.get("why", "")))
    if kind in ("startcity", "keep"):  # before the first turn (R-TEAM-START, R-SALSA-FORUM-SETUP)
        return DecisionContext(p, "start")
    if kind == "recommend":
        return DecisionContext(p, "legatus-recommend", int(f["partner"]))
    if kind == "partnerplay":
        reason = "legatus-play" if f["mode"] == "legatus" else "prokonsul-play"
        return DecisionContext(p, reason, int(f["by"]), recommended=str(f.get("rec", "")))
    mark = f.get("for")
    if isinstance(mark, list) and len(mark) == 3:
        by, card, why = int(mark[0]), str(mark[1]), str(mark[2])
        if why == "team":
            return DecisionContext(p, "partner-card", by, card)
        return DecisionContext(p, f"{why}-play", by, card)
    if kind == "buy" and f.get("second"):  # the partner's purchase of a Praetor (R-PRAETOR)
        return DecisionContext(p, "partner-card", s.partner(p), s.top_card(s.partner(p)) or "")
    if p != s.active:
        return DecisionContext(p, "other-turn", s.active)
    return DecisionContext(p, "turn")


def money_cost(s: GameState, a: Action) -> int:
    """Sestertii ``a`` costs ``s.current_player`` now (0 for an action that costs no money)."""
    from .rules import architect, mercator

    p = s.current_player
    f = s.frame
    if isinstance(a, Buy):
        return mercator.buy_cost(s, p, a.good, a.count)
    if isinstance(a, Build) and f is not None and f["k"] == "architect":
        return next((m for u, _g, m in architect.build_variants(s, f, p, a.city) if u == a.using), 0)
    return 0


@dataclass(frozen=True, slots=True)
class Payment:
    """A payment of ``total`` sestertii: ``own`` from the payer, ``from_partner`` from the partner ``partner``."""

    total: int
    own: int
    from_partner: int
    partner: int


def payment(s: GameState, a: Action) -> Payment | None:
    """The money ``a`` costs and where it comes from (R-TEAM-MONEY), or None when it costs no money."""
    from .rules import storehouse

    total = money_cost(s, a)
    if total <= 0:
        return None
    p = s.current_player
    own, short = storehouse.payment_split(s, p, total)
    return Payment(total, own, short, s.partner(p))


def production_overflow(s: GameState, a: Action) -> int:
    """How many goods ``a`` (a Prefect's production) gives the current player beyond their free storehouse
    slots (R-TURN-4: those cannot all be taken); 0 for any other action or when everything fits."""
    if not isinstance(a, Produce):
        return 0
    from .rules import prefect

    p = s.current_player
    gains = prefect.production(s, p, a.province, a.bonus)[p]
    return max(0, sum(gains) - s.players[p].free_slots)
