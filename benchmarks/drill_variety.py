"""Distinct questions per drill kind over 1,000 seeds (issue #13: >= 50 each, or the template says why)."""

from __future__ import annotations

import argparse
import sys

from drills.generator import bundled_templates, generate

TARGET = 50


def distinct(kind: str, seeds: int) -> int:
    """How many different question texts (prompt and givens) the first `seeds` seeds produce."""
    seen = set()
    for seed in range(seeds):
        d = generate(kind, seed)
        seen.add((d.prompt, tuple((p.name, p.value) for p in d.params)))
    return len(seen)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=1000)
    args = parser.parse_args(argv)
    templates = bundled_templates().templates
    short = 0
    print(f"{'kind':<34} {'level':<10} distinct  note")
    for kind, t in templates.items():
        n = distinct(kind, args.seeds)
        note = ""
        if n < TARGET:
            note = f"why: {t.spec.variety}" if t.spec.variety else "BELOW TARGET, no reason given"
            short += not t.spec.variety
        print(f"{kind:<34} {t.spec.level:<10} {n:>8}  {note}")
    print(f"{len(templates)} kinds; {short} below {TARGET} without a stated reason")
    return 1 if short else 0


if __name__ == "__main__":
    sys.exit(main())
