"""An Enter pressed before the decks are open: today's first card shows at once from the start-up
glance (outline + read-only database + deck cache), keys that need the session wait for it, and the
session that arrives is the one the glance foretold."""

from __future__ import annotations

import sqlite3
from datetime import UTC
from pathlib import Path

import pytest
from textual.pilot import Pilot

import tui.key_gate as key_gate
import tui.services
from cards import cached as deck_cache
from cards.answering import answer_hint
from cards.cached import open_deck_cache
from cards.front_text import front_text
from cards.glance import glance_card
from cards.loader import BUNDLED_DIR, read_deck
from cards.present import back_markdown
from cards.version import DECK_NAMESPACE
from engine.app import Grade
from engine.cardtext import shown_markdown
from engine.settings import Settings
from engine.store import repo
from engine.store.database import open_store
from engine.studyday import StudyClock
from tui.app import FlopcardsApp
from tui.config import AppConfig
from tui.key_gate import QUIET_LIMIT
from tui.screens.review import ReviewScreen
from tui.services import TemplateSet
from tui.start import glance, kept_outline
from tui.widgets.grade_save import GradeSave
from tui.widgets.typed_answer import AnswerBox

DATA = Path(__file__).parents[1] / "data"


@pytest.fixture
def config(start_config: AppConfig) -> AppConfig:
    return start_config


async def early_card(pilot: Pilot[None], until, seen) -> str:  # type: ignore[no-untyped-def]
    """Enter on the first look's home; the review screen up with its first card: the screen's text."""
    await pilot.pause(0.1)
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, ReviewScreen), "the early card")
    await pilot.pause()
    assert getattr(pilot.app, "services", None) is None, "shown before the decks are open"
    return str(seen(pilot.app))


@pytest.mark.parametrize("deck", sorted(p.name for p in BUNDLED_DIR.glob("*.yaml")))
def test_the_glance_reads_each_bundled_card_as_the_validated_deck_has_it(tmp_path: Path, deck: str) -> None:
    cache = open_deck_cache(tmp_path)
    try:
        loaded = deck_cache.read_deck(cache, BUNDLED_DIR / deck, read_deck)[0]
        cached = cache.get_text(DECK_NAMESPACE, BUNDLED_DIR / deck)
    finally:
        cache.close()
    assert loaded is not None and cached is not None
    deck = loaded.load() if isinstance(loaded, deck_cache.Sketch) else loaded  # a fresh read is kept as JSON
    cards = deck.cards
    assert cards
    for card in cards:
        seen = glance_card(cached, loaded.id, card.id)
        assert seen is not None, card.id
        front = front_text(card.front, card.note, answer_hint(card) is not None)  # "Answer the …" too
        assert (seen.front, seen.hint) == (front, answer_hint(card)), card.id
        plain = answer_hint(card) is None and not card.rubric  # its answer shows before the session
        assert seen.back == (shown_markdown(back_markdown(card)) if plain else None), card.id
        assert glance_card(cached.replace('"deck":{"id"', '"deck": {"id"'), loaded.id, card.id) == seen
    assert glance_card(cached, loaded.id, "no-such-card") is None
    assert glance_card(cached, "another-deck", cards[0].id) is None
    assert glance_card("{not json", loaded.id, cards[0].id) is None


def test_the_glance_is_the_first_card_of_the_session_the_decks_give(opened, config: AppConfig) -> None:
    services = opened(config)
    try:
        session = services.review(None)
        session.answer(Grade.BLACKOUT, 4.0)  # failed: a same-day repeat, due again today
        session.answer(Grade.WELL, 4.0)
        services.study.change_mark(services.study.session(None).queue[0], suspended=True)
        kept = kept_outline(config)
        assert kept is not None
        shown = 0
        for deck_id in [None, *services.study.deck_ids()]:
            real = services.study.session(deck_id)
            seen = glance(config, kept, deck_id)
            current = real.current()
            if seen is None:  # nothing to review, or a drill kind first: the review waits instead
                assert current is None or current.prompt.graded_by_answer, deck_id
                continue
            shown += 1
            assert current is not None
            prompt = current.prompt
            assert (seen.key, seen.front, seen.left) == (current.key, prompt.front, len(real.queue))
            assert seen.hint == (prompt.hint if prompt.check else None)
            assert seen.back in (None, prompt.back), "the answer shown before the session is the session's"
            assert seen.deck_title == services.deck_title(deck_id)
        assert shown >= 2, "all decks and at least one deck"
    finally:
        services.close()


