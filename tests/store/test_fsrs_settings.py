"""Choosing the scheduler: settings file and flags, the app wiring, and `flopcards fsrs`."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from engine.app.fsrs_fit import MIN_REVIEWS, OptimizerMissing, fit
from engine.app.scheduler import FsrsScheduler, SM2Scheduler
from engine.settings import Settings, load_settings
from engine.store import meta
from engine.store.database import open_store
from engine.studyday import StudyClock
from tui.cli import main
from tui.config import AppConfig
from tui.services import load_services


def test_settings_file_chooses_the_scheduler_and_refuses_bad_values(tmp_path: Path) -> None:
    good = tmp_path / "good.toml"
    good.write_text('scheduler = "fsrs"\ndesired_retention = 0.85\n', encoding="utf-8")
    settings, problems = load_settings(good)
    assert problems == [] and settings.scheduler == "fsrs" and settings.desired_retention == 0.85
    bad = tmp_path / "bad.toml"
    bad.write_text('scheduler = "sm17"\ndesired_retention = 1.5\n', encoding="utf-8")
    settings, problems = load_settings(bad)
    assert settings.scheduler == "sm2" and settings.desired_retention == 0.9
    assert [(p.line, "scheduler" in p.message or "desired_retention" in p.message) for p in problems] == [
        (1, True),
        (2, True),
    ]


def test_the_app_studies_with_the_scheduler_the_settings_name(tmp_path: Path) -> None:
    def services(scheduler: str):  # type: ignore[no-untyped-def]
        settings = Settings(db=str(tmp_path / "f.db"), deck_dirs=(), scheduler=scheduler)
        clock = StudyClock(tz=UTC)
        return load_services(AppConfig(settings=settings, include_bundled=True, clock=clock))

    sm2, fsrs = services("sm2"), services("fsrs")
    try:
        assert isinstance(sm2.study.scheduler, SM2Scheduler)
        assert isinstance(fsrs.study.scheduler, FsrsScheduler)
        assert fsrs.study.scheduler.desired_retention == 0.9
    finally:
        sm2.close()
        fsrs.close()


def test_bad_flags_are_one_line_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--scheduler", "sm17", "decks"]) == 2
    assert main(["--desired-retention", "2", "decks"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and "desired-retention" in err[1]


def _answers(n: int) -> list[tuple[str, datetime, int, float]]:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    return [(f"d/{i % 40}", start + timedelta(days=i // 40, minutes=i % 40), 4, 3.0) for i in range(n)]


def test_fit_keeps_the_defaults_below_512_answers_and_says_so() -> None:
    result = fit(_answers(MIN_REVIEWS - 1))
    assert result.parameters is None and "fewer than 512" in result.reason


def test_fit_without_the_optimizer_extra_names_it() -> None:
    pytest.importorskip("fsrs")
    try:
        import torch  # noqa: F401
    except ImportError:
        with pytest.raises(OptimizerMissing, match=r"flopcards\[fsrs-optimizer\]"):
            fit(_answers(MIN_REVIEWS))
    else:  # pragma: no cover - only where torch happens to be installed
        assert fit(_answers(MIN_REVIEWS)).parameters is not None


def test_cli_fsrs_show_and_optimize(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "f.db")
    from fsrs.scheduler import DEFAULT_PARAMETERS

    assert main(["--db", db, "--desired-retention", "0.85", "fsrs", "show"]) == 0
    shown = capsys.readouterr().out  # the values in use, the retention and where they came from
    assert shown.startswith("FSRS-6 parameters: py-fsrs's defaults (not optimized")
    assert "desired retention: 0.85" in shown
    assert f"w0 {DEFAULT_PARAMETERS[0]:.4f}" in shown and f"w20 {DEFAULT_PARAMETERS[20]:.4f}" in shown
    assert main(["--db", db, "fsrs", "optimize"]) == 0
    assert "0 answers logged, fewer than 512: keeping the defaults" in capsys.readouterr().out
    fitted = tuple(round(p * 1.01, 4) for p in DEFAULT_PARAMETERS)
    store = open_store(db)
    try:
        meta.set_fsrs_parameters(store, fitted, date(2026, 11, 2))
        assert meta.fsrs_parameters(store) == fitted
    finally:
        store.close()
    assert main(["--db", db, "fsrs", "show"]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("FSRS-6 parameters: optimized on 2026-11-02 from this collection's review log")
    assert f"w0 {fitted[0]:.4f}" in shown and "desired retention: 0.90" in shown


def test_parameters_py_fsrs_refuses_fall_back_to_the_defaults() -> None:
    from engine.app.scheduler import make_scheduler

    scheduler = make_scheduler("fsrs", parameters=(1.0, 2.0))
    assert isinstance(scheduler, FsrsScheduler) and scheduler.parameters is None
