"""The CPU time behind the -n note (cpuclock.CpuClock), fed as xdist feeds it: one ``pytest_testnodedown`` per
worker with what the worker sent in ``workeroutput``."""

from __future__ import annotations

import contextlib
from types import SimpleNamespace

from pytest_answerbench.cpuclock import WORKER_KEY, CpuClock


def _finish(clock: CpuClock) -> None:
    """The session's end as pluggy runs the clock's wrapper: up to its yield (the clock is read there), then on."""
    wrapper = clock.pytest_sessionfinish(None)
    next(wrapper)
    with contextlib.suppress(StopIteration):
        wrapper.send(None)


def _controller() -> CpuClock:
    return CpuClock(SimpleNamespace(option=SimpleNamespace(dist="load")))  # no ``workerinput``: not a worker


def test_the_workers_figures_are_summed_and_the_controller_adds_its_own():
    clock = _controller()
    clock.pytest_testnodedown(SimpleNamespace(workeroutput={WORKER_KEY: [1.5, 2.5]}), None)
    clock.pytest_testnodedown(SimpleNamespace(workeroutput={WORKER_KEY: [0.5, 1.0]}), None)
    _finish(clock)
    assert clock.rows_cpu == 2.0
    assert clock.processes_cpu is not None and clock.processes_cpu > 3.5  # the workers' 3.5 s and the controller's


def test_a_worker_that_sent_nothing_leaves_the_figures_unknown():
    """A crashed worker sends no figures: a sum over the others would understate the rows' cost and call a run
    slower than serial that was not."""
    clock = _controller()
    clock.pytest_testnodedown(SimpleNamespace(workeroutput={WORKER_KEY: [1.5, 2.5]}), None)
    clock.pytest_testnodedown(SimpleNamespace(), "worker 'gw1' crashed while running 'x'")
    _finish(clock)
    assert clock.rows_cpu is None and clock.processes_cpu is None


def test_a_worker_sends_its_rows_cpu_time_and_its_process_s():
    config = SimpleNamespace(workerinput={}, workeroutput={}, option=SimpleNamespace(dist="no"))
    clock = CpuClock(config)
    clock.pytest_collection_finish(None)
    sum(i * i for i in range(200_000))  # some CPU work in the rows' span
    _finish(clock)
    rows, process = config.workeroutput[WORKER_KEY]
    assert 0 < rows <= process
