"""Streamed mode (--bench-stream, stream.py): the same verdicts, report rows and JUnit cases as rows as items, on
the shipped samples and on rows that exercise every outcome; rows selected, stopped and resumed per row."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench import stream
from pytest_answerbench.options import BENCH, BENCH_REPORT

ROOT = Path(__file__).resolve().parents[2]

# The shipped samples a run scores without a judge (atomic and CRAG-MM ask one; LiveXivVQA falls back to one).
SAMPLES = [("vmcbench_dev", "sample.jsonl", ()), ("vmcbench_test", "sample.jsonl", ()),
           ("olympiad", "sample.jsonl", ()), ("imo", "sample.jsonl", ()),
           ("imo", "samples_sample.jsonl", ("--bench-samples-by", "id")), ("omni3d", "sample.jsonl", ()),
           ("polyhedron", "sample.jsonl", ()), ("megabench", "sample.jsonl", ()),
           ("livexiv", "sample.jsonl", ("--bench-no-judge",)), ("atomic", "sample.jsonl", ("--bench-no-judge",))]


def _rows(n: int = 40) -> list:
    """VMCBench rows with a wrong third, an unreadable line, a refusal and a repeated id."""
    letters = "ABCD"
    rows: list = []
    for i in range(n):
        gold = letters[i % 4]
        pred = f"({gold})" if i % 3 else f"({letters[(i + 1) % 4]})"
        rows.append(mc_row(i, pred, answer=gold, category=["MMStar", "MMMU", "AI2D"][i % 3]))
    rows[5] = "{broken"
    rows[7]["prediction"] = "no idea"
    rows.append(mc_row(3, "(D)", answer="D", category="MMStar"))
    return rows


def _comparable(report: dict) -> dict:
    out = {k: v for k, v in report.items() if k not in ("seconds", "parallel")}
    return out


def _cases(path: Path) -> tuple[dict, list]:
    """A JUnit file's suite totals and cases (tags, attributes, text, properties), without times and host."""
    root = ET.parse(path).getroot()
    suite = root.find("testsuite")
    assert suite is not None
    totals = {k: v for k, v in suite.attrib.items() if k not in ("time", "timestamp", "hostname")}
    cases = []
    for case in suite.iter("testcase"):
        attrs = {k: v for k, v in case.attrib.items() if k != "time"}
        children = [(child.tag, dict(child.attrib), child.text) for child in case if child.tag != "properties"]
        props = [(p.get("name"), p.get("value")) for p in case.iter("property")]
        cases.append((attrs, children, props))
    return totals, cases


def _both(env: pytest.Pytester, *args: str, junit: bool = True, subprocess: bool = False):
    """Run the same arguments with rows as items and streamed; their results, reports and JUnit files."""
    out = {}
    for mode in ("off", "on"):
        extra = [BENCH_REPORT, f"{mode}.json", "--bench-stream", mode]
        if junit:
            extra += [f"--junitxml={mode}.xml"]
        run = env.runpytest_subprocess if subprocess else env.runpytest
        out[mode] = run(*args, *extra)
    return out


def _same(env: pytest.Pytester, results: dict, junit: bool = True) -> dict:
    items, streamed = load_report(env, "off.json"), load_report(env, "on.json")
    assert _comparable(streamed) == _comparable(items)
    assert results["on"].ret == results["off"].ret
    if junit:
        assert _cases(env.path / "on.xml") == _cases(env.path / "off.xml")
    return streamed


