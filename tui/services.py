"""Wiring: open the store, load the decks, build the study façade (run off the UI thread)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cards.answering import answer_hint, check_card_answer
from cards.loader import Collection, load_collection
from cards.present import back_markdown
from drills.generator import kinds, templates_for
from drills.loader import TemplateSet
from engine.answers import CheckResult
from engine.drill_log import DRILL_DECK, drill_key
from engine.store.database import Store, open_store
from engine.study import Limits, Study, StudyItem
from engine.studyday import StudyClock
from tui.config import AppConfig


@dataclass(frozen=True)
class ReviewItem:
    """What the review screen shows for one queue entry: a card, or a fresh drill of a due kind."""

    key: str
    front: str
    back: str
    hint: str | None = None
    """Placeholder of the answer box; None when the item is not answered by typing."""
    check: Callable[[str], CheckResult] | None = None


@dataclass
class Services:
    """The headless parts the screens talk to."""

    config: AppConfig
    store: Store
    collection: Collection
    study: Study
    templates: TemplateSet
    """Drill templates: bundled plus `*.drill.yaml` files in the deck folders."""

    def read_decks(self) -> tuple[Collection, TemplateSet]:
        """Read decks and drill templates from disk (slow on big decks: call it off the UI thread)."""
        collection = load_collection(self.config.deck_dirs, include_bundled=self.config.include_bundled)
        return collection, templates_for(deck_dirs=self.config.deck_dirs)

    def apply(self, collection: Collection, templates: TemplateSet) -> None:
        """Switch to freshly read decks; cards keep their history by key, removed ones are hidden."""
        self.collection = collection
        self.templates = templates
        self.study.set_items(_items(collection, templates))

    def reload(self) -> Collection:
        """Read and apply in one go (for callers that are not on the UI thread's clock)."""
        self.apply(*self.read_decks())
        return self.collection

    def deck_ids(self) -> list[str]:
        return [d.id for d in self.collection.decks] + [DRILL_DECK]

    def deck_title(self, deck_id: str | None) -> str:
        if deck_id is None:
            return "All decks"
        if deck_id == DRILL_DECK:
            return "Drill kinds (review the ones you miss)"
        loaded = self.collection.deck(deck_id)
        return loaded.deck.title if loaded else deck_id

    def review_item(self, key: str, seed: int) -> ReviewItem:
        """Resolve a queue key: a card's front/back, or a drill of that kind generated with `seed`."""
        deck_id, _, rest = key.partition("/")
        if deck_id == DRILL_DECK:
            from drills.generator import DrillError, check, generate
            from drills.present import question_markdown, solution_markdown

            try:
                drill = generate(rest, seed, templates=self.templates)
            except DrillError as error:
                return ReviewItem(key, f"*(drill kind {rest} is no longer available: {error})*", "")
            unit = f"a number in {drill.unit}" if drill.unit else "a number"
            return ReviewItem(
                key, question_markdown(drill), solution_markdown(drill), unit, lambda t: check(drill, t)
            )
        card = self.collection.card(key)
        if card is None:
            return ReviewItem(key, f"*(card {key} is no longer in its deck)*", "")
        hint = answer_hint(card)
        back = back_markdown(card)
        checker = (lambda t: check_card_answer(card, t)) if hint else None
        return ReviewItem(key, card.front, back, hint, checker)

    def close(self) -> None:
        self.store.close()


def _items(collection: Collection, templates: TemplateSet) -> list[StudyItem]:
    cards = [StudyItem(key, deck) for key, deck in collection.card_keys()]
    return cards + [StudyItem(drill_key(kind), DRILL_DECK) for kind, _, _ in kinds(templates)]


def warm_engine() -> None:
    """Import sympy and build the unit registry once, so the first typed answer does not stall."""
    from engine.answers import check_formula, check_numeric

    check_numeric("1 GB", 1.0, "GB")
    check_formula("a + b", "b + a", {"a": "a", "b": "b"})


def load_services(config: AppConfig) -> Services:
    """Open everything; raises engine.store.database.StoreError with a clear message."""
    settings = config.settings
    store = open_store(settings.db, now=config.now(), backup_days=settings.backup_days)
    collection = load_collection(config.deck_dirs, include_bundled=config.include_bundled)
    templates = templates_for(deck_dirs=config.deck_dirs)
    clock = config.clock or StudyClock(day_start_hour=settings.day_start_hour)
    study = Study(
        store,
        _items(collection, templates),
        clock=clock,
        limits=Limits(new_per_day=settings.new_per_day, reviews_per_day=settings.reviews_per_day),
        now=config.now,
    )
    return Services(config, store, collection, study, templates)
