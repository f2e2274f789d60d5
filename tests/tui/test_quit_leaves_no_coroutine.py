"""A quit during the load leaves no coroutine unawaited: the load thread, abandoned by the exit, asked
the closed app to run its next step; Textual's call_from_thread made the coroutine, then found the
loop closed ("RuntimeWarning: coroutine ... run_callback was never awaited", at tui/app.py)."""

from __future__ import annotations

import asyncio
import gc
import threading
import warnings

from .conftest import wait_until


def test_a_quit_before_the_templates_are_read_leaves_no_coroutine_unawaited(make_app, held_templates) -> None:
    reading, release = held_templates
    app = make_app()

    async def quit_while_reading() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, reading.is_set, "the load reading the templates")
            await pilot.press("q")
            await pilot.pause()
            assert not app.is_running

    asyncio.run(quit_while_reading())  # its own loop, closed on return: the real process's exit
    (load,) = [t for t in threading.enumerate() if t.name == "flopcards-load"]
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        release.set()  # the load goes on behind the closed app
        load.join(30)
        gc.collect()
    assert not load.is_alive()
    assert [str(w.message) for w in seen if "never awaited" in str(w.message)] == []
