"""Streamed mode and rows as items on hostile input: the same report rows and JUnit cases (or the difference
docs/streaming.md names), every line of the input in the report exactly once, nothing of a row's text able to
forge a CI annotation, and a run that is stopped, killed or timed out accounting for every row."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import load_report, mc_row, sigint_as_a_terminal_gives
from pytest_answerbench.options import (BENCH, BENCH_BASELINE, BENCH_MIN_ACCURACY, BENCH_REPORT, BENCH_RESUME,
                                        BENCH_SHARD)
from pytest_answerbench.report import merge_reports
from test_stream import _both, _cases, _same

BIG = 8 * 1024 * 1024
#: What a subprocess run leaves out that these tests never use (Hypothesis' plugin alone is ~1 s of start-up).
LEAN = ("-p", "no:hypothesispytest", "-p", "no:benchmark", "-p", "no:randomly")


def _line(row: dict) -> bytes:
    return json.dumps(row, ensure_ascii=False).encode("utf-8")


def _hostile() -> list[bytes]:
    """One line each: a good row, bad JSON, a raw NUL, invalid UTF-8, an 8 MB line, nesting past the bound, ids
    that try GitHub's workflow commands, a line break and a bidi override, and a NUL inside a valid string."""
    good = _line(mc_row(0, "(B)"))
    deep = mc_row(6, "(B)")
    deep["extra"] = "DEEP"
    return [
        good,
        b'{"index": 1, "prediction": "(B)"',                                      # unterminated
        _line(mc_row(2, "(B)"))[:-1] + b"\x00}",                                  # a raw NUL byte
        _line(mc_row(3, "(B)")).replace(b'"(B)"', b'"(B)\xff\xfe"'),              # invalid UTF-8
        _line(mc_row(4, "(B)", notes="x" * BIG)),                                 # an 8 MB line
        _line(deep).replace(b'"DEEP"', b"[" * 5000 + b"]" * 5000),                # 5,000 levels deep
        _line(mc_row("::error file=a.py,line=1::forged", "(B)")),
        _line(mc_row("a\n::warning::forged", "(A)")),
        _line(mc_row("\u202eevil\u2066", "(B)")),
        _line(mc_row(9, "(B)\u0000 tail")),                                       # an escaped NUL: a fine row
    ]


def _write(env: pytest.Pytester, lines: list[bytes], name: str = "preds.jsonl") -> Path:
    path = env.path / name
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


def _forged(text: str) -> list[str]:
    """Lines a GitHub runner would read as workflow commands (a line starting with ``::``)."""
    return [line for line in text.splitlines() if line.lstrip().startswith("::")]


def test_hostile_lines_give_the_same_rows_and_cases_in_both_modes(bench_env):
    _write(bench_env, _hostile())
    results = _both(bench_env, BENCH, "vmcbench_dev", "preds.jsonl", "-p", "no:randomly", "-rA")
    report = _same(bench_env, results)
    rows = report["rows"]
    assert sorted(r["line"] for r in rows) == list(range(1, 11))  # every line once
    assert len({r["id"] for r in rows}) == 10
    status = {r["line"]: r["status"] for r in rows}
    assert status[1] == status[5] == status[10] == "correct"
    # bad JSON, a raw NUL, invalid UTF-8, too deep: each its own error row naming file:line
    errors = [r for r in rows if r["status"] == "error"]
    assert [r["line"] for r in errors] == [2, 3, 4, 6]
    assert all(r["detail"].startswith(f"preds.jsonl:{r['line']}: ") for r in errors)
    for mode, result in results.items():
        out = result.stdout.str() + result.stderr.str()
        assert not _forged(out), (mode, _forged(out))
        assert not _forged((bench_env.path / f"{mode}.xml").read_text(encoding="utf-8"))
        assert "\u202e" not in out and "\u2066" not in out  # bidi controls are shown escaped
    ids = {r["line"]: r["id"] for r in rows}
    assert ids[7].startswith("::error") and ids[9].startswith("\u202e")  # the report keeps the ids as written


