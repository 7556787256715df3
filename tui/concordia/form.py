"""Concordia's part of the new-game screen and its seating rules: map, variant, options, recommended counts.

The shell's new-game screen draws these fields around its own seats and seed; the values become the plain
config dict that ``GameConfig.from_dict`` validates (its messages are the ones the form lists in red). A
seat's colour is its place at the table: the Venus team game pairs partners seat k and k + n/2.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.errors import GameDataError
from tui.games import Field, NewGameForm
from tui.i18n import t

if TYPE_CHECKING:
    from engine.concordia import GameConfig

# The engine is imported when the form is first drawn or checked, not with this module: the title screen
# imports every game's UI package for its quick game, and the engine is not needed to show the title.

VARIANT_LABELS: dict[str, str] = {"base": "Base game", "venus": "Venus", "venus-team": "Venus team game"}
DISPLAY_LABELS: dict[str, str] = {"cloth": "cloth side (base)", "wine": "wine side (Venus)"}

QUICK_CONFIG: dict[str, Any] = {"map": "imperium", "players": 4, "variant": "base"}
"""The quick game: you against three normal bots on Imperium."""


def map_options() -> list[tuple[str, str]]:
    from engine.concordia import model

    out = []
    for m in model.MAP_IDS:
        gm = model.game_map(m)
        out.append((f"{gm.name} ({gm.players_min}-{gm.players_max} {t('players')})", m))
    return out


def variant_options() -> list[tuple[str, str]]:
    return [(t(label), v) for v, label in VARIANT_LABELS.items()]


def display_options() -> list[tuple[str, str]]:
    from engine.concordia import DISPLAY_SIDES

    return [(t(DISPLAY_LABELS[d]), d) for d in DISPLAY_SIDES]


SALT_LABELS: dict[str, str] = {
    "board": "the board's default",
    "on": "on",
    "off": "off",
}
"""R-SALSA-SETUP: salt is on by default on the salt maps; "board" lets ``GameConfig.from_dict`` decide."""


def salt_options() -> list[tuple[str, str]]:
    return [(t(label), v) for v, label in SALT_LABELS.items()]


def config_dict(values: Mapping[str, Any], players: int) -> dict[str, Any]:
    """The form's values as ``GameConfig.from_dict`` reads them (salt None: the board's default)."""
    salt = str(values.get("salt", "board"))
    return {
        "map": str(values.get("map", "imperium")),
        "players": players,
        "variant": str(values.get("variant", "base")),
        "interim_scoring": bool(values.get("interim", False)),
        "display": str(values.get("display", "cloth")),
        "small": bool(values.get("small", False)),
        "salt": None if salt not in ("on", "off") else salt == "on",
        "forum": bool(values.get("forum", False)),
    }


def recommended(map_id: str) -> tuple[int, int]:
    from engine.concordia import model

    gm = model.game_map(map_id)
    return gm.players_min, gm.players_max


def form_recommended(values: Mapping[str, Any]) -> tuple[int, int]:
    """The map's recommended player range; small Ionium is for 2-3 players."""
    map_id = str(values.get("map", "imperium"))
    if values.get("small") and map_id == "ionium":
        return 2, 3
    return recommended(map_id)


def map_warnings(config: GameConfig) -> list[str]:
    """Playable but unusual choices: a player count outside the map's recommended range (R-SETUP-MAP)."""
    from engine.concordia import model

    if config.map not in model.MAP_IDS:
        return []
    gm = model.game_map(config.map, config.map_variant if config.small and config.map == "ionium" else "")
    if not gm.players_min <= config.players <= gm.players_max:
        return [t("{map} is recommended for {lo}-{hi} players, not {n}").format(
            map=gm.name, lo=gm.players_min, hi=gm.players_max, n=config.players)]
    return []


def has_small(map_id: str) -> bool:
    """Whether the map's data has a small variant (Ionium without zone B)."""
    from engine.concordia import model

    try:
        model.game_map(map_id, "small")
    except GameDataError:  # no such variant (or no such map)
        return False
    return True


def small_applies(values: Mapping[str, Any]) -> bool:
    """The "Small Ionium" tick box is offered only for a map that has the small variant."""
    return has_small(str(values.get("map", "imperium")))


def player_counts(values: Mapping[str, Any]) -> list[int]:
    """The player counts the game can be played with for these choices (the engine's own check decides:
    2-5 in the individual game, 4 or 6 in the team game); a count outside the map's recommendation is
    offered too, with a warning (``map_warnings``)."""
    from engine.concordia import GameConfig

    out = []
    for n in range(2, 7):
        try:
            GameConfig.from_dict(config_dict(values, n))
        except GameDataError:  # this count cannot be played with these choices
            continue
        out.append(n)
    return out


def team_notes(config: GameConfig, colours: Sequence[int]) -> list[str]:
    """The Venus team game's pairs (seat k with seat k + n/2, in table order), in words."""
    if not config.is_team:
        return []
    from tui.screens.new_game import colour_label

    half = config.players // 2
    pairs = [f"{colour_label(colours[k])} + {colour_label(colours[k + half])}" for k in range(half)]
    return [f"{t('Teams')}: " + ", ".join(pairs)]


def salsa_notes(config: GameConfig) -> list[str]:
    """Salsa in one line each, for the options chosen (R-SALSA-SALT, R-SALSA-FORUM-SETUP)."""
    notes = []
    if config.salt:
        notes.append(t("Salt (Salsa): a joker good that pays for any good, made in salt cities"))
    if config.forum:
        notes.append(t("Forum (Salsa): keep 1 of 2 patricians; a Tribune takes forum cards (4/6/8/10 cards back)"))
    return notes


FORM = NewGameForm(
    fields=(
        Field("map", "Map", options=map_options, default="imperium"),
        Field("variant", "Variant", options=variant_options, default="base"),
        Field("interim", "Interim scoring (at each player's first Tribune)", kind="flag", default=False,
              section="options"),
        Field("display", "Display", options=display_options, default="cloth", section="options"),
        Field("small", "Small Ionium (without zone B, 2-3 players)", kind="flag", default=False, section="options",
              when=small_applies),
        Field("salt", "Salt", options=salt_options, default="board", section="options"),
        Field("forum", "Forum (Salsa): keep a patrician; a Tribune takes forum cards", kind="flag", default=False,
              section="options"),
    ),
    config=config_dict,
    recommended=form_recommended,
    default_players=4,
    warnings=map_warnings,
    notes=lambda config, colours: team_notes(config, colours) + salsa_notes(config),
    player_counts=player_counts,
)
"""Concordia's new-game form: map and variant above the player count, the options under the seats."""
