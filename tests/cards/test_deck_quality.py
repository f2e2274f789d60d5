"""Issue 29's deck-quality bar on every bundled deck: the expert read's errors stay gone, checks state
the value their formula rounds to, every card with a figure names a source a user can open, the
measurement record ships in the repository, one spelling per tag, merged duplicates stay merged."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest

from cards.checks import leading_number
from cards.loader import BUNDLED_DIR, load_deck_file
from cards.schema import Deck
from engine.formula import parse_formula
from engine.yamlpos import read_yaml_file

REPO = BUNDLED_DIR.parents[1]
DECK_FILES = sorted(BUNDLED_DIR.glob("*.yaml"))
by_name = pytest.mark.parametrize("path", DECK_FILES, ids=lambda p: p.stem)
MEASURED = "docs/measured/h100.md"
_CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)
_NUMBER = re.compile(r"[-+]?(\d[\d,]*)(?:\.(\d+))?(?:[eE]([-+]?\d+))?")


@cache
def deck(path: Path) -> Deck:
    return Deck.model_validate(read_yaml_file(path).data)


def squashed(name: str) -> str:
    return " ".join((BUNDLED_DIR / f"{name}.yaml").read_text(encoding="utf-8").split())


OLD_WORDINGS = [  # (deck, wording the expert read found wrong)
    ("measured-h100", "exactly 2 bytes per parameter"),
    ("measured-h100", "framework overhead can add 8× more"),
    ("measured-h100", "7B model at the same ratio, 131 GB"),
    ("measured-h100", "is 33.6 MB of buffers and allocator rounding"),
    ("measured-h100", "629 at"),
    ("llm-serving", "48.1 ms HF eager vs 6.07 ms graph floor"),
    ("debugging", "vs 6.07 ms with every linear layer in one CUDA graph"),
    ("key-numbers", "6.07 ms for every linear layer in one CUDA graph: mostly launch and Python overhead"),
    ("llm-serving", "With short prompts and long outputs, disaggregation pays off"),
    ("llm-serving", "≈ 0.15 s on"),
    ("llm-serving", "**≈ 52 sequences**"),
    ("hardware-2026", "671/80 = 8.4"),
    ("hardware-2026", "288 − 70.6 = 217 GB"),
    ("hardware-2026", "leaves under 10 GB"),
    ("hardware-2026", "NVIDIA and AMD data sheets"),
    ("rl-infra", "verl and OpenRLHF docs"),
    ("attention-kernels", "Theorems 2 and 3"),
    ("attention-kernels", 'reductions between warps ("split-K")'),
    ("attention-kernels", "(≈ 0.49×)"),
    ("attention-kernels", "Llama 3 paper arXiv:2407.21783 §3.3.2 (CP)"),
    ("moe", "ST-MoE, arXiv:2202.08906 §3.1"),
    ("moe", "Bytes per step grow ~3.6×"),
    ("moe", "floor(4 * 3.2)"),
    ("moe", "~63 GB"),
    ("moe", "~47 GB there"),
    ("llm-serving", "§3.4 (Theorem 3.8)"),
    ("key-numbers", "§3.3 (Eq. 1)"),
    ("low-precision", "one NaN pattern"),
    ("key-numbers", "**156 FLOP/byte**"),
    ("key-numbers", "vs 156 on A100"),
    ("key-numbers", "(A100 crossover 156)"),
    ("key-numbers", "**≈ 288 GB**"),
    ("key-numbers", "Measured: 0.00739"),
    ("systems", "**Usually the data"),
    ("systems", "≈ 26.7 GB"),
    ("flashcards", "effective LR is K× too high"),
    ("flashcards", "why async is dead"),
    ("flashcards", "**Async** (dead)"),
    ("flashcards", "Fits an 80 GB A100 with ~45 GB left"),
    ("flashcards", "Mirelo"),
    ("grill", "1.12 TB / 80 GB = 14.0"),
    ("debugging", "Scenario: training OOMs at batch 4;"),
]


@pytest.mark.parametrize(("name", "old"), OLD_WORDINGS, ids=[f"{d}:{o[:30]}" for d, o in OLD_WORDINGS])
def test_the_wrong_wording_is_gone(name: str, old: str) -> None:
    assert " ".join(old.split()) not in squashed(name)


def rounds_to(text: str, value: float) -> bool:
    """True when the leading number of `text` is `value` rounded to the digits it shows."""
    stated = leading_number(text)
    m = _NUMBER.search(text.replace("−", "-"))
    assert stated is not None and m is not None, text
    whole, frac, exp = m.group(1).replace(",", ""), m.group(2) or "", int(m.group(3) or 0)
    if frac:
        step = 10.0 ** (exp - len(frac))
    else:
        zeros = len(whole) - len(whole.rstrip("0")) if whole.strip("0") else 0
        step = 10.0 ** (exp + zeros)
    return abs(value - stated) <= step / 2 * (1 + 1e-9) + 1e-12 * abs(stated)


@pytest.mark.parametrize(
    ("text", "value", "ok"),
    [
        ("13 experts", 12.0, False),
        ("12.8,", 12.8, True),
        ("0.49×", 0.4953, False),
        ("0.50×", 0.4953, True),
        ("288 GB", 288.53, False),
        ("160 tokens", 160.0, True),
        ("6.10e-5", 2**-14, True),
        ("3.4e38", 3.39e38, True),
    ],
)
def test_rounding_rule(text: str, value: float, ok: bool) -> None:
    assert rounds_to(text, value) is ok


@by_name
def test_every_check_states_its_value_rounded_not_within_tolerance(path: Path) -> None:
    wrong = [
        f"{card.id}: {check.text!r} but {check.formula} = {computed:.6g}"
        for card in deck(path).cards
        for check in card.checks
        if not rounds_to(check.text, computed := parse_formula(check.formula).evaluate())
    ]
    assert wrong == []


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
    "moe/capacity-factor": "grill/q39",
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
