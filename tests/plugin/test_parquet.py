"""Parquet prediction files (issue 16 section 3), through the ``parquet`` extra (pyarrow)."""

from __future__ import annotations

import sys

import pytest

from conftest import load_report, mc_row
from pytest_answerbench.options import BENCH, BENCH_REPORT
from pytest_answerbench.inputs.readers import read_rows

pa = pytest.importorskip("pyarrow", reason="the parquet extra (pyarrow) is part of the test extra")
pq = pytest.importorskip("pyarrow.parquet")

ROWS = [mc_row(1, "(B)"), mc_row(2, "(B)"), mc_row(3, "(C)", category="MMMU")]


def _write(path, rows):
    pq.write_table(pa.Table.from_pylist(rows), path, row_group_size=2)  # two row groups: batches are joined


def test_rows_are_read_with_their_row_numbers(tmp_path):
    _write(tmp_path / "p.parquet", ROWS)
    raws = list(read_rows(tmp_path / "p.parquet"))
    assert [r.line for r in raws] == [1, 2, 3]
    assert [r.row["prediction"] for r in raws] == ["(B)", "(B)", "(C)"] and raws[0].row["index"] == 1


@pytest.mark.parametrize("workers", [(), ("-n", "2")], ids=["serial", "xdist"])
def test_a_parquet_file_is_scored_like_any_other(bench_env, workers):
    _write(bench_env.path / "preds.parquet", ROWS)
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.parquet", BENCH_REPORT, "report.json", *workers)
    result.assert_outcomes(passed=2, failed=1)
    rows = {r["id"]: r for r in load_report(bench_env)["rows"]}
    assert rows["3"]["status"] == "wrong" and rows["3"]["line"] == 3 and rows["3"]["file"] == "preds.parquet"


def test_a_damaged_parquet_file_stops_before_scoring_naming_it(bench_env):
    # a whole-file problem is one usage error before scoring (it was one errored row, 0/1, before)
    (bench_env.path / "preds.parquet").write_bytes(b"not parquet at all")
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.parquet")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*preds.parquet: not a readable .parquet file*"])
    assert str(bench_env.path) not in result.stderr.str()


def test_parquet_without_pyarrow_is_a_usage_error_saying_what_to_install(bench_env, monkeypatch):
    _write(bench_env.path / "preds.parquet", ROWS)
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.parquet")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*preds.parquet: reading .parquet files needs pyarrow: "
                                 "pip install 'pytest-answerbench[[]parquet]'*"])
