"""A template's count answer declares its noun, scale and conversions; bad ones are refused clearly."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from drills.schema import Answer


def test_a_count_answer_declares_a_known_noun() -> None:
    answer = Answer(formula="tp * 2", integer=True, noun="GPU", per={"replica": "tp", "node": 8})
    assert answer.noun == "GPU" and answer.per == {"replica": "tp", "node": 8}


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        ({"noun": "GPUs"}, "write 'GPU'"),
        ({"noun": "widget"}, "e.g. GPU, node"),
        ({"noun": "GPU", "per": {"nodes": 8}}, "write 'node'"),
        ({"per": {"node": 8}}, "'per' needs the answer's 'noun'"),
        ({"noun": "GPU", "unit": "GB"}, "its noun is its unit"),
        ({"noun": "token", "scale": 0}, "greater than 0"),
    ],
)
def test_bad_count_declarations_are_refused_with_the_reason(fields: dict[str, object], says: str) -> None:
    with pytest.raises(ValidationError, match=says):
        Answer.model_validate({"formula": "x", **fields})
