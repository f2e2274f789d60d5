"""What `flopcards validate` adds to loading: unit names, and warnings (duplicates, length, tags, sources)."""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterator
from difflib import SequenceMatcher

from cards.schema import Deck, NumericAnswer
from engine.yamlpos import KeyPath, PositionedYaml, Problem, Severity, problems_at

NEAR_DUPLICATE = 0.9
"""difflib ratio of two normalised fronts at or above which they are reported."""
LONG_FRONT = (400, 8)
LONG_BACK = (1500, 30)
"""(characters, lines) beyond which a side no longer fits on a terminal screen at a glance."""
WORD_OVERLAP = 0.8
"""Fronts are compared only when they share this share of their words (Jaccard of word sets)."""
_WORD = re.compile(r"\w+")
_DIGITS = re.compile(r"\d+")
_CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)
_NUMBER_WITH_UNIT = re.compile(
    r"\d(?:[\d.,]*\d)?\s?(?:%|[kKMGTP]i?B\b|B/s|bytes?\b|bits?\b|[kMGTPE]?FLOP|[mµμnu]?s\b|[GM]Hz\b|k?W\b|Gb/s)"
)
"""A number with a unit or %, e.g. '80 GB', '3.35 TB/s', '989 TFLOPS', '6.1 ms', '0.39%': a stated figure."""
NO_SOURCE = "has no source"
"""In every missing-source warning, so `validate` can count them."""


def _normal(text: str) -> str:
    return " ".join(text.lower().split())


def _candidates(words: list[frozenset[str]], keep: list[int], overlap: float) -> Iterator[tuple[int, int]]:
    """(earlier, later) pairs whose word sets have Jaccard >= overlap: exact, sub-quadratic.

    Prefix filtering (AllPairs): with sets taken by increasing size and words ranked rarest
    first, two sets that share that many words share one of the rarest
    len - ceil(overlap * len) + 1 words of the later set and one of the rarest
    len - ceil(2 * overlap / (1 + overlap) * len) + 1 of the earlier: only those are looked at.
    """
    df = Counter(w for i in keep for w in words[i])
    rank = {w: r for r, w in enumerate(sorted(df, key=lambda w: (df[w], w)))}  # rarest first
    index: dict[str, list[int]] = defaultdict(list)
    for i in sorted(keep, key=lambda k: len(words[k])):
        mine = words[i]
        ranked = sorted(mine, key=rank.__getitem__)
        size = len(ranked)
        seen: set[int] = set()
        for w in ranked[: size - math.ceil(overlap * size) + 1]:
            for j in index[w]:
                if j not in seen:
                    seen.add(j)
                    if len(mine & words[j]) >= overlap * len(mine | words[j]):
                        yield min(i, j), max(i, j)
        for w in ranked[: size - math.ceil(2 * overlap / (1 + overlap) * size) + 1]:
            index[w].append(i)


def near_duplicates(
    fronts: list[str], threshold: float = NEAR_DUPLICATE, overlap: float = WORD_OVERLAP
) -> list[tuple[int, int, float]]:
    """(earlier, later, ratio) pairs of fronts whose difflib ratio reaches `threshold`.

    Candidates must share `overlap` of their words (Jaccard), which keeps big decks fast;
    fronts that differ by a swapped term (see `different_terms`) are not reported.
    """
    norm = [_normal(f) for f in fronts]
    found: dict[tuple[int, int], float] = {}
    first: dict[str, int] = {}
    for i, text in enumerate(norm):
        if text in first:
            found[(first[text], i)] = 1.0
        first.setdefault(text, i)
    words = [frozenset(_WORD.findall(t)) for t in norm]
    keep = [i for i, text in enumerate(norm) if first[text] == i and words[i]]  # exact repeats are done
    for a, b in _candidates(words, keep, overlap):
        shorter, longer = sorted((len(norm[a]), len(norm[b])))
        if 2 * shorter < threshold * (shorter + longer):
            continue  # even a perfect match of the shorter one could not reach the threshold
        matcher = SequenceMatcher(None, norm[a], norm[b], autojunk=False)
        similar = matcher.quick_ratio() >= threshold and (ratio := matcher.ratio()) >= threshold
        if similar and not different_terms(norm[a], norm[b]):
            found[(a, b)] = ratio
    return sorted((a, b, r) for (a, b), r in found.items())


