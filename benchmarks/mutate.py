"""Mutation check, run by hand: apply small bugs to engine/, cards/, drills/ and the application
layer (engine/app) one at a time and show the test suite kills every one (a surviving mutation is a
hole in the tests).

    .venv/bin/python benchmarks/mutate.py -n 2       # every mutation (5-40 s each, by load)
    .venv/bin/python benchmarks/mutate.py -n 2 --only undo-new-count --only anki-buttons
    .venv/bin/python benchmarks/mutate.py --list

Needs the editable install (tests/conftest.py checks it), since it edits the working tree's files,
and a clean tree (it refuses to start otherwise: a restore must not mix with your edits). The mutated
file is restored after each run, and also at exit, on Ctrl-C (SIGINT) and on SIGTERM. Each mutation
runs its own test files (the few that decide it), stopping at the first failure; the baseline runs
all of them unmutated first, so a kill comes from the bug. A run longer than --timeout is stopped
and counts as no verdict. Exit status 1 if any survives.

Results, 2026-11-28 (second session): 73 of 73 killed, in one run of the whole list (-n 2, 12 min).
- MUTATIONS (40): all killed by the existing tests (15 of them run for the first time;
  totals-same-day and drill-kinds-leech re-targeted at code that had moved).
- BROAD (33 new): 23 killed by the existing tests; 10 survived and are killed by fixed-value tests
  in tests/{engine,cards,drills}/test_mutants_*.py: fsrs-one-day-elapsed, percent-one-is-100,
  anki-hard-key, redact-keyword-case, redact-quoted-keyword, anki-export-drops-note,
  loader-reads-drill-files, convention-band, template-constraint-hi, template-acceptance.
  redact-at-in-password and check-ignores-note were killed only indirectly (a tui test of
  mask_secrets; a bundled deck failing to load) and now also directly. No equivalent mutation.
"""

from __future__ import annotations

import argparse
import atexit
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parent.parent
FAST = ("tests/engine", "tests/store", "tests/drills")
"""A new mutation's tests until its own few files are known (a layer's folders: minutes per run)."""


@dataclass(frozen=True)
class Mutation:
    name: str
    path: str
    old: str
    new: str
    tests: tuple[str, ...] = FAST


