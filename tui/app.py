"""``ConcordiaApp``: the Textual app around the games — title, new game, load, rules, settings — and its safety
nets.

The app starts on the title screen, or straight in a game (``new_game=(config, seed, seats)``, or ``(config,
seed, seats, game id)`` for a game other than Concordia), or in a saved game (``saved=SavedGame``). It knows
the games only through their registries (``engine.core.games``, ``tui.games``). It owns the things every
screen shares: the settings (language, theme, ASCII mode, bot pace, confirm-before-end-turn), the save store,
the "terminal too small" guard, and the signal handlers that autosave a running game when the connection drops
(SIGHUP) or the process is asked to stop (SIGTERM) before the app exits.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import signal
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import App
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen, Screen
from textual.scrollbar import ScrollBarRender
from textual.theme import Theme

from engine.core.games import DEFAULT as DEFAULT_GAME
from tui import glyphs, i18n
from tui import settings as settings_mod
from tui.ascii_output import AsciiFilter
from tui.i18n import t
from tui.screens.fields import translate_bindings, translations_needed
from tui.settings import Settings

if TYPE_CHECKING:
    from saves import SaveBusy, SavedGame, SaveStore, Seat
    from tui.session import GameSession

HIGH_CONTRAST = Theme(
    name="concordia-high-contrast",
    primary="#ffff00",
    secondary="#00ffff",
    accent="#ff00ff",
    warning="#ffff00",
    error="#ff4040",
    success="#00ff00",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#303030",
    boost="#202020",
    dark=True,
    luminosity_spread=0.3,
    text_alpha=1.0,
)
"""White on black with pure, saturated accents: readable on projectors and for weak eyes."""

THEMES: dict[str, str] = {"dark": "textual-dark", "light": "textual-light", "high-contrast": HIGH_CONTRAST.name}
"""Our theme names (the settings file) -> Textual theme names."""

MIN_SIZE: tuple[int, int] = (60, 20)
"""Smallest terminal (columns, rows) for the app's own screens; a screen may ask for more with ``MIN_SIZE``."""

GAME_MIN_SIZE: tuple[int, int] = (80, 24)
"""What the game screen needs when it does not say otherwise."""

HANGUP_GRACE = 3.0
"""Seconds the app may take to close after a hang-up before the process ends anyway (the save is made first)."""

TERMINAL_CHECK = 2.0
"""Seconds between the checks that the terminal is still there (``_check_terminal``)."""


_SCROLLBAR_GLYPHS = (list(ScrollBarRender.VERTICAL_BARS), list(ScrollBarRender.HORIZONTAL_BARS))


def _terminal_alive() -> bool:
    """Whether standard input is a terminal that is still there (a hung-up one answers no ioctl)."""
    import termios

    try:
        termios.tcgetattr(0)
    except (termios.error, OSError):
        return False
    return True


def _ascii_scrollbars(flag: bool) -> None:
    """Scrollbar thumbs drawn with spaces (ASCII mode) or Textual's eighth-block glyphs."""
    if flag:
        ScrollBarRender.VERTICAL_BARS = [" "] * 8
        ScrollBarRender.HORIZONTAL_BARS = [" "] * 8
    else:
        ScrollBarRender.VERTICAL_BARS = list(_SCROLLBAR_GLYPHS[0])
        ScrollBarRender.HORIZONTAL_BARS = list(_SCROLLBAR_GLYPHS[1])


def _dismiss_once(app: App[Any], screen: Screen[Any]) -> None:
    """Make a second ``dismiss`` of ``screen`` after it left the stack do nothing.

    Two fast Enters on a dialog both reach its list before it closes, so the dialog dismisses itself twice;
    Textual's second ``dismiss`` pops whatever screen is on top by then: the game screen, without its callback
    (no save, no refreshed title). That sent fast players back to the title screen saying "No running game to
    continue." while the game was still running. Every screen pushed through the app gets this guard.
    """
    dismiss = screen.dismiss

    def guarded(result: Any = None) -> AwaitComplete:
        if screen not in app.screen_stack:  # dismissed already, by an earlier key of the same burst
            return AwaitComplete.nothing()
        return dismiss(result)

    screen.dismiss = guarded  # type: ignore[method-assign]


