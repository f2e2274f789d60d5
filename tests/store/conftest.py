"""A real PostgreSQL server for the store tests, started by the suite itself (as nobody when root)."""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

PORT = 5432  # unix socket only, in a private folder: no port is ever taken on the machine


def _binary(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


@dataclass(frozen=True)
class PgServer:
    socket_dir: str
    control: Callable[[str], None] | None = field(default=None, compare=False, repr=False)
    """pg_ctl stop|start of this server (a fault test stops it mid-review and starts it again)."""

    def stop(self) -> None:
        assert self.control is not None
        self.control("stop")

    def start(self) -> None:
        assert self.control is not None
        self.control("start")

    def url(self, dbname: str) -> str:
        return f"postgresql+psycopg://flopcards@/{dbname}?host={self.socket_dir}&port={PORT}"

    def admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(host=self.socket_dir, port=PORT, user="flopcards", dbname="postgres") as conn:
            conn.autocommit = True
            conn.execute(sql)  # type: ignore[arg-type]


class NoServer(Exception):
    """This machine has no PostgreSQL server binaries."""


@contextlib.contextmanager
def running_server(*, durable: bool = False) -> Iterator[PgServer]:
    """initdb + pg_ctl start in a private temporary folder (as nobody when root); removed after."""
    initdb, pg_ctl = _binary("initdb"), _binary("pg_ctl")
    if initdb is None or pg_ctl is None:
        raise NoServer("no PostgreSQL server binaries (initdb, pg_ctl) on this machine")
    home = tempfile.mkdtemp(prefix="flopcards-pg-")
    prefix: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        nobody = pwd.getpwnam("nobody")
        os.chown(home, nobody.pw_uid, nobody.pw_gid)
        prefix = ["setpriv", f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups"]
    data, log = f"{home}/data", f"{home}/server.log"

    def run(*args: str, check: bool = True) -> None:
        subprocess.run([*prefix, *args], check=check, stdin=subprocess.DEVNULL, capture_output=True, cwd=home)

    def control(action: str) -> None:
        if action == "stop":
            run(pg_ctl, "-D", data, "-m", "fast", "-w", "stop")
        else:
            run(pg_ctl, "-D", data, "-l", log, "-w", "-t", "60", "-o", options, "start")

    try:
        run(initdb, "-D", data, "-U", "flopcards", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync")
        options = f"-k {home} -p {PORT} -c listen_addresses='' -c max_connections=50"
        options += "" if durable else " -c fsync=off"  # tests do not crash the server: skip the syncs
        try:
            run(pg_ctl, "-D", data, "-l", log, "-w", "-t", "60", "-o", options, "start")
        except subprocess.CalledProcessError as error:
            detail = Path(log).read_text() if Path(log).exists() else error.stderr.decode()
            raise RuntimeError(f"the PostgreSQL test server did not start:\n{detail}") from error
        try:
            yield PgServer(home, control)
        finally:
            run(pg_ctl, "-D", data, "-m", "immediate", "-w", "stop", check=False)  # a test may have stopped
    finally:
        shutil.rmtree(home, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    import psycopg  # noqa: F401  - in the test extra: a missing driver must fail, not skip

    try:
        with running_server() as server:
            yield server
    except NoServer as reason:
        pytest.skip(str(reason))


@pytest.fixture(scope="session")
def pg_migrated(pg_server: PgServer) -> str:
    """A database the real migrations (Alembic) brought to head, once per test process: the name of
    the template the other test databases are copies of."""
    from engine.store.database import open_store

    name = f"head_{uuid.uuid4().hex[:12]}"
    pg_server.admin(f"CREATE DATABASE {name}")
    open_store(pg_server.url(name)).close()  # its connections closed: a template must have none
    return name


@pytest.fixture
def pg_url(request: pytest.FixtureRequest, pg_server: PgServer) -> Iterator[str]:
    """A fresh database on the test server: a copy of the migrated template (CREATE DATABASE ...
    TEMPLATE: the same schema without running the migrations in every test, ~0.25 s of CPU each, as
    the SQLite tests copy a migrated file), or empty for the tests marked `real_migration` (which
    watch Alembic create or migrate the schema, or need a database that is not flopcards')."""
    name = f"t_{uuid.uuid4().hex[:12]}"
    if request.node.get_closest_marker("real_migration"):
        pg_server.admin(f"CREATE DATABASE {name}")
    else:
        pg_server.admin(f"CREATE DATABASE {name} TEMPLATE {request.getfixturevalue('pg_migrated')}")
    yield pg_server.url(name)
    pg_server.admin(f"DROP DATABASE {name} WITH (FORCE)")


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The same test on an SQLite file and on the PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "flopcards.db")
    return str(request.getfixturevalue("pg_url"))
