"""Bounded scoring time: a SIGALRM guard that nests with pytest-timeout's timer.

SIGALRM is one timer per process. pytest-timeout's signal method arms it around each item; a library that
arms and clears it on its own silently disarms pytest-timeout (measured: a ``--timeout=2`` test ran 4.1 s and
passed). So this guard saves the outer timer (``setitimer`` returns it), arms the smaller of the two, and on
exit restores the outer timer with the time it has left. If the outer deadline is the nearer one, the outer
handler is left in place and fires as usual.

Off the main thread (a judge's thread pool) signals cannot be used and the guard does nothing.

An exception raised from a signal handler can be lost: when the signal lands while the interpreter runs a
``__del__`` method or a garbage-collector callback, the exception is printed as "ignored" and the scorer runs
on (seen in a property run: SymPy under Hypothesis's GC callback). So the timer repeats every
``REPEAT`` seconds after the deadline until the block has ended, and a block that ends without the timeout its
deadline raised (every one of them lost that way, the work done before the next repeat) raises it on its way
out: the expiry is recorded, and the end of the block is the safe point where it is checked.

A deadline never interrupts an import (:func:`importing`): the exception would leave the module half-initialised
in ``sys.modules`` for the rest of the process (measured: a 0.1 s row limit firing inside SymPy's first import
made every later row in that process read ``AttributeError: module 'sympy' ...`` and score a correct answer
wrong). The alarm is put off, ``REPEAT`` seconds at a time, until the import is done (at most
``IMPORT_GRACE`` seconds past the deadline), and the row then ends as a timeout.

:class:`RowClock` gives many consecutive blocks (a streamed chunk's rows) the same limit with one handler and,
most of the time, no timer call at all: a block starts with a clock read, and the alarm armed for an earlier block
(never later than this block's deadline) is moved on to this block's deadline when it fires. ``deadline`` nested
inside such a block counts from that block's own deadline, as it counts from an outer timer's.
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from contextlib import contextmanager
from types import FrameType
from typing import Callable, Iterator

try:  # the handlers as they are: signal's wrappers try (and fail, slowly) to make a Python handler an enum member,
    # twice a scored row (timers.py reads SIGALRM's handler with ``getsignal`` too, once a row)
    from _signal import getsignal
    from _signal import signal as setsignal
except ImportError:  # pragma: no cover - not CPython
    getsignal, setsignal = signal.getsignal, signal.signal

__all__ = ["IMPORT_GRACE", "ROW_WORK", "RowClock", "ScoreTimeout", "ThreadTimeout", "deadline", "importing"]

REPEAT = 0.1  # seconds between repeated alarms once the deadline has passed
IMPORT_GRACE = 30.0  # seconds past a deadline that an import in progress may take before it is interrupted anyway
UNWIND_GRACE = 1.0  # seconds a raised timeout may take to unwind before the repeated alarm raises another

_HAS_ALARM = hasattr(signal, "setitimer") and hasattr(signal, "SIGALRM")


class ScoreTimeout(BaseException):
    """Raised inside a scorer when its time is up.

    A BaseException so that a scorer's ``except Exception`` cannot swallow it.
    """


class ThreadTimeout(BaseException):
    """Raised in the main thread by the thread-method row timer (timers.py) when a row overruns its time limit."""


class RowWork:
    """Where a row's time limit may land: inside the row's own work, never in pytest's code after it.

    A timer thread's exception (``PyThreadState_SetAsyncExc``) arrives at the main thread's next bytecode, not
    when it is sent: a limit decided as the row's work ends would arrive in pytest's code after the phase (an
    INTERNALERROR that leaves every later row not run; seen on CI, the timer thread slowed by a loaded machine).
    So the timer sends only while the row's phase is open (``open``, when its set-up or call begins) and under
    this lock, and the row item closes its own work under the same lock (``leave``): a limit sent before the
    close is taken back and raised by the item itself, inside its phase; none is sent after it. The signal
    method's handler runs in the main thread and only asks ``inside``.
    """

    __slots__ = ("inside", "sent", "_lock")

    def __init__(self) -> None:
        self.inside: object = None  # the item whose phase is open and whose own work has not ended
        self.sent: object = None  # the item a timer thread sent a ThreadTimeout to, not known to have arrived
        self._lock = threading.Lock()

    def open(self, item: object) -> None:
        """The item's set-up or call phase begins: its limit may land from here on."""
        self.inside = item
        self.sent = None

    def send(self, item: object, raise_in_main: Callable[[type[BaseException]], None]) -> bool:
        """From a timer thread: send ThreadTimeout to the main thread if ``item``'s work is still going on."""
        with self._lock:
            if self.inside is not item:
                return False
            raise_in_main(ThreadTimeout)
            self.sent = item
            return True

    def leave(self, item: object) -> bool:
        """The item's own work in this phase has ended (or its phase has): no limit lands from here on. True
        when a ThreadTimeout was sent to it that may still be on its way (the caller takes it back and raises
        its own)."""
        with self._lock:
            if self.inside is item:
                self.inside = None
            sent = self.sent is item
            if sent:
                self.sent = None
        return sent


