"""Passwords masked in every spelling a driver or a user writes them (benchmarks/mutate.py's
redact-* mutations): upper case, quoted with spaces, an '@' inside a URL's password."""

from __future__ import annotations

import pytest

from engine.redact import mask_secrets

SECRET = "Zq9-secret"


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        (f"host=h user=u PASSWORD={SECRET} dbname=x", "host=h user=u PASSWORD=*** dbname=x"),
        (f"Password = {SECRET}", "Password = ***"),
        (f"host=h password='{SECRET} x' dbname=x", "host=h password=*** dbname=x"),
        (f'host=h password="a b{SECRET}" dbname=x', "host=h password=*** dbname=x"),
        (f"host=h password='it\\'s {SECRET}' dbname=x", "host=h password=*** dbname=x"),
        (f"postgresql://u:p@{SECRET}@h/x", "postgresql://u:***@h/x"),
        (f"postgresql://u:ab/{SECRET}+=@h/x", "postgresql://u:***@h/x"),  # base64
        (f"postgresql:/u:{SECRET}@h/x", "postgresql:/u:***@h/x"),  # a slash short
        (f"cannot reach postgresql+psycopg://u:{SECRET}@db:5432/x", "postgresql+psycopg://u:***@db:5432/x"),
        (f"{{'password': '{SECRET} x', 'user': 'u'}}", "{'password': '***', 'user': 'u'}"),
    ],
)
def test_every_spelling_of_a_password_is_masked(text: str, masked: str) -> None:
    assert mask_secrets(text).endswith(masked)
    assert SECRET not in mask_secrets(text)


def test_text_without_a_password_is_left_alone() -> None:
    kept = ("sqlite:////home/me/flopcards.db", "see https://example.org/a@b", "passwords=3 ok", "C:/x/y@z")
    for text in kept:
        assert mask_secrets(text) == text
