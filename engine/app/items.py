"""What the study session reviews: items with stable keys, grouped in decks, provided by sources.

engine knows no kind of item: cards/ and drills/ each provide an ItemSource (a card deck, the drill
kinds), and the session dispatches on the deck an item's key belongs to.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.answers import CheckResult
from engine.rubric import RubricPoint


@dataclass(frozen=True, slots=True)  # one per card: a million cards take 60 MB, not 100
class StudyItem:
    """A reviewable item present in the loaded collection, identified by its stable key."""

    key: str
    deck_id: str
    new_in_review: bool = True
    """Whether a never-reviewed item joins review sessions as a new card (drill kinds join the
    schedule from a drill session instead, and do not count among the cards)."""


@dataclass(frozen=True, slots=True)
class ItemGroup:
    """One deck's items of one kind, in order: what a source lists (a deck of 100k cards is one
    group of keys, not 100k objects; StudyItems are made only when asked for)."""

    deck_id: str
    keys: Sequence[str]
    new_in_review: bool = True
    """As StudyItem.new_in_review, for every key of the group."""


def group_items(items: Iterable[StudyItem]) -> list[ItemGroup]:
    """The groups of `items`: each run of items of one deck and kind, in order."""
    groups: list[ItemGroup] = []
    run: list[str] = []
    for item in items:
        last = groups[-1] if groups else None
        if last is None or (last.deck_id, last.new_in_review) != (item.deck_id, item.new_in_review):
            run = []
            groups.append(ItemGroup(item.deck_id, run, item.new_in_review))
        run.append(item.key)
    return groups


@dataclass(frozen=True)
class Prompt:
    """What one queue entry shows: its front, its back, and how to check a typed answer."""

    key: str
    front: str
    back: str
    hint: str | None = None
    """What the answer box asks for; None when the item is not answered by typing."""
    check: Callable[[str], CheckResult] | None = None
    subject: object | None = None
    """What was generated for this showing (a Drill), for the source's own bookkeeping."""
    graded_by_answer: bool = False
    """The grade comes from the checked answer (a drill): the item must be answered or given up,
    never graded by hand."""
    rubric: tuple[RubricPoint, ...] = ()
    """The points a strong answer covers (an open question): ticked, they propose the grade."""


class ItemSource(Protocol):
    """A kind of study item (cards, drill kinds): what exists, how decks are titled, how to show one."""

    def deck_ids(self) -> Sequence[str]:
        """The decks this source owns, in display order."""
        ...

    def deck_title(self, deck_id: str) -> str | None:
        """A deck's title, None when the deck is not this source's."""
        ...

    def groups(self) -> Sequence[ItemGroup]:
        """Every item present now, as each deck's keys (one group per deck and kind), in order."""
        ...

    def prompt(self, key: str, seed: int) -> Prompt:
        """The item to show for `key` (a drill is generated from `seed`); never raises for a gone key."""
        ...


def missing_prompt(key: str) -> Prompt:
    """What a key nobody provides shows (an item removed from its deck)."""
    return Prompt(key, f"*(card {key} is no longer in its deck)*", "")
