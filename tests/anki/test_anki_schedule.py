"""Every card state of packages made in four time zones, compared card by card with what Anki shows.

The collections are made by the `anki` library with their creation time and offset set to a day start
in UTC-8, UTC, UTC+2 and UTC+9 (01:30 local, the hour at which a zone's calendar date differs from
UTC's), then given new, learning, review, relearning, suspended, buried, flagged and filtered cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from anki.cards import Card as AnkiCard
from anki.collection import Collection

from cards.csv_import import guid_card_id
from engine.settings import user_deck_dir
from engine.store import repo
from engine.store.database import open_store
from engine.store.marks import held_keys, read_marks
from engine.studyday import StudyClock, utc_now
from tests.anki.conftest import export_package
from tui.cli import main

ZONES: dict[str, int | None] = {"UTC-8": 480, "UTC": 0, "UTC+2": -120, "UTC+9": -540, "no offset": None}
"""Anki's creationOffset: minutes west of UTC (None: a collection without one, Anki's legacy rule)."""


def made_in(col: Collection, minutes_west: int | None, days_ago: int = 40) -> None:
    """Make the collection look created `days_ago` days ago at 01:30 in the given zone (for no zone:
    at 01:30 UTC+9, with no creationOffset, so Anki applies its legacy rule)."""
    zone = timezone(timedelta(minutes=-(minutes_west if minutes_west is not None else -540)))
    local = (datetime.now(zone) - timedelta(days=days_ago)).replace(hour=1, minute=30, second=0)
    col.db.execute("update col set crt = ?", int(local.timestamp()))
    if minutes_west is None:
        col.remove_config("creationOffset")
    else:
        col.set_config("creationOffset", minutes_west)


def add_basic(col: Collection, deck: int, count: int) -> list[int]:
    ids = []
    for i in range(count):
        note = col.new_note(col.models.by_name("Basic"))  # type: ignore[arg-type]
        note["Front"], note["Back"] = f"Question {i}", f"Answer {i}"
        col.add_note(note, deck)  # type: ignore[arg-type]
        ids += [card.id for card in note.cards()]
    return ids


def answer(col: Collection, card_id: int, rating: int) -> None:
    card = col.get_card(card_id)  # type: ignore[arg-type]
    card.start_timer()
    states = col._backend.get_scheduling_states(card.id)
    col.sched.answer_card(col.sched.build_answer(card=card, states=states, rating=rating - 1))  # type: ignore[arg-type]


def every_state(col: Collection) -> int:
    """Cards in every state Anki has; returns the home deck id."""
    deck = col.decks.id("Interview")
    assert deck is not None
    ids = add_basic(col, deck, 13)
    learning, easy, review_ids, day_learning = ids[1], ids[2], ids[3:12], ids[12]  # ids[0] stays new
    answer(col, learning, 1)  # learning, due in a minute
    config = col.decks.config_dict_for_deck_id(deck)
    config["new"]["delays"] = [1.0, 1440.0]
    col.decks.update_config(config)
    answer(col, day_learning, 3)  # Good: on to the one-day step, a day-learning card (queue 3)
    answer(col, easy, 4)  # graduated by Easy: review, 4 days
    for days, card_id in zip(["3!", "0", "10!", "25", "7", "1!", "2", "15!", "0"], review_ids, strict=True):
        col.sched.set_due_date([card_id], days)  # type: ignore[list-item]
    answer(col, review_ids[1], 1)  # a lapse: relearning
    answer(col, review_ids[8], 3)  # reviewed today
    col.sched.suspend_cards([review_ids[2]])  # type: ignore[list-item]
    col.sched.bury_cards([review_ids[3]])  # type: ignore[list-item]
    col.set_user_flag_for_cards(1, [review_ids[4]])  # type: ignore[list-item]
    filtered = col.sched.get_or_create_filtered_deck(deck_id=0)  # type: ignore[arg-type]
    filtered.name = "Cram"
    del filtered.config.search_terms[1]
    filtered.config.search_terms[0].search = f"cid:{review_ids[5]},{review_ids[6]},{learning}"
    col.sched.add_or_update_filtered_deck(filtered)
    return deck


@dataclass(frozen=True)
class Shown:
    """What Anki shows of one card: days until due (or the due time), interval, ease, lapses, queue."""

    due_in_days: int | None
    due_at: datetime | None
    interval: int
    ease: int
    lapses: int
    queue: int
    flagged: bool


def shown(col: Collection, card: AnkiCard) -> Shown:
    due = card.odue if card.odid else card.due
    learning_time = due > 1_000_000_000
    return Shown(
        None if learning_time else due - col.sched.today,
        datetime.fromtimestamp(due, UTC) if learning_time else None,
        card.ivl,
        card.factor // 10,
        card.lapses,
        card.queue,
        bool(card.flags & 7),
    )


@pytest.mark.parametrize("legacy", [False, True], ids=["anki21b", "legacy-anki21"])
@pytest.mark.parametrize("zone", list(ZONES))
def test_every_card_as_anki_shows_it(tmp_path: Path, anki_col: Collection, zone: str, legacy: bool) -> None:
    made_in(anki_col, ZONES[zone])
    every_state(anki_col)
    package = export_package(anki_col, tmp_path / "x.apkg", legacy=legacy)
    db = tmp_path / "f.db"
    assert main(["--db", str(db), "import", str(package), "--with-history"]) == 0

    clock = StudyClock()
    today = clock.today(utc_now())
    cards = [anki_col.get_card(cid) for cid in anki_col.find_cards("")]
    assert sorted(c.queue for c in cards).count(0) == 1 and any(c.odid for c in cards)
    keys = {c.id: f"interview/{guid_card_id(c.note().guid)}" for c in cards}
    store = open_store(db)
    try:
        states = repo.load_states(store, keys.values())
        marks = read_marks(store, keys.values())
        held = held_keys(store, today)
    finally:
        store.close()
    compared = 0
    for card in cards:
        anki = shown(anki_col, card)
        key = keys[card.id]
        mark = marks.get(key)
        assert (mark.lapses if mark else 0) == anki.lapses, key
        assert (mark is not None and mark.suspended) == (anki.queue == -1), key
        assert (key in held and not mark.suspended) == (anki.queue in (-2, -3))
        assert (mark is not None and mark.flagged) == anki.flagged, key
        if card.type == 0:
            assert key not in states, key
            compared += 1
            continue
        state = states[key]
        if anki.due_at is not None:
            assert state.due == clock.today(anki.due_at), key
        else:
            assert state.due is not None and (state.due - today).days == anki.due_in_days, key
        if anki.interval > 0:
            assert state.interval_days == anki.interval, key
        if anki.ease:
            assert state.ef_centi == anki.ease, key
        compared += 1
    assert compared == 13 and any(c.queue == 3 for c in cards)
    assert (user_deck_dir() / "interview.yaml").exists() and not (user_deck_dir() / "cram.yaml").exists()
