"""Math in a card: Unicode on flopcards' screens, MathJax in Anki (checked with Anki's own renderer)."""

from __future__ import annotations

from pathlib import Path

from anki.collection import Collection, ImportAnkiPackageOptions, ImportAnkiPackageRequest

from cards.anki_export import write_apkg
from cards.exam import Question
from cards.loader import load_collection
from cards.source import CardSource

DECK = r"""id: mathy
title: Math
cards:
  - id: kv
    front: 'Weights of one layer: \(4 n^2 d\)?'
    back: '$$\frac{12 h^2}{p}$$ parameters, or $5 of GPU time'
    tags: [Math]
"""


def test_math_shows_as_unicode_and_goes_to_anki_as_mathjax(tmp_path: Path, anki_col: Collection) -> None:
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "mathy.yaml").write_text(DECK, encoding="utf-8")
    collection = load_collection([folder], include_bundled=False)
    prompt = CardSource(collection).prompt("mathy/kv", 0)
    assert prompt.front == "Weights of one layer: 4 n² d?"
    assert prompt.back.startswith("(12 h²)/p parameters, or $5 of GPU time")
    deck = collection.deck("mathy")
    assert deck is not None
    assert Question(deck.deck.cards[0], 1).front == prompt.front

    write_apkg([deck.deck], tmp_path / "math.apkg")
    request = ImportAnkiPackageRequest(
        package_path=str(tmp_path / "math.apkg"), options=ImportAnkiPackageOptions(with_scheduling=False)
    )
    anki_col.import_anki_package(request)
    (card_id,) = anki_col.find_cards("")
    card = anki_col.get_card(card_id)
    assert r"\(4 n^2 d\)" in card.question()  # Anki's MathJax delimiters, untouched by Markdown
    assert r"\[\frac{12 h^2}{p}\]" in card.answer() and "$5 of GPU time" in card.answer()
