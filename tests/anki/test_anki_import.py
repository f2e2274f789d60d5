"""Import from packages built by Anki's own library: notes, cloze, tags, media warnings, review history."""

from __future__ import annotations

from pathlib import Path

import pytest
from anki.collection import Collection

from cards.anki_package import AnkiPackageError, read_package
from cards.loader import load_deck_file
from engine.settings import user_deck_dir
from engine.store import repo
from engine.store.database import open_store
from tests.anki.conftest import answer_all, export_package
from tui.cli import main


def build(col: Collection) -> int:
    """Three notes in 'Interview::GPUs': basic (with an image), basic-and-reversed, cloze with a hint."""
    deck = col.decks.id("Interview::GPUs")
    assert deck is not None
    basic = col.new_note(col.models.by_name("Basic"))
    basic["Front"] = "What is <b>HBM</b>?"
    basic["Back"] = "High-bandwidth memory<br><img src='hbm.png'>"
    basic.tags = ["hw", "memory"]
    col.add_note(basic, deck)
    both = col.new_note(col.models.by_name("Basic (and reversed card)"))
    both["Front"] = "NVLink 4 per GPU"
    both["Back"] = "900 GB/s both directions"
    col.add_note(both, deck)
    cloze = col.new_note(col.models.by_name("Cloze"))
    cloze["Text"] = "H100 SXM has {{c1::80}} GB of HBM3 at {{c2::3.35 TB/s::bandwidth}}"
    col.add_note(cloze, deck)
    return deck


def run_import(package: Path, db: Path, *extra: str) -> int:
    return main(["--db", str(db), "import", str(package), *extra])


@pytest.mark.parametrize("legacy", [False, True], ids=["anki21b", "legacy-anki21"])
def test_notes_cloze_tags_and_history_arrive(
    tmp_path: Path, anki_col: Collection, legacy: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = build(anki_col)
    answers = answer_all(anki_col, deck, [1, 3, 3, 4, 3, 3])
    package = export_package(anki_col, tmp_path / "x.apkg", legacy=legacy)
    db = tmp_path / "f.db"

    assert run_import(package, db, "--with-history") == 0
    out = capsys.readouterr()
    assert "media not imported: hbm.png" in out.err

    loaded, problems = load_deck_file(user_deck_dir() / "interview-gpus.yaml")
    assert problems == [] and loaded is not None
    cards = {c.front: c for c in loaded.cards}
    assert len(cards) == 5  # basic, forward + reversed, two clozes
    assert cards["What is **HBM**?"].tags == ["hw", "memory"]
    assert "900 GB/s both directions" in cards  # the reversed card asks the back
    assert "H100 SXM has [...] GB of HBM3 at 3.35 TB/s" in cards
    assert "**3.35 TB/s**" in cards["H100 SXM has 80 GB of HBM3 at [bandwidth]"].back

    store = open_store(db)
    try:
        log = repo.review_log(store)
        assert len(log) == answers
        assert {entry.card_key.split("/")[0] for entry in log} == {"interview-gpus"}
        assert {entry.grade for entry in log} <= {1, 3, 4, 5}
        assert repo.load_states(store, {entry.card_key for entry in log})
    finally:
        store.close()

    # A second import of the same package (after a rewording in Anki) updates, never duplicates.
    assert run_import(package, db, "--with-history") == 0
    assert "0 answers added" in capsys.readouterr().out
    again, _ = load_deck_file(user_deck_dir() / "interview-gpus.yaml")
    assert again is not None and [c.id for c in again.cards] == [c.id for c in loaded.cards]


def test_reworded_note_keeps_its_card_id(tmp_path: Path, anki_col: Collection) -> None:
    build(anki_col)
    first = export_package(anki_col, tmp_path / "one.apkg")
    note = anki_col.get_note(anki_col.find_notes("HBM")[0])
    note["Back"] = "High-bandwidth memory, stacked DRAM"
    anki_col.update_note(note)
    second = export_package(anki_col, tmp_path / "two.apkg")
    db = tmp_path / "f.db"
    assert run_import(first, db) == 0
    ids = [c.id for c in load_deck_file(user_deck_dir() / "interview-gpus.yaml")[0].cards]  # type: ignore[union-attr]
    assert run_import(second, db) == 0
    reloaded = load_deck_file(user_deck_dir() / "interview-gpus.yaml")[0]
    assert reloaded is not None and [c.id for c in reloaded.cards] == ids
    assert any("stacked DRAM" in c.back for c in reloaded.cards)


def test_scheduling_continues_where_anki_left_off(tmp_path: Path, anki_col: Collection) -> None:
    deck = build(anki_col)
    answer_all(anki_col, deck, [3, 3, 3, 3, 3, 3, 3, 3, 3, 3])
    package = export_package(anki_col, tmp_path / "x.apkg")
    reviewed = [c for c in (anki_col.get_card(i) for i in anki_col.find_cards("")) if c.type == 2]
    assert reviewed, "the Anki side must have graduated at least one card"
    assert run_import(package, tmp_path / "f.db", "--with-history") == 0
    store = open_store(tmp_path / "f.db")
    try:
        states = list(repo.load_states(store, [e.card_key for e in repo.review_log(store)]).values())
    finally:
        store.close()
    assert sorted(s.interval_days for s in states if s.interval_days > 1) == sorted(
        c.ivl for c in reviewed if c.ivl > 1
    )
    assert all(s.ef_centi == 250 for s in states)  # Anki's 2500 permille starting ease


def test_not_a_package_is_one_line_and_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.apkg"
    bad.write_bytes(b"not a zip")
    with pytest.raises(AnkiPackageError, match="not a zip file"):
        read_package(bad)
    assert run_import(bad, tmp_path / "f.db") == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not an Anki package" in err


@pytest.mark.parametrize("with_deck", [True, False], ids=["guid-and-deck-columns", "guid-column"])
def test_plain_text_export_of_anki_reimports_by_guid(
    tmp_path: Path, anki_col: Collection, with_deck: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    """Anki's own 'Notes in Plain Text' export with its header lines: a reworded note updates its card."""
    from anki.collection import DeckIdLimit

    deck = build(anki_col)
    out = tmp_path / "notes.txt"

    def export() -> None:
        anki_col.export_note_csv(
            out_path=str(out),
            limit=DeckIdLimit(deck),
            with_html=True,
            with_tags=True,
            with_deck=with_deck,
            with_notetype=True,
            with_guid=True,
        )

    export()
    assert "#guid column:" in out.read_text(encoding="utf-8")
    assert main(["import", str(out), "--id", "anki-text"]) == 0
    first, _ = load_deck_file(user_deck_dir() / "anki-text.yaml")
    assert first is not None
    note = anki_col.get_note(anki_col.find_notes("HBM")[0])
    note["Front"] = "What does <b>HBM</b> stand for?"
    anki_col.update_note(note)
    export()
    capsys.readouterr()
    assert main(["import", str(out), "--id", "anki-text"]) == 0
    assert "0 new cards, 1 updated" in capsys.readouterr().out
    again, _ = load_deck_file(user_deck_dir() / "anki-text.yaml")
    assert again is not None and [c.id for c in again.cards] == [c.id for c in first.cards]
    assert any(c.front == "What does **HBM** stand for?" or "stand for" in c.front for c in again.cards)
