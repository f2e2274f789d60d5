"""Exported type-in answers are what the back states, and Anki's own compare_answer marks them right."""

from __future__ import annotations

import re
from pathlib import Path

from anki.collection import Collection, ImportAnkiPackageOptions, ImportAnkiPackageRequest

from cards.anki_export import note_tags, tag_spellings, write_apkg
from cards.answering import check_card_answer
from cards.loader import load_collection
from cards.schema import Card, Deck, NumericAnswer
from cards.typein import plain_number, typed_answer
from engine.answers import Verdict


def test_every_exported_type_in_answer_is_marked_right_by_anki(tmp_path: Path, anki_col: Collection) -> None:
    decks = [d.deck for d in load_collection([], include_bundled=True).decks]
    cards = {f"{d.id}/{c.id}": c for d in decks for c in d.cards}
    write_apkg(decks, tmp_path / "all.apkg")
    request = ImportAnkiPackageRequest(
        package_path=str(tmp_path / "all.apkg"), options=ImportAnkiPackageOptions(with_scheduling=False)
    )
    anki_col.import_anki_package(request)
    typed = stated = 0
    for note_id in anki_col.find_notes("Answer:_*"):
        note = anki_col.get_note(note_id)
        card = cards[note["Key"]]
        answer = note["Answer"]
        shown = anki_col.compare_answer(answer, answer)  # typed exactly as the field (and the back) says
        assert "typeBad" not in shown and "typeMissed" not in shown, answer
        assert "e+" not in answer and "e-" not in answer, answer  # never exponent notation
        assert check_card_answer(card, answer).verdict is Verdict.CORRECT, (note["Key"], answer)
        if isinstance(card.answer, NumericAnswer):
            number = answer.removesuffix(card.answer.unit).strip()
            stated += number in re.sub(r"[*_`]", "", card.back)
        typed += 1
    numeric = sum(isinstance(c.answer, NumericAnswer) for c in cards.values())
    assert typed == sum(c.answer is not None for c in cards.values()) > 200
    assert stated >= 0.9 * numeric  # the number as the back writes it ("70,272", not "7.027e+04")


def test_a_type_in_answer_takes_the_backs_own_number() -> None:
    card = Card(
        id="kv",
        front="KV bytes per token?",
        back="**70,272 B per token (≈ 68.6 KiB)** = (512 + 64) × 61 layers × 2 B.",
        answer=NumericAnswer(value="(512 + 64) * 61 * 2", unit="B", tolerance=0.005),
    )
    assert typed_answer(card) == "70,272 B"
    fp16 = Card(id="fp16", front="FP16 max?", back="The largest value.", answer=NumericAnswer(value=65504.0))
    assert typed_answer(fp16) == "65504"
    values = (0.000061035, 2.788, 1234.5678, 7.0)
    assert [plain_number(v) for v in values] == ["0.00006104", "2.788", "1235", "7"]


def test_tags_are_one_spelling_whatever_the_case() -> None:
    def deck(deck_id: str, *tag_sets: list[str]) -> Deck:
        cards = [Card(id=f"c{i}", front="q", back="a", tags=tags) for i, tags in enumerate(tag_sets)]
        return Deck(id=deck_id, title=deck_id, cards=cards)

    decks = [
        deck("a", ["Tensor Parallelism"], ["tensor parallelism", "Tensor Parallelism"]),
        deck("b", ["Tensor parallelism", "MoE"], ["Tensor Parallelism"], ["moe"]),
    ]
    spellings = tag_spellings(decks)
    assert note_tags(["tensor parallelism", "Tensor_Parallelism", "moe"], spellings) == (
        "Tensor_Parallelism",
        "MoE",
    )
