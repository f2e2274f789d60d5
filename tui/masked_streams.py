"""Standard output and error with every credential masked (engine.redact), for the whole command."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from engine.app.values import mask_secrets


class MaskedStream:
    """A text stream that masks what it is given before passing it on (print and Rich write one
    whole message per call, so a URL is never split between two writes)."""

    def __init__(self, inner: TextIO) -> None:
        self._inner = inner

    def write(self, text: str) -> int:
        self._inner.write(mask_secrets(text))
        return len(text)

    def writelines(self, lines: list[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


@contextlib.contextmanager
def masked_output() -> Iterator[None]:
    """sys.stdout and sys.stderr masked while the block runs (the CLI's messages, Textual's exit
    and crash reports, which it prints to sys.stderr after leaving the screen)."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = MaskedStream(out), MaskedStream(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
