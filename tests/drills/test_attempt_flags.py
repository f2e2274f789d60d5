"""The one attempt call stores the named slip, the give-up and the hint (one grade step less)."""

from __future__ import annotations

from datetime import UTC

from drills.attempts import Attempt, attempts, record_attempt
from drills.generator import check, generate
from engine.answers import Verdict
from engine.app import Study
from engine.grades import Grade
from engine.studyday import StudyClock


def make_study(store, clock) -> Study:
    return Study(store, clock=StudyClock(tz=UTC), now=clock)


def test_slip_hint_and_give_up_are_stored(store, clock) -> None:
    study = make_study(store, clock)
    drill = generate("kv-cache", 7)
    half = f"{drill.expected / 2:.5g} GB"
    slipped = record_attempt(study, Attempt(drill, half, check(drill, half), 10, 120))
    right = f"{drill.expected:.5g} GB"
    hinted = record_attempt(study, Attempt(drill, right, check(drill, right), 10, 120, hinted=True))
    gave_up = record_attempt(study, Attempt(drill, "", None, 30, 120, gave_up=True))
    assert (slipped.slip, slipped.grade) == ("k-only", Grade.NOT_AT_ALL)
    assert (hinted.verdict, hinted.grade, hinted.hinted) == (Verdict.CORRECT, Grade.WELL, True)
    assert (gave_up.grade, gave_up.gave_up, gave_up.timed_out) == (Grade.BLACKOUT, True, False)
    rows = attempts(store)
    assert [(r.slip, r.gave_up, r.hinted, r.grade) for r in rows] == [
        ("k-only", False, False, 1),
        (None, False, True, 4),
        (None, True, False, 0),
    ]
