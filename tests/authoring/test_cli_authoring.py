"""`flopcards validate`, `new deck`, `decks` and `import`, run through the real command line."""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from cards.example import SCHEMA_FILE
from cards.loader import BUNDLED_DIR, load_deck_file
from engine.app import Study, StudyItem
from engine.settings import user_deck_dir
from engine.store.database import open_store
from tui.cli import main

DATA = Path(__file__).parents[1] / "data"
BAD = DATA / "bad_decks"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_validate_lists_every_problem_and_fails_on_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", str(BAD / "duplicate_id.yaml"), str(BAD / "missing_tags.yaml"))
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(f"{BAD / 'duplicate_id.yaml'}:9:9: error: duplicate card id 'kv'")
    assert lines[1].startswith(f"{BAD / 'missing_tags.yaml'}:4:9: warning: card 'untagged' has no tags")
    assert lines[-1] == "checked 2 files: 1 error, 1 warning"


def test_warnings_alone_pass_and_quiet_hides_them(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", "--quiet", str(BAD / "missing_tags.yaml"))
    assert code == 0
    assert out.splitlines() == ["checked 1 file: 0 errors, 1 warning"]


def test_validate_a_missing_path_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", str(tmp_path / "nope.yaml"))
    assert code == 1
    assert out.splitlines()[0] == f"{tmp_path / 'nope.yaml'}: error: no such file or folder"


def test_a_user_copy_of_a_bundled_deck_replaces_it_but_two_copies_clash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bundled = sorted(BUNDLED_DIR.glob("*.yaml"))[0]
    deck, _ = load_deck_file(bundled)
    assert deck is not None
    copy = tmp_path / "mine.yaml"
    shutil.copy(bundled, copy)
    code, out, _ = run(capsys, "validate", str(copy))
    assert code == 0
    assert f"warning: deck '{deck.id}' replaces the bundled {bundled} (same id, history kept)" in out
    shutil.copy(bundled, tmp_path / "other.yaml")
    code, out, _ = run(capsys, "validate", str(tmp_path))
    assert code == 1
    assert f"error: deck id '{deck.id}' is already used by {copy}; rename one of them" in out


def test_new_deck_writes_a_valid_commented_example_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "new", "deck", "My Serving notes")
    path = user_deck_dir() / "my-serving-notes.yaml"
    assert code == 0 and str(path) in out
    text = path.read_text(encoding="utf-8")
    first = text.splitlines()[0]
    assert first == f"# yaml-language-server: $schema={SCHEMA_FILE.resolve()}"
    assert Path(first.split("$schema=", 1)[1]).is_file()
    assert text.count("#") > 10  # it explains itself
    deck, problems = load_deck_file(path, lint=True)
    assert problems == [] and deck is not None
    assert (deck.id, deck.title) == ("my-serving-notes", "My Serving notes")
    assert {type(c.answer).__name__ for c in deck.cards} == {"NoneType", "NumericAnswer", "FormulaAnswer"}

    code, _, err = run(capsys, "new", "deck", "My Serving notes")
    assert code == 1 and "already exists" in err
    assert path.read_text(encoding="utf-8") == text


def test_decks_lists_path_card_and_due_counts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "study.db"
    decks = DATA / "decks"
    store = open_store(db)  # one card answered 3 days ago: due again today
    study = Study(store, [StudyItem("basics/bubble", "basics")], now=lambda: datetime.now(UTC) - timedelta(3))
    study.session().answer(4, 5.0)
    store.close()
    code, out, _ = run(capsys, "--db", str(db), "--decks", str(decks), "decks", "--json")
    assert code == 0
    listed = {d["id"]: d for d in json.loads(out)["decks"]}
    assert listed["basics"]["path"] == str(decks / "basics.yaml")
    assert (listed["basics"]["cards"], listed["basics"]["due"], listed["basics"]["new"]) == (3, 1, 2)
    assert (listed["serving"]["cards"], listed["serving"]["due"]) == (1, 0)
    assert not listed["basics"]["bundled"] and all(
        d["bundled"] for k, d in listed.items() if k not in {"basics", "serving"}
    )
    code, out, _ = run(capsys, "--db", str(db), "--decks", str(decks), "decks")
    assert code == 0
    assert "basics" in out and str(decks / "basics.yaml") in out
    # a drill kind tried today counts against new_drills_per_day, not the cards' new limit (as on
    # the home screen): two new cards a day still leaves basics its 2 new cards
    from drills.attempts import Attempt, record_attempt
    from drills.generator import generate

    store = open_store(db)
    record_attempt(Study(store), Attempt(generate("kv-cache", 1), "", None, 130.0, 120.0))
    store.close()
    two_a_day = ("--new-per-day", "2")
    code, out, _ = run(capsys, "--db", str(db), "--decks", str(decks), *two_a_day, "decks", "--json")
    assert code == 0
    assert {d["id"]: d for d in json.loads(out)["decks"]}["basics"]["new"] == 2


