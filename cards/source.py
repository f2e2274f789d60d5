"""Cards as study items: one deck per loaded deck file, shown front then back, typed when answerable."""

from __future__ import annotations

from collections.abc import Sequence

from cards.answering import answer_hint, check_card_answer
from cards.front_text import front_text
from cards.loader import Collection
from cards.present import back_markdown
from engine.app.items import ItemGroup, Prompt, missing_prompt
from engine.cardtext import shown_markdown
from engine.keyindex import PrefixedKeys
from engine.rubric import RubricPoint


class CardSource:
    """The ItemSource of a loaded collection of decks."""

    def __init__(self, collection: Collection) -> None:
        self.collection = collection
        self._groups: list[ItemGroup] | None = None

    def deck_ids(self) -> Sequence[str]:
        return [d.id for d in self.collection.decks]

    def deck_title(self, deck_id: str) -> str | None:
        loaded = self.collection.deck(deck_id)
        return loaded.title if loaded else None

    def groups(self) -> Sequence[ItemGroup]:
        """Each deck's card keys, built once: adding the drill kinds later reuses them."""
        if self._groups is None:
            self._groups = [_group(d.id, d.head.card_ids) for d in self.collection.decks]
        return self._groups

    def prompt(self, key: str, seed: int) -> Prompt:
        card = self.collection.card(key)
        if card is None:
            return missing_prompt(key)
        hint = answer_hint(card)
        back = back_markdown(card)
        checker = (lambda t: check_card_answer(card, t)) if hint else None
        rubric = tuple(RubricPoint(shown_markdown(p.point), p.weight, p.essential) for p in card.rubric)
        front = front_text(card.front, card.note, hint is not None)
        return Prompt(key, shown_markdown(front), shown_markdown(back), hint, checker, rubric=rubric)


def _group(deck_id: str, card_ids: Sequence[str]) -> ItemGroup:
    # the keys are made when asked: a million "deck/card" strings held took 68 MB
    return ItemGroup(deck_id, PrefixedKeys(deck_id + "/", card_ids))
