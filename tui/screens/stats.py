"""Stats screen: heatmap, due forecast, retention, grades, intervals, drills, exams (plotext charts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static, TabbedContent, TabPane
from textual_plotext import PlotextPlot

from engine.app.stats import Period, Stats
from tui.clock_text import clock_text
from tui.row_table import FittedTable
from tui.stats_bars import draw_bars
from tui.stats_format import GRADE_NAMES, counts_line, percent, retention_rows, summary_lines
from tui.stats_heatmap import heatmap_text
from tui.store_work import fault_notice

if TYPE_CHECKING:
    from textual.app import App

    from engine.app.values import AppError
    from tui.services import Services

PERIODS = (Period.WEEK, Period.MONTH, Period.QUARTER, Period.YEAR, Period.ALL)


def _bar(
    plot: PlotextPlot, labels: list[str], values: list[float], title: str, *, counts: bool = True
) -> None:
    draw_bars(plot.plt, labels, values, title, counts=counts)
    plot.refresh()


TABS = ("tab-activity", "tab-due", "tab-answers", "tab-cards", "tab-drills", "tab-exams")
"""The tabs in order: keys 1-6 show them."""
TAB_KEYS = "1 Activity · 2 Due · 3 Answers · 4 Cards · 5 Drills · 6 Exams"


class StatsScreen(Screen[None]):
    """Figures for one deck (or all) over a period; `p` changes the period, `d` the deck."""

    DEFAULT_CSS = """
    StatsScreen { overflow: hidden; }
    #stats-summary { margin: 0 1; height: auto; }
    #stats-tabs { height: 1fr; }
    #stats-tabs ContentSwitcher { height: 1fr; }
    TabPane { padding: 0 1; height: 1fr; }
    PlotextPlot { height: 1fr; min-height: 8; }
    .stats-table { height: auto; max-height: 12; }
    """

    BINDINGS = [
        Binding("p", "next_period", "Period"),
        Binding("d", "next_deck", "Deck"),
        Binding("f", "toggle_forecast", "30/90 days", tooltip="Due chart over the next 30 or 90 days"),
        Binding("1", "show_tab('tab-activity')", "Tabs", key_display="1-6", tooltip=TAB_KEYS),
        *(
            Binding(str(number), f"show_tab('{tab}')", "Tabs", show=False)
            for number, tab in enumerate(TABS[1:], start=2)
        ),
        Binding("escape", "app.pop_screen", "Back"),
        Binding("question_mark", "help", "Keys"),
        Binding("f1", "help", "Keys", show=False),
    ]

    period: reactive[Period] = reactive(Period.MONTH, init=False)
    deck_id: reactive[str | None] = reactive(None, init=False)
    stats: reactive[Stats | None] = reactive(None, init=False)
    forecast_days: reactive[int] = reactive(30, init=False)
    """Days ahead the due chart shows (30 or 90); the figures always hold FUTURE_DAYS."""

    def __init__(self, services: Services, deck_id: str | None = None) -> None:
        super().__init__()
        self.services = services
        self.set_reactive(StatsScreen.deck_id, deck_id)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Counting…", id="stats-summary")
        with TabbedContent(id="stats-tabs"):
            with TabPane("1 Activity", id="tab-activity"), VerticalScroll():
                yield Static("", id="stats-heatmap")
                yield FittedTable(id="stats-retention", classes="stats-table", cursor_type="none")
            with TabPane("2 Due", id="tab-due"):
                yield PlotextPlot(id="plot-due")
            with TabPane("3 Answers", id="tab-answers"):
                yield PlotextPlot(id="plot-grades")
                yield PlotextPlot(id="plot-time")
            with TabPane("4 Cards", id="tab-cards"):
                yield Static("", id="stats-counts")
                yield PlotextPlot(id="plot-intervals")
                yield PlotextPlot(id="plot-ease")
            with TabPane("5 Drills", id="tab-drills"), VerticalScroll():
                yield FittedTable(id="stats-drills", classes="stats-table", cursor_type="none")
                yield PlotextPlot(id="plot-sprints")
            with TabPane("6 Exams", id="tab-exams"), VerticalScroll():
                yield PlotextPlot(id="plot-exams")
                yield FittedTable(id="stats-exams", classes="stats-table", cursor_type="none")
                yield FittedTable(id="stats-interviews", classes="stats-table", cursor_type="none")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_stats()

    def _title(self) -> str:
        return self.services.deck_title(self.deck_id)

    def _total_cards(self) -> int:
        counts = self.services.study.counts([self.deck_id] if self.deck_id else [])
        return counts[-1].total  # the deck's row, or the 'All decks' row (which counts each card once)

    def refresh_stats(self) -> None:
        from engine.app.values import AppError

        self.sub_title = f"Stats · {self._title()} · {self.period.label}"
        try:
            total = self._total_cards()
        except AppError as error:
            self._unread(error)
            return
        self.compute(self.deck_id, self.period, total)

    @work(thread=True, exclusive=True, group="stats")
    def compute(self, deck_id: str | None, period: Period, total: int) -> None:
        """Aggregate off the UI thread; only the figures come back."""
        from engine.app.errors import STORE_ERRORS, app_error
        from engine.app.stats import compute_stats

        try:
            stats = compute_stats(
                self.services.store,
                self.services.study.today(),
                deck_id=deck_id,
                period=period,
                total_cards=total,
                drill_decks=self.services.study.drill_decks,
            )
        except STORE_ERRORS as error:
            self.app.call_from_thread(self._unread, app_error(error))
            return
        self.app.call_from_thread(setattr, self, "stats", stats)

    def _unread(self, error: AppError) -> None:
        """The store could not be read (a server gone): said where the summary goes; p or d retries."""
        self.query_one("#stats-summary", Static).update(escape(fault_notice("Stats not read", error)))

    def watch_stats(self, stats: Stats | None) -> None:
        if stats is None:
            return
        self.query_one("#stats-summary", Static).update(escape("\n".join(summary_lines(stats))))
        self.query_one("#stats-heatmap", Static).update(heatmap_text(stats.activity, stats.today))
        retention = self.query_one("#stats-retention", DataTable)
        retention.clear(columns=True)
        retention.add_columns("True retention", "young (<21 d)", "mature (≥21 d)", "all")
        retention.add_rows(retention_rows(stats.retention))
        self._due(stats)
        _bar(
            self.query_one("#plot-grades", PlotextPlot),
            [g.split()[0] for g in GRADE_NAMES],
            list(stats.grades),
            f"Answers by grade ({stats.period.label})",
        )
        times = stats.review_time[-30:]
        _bar(
            self.query_one("#plot-time", PlotextPlot),
            [t.day.strftime("%m-%d") for t in times],
            [round(t.seconds / 60, 1) for t in times],
            "Review minutes per day",
            counts=False,
        )
        self.query_one("#stats-counts", Static).update(escape(counts_line(stats)))
        ivl = self.query_one("#plot-intervals", PlotextPlot)
        _bar(ivl, [b.label for b in stats.intervals], [b.count for b in stats.intervals], "Intervals")
        ease = self.query_one("#plot-ease", PlotextPlot)
        _bar(ease, [b.label for b in stats.ease], [b.count for b in stats.ease], "E-Factor")
        self._drills(stats)
        self._exams(stats)

    def _due(self, stats: Stats) -> None:
        due = stats.future.per_day[: self.forecast_days]
        _bar(
            self.query_one("#plot-due", PlotextPlot),
            [f"+{i + 1}" for i in range(len(due))],
            list(due),
            f"Due per day, next {len(due)} days (f: 30/90) · {stats.future.overdue} due now"
            f" · load {stats.future.daily_load:.1f}/day",
        )

    def watch_forecast_days(self) -> None:
        if self.stats is not None:
            self._due(self.stats)

    def _exams(self, stats: Stats) -> None:
        exams = stats.exams[-20:]
        _bar(
            self.query_one("#plot-exams", PlotextPlot),
            [e.taken_at.strftime("%m-%d") for e in exams],
            [e.right / e.asked * 100 if e.asked else 0 for e in exams],
            "Exam scores, % right" + ("" if exams else " (no exams yet: press x on the home screen)"),
            counts=False,
        )
        table = self.query_one("#stats-exams", DataTable)
        table.clear(columns=True)
        table.add_columns("Exam taken (latest first)", "deck", "score", "time")
        for e in reversed(stats.exams):
            score = f"{e.right}/{e.asked} {percent(e.right / e.asked if e.asked else 0.0)}"
            table.add_row(f"{e.taken_at:%Y-%m-%d %H:%M}", e.deck_id, score, clock_text(e.seconds))
        table = self.query_one("#stats-interviews", DataTable)
        table.clear(columns=True)
        table.add_columns("Mock interview (latest first)", "track", "score", "time")
        for i in reversed(stats.interviews):
            when = f"{i.taken_at:%Y-%m-%d %H:%M}"
            table.add_row(when, f"{i.track} · {i.minutes} min", percent(i.score), clock_text(i.seconds))

    def _drills(self, stats: Stats) -> None:
        table = self.query_one("#stats-drills", DataTable)
        table.clear(columns=True)
        table.add_columns("Drill kind (weakest first)", "accuracy", "right", "median")
        for k in stats.drills.kinds:
            table.add_row(
                k.kind, percent(k.accuracy), f"{k.correct}/{k.attempts}", f"{k.median_seconds:.0f} s"
            )
        sprints = stats.drills.sprints[-30:]
        _bar(
            self.query_one("#plot-sprints", PlotextPlot),
            [s.day.strftime("%m-%d") for s in sprints],
            [s.correct for s in sprints],
            "Drill sprint score: correct answers per day",
        )

    def action_show_tab(self, tab: str) -> None:
        self.query_one("#stats-tabs", TabbedContent).active = tab

    def action_next_period(self) -> None:
        self.period = PERIODS[(PERIODS.index(self.period) + 1) % len(PERIODS)]
        self.refresh_stats()

    def action_toggle_forecast(self) -> None:
        self.forecast_days = 90 if self.forecast_days == 30 else 30

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self))

    def action_next_deck(self) -> None:
        choices: list[str | None] = [None, *self.services.deck_ids()]
        index = choices.index(self.deck_id) if self.deck_id in choices else 0
        self.deck_id = choices[(index + 1) % len(choices)]
        self.refresh_stats()


def open_stats(app: App[None], services: Services | None, deck_id: str | None) -> str | None:
    """Show the stats of a deck (None: all decks); returns the problem, if any."""
    if services is None:
        return "Still opening your decks…"
    app.push_screen(StatsScreen(services, deck_id))
    return None
