"""The checks pydantic cannot do (numbers in text, formulas) and the warnings' near-duplicate search."""

from __future__ import annotations

import itertools
from difflib import SequenceMatcher

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.checks import leading_number
from cards.lint import _normal, different_terms, near_duplicates
from cards.loader import parse_deck
from engine.yamlpos import load_yaml


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("1.12 TB", 1.12),
        ("85.5 × 10^9 bytes", 85.5),
        ("1,073,741,824 bytes", 1073741824),
        ("9–12×", 9),
        ("−3 dB", -3),
        ("about 6e9 FLOPs", 6e9),
        ("H100: 989 TFLOPS", 989),  # digits inside a name (H100) are not a number
        ("no digits", None),
    ],
)
def test_leading_number(text: str, number: float | None) -> None:
    assert leading_number(text) == number


def deck(cards: str) -> str:
    return f"id: d\ntitle: D\ncards:\n{cards}"


def problems(text: str) -> list[str]:
    _, found = parse_deck(load_yaml(text, "d.yaml"), "d.yaml", lint=True)
    return [str(p) for p in found]


def test_a_check_within_its_tolerance_passes_and_one_outside_fails() -> None:
    card = "  - id: a\n    front: f\n    back: 1.12 TB\n    tags: [x]\n    source: derived\n    checks:\n"
    ok = card + "      - {text: 1.12 TB, formula: '16 * 70e9 / 1e12', source: derived}\n"
    off = card + "      - {text: 1.12 TB, formula: '16 * 72e9 / 1e12', tolerance: 0.02, source: derived}\n"
    assert problems(deck(ok)) == []
    assert problems(deck(off)) == [
        "d.yaml:10:34: error: check '1.12 TB': the text says 1.12 but 16 * 72e9 / 1e12 = 1.152"
        " (off by 2.78%, tolerance ±2%)"
    ]


def test_a_key_at_the_wrong_level_says_where_it_belongs() -> None:
    text = deck("  - id: a\n    front: f\n    back: b\n    tags: [x]\n    unit: GB\n")
    assert problems(text) == ["d.yaml:8:5: error: unknown key 'unit' ('unit' belongs under 'answer')"]


def test_see_also_links_and_silence_near_duplicates() -> None:
    cards = (
        "  - id: a\n    front: How many bytes per parameter does Adam need?\n    back: b\n    tags: [x]\n"
        "  - id: b\n    front: How many bytes per parameter does Adam need ?\n    back: b\n    tags: [x]\n"
        "    see_also: [a, zz]\n"
    )
    assert problems(deck(cards)) == ["d.yaml:12:19: warning: see_also 'zz' is not a card id in this deck"]


@pytest.mark.parametrize(
    ("a", "b", "different"),
    [
        ("What is the HBM bandwidth of the H100?", "What is the HBM bandwidth of the H200?", True),
        ("Explain tensor parallelism in one sentence.", "Explain data parallelism in one sentence.", True),
        ("How many bytes does Adam keep per param?", "How many bytes does Adam keep per parameter?", False),
        ("What does ZeRO-3 shard?", "What does ZeRO-3 shard ?", False),
    ],
)
def test_swapped_terms_are_different_questions(a: str, b: str, different: bool) -> None:
    assert different_terms(_normal(a), _normal(b)) is different


WORDS = ["bytes", "param", "adam", "memory", "gpu", "h100", "ring", "all", "reduce", "the", "of", "per"]
front_st = st.lists(st.sampled_from(WORDS), min_size=1, max_size=7).map(" ".join)


@settings(max_examples=60, deadline=None)
@given(st.lists(front_st, min_size=2, max_size=25))
def test_near_duplicates_finds_what_comparing_every_pair_finds(fronts: list[str]) -> None:
    """The indexed search against the obvious quadratic one (with its documented word-overlap rule)."""
    norm = [_normal(f) for f in fronts]
    expected = set()
    first = {t: norm.index(t) for t in norm}
    for i, j in itertools.combinations(range(len(norm)), 2):
        a, b = norm[i], norm[j]
        if a == b:
            if first[a] == i:  # each repeat is reported once, against the first copy
                expected.add((i, j))
            continue
        if first[a] != i or first[b] != j:
            continue  # a repeated text is compared through its first copy only
        wa, wb = set(a.split()), set(b.split())
        if len(wa & wb) < 0.8 * len(wa | wb):
            continue
        if SequenceMatcher(None, a, b, autojunk=False).ratio() >= 0.9 and not different_terms(a, b):
            expected.add((i, j))
    assert {(a, b) for a, b, _ in near_duplicates(fronts)} == expected
