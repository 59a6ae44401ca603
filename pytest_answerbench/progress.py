"""The progress line of a long ``--bench`` run (``Progress``), shown through pytest's terminal reporter by the
controller or the serial process; ``run.BenchRun`` feeds it the rows' records, and ``collect.Collection`` the
judge's replies while it prefetches (docs/running.md, "Long runs: progress")."""

from __future__ import annotations

import threading
import time
from collections import deque
from typing import Any

import pytest

from . import _compat
from .report.render.text import progress_line

__all__ = ["Progress"]


class Progress:
    """A long run's progress through pytest's terminal reporter (the controller or the serial process only).

    On a terminal, one line rewritten in place at most every ``every`` seconds (default 0.2), and the rows'
    own dots are left out (``pytest_report_teststatus``: there this object is a plugin of its own); otherwise a
    plain line every ``every`` seconds (default 10). Off with ``-qq``, and in ``-v`` runs on a terminal (their
    one line per row says as much). While the judge answers a batch of coming rows (``collect.Collection._prefetch``), ``judge`` adds the
    replies received so far to the line, at the same pace.
    """

    TTY_EVERY = 0.2
    PLAIN_EVERY = 10.0
    WINDOW = 30.0  # seconds of recent rows the rate (and ETA) is read from

    def __init__(self, config: pytest.Config, every: float | None):
        self.reporter = config.pluginmanager.get_plugin("terminalreporter")
        self.writer = config.get_terminal_writer() if self.reporter is not None else None
        verbosity = config.get_verbosity()
        self.tty = self.reporter is not None and _compat.reporter_isatty(self.reporter)
        self.on = self.reporter is not None and verbosity > -2 and not (self.tty and verbosity > 0)
        self.every = every if every is not None else self.TTY_EVERY if self.tty else self.PLAIN_EVERY
        self.total: int | None = None
        self.done = 0
        self.score_sum = 0.0
        self.shown = False
        self.started = time.perf_counter()
        self._next = self.started + self.every
        self.judging: tuple[int, int] | None = None  # (replies received, requests asked) of a judge batch
        self.marks: deque[tuple[float, int]] = deque()  # (time, rows done) of recent rows: the rate's window
        self._writer_thread = threading.get_ident()  # the only thread that writes to the terminal

    def row(self, rec: dict[str, Any]) -> None:
        self.done += 1
        self.score_sum += rec["score"]
        now = time.perf_counter()
        self.mark(now)
        # the last row's line only after earlier ones: a run shorter than one interval prints none
        if now >= self._next or (self.done == self.total and self.shown):
            self._next = now + self.every
            self.shown = True
            self.show(now)

    def judge(self, received: int, asked: int) -> None:
        """A judge batch's replies so far: the ``on_reply`` callback handed to a judge's ``prefetch``.

        Called from another thread (a user's judge may call it from its own), it only records the counts; the
        next call from the main thread shows them. ``judge_done`` ends the batch.
        """
        self.judging = (received, asked)
        if threading.get_ident() != self._writer_thread:
            return
        now = time.perf_counter()
        if now >= self._next:
            self._next = now + self.every
            self.shown = True
            self.show(now)

    def mark(self, now: float) -> None:
        """Record a row done at ``now``; marks older than the window go, but one stays at or before its start."""
        marks = self.marks
        marks.append((now, self.done))
        while len(marks) > 2 and marks[1][0] <= now - self.WINDOW:
            marks.popleft()

    def recent(self, now: float) -> tuple[int, float]:
        """(rows, seconds) since the oldest mark kept: the rows after the first one (whose time holds the
        warm-up) over the last ``WINDOW`` seconds; (0, 0.0) before a second row is done."""
        if not self.marks:
            return 0, 0.0
        since, done_then = self.marks[0]
        return self.done - done_then, now - since

    def judge_done(self) -> None:
        self.judging = None

    def show(self, now: float) -> None:
        line = progress_line(self.done, self.total, self.score_sum, now - self.started, self.judging,
                             recent=self.recent(now))
        if self.tty:
            # padded over the previous line, leaving room for pytest's " [100%]" at the end of the file's line
            self.reporter.rewrite(line.ljust(max(len(line), self.writer.fullwidth - 8)))
            return
        self.reporter.ensure_newline()  # a file's line of dots ends first (once: no blank line after it) ...
        if self.writer.width_of_current_line:  # ... and so do xdist's, which have no file name
            self.writer.line()
        self.writer.line(line)

    def pytest_report_teststatus(self, report: pytest.TestReport, config: pytest.Config) -> Any:  # noqa: ARG002
        """A row's outcome prints no dot: the line says it all (registered as a plugin on a terminal only, by
        ``run.BenchRun``). An expected failure is left to pytest's skipping plugin."""
        if (report.when == "call" and getattr(report, _compat.RECORD, None) is not None
                and report.outcome in ("passed", "failed") and not hasattr(report, "wasxfail")):
            return report.outcome, "", report.outcome.upper()
        return None

    def start(self, total: int) -> None:
        """The rows are known (collected): rates count from here."""
        self.total = total
        self.started = time.perf_counter()
        self._next = self.started + self.every
