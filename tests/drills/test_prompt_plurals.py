"""A drawn value reads right in its sentence: no prompt says "1 requests" or "a batch of 1
requests" when the draw picks one (tpot, gqa-saving, kv-max-context and sliding-window-kv did),
and no text says "a H200", "a 8,192-token prompt" or "A 18-layer model" (roofline-attainable,
ttft, activation-checkpoint-sqrt did: the article was written before the placeholder)."""

from __future__ import annotations

import re
from functools import cache

import pytest

from drills.article import article
from drills.catalog import load_catalog
from drills.generator import build, templates_for
from drills.render import render

ONE_PLURAL = re.compile(
    r"(?<![\d.,])1 (?:requests|sequences|tokens|GPUs|nodes|layers|experts|steps|micro-batches)\b"
)
# eleven…, eighteen…, eleven thousand…: 11, 18, 11,000 (not 110, 118 or 1,800)
ELEVEN = r"1[18](?:,\d\d\d)*(?!\w|,\d)"
SPELLED = r"(?:[A-Z\d]|(?![A-Za-z]))"  # a capital read by its letter name: H100, HGX, B200, F
# "a" where "an" is due: eight…, eleven…, aitch/el/em/ef… spelled out, a vowel
A_BEFORE_VOWEL_SOUND = re.compile(
    r"(?<![\w'’-])[Aa] (?:8|" + ELEVEN + r"|[AEFHILMNORSX]" + SPELLED + r"|[aei]|o(?!ne\b))"
)
# "an" where "a" is due: any other number, bee/gee/vee… spelled out, a consonant
AN_BEFORE_CONSONANT_SOUND = re.compile(
    r"(?<![\w'’-])[Aa]n (?!" + ELEVEN + r")(?:[0-79]|[BCDGJKPQTUVWYZ]" + SPELLED + r"|[bcdfgjklmnpqrstvwxyz])"
)


@cache
def drawn_texts() -> tuple[tuple[str, str, str], ...]:
    """(kind/seed, prompt, every other shown text) for every kind over 40 seeds, drawn once."""
    out = []
    for kind, template in templates_for().templates.items():
        for seed in range(40):
            drill = build(template, seed)
            others = " | ".join((drill.hint, *drill.conventions, *drill.measured))
            out.append((f"{kind}/{seed}", " ".join(drill.prompt.split()), " ".join(others.split())))
    return tuple(out)


def wrong_articles(text: str) -> list[str]:
    return [
        m.group(0) for rule in (A_BEFORE_VOWEL_SOUND, AN_BEFORE_CONSONANT_SOUND) for m in rule.finditer(text)
    ]


def test_no_prompt_puts_a_plural_noun_after_one() -> None:
    seen = [
        f"{where}: {m.group(0)}" for where, prompt, _ in drawn_texts() for m in ONE_PLURAL.finditer(prompt)
    ]
    assert seen == []


def test_no_drawn_text_puts_the_wrong_article_before_a_value() -> None:
    seen = [
        f"{where}: {wrong}"
        for where, prompt, others in drawn_texts()
        for wrong in wrong_articles(f"{prompt} | {others}")
    ]
    assert seen == []


def test_every_catalog_name_gets_its_article() -> None:
    catalog = load_catalog()
    names = [e.name for group in (catalog.models, catalog.gpus, catalog.interconnects) for e in group]
    for template in ("a {x} is used", "An {x} is used", "(an {x})"):
        shown = [render(template, {"x": name}) for name in names]
        assert [s for s in shown if wrong_articles(s)] == []
    assert render("a {x}", {"x": "H200 SXM 141GB"}) == "an H200 SXM 141GB"
    assert render("A {x}", {"x": "B200 (HGX) 180GB"}) == "A B200 (HGX) 180GB"
    assert render("Done. A {n}-stage pipe", {"n": 8}) == "Done. An 8-stage pipe"
    assert render("matrix A {n} wide", {"n": 8}) == "matrix A 8 wide"  # a capital A mid-sentence is a name


SPOKEN = (  # noqa: SIM905  (a list literal would take a line per case)
    "an H100|an A100|an HGX|an 8-GPU|an MI300X|an L40S|an NVLink 4|an FP8|an InfiniBand NDR"
    "|an AMD Infinity Fabric|a B200|a GB200|a V100|a PCIe 5.0 x16|a BF16|a Llama-3-8B|a Mixtral-8x7B"
    "|a Qwen3-8B|a DeepSeek-V3|a gpt-oss-20b|a LoRA|a unit|a one-hour|an hour|an expert"
    "|an 8|an 8,192|an 80|an 11|an 18|an 18,000|an 11.5|a 1|a 110|a 180|a 1,800|a 4,096|a 0.5"
).split("|")


@pytest.mark.parametrize("spoken", SPOKEN)
def test_the_article_follows_the_sound(spoken: str) -> None:
    expected, value = spoken.split(" ", 1)
    assert article(value) == expected
    assert render("a {v} x", {"v": value}) == f"{spoken} x"
    assert wrong_articles(spoken) == []


def test_capitals_spoken_as_a_word_take_their_sound() -> None:
    assert [article(word) for word in ("FLOP", "FLOPs", "RAM", "LoRA")] == ["a"] * 4


def test_the_check_sees_a_wrong_article() -> None:
    wrong = "a H200, a A100, a 8-GPU node, A 18-layer model, a 11,000, an B200, an 1,024, an 18,00"
    assert wrong_articles(wrong) == ["a H2", "a A1", "a 8", "A 18", "a 11,000", "an B2", "an 1", "an 1"]
