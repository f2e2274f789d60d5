"""A problem found in a user's file, printed as `file:line:col: error: message` (no heavy imports)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file. A made-up line number is worse than none, so it may be None."""

    path: str
    line: int | None
    col: int | None
    message: str
    severity: Severity = Severity.ERROR

    def __str__(self) -> str:
        where = self.path
        if self.line is not None:
            where += f":{self.line}"
            if self.col is not None:
                where += f":{self.col}"
        return f"{where}: {self.severity.value}: {self.message}"

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR
