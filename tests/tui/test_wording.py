"""The words on screen read right: no '1 answers' or 'streak 1 days', no verdict said twice
('correct — Correct:'), no count above its limit ('new cards 21 of 20'), no '7.025e4'."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from engine.units import format_number, format_quantity
from tests.tui.test_accept_grade import TYPED
from tui.drill_text import without_verdict_word
from tui.home_counts import over_limit
from tui.screens.stats import StatsScreen

ONE_PLURAL = re.compile(r"(?<![\d.])1 (answers|days|cards|kinds|drills|questions|errors|warnings|files)\b")
DOUBLED = re.compile(r"(?i)\b(correct|close|wrong|gave up)\b[\s—:\-]+\1\b")
OF_LIMIT = re.compile(r"\b(\d+) of (\d+)\b")


def wording_faults(text: str) -> list[str]:
    """Every fault of the three kinds in a screen's text."""
    text = " ".join(text.replace("▌", " ").split())
    faults = [m.group(0) for m in ONE_PLURAL.finditer(text)]
    faults += [m.group(0) for m in DOUBLED.finditer(text)]
    faults += [m.group(0) for m in OF_LIMIT.finditer(text) if int(m.group(1)) > int(m.group(2))]
    return faults


def test_the_scan_finds_each_fault() -> None:
    bad = "streak 1 days · 1 answers  correct — Correct: 2 B  CLOSE  Close: x  new cards 21 of 20"
    assert wording_faults(bad) == ["1 days", "1 answers", "correct — Correct", "CLOSE Close", "21 of 20"]
    assert wording_faults("streak 1 day · 11 answers · 3 of 20 · correct — 2 B") == []


def test_labels_counts_and_numbers() -> None:
    assert without_verdict_word("Correct: 2 B is within 2% of 2 B.") == "2 B is within 2% of 2 B."
    assert without_verdict_word("Close: 1.1 GB is 3% off") == "1.1 GB is 3% off"
    wrong_unit = "Wrong unit: s is a time, but the answer is a size in bytes or bits (79.41 GB)."
    assert without_verdict_word(wrong_unit).startswith("s is a time")  # not 'S' (siemens)
    assert without_verdict_word("could not read that: no number before 'abc'.") == "No number before 'abc'."
    assert over_limit("new cards", 21, 20) == "new cards 21 (20 a day + 1 extra)"
    assert over_limit("new cards", 20, 20) == "new cards 20 of 20 a day"
    assert format_quantity(70245.6, "B") == "70250 B"
    assert format_number(2.684e8) == "2.684e8" and format_number(0.875) == "0.875"


async def test_screens_after_one_typed_answer_read_right(make_app, seen, tmp_path: Path) -> None:
    (tmp_path / "typed1.yaml").write_text(TYPED, encoding="utf-8")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*"2 B", "enter")
        await pilot.pause()
        verdict = seen(app)
        assert "correct" in verdict.lower() and wording_faults(verdict) == []
        await pilot.press("space")
        await pilot.pause()
        await pilot.press("enter")  # the summary, done
        await pilot.pause()
        home = seen(app)
        assert "1 answer" in home and wording_faults(home) == []
        screen = StatsScreen(app.services, None)
        await app.push_screen(screen)
        for _ in range(500):
            if screen.stats is not None:
                break
            await pilot.pause(0.02)
        await pilot.pause(0.1)
        stats = seen(app)
        assert "streak 1 day" in stats and wording_faults(stats) == []
