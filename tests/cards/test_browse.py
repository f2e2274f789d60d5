"""Browser search without a terminal: the terms parse (or say why not in one line) and select the
cards of the fixture decks by text, tag, deck, due day and marks."""

from __future__ import annotations

from datetime import UTC, date
from pathlib import Path

import pytest

from cards.browse import Query, QueryError, indexed_search, parse_query, search
from cards.loader import load_collection
from engine.app import Grade, Study, StudyItem
from engine.search_query import open_index
from engine.store.browse import Is, StateFilter
from engine.studyday import StudyClock

DATA = Path(__file__).parent.parent / "data"


def test_terms_parse() -> None:
    query = parse_query('ring "All-Reduce" tag:Communication deck:bas* due:<7 is:flagged')
    assert query == Query(
        ("ring", "all-reduce"), ("communication",), ("bas*",), StateFilter(7, None, frozenset({Is.FLAGGED}))
    )
    assert parse_query("due:today").state.due_before == 1
    assert parse_query("due:3").state == StateFilter(4, 3)
    assert parse_query("due:overdue").state == StateFilter(0, None)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("is:weird", "unknown search term 'is:weird'"),
        ("colour:red", "unknown search term"),
        ("due:soon", "due:soon is not a day"),
        ('"open', "close the quotes"),
        ("x" * 201, "longer than 200"),
    ],
)
def test_bad_terms_say_why_in_one_line(text: str, says: str) -> None:
    with pytest.raises(QueryError) as error:
        parse_query(text)
    assert says in str(error.value) and "\n" not in str(error.value)


def keys(result) -> list[str]:
    return [f.key for f in result.rows]


def test_search_by_text_tag_deck_due_and_marks(store, clock, tmp_path: Path) -> None:
    collection = load_collection([DATA / "decks"], include_bundled=False)
    study = Study(
        store,
        [StudyItem(k, d) for k, d in collection.card_keys()],
        clock=StudyClock(day_start_hour=4, tz=UTC),
        now=clock,
    )
    today = study.today()
    assert isinstance(today, date)

    index = open_index(store, tmp_path)

    def find(text: str) -> list[str]:
        """The scan's answer, checked against the index's (same cards, same order, same rows)."""
        old = search(collection, store, study.today(), parse_query(text))
        new = indexed_search(collection, index, study.today(), parse_query(text))
        assert new == old
        return keys(old)

    assert len(find("")) == 4
    assert find("ring") == ["basics/ring-cost"]
    assert find("tag:memory") == ["basics/adam-bytes"]
    assert find("deck:serv*") == [k for k, d in collection.card_keys() if d == "serving"]
    study.answer("basics/adam-bytes", Grade.WELL, 2.0)  # due tomorrow
    study.change_mark("basics/bubble", suspended=True, flagged=True)
    assert "basics/adam-bytes" not in find("is:new") and "basics/bubble" in find("is:new")
    assert find("due:tomorrow") == ["basics/adam-bytes"] and find("due:today") == []
    assert find("due:<7") == ["basics/adam-bytes"]
    assert find("is:suspended") == ["basics/bubble"] == find("is:flagged is:new")
    assert find("is:leech") == []
    result = search(collection, store, study.today(), parse_query("deck:basics"), limit=2)
    assert result.matched == 3 and len(result.rows) == 2
    adam = result.rows[0].row
    assert (adam.interval_days, adam.ef_centi, adam.lapses, adam.reviewed) == (1, 250, 0, True)
