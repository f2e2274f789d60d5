"""A simulated learner: years of daily use driven through the application layer (engine.app, no
screen) on a real database, with every invariant checked at the end of each simulated day.

Used by tests/sim/test_learner.py (five years, a few dozen cards, seeds from hypothesis) and by
benchmarks/sim_learner.py (five years, thousands of cards, SQLite and PostgreSQL).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import sqlalchemy as sa

from drills.session import DrillSession, PlanError, within_new_limit
from drills.timed import sprint_plan
from engine import counting, fsrs_scheduler, sm2
from engine.app import Grade, Study, switching
from engine.app.custom import Custom, custom_session
from engine.app.items import ItemGroup, Prompt
from engine.app.scheduler import FsrsScheduler, SM2Scheduler
from engine.counting import Limits
from engine.start.reads import QuickReads
from engine.stats import FUTURE_DAYS, compute_stats
from engine.stats.cards import card_figures, future_due
from engine.store import marks, repo
from engine.store.database import Store
from engine.store.models import CardStateRow, ReviewRow
from engine.store.stats_tables import ReviewDayRow
from engine.studyday import StudyClock
from tests.sim.anki_life import DECK, Imported, import_package

DRILLS = "drills"
ZONES = ("Europe/Paris", "America/New_York", "Asia/Tokyo", "UTC")
"""Time zones the learner lives in (two with daylight-saving changes); it moves between them."""


class Deck:
    """Card decks and the drill kinds as an ItemSource; decks come and go, cards get reworded."""

    def __init__(self, decks: dict[str, int], kinds: int) -> None:
        self.decks = {deck: [f"{deck}/c{i}" for i in range(n)] for deck, n in decks.items()}
        self.kinds = [f"{DRILLS}/k{i}" for i in range(kinds)]
        self.wording: Counter[str] = Counter()

    def deck_ids(self) -> list[str]:
        return [*self.decks, DRILLS]

    def deck_title(self, deck_id: str) -> str | None:
        return deck_id if deck_id in self.decks or deck_id == DRILLS else None

    def groups(self) -> list[ItemGroup]:
        cards = [ItemGroup(deck, keys) for deck, keys in self.decks.items()]
        return [*cards, ItemGroup(DRILLS, self.kinds, new_in_review=False)]

    def prompt(self, key: str, seed: int) -> Prompt:
        return Prompt(key, f"{key} (wording {self.wording[key]})", "answer")


class Now:
    def __init__(self, when: datetime) -> None:
        self.when = when

    def __call__(self) -> datetime:
        return self.when


@dataclass
class Figures:
    days: int = 0
    answers: int = 0
    undos: int = 0
    checks: int = 0
    events: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0


@dataclass
class Walked:
    """How far check_replay has walked the review log, and each item's chain so far."""

    last_id: int = 0
    last: dict[str, sm2.CardState] = field(default_factory=dict)
    answers: dict[str, list[tuple[datetime, int, date]]] = field(default_factory=dict)
    logged: Counter[str] = field(default_factory=Counter)


class InvariantError(AssertionError):
    """An invariant failed on a simulated day."""


