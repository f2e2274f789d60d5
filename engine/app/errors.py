"""Every store, driver and OS error translated into the application's one error (engine.faults.AppError),
in one place; `store_command` marks the commands that touch the store."""

from __future__ import annotations

import errno
import functools
import re
import sqlite3
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import sqlalchemy.exc as sa_exc

from engine.faults import AppError, FaultKind
from engine.redact import one_line
from engine.store.preflight import StoreError

P = ParamSpec("P")
T = TypeVar("T")
__all__ = [
    "FAULTS", "STORE_ERRORS", "AppError", "FaultKind", "app_error", "kind_of", "reason", "store_command"
]


STORE_ERRORS: tuple[type[BaseException], ...] = (StoreError, sa_exc.SQLAlchemyError, sqlite3.Error, OSError)
"""What a store call may raise that is a fault of the database, not a bug of ours."""
FAULTS: tuple[type[BaseException], ...] = (AppError, *STORE_ERRORS)
"""What a store call through the application layer may raise that becomes a notice (app_error)."""
_PG_STATES = {
    "08": FaultKind.UNAVAILABLE,  # connection exception
    "57P01": FaultKind.UNAVAILABLE,  # admin shutdown
    "57P02": FaultKind.UNAVAILABLE,  # crash shutdown
    "57P03": FaultKind.REFUSED,  # cannot connect now (starting up, shutting down)
    "53300": FaultKind.REFUSED,  # too many connections
    "53100": FaultKind.FULL,  # disk full
    "25006": FaultKind.READ_ONLY,  # read-only transaction
    "40001": FaultKind.BUSY,
    "40P01": FaultKind.BUSY,
    "55P03": FaultKind.BUSY,  # lock not available
    "57014": FaultKind.BUSY,  # statement timeout
    "42501": FaultKind.DENIED,  # insufficient privilege: a role that may only read, or not this table
    "XX001": FaultKind.DAMAGED,
    "XX002": FaultKind.DAMAGED,
}
_TEXTS = (  # sqlite3's, the servers' and the store's own wording, lower case; the first match wins
    ("moved or removed", FaultKind.UNAVAILABLE),  # these two name a file: checked before its path
    ("answered again since", FaultKind.REFUSED),
    ("database or disk is full", FaultKind.FULL),
    ("no space left", FaultKind.FULL),
    ("readonly", FaultKind.READ_ONLY),
    ("read-only", FaultKind.READ_ONLY),
    ("locked", FaultKind.BUSY),
    ("busy", FaultKind.BUSY),
    ("malformed", FaultKind.DAMAGED),
    ("not a database", FaultKind.DAMAGED),
    ("damaged", FaultKind.DAMAGED),
    ("too many clients", FaultKind.REFUSED),
    ("not currently accepting connections", FaultKind.REFUSED),
    ("the database system is", FaultKind.REFUSED),  # ... starting up / shutting down / in recovery
    ("no more connections", FaultKind.REFUSED),
)
_DENIED_ON = re.compile(r"(permission denied) for (table|relation|sequence) ([\w.\"]+)")
_ERRNOS = {
    errno.ENOSPC: FaultKind.FULL,
    errno.EDQUOT: FaultKind.FULL,
    errno.EROFS: FaultKind.READ_ONLY,
    errno.EACCES: FaultKind.READ_ONLY,
    errno.EPERM: FaultKind.READ_ONLY,
}


def kind_of(error: BaseException) -> FaultKind:
    """Which fault `error` (from the store, SQLAlchemy, a driver or the OS) is."""
    orig = getattr(error, "orig", None) or error
    state = str(getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None) or "")
    if state:
        for prefix in (state, state[:2]):
            if prefix in _PG_STATES:
                return _PG_STATES[prefix]
    text = f"{orig} {error}".lower()
    for words, kind in _TEXTS:
        if words in text:
            return kind
    if isinstance(orig, OSError) and orig.errno in _ERRNOS:
        return _ERRNOS[orig.errno]
    return FaultKind.UNAVAILABLE


def app_error(error: BaseException) -> AppError:
    """`error` as the application's error: a StoreError keeps its own (user-fit) message, unless it
    only says the database stayed busy."""
    if isinstance(error, AppError):
        return error
    kind = kind_of(error)
    if isinstance(error, StoreError) and kind is not FaultKind.BUSY:
        return AppError(kind, str(error) or None)
    if kind is FaultKind.DENIED:
        return AppError(kind, _denied(error))
    return AppError(kind)


def _denied(error: BaseException) -> str | None:
    """The server's 'permission denied for table T' (or sequence S) said as the refusal it is
    (None: its wording names neither, the kind's own message stands)."""
    said = _DENIED_ON.search(str(getattr(error, "orig", None) or error))
    if said is None:
        return None
    what = "table" if said.group(2) == "relation" else said.group(2)
    return f"the database refused: this role may not use {what} {said.group(3)} ({said.group(1)})"


def reason(error: BaseException) -> str:
    """`error` on one line for a person, every password masked: a StoreError's own message; under
    SQLAlchemy's wrapper the driver's own words (not the SQL, its parameters or the link, which
    follow on later lines); else its text."""
    if isinstance(error, StoreError):
        return str(error)
    if isinstance(error, sa_exc.DBAPIError) and error.orig is not None:
        return f"the database said: {one_line(str(error.orig))}"
    return one_line(str(error)) or type(error).__name__


def store_command(method: Callable[P, T]) -> Callable[P, T]:
    """Decorate a command that touches the store: its store faults come out as AppError (the
    driver's error, which may print a URL or connect parameters, is not chained)."""

    @functools.wraps(method)
    def run(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return method(*args, **kwargs)
        except AppError:
            raise
        except STORE_ERRORS as error:
            raise app_error(error) from None

    return run
