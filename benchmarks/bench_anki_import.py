"""`flopcards import` of Anki packages: time and peak memory of a child process per case.

Cases: a clean package of N small notes (built by the `anki` library, as Anki exports it), one cloze
note with 5,000 numbers, and zip bombs (legacy deflate and zstd members of ~1.8 GB of zeros).
Prints one JSON line per case: wall seconds, CPU seconds (user + system) and peak RSS of the child,
and the 1-minute load average before and after (the machine may be shared: quote it with the time).
Each case has its own home and deck cache, warm as any earlier start of the app leaves it
(`--empty-cache`: as on a first start).
Needs the test extra (the `anki` wheel builds the packages; `--keep DIR` builds them once there):
    .venv/bin/python benchmarks/bench_anki_import.py --notes 60000
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build_notes(folder: Path, notes: int, legacy: bool) -> Path:
    from anki.collection import Collection, ExportAnkiPackageOptions

    path = folder / f"notes-{notes}{'-legacy' if legacy else ''}.apkg"
    if path.exists():  # kept from an earlier run (--keep)
        return path
    (folder / f"col-{legacy}").mkdir(exist_ok=True)
    col = Collection(str(folder / f"col-{legacy}" / "collection.anki2"))
    model = col.models.by_name("Basic")
    assert model is not None
    deck = col.decks.id("Bench")
    now = int(time.time())
    rows, cards = [], []
    for i in range(notes):
        nid = 1_600_000_000_000 + i
        front, back = f"Question {i}: what is {i} * 2?", f"It is {2 * i}, <b>twice</b> {i}."
        rows.append((nid, f"g{i:08d}", model["id"], now, -1, "bench", f"{front}\x1f{back}", front, 0, 0, ""))
        cards.append((nid, nid, deck, 0, now, -1, 0, 0, i, 0, 0, 0, 0, 0, 0, 0, 0, ""))
    col.db.executemany("INSERT INTO notes VALUES (?,?,?,?,?,?,?,?,?,?,?)", rows)
    col.db.executemany("INSERT INTO cards VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", cards)
    options = ExportAnkiPackageOptions(with_scheduling=True, with_media=False, legacy=legacy)
    col.export_anki_package(out_path=str(path), options=options, limit=None)
    col.close()
    return path


def build_cloze(folder: Path, numbers: int) -> Path:
    from anki.collection import Collection, ExportAnkiPackageOptions

    path = folder / f"cloze-{numbers}.apkg"
    if path.exists():
        return path
    (folder / "cloze").mkdir(exist_ok=True)
    col = Collection(str(folder / "cloze" / f"collection-{numbers}.anki2"))
    note = col.new_note(col.models.by_name("Cloze"))  # type: ignore[arg-type]
    note["Text"] = " ".join(f"{{{{c{n}::w{n}}}}}" for n in range(1, numbers + 1))
    col.add_note(note, col.decks.id("Cloze bench"))  # type: ignore[arg-type]
    options = ExportAnkiPackageOptions(with_scheduling=True, with_media=False, legacy=False)
    col.export_anki_package(out_path=str(path), options=options, limit=None)
    col.close()
    return path


def build_bomb(folder: Path, zstd: bool) -> Path:
    path = folder / f"bomb-{'zstd' if zstd else 'legacy'}.apkg"
    member = "collection.anki21b" if zstd else "collection.anki21"
    block = b"\0" * (1 << 24)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive, archive.open(member, "w") as out:
        if zstd:
            import zstandard

            with zstandard.ZstdCompressor().stream_writer(out, closefd=False) as writer:
                for _ in range(110):
                    writer.write(block)
        else:
            for _ in range(110):
                out.write(block)
    return path


CHILD = (
    "import re, sys\n"
    "from tui.cli import main\n"
    "code = main(sys.argv[1:])\n"
    "status = open('/proc/self/status').read()\n"
    "print('PEAK', re.search(r'VmHWM:\\s*(\\d+)', status).group(1), file=sys.stderr)\n"
    "sys.exit(code)\n"
)
"""The import in a child process that reports its own peak RSS (KiB) on its last stderr line.
VmHWM, not ru_maxrss: Linux carries ru_maxrss over fork and exec from this (large) parent."""


WARM = (
    "from engine.app.values import default_cache_dir, load_settings\n"
    "from tui.anki import decks_here\n"
    "decks_here(load_settings(None)[0].deck_dirs, default_cache_dir())\n"
)
"""The deck cache as any earlier start of the app leaves it (its bundled and user decks read)."""


def run_import(package: Path, folder: Path, *, warm: bool = True) -> dict[str, object]:
    """One `flopcards import --with-history` in a child: wall time, peak RSS, last line it printed.
    Each case has its own home and deck cache, warm (`warm`) or empty."""
    home = folder / package.stem  # each case its own decks: an earlier case's decks would be loaded
    home.mkdir(exist_ok=True)
    env = dict(
        os.environ,
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        FLOPCARDS_CACHE_DIR=str(home / "cache"),
    )
    if warm:
        subprocess.run([sys.executable, "-c", WARM], cwd=ROOT, env=env, check=True)
    argv = ["--db", str(home / "flopcards.db"), "import", str(package), "--with-history"]
    load_before = os.getloadavg()[0]
    cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", CHILD, *argv], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    seconds = time.perf_counter() - start
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_seconds = cpu.ru_utime + cpu.ru_stime - cpu_before.ru_utime - cpu_before.ru_stime
    lines = (done.stdout + done.stderr).strip().splitlines()
    peak = next((int(line.split()[1]) for line in reversed(lines) if line.startswith("PEAK ")), 0)
    said = [line for line in lines if not line.startswith("PEAK ")]
    return {
        "package": package.name,
        "bytes": package.stat().st_size,
        "exit": done.returncode,
        "seconds": round(seconds, 2),
        "cpu_seconds": round(cpu_seconds, 2),
        "peak_mb": round(peak / 1024, 1),
        "load_1min": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        "deck_cache": "warm" if warm else "empty",
        "said": said[-1][:160] if said else "",
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, default=60_000)
    parser.add_argument("--cloze", type=int, default=5_000)
    parser.add_argument("--skip-bombs", action="store_true")
    parser.add_argument("--keep", type=Path, help="build the packages in this folder once, reuse them")
    parser.add_argument("--only", choices=["notes", "cloze"], help="run one kind of case")
    parser.add_argument(
        "--empty-cache", action="store_true", help="import with an empty deck cache (a first start)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        built = args.keep or folder
        built.mkdir(parents=True, exist_ok=True)
        packages = []
        if args.only != "cloze":
            packages += [build_notes(built, args.notes, False), build_notes(built, args.notes, True)]
        if args.only != "notes":
            packages.append(build_cloze(built, args.cloze))
        if not args.skip_bombs and args.only is None:
            packages += [build_bomb(folder, False), build_bomb(folder, True)]
        for package in packages:
            print(json.dumps(run_import(package, folder, warm=not args.empty_cache)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
