"""The app's load: the store and decks opened in a daemon thread once the home is painted, then
the drill templates, the outline and the day's check, each step handed to the UI thread."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from typing import TYPE_CHECKING

from textual.app import App

from tui.messages import CountsPainted, FirstCardPainted, HomePainted, ServicesReady

if TYPE_CHECKING:
    from collections.abc import Callable

    from tui.config import AppConfig
    from tui.key_gate import KeyGate
    from tui.screens.home import HomeScreen
    from tui.services import Services


class LoadingApp(App[None]):
    """The load orchestration of tui.app.FlopcardsApp (its state is set there, named here)."""

    config: AppConfig
    services: Services | None
    home: HomeScreen
    key_gate: KeyGate
    loaded: asyncio.Event
    counts_shown: asyncio.Event
    _templates_in: bool
    _load_started: bool
    _ui_idle: threading.Event
    _load_cancelled: threading.Event

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
        self._after_home("Next start's counts not prepared", services.note_unseen)
        if self.config.cache_dir is not None:  # an index kept on disk: the first search is at once
            self._after_home("Search index not prepared", services.prepare_search)
        try:
            self._on_ui(self._templates_ready)
        except RuntimeError:  # the app has closed meanwhile
            return
        import tui.screens.review  # noqa: F401  (so Enter does not wait for Markdown's import)

        self._after_home("Today's check not run", self._check_today)

        # sympy and pint are for typed answers only: loaded later, so that they do not compete for
        # the interpreter lock with the first card a quick Enter asks for
        if self._load_cancelled.wait(self.config.warm_up_delay):
            return
        warm_engine()
        import gc

        if not gc.get_freeze_count():  # once per process: their long-lived heaps leave the collector
            gc.freeze()  # (a full collection over pint and sympy stalls an answer ~200 ms)

    def _after_home(self, what: str, step: Callable[[], object]) -> None:
        """A later step of the load, the home in use: a store fault in it (a server gone, a disk
        full) is one line on screen, "`what`: why", and the app goes on (the steps after it too)."""
        from engine.app.errors import FAULTS, app_error
        from tui.store_work import NOTICE_SECONDS, fault_notice

        try:
            step()
        except FAULTS as error:
            notice = fault_notice(what, app_error(error))
            with contextlib.suppress(RuntimeError):  # the app has closed meanwhile
                self._on_ui(self.notify, notice, severity="error", timeout=NOTICE_SECONDS)

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
        the home redraws with the drill kinds' row and `loaded` is set. A home under another screen
        (browse, the keys pop-up) redraws when it shows again (HomeScreen.on_screen_resume): its
        counts take 0.1 s of the UI thread at a million cards, which an Esc there would wait for."""
        if self._templates_in and self.home.services is not None and self.counts_shown.is_set():
            if self.home.is_active:
                self.home.refresh_counts()
            else:
                self.home.glancer = None  # as refresh_counts does: the kept outline goes now
            self.loaded.set()
