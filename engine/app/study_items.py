"""Which items the study façade has: each source's decks and keys, indexed for counting, sessions
and answers without making a string per key."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence

from engine.app.items import ItemGroup, ItemSource, Prompt, StudyItem, group_items, missing_prompt
from engine.app.store_reads import StoreReads
from engine.counting import Present, keys_digest
from engine.keyindex import DeckOf, Joined, PrefixedKeys
from engine.store.database import Store


class StudyItems:
    """The item index of engine.app.study.Study (its state is set there and in `_index`)."""

    store: Store
    sources: list[ItemSource]
    _owner: dict[str, ItemSource]
    _groups: list[ItemGroup]
    _items: list[StudyItem] | None
    _cards: set[str] | None
    _card_decks: frozenset[str]
    _mixed_decks: frozenset[str]
    _deck_of: DeckOf
    _present: Present
    _totals: Counter[str | None]
    _reads: StoreReads

    def set_sources(self, sources: Sequence[ItemSource]) -> None:
        """Replace the item sources (after a reload); items not in them are hidden, not forgotten."""
        self.sources = list(sources)
        self._owner = {deck: source for source in self.sources for deck in source.deck_ids()}
        self._index([group for source in self.sources for group in source.groups()])

    def set_items(self, items: Sequence[StudyItem]) -> None:
        self._index(group_items(items))

    @property
    def groups(self) -> list[ItemGroup]:
        """Every present item, as each deck's keys, in order."""
        return self._groups

    @property
    def items(self) -> list[StudyItem]:
        """Every present item, made on first use (counts and sessions need none: at a million cards
        they would be a million objects)."""
        if self._items is None:
            self._items = [StudyItem(k, g.deck_id, g.new_in_review) for g in self._groups for k in g.keys]
        return self._items

    def _card_keys(self) -> set[str]:
        """Keys that join reviews as new cards (leech marking applies to them), made on first use."""
        if self._cards is None:
            self._cards = {k for g in self._groups if g.new_in_review for k in g.keys}
        return self._cards

    def _joins_as_card(self, key: str) -> bool:
        """Whether `key` is a card (leech marking applies): by its deck, not by a set of every key
        (built on the first answer, that set cost 98 ms at a million cards); a deck holding cards
        and drills alike asks the set."""
        deck = self._deck_of.get(key)
        if deck is None:
            return False
        return key in self._card_keys() if deck in self._mixed_decks else deck in self._card_decks

    def _index(self, groups: list[ItemGroup]) -> None:
        """What counting and sessions look up, built per group: a card deck's keys (PrefixedKeys)
        answer for themselves, other groups get a dict (filled in C); no key string is made."""
        self._groups = groups
        self._items = None
        self._cards = None
        parts: dict[str, list[Collection[str]]] = {}
        new_parts: dict[str, list[Sequence[str]]] = {}
        totals: Counter[str | None] = Counter()
        for group in groups:
            if not group.keys:
                continue
            keys = group.keys if isinstance(group.keys, PrefixedKeys) else dict.fromkeys(group.keys)
            parts.setdefault(group.deck_id, []).append(keys)
            totals[group.deck_id] += len(group.keys)
            if group.new_in_review:
                new_parts.setdefault(group.deck_id, []).append(group.keys)
        self._deck_of = DeckOf({deck: ps[0] if len(ps) == 1 else Joined(ps) for deck, ps in parts.items()})
        new_keys = {deck: _one_sequence(seqs) for deck, seqs in new_parts.items()}
        digests = {deck: keys_digest(keys) for deck, keys in new_keys.items()}
        drill_decks = {g.deck_id for g in groups if g.keys and not g.new_in_review} - set(new_keys)
        self._present = Present(new_keys, self._deck_of, digests, frozenset(drill_decks))
        self._card_decks = frozenset(new_keys)
        self._mixed_decks = self._card_decks & {g.deck_id for g in groups if g.keys and not g.new_in_review}
        totals[None] = sum(len(keys) for keys in new_keys.values())
        self._totals = totals
        self._reads = StoreReads(self.store)

    def deck_ids(self) -> list[str]:
        """Every source's decks, in order."""
        return list(self._owner)

    def deck_title(self, deck_id: str | None) -> str:
        if deck_id is None:
            return "All decks"
        source = self._owner.get(deck_id)
        return (source.deck_title(deck_id) if source else None) or deck_id

    def has(self, key: str) -> bool:
        """Whether `key` is an item of the present sources (a card renamed or its deck skipped is not)."""
        return key in self._deck_of

    def deck_of(self, key: str) -> str:
        return self._deck_of.get(key, key.split("/", 1)[0])

    def prompt(self, key: str, seed: int) -> Prompt:
        """What to show for `key`: the source owning its deck decides (a card, a fresh drill)."""
        source = self._owner.get(self.deck_of(key))
        return missing_prompt(key) if source is None else source.prompt(key, seed)


def _one_sequence(parts: list[Sequence[str]]) -> Sequence[str]:
    """A deck's new keys in order: its one group's keys as they are (a card deck's make no string),
    several groups' as one list."""
    return parts[0] if len(parts) == 1 else [key for part in parts for key in part]
