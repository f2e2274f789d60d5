"""The Textual application: starts on the home screen and loads the store and decks in a worker."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding

from tui.commands import flopcards_commands
from tui.config import AppConfig
from tui.footer_keys import footers_recompose_on_change, keys_start_as_footers_do
from tui.key_gate import KeyGate
from tui.messages import CountsPainted, FirstCardPainted, HomePainted, ServicesReady
from tui.screens.home import HomeScreen

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from textual.message import Message
    from textual.notifications import SeverityLevel
    from textual.screen import Screen

    from tui.services import Services


QUIT_KEYS = ("q", "ctrl+q", "ctrl+c")
"""The keys that quit from the home (q is its binding; the others the app's)."""


class FlopcardsApp(App[None]):
    """flopcards: timed drills and spaced review for LLM-systems interviews."""

    CSS_PATH = Path(__file__).with_name("flopcards.tcss")
    TITLE = "flopcards"
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        Binding("ctrl+c", "quit", "Quit", show=False),  # also while decks load; an input may still copy
    ]

    def __init__(self, config: AppConfig) -> None:
        keys_start_as_footers_do()
        footers_recompose_on_change()
        super().__init__()
        self.config = config
        self.services: Services | None = None
        self.loaded = asyncio.Event()
        """Set once the store, decks and drill templates are open and the home screen shows them."""
        self.counts_shown = asyncio.Event()
        """Set once the home screen shows the decks' counts: the first look's (from the last load's
        outline) or the open decks', whichever comes first."""
        self._templates_in = False
        self._load_started = False
        self._ui_idle = threading.Event()
        self._load_cancelled = threading.Event()
        """Set when the app unmounts: the load stops at its next step (quitting never waits for it)."""
        self.home = HomeScreen()
        self.key_gate = KeyGate(self, self._handle_key)
        """Keys typed while the screen is busy wait their turn rather than being lost."""
        self.early_keys = b""
        """Keys the `flopcards` command read before the app took the terminal (tui.early_keys)."""
        self.quit_ends_process = False
        """Set by the `flopcards` command: quit gives the terminal back and ends the process at once
        (tui.quick_exit) rather than tearing the screens down and joining the threads at exit."""

    def on_load(self) -> None:
        """Replay the early keys: queued before the driver reads any, so their order is kept."""
        if self.early_keys:
            from textual._xterm_parser import XTermParser

            parser = XTermParser()
            text = self.early_keys.decode("utf-8", errors="ignore")
            for event in [*parser.feed(text), *parser.tick()]:
                event.set_sender(self)
                self.post_message(event)

    def on_mount(self) -> None:
        from tui.start import first_look, glance, kept_outline

        kept = kept_outline(self.config)
        self.home.first_look = first_look(self.config, kept) if kept else None  # painted with the first frame
        if kept is not None and self.home.first_look is not None:
            self.home.glancer = partial(glance, self.config, kept)
        self.push_screen(self.home)  # it posts CountsPainted after its first frame with counts
        # the load starts once the home is painted with its key bar (HomePainted): it holds the
        # interpreter lock while importing, which would keep the UI from drawing meanwhile

    def load(self) -> None:
        """Open the database and read the decks off the UI thread (SQLAlchemy is slow to import), in
        a daemon thread rather than a worker: a worker's thread is joined when the app exits, so a
        quit during the load or the warm-up imports waited seconds for them; this one is abandoned."""
        threading.Thread(target=self._load_abandonable, name="flopcards-load", daemon=True).start()

    def _load_abandonable(self) -> None:
        try:
            self._load()
        except Exception as error:  # a bug: reported as a worker's error was, the app ends
            with contextlib.suppress(RuntimeError):  # the app closed meanwhile
                self._on_ui(self._handle_exception, error)
            # else the app has closed (its store too): nothing this thread did is wanted any more

    def _on_ui(self, callback: Callable[..., object], *args: object, **kwargs: object) -> None:
        """Run `callback` on the UI thread and wait for it (from the load thread); RuntimeError once
        the app has closed. Asked first: Textual's call_from_thread makes its coroutine before it
        finds the loop closed, and that coroutine was left unawaited (a RuntimeWarning at exit)."""
        if self._load_cancelled.is_set() or not self.is_running:  # set at unmount, before the loop ends
            raise RuntimeError("the app has closed meanwhile")
        self.call_from_thread(callback, *args, **kwargs)

    def _load(self) -> None:
        from engine.app.errors import STORE_ERRORS, app_error
        from tui.services import load_services

        try:
            services = load_services(self.config, with_templates=False)  # the counts need no drill
        except STORE_ERRORS as error:  # nothing on screen to lose yet: say why and leave
            self._on_ui(self.exit, None, 2, f"flopcards: error: {app_error(error).message}")
            return
        try:
            self._on_ui(self._loaded, services)
        except RuntimeError:  # the app has closed meanwhile: its unmount could not close these
            services.close()
            return
        self._ui_idle.wait(5)  # let the counts (and an early Enter's first card) paint without us
        if self._load_cancelled.is_set():
            return
        from tui.services import read_templates, warm_engine

        services.use_templates(read_templates(self.config))
        from tui.keep_outline import save_outline

        save_outline(self.config, services)
        services.note_unseen()
        if self.config.cache_dir is not None:  # an index kept on disk: the first search is at once
            services.prepare_search()
        try:
            self._on_ui(self._templates_ready)
        except RuntimeError:  # the app has closed meanwhile
            return
        import tui.screens.review  # noqa: F401  (so Enter does not wait for Markdown's import)

        self._check_today()

        # sympy and pint are for typed answers only: loaded later, so that they do not compete for
        # the interpreter lock with the first card a quick Enter asks for
        if self._load_cancelled.wait(self.config.warm_up_delay):
            return
        warm_engine()
        import gc

        if not gc.get_freeze_count():  # once per process: their long-lived heaps leave the collector
            gc.freeze()  # (a full collection over pint and sympy stalls an answer ~200 ms)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Notices carry deck text, file names and error messages ("a [ list ] left open?"): shown as
        written, never read as Rich markup (a widget's notify passes markup=True on its own)."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def _check_today(self) -> None:
        """The day's integrity check and backup copy, in this (load) thread once the home is usable:
        SQLite does both without the interpreter lock, so grading goes on meanwhile."""
        from engine.app.daily import check_today

        settings = self.config.settings
        problem = check_today(
            settings.db, settings.backup_days, self.config.now(), before_copy=self.config.before_daily_copy
        )
        if problem is not None:
            with contextlib.suppress(RuntimeError):  # the app has closed meanwhile
                self._on_ui(self.notify, problem.message, severity="error", timeout=60)

    def _loaded(self, services: Services) -> None:
        self.services = services
        self.home.post_message(ServicesReady(services))

    def on_counts_painted(self, _message: CountsPainted) -> None:
        """The home's counts are on screen."""
        if not self.counts_shown.is_set():
            self.counts_shown.set()
            self._maybe_loaded()

    def start_load(self) -> None:
        if not self._load_started:
            self._load_started = True
            self.load()

    def on_home_painted(self, _message: HomePainted) -> None:
        if not self.home.glancing:  # else an early Enter's first card paints first, then the load starts
            self.start_load()

    def on_first_card_painted(self, _message: FirstCardPainted) -> None:
        self.start_load()

    def on_services_ready(self, _message: ServicesReady) -> None:
        """The home screen has handled it (the message bubbled up from there): counts are drawn."""
        self.run_worker(self._when_keys_handled(), exit_on_error=False)  # not awaited by a callback
        self._maybe_loaded()

    async def _when_keys_handled(self) -> None:
        """The load's later work (drill templates, outline, search index) waits for the keys held
        while the decks opened (enter, space, 4: the answer, the grade saved, the next card drawn):
        it would compete with them for the interpreter lock."""
        await self.key_gate.settled()
        self.call_after_refresh(self._ui_idle.set)

    def _templates_ready(self) -> None:
        self._templates_in = True
        self._maybe_loaded()

    def _maybe_loaded(self) -> None:
        """Once the decks, the drill templates and the counts on screen are all in (in any order):
        the home redraws with the drill kinds' row and `loaded` is set."""
        if self._templates_in and self.home.services is not None and self.counts_shown.is_set():
            self.home.refresh_counts()
            self.loaded.set()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded and not self.key_gate.admit(event):
            return  # the gate hands it to _handle_key once the keys before it are handled
        await super().on_event(event)

    async def _handle_key(self, event: events.Key) -> None:
        await super().on_event(event)

    def post_message(self, message: Message) -> bool:
        if self.quit_ends_process and self._quits_while_loading(message):
            from tui.quick_exit import leave_process

            leave_process(self, 0)  # from Textual's key thread: the UI thread may be busy drawing
        return super().post_message(message)

    def _quits_while_loading(self, message: Message) -> bool:
        """A quit key on the home before the decks are open: no answer can be under way, and q
        needs no UI thread to mean quit (it may be busy drawing the first frame)."""
        return (
            isinstance(message, events.Key)
            and message.key in QUIT_KEYS
            and self.services is None
            and self.screen_stack[-1:] == [self.home]
        )

    async def action_quit(self) -> None:
        if self.quit_ends_process and not self._exit_renderables:
            from tui.quick_exit import leave_process, settle_store_work

            await settle_store_work(self)  # a grade being committed is kept
            leave_process(self, self.return_code or 0)
        await super().action_quit()

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield from flopcards_commands(self.home, decks_open=self.services is not None)

    def _fatal_error(self) -> None:
        """An unexpected error ends the app with Textual's report, but without local variables
        (Textual's own shows them: a database URL, connect parameters) and with every credential
        in its text masked."""
        import sys
        import traceback

        from rich.text import Text

        from engine.app.values import mask_secrets

        self.bell()
        error = sys.exc_info()[1] or self._exception
        lines = traceback.format_exception(error) if error is not None else []
        ending = "flopcards: internal error (please report it with the lines above)"
        report = mask_secrets("".join(lines)) + ending
        self._exit_renderables.append(Text(report))
        self._close_messages_no_wait()

    def on_unmount(self) -> None:
        self._load_cancelled.set()
        self._ui_idle.set()
        if self.services is not None:
            self.services.close()
