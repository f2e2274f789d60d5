"""Issue 14: the wrong statements are gone, every bundled figure cites a source; the lint rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards.lint import states_number
from cards.loader import BUNDLED_DIR
from cards.present import back_markdown, card_sources
from cards.schema import Card, Check
from tui.authoring import validate_paths

EXISTING = ("key-numbers", "systems", "debugging", "flashcards", "grill")
BUNDLED_FILES = sorted(BUNDLED_DIR.glob("*.yaml"))


def squashed(deck: str) -> str:
    return " ".join((BUNDLED_DIR / f"{deck}.yaml").read_text(encoding="utf-8").split())


OLD_WORDINGS = [
    ("key-numbers", "Crossover rose from 139 to 281 FLOP/byte"),
    ("key-numbers", "each generation makes more ops memory-bound"),
    ("systems", "smaller than 0.39% of a weight rounds to nothing"),
    ("key-numbers", "half the gap to the next BF16 value (2^−7)."),
    ("key-numbers", "**0.98 s** = 24.5 GB ÷ 25 GB/s"),
    ("debugging", "but 0.98 s over one HDR port per GPU"),
    ("flashcards", "A 12-36× gap"),
    ("flashcards", "900/25 = 36×"),
    ("flashcards", "InfiniBand (50 GB/s): ~215 ms"),
    ("flashcards", "Max degree = GPUs/node (~8)"),
    ("flashcards", "same range as fp32 → no overflow"),
    ("flashcards", "(and practically no overflow)"),
    ("grill", "large values don't overflow"),
    ("grill", "BF16's range removes both problems"),
    ("flashcards", "**Never used alone**"),
    ("flashcards", "Rarely used alone — always with TP + DP"),
    ("flashcards", "`optimizer.zero_grad()`: resets param.grad to zero"),
    ("flashcards", "min = num_GPUs × 1"),
    ("flashcards", "Can't decrease batch below num_GPUs"),
    ("grill", "25 MB by default"),
    ("flashcards", "Reduces BOTH param AND activation memory"),
    ("flashcards", "Reduces **both** parameter AND activation memory"),
    ("flashcards", "TP: layer weights /T, activations /T, optimizer /T"),
    ("flashcards", "/T (incl activations)"),
    ("debugging", "3-6x faster decode"),
    ("debugging", "~1.12-1.15x end to end"),
    ("debugging", "Continuous batching (2-3x throughput)"),
    ("debugging", "Raise `torch._dynamo.config.cache_size_limit`"),
    ("debugging", "keep it within NVLink (one node)"),
    ("systems", "fewer optimizer steps and communication rounds"),
    ("systems", "`torch.cuda.empty_cache()` defragments"),
    ("systems", "often 1.3–2× for a one-line change"),
    ("debugging", "1.1-1.4x on transformers"),
    ("key-numbers", "3.35 / 2.0 = 1.7x"),
    # issue 29: what a second expert read found wrong
    ("measured-h100", "exactly 2 bytes per parameter"),
    ("measured-h100", "framework overhead can add 8× more"),
    ("measured-h100", "7B model at the same ratio, 131 GB"),
    ("measured-h100", "is 33.6 MB of buffers and allocator rounding"),
    ("measured-h100", "629 at"),
    ("llm-serving", "48.1 ms HF eager vs 6.07 ms graph floor"),
    ("debugging", "vs 6.07 ms with every linear layer in one CUDA graph"),
    ("key-numbers", "6.07 ms for every linear layer in one CUDA graph: mostly launch and Python overhead"),
    ("llm-serving", "With short prompts and long outputs, disaggregation pays off"),
    ("llm-serving", "≈ 0.15 s on"),
    ("llm-serving", "**≈ 52 sequences**"),
    ("hardware-2026", "671/80 = 8.4"),
    ("hardware-2026", "288 − 70.6 = 217 GB"),
    ("hardware-2026", "leaves under 10 GB"),
    ("hardware-2026", "NVIDIA and AMD data sheets"),
    ("rl-infra", "verl and OpenRLHF docs"),
    ("attention-kernels", "Theorems 2 and 3"),
    ("attention-kernels", 'reductions between warps ("split-K")'),
    ("attention-kernels", "(≈ 0.49×)"),
    ("attention-kernels", "Llama 3 paper arXiv:2407.21783 §3.3.2 (CP)"),
    ("moe", "ST-MoE, arXiv:2202.08906 §3.1"),
    ("moe", "Bytes per step grow ~3.6×"),
    ("moe", "floor(4 * 3.2)"),
    ("moe", "~63 GB"),
    ("moe", "~47 GB there"),
    ("llm-serving", "§3.4 (Theorem 3.8)"),
    ("key-numbers", "§3.3 (Eq. 1)"),
    ("low-precision", "one NaN pattern"),
    ("key-numbers", "**156 FLOP/byte**"),
    ("key-numbers", "vs 156 on A100"),
    ("key-numbers", "(A100 crossover 156)"),
    ("key-numbers", "**≈ 288 GB**"),
    ("key-numbers", "Measured: 0.00739"),
    ("systems", "**Usually the data"),
    ("systems", "≈ 26.7 GB"),
    ("flashcards", "effective LR is K× too high"),
    ("flashcards", "why async is dead"),
    ("flashcards", "**Async** (dead)"),
    ("flashcards", "Fits an 80 GB A100 with ~45 GB left"),
    ("flashcards", "Mirelo"),
    ("grill", "1.12 TB / 80 GB = 14.0"),
    ("debugging", "Scenario: training OOMs at batch 4;"),
]


@pytest.mark.parametrize(("deck", "old"), OLD_WORDINGS, ids=[f"{d}:{o[:30]}" for d, o in OLD_WORDINGS])
def test_the_wrong_statement_is_gone(deck: str, old: str) -> None:
    assert " ".join(old.split()) not in squashed(deck)


NEW_WORDINGS = [
    ("systems", "72 on GB200/GB300 NVL72"),  # tp-capped-at-node-size
    ("debugging", "72 GPUs on GB200/GB300 NVL72"),  # explain-tensor-parallelism
    ("flashcards", "DeepSeek-V3 trained with PP16 × EP64 × ZeRO-1 DP and no TP"),
    ("debugging", "36.1 GB with one FP16 scale per group of 128"),
    ("systems", "≈ 1.43× training speed on average"),
    ("debugging", "≈ 1.43× training speed on average"),
    ("debugging", "`torch._dynamo.config.recompile_limit`"),
    ("key-numbers", "3.35 / 2.039 = 1.64x"),
    ("key-numbers", "H100 295, H200 206"),
]


@pytest.mark.parametrize(("deck", "new"), NEW_WORDINGS, ids=[f"{d}:{n[:30]}" for d, n in NEW_WORDINGS])
def test_the_corrected_statement_is_there(deck: str, new: str) -> None:
    assert " ".join(new.split()) in squashed(deck)


def test_the_existing_decks_are_all_checked() -> None:
    assert {f.stem for f in BUNDLED_FILES} >= set(EXISTING)


@pytest.mark.parametrize("path", BUNDLED_FILES, ids=lambda p: p.name)
def test_validate_finds_no_error_and_no_figure_without_source(path: Path) -> None:
    problems, checked = validate_paths([path])
    assert checked == 1
    assert [str(p) for p in problems if p.is_error] == []
    assert [str(p) for p in problems if "source" in p.message] == []


@pytest.mark.parametrize(
    "back",
    [
        "**80 GB** of HBM3",
        "3.35 TB/s",
        "989 TFLOPS",
        "a 5% loss",
        "6.1 ms per step",
        "16 bytes/param",
        "1,073,741,824 B? no: 1.07 GB",
        "295 FLOP/byte",
        "18.7 bytes",
        "200 Gb/s",
        "1.41 GHz",
        "700 W",
        "512 KiB",
        "10 μs",
        "10 µs",
    ],
)
def test_a_figure_with_a_unit_is_a_numeric_claim(back: str) -> None:
    assert states_number(back)


@pytest.mark.parametrize(
    "back",
    [
        "All-gather, then reduce-scatter",
        "(p − 1)/(m + p − 1)",
        "TP = 8, PP = 4",
        "`x = 80 GB` in code",
        "```\nmem = 16 GB\n```",
        "H100 and B200",
        "70B parameters",
        "fp16 and bf16",
        "GPUs 0-7",
    ],
)
def test_no_figure_with_a_unit_is_no_claim(back: str) -> None:
    assert not states_number(back)


def card(**extra: object) -> Card:
    return Card.model_validate({"id": "c", "front": "f?", "back": "**3.35 TB/s**", "tags": ["x"], **extra})


def test_the_back_shows_note_then_source() -> None:
    shown = back_markdown(card(note="Decimal TB.", source="NVIDIA H100 datasheet"))
    assert shown == "**3.35 TB/s**\n\n> **Note:** Decimal TB.\n\n*Source: NVIDIA H100 datasheet*"


def test_without_a_card_source_the_checks_sources_are_shown_once_each() -> None:
    checks = [
        Check(text="3.35 TB/s", formula="3.35", source="H100 datasheet"),
        Check(text="3.35 TB/s", formula="3.35", source="derived"),
        Check(text="3.35 TB/s", formula="3.35", source="H100 datasheet"),
    ]
    assert card_sources(card(checks=checks)) == ["H100 datasheet"]
    assert back_markdown(card(checks=checks[1:2])).endswith("*Source: derived*")
    assert back_markdown(card()) == "**3.35 TB/s**"


def test_every_bundled_card_with_a_figure_shows_a_source() -> None:
    from cards.loader import load_collection

    collection = load_collection(include_bundled=True)
    shown = [
        back_markdown(c) for d in collection.decks for c in d.deck.cards if states_number(c.back) or c.checks
    ]
    assert shown and all("*Source: " in text for text in shown)


def test_the_review_screen_gets_the_source_under_the_answer(tmp_path: Path, db_path: Path) -> None:
    from engine.settings import Settings
    from tui.config import AppConfig
    from tui.services import load_services

    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "hbm.yaml").write_text(
        "id: hbm\ntitle: HBM\ncards:\n  - id: h100\n    front: H100 HBM bandwidth?\n"
        "    back: '**3.35 TB/s**'\n    tags: [GPU]\n    source: NVIDIA H100 datasheet (SXM)\n",
        encoding="utf-8",
    )
    config = AppConfig(settings=Settings(db=str(db_path), deck_dirs=(decks,)), include_bundled=False)
    services = load_services(config)
    try:
        item = services.study.prompt("hbm/h100", seed=1)
    finally:
        services.close()
    assert item.back == "**3.35 TB/s**\n\n*Source: NVIDIA H100 datasheet (SXM)*"


def test_validate_counts_the_figures_without_a_source(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.settings import Settings
    from tui.cli_authoring.validate import main

    fixture = Path(__file__).parents[1] / "data" / "bad_decks" / "missing_source.yaml"
    assert main([str(fixture)], Settings()) == 0  # a warning, not an error
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"{fixture}:6:11: warning: card 'hbm' states a number with a unit")
    assert lines[-1] == "checked 1 file: 0 errors, 1 warning (1 without a source)"