def test_streamed_run_gives_item_modes_report_and_junit(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", _rows())
    results = _both(bench_env, BENCH, "vmcbench_dev", "preds.jsonl")
    report = _same(bench_env, results)
    assert report["total"] == 41 and report["counts"]["error"] == 1 and report["counts"]["wrong"] == 15
    streamed = results["on"]
    streamed.stdout.fnmatch_lines(["answerbench: streamed: 41 rows in 1 chunk of 1,000 (--bench-stream on*",
                                   "preds.jsonl F..F.EFF.F..F..F..F..F..F..F..F..F..F..F. *100%]",
                                   "*generated xml file:*on.xml*", "*15 failed, 25 passed,*1 error*"])
    assert "generated xml file" in results["off"].stdout.str()
    assert streamed.ret == 1


@pytest.mark.parametrize("gate", [["--bench-min-accuracy", "0.9"], ["--bench-min-accuracy", "0.5"]])
def test_gated_streamed_run_matches_items(bench_env, gate):
    """With a gate, wrong rows are expected failures and the gates are JUnit cases of their own."""
    write_jsonl(bench_env.path / "preds.jsonl", _rows())
    results = _both(bench_env, BENCH, "vmcbench_dev", "preds.jsonl", *gate)
    _same(bench_env, results)
    totals, cases = _cases(bench_env.path / "on.xml")
    assert cases[-1][0] == {"classname": "answerbench.gate", "name": "min_accuracy[accuracy]"}
    assert totals["tests"] == "42"


@pytest.mark.parametrize(("bench", "name", "extra"), SAMPLES, ids=[f"{b}-{n}" for b, n, _ in SAMPLES])
def test_shipped_samples_stream_as_items(bench_env, bench, name, extra):
    shutil.copy(ROOT / "benchmarks" / bench / name, bench_env.path / name)
    # no wall-clock row limit: on a loaded machine a SymPy row could time out in one run and not the other
    results = _both(bench_env, BENCH, bench, name, *extra, "--timeout", "0")
    report = _same(bench_env, results)
    assert report["total"] > 0 and not report.get("incomplete")


def test_verbose_lines_and_tracebacks_per_row(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", _rows(10))
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on", "-v")
    result.stdout.fnmatch_lines(["preds.jsonl::0 FAILED *", "preds.jsonl::1 PASSED *", "preds.jsonl::line6 ERROR *"])
    assert "chunk1" not in result.stdout.str()


@pytest.mark.parametrize(("option", "failed"), [("-x", 1), ("--maxfail=3", 3)])
def test_x_and_maxfail_stop_at_the_row(bench_env, option, failed):
    write_jsonl(bench_env.path / "preds.jsonl", _rows())
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on", option,
                                 BENCH_REPORT, "report.json")
    outcomes = result.parseoutcomes()
    assert outcomes.get("failed", 0) + outcomes.get("errors", 0) == failed
    report = load_report(bench_env)
    assert report["incomplete"] and report["total"] == 41
    scored = [r for r in report["rows"] if r["status"] != "not_run"]
    # rows 0 (wrong), 1, 2, 3 (wrong), 4, line6 (error): the stop comes after the failing row, not its chunk
    assert [r["id"] for r in scored] == ["0", "1", "2", "3", "4", "line6"][:{1: 1, 3: 6}[failed]]


def test_keyword_selects_rows(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", _rows())
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on", "-k", "1 and not 11",
                                 BENCH_REPORT, "report.json", "-v")
    ids = sorted(r["id"] for r in load_report(bench_env)["rows"])
    assert ids == sorted(["1", "10", "12", "13", "14", "15", "16", "17", "18", "19", "21", "31"])
    result.stdout.fnmatch_lines(["answerbench: 29 rows deselected*", "*4 failed, 8 passed,*29 deselected*"])


def test_keyword_as_items_select_the_same(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", _rows())
    _both(bench_env, BENCH, "vmcbench_dev", "preds.jsonl", "-k", "MMStar and not 3 or line", junit=False)
    a, b = load_report(bench_env, "off.json"), load_report(bench_env, "on.json")
    assert [r["id"] for r in a["rows"]] == [r["id"] for r in b["rows"]]
    assert len(b["rows"]) < 41


def test_last_failed_reruns_the_failed_rows(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", _rows())
    first = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on")
    assert first.ret == 1
    again = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on", "--lf",
                                BENCH_REPORT, "report.json")
    again.stdout.fnmatch_lines(["*15 failed, 25 deselected,*1 error*"])
    assert len(load_report(bench_env)["rows"]) == 16
    ff = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on", "--ff", "-v")
    ran = [line.split()[1] for line in ff.stdout.lines if line.startswith("preds.jsonl::")]
    assert len(ran) == 41 and set(ran[:16]) == {"FAILED", "ERROR"} and set(ran[16:]) == {"PASSED"}
    assert ff.ret == 1


def test_limit_and_select(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", _rows())
    bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on", "--bench-limit", "10",
                        BENCH_REPORT, "limited.json")
    assert [r["id"] for r in load_report(bench_env, "limited.json")["rows"]] == [
        "0", "1", "2", "3", "4", "line6", "6", "7", "8", "9"]
    results = _both(bench_env, BENCH, "vmcbench_dev", "preds.jsonl", "--bench-select", "failing:limited.json")
    report = _same(bench_env, results)
    assert sorted(r["id"] for r in report["rows"]) == ["0", "3", "6", "7", "9", "line6"]


def test_shards_stream_as_items(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", _rows())
    _same(bench_env, _both(bench_env, BENCH, "vmcbench_dev", "preds.jsonl", "--bench-shard", "2/3"))


def test_two_workers_score_the_same_rows(bench_env):
    rows = _rows() * 60  # 2,460 rows: three chunks for two workers
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    serial = bench_env.runpytest_subprocess(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on",
                                            BENCH_REPORT, "serial.json", "--junitxml=serial.xml")
    parallel = bench_env.runpytest_subprocess(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on",
                                              BENCH_REPORT, "parallel.json", "--junitxml=parallel.xml", "-n", "2")
    assert serial.ret == parallel.ret == 1
    a, b = load_report(bench_env, "serial.json"), load_report(bench_env, "parallel.json")
    assert a["total"] == b["total"] == 2460
    assert sorted(json.dumps(r, sort_keys=True) for r in a["rows"]) == sorted(
        json.dumps(r, sort_keys=True) for r in b["rows"])
    assert {k: v for k, v in _comparable(a).items() if k != "rows"} == {
        k: v for k, v in _comparable(b).items() if k != "rows"}
    ta, ca = _cases(bench_env.path / "serial.xml")
    tb, cb = _cases(bench_env.path / "parallel.xml")
    assert ta == tb and sorted(map(repr, ca)) == sorted(map(repr, cb))
    parallel.stdout.fnmatch_lines(["answerbench: streamed: 2,460 rows in 3 chunks of 1,000*",
                                   "*900 failed, 1500 passed,*60 errors*"])
    assert "[100%]" in parallel.stdout.str() and "[101%]" not in parallel.stdout.str()


def test_auto_streams_above_the_threshold_only(bench_env, monkeypatch):
    monkeypatch.setattr(stream, "STREAM_ROWS", 30)
    write_jsonl(bench_env.path / "big.jsonl", _rows())
    write_jsonl(bench_env.path / "small.jsonl", _rows(20))
    big = bench_env.runpytest(BENCH, "vmcbench_dev", "big.jsonl")
    big.stdout.fnmatch_lines(["answerbench: streamed: 41 rows in 1 chunk of 1,000 (--bench-stream auto: a file "
                              "holds more than 30 rows*"])
    small = bench_env.runpytest(BENCH, "vmcbench_dev", "small.jsonl")
    assert "streamed" not in small.stdout.str()
    small.stdout.fnmatch_lines(["collected 21 items"])
    off = bench_env.runpytest(BENCH, "vmcbench_dev", "big.jsonl", "--bench-stream", "off")
    assert "streamed" not in off.stdout.str()
    bench_env.makeini("[pytest]\nbench_stream = on\n")
    ini = bench_env.runpytest(BENCH, "vmcbench_dev", "small.jsonl")
    ini.stdout.fnmatch_lines(["answerbench: streamed: 21 rows in 1 chunk of 1,000 (--bench-stream on*"])


def test_count_rows_stops_once_past_the_threshold(bench_env):
    write_jsonl(bench_env.path / "big.jsonl", _rows())
    (bench_env.path / "noend.jsonl").write_text('{"a": 1}\n{"a": 2}', encoding="utf-8")

    class Plan:
        def harness_of(self, path):
            return None

    class Collection:
        plan = Plan()

    assert stream.count_rows(Collection(), bench_env.path / "big.jsonl", 100) == 41
    assert stream.count_rows(Collection(), bench_env.path / "noend.jsonl", 100) == 2


def test_warnings_for_what_does_not_work_per_row(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", _rows(10))
    bench_env.makeconftest("""
import pytest

@pytest.fixture
def bench_scorer():
    return lambda row: True

def pytest_runtest_setup(item):
    pass
""")
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on", "-rP")
    result.stdout.fnmatch_lines([
        "answerbench: WARNING: fixtures are not set up per row in streamed mode*",
        "answerbench: WARNING: per-row set-up, call and teardown hooks do not run in streamed mode (conftest.py*",
        "answerbench: WARNING: output is not captured per row in streamed mode*"])
    listed = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on", "--collect-only")
    listed.stdout.fnmatch_lines(["answerbench: WARNING: --collect-only lists chunks of rows in streamed mode*",
                                 "*chunk1?11 rows?*"])
    plain = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "off", "--collect-only")
    assert "WARNING" not in plain.stdout.str()


def test_a_killed_streamed_run_is_resumed(bench_env):
    rows = _rows() * 30  # 1,230 rows
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    bench_env.makeconftest("""
import os
import pytest

SEEN = []

@pytest.hookimpl(trylast=True)
def pytest_runtest_logreport(report):
    SEEN.append(report.nodeid)
    if len(SEEN) == 700:
        os._exit(9)  # the process dies mid-chunk, as under kill -9
""")
    killed = bench_env.runpytest_subprocess(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on",
                                            BENCH_REPORT, "report.json")
    assert killed.ret == 9
    journal = bench_env.path / "report.json.journal"
    assert journal.exists() and not (bench_env.path / "report.json").exists()
    (bench_env.path / "conftest.py").unlink()
    resumed = bench_env.runpytest_subprocess(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on",
                                             BENCH_REPORT, "report.json", "--bench-resume", "report.json.journal")
    assert resumed.ret == 1
    whole = bench_env.runpytest_subprocess(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on",
                                           BENCH_REPORT, "whole.json")
    a, b = load_report(bench_env, "report.json"), load_report(bench_env, "whole.json")
    assert a["total"] == 1230 and not a.get("incomplete")
    assert sorted(json.dumps(r, sort_keys=True) for r in a["rows"]) == sorted(
        json.dumps(r, sort_keys=True) for r in b["rows"])
    assert a["counts"] == b["counts"] and a["accuracy"] == b["accuracy"]
    assert "deselected" in resumed.stdout.str()
    assert not journal.exists()


SPIN_SCORER = """
from pytest_answerbench.verdict import Verdict


def score(row, ctx):
    if row["prediction"] == "SPIN":  # pure Python: a row's limit interrupts it
        n = 0
        while True:
            n += 1
    right = row["prediction"] == "(" + row["answer"] + ")"
    return Verdict("correct" if right else "wrong", 1.0 if right else 0.0, method="test")
"""


def test_each_row_has_its_own_time_limit(bench_env):
    (bench_env.path / "spin.py").write_text(SPIN_SCORER)
    (bench_env.path / "mine.yaml").write_text("name: mine\nscorer: spin:score\nrequired: [prediction, answer]\ntimeout: 1\n")
    rows = [mc_row(i, "(B)") for i in range(4)]
    rows[1]["prediction"] = "SPIN"
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    result = bench_env.runpytest_subprocess(BENCH, "mine.yaml", "preds.jsonl", "--bench-stream", "on",
                                            BENCH_REPORT, "report.json", "--bench-no-shape-check")
    result.assert_outcomes(passed=3, failed=1)
    report = load_report(bench_env)
    assert {r["id"]: r["status"] for r in report["rows"]} == {"0": "correct", "1": "timeout", "2": "correct",
                                                             "3": "correct"}
    result.stdout.fnmatch_lines(["*preds.jsonl:2 1: timeout: row exceeded its time limit (1s)*"])


SLOW_SCORER = """
import time

from pytest_answerbench.verdict import Verdict


def score(row, ctx):
    if row["prediction"] == "SLOW":  # most of a row's limit, in a sleep the limit's alarm interrupts
        time.sleep(0.7)
        return Verdict("correct", 1.0, method="test")
    right = row["prediction"] == "(" + row["answer"] + ")"
    return Verdict("correct" if right else "wrong", 1.0 if right else 0.0, method="test")
"""


def test_a_row_limit_counts_from_the_row_s_start_not_the_chunk_s(bench_env):
    """Three rows of 0.7 s each in one chunk under a 1 s limit: each is in time (the chunk's rows share one alarm,
    moved on to each row's own deadline); the SIGALRM handler the run found is there after it, and no timer."""
    import signal

    # a module name of its own: other tests' in-process runs import other scorers called ``slow``
    (bench_env.path / "row_limit_scorer.py").write_text(SLOW_SCORER)
    (bench_env.path / "mine.yaml").write_text("name: mine\nscorer: row_limit_scorer:score\n"
                                              "required: [prediction, answer]\ntimeout: 1\n")
    rows = [mc_row(i, "(B)") for i in range(5)]
    for i in (1, 2, 3):
        rows[i]["prediction"] = "SLOW"
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    handler = signal.getsignal(signal.SIGALRM)
    result = bench_env.runpytest(BENCH, "mine.yaml", "preds.jsonl", "--bench-stream", "on", BENCH_REPORT,
                                 "report.json", "--bench-no-shape-check", "-p", "no:timeout")
    result.assert_outcomes(passed=5)
    assert {r["status"] for r in load_report(bench_env)["rows"]} == {"correct"}
    assert signal.getsignal(signal.SIGALRM) is handler
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_passed_rows_listed_with_rp_each_under_its_own_name(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", _rows(10))
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on", "-rp")
    passed = sorted(line.split()[1] for line in result.stdout.lines if line.startswith("PASSED "))
    assert passed == sorted(["preds.jsonl::1", "preds.jsonl::2", "preds.jsonl::4", "preds.jsonl::8",
                             "preds.jsonl::3#2"])


CRASH_SCORER = """
import os
from pytest_answerbench.verdict import Verdict


def score(row, ctx):
    if row["prediction"] == "CRASH":
        os._exit(3)
    right = row["prediction"] == "(" + row["answer"] + ")"
    return Verdict("correct" if right else "wrong", 1.0 if right else 0.0, method="test")
"""


def test_a_crashed_worker_leaves_its_chunks_other_rows_not_run(bench_env):
    (bench_env.path / "crash.py").write_text(CRASH_SCORER)
    (bench_env.path / "mine.yaml").write_text("name: mine\nscorer: crash:score\nrequired: [prediction, answer]\n")
    rows = [mc_row(i, "(B)") for i in range(2500)]
    rows[1500]["prediction"] = "CRASH"  # the second chunk's 501st row
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    result = bench_env.runpytest_subprocess(BENCH, "mine.yaml", "preds.jsonl", "--bench-stream", "on", "-n", "2",
                                            BENCH_REPORT, "report.json", "--bench-no-shape-check")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    report = load_report(bench_env)
    assert report["total"] == 2500 and report["incomplete"]
    statuses = {r["id"]: r["status"] for r in report["rows"]}
    assert statuses["1500"] == "not_run" and statuses["1499"] == "correct"
    assert report["counts"]["correct"] == 2000 and report["counts"]["not_run"] == 500
    assert "crashed" in report["incomplete_reason"]


# -- rows scored a few at a time, then logged (stream.SCORE_AHEAD) -------------------------------------------------

def _scorings(monkeypatch, interrupt_at: int | None = None) -> list:
    """The rows' scorings, counted through the multiple-choice reader (VMCBench's built-in scorer); with
    ``interrupt_at``, that scoring raises KeyboardInterrupt."""
    from pytest_answerbench import choice

    seen: list = []
    real = choice.infer_choice

    def reading(response, options, **kw):
        seen.append(response)
        if len(seen) == interrupt_at:
            raise KeyboardInterrupt
        return real(response, options, **kw)

    monkeypatch.setattr(choice, "infer_choice", reading)
    return seen


def test_a_plugin_watching_reports_sees_each_row_before_the_next_is_scored(bench_env, monkeypatch):
    """Another plugin's report hook sees rows as they come: each row's report is logged before the next row is
    scored (rows are scored ahead only where no plugin but pytest's own sees the reports)."""
    scorings = _scorings(monkeypatch)
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(i, "(B)" if i % 3 else "(A)") for i in range(120)])
    counts: list = []

    class Probe:
        @pytest.hookimpl(trylast=True)
        def pytest_runtest_logreport(self, report):
            counts.append(len(scorings))

    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on", plugins=[Probe()])
    result.assert_outcomes(passed=80, failed=40)
    assert counts == list(range(1, 121))


def test_an_interrupt_while_rows_are_scored_ahead_comes_in_its_row_s_turn(bench_env, monkeypatch):
    """With only pytest's own plugins watching, rows are scored a few at a time; an interrupt raised while the
    tenth row is scored ends the run after the nine rows before it are logged, and the report lists those nine
    as scored and every other row as not run."""
    scorings = _scorings(monkeypatch, interrupt_at=10)
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(i, "(B)" if i % 3 else "(A)") for i in range(120)])
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on", BENCH_REPORT,
                                 "report.json", no_reraise_ctrlc=True)
    assert result.ret == pytest.ExitCode.INTERRUPTED
    assert len(scorings) == 10
    statuses = [r["status"] for r in load_report(bench_env)["rows"]]
    assert statuses[:9] == ["wrong", "correct", "correct"] * 3
    assert set(statuses[9:]) == {"not_run"} and len(statuses) == 120


