"""The summary's note on a ``-n`` run whose rows are too cheap for its workers to pay, read from the report's
figures (no wall time: on a busy machine it says nothing about -n)."""

from __future__ import annotations

import pytest

from pytest_answerbench.report.build import (BUSY_ENOUGH, XDIST_PER_ROW, XDIST_START_SECONDS, parallel_estimate,
                                             workers_cannot_pay)
from pytest_answerbench.report.render.text import summary_lines

NOTE = "saves less than xdist's start-up and per-row cost"


def _report(total: int, serial: float | None, workers: int = 2, *, likely: bool = False,
            cpu: bool = True) -> dict:
    par = {"workers": workers, "wall_seconds": 9.0, "row_seconds": serial or 0.0, "mean_row_ms": 1.0,
           "estimated_serial_seconds": serial, "serial_likely_faster": likely}
    if cpu:
        par.update(row_cpu_seconds=serial, processes_cpu_seconds=(serial or 0) + 3.0,
                   mean_row_cpu_ms=1000 * (serial or 0) / total, busy=0.2)
    return {"benchmark": "b", "profile": "default", "total": total, "correct": total, "accuracy": 1.0,
            "counts": {"correct": total}, "rows": [], "parallel": par}


def _notes(report: dict) -> list[str]:
    return [line for line, _ in summary_lines(report) if line.startswith("note: ")]


def test_few_cheap_rows_under_workers_get_the_note_from_the_figures_alone():
    notes = _notes(_report(40, 0.02))  # 40 rows, 0.5 ms each: not busy enough for the measured note
    assert notes == ["note: -n 2 on rows this cheap (0.50 ms of CPU each, about 0.0 s in all) saves less than "
                     "xdist's start-up and per-row cost; without -n the run is likely quicker (see docs/performance.md)"]


@pytest.mark.parametrize("total, serial, workers, expected", [
    (40, 0.02, 2, True),
    (50_000, 26.0, 2, True),  # PERF_NOTES' cheap rows: -n 2 took 45 s against 26 s serial
    (2_000, 600.0, 2, False),  # SymPy-heavy rows: the workers halve 600 s
    (100, 2 * XDIST_START_SECONDS + 100 * 2 * XDIST_PER_ROW + 0.1, 2, False),  # just past break-even
    (100, 2 * XDIST_START_SECONDS + 100 * 2 * XDIST_PER_ROW - 0.1, 2, True),  # just short of it
    (40, 0.02, 1, False),  # one worker: nothing to share
])
def test_workers_cannot_pay_is_the_break_even_of_the_measured_costs(total, serial, workers, expected):
    assert workers_cannot_pay(_report(total, serial, workers)) is expected


def test_no_note_without_cpu_figures_serially_or_when_the_measured_note_is_said():
    assert not workers_cannot_pay(_report(40, 0.02, cpu=False)) and not _notes(_report(40, 0.02, cpu=False))
    serial = _report(40, 0.02)
    del serial["parallel"]
    assert not workers_cannot_pay(serial) and not _notes(serial)
    measured = _notes(_report(40, 0.02, likely=True))  # the wall-time note says it already: one note
    assert len(measured) == 1 and "a serial run would likely take about" in measured[0] and NOTE not in measured[0]
    assert not _notes(_report(2_000, 600.0))


@pytest.mark.parametrize("processes_cpu, likely", [
    (2.9991, True),   # busy 0.49985 prints as 0.5: counted as 0.5, as a reader of the report would count it
    (2.9960, False),  # busy 0.49933 prints as 0.499: below the half
])
def test_the_serial_verdict_agrees_with_the_figures_the_report_prints(processes_cpu, likely):
    """A -n run's ``serial_likely_faster`` is taken on the figures as printed (rounded to the millisecond and the
    thousandth): recomputed from the report it gives the same answer, also at the boundary of ``BUSY_ENOUGH``."""
    entry = parallel_estimate(2, 40, 0.5, 2.0, rows_cpu=0.5, processes_cpu=processes_cpu, cores=3)
    assert entry["serial_likely_faster"] is likely
    assert entry["serial_likely_faster"] is (entry["estimated_serial_seconds"] * 1.25 < entry["wall_seconds"]
                                             and entry["busy"] >= BUSY_ENOUGH)
