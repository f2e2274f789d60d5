"""Home screen: every deck with its due and new counts, today's totals, and problems met loading."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from engine.app.values import AppError
from tui.cli_authoring import plural
from tui.deck_table import COLUMNS, column_widths, truncate
from tui.messages import CountsPainted, HomePainted
from tui.row_table import RowTable
from tui.screens.help import HelpScreen
from tui.store_work import fault_notice

if TYPE_CHECKING:
    from engine.app import ReviewSession
    from engine.app.values import HomeView
    from tui.messages import ServicesReady
    from tui.screens.review import ReviewScreen
    from tui.services import Collection, Services, TemplateSet
    from tui.start import Glance

ALL_DECKS = "__all__"


class HomeScreen(Screen[None]):
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
        if self.services is not None:  # after the first frame: Esc back home shows it at once (the
            self.call_after_refresh(self.refresh_counts)  # counts take 0.1 s at a million cards)
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

    def refresh_counts(self) -> None:
        """Redraw the deck table, today's totals and the problem banner from the façade."""
        if self.services is None:
            return
        self.glancer = None  # the decks are open: the kept outline (1M keys, ~70 MB) goes, once
        # the keys held for the glance are handled (freeing it is ~10 ms at a million keys)
        try:
            view = self.services.home_view()
        except AppError as error:  # the counts on screen stay; the app goes on
            self.notify(fault_notice("Counts not refreshed", error), severity="error", timeout=15)
            return
        self.show(view)

    def show(self, view: HomeView) -> None:
        """Draw a home view: the deck rows, today's totals and the banner of problems met loading."""
        self._rows = [(title, c.due, c.new, c.total, c.deck_id or ALL_DECKS) for title, c in view.rows]
        self._draw_table()
        totals, limits = view.totals, view.limits
        self.query_one("#totals", Static).update(
            f"Today: {plural(totals.reviews, 'answer')}"
            f"  ·  {over_limit('reviews', totals.scheduled_reviews, limits.reviews_per_day)}"
            f"  ·  {over_limit('new cards', totals.new_cards, limits.new_per_day)}"
            + (
                f"\nDrill kinds: {over_limit('new', totals.new_drills, limits.new_drills_per_day)}"
                f"  ·  {over_limit('reviews', totals.drill_reviews, limits.drill_reviews_per_day)}"
                if totals.new_drills or totals.drill_reviews
                else ""
            )
        )
        problems = [*view.settings_problems, *view.load_problems]
        banner = self.query_one("#banner", Static)
        banner.display = bool(problems or view.notes)
        if view.notes and not problems:
            banner.update(view.notes[0] + (f" (+{len(view.notes) - 1} more)" if len(view.notes) > 1 else ""))
        if problems:
            settings = bool(view.settings_problems)  # listed first: say what they are
            more = f" (+{len(problems) - 1} more; run `flopcards validate`)" if len(problems) > 1 else ""
            more = " (run `flopcards validate --settings`)" if settings and not more else more
            skipped = "a deck" if view.decks_skipped else "a drill template"
            what = "Settings file problem" if settings else f"Skipped {skipped} with problems"
            banner.update(f"{what}: {problems[0]}{more}")

    def _draw_table(self) -> None:
        """The deck rows, titles cut so the counts always fit the window's width."""
        table = self.query_one("#decks", DataTable)
        selected = table.cursor_row
        widths = column_widths(self.size.width, [row[:4] for row in self._rows])
        if (widths, self._rows) == self._drawn:
            return  # e.g. a resize that changes no width: keep the table (and its cursor) as it is
        self._drawn = (widths, list(self._rows))
        table.clear(columns=True)  # auto-sized columns only ever widen: give each its width
        for label, width in zip(COLUMNS, widths, strict=True):
            table.add_column(label, width=width)
        for title, due, new, total, key in self._rows:
            table.add_row(truncate(title, widths[0]), due, new, total, key=key)
        table.move_cursor(row=min(selected, max(0, table.row_count - 1)))

    def _selected_deck(self) -> str | None:
        table = self.query_one("#decks", DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return None if key == ALL_DECKS else key

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
        if self.services is not None and review in self.app.screen_stack:
            review.bind(self.services, self.services.study.session(deck_id))

    def action_study_ahead(self) -> None:
        self.action_study(ahead=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Reload has nothing to reload until the decks are open (the other keys queue)."""
        return action != "reload" or self.services is not None

    def action_reload(self) -> None:
        if self.services is not None:
            self.notify("Reloading decks…", timeout=1)
            self.reload_decks(self.services)

    @work(thread=True, exclusive=True, group="reload")
    def reload_decks(self, services: Services) -> None:
        """Read the deck files off the UI thread, then switch to them on it."""
        collection, templates = services.read_decks()
        self.app.call_from_thread(self._reloaded, services, collection, templates)

    def _reloaded(self, services: Services, collection: Collection, templates: TemplateSet) -> None:
        services.apply(collection, templates)
        self.refresh_counts()
        decks, problems = plural(len(collection.decks), "deck"), plural(len(services.problems()), "problem")
        self.notify(f"Reloaded {decks}, {problems}.")

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


def over_limit(what: str, done: int, limit: int) -> str:
    """'new cards 3 of 20 a day'; past it (custom study adds more): 'new cards 21 (20 a day + 1 extra)'."""
    if done <= limit:
        return f"{what} {done} of {limit} a day"
    return f"{what} {done} ({limit} a day + {done - limit} extra)"
