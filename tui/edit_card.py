"""`e` in a review: the card opens in $EDITOR at its line with the app suspended, then the decks
reload (the card keeps its key, so its history)."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from textual.app import SuspendNotSupported

from cards.edit import EditError, editor_command, locate

if TYPE_CHECKING:
    from textual.app import App

    from tui.services import Services


def edit_card(
    app: App[Any], services: Services, key: str, environ: Mapping[str, str] = os.environ
) -> tuple[bool, str]:
    """(whether the decks were reloaded, the one-line notice to show)."""
    try:
        place = locate(services.collection, key)
        command = editor_command(environ, place)
    except EditError as error:
        return False, str(error)
    try:
        with app.suspend():
            status = subprocess.run(command, check=False).returncode
    except SuspendNotSupported:
        return False, "This terminal cannot hand over to an editor; edit the deck file outside flopcards."
    except OSError as error:
        return False, f"Could not start {command[0]}: {error.strerror or error}"
    services.reload()
    problems = [p for p in services.collection.problems if p.path == str(place.path)]
    if problems:
        return True, f"The edited deck has a problem and is skipped until fixed (e again): {problems[0]}"
    if services.collection.card(key) is None:
        return True, f"{key} is no longer in {place.path.name} (id changed?); its history stays under {key}."
    exited = f" (the editor exited with status {status})" if status else ""
    return True, f"Reloaded {place.path.name} after editing {key}{exited}."
