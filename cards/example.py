"""The commented example deck `flopcards new deck NAME` writes, and deck ids made from names."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

SCHEMA_FILE = Path(__file__).with_name("deck.schema.json")
"""Shipped JSON Schema of the deck format (for the `# yaml-language-server: $schema=` line)."""


def schema_line(schema: Path = SCHEMA_FILE) -> str:
    """The modeline that gives editors running yaml-language-server completion and live errors."""
    return f"# yaml-language-server: $schema={schema.resolve()}"


def slugify(name: str) -> str:
    """'My LLM deck (v2)' -> 'my-llm-deck-v2': a valid deck id; '' when nothing usable is left."""
    ascii_text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug[:80].rstrip("-")


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def example_deck(deck_id: str, title: str, schema: Path = SCHEMA_FILE) -> str:
    """A small, valid deck that shows every field, with comments saying what each one does."""
    return f"""{schema_line(schema)}
# A flopcards deck. Every field is documented in docs/authoring.md.
# Check this file with:  flopcards validate {deck_id}.yaml
# Card ids key your study history: keep them when you reword a card, never reuse them.

id: {deck_id}                      # deck id: lower-case letters, digits, '-', '_', '.'
title: {_quoted(title)}
description: |                     # optional, Markdown: shown with the deck
  My own cards. GB = 10^9 bytes, GiB = 2^30 bytes.
source: my notes                   # optional: where the cards come from

cards:
  # A plain card: a question and its whole answer (Markdown).
  - id: adam-bytes
    front: |
      Mixed-precision Adam: bytes of model state per parameter?
    back: |
      **16 bytes/param**
      - 2 (BF16 weights) + 2 (BF16 grads)
      - 4 + 4 + 4 (FP32 master weights, Adam m and v)
    tags: [Memory math]            # topics; cards without tags get a warning
    note: |                        # optional: conventions, caveats
      Activations come on top.
    source: "ZeRO (arXiv:1910.02054), section 3"   # shown under the answer; a back stating
                                   # a figure with a unit (16 GB, 3.35 TB/s, 5%) without one warns
    checks:                        # optional: numbers in the text, recomputed by `validate`
      - text: "16 bytes/param"     # must appear in front, back or note
        formula: "2 + 2 + 4 + 4 + 4"   # gives the first number of `text`
        source: derived            # each check cites a source, or 'derived' (the formula is it)

  # A card answered by typing a number: `value` is a number or arithmetic (no names).
  - id: weights-70b
    front: |
      BF16 weights of a 70B-parameter model, in GB?
    back: |
      **140 GB** = 2 bytes × 70e9 params.
    tags: [Memory math]
    see_also: [adam-bytes]         # related cards: 'card-id' or 'deck-id/card-id'
    source: derived
    answer:
      value: "2 * 70e9 / 1e9"
      unit: GB                     # B, GB, GiB, ms, s, GB/s, TFLOPS, %, x ... ('' for none)
      tolerance: 0.02              # relative: 2% counts as correct

  # A card answered by typing a formula, checked for equivalence (any algebraic form).
  - id: bubble
    front: |
      Pipeline bubble fraction with p stages and m micro-batches (GPipe/1F1B),
      as a share of the whole step?
    back: |
      **(p − 1)/(m + p − 1)**
    tags: [Pipeline]
    answer:
      formula: "(p - 1)/(m + p - 1)"
      variables:                   # every name the formula may use, with its meaning
        p: pipeline stages
        m: micro-batches per step
"""
