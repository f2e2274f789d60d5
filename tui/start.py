"""Wiring of the start-up path: the home's first counts from the last load's outline, before the
store and the decks are opened for real (the import-linter contract keeps SQLAlchemy, pydantic and
YAML out of it and of engine.start; tui.keep_outline keeps the outline after a load)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from cards.glance import read_glance
from cards.version import BUNDLED_DIR as DECKS
from cards.version import cache_version
from drills.paths import BUNDLED_DIR as TEMPLATES
from engine.cache import FileCache
from engine.counting import Limits
from engine.home import HomeView
from engine.start import outline
from engine.start.look import first_look as look
from engine.start.look import first_queue
from engine.start.shipped import load_shipped, no_user_files
from engine.store.preflight import sqlite_file
from engine.studyday import StudyClock
from tui.config import AppConfig

SHIPPED = Path(__file__).with_name("bundled_outline.json")
"""The bundled decks' and templates' outline (python -m tui.bundled_outline writes it)."""
GLANCE = "deck-files"
"""Cache records naming each deck's file, so an early Enter can read its first card from the cache."""


def study_clock(config: AppConfig) -> StudyClock:
    return config.clock or StudyClock(day_start_hour=config.settings.day_start_hour)


def limits(config: AppConfig) -> Limits:
    settings = config.settings
    return Limits(
        new_per_day=settings.new_per_day,
        reviews_per_day=settings.reviews_per_day,
        drill_reviews_per_day=settings.drill_reviews_per_day,
        new_drills_per_day=settings.new_drills_per_day,
    )


def outline_name(config: AppConfig) -> str:
    """The outline's name: which folders the decks came from (another set of folders, another outline)."""
    key = json.dumps([[str(p) for p in config.deck_dirs], config.include_bundled])
    return hashlib.blake2b(key.encode(), digest_size=16).hexdigest()


def kept_outline(config: AppConfig) -> outline.Outline | None:
    """The last load's outline if nothing it came from changed (or, with an empty cache, the bundled
    decks' shipped one); None without a cache, on a server database or when it cannot be trusted."""
    if config.cache_dir is None or sqlite_file(config.settings.db) is None:
        return None
    cache = FileCache(config.cache_dir, cache_version())
    try:
        kept = outline.load(cache, outline_name(config))
    finally:
        cache.close()
    if kept is None and config.include_bundled and no_user_files(config.deck_dirs):
        # an empty cache: the bundled decks' outline shipped in the package
        kept = load_shipped(SHIPPED, DECKS.parent.parent, (DECKS, TEMPLATES))
    return kept


def kept_sizes(config: AppConfig) -> tuple[outline.DeckSize, ...] | None:
    """Each deck's title and item counts from the last load if nothing changed since: the small
    record kept beside the outline (made from the outline once for a cache that has only that),
    else the shipped outline's; None as `kept_outline`. What `stats` reads instead of every key."""
    if config.cache_dir is None or sqlite_file(config.settings.db) is None:
        return None
    name = outline_name(config)
    cache = FileCache(config.cache_dir, cache_version())
    try:
        sizes = outline.load_sizes(cache, name)
        kept = outline.load_with_stamps(cache, name) if sizes is None else None
        if kept is not None:
            sizes = outline.sizes_of(kept[0])
            outline.save_sizes(cache, name, sizes, kept[1])
    finally:
        cache.close()
    if sizes is None:
        shipped = kept_outline(config)
        sizes = None if shipped is None else outline.sizes_of(shipped)
    return sizes


def first_look(config: AppConfig, kept: outline.Outline | None = None) -> HomeView | None:
    """The card decks' counts as the full load will show them, from `kept` (default: the kept
    outline), or None (no outline, a deck file or folder changed since, a schema to upgrade)."""
    kept = kept or kept_outline(config)
    path = sqlite_file(config.settings.db)
    if kept is None or path is None:
        return None
    today = study_clock(config).today(config.now())
    return look(path, kept, today=today, limits=limits(config), settings_problems=config.settings_problems)


@dataclass(frozen=True)
class Glance:
    """The first card of an early Enter's review, shown while the decks open."""

    key: str
    deck_title: str
    front: str
    hint: str | None
    left: int
    """Cards in today's queue, this one included."""
    back: str | None = None
    """Its answer side, when it can show before the session (cards.glance.CardGlance.back)."""


def glance(config: AppConfig, kept: outline.Outline, deck_id: str | None) -> Glance | None:
    """The first card today's review of `deck_id` (None: all decks) shows, from the outline, the
    database (read-only) and the deck cache; None when any of them cannot tell (a drill first, a
    deck file not in the cache, nothing to review), and the review waits for the decks instead."""
    path = sqlite_file(config.settings.db)
    if path is None or config.cache_dir is None:
        return None
    today = study_clock(config).today(config.now())
    queue = first_queue(path, kept, deck_id, today=today, limits=limits(config))
    kept.forget_present()  # the first look's, used once more here; a later glance makes its own
    if not queue:
        return None
    key = queue[0]
    deck_of, _, card_id = key.partition("/")
    deck = next((d for d in kept.decks if d.deck_id == deck_of), None)
    if deck is None or key not in deck.keys:  # a drill kind (its prompt needs the templates)
        return None
    cache = FileCache(config.cache_dir, cache_version())
    try:
        files = cache.get_record(GLANCE, outline_name(config))
        file = files.get(deck.deck_id) if isinstance(files, dict) else None
        card = read_glance(cache, Path(file), deck.deck_id, card_id) if file else None
    finally:
        cache.close()
    if card is None:
        return None
    title = deck.title if deck_id is not None else "All decks"
    return Glance(key, title, card.front, card.hint, len(queue), card.back)
