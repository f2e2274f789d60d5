"""Drill kinds as study items: deck `drills`, one item per kind, shown as a freshly generated drill."""

from __future__ import annotations

from collections.abc import Sequence

from drills.attempts import DRILL_DECK, drill_key
from drills.generator import DrillError, check, generate, kinds
from drills.loader import TemplateSet
from drills.present import question_markdown, solution_markdown
from engine.app.items import ItemGroup, Prompt
from engine.cardtext import shown_markdown

DECK_TITLE = "Drill kinds (review the ones you miss)"


class DrillSource:
    """The ItemSource of drill kinds: they join the schedule from a drill session, never as new cards."""

    def __init__(self, templates: TemplateSet) -> None:
        self.templates = templates

    def deck_ids(self) -> Sequence[str]:
        return [DRILL_DECK]

    def deck_title(self, deck_id: str) -> str | None:
        return DECK_TITLE if deck_id == DRILL_DECK else None

    def groups(self) -> Sequence[ItemGroup]:
        keys = [drill_key(kind) for kind, _, _ in kinds(self.templates)]
        return [ItemGroup(DRILL_DECK, keys, new_in_review=False)] if keys else []

    def prompt(self, key: str, seed: int) -> Prompt:
        kind = key.partition("/")[2]
        try:
            drill = generate(kind, seed, templates=self.templates)
        except DrillError as error:
            return Prompt(key, f"*(drill kind {kind} is no longer available: {error})*", "")
        unit = f"a number in {drill.unit}" if drill.unit else "a number"
        return Prompt(
            key,
            shown_markdown(question_markdown(drill)),
            shown_markdown(solution_markdown(drill)),
            unit,
            lambda t: check(drill, t),
            subject=drill,
            graded_by_answer=True,
        )
