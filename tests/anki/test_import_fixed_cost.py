"""The import's fixed start, cut (issue 27, "a 5,000-cloze note in under 1 s"): new unmarked cards are
imported without loading the ORM or creating a collection, and what the store would have done with
them is still done when the collection holds a mark of their deck. Speed itself is measured by
benchmarks/bench_anki_import.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from anki.collection import Collection

from engine.settings import user_deck_dir
from engine.store.database import open_store
from engine.store.marks import change_mark, read_mark
from engine.store.quick_read import holds_marks
from tests.anki.conftest import export_package
from tests.anki.test_anki_import import build
from tui.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_holds_marks_reads_a_collection_without_the_store(tmp_path: Path) -> None:
    db = tmp_path / "f.db"
    assert holds_marks(str(db), ["d"]) is False  # no collection yet
    open_store(db).close()
    assert holds_marks(str(db), ["d"]) is False
    store = open_store(db)
    try:
        change_mark(store, "d/a", "d", suspended=True)
    finally:
        store.close()
    assert holds_marks(str(db), ["e", "d"]) is True and holds_marks(str(db), ["e"]) is False
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database" * 100)
    assert holds_marks(str(junk), ["d"]) is None  # the store says why
    assert holds_marks("postgresql://h/db", ["d"]) is None


def test_new_cards_into_no_collection_write_nothing_and_create_none(
    tmp_path: Path, anki_col: Collection, capsys: pytest.CaptureFixture[str]
) -> None:
    build(anki_col)
    package = export_package(anki_col, tmp_path / "x.apkg")
    db = tmp_path / "f.db"
    assert main(["--db", str(db), "import", str(package), "--with-history"]) == 0
    out = capsys.readouterr().out
    assert "review history: 0 answers added, 0 cards scheduled as in Anki" in out
    assert (user_deck_dir() / "interview-gpus.yaml").is_file() and not db.exists()


def test_a_mark_made_here_is_still_cleared_by_an_unmarked_reimport(
    tmp_path: Path, anki_col: Collection
) -> None:
    build(anki_col)
    package = export_package(anki_col, tmp_path / "x.apkg")
    db = tmp_path / "f.db"
    assert main(["--db", str(db), "import", str(package), "--with-history"]) == 0
    deck = yaml.safe_load((user_deck_dir() / "interview-gpus.yaml").read_text(encoding="utf-8"))
    key = f"interview-gpus/{deck['cards'][0]['id']}"
    store = open_store(db)
    try:
        change_mark(store, key, "interview-gpus", suspended=True)
    finally:
        store.close()
    assert main(["--db", str(db), "import", str(package), "--with-history"]) == 0
    store = open_store(db)
    try:  # unsuspended, as the package says: the store wrote it, as before the fast path
        assert read_mark(store, key).suspended is False
    finally:
        store.close()


def test_importing_new_cards_into_a_collection_loads_no_sqlalchemy(
    tmp_path: Path, anki_col: Collection
) -> None:
    build(anki_col)
    package = export_package(anki_col, tmp_path / "x.apkg")
    open_store(tmp_path / "f.db").close()  # a collection in use, without marks of that deck
    argv = ["--db", str(tmp_path / "f.db"), "import", str(package), "--with-history"]
    code = (
        "import sys\nfrom tui.cli import main\n"
        f"assert main({argv!r}) == 0\n"
        "print(sorted(m for m in ('sqlalchemy', 'alembic', 'genanki', 'textual') if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_stock_skeletons_are_markdownifys_own_output(anki_col: Collection) -> None:
    """Every stock note type's skeleton that needs the parser is in the table, as markdownify has it."""
    from markdownify import markdownify

    from cards.anki_convert import STOCK_SKELETONS
    from cards.anki_template import answer_part, render

    needing = set()
    for model in anki_col.models.all():
        for template in model["tmpls"]:
            for fmt, question in ((template["qfmt"], True), (template["afmt"], False)):
                if "{{#" in fmt or "{{^" in fmt or "image-occlusion" in fmt:
                    continue  # rendered per note (sections) or with the parser (image occlusion)
                html = render(fmt, {}).html
                skeleton = html if question else answer_part(html)
                if "<" in skeleton or "\n" in skeleton:
                    needing.add(skeleton)
    assert needing == set(STOCK_SKELETONS)
    for skeleton, markdown in STOCK_SKELETONS.items():
        assert str(markdownify(skeleton, heading_style="ATX")).strip() == markdown
