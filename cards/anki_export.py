"""Decks out to Anki: an .apkg package (genanki) or Anki's plain-text format, with stable note GUIDs.

A note's GUID is derived from `deck-id/card-id`, the same key flopcards keys history by, so exporting
again after a rewording updates the same notes in Anki instead of adding new ones.
"""

from __future__ import annotations

import csv
import hashlib
import html
import io
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from cards.schema import Card, Deck
from cards.typein import typed_answer
from engine.cardtext import keep_plus_lines
from engine.mathtext import math_spans

MODEL_NAME = "flopcards (type-in answer)"
FIELDS = ("Front", "Back", "Answer", "Key")
CSS = ".card { font-family: sans-serif; font-size: 18px; text-align: left; } code { font-size: 90%; }"
QUESTION = "{{Front}}{{#Answer}}<br><br>{{type:Answer}}{{/Answer}}"
ANSWER = "{{Front}}{{#Answer}}<br><br>{{type:Answer}}{{/Answer}}<hr id=answer>{{Back}}"
TEXT_HEADER = ("#separator:tab", "#html:true", "#guid column:1", "#deck column:2", "#tags column:5")
"""Anki's plain-text header lines; columns: guid, deck, front, back, tags."""


@dataclass(frozen=True)
class ExportedNote:
    """One card as Anki sees it: HTML fields, tags, and the stable GUID."""

    guid: str
    deck: str
    front: str
    back: str
    answer: str
    tags: tuple[str, ...]
    key: str


def stable_id(text: str) -> int:
    """A positive 31-bit id from text, the same on every machine (Anki model and deck ids)."""
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:8], 16) & 0x7FFFFFFF | 1 << 30


def guid_for(key: str) -> str:
    """The note GUID of a card key: genanki's own derivation, so it is stable across exports."""
    import genanki

    return str(genanki.guid_for("flopcards", key))


@lru_cache(maxsize=1)
def _markdown():  # type: ignore[no-untyped-def]
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).enable("table")


def to_html(markdown: str) -> str:
    """Markdown (CommonMark + tables) to HTML; raw HTML in a card is shown as text, never run.

    Math spans (engine.mathtext) go out as MathJax, `\\(...\\)` or `\\[...\\]` as Anki writes it,
    kept away from Markdown (which would read `\\(` as an escaped parenthesis)."""
    markdown = keep_plus_lines(markdown)
    spans = list(math_spans(markdown))
    if not spans:
        return str(_markdown().render(markdown)).strip()
    parts, at = [], 0
    for index, span in enumerate(spans):
        parts += [markdown[at : span.start], f"MATHJAX{index}X"]
        at = span.end
    rendered = str(_markdown().render("".join(parts) + markdown[at:])).strip()

    def mathjax(match: re.Match[str]) -> str:
        span = spans[int(match.group(1))]
        opening, closing = ("\\[", "\\]") if span.display else ("\\(", "\\)")
        return html.escape(f"{opening}{span.tex}{closing}", quote=False)

    return re.sub(r"MATHJAX(\d+)X", mathjax, rendered)


def anki_tag(tag: str) -> str:
    """Anki tags cannot hold spaces; 'GPU specs' becomes 'GPU_specs'."""
    return "_".join(tag.split())


def tag_spellings(decks: Sequence[Deck]) -> dict[str, str]:
    """One spelling per tag, ignoring case (Anki merges "Tensor parallelism" into "Tensor Parallelism"
    and shows whichever it met first): the most used spelling, the first met on a tie."""
    counts: dict[str, Counter[str]] = {}
    for deck in decks:
        for card in deck.cards:
            for tag in card.tags:
                spelled = anki_tag(tag)
                counts.setdefault(spelled.casefold(), Counter())[spelled] += 1
    return {folded: found.most_common(1)[0][0] for folded, found in counts.items()}


def note_tags(tags: Sequence[str], spellings: dict[str, str]) -> tuple[str, ...]:
    """A card's tags as Anki tags, each once whatever its case, in the spelling chosen for all."""
    out = (spellings.get(anki_tag(t).casefold(), anki_tag(t)) for t in tags)
    return tuple(dict.fromkeys(out))


def rubric_markdown(card: Card) -> str:
    """The rubric as a list on the back ('essential' marked): what a strong answer covers."""
    if not card.rubric:
        return ""
    points = "\n".join(f"- {p.point}" + (" *(essential)*" if p.essential else "") for p in card.rubric)
    return f"\n\n**A strong answer covers:**\n\n{points}"


def notes(decks: Sequence[Deck]) -> list[ExportedNote]:
    """Every card of the decks, as Anki notes."""
    out = []
    spellings = tag_spellings(decks)
    for deck in decks:
        for card in deck.cards:
            key = f"{deck.id}/{card.id}"
            back = card.back + (f"\n\n> **Note:** {card.note}" if card.note else "")
            back += rubric_markdown(card)
            back += f"\n\n*Source: {card.source}*" if card.source else ""
            out.append(
                ExportedNote(
                    guid=guid_for(key),
                    deck=f"flopcards::{deck.title}",
                    front=to_html(card.front),
                    back=to_html(back),
                    answer=typed_answer(card),
                    tags=note_tags(card.tags, spellings),
                    key=key,
                )
            )
    return out


def write_apkg(decks: Sequence[Deck], path: Path) -> int:
    """Write an Anki package holding one Anki deck per flopcards deck; returns the note count."""
    import genanki

    model = genanki.Model(
        stable_id(MODEL_NAME),
        MODEL_NAME,
        fields=[{"name": name} for name in FIELDS],
        templates=[{"name": "Card 1", "qfmt": QUESTION, "afmt": ANSWER}],
        css=CSS,
        sort_field_index=0,
    )
    packaged = {}
    exported = notes(decks)
    for note in exported:
        if note.deck not in packaged:
            packaged[note.deck] = genanki.Deck(stable_id(note.deck), note.deck)
        packaged[note.deck].add_note(
            genanki.Note(
                model=model,
                fields=[note.front, note.back, note.answer, note.key],
                tags=list(note.tags),
                guid=note.guid,
            )
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    genanki.Package(list(packaged.values())).write_to_file(str(path))
    return len(exported)


def plain_text(decks: Sequence[Deck]) -> str:
    """Anki's plain-text import format with its header lines (tab-separated, HTML fields)."""
    buffer = io.StringIO()
    buffer.write("\n".join(TEXT_HEADER) + "\n")
    writer = csv.writer(buffer, delimiter="\t", lineterminator="\n")
    for note in notes(decks):
        writer.writerow([note.guid, note.deck, note.front, note.back, " ".join(note.tags)])
    return buffer.getvalue()
