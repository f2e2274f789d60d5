"""Anki's card templates, parsed and rendered as Anki renders them (pure functions).

Templates: conditionals `{{#Field}}..{{/Field}}` and `{{^Field}}..{{/Field}}` are decided here; every
other `{{...}}` (fields, filters such as `cloze:`, `type:`, `text:`, `{{FrontSide}}`) becomes a token
that cards/anki_convert.py fills with the field's Markdown, so each field is converted once per note.
Cloze text is cards/anki_cloze.py's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_TAG = re.compile(r"\{\{(.*?)\}\}", re.DOTALL)
_HTML = re.compile(r"<[^>]*>|&nbsp;|\s")
_ANSWER_RULE = re.compile(r"<hr\s+id\s*=\s*[\"']?answer[\"']?\s*/?>", re.IGNORECASE)


def is_empty(html_text: str) -> bool:
    """Anki's test for an empty field in `{{#Field}}`: nothing left once tags and spaces go."""
    return not _HTML.sub("", html_text)


def token(index: int) -> str:
    """Placeholder for the index-th field reference of a side: letters only, so HTML to Markdown
    conversion leaves it as it is and the field's own Markdown is put in afterwards."""
    return f"QXF{index}FXQ"


TOKEN = re.compile(r"QXF(\d+)FXQ")


@dataclass(frozen=True)
class Side:
    """A rendered side: HTML with a token per field reference, and the references (`filter:Field`)."""

    html: str
    refs: tuple[str, ...]


def render(template: str, fields: dict[str, str]) -> Side:
    """One side of a template: sections kept or dropped by the fields' values (HTML), every other
    `{{...}}` replaced by a token naming it."""
    out: list[str] = []
    refs: list[str] = []
    skipping = 0
    stack: list[tuple[str, bool]] = []
    at = 0
    for match in _TAG.finditer(template):
        if not skipping:
            out.append(template[at : match.start()])
        at = match.end()
        name = match.group(1).strip()
        if name[:1] in "#^":
            key = name[1:].strip()
            shown = not is_empty(fields.get(key, ""))
            keep = shown if name[0] == "#" else not shown
            stack.append((key, keep))
            skipping += not keep
        elif name[:1] == "/":
            if stack and stack[-1][0] == name[1:].strip():
                skipping -= not stack.pop()[1]
        elif not skipping:
            out.append(token(len(refs)))
            refs.append(name)
    if not skipping:
        out.append(template[at:])
    return Side("".join(out), tuple(refs))


def answer_part(html_text: str) -> str:
    """What the answer side adds: what follows `<hr id=answer>` if there is one, else all of it."""
    rule = _ANSWER_RULE.search(html_text)
    return html_text[rule.end() :] if rule else html_text
