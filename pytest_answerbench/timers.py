"""Row time limits (``RowTimers``): pytest-timeout's timer hooks for row items, registered only when
pytest-timeout is active.

Signal method: the same SIGALRM timer and failure as pytest-timeout's, with one handler installed for the
whole run instead of a new handler and closure for every row (measured: a tenth of a cheap row's cost).
Thread method: interrupt the row instead of killing the process when possible. pytest-timeout's thread method
ends the process with ``os._exit(1)``. Here the timer first raises ``ThreadTimeout`` in the main thread
(which stops pure-Python work such as SymPy); only if the row is still running after a grace period is the
row reported as timed out (``on_stuck``) before pytest-timeout's stack dump and exit.
Both methods count a row's limit over the row's own phases (set-up, call): pytest's time between them (logging
reports, a conftest's hooks, a garbage collection) is not charged to the row.
"""

from __future__ import annotations

import signal
import threading
import time
from typing import Any

import pytest

from . import _compat
from .collect import RowBase
from .timeguard import IMPORT_GRACE, REPEAT, ROW_WORK, getsignal, importing
from .verdict import TIMEOUT, Verdict


_EARLY = 0.005  # seconds before the armed row's deadline that an alarm is taken for a late one of the row before


class RowTimers:
    """pytest-timeout's ``pytest_timeout_set_timer``/``cancel_timer`` for row items (other items keep
    pytest-timeout's own timers). A row that could not be interrupted is handed to the
    ``pytest_answerbench_row_stuck`` hook."""

    def __init__(self) -> None:
        self._timed: tuple[Any, Any] | None = None  # (item, settings) of the row whose SIGALRM timer is armed
        self._deadline = 0.0  # time.monotonic() when the armed row's limit is up
        self._in_phase: Any = None  # the row whose set-up or call phase is running
        self._outer_alarm: tuple[Any] | None = None  # the SIGALRM handler before the first row's timer
        self._import_wait = 0.0  # seconds the armed row's failure was put off for an import in progress
        # A row's limit counts the time of the row's own phases (set-up, call), not pytest's time between them
        # (logging the reports, a conftest's logreport hook, a garbage collection there).
        self._used = 0.0  # seconds the armed row spent in its phases that have ended
        self._phase_start: float | None = None  # time.monotonic() when the row's running phase began
        self._owed = False  # the armed row's alarm landed between its phases: re-armed when its next phase begins
        self._handler = self._on_alarm  # one bound method, so that the installed handler is recognised as ours

    @pytest.hookimpl(tryfirst=True, optionalhook=True)
    def pytest_timeout_set_timer(self, item: pytest.Item, settings: Any) -> bool | None:
        """Arm a row's time limit."""
        if not isinstance(item, RowBase):
            return None
        self._used, self._phase_start, self._owed = 0.0, None, False
        if settings.method == "signal" and threading.current_thread() is threading.main_thread():
            if getsignal(signal.SIGALRM) is not self._handler:
                if self._outer_alarm is None:
                    self._outer_alarm = (signal.getsignal(signal.SIGALRM),)
                signal.signal(signal.SIGALRM, self._handler)
            self._timed = (item, settings)
            self._import_wait = 0.0
            self._deadline = time.monotonic() + settings.timeout
            signal.setitimer(signal.ITIMER_REAL, settings.timeout)
            return True
        if settings.method != "thread":
            return None
        return self._arm_thread_timer(item, settings)

    def _on_alarm(self, signum: int, frame: Any) -> None:  # noqa: ARG002 - signal handler signature
        """A row overran its limit: pytest-timeout's own failure (stack dump of other threads, then fail); put off
        while an import runs (timeguard.importing: a failure inside it would leave the module half-initialised)."""
        timed = self._timed
        if timed is None or time.monotonic() < self._deadline - _EARLY:
            return  # no row armed, or a late signal of the row before this one: this row's timer still runs
        if ROW_WORK.inside is not timed[0]:
            # between the row's phases, or its phase's work is done (pytest's code until the report, where an
            # exception is an INTERNALERROR): the rest of its limit runs once its next phase begins
            self._owed = True
            return
        left = timed[1].timeout - self._spent()
        if left > _EARLY:  # pytest's time between the phases is not the row's: the row has time left
            self._deadline = time.monotonic() + left
            signal.setitimer(signal.ITIMER_REAL, left)
            return
        if importing(frame) and self._import_wait < IMPORT_GRACE:
            self._import_wait += REPEAT
            signal.setitimer(signal.ITIMER_REAL, REPEAT)
            return
        _compat.timeout_sigalrm(*timed)

    @pytest.hookimpl(tryfirst=True, optionalhook=True)
    def pytest_timeout_cancel_timer(self, item: pytest.Item) -> bool | None:
        """Disarm a row's timer; a thread-method row's cancel closure is dropped once used (set to None rather
        than deleted: removing an attribute makes every item's ``__dict__`` larger)."""
        if not isinstance(item, RowBase):
            return None
        return True if self._disarm(item) else None

    def _disarm(self, item: pytest.Item) -> bool:
        """Disarm ``item``'s timer if it has one armed; did it?"""
        if self._timed is not None and self._timed[0] is item:
            self._timed = None  # first: an alarm delivered from here on finds no row armed
            signal.setitimer(signal.ITIMER_REAL, 0)
            return True
        cancel = item.__dict__.get("cancel_timeout")
        if cancel is not None:
            cancel()
            item.cancel_timeout = None  # type: ignore[attr-defined]
            return True
        return False

    def _spent(self) -> float:
        """Seconds the armed row has spent in its phases so far."""
        start = self._phase_start
        return self._used + (time.monotonic() - start if start is not None else 0.0)

    def _phase_begins(self, item: pytest.Item) -> None:
        self._in_phase = item
        self._phase_start = time.monotonic()
        ROW_WORK.open(item)
        timed = self._timed
        if self._owed and timed is not None and timed[0] is item:
            self._owed = False
            left = max(timed[1].timeout - self._used, REPEAT)
            self._deadline = self._phase_start + left
            signal.setitimer(signal.ITIMER_REAL, left)

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> None:
        """A row's set-up phase begins: its limit may land from here on (no wrapper: its frames would show in
        every failing row's traceback)."""
        if isinstance(item, RowBase):
            self._phase_begins(item)

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_call(self, item: pytest.Item) -> None:
        """A row's call phase begins: its limit may land from here on."""
        if isinstance(item, RowBase):
            self._phase_begins(item)

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> None:
        """A row's phase has ended and its report is about to be made: no limit lands until the next phase; the
        call phase's end disarms the row's timer."""
        if isinstance(item, RowBase):
            self._in_phase = None
            item.work_ends()  # the phase has ended, whether or not the row closed its own work
            if self._phase_start is not None:
                self._used += time.monotonic() - self._phase_start
                self._phase_start = None
            if call.when == "call":
                self._disarm(item)

    def pytest_unconfigure(self, config: pytest.Config) -> None:  # noqa: ARG002 - hook signature
        """Give SIGALRM back to the handler it had before the first row."""
        if self._outer_alarm is not None:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self._outer_alarm[0])
            self._outer_alarm = None

    def _arm_thread_timer(self, item: RowBase, settings: Any) -> bool:
        done = threading.Event()
        grace = min(max(settings.timeout, 1.0), 5.0)

        def fire() -> None:
            waited = 0.0
            while not done.is_set():
                if self._in_phase is item:
                    left = settings.timeout - self._spent()
                    if left > _EARLY:  # pytest's time between the row's phases is not the row's
                        done.wait(left)
                        continue
                    # sent only while the row's own work goes on (timeguard.RowWork), never into an import
                    # (timeguard.importing) unless it has taken IMPORT_GRACE past the limit
                    if (waited >= IMPORT_GRACE or not importing(_compat.main_thread_frame())) and \
                            ROW_WORK.send(item, _compat.raise_in_main_thread):
                        break
                if waited >= IMPORT_GRACE:  # past its limit and not back in its work: stuck in pytest's code
                    break
                done.wait(REPEAT)
                waited += REPEAT
            if done.is_set() or done.wait(grace):
                return
            self._stuck(item, settings)

        timer = threading.Timer(settings.timeout, fire)
        timer.daemon = True
        timer.name = f"answerbench timeout {item.nodeid}"

        def cancel() -> None:
            done.set()
            timer.cancel()

        item.cancel_timeout = cancel  # type: ignore[attr-defined]
        timer.start()
        return True

    def _stuck(self, item: RowBase, settings: Any) -> None:
        """The row is stuck in code an exception cannot interrupt: record it, then let pytest-timeout exit."""
        verdict = Verdict(TIMEOUT, 0.0, method="timeout",
                          detail=f"row exceeded its time limit ({settings.timeout:g}s); process ended")
        try:
            item.ihook.pytest_answerbench_row_stuck(item=item, verdict=verdict)
        finally:
            _compat.timeout_timer(item, settings)
