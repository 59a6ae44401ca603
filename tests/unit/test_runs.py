"""Repeated runs of one checkpoint (issue 25 item 5): run-to-run spread and the rows whose verdict flips."""

from __future__ import annotations

import pytest

from pytest_answerbench.report.runs import RunsError, compare_runs


def _report(statuses: dict[str, str], benchmark: str = "olympiad") -> dict:
    rows = [{"id": k, "status": v, "score": 1.0 if v == "correct" else 0.0} for k, v in statuses.items()]
    return {"benchmark": benchmark, "profile": "default", "total": len(rows),
            "accuracy": sum(r["score"] for r in rows) / len(rows), "rows": rows}


def test_spread_and_unstable_rows():
    runs = [_report({"1": "correct", "2": "wrong", "3": "correct", "4": "correct"}),
            _report({"1": "correct", "2": "correct", "3": "wrong", "4": "correct"}),
            _report({"1": "correct", "2": "correct", "3": "timeout", "4": "correct", "5": "wrong"})]
    out = compare_runs(runs, names=["a", "b", "c"])
    assert [r["accuracy"] for r in out["runs"]] == [0.75, 0.75, 0.6]
    assert out["mean"] == pytest.approx(0.7) and out["range"] == pytest.approx(0.15)
    assert out["sd"] == pytest.approx(((0.05 ** 2) * 2 + 0.1 ** 2) ** 0.5 / 2 ** 0.5, abs=1e-6)
    assert out["rows_compared"] == 4 and out["rows_not_in_every_run"] == 1
    assert out["unstable"] == 2 and {u["id"] for u in out["unstable_rows"]} == {"2", "3"}
    assert next(u for u in out["unstable_rows"] if u["id"] == "3")["statuses"] == ["correct", "wrong", "timeout"]
    assert out["unstable_share"] == 0.5


def test_runs_must_be_of_one_benchmark_and_at_least_two():
    with pytest.raises(RunsError, match="at least two"):
        compare_runs([_report({"1": "correct"})])
    with pytest.raises(RunsError, match="not runs of one benchmark"):
        compare_runs([_report({"1": "correct"}), _report({"1": "correct"}, benchmark="imo")])
