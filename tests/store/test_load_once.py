"""Opening the decks builds one study item per card once: adding the drill templates afterwards keeps
them (a million cards are not built twice), while a reload of the deck files builds them afresh."""

from __future__ import annotations

from datetime import UTC
from pathlib import Path

from engine.settings import Settings
from engine.studyday import StudyClock
from tui.config import AppConfig
from tui.services import load_services, read_collection, read_templates

DATA = Path(__file__).parent.parent / "data"


def test_adding_the_drill_templates_keeps_the_card_items(tmp_path: Path, clock) -> None:  # type: ignore[no-untyped-def]
    config = AppConfig(
        settings=Settings(db=str(tmp_path / "f.db"), deck_dirs=(DATA / "decks",)),
        include_bundled=False,
        now=clock,
        clock=StudyClock(day_start_hour=4, tz=UTC),
    )
    services = load_services(config, with_templates=False)
    try:
        study = services.study
        cards = list(study.items)
        assert cards and all(i.new_in_review for i in cards)
        card_decks = [d.id for d in services.collection.decks]
        counts = study.counts(card_decks)
        services.use_templates(read_templates(config))
        with_drills = study.items
        assert len(with_drills) > len(cards), "the drill kinds joined"
        assert all(a is b for a, b in zip(with_drills, cards, strict=False))
        assert [k.key for k in with_drills[: len(cards)]] == [k.key for k in cards]
        assert study.counts(card_decks) == counts
        services.apply(read_collection(config), services.templates)  # the deck files read again
        assert [i.key for i in study.items] == [i.key for i in with_drills]
        assert study.items[0] is not cards[0]
    finally:
        services.close()
