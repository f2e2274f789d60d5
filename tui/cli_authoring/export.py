"""`flopcards export DECK... --to FILE.apkg|.txt`: decks out to Anki, with stable note GUIDs."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

from engine.app.values import Settings
from tui.cli_flags import Parser, missing_folder_problem

WANTS_SETTINGS = True
FORMATS = (".apkg", ".txt")


def main(argv: Sequence[str], settings: Settings) -> int:
    parser = Parser(
        prog="flopcards export",
        description="Write decks as an Anki package (.apkg) or Anki's plain-text format (.txt). Note GUIDs "
        "come from deck-id/card-id, so exporting again updates the same notes in Anki.",
    )
    parser.add_argument("decks", nargs="+", metavar="DECK", help="deck ids ('all' for every deck)")
    parser.add_argument("--to", required=True, type=Path, metavar="FILE", help="FILE.apkg or FILE.txt")
    parser.add_argument(
        "--force", action="store_true", help="replace FILE if it exists (never a link's target)"
    )
    parser.add_argument("--create", action="store_true", help="make FILE's folder if it does not exist")
    args = parser.parse_args(list(argv))
    if args.to.suffix.lower() not in FORMATS:
        parser.error(f"--to must end in {' or '.join(FORMATS)}")
    if problem := missing_folder_problem("--to", args.to, create=args.create):
        parser.error(problem)
    if os.path.lexists(args.to) and not args.force:
        print(f"flopcards export: error: {args.to} already exists; give --force", file=sys.stderr)
        return 1

    from tui.anki import plain_text, write_apkg
    from tui.authoring import load_collection

    collection = load_collection(settings.deck_dirs)
    wanted = [d.deck for d in collection.decks] if args.decks == ["all"] else []
    for deck_id in [] if wanted else args.decks:
        loaded = collection.deck(deck_id)
        if loaded is None:
            known = ", ".join(d.id for d in collection.decks)
            print(f"flopcards export: error: no deck '{deck_id}' (decks: {known})", file=sys.stderr)
            return 1
        wanted.append(loaded.deck)
    args.to.parent.mkdir(parents=True, exist_ok=True)
    written = args.to.with_name(f".{args.to.name}.{os.getpid()}.part")
    try:
        if args.to.suffix.lower() == ".apkg":
            count = write_apkg(wanted, written)
        else:
            written.write_text(plain_text(wanted), encoding="utf-8")
            count = sum(len(d.cards) for d in wanted)
        _put_in_place(written, args.to, replace=args.force)
    except FileExistsError:
        print(f"flopcards export: error: {args.to} already exists; give --force", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"flopcards export: error: cannot write {args.to}: {error.strerror or error}", file=sys.stderr)
        return 1
    finally:
        written.unlink(missing_ok=True)
    decks = f"{len(wanted)} deck{'s' if len(wanted) != 1 else ''}"
    print(f"wrote {args.to}: {count} note{'s' if count != 1 else ''} from {decks}")
    return 0


def _put_in_place(written: Path, target: Path, *, replace: bool) -> None:
    """Give the finished file its name: a new name only (a hard link fails on any existing entry,
    a dangling link too), or with `replace` in place of the entry itself: a symlink is replaced,
    its target never written through."""
    if replace:
        os.replace(written, target)
    else:
        os.link(written, target)