MUTATIONS = (
    Mutation(
        "grade-fast-boundary",
        "engine/grades.py",
        "seconds <= FAST_SHARE * limit",
        "seconds < FAST_SHARE * limit",
        ("tests/drills/test_attempts.py",),
    ),
    Mutation(
        "grade-close",
        "engine/grades.py",
        "        return Grade.WITH_EFFORT",
        "        return Grade.BARELY",
        (
            "tests/drills/test_attempts.py",
            "tests/store/test_app_layer.py",
        ),
    ),
    Mutation(
        "interval-second",
        "engine/sm2.py",
        "return min(6, max_interval)",
        "return min(7, max_interval)",
        ("tests/engine/test_sm2.py",),
    ),
    Mutation("ef-update", "engine/sm2.py", "(8 + miss * 2)", "(8 + miss * 3)", ("tests/engine/test_sm2.py",)),
    Mutation(
        "ef-floor", "engine/sm2.py", "MIN_EF_CENTI = 130", "MIN_EF_CENTI = 120", ("tests/engine/test_sm2.py",)
    ),
    Mutation(
        "undo-new-count",
        "engine/app/session.py",
        "        self.summary.new_cards -= int(answered.record.was_new)\n",
        "",
        (
            "tests/store/test_session_summary.py",
            "tests/store/test_review_day.py",
        ),
    ),
    Mutation(
        "undo-state",
        "engine/store/repo.py",
        "            _write_state(row, before)",
        "            pass",
        (
            "tests/store/test_review_day.py",
            "tests/store/test_session_summary.py",
            "tests/store/test_marks.py",
        ),
    ),
    Mutation(
        "totals-same-day",
        "engine/store/rules.py",
        '"NOT was_new AND NOT same_day_repeat"',
        '"NOT was_new"',
        ("tests/store/test_same_day_store.py", "tests/store/test_session_summary.py"),
    ),
    Mutation(
        "repeat-today-queue",
        "engine/app/session.py",
        "if record.after.repeat_today and not answered.leech:",
        "if False:",
        (
            "tests/store/test_same_day_store.py",
            "tests/store/test_study_queue.py",
        ),
    ),
    Mutation(
        "new-limit",
        "engine/counting.py",
        "due_keys + new(reads, present, deck_id, new_left, held)",
        "due_keys + new(reads, present, deck_id, new_left + 1, held)",
        ("tests/store/test_session_summary.py",),
    ),
    Mutation(
        "tolerance",
        "engine/bands.py",
        "rel <= g.tolerance * slack:",
        "rel <= 2 * g.tolerance * slack:",
        ("tests/engine/test_reading_forms.py",),
    ),
    Mutation(
        "integer-not-exact",
        "engine/bands.py",
        "if round(value) == round(expected):",
        "if rel < 0.01:",
        (
            "tests/engine/test_answers.py",
            "tests/engine/test_reading_forms.py",
        ),
    ),
    Mutation(
        "mb-as-bits",
        "engine/unit_words.py",
        "        is_bits = ctx.bits\n",
        "        is_bits = True\n",
        (
            "tests/engine/test_answers.py",
            "tests/engine/test_reading_forms.py",
        ),
    ),
    Mutation(
        "slip-window",
        "engine/slips.py",
        "WINDOW = 0.01",
        "WINDOW = 0.0001",
        (
            "tests/engine/test_slips_by_unit.py",
            "tests/engine/test_answers.py",
        ),
    ),
    Mutation(
        "hint-is-free",
        "drills/attempts.py",
        "    return Grade(max(0, int(grade) - 1))",
        "    return grade",
        (
            "tests/drills/test_attempt_flags.py",
            "tests/drills/test_timed.py",
            "tests/drills/test_attempts.py",
        ),
    ),
    Mutation(
        "unit-factor",
        "engine/units.py",
        "gibi- = 2**30 = Gi-",
        "gibi- = 1e9 = Gi-",
        (
            "tests/engine/test_units.py",
            "tests/engine/test_answers.py",
        ),
    ),
    Mutation(
        "byte-bits",
        "engine/units.py",
        "byte = 8 * bit",
        "byte = 10 * bit",
        (
            "tests/engine/test_units.py",
            "tests/engine/test_answers.py",
        ),
    ),
    Mutation(
        "formula-division",
        "engine/formula/evaluate.py",
        'acc * v if op == "*" else acc / v',
        "acc * v",
        ("tests/engine/test_formula.py",),
    ),
    Mutation(
        "equivalence-tolerance",
        "engine/formula/equivalence.py",
        "rel_tol=1e-9, abs_tol=1e-12",
        "rel_tol=1e-3, abs_tol=1e-12",
        (
            "tests/engine/test_formula.py",
            "tests/engine/test_answers.py",
        ),
    ),
    Mutation(
        "drill-timeout",
        "drills/attempts.py",
        "    timed_out = result is None and not gave_up\n",
        "    timed_out = False\n",
        (
            "tests/drills/test_attempts.py",
            "tests/drills/test_attempt_flags.py",
        ),
    ),
    Mutation(
        "drill-schedules-its-grade",
        "drills/attempts.py",
        "drill_key(attempt.drill.kind), outcome.grade, attempt.seconds,",
        "drill_key(attempt.drill.kind), Grade.PERFECTLY, attempt.seconds,",
        (
            "tests/drills/test_attempts.py",
            "tests/drills/test_attempt_flags.py",
            "tests/store/test_weak_kinds.py",
        ),
    ),
    Mutation(
        "undo-keeps-drill-attempt",
        "engine/store/repo.py",
        "        delete_attempt(session, attempt_id)\n",
        "",
        ("tests/store/test_undo_drill.py",),
    ),
    Mutation(
        "drill-close-count",
        "drills/session.py",
        "r.verdict is Verdict.CLOSE",
        "r.verdict is Verdict.WRONG",
        ("tests/drills/test_session.py",),
    ),
    # engine
    Mutation(
        "grade-wrong",
        "engine/grades.py",
        "        return Grade.NOT_AT_ALL",
        "        return Grade.BARELY",
        (
            "tests/drills/test_attempts.py",
            "tests/store/test_lapse_grades.py",
        ),
    ),
    Mutation(
        "grade-timeout",
        "engine/grades.py",
        "        return Grade.BLACKOUT",
        "        return Grade.NOT_AT_ALL",
        (
            "tests/drills/test_attempts.py",
            "tests/store/test_lapse_grades.py",
        ),
    ),
    Mutation(
        "close-band",
        "engine/bands.py",
        "max(5 * self.tolerance, 0.10)",
        "max(5 * self.tolerance, 0.20)",
        ("tests/engine/test_answers.py",),
    ),
    Mutation(
        "day-start",
        "engine/studyday.py",
        "(local - timedelta(hours=self.day_start_hour)).date()",
        "local.date()",
        (
            "tests/engine/test_sm2.py",
            "tests/store/test_rules_once.py",
            "tests/store/test_study_queue.py",
        ),
    ),
    Mutation(
        "lapse-grade",
        "engine/store/marks.py",
        "record.grade < 3 and",
        "record.grade < 2 and",
        ("tests/store/test_lapse_grades.py",),
    ),
    Mutation(
        "leech-threshold",
        "engine/counting.py",
        "leech_lapses: int = 8",
        "leech_lapses: int = 9",
        (
            "tests/store/test_marks.py",
            "tests/store/test_lapse_grades.py",
        ),
    ),
    # the application layer
    Mutation(
        "drill-kinds-leech",
        "engine/app/study.py",
        "leech_at=self.limits.leech_lapses if self._joins_as_card(key) else None",
        "leech_at=self.limits.leech_lapses",
        ("tests/store/test_drill_kinds_no_leech.py",),
    ),
    Mutation(
        "custom-new-limit",
        "engine/app/custom.py",
        "[: study.limits.new_per_day]",
        "[: study.limits.new_per_day + 1]",
        ("tests/store/test_custom_new_limit.py",),
    ),
    Mutation(
        "custom-ahead-days",
        "engine/app/custom.py",
        "study.today() + timedelta(days=days)",
        "study.today() + timedelta(days=days - 1)",
        ("tests/store/test_custom_study.py",),
    ),
    # cards
    Mutation(
        "anki-guid",
        "cards/anki_export.py",
        'genanki.guid_for("flopcards", key)',
        'genanki.guid_for("flopcards/", key)',
        ("tests/anki/test_export_guid_fixed.py",),
    ),
    Mutation(
        "anki-tag",
        "cards/anki_export.py",
        'return "_".join(tag.split())',
        'return "-".join(tag.split())',
        ("tests/anki/test_anki_export.py",),
    ),
    Mutation(
        "anki-buttons",
        "cards/anki_history.py",
        "GRADE_OF_EASE = {1: 1, 2: 3, 3: 4, 4: 5}",
        "GRADE_OF_EASE = {1: 1, 2: 2, 3: 4, 4: 5}",
        ("tests/anki/test_import_grades_fixed.py",),
    ),
    Mutation(
        "anki-guid-card-id",
        "cards/csv_import.py",
        "hexdigest()[:10]}{suffix}",
        "hexdigest()[:12]}{suffix}",
        ("tests/cards/test_import_ids_fixed.py",),
    ),
    Mutation(
        "exam-close-right",
        "cards/exam.py",
        "result.verdict is Verdict.CORRECT",
        "result.verdict in (Verdict.CORRECT, Verdict.CLOSE)",
        (
            "tests/cards/test_exam_marks_fixed.py",
            "tests/cards/test_exam.py",
        ),
    ),
    Mutation(
        "exam-band-last",
        "cards/exam.py",
        "b.first <= question.position <= b.last",
        "b.first <= question.position < b.last",
        (
            "tests/cards/test_exam_marks_fixed.py",
            "tests/cards/test_exam.py",
        ),
    ),
    Mutation(
        "exam-band-deck-end",
        "cards/exam.py",
        "1 <= first <= last <= len(deck.cards)",
        "1 <= first <= last < len(deck.cards)",
        (
            "tests/cards/test_exam_marks_fixed.py",
            "tests/cards/test_exam.py",
        ),
    ),
    # drills
    Mutation(
        "weak-kinds-perfect",
        "drills/timed.py",
        "if accuracy[k] < 1",
        "if accuracy[k] <= 1",
        (
            "tests/drills/test_timed.py",
            "tests/store/test_weak_kinds.py",
        ),
    ),
)

