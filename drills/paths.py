"""Where the bundled drill templates live (light: importing this loads nothing else)."""

from pathlib import Path

BUNDLED_DIR = Path(__file__).with_name("templates")
