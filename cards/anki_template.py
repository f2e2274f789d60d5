"""Anki's card templates and cloze text, parsed and rendered as Anki renders them (pure functions).

Templates: conditionals `{{#Field}}..{{/Field}}` and `{{^Field}}..{{/Field}}` are decided here; every
other `{{...}}` (fields, filters such as `cloze:`, `type:`, `text:`, `{{FrontSide}}`) becomes a token
that cards/anki_convert.py fills with the field's Markdown, so each field is converted once per note.
Cloze: Anki's parser (rslib/src/cloze.rs), nested clozes included: every number found at any depth
makes a card; on its front the clozes of that number are hidden as [...] (or [hint]), every other
cloze shows its text; on its back the clozes of that number are bold.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_CLOZE_TOKEN = re.compile(r"\{\{c(\d+)::|\}\}")
_TAG = re.compile(r"\{\{(.*?)\}\}", re.DOTALL)
_HTML = re.compile(r"<[^>]*>|&nbsp;|\s")
_ANSWER_RULE = re.compile(r"<hr\s+id\s*=\s*[\"']?answer[\"']?\s*/?>", re.IGNORECASE)
MAX_NESTING = 10
"""Anki ignores cloze openings nested deeper than this."""


@dataclass
class Cloze:
    """One `{{cN::...}}`: its number, its content (text and nested clozes) and its hint."""

    number: int
    nodes: list[str | Cloze] = field(default_factory=list)
    hint: str | None = None

    def numbers(self) -> set[int]:
        found = {self.number}
        for node in self.nodes:
            if isinstance(node, Cloze):
                found |= node.numbers()
        return found


def parse_cloze(text: str) -> list[str | Cloze]:
    """Text and clozes, as Anki's parser splits them (unclosed openings stay literal text)."""
    output: list[str | Cloze] = []
    open_: list[tuple[Cloze, str]] = []
    at = 0
    for match in _CLOZE_TOKEN.finditer(text):
        _add_text(output, open_, text[at : match.start()])
        at = match.end()
        if match.group(1) is not None:
            if len(open_) < MAX_NESTING:
                open_.append((Cloze(int(match.group(1))), match.group(0)))
            else:
                _add_text(output, open_, match.group(0))
        elif open_:
            cloze, _ = open_.pop()
            (open_[-1][0].nodes if open_ else output).append(cloze)
        else:
            output.append("}}")
    _add_text(output, open_, text[at:])
    while open_:  # unclosed: the opening and what followed it are plain text again
        cloze, opening = open_.pop()
        target = open_[-1][0].nodes if open_ else output
        target.append(opening)
        target.extend(cloze.nodes)
    return output


def _add_text(output: list[str | Cloze], open_: list[tuple[Cloze, str]], text: str) -> None:
    if not text:
        return
    if open_:
        cloze = open_[-1][0]
        if cloze.hint is None and "::" in text:
            text, cloze.hint = text.split("::", 1)
        cloze.nodes.append(text)
    else:
        output.append(text)


def cloze_numbers(nodes: list[str | Cloze]) -> list[int]:
    """Every cloze number at any depth, ascending (0 counts as 1, as in Anki)."""
    found: set[int] = set()
    for node in nodes:
        if isinstance(node, Cloze):
            found |= node.numbers()
    return sorted({max(1, number) for number in found})


def render_cloze(
    nodes: list[str | Cloze], number: int, *, question: bool, bold: tuple[str, str] = ("<b>", "</b>")
) -> str:
    """Cloze `number`'s side: hidden as [...] or [hint] on the question, in `bold` on the answer."""
    out: list[str] = []
    for node in nodes:
        if isinstance(node, str):
            out.append(node)
        elif max(1, node.number) == number:
            if question:
                out.append(f"[{node.hint}]" if node.hint else "[...]")
            else:
                inner = render_cloze(node.nodes, number, question=False, bold=bold)
                out.append(f"{bold[0]}{inner}{bold[1]}")
        else:
            out.append(render_cloze(node.nodes, number, question=question, bold=bold))
    return "".join(out)


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
