"""TeX math in card text (`\\( \\)`, `\\[ \\]`, `$$ $$`, `$ $`) as readable Unicode for the terminal.

pylatexenc turns the TeX into text (\\alpha -> α, \\frac{a}{b} -> a/b, \\sqrt{x} -> √(x)); super- and
subscripts become Unicode ones when every character has one (n^2 -> n², x_{i} -> xᵢ), else ^(...)
and _(...). A `$` opens math only when a non-space follows it and closes only after a non-space and
before no digit or letter, so "$5 and $10" stays prices. Pure: the same text gives the same result.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

MAX_SPAN_CHARS = 1_000
"""Longer spans are left as written (and the search stays linear in the text's length)."""
_N = f"{{1,{MAX_SPAN_CHARS}}}?"
_SPAN = re.compile(
    rf"(?P<code>`+)[^`]{_N}(?P=code)"  # code spans are skipped, as Markdown shows them verbatim
    rf"|\\\((?P<inline>.{_N})\\\)|\\\[(?P<display>.{_N})\\\]|\$\$(?P<ddisplay>.{_N})\$\$"
    rf"|(?<![\\$\w])\$(?=[^\s$])(?P<dollar>[^$\n]{{0,{MAX_SPAN_CHARS}}}?[^\s$\\])\$(?![\w$])",
    re.DOTALL,
)
_SCRIPT = re.compile(r"([\^_])(?:\{([^{}]*)\}|(\\[A-Za-z]+|[^\s{}\\]))")
_SUP = str.maketrans("0123456789+-=()nix", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱˣ")
_SUB = str.maketrans("0123456789+-=()aeoxhklmnpstijruv", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₒₓₕₖₗₘₙₚₛₜᵢⱼᵣᵤᵥ")
_SUP_FROM, _SUB_FROM = set("0123456789+-=()nix"), set("0123456789+-=()aeoxhklmnpstijruv")
_MARKDOWN = re.compile(r"([\\*_`])")


@dataclass(frozen=True)
class MathSpan:
    """One math span of a text: where it is, its TeX, and whether it is displayed (on its own line)."""

    start: int
    end: int
    tex: str
    display: bool


def math_spans(text: str) -> Iterator[MathSpan]:
    """The math spans of a text, in order (none longer than MAX_SPAN_CHARS)."""
    if "\\" not in text and "$" not in text:
        return
    for match in _SPAN.finditer(text):
        if match.group("code") is None:
            kind = next(k for k in ("inline", "display", "ddisplay", "dollar") if match.group(k) is not None)
            yield MathSpan(match.start(), match.end(), match.group(kind), kind in ("display", "ddisplay"))


def _grouped(text: str) -> str:
    return text if len(text) <= 1 or text.isalnum() else f"({text})"


@lru_cache(maxsize=1)
def _converter():  # type: ignore[no-untyped-def]
    from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, get_default_latex_context_db

    def frac(node, l2tobj):  # type: ignore[no-untyped-def]
        top, bottom = (l2tobj.nodelist_to_text([arg]).strip() for arg in node.nodeargd.argnlist[-2:])
        return f"{_grouped(top)}/{_grouped(bottom)}"

    context = get_default_latex_context_db()
    macros = [MacroTextSpec("frac", simplify_repl=frac)]
    context.add_context_category("flopcards", macros=macros, prepend=True)
    return LatexNodes2Text(latex_context=context, math_mode="text", strict_latex_spaces=True)


def _script(match: re.Match[str]) -> str:
    mark, body = match.group(1), match.group(2) if match.group(2) is not None else match.group(3)
    text = tex_to_text(body) if "\\" in body else body
    table, chars = (_SUP, _SUP_FROM) if mark == "^" else (_SUB, _SUB_FROM)
    if text and set(text) <= chars:  # `{}` ends a macro name before it: \alpha{}ᵢ, not \alphaᵢ
        return "{}" + text.translate(table)
    return f"{{}}{mark}{text}" if len(text) == 1 else f"{{}}{mark}({text})"


def tex_to_text(tex: str) -> str:
    """One span's TeX as Unicode text."""
    scripted = _SCRIPT.sub(_script, tex)
    return " ".join(str(_converter().latex_to_text(scripted)).split())


def math_to_unicode(markdown: str) -> str:
    """Card text (Markdown) with every math span replaced by its Unicode text, escaped for Markdown."""
    out: list[str] = []
    at = 0
    for span in math_spans(markdown):
        out.append(markdown[at : span.start])
        try:
            text = tex_to_text(span.tex)
        except Exception:  # pylatexenc on malformed TeX: show it as written
            text = span.tex
        out.append(_MARKDOWN.sub(r"\\\1", text))
        at = span.end
    if not out:
        return markdown
    out.append(markdown[at:])
    return "".join(out)