# broadened (2026-11-28, second session): bugs a person would make, each with the few test files
# that should decide it
SM2 = ("tests/engine/test_sm2.py", "tests/engine/test_sm2_same_day.py")
RULES = ("tests/store/test_rules_once.py", "tests/store/test_study_queue.py", "tests/store/test_marks.py")
READ = ("tests/engine/test_answers.py", "tests/engine/test_reading_forms.py")
REDACT = ("tests/engine/test_app_errors.py", "tests/engine/test_mutants_redact.py")
ANKI_IN = (
    "tests/anki/test_anki_schedule.py",
    "tests/anki/test_anki_import.py",
    "tests/anki/test_import_grades_fixed.py",
)
ANKI_OUT = ("tests/anki/test_anki_export.py", "tests/anki/test_export_guid_fixed.py")
CHECKS = ("tests/authoring/test_checks_and_lint.py", "tests/cards/test_decks_issue29.py")
GEN = ("tests/drills/test_drill_generator.py", "tests/drills/test_drill_language.py")
BROAD = (
    # engine: schedulers
    Mutation(
        "sm2-fail-keeps-reps",
        "engine/sm2.py",
        "repetitions=0 if grade < PASSING_GRADE else repetitions,",
        "repetitions=repetitions,",
        SM2,
    ),
    Mutation(
        "sm2-repeat-until-4",
        "engine/sm2.py",
        "return grade < PASSING_GRADE or (state.repeat_today and grade < SAME_DAY_TARGET)",
        "return grade < PASSING_GRADE",
        SM2,
    ),
    Mutation(
        "sm2-interval-truncates",
        "engine/sm2.py",
        "round(Fraction(min(previous_interval, max_interval) * ef_centi, 100))",
        "int(Fraction(min(previous_interval, max_interval) * ef_centi, 100))",
        SM2,
    ),
    Mutation(
        "fsrs-barely-is-hard",
        "engine/fsrs_scheduler.py",
        "{0: 1, 1: 1, 2: 1, 3: 2, 4: 3, 5: 4}",
        "{0: 1, 1: 1, 2: 2, 3: 2, 4: 3, 5: 4}",
        ("tests/engine/test_fsrs_scheduler.py", "tests/engine/test_fsrs_order.py"),
    ),
    Mutation(
        "fsrs-one-day-elapsed",
        "engine/fsrs_scheduler.py",
        "    if elapsed_days >= 1:",
        "    if elapsed_days > 1:",
        ("tests/engine/test_fsrs_study_days.py", "tests/engine/test_mutants_scheduling.py"),
    ),
    # engine: units, answer reading, grading
    Mutation(
        "units-month", "engine/units.py", "month = year / 12 = months", "month = 30 * day = months", READ
    ),
    Mutation(
        "read-space-groups",
        "engine/reading.py",
        r"(\d{1,3})((?:[, _]\d{3})+)",
        r"(\d{1,3})((?:[,_]\d{3})+)",
        READ,
    ),
    Mutation(
        "percent-one-is-100",
        "engine/answers.py",
        "in _PERCENT_UNITS and 0 < abs(value) <= 1:",
        "in _PERCENT_UNITS and 0 < abs(value) < 1:",
        (*READ, "tests/engine/test_mutants_answers.py"),
    ),
    Mutation(
        "sig-figs-off-by-one",
        "engine/bands.py",
        "round(value, sig - 1 - math.floor(math.log10(abs(value))))",
        "round(value, sig - math.floor(math.log10(abs(value))))",
        (*READ, "tests/drills/test_grader_corpus.py"),
    ),
    Mutation(
        "anki-hard-key",
        "engine/grades.py",
        "key = 1 if grade < Grade.WITH_EFFORT else int(grade) - 1",
        "key = 1 if grade <= Grade.WITH_EFFORT else int(grade) - 1",
        ("tests/engine/test_mutants_scheduling.py",),
    ),
    # engine: counts and the store's rules
    Mutation(
        "review-limit-counts-repeats",
        "engine/counting.py",
        "max(0, limits.reviews_per_day - totals.scheduled_reviews)",
        "max(0, limits.reviews_per_day - totals.reviews)",
        (
            "tests/store/test_same_day_store.py",
            "tests/store/test_study_queue.py",
            "tests/store/test_session_summary.py",
        ),
    ),
    Mutation(
        "new-drills-count-cards",
        "engine/counting.py",
        "max(0, limits.new_drills_per_day - totals.new_drills)",
        "max(0, limits.new_drills_per_day - totals.new_cards)",
        ("tests/store/test_new_drill_limit.py", "tests/store/test_drill_day_limits.py"),
    ),
    Mutation("rules-due-today", "engine/store/rules.py", '"due_day <= :today"', '"due_day < :today"', RULES),
    Mutation(
        "rules-buried-today",
        "engine/store/rules.py",
        '"buried_until > :today"',
        '"buried_until >= :today"',
        RULES,
    ),
    Mutation(
        "rules-repeat-any-day",
        "engine/store/rules.py",
        '"repeat_today = :yes AND last_day = :today"',
        '"repeat_today = :yes"',
        (*RULES, "tests/store/test_same_day_store.py"),
    ),
    # engine: redaction
    Mutation(
        "redact-at-in-password",
        "engine/redact.py",
        r"[^\s@]*(?:@[^\s@/?#]*)*(?=@)",
        r"[^\s@]*(?=@)",
        REDACT,
    ),
    Mutation(
        "redact-slash-in-password",
        "engine/redact.py",
        r"[^\s@]*(?:@[^\s@/?#]*)*(?=@)",
        r"[^\s@/?#]*(?:@[^\s@/?#]*)*(?=@)",
        REDACT,
    ),
    Mutation(
        "redact-keyword-case",
        "engine/redact.py",
        r'rf"(?P<head>\bpassword\s*=\s*)(?:{_QUOTED}|[^\s,;)]+)", re.I)',
        r'rf"(?P<head>\bpassword\s*=\s*)(?:{_QUOTED}|[^\s,;)]+)")',
        REDACT,
    ),
    Mutation(
        "redact-quoted-keyword",
        "engine/redact.py",
        r'rf"(?P<head>\bpassword\s*=\s*)(?:{_QUOTED}|[^\s,;)]+)"',
        r'rf"(?P<head>\bpassword\s*=\s*)(?:[^\s,;)]+)"',
        REDACT,
    ),
    # cards: the Anki import and export, the loader, a deck's checks
    Mutation(
        "anki-buried-until-today",
        "cards/anki_history.py",
        "buried_until=today + timedelta(days=1) if card.queue in BURIED else None,",
        "buried_until=today if card.queue in BURIED else None,",
        ANKI_IN,
    ),
    Mutation(
        "anki-ease-scale",
        "cards/anki_history.py",
        "ef_centi=card.factor // 10 if card.factor else None,",
        "ef_centi=card.factor // 100 if card.factor else None,",
        ANKI_IN,
    ),
    Mutation(
        "anki-rollover-hour",
        "cards/anki_days.py",
        "if local.hour < rollover:",
        "if local.hour <= rollover:",
        ANKI_IN,
    ),
    Mutation(
        "anki-export-raw-html",
        "cards/anki_export.py",
        'MarkdownIt("commonmark", {"html": False})',
        'MarkdownIt("commonmark", {"html": True})',
        ANKI_OUT,
    ),
    Mutation(
        "anki-export-drops-note",
        "cards/anki_export.py",
        r'back = card.back + (f"\n\n> **Note:** {card.note}" if card.note else "")',
        "back = card.back",
        ("tests/cards/test_mutants_cards.py", *ANKI_OUT),
    ),
    Mutation(
        "loader-reads-drill-files",
        "cards/loader.py",
        "return path.suffix in YAML_SUFFIXES and not path.name.endswith(DRILL_SUFFIX)",
        "return path.suffix in YAML_SUFFIXES",
        (
            "tests/cards/test_mutants_cards.py",
            "tests/drills/test_drill_loader.py",
            "tests/authoring/test_bad_decks.py",
        ),
    ),
    Mutation(
        "check-ignores-note",
        "cards/checks.py",
        'for part in (card.front, card.back, card.note or "")]',
        "for part in (card.front, card.back)]",
        ("tests/cards/test_mutants_cards.py", *CHECKS),
    ),
    Mutation(
        "check-unicode-minus",
        "cards/checks.py",
        'return float(match.group().replace(",", "").replace("−", "-"))',
        'return float(match.group().replace(",", ""))',
        CHECKS,
    ),
    # drills: the generator and the template checks
    Mutation(
        "drill-seed-not-per-kind",
        "drills/generator.py",
        'rng = random.Random(f"{t.spec.id}:{seed}")',
        "rng = random.Random(seed)",
        GEN,
    ),
    Mutation(
        "convention-band",
        "drills/generator.py",
        "band = max(5 * tolerance, 0.10) if close is None else close",
        "band = max(5 * tolerance, 0.20) if close is None else close",
        ("tests/drills/test_mutants_templates.py", *GEN),
    ),
    Mutation(
        "drill-declared-slips",
        "drills/generator.py",
        "slips=declared or default_slips(drill.unit),",
        "slips=default_slips(drill.unit),",
        ("tests/drills/test_grader_corpus.py", "tests/drills/test_answer_forms.py"),
    ),
    Mutation(
        "drill-measured-any",
        "drills/generator.py",
        "if all(values.get(k) in accepted for k, accepted in when.items())",
        "if any(values.get(k) in accepted for k, accepted in when.items())",
        (*GEN, "tests/drills/test_drill_kinds_more.py"),
    ),
    Mutation(
        "drill-override-bool",
        "drills/generator.py",
        "if isinstance(given, bool) or not math.isfinite(number):",
        "if not math.isfinite(number):",
        GEN,
    ),
    Mutation(
        "template-constraint-hi",
        "drills/template_checks.py",
        "(hi is not None and value > hi)",
        "(hi is not None and value >= hi)",
        ("tests/drills/test_mutants_templates.py", "tests/drills/test_drill_loader.py"),
    ),
    Mutation(
        "template-acceptance",
        "drills/draws.py",
        "MIN_ACCEPTANCE = 0.05",
        "MIN_ACCEPTANCE = 0.005",
        ("tests/drills/test_mutants_templates.py", "tests/drills/test_drill_loader.py"),
    ),
)

