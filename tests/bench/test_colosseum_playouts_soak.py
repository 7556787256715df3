"""The Colosseum's seeded random playouts at 70 games per player count (210 games, about 20 s of a core per player
count): ``tests/colosseum/test_playouts.py`` plays the first 40 of each in ``make test`` with the same checks."""

from __future__ import annotations

import pytest

from tests.colosseum.test_playouts import check_playouts


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_soak(players: int) -> None:
    check_playouts(players, {2: 70, 3: 70, 4: 70})
