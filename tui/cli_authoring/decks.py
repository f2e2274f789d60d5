"""`flopcards decks`: every deck with its path, card count and due count (and decks skipped)."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from engine.app.values import Settings, user_deck_dir
from tui.cli_authoring import print_problems
from tui.cli_flags import Parser

WANTS_SETTINGS = True


def main(argv: Sequence[str], settings: Settings) -> int:
    parser = Parser(
        prog="flopcards decks", description="List every deck: id, cards, due today, new, title and file."
    )
    parser.add_argument("--json", action="store_true", help="print a JSON list instead of a table")
    args = parser.parse_args(list(argv))

    from engine.app.database import StoreError, open_store
    from tui.authoring import card_study, load_collection

    collection = load_collection(settings.deck_dirs)
    try:
        store = open_store(settings.db)
    except StoreError as error:
        print(f"flopcards decks: error: {error}", file=sys.stderr)
        return 2
    try:
        study = card_study(store, collection, settings)
        counts = {c.deck_id: c for c in study.counts([d.id for d in collection.decks])}
    finally:
        store.close()
    rows = [
        {
            "id": d.id,
            "title": d.deck.title,
            "cards": len(d.deck.cards),
            "due": counts[d.id].due,
            "new": counts[d.id].new,
            "path": str(d.path),
            "bundled": d.bundled,
        }
        for d in collection.decks
    ]
    folder = user_deck_dir()
    extra = [str(d) for d in settings.deck_dirs if d != folder]
    if args.json:
        problems = [str(p) for p in collection.problems]
        listing = {"decks": rows, "problems": problems, "deck_folder": str(folder), "extra_folders": extra}
        print(json.dumps(listing, indent=2))
        return 0
    width = max([len(str(r["id"])) for r in rows] + [4])
    print(f"{'DECK':<{width}}  {'CARDS':>5}  {'DUE':>4}  {'NEW':>4}  TITLE / FILE")
    for r in rows:
        print(f"{r['id']:<{width}}  {r['cards']:>5}  {r['due']:>4}  {r['new']:>4}  {r['title']}")
        print(f"{'':<{width}}  {'':>5}  {'':>4}  {'':>4}  {r['path']}{' (bundled)' if r['bundled'] else ''}")
    print(f"\nYour deck folder: {folder} (put .yaml decks there; `flopcards new deck NAME` writes one)")
    if extra:
        print(f"Also read: {', '.join(extra)}")
    if collection.problems:
        print("\nSkipped because of errors (run `flopcards validate` for all of them):", file=sys.stderr)
        print_problems(collection.problems, out=sys.stderr)
    return 0
