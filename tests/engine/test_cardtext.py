"""Lines starting "+ " keep their "+" on screen and in Anki; a real "+" list stays a list."""

from __future__ import annotations

import re

import pytest
from markdown_it import MarkdownIt

from cards.anki_export import to_html
from cards.loader import load_collection
from engine.cardtext import keep_plus_lines, shown_markdown


def rendered_text(markdown: str) -> str:
    return re.sub(r"<[^>]+>", "", MarkdownIt("commonmark").render(markdown))


@pytest.mark.parametrize(
    "text",
    [
        "fp32 master weights\n+ m + v), which gives",
        "- Stage 1: optimizer state.\n- + AMP (2.38x): 357 ms",
        "- ZeRO-3: all-gather (forward)\n  + reduce-scatter (grads) → 3Ψ per rank.",
        "1. first\n2. + second",
    ],
)
def test_a_plus_meaning_plus_is_kept(text: str) -> None:
    assert rendered_text(keep_plus_lines(text)).count("+") == text.count("+")
    assert to_html(text).count("+") == text.count("+")


def test_a_plus_list_after_a_blank_line_stays_a_list_and_fences_are_verbatim() -> None:
    text = "Options:\n\n+ one\n+ two\n\n```\n+ code\n```"
    assert keep_plus_lines(text) == text
    assert shown_markdown("no plus here") == "no plus here"


def test_every_bundled_card_keeps_its_pluses() -> None:
    fixed = 0
    for deck in load_collection([], include_bundled=True).decks:
        for card in deck.deck.cards:
            for text in (card.front, card.back, card.note or ""):
                if re.search(r"^\s*(?:[-*]\s+)?\+ ", text, re.MULTILINE):
                    fixed += 1
                    assert rendered_text(keep_plus_lines(text)).count("+") == text.count("+"), card.id
    assert fixed >= 2
