"""Anki notes to flopcards decks: each card rendered from its own template, HTML to Markdown, stable ids.

A card's id comes from its note's GUID (plus the cloze number or template), so importing the same
package again, even after the notes were reworded in Anki, updates the same cards and keeps their history.
Bounds, checked before the work they bound: a note with a field longer than MAX_FIELD_CHARS or more
than MAX_CLOZE_CARDS cloze numbers is not imported, nor a card side longer than MAX_SIDE_CHARS; each
is named in a warning, never cut.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from cards.anki_cloze import ClozeText, cloze_text
from cards.anki_export import MODEL_NAME, guid_for
from cards.anki_package import AnkiCollection, AnkiNote
from cards.anki_template import TOKEN, Side, answer_part, render
from cards.csv_import import guid_card_id
from cards.example import slugify
from cards.schema import Card, Deck
from engine.yamlpos import quiet_gc

_IMAGE = re.compile(r"""<img[^>]*?src\s*=\s*["']?([^"'\s>]+)""", re.IGNORECASE)
_SOUND = re.compile(r"\[sound:([^\]]+)\]")
_NEEDS_PARSER = re.compile(r"[<&\n\r\t]|  |\[sound:")
_INLINE = re.compile(r"</?(b|strong|i|em)>")
_INLINE_MARK = {"b": "**", "strong": "**", "i": "*", "em": "*"}
MAX_SIDE_CHARS = 20_000
"""Longest card side imported (as a CSV cell); a note with a longer one is reported, never cut."""
MAX_FIELD_CHARS = 500_000
"""Longest field read: a 5,000-cloze note with HTML around each cloze is ~300,000 characters."""
MAX_CLOZE_CARDS = 10_000
"""Most cards one cloze note makes (Anki's own users' largest notes have a few thousand)."""


@dataclass
class Converted:
    """Decks built from a package, the Anki card id -> flopcards card key map, and warnings."""

    decks: list[Deck] = field(default_factory=list)
    keys: dict[int, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


def to_markdown(html_text: str) -> str:
    """Anki's field HTML as Markdown (markdownify); sound tags dropped (named in a warning instead).

    Plain text (no tag, entity, line break or double space) takes a short cut with the same result:
    markdownify parses every string with BeautifulSoup, ~0.2 ms each."""
    if not _NEEDS_PARSER.search(html_text):
        return _escape(html_text).strip()
    if "<" in html_text and _simple_inline(html_text):
        return _INLINE.sub(lambda m: _INLINE_MARK[m.group(1)], _escape(html_text)).strip()
    from markdownify import markdownify

    text = _SOUND.sub("", html_text)
    return str(markdownify(text, heading_style="ATX")).strip()


def _escape(text: str) -> str:
    return text.replace("*", r"\*").replace("_", r"\_")


def _simple_inline(html_text: str) -> bool:
    """Text with only bold/italic tags, not nested, none empty or padded with spaces, no entity,
    line break or double space: markdownify's result is then the text with the tags as ** and *."""
    if (
        "&" in html_text
        or "<" in _INLINE.sub("", html_text)
        or _NEEDS_PARSER.search(html_text.replace("<", ""))
    ):
        return False
    depth, last = 0, ""
    for match in _INLINE.finditer(html_text):
        closing = match.group(0)[1] == "/"
        if closing != (depth == 1) or (closing and match.group(1) != last):
            return False
        start, end = match.start(), match.end()
        if closing and (start == 0 or html_text[start - 1] in " >"):
            return False
        if not closing and (end == len(html_text) or html_text[end] in " <"):
            return False
        depth, last = (0, "") if closing else (1, match.group(1))
    return depth == 0


def media_of(note: AnkiNote) -> list[str]:
    """Image and sound files a note refers to (flopcards shows text only)."""
    found: list[str] = []
    for value in note.fields:
        if "<img" in value or "[sound:" in value:
            found += _IMAGE.findall(value) + _SOUND.findall(value)
    return found


class _NoteText:
    """One note's fields as Markdown (each converted once) and its cloze trees, for all its cards."""

    def __init__(self, note: AnkiNote) -> None:
        names = note.field_names or tuple(f"Field {i + 1}" for i in range(len(note.fields)))
        self.html = dict(zip(names, note.fields, strict=False))
        self.markdown: dict[str, str] = {}
        self.clozes: dict[str, ClozeText] = {}
        self.specials = {"Tags": " ".join(note.tags), "Deck": note.deck, "Type": note.notetype}

    def field(self, key: str) -> str:
        if key not in self.markdown:
            if key in self.html:
                self.markdown[key] = to_markdown(self.html[key])
            else:
                self.markdown[key] = to_markdown(self.specials.get(key, ""))
        return self.markdown[key]

    def value(self, ref: str, ordinal: int, question: bool) -> str:
        filters, key = _parse_ref(ref)
        if key == "FrontSide" or ("type" in filters and question):
            return ""  # the back shows only what the answer adds; no typing box on the front
        if "cloze" in filters:
            if key not in self.clozes:
                self.clozes[key] = cloze_text(self.field(key))
            return self.clozes[key].side(ordinal + 1, question=question, bold=("**", "**"))
        return self.field(key)

    def side(self, template: str, ordinal: int, question: bool) -> str:
        rendered = _unconditional(template) if "{{#" not in template and "{{^" not in template else None
        rendered = rendered or render(template, self.html)
        skeleton = rendered.html if question else answer_part(rendered.html)
        markdown = _skeleton_markdown(skeleton)
        refs = rendered.refs
        return TOKEN.sub(lambda m: self.value(refs[int(m.group(1))], ordinal, question), markdown).strip()


@lru_cache(maxsize=4096)
def _parse_ref(ref: str) -> tuple[tuple[str, ...], str]:
    """A field reference's filters and field name (`type:cloze:Text`): the same few per template."""
    *filters, key = [part.strip() for part in ref.split(":")]
    return tuple(filters), key


@lru_cache(maxsize=1024)
def _deck_slug(name: str) -> str:
    """The deck id an Anki deck name becomes (one per deck, not per note)."""
    return slugify(name) or "anki-import"


@lru_cache(maxsize=256)
def _unconditional(template: str) -> Side:
    """A template without sections renders the same for every note: once."""
    return render(template, {})


STOCK_SKELETONS = {
    "\n\nQXF1FXQ": "QXF1FXQ",
    "QXF0FXQ\n\nQXF1FXQ": "QXF0FXQ\nQXF1FXQ",
    "QXF0FXQ<br>\nQXF1FXQ": "QXF0FXQ  \nQXF1FXQ",
}
"""The skeletons of Anki's stock note types (Basic and its reversed and typed forms, Cloze) that need
the HTML parser, as markdownify writes them (checked against it by tests/anki/test_import_fixed_cost.py):
a package of stock notes with plain fields is imported without loading markdownify (bs4, soupsieve)."""


@lru_cache(maxsize=4096)
def _skeleton_markdown(skeleton: str) -> str:
    """A template's HTML around the field tokens, as Markdown (templates repeat: cached)."""
    stock = STOCK_SKELETONS.get(skeleton)
    return stock if stock is not None else to_markdown(skeleton)


def _pairs(note: AnkiNote, ords: Iterable[int]) -> list[tuple[int, str, str, str]] | str:
    """(card ord, id suffix, front, back) in Markdown of each card the note makes, or why none."""
    text = _NoteText(note)
    if note.is_cloze:
        template = note.templates[0]
        cloze_field = re.search(r"\{\{[^}]*cloze:([^}]+)\}\}", template[0])
        source = text.html.get(cloze_field.group(1).strip(), "") if cloze_field else note.fields[0]
        numbers = cloze_text(source).numbers
        if len(numbers) > MAX_CLOZE_CARDS:
            return (
                f"note {note.guid}: not imported: {len(numbers):,} cloze numbers "
                f"(limit {MAX_CLOZE_CARDS:,} cards a note)"
            )
        return [
            (n - 1, f"-c{n}", text.side(template[0], n - 1, True), text.side(template[1], n - 1, False))
            for n in numbers
        ]
    out = []
    for ord_ in sorted(set(ords)) or [0]:
        if ord_ < len(note.templates):
            question, answer = note.templates[ord_]
            suffix = f"-t{ord_}" if ord_ else ""
            out.append((ord_, suffix, text.side(question, ord_, True), text.side(answer, ord_, False)))
    return out


def _too_long(note: AnkiNote) -> str | None:
    longest = max((len(value) for value in note.fields), default=0)
    if longest > MAX_FIELD_CHARS:
        return (
            f"note {note.guid}: not imported: a field holds {longest:,} characters "
            f"(limit {MAX_FIELD_CHARS:,})"
        )
    return None


def own_key(note: AnkiNote) -> str | None:
    """The `deck-id/card-id` of a note flopcards exported (its Key field, vouched for by its GUID)."""
    if note.notetype != MODEL_NAME or "Key" not in note.field_names:
        return None
    key = note.fields[note.field_names.index("Key")].strip()
    return key if "/" in key and guid_for(key) == note.guid else None


def deck_names(collection: AnkiCollection) -> list[str]:
    """The Anki decks whose notes become flopcards decks (not flopcards' own exported notes)."""
    return sorted({note.deck for note in collection.notes if own_key(note) is None})


def convert(
    collection: AnkiCollection, *, known: frozenset[str] = frozenset(), deck_id: str | None = None
) -> Converted:
    """Every note of the package as cards of one flopcards deck per Anki deck (or all in `deck_id`).

    A note flopcards exported goes back to its own card: when `known` holds its key the card is left
    as it is (only its history is imported), else it is made again under that key."""
    with quiet_gc():  # a card object or more per note, no cycles: the collector would dominate
        return _convert(collection, known, deck_id)


def _convert(collection: AnkiCollection, known: frozenset[str], deck_id: str | None) -> Converted:
    result = Converted()
    ords: dict[int, list[int]] = {}
    card_ids: dict[tuple[int, int], int] = {}
    for card in collection.cards:
        ords.setdefault(card.note_id, []).append(card.ord)
        card_ids[(card.note_id, card.ord)] = card.id
    by_deck: dict[str, list[Card]] = {}
    titles: dict[str, str] = {}
    for note in collection.notes:
        key = own_key(note)
        if key is not None and key in known:
            for ord_ in ords.get(note.id, []):
                result.keys[card_ids[(note.id, ord_)]] = key
            continue
        title = note.deck.removeprefix("flopcards::") if key else note.deck
        target = key.split("/", 1)[0] if key else deck_id or _deck_slug(note.deck)
        titles.setdefault(target, title)
        media = media_of(note)
        if media:
            result.warnings.append(f"note {note.guid}: media not imported: {', '.join(media)}")
        refused = _too_long(note)
        if refused:
            result.warnings.append(refused)
            continue
        pairs = _pairs(note, ords.get(note.id, [0]))
        if isinstance(pairs, str):
            result.warnings.append(pairs)
            continue
        for ord_, suffix, front, back in pairs:
            if not front or not back:
                result.warnings.append(f"note {note.guid}: skipped a card with an empty side")
                continue
            if max(len(front), len(back)) > MAX_SIDE_CHARS:
                result.warnings.append(
                    f"note {note.guid}: card {suffix or 'ord 0'} not imported: a side is longer than "
                    f"{MAX_SIDE_CHARS:,} characters"
                )
                continue
            card_id = key.split("/", 1)[1] if key else guid_card_id(note.guid, suffix)
            by_deck.setdefault(target, []).append(
                Card(id=card_id, front=front, back=back, tags=[t for t in note.tags if t])
            )
            if (note.id, ord_) in card_ids:
                result.keys[card_ids[(note.id, ord_)]] = f"{target}/{card_id}"
    for target, cards in by_deck.items():
        result.decks.append(Deck(id=target, title=titles[target], source="Imported from Anki", cards=cards))
    return result
