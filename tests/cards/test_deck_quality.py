"""Issue 29's bar on every bundled deck: 0 lint warnings, a source a user can open on every card
that states a figure, the measurement record shipped in the repository, one spelling per tag,
merged duplicates kept merged. (Old wordings: test_sources; checks' rounding: test_bundled_decks.)"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest

from cards.loader import BUNDLED_DIR, load_deck_file
from cards.schema import Deck
from engine.yamlpos import read_yaml_file

REPO = Path(__file__).resolve().parents[2]  # the checkout: CI tests an installed copy of the decks
DECK_FILES = sorted(BUNDLED_DIR.glob("*.yaml"))
by_name = pytest.mark.parametrize("path", DECK_FILES, ids=lambda p: p.stem)
MEASURED = "docs/measured/h100.md"
_CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)


@cache
def deck(path: Path) -> Deck:
    return Deck.model_validate(read_yaml_file(path).data)


@by_name
def test_validate_gives_no_warning_on_the_bundled_deck(path: Path) -> None:
    _, problems = load_deck_file(path, lint=True)
    assert [str(p) for p in problems] == []


@by_name
def test_every_card_stating_a_figure_names_its_source(path: Path) -> None:
    """Stricter than validate's unit rule: any digit outside code (419 interruptions, α = 0.01)."""
    bare = [c.id for c in deck(path).cards if not c.source and re.search(r"\d", _CODE.sub(" ", c.back))]
    assert bare == []


OUTSIDE = re.compile(r"shared/|\.\./|/work/|/home/|\b\d{3}_[0-9a-f]{16}\.txt|\bseed\b", re.IGNORECASE)


@by_name
def test_no_source_points_outside_the_repository(path: Path) -> None:
    d = deck(path)
    sources = [("deck", d.source or "")] + [
        (card.id, s) for card in d.cards for s in [card.source or "", *(k.source or "" for k in card.checks)]
    ]
    assert [(where, s) for where, s in sources if OUTSIDE.search(s)] == []


def test_the_measurement_record_ships_with_its_setup_and_raw_values() -> None:
    record = (REPO / MEASURED).read_text(encoding="utf-8")
    raw = json.loads((REPO / "docs/measured/h100.json").read_text(encoding="utf-8"))
    for setup in ("device", "clocks", "dtype", "matmul shapes", "prefill", "batch", "not recorded"):
        assert setup in record
    assert raw["llama3_8b"]["weight_bytes_allocated"] - 2 * raw["llama3_8b"]["params"] == 1024
    assert "/work/" not in (REPO / "README.md").read_text(encoding="utf-8")


def test_every_measured_source_cites_the_record_in_the_repository() -> None:
    cited = [
        (path.stem, card.id, s)
        for path in DECK_FILES
        for card in deck(path).cards
        for s in [card.source or "", *(k.source or "" for k in card.checks)]
        if "measured:" in s and MEASURED not in s
    ]
    assert cited == []
    assert sum(MEASURED in (c.source or "") for p in DECK_FILES for c in deck(p).cards) >= 20


def test_one_spelling_per_tag() -> None:
    spellings: dict[str, set[str]] = defaultdict(set)
    for path in DECK_FILES:
        for card in deck(path).cards:
            for tag in card.tags:
                spellings[tag.casefold()].add(tag)
    assert {k: v for k, v in spellings.items() if len(v) > 1} == {}


MERGED = {  # removed id -> the card that stays (deck/id)
    "flashcards/fc-057": "flashcards/fc-023",
    "flashcards/fc-076": "flashcards/fc-014",
    "flashcards/fc-078": "flashcards/fc-013",
    "flashcards/fc-084": "flashcards/fc-019",
    "flashcards/fc-082": "flashcards/fc-015",
    "flashcards/fc-085": "flashcards/fc-017",
    "flashcards/fc-088": "flashcards/fc-018",
    "flashcards/fc-038": "flashcards/fc-007",
    "flashcards/fc-037": "flashcards/fc-006",
    "moe/capacity-factor": "grill/q39",
    "debugging/sync-points": "debugging/short-idle-gaps-sync",
}


@pytest.mark.parametrize(("gone", "kept"), MERGED.items())
def test_a_merged_duplicate_stays_merged(gone: str, kept: str) -> None:
    ids = {f"{deck(p).id}/{c.id}" for p in DECK_FILES for c in deck(p).cards}
    assert gone not in ids and kept in ids
    refs = {r for p in DECK_FILES for c in deck(p).cards for r in c.see_also}
    assert gone not in refs and gone.split("/")[1] not in refs - {kept.split("/")[1]}


def test_the_eager_vs_graph_comparison_lives_in_one_card() -> None:
    holders = [
        f"{deck(p).id}/{c.id}"
        for p in DECK_FILES
        for c in deck(p).cards
        if "48.1 ms" in c.back and "6.07 ms" in c.back
    ]
    assert holders == ["measured-h100/decode-eager-vs-graph"]
