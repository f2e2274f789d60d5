"""Run by test_no_secret: the real `flopcards` command, with the load broken by a bug that holds the
database URL (password included) in its local variables and its message."""

from __future__ import annotations

import sys

import tui.services


def broken_load(config: object, **_options: object) -> object:
    url = config.settings.db  # type: ignore[attr-defined]  # a local variable Textual used to print
    raise RuntimeError(f"unexpected failure while opening {url}")


if __name__ == "__main__":
    tui.services.load_services = broken_load  # type: ignore[assignment]
    from tui.cli import main

    sys.exit(main(sys.argv[1:]))
