"""`flopcards fsrs`: show the FSRS-6 parameters in use, or fit them to this collection's review log."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.app.values import Settings
from tui.cli_flags import Parser

if TYPE_CHECKING:
    from engine.app.store_commands import FsrsInUse

WANTS_SETTINGS = True


def main(argv: Sequence[str], settings: Settings) -> int:
    parser = Parser(
        prog="flopcards fsrs",
        description="FSRS tools. 'optimize' fits FSRS-6's 21 parameters to your own review log (needs "
        "the fsrs-optimizer extra, which pulls in torch) and stores them in the collection; with "
        "fewer than 512 answers the defaults are kept.",
    )
    parser.add_argument(
        "action", choices=["optimize", "show"], help="optimize, or show the parameters in use"
    )
    args = parser.parse_args(list(argv))

    from engine.app.fsrs_fit import OptimizerMissing
    from engine.app.store_commands import fsrs_in_use, optimize_fsrs
    from engine.app.values import AppError

    try:
        if args.action == "show":
            print(show_text(fsrs_in_use(settings.db), settings))
            return 0
        result = optimize_fsrs(settings.db)
    except (AppError, OptimizerMissing) as error:
        print(f"flopcards fsrs: error: {error}", file=sys.stderr)
        return 1
    print(result.reason)
    return 0


PER_LINE = 7


def show_text(used: FsrsInUse, settings: Settings) -> str:
    """Where the weights came from, the retention and scheduler they serve, then w0-w20."""
    if used.fitted:
        when = f" on {used.fitted_on.isoformat()}" if used.fitted_on else ""
        source = f"optimized{when} from this collection's review log"
    elif used.refused:
        source = "py-fsrs's defaults (the optimized ones stored are out of py-fsrs's bounds)"
    else:
        source = "py-fsrs's defaults (not optimized: `flopcards fsrs optimize` fits them to your log)"
    lines = [
        f"FSRS-6 parameters: {source}",
        f"desired retention: {settings.desired_retention:.2f} (a card falls due when recall drops to it)",
        f"scheduler in use: {settings.scheduler}"
        + ("" if settings.scheduler == "fsrs" else ' (they apply with scheduler = "fsrs")'),
    ]
    w = used.weights
    for start in range(0, len(w), PER_LINE):
        lines.append("  ".join(f"w{i} {w[i]:.4f}" for i in range(start, min(start + PER_LINE, len(w)))))
    return "\n".join(lines)
