"""The outline of the bundled decks and drill kinds, shipped in the package, so that a start with an
empty cache (the first one after installing, or after `flopcards cache clear`) still counts before
anything is parsed. Trusted only while every bundled file has the content it was built from.

    python -m tui.bundled_outline          rewrite tui/bundled_outline.json (after editing a bundled deck)
    python -m tui.bundled_outline --check  exit 1 when it is stale (a test runs this check)
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from cards.version import BUNDLED_DIR as DECKS
from drills.paths import BUNDLED_DIR as TEMPLATES
from engine.cache import content_digest
from engine.file_kinds import YAML_SUFFIXES
from engine.start import outline
from engine.start.outline import Outline

SHIPPED = Path(__file__).with_name("bundled_outline.json")


def _digests() -> list[list[str]]:
    """[path relative to the packages' folder, content digest] of every bundled file, sorted."""
    root = DECKS.parent.parent
    files = sorted(p for folder in (DECKS, TEMPLATES) for p in folder.rglob("*") if p.is_file())
    return [[p.relative_to(root).as_posix(), content_digest(p.read_bytes())] for p in files]


def load_shipped() -> Outline | None:
    """The shipped outline if the bundled files are the ones it was built from; None otherwise."""
    try:
        payload = json.loads(SHIPPED.read_text(encoding="utf-8"))
        if payload["files"] != _digests():
            return None
        return outline.decode(payload)
    except (OSError, KeyError, TypeError, ValueError):
        return None


def no_user_files(folders: tuple[Path, ...]) -> bool:
    """True when none of the user's deck folders holds a YAML file (missing folders hold none)."""
    for folder in folders:
        if folder.is_file():
            return False
        for walked, (_where, _dirs, names) in enumerate(os.walk(folder)):
            if walked > outline.MAX_FOLDERS or any(n.endswith(YAML_SUFFIXES) for n in names):
                return False
    return True


def build() -> dict[str, Any]:
    """The outline a full load of the bundled decks and templates gives (slow: parses everything)."""
    from engine.settings import Settings
    from tui.config import AppConfig
    from tui.services import load_services
    from tui.start import outline_of

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
