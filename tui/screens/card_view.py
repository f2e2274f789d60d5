"""One card opened from the browser: front, back, schedule and marks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown, Rule, Static

if TYPE_CHECKING:
    from engine.app.database import CardRow, Mark
    from tui.cards_door import Found


def marks_text(mark: CardRow | Mark) -> str:
    """'suspended · flagged · leech' (empty when unmarked)."""
    words = [
        w for w, on in (("suspended", mark.suspended), ("flagged", mark.flagged), ("leech", mark.leech)) if on
    ]
    if mark.buried_until is not None:
        words.append(f"buried until {mark.buried_until.isoformat()}")
    return " · ".join(words)


def schedule_text(found: Found) -> str:
    row = found.row
    if not row.reviewed:
        when = "new (never reviewed)"
    else:
        ef = "" if row.ef_centi is None else f" · EF {row.ef_centi / 100:.2f}"
        when = f"due {row.due} · interval {row.interval_days}d{ef}"
    marks = marks_text(row)
    return f"{found.key} · {when} · {row.lapses} lapses" + (f" · {marks}" if marks else "")


class CardViewScreen(ModalScreen[None]):
    """Shows a card's front and back; escape (or enter) closes it."""

    BINDINGS = [
        Binding("escape", "dismiss", "Close"),
        Binding("enter", "dismiss", "Close", show=False),
    ]

    def __init__(self, found: Found, front: str, back: str) -> None:
        super().__init__()
        self.found, self.front, self.back = found, front, back

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="card-view-box", classes="modal-box"):
            yield Static(schedule_text(self.found), id="card-view-title", classes="modal-title", markup=False)
            yield Markdown(self.front, id="card-view-front")
            yield Rule()
            yield Markdown(self.back, id="card-view-back")
            yield Static("esc: back to the list", classes="hint")
        yield Footer()  # the modal's own keys, not the keys of the screen beneath
