"""Anki's four buttons arrive as fixed flopcards grades (Again 1, Hard 3, Good 4, Easy 5, as the
README states), through a package built by Anki's own library and the `import --with-history` command."""

from __future__ import annotations

from pathlib import Path

from anki.collection import Collection

from engine.store import repo
from engine.store.database import open_store
from tests.anki.conftest import answer_all, export_package
from tui.cli import main


def test_again_hard_good_easy_become_grades_1_3_4_5(tmp_path: Path, anki_col: Collection) -> None:
    deck = anki_col.decks.id("Buttons")
    assert deck is not None
    note = anki_col.new_note(anki_col.models.by_name("Basic"))
    note["Front"], note["Back"] = "HBM3 bandwidth of an H100 SXM?", "3.35 TB/s"
    anki_col.add_note(note, deck)
    assert answer_all(anki_col, deck, [1, 2, 3, 4]) == 4  # one card: Again, Hard, Good, Easy
    package = export_package(anki_col, tmp_path / "buttons.apkg")
    db = tmp_path / "f.db"

    assert main(["--db", str(db), "import", str(package), "--with-history"]) == 0
    store = open_store(db)
    try:
        log = repo.review_log(store)
    finally:
        store.close()
    assert len({entry.card_key for entry in log}) == 1
    assert [entry.grade for entry in log] == [1, 3, 4, 5]
