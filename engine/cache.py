"""A per-file cache of derived data (parsed, validated decks and templates) in one SQLite file.

An entry is keyed by the file's path and trusted only while the file is the one it was built from:
same size and modification time, or else the same content hash. The stored payload is JSON (never
pickle). A cache written by another program, another format or other code, or a damaged one, is
wiped and rebuilt, never trusted; any failure to read or write it only means a slower start.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.file_kinds import MAX_YAML_BYTES, read_bounded
from engine.problems import Problem, Severity

APP_ID = "flopcards-file-cache"
FORMAT = 1
"""Bump when the table layout changes."""
CACHE_FILE = "files.sqlite3"
_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE entry (
    ns TEXT NOT NULL, path TEXT NOT NULL, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
    digest TEXT NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (ns, path));
"""


def default_cache_dir() -> Path:
    """The user cache folder ($FLOPCARDS_CACHE_DIR wins)."""
    env = os.environ.get("FLOPCARDS_CACHE_DIR")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("flopcards", appauthor=False))


def code_version(*paths: Path) -> str:
    """A digest of source files (or every .py under folders): an entry built by other code is stale."""
    digest = hashlib.blake2b(digest_size=16)
    for path in paths:
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for file in files:
            digest.update(file.name.encode() + b"\0" + file.read_bytes() + b"\0")
    return digest.hexdigest()


def content_digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=20).hexdigest()


@dataclass(frozen=True)
class Stamp:
    """What a file was when it was read: size, modification time and content hash."""

    size: int
    mtime_ns: int
    digest: str


def read_stamped(path: Path, limit: int = MAX_YAML_BYTES) -> tuple[bytes, Stamp]:
    """The file's bytes with its stamp (stat before reading: a later edit changes the mtime).
    Raises OSError, or ValueError before reading anything when the file is not a regular one or
    larger than `limit`."""
    stat = path.stat()
    data = read_bounded(path, limit)
    return data, Stamp(len(data), stat.st_mtime_ns, content_digest(data))


