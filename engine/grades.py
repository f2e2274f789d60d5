"""Grades 0-5 as a typed enum, and the verdict-and-time -> grade rule typed answers share.

| answer                                    | grade |
|-------------------------------------------|-------|
| correct within half the time limit        | 5     |
| correct, slower                           | 4     |
| close (within the wider band)             | 3     |
| wrong, or wrong unit                      | 1     |
| no answer before the clock ran out        | 0     |

An unreadable answer is not an answer: the user is told "could not read that" and may type again.

Two key layouts grade a revealed card: flopcards' own (0-5, the grade itself) and, opt-in with
`grade_keys = "anki"`, Anki's four buttons: 1 Again, 2 Hard, 3 Good, 4 Easy, which give the SM-2
grades 1, 3, 4, 5 (and so FSRS's Again, Hard, Good, Easy: engine.fsrs_scheduler.RATING_OF_GRADE).
"""

from __future__ import annotations

from enum import IntEnum

from engine.bands import Verdict
from engine.settings import GRADE_KEYS as GRADE_KEYS
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


ANKI_BUTTONS: dict[int, tuple[str, Grade]] = {
    1: ("Again", Grade.NOT_AT_ALL),
    2: ("Hard", Grade.WITH_EFFORT),
    3: ("Good", Grade.WELL),
    4: ("Easy", Grade.PERFECTLY),
}
"""Anki's answer keys: key -> (button, grade)."""


def grade_of_key(layout: str, key: int) -> Grade | None:
    """The grade a digit key gives in a layout (None: the key grades nothing there)."""
    if layout == "anki":
        button = ANKI_BUTTONS.get(key)
        return None if button is None else button[1]
    return Grade(key) if 0 <= key <= 5 else None


def key_of_grade(layout: str, grade: Grade) -> tuple[int, str]:
    """The key and its label that stand for `grade` in a layout: under Anki's, every failing grade
    (0-2) is Again."""
    if layout == "anki":
        key = 1 if grade < Grade.WITH_EFFORT else int(grade) - 1
        return key, ANKI_BUTTONS[key][0]
    return int(grade), grade.label


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
