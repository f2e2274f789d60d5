"""The due, held and day-total rules are written once, in engine/store/rules.py: no other module of
the tree (SQL text or SQLAlchemy expression) spells them out again. Migrations are history: left out."""

from __future__ import annotations

import re
from pathlib import Path

TREE = Path(__file__).resolve().parent.parent
HOME = TREE / "engine" / "store" / "rules.py"
SQL_TRUE = r"(?:1|:\w+|TRUE|true|sa\.true\(\))\b"
PATTERNS = {
    "due: scheduled on or before the day": re.compile(r"due_day\s*<=\s*:?today\b(?!\s*\+)"),
    "due: failed earlier the same day": re.compile(rf"repeat_today\s*(?:==\s*|=\s*{SQL_TRUE}|\.is_\()"),
    "held: suspended": re.compile(rf"\bsuspended\s*(?:==\s*|=\s*{SQL_TRUE}|\.is_\()"),
    "held: buried until a later day": re.compile(r"buried_until\s*>(?!=)"),
    "day totals: new or scheduled answers": re.compile(
        r"ReviewRow\.(?:was_new|same_day_repeat)|\b(?:NOT|WHEN|not)\s+(?:was_new|same_day_repeat)\b"
    ),
}


def spelled_out(text: str) -> set[str]:
    return {rule for rule, pattern in PATTERNS.items() if pattern.search(text)}


def test_the_patterns_find_each_rule_where_it_is_defined() -> None:
    """Else the test below could not fail."""
    assert spelled_out(HOME.read_text(encoding="utf-8")) == set(PATTERNS)
    samples = [
        "CardStateRow.due_day <= today",
        "WHERE repeat_today = 1 AND last_day = ?",
        "CardMarkRow.suspended.is_(True)",
        "m.buried_until > today",
        "sa.and_(~ReviewRow.was_new, ~ReviewRow.same_day_repeat)",
        "sum(CASE WHEN was_new AND NOT (0) THEN 1 ELSE 0 END)",
    ]
    assert all(spelled_out(sample) for sample in samples)
    harmless = [
        "row.repeat_today = state.repeat_today",
        "replace(mark, suspended=True)",
        "due_day <= today + timedelta(days=days)",
    ]
    assert not any(spelled_out(sample) for sample in harmless)


def test_each_rule_has_one_definition() -> None:
    files = [
        path
        for package in ("engine", "cards", "drills", "tui")
        for path in (TREE / package).rglob("*.py")
        if path != HOME and "migrations" not in path.parts
    ]
    assert len(files) > 100
    again = {
        str(path.relative_to(TREE)): sorted(found)
        for path in files
        if (found := spelled_out(path.read_text(encoding="utf-8")))
    }
    assert again == {}, f"rules written again outside {HOME.relative_to(TREE)}: {again}"
