"""Over the corpus of answer forms people type (tests/drills/grader_corpus.py): nothing wrong is
marked correct and at most 1% of fair answers are refused."""

from __future__ import annotations

from functools import cache

from drills.generator import bundled_templates, check, generate
from engine.answers import Verdict
from tests.drills.grader_corpus import Fair, Tally, corpus, hand, tally


@cache
def _tally() -> Tally:
    return tally(corpus())


def test_corpus_is_large_and_covers_every_kind() -> None:
    forms = corpus()
    assert len(forms) >= 800
    kinds = {f.kind for f in forms}
    assert kinds == set(bundled_templates().templates)
    for fair in Fair:
        assert sum(f.fair is fair for f in forms) >= 100, fair


def test_no_wrong_or_wrong_unit_answer_is_marked_correct() -> None:
    bad = _tally().wrong_marked_right
    assert not bad, [(f.kind, f.seed, f.text, r.message) for f, r in bad]


def test_at_most_one_percent_of_fair_answers_refused() -> None:
    t = _tally()
    assert len(t.refused) <= t.fair // 100, [(f.kind, f.text, r.message) for f, r in t.refused]
    assert not t.close_marked_right, [(f.kind, f.text) for f, _ in t.close_marked_right]


def test_hand_written_forms_get_their_fair_verdicts() -> None:
    for form in hand(left=False):
        verdict = check(generate(form.kind, form.seed), form.text).verdict
        want = {
            Fair.RIGHT: {Verdict.CORRECT},
            Fair.WRONG: {Verdict.WRONG, Verdict.CLOSE},
            Fair.WRONG_UNIT: {Verdict.WRONG_UNIT},
            Fair.CLOSE: {Verdict.CLOSE},
        }[form.fair]
        assert verdict in want, (form, verdict)


def test_nodes_for_gpus_names_the_conversion() -> None:
    d = generate("serving-capacity", 2)
    n = round(d.expected)
    result = check(d, f"{n} nodes")
    assert result.verdict is Verdict.WRONG_UNIT
    assert f"{n} nodes = {n * 8:,} GPUs at 8 GPUs per node" in result.message


def test_a_scale_slip_is_named() -> None:
    d = generate("effective-batch-tokens", 2)
    shown = f"{d.expected:.4g}"
    result = check(d, f"{shown} tokens")
    assert result.verdict is Verdict.WRONG
    assert f"did you mean {float(shown):g} million?" in result.message
    assert result.slip == "scale"


def test_unreadable_says_which_part() -> None:
    d = generate("kv-cache", 1)
    for text, part in (("1.07 zorks", "'zorks'"), ("1.07 GB 3 4", "'3 4'"), ("TP=two", "'two'")):
        result = check(d, text)
        assert result.verdict is Verdict.UNREADABLE and part in result.message, (text, result.message)
