"""`flopcards stats [--deck ID] [--period P] [--json]`: the stats screen's figures for scripts."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.app.values import Settings
from tui.cli_flags import Parser

WANTS_SETTINGS = True
WANTS_CACHE = True
PERIODS = ("week", "month", "quarter", "year", "all")


@dataclass(frozen=True)
class _Decks:
    """What stats needs of the decks: titles by id, item counts by id, card total, drill decks."""

    titles: dict[str, str]
    sizes: dict[str, int]
    cards: int
    drill_decks: frozenset[str]


def _decks(settings: Settings, cache_dir: Path | None) -> _Decks:
    """From the deck sizes kept with the last load's outline when nothing changed since (no deck file
    is parsed, no key decoded: at 1M cards either was most of the command's time), else from the
    deck files."""
    from tui.config import AppConfig
    from tui.start import kept_sizes

    kept = kept_sizes(AppConfig(settings=settings, cache_dir=cache_dir)) if cache_dir else None
    if kept is not None:
        return _Decks(
            {d.deck_id: d.title for d in kept},
            {d.deck_id: d.cards + d.others for d in kept},
            sum(d.cards for d in kept),
            frozenset(d.deck_id for d in kept if d.others and not d.cards),
        )
    from tui.authoring import load_collection
    from tui.drill_commands import drill_deck_id, kinds, templates_for

    collection = load_collection(settings.deck_dirs)
    n_kinds = len(kinds(templates_for(deck_dirs=settings.deck_dirs)))
    sizes = {d.id: len(d.head.card_ids) for d in collection.decks}
    return _Decks(
        {d.id: d.title for d in collection.decks} | {drill_deck_id(): "Drills"},
        sizes | {drill_deck_id(): n_kinds},
        sum(sizes.values()),
        frozenset({drill_deck_id()}),
    )


def main(argv: Sequence[str], settings: Settings, *, cache_dir: Path | None = None) -> int:
    parser = Parser(
        prog="flopcards stats",
        description="Heatmap, due forecast, true retention, grades, intervals, drills and exam scores.",
    )
    parser.add_argument("--deck", metavar="ID", help="one deck (default: all decks)")
    parser.add_argument("--period", choices=PERIODS, default="month", help="window for grades, time, drills")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    args = parser.parse_args(list(argv))

    from engine.app.database import StoreError, open_store
    from engine.app.stats import Period, compute_stats
    from engine.app.values import StudyClock, utc_now
    from tui.stats_format import stats_json, stats_text

    decks = _decks(settings, cache_dir)
    if args.deck is not None and args.deck not in decks.titles:
        known = ", ".join(decks.titles)
        print(f"flopcards stats: error: no deck '{args.deck[:80]}' (decks: {known})", file=sys.stderr)
        return 2
    sizes = decks.sizes
    # all decks: the cards, as home's 'All decks' row counts them (drill kinds are not cards)
    total = sizes[args.deck] if args.deck is not None else decks.cards
    try:
        store = open_store(settings.db, defer_daily=True)  # reads only: the day's check is the app's
    except StoreError as error:
        print(f"flopcards stats: error: {error}", file=sys.stderr)
        return 2
    try:
        today = StudyClock(day_start_hour=settings.day_start_hour).today(utc_now())
        stats = compute_stats(
            store,
            today,
            deck_id=args.deck,
            period=Period.parse(args.period),
            total_cards=total,
            drill_decks=tuple(decks.drill_decks),
        )
    finally:
        store.close()
    if args.json:
        print(json.dumps(stats_json(stats), indent=2))
    else:
        title = decks.titles[args.deck] if args.deck is not None else "All decks"
        print(stats_text(stats, title))
    return 0
