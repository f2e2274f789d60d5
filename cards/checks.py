"""Errors pydantic cannot see: answer formulas, answer values and `checks` against the card's text."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

from cards.schema import Card, Check, Deck, FormulaAnswer, NumericAnswer
from engine.formula import FormulaError, parse_formula
from engine.units import format_percent, format_tolerance
from engine.yamlpos import KeyPath, PositionedYaml, Problem, problems_at

_NUMBER = re.compile(r"(?<![\w.])[-−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?|(?<![\w.])\.\d+")
"""A number as written in prose: 16, 1.12, 1,073,741,824, 6e9, .5 (a leading '−' counts)."""


def leading_number(text: str) -> float | None:
    """The first number written in `text` ('85.5 × 10^9 bytes' -> 85.5), None if there is none."""
    match = _NUMBER.search(text)
    if match is None:
        return None
    return float(match.group().replace(",", "").replace("−", "-"))


def _squash(text: str) -> str:
    return " ".join(text.split())


def _closed_formula(text: str, what: str) -> tuple[float | None, str | None]:
    """Evaluate an arithmetic formula that must not use names: (value, None) or (None, why not)."""
    try:
        formula = parse_formula(text)
    except FormulaError as error:
        return None, f"{what} '{text}' does not parse: {error}"
    if formula.names:
        names = ", ".join(sorted(formula.names))
        return None, f"{what} '{text}' must be plain arithmetic, but uses the name(s) {names}"
    try:
        return formula.evaluate(), None
    except FormulaError as error:
        return None, f"{what} '{text}' cannot be evaluated: {error}"


def _numeric_answer(answer: NumericAnswer, at: KeyPath) -> Iterator[tuple[KeyPath, str]]:
    if isinstance(answer.value, str):
        _, why = _closed_formula(answer.value, "answer value")
        if why:
            yield (*at, "value"), why
    elif not math.isfinite(answer.value):
        yield (*at, "value"), f"answer value must be a finite number, not {answer.value}"


def _formula_answer(answer: FormulaAnswer, at: KeyPath) -> Iterator[tuple[KeyPath, str]]:
    for name in answer.variables:
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            yield (*at, "variables", name), f"variable name '{name}' is not a valid formula name"
    try:
        formula = parse_formula(answer.formula)
    except FormulaError as error:
        yield (*at, "formula"), f"answer formula '{answer.formula}' does not parse: {error}"
        return
    unknown = sorted(formula.names - set(answer.variables))
    if unknown:
        defined = ", ".join(answer.variables)
        yield (
            (*at, "formula"),
            f"answer formula uses {', '.join(repr(n) for n in unknown)}, which "
            f"{'is' if len(unknown) == 1 else 'are'} not in 'variables' (defined: {defined})",
        )


def _check(card: Card, check: Check, at: KeyPath) -> Iterator[tuple[KeyPath, str]]:
    text = _squash(check.text)
    where = [_squash(part) for part in (card.front, card.back, card.note or "")]
    if not any(text in part for part in where):
        yield (*at, "text"), f"check text '{check.text}' does not appear in front, back or note"
        return
    stated = leading_number(check.text)
    if stated is None:
        yield (*at, "text"), f"check text '{check.text}' has no number to compare with its formula"
        return
    computed, why = _closed_formula(check.formula, "check formula")
    if why or computed is None:
        yield (*at, "formula"), why or "check formula has no value"
        return
    off = abs(stated - computed) / abs(computed) if computed else abs(stated)
    if off > check.tolerance:
        yield (
            (*at, "formula"),
            f"check '{check.text}': the text says {stated:g} but {check.formula} = {computed:.6g}"
            f" (off by {format_percent(off)}, tolerance {format_tolerance(check.tolerance)})",
        )


def _card_errors(card: Card, at: KeyPath) -> Iterator[tuple[KeyPath, str]]:
    if isinstance(card.answer, NumericAnswer):
        yield from _numeric_answer(card.answer, (*at, "answer"))
    elif isinstance(card.answer, FormulaAnswer):
        yield from _formula_answer(card.answer, (*at, "answer"))
    for j, check in enumerate(card.checks):
        yield from _check(card, check, (*at, "checks", j))


def deck_errors(deck: Deck, doc: PositionedYaml, filename: str) -> list[Problem]:
    """Every formula and check error of a schema-valid deck, positioned."""
    items: list[tuple[KeyPath, str]] = []
    first_seen: dict[str, int] = {}
    for index, card in enumerate(deck.cards):
        if card.id in first_seen:
            first = doc.position(("cards", first_seen[card.id], "id"))
            line = first.line if first else "?"
            message = f"duplicate card id '{card.id}' (first used at line {line})"
            items.append((("cards", index, "id"), message))
        first_seen.setdefault(card.id, index)
        items.extend(_card_errors(card, ("cards", index)))
    return problems_at(doc, filename, items)