#: The process's one ``RowWork``: row items (collect.py) and the row timers (timers.py) share it.
ROW_WORK = RowWork()


def importing(frame: FrameType | None) -> bool:
    """Is an import running in the stack that ``frame`` ends (importlib's own frames are in it)?"""
    while frame is not None:
        name = frame.f_code.co_filename
        if name.startswith("<frozen importlib._bootstrap") or name.endswith(
                ("importlib/_bootstrap.py", "importlib/_bootstrap_external.py")):
            return True
        frame = frame.f_back
    return False


def reporting_lost(frame: FrameType | None) -> bool:
    """Is the interpreter reporting an exception it could not raise (``sys.unraisablehook``, or the traceback module
    formatting one for it: a timeout that landed in a garbage-collector callback is reported so)? An alarm there
    would escape the hook instead of reaching the scoring code."""
    depth = 0
    while frame is not None and depth < 40:
        code = frame.f_code
        if code.co_name in ("unraisable_hook", "unraisablehook", "_unraisablehook") or code.co_filename.endswith(
                ("/traceback.py", "/linecache.py", "/_pytest/unraisableexception.py")):
            return True
        frame, depth = frame.f_back, depth + 1
    return False


def _unwinding(exc: BaseException) -> bool:
    """Is ``exc`` being handled now (the exception in flight, or the context of the one in flight)?"""
    current = sys.exc_info()[1]
    while current is not None:
        if current is exc:
            return True
        current = current.__context__
    return False


@contextmanager
def deadline(seconds: float | None, cpu: bool = False) -> Iterator[None]:
    """Raise ScoreTimeout in the enclosed block after ``seconds`` (None or <= 0: no limit).

    ``cpu``: count the CPU time this (the main) thread spends in the block instead of wall time, for limits
    whose intent is "this computation is too expensive" (a reference's 3 s SymPy limit): a loaded machine then
    cannot flip a verdict. The thread's own time, not the process's: another thread of the process (a judge's
    pool, a test's local server) spending CPU must not end the block early. The timer still fires on wall time;
    while the CPU time spent is below ``seconds`` it is re-armed for the CPU time left (never past an outer
    deadline, whose handler is then called as usual).
    """
    if (
        not seconds
        or seconds <= 0
        or not _HAS_ALARM
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return

    exiting = False
    raised: list[tuple[ScoreTimeout, float]] = []  # the timeout raised, and when

    def _on_alarm(signum, frame):  # noqa: ARG001 - signal handler signature
        if exiting:
            return
        if cpu and not raised and time.thread_time() - cpu_started < seconds:
            now = time.monotonic()
            if outer_remaining and now - started >= outer_remaining:
                outer_fired.append(True)  # not re-armed on the way out
                if callable(outer_handler):
                    outer_handler(signum, frame)  # the outer (row) limit is due first: its own failure
                return
            wait = seconds - (time.thread_time() - cpu_started)
            if outer_remaining:
                wait = min(wait, outer_remaining - (now - started))
            signal.setitimer(signal.ITIMER_REAL, max(wait, REPEAT), REPEAT)
            return
        if _held_off(raised, frame, time.monotonic() - started, seconds):
            return  # the repeating timer comes back in REPEAT seconds
        raised.append((ScoreTimeout(f"scoring exceeded {seconds:g}s"), time.monotonic()))
        raise raised[-1][0]

    outer_handler = getsignal(signal.SIGALRM)
    outer_remaining, outer_interval = signal.getitimer(signal.ITIMER_REAL)
    clock = getattr(outer_handler, "__self__", None)
    if outer_remaining and isinstance(clock, RowClock) and clock.in_block and not clock.raised:
        # the outer limit is the block's own deadline, not the alarm armed for an earlier block (which may be due
        # sooner, and then only moves the alarm on)
        outer_remaining = max(clock.deadline - time.monotonic(), 1e-6)
    started = time.monotonic()
    cpu_started = time.thread_time()
    outer_fired: list[bool] = []
    if outer_remaining and outer_remaining <= seconds:
        # The outer timer (pytest-timeout) fires first: leave it alone.
        yield
        return
    setsignal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds, REPEAT)
    lost = False
    try:
        yield
        lost = bool(raised)  # the block ended without the timeout its deadline raised: it was lost
    finally:
        exiting = True  # a repeat alarm landing from here on must not raise out of the clean-up
        signal.setitimer(signal.ITIMER_REAL, 0)
        setsignal(signal.SIGALRM, outer_handler)
        if outer_remaining and not outer_fired:
            left = outer_remaining - (time.monotonic() - started)
            # Expired while we held the timer: fire the outer handler almost at once.
            signal.setitimer(signal.ITIMER_REAL, max(left, 1e-6), outer_interval)
    if lost:
        raise _lost(seconds)


