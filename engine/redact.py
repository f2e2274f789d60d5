"""Credentials masked out of any text the app prints: URLs of every scheme, conninfo, dict reprs."""

from __future__ import annotations

import re

MASK = "***"
_URL = re.compile(r"(?P<head>\b[A-Za-z][A-Za-z0-9+.\-]*://[^\s/?#@:]*:)[^\s/?#]*(?=@)")
"""scheme://user:PASSWORD@ — the password runs to the authority's last '@' (it may hold '@')."""
_QUOTED = r"'(?:[^'\\]|\\.)*'" + "|" + r'"(?:[^"\\]|\\.)*"'
_KEYWORD = re.compile(rf"(?P<head>\bpassword\s*=\s*)(?:{_QUOTED}|[^\s,;)]+)", re.I)
"""libpq conninfo and keyword lists: password=SECRET, password='SE CRET'."""
_MAPPING = re.compile(rf"""(?P<head>['"]password['"]\s*:\s*)(?:{_QUOTED}|[^\s,}}]+)""", re.I)
"""A dict's repr (connect parameters): 'password': 'SECRET'."""


def mask_secrets(text: str) -> str:
    """`text` with every password in a URL, conninfo string or mapping repr replaced by ***."""
    text = _URL.sub(lambda m: m["head"] + MASK, text)
    text = _KEYWORD.sub(lambda m: m["head"] + MASK, text)
    return _MAPPING.sub(lambda m: m["head"] + repr(MASK), text)
