"""A server that refuses the connection: the store's message is one line and never holds the password."""

from __future__ import annotations

import socket

import pytest

from engine.store.database import StoreError, open_store

pytest.importorskip("psycopg")

SECRET = "S3cret"


def closed_port() -> int:
    """A local TCP port nothing listens on (bound then released: connecting is refused at once)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_refused_connection_is_one_line_without_the_password() -> None:
    with pytest.raises(StoreError) as caught:
        open_store(f"postgresql://u:{SECRET}@127.0.0.1:{closed_port()}/x")
    message = str(caught.value)
    assert message.startswith("cannot open the database at postgresql+psycopg://u:***@127.0.0.1:")
    assert "Connection refused" in message  # the driver's reason is kept
    assert "is the server running" in message.lower()  # and libpq's hint, on the same line
    assert "\n" not in message and "\t" not in message and SECRET not in message


def test_a_store_error_is_always_one_masked_line() -> None:
    error = StoreError(f"cannot open postgresql://u:{SECRET}@h/x: failed\n\tIs it running?\n\n")
    assert str(error) == "cannot open postgresql://u:***@h/x: failed; Is it running?"
