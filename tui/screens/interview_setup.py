"""Mock interview setup (home `i`): the track, the length and the level of the drills."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Select, Static

from engine.app.interviews import LENGTHS, LEVELS, Plan, PlanError, Track

if TYPE_CHECKING:
    from textual.app import App

    from tui.services import Services


class _Pick(Select[object]):
    """A Select whose enter starts the interview (space, up or down open its list)."""

    BINDINGS = [Binding("enter", "screen.start", "Start", show=False)]


@dataclass(frozen=True)
class InterviewChoice:
    track: Track
    minutes: int
    level: str


class InterviewSetupScreen(ModalScreen[InterviewChoice | None]):
    """Track, length and level of a mock interview; enter starts it, esc goes back."""

    DEFAULT_CSS = """
    InterviewSetupScreen { align: center middle; }
    #interview-setup { width: 64; max-width: 95%; }
    #interview-setup > Select { width: 100%; }
    """

    BINDINGS = [
        Binding("ctrl+s", "start", "Start"),
        Binding("escape", "dismiss", "Back"),
        Binding("f1", "help", "Keys"),
    ]
    WIDGET_KEYS = [
        ("enter", "Start"),
        ("tab", "Next field: track, minutes, level"),
        ("space", "Open a list (↑/↓ and enter pick)"),
    ]

    def __init__(self, choice: InterviewChoice | None = None) -> None:
        super().__init__()
        self.choice = choice or InterviewChoice(Track.MIXED, LENGTHS[0], "any")

    def compose(self) -> ComposeResult:
        with Vertical(id="interview-setup", classes="modal-box"):
            yield Static("Mock interview", classes="modal-title")
            yield Static(
                "Open questions judged by their rubric, each followed by its calculations,"
                " under one clock. Nothing here changes your review schedule.",
                markup=False,
            )
            tracks = [(t.label, t) for t in Track]
            yield _Pick(tracks, value=self.choice.track, id="interview-track", allow_blank=False)
            lengths = [(f"{m} minutes", m) for m in LENGTHS]
            yield _Pick(lengths, value=self.choice.minutes, id="interview-minutes", allow_blank=False)
            levels = [("drills at any level", "any"), *((f"drills up to {lv}", lv) for lv in LEVELS)]
            yield _Pick(levels, value=self.choice.level, id="interview-level", allow_blank=False)
            yield Static("enter (or ctrl+s) starts · esc goes back · f1 lists the keys", markup=False)
        yield Footer()  # the modal's own keys, not the keys of the screen beneath

    def on_mount(self) -> None:
        self.query_one("#interview-track", Select).focus()

    def action_start(self) -> None:
        track = self.query_one("#interview-track", Select).value
        minutes = self.query_one("#interview-minutes", Select).value
        level = self.query_one("#interview-level", Select).value
        assert isinstance(track, Track) and isinstance(minutes, int) and isinstance(level, str)
        self.dismiss(InterviewChoice(track, minutes, level))

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self))


def open_interview(app: App[None], services: Services, choice: InterviewChoice | None = None) -> None:
    """Ask for the track, length and level (unless given), plan off the UI thread, then start."""
    from tui.screens.interview import InterviewScreen
    from tui.store_work import run_store_command

    def plan(chosen: InterviewChoice) -> Plan | str:
        try:
            return services.plan_interview(chosen.track, chosen.minutes, chosen.level)
        except PlanError as error:
            return str(error)

    def start(made: Plan | str) -> None:
        if isinstance(made, str):
            app.notify(made, severity="warning")
        else:
            app.push_screen(InterviewScreen(services, made))

    def chosen(picked: InterviewChoice | None) -> None:
        if picked is not None:
            run_store_command(app.screen, lambda: plan(picked), what="No interview", done=start)

    if choice is None:
        app.push_screen(InterviewSetupScreen(), chosen)
    else:
        chosen(choice)
