"""A drill template's problem: engine's positioned Problem, with `file` as another name for `path`."""

from __future__ import annotations

from engine import problems


class Problem(problems.Problem):
    """engine's positioned Problem; `file` is kept as another name for `path`."""

    @property
    def file(self) -> str:
        return self.path