async def test_keys_pressed_before_the_decks_open_act_once_they_are(
    opened, config: AppConfig, held_load, seen, until, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened(config).close()
    app = FlopcardsApp(config)
    on_screen_at_grade: list[str] = []
    save = GradeSave.save

    def saving(self: GradeSave, *args: object) -> None:
        on_screen_at_grade.append(seen(app))
        save(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(GradeSave, "save", saving)
    grades_before_templates: list[int] = []
    read_templates = tui.services.read_templates

    def reading(config: AppConfig) -> TemplateSet:
        grades_before_templates.append(len(on_screen_at_grade))
        return read_templates(config)

    monkeypatch.setattr(tui.services, "read_templates", reading)
    async with app.run_test(size=(80, 24)) as pilot:
        early = await early_card(pilot, until, seen)
        assert "How many bytes per parameter" in early and "done 0  ·  left 3  ·  basics/adam-bytes" in early
        await until(pilot, lambda: "Show answer" in seen(app), "the key bar, mounted after the card")
        assert app.services is None
        await pilot.press("space")  # a quick user: the answer shows at once, from the deck cache
        await pilot.pause()
        assert "16 bytes/param" in seen(app) and "the grades show once they are open" in seen(app)
        await pilot.press("4")  # the grade waits for the decks
        await pilot.pause()
        assert "that key acts once they are open" in seen(app)
        assert "Accept grade" in seen(app), "after the answer, space accepts and digits grade"
        held_load.set()
        await until(pilot, lambda: "done 1  ·  left 2" in seen(app), "the next card, after the grade")
        await until(pilot, app.loaded.is_set, "the drill templates")
        assert app.home.glancer is None, "the kept outline goes once the decks are open"
    assert len(on_screen_at_grade) == 1 and "16 bytes/param" in on_screen_at_grade[0], (
        "the held grade acts once the answer the held space showed is painted"
    )
    assert grades_before_templates == [1], "the load's later work waits for the held keys' grade"
    store = open_store(Path(config.settings.db))
    try:
        state = repo.load_state(store, "basics/adam-bytes")
        assert (state.repetitions, state.ef_centi) == (1, 250), "graded 4 once (5 would raise the EF)"
    finally:
        store.close()


async def test_the_bound_review_shows_what_the_glance_showed(
    opened, config: AppConfig, held_load, seen, until
) -> None:
    opened(config).close()
    app = FlopcardsApp(config)
    async with app.run_test(size=(120, 40)) as pilot:
        early = await early_card(pilot, until, seen)
        held_load.set()
        await until(pilot, lambda: app.screen.session is not None, "the session")
        await pilot.pause()
        assert seen(app) == early


async def test_an_empty_cache_has_no_card_to_glance_and_enter_waits(
    tmp_path: Path, db_path: Path, clock, held_load, seen, until, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = _cold_start(tmp_path / "none", db_path, clock, include_bundled=True)
    typed_at_grade: list[str] = []
    save = GradeSave.save

    def saving(self: GradeSave, *args: object) -> None:
        typed_at_grade.append(self.screen.query_one(AnswerBox).value)
        save(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(GradeSave, "save", saving)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        assert app.home.first_look is not None, "counted from the shipped outline"
        # the decks take longer to open than a key waits for a busy screen (a loaded machine)
        monkeypatch.setattr(key_gate, "QUIET_LIMIT", 0.0)
        await pilot.press("enter", "space", "4")  # show, grade 4: kept for the review, not lost
        await pilot.pause()
        assert "Opening your decks… the review starts once they are open." in seen(app)
        monkeypatch.setattr(key_gate, "QUIET_LIMIT", QUIET_LIMIT)
        held_load.set()
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the queued review")
        await until(pilot, lambda: "done 1" in seen(app), "its first card graded by the waiting keys")
        # the first card takes a typed answer: keys pressed before it showed typed nothing into it
        assert typed_at_grade == [""]
        box = app.screen.query_one(AnswerBox)
        await until(pilot, lambda: app.screen.focused is box, "the next card's answer box, to type in")
    assert _reviews(db_path) == {"attention-kernels/mla-kv-per-token": 1}
    store = open_store(db_path)
    try:
        state = repo.load_state(store, "attention-kernels/mla-kv-per-token")
        assert (state.repetitions, state.ef_centi) == (1, 250), "graded 4 (5 would raise the EF)"
    finally:
        store.close()


OPEN = """\
id: open2
title: Two open questions
cards:
  - id: idle
    front: "Symptom: the GPU idles between batches. Cause, and the fixes?"
    back: "Data loading: more workers, pinned memory, prefetch."
    tags: [Profiling]
    rubric: [data loading, more workers, pinned memory, prefetch]
  - {id: gaps, front: "Short idle gaps inside a step?", back: "CPU-GPU syncs.", tags: [Profiling]}
"""


async def test_keys_pressed_before_an_open_question_showed_grade_it_and_tick_nothing(
    tmp_path: Path, db_path: Path, clock, held_load, seen, until
) -> None:
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "open2.yaml").write_text(OPEN, encoding="utf-8")
    app = _cold_start(tmp_path / "decks", db_path, clock, include_bundled=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "space", "4")  # as with a held answer: show it, then grade 4
        await until(pilot, lambda: "the review starts once they are open" in seen(app), "the queued review")
        held_load.set()
        await until(pilot, lambda: "done 1" in seen(app), "its first card graded by the waiting keys")
    with sqlite3.connect(db_path) as conn:
        rows = conn.execute("SELECT card_key, grade FROM review_log").fetchall()
    assert rows == [("open2/idle", 4)], "graded 4, not its rubric's 4th point ticked"


def _cold_start(decks: Path, db_path: Path, clock, *, include_bundled: bool) -> FlopcardsApp:  # type: ignore[no-untyped-def]
    """The app with an empty deck cache: no card to glance, so an Enter waits for the decks."""
    open_store(db_path).close()
    config = AppConfig(
        settings=Settings(db=str(db_path), deck_dirs=(decks,)),
        include_bundled=include_bundled,
        now=clock,
        clock=StudyClock(day_start_hour=4, tz=UTC),
        cache_dir=decks.parent / "empty-cache",
    )
    return FlopcardsApp(config)


def _reviews(db_path: Path) -> dict[str, int]:
    with sqlite3.connect(db_path) as conn:
        return dict(conn.execute("SELECT card_key, count(*) FROM review_log GROUP BY card_key").fetchall())


async def test_leaving_the_early_review_before_the_decks_open_keeps_the_home_whole(
    opened, config: AppConfig, held_load, seen, until
) -> None:
    opened(config).close()
    app = FlopcardsApp(config)
    async with app.run_test(size=(80, 24)) as pilot:
        await early_card(pilot, until, seen)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is app.home, "the home")
        held_load.set()
        await until(pilot, lambda: app.services is not None, "the load, started although the card left")
        await until(pilot, lambda: "Study ahead" in seen(app), "the home's key bar")
        assert "Basics" in seen(app)



async def test_typing_ahead_of_the_browser_searches(
    tmp_path: Path, db_path: Path, clock, held_load, seen, until
) -> None:
    """Keys typed while the decks open, for the browser they open: its search box takes them (as
    Anki's browser takes typing), so the 'f' of 'fixes' flags no card."""
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "open2.yaml").write_text(OPEN, encoding="utf-8")
    app = _cold_start(tmp_path / "decks", db_path, clock, include_bundled=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("b", *"fixes")
        await until(pilot, lambda: "the browser starts once they are open" in seen(app), "the queued browser")
        held_load.set()
        await until(pilot, lambda: "open2/gaps" in seen(app) or "fixes" in seen(app), "the browser")
        await app.key_gate.settled()
        await until(pilot, lambda: "open2/gaps" not in seen(app), "the search typed ahead")
        assert "fixes" in seen(app) and "open2/idle" in seen(app) and "flagged" not in seen(app)


async def test_a_count_typed_ahead_of_the_drill_setup_is_its_amount(
    tmp_path: Path, db_path: Path, clock, held_load, seen, until
) -> None:
    """Keys typed while the decks open act on the drill setup as if it had shown at once: its amount
    box, its '5' selected, takes the 7 (not '57', nor a 7 dropped)."""
    (tmp_path / "decks").mkdir()
    app = _cold_start(tmp_path / "decks", db_path, clock, include_bundled=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d", "7")
        await until(pilot, lambda: "drill setup starts once they are open" in seen(app), "the queued setup")
        held_load.set()
        await until(pilot, lambda: "How many" in seen(app), "the drill setup")
        await app.key_gate.settled()
        assert app.screen.query_one("#drill-amount").value == "7"
