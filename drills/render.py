"""Text rendering for drills: {placeholder} prompts, number display, formulas with values substituted."""

from __future__ import annotations

import re
from collections.abc import Mapping

from drills.article import article
from engine.units import format_number

_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|[{}]")
# A placeholder with the article written before it ("a {gpu}"): the article agrees with the value.
_RENDER = re.compile(
    r"(?:(?<![\w'’-])(?P<art>[Aa]n?)(?P<gap>\s+)(?=\{[^{]))?"
    r"(?P<token>\{\{|\}\}|\{(?P<inner>[^{}]*)\}|[{}])"
)
_INNER = re.compile(r"^([a-z][a-z0-9_]*)(?::(,?(?:\.\d{1,2})?[defg%]?))?$")
_TOKEN = re.compile(
    r"\s*(?:(?P<num>(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?)"
    r"|(?P<name>[A-Za-z_]\w*)|(?P<op>\*\*|[-+*/^(),×·−÷]))"
)
_PRETTY_OPS = {
    "*": " × ",
    "×": " × ",
    "·": " × ",
    "/": " / ",
    "÷": " / ",
    "+": " + ",
    "-": " − ",
    "−": " − ",
    "**": "^",
    "^": "^",
    ",": ", ",
    "(": "(",
    ")": ")",
}

Value = int | float | str


class RenderError(ValueError):
    """A template text could not be rendered (bad or unknown placeholder)."""


def placeholders(text: str) -> list[tuple[str, str | None]]:
    """The (name, format spec) pairs a text refers to; RenderError on malformed braces."""
    found: list[tuple[str, str | None]] = []
    for m in _PLACEHOLDER.finditer(text):
        token = m.group(0)
        if token in ("{{", "}}"):
            continue
        if m.group(1) is None:
            raise RenderError(
                f"unbalanced '{token}' at position {m.start() + 1} (write {token}{token} for a literal brace)"
            )
        inner = _INNER.match(m.group(1).strip())
        if inner is None:
            raise RenderError(f"bad placeholder '{token}': use {{name}} or {{name:.3g}}")
        found.append((inner.group(1), inner.group(2)))
    return found


def format_value(value: Value, spec: str | None = None) -> str:
    """How a param reads in a question: 8,192 / 989.4 / 0.05 / 'Llama-3-8B'."""
    if isinstance(value, str):
        return value
    if spec:
        try:
            return format(value, spec)
        except (ValueError, TypeError):  # '{a:d}' met 2.5: shown plainly (validate reports the spec)
            pass
    if float(value).is_integer() and abs(value) < 1e15:
        return f"{int(value):,}"
    return f"{value:.6g}"


def _starts_sentence(text: str, at: int) -> bool:
    """Whether a capital 'A' at `at` opens a sentence (an article) rather than naming something."""
    before = text[:at].rstrip()
    return not before or before[-1] in ".!?:;(\"“'‘"


def render(text: str, values: Mapping[str, Value]) -> str:
    """Replace each {name} / {name:spec} with its formatted value; {{ and }} are literal braces.

    An 'a' or 'an' written just before a placeholder is made to agree with the value drawn:
    "a {gpu}" reads "an H200" or "a B200", "a {n}-GPU node" reads "an 8-GPU node".
    """

    def sub(m: re.Match[str]) -> str:
        token = m.group("token")
        if token == "{{":
            return "{"
        if token == "}}":
            return "}"
        inner = _INNER.match((m.group("inner") or "").strip())
        if inner is None or inner.group(1) not in values:
            raise RenderError(f"unknown placeholder '{token}'")
        value = values[inner.group(1)]
        shown = format_value(value, inner.group(2) if not isinstance(value, str) else None)
        written = m.group("art")
        if written is None:
            return shown
        if written[0] == "A" and not _starts_sentence(m.string, m.start()):
            return f"{written}{m.group('gap')}{shown}"  # 'matrix A {n}': a name, not an article
        agreed = article(shown)
        if written[0].isupper():
            agreed = agreed.capitalize()
        return f"{agreed}{m.group('gap')}{shown}"

    return _RENDER.sub(sub, text)


def _tokens(text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            raise RenderError(f"cannot display formula '{text}' (at position {pos + 1})")
        kind = m.lastgroup or "op"
        out.append((kind, m.group(kind)))
        pos = m.end()
    return out


def pretty(
    text: str, values: Mapping[str, float] | None = None, called: Mapping[str, str] | None = None
) -> str:
    """Formula for display ('2 × layers × kv_heads'), or with values substituted if given;
    `called` renames names for the reader (a worked step's result: 'n2' -> 'step 1')."""
    parts: list[str] = []
    prev = "op"
    for kind, tok in _tokens(text):
        if kind == "op":
            op = _PRETTY_OPS[tok]
            if tok in ("-", "−") and prev == "op":
                op = "−"  # unary minus
            parts.append(op)
            prev = "op" if tok != ")" else "close"
        elif kind == "name" and values is not None and tok in values:
            parts.append(format_number(float(values[tok])))
            prev = "value"
        elif kind == "name" and called is not None and tok in called:
            parts.append(called[tok])
            prev = "value"
        else:
            parts.append(tok)
            prev = "value"
    return re.sub(r"\s+", " ", "".join(parts)).strip()
