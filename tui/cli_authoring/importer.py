"""`flopcards import FILE`: write (or update) YAML decks in the user deck folder from a table or an
Anki package."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

from engine.app.values import Settings, user_deck_dir
from tui.cli_authoring import plural, print_problems
from tui.cli_flags import Parser

WANTS_SETTINGS = True
WANTS_CACHE = True


def _fail(message: str, code: int = 1) -> int:
    print(f"flopcards import: error: {message}", file=sys.stderr)
    return code


def _write(path: Path, text: str) -> None:
    """Replace the file atomically: a crash leaves the old deck or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.tmp")
    temp.write_text(text, encoding="utf-8")
    os.replace(temp, path)


def main(argv: Sequence[str], settings: Settings, *, cache_dir: Path | None = None) -> int:
    parser = Parser(
        prog="flopcards import",
        description="Import cards into YAML decks in your deck folder from a CSV/TSV file (columns "
        "front, back, tags; header optional), Anki's plain-text export (.txt) or an Anki package "
        "(.apkg, .colpkg: one deck per Anki deck, each card from its own template). Importing the "
        "same file again updates the cards (ids come from Anki's note GUIDs, else from each front); "
        "it never duplicates them.",
    )
    parser.add_argument("file", type=Path, help="a .csv, .tsv, .txt, .apkg or .colpkg file")
    parser.add_argument(
        "--id",
        dest="deck_id",
        help="deck id (default: from the file name; for a package, from its deck; refused for a "
        "package of several decks)",
    )
    parser.add_argument("--title", help="deck title for a new deck (default: from the file)")
    parser.add_argument("--tag", action="append", default=[], help="tag added to every card (repeatable)")
    parser.add_argument(
        "--with-history", action="store_true", help="Anki packages: also import the review log and schedule"
    )
    args = parser.parse_args(list(argv))
    if args.file.suffix.lower() in (".yaml", ".yml"):  # read as a table it only said "no cards found"
        return _fail(
            f"{args.file.name} is a YAML deck, not a table to import: put it in your deck folder"
            f" ({user_deck_dir()}) or pass --decks FOLDER",
            2,
        )
    if args.file.suffix.lower() in (".apkg", ".colpkg"):
        from tui.anki import slugify
        from tui.cli_authoring.anki_import import run

        deck_id = slugify(args.deck_id) if args.deck_id else None
        return run(
            args.file,
            settings,
            with_history=args.with_history,
            deck_id=deck_id,
            title=args.title,
            cache_dir=cache_dir,
        )

    from tui.authoring import (
        CsvImportError,
        deck_text,
        load_collection,
        load_deck_file,
        merge,
        read_table,
        slugify,
    )

    deck_id = slugify(args.deck_id or args.file.stem)
    if not deck_id:
        return _fail("cannot make a deck id from the file name; pass --id", 2)
    try:
        table = read_table(args.file)
    except CsvImportError as error:
        return _fail(str(error))
    target = user_deck_dir() / f"{deck_id}.yaml"
    existing = None
    if target.exists():
        existing, problems = load_deck_file(target)
        if existing is None:
            print_problems(problems, out=sys.stderr)
            return _fail(f"{target} has errors; fix it (or move it away) before importing into it")
        if existing.id != deck_id:
            return _fail(f"{target} holds deck '{existing.id}', not '{deck_id}'; pass --id")
    others = [d for d in load_collection(settings.deck_dirs).decks if d.id == deck_id]
    if any(d.path.resolve() != target.resolve() for d in others):
        return _fail(f"deck id '{deck_id}' is already used by {others[0].path}; pass another --id")
    title = args.title or table.deck_name or args.file.stem.replace("_", " ").replace("-", " ").strip()
    result = merge(existing, table, deck_id=deck_id, title=title, extra_tags=tuple(args.tag))
    header = f"Imported from {args.file.name} by `flopcards import`; importing it again updates these cards."
    _write(target, deck_text(result.deck, header=header))
    for line, why in table.skipped:
        print(f"{args.file}:{line}: warning: row skipped: {why}", file=sys.stderr)
    for line in result.repeated:
        message = "warning: same front as an earlier row; the later row wins"
        print(f"{args.file}:{line}: {message}", file=sys.stderr)
    print(
        f"wrote {target}: {plural(result.added, 'new card')}, {result.updated} updated, "
        f"{result.unchanged} unchanged"
        + (f", {result.kept} kept that are not in {args.file.name}" if result.kept else "")
    )
    return 0
