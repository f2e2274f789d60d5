"""`flopcards edit-deck ID`: copy a bundled deck into the user's deck folder, where the copy
replaces the bundled deck (same id, so every card keeps its history)."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Sequence

from engine.app.values import Settings, user_deck_dir
from tui.cli_flags import Parser

WANTS_SETTINGS = True


def main(argv: Sequence[str], settings: Settings) -> int:
    parser = Parser(
        prog="flopcards edit-deck",
        description="Copy a bundled deck into your deck folder to edit it: your copy replaces the "
        "bundled one (same id, history kept). Delete the copy to go back to the bundled deck.",
    )
    parser.add_argument("deck", metavar="ID", help="a bundled deck's id (see `flopcards decks`)")
    args = parser.parse_args(list(argv))

    from tui.authoring import load_collection

    collection = load_collection(settings.deck_dirs)
    loaded = collection.deck(args.deck)
    bundled = collection.replaced.get(args.deck) or (loaded.path if loaded and loaded.bundled else None)
    if bundled is None:
        ids = [d.id for d in load_collection(()).decks if d.bundled]
        print(
            f"flopcards edit-deck: error: no bundled deck '{args.deck[:80]}' (bundled: {', '.join(ids)})",
            file=sys.stderr,
        )
        return 2
    if loaded is not None and not loaded.bundled:
        print(f"your copy of '{args.deck}' is in use already: {loaded.path}")
        return 0
    target = user_deck_dir() / bundled.name
    if target.exists():
        message = f"{target} exists and is not a copy of '{args.deck}'; move it away first"
        print(f"flopcards edit-deck: error: {message}", file=sys.stderr)
        return 1
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(bundled, target)
    print(f"copied {bundled.name} to {target}: your copy replaces the bundled deck (same id, history kept)")
    print(f"edit it, then check it with: flopcards validate {target}")
    return 0
