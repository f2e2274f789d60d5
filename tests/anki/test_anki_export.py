"""Export to Anki, checked by opening the package with Anki's own library."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from anki.collection import Collection, ImportAnkiPackageOptions, ImportAnkiPackageRequest

from cards.anki_export import guid_for, plain_text, write_apkg
from cards.loader import load_collection
from cards.schema import Deck
from tui.cli import main


def bundled(*ids: str) -> list[Deck]:
    collection = load_collection([], include_bundled=True)
    return [d.deck for d in collection.decks if d.id in ids]


def import_into_anki(col: Collection, package: Path) -> None:
    request = ImportAnkiPackageRequest(
        package_path=str(package), options=ImportAnkiPackageOptions(with_scheduling=False)
    )
    col.import_anki_package(request)


def test_apkg_opened_by_anki_has_every_note_with_fields_tags_and_stable_guids(
    tmp_path: Path, anki_col: Collection
) -> None:
    decks = bundled("systems", "grill")
    expected = {f"{d.id}/{c.id}": c for d in decks for c in d.cards}
    assert write_apkg(decks, tmp_path / "out.apkg") == len(expected)
    import_into_anki(anki_col, tmp_path / "out.apkg")

    assert anki_col.note_count() == len(expected)
    for note_id in anki_col.find_notes(""):
        note = anki_col.get_note(note_id)
        card = expected[note["Key"]]
        assert note.guid == guid_for(note["Key"])
        assert note.keys() == ["Front", "Back", "Answer", "Key"]
        assert note["Front"].startswith("<")  # Markdown rendered to HTML
        assert sorted(note.tags) == sorted("_".join(t.split()) for t in card.tags)
        if card.answer is not None:
            assert note["Answer"]
    names = {d.name for d in anki_col.decks.all_names_and_ids()}
    assert {f"flopcards::{d.title}" for d in decks} <= names


def test_markdown_becomes_html_and_raw_html_is_escaped(tmp_path: Path, anki_col: Collection) -> None:
    deck = Deck.model_validate(
        {
            "id": "t",
            "title": "T",
            "cards": [
                {"id": "a", "front": "**bold** <script>x</script>", "back": "`code`", "tags": ["GPU specs"]}
            ],
        }
    )
    write_apkg([deck], tmp_path / "t.apkg")
    import_into_anki(anki_col, tmp_path / "t.apkg")
    note = anki_col.get_note(anki_col.find_notes("")[0])
    assert "<strong>bold</strong>" in note["Front"]
    assert "<script>" not in note["Front"] and "&lt;script&gt;" in note["Front"]
    assert "<code>code</code>" in note["Back"]
    assert note.tags == ["GPU_specs"]


def test_exporting_twice_gives_the_same_guids_and_anki_updates_instead_of_adding(
    tmp_path: Path, anki_col: Collection, monkeypatch: pytest.MonkeyPatch
) -> None:
    decks = bundled("systems")
    write_apkg(decks, tmp_path / "one.apkg")
    later = time.time() + 60
    monkeypatch.setattr(time, "time", lambda: later)  # the second export is a minute newer
    reworded = [
        d.model_copy(update={"cards": [c.model_copy(update={"back": c.back + " (v2)"}) for c in d.cards]})
        for d in decks
    ]
    write_apkg(reworded, tmp_path / "two.apkg")
    import_into_anki(anki_col, tmp_path / "one.apkg")
    first = {anki_col.get_note(n).guid for n in anki_col.find_notes("")}
    import_into_anki(anki_col, tmp_path / "two.apkg")
    notes = [anki_col.get_note(n) for n in anki_col.find_notes("")]
    assert {n.guid for n in notes} == first
    assert len(notes) == len(decks[0].cards)
    assert all("(v2)" in n["Back"] for n in notes)


def test_plain_text_has_ankis_header_lines_and_one_row_per_card() -> None:
    decks = bundled("systems")
    text = plain_text(decks)
    lines = text.splitlines()
    assert lines[:5] == ["#separator:tab", "#html:true", "#guid column:1", "#deck column:2", "#tags column:5"]
    first = decks[0].cards[0]
    assert text.count(guid_for(f"systems/{first.id}")) == 1


def test_cli_export_writes_apkg_and_txt_and_refuses_unknown_decks(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["export", "systems", "--to", str(tmp_path / "s.apkg")]) == 0
    assert "wrote" in capsys.readouterr().out and (tmp_path / "s.apkg").stat().st_size > 0
    assert main(["export", "systems", "--to", str(tmp_path / "s.txt")]) == 0
    assert (tmp_path / "s.txt").read_text(encoding="utf-8").startswith("#separator:tab\n")
    assert main(["export", "nope", "--to", str(tmp_path / "n.apkg")]) == 1
    assert "no deck 'nope'" in capsys.readouterr().err


def test_a_rubric_is_exported_as_a_list_on_the_back(tmp_path: Path, anki_col: Collection) -> None:
    decks = bundled("grill")
    write_apkg(decks, tmp_path / "grill.apkg")
    import_into_anki(anki_col, tmp_path / "grill.apkg")
    q01 = next(c for c in decks[0].cards if c.id == "q01")
    note = anki_col.get_note(anki_col.find_notes('"Key:grill/q01"')[0])
    assert "A strong answer covers:" in note["Back"]
    for point in q01.rubric:
        assert point.point in note["Back"]
    essential = next(p for p in q01.rubric if p.essential)
    assert f"<li>{essential.point} <em>(essential)</em></li>" in note["Back"]
