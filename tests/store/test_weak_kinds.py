"""The weak-kinds preset from stored attempts and schedules (real SQLite, no terminal)."""

from __future__ import annotations

from pathlib import Path

from drills.attempts import Attempt
from drills.generator import kinds
from tests.store.test_app_layer import services_at


def test_weak_kinds_come_from_stored_misses_and_overdue_kinds(tmp_path: Path, clock) -> None:
    services = services_at(tmp_path, clock)
    try:
        for kind, typed_right in (("kv-cache", False), ("amdahl", True), ("ttft", False)):
            drill = services.drill(kind, 1)
            typed = f"{drill.expected * (1 if typed_right else 3):.6g} {drill.unit}".strip()
            services.record_drill(Attempt(drill, typed, services.check_drill(drill, typed), 10.0, 120.0))
        all_kinds = [k for k, _, _ in kinds(services.templates)]
        assert services.weak_kinds(all_kinds) == ["kv-cache", "ttft"]  # nothing is due yet
        clock.advance(days=3)  # every drilled kind is now overdue, the right one too
        assert "amdahl" in services.weak_kinds(all_kinds)
    finally:
        services.close()
