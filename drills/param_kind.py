"""How a template param gets its value (light: what generating a drill needs without the schema)."""

from enum import StrEnum


class ParamKind(StrEnum):
    """How a param gets its value; the value is also the YAML key that marks the kind."""

    CATALOG = "catalog"
    CHOICE = "choice"
    OPTIONS = "options"
    RANGE = "range"
    FORMULA = "formula"
