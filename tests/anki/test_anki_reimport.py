"""Importing again merges (never rewinds), --id, flopcards' own export, all or nothing, size caps."""

from __future__ import annotations

import sqlite3
import time
import zipfile
from pathlib import Path

import pytest
import zstandard
from anki.collection import Collection, ImportAnkiPackageRequest

from cards.anki_convert import convert
from cards.anki_package import AnkiPackageError, read_package
from engine import sm2
from engine.settings import user_deck_dir
from engine.store import repo
from engine.store.database import open_store
from engine.store.marks import read_mark
from engine.studyday import StudyClock, utc_now
from tests.anki.conftest import answer_all, export_package
from tests.anki.test_anki_import import build
from tui.cli import main


def test_reimport_after_studying_keeps_the_studied_state_and_its_undo(
    tmp_path: Path, anki_col: Collection, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = build(anki_col)
    answer_all(anki_col, deck, [3, 3, 3, 3, 3, 3, 3, 3])
    package = export_package(anki_col, tmp_path / "x.apkg")
    db = tmp_path / "f.db"
    assert main(["--db", str(db), "import", str(package), "--with-history"]) == 0
    store = open_store(db)
    try:
        key = repo.review_log(store)[0].card_key
        imported = repo.load_state(store, key)
        clock, now = StudyClock(), utc_now()
        applied = repo.apply_answer(
            store,
            card_key=key,
            deck_id=key.split("/")[0],
            schedule=lambda state: sm2.review(state, 5, now=now, today=clock.today(now)),
            seconds=3.0,
        )
        studied = repo.load_state(store, key)
        log_before = len(repo.review_log(store))
    finally:
        store.close()
    assert studied != imported

    capsys.readouterr()
    assert main(["--db", str(db), "import", str(package), "--with-history"]) == 0
    assert "0 answers added" in capsys.readouterr().out
    store = open_store(db)
    try:
        assert repo.load_state(store, key) == studied  # not rewound to the package's state
        assert len(repo.review_log(store)) == log_before  # the union: nothing twice
        assert repo.undo_answer(store, applied.log_id) == key  # the answer here can still be undone
        assert repo.load_state(store, key) == imported
    finally:
        store.close()


def test_id_names_the_deck_of_a_one_deck_package(tmp_path: Path, anki_col: Collection) -> None:
    build(anki_col)
    package = export_package(anki_col, tmp_path / "x.apkg")
    args = ["import", str(package), "--id", "gpus", "--title", "GPUs"]
    assert main(["--db", str(tmp_path / "f.db"), *args]) == 0
    assert (user_deck_dir() / "gpus.yaml").exists()
    assert not (user_deck_dir() / "interview-gpus.yaml").exists()
    assert "title: GPUs" in (user_deck_dir() / "gpus.yaml").read_text(encoding="utf-8")


def test_id_is_refused_for_a_package_of_several_decks(
    tmp_path: Path, anki_col: Collection, capsys: pytest.CaptureFixture[str]
) -> None:
    build(anki_col)
    other = anki_col.new_note(anki_col.models.by_name("Basic"))  # type: ignore[arg-type]
    other["Front"], other["Back"] = "Q", "A"
    anki_col.add_note(other, anki_col.decks.id("Other"))  # type: ignore[arg-type]
    package = export_package(anki_col, tmp_path / "x.apkg")
    assert main(["--db", str(tmp_path / "f.db"), "import", str(package), "--id", "gpus"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "holds 2 decks (Interview::GPUs, Other); --id names one deck" in err
    assert not list(user_deck_dir().glob("*.yaml")) if user_deck_dir().exists() else True


def test_own_export_imports_back_onto_the_same_cards(
    tmp_path: Path, anki_col: Collection, capsys: pytest.CaptureFixture[str]
) -> None:
    package = tmp_path / "own.apkg"
    assert main(["export", "moe", "--to", str(package)]) == 0
    anki_col.import_anki_package(ImportAnkiPackageRequest(package_path=str(package)))
    name = next(n.name for n in anki_col.decks.all_names_and_ids() if n.name.startswith("flopcards::"))
    deck = anki_col.decks.id_for_name(name)
    assert deck is not None
    answered = answer_all(anki_col, deck, [3, 3, 4])
    again = export_package(anki_col, tmp_path / "again.apkg")
    capsys.readouterr()
    db = tmp_path / "f.db"
    assert main(["--db", str(db), "import", str(again), "--with-history"]) == 0
    out = capsys.readouterr().out
    assert "matched their own cards" in out and "wrote" not in out
    assert not user_deck_dir().exists() or not list(user_deck_dir().glob("*.yaml"))
    store = open_store(db)
    try:
        log = repo.review_log(store)
    finally:
        store.close()
    assert len(log) == answered and {entry.card_key.split("/")[0] for entry in log} == {"moe"}


def test_a_failed_history_write_leaves_no_deck(
    tmp_path: Path, anki_col: Collection, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = build(anki_col)
    answer_all(anki_col, deck, [3, 3])
    package = export_package(anki_col, tmp_path / "x.apkg")
    not_a_db = tmp_path / "f.db"
    not_a_db.write_bytes(b"this is not a database" * 100)
    assert main(["--db", str(not_a_db), "import", str(package), "--with-history"]) == 1
    assert "nothing was imported" in capsys.readouterr().err
    folder = user_deck_dir()
    assert not folder.exists() or list(folder.iterdir()) == []


def crafted_package(package: Path, statement: str) -> None:
    """Run one SQL statement on the collection inside a legacy package (what Anki would refuse)."""
    with zipfile.ZipFile(package) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    inner = package.with_suffix(".sqlite")
    inner.write_bytes(members["collection.anki21"])
    with sqlite3.connect(inner) as db:
        db.execute(statement)
    db.close()
    members["collection.anki21"] = inner.read_bytes()
    with zipfile.ZipFile(package, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)


def _package(tmp_path: Path, member: str, data: bytes) -> Path:
    path = tmp_path / f"bomb-{member}.apkg"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(member, data)
    return path


@pytest.mark.parametrize("member", ["collection.anki21", "collection.anki21b"])
def test_a_collection_over_the_cap_is_refused_in_either_format(tmp_path: Path, member: str) -> None:
    zeros = b"\0" * 8_000_000
    data = zstandard.ZstdCompressor().compress(zeros) if member.endswith("b") else zeros
    with pytest.raises(AnkiPackageError, match=r"(more|larger) than 4,000,000 bytes"):
        read_package(_package(tmp_path, member, data), cap=4_000_000)
    with pytest.raises(AnkiPackageError, match="not a readable Anki collection"):
        read_package(_package(tmp_path, member, data), cap=10_000_000)


def test_a_field_over_the_limit_is_reported_by_note_never_cut(
    tmp_path: Path, anki_col: Collection, capsys: pytest.CaptureFixture[str]
) -> None:
    build(anki_col)
    long = anki_col.new_note(anki_col.models.by_name("Basic"))  # type: ignore[arg-type]
    long["Front"], long["Back"] = "A long one", "x " * 15_000
    anki_col.add_note(long, anki_col.decks.id("Interview::GPUs"))  # type: ignore[arg-type]
    package = export_package(anki_col, tmp_path / "x.apkg")
    assert main(["--db", str(tmp_path / "f.db"), "import", str(package)]) == 0
    err = capsys.readouterr().err
    assert f"note {long.guid}: card ord 0 not imported: a side is longer than 20,000 characters" in err
    text = (user_deck_dir() / "interview-gpus.yaml").read_text(encoding="utf-8")
    assert "A long one" not in text and "NVLink 4 per GPU" in text


@pytest.mark.parametrize(
    "crafted",
    ["update cards set type = 2, queue = 2, due = 100000000", "update revlog set id = id * 100000"],
    ids=["due-beyond-the-calendar", "answer-in-the-year-50000"],
)
def test_a_crafted_schedule_is_one_line_and_leaves_nothing(
    tmp_path: Path, anki_col: Collection, crafted: str, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = build(anki_col)
    answer_all(anki_col, deck, [3, 3, 3])
    package = export_package(anki_col, tmp_path / "x.apkg", legacy=True)
    crafted_package(package, crafted)
    assert main(["--db", str(tmp_path / "f.db"), "import", str(package), "--with-history"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot be read" in err
    folder = user_deck_dir()
    assert not folder.exists() or list(folder.iterdir()) == []


def test_import_help_names_every_format(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["import", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert all(kind in text for kind in (".csv", ".tsv", ".txt", ".apkg", ".colpkg"))


@pytest.mark.parametrize("legacy", [False, True], ids=["colpkg", "colpkg-legacy"])
def test_a_whole_collection_package_imports(tmp_path: Path, anki_col: Collection, legacy: bool) -> None:
    deck = build(anki_col)
    answers = answer_all(anki_col, deck, [3, 3, 4, 1, 3])
    package = tmp_path / "all.colpkg"
    anki_col.export_collection_package(str(package), include_media=False, legacy=legacy)
    anki_col.reopen()
    db = tmp_path / "f.db"
    assert main(["--db", str(db), "import", str(package), "--with-history"]) == 0
    store = open_store(db)
    try:
        assert len(repo.review_log(store)) == answers
    finally:
        store.close()


def test_a_suspension_changed_in_anki_applies_unless_answered_here_after_it(
    tmp_path: Path, anki_col: Collection
) -> None:
    """Suspending (or unsuspending) a card in Anki without answering it is newer than the package
    imported before: it applies here, to a studied card too, unless an answer here came after it."""
    deck = build(anki_col)
    answer_all(anki_col, deck, [3, 3, 3])
    reviewed = anki_col.db.list("select id from cards where type != 0 order by id")[0]
    new = anki_col.db.list("select id from cards where type = 0 order by id")[0]
    db = tmp_path / "f.db"

    def reimport(name: str, suspend: bool, changed: int) -> None:
        (anki_col.sched.suspend_cards if suspend else anki_col.sched.unsuspend_cards)([reviewed, new])
        anki_col.db.execute("update cards set mod = ? where id in (?, ?)", changed, reviewed, new)
        again = export_package(anki_col, tmp_path / name)
        assert main(["--db", str(db), "import", str(again), "--with-history"]) == 0

    package = export_package(anki_col, tmp_path / "x.apkg")
    assert main(["--db", str(db), "import", str(package), "--with-history"]) == 0
    keys = convert(read_package(package)).keys
    x, y = keys[reviewed], keys[new]
    store = open_store(db)
    try:
        imported = repo.load_state(store, x)
        assert not read_mark(store, x).suspended and not read_mark(store, y).suspended
    finally:
        store.close()

    reimport("suspended.apkg", True, int(time.time()))
    store = open_store(db)
    try:
        assert read_mark(store, x).suspended and read_mark(store, y).suspended
        assert repo.load_state(store, x) == imported  # only the queue changed in Anki
        now = utc_now()
        repo.apply_answer(  # answered here: the package's schedule no longer applies to x
            store,
            card_key=x,
            deck_id=x.split("/")[0],
            schedule=lambda state: sm2.review(state, 4, now=now, today=StudyClock().today(now)),
            seconds=2.0,
        )
        studied = repo.load_state(store, x)
    finally:
        store.close()

    reimport("unsuspended.apkg", False, int(time.time()) + 60)  # changed in Anki after that answer
    store = open_store(db)
    try:
        assert not read_mark(store, x).suspended and not read_mark(store, y).suspended
        assert repo.load_state(store, x) == studied
    finally:
        store.close()

    reimport("stale.apkg", True, int(time.time()) - 3600)  # changed in Anki before the answer here
    store = open_store(db)
    try:
        assert not read_mark(store, x).suspended  # the answer here is newer: x stays as studied here
        assert read_mark(store, y).suspended  # y was never answered here: Anki's queue state holds
        assert repo.load_state(store, x) == studied
    finally:
        store.close()
