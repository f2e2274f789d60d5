"""The drill screen shows the question and worked solution that the review and the CLI show, on screen."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from drills.present import question_markdown, solution_markdown
from engine.solution import render_steps
from tui.screens.drill import DrillScreen

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
BARS = "▁▂▃▄▅▆▇█▔▊▎▏▌▐"


def flat(text: str) -> str:
    """The screen's words in order, scrollbar glyphs out, line breaks and runs of spaces as one space."""
    return " ".join("".join(" " if c in BARS else c for c in text).split())


async def whole_body(pilot, screen: DrillScreen, seen) -> str:
    """Every line of the drill body, page by page from the top, as a person scrolling would read it."""
    body = screen.query_one("#drill-body")
    body.scroll_home(animate=False)
    pages = []
    for _ in range(40):
        await pilot.pause()
        pages.append(seen(pilot.app))
        if body.scroll_y >= body.max_scroll_y:
            break
        await pilot.press("pagedown")
    return "\n".join(pages)


async def opened(pilot, drill_opener, until, seen) -> DrillScreen:
    # rng seed 0 draws train-memory-adam seed 794772: a `*_label` param and a measured H100 line
    screen = await drill_opener(pilot, kind="train-memory-adam", amount="1", seed=0)
    drill = screen.drill
    assert drill is not None and drill.measured, "this drill was chosen for its measured line"
    assert any(p.name.endswith("_label") for p in drill.params), "and for a *_label param"
    await until(pilot, lambda: drill.title in seen(pilot.app), "the question")
    return screen


@SIZES
async def test_question_then_solution_on_screen_are_the_markdown_texts(
    make_app, seen, drill_opener, until, size
) -> None:
    """The question as the review and the CLI show it, read page by page; then, after a wrong answer
    (one run of the app: the solution follows the question on this screen), the worked solution."""
    app = make_app(drill_seconds=120)
    async with app.run_test(size=size) as pilot:
        screen = await opened(pilot, drill_opener, until, seen)
        drill = screen.drill
        top = seen(app).splitlines()[1]  # the title moved into the question: the progress line is whole
        assert top.startswith(f" Drill 1 of 1  ·  {drill.level}   ") and top.rstrip().endswith(" left"), top
        text = flat(await whole_body(pilot, screen, seen))
        assert flat(drill.prompt) in text
        assert "Given:" in text and "Conventions:" in text
        for param in drill.params:
            if param.name.endswith("_label"):
                assert param.name not in text
            elif param.name in drill.taught:  # what the question asks the learner to know
                assert f"{param.name} =" not in text
            else:
                assert f"{param.name} = {flat(param.display)}" in text, param.name
        for convention in drill.conventions:
            assert flat(convention) in text
        assert f"Answer in {drill.unit} (within" in text
        assert screen.query_one("#drill-question", Static).content.markup == question_markdown(drill)
        assert "Solution:" not in text, "no solution before the answer"

        await pilot.press(*f"{drill.expected * 1.5:.6g} {drill.unit}", "enter")
        await until(pilot, lambda: screen.phase == "answered", "the verdict")
        await until(pilot, lambda: "Solution:" in seen(app), "the worked solution")
        raw = await whole_body(pilot, screen, seen)
        text = flat(raw)
        assert "WRONG" in text and "Solution:" in text
        for line in render_steps(drill.steps).splitlines():  # every step whole, none cut at the edge
            assert flat(line) in text, line
        for note in drill.measured:
            assert flat(f"Reality check: {note}") in text
        assert not any(p.name in text for p in drill.params if p.name.endswith("_label"))
        assert screen.query_one("#drill-solution", Static).content.markup == solution_markdown(drill)
