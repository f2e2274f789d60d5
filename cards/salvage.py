"""A deck with schema errors, still checked: the cards that did validate get the later checks too."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from cards.checks import deck_errors
from cards.schema import Deck
from engine.yamlpos import KeyPath, Position, PositionedYaml, Problem, problems_at


@dataclass
class _KeptCards(PositionedYaml):
    """The file's positions seen through a deck that kept only some of its cards (by index)."""

    kept: tuple[int, ...] = ()

    def position(self, path: Iterable[str | int], *, key: bool = False) -> Position | None:
        parts = list(path)
        index = parts[1] if len(parts) >= 2 and parts[0] == "cards" else None
        if isinstance(index, int) and 0 <= index < len(self.kept):
            parts[1] = self.kept[index]
        return super().position(parts, key=key)


def bad_card_indices(error: ValidationError) -> set[int] | None:
    """The cards a validation error is about; None when it is (also) about the deck itself."""
    bad: set[int] = set()
    for item in error.errors(include_url=False):
        loc = item["loc"]
        if len(loc) < 2 or loc[0] != "cards" or not isinstance(loc[1], int):
            return None
        bad.add(loc[1])
    return bad


def later_problems(
    error: ValidationError, doc: PositionedYaml, filename: str, *, lint: bool
) -> list[Problem]:
    """The checks that run after the schema (duplicate ids, formulas, units, lint), on the valid cards.

    So one `flopcards validate` lists a wrong key, a duplicate id and an unknown unit together,
    instead of the later two only once the first is fixed.
    """
    bad = bad_card_indices(error)
    data: Any = doc.data
    cards = data.get("cards") if isinstance(data, dict) else None
    if not bad or not isinstance(cards, list):
        return []
    kept = tuple(i for i in range(len(cards)) if i not in bad)
    try:
        deck = Deck.model_validate({**data, "cards": [cards[i] for i in kept]})
    except ValidationError:
        return []
    view = _KeptCards(doc.data, doc.root, [], kept)
    problems = _duplicates_with_bad_cards(cards, bad, doc, filename) + deck_errors(deck, view, filename)
    if lint:
        from cards.lint import deck_lint

        problems += [p for p in deck_lint(deck, view, filename) if p.is_error]  # warnings: once it loads
    return problems


def _duplicates_with_bad_cards(
    cards: list[Any], bad: set[int], doc: PositionedYaml, filename: str
) -> list[Problem]:
    """Duplicate card ids where one of the two cards failed the schema (the rest are deck_errors')."""
    items: list[tuple[KeyPath, str]] = []
    first_seen: dict[str, int] = {}
    for index, card in enumerate(cards):
        card_id = card.get("id") if isinstance(card, dict) else None
        if not isinstance(card_id, str):
            continue
        first = first_seen.setdefault(card_id, index)
        if first != index and (first in bad or index in bad):
            where = doc.position(("cards", first, "id"))
            line = where.line if where else "?"
            message = f"duplicate card id '{card_id}' (first used at line {line})"
            items.append((("cards", index, "id"), message))
    return problems_at(doc, filename, items)