_pending: dict[Path, str] = {}
"""Files mutated right now, with their original text: restored at exit and on SIGINT/SIGTERM."""


def restore() -> None:
    while _pending:
        path, original = _pending.popitem()
        path.write_text(original, encoding="utf-8")


def _on_signal(signum: int, _frame: FrameType | None) -> None:
    restore()
    raise SystemExit(128 + signum)  # subprocess.run kills the running pytest on the way out


def dirty() -> str:
    """Tracked files with uncommitted changes ('' when clean)."""
    done = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True, text=True
    )
    return done.stdout.strip() if done.returncode == 0 else f"not a git tree: {done.stderr.strip()}"


@dataclass(frozen=True)
class Run:
    """One pytest run: whether it passed, how long it took, and the first failing test ('' if none)."""

    passed: bool
    seconds: float
    failed: str = ""
    timed_out: bool = False


def run_tests(tests: tuple[str, ...], workers: int, timeout: float) -> Run:
    """Pytest over `tests`, stopping at the first failure; a run longer than `timeout` is stopped."""
    start = time.perf_counter()
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    if workers:
        cmd += ["-n", str(workers)]
    # its own process group, so a run past its time is stopped with its xdist workers
    with subprocess.Popen(
        cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True
    ) as proc:
        try:
            out, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            return Run(False, time.perf_counter() - start, timed_out=True)
        except BaseException:
            os.killpg(proc.pid, signal.SIGKILL)  # Ctrl-C or SIGTERM: no pytest left on the mutated file
            raise
    failed = next((line.split()[1] for line in out.splitlines() if line.startswith(("FAILED", "ERROR "))), "")
    return Run(proc.returncode == 0, time.perf_counter() - start, failed)


