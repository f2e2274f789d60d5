"""`flopcards cache clear|path`: the compiled deck cache (safe to delete: it is rebuilt on the next start)."""

from __future__ import annotations

from collections.abc import Sequence

from tui.cli_flags import Parser


def main(argv: Sequence[str]) -> int:
    from engine.app.values import CACHE_FILE, clear_cache, default_cache_dir

    parser = Parser(
        prog="flopcards cache",
        description="The cache of parsed, validated decks and drill templates (rebuilt when missing).",
    )
    parser.add_argument("action", choices=["clear", "path"], help="clear: delete it; path: print where it is")
    args = parser.parse_args(list(argv))
    folder = default_cache_dir()
    if args.action == "path":
        print(folder / CACHE_FILE)
        return 0
    try:
        existed = clear_cache(folder)
    except OSError as error:
        print(f"flopcards: cannot delete the cache in {folder}: {error.strerror}")
        return 1
    print(f"Cleared the deck cache in {folder}." if existed else f"No deck cache in {folder}.")
    return 0
