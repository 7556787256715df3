"""engine.core.state.copier: the compiled field-by-field copy of every game's state copies every field, shares
only what it is told to share, and leaves the original untouched when the copy moves on; engine.core.data.read_json
tells a broken data file as a GameDataError."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import games
from engine.core.state import copier


def _fields(obj: Any) -> dict[str, Any]:
    slots = getattr(type(obj), "__slots__", None)
    if slots is not None:
        return {name: getattr(obj, name) for name in slots}
    return dict(vars(obj))


def _shared_containers(a: Any, b: Any, allowed: set[str]) -> list[str]:
    """Fields whose mutable container is the very same object in ``a`` and ``b`` (not allowed to be)."""
    out = []
    for name, value in _fields(a).items():
        if isinstance(value, (list, set, dict)) and value is _fields(b)[name] and name not in allowed:
            out.append(name)
    return out


SHARED = {"concordia": {"tiles", "bonus", "_legal"}, "colosseum": {"_legal"}, "massilia": {"_legal", "_use_ctx"}}
"""Fields a game's clone shares on purpose (never changed in place after setup, or only ever replaced)."""


@pytest.mark.parametrize("game_id", ["concordia", "colosseum", "massilia"])
def test_clone_copies_every_field_and_shares_no_container(game_id: str) -> None:
    info = games.get(game_id)
    state = info.new_game(info.config_from_dict({"players": 3}), 5)
    rng = random.Random(5)
    for _ in range(60):
        if state.is_over:
            break
        clone = state.clone()
        assert set(_fields(clone)) == set(_fields(state))
        assert clone.to_dict() == state.to_dict()
        assert _shared_containers(state, clone, SHARED[game_id]) == []
        for mine, theirs in zip(state.players, clone.players, strict=True):
            assert mine is not theirs and set(_fields(mine)) == set(_fields(theirs))
            assert _shared_containers(mine, theirs, set()) == []
        before = state.to_dict()
        clone.apply(rng.choice(clone.legal_actions()))
        assert state.to_dict() == before  # moving the copy on leaves the original as it was
        state = clone


class _Slotted:
    __slots__ = ("a", "b")


def test_copier_refuses_a_forgotten_slot_and_a_bad_name() -> None:
    with pytest.raises(ValueError, match="differ from its slots"):
        copier(_Slotted, same="a")
    with pytest.raises(ValueError, match="not a field name"):
        copier(_Slotted, same="a b; import os")
    with pytest.raises(ValueError, match="unknown way"):
        copier(_Slotted, deep="a b")
    c = _Slotted()
    c.a, c.b = 1, [2]
    d = copier(_Slotted, same="a", list="b")(c)
    assert (d.a, d.b) == (1, [2]) and d.b is not c.b


def test_a_data_file_that_is_missing_or_not_json_is_a_game_data_error(tmp_path: Any, monkeypatch: Any) -> None:
    import sys

    from engine.core.data import read_json
    from engine.core.errors import GameDataError

    package = tmp_path / "brokengame"
    (package / "data").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "data" / "components.json").write_text("{not json")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "brokengame", raising=False)
    with pytest.raises(GameDataError, match=r"components.json: not valid JSON"):
        read_json("brokengame", "components.json")
    with pytest.raises(GameDataError, match=r"cannot read game data cards.json"):
        read_json("brokengame", "cards.json")
    assert read_json("engine.colosseum", "components.json")["card_types"] == ["water", "grain", "wood", "stone"]
