"""timeguard.deadline(cpu=True): a limit on the CPU time a block spends, not on the wall time it takes (issue 28:
the reference's 3 s SymPy limit, measured in wall time, flipped verdicts on a loaded machine)."""

from __future__ import annotations

import signal
import time

import pytest

from pytest_answerbench.scorers.polyhedron import num
from pytest_answerbench import score_row
from pytest_answerbench.timeguard import ScoreTimeout, deadline

pytestmark = pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs setitimer")


def test_waiting_is_not_charged():
    """A block that waits (as a process starved of CPU by a loaded machine does) past the limit is not stopped."""
    with deadline(0.2, cpu=True):
        time.sleep(0.6)


def test_spending_cpu_is_stopped():
    start = time.process_time()
    with pytest.raises(ScoreTimeout):
        with deadline(0.2, cpu=True):
            while time.process_time() - start < 30:
                pass
    assert time.process_time() - start < 30


def test_wall_deadline_still_stops_a_sleeper():
    with pytest.raises(ScoreTimeout):
        with deadline(0.2):
            time.sleep(5)


def test_an_outer_row_limit_still_fires_first():
    """The row's own limit (an outer SIGALRM timer) is due before the CPU limit is used up: its handler runs."""
    fired = []

    def outer(signum, frame):
        fired.append(True)
        raise KeyboardInterrupt("outer")

    previous = signal.signal(signal.SIGALRM, outer)
    signal.setitimer(signal.ITIMER_REAL, 0.5)
    try:
        with pytest.raises(KeyboardInterrupt, match="outer"):
            with deadline(0.3, cpu=True):
                time.sleep(3)  # no CPU spent: only the outer limit can end this
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert fired == [True]


def test_polyhedron_symbolic_limit_is_cpu_time_and_recorded(monkeypatch):
    warm = {"prediction": "\\boxed{0.25}", "answer": "\\frac{1}{5}", "eval_type": "numeral", "score_type": "soft"}
    score_row("polyhedron", warm, profile="upstream", timeout=60)  # SymPy's parsers imported outside the limit
    monkeypatch.setattr(num, "SYMBOLIC_SECONDS", 0.5)
    real = num.symbolic_equal

    def slow_but_idle(a, b, score_type="hard"):
        time.sleep(1.0)  # over the limit in wall time, not in CPU time
        return real(a, b, score_type)

    monkeypatch.setattr(num, "symbolic_equal", slow_but_idle)
    row = {"prediction": "\\boxed{0.33333}", "answer": "\\frac{1}{3}", "eval_type": "numeral", "score_type": "soft"}
    v = score_row("polyhedron", row, profile="upstream", timeout=60)
    assert v.score > 0.9 and "symbolic_limit_fired" not in v.extra

    def burning(a, b, score_type="hard"):
        start = time.process_time()
        while time.process_time() - start < 30:
            pass
        return True

    monkeypatch.setattr(num, "symbolic_equal", burning)
    row = {"prediction": "\\boxed{0.333333}", "answer": "\\frac{1}{3}", "eval_type": "numeral", "score_type": "hard"}
    v = score_row("polyhedron", row, profile="upstream", timeout=60)
    assert v.status == "wrong" and v.extra.get("symbolic_limit_fired", 0) >= 1
    assert "SymPy limit (CPU time)" in v.detail


def test_another_thread_s_cpu_is_not_charged():
    """Only the scoring (main) thread's CPU time counts: a busy judge pool or server thread in the same process
    must not end a step early (seen: a test's server thread made a 1/2 = 0.5 comparison time out)."""
    import threading

    stop = threading.Event()

    def spin():
        while not stop.is_set():
            pass

    worker = threading.Thread(target=spin, daemon=True)
    worker.start()
    try:
        with deadline(0.3, cpu=True):
            time.sleep(1.0)  # the main thread waits; the other thread burns CPU meanwhile
    finally:
        stop.set()
        worker.join()
