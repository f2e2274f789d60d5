"""The one error a command of the application layer raises on a store fault: its kind and a message
fit for the user, never a secret (stdlib only: screens catch it without importing SQLAlchemy)."""

from __future__ import annotations

from enum import StrEnum

from engine.redact import mask_secrets


class FaultKind(StrEnum):
    UNAVAILABLE = "unavailable"
    BUSY = "busy"
    FULL = "full"
    READ_ONLY = "read_only"
    DAMAGED = "damaged"
    REFUSED = "refused"
    DENIED = "denied"


MESSAGES = {
    FaultKind.UNAVAILABLE: "the database cannot be reached (server stopped, or its file or folder gone)",
    FaultKind.BUSY: "the database stayed busy (another program or device is writing)",
    FaultKind.FULL: "the disk holding the database is full",
    FaultKind.READ_ONLY: "the database cannot be written (read-only file, folder or server)",
    FaultKind.DAMAGED: "the database file is damaged (run `flopcards db check`)",
    FaultKind.REFUSED: "the database server refuses new connections",
    FaultKind.DENIED: "the database refused: this role may not use that table (permission denied)",
}
"""The message of each kind: what happened, in the user's words."""


class AppError(Exception):
    """A command of the application layer failed on the store; nothing of it was saved."""

    def __init__(self, kind: FaultKind, message: str | None = None) -> None:
        self.kind = kind
        self.message = mask_secrets(message or MESSAGES[kind])
        super().__init__(self.message)
