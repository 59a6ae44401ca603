"""CPU time of a parallel run (``CpuClock``): what the workers and the controller spent, for the note that says
whether ``-n`` paid (report.build.parallel_estimate).

Wall time alone misleads on a loaded machine: a row that costs 0.4 ms of CPU takes 39 ms of wall time when other
processes hold the cores, and a note built on wall time then blames the rows. Each worker measures its own
process's CPU time from the end of its collection to the end of its session (its rows, through pytest's whole
protocol) and in all, and hands both to the controller in xdist's ``workeroutput`` (the channel pytest-cov
uses), which adds its own. Registered only under xdist (controller or worker).
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from . import _compat

WORKER_KEY = "answerbench_cpu_seconds"


class CpuClock:
    """The CPU seconds of a distributed run, None until known: ``rows_cpu``, what the workers spent on their rows
    (from the end of their collection on, summed); ``processes_cpu``, what the controller and the workers spent
    in all (start-up included)."""

    def __init__(self, config: pytest.Config):
        self.config = config
        self.is_worker = _compat.is_worker(config)
        self._rows_start: float | None = None
        self.rows_cpu: float | None = None
        self.processes_cpu: float | None = None
        self._workers_cpu = 0.0
        self._down = 0  # workers that finished, and of them those that sent their figures
        self._reported = 0

    def pytest_collection_finish(self, session: pytest.Session) -> None:  # noqa: ARG002 - hook signature
        if self.is_worker:
            self._rows_start = time.process_time()  # the worker's rows start here; its start-up is not theirs

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:  # noqa: ARG002 - xdist's hook signature
        """A worker finished: add the CPU time it reported (a crashed worker reports none)."""
        self._down += 1
        spent = _compat.worker_output(node).get(WORKER_KEY)
        if isinstance(spent, list) and len(spent) == 2 and all(isinstance(x, (int, float)) for x in spent):
            self._reported += 1
            self.rows_cpu = (self.rows_cpu or 0.0) + float(spent[0])
            self._workers_cpu += float(spent[1])

    @pytest.hookimpl(wrapper=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> Any:  # noqa: ARG002 - hook signature
        """Before the run's report is built: a wrapper runs before every plain implementation, the run's
        included, whatever order the plugins were registered in."""
        self._read_clock()
        return (yield)

    def _read_clock(self) -> None:
        now = time.process_time()
        if self.is_worker:
            if self._rows_start is not None:
                _compat.set_worker_output(self.config, WORKER_KEY, [round(now - self._rows_start, 6), round(now, 6)])
        elif self.rows_cpu is not None and self._reported == self._down:
            self.processes_cpu = now + self._workers_cpu
        else:  # a worker that crashed sent nothing: a sum over the others would understate the rows' cost
            self.rows_cpu = None
