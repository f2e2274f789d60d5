"""Anki's cloze text (rslib/src/cloze.rs), parsed once per note and rendered per card in linear time.

Every number found at any depth, nested clozes included, makes a card; on its front the clozes of that
number are hidden as [...] (or [hint]), every other cloze shows its text; on its back the clozes of
that number are bold. The text is flattened once into the text with every cloze shown plus, per
number, where its clozes open and close, so a card costs its own length, not a walk of the whole note.
A long text (more than WHOLE_CHARS, or more than WHOLE_BUDGET characters over all its cards) is shown
on each card as the lines around that card's clozes, cut at "…", as Anki's reviewer scrolls to them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

_CLOZE_TOKEN = re.compile(r"\{\{c(\d+)::|\}\}")
MAX_NESTING = 10
"""Anki ignores cloze openings nested deeper than this."""
WHOLE_CHARS = 5_000
"""A cloze text up to this long is shown whole on every card (a few screens)."""
WHOLE_BUDGET = 1_000_000
"""...unless its cards would repeat it more than this many characters in all (length x numbers)."""
CONTEXT_CHARS = 400
"""Characters of text kept on each side of a card's clozes when the text is shown in part."""
CUT = "…"


@dataclass
class Cloze:
    """One `{{cN::...}}`: its number, its content (text and nested clozes) and its hint."""

    number: int
    nodes: list[str | Cloze] = field(default_factory=list)
    hint: str | None = None


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


class Edge(NamedTuple):
    """Where a cloze opens (with its hint) or closes, as an offset into the shown text (a tuple:
    one per cloze edge, made by the thousand)."""

    at: int
    opens: bool
    hint: str | None = None


@dataclass(frozen=True)
class ClozeText:
    """A cloze field flattened: the text with every cloze shown, and each number's edges in order."""

    shown: str
    edges: dict[int, tuple[Edge, ...]]

    @property
    def numbers(self) -> list[int]:
        """Every cloze number at any depth, ascending (0 counts as 1, as in Anki)."""
        return sorted(self.edges)

    @property
    def whole(self) -> bool:
        """Each card shows the whole text (else the part around its own clozes)."""
        size = len(self.shown)
        return size <= WHOLE_CHARS and size * len(self.edges) <= WHOLE_BUDGET

    def side(self, number: int, *, question: bool, bold: tuple[str, str] = ("<b>", "</b>")) -> str:
        """Cloze `number`'s side: hidden as [...] or [hint] on the question, in `bold` on the answer."""
        edges = self.edges.get(number, ())
        edits: list[tuple[int, int, str]] = []  # (start, end, replacement) in text order
        spans: list[tuple[int, int]] = []  # the outermost clozes of this number
        depth, start, hint = 0, 0, None
        for edge in edges:
            if not question:
                edits.append((edge.at, edge.at, bold[0] if edge.opens else bold[1]))
            if edge.opens:
                if depth == 0:
                    start, hint = edge.at, edge.hint
                depth += 1
                continue
            depth -= 1
            if depth == 0:
                spans.append((start, edge.at))
                if question:
                    edits.append((start, edge.at, f"[{hint}]" if hint else "[...]"))
        if self.whole or not spans:
            return _apply(self.shown, edits, [(0, len(self.shown))])
        windows = _windows(self.shown, spans)
        head = f"{CUT} " if windows[0][0] > 0 else ""
        tail = f" {CUT}" if windows[-1][1] < len(self.shown) else ""
        return f"{head}{_apply(self.shown, edits, windows)}{tail}"


def _apply(text: str, edits: list[tuple[int, int, str]], windows: list[tuple[int, int]]) -> str:
    """The windows of `text` joined by a cut mark, with the edits made (each lies inside one window;
    both lists in text order, so one pass over each)."""
    out: list[str] = []
    edit = 0
    for index, (begin, end) in enumerate(windows):
        if index:
            out.append(f" {CUT} ")
        at = begin
        while edit < len(edits) and edits[edit][1] <= end:
            start, stop, replacement = edits[edit]
            out += (text[at:start], replacement)
            at = stop
            edit += 1
        out.append(text[at:end])
    return "".join(out)


def _windows(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """CONTEXT_CHARS around each span, cut at a line break or else a space, overlapping ones merged."""
    out: list[tuple[int, int]] = []
    for start, stop in spans:
        begin, end = max(0, start - CONTEXT_CHARS), min(len(text), stop + CONTEXT_CHARS)
        if begin > 0:
            cut = text.find("\n", begin, start)
            cut = cut if cut >= 0 else text.find(" ", begin, start)
            begin = cut + 1 if cut >= 0 else begin
        if end < len(text):
            cut = text.rfind("\n", stop, end)
            cut = cut if cut >= 0 else text.rfind(" ", stop, end)
            end = cut if cut >= 0 else end
        if out and begin <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((begin, end))
    return out


def cloze_text(text: str) -> ClozeText:
    """Parse `text` once and flatten it (see ClozeText)."""
    shown: list[str] = []
    edges: dict[int, list[Edge]] = {}
    size = 0
    stack: list[tuple[list[str | Cloze], int, int]] = [(parse_cloze(text), 0, 0)]
    while stack:  # depth-first without recursion; each entry: a node list, next index, its number
        nodes, index, number = stack.pop()
        if index == len(nodes):
            if stack:  # a cloze's content ends: its closing edge
                edges[number].append(Edge(size, False))
            continue
        stack.append((nodes, index + 1, number))
        node = nodes[index]
        if isinstance(node, str):
            shown.append(node)
            size += len(node)
        else:
            inner = max(1, node.number)
            edges.setdefault(inner, []).append(Edge(size, True, node.hint))
            stack.append((node.nodes, 0, inner))
    return ClozeText("".join(shown), {n: tuple(found) for n, found in edges.items()})
