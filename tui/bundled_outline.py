"""Builds the outline of the bundled decks and drill kinds shipped in the package (read at start-up
by engine.start.shipped, so that a start with an empty cache still counts before anything is parsed).

    python -m tui.bundled_outline          rewrite tui/bundled_outline.json (after editing a bundled deck)
    python -m tui.bundled_outline --check  exit 1 when it is stale (a test runs this check)
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from cards.version import BUNDLED_DIR as DECKS
from drills.paths import BUNDLED_DIR as TEMPLATES
from engine.settings import Settings
from engine.start import outline
from engine.start.shipped import digests
from tui.config import AppConfig
from tui.keep_outline import outline_of
from tui.services import load_services
from tui.start import SHIPPED


def _digests() -> list[list[str]]:
    """[path relative to the packages' folder, content digest] of every bundled file, sorted."""
    return digests(DECKS.parent.parent, (DECKS, TEMPLATES))


def build() -> dict[str, Any]:
    """The outline a full load of the bundled decks and templates gives (slow: parses everything)."""
    with tempfile.TemporaryDirectory() as tmp:
        config = AppConfig(settings=Settings(db=str(Path(tmp) / "build.db")), include_bundled=True)
        services = load_services(config)
        try:
            return {"files": _digests(), **outline.encode(outline_of(services))}
        finally:
            services.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--check", action="store_true", help="exit 1 when the shipped outline is stale")
    args = parser.parse_args(argv)
    text = json.dumps(build(), ensure_ascii=False, separators=(",", ":")) + "\n"
    if args.check:
        stale = not SHIPPED.exists() or SHIPPED.read_text(encoding="utf-8") != text
        print(f"{SHIPPED.name}: {'stale: run python -m tui.bundled_outline' if stale else 'up to date'}")
        return 1 if stale else 0
    SHIPPED.write_text(text, encoding="utf-8")
    print(f"wrote {SHIPPED}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
