"""Home screen: every deck with its due and new counts, today's totals, and problems met loading."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import reactive
from textual.widgets import DataTable, Footer, Header, Static

from engine.app.values import AppError
from tui.deck_table import COLUMNS
from tui.home_counts import HomeCounts
from tui.messages import CountsPainted, HomePainted
from tui.row_table import RowTable
from tui.screens.help import HelpScreen
from tui.store_work import fault_notice

if TYPE_CHECKING:
    from engine.app import ReviewSession
    from engine.app.values import HomeView
    from tui.messages import ServicesReady
    from tui.screens.review import ReviewScreen
    from tui.services import Services
    from tui.start import Glance


class HomeScreen(HomeCounts):
    """Lists 'All decks' and then each deck; enter starts a review of the highlighted row."""

    BINDINGS = [
        Binding(
            "enter", "study", "Review", priority=True, tooltip="Review what is due in the highlighted deck"
        ),
        Binding("a", "study_ahead", "Study ahead", tooltip="Review cards not yet due"),
        Binding("r", "reload", "Reload decks", tooltip="Read the deck files again"),
        Binding("d", "drills", "Drills", tooltip="A timed session of numeric drills"),
        Binding("b", "browse", "Browse", show=False),  # no room in the footer at 80 columns; ? lists it
        Binding("c", "custom_study", "Custom study", show=False),
        Binding("s", "stats", "Stats", tooltip="Heatmap, due forecast, retention, drills, exam scores"),
        Binding("x", "exam", "Exam", tooltip="A cold exam: pick the deck, a sample size and the order"),
        Binding("i", "interview", "Mock interview", show=False),  # no room at 80 columns; ? lists it
        Binding("question_mark", "help", "Keys"),
        Binding("q", "app.quit", "Quit", show=False),  # the footer keeps room at 80 columns; ? lists it
    ]
    WIDGET_KEYS = [("↑/↓", "Pick a deck"), ("home/end", "First/last deck")]
    """Keys the deck table handles itself (listed by the help screen and the README)."""

    loaded: reactive[bool] = reactive(False)
    """True once the store and the decks are open."""

    def __init__(self) -> None:
        super().__init__()
        self.services: Services | None = None
        self._queued: Callable[[], None] | None = None
        self._queued_screen = False
        """`_queued` opens a screen (not the glance's bind): keys typed until then wait for it."""
        self._rows: list[tuple[str, int, int, int, str]] = []
        """(title, due, new, total, row key) of each deck, as last read."""
        self._drawn: tuple[list[int], list[tuple[str, int, int, int, str]]] | None = None
        self.first_look: HomeView | None = None
        """The counts from the last load's outline, shown until the decks are open (app sets it)."""
        self.glancer: Callable[[str | None], Glance | None] | None = None
        """Today's first card of a deck from the same outline, for an Enter before the decks are open."""
        self.glancing = False
        """A review started from a glance is on top and waits for the decks."""
        self._footer_added = False

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="banner")
        yield Static("Opening your decks…", id="totals")
        table: DataTable[str | int] = RowTable(id="decks", cursor_type="row", zebra_stripes=True)
        table.add_columns(*COLUMNS)
        yield table

    def on_services_ready(self, message: ServicesReady) -> None:
        self.services = message.services
        self.loaded = True
        if self.first_look is None:  # else the first look stays until the drill kinds are in too
            self.refresh_counts()
            self.call_after_refresh(self._counts_on_screen)
        self.refresh_bindings()
        queued, self._queued = self._queued, None
        self._queued_screen = False
        if queued is not None:
            queued()

    def on_screen_resume(self) -> None:
        if self.services is not None:  # after the first frame: Esc back home shows it at once
            self.call_after_refresh(self.recount)
        self.glancing = False
        if not self._footer_added:  # it waited while an early review was on top
            self.call_after_refresh(self._add_footer)

    def on_resize(self) -> None:
        self._draw_table()  # from the counts already read: a resize costs no query

    def on_mount(self) -> None:
        if self.first_look is not None and self.services is None:
            self.show(self.first_look)
            self.call_after_refresh(self._counts_on_screen)
        # the key bar after the first frame: its many small widgets cost more than the rest of the
        # screen, and the counts should not wait for it
        self.call_after_refresh(self._add_footer)

    def _counts_on_screen(self) -> None:
        """The first frame with deck counts is painted (the start-up benchmark's mark)."""
        self.post_message(CountsPainted())

    async def _add_footer(self) -> None:
        """Mount the key bar, then post HomePainted; not while another screen (an early Enter's
        review) is on top: its first card would wait for the many small widgets."""
        if not self.is_current or self._footer_added:
            return
        self._footer_added = True
        await self.mount(Footer(show_command_palette=False))  # ? lists ctrl+p
        self.refresh_bindings()  # the key bar composes its keys when told the bindings
        self.call_after_refresh(self.post_message, HomePainted())

    @property
    def holds_keys(self) -> bool:
        """A screen is queued until the decks open: the keys typed meanwhile wait for it (KeyGate)."""
        return self._queued_screen and self.services is None

    def _queue(self, action: Callable[[], None], what: str) -> None:
        """Run `action` once the decks are open (a key pressed while loading is not lost)."""
        self._queued = action
        self._queued_screen = True
        self.query_one("#totals", Static).update(f"Opening your decks… {what} starts once they are open.")

    def action_study(self, ahead: bool = False) -> None:
        if self.services is None:
            if ahead or not self._glance_review():
                self._queue(lambda: self.action_study(ahead), "the review")
            return
        from tui.screens.review import ReviewScreen

        deck_id = self._selected_deck()
        try:
            session = self.services.study.session(deck_id, ahead=ahead)
            current = session.current()
        except AppError as error:
            self.notify(fault_notice("Cannot start the review", error), severity="error", timeout=15)
            return
        if current is None:
            hint = "" if ahead else " Press a to study ahead."
            self.notify(f"Nothing to review in {self.services.deck_title(deck_id)}.{hint}")
            return
        self.app.push_screen(ReviewScreen(self.services, deck_id, session))

    def _glance_review(self) -> bool:
        """Show today's first card at once, from the start-up glance; the session joins the review
        screen once the decks are open. False when the glance cannot tell (then the review waits)."""
        deck_id = self._selected_deck()
        seen = self.glancer(deck_id) if self.glancer is not None else None
        if seen is None:
            return False
        from tui.screens.review import ReviewScreen

        review = ReviewScreen(None, deck_id, None, glance=seen)
        self.glancing = True
        self.app.push_screen(review)
        self._queued, self._queued_screen = (lambda: self._bind(review, deck_id)), False
        return True

    def _bind(self, review: ReviewScreen, deck_id: str | None) -> None:
        if self.services is None or review not in self.app.screen_stack:
            return
        try:
            review.bind(self.services, self.services.study.session(deck_id))
        except AppError as error:  # the store failed as the decks opened: nothing graded yet
            self.notify(fault_notice("Cannot start the review", error), severity="error", timeout=15)
            while review in self.app.screen_stack:  # back to the home (a help over it goes too)
                self.app.pop_screen()

    def action_study_ahead(self) -> None:
        self.action_study(ahead=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Reload has nothing to reload until the decks are open (the other keys queue)."""
        return action != "reload" or self.services is not None

    def action_drills(self) -> None:
        if self.services is None:
            self._queue(self.action_drills, "the drill setup")
            return
        from tui.screens.drill_setup import DrillSetupScreen

        self.app.push_screen(DrillSetupScreen(self.services))

    def action_browse(self) -> None:
        if self.services is None:
            self._queue(self.action_browse, "the browser")
            return
        from tui.screens.browse import BrowseScreen

        self.app.push_screen(BrowseScreen(self.services, self._selected_deck()))

    def action_custom_study(self) -> None:
        if self.services is None:
            self._queue(self.action_custom_study, "custom study")
            return
        from tui.screens.custom_study import CustomStudyScreen
        from tui.screens.review import ReviewScreen

        services, deck_id = self.services, self._selected_deck()

        def start(session: ReviewSession | None) -> None:
            if session is not None:
                self.app.push_screen(ReviewScreen(services, deck_id, session))

        build = partial(services.custom_study, deck_id)
        self.app.push_screen(CustomStudyScreen(services.deck_title(deck_id), build), start)

    def action_stats(self) -> None:
        from tui.screens.stats import open_stats

        if problem := open_stats(self.app, self.services, self._selected_deck()):
            self.notify(problem)

    def action_exam(self) -> None:
        from tui.screens.exam import DEFAULT_EXAM_DECK, open_exam
        from tui.screens.exam_setup import ExamChoice, ExamSetupScreen

        if self.services is None:
            self.notify("Still opening your decks…")
            return
        services = self.services

        def chosen(choice: ExamChoice | None) -> None:
            if choice is not None:
                problem = open_exam(self.app, services, choice.deck_id, n=choice.n, shuffle=choice.shuffle)
                if problem:
                    self.notify(problem)

        decks = [(services.deck_title(d), d) for d in services.deck_ids()]
        self.app.push_screen(ExamSetupScreen(decks, self._selected_deck() or DEFAULT_EXAM_DECK), chosen)

    def action_interview(self) -> None:
        from tui.screens.interview_setup import open_interview

        if self.services is None:
            self._queue(self.action_interview, "the mock interview")
            return
        open_interview(self.app, self.services)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self))
