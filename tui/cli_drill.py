"""`flopcards drill list|show|check`: numeric drills on the command line (human text or --json)."""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from tui.cli_flags import answer_flag

WIDTH = 88
LEVELS = ("warm-up", "interview", "senior")

if TYPE_CHECKING:
    from engine.app.values import Settings


class _UsageError(Exception):
    """Raised instead of argparse's print-usage-and-exit, so errors stay one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(message)


def build_parser() -> _Parser:
    common = _Parser(add_help=False)
    common.add_argument("--json", action="store_true", help="print JSON instead of text")
    common.add_argument(
        "--templates",
        action="append",
        type=Path,
        default=[],
        metavar="DIR",
        help="extra template folder (repeatable)",
    )
    parser = _Parser(prog="flopcards drill", description="Randomized numeric drills.")
    common.add_argument(
        "--level", choices=LEVELS, help="only kinds of this level (list; show without a kind picks one)"
    )
    sub = parser.add_subparsers(dest="command", metavar="{list,show,check}", required=True)
    sub.add_parser("list", parents=[common], help="list drill kinds")
    show = sub.add_parser("show", parents=[common], help="a drill with its answer and solution")
    show.add_argument("kind", nargs="?", help="drill kind (default: one drawn by the seed, see --level)")
    show.add_argument("--seed", type=int, help="drill seed (default: a random one, printed)")
    show.add_argument("--hint", action="store_true", help="print the question and its hint, no answer")
    check = sub.add_parser("check", parents=[common], help="check an answer to a drill")
    check.add_argument("kind")
    check.add_argument("--seed", type=int, required=True)
    check.add_argument("--answer", required=True, help="e.g. '1.07 GB', '490 ms', '16%%'")
    return parser


def _finite(x: float | None) -> float | None:
    return x if x is not None and math.isfinite(x) else None


def _step_json(step: Any) -> dict[str, Any]:
    return {
        "label": step.label,
        "formula": step.formula,
        "substituted": step.substituted,
        "value": _finite(step.value),
        "unit": step.unit,
    }


def drill_json(drill: Any) -> dict[str, Any]:
    """The JSON document for `show --json`."""
    from engine.app.answering import render_steps
    from tui.drill_commands import answer_text

    return {
        "kind": drill.kind,
        "seed": drill.seed,
        "title": drill.title,
        "topic": drill.topic,
        "prompt": drill.prompt,
        "conventions": list(drill.conventions),
        "params": {
            p.name: {"value": p.value, "unit": p.unit, **({"label": p.label} if p.label else {})}
            for p in drill.params
        },
        "answer": {
            "value": drill.expected,
            "unit": drill.unit,
            "text": answer_text(drill),
        },
        "tolerance": drill.tolerance,
        "close": drill.close,
        "integer": drill.integer,
        "level": drill.level,
        "hint": drill.hint,
        "solution": [_step_json(s) for s in drill.steps],
        "solution_text": render_steps(drill.steps),
        "measured": list(drill.measured),
    }


def result_json(drill: Any, result: Any) -> dict[str, Any]:
    """The JSON document for `check --json`."""
    return {
        "kind": drill.kind,
        "seed": drill.seed,
        "verdict": str(result.verdict),
        "expected": _finite(result.expected),
        "expected_unit": result.expected_unit,
        "expected_text": result.expected_text,
        "given": result.given,
        "given_value": _finite(result.given_value),
        "relative_error": _finite(result.relative_error),
        "slip": result.slip,
        "notes": list(result.notes),
        "message": result.message,
    }


def _wrap(text: str, first: str = "", rest: str | None = None) -> str:
    rest = " " * len(first) if rest is None else rest
    return textwrap.fill(text, WIDTH, initial_indent=first, subsequent_indent=rest)


def _terminal(markdown: str) -> str:
    """The drill's Markdown for a plain terminal: long lines wrapped, code blocks kept as they are."""
    out: list[str] = []
    in_code = False
    for line in markdown.splitlines():
        if line.startswith("```"):
            in_code = not in_code
        elif in_code or len(line) <= WIDTH:
            out.append(line)
        else:
            out.append(_wrap(line, "", "  " if line.startswith("- ") else ""))
    return "\n".join(out)


def show_text(drill: Any, *, with_answer: bool = True) -> str:
    """Plain-terminal rendering of a drill: the same Markdown the review and drill screens show."""
    from tui.drill_commands import question_markdown, solution_markdown

    text = f"[{drill.kind}, seed {drill.seed}; {drill.level}]\n\n" + question_markdown(drill)
    if with_answer:
        text += "\n\n" + solution_markdown(drill)
    return _terminal(text)


def hint_text(drill: Any) -> str:
    """The question followed by its hint (the formula's shape), without the answer."""
    hint = drill.hint or "This drill has no hint."
    return show_text(drill, with_answer=False) + "\n\n" + _wrap(hint, "Hint: ", "      ")


