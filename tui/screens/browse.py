"""Browse: the cards of a deck with due day, interval, EF, lapses and marks, a search box, and
suspend/flag (undoable) on the highlighted card; enter opens it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Input, Static

from engine.app.values import AppError
from tui.cards_door import SEARCH_HELP, QueryError, SearchResult
from tui.cli_authoring import plural
from tui.key_gate import typed_ahead
from tui.row_table import RowTable
from tui.screens.card_view import CardViewScreen, marks_text
from tui.screens.help import HelpScreen
from tui.store_work import fault_notice

if TYPE_CHECKING:
    from engine.app.database import MarkChange
    from tui.cards_door import Found
    from tui.services import Services

COLUMNS = ("Card", "Due", "Ivl", "EF", "Lapses", "Marks")
CHUNK = 100
"""Rows added to the table per frame: the first screenful shows at once on a big collection."""


def cells(found: Found) -> tuple[str, str, str, str, str, str]:
    row = found.row
    due = "new" if not row.reviewed or row.due is None else row.due.isoformat()
    ef = "—" if row.ef_centi is None else f"{row.ef_centi / 100:.2f}"
    interval = f"{row.interval_days}d" if row.reviewed else "—"
    return (found.key, due, interval, ef, str(row.lapses), marks_text(row))


MIN_CARD = 12
"""The card column never narrower than this: a few words of the key stay readable."""
SCROLLBAR = 2


def fitted(rows: list[tuple[str, ...]], width: int, padding: int = 1) -> list[tuple[str, ...]]:
    """The rows with the card key cut ('…') so that every column fits in `width` cells: due day,
    interval, EF, lapses and marks are short and must be read whole; a key's tail can give way."""
    if not rows:
        return rows
    others = sum(
        max(len(COLUMNS[i]), *(len(r[i]) for r in rows)) + 2 * padding for i in range(1, len(COLUMNS))
    )
    room = max(MIN_CARD, width - others - 2 * padding)
    return [(r[0] if len(r[0]) <= room else r[0][: room - 1] + "…", *r[1:]) for r in rows]


