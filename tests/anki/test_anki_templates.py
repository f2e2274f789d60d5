"""Note types rendered as Anki renders them: a three-field basic type, a reversed type, nested clozes."""

from __future__ import annotations

import html
import re
from pathlib import Path

from anki.collection import Collection

from cards.anki_cloze import cloze_text
from cards.loader import load_deck_file
from engine.settings import user_deck_dir
from tests.anki.conftest import export_package
from tui.cli import main


def anki_text(side: str) -> str:
    """What Anki shows of a rendered side, as plain text (after the answer rule on the back)."""
    side = re.sub(r"<style>.*?</style>", "", side, flags=re.DOTALL)
    side = re.split(r"<hr id=answer>", side)[-1]
    side = re.sub(r"<br\s*/?>", " ", side)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", side)).split())


def ours(text: str) -> str:
    return " ".join(text.replace("**", "").replace("\\", "").split())


def three_field_type(col: Collection) -> None:
    model = col.models.copy(col.models.by_name("Basic"))  # type: ignore[arg-type]
    model["name"] = "Basic (with pronunciation)"
    col.models.add_field(model, col.models.new_field("Pronunciation"))
    template = model["tmpls"][0]
    template["afmt"] = (
        "{{FrontSide}}<hr id=answer>{{Back}}{{#Pronunciation}}<br>[{{Pronunciation}}]{{/Pronunciation}}"
    )
    col.models.update_dict(model)


def test_templates_render_as_in_anki(tmp_path: Path, anki_col: Collection) -> None:
    three_field_type(anki_col)
    deck = anki_col.decks.id("Words")
    three = anki_col.new_note(anki_col.models.by_name("Basic (with pronunciation)"))  # type: ignore[arg-type]
    three["Front"], three["Back"], three["Pronunciation"] = "Gesundheit", "Bless you", "ge-ZUNT-hite"
    anki_col.add_note(three, deck)  # type: ignore[arg-type]
    plain = anki_col.new_note(anki_col.models.by_name("Basic (with pronunciation)"))  # type: ignore[arg-type]
    plain["Front"], plain["Back"] = "Danke", "Thanks"
    anki_col.add_note(plain, deck)  # type: ignore[arg-type]
    both = anki_col.new_note(anki_col.models.by_name("Basic (and reversed card)"))  # type: ignore[arg-type]
    both["Front"], both["Back"] = "NVLink 4 per GPU", "900 GB/s"
    anki_col.add_note(both, deck)  # type: ignore[arg-type]
    nested = anki_col.new_note(anki_col.models.by_name("Cloze"))  # type: ignore[arg-type]
    nested["Text"] = "{{c1::Outer {{c2::inner}} text}} and {{c3::last::hint}}"
    nested["Back Extra"] = "extra"
    anki_col.add_note(nested, deck)  # type: ignore[arg-type]
    package = export_package(anki_col, tmp_path / "x.apkg")
    assert main(["--db", str(tmp_path / "f.db"), "import", str(package)]) == 0
    loaded, problems = load_deck_file(user_deck_dir() / "words.yaml")
    assert loaded is not None and problems == []
    flop = {(ours(c.front), ours(c.back)) for c in loaded.cards}
    anki = set()
    for card in (anki_col.get_card(cid) for cid in anki_col.find_cards("")):
        anki.add((anki_text(card.question()), anki_text(card.answer())))
    assert len(anki) == 7  # 2 three-field cards, a forward and a reversed card, clozes c1, c2, c3
    assert flop == anki
    assert ("Gesundheit", "Bless you [ge-ZUNT-hite]") in flop
    assert ("900 GB/s", "NVLink 4 per GPU") in flop
    assert ("[...] and last", "Outer inner text and last extra") in flop
    assert ("Outer [...] text and last", "Outer inner text and last extra") in flop


def test_nested_cloze_is_one_card_per_number() -> None:
    text = cloze_text("{{c1::Outer {{c2::inner}} text}} {{c3::a::hint}} }} {{c4::open")
    assert text.numbers == [1, 2, 3]
    assert text.side(1, question=True) == "[...] a }} {{c4::open"
    assert text.side(2, question=True) == "Outer [...] text a }} {{c4::open"
    assert text.side(3, question=True) == "Outer inner text [hint] }} {{c4::open"
    assert text.side(2, question=False) == "Outer <b>inner</b> text a }} {{c4::open"
    assert text.side(1, question=False) == "<b>Outer inner text</b> a }} {{c4::open"


def test_plain_and_inline_html_short_cut_matches_markdownify() -> None:
    """to_markdown skips markdownify for plain text and simple bold/italic: the same result."""
    import random

    from markdownify import markdownify

    from cards.anki_convert import to_markdown

    rng = random.Random(7)
    parts = ["a", "b c", " ", "x_y", "2*3", "<b>", "</b>", "<i>", "</i>", "<em>", "</em>", "<strong>"]
    parts += ["</strong>", "9", ",", "#", "- ", "1. ", "+ ", "> ", "  ", "&amp;", "<br>", "\n"]
    for _ in range(3000):
        text = "".join(rng.choice(parts) for _ in range(rng.randint(1, 9)))
        assert to_markdown(text) == str(markdownify(text, heading_style="ATX")).strip(), text
