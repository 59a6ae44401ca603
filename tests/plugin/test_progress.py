"""Long runs show progress (issue 16, section 6): rows/s, ETA and the running accuracy through pytest's
terminal reporter; plain lines when the output is not a terminal, one rewritten line (no dots) on a terminal,
nothing with ``-qq``; the same under ``-n 2``."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench.report.render.text import progress_line

# The rate (and ETA) is read over the rows after the first (whose time holds the warm-up): the first line has none.
LINE = re.compile(r"^answerbench: (\d+)/12 rows \(\d+%\), (?:[\d.]+ rows/s, (?:ETA \d+s|done in \d+s), )?"
                  r"accuracy ([\d.]+)$")
EVERY = ("--bench-progress-every", "0.000001")


def _preds(path: Path) -> None:
    write_jsonl(path / "preds.jsonl", [mc_row(i, f"({'B' if i % 2 else 'C'})") for i in range(12)])


def _progress(lines: list[str]) -> list[tuple[int, float]]:
    return [(int(m.group(1)), float(m.group(2))) for m in map(LINE.match, lines) if m]


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_plain_progress_lines_when_not_a_terminal(bench_env, workers):
    _preds(bench_env.path)
    result = bench_env.runpytest("--bench", "vmcbench_dev", "preds.jsonl", "--bench-report", "report.json",
                                 *EVERY, *workers)
    seen = _progress(result.outlines)
    assert [n for n, _ in seen] == list(range(1, 13)), result.outlines
    lines = [line for line in result.outlines if LINE.match(line)]
    assert "rows/s" not in lines[0] and all("rows/s" in line for line in lines[1:])
    assert seen[-1][1] == load_report(bench_env)["accuracy"] == 0.5
    assert re.search(r"done in \d+s", [line for line in result.outlines if LINE.match(line)][-1])


def test_quiet_quiet_and_short_runs_print_no_progress(bench_env):
    _preds(bench_env.path)
    quiet = bench_env.runpytest("--bench", "vmcbench_dev", "preds.jsonl", *EVERY, "-qq")
    assert not [line for line in quiet.outlines if "rows/s" in line]
    quick = bench_env.runpytest("--bench", "vmcbench_dev", "preds.jsonl")  # default: a line every 10 s
    assert not [line for line in quick.outlines if "rows/s" in line]


def test_one_updating_line_on_a_terminal(tmp_path):
    _preds(tmp_path)
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root), "COLUMNS": "120", "TERM": "xterm"}
    env.pop("PYTEST_ADDOPTS", None)
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--bench", "vmcbench_dev",
                             "preds.jsonl", *EVERY, "--color=no"], cwd=tmp_path, stdin=slave, stdout=slave,
                            stderr=slave, env=env, close_fds=True)
    os.close(slave)
    chunks = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            data = os.read(master, 65536)
        except OSError:  # the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    assert proc.wait(timeout=30) == 1
    out = b"".join(chunks).decode("utf-8", "replace")
    row_line = next(line for line in out.split("\n") if line.startswith("preds.jsonl"))
    updates = [part.split(" [")[0].strip() for part in row_line.split("\r")[1:] if part.startswith("answerbench")]
    assert [int(LINE.match(u).group(1)) for u in updates] == list(range(1, 13)), row_line
    assert "." not in row_line.split("\r")[0].replace("preds.jsonl", "")  # no dots: the line says it all
    assert "accuracy 0.5000" in updates[-1]


def test_progress_line_formats():
    assert progress_line(50, 200, 25.0, 10.0) == "answerbench: 50/200 rows (25%), 5.0 rows/s, ETA 30s, accuracy 0.5000"
    assert progress_line(200, 200, 150.0, 0.5) == \
        "answerbench: 200/200 rows (100%), 400 rows/s, done in 0s, accuracy 0.7500"
    assert progress_line(10, 100_000, 10.0, 5.0) == \
        "answerbench: 10/100000 rows (0%), 2.0 rows/s, ETA 13h53m, accuracy 1.0000"
    assert progress_line(0, None, 0.0, 0.0) == "answerbench: 0 rows, 0.0 rows/s"
    assert progress_line(0, 200, 0.0, 3.0, judge=(41, 64)) == \
        "answerbench: 0/200 rows (0%), 0.0 rows/s, judge 41/64 replies"
    assert progress_line(64, 200, 48.0, 2.0, judge=(5, 64)) == \
        "answerbench: 64/200 rows (32%), 32.0 rows/s, ETA 4s, accuracy 0.7500, judge 5/64 replies"