def test_rows_scored_ahead_of_a_stop_are_not_reported(bench_env, monkeypatch):
    """-x after the third row: the rows scored with it (``SCORE_AHEAD``, only pytest's own plugins watching) are
    neither reported nor counted; the report has the three rows logged and every other row not run."""
    scorings = _scorings(monkeypatch)
    rows = [mc_row(i, "(B)") for i in range(120)]
    rows[2]["prediction"] = "(A)"
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on", "-x", BENCH_REPORT,
                                 "report.json", "--junitxml=junit.xml")
    result.assert_outcomes(passed=2, failed=1)
    assert len(scorings) == 1 + stream.SCORE_AHEAD  # the first row alone, then SCORE_AHEAD rows from the second
    statuses = [r["status"] for r in load_report(bench_env)["rows"]]
    assert statuses[:3] == ["correct", "correct", "wrong"] and set(statuses[3:]) == {"not_run"}
    cases = ET.parse(bench_env.path / "junit.xml").getroot().iter("testcase")
    assert [c.get("name") for c in cases if c.get("name").isdigit()] == ["0", "1", "2"]  # the rows' cases


def test_an_interrupt_while_scoring_ahead_outlasts_a_stop_before_its_row(bench_env, monkeypatch):
    """-x stops the run at the third row, before the tenth row's turn; the interrupt raised while the tenth was
    scored ahead still ends the run as interrupted."""
    _scorings(monkeypatch, interrupt_at=10)
    rows = [mc_row(i, "(B)") for i in range(120)]
    rows[2]["prediction"] = "(A)"
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on", "-x",
                                 no_reraise_ctrlc=True)
    assert result.ret == pytest.ExitCode.INTERRUPTED
