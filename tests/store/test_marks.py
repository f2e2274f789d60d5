"""Suspend, bury, flag and leeches without a terminal: stored, kept out of sessions and counts,
undoable; a card's 8th lapse tags it leech and suspends it in the answer's transaction."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date

from engine.app import Grade, Prompt, Study
from engine.app.items import ItemGroup
from engine.stats import compute_stats
from engine.store.marks import Mark
from engine.studyday import StudyClock


class Three:
    """An ItemSource of three plain cards in deck 'n'."""

    def deck_ids(self) -> Sequence[str]:
        return ["n"]

    def deck_title(self, deck_id: str) -> str | None:
        return "N"

    def groups(self) -> Sequence[ItemGroup]:
        return [ItemGroup("n", [f"n/{i}" for i in ("a", "b", "c")])]

    def prompt(self, key: str, seed: int) -> Prompt:
        return Prompt(key, f"front {key}", "back")


def make_study(store, clock) -> Study:
    return Study(store, sources=[Three()], clock=StudyClock(day_start_hour=4, tz=UTC), now=clock)


def test_suspend_bury_flag_hold_cards_out_and_undo_restores(store, clock) -> None:
    study = make_study(store, clock)
    session = study.session("n")
    assert session.queue == ["n/a", "n/b", "n/c"]
    flag = session.toggle_flag()
    assert flag.after.flagged and session.current().mark.flagged  # type: ignore[union-attr]
    assert session.suspend().after.suspended
    assert session.bury().after.buried_until == study.tomorrow()
    assert session.queue == ["n/c"]
    assert study.counts(["n"])[1].new == 1
    assert study.session("n").queue == ["n/c"]
    assert study.mark("n/a") == Mark(suspended=True, flagged=True)

    assert session.undo() == "n/b"  # unbury
    assert session.queue == ["n/b", "n/c"] and study.mark("n/b").buried_until is None
    assert study.counts(["n"])[1].new == 2
    clock.advance(days=1)
    session.bury()
    assert study.session("n").queue == ["n/c"]
    clock.advance(days=1)  # buried until the next study day only
    assert study.session("n").queue == ["n/b", "n/c"]
    session.undo()  # the second bury
    assert session.undo() == "n/a"  # unsuspend
    assert study.mark("n/a") == Mark(flagged=True)
    assert session.undo() == "n/a" and study.mark("n/a") == Mark()  # the flag
    assert not session.can_undo


def test_eighth_lapse_makes_a_leech_suspended_and_undo_takes_it_back(store, clock) -> None:
    study = make_study(store, clock)
    study.answer("n/a", Grade.WELL, 3.0)  # new -> in review
    for lapse in range(1, 8):
        clock.advance(days=1)
        applied = study.answer("n/a", Grade.NOT_AT_ALL, 3.0)
        assert applied.mark is not None and applied.mark.after.lapses == lapse
        assert study.answer("n/a", Grade.WITH_EFFORT, 3.0).mark is None  # same day: no lapse
        clock.advance(days=1)
        study.answer("n/a", Grade.WELL, 3.0)
    assert study.mark("n/a") == Mark(lapses=7)
    clock.advance(days=1)
    session = study.session("n")
    assert session.queue[0] == "n/a"
    answered = session.answer(Grade.BLACKOUT, 3.0)
    assert answered.leech and "n/a" not in session.queue
    assert study.mark("n/a") == Mark(suspended=True, leech=True, lapses=8)
    assert "n/a" not in study.session("n").queue
    stats = compute_stats(store, study.today(), total_cards=3)
    assert (stats.counts.suspended, stats.counts.leech, stats.counts.flags_tracked) == (1, 1, True)
    assert (stats.future.overdue, sum(stats.future.per_day)) == (0, 0)  # the leech is due nowhere

    assert session.undo() == "n/a"
    assert study.mark("n/a") == Mark(lapses=7)
    assert session.queue[0] == "n/a"


def test_a_lapse_needs_a_card_in_review_under_either_scheduler() -> None:
    from datetime import datetime

    from engine.fsrs_scheduler import LEARNING, REVIEW, FsrsState
    from engine.sm2 import CardState
    from engine.store.marks import in_review

    reviewed = datetime(2026, 1, 1, tzinfo=UTC)
    assert not in_review(CardState()) and in_review(CardState(repetitions=2, due=date(2026, 1, 2)))
    fsrs_review = FsrsState(stability=5.0, difficulty=5.0, phase=REVIEW, step=None, last_review=reviewed)
    assert in_review(CardState(due=date(2026, 1, 2), fsrs=fsrs_review))  # SM-2 repetitions untouched
    fsrs_learning = FsrsState(stability=1.0, difficulty=5.0, phase=LEARNING, step=1, last_review=reviewed)
    assert not in_review(CardState(repetitions=3, due=date(2026, 1, 2), fsrs=fsrs_learning))


def test_migration_0004_backfills_lapses_from_the_log(store, clock, db_path) -> None:
    import sqlalchemy as sa
    from alembic import command
    from alembic.config import Config

    from engine.store.database import MIGRATIONS_DIR, open_store

    study = make_study(store, clock)
    study.answer("n/a", Grade.WELL, 3.0)
    study.answer("n/b", Grade.NOT_AT_ALL, 3.0)  # new: no lapse
    for _ in range(2):
        clock.advance(days=1)
        study.answer("n/a", Grade.BLACKOUT, 3.0)  # a lapse
        study.answer("n/a", Grade.BLACKOUT, 3.0)  # same day: no lapse
        clock.advance(days=1)
        study.answer("n/a", Grade.WELL, 3.0)
    assert study.mark("n/a").lapses == 2
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    with store.engine.begin() as conn:
        config.attributes["connection"] = conn
        from alembic.script import ScriptDirectory

        before_marks = ScriptDirectory.from_config(config).get_revision("0004").down_revision
        command.downgrade(config, str(before_marks))
        assert "card_mark" not in sa.inspect(conn).get_table_names()
    store.close()
    reopened = open_store(db_path)
    try:
        assert make_study(reopened, clock).mark("n/a") == Mark(lapses=2)
        assert make_study(reopened, clock).mark("n/b") == Mark()
    finally:
        reopened.close()