def apply(mutation: Mutation) -> None:
    """Apply the mutation (the original text is kept in `_pending` until restored)."""
    path = ROOT / mutation.path
    original = path.read_text(encoding="utf-8")
    if original.count(mutation.old) != 1:
        raise SystemExit(f"{mutation.name}: '{mutation.old}' is not exactly once in {mutation.path}")
    _pending[path] = original
    path.write_text(original.replace(mutation.old, mutation.new), encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--only", action="append", help="run only this mutation (repeatable)")
    parser.add_argument("--list", action="store_true", help="check every mutation applies, list them, exit")
    parser.add_argument("-n", "--workers", type=int, default=0, help="pytest-xdist workers per run (0: none)")
    parser.add_argument("--timeout", type=float, default=1800, help="seconds one pytest run may take")
    args = parser.parse_args()
    chosen = [m for m in (*MUTATIONS, *BROAD) if not args.only or m.name in args.only]
    if args.list:
        for mutation in chosen:
            text = (ROOT / mutation.path).read_text(encoding="utf-8")
            found = "ok" if text.count(mutation.old) == 1 else "DOES NOT APPLY"
            print(f"{mutation.name:<28} {found:<14} {mutation.path}")
        return 0
    changed = dirty()
    if changed:
        print(f"refusing to mutate a tree with uncommitted changes; commit or stash them:\n{changed}")
        return 2
    atexit.register(restore)
    signal.signal(signal.SIGTERM, _on_signal)
    signal.signal(signal.SIGINT, _on_signal)
    selected = tuple(dict.fromkeys(t for m in chosen for t in m.tests))  # a kill must come from the bug
    base = run_tests(selected, args.workers, args.timeout)
    print(
        f"{'baseline (no mutation)':<28} {'passes' if base.passed else 'FAILS'} in {base.seconds:5.1f} s",
        flush=True,
    )
    if not base.passed:
        print(f"baseline fails: {'timed out' if base.timed_out else base.failed}")
        return 2
    survivors, unsure = [], []
    for mutation in chosen:
        apply(mutation)
        try:
            run = run_tests(mutation.tests, args.workers, args.timeout)
        finally:
            restore()
        verdict = "SURVIVED" if run.passed else "TIMEOUT" if run.timed_out else "killed"
        print(
            f"{mutation.name:<28} {verdict:<8} in {run.seconds:5.1f} s  ({mutation.path}) {run.failed}",
            flush=True,
        )
        if run.passed:
            survivors.append(mutation.name)
        elif run.timed_out:
            unsure.append(mutation.name)
    killed = len(chosen) - len(survivors) - len(unsure)
    print(f"{killed} of {len(chosen)} mutations killed")
    if survivors:
        print("survived: " + ", ".join(survivors))
    if unsure:
        print("timed out (no verdict): " + ", ".join(unsure))
    return 1 if survivors or unsure else 0


if __name__ == "__main__":
    sys.exit(main())
