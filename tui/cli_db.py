"""`flopcards db check|recover|backup|copy`: look after the database from the command line."""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path

from engine.app.values import Settings
from tui.cli_flags import Parser

WANTS_SETTINGS = True


def _parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="flopcards db", description="Check, back up, recover or copy the database."
    )
    sub = parser.add_subparsers(dest="action", required=True)
    sub.add_parser("check", help="integrity_check of a file; row counts on a server")
    recover = sub.add_parser("recover", help="save every readable row of a damaged file into a new file")
    recover.add_argument("--to", type=Path, help="new file to write (default: beside the damaged one)")
    backup = sub.add_parser("backup", help="consistent copy now, even while flopcards runs")
    backup.add_argument("--to", type=Path, help="file to write (default: backups/ beside the database)")
    copy = sub.add_parser("copy", help="copy a collection: SRC and DST are paths or database URLs")
    copy.add_argument("source", metavar="SRC")
    copy.add_argument("target", metavar="DST")
    return parser


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S")


def _file_or_refuse(db: str, action: str) -> Path:
    from engine.app.values import StoreError, sqlite_file

    path = sqlite_file(db)
    if path is None:
        raise StoreError(f"`db {action}` works on SQLite files; for a server use its own tools (pg_dump)")
    if not path.exists():
        raise StoreError(f"there is no database at {path}")
    return path


def _check(db: str) -> int:
    from engine.app.database import integrity_problems, open_store, row_counts
    from engine.app.values import backup_files, read_revision, sqlite_file

    path = sqlite_file(db)
    if path is None:
        store = open_store(db)
        try:
            counts = row_counts(store)
        finally:
            store.close()
        print(f"ok: {db} — " + ", ".join(f"{n} {table}" for table, n in counts.items()))
        return 0
    problems = integrity_problems(_file_or_refuse(db, "check"))
    if problems:
        backups = ", ".join(str(p) for p in backup_files(path)) or "none found"
        print(f"flopcards db: error: {path} is damaged: {'; '.join(problems)}", file=sys.stderr)
        print(f"backups: {backups}; `flopcards --db {path} db recover` salvages what is readable")
        return 1
    revision = read_revision(path, writable=False)  # refuses foreign and newer files
    print(f"ok: {path} passes integrity_check (schema {revision})")
    return 0


def _recover(db: str, to: Path | None) -> int:
    from engine.app.database import recover

    path = _file_or_refuse(db, "recover")
    target = to or path.with_name(f"{path.stem}-recovered-{_stamp()}.db")
    salvage = recover(path, target)
    lost = sum(len(v) for v in salvage.unreadable.values())
    print(f"recovered into {target}: " + ", ".join(f"{n} {t}" for t, n in salvage.rows.items()))
    if lost:
        print(f"{lost} unreadable row range(s) skipped (see `db check` on the damaged file)")
    print(f"{path} was left as it is; to use the copy: flopcards --db {target}")
    return 0


def _backup(db: str, to: Path | None) -> int:
    from engine.app.database import backup_to
    from engine.app.values import read_revision

    path = _file_or_refuse(db, "backup")
    read_revision(path, writable=False)  # refuses damaged and foreign files: no backup of those
    target = backup_to(path, to or path.parent / "backups" / f"{path.stem}-manual-{_stamp()}.db")
    print(f"backed up {path} to {target}")
    return 0


def _copy(source: str, target: str) -> int:
    from engine.app.database import copy_collection

    report = copy_collection(source, target)
    rows = ", ".join(f"{n} {t}" for t, n in report.rows.items())
    print(f"copied {rows}; review log checksum {report.review_log_sha256[:16]} matches")
    return 0


def main(argv: list[str], settings: Settings) -> int:
    from engine.app.errors import STORE_ERRORS, reason

    args = _parser().parse_args(argv)
    try:
        if args.action == "check":
            return _check(settings.db)
        if args.action == "recover":
            return _recover(settings.db, args.to)
        if args.action == "backup":
            return _backup(settings.db, args.to)
        return _copy(args.source, args.target)
    except STORE_ERRORS as error:
        print(f"flopcards db: error: {reason(error)}", file=sys.stderr)
        return 2
