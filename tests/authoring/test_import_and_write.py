"""CSV/TSV reading (header optional, Anki directives) and the YAML writer's round trip."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.csv_import import CsvImportError, card_id, merge, read_table
from cards.loader import parse_deck
from cards.schema import Card, Deck
from cards.yamlwrite import deck_text
from engine.yamlpos import load_yaml


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_header_is_optional_and_columns_can_be_named_in_any_order(tmp_path: Path) -> None:
    plain = read_table(write(tmp_path, "a.tsv", "Q1\tA1\tt1 t2\nQ2\tA2\n"))
    named = read_table(write(tmp_path, "b.csv", "tags,answer,question\nt1 t2,A1,Q1\n,A2,Q2\n"))
    expected = [("Q1", "A1", ("t1", "t2")), ("Q2", "A2", ())]
    for table in (plain, named):
        assert [(r.front, r.back, r.tags) for r in table.rows] == expected


def test_rows_without_front_or_back_are_skipped_with_their_line(tmp_path: Path) -> None:
    table = read_table(write(tmp_path, "a.csv", 'front,back\nQ1,A1\n"multi\nline",\n,A3\nQ4,A4\n'))
    assert [r.front for r in table.rows] == ["Q1", "Q4"]
    assert [r.line for r in table.rows] == [2, 6]
    assert table.skipped == [(3, "no back"), (5, "no front")]


def test_anki_guid_and_deck_columns_are_not_taken_for_fields(tmp_path: Path) -> None:
    text = "#separator:Semicolon\n#guid column:1\n#deck column:2\n#tags column:5\nabc;Deck;Q;A;x y\n"
    table = read_table(write(tmp_path, "a.txt", text))
    assert [(r.front, r.back, r.tags) for r in table.rows] == [("Q", "A", ("x", "y"))]


def test_a_file_without_cards_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CsvImportError):
        read_table(write(tmp_path, "a.csv", "front,back\n"))
    with pytest.raises(CsvImportError):
        read_table(tmp_path / "missing.csv")


def test_ids_depend_on_the_front_only_and_ignore_spacing() -> None:
    assert card_id("What is  ZeRO-3?\n") == card_id("What is ZeRO-3?")
    assert card_id("What is ZeRO-3?") != card_id("What is ZeRO-2?")


def test_merge_keeps_cards_the_file_no_longer_has(tmp_path: Path) -> None:
    first = merge(None, read_table(write(tmp_path, "a.tsv", "Q1\tA1\nQ2\tA2\n")), deck_id="d", title="D")
    second = merge(
        first.deck, read_table(write(tmp_path, "b.tsv", "Q2\tA2 new\nQ3\tA3\n")), deck_id="d", title="D"
    )
    assert [c.front for c in second.deck.cards] == ["Q1", "Q2", "Q3"]
    assert (second.added, second.updated, second.unchanged, second.kept) == (1, 1, 0, 1)


text_st = st.text(
    st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from("\n\t #:-*&!|>'\""),
    min_size=1,
    max_size=60,
).filter(lambda t: t.strip() != "")


@settings(max_examples=80, deadline=None)
@given(
    fronts=st.lists(text_st, min_size=1, max_size=4),
    backs=st.lists(text_st, min_size=4, max_size=4),
    tags=st.lists(st.text(min_size=1, max_size=12), max_size=3),
)
def test_written_decks_load_back_identically(fronts: list[str], backs: list[str], tags: list[str]) -> None:
    cards = [Card(id=f"c{i}", front=f, back=backs[i], tags=tags) for i, f in enumerate(fronts)]
    deck = Deck(id="round-trip", title="Round: trip #1", description="multi\nline\n", cards=cards)
    text = deck_text(deck, header="Imported from x.csv\n\nsecond paragraph")
    loaded, problems = parse_deck(load_yaml(text, "x.yaml"), "x.yaml")
    assert [p for p in problems if p.is_error] == []
    assert loaded == deck


SPECIAL = ["yes", "No", "~", "null", "0x1F", "1e3", ".inf", "<<", "=", ""]


@settings(max_examples=100, deadline=None)
@given(value=st.text(max_size=8) | st.sampled_from(SPECIAL))
def test_the_writer_s_resolver_short_cut_answers_as_pyyaml(value: str) -> None:
    """deck_text's dumper skips PyYAML's implicit resolvers for text no resolver can claim: sound only
    while no wildcard or path resolver is registered, and then the same tag for every text."""
    import yaml

    from cards.yamlwrite import _Dumper

    assert None not in _Dumper.yaml_implicit_resolvers and not _Dumper.yaml_path_resolvers
    dumper, base = _Dumper(None), yaml.SafeDumper(None)
    for implicit in ((True, False), (False, True)):
        ours, theirs = (d.resolve(yaml.ScalarNode, value, implicit) for d in (dumper, base))
        assert ours == theirs
