"""Card text (Markdown) as screens show it: "+" lines kept as written, math as Unicode.

A line starting "+ " inside a paragraph or a list item ("  + m + v)", "- + AMP (2.38x)") means plus,
but CommonMark reads it as a new bullet and drops the "+"; such a "+" is escaped. A "+" list that
starts after a blank line (or follows another "+ " item) stays a list. Code fences are left alone.
"""

from __future__ import annotations

import re

from engine.mathtext import math_to_unicode

_PLUS = re.compile(r"^(\s*)\+ ")
_BULLET_PLUS = re.compile(r"^(\s*(?:[-*]|\d+[.)])\s+)\+ ")
_FENCE = re.compile(r"^\s*(```|~~~)")


def keep_plus_lines(markdown: str) -> str:
    """Escape each "+" that CommonMark would take for a bullet but the text means as plus."""
    if "+ " not in markdown:
        return markdown
    lines = markdown.split("\n")
    in_fence, previous_blank, previous_plus_item = False, True, False
    for index, line in enumerate(lines):
        if _FENCE.match(line):
            in_fence = not in_fence
        if in_fence:
            previous_blank, previous_plus_item = False, False
            continue
        plus = _PLUS.match(line)
        if plus and not previous_blank and not previous_plus_item:
            lines[index] = f"{plus.group(1)}\\+ {line[plus.end() :]}"
            plus = None
        elif not plus:
            lines[index] = _BULLET_PLUS.sub(r"\1\\+ ", line)
        previous_blank, previous_plus_item = not line.strip(), plus is not None
    return "\n".join(lines)


def shown_markdown(markdown: str) -> str:
    """What a screen renders for card or drill text."""
    return math_to_unicode(keep_plus_lines(markdown))
