"""The shipped JSON Schemas match the pydantic models; every bundled deck and template validates."""

from __future__ import annotations

import json

from cards.example import SCHEMA_FILE
from cards.loader import BUNDLED_DIR
from cards.schema import Card, Deck
from drills.loader import BUNDLED_DIR as TEMPLATE_DIR
from tui.authoring import validate_paths
from tui.schema_export import TARGETS, render, stale


def test_shipped_schema_files_are_not_stale() -> None:
    assert stale() == [], "run: python -m tui.schema_export"


def test_shipped_schemas_are_package_data_next_to_their_models() -> None:
    paths = {t.path.name: t.path for t in TARGETS}
    assert paths["deck.schema.json"] == SCHEMA_FILE
    assert paths["template.schema.json"].parent == TEMPLATE_DIR.parent
    for target in TARGETS:
        assert target.path.is_file()


def test_deck_schema_forbids_unknown_keys_and_requires_what_the_model_requires() -> None:
    schema = json.loads(render(TARGETS[0]))
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert schema["additionalProperties"] is False
    card = schema["definitions"]["Card"]
    assert card["additionalProperties"] is False
    assert set(card["properties"]) == set(Card.model_fields)
    assert set(card["required"]) == {n for n, f in Card.model_fields.items() if f.is_required()}
    assert set(schema["required"]) == {n for n, f in Deck.model_fields.items() if f.is_required()}
    assert "$defs" not in json.dumps(schema)  # draft 7 spelling throughout


def test_template_schema_accepts_the_short_list_form_of_fields() -> None:
    schema = json.loads(render(TARGETS[1]))
    fields = schema["definitions"]["CatalogParam"]["properties"]["fields"]
    assert {alt["type"] for alt in fields["anyOf"]} == {"object", "array"}
    assert "prefixItems" not in json.dumps(schema)


def test_every_bundled_deck_and_template_validates_without_errors() -> None:
    problems, checked = validate_paths([BUNDLED_DIR, TEMPLATE_DIR])
    assert checked >= len(list(BUNDLED_DIR.glob("*.yaml"))) + len(list(TEMPLATE_DIR.glob("*.yaml")))
    assert [str(p) for p in problems if p.is_error] == []
