"""The Textual application, the composition root: starts on the home screen; the load (tui.app_load)
opens the store and decks behind it, the keys (tui.app_keys) wait their turn."""

from __future__ import annotations

import asyncio
import sys
import threading
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import SystemCommand
from textual.binding import Binding

from tui.app_keys import KeyedApp
from tui.app_load import LoadingApp
from tui.commands import flopcards_commands
from tui.config import AppConfig
from tui.footer_keys import footers_recompose_on_change, keys_start_as_footers_do
from tui.key_gate import KeyGate
from tui.screens.home import HomeScreen

if TYPE_CHECKING:
    from collections.abc import Iterable

    from textual.driver import Driver
    from textual.notifications import SeverityLevel
    from textual.screen import Screen

    from tui.services import Services


class FlopcardsApp(KeyedApp, LoadingApp):
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

    def on_mount(self) -> None:
        from tui.start import first_look, glance, kept_outline

        kept = kept_outline(self.config)
        self.home.first_look = first_look(self.config, kept) if kept else None  # painted with the first frame
        if kept is not None and self.home.first_look is not None:
            self.home.glancer = partial(glance, self.config, kept)
        self.push_screen(self.home)  # it posts CountsPainted after its first frame with counts
        # the load starts once the home is painted with its key bar (HomePainted): it holds the
        # interpreter lock while importing, which would keep the UI from drawing meanwhile

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

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for the terminal, flopcards' on Linux and macOS (tui.driver: a lone ESC
        byte is the Esc key after 50 ms, not ~110); run_test() uses Textual's headless one."""
        driver = super().get_driver_class()
        if sys.platform == "win32":
            return driver
        from textual.drivers.linux_driver import LinuxDriver

        from tui.driver import FlopcardsDriver

        return FlopcardsDriver if driver is LinuxDriver else driver

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
