"""The registry of game UIs: what the shell (title, new game, load, rules, session) knows of a game's screens.

Each playable game has an engine package registered in ``engine.core.games`` and a UI package
``tui/<id>/__init__.py`` that defines one module-level ``GAME_UI: GameUI``. The shell reaches a game only
through this registry and ``engine.core.games``, by the game's id, and never imports a game's package by
name, so a new game needs nothing but its own ``engine/<id>/`` and ``tui/<id>/`` packages::

    >>> from tui import games
    >>> ui = games.get("concordia")
    >>> ui.info.title
    'Concordia'

A game's UI package should stay cheap to import (the title screen imports it for the game's name and
quick game): its hooks import the game screen, widgets and engine modules when they are first called.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import games as core_games
from engine.core.errors import GameError
from tui.i18n import t

# ----------------------------------------------------------------------------------- the new-game form


@dataclass(frozen=True)
class Field:
    """One field of a game's new-game form (the seats, the player count and the seed are the shell's own).

    ``kind`` "choice" is a drop-down of ``options()`` (label, value), "flag" a tick box. Labels are English
    and pass through ``tui.i18n.t`` when the form is drawn; ``options`` is called then too, so its labels
    may be translated by the game.
    """

    key: str
    """The widget id in the form and the key of the value handed to ``NewGameForm.config``."""
    label: str
    kind: str = "choice"
    options: Callable[[], Sequence[tuple[str, Any]]] = tuple
    default: Any = None
    section: str = "setup"
    """"setup": above the player count (map, variant); "options": under the Options heading, after the seats."""
    when: Callable[[Mapping[str, Any]], bool] | None = None
    """(the form's values) -> whether the field applies; a field that does not is hidden and keeps its default
    (Concordia: "Small Ionium" only while Ionium is the map)."""


def _no_warnings(_config: Any) -> list[str]:
    return []


def _no_notes(_config: Any, _colours: Sequence[int]) -> list[str]:
    return []


@dataclass(frozen=True)
class NewGameForm:
    """A game's part of the new-game screen: its fields and how their values become its config."""

    fields: tuple[Field, ...]
    config: Callable[[Mapping[str, Any], int], dict[str, Any]]
    """(field values by key, player count) -> the plain config dict for ``GameInfo.config_from_dict``."""
    recommended: Callable[[Mapping[str, Any]], tuple[int, int]]
    """(field values) -> the recommended player range shown next to the player count."""
    default_players: int = 4
    warnings: Callable[[Any], list[str]] = _no_warnings
    """(a valid config) -> playable but unusual choices, shown in yellow (they do not stop the game)."""
    notes: Callable[[Any, Sequence[int]], list[str]] = _no_notes
    """(a valid config, the seats' colours in table order) -> lines shown under the problems (teams ...)."""
    player_counts: Callable[[Mapping[str, Any]], Sequence[int]] | None = None
    """(the form's values) -> the player counts offered (None: every count of the game's range)."""


# ----------------------------------------------------------------------------------- rules pages


@dataclass(frozen=True)
class Chapter:
    """One screen of rules: its heading and Markdown text."""

    key: str
    title: str
    text: str


@dataclass(frozen=True)
class TableRow:
    """One row of a reference table, with the line shown under the table while it is highlighted."""

    key: str
    cells: tuple[str, ...]
    detail: str = ""


@dataclass(frozen=True)
class TablePage:
    """A rules page that is a table (Concordia's card reference), generated from the game's data."""

    key: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[TableRow, ...]


RulesPage = Chapter | TablePage


# ----------------------------------------------------------------------------------- the game UI


def _default_turn(state: Any) -> int:
    return int(getattr(state, "turn", 0))


def _default_seat_turn(state: Any) -> tuple[int, bool]:
    return int(getattr(state, "current_player", -1)), False


def _default_log_events(_action: Any, events: Sequence[Any]) -> Sequence[Any]:
    return events


def deferred(module: str, name: str) -> Callable[..., Any]:
    """``module.name`` as a function that imports ``module`` only when first called.

    A game's UI package is imported with the app (the title screen lists every game); its screens, texts and
    rules chapters load only when a game of it is played, so the app starts as fast with three games as with
    one. ``deferred("tui.colosseum.text", "action_text")`` stands for ``tui.colosseum.text.action_text``.
    """

    def call(*args: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"{module}.{name}, imported when first called."
    return call


def _default_event_text(event: Any, _names: Sequence[str] | None) -> str:
    return str(event)


def _default_score_table(scores: Any, _names: Sequence[str]) -> tuple[list[str], list[list[str]]]:
    """Columns and one row per seat (in seat order) from the protocol's ``breakdown`` of each player."""
    sources: list[str] = []
    for ps in scores.players:
        for key in getattr(ps, "breakdown", {}):
            if key not in sources:
                sources.append(key)
    rows = [[str(getattr(ps, "breakdown", {}).get(k, 0)) for k in sources] + [str(ps.total)] for ps in scores.players]
    return [t(s.capitalize())[:8] for s in sources] + [t("Total")], rows


@dataclass(frozen=True)
class GameUI:
    """One game as the shell's screens see it. Every callable is the game's own; the shell never looks inside."""

    id: str
    """The game's id in ``engine.core.games`` (and in save files)."""
    tagline: str
    """One line under the banner of the title screen (English; passes through ``t``)."""
    screen: Callable[[], Any]
    """Returns the game screen class, called as ``cls(session, pace=..., confirm_end_turn=...)``; it plays a
    ``tui.session.GameSession`` to its end and dismisses with it."""
    form: NewGameForm
    quick_config: Mapping[str, Any]
    """The quick game's config as plain data (its ``players`` seats: you and normal bots)."""
    describe_setup: Callable[[Any], str]
    """(a save header, ``saves.SaveHeader``) -> the game's setup in a few words: ``Imperium (base)``."""
    rules: Callable[[str], list[RulesPage]]
    """(language "en"/"de") -> the rules pages in reading order."""
    action_text: Callable[[Any, Any, Sequence[str] | None], str]
    """(state before the action, action, seat names) -> the decision in words for the log."""
    event_text: Callable[[Any, Sequence[str] | None], str] = _default_event_text
    """(one of ``state.events``, seat names) -> what it did, in words."""
    score_table: Callable[[Any, Sequence[str]], tuple[list[str], list[list[str]]]] = _default_score_table
    """(``final_scores()``, seat names) -> column headings and one row per seat, for a finished save."""
    help: Callable[[], Sequence[Any]] | None = None
    """() -> what the help overlay (``tui.help_screen``, key ? or F1) shows, in the current language: Rich
    renderables or widgets (keys, symbols); None: the game has no help."""
    final_table: Callable[[Any, Any, list[str]], Any] | None = None
    """(the final state, its ``final_scores()``, seat names) -> the game-over screen's table (a Rich renderable,
    usually ``tui.game_over.breakdown_table``); None: the table of ``score_table``."""
    final_result: Callable[[Any, list[str]], Any] | None = None
    """(``final_scores()``, seat names) -> the lines under that table: the winner and how a tie was broken
    (usually ``tui.game_over.result_lines``); None: the winner's name."""
    turn: Callable[[Any], int] = _default_turn
    """(state) -> the number of the turn in progress, from 0 (autosave, undo, save headers, log groups)."""
    seat_turn: Callable[[Any], tuple[int, bool]] = _default_seat_turn
    """(state before a decision) -> whose turn the decision belongs to, as the game counts one seat's turn, and
    whether the decision opens that turn. The log's "Last bot turn" box is the run of decisions with the same
    ``turn`` and turn holder, back to the one that opened it: a game whose ``turn`` counts whole days (Massilia)
    still tells one seat's turn from the next, and a decision another seat makes during it (a tax) belongs to it."""
    log_events: Callable[[Any, Sequence[Any]], Sequence[Any]] = _default_log_events
    """(the action, ``state.events`` after it) -> the events the log words under the decision: the game leaves
    out those that only say again what the decision line says (one line per decision)."""
    quick_key: str = ""
    """The title screen's key for this game's quick game (empty, or taken: the next free of g, 2, 3 ...)."""

    @property
    def info(self) -> core_games.GameInfo:
        """The game's engine entry (title, player range, config_from_dict, new_game, parse_action ...)."""
        return core_games.get(self.id)

    @property
    def title(self) -> str:
        return core_games.title(self.id)  # without importing the engine (the title screen names every game)

    def config(self, values: Mapping[str, Any], players: int) -> Any:
        """The game's config from the form's values; ``GameError`` with the game's message when it cannot be played."""
        return self.info.config_from_dict(self.form.config(values, players))


def game_ui(package: str, screen: str, **fields: Any) -> GameUI:
    """The ``GAME_UI`` of the game UI package ``package`` (call it with ``__name__``), with the parts every game
    UI package holds under the same names, each imported when first used: the screen class ``screen`` of
    ``<package>.screen``, the rules pages (``<package>.rules.pages``) and the log's words
    (``<package>.text.action_text`` and ``event_text``); where the package has them, the help overlay's parts
    (``<package>.help.help_parts``) and the game-over words (``<package>.game_over.final_table`` and
    ``result_text``). ``fields`` give ``GameUI``'s other fields (``id``, ``tagline``, ``form`` ...) and may
    replace any of these::

        GAME_UI = game_ui(__name__, "TenScreen", id="ten", tagline="Bring the count to ten", form=FORM, ...)
    """

    def screen_class() -> Any:
        return getattr(importlib.import_module(f"{package}.screen"), screen)

    parts: dict[str, Any] = {
        "screen": screen_class,
        "rules": deferred(f"{package}.rules", "pages"),
        "action_text": deferred(f"{package}.text", "action_text"),
        "event_text": deferred(f"{package}.text", "event_text"),
    }
    if importlib.util.find_spec(f"{package}.help") is not None:
        parts["help"] = deferred(f"{package}.help", "help_parts")
    if importlib.util.find_spec(f"{package}.game_over") is not None:
        parts["final_table"] = deferred(f"{package}.game_over", "final_table")
        parts["final_result"] = deferred(f"{package}.game_over", "result_text")
    return GameUI(**{**parts, **fields})


class NoGameUI(GameError):
    """A game without a screen in this version of the app (or an unknown game id)."""


_cache: dict[str, GameUI] = {}


PACKAGES: dict[str, str] = {}
"""Game id -> its UI package where that is not ``tui.<id>`` (a game whose packages live elsewhere, such as
the tiny test game of ``tests/tinygame``)."""


def module_name(game_id: str) -> str:
    """The package that defines the game's ``GAME_UI``."""
    return PACKAGES.get(game_id, f"tui.{game_id}")


def ids() -> list[str]:
    """Ids of the games that can be played here (engine and UI present), in the registry's order."""
    out = []
    for game_id in core_games.ids():
        try:
            found = importlib.util.find_spec(module_name(game_id)) is not None
        except (ImportError, ValueError):
            found = False
        if found:
            out.append(game_id)
    return out


def get(game_id: str) -> GameUI:
    """The UI of ``game_id``; ``NoGameUI`` in one line when the game or its screen is not part of this app."""
    ui = _cache.get(game_id)
    if ui is not None:
        return ui
    if not isinstance(game_id, str) or game_id not in core_games.BUILTIN:
        shown = game_id if isinstance(game_id, str) else type(game_id).__name__
        raise NoGameUI(f"unknown game {shown[:40]!r}")
    if game_id not in ids():
        raise NoGameUI(f"this version of the app cannot show the game {game_id!r}")
    module = importlib.import_module(module_name(game_id))
    ui = getattr(module, "GAME_UI", None)
    if not isinstance(ui, GameUI) or ui.id != game_id:
        raise NoGameUI(f"{module_name(game_id)}.GAME_UI does not describe the game {game_id!r}")
    _cache[game_id] = ui
    return ui


def available() -> list[GameUI]:
    """Every game that can be played here, in the order they are offered (Concordia first)."""
    return [get(game_id) for game_id in ids()]


def game_of(obj: Any) -> str:
    """The game id a save, save header or session records (files from before several games: the default)."""
    game = getattr(obj, "game", None)
    return game if isinstance(game, str) and game else core_games.DEFAULT


def game_title(game_id: str) -> str:
    """The game's name for lists; the id itself for a game this app does not know."""
    try:
        return core_games.title(game_id)
    except GameError:
        return game_id
