"""Opening the decks lists each deck's card keys once (no object per card): adding the drill
templates afterwards keeps them (a million keys are not built twice), while a reload of the deck
files builds them afresh."""

from __future__ import annotations

from datetime import UTC
from pathlib import Path

from engine.settings import Settings
from engine.studyday import StudyClock
from tui.config import AppConfig
from tui.services import load_services, read_collection, read_templates

DATA = Path(__file__).parent.parent / "data"


def test_adding_the_drill_templates_keeps_the_card_keys(tmp_path: Path, clock) -> None:  # type: ignore[no-untyped-def]
    config = AppConfig(
        settings=Settings(db=str(tmp_path / "f.db"), deck_dirs=(DATA / "decks",)),
        include_bundled=False,
        now=clock,
        clock=StudyClock(day_start_hour=4, tz=UTC),
    )
    services = load_services(config, with_templates=False)
    try:
        study = services.study
        cards = list(study.groups)
        assert cards and all(g.new_in_review for g in cards)
        assert [k for g in cards for k in g.keys] == [k for k, _ in services.collection.card_keys()]
        card_decks = [d.id for d in services.collection.decks]
        counts = study.counts(card_decks)
        services.use_templates(read_templates(config))
        with_drills = study.groups
        assert len(with_drills) == len(cards) + 1 and not with_drills[-1].new_in_review, "drill kinds joined"
        assert all(a.keys is b.keys for a, b in zip(with_drills, cards, strict=False))
        assert study.counts(card_decks) == counts
        services.apply(read_collection(config), services.templates)  # the deck files read again
        assert [g.keys for g in study.groups] == [g.keys for g in with_drills]
        assert study.groups[0].keys is not cards[0].keys
        assert [(i.key, i.deck_id, i.new_in_review) for i in study.items] == [
            (k, g.deck_id, g.new_in_review) for g in study.groups for k in g.keys
        ]
    finally:
        services.close()
