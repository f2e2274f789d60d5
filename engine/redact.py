"""Text the app prints made safe: credentials masked (URLs, conninfo, dict reprs), on one line."""

from __future__ import annotations

import re

MASK = "***"
_URL = re.compile(r"(?P<head>\b[A-Za-z][A-Za-z0-9+.\-]*:/{1,3}[^\s/?#@:]*:)[^\s@]*(?:@[^\s@/?#]*)*(?=@)")
"""scheme://user:PASSWORD@ — the password runs to the authority's last '@': it may hold '/', '?' and
'#' (a base64 password; SQLAlchemy reads up to the '@'), and '@' when no '/' follows it before the
next '@'. One or three slashes as well: a mistyped URL is still a password."""
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


def one_line(text: str) -> str:
    """`text` masked and on one line: a driver's multi-line message (libpq's reason, then its hint on
    a tab-indented line) keeps every line, joined by '; '."""
    lines = (" ".join(line.split()) for line in mask_secrets(text).splitlines())
    return "; ".join(line for line in lines if line)