CSV = """\
front,back,tags
"Bytes per param, mixed-precision Adam?","16 bytes:
2 + 2 + 4 + 4 + 4",Memory
What does ZeRO-3 shard?,"Parameters, gradients and optimizer states.","FSDP, ZeRO"
"""


def test_import_writes_a_deck_and_reimport_updates_in_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "paper-notes.csv"
    source.write_text(CSV, encoding="utf-8")
    code, out, _ = run(capsys, "import", str(source))
    target = user_deck_dir() / "paper-notes.yaml"
    assert code == 0 and out.startswith(f"wrote {target}: 2 new cards, 0 updated")
    deck, problems = load_deck_file(target, lint=True)
    assert deck is not None and not any(p.is_error for p in problems)
    # an imported figure ("16 bytes") has no source yet: validate says so, once
    assert [p.message.split(" states ")[0] for p in problems] == [f"card '{deck.cards[0].id}'"]
    assert [c.tags for c in deck.cards] == [["Memory"], ["FSDP", "ZeRO"]]
    assert deck.cards[0].back == "16 bytes:\n2 + 2 + 4 + 4 + 4"
    ids = [c.id for c in deck.cards]

    source.write_text(CSV.replace("optimizer states.", "optimizer states (Adam m, v)."), encoding="utf-8")
    code, out, _ = run(capsys, "import", str(source))
    assert code == 0 and "0 new cards, 1 updated, 1 unchanged" in out
    again, _ = load_deck_file(target)
    assert again is not None
    assert [c.id for c in again.cards] == ids
    assert again.cards[1].back == "Parameters, gradients and optimizer states (Adam m, v)."


ANKI = """\
#separator:tab
#html:true
#tags column:3
What is the ridge point of an H100?<br>(BF16 dense)\t989e12 / 3.35e12 &asymp; <b>295</b> FLOP/B\tRoofline H100
Which collective does FSDP use to gather weights?\tAll-gather\tFSDP
"""


def test_import_reads_anki_plain_text_exports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "anki.txt"
    source.write_text(ANKI, encoding="utf-8")
    code, _, _ = run(capsys, "import", "--id", "from-anki", "--tag", "anki", str(source))
    assert code == 0
    deck, problems = load_deck_file(user_deck_dir() / "from-anki.yaml", lint=True)
    assert deck is not None and not any(p.is_error for p in problems)
    first, second = deck.cards
    assert [p.message.split(" states ")[0] for p in problems] == [f"card '{first.id}'"]  # "295 FLOP/B"
    assert first.front == "What is the ridge point of an H100?\n(BF16 dense)"
    assert first.back == "989e12 / 3.35e12 ≈ 295 FLOP/B"
    assert first.tags == ["Roofline", "H100", "anki"]
    assert (second.back, second.tags) == ("All-gather", ["FSDP", "anki"])


def test_import_refuses_to_write_over_a_broken_deck(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "notes.tsv"
    source.write_text("Q1\tA1\n", encoding="utf-8")
    target = user_deck_dir() / "notes.yaml"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("id: notes\ntitle: [unclosed\n", encoding="utf-8")
    code, _, err = run(capsys, "import", str(source))
    assert code == 1 and "has errors" in err
    assert target.read_text(encoding="utf-8") == "id: notes\ntitle: [unclosed\n"


def test_import_of_a_yaml_deck_says_where_a_deck_goes(capsys: pytest.CaptureFixture[str]) -> None:
    """A YAML deck is already a deck: not 'no cards found (expected columns front, back, tags)'."""
    code, _, err = run(capsys, "import", str(DATA / "decks" / "basics.yaml"))
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert "basics.yaml is a YAML deck, not a table to import" in err
    assert str(user_deck_dir()) in err and "--decks" in err