def _list(templates: Any, as_json: bool, level: str | None) -> None:
    rows = [
        {"id": t.spec.id, "title": t.spec.title, "topic": t.spec.topic, "level": t.spec.level, "path": t.path}
        for t in templates.templates.values()
        if level is None or t.spec.level == level
    ]
    if as_json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    width = max((len(r["id"]) for r in rows), default=0)
    topic_width = max((len(r["topic"]) for r in rows), default=0)
    for r in rows:
        print(f"{r['id']:<{width}}  {r['level']:<9}  {r['topic']:<{topic_width}}  {r['title']}")


def _run(args: argparse.Namespace, deck_dirs: Sequence[Path], cache_dir: Path | None = None) -> int:
    from tui.drill_commands import (
        DrillError,
        generate,
        keep_template,
        kept_drill,
        template_stamps,
        templates_for,
        with_article,
    )

    stamps = None
    seed = _seed(args)
    if args.command != "list" and args.kind and cache_dir is not None:
        # the template a previous check or show kept, while no template file changed: no schema,
        # YAML or pint
        drill = kept_drill(args.kind, seed, args.templates, deck_dirs, cache_dir)
        if drill is not None and args.level in (None, drill.level):
            return _answer(args, drill)
        stamps = template_stamps(args.templates, deck_dirs)  # before the load, as the cache does
    # lazy: show and check compile the one template they use (warnings are the same: see Deferred)
    templates = templates_for(args.templates, deck_dirs=deck_dirs, cache_dir=cache_dir, lazy=True)
    for problem in templates.problems:
        print(f"warning: template {problem}", file=sys.stderr)
    if args.command == "list":
        _list(templates, args.json, args.level)
        return 0
    kind = args.kind or _pick_kind(templates, args.level, seed)
    drill = generate(kind, seed, templates=templates)
    if args.level is not None and drill.level != args.level:
        raise DrillError(f"'{kind}' is {with_article(drill.level)} drill, not {args.level}")
    if stamps is not None and cache_dir is not None and not templates.problems:
        keep_template(templates.templates[kind], stamps, args.templates, deck_dirs, cache_dir)
    return _answer(args, drill)


def _seed(args: argparse.Namespace) -> int:
    """The --seed given, else a random one (show prints it; list has none)."""
    given: int | None = getattr(args, "seed", None)
    return given if given is not None else random.SystemRandom().randrange(1_000_000)


def _answer(args: argparse.Namespace, drill: Any) -> int:
    """Print the drill (show) or the check of the answer (check)."""
    if args.command == "show":
        if args.json:
            print(json.dumps(drill_json(drill), indent=2, ensure_ascii=False))
        else:
            print(hint_text(drill) if args.hint else show_text(drill))
        return 0
    return _check(args, drill)


def _check(args: argparse.Namespace, drill: Any) -> int:
    from tui.drill_commands import check

    result = check(drill, args.answer)
    if args.json:
        print(json.dumps(result_json(drill, result), indent=2, ensure_ascii=False))
    else:
        from tui.drill_commands import solution_markdown

        print(result.message)
        if str(result.verdict) != "correct":
            print(_terminal(solution_markdown(drill)))
    return 0


def _pick_kind(templates: Any, level: str | None, seed: int) -> str:
    """A kind of this level (any level if None), drawn by the seed so the same seed shows the same drill."""
    from tui.drill_commands import DrillError

    ids = sorted(t.spec.id for t in templates.templates.values() if level is None or t.spec.level == level)
    if not ids:
        raise DrillError(f"no drill kind has level '{level}'")
    return str(ids[random.Random(f"pick:{seed}").randrange(len(ids))])


WANTS_SETTINGS = True
"""`flopcards drill` passes the settings: `*.drill.yaml` files in the deck folders are drills too."""
WANTS_CACHE = True
"""...and the template cache folder (None with --no-cache)."""


def main(
    argv: Sequence[str] | None = None, settings: Settings | None = None, *, cache_dir: Path | None = None
) -> int:
    """Entry point: `main(["list", "--json"])`; a leading "drill" is accepted and skipped."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list[:1] == ["drill"]:
        args_list = args_list[1:]
    try:
        args = build_parser().parse_args(answer_flag(args_list))
    except _UsageError as exc:
        print(f"flopcards drill: error: {exc} (see `flopcards drill --help`)", file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    from tui.drill_commands import DrillError

    try:
        return _run(args, settings.deck_dirs if settings is not None else (), cache_dir)
    except DrillError as exc:
        hint = " (see `flopcards drill list`)" if "unknown drill kind" in str(exc) else ""
        print(f"flopcards drill: error: {exc}{hint}", file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
