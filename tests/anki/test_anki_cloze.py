"""Long cloze notes: 5,000 numbers from Anki import as 5,000 cards; long texts shown around each cloze."""

from __future__ import annotations

import re
from pathlib import Path

from anki.collection import Collection

from cards.anki_cloze import CONTEXT_CHARS, CUT, cloze_text
from cards.anki_convert import MAX_CLOZE_CARDS, MAX_FIELD_CHARS, convert
from cards.anki_package import AnkiCollection, AnkiNote, read_package
from cards.anki_tables import CLOZE
from tests.anki.conftest import export_package
from tests.anki.test_anki_templates import anki_text, ours


def cut_off(side: str) -> str:
    """A side without its leading and trailing cut marks."""
    return side.removeprefix(f"{CUT} ").removesuffix(f" {CUT}")


def test_a_note_with_5000_cloze_numbers_from_anki_makes_5000_cards(
    tmp_path: Path, anki_col: Collection
) -> None:
    note = anki_col.new_note(anki_col.models.by_name("Cloze"))  # type: ignore[arg-type]
    note["Text"] = " ".join(f"{{{{c{n}::w{n}}}}}" for n in range(1, 5001))
    anki_col.add_note(note, anki_col.decks.id("Long"))  # type: ignore[arg-type]
    converted = convert(read_package(export_package(anki_col, tmp_path / "x.apkg")))
    assert converted.warnings == []
    [deck] = converted.decks
    assert len(deck.cards) == 5000
    cards = {int(card.id.rsplit("-c", 1)[1]): card for card in deck.cards}
    assert sorted(cards) == list(range(1, 5001))
    # Anki keeps card ordinals below 500: the cards of c500..c5000 all show c500 there, so cards are
    # compared with Anki's up to c500; here every number has its own card (c5000 checked below).
    for ord_ in (0, 249, 499):
        anki = anki_col.get_card(anki_col.db.scalar("select id from cards where ord = ?", ord_))
        front, back = cards[ord_ + 1].front, cards[ord_ + 1].back
        # Anki shows all 5,000 words; each card here shows the words around its own cloze.
        assert ours(cut_off(front)) in anki_text(anki.question())
        assert ours(cut_off(back)) in anki_text(anki.answer())
        assert f"[...] w{ord_ + 2} " in front and f"**w{ord_ + 1}**" in back
        assert len(front) < 2 * CONTEXT_CHARS + 20
    assert cards[1].front.startswith("[...] w2 w3") and cards[1].front.endswith(f" {CUT}")
    assert cards[5000].front.startswith(f"{CUT} ") and cards[5000].front.endswith("w4999 [...]")


def test_a_long_text_shows_whole_lines_around_the_card_s_cloze() -> None:
    text = cloze_text("\n".join(f"Item {i}: {{{{c{i}::answer {i}}}}}" for i in range(1, 301)))
    assert not text.whole
    front, back = text.side(150, question=True), text.side(150, question=False, bold=("**", "**"))
    lines = cut_off(front).split("\n")
    assert "Item 150: [...]" in lines
    assert all(re.fullmatch(r"Item \d+: (answer \d+|\[\.\.\.\])", line) for line in lines)
    assert cut_off(back).split("\n")[lines.index("Item 150: [...]")] == "Item 150: **answer 150**"
    assert CONTEXT_CHARS < len(front) < 2 * CONTEXT_CHARS + 40
    assert not text.side(1, question=True).startswith(CUT)


def test_one_number_in_two_far_places_shows_both_places() -> None:
    filler = " ".join(f"word{i}" for i in range(2000))
    text = cloze_text(f"{{{{c1::alpha}}}} {filler} {{{{c1::omega::last}}}} {{{{c2::x}}}}")
    front = text.side(1, question=True)
    assert front.startswith("[...] word0 ") and f" {CUT} " in front and "[last] x" in front
    assert "word1000" not in front and front.count(CUT) == 1
    assert text.side(1, question=False).startswith("<b>alpha</b> word0")


def test_a_short_text_is_shown_whole_on_every_card() -> None:
    text = cloze_text("The {{c1::H100}} has {{c2::80::GB}} GB over " + "x " * 500)
    assert text.whole
    assert text.side(2, question=True) == "The H100 has [GB] GB over " + "x " * 500


def _note(text: str) -> AnkiNote:
    return AnkiNote(1, "gUiD", "Cloze", ("Text", "Back Extra"), (text, ""), (), "Big", True, CLOZE)


def test_notes_past_the_bounds_are_named_not_cut() -> None:
    many = " ".join(f"{{{{c{n}::w}}}}" for n in range(1, MAX_CLOZE_CARDS + 2))
    huge = "a" * (MAX_FIELD_CHARS + 1)
    converted = convert(AnkiCollection(0, (_note(many), _note(huge)), (), ()))
    assert converted.decks == []
    assert converted.warnings == [
        "note gUiD: not imported: 10,001 cloze numbers (limit 10,000 cards a note)",
        "note gUiD: not imported: a field holds 500,001 characters (limit 500,000)",
    ]
