"""A drawn number reads right in its sentence: no prompt says "1 requests" or "a batch of 1
requests" when the draw picks one (tpot, gqa-saving, kv-max-context and sliding-window-kv did)."""

from __future__ import annotations

import re

from drills.generator import build, templates_for

ONE_PLURAL = re.compile(
    r"(?<![\d.,])1 (?:requests|sequences|tokens|GPUs|nodes|layers|experts|steps|micro-batches)\b"
)


def test_no_prompt_puts_a_plural_noun_after_one() -> None:
    templates = templates_for()
    seen = []
    for kind, template in templates.templates.items():
        for seed in range(40):
            prompt = " ".join(build(template, seed).prompt.split())
            seen.extend(f"{kind}/{seed}: {m.group(0)}" for m in ONE_PLURAL.finditer(prompt))
    assert seen == []
