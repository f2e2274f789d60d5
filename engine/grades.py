"""Grades 0-5 as a typed enum, and the verdict-and-time -> grade rule typed answers share.

| answer                                    | grade |
|-------------------------------------------|-------|
| correct within half the time limit        | 5     |
| correct, slower                           | 4     |
| close (within the wider band)             | 3     |
| wrong, or wrong unit                      | 1     |
| no answer before the clock ran out        | 0     |

An unreadable answer is not an answer: the user is told "could not read that" and may type again.
"""

from __future__ import annotations

from enum import IntEnum

from engine.bands import Verdict
from engine.sm2 import GRADE_LABELS

FAST_SHARE = 0.5
"""Correct within this share of the time limit is 'perfectly'."""


class Grade(IntEnum):
    """SuperMemo's quality of an answer: 0 blackout ... 5 perfectly."""

    BLACKOUT = 0
    NOT_AT_ALL = 1
    BARELY = 2
    WITH_EFFORT = 3
    WELL = 4
    PERFECTLY = 5

    @property
    def label(self) -> str:
        return GRADE_LABELS[int(self)]


def grade_for(verdict: Verdict, seconds: float, limit: float, *, timed_out: bool = False) -> Grade:
    """The grade an answer earns (see the table in this module's docstring)."""
    if timed_out:
        return Grade.BLACKOUT
    if verdict is Verdict.CORRECT:
        return Grade.PERFECTLY if seconds <= FAST_SHARE * limit else Grade.WELL
    if verdict is Verdict.CLOSE:
        return Grade.WITH_EFFORT
    if verdict in (Verdict.WRONG, Verdict.WRONG_UNIT):
        return Grade.NOT_AT_ALL
    raise ValueError(f"'{verdict}' is not a gradable verdict")
