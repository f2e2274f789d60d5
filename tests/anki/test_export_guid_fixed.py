"""The Anki export's note GUIDs and ids at fixed values: a user's Anki collection matches notes by
GUID, so a changed derivation would duplicate every note on the next export instead of updating it."""

from __future__ import annotations

from cards.anki_export import MODEL_NAME, guid_for, plain_text, stable_id
from cards.schema import Card, Deck

ADAM = Deck(
    id="basics",
    title="Basics",
    cards=[Card(id="adam-bytes", front="Bytes per param with **Adam**?", back="16", tags=["Memory math"])],
)


def test_a_card_keys_guid_is_the_one_earlier_exports_gave_it() -> None:
    assert guid_for("basics/adam-bytes") == "oN/_=rpbi3"  # genanki.guid_for("flopcards", key)
    assert guid_for("grill/q01") == "BDrp,}Kcgu"


def test_the_plain_text_row_carries_that_guid_in_its_first_column() -> None:
    rows = plain_text([ADAM]).splitlines()[5:]
    assert rows == [
        "oN/_=rpbi3\tflopcards::Basics\t<p>Bytes per param with <strong>Adam</strong>?</p>"
        "\t<p>16</p>\tMemory_math"
    ]


def test_the_note_type_and_deck_ids_are_the_ones_earlier_exports_gave_them() -> None:
    assert stable_id(MODEL_NAME) == 1992153128
    assert stable_id("flopcards::Basics") == 1676133395
