"""After a load: keep what it found (the outline, each deck's file) for the next start's first look
(tui.start reads it back); runs off the start path, with the store and decks open."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cards.version import BUNDLED_DIR as DECKS
from cards.version import cache_version
from drills.paths import BUNDLED_DIR as TEMPLATES
from engine.cache import FileCache
from engine.start import outline
from tui.config import AppConfig
from tui.start import GLANCE, outline_name

if TYPE_CHECKING:
    from tui.services import Services


def outline_of(services: Services) -> outline.Outline:
    """What this load found: each deck's title and keys (new-in-review, then the others), problems."""
    study = services.study
    decks = [(deck, study.deck_title(deck)) for deck in study.deck_ids()]
    return outline.from_groups(decks, study.groups, services.problems(), bool(services.collection.problems))


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
    files = {d.id: str(d.path) for d in services.collection.decks}
    cache = FileCache(config.cache_dir, cache_version())
    try:
        outline.save(cache, outline_name(config), outline_of(services), stamps)
        if cache.get_record(GLANCE, outline_name(config)) != files:
            cache.put_record(GLANCE, outline_name(config), files)  # where each deck's cached read is
    finally:
        cache.close()
