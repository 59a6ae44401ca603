"""The plugin's own hooks (its hookspec), added to pytest's by ``plugin.pytest_addhooks`` as pytest-timeout and
pytest-xdist add theirs.

The run's plugins (collect.py, run.py, timers.py) do not call each other's methods: they call these hooks, and
the run object (``run.BenchRun``) implements them. A conftest.py or another plugin may implement them too, to
watch rows being scored or a run being stopped.
"""

from __future__ import annotations

from typing import Any

import pytest

@pytest.hookspec
def pytest_answerbench_row_scored(item: pytest.Item, row: Any, verdict: Any) -> None:
    """A row item was scored: ``row`` is the row as scored (a dict), ``verdict`` its ``Verdict``, or None when
    the scorer raised (the call report then says why). Called inside the row's call phase, before its report is
    made; the run turns it into the row's record in ``pytest_runtest_makereport``. In streamed mode (stream.py)
    ``item`` is a view of the row with the same attributes a row item's implementations read (``nodeid``,
    ``name``, ``location``, ``row_id``, ``row_line``, ``sample``, ``parent``, ``config``, ``path``)."""


@pytest.hookspec(firstresult=True)
def pytest_answerbench_stop(session: pytest.Session, reason: str) -> Any:
    """Stop the run after the current row (or before the first, when called before any row ran), the report
    saying ``reason`` and listing the rows not run. The one place ``session.shouldstop`` is set for a row's
    sake: a judge that is unusable, a fatal judge error found while prefetching."""


@pytest.hookspec
def pytest_answerbench_judge_progress(received: int | None, asked: int) -> None:
    """A judge batch's replies so far, as the judge's ``prefetch`` reports them (its ``on_reply``), or
    ``received`` None once the batch has ended. May be called from a thread of the judge's own: an
    implementation records the counts and returns (the run's progress line shows them from the main thread)."""


@pytest.hookspec
def pytest_answerbench_row_stuck(item: pytest.Item, verdict: Any) -> None:
    """A row overran its time limit in code nothing can interrupt (the thread method's timer ends the process
    next): record it as ``verdict`` and write the report as it stands."""
