"""Paths given to a run (issue 14): a prediction path that is not a regular file is a usage error naming it (a
FIFO or /dev/zero would hang the run); an output path that cannot be written is a usage error before any row
is scored; a write that fails at the end (a full disk) is one message, no traceback, and no temporary file."""

from __future__ import annotations

import os
import subprocess
import uuid

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench.options import BENCH, BENCH_HTML, BENCH_MARKDOWN, BENCH_REPORT
from pytest_answerbench.report import io as report_io


def _preds(pytester, n=3):
    write_jsonl(pytester.path / "preds.jsonl", [mc_row(i, "(B)") for i in range(n)])


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero", "/dev/urandom"])
def test_a_prediction_path_that_is_not_a_regular_file_is_a_usage_error(bench_env, kind):
    if kind == "fifo":
        os.mkfifo(bench_env.path / "preds.jsonl")
        target, shown = "preds.jsonl", "(a FIFO)"
    else:
        target, shown = kind, "(a character device)"
    result = bench_env.runpytest(BENCH, "vmcbench_dev", target, BENCH_REPORT, "report.json")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*--bench: not a regular file: *{os.path.basename(target)} {shown}*"])
    assert not (bench_env.path / "report.json").exists()


def test_a_folder_of_predictions_skips_what_is_not_a_regular_file(bench_env):
    folder = bench_env.path / "preds"
    folder.mkdir()
    write_jsonl(folder / "a.jsonl", [mc_row(i, "(B)") for i in range(2)])
    os.mkfifo(folder / "b.jsonl")
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds", BENCH_REPORT, "report.json")
    assert result.ret == 0
    assert load_report(bench_env)["total"] == 2


@pytest.mark.parametrize(("option", "value", "problem"), [
    (BENCH_REPORT, "afile/report.json", "afile is not a folder"),
    (BENCH_MARKDOWN, "afile/deeper/summary.md", "afile is not a folder"),
    (BENCH_HTML, "afolder", "is a folder"),
    ("--junitxml", "afile/junit.xml", "afile is not a folder"),
])
def test_an_output_path_that_cannot_be_written_fails_before_scoring(bench_env, option, value, problem):
    _preds(bench_env)
    (bench_env.path / "afile").write_text("x")
    (bench_env.path / "afolder").mkdir()
    bench_env.makeconftest("def pytest_runtest_setup(item):\n    raise AssertionError('a row was run')\n")
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", option, value)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"ERROR: {option} *{value}: *{problem}*"])
    assert "Traceback" not in result.stdout.str() + result.stderr.str()
    assert sorted(p.name for p in bench_env.path.iterdir() if p.name != ".pytest_cache") == sorted(
        ["afile", "afolder", "conftest.py", "preds.jsonl", "tox.ini"])


def test_missing_folders_of_an_output_path_are_created(bench_env):
    _preds(bench_env)
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "out/deep/report.json")
    assert result.ret == 0
    assert load_report(bench_env, "out/deep/report.json")["total"] == 3


def test_a_full_disk_when_writing_is_one_message_and_no_temporary_file(bench_env, monkeypatch):
    """Every write lands on /dev/full (ENOSPC), as on a full disk; the check before scoring passes (it only
    creates a file)."""
    create = report_io._create_temp

    def on_full_disk(path):
        fd, tmp = create(path)
        os.close(fd)
        return os.open("/dev/full", os.O_WRONLY), tmp

    monkeypatch.setattr(report_io, "_create_temp", on_full_disk)
    _preds(bench_env)
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "report.json",
                                 BENCH_MARKDOWN, "summary.md")
    assert result.ret == pytest.ExitCode.TESTS_FAILED  # every row passed: the missing report fails the run
    result.stdout.fnmatch_lines([
        "*answerbench: cannot write the JSON report to *report.json: No space left on device*",
        "*answerbench: cannot write the markdown summary to *summary.md: No space left on device*"])
    assert "Traceback" not in result.stdout.str()
    # the rows stay in the run's journal when its report cannot be written (pytest-benchmark, when installed
    # beside the package, leaves its own folder)
    assert sorted(p.name for p in bench_env.path.iterdir() if p.name not in (".pytest_cache", ".benchmarks")) == [
        "preds.jsonl", "report.json.journal", "tox.ini"]


def _mount_tmpfs(path, options: str) -> bool:
    if os.geteuid() != 0:
        return False
    path.mkdir()
    return subprocess.run(["mount", "-t", "tmpfs", "-o", options, f"answerbench-{uuid.uuid4().hex[:8]}",
                           str(path)], capture_output=True).returncode == 0


@pytest.mark.parametrize("mount", ["size=16k", "ro"])
def test_a_real_full_or_read_only_filesystem(bench_env, mount):
    """On a 16 KiB tmpfs a 400-row report does not fit; on a read-only one nothing can be created (root only:
    mounting needs it)."""
    disk = bench_env.path / "disk"
    if not _mount_tmpfs(disk, mount):
        pytest.skip("mounting a tmpfs needs root")
    try:
        _preds(bench_env, 400)
        result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "disk/report.json")
        out = result.stdout.str() + result.stderr.str()
        assert "Traceback" not in out
        if mount == "ro":
            assert result.ret == pytest.ExitCode.USAGE_ERROR
            assert "--bench-report" in out and "Read-only file system" in out
        else:
            assert result.ret == pytest.ExitCode.TESTS_FAILED
            assert "cannot write the JSON report to" in out and "No space left on device" in out
        assert os.listdir(disk) == []
    finally:
        subprocess.run(["umount", str(disk)], check=False)
