"""`flopcards stats` and `flopcards exam` from a shell: figures as JSON or text, one-line errors."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from cards.exam import ExamSession
from cards.loader import load_collection
from engine.exam_log import record_exam
from engine.store.database import open_store
from tui.cli import main


def test_stats_json_has_every_figure(db_path: Path, capsys) -> None:
    grill = load_collection(()).deck("grill")
    assert grill is not None
    session = ExamSession.start(grill.deck, n=4, seed=1)
    for right in (True, True, False, True):
        session.mark(right, 5.0)
    store = open_store(db_path)
    now = datetime.now(UTC)
    record_exam(store, session.record(now, now.date()))
    store.close()
    assert main(["--db", str(db_path), "stats", "--deck", "grill", "--json", "--period", "year"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["deck_id"] == "grill" and data["period"] == "year"
    assert len(data["future"]["per_day"]) == 90
    assert [r["label"] for r in data["retention"]] == ["today", "week", "month", "year"]
    counts = data["counts"]
    assert counts["new"] == 60 and counts["flags_tracked"] is True and counts["suspended"] == 0
    assert [(e["right"], e["asked"]) for e in data["exams"]] == [(3, 4)]


def test_stats_text_and_unknown_deck(db_path: Path, capsys) -> None:
    assert main(["--db", str(db_path), "stats"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("All decks — month to ") and "True retention" in out and "daily load" in out
    assert main(["--db", str(db_path), "stats", "--deck", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("flopcards stats: error: no deck 'nope'") and len(err.strip().splitlines()) == 1


def test_exam_rejects_a_bad_count(db_path: Path, capsys) -> None:
    assert main(["--db", str(db_path), "exam", "grill", "--n", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("flopcards exam: error: argument --n: the number of questions must be 1-1000")
    assert len(err.strip().splitlines()) == 1  # one line, not argparse's usage block


async def test_exam_app_opens_on_a_sample_or_leaves_with_the_reason(db_path: Path) -> None:
    from engine.settings import Settings
    from tui.cli_exam import exam_app
    from tui.config import AppConfig
    from tui.screens.exam import ExamScreen

    config = AppConfig(settings=Settings(db=str(db_path), deck_dirs=()))
    app = exam_app(config, "grill", n=3, shuffle=True)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(500):
            if isinstance(app.screen, ExamScreen):
                break
            await pilot.pause(0.05)
        await pilot.pause()  # let the exam screen finish mounting before the app shuts down
        assert isinstance(app.screen, ExamScreen)
        assert len(app.screen.session.questions) == 3
    missing = exam_app(config, "nope")
    async with missing.run_test(size=(100, 30)) as pilot:
        for _ in range(500):
            if missing.return_code is not None:
                break
            await pilot.pause(0.05)
    assert missing.return_code == 2


def test_stats_json_exam_history_per_deck(db_path: Path, capsys) -> None:
    collection = load_collection(())
    store = open_store(db_path)
    now = datetime.now(UTC)
    for deck_id, marks in (("grill", (True, False)), ("moe", (True, True, True))):
        loaded = collection.deck(deck_id)
        assert loaded is not None
        session = ExamSession.start(loaded.deck, n=len(marks), seed=2)
        for right in marks:
            session.mark(right, 3.0)
        record_exam(store, session.record(now, now.date()))
    store.close()
    assert main(["--db", str(db_path), "stats", "--json"]) == 0
    every = json.loads(capsys.readouterr().out)["exams"]
    assert sorted((e["deck_id"], e["right"], e["asked"]) for e in every) == [
        ("grill", 1, 2),
        ("moe", 3, 3),
    ]
    assert main(["--db", str(db_path), "stats", "--deck", "moe", "--json"]) == 0
    assert [e["deck_id"] for e in json.loads(capsys.readouterr().out)["exams"]] == ["moe"]
    assert main(["--db", str(db_path), "stats", "--deck", "moe"]) == 0
    assert "Exam scores" in (out := capsys.readouterr().out) and "3/3" in out and "grill" not in out


def test_stats_text_rows_read_right(db_path: Path) -> None:
    """A 20-second exam is 0:20 (not '0 min'), one question is not 'questions', and a long drill
    kind's name keeps its row's columns in line."""
    import dataclasses

    from engine.stats import compute_stats
    from engine.stats.model import DrillStats, ExamScore, InterviewScore, KindStats
    from tui.stats_format import stats_text

    store = open_store(db_path)
    now = datetime.now(UTC)
    stats = compute_stats(store, now.date())
    store.close()
    kinds = (KindStats("activation-checkpoint-sqrt", 1, 0, 4.0), KindStats("kv-cache", 2, 1, 11.0))
    stats = dataclasses.replace(
        stats,
        drills=DrillStats(kinds, (), ()),
        exams=(ExamScore("grill", now, 1, 1, 20.0),),
        interviews=(InterviewScore(now, "mixed", 30, 0.2, 9.0, 1),),
    )
    text = stats_text(stats, "All decks")
    rows = [line for line in text.splitlines() if "median" in line]
    assert len({row.index("%") for row in rows}) == 1, rows  # the accuracy column lines up
    assert "1/1  0:20" in text and " min\n" not in text + "\n"
    assert "1 question " in text and "1 questions" not in text and "0:09" in text
