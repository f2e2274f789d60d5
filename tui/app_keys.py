"""The app's key handling: early keys replayed, keys held by the gate, quitting at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.app import App

if TYPE_CHECKING:
    from textual.message import Message

    from tui.key_gate import KeyGate
    from tui.screens.home import HomeScreen
    from tui.services import Services


QUIT_KEYS = ("q", "ctrl+q", "ctrl+c")
"""The keys that quit from the home (q is its binding; the others the app's)."""


class KeyedApp(App[None]):
    """The key handling of tui.app.FlopcardsApp (its state is set there, named here)."""

    services: Services | None
    home: HomeScreen
    key_gate: KeyGate
    early_keys: bytes
    quit_ends_process: bool

    def on_load(self) -> None:
        """Replay the early keys: queued before the driver reads any, so their order is kept."""
        if self.early_keys:
            from textual._xterm_parser import XTermParser

            parser = XTermParser()
            text = self.early_keys.decode("utf-8", errors="ignore")
            for event in [*parser.feed(text), *parser.tick()]:
                event.set_sender(self)
                self.post_message(event)

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
