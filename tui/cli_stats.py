"""`flopcards stats [--deck ID] [--period P] [--json]`: the stats screen's figures for scripts."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from engine.app.values import Settings
from tui.cli_flags import Parser

WANTS_SETTINGS = True
PERIODS = ("week", "month", "quarter", "year", "all")


def main(argv: Sequence[str], settings: Settings) -> int:
    parser = Parser(
        prog="flopcards stats",
        description="Heatmap, due forecast, true retention, grades, intervals, drills and exam scores.",
    )
    parser.add_argument("--deck", metavar="ID", help="one deck (default: all decks)")
    parser.add_argument("--period", choices=PERIODS, default="month", help="window for grades, time, drills")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    args = parser.parse_args(list(argv))

    from drills.attempts import DRILL_DECK
    from drills.generator import kinds, templates_for
    from engine.app.database import StoreError, open_store
    from engine.app.stats import Period, compute_stats
    from engine.app.values import StudyClock, utc_now
    from tui.authoring import load_collection
    from tui.stats_format import stats_json, stats_text

    collection = load_collection(settings.deck_dirs)
    deck_ids = [d.id for d in collection.decks]
    if args.deck is not None and args.deck not in [*deck_ids, DRILL_DECK]:
        known = ", ".join([*deck_ids, DRILL_DECK])
        print(f"flopcards stats: error: no deck '{args.deck[:80]}' (decks: {known})", file=sys.stderr)
        return 2
    n_kinds = len(kinds(templates_for(deck_dirs=settings.deck_dirs)))
    sizes = {d.id: len(d.head.card_ids) for d in collection.decks} | {DRILL_DECK: n_kinds}
    # all decks: the cards, as home's 'All decks' row counts them (drill kinds are not cards)
    total = sizes[args.deck] if args.deck is not None else sum(n for d, n in sizes.items() if d != DRILL_DECK)
    try:
        store = open_store(settings.db)
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
            drill_decks=(DRILL_DECK,),
        )
    finally:
        store.close()
    if args.json:
        print(json.dumps(stats_json(stats), indent=2))
    else:
        loaded = collection.deck(args.deck) if args.deck else None
        print(stats_text(stats, loaded.title if loaded else args.deck or "All decks"))
    return 0
