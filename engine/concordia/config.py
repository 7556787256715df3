"""The choices made before a game starts: map, player count, variant and options."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from engine.core.errors import GameDataError

from . import model

VARIANTS: tuple[str, ...] = ("base", "venus", "venus-team")
DISPLAY_SIDES: tuple[str, ...] = ("cloth", "wine")


@dataclass(frozen=True, slots=True)
class GameConfig:
    """How a game is set up.

    ``GameConfig(map="imperium", players=4, variant="base")`` is the classic game.
    """

    map: str = "imperium"
    players: int = 4
    variant: str = "base"
    """"base", "venus" (Venus individual game) or "venus-team" (teams of two)."""
    interim_scoring: bool = False
    """R-INTERIM: score each player at their first Tribune (off by default, as the rulebook advises)."""
    display: str = "cloth"
    """R-SETUP-DISPLAY: "cloth" (the printed display) or "wine" (the back of the Venus display)."""
    small: bool = False
    """Ionium without zone B (the small map for 2-3 players)."""
    salt: bool = False
    """R-SALSA-SALT: salt, the joker good, and salt cities (``default_salt`` gives the map's default)."""
    forum: bool = False
    """R-SALSA-FORUM-SETUP: the forum cards (patricians and citizens)."""
    forum_hide_next: bool = False
    """R-SALSA-FORUM-SETUP ruling: hide the top card of the forum deck too (off: it is public, face up)."""

    def validate(self) -> None:
        """Raise ``GameDataError`` with a readable message for a combination that cannot be played."""
        if self.map not in model.MAP_IDS:
            raise GameDataError(f"unknown map {self.map!r}; choose one of: {', '.join(model.MAP_IDS)}")
        if self.variant not in VARIANTS:
            raise GameDataError(f"unknown variant {self.variant!r}; choose one of: {', '.join(VARIANTS)}")
        if self.display not in DISPLAY_SIDES:
            raise GameDataError(f"unknown display side {self.display!r}; choose cloth or wine")
        if self.forum_hide_next and not self.forum:
            raise GameDataError("forum_hide_next needs the forum")
        if self.small and self.map != "ionium":
            raise GameDataError("only Ionium has a small variant (without zone B)")
        if self.variant == "venus-team":
            if self.players not in (4, 6):
                raise GameDataError("the Venus team game is for 4 or 6 players (teams of two)")
        elif not 2 <= self.players <= 5:
            raise GameDataError("the individual game is for 2 to 5 players")

    @property
    def map_variant(self) -> str:
        return "small" if self.small else ""

    @property
    def is_team(self) -> bool:
        return self.variant == "venus-team"

    @property
    def is_venus(self) -> bool:
        return self.variant in ("venus", "venus-team")

    def to_dict(self) -> dict[str, Any]:
        """The plain form; ``salt`` and ``forum`` only when on, so a game without them writes the old keys."""
        d = asdict(self)
        for name in ("salt", "forum", "forum_hide_next"):
            if not d[name]:
                del d[name]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameConfig:
        """A checked config; ``salt`` None (the command line without ``--salt``/``--no-salt``) is the map's
        default (``default_salt``), a missing ``salt`` (every save written before salt) is off."""
        known = {f: d[f] for f in cls.__dataclass_fields__ if f in d}
        if "salt" in known and known["salt"] is None:
            known["salt"] = default_salt(known["map"]) if isinstance(known.get("map"), str) else False
        try:
            cfg = cls(**known)
        except TypeError as exc:  # pragma: no cover - defensive
            raise GameDataError(f"bad game config: {exc}") from exc
        for name, typ in (("map", str), ("variant", str), ("display", str)):
            if not isinstance(getattr(cfg, name), typ):
                raise GameDataError(f"bad game config: {name} must be text")
        if not isinstance(cfg.players, int) or isinstance(cfg.players, bool):
            raise GameDataError("bad game config: players must be a number")
        for name in ("interim_scoring", "small", "salt", "forum", "forum_hide_next"):
            if not isinstance(getattr(cfg, name), bool):
                raise GameDataError(f"bad game config: {name} must be true or false")
        cfg.validate()
        return cfg


def default_salt(map_id: str) -> bool:
    """R-SALSA-SETUP: salt is on by default on the salt maps (Hispania, Byzantium), off elsewhere."""
    return map_id in model.SALT_MAPS
