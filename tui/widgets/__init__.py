"""Widgets the screens compose: each owns one part of a screen (state in reactives, messages up)."""