class BrowseScreen(Screen[None]):
    """A searchable list of cards (opened on a deck: the search starts as deck:<id>)."""

    BINDINGS = [
        Binding("enter", "open", "Open card"),
        Binding("exclamation_mark", "suspend", "Suspend", tooltip="Suspend or unsuspend the card"),
        Binding("f", "flag", "Flag", tooltip="Flag or unflag the card"),
        Binding("u", "undo", "Undo"),
        Binding("ctrl+f", "search", "Search", priority=True),
        Binding("escape", "back", "Back"),
        Binding("question_mark", "help", "Keys"),
        Binding("f1", "help_typing", "Keys", show=False),
    ]
    WIDGET_KEYS = [("↑/↓", "Pick a card"), ("home/end", "First/last card")]

    def __init__(self, services: Services, deck_id: str | None = None) -> None:
        super().__init__()
        self.services = services
        self.start = "" if deck_id is None else f"deck:{deck_id}"
        self.result: SearchResult | None = None
        self.undo_stack: list[MarkChange] = []
        self._searches = 0
        self._latest_text = self.start
        """How many searches were started: the number of the latest, the only one shown."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Input(self.start, placeholder=SEARCH_HELP, id="browse-search", max_length=200)
        yield Static("Searching…", id="browse-status", markup=False)
        table: DataTable[str] = RowTable(id="browse-table", cursor_type="row", zebra_stripes=True)
        table.add_columns(*COLUMNS)
        yield table
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Browse"
        # typed while the decks opened: a search (as Anki's browser takes typing), not list keys
        self.query_one("#browse-search" if typed_ahead(self.app) else "#browse-table").focus()
        self.run_search(self.start)

    @on(Input.Submitted, "#browse-search")
    def submitted(self, event: Input.Submitted) -> None:
        self.run_search(event.value)
        self.query_one("#browse-table").focus()

    @on(Input.Changed, "#browse-search")
    def changed(self, event: Input.Changed) -> None:
        self.run_search(event.value)

    def run_search(self, text: str) -> None:
        """Search off the UI thread; only the latest search's result is shown (a thread cannot be
        stopped, so an older search that ends later is dropped: by its number, unless it searched
        the same text as the latest)."""
        self._searches += 1
        self._latest_text = text
        self.services.stop_search()  # an older search still running gives way at once
        self._search(text, self._searches)

    @work(thread=True, exclusive=True, group="browse")
    def _search(self, text: str, number: int) -> None:
        try:
            result = self.services.browse(text)
        except QueryError as error:
            self.app.call_from_thread(self._failed, f"Search: {error}", text, number)
            return
        except AppError as error:  # the store cannot be read now: said where the count goes
            self.app.call_from_thread(self._failed, fault_notice("Search failed", error), text, number)
            return
        if result is not None:  # None: stopped for a newer search or for leaving
            self.app.call_from_thread(self._show, result, text, number)

    def _current(self, text: str, number: int) -> bool:
        """Whether a search's result answers the box as it is now (the latest, or the same text)."""
        return number == self._searches or text == self._latest_text

    def _status(self, text: str) -> None:
        self.query_one("#browse-status", Static).update(text)

    def _failed(self, message: str, text: str, number: int) -> None:
        if self._current(text, number):
            self._status(message)

    def _show(self, result: SearchResult, text: str, number: int) -> None:
        if not self._current(text, number):
            return  # an older search that finished after a newer one started
        self.result = result
        shown = f" (first {len(result.rows)} listed)" if len(result.rows) < result.matched else ""
        self._status(f"{plural(result.matched, 'card')}{shown}")
        table = self.query_one("#browse-table", DataTable)
        table.clear(columns=True)  # a column never narrows on clear(): a cut key stayed at its old width
        table.add_columns(*COLUMNS)
        width = table.size.width - SCROLLBAR
        self._fill(result, fitted([cells(f) for f in result.rows], width, table.cell_padding), 0)

    def _fill(self, result: SearchResult, rows: list[tuple[str, ...]], start: int) -> None:
        if result is not self.result:
            return  # a newer search replaced this one
        table = self.query_one("#browse-table", DataTable)
        for found, row in zip(result.rows[start : start + CHUNK], rows[start : start + CHUNK], strict=True):
            table.add_row(*row, key=found.key)
        if start + CHUNK < len(result.rows):
            self.call_after_refresh(self._fill, result, rows, start + CHUNK)

    def _selected(self) -> Found | None:
        table = self.query_one("#browse-table", DataTable)
        if self.result is None or table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return next((f for f in self.result.rows if f.key == key), None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in {"open", "suspend", "flag", "undo", "help"}:
            return not self.query_one("#browse-search", Input).has_focus
        return True

    def on_descendant_focus(self) -> None:
        self.refresh_bindings()

    @on(DataTable.RowSelected, "#browse-table")
    def row_selected(self) -> None:
        self.action_open()

    def action_open(self) -> None:
        found = self._selected()
        if found is not None:
            prompt = self.services.study.prompt(found.key, 0)
            self.app.push_screen(CardViewScreen(found, prompt.front, prompt.back))

    def action_suspend(self) -> None:
        found = self._selected()
        if found is not None:
            self._change(found, suspended=not found.row.suspended)

    def action_flag(self) -> None:
        found = self._selected()
        if found is not None:
            self._change(found, flagged=not found.row.flagged)

    def _change(self, found: Found, **changes: object) -> None:
        """Write the mark off the UI thread (tui.store_work); a failure says why and changes nothing."""
        from tui.store_work import run_store_command

        study = self.services.study
        run_store_command(
            self,
            lambda: study.change_mark(found.key, **changes),
            what="Not changed",
            done=lambda change: self._changed(found, change),
        )

    def _changed(self, found: Found, change: MarkChange) -> None:
        self.undo_stack.append(change)
        self.notify(f"{found.key}: {marks_text(change.after) or 'no marks'} (u undoes).")
        self.run_search(self.query_one("#browse-search", Input).value)

    def action_undo(self) -> None:
        from tui.store_work import run_store_command

        if not self.undo_stack:
            self.notify("Nothing to undo here.")
            return
        change = self.undo_stack.pop()
        run_store_command(
            self,
            lambda: self.services.study.undo_mark(change),
            what="Cannot undo",
            done=lambda _none: self._undone(change),
            failed=lambda _error: self.undo_stack.append(change),
        )

    def _undone(self, change: MarkChange) -> None:
        self.notify(f"Undid the last mark of {change.key}.")
        self.run_search(self.query_one("#browse-search", Input).value)

    def action_search(self) -> None:
        self.query_one("#browse-search", Input).focus()

    def action_back(self) -> None:
        """From a search box with a search in it back to the list (the search stays: its results are
        what the list shows); from the list, or from an empty box, back home at once."""
        search = self.query_one("#browse-search", Input)
        if search.has_focus and search.value.strip():
            self.query_one("#browse-table").focus()
        else:
            self.services.stop_search()  # home at once, not after a search nobody will read
            self.dismiss()

    def action_help_typing(self) -> None:
        self.action_help()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self))
