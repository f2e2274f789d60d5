"""`e` in a review: the card opens in $EDITOR at its front line with the app suspended, then the
decks reload (the card keeps its key, so its history). A deck the edit broke is not applied: the
notice gives the problem's line and `e` reopens the file there until it loads."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.app import SuspendNotSupported

from tui.cards_door import EditError, editor_command, locate
from tui.cards_door import Place as Place  # re-exported: the review screen keeps one

if TYPE_CHECKING:
    from textual.app import App

    from tui.services import Services


@dataclass(frozen=True)
class Edited:
    """What an edit did: whether the decks were reloaded, the notice, and the file left to fix."""

    reloaded: bool
    notice: str
    broken: Place | None = None


def edit_card(
    app: App[Any],
    services: Services,
    key: str,
    environ: Mapping[str, str] = os.environ,
    *,
    broken: Place | None = None,
) -> Edited:
    """Open `key`'s front line (or, while a deck is broken, that deck at its problem) in the editor."""
    try:
        place = broken or locate(services.collection, key)
        command = editor_command(environ, place)
    except EditError as error:
        return Edited(False, str(error))
    try:
        with app.suspend():
            status = subprocess.run(command, check=False).returncode
    except SuspendNotSupported:
        return Edited(
            False, "This terminal cannot hand over to an editor; edit the deck file outside flopcards"
        )
    except OSError as error:
        return Edited(False, f"Could not start {command[0]}: {error.strerror or error}", broken)
    collection, templates = services.read_decks()
    problems = [p for p in collection.problems if p.path == str(place.path)]
    if problems:  # keep the deck as it loaded before: no card of the session turns into a ghost
        first = problems[0]
        again = Place(place.path, first.line or 1)
        more = f" (+{len(problems) - 1} more)" if len(problems) > 1 else ""
        notice = (
            f"{place.path.name} does not load, line {again.line}: {first.message}{more}; e opens it there"
        )
        return Edited(False, notice, again)
    services.apply(collection, templates)
    if services.collection.card(key) is None:
        gone = f"{key} is no longer in {place.path.name} (id changed?); its history stays under {key}."
        return Edited(True, gone)
    exited = f" (the editor exited with status {status})" if status else ""
    return Edited(True, f"Reloaded {place.path.name} after editing {key}{exited}.")
