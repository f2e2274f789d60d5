"""A card's front as shown: a typed card's "Answer the …" instruction (the first sentence of its
note) joins the question, so the box's number is known before answering, not on the back."""

from __future__ import annotations

import re

_ASKED = re.compile(r"(Answer\s.*?[.!?])(?=\s+[A-Z]|\s*$)", re.DOTALL)
"""The note's first sentence when it says what to type ('e.g. in EFLOP/s' does not end it)."""


def front_text(front: str, note: str | None, typed: bool) -> str:
    """`front`, with the note's "Answer the …" sentence under it when the card takes a typed answer
    (fat-tree-size asks for two counts and checks the two-tier one: its note said so on the back)."""
    if not typed or not note:
        return front
    asked = _ASKED.match(note.strip())
    return front if asked is None else f"{front.rstrip()}\n\n*{asked.group(1)}*"
