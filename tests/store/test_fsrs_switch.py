"""FSRS through the application layer and a real SQLite file: py-fsrs's own due times, switching
SM-2 -> FSRS -> SM-2 without moving a due date or losing a state, and undo under FSRS."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from fsrs import Card, Rating, Scheduler

from engine.app import Grade, Study, StudyItem, switching
from engine.app.scheduler import FsrsScheduler, SM2Scheduler
from engine.fsrs_scheduler import anki_rounded
from engine.store import repo
from engine.store.database import Store
from engine.store.models import CardStateRow
from engine.studyday import StudyClock

CLOCK = StudyClock(day_start_hour=4, tz=UTC)
KEYS = ["d/a", "d/b", "d/c"]


class Now:
    def __init__(self, when: datetime) -> None:
        self.when = when

    def __call__(self) -> datetime:
        return self.when


def study(store: Store, now: Now, scheduler: object) -> Study:
    items = [StudyItem(key, "d") for key in KEYS]
    return Study(store, items, scheduler=scheduler, clock=CLOCK, now=now)  # type: ignore[arg-type]


def rows(store: Store) -> dict[str, tuple[object, ...]]:
    """Every stored field of every card, FSRS memory apart."""
    with store.reading() as session:
        found = session.scalars(sa.select(CardStateRow).order_by(CardStateRow.card_key))
        return {
            r.card_key: (r.repetitions, r.ef_centi, r.interval_days, r.due_day, r.last_review_at, r.last_day)
            for r in found
        }


def test_due_times_through_the_store_equal_py_fsrs_unfuzzed(store: Store) -> None:
    now = Now(datetime(2026, 2, 2, 9, 0, tzinfo=UTC))
    fsrs_study = study(store, now, FsrsScheduler())
    reference, card = Scheduler(enable_fuzzing=False), Card(card_id=1, due=now.when)
    answers = [(4, Rating.Good), (4, Rating.Good), (4, Rating.Good), (2, Rating.Again), (5, Rating.Easy)]
    for grade, rating in answers:
        fsrs_study.answer("d/a", Grade(grade), 3.0)
        card, _ = reference.review_card(card, rating, now.when)
        state = repo.load_state(store, "d/a")
        assert state.fsrs is not None and state.fsrs.due_at == card.due
        assert state.due == CLOCK.today(card.due)
        now.when = card.due


def test_preview_under_fsrs_shows_learning_steps_as_again() -> None:
    from engine.app.scheduler import Moment
    from engine.sm2 import CardState

    when = datetime(2026, 2, 2, 9, 0, tzinfo=UTC)
    outcomes = FsrsScheduler().preview(CardState(), Moment(when, CLOCK.today(when)))
    assert outcomes[Grade.WELL] is None and outcomes[Grade.NOT_AT_ALL] is None
    assert outcomes[Grade.PERFECTLY] == 8  # FSRS-6 default initial stability for Easy, 8.2956 d


def test_switching_sm2_fsrs_sm2_keeps_every_due_date_and_state(store: Store) -> None:
    now = Now(datetime(2026, 1, 5, 9, 0, tzinfo=UTC))
    sm2_study = study(store, now, SM2Scheduler())
    for day in range(0, 12, 3):
        now.when = datetime(2026, 1, 5 + day, 9, 0, tzinfo=UTC)
        for key, grade in zip(KEYS, (5, 4, 3), strict=True):
            sm2_study.answer(key, Grade(grade), 4.0)
    before = rows(store)

    fsrs = FsrsScheduler()
    assert switching.prepare(store, fsrs) == 3
    assert rows(store) == before, "switching to FSRS moved a due date or changed SM-2 state"
    for key in KEYS:
        log = [(e.record.reviewed_at, e.grade) for e in repo.review_log(store, key)]
        reference, card = Scheduler(enable_fuzzing=False), Card(card_id=1, due=log[0][0])
        for when, grade in log:
            card, _ = reference.review_card(card, Rating({5: 4, 4: 3, 3: 2}[grade]), when)
            # py-fsrs, with the memory kept after each answer as Anki stores it (4 and 3 decimals)
            card.stability = anki_rounded(card.stability or 0.0, 4)
            card.difficulty = anki_rounded(card.difficulty or 0.0, 3)
        memory = repo.load_state(store, key).fsrs
        assert memory is not None and memory.stability is not None and card.stability is not None
        # within 1e-5: py-fsrs computes in doubles, the scheduler in Anki's f32 (engine.fsrs_f32); a
        # last kept decimal that rounds the other way carries into the next answer's memory
        assert abs(memory.stability - card.stability) <= 1e-5 * card.stability and memory.due_at == card.due
    assert switching.prepare(store, fsrs) == 0, "a second start rebuilds nothing"

    now.when = datetime(2026, 1, 20, 9, 0, tzinfo=UTC)
    study(store, now, fsrs).answer("d/a", Grade.WELL, 4.0)
    under_fsrs = rows(store)
    assert under_fsrs["d/a"][:3] == before["d/a"][:3], "FSRS changed the SM-2 fields"
    assert under_fsrs["d/b"] == before["d/b"] and under_fsrs["d/c"] == before["d/c"]

    assert switching.prepare(store, SM2Scheduler()) == 0
    assert rows(store) == under_fsrs, "switching back to SM-2 moved a due date"
    now.when = datetime(2026, 2, 20, 9, 0, tzinfo=UTC)
    applied = study(store, now, SM2Scheduler()).answer("d/b", Grade.WELL, 4.0)
    assert applied.record.before.repetitions == before["d/b"][0]  # SM-2 went on from its own state
    assert repo.load_state(store, "d/b").fsrs is None, "an SM-2 answer leaves the FSRS memory stale"
    assert switching.prepare(store, fsrs) == 1, "the next switch rebuilds exactly that card"


def test_undo_under_fsrs_restores_the_row_exactly(store: Store) -> None:
    now = Now(datetime(2026, 3, 2, 9, 0, tzinfo=UTC))
    fsrs_study = study(store, now, FsrsScheduler())
    fsrs_study.answer("d/a", Grade.WELL, 2.0)
    now.when += timedelta(days=3)
    before = repo.load_state(store, "d/a")
    session = fsrs_study.session("d", ahead=True)
    current = session.current()
    assert current is not None and current.key == "d/a"
    session.answer(Grade.PERFECTLY, 2.0)
    assert repo.load_state(store, "d/a") != before
    assert session.undo() == "d/a"
    assert repo.load_state(store, "d/a") == before


def test_stats_show_retrievability_and_stability_of_fsrs_cards(store: Store) -> None:
    from engine.stats import compute_stats

    now = Now(datetime(2026, 3, 2, 9, 0, tzinfo=UTC))
    assert compute_stats(store, CLOCK.today(now.when)).fsrs is None
    fsrs_study = study(store, now, FsrsScheduler())
    fsrs_study.answer("d/a", Grade.PERFECTLY, 2.0)  # stability 8.2956 d
    fsrs_study.answer("d/b", Grade.NOT_AT_ALL, 2.0)  # stability 0.212 d
    figures = compute_stats(store, CLOCK.today(now.when) + timedelta(days=1)).fsrs
    assert figures is not None and figures.cards == 2
    assert figures.mean_retrievability is not None and 0.5 < figures.mean_retrievability < 1.0
    assert {b.label: b.count for b in figures.stability if b.count} == {"0-1 d": 1, "7-30 d": 1}


def test_the_stats_headline_shows_fsrs_recall_and_stability(store: Store) -> None:
    from engine.stats import compute_stats
    from tui.stats_format import summary_lines

    now = Now(datetime(2026, 3, 2, 9, 0, tzinfo=UTC))
    study(store, now, FsrsScheduler()).answer("d/a", Grade.PERFECTLY, 2.0)
    lines = summary_lines(compute_stats(store, CLOCK.today(now.when) + timedelta(days=1)))
    assert any(line.startswith("FSRS: 1 card · mean predicted recall now 9") for line in lines)
