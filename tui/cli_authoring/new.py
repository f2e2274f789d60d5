"""`flopcards new deck NAME`: write a commented example deck into the user deck folder."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from engine.app.values import Settings, user_deck_dir
from tui.cli_flags import Parser

WANTS_SETTINGS = True


def main(argv: Sequence[str], settings: Settings) -> int:
    from tui.authoring import example_deck, slugify

    parser = Parser(
        prog="flopcards new",
        description="Start a new deck: writes a commented example into your deck folder.",
    )
    parser.add_argument("kind", choices=["deck"], help="what to create")
    parser.add_argument("name", help="deck name, e.g. 'My serving notes' (the id is made from it)")
    parser.add_argument("--title", help="deck title (default: the name)")
    args = parser.parse_args(list(argv))
    deck_id = slugify(args.name)
    if not deck_id:
        message = f"cannot make a deck id from {args.name!r}; use letters or digits"
        print(f"flopcards new: error: {message}", file=sys.stderr)
        return 2
    folder = user_deck_dir()
    path = folder / f"{deck_id}.yaml"
    if path.exists():
        print(f"flopcards new: error: {path} already exists; not overwriting it", file=sys.stderr)
        return 1
    from tui.authoring import load_collection

    taken = load_collection(settings.deck_dirs).deck(deck_id)
    if taken is not None:  # a second deck with this id would be skipped from the start
        whose = "a bundled deck" if taken.bundled else "the deck"
        message = f"deck id '{deck_id}' is already used by {whose} {taken.path}; pick another name"
        if taken.bundled:
            message += f" (`flopcards edit-deck {deck_id}` copies it to edit)"
        print(f"flopcards new: error: {message}", file=sys.stderr)
        return 2
    folder.mkdir(parents=True, exist_ok=True)
    try:
        with path.open("x", encoding="utf-8") as handle:  # "x": never replace a file that appeared meanwhile
            handle.write(example_deck(deck_id, args.title or args.name))
    except OSError as error:
        print(f"flopcards new: error: cannot write {path}: {error.strerror}", file=sys.stderr)
        return 1
    print(f"wrote {path}")
    print(f"edit it, then check it with: flopcards validate {path}")
    return 0
