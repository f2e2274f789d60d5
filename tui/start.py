"""Wiring of the start-up path: the home's first counts from the last load's outline, before the
store and the decks are opened for real (light: no SQLAlchemy, pydantic or YAML imported here)."""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING

from cards.version import BUNDLED_DIR as DECKS
from cards.version import cache_version
from drills.paths import BUNDLED_DIR as TEMPLATES
from engine.cache import FileCache
from engine.counting import Limits
from engine.home import HomeView
from engine.start import outline
from engine.start.look import first_look as look
from engine.store.preflight import sqlite_file
from engine.studyday import StudyClock
from tui.bundled_outline import load_shipped, no_user_files
from tui.config import AppConfig

if TYPE_CHECKING:
    from tui.services import Services


def study_clock(config: AppConfig) -> StudyClock:
    return config.clock or StudyClock(day_start_hour=config.settings.day_start_hour)


def limits(config: AppConfig) -> Limits:
    settings = config.settings
    return Limits(new_per_day=settings.new_per_day, reviews_per_day=settings.reviews_per_day)


def _name(config: AppConfig) -> str:
    """The outline's name: which folders the decks came from (another set of folders, another outline)."""
    key = json.dumps([[str(p) for p in config.deck_dirs], config.include_bundled])
    return hashlib.blake2b(key.encode(), digest_size=16).hexdigest()


def first_look(config: AppConfig) -> HomeView | None:
    """The card decks' counts as the full load will show them, or None (no cache, no outline yet,
    a deck file or folder changed since, a server database, a schema to upgrade)."""
    path = sqlite_file(config.settings.db)
    if config.cache_dir is None or path is None:
        return None
    cache = FileCache(config.cache_dir, cache_version())
    try:
        kept = outline.load(cache, _name(config))
    finally:
        cache.close()
    if kept is None and config.include_bundled and no_user_files(config.deck_dirs):
        kept = load_shipped()  # an empty cache: the bundled decks' outline shipped in the package
    if kept is None:
        return None
    today = study_clock(config).today(config.now())
    return look(path, kept, today=today, limits=limits(config), settings_problems=config.settings_problems)


def outline_of(services: Services) -> outline.Outline:
    """What this load found: each deck's title and keys (new-in-review, then the others), problems."""
    study = services.study
    decks = [(deck, study.deck_title(deck)) for deck in study.deck_ids()]
    return outline.from_items(decks, study.items, services.problems(), bool(services.collection.problems))


def save_outline(config: AppConfig, services: Services) -> None:
    """Keep what this load found for the next start; called after the load, off the start path."""
    if config.cache_dir is None:
        return
    folders = [*([DECKS] if config.include_bundled else []), TEMPLATES, *config.deck_dirs]
    stamps = outline.stamp(
        [f for f in services.collection.files if f.is_file()], [f for f in folders if not f.is_file()]
    )
    if stamps is None:
        return
    cache = FileCache(config.cache_dir, cache_version())
    try:
        outline.save(cache, _name(config), outline_of(services), stamps)
    finally:
        cache.close()
