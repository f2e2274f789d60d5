"""'Given:' lists what the question uses: a param only the template's constraints read (a model's
maximum context beside the context asked about, a GPU's memory size in a time question) is left out,
and leaving one out never hides a number the answer needs."""

from __future__ import annotations

import math

from drills.generator import _solve, build, generate, templates_for
from drills.present import given_line, question_markdown


def test_tpot_lists_the_context_it_asks_about_not_the_models_maximum() -> None:
    drill = generate("tpot", 5)
    text = question_markdown(drill)
    assert "16,384 tokens of\ncontext" in text or "16,384 tokens of context" in text.replace("\n", " ")
    assert "- `ctx` = 16,384" in text
    assert "`context` =" not in text  # Qwen3-8B's 40,960-token maximum, read only by a constraint
    assert "`hbm` =" not in text
    assert set(drill.unused) == {"context", "hbm"}


def test_a_param_left_out_of_given_never_changes_the_answer() -> None:
    templates = templates_for()
    hidden_somewhere = 0
    for kind, template in templates.templates.items():
        for seed in range(4):
            drill = build(template, seed)
            values = {p.name: p.value for p in drill.params}
            for name in drill.unused:
                if isinstance(values[name], str):
                    continue
                hidden_somewhere += 1
                changed = dict(values)
                changed[name] = float(values[name]) * 1.37 + 1  # type: ignore[arg-type]
                numeric = {k: v for k, v in changed.items() if not isinstance(v, str)}
                for derived, formula in template.derived:  # recomputed from the changed value
                    changed[derived] = numeric[derived] = formula.evaluate(numeric)
                expected = _solve(template, changed)[0]
                assert math.isclose(expected, drill.expected, rel_tol=1e-12), (kind, seed, name)
    assert hidden_somewhere > 50  # the rule is at work across the catalog, not on one kind


def test_an_option_shown_under_given_is_a_quantity_not_a_bare_coefficient() -> None:
    """A chosen option is named by its label in the prompt; 'attn = 5' or 'recompute = 1' under
    'Given:' is a formula's coefficient or a flag, not a number of the set-up: it gives the formula
    away (Korthikanti's 5·a·s/h) and reads as noise. A unitless option is listed only when the
    prompt states that same number itself."""
    templates = templates_for()
    options_seen = 0
    for kind, template in templates.templates.items():
        drill = build(template, 0)
        names = {p.name for p in drill.params}
        hidden = {*drill.taught, *drill.unused}
        text = question_markdown(drill)
        for p in drill.params:
            if f"{p.name}_label" not in names or p.name in hidden:
                continue
            options_seen += 1
            if p.unit == "":
                assert f"{{{p.name}}}" in template.spec.prompt, (kind, p.name, p.display)
            assert given_line(p) in text
    assert options_seen > 15