def test_the_runs_own_annotations_carry_hostile_ids_escaped(bench_env, monkeypatch):
    """On GitHub Actions the run writes workflow commands itself (failed gates, rows that flipped): a row id that
    holds ``::error``, a line break or a bidi override stays inside its command's escaped text, in both modes."""
    lines = _hostile()
    _write(bench_env, lines)
    bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "base.json")
    flipped = [line.replace(b'"(B)"', b'"(C)"') if b"forged" in line or b"evil" in line else line for line in lines]
    _write(bench_env, flipped)
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    results = _both(bench_env, BENCH, "vmcbench_dev", "preds.jsonl", BENCH_MIN_ACCURACY, "0.9",
                    BENCH_BASELINE, "base.json")
    _same(bench_env, results)
    for mode, result in results.items():
        commands = _forged(result.stdout.str())
        # one failed gate (min accuracy; the baseline's drop may fail too) and the two rows that flipped
        flips = [c for c in commands if "flipped correct -> wrong" in c]
        assert len(flips) == 2, (mode, commands)
        assert all(c.startswith(("::error file=preds.jsonl,", "::warning file=preds.jsonl,")) for c in commands)
        assert all(c.count("::") == 2 for c in commands), commands  # the command's own two, nothing forged
        assert not any("\u202e" in c for c in commands)


def test_hostile_ids_under_a_gate_and_across_shards(bench_env):
    _write(bench_env, _hostile())
    whole = _both(bench_env, BENCH, "vmcbench_dev", "preds.jsonl", BENCH_MIN_ACCURACY, "0.9")
    report = _same(bench_env, whole)
    gate = [g for g in report["gates"] if g["name"].startswith("min_accuracy")]
    assert gate and not gate[0]["passed"] and whole["on"].ret == whole["off"].ret == 1
    for mode in ("off", "on"):
        shards = []
        for i in (1, 2):
            bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_SHARD, f"{i}/2", "--bench-stream",
                                mode, BENCH_REPORT, f"{mode}-{i}.json")
            shards.append(load_report(bench_env, f"{mode}-{i}.json"))
        merged = merge_reports(shards)
        assert [(r["id"], r["line"], r["status"]) for r in merged["rows"]] == [
            (r["id"], r["line"], r["status"]) for r in report["rows"]]


SPIN_SCORER = """
from pytest_answerbench import Verdict

def score(row, ctx):
    if row["prediction"] == "SPIN":
        while True:
            pass
    return Verdict.graded(row["prediction"] == row["answer"], method="exact")
"""


def test_a_hanging_row_under_the_benchmarks_timeout_is_a_timeout_in_both_modes(bench_env):
    (bench_env.path / "spin.py").write_text(SPIN_SCORER)
    (bench_env.path / "spin.yaml").write_text("name: spin\nscorer: spin:score\nrequired: [prediction, answer]\n"
                                              "timeout: 1\n")
    rows = [{"id": i, "prediction": "SPIN" if i == 1 else "4", "answer": "4"} for i in range(3)]
    _write(bench_env, [_line(r) for r in rows])
    results = _both(bench_env, BENCH, "spin.yaml", "preds.jsonl", *LEAN, subprocess=True)
    report = _same(bench_env, results)
    assert [r["status"] for r in report["rows"]] == ["correct", "timeout", "correct"]


SLOW_SCORER = """
import os, time
from pytest_answerbench import Verdict

def score(row, ctx):
    if row["id"] >= 3:
        with open("started", "a") as fh:
            fh.write(f"{row['id']}\\n")
        if row["id"] == 3 and not os.path.exists("resumed"):
            time.sleep(30)
    return Verdict.graded(row["prediction"] == row["answer"], method="exact")
"""


def _env() -> dict:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(Path.cwd()),
                                                                      os.environ.get("PYTHONPATH")]))}