class Learner:
    """One learner's years, from a seed: `run(days)` lives them, checking every invariant daily."""

    def __init__(
        self,
        store: Store,
        seed: int,
        *,
        decks: dict[str, int],
        kinds: int,
        path: Path | None = None,
        package: Path | None = None,
    ) -> None:
        self.store, self.path, self.rng, self.package = store, path, random.Random(seed), package
        self.import_day: int | None = None
        self.imported: Imported | None = None
        self.source = Deck(decks, kinds)
        self.zone = ZoneInfo(self.rng.choice(ZONES))
        self.day_start = 4
        self.now = Now(datetime(2026, 1, 5, 8, tzinfo=UTC))
        self.limits = Limits(
            new_per_day=8, reviews_per_day=60, drill_reviews_per_day=10, new_drills_per_day=2
        )
        self.study = Study(
            store, sources=[self.source], clock=self._clock(), limits=self.limits, now=self.now
        )
        self.figures = Figures()
        self.removed: dict[str, list[str]] = {}
        self.walked = Walked()
        self.grade_mix = [self.rng.random() * 0.06, 0.02, 0.03, 0.15, 0.5, 0.25]

    def _clock(self) -> StudyClock:
        return StudyClock(day_start_hour=self.day_start, tz=self.zone)

    def check(self, ok: bool, what: str) -> None:
        self.figures.checks += 1
        if not ok:
            raise InvariantError(f"day {self.figures.days} ({self.study.today()}): {what}")

    def grade(self) -> Grade:
        return Grade(self.rng.choices(range(6), self.grade_mix)[0])

    # --- one day -------------------------------------------------------------------------------

    def run(self, days: int) -> Figures:
        started = time.perf_counter()
        # the package's answers were given today (the real clock): imported once the learner's
        # simulated days are past them, so its history is in the past
        after = max(30, (datetime.now(UTC) - self.now.when).days + 30)
        if self.package is not None and after < days - 30:
            self.import_day = self.rng.randint(after, days - 30)
        for _ in range(days):
            self.day()
            self.figures.days += 1
        self.figures.seconds = time.perf_counter() - started
        return self.figures

    def day(self) -> None:
        rng = self.rng
        local = self.now.when.astimezone(self.zone)
        hour = rng.choice([6, 9, 13, 18, 21, 23, 1])
        start = local.replace(hour=0, minute=0) + timedelta(days=1, hours=hour, minutes=rng.randrange(60))
        self.now.when = start.astimezone(UTC)
        self.life_events()
        if rng.random() < 0.85:  # most days: the day's reviews
            self.review(self.study.session())
        if rng.random() < 0.3:  # a sprint of drills, within the day's new drill kinds
            self.sprint(rng.randint(1, 4))
        if rng.random() < 0.05:
            self.review(self.study.session(ahead=True), limit=rng.randint(1, 5))
            self.figures.events["study ahead"] += 1
        if rng.random() < 0.03:
            kind = rng.choice([Custom.FAILED_TODAY, Custom.NEW_ONLY, Custom.AHEAD])
            self.review(custom_session(self.study, None, kind, rng.randint(1, 30)), limit=10)
            self.figures.events[f"custom {kind.value}"] += 1
        self.invariants()

    def life_events(self) -> None:
        rng, events = self.rng, self.figures.events
        if self.figures.days == self.import_day and self.package is not None:
            self.imported = import_package(self.store, self.package, self._clock(), self.now.when)
            self.source.decks[DECK] = self.imported.keys
            self.study.set_sources([self.source])
            events["anki import with history"] += 1
        if rng.random() < 0.01:
            self.zone = ZoneInfo(rng.choice(ZONES))
            self.study.clock = self._clock()
            events["time zone change"] += 1
        if rng.random() < 0.005:
            self.day_start = rng.choice([0, 3, 4, 5, 8])
            self.study.clock = self._clock()
            events["day start change"] += 1
        if rng.random() < 0.01:
            scheduler = SM2Scheduler() if isinstance(self.study.scheduler, FsrsScheduler) else FsrsScheduler()
            switching.prepare(self.store, scheduler)
            self.study.scheduler = scheduler
            events["scheduler switch"] += 1
        if rng.random() < 0.01 and len(self.source.decks) > 1:
            deck = rng.choice(sorted(self.source.decks))
            self.removed[deck] = self.source.decks.pop(deck)
            self.study.set_sources([self.source])
            events["deck removed"] += 1
        elif rng.random() < 0.02 and self.removed:
            deck = rng.choice(sorted(self.removed))
            self.source.decks[deck] = self.removed.pop(deck)
            self.study.set_sources([self.source])
            events["deck added back"] += 1
        if rng.random() < 0.05:
            keys = [k for keys in self.source.decks.values() for k in keys]
            self.source.wording[rng.choice(keys)] += 1  # reworded: same key, same schedule
            events["card reworded"] += 1

    # --- answering ------------------------------------------------------------------------------

    def review(self, session: object, limit: int | None = None) -> None:
        from engine.app.session import ReviewSession

        assert isinstance(session, ReviewSession)
        answered = 0
        while (current := session.current()) is not None and (limit is None or answered < limit):
            self.check(
                all(d is None or 0 < d <= sm2.MAX_INTERVAL_DAYS for d in current.outcomes.values()),
                f"{current.key}: previews {dict(current.outcomes)} past the ceiling",
            )
            self.now.when += timedelta(seconds=self.rng.randint(4, 40))
            roll = self.rng.random()
            if roll < 0.01:
                session.suspend()
                self.figures.events["suspend"] += 1
                continue
            if roll < 0.03:
                session.bury()
                self.figures.events["bury"] += 1
                continue
            if roll < 0.05:
                session.toggle_flag()
                self.figures.events["flag"] += 1
            undo = self.rng.random() < 0.05
            before = self.snapshot(current.key) if undo else None
            result = session.answer(self.grade(), 5.0)
            self.figures.answers += 1
            answered += 1
            if result.leech:
                self.figures.events["leech"] += 1
            if undo:
                session.undo()
                self.figures.undos += 1
                after = self.snapshot(current.key)
                self.check(after == before, f"undo of {current.key} changed its state: {before} -> {after}")

    def sprint(self, drills: int) -> None:
        """A mixed drill session as the drill setup starts it: every kind tried before and at most
        the day's new kinds left."""
        tried = self.study.tried(self.source.kinds)
        try:
            plan = within_new_limit(sprint_plan(self.source.kinds), tried, self.study.new_drills_left())
        except PlanError:
            self.figures.events["sprint refused: no kind left"] += 1
            return
        session = DrillSession(plan, self.rng)
        for _ in range(drills):
            item = session.next_item()
            assert item is not None
            self.answer_alone(item.kind)
        self.figures.events["sprint"] += 1

    def answer_alone(self, key: str) -> None:
        """A drill kind answered from a sprint (not from a review session)."""
        self.now.when += timedelta(seconds=self.rng.randint(5, 60))
        fast_right = self.rng.random() < 0.7
        self.study.answer(key, Grade.PERFECTLY if fast_right else Grade(self.rng.choice([0, 1, 3, 4])), 9.0)
        self.figures.answers += 1

    def snapshot(self, key: str) -> tuple[object, ...]:
        """Everything stored about one item: its state row, its mark (no row reads as the default
        mark, as every reader takes it), its log rows."""
        with self.store.engine.connect() as conn:
            state = conn.execute(sa.select(CardStateRow).where(CardStateRow.card_key == key)).all()
            log = conn.execute(sa.select(ReviewRow.id).where(ReviewRow.card_key == key)).all()
        return tuple(map(tuple, state)), marks.read_mark(self.store, key), tuple(map(tuple, log))

    # --- invariants -----------------------------------------------------------------------------

    def invariants(self) -> None:
        today, study = self.study.today(), self.study
        with self.store.engine.connect() as conn:
            states = conn.execute(
                sa.select(CardStateRow.card_key, CardStateRow.due_day, CardStateRow.last_day)
            ).all()
        for key, due, last in states:
            self.check(
                due is None or last is None or (due - last).days <= sm2.MAX_INTERVAL_DAYS,
                f"{key} due {due}, last answered {last}: past the ceiling",
            )
        counts = study.counts(study.deck_ids())
        totals = study.totals()
        self.check(
            totals.new_drills <= self.limits.new_drills_per_day, f"new drill kinds {totals.new_drills}"
        )
        if self.path is not None:  # the start-up path (stdlib sqlite3) counts as the store does
            with QuickReads(self.path) as reads:
                quick_totals = reads.day_totals(today, study.drill_decks)
                self.check(quick_totals == totals, f"day totals {quick_totals} != {totals}")
                left = counting.left(self.limits, totals), counting.drill_reviews_left(self.limits, totals)
                quick = counting.deck_counts(
                    reads, study._present, today, study.deck_ids(), study._totals, left[0],
                    reads.held(today), left[1],
                )  # fmt: skip
                self.check(quick == counts, f"first-look counts {quick} != home {counts}")
        if not self.removed:  # stats read the whole store; home only the loaded decks
            # the stats screen's own count and due-now figures each day; every figure monthly
            with self.store.engine.connect() as conn, conn.begin():
                _, overdue = future_due(conn, today, FUTURE_DAYS, None)
                cards = card_figures(conn, None, counts[0].total, study.drill_decks).counts
            if self.figures.days % 30 == 29:
                stats = compute_stats(
                    self.store, today, total_cards=counts[0].total, drill_decks=study.drill_decks
                )
                self.check((stats.future.overdue, stats.counts) == (overdue, cards), "stats differ")
            unlimited = 10**9  # due now before any daily limit, as the review queue reads it
            due_now = len(
                counting.due(study._reads, study._present, today, None, unlimited, study.held(), unlimited)
            )
            self.check(overdue == due_now, f"stats due now {overdue} != {due_now}")
            seen = {k for k, *_ in states if not k.startswith(f"{DRILLS}/")}
            self.check(cards.total == counts[0].total, "stats total cards != home's")
            self.check(cards.new == counts[0].total - len(seen), "stats new cards != unseen cards")
        self.check_review_day(today)
        if self.figures.days % 91 == 90:
            self.check_review_day()
            self.check_replay()

    def check_review_day(self, day: date | None = None) -> None:
        """The review_day summary rows (of `day`; None: every day) equal the aggregates of review_log."""
        expected: dict[tuple[date, str], Counter[str]] = {}
        log = sa.select(
            ReviewRow.study_day, ReviewRow.deck_id, ReviewRow.seconds, ReviewRow.grade,
            ReviewRow.same_day_repeat, ReviewRow.was_new, ReviewRow.state_before,
        )  # fmt: skip
        summary = sa.select(
            ReviewDayRow.study_day, ReviewDayRow.deck_id, ReviewDayRow.answers, ReviewDayRow.millis,
            ReviewDayRow.grade_0, ReviewDayRow.grade_1, ReviewDayRow.grade_2, ReviewDayRow.grade_3,
            ReviewDayRow.grade_4, ReviewDayRow.grade_5, ReviewDayRow.young_passed, ReviewDayRow.young_total,
            ReviewDayRow.mature_passed, ReviewDayRow.mature_total,
        )  # fmt: skip
        if day is not None:
            log, summary = log.where(ReviewRow.study_day == day), summary.where(ReviewDayRow.study_day == day)
        with self.store.engine.connect() as conn:
            for study_day, deck, seconds, grade, repeat, was_new, before in conn.execute(log):
                c = expected.setdefault((study_day, deck), Counter())
                c["answers"] += 1
                c["millis"] += round(seconds * 1000)
                c[f"grade_{grade}"] += 1
                if not (repeat or was_new):
                    age = "young" if int(before["interval_days"]) < 21 else "mature"
                    c[f"{age}_total"] += 1
                    c[f"{age}_passed"] += int(grade >= 3)
            rows = conn.execute(summary).all()
        names = ("answers", "millis", *(f"grade_{g}" for g in range(6)), "young_passed", "young_total",
                 "mature_passed", "mature_total")  # fmt: skip
        stored = {(r[0], r[1]): Counter({n: v for n, v in zip(names, r[2:], strict=True) if v}) for r in rows}
        stored = {k: v for k, v in stored.items() if v}
        self.check(
            stored == expected, f"review_day differs from the review_log aggregates: {stored} != {expected}"
        )

    def check_replay(self) -> None:
        """Each item's stored state is the end of its log's chain, every SM-2 and FSRS step
        recomputes from the state before it, and a memory FSRS rebuilt at a switch is the replay of
        the answers logged before it."""
        walked = self.walked  # each logged step is checked once (no answer is undone after a day)
        last, answers, logged = walked.last, walked.answers, walked.logged
        imported = self.imported or Imported([], {}, {})
        for entry in repo.review_log(self.store, since_id=walked.last_id):
            walked.last_id = entry.id
            record, key = entry.record, entry.card_key
            logged[key] += 1
            if key in last:
                link = replace(record.before, fsrs=None) == replace(last[key], fsrs=None)
                self.check(link, f"{key}: log chain broken: {last[key]} then {record.before}")
                if record.before.fsrs is not None and last[key].fsrs is None:  # rebuilt at a switch
                    rebuilt = fsrs_scheduler.replay(answers[key])
                    self.check(rebuilt == record.before.fsrs, f"{key}: FSRS memory rebuilt wrongly")
            if record.after.fsrs is None:  # an SM-2 answer (an FSRS one keeps the memory)
                again, _ = sm2.review(
                    record.before, record.grade, now=record.reviewed_at, today=record.study_day
                )
                self.check(again == record.after, f"{key}: SM-2 replay differs")
            else:
                memory, _ = fsrs_scheduler.review(
                    record.before.fsrs or fsrs_scheduler.FsrsState(),
                    record.grade,
                    now=record.reviewed_at,
                    elapsed_days=fsrs_scheduler.study_days_between(record.before.last_day, record.study_day),
                )  # the due time may be Anki's interval order's, not py-fsrs's
                same = replace(memory, due_at=None) == replace(record.after.fsrs, due_at=None)
                self.check(same, f"{key}: FSRS replay differs")
            last[key] = record.after
            if logged[key] == imported.answers.get(key) and key in imported.finals:
                last[key] = imported.finals[key]  # Anki's schedule, not the replay's, continues
            answers.setdefault(key, []).append((record.reviewed_at, record.grade, record.study_day))
        for key, state in repo.load_states(self.store, last).items():
            end = last[key]
            if state.fsrs is not None and end.fsrs is None:  # memory rebuilt at a switch since
                self.check(
                    fsrs_scheduler.replay(answers[key]) == state.fsrs, f"{key}: FSRS memory rebuilt wrongly"
                )
                end = replace(end, fsrs=state.fsrs)
            self.check(state == end, f"{key}: stored {state} is not the end of its log {end}")


def live(store: Store, seed: int, days: int, *, decks: Sequence[int] = (20, 15), kinds: int = 8,
         path: Path | None = None, package: Path | None = None) -> Figures:  # fmt: skip
    """Run one learner for `days` days (importing `package`, an Anki package, on a day drawn)."""
    decks_of = {f"deck{i}": n for i, n in enumerate(decks)}
    learner = Learner(store, seed, decks=decks_of, kinds=kinds, path=path, package=package)
    figures = learner.run(days)
    learner.check_review_day()
    learner.check_replay()
    return figures
