"""Imported cards' ids at fixed values: a re-import (or a second export of the same Anki note) finds
its card by this id, so a changed derivation would orphan every card's review history."""

from __future__ import annotations

from pathlib import Path

from cards.csv_import import card_id, guid_card_id, read_table, row_card_id


def test_an_anki_note_guid_gives_the_id_earlier_imports_gave_it() -> None:
    # 'n-' + the first 10 hex digits of sha1(guid); sha1("abc") = a9993e364706816aba3e...
    assert guid_card_id("abc") == "n-a9993e3647"
    assert guid_card_id("1c2Dq{o!Qa", "-c2") == "n-3610876552-c2"


def test_a_front_without_a_guid_gives_the_id_earlier_imports_gave_it() -> None:
    assert card_id("How many bytes  per fp16\nvalue?") == "c-e41c923899"  # words, spaces folded


def test_a_plain_text_export_row_with_a_guid_column_takes_the_guid_id(tmp_path: Path) -> None:
    exported = tmp_path / "notes.txt"
    exported.write_text("#separator:tab\n#html:false\n#guid column:1\nabc\tFront?\tBack\n", encoding="utf-8")
    (row,) = read_table(exported).rows
    assert row_card_id(row) == "n-a9993e3647"