def _stop(env: pytest.Pytester, sig: int, *args: str) -> int:
    """Run pytest in a subprocess and send ``sig`` once the slow row has started; its exit status."""
    (env.path / "started").unlink(missing_ok=True)
    cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *LEAN, BENCH, "slow.yaml", "preds.jsonl", *args]
    with open(env.path / "out.txt", "w") as out:
        proc = subprocess.Popen(cmd, cwd=env.path, stdout=out, stderr=subprocess.STDOUT, env=_env(),
                                start_new_session=True, preexec_fn=sigint_as_a_terminal_gives)
        try:
            deadline = time.monotonic() + 60
            started = env.path / "started"
            while not (started.exists() and started.read_text()) and time.monotonic() < deadline:
                time.sleep(0.05)
            time.sleep(0.2)
            proc.send_signal(sig)
            return proc.wait(timeout=60)
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["sigterm", "sigint"])
def test_a_stopped_run_resumed_gives_the_whole_runs_rows_in_both_modes(bench_env, sig):
    (bench_env.path / "slow.py").write_text(SLOW_SCORER)
    (bench_env.path / "slow.yaml").write_text("name: slow\nscorer: slow:score\nrequired: [prediction, answer]\n")
    rows = [{"id": i, "prediction": "4" if i % 2 else "5", "answer": "4"} for i in range(6)]
    _write(bench_env, [_line(r) for r in rows])
    finals = {}
    for mode in ("off", "on"):
        (bench_env.path / "resumed").unlink(missing_ok=True)
        rc = _stop(bench_env, sig, BENCH_REPORT, f"{mode}.json", "--bench-stream", mode)
        assert rc not in (0, -sig), (bench_env.path / "out.txt").read_text()[-2000:]
        stopped = load_report(bench_env, f"{mode}.json")
        assert stopped["incomplete"] is True and len(stopped["rows"]) == 6
        assert [r["status"] for r in stopped["rows"]][:3] == ["wrong", "correct", "wrong"]
        (bench_env.path / "resumed").write_text("")
        again = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *LEAN, BENCH, "slow.yaml",
                                "preds.jsonl", BENCH_REPORT, f"{mode}-final.json", "--bench-stream", mode,
                                BENCH_RESUME, f"{mode}.json.journal"], cwd=bench_env.path, env=_env(),
                               capture_output=True, text=True, timeout=120)
        assert again.returncode == 1, again.stdout[-2000:]
        finals[mode] = load_report(bench_env, f"{mode}-final.json")
        assert not finals[mode].get("incomplete")
        started = (bench_env.path / "started").read_text().split()
        assert "0" not in started and started.count("4") == 1  # the rows the journal held were not scored again
    assert [(r["id"], r["status"]) for r in finals["on"]["rows"]] == [
        (r["id"], r["status"]) for r in finals["off"]["rows"]] == [
        (str(i), "correct" if i % 2 else "wrong") for i in range(6)]


KILLER_SCORER = """
import os, signal
from pytest_answerbench import Verdict

def score(row, ctx):
    if row["id"] == 2 and not os.path.exists("killed"):
        open("killed", "w").close()
        os.kill(os.getpid(), signal.SIGKILL)
    return Verdict.graded(row["prediction"] == row["answer"], method="exact")
"""


def test_a_killed_xdist_worker_loses_no_row_in_either_mode(bench_env):
    """Rows as items: the killed row is an error naming the crash, the others scored on a new worker.
    Streamed: the chunk's rows not yet logged are listed as not run (docs/streaming.md). Every row once."""
    (bench_env.path / "killer.py").write_text(KILLER_SCORER)
    (bench_env.path / "killer.yaml").write_text("name: killer\nscorer: killer:score\nrequired: [prediction, answer]\n")
    _write(bench_env, [_line({"id": i, "prediction": "4", "answer": "4"}) for i in range(5)])
    status = {}
    for mode in ("off", "on"):
        (bench_env.path / "killed").unlink(missing_ok=True)
        result = bench_env.runpytest_subprocess(BENCH, "killer.yaml", "preds.jsonl", BENCH_REPORT, f"{mode}.json",
                                                "--bench-stream", mode, "-n", "2", *LEAN,
                                                f"--junitxml={mode}.xml")
        assert result.ret != 0
        report = load_report(bench_env, f"{mode}.json")
        assert [r["line"] for r in report["rows"]] == [1, 2, 3, 4, 5]
        status[mode] = {r["id"]: r["status"] for r in report["rows"]}
        assert status[mode]["0"] == status[mode]["1"] == "correct"
        names = [c[0].get("name") for c in _cases(bench_env.path / f"{mode}.xml")[1]]
        assert len(names) == len(set(names))
    assert status["off"]["2"] == "error" and {status["off"][k] for k in "34"} == {"correct"}
    assert {status["on"][k] for k in "234"} == {"not_run"}
