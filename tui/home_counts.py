"""The home's counts: read from the façade, drawn as the deck table, today's totals and the
banner (cut to the window's width), and read again when the decks are reloaded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work
from textual.screen import Screen
from textual.widgets import DataTable, Static

from engine.app.values import AppError
from tui.cli_authoring import plural
from tui.deck_table import COLUMNS, column_widths, truncate
from tui.store_work import fault_notice, run_store_command

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.app.values import HomeView
    from tui.services import Collection, Services, TemplateSet
    from tui.start import Glance

ALL_DECKS = "__all__"


class HomeCounts(Screen[None]):
    """The counts side of tui.screens.home.HomeScreen (its state is set there, named here; a base
    screen kept out of tui/screens, which lists only the screens a user sees)."""

    services: Services | None
    glancer: Callable[[str | None], Glance | None] | None
    _rows: list[tuple[str, int, int, int, str]]
    _drawn: tuple[list[int], list[tuple[str, int, int, int, str]]] | None
    _reads: int = 0
    """Counts read so far: only the latest read is drawn (one from a thread may end after a newer)."""

    def refresh_counts(self) -> None:
        """Redraw the deck table, today's totals and the problem banner from the façade."""
        if self.services is None:
            return
        self.glancer = None  # the decks are open: the kept outline (1M keys, ~70 MB) goes, once
        # the keys held for the glance are handled (freeing it is ~10 ms at a million keys)
        self._reads += 1
        try:
            view = self.services.home_view()
        except AppError as error:  # the counts on screen stay; the app goes on
            self.notify(fault_notice("Counts not refreshed", error), severity="error", timeout=15)
            return
        self.show(view)

    def recount(self) -> None:
        """`refresh_counts` with the counts read off the UI thread (0.1 s at a million cards): back
        home, a key pressed at once does not wait for them."""
        if self.services is None:
            return
        self.glancer = None
        self._reads += 1
        read = self._reads
        run_store_command(
            self,
            self.services.home_view,
            what="Counts not refreshed",
            done=lambda view: self.show(view) if read == self._reads else None,
            group="counts",  # a key pressed meanwhile goes at once (tui.key_gate waits for writes)
        )

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


def over_limit(what: str, done: int, limit: int) -> str:
    """'new cards 3 of 20 a day'; past it (custom study adds more): 'new cards 21 (20 a day + 1 extra)'."""
    if done <= limit:
        return f"{what} {done} of {limit} a day"
    return f"{what} {done} ({limit} a day + {done - limit} extra)"
