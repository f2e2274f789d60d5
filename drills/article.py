"""'a' or 'an' before a drawn value, by how it is spoken: an H100, an 8-GPU node, a B200, a Llama."""

from __future__ import annotations

import re

# Letters whose spoken name starts with a vowel sound: "an H100" (aitch), "an L40S", "an MI300X".
_VOWEL_LETTERS = frozenset("AEFHILMNORSX")
# Capitalised words spoken as words, not letter by letter.
_SPOKEN_CAPS = frozenset({"FLOP", "FLOPS", "FLOPs", "RAM", "ROM", "SIMD", "LAN", "NASA"})
# Lower-case words whose vowel is a consonant sound ("a unit", "a one-hour") or whose h is silent.
_VOWEL_LIKE_CONSONANT = re.compile(r"(?:uni|use|usu|uti|eu|one\b|once\b)", re.IGNORECASE)
_SILENT_H = re.compile(r"(?:hour|honest|honou?r|heir)", re.IGNORECASE)
_LEAD = " \t\n\"'([“‘"
_DIGITS = re.compile(r"\d[\d,_]*")
_WORD = re.compile(r"[A-Za-z]+")


def _number_takes_an(digits: str) -> bool:
    """8, 8,192, 80 (eight…), and 11, 18, 11,000, 18,000,000 (eleven…, eighteen…)."""
    whole = digits.replace(",", "").replace("_", "")
    if whole.startswith("8"):
        return True
    return whole[:2] in ("11", "18") and len(whole) % 3 == 2


def _word_takes_an(text: str) -> bool:
    word_match = _WORD.match(text)
    if word_match is None:
        return False
    word = word_match.group(0)
    first = word[0]
    # Spelled letter by letter: H100, A100, L40S, HGX, NVLink, FP8, MI300X (a capital then a capital,
    # a digit or nothing): the letter's name decides.
    rest = text[1:2]
    spelled = first.isupper() and (rest == "" or rest.isdigit() or rest.isupper() or not rest.isalpha())
    if spelled and word not in _SPOKEN_CAPS:
        return first in _VOWEL_LETTERS
    if _SILENT_H.match(word):
        return True
    if _VOWEL_LIKE_CONSONANT.match(word):
        return False
    return first.lower() in "aeiou"


def article(text: str) -> str:
    """'an' if `text` starts with a vowel sound as read aloud, else 'a'."""
    text = text.lstrip(_LEAD)
    digits = _DIGITS.match(text)
    if digits is not None:
        return "an" if _number_takes_an(digits.group(0)) else "a"
    return "an" if _word_takes_an(text) else "a"


def with_article(text: str) -> str:
    """`text` after its article: 'an H200', 'a B200'."""
    return f"{article(text)} {text}"
