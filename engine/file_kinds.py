"""The YAML file suffixes (light: the start-up path checks folders without loading pydantic)."""

YAML_SUFFIXES = (".yaml", ".yml")
DRILL_SUFFIX = ".drill.yaml"
"""In a deck folder, files ending so are drill templates (the deck loader skips them)."""
