"""R-FORUM-TITUS-VALERIUS: the Tribune's colonist ends the Tribune; its row in the decision list says that the
Titus Valerius exchange offered in the same list is then lost (issue 31), before the player chooses it."""

from __future__ import annotations

from engine.concordia.actions import PlaceColonist, Titus
from tests.engine.helpers import play
from tests.engine.salsa_helpers import give_forum, salsa
from tui.concordia.widgets.prompt import group_choices


def test_r_forum_titus_valerius_the_colonist_row_warns_that_the_exchange_is_lost() -> None:
    s = salsa(salt=False)
    p = s.active
    give_forum(s, p, "titus-valerius")
    s.players[p].money = 20
    play(s, "play tribune")
    legal = s.legal_actions()
    assert any(isinstance(a, Titus) for a in legal) and any(isinstance(a, PlaceColonist) for a in legal)
    rows = group_choices(s, legal)
    places = [c for c in rows if isinstance(c.actions[0], PlaceColonist)]
    assert places and all(c.label.endswith(" — ends the Tribune: no Titus Valerius exchange after it")
                          for c in places)
    others = [c for c in rows if not isinstance(c.actions[0], PlaceColonist)]
    assert not any("Titus Valerius exchange after it" in c.label for c in others)
    s.apply(next(a for a in legal if isinstance(a, Titus)))
    rows = group_choices(s, s.legal_actions())
    assert not any("Titus Valerius exchange" in c.label for c in rows)
