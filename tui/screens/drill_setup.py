"""Drill setup screen: level, kinds (or mixed), a count or a time budget, seconds per drill, and the
sprint and weak-kinds presets; warms the drill engine."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Select, SelectionList, Static
from textual.widgets.selection_list import Selection

from engine.app.errors import AppError
from tui.drills_door import (
    SPRINT_SECONDS,
    DrillSession,
    Plan,
    PlanError,
    Sitting,
    make_plan,
    sprint_plan,
    weak_plan,
    with_article,
)
from tui.store_work import fault_notice
from tui.ticks import TickList

if TYPE_CHECKING:
    from tui.services import Services

MIXED = "mixed"
LEVELS = ("warm-up", "interview", "senior")
DEFAULT_AMOUNT = "5"
MIN_LIMIT, MAX_LIMIT = 5, 3600


class KindList(TickList):
    """The drill kinds, a list like every other: up/down move, space ticks, enter starts (with the
    highlighted kind when none is ticked)."""

    BINDINGS = [Binding("enter", "screen.start_highlighted", "Start", show=False)]


class DrillSetupScreen(Screen[None]):
    """Kinds list (nothing ticked, or 'mixed', means every kind) and an amount: '5' or '10m'."""

    BINDINGS = [
        Binding("ctrl+s", "start", "Start"),
        Binding("ctrl+t", "sprint", f"Sprint {SPRINT_SECONDS:.0f} s"),
        Binding("ctrl+n", "weak", "Weak kinds"),
        Binding("escape", "back", "Back"),
        Binding("f1", "help", "Keys"),
    ]
    WIDGET_KEYS = [
        ("space", "Tick a kind"),
        ("home/end", "First/last kind"),
        ("tab", "Next field: level, kinds, how many, seconds per drill"),
        ("enter", "Start"),
    ]
    """Keys the list and the box handle themselves (listed by the help screen and the README)."""

    ready: reactive[bool] = reactive(False, init=False)
    """True once the drill kinds are loaded (the start is refused before)."""
    warm: reactive[bool] = reactive(False, init=False)
    """True once a first answer has been checked (units and readers loaded)."""

    def __init__(self, services: Services, *, rng: random.Random | None = None) -> None:
        super().__init__()
        self.services = services
        self.rng = rng
        """Seeds of the session's drills come from this (tests and snapshots pass a seeded one)."""
        self.kind_ids: list[str] = []
        self.kind_levels: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="drill-setup"):
            yield Static("Level  [dim](mixed draws only kinds of this level)[/dim]")
            options = [(level, level) for level in LEVELS]
            yield Select(options, prompt="any level", id="drill-level", compact=True)
            yield Static("Kinds  [dim](space ticks; none ticked, or mixed, draws from every kind)[/dim]")
            yield KindList(id="drill-kinds")
            yield Static("How many  [dim]a number of drills (5) or a time budget (10m, 90s)[/dim]")
            yield Input(DEFAULT_AMOUNT, id="drill-amount", placeholder="5 or 10m")
            yield Static("Seconds per drill  [dim](with a time budget, never more than the time left)[/dim]")
            limit = str(self.services.config.settings.drill_seconds)
            yield Input(limit, id="drill-limit", placeholder=limit, type="integer")
            yield Static("Loading the drill kinds…", id="drill-setup-status")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Drills"
        self.query_one("#drill-amount", Input).focus()
        self.warm_up()

    @work(thread=True, exclusive=True, group="drill-warm")
    def warm_up(self) -> None:
        """Load the templates, then check one answer, off the UI thread (pydantic, pint load here)."""
        from tui.drill_text import warm_markdown

        try:
            found, self.kind_levels = self.services.drill_kinds()
        except (OSError, ValueError) as error:  # DrillError is a ValueError
            self.app.call_from_thread(self._failed, str(error))
            return
        self.app.call_from_thread(self._kinds_ready, found)
        if found:
            warm_markdown(self.services.warm_drill(found[0][0]))
        self.app.call_from_thread(setattr, self, "warm", True)

    def _failed(self, message: str) -> None:
        self.query_one("#drill-setup-status", Static).update(f"Could not load the drills: {message}")

    def _kinds_ready(self, found: list[tuple[str, str, str]]) -> None:
        self.kind_ids = [kind for kind, _, _ in found]
        width = max((len(kind) for kind in self.kind_ids), default=0)
        options = [Selection(f"{MIXED:<{width}}  every kind, drawn at random", MIXED)]
        options += [
            Selection(f"{k:<{width}}  {title} [dim]({topic}; {self.kind_levels.get(k, '')})[/dim]", k)
            for k, title, topic in found
        ]
        kinds = self.query_one("#drill-kinds", SelectionList)
        kinds.add_options(options)
        kinds.highlighted = 0  # down moves to the second row, as in every other list
        self.ready = True
        self._status("")

    def _status(self, problem: str) -> None:
        text = problem or "enter (or ctrl+s) starts · tab moves between the fields · f1 lists the keys"
        self.query_one("#drill-setup-status", Static).update(text)
        self.query_one("#drill-setup-status").set_class(bool(problem), "problem")

    @on(Input.Submitted, "#drill-amount, #drill-limit")
    def _submitted(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        if not self.ready:
            self.notify("Still loading the drill kinds…")
            return
        chosen = self.query_one("#drill-kinds", SelectionList).selected
        amount = self.query_one("#drill-amount", Input).value
        level = self.query_one("#drill-level", Select).value
        pool = [k for k in self.kind_ids if level not in LEVELS or self.kind_levels.get(k) == level]
        outside = [k for k in chosen if k != MIXED and k not in pool]
        if outside:
            its_level = with_article(str(self.kind_levels.get(outside[0])))
            self._status(f"'{outside[0]}' is {its_level} drill, not {level}")
            return
        try:
            plan = make_plan(pool, chosen, amount)
        except PlanError as error:
            self._status(str(error))
            return
        self._begin(plan)

    def action_start_highlighted(self) -> None:
        kinds = self.query_one("#drill-kinds", SelectionList)
        if not kinds.selected and kinds.highlighted is not None:
            kinds.select(kinds.get_option_at_index(kinds.highlighted).value)
        self.action_start()

    def _limit(self) -> float | None:
        """Seconds per drill from the form, or None (and a message) when out of range."""
        text = self.query_one("#drill-limit", Input).value.strip()
        if not text:
            return float(self.services.config.settings.drill_seconds)
        if not text.isdigit() or not MIN_LIMIT <= int(text) <= MAX_LIMIT:
            self._status(f"seconds per drill must be a whole number from {MIN_LIMIT} to {MAX_LIMIT}")
            return None
        return float(text)

    def _begin(self, plan: Plan, *, sprint: bool = False) -> None:
        limit = self._limit()
        if limit is None:
            return
        try:  # mixed draws keep to today's new drill kinds
            plan = self.services.within_new_drills(plan)
        except PlanError as error:
            self._status(str(error))
            return
        except AppError as error:
            self._status(fault_notice("Drills not started", error))
            return
        from tui.screens.drill import DrillScreen

        auto = sprint or self.services.config.settings.drill_auto_accept
        sitting = Sitting(DrillSession(plan, self.rng or random.Random()), limit, auto_accept=auto)
        self.app.switch_screen(DrillScreen(self.services, sitting))

    def action_sprint(self) -> None:
        """Zetamac style: 120 s of mixed kinds, each drill capped by the time left."""
        if not self.ready:
            self.notify("Still loading the drill kinds…")
            return
        self._begin(sprint_plan(self.kind_ids), sprint=True)

    def action_weak(self) -> None:
        """Ten drills of the kinds with the lowest recent accuracy or most overdue."""
        if not self.ready:
            self.notify("Still loading the drill kinds…")
            return
        kinds = self.services.weak_kinds(self.kind_ids)
        if not kinds and not self.services.drilled_any():
            self._status("no weak kinds yet: no drill answered so far (ctrl+t starts a sprint)")
            return
        if not kinds:
            self._status("no weak kinds yet: every kind drilled so far was right, and none is due")
            return
        self._begin(weak_plan(kinds))

    def action_back(self) -> None:
        self.dismiss()

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self))
