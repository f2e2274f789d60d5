"""`flopcards fsrs optimize`: fit FSRS parameters to this collection's review log and keep them."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from engine.app.values import Settings
from tui.cli_flags import Parser

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
    from engine.app.store_commands import fsrs_parameters, optimize_fsrs
    from engine.app.values import AppError

    try:
        if args.action == "show":
            stored = fsrs_parameters(settings.db)
            print("default FSRS-6 parameters" if stored is None else ", ".join(f"{p:.4f}" for p in stored))
            return 0
        result = optimize_fsrs(settings.db)
    except (AppError, OptimizerMissing) as error:
        print(f"flopcards fsrs: error: {error}", file=sys.stderr)
        return 1
    print(result.reason)
    return 0
