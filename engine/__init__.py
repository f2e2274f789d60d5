"""Headless core of flopcards: formulas, units, answer checking, SM-2, the store and the study façade."""
