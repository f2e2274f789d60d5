"""The application façade the screens and the CLI call: it wires cards and drills into engine.app.

Headless (no Textual): everything a screen decides — which item to show, checking an answer,
grading and storing a drill attempt — is a call here, testable without a terminal.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field

from cards.browse import LIMIT, Query, SearchResult, deck_files, indexed_search, parse_query, search
from cards.interview_pool import interview_pool
from cards.loader import Collection as Collection  # the screens name the decks' type from here
from cards.loader import load_collection
from cards.source import CardSource
from drills.attempts import Attempt, Result, attempts, drill_key, record_attempt
from drills.drill import Drill
from drills.generator import DrillError, check, generate, kinds, levels, templates_for
from drills.loader import TemplateSet as TemplateSet  # the screens name the templates' type from here
from drills.session import Plan as DrillPlan
from drills.session import within_new_limit
from drills.source import DrillSource
from drills.timed import weak_kinds
from engine.answers import CheckResult, Verdict
from engine.app import ReviewSession, Study, switching
from engine.app.custom import MAX_AHEAD_DAYS, Custom, custom_session
from engine.app.errors import store_command
from engine.app.scheduler import make_scheduler
from engine.home import HomeView
from engine.interview import InterviewSession, Plan, Track, kinds_at, plan_interview
from engine.interview_log import interviews, record_interview
from engine.interview_report import InterviewRecord, seen_from
from engine.problems import Problem
from engine.search_index import SearchIndex
from engine.search_query import SearchStopped, interrupt, open_index
from engine.store import meta, repo
from engine.store.database import Store, open_store
from engine.yamlpos import quiet_gc
from tui.config import AppConfig
from tui.start import limits, study_clock


@dataclass
class Services:
    """The headless parts the screens talk to."""

    config: AppConfig
    store: Store
    collection: Collection
    study: Study
    templates: TemplateSet
    """Drill templates: bundled plus `*.drill.yaml` files in the deck folders."""
    _noting: list[threading.Thread] = field(default_factory=list, repr=False)
    _index: SearchIndex | None = field(default=None, repr=False)

    def read_decks(self) -> tuple[Collection, TemplateSet]:
        """Read decks and drill templates from disk (slow on big decks: call it off the UI thread)."""
        return read_collection(self.config), read_templates(self.config)

    def use_templates(self, templates: TemplateSet) -> None:
        """Add the drill templates read after the decks (the start path shows the counts first)."""
        self.templates = templates
        _set_sources(self.study, self.collection, templates)

    def apply(self, collection: Collection, templates: TemplateSet) -> None:
        """Switch to freshly read decks; cards keep their history by key, removed ones are hidden."""
        self.collection = collection
        self.templates = templates
        _set_sources(self.study, collection, templates)
        # on the UI thread (the home's reload): the walk and its write go to a thread; close waits
        thread = threading.Thread(target=self.note_unseen, name="note-unseen", daemon=True)
        self._noting.append(thread)
        thread.start()

    def note_unseen(self) -> None:
        """Keep each deck's walk of never-reviewed keys for the next counts; off the start path
        (after the counts), best effort (engine.app.Study.note_unseen)."""
        self.study.note_unseen()

    def reload(self) -> Collection:
        """Read and apply in one go (for callers that are not on the UI thread's clock)."""
        self.apply(*self.read_decks())
        return self.collection

    def home_view(self) -> HomeView:
        """What the home screen shows: each deck's counts, today's totals, the problems met loading."""
        study = self.study
        rows = tuple((study.deck_title(c.deck_id), c) for c in study.counts(study.deck_ids()))
        return HomeView(
            rows,
            study.totals(),
            study.limits,
            tuple(self.config.settings_problems),
            tuple(self.problems()),
            bool(self.collection.problems),
            tuple(
                f"Using your copy of the bundled deck '{deck_id}': {loaded.path}"
                for deck_id in self.collection.replaced
                if (loaded := self.collection.deck(deck_id)) is not None
            ),
        )

    def problems(self) -> list[Problem]:
        """Files skipped while loading, each with file:line: decks first, then drill templates."""
        return [*self.collection.problems, *self.templates.problems]

    def deck_ids(self) -> list[str]:
        return self.study.deck_ids()

    def deck_title(self, deck_id: str | None) -> str:
        return self.study.deck_title(deck_id)

    def review(self, deck_id: str | None = None, *, ahead: bool = False) -> ReviewSession:
        """A review session over one deck (None: all decks)."""
        return self.study.session(deck_id, ahead=ahead)

    def browse(self, text: str) -> SearchResult | None:
        """Cards matching an Anki-style search (None: stopped by `stop_search`); raises
        cards.browse.QueryError (one line). Through the search index; if that cannot be read
        (disk full, damaged beyond rebuilding), through the scan of every card."""
        try:
            return self._search(parse_query(text))
        except SearchStopped:
            return None

    def _search(self, query: Query, limit: int = LIMIT) -> SearchResult:
        try:
            return indexed_search(self.collection, self.search_index(), self.study.today(), query, limit)
        except sqlite3.Error:
            return search(self.collection, self.store, self.study.today(), query, limit)

    def search_index(self) -> SearchIndex:
        if self._index is None:
            self._index = open_index(self.store, self.config.cache_dir)
        return self._index

    def stop_search(self) -> None:
        """Interrupt a search running on another thread (it returns None at once)."""
        if self._index is not None:
            interrupt(self._index)

    def prepare_search(self) -> None:
        """Bring the search index in step with the decks (off the UI thread, after the home shows):
        the first search then reads only what changed since. Best effort."""
        try:
            self.search_index().sync(deck_files(self.collection))
        except (SearchStopped, sqlite3.Error, OSError):
            return

    def custom_study(self, deck_id: str | None, kind: Custom, value: str = "") -> ReviewSession:
        """A custom-study session; ValueError (one line) when the tag or the days cannot be used."""
        if kind is Custom.TAG:
            tag = value.strip().lower()
            if not tag:
                raise ValueError("name a tag, e.g. Memory")
            query = Query(tags=(tag,), decks=() if deck_id is None else (deck_id,))
            found = self._search(query, limit=1000)
            return self.study.session_of([f.key for f in found.rows])
        days = 0
        if kind is Custom.AHEAD:
            try:
                days = int(value.strip())
            except ValueError:
                raise ValueError(f"ahead by how many days? type 1 to {MAX_AHEAD_DAYS}") from None
        return custom_session(self.study, deck_id, kind, days)

    def drill(self, kind: str, seed: int) -> Drill:
        """Generate one drill; raises drills.generator.DrillError (a ValueError) with a one-line message."""
        return generate(kind, seed, templates=self.templates)

    def drill_kinds(self) -> tuple[list[tuple[str, str, str]], dict[str, str]]:
        """The drill kinds (id, title, topic) and each kind's level, from the loaded templates;
        raises DrillError (a ValueError) or OSError with a one-line message."""
        return kinds(self.templates), levels(self.templates)

    def warm_drill(self, kind: str) -> Drill:
        """Generate a drill of `kind` and check its own answer, so the modules a first answer needs
        are loaded (pydantic, pint: slow, call it off the UI thread); the drill, to warm its text."""
        drill = generate(kind, 0, templates=self.templates)
        check(drill, f"{drill.expected} {drill.unit}")
        return drill

    @staticmethod
    def check_drill(drill: Drill, text: str) -> CheckResult:
        """Read and check a typed answer to a drill (slow the first time: call it off the UI thread)."""
        return check(drill, text)

    def record_drill(self, attempt: Attempt) -> Result:
        """Grade, store and schedule one attempt in one transaction; its outcome.

        Raises engine.faults.AppError (nothing saved) when the store fails: the screen keeps the
        attempt (`attempt.judged()` is its outcome) and saves it again later."""
        return record_attempt(self.study, attempt)

    def answer_review_drill(
        self, session: ReviewSession, given: str, result: CheckResult | None, seconds: float
    ) -> Result:
        """Grade and store the due drill on show in a review (answered, or given up when `result`
        is None) and move the session on: the same call a drill session uses."""
        current = session.current()
        drill = None if current is None else current.prompt.subject
        if not isinstance(drill, Drill):
            raise LookupError("the review is not showing a drill")
        limit = float(self.config.settings.drill_seconds)
        attempt = Attempt(drill, given, result, seconds, limit, gave_up=result is None)
        return record_attempt(self.study, attempt, review=session)

    def within_new_drills(self, plan: DrillPlan) -> DrillPlan:
        """A mixed plan kept to today's new drill kinds (drills.session.within_new_limit); PlanError
        when none is left to draw."""
        tried = self.study.tried([drill_key(kind) for kind in plan.kinds])
        seen = {kind for kind in plan.kinds if drill_key(kind) in tried}
        return within_new_limit(plan, seen, self.study.new_drills_left())

    def drilled_any(self) -> bool:
        """Whether any drill attempt is stored (a fresh install has no weak kind to speak of)."""
        return next(iter(attempts(self.store)), None) is not None

    def weak_kinds(self, kinds: Sequence[str]) -> list[str]:
        """The kinds with the lowest recent accuracy or most overdue (see drills.timed.weak_kinds)."""
        history = [(a.kind, a.verdict is Verdict.CORRECT and not a.timed_out) for a in attempts(self.store)]
        today = self.study.today()
        states = repo.load_states(self.store, [drill_key(k) for k in kinds])
        overdue = {
            k: float((today - state.due).days)
            for k in kinds
            if (state := states.get(drill_key(k))) is not None and state.due is not None
        }
        return weak_kinds(history, overdue, kinds)

    @store_command
    def plan_interview(
        self, track: Track, minutes: int, level: str = "any", *, seed: int | None = None
    ) -> Plan:
        """A mock interview's questions (asked least, then answered worst) and their drills; raises
        engine.interview.PlanError (one line). Validates the decks with rubrics: off the UI thread."""
        seen = seen_from(interviews(self.store))
        kinds = kinds_at(levels(self.templates), level)
        pool = interview_pool(self.collection)
        return plan_interview(pool, track, minutes, level=level, seen=seen, kinds=kinds, seed=seed)

    def interview_record(self, session: InterviewSession, seconds: float) -> InterviewRecord:
        """A finished (or ended) mock interview, stamped with now and today's study day."""
        plan = session.plan
        now = self.config.now()
        return InterviewRecord(
            now, self.study.today(), plan.track, plan.minutes, plan.level, seconds, tuple(session.outcomes)
        )

    @store_command
    def save_interview(self, record: InterviewRecord) -> tuple[InterviewRecord, ...]:
        """Store a mock interview and return the ones before it; no schedule changes (its misses are
        reviewed only if the user chooses to). Raises AppError when the store refuses."""
        earlier = interviews(self.store)
        record_interview(self.store, record)
        return earlier

    @store_command
    def interviews(self) -> tuple[InterviewRecord, ...]:
        """Past mock interviews, oldest first."""
        return interviews(self.store)

    def review_keys(self, keys: Sequence[str]) -> ReviewSession:
        """A review of these cards only (an interview's or exam's misses, chosen by the user)."""
        return self.study.session_of(list(keys))

    def close(self) -> None:
        for thread in self._noting:
            thread.join()
        if self._index is not None:
            self.stop_search()
            self._index.close()
        self.store.close()


def _set_sources(
    study: Study, collection: Collection, templates: TemplateSet, cards: CardSource | None = None
) -> None:
    """The collection's card source is kept when only the drill templates change (its keys are)."""
    cards = cards or next(
        (s for s in study.sources if isinstance(s, CardSource) and s.collection is collection), None
    )
    with quiet_gc():  # a key per card, all kept: collections would walk them again and again
        study.set_sources([cards or CardSource(collection), DrillSource(templates)])


def _card_source(collection: Collection) -> CardSource:
    cards = CardSource(collection)
    cards.groups()  # each deck's keys, built once, here
    return cards


def _close_store(opening: Future[Store]) -> None:
    if opening.exception() is None:
        opening.result().close()


def warm_engine() -> None:
    """Import sympy and build the unit registry once, so the first typed answer does not stall."""
    from engine.answers import check_formula, check_numeric

    check_numeric("1 GB", 1.0, "GB")
    check_formula("a + b", "b + a", {"a": "a", "b": "b"})


def read_collection(config: AppConfig) -> Collection:
    """The decks, through the compiled deck cache when the config names one."""
    from cards.cached import open_deck_cache

    cache = None if config.cache_dir is None else open_deck_cache(config.cache_dir)
    try:
        return load_collection(config.deck_dirs, include_bundled=config.include_bundled, cache=cache)
    finally:
        if cache is not None:
            cache.close()


def read_templates(config: AppConfig) -> TemplateSet:
    """The drill templates, through the cache when the config names one."""
    if config.cache_dir is None:
        return templates_for(deck_dirs=config.deck_dirs)
    from drills.cached import open_template_cache
    from drills.loader import load_templates

    cache = open_template_cache(config.cache_dir)
    try:
        return load_templates(deck_dirs=config.deck_dirs, cache=cache)
    finally:
        cache.close()


def load_services(config: AppConfig, *, with_templates: bool = True) -> Services:
    """Open everything; raises engine.store.database.StoreError with a clear message.

    `with_templates=False` leaves the drill templates out (add them with `use_templates`): the
    home screen's counts need only the store and the decks."""
    settings = config.settings
    # the store's integrity check runs in SQLite's C code without the interpreter lock: let it
    # overlap the deck reading (0.4 s of 1.8 s at 100k cards / 1M reviews)
    with ThreadPoolExecutor(max_workers=1) as pool:
        opening = pool.submit(  # the day's check and copy: after the home shows (tui.app)
            open_store, settings.db, now=config.now(), backup_days=settings.backup_days, defer_daily=True
        )
        try:
            collection = read_collection(config)
            cards = _card_source(collection)  # its keys too, while the check runs
        except BaseException:
            opening.add_done_callback(_close_store)
            raise
        store = opening.result()
    templates = read_templates(config) if with_templates else TemplateSet()
    scheduler = make_scheduler(
        "fsrs" if settings.scheduler == "fsrs" else "sm2",
        desired_retention=settings.desired_retention,
        parameters=meta.fsrs_parameters(store) if settings.scheduler == "fsrs" else None,
        max_interval_days=settings.max_interval_days,
    )
    switching.prepare(store, scheduler)  # FSRS: rebuild memory the log implies (no due date moves)
    clock = study_clock(config)
    study = Study(store, scheduler=scheduler, clock=clock, limits=limits(config), now=config.now)
    _set_sources(study, collection, templates, cards)
    return Services(config, store, collection, study, templates)


__all__ = ["DrillError", "Services", "load_services", "warm_engine"]
