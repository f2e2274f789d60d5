"""The application façade the screens and the CLI call: it wires cards and drills into engine.app.

Headless (no Textual): everything a screen decides — which item to show, checking an answer,
grading and storing a drill attempt — is a call here, testable without a terminal.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field

from cards.browse import Query
from cards.loader import Collection as Collection  # the screens name the decks' type from here
from cards.loader import load_collection
from cards.source import CardSource
from drills.generator import DrillError, templates_for
from drills.loader import TemplateSet as TemplateSet  # the screens name the templates' type from here
from drills.source import DrillSource
from engine.app import ReviewSession, Study, switching
from engine.app.custom import MAX_AHEAD_DAYS, Custom, custom_session
from engine.app.scheduler import make_scheduler
from engine.home import HomeView
from engine.problems import Problem
from engine.search_index import SearchIndex
from engine.search_tags import close_tags, untagged_text
from engine.store import meta
from engine.store.database import Store, open_store
from engine.yamlpos import quiet_gc
from tui.config import AppConfig
from tui.services_drills import DrillCalls
from tui.services_interview import InterviewCalls
from tui.services_search import SearchCalls
from tui.start import limits, study_clock


@dataclass
class Services(SearchCalls, DrillCalls, InterviewCalls):
    """The headless parts the screens talk to (search, drill and interview calls: tui.services_*)."""

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

    def custom_study(self, deck_id: str | None, kind: Custom, value: str = "") -> ReviewSession:
        """A custom-study session; ValueError (one line) when the tag or the days cannot be used."""
        if kind is Custom.TAG:
            tag = value.strip().lower()
            if not tag:
                raise ValueError("name a tag, e.g. Memory")
            query = Query(tags=(tag,), decks=() if deck_id is None else (deck_id,))
            found = self._search(query, limit=1000)
            if not found.rows:
                close = close_tags(self.search_index(), tag)
                if tag not in close:  # a tag of other decks only is an empty session, not a typo
                    raise ValueError(untagged_text(value.strip(), close))
            return self.study.session_of([f.key for f in found.rows])
        days = 0
        if kind is Custom.AHEAD:
            try:
                days = int(value.strip())
            except ValueError:
                raise ValueError(f"ahead by how many days? type 1 to {MAX_AHEAD_DAYS}") from None
        return custom_session(self.study, deck_id, kind, days)

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
