"""A warm, killable scoring process for expensive benchmarks (SymPy): rows that overrun are stopped for sure.

The in-process guard (``timeguard.deadline``) stops pure-Python work, but a computation stuck in C (a huge
integer power, a pathological regex in the C engine) only notices the signal when it returns. Here each row is
scored in a forked child that already imported the scorer (and ran its ``warm_up()``, e.g. the first LaTeX
parse): the parent waits for the reply up to the row's budget, and on overrun kills the child, starts a new
one (about 20-60 ms with fork) and records the row as ``timeout``. The round trip costs ~0.1 ms per row, noise
next to a SymPy comparison.

A row stopped by its limit (here, or by pytest-timeout's outer timer landing while the parent waits) leaves the
child busy with it: it is killed and its replacement started at once, with SIGALRM held off meanwhile (a timer
landing half-way through would leave a killed child and its pipe in place, and the next row, which takes
milliseconds, would be sent to the dying child: ``the scoring process died (ConnectionResetError)``). The next
row finds a fresh child; a row whose reply was never read (``_pending``) always gets a fresh one too.

The child is limited to what it holds once started plus the memory ceiling (memguard.py,
``--bench-max-memory``): a row past it is an ``error`` naming the ceiling, and a child that dies of it anyway is
replaced for the next row.

Used when a benchmark's YAML says ``isolation: process`` (or ``--bench-isolation process``) and no judge is
in use (a judge's client and threads do not belong in a forked child).
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import threading
from contextlib import contextmanager
from typing import Any, Iterator, Mapping

from .memguard import DEFAULT_MAX_MEMORY_MB, limit_process
from .scoring import make_context, score_with_spec
from .spec import BenchmarkSpec
from .verdict import TIMEOUT, Verdict

__all__ = ["ScoringProcess"]


def _child(conn, spec: BenchmarkSpec, profile: str, options: Mapping[str, Any], max_memory: float | None) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and kills us
    if hasattr(signal, "pthread_sigmask"):  # forked while the parent held SIGALRM off; the scorers' guards use it
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGALRM})
    # Keep only our end of the pipe (and stdin/out/err): a file descriptor inherited from the parent, such as
    # an xdist worker's channel to its controller, would outlive a parent killed with SIGKILL, and the
    # controller would wait for that channel to close forever. Closing the parent's end of our pipe too makes
    # ``recv`` see the end of the parent, so this process exits with it.
    fd = conn.fileno()
    os.closerange(3, fd)
    os.closerange(fd + 1, os.sysconf("SC_OPEN_MAX") if hasattr(os, "sysconf") else 65536)
    # Everything inherited from the parent (SymPy, the warm caches, pytest's items) stays out of this process's
    # garbage collections: walking it would cost time and copy every page it touches (copy-on-write).
    gc.freeze()
    limit_process(max_memory)  # what the warm child holds plus the ceiling, fixed for its life (memguard.py)
    while True:
        try:
            row, row_id = conn.recv()
        except (EOFError, OSError):
            return
        ctx = make_context(spec, row, profile, options=options, row_id=row_id)
        verdict = score_with_spec(spec, row, ctx, max_memory)
        payload = verdict.to_dict()
        payload.pop("correct")
        try:
            conn.send(payload)
        except (BrokenPipeError, OSError):
            return


@contextmanager
def _alarm_held() -> Iterator[None]:
    """SIGALRM held off (delivered when the block ends) while the child and its pipe change; main thread only."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


class ScoringProcess:
    """Score rows in a warm child process; kill and replace it when a row overruns its budget."""

    def __init__(self, spec: BenchmarkSpec, profile: str, options: Mapping[str, Any] | None = None,
                 max_memory: float | None = DEFAULT_MAX_MEMORY_MB):
        self.spec, self.profile, self.options = spec, profile, dict(options or {})
        self.max_memory = max_memory
        self._ctx = multiprocessing.get_context("fork")
        self._proc = None
        self._conn = None
        self._pending = False  # a row was sent whose reply was not read: the child's state is unknown
        self.restarts = 0
        self._warm()

    def _warm(self) -> None:
        """Import the scorer (and let it warm its caches) here, so every forked child starts warm."""
        from . import scorers
        from .timeguard import ScoreTimeout, deadline

        module = scorers.get(self.spec.scorer).module
        warm = getattr(module, "warm_up", None)
        if warm is not None:
            try:
                with deadline(30):
                    warm()
            except (Exception, ScoreTimeout):  # a failed warm-up only costs speed
                pass

    def _start(self) -> None:
        parent, child = self._ctx.Pipe()
        proc = self._ctx.Process(target=_child, args=(child, self.spec, self.profile, self.options, self.max_memory),
                                 daemon=True, name=f"answerbench-{self.spec.name}")
        proc.start()
        child.close()
        self._proc, self._conn, self._pending = proc, parent, False

    def _kill(self) -> int | None:
        """Stop the child (if any) and close its pipe; its exit code (negative: the signal that ended it)."""
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None  # first: whatever interrupts the rest, no row is sent to this child again
        code = None
        if proc is not None:
            code = proc.exitcode
            try:
                os.kill(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, TypeError):
                pass
            proc.join(5)
        if conn is not None:
            conn.close()
        return code

    def _replace(self, start: bool = True) -> int | None:
        """Kill the child and (``start``) start its replacement, SIGALRM held off meanwhile."""
        with _alarm_held():
            code = self._kill()
            self.restarts += 1
            if start:
                self._start()
        return code

    def score(self, row: Mapping[str, Any], row_id: str, budget: float | None) -> Verdict:
        """Score one row; ``budget`` seconds at most (None: wait as long as it takes)."""
        if self._proc is None:
            with _alarm_held():
                self._start()
        elif self._pending or not self._proc.is_alive():
            self._replace()
        try:
            self._pending = True
            self._conn.send((dict(row), row_id))
            ready = self._conn.poll(budget)
            if ready:
                payload = self._conn.recv()
                self._pending = False
                return Verdict(**payload)
        except (EOFError, BrokenPipeError, ConnectionResetError, OSError) as exc:
            code = self._replace()
            how = f", ended by signal {-code}" if code is not None and code < 0 else ""
            return Verdict.error(f"the scoring process died ({type(exc).__name__}{how}); it was replaced",
                                 method="process-died")
        except BaseException as exc:  # pytest-timeout's outer timer or Ctrl-C: do not leave the child running
            self._replace(start=not isinstance(exc, (KeyboardInterrupt, SystemExit)))
            raise
        self._replace()
        return Verdict(TIMEOUT, 0.0, method="timeout",
                       detail=f"scoring stopped after {budget:g}s; the scoring process was replaced")

    def close(self) -> None:
        with _alarm_held():
            self._kill()
