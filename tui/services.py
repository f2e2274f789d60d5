"""Wiring: open the store, load the decks, build the study façade (run off the UI thread)."""

from __future__ import annotations

from dataclasses import dataclass

from cards.loader import Collection, load_collection
from engine.store.database import Store, open_store
from engine.study import Limits, Study, StudyItem
from engine.studyday import StudyClock
from tui.config import AppConfig


@dataclass
class Services:
    """The headless parts the screens talk to."""

    config: AppConfig
    store: Store
    collection: Collection
    study: Study

    def reload(self) -> Collection:
        """Reload decks from disk; cards keep their history by key, removed ones are hidden."""
        self.collection = load_collection(self.config.deck_dirs, include_bundled=self.config.include_bundled)
        self.study.set_items(_items(self.collection))
        return self.collection

    def deck_ids(self) -> list[str]:
        return [d.id for d in self.collection.decks]

    def deck_title(self, deck_id: str | None) -> str:
        if deck_id is None:
            return "All decks"
        loaded = self.collection.deck(deck_id)
        return loaded.deck.title if loaded else deck_id

    def close(self) -> None:
        self.store.close()


def _items(collection: Collection) -> list[StudyItem]:
    return [StudyItem(key, deck) for key, deck in collection.card_keys()]


def load_services(config: AppConfig) -> Services:
    """Open everything; raises engine.store.database.StoreError with a clear message."""
    settings = config.settings
    store = open_store(settings.db)
    collection = load_collection(config.deck_dirs, include_bundled=config.include_bundled)
    clock = config.clock or StudyClock(day_start_hour=settings.day_start_hour)
    study = Study(
        store,
        _items(collection),
        clock=clock,
        limits=Limits(new_per_day=settings.new_per_day, reviews_per_day=settings.reviews_per_day),
        now=config.now,
    )
    return Services(config, store, collection, study)
