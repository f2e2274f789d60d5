"""The simulated learner's Anki import: a package built with the `anki` library (notes answered in
Anki, so it carries a review history, a suspended and a flagged card), read and scheduled as
`flopcards import --with-history` does (cards/anki_history.py, engine/store/history.py)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from cards.anki_convert import convert
from cards.anki_history import histories
from cards.anki_package import read_package
from engine.sm2 import CardState
from engine.store.database import Store
from engine.store.history import write_histories
from engine.studyday import StudyClock

DECK = "anki"
"""The flopcards deck the imported notes land in."""


def build_package(folder: Path, cards: int, seed: int) -> Path:
    """An .apkg of `cards` Basic notes, all but the first answered 1-3 times in Anki (Again, Good or
    Easy), some given a due date, one suspended, one flagged; built by the `anki` library."""
    from anki.collection import Collection, ExportAnkiPackageOptions

    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    col = Collection(str(folder / "collection.anki2"))
    try:
        deck = col.decks.id("Imported")
        ids = []
        for i in range(cards):
            note = col.new_note(col.models.by_name("Basic"))  # type: ignore[arg-type]
            note["Front"], note["Back"] = f"Imported question {i}", f"Imported answer {i}"
            col.add_note(note, deck)  # type: ignore[arg-type]
            ids += [card.id for card in note.cards()]
        for card_id in ids[1:]:
            for rating in rng.choices([1, 3, 4], weights=[1, 5, 2], k=rng.randint(1, 3)):
                card = col.get_card(card_id)
                card.start_timer()
                states = col._backend.get_scheduling_states(card.id)
                col.sched.answer_card(col.sched.build_answer(card=card, states=states, rating=rating - 1))  # type: ignore[arg-type]
        for card_id in ids[1 : max(2, cards // 3)]:
            col.sched.set_due_date([card_id], f"{rng.randint(1, 30)}!")
        col.sched.suspend_cards(ids[-1:])
        col.set_user_flag_for_cards(1, ids[-2:-1])
        path = folder / "imported.apkg"
        options = ExportAnkiPackageOptions(
            with_scheduling=True, with_media=False, with_deck_configs=False, legacy=False
        )
        col.export_anki_package(out_path=str(path), options=options, limit=None)
        return path
    finally:
        col.close()


@dataclass(frozen=True)
class Imported:
    """What an import brought: the deck's keys, each card's logged answers and the state it was left in."""

    keys: list[str]
    answers: dict[str, int]
    """Log rows the import added per card."""
    finals: dict[str, CardState]
    """The state each scheduled card was given (Anki's due day, interval and ease), not its log's end."""


def import_package(store: Store, path: Path, clock: StudyClock, now: datetime) -> Imported:
    """Import the package with its history, as `flopcards import --with-history` does."""
    collection = read_package(path)
    converted = convert(collection, deck_id=DECK)
    found = histories(collection, converted, clock, now)
    write_histories(store, found)
    return Imported(
        sorted(set(converted.keys.values())),
        {history.card_key: len(history.records) for history in found},
        {history.card_key: history.final for history in found if history.final is not None},
    )
