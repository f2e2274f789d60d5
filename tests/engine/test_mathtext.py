"""TeX math in card text shown as Unicode: the spans found, the text made, and prices left alone."""

from __future__ import annotations

import time

import pytest

from engine.mathtext import MAX_SPAN_CHARS, math_spans, math_to_unicode


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (r"KV cache per token: \(4 n^2 d\) bytes", "KV cache per token: 4 n² d bytes"),
        (r"\[ \frac{a}{b} \cdot \sqrt{x} \]", "a/b ·√(x)"),
        ("bubble $\\frac{p-1}{m+p-1}$ of the step", "bubble (p-1)/(m+p-1) of the step"),
        (r"$$\alpha_{i} + \beta^{10}$$", "α\u1d62 + β¹⁰"),
        (r"\(x_{\text{max}}\)", r"x\_max"),
        (r"\(a * b\)", r"a \* b"),
        (r"\(2 \times 10^{9}\) B", "2 ×10⁹ B"),
    ],
)
def test_math_becomes_unicode(text: str, shown: str) -> None:
    assert math_to_unicode(text) == shown


@pytest.mark.parametrize(
    "text",
    ["costs $5 and $10 per hour", "$ 5 $", "price: $3.50, or $4", r"a \$ b \$ c", "no math at all", "`$x$`x"],
)
def test_prices_and_plain_text_stay_as_written(text: str) -> None:
    assert math_to_unicode(text) == text


def test_a_span_too_long_is_left_as_written_and_the_work_is_bounded() -> None:
    long = "\\(" + "x^2 " * (MAX_SPAN_CHARS // 4 + 1) + "\\)"
    assert list(math_spans(long)) == [] and math_to_unicode(long) == long
    hostile = "$a" * 50_000 + "\\(" * 50_000
    start = time.process_time()
    math_to_unicode(hostile)
    assert time.process_time() - start < 5  # linear, not quadratic, in the text's length