def other_case(key: str) -> str | None:
    """``key`` as the other case of the same ASCII letter ("N" -> "n"), or None for any other key."""
    if len(key) == 1 and key.isascii() and key.isalpha():
        return key.swapcase()
    return None


class ConcordiaApp(App[int]):
    """The Concordia app: one instance per run of ``concordia``."""

    CSS_PATH = "app.tcss"
    TITLE = "Concordia"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        Binding("f2", "save_as", "Save as"),
    ]

    def __init__(
        self,
        settings: Settings | None = None,
        store: SaveStore | None = None,
        *,
        save_dir: Path | None = None,
        new_game: tuple[Any, ...] | None = None,
        saved: SavedGame | None = None,
        session: GameSession | None = None,
        install_signals: bool = True,
        save_settings: bool = True,
        bot_process: bool = False,
    ) -> None:
        """Start on the title screen, or in ``new_game``/``saved``/``session``.

        ``store`` (or a ``SaveStore`` of ``save_dir``, opened on first use) keeps the games;
        ``install_signals=False`` and ``save_settings=False`` are for tests driving the app in-process;
        ``bot_process=True`` (``concordia play``) lets the built-in bots think in one worker process of the app
        and think ahead while a person decides (``engine.bots.thinker``); otherwise they think in threads.
        """
        super().__init__()
        self.settings = settings or settings_mod.load()
        self._store = store
        self._save_dir = save_dir
        self._start_new = new_game
        self._start_saved = saved
        self._start_session = session
        self._install_signals = install_signals
        self._hung_up = False
        self._save_settings = save_settings
        self._bot_process = bot_process
        self._thinker: Any = None
        self._claims: list[Any] = []
        """The claims on saves this app holds (``SaveStore.claim``): given up when a game is left or the app ends."""
        """The worker process the bots of every game of this app think in (made with the first game)."""
        self.too_small = False
        """True while the "terminal too small" screen is shown."""
        self.register_theme(HIGH_CONTRAST)
        self._ascii_filter = AsciiFilter(enabled=False)
        self._filters.append(self._ascii_filter)
        self._apply_settings(self.settings)

    # ----------------------------------------------------------------- start and settings

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Notifications are text, never markup: they quote names, titles, file names and error messages
        (a player named "[/]" must not crash the app). ``markup`` is ignored for that reason."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    @property
    def store(self) -> SaveStore:
        """The save store, opened on first use (the title screen needs it for Continue)."""
        if self._store is None:
            from saves import SaveStore

            self._store = SaveStore(self._save_dir)
        return self._store

    def get_default_screen(self) -> Screen[Any]:
        """The title screen is the app's base screen (a blank screen under it cost a second first frame: the
        title came about 0.1 s later, ``tests/bench/test_startup_bench.py``). A subclass that starts elsewhere
        (``concordia serve``'s lobby replaces ``on_mount``) keeps Textual's blank base screen."""
        if type(self).on_mount is not ConcordiaApp.on_mount:
            return super().get_default_screen()
        from tui.screens.title import TitleScreen

        return TitleScreen()

    def on_mount(self) -> None:
        if self._install_signals:
            self._install_signal_handlers()
        self.screen_change_signal.subscribe(self, self._on_screen_change)
        for warning in self.settings.warnings:
            self.notify(warning, severity="warning", timeout=8)
        if self._start_session is not None:
            self.play(self._start_session)
        elif self._start_new is not None:
            config, seed, seats, *game = self._start_new
            self.start_new_game(config, seed, seats, game=game[0] if game else DEFAULT_GAME)
        elif self._start_saved is not None:
            self.open_saved(self._start_saved)

    def get_key_display(self, binding: Binding) -> str:
        """A key as the footer shows it; in ASCII mode in ASCII (Textual draws Enter as ``⏎``)."""
        shown = super().get_key_display(binding)
        return glyphs.ascii_text(shown) if glyphs.ascii_mode() else shown

    async def _check_bindings(self, key: str, priority: bool = False) -> bool:
        """Bindings for ``key``, and for a letter in the other case when this case means nothing here.

        ``N`` (Shift+N, or N with Caps Lock) opens New game as ``n`` does; a screen that gives ``N`` a meaning
        of its own keeps it. A text field keeps its letters: Textual hands a typed letter to the focused field
        before it looks for non-priority bindings, and a priority binding never takes the other case from it.
        """
        if await super()._check_bindings(key, priority):
            return True
        other = other_case(key)
        if other is None or self._bound(key):
            return False
        if priority:
            from textual.widgets import Input, TextArea

            if isinstance(self.focused, (Input, TextArea)):
                return False
        return await super()._check_bindings(other, priority)

    def _bound(self, key: str) -> bool:
        """True when ``key`` has a binding anywhere from the focused widget up to the app."""
        return any(bindings.key_to_bindings.get(key) for _node, bindings in self.screen._modal_binding_chain)

    def push_screen(self, screen: Any, callback: Any = None, wait_for_dismiss: bool = False) -> Any:
        """Push ``screen``, which may dismiss itself once only (``_dismiss_once``).

        A dialog is not opened over a dialog of its own kind: two fast Enters on a game's list both ask for
        the dialog before the first one shows, and the second one (stale by the time it is answered) would
        wait under the first. The second request is dropped instead (the player's key went to the first).
        """
        if isinstance(screen, ModalScreen) and type(screen) is type(self.screen) and screen is not self.screen:
            return AwaitComplete.nothing()
        if isinstance(screen, Screen):
            _dismiss_once(self, screen)
        return super().push_screen(screen, callback, wait_for_dismiss=wait_for_dismiss)

    def _on_screen_change(self, screen: Screen[Any]) -> None:
        if translations_needed():
            translate_bindings(screen)
            self.call_after_refresh(self._translate_widgets, screen)
        self.call_after_refresh(self.check_size)

    def _translate_widgets(self, screen: Screen[Any]) -> None:
        """The footer keys of the screen's widgets (a list's Up/Down, the map's targets) in the app's language.

        The footer is told once at the end: telling it per widget rebuilt it once per widget (some 40 times,
        seconds of a loaded core, when a game screen opened).
        """
        for node in screen.walk_children():
            translate_bindings(node, refresh=False)
        screen.refresh_bindings()

    def _apply_settings(self, s: Settings) -> None:
        i18n.set_language(s.language)
        translate_bindings(self)
        self.theme = THEMES[s.theme]
        self.set_class(s.ascii, "-ascii")
        _ascii_scrollbars(s.ascii)
        glyphs.use_ascii(s.ascii)
        self._ascii_filter.enabled = s.ascii

    def change_settings(self, new: Settings) -> None:
        """Apply ``new`` at once (language, theme, ASCII) and keep it in the settings file."""
        language_changed = new.language != self.settings.language or new.ascii != self.settings.ascii
        if new.language != self.settings.language:  # chosen here: from now on the file names it
            new = dataclasses.replace(new, language_from_locale=False)
        self.settings = new
        self._apply_settings(new)
        if self._save_settings:
            try:
                settings_mod.save(new)
            except OSError as exc:
                self.notify(f"{t('Settings could not be saved')}: {exc}", severity="error")
        if language_changed:
            for screen in self.screen_stack:
                translate_bindings(screen)
                self._translate_widgets(screen)
                relabel = getattr(screen, "relabel", None)
                if callable(relabel):
                    relabel()

    # ----------------------------------------------------------------- games

    def start_new_game(self, config: Any, seed: int, seats: list[Seat], title: str = "", *,
                       game: str = DEFAULT_GAME) -> None:
        """Set up a new game of ``game`` and open its screen; a setup problem becomes a notification, never a crash."""
        from tui.session import GameSession

        try:
            session = GameSession(config, seed, seats, title=title, store=self.store, game=game)
        except Exception as exc:  # a bot that cannot be made, a full disk: tell the player, keep the app
            self.notify(f"{t('The game could not start')}: {exc}", severity="error", timeout=10)
            return
        self.play(session)

    def quick_game(self, game: str = DEFAULT_GAME) -> None:
        """You against normal bots (``seating.default_bot``) in the game's quick setup (Concordia: three, on
        Imperium), with a random seed."""
        from saves import Seat
        from tui import games, seating

        try:
            ui = games.get(game)
            config = ui.info.config_from_dict(ui.quick_config)
        except Exception as exc:  # a game's package that cannot start: say so, keep the title screen
            self.notify(f"{t('The game could not start')}: {exc}", severity="error", timeout=10)
            return
        you = t("You")
        bot = seating.default_bot(game)
        seats = [Seat(you, None)] + [Seat(f"{t('Bot')} {i + 1}", bot) for i in range(1, config.players)]
        self.start_new_game(config, seating.random_seed(), seats, title=t("Quick game"), game=game)

    def play(self, session: GameSession) -> None:
        """Open the game screen of ``session`` (its game's own); back on the title screen when it closes.

        A game that is saved is claimed first (``SaveStore.claim``): this app alone writes its save until the
        player leaves it. A new game's claim cannot be refused (its id is new); a resumed one is claimed by
        ``open_saved`` before it is replayed.
        """
        if not self._claim(session):
            return
        if self._bot_process:
            from engine.bots.thinker import Thinker

            if self._thinker is None:
                self._thinker = Thinker()
            session.think_in(self._thinker)
        screen_class = session.ui.screen()
        screen = screen_class(session, pace=self.settings.pace, confirm_end_turn=self.settings.confirm_end_turn)
        self.push_screen(screen, callback=lambda _result: self._left_game(session))

    def _left_game(self, session: GameSession) -> None:
        """Back from a game: save where it stands (Continue and Load find it), give the save up, refresh the title.

        A read-only game is not saved: the window that plays it writes its save."""
        if not session.read_only:
            try:
                self.store.autosave(session.to_saved())
            except Exception as exc:  # a full disk: say so; the title screen still works
                self.notify(f"{t('The game could not be saved')}: {exc}", severity="error", timeout=10)
        self._release(session)
        from engine.bots.worker import close_bots

        close_bots(list(session.bots.values()))  # the plugins' worker processes end with the game
        session.stop_pondering()
        self._back_on_title()

    def close_thinker(self) -> None:
        """End the bots' worker process (the app ends; it also ends by itself when the app's process is gone)."""
        if self._thinker is not None:
            self._thinker.close()

    def open_saved(self, saved: SavedGame) -> None:
        """Resume a running saved game, or show a finished one's score table and log."""
        from tui import games

        try:
            games.get(games.game_of(saved))
        except Exception as exc:  # a game this version of the app has no screen for
            self.notify(f"{t('This save cannot be resumed')}: {exc}", severity="error", timeout=10)
            return
        state = getattr(saved, "state", None)
        if state is not None and getattr(state, "is_over", False):
            from tui.screens.load import FinishedGameScreen

            self.push_screen(FinishedGameScreen(saved))
            return
        from saves import SaveBusy
        from tui.session import GameSession

        try:
            lock = self.store.claim(saved.game_id)
        except SaveBusy as busy:  # another window plays it: look at it, or play on in a copy
            self._offer_elsewhere(saved, busy)
            return
        except Exception as exc:  # the lock's place is taken by a folder or a link: say so, keep the app
            self.notify(f"{t('This save cannot be resumed')}: {exc}", severity="error", timeout=10)
            return
        try:
            session = GameSession.from_saved(saved, self.store)
        except Exception as exc:  # a save that replays badly must not end the app
            lock.release()
            self.notify(f"{t('This save cannot be resumed')}: {exc}", severity="error", timeout=10)
            return
        session.save_lock = lock
        self._claims.append(lock)
        self.play(session)

    def _claim(self, session: GameSession) -> bool:
        """Claim a saved session's game for this app unless it is claimed already; False (and a notice) when
        another window plays it. A read-only session and one without a store write nothing: no claim."""
        if session.read_only or session.store is None or session.save_lock is not None:
            return True
        from saves import SaveError

        try:
            session.save_lock = session.store.claim(session.game_id)
        except SaveError as exc:
            self.notify(f"{t('The game could not start')}: {exc}", severity="error", timeout=10)
            return False
        self._claims.append(session.save_lock)
        return True

    def on_unmount(self) -> None:
        """The app ends (also without ``q``: a test's app, an exit from a dialog): its games are free again."""
        for lock in self._claims:
            lock.release()
        self._claims.clear()

    def _release(self, session: GameSession) -> None:
        """Give up the session's claim on its save, if it holds one."""
        lock = session.save_lock
        if lock is not None:
            lock.release()
            session.save_lock = None
            if lock in self._claims:
                self._claims.remove(lock)

    def _offer_elsewhere(self, saved: SavedGame, busy: SaveBusy) -> None:
        """The game is played in another window: offer to look at it read-only or to play on in a copy."""
        from tui import games
        from tui.screens.open_elsewhere import OpenElsewhereScreen

        what = f"'{saved.title}'" if saved.title else games.get(games.game_of(saved)).info.title

        def chosen(choice: str | None) -> None:
            if choice == "read":
                self._open_read_only(saved)
            elif choice == "copy":
                self._open_copy(saved)

        self.push_screen(OpenElsewhereScreen(glyphs.shown(what), busy.pid, glyphs.shown(busy.host)),
                         callback=chosen)

    def _open_read_only(self, saved: SavedGame) -> None:
        """The game as it stands in its save, on its own screen, where nothing is decided or saved."""
        from tui.session import ReadOnlySession

        try:
            session = ReadOnlySession.from_saved(saved)
        except Exception as exc:  # a save that replays badly must not end the app
            self.notify(f"{t('This save cannot be resumed')}: {exc}", severity="error", timeout=10)
            return
        self.play(session)
        self.notify(t("Read-only: another window plays this game. F2 saves a copy to play on."), timeout=8)

    def _open_copy(self, saved: SavedGame) -> None:
        """A copy of the game under a new id and title, saved, then played here (the original stays with the
        window that plays it)."""
        import uuid

        from saves.model import MAX_TITLE

        base = saved.title or t("Game")
        suffix = " ({})".format(t("copy"))
        title = base[: MAX_TITLE - len(suffix)] + suffix
        copy = dataclasses.replace(saved, game_id=uuid.uuid4().hex, title=title, created=0.0, updated=0.0)
        try:
            self.store.save(copy)
        except Exception as exc:  # a full disk: say so, keep the app
            self.notify(f"{t('The game could not be saved')}: {exc}", severity="error", timeout=10)
            return
        self.notify(t("Playing a copy: '{title}'.").format(title=title))
        self.open_saved(copy)

    def _back_on_title(self) -> None:
        refresh = getattr(self.screen, "refresh_continue", None)
        if callable(refresh):
            refresh()

    def running_session(self) -> GameSession | None:
        """The game being played (the topmost game screen's session), if any."""
        for screen in reversed(self.screen_stack):
            session = getattr(screen, "session", None)
            if session is not None and hasattr(session, "to_saved"):
                return session  # type: ignore[no-any-return]
        return None

    def autosave_running(self) -> str | None:
        """Autosave the game being played; the path written, or None when there is none (or it failed)."""
        session = self.running_session()
        if session is None or session.read_only:  # a read-only game's save is another window's to write
            return None
        try:
            path = self.store.autosave(session.to_saved())
        except Exception:  # the signal path: nothing may stop the exit
            return None
        return str(path)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "save_as":
            return self.running_session() is not None and hasattr(self.screen, "session")
        return True

    def action_save_as(self) -> None:
        """Save a copy of the running game under a new title (the game goes on in its own save)."""
        session = self.running_session()
        if session is None:
            return
        from tui.screens.load import AskTitleScreen

        def chosen(title: str | None) -> None:
            if not title or session is None:
                return
            import dataclasses
            import uuid

            copy = dataclasses.replace(session.to_saved(), game_id=uuid.uuid4().hex, title=title, created=0.0,
                                       updated=0.0)
            try:
                self.store.save(copy)
            except Exception as exc:  # a full disk or a bad title: say so, the game goes on
                self.notify(f"{t('The game could not be saved')}: {exc}", severity="error", timeout=10)
            else:
                self.notify(t("Saved a copy as '{title}'.").format(title=title))

        default = session.title or t("My game")
        self.push_screen(AskTitleScreen(default, "Save a copy of this game as (Enter to save, Escape to cancel):"),
                         callback=chosen)

    async def action_quit(self) -> None:
        """Quit from anywhere; a running game is saved first, so Continue finds it exactly as it was."""
        self.autosave_running()
        session = self.running_session()
        if session is not None:
            self._release(session)  # the next app may play it at once (the process's end would release it too)
        self.exit(0)

    # ----------------------------------------------------------------- signals (SSH hang-up, kill)

    def _install_signal_handlers(self) -> None:
        import asyncio

        loop = asyncio.get_running_loop()
        for sig in (signal.SIGHUP, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(sig, self._on_signal, sig)
        if _terminal_alive():
            self.set_interval(TERMINAL_CHECK, self._check_terminal)

    def _check_terminal(self) -> None:
        """A closed terminal ends the app as a hang-up does, also when no SIGHUP comes.

        The kernel sends SIGHUP only to the terminal's session leader and foreground group: an app started by
        another program in the terminal (``make play`` in a tmux pane that is killed) got none, and Textual's
        input thread then read the dead terminal's end of input in a loop, at half a core, for good.
        """
        if not self._hung_up and not _terminal_alive():
            self._on_signal(signal.SIGHUP)

    def _on_signal(self, sig: int) -> None:
        """Save first, then leave; a hang-up cannot restore a terminal that is gone, so a timer ends the process."""
        self._hung_up = True
        self.autosave_running()
        code = 128 + sig
        if self._install_signals:  # the real process (tests drive the app in-process and call this directly)
            timer = threading.Timer(HANGUP_GRACE, os._exit, args=(code,))
            timer.daemon = True
            timer.start()
        self.exit(return_code=code)

    # ----------------------------------------------------------------- terminal size

    def _check_resize(self) -> None:
        """Textual hands a new terminal size to the screens here; we also check it against what they need."""
        super()._check_resize()
        self.check_size()

    def required_size(self) -> tuple[int, int]:
        """What the screens on the stack need (columns, rows): a dialog over the game needs the game's room."""
        from tui.screens.too_small import TooSmallScreen

        need_w, need_h = MIN_SIZE
        for screen in self.screen_stack:
            if isinstance(screen, TooSmallScreen):
                continue
            wanted = getattr(screen, "MIN_SIZE", None)
            if wanted is None:
                wanted = GAME_MIN_SIZE if hasattr(screen, "session") else MIN_SIZE
            need_w, need_h = max(need_w, int(wanted[0])), max(need_h, int(wanted[1]))
        return need_w, need_h

    def check_size(self) -> None:
        """Show the "terminal too small" screen when the terminal is smaller than the screen needs; hide it after."""
        from tui.screens.too_small import TooSmallScreen

        if not self.screen_stack:
            return
        if not self.screen_stack[0].is_mounted:  # the first resize comes while the title is being built: a
            self.call_after_refresh(self.check_size)  # dialog pushed then would miss the app's styles
            return
        width, height = self.size
        need_w, need_h = self.required_size()
        small = width < need_w or height < need_h
        top: Screen[Any] = self.screen
        if small and not isinstance(top, TooSmallScreen):
            self.push_screen(TooSmallScreen(need_w, need_h))
        elif small and isinstance(top, TooSmallScreen):
            top.update(need_w, need_h)
        elif not small and isinstance(top, TooSmallScreen):
            self.pop_screen()
        self.too_small = small