def _held_off(raised: list[tuple[ScoreTimeout, float]] | None, frame: FrameType | None, elapsed: float,
              seconds: float) -> bool:
    """Should an alarm due now wait (the repeating timer brings it back)? While the timeout already raised is on
    its way out (through except/finally blocks, __exit__ methods: another one there could land past the handler
    meant to catch the first; a handler that swallows it and works on inside its except block is interrupted again
    after UNWIND_GRACE), and inside an import or a report of an exception that could not be raised (a lost
    timeout's, formatted by the unraisable hook), for at most IMPORT_GRACE past the limit."""
    if raised and _unwinding(raised[-1][0]) and time.monotonic() - raised[-1][1] < UNWIND_GRACE:
        return True
    return (importing(frame) or reporting_lost(frame)) and elapsed < seconds + IMPORT_GRACE


def _lost(seconds: float) -> ScoreTimeout:
    """The timeout a block ends with when the one its deadline raised was lost."""
    return ScoreTimeout(f"scoring exceeded {seconds:g}s (the limit landed where its exception was lost: "
                        "a garbage-collector callback or a __del__ method)")


class RowClock:
    """One time limit for each of many consecutive blocks on the main thread (a streamed chunk's rows), without
    two timer calls and a handler swap a block: ``open()`` installs the handler once, each ``with clock:`` block
    then behaves as ``with deadline(seconds):`` (a ``ScoreTimeout`` at the deadline, repeated every ``REPEAT``
    seconds until the block ends, never inside an import or a timeout on its way out, raised at the block's end if
    every one was lost), and ``close()`` disarms the timer and puts the handler back.

    A block costs a clock read and a look at the timer: the alarm armed for an earlier block fires no later than
    this block's deadline (each block's deadline is later than the one before), and when it fires early it is
    re-armed for what is left of this block's limit. Between blocks an alarm does nothing.
    """

    __slots__ = ("seconds", "active", "in_block", "started", "deadline", "raised", "_handler", "_outer")

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.active = False
        self.in_block = False
        self.started = 0.0  # time.monotonic() when the running block began
        self.deadline = 0.0  # ... and when its limit is up
        self.raised: list[tuple[ScoreTimeout, float]] | None = None  # the running block's timeouts, and when
        self._handler = self._on_alarm  # one bound method: recognised as the installed handler
        self._outer: object = None

    def open(self) -> bool:
        """Take SIGALRM for the blocks to come. False when there is nothing to take it for (no limit, no
        SIGALRM, not the main thread) or when another timer is armed: then each block nests with that timer as
        ``deadline`` does, and the caller uses ``deadline``."""
        if (not self.seconds or self.seconds <= 0 or not _HAS_ALARM
                or threading.current_thread() is not threading.main_thread()
                or signal.getitimer(signal.ITIMER_REAL)[0]):
            return False
        self._outer = getsignal(signal.SIGALRM)
        setsignal(signal.SIGALRM, self._handler)
        self.active = True
        return True

    def close(self) -> None:
        """Disarm the timer and put back the handler found by ``open``."""
        if not self.active:
            return
        self.active = self.in_block = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        setsignal(signal.SIGALRM, self._outer)

    def __enter__(self) -> None:
        self.started = now = time.monotonic()
        self.deadline = now + self.seconds  # type: ignore[operator]
        self.in_block = True
        if getsignal(signal.SIGALRM) is not self._handler:  # replaced between blocks (a hook's own alarm)
            setsignal(signal.SIGALRM, self._handler)
        left = signal.getitimer(signal.ITIMER_REAL)[0]
        if not left or left > self.seconds:  # type: ignore[operator]
            signal.setitimer(signal.ITIMER_REAL, self.seconds)

    def __exit__(self, exc_type: object, exc: object, tb: object) -> bool:
        self.in_block = False
        raised = self.raised
        if raised:
            self.raised = None
            signal.setitimer(signal.ITIMER_REAL, 0)  # the repeats end with the block; the next one arms anew
            if exc_type is None:  # the block ended without the timeout its deadline raised: it was lost
                raise _lost(self.seconds)  # type: ignore[arg-type]
        return False

    def _on_alarm(self, signum: int, frame: FrameType | None) -> None:  # noqa: ARG002 - a signal handler's
        if not self.in_block:
            return  # between blocks: the next block arms the timer
        now = time.monotonic()
        raised = self.raised
        if now < self.deadline and not raised:
            signal.setitimer(signal.ITIMER_REAL, self.deadline - now)  # armed for an earlier block
            return
        signal.setitimer(signal.ITIMER_REAL, REPEAT)  # again until the block ends
        if _held_off(raised, frame, now - self.started, self.seconds):  # type: ignore[arg-type]
            return
        exc = ScoreTimeout(f"scoring exceeded {self.seconds:g}s")
        if raised is None:
            raised = self.raised = []
        raised.append((exc, now))
        raise exc