class FileCache:
    """Payloads by (namespace, file path); `version` names the code that built them."""

    def __init__(self, folder: Path, version: str) -> None:
        self.path = folder / CACHE_FILE
        self.version = version
        self._conn: sqlite3.Connection | None = None

    def _connect(self) -> sqlite3.Connection | None:
        if self._conn is not None:
            return self._conn
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = self._open()
        except (OSError, sqlite3.Error):
            self._conn = None
            try:  # damaged or not ours: start over once
                self.path.unlink(missing_ok=True)
                self._conn = self._open()
            except (OSError, sqlite3.Error):
                self._conn = None
        return self._conn

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=2, check_same_thread=False, isolation_level=None)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
            if meta != {"app": APP_ID, "format": str(FORMAT)}:
                raise sqlite3.DatabaseError("not a flopcards cache of this format")
            conn.execute("SELECT ns, path, size, mtime_ns, digest, payload FROM entry LIMIT 1").fetchall()
        except sqlite3.Error:
            conn.close()
            self.path.unlink(missing_ok=True)
            for suffix in ("-wal", "-shm"):
                Path(f"{self.path}{suffix}").unlink(missing_ok=True)
            conn = sqlite3.connect(self.path, timeout=2, check_same_thread=False, isolation_level=None)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.executescript(_SCHEMA)
            conn.executemany("INSERT INTO meta VALUES (?, ?)", [("app", APP_ID), ("format", str(FORMAT))])
        return conn

    def get(self, ns: str, path: Path) -> Any | None:
        """The payload cached for this file as it is now, or None (missing, stale, unreadable).

        The caller re-checks its shape: a payload is data, never code, and a wrong one is a miss."""
        text = self.get_text(ns, path)
        try:
            return None if text is None else json.loads(text)
        except ValueError:
            return None

    def get_text(self, ns: str, path: Path) -> str | None:
        """The payload's JSON text (for a caller that validates it straight from JSON), or None."""
        conn = self._connect()
        if conn is None:
            return None
        try:
            row = conn.execute(
                "SELECT size, mtime_ns, digest, payload FROM entry WHERE ns = ? AND path = ?",
                (self._ns(ns), str(path)),
            ).fetchone()
            if row is None:
                return None
            size, mtime_ns, digest, payload = row
            stat = path.stat()
            if (stat.st_size, stat.st_mtime_ns) != (size, mtime_ns):
                _, stamp = read_stamped(path)
                if stamp.digest != digest:
                    return None
                conn.execute(  # touched but unchanged: trust the new stamp from now on
                    "UPDATE entry SET size = ?, mtime_ns = ? WHERE ns = ? AND path = ?",
                    (stamp.size, stamp.mtime_ns, self._ns(ns), str(path)),
                )
            return str(payload)
        except (OSError, ValueError, sqlite3.Error):
            return None

    def put(self, ns: str, path: Path, stamp: Stamp, payload: Any) -> str | None:
        """Store what was derived from the file as stamped (best effort: failures are ignored);
        returns the JSON text stored, None when nothing was."""
        return self._write(ns, str(path), stamp, payload)

    def _write(self, ns: str, name: str, stamp: Stamp, payload: Any) -> str | None:
        conn = self._connect()
        if conn is None:
            return None
        try:
            text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
            conn.execute(
                "INSERT OR REPLACE INTO entry VALUES (?, ?, ?, ?, ?, ?)",
                (self._ns(ns), name, stamp.size, stamp.mtime_ns, stamp.digest, text),
            )
        except (sqlite3.Error, TypeError, ValueError):
            return None
        return text

    def get_record(self, ns: str, name: str) -> Any | None:
        """A payload kept under a name rather than a file (the caller checks what it depends on)."""
        conn = self._connect()
        if conn is None:
            return None
        try:
            row = conn.execute(
                "SELECT payload FROM entry WHERE ns = ? AND path = ?", (self._ns(ns), name)
            ).fetchone()
            return None if row is None else json.loads(row[0])
        except (sqlite3.Error, ValueError):
            return None

    def put_record(self, ns: str, name: str, payload: Any) -> None:
        """Keep a named payload (best effort, as `put`)."""
        self._write(ns, name, Stamp(0, 0, ""), payload)

    def drop_other_versions(self, ns: str) -> None:
        """Drop this namespace's entries built by other code (they can never be trusted again)."""
        conn = self._connect()
        if conn is None:
            return
        try:
            conn.execute("DELETE FROM entry WHERE ns LIKE ? AND ns != ?", (f"{ns}@%", self._ns(ns)))
        except sqlite3.Error:
            return

    def forget(self, ns: str, keep: Iterable[Path]) -> None:
        """Drop entries of files no longer read (deleted or moved decks)."""
        conn = self._connect()
        if conn is None:
            return
        kept = {str(p) for p in keep}
        current = self._ns(ns)
        try:  # other code versions' entries go too: they can never be trusted again
            rows = conn.execute("SELECT ns, path FROM entry WHERE ns LIKE ?", (f"{ns}@%",)).fetchall()
            gone = [(n, path) for n, path in rows if n != current or path not in kept]
            conn.executemany("DELETE FROM entry WHERE ns = ? AND path = ?", gone)
        except sqlite3.Error:
            return

    def _ns(self, ns: str) -> str:
        return f"{ns}@{self.version}"

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


def encode_problems(problems: Iterable[Problem]) -> list[list[Any]]:
    return [[p.path, p.line, p.col, p.message, p.severity.value] for p in problems]


def decode_problems(rows: Any) -> list[Problem]:
    """Problems back from `encode_problems`; TypeError/ValueError on anything else."""
    return [
        Problem(str(path), _opt_int(line), _opt_int(col), str(message), Severity(severity))
        for path, line, col, message, severity in rows
    ]


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def clear_cache(folder: Path) -> bool:
    """Delete the cache file (and its WAL); True when there was one."""
    existed = False
    for suffix in ("", "-wal", "-shm"):
        path = Path(f"{folder / CACHE_FILE}{suffix}")
        if path.exists():
            path.unlink()
            existed = True
    return existed