def different_terms(a: str, b: str) -> bool:
    """True when the texts differ by a swapped term ('V100' for 'A100', 'training' for 'inference').

    Such fronts ask different questions, however similar their characters are; rewordings,
    typos and punctuation are not a swapped term.
    """
    words_a, words_b = _WORD.findall(a), _WORD.findall(b)
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, words_a, words_b, autojunk=False).get_opcodes():
        old, new = " ".join(words_a[i1:i2]), " ".join(words_b[j1:j2])
        if tag == "equal":
            continue
        if _DIGITS.search(old) or _DIGITS.search(new):
            return True  # numbers and names with numbers (H100, fp16) are what the question is about
        if tag == "replace" and SequenceMatcher(None, old, new).ratio() < 0.6:
            return True
    return False


def states_number(text: str) -> bool:
    """True when `text`, outside code spans and blocks, has a digit followed by a unit or '%'."""
    return _NUMBER_WITH_UNIT.search(_CODE.sub(" ", text)) is not None


def _too_long(text: str, limits: tuple[int, int]) -> str | None:
    chars, lines = len(text), len(text.rstrip("\n").split("\n"))
    if chars > limits[0] or lines > limits[1]:
        return f"{chars} characters on {lines} lines (more than {limits[0]} or {limits[1]} lines)"
    return None


def _card_warnings(deck: Deck) -> Iterator[tuple[KeyPath, str]]:
    ids = {card.id for card in deck.cards}
    for i, card in enumerate(deck.cards):
        at: KeyPath = ("cards", i)
        if not card.tags:
            yield (*at, "id"), f"card '{card.id}' has no tags (add e.g. tags: [Memory math])"
        for side, limits in (("front", LONG_FRONT), ("back", LONG_BACK)):
            why = _too_long(getattr(card, side), limits)
            if why:
                yield (*at, side), f"card '{card.id}' has a very long {side}: {why}; consider splitting it"
        if not card.source and states_number(card.back):
            why = "add source: a paper with section, a datasheet, a docs page, or 'derived: …'"
            yield (
                (*at, "back"),
                f"card '{card.id}' states a number with a unit in its back but {NO_SOURCE} ({why})",
            )
        for j, check in enumerate(card.checks):
            if not check.source:
                why = "a paper with section, a datasheet, a docs page, or 'derived' when the formula is it"
                yield (*at, "checks", j, "text"), f"check '{check.text}' {NO_SOURCE} ({why})"
        for j, ref in enumerate(card.see_also):
            if "/" not in ref and ref not in ids:
                yield (*at, "see_also", j), f"see_also '{ref}' is not a card id in this deck"


def _unit_errors(deck: Deck) -> Iterator[tuple[KeyPath, str]]:
    from engine.units import UnitError, parse_unit  # pint: only validate pays for it

    for i, card in enumerate(deck.cards):
        if isinstance(card.answer, NumericAnswer) and card.answer.unit.strip():
            try:
                parse_unit(card.answer.unit)
            except UnitError as error:
                yield ("cards", i, "answer", "unit"), f"answer unit: {error}"


def _unknown_drills(deck: Deck, kinds: frozenset[str]) -> Iterator[tuple[KeyPath, str]]:
    for i, card in enumerate(deck.cards):
        for j, kind in enumerate(card.drills):
            if kind not in kinds:
                message = f"drills: '{kind}' is not a drill kind (flopcards drill list)"
                yield ("cards", i, "drills", j), message


def deck_lint(
    deck: Deck, doc: PositionedYaml, filename: str, drill_kinds: frozenset[str] | None = None
) -> list[Problem]:
    """Unit errors and unknown drill kinds, then warnings: near-duplicates, long cards, missing tags or
    sources, see_also."""
    out = problems_at(doc, filename, _unit_errors(deck))
    if drill_kinds is not None:
        out += problems_at(doc, filename, _unknown_drills(deck, drill_kinds))
    items = list(_card_warnings(deck))
    fronts = [card.front for card in deck.cards]
    for a, b, ratio in near_duplicates(fronts):
        card_a, card_b = deck.cards[a], deck.cards[b]
        if card_a.id in card_b.see_also or card_b.id in card_a.see_also:
            continue  # linked on purpose
        first = doc.position(("cards", a, "front"))
        items.append(
            (
                ("cards", b, "front"),
                f"front of card '{card_b.id}' is {ratio:.0%} the same as card "
                f"'{card_a.id}' (line {first.line if first else '?'}); merge them or link with see_also",
            )
        )
    return out + problems_at(doc, filename, items, severity=Severity.WARNING)
