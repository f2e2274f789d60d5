"""Fixed outcomes benchmarks/mutate.py found untested: an exported card's back keeps its note and
source (anki-export-drops-note); drill templates in a deck folder are not read as decks
(loader-reads-drill-files); a check's figure may stand in the note alone (check-ignores-note)."""

from __future__ import annotations

from pathlib import Path

from cards.anki_export import guid_for, notes
from cards.loader import deck_files, load_collection, load_deck_file
from cards.schema import Deck


def test_an_exported_back_carries_the_note_and_the_source() -> None:
    deck = Deck.model_validate(
        {
            "id": "t",
            "title": "T",
            "cards": [
                {
                    "id": "a",
                    "front": "Q",
                    "back": "B",
                    "note": "Per direction.",
                    "source": "docs/h100.md",
                    "tags": ["GPU specs"],
                }
            ],
        }
    )
    (note,) = notes([deck])
    assert note.back == (
        "<p>B</p>\n<blockquote>\n<p><strong>Note:</strong> Per direction.</p>\n</blockquote>\n"
        "<p><em>Source: docs/h100.md</em></p>"
    )
    assert (note.front, note.deck, note.tags, note.key) == ("<p>Q</p>", "flopcards::T", ("GPU_specs",), "t/a")
    assert note.guid == guid_for("t/a")


DRILL = """\
id: user-double
title: Double it
topic: Custom
prompt: "What is twice {x} GB? Answer in GB."
params:
  x: {range: [1, 10], step: 1, unit: GB}
answer: {formula: "2 * x", unit: GB}
"""


def test_a_drill_template_beside_a_deck_is_not_read_as_a_deck(tmp_path: Path) -> None:
    (tmp_path / "mine.yaml").write_text("id: mine\ntitle: Mine\ncards: []\n", encoding="utf-8")
    (tmp_path / "double.drill.yaml").write_text(DRILL, encoding="utf-8")
    assert deck_files(tmp_path) == [tmp_path / "mine.yaml"]
    loaded = load_collection([tmp_path], include_bundled=False)
    assert [d.id for d in loaded.decks] == ["mine"]
    assert loaded.problems == []


CHECKED = """\
id: checked
title: Checked
cards:
  - id: a
    front: How many bytes is 1 GiB?
    back: See the note.
    note: 1 GiB is 1,073,741,824 bytes.
    checks:
      - {text: "1,073,741,824 bytes", formula: "2**30"}
      - {text: "SPELLED", formula: "2**30"}
"""


def test_a_check_finds_its_figure_in_the_note(tmp_path: Path) -> None:
    """The first check's figure is in the note alone (check-ignores-note); the second's nowhere."""
    path = tmp_path / "checked.yaml"
    path.write_text(CHECKED, encoding="utf-8")
    deck, problems = load_deck_file(path)
    assert deck is None
    assert [(p.line, p.message) for p in problems] == [
        (10, "check text 'SPELLED' does not appear in front, back or note")
    ]
