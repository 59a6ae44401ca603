"""The JSON report (CONTRACT section 5), JUnit properties and the terminal summary."""

from __future__ import annotations

import hashlib
import xml.etree.ElementTree as ET

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench.options import BENCH, BENCH_PROFILE, BENCH_REPORT, BENCH_SHOW

ROWS = [
    mc_row(1, "(B)", category="MMStar"),
    mc_row(2, "(A)", category="MMStar"),
    mc_row(3, "B", category="MMMU"),
    mc_row(4, "I cannot tell", category="MMMU"),
    '{"index": 5, broken',
]


@pytest.fixture
def run(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", ROWS)

    def _run(*args):
        return bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "report.json", *args)

    return _run


def test_report_schema_and_numbers(run, bench_env):
    run().assert_outcomes(passed=2, failed=2, errors=1)
    report = load_report(bench_env)
    for key in ("benchmark", "profile", "tool_version", "files", "total", "correct", "accuracy", "ci95", "counts",
                "metrics", "groups", "gates", "rows", "seconds"):
        assert key in report, key
    assert report["benchmark"] == "vmcbench_dev" and report["profile"] == "default"
    assert report["total"] == len(report["rows"]) == 5
    assert report["correct"] == 2
    assert report["accuracy"] == pytest.approx(0.4)
    assert report["counts"] == {"correct": 2, "wrong": 2, "timeout": 0, "error": 1, "miss": 0}
    lo, hi = report["ci95"]
    assert 0 < lo < 0.4 < hi < 1
    sha = hashlib.sha256((bench_env.path / "preds.jsonl").read_bytes()).hexdigest()
    assert report["files"] == [{"path": "preds.jsonl", "sha256": sha, "rows": 5}]
    assert report["groups"]["category"]["MMStar"]["accuracy"] == 0.5
    assert report["groups"]["category"]["MMMU"]["total"] == 2
    row = report["rows"][1]
    assert (row["id"], row["file"], row["line"], row["status"], row["score"], row["extracted"], row["gold"]) == \
        ("2", "preds.jsonl", 2, "wrong", 0.0, "A", "B")
    assert row["method"]
    assert report["metrics"]["Overall"] == pytest.approx(0.4)
    assert report["metrics"]["General"] == 0.5  # MMStar is a General category
    assert "SEEDBench" in report["metrics"]["absent_categories"]


def test_upstream_profile_reports_percentages_like_the_reference(run, bench_env):
    run(BENCH_PROFILE, "upstream")
    report = load_report(bench_env)
    assert report["profile"] == "upstream"
    assert report["metrics"]["MMStar"] == 50.0
    # "I cannot tell" has no letter: the reference guesses; ours is seeded, so reruns agree
    guessed = [r for r in report["rows"] if r["method"] == "random"]
    assert [r["id"] for r in guessed] == ["4"]
    first = guessed[0]["extracted"]
    run(BENCH_PROFILE, "upstream")
    assert [r for r in load_report(bench_env)["rows"] if r["id"] == "4"][0]["extracted"] == first
    assert report["metrics"]["random_picks"] == 1


def test_junit_has_per_row_properties(run, bench_env):
    run("--junitxml", "junit.xml")
    tree = ET.parse(bench_env.path / "junit.xml")
    cases = {c.get("name"): c for c in tree.iter("testcase")}
    assert set(cases) == {"1", "2", "3", "4", "line5"}
    props = {p.get("name"): p.get("value") for p in cases["2"].iter("property")}
    assert props["status"] == "wrong" and props["score"] == "0.0"
    assert props["extracted"] == "A" and props["gold"] == "B" and props["method"]
    failure = cases["2"].find("failure")
    assert failure is not None and "extracted 'A', gold 'B'" in failure.get("message")
    props5 = {p.get("name"): p.get("value") for p in cases["line5"].iter("property")}
    assert props5["status"] == "error"
    assert cases["line5"].find("error") is not None


def test_wrong_rows_show_a_short_message_not_a_traceback(run):
    result = run()
    out = result.stdout.str()
    assert "Traceback" not in out and "def _row_test" not in out
    result.stdout.fnmatch_lines([
        "*- answerbench -*",
        "vmcbench_dev (profile default): accuracy 0.4000 (2/5 correct, 95% CI*",
        "rows: 2 correct, 2 wrong, 1 error",
        "by category: MMMU 0.500 (n=2), MMStar 0.500 (n=2)",
        "wrong rows (first 2 of 2):",
        "  preds.jsonl:2 2: extracted 'A', gold 'B' *",
        "errored or timed-out rows (1):",
        "  preds.jsonl:5 line5: error: preds.jsonl:5: not valid JSON*",
        "generated answerbench report: *report.json",
    ])


def test_show_limits_the_wrong_rows_listed(run):
    result = run(BENCH_SHOW, "1")
    result.stdout.fnmatch_lines(["wrong rows (first 1 of 2):"])


def test_explicit_tb_option_is_respected(run):
    result = run("--tb=short")
    result.stdout.fnmatch_lines(["*FAILURES*"])


def test_json_clean_copies_only_what_changes():
    from pytest_answerbench.report.rows import json_clean

    rows = [{"id": "1", "score": 1.0, "fields": {"g": "x"}}, {"id": "2", "score": float("nan"), "fields": {}}]
    report = {"accuracy": 0.5, "rows": rows, "metrics": {"empty": float("inf"), "ok": 2.0}}
    clean = json_clean(report)
    assert clean["rows"][1]["score"] is None and clean["metrics"] == {"empty": None, "ok": 2.0}
    assert clean["rows"][0] is rows[0]  # unchanged rows are not copied (100,000 rows, one report)
    assert rows[1]["score"] != rows[1]["score"] and report["metrics"]["empty"] == float("inf")  # input untouched
    finite = {"rows": [rows[0]], "accuracy": 1.0}
    assert json_clean(finite) is finite


#: A conftest that records the garbage collector's freeze count as each row starts (frozen.txt at the end).
FREEZE_COUNTS = """
    import gc
    FROZEN = []
    def pytest_runtest_setup(item):
        FROZEN.append(gc.get_freeze_count())
    def pytest_unconfigure(config):
        with open("frozen.txt", "w") as fh:
            fh.write(" ".join(map(str, FROZEN)))
"""


def test_rows_are_frozen_out_of_the_collector_during_the_run(bench_env):
    """Collected items are moved out of the cyclic GC's way while rows run, and handed back afterwards."""
    import gc

    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(1, "B"), mc_row(2, "A")])
    bench_env.makeconftest(FREEZE_COUNTS)
    bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl").assert_outcomes(passed=1, failed=1)
    counts = [int(x) for x in (bench_env.path / "frozen.txt").read_text().split()]
    assert len(counts) == 2 and all(c > 0 for c in counts)
    assert gc.get_freeze_count() == 0



def test_what_the_run_keeps_is_frozen_as_the_run_goes(bench_env, monkeypatch):
    """Every ``FREEZE_REPORTS`` reports the run freezes what it keeps (pytest's reports, its records), so the
    collector's full passes do not walk every earlier row again; all handed back after the run."""
    import gc

    from pytest_answerbench import run

    monkeypatch.setattr(run, "FREEZE_REPORTS", 3)  # a freeze after each row's three reports
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(i, "B") for i in range(5)])
    bench_env.makeconftest(FREEZE_COUNTS)
    bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl").assert_outcomes(passed=5)
    counts = [int(x) for x in (bench_env.path / "frozen.txt").read_text().split()]
    assert len(counts) == 5 and all(later > earlier for earlier, later in zip(counts, counts[1:])), counts
    assert gc.get_freeze_count() == 0


def test_the_freezer_freezes_every_nth_tick_and_hands_back_unless_kept():
    import gc

    from pytest_answerbench.gcfreeze import Freezer

    assert gc.get_freeze_count() == 0
    freezer = Freezer(every=2)
    freezer.tick()
    assert not freezer.frozen and gc.get_freeze_count() == 0
    freezer.tick()
    assert freezer.frozen and gc.get_freeze_count() > 0
    freezer.unfreeze()
    assert not freezer.frozen and gc.get_freeze_count() == 0
    kept = Freezer(every=1, keep=True)  # an xdist worker: its process ends with the run
    kept.tick()
    kept.unfreeze()
    assert kept.frozen and gc.get_freeze_count() > 0
    gc.unfreeze()


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["serial", "n2"])
def test_a_pytest_command_that_ends_the_process_leaves_the_run_frozen_for_the_exit(bench_env, workers):
    """The ``pytest`` command (and each xdist worker) ends its process with the run: what the run built stays
    frozen, so the interpreter's last collection at exit skips it. Unfrozen in-process (the test above)."""
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(i, "B") for i in range(6)])
    bench_env.makeconftest("""
        import atexit, gc, os
        def pytest_configure(config):
            name = getattr(config, "workerinput", {}).get("workerid", "main")
            atexit.register(lambda: open(f"frozen-{name}.txt", "w").write(str(gc.get_freeze_count())))
    """)
    bench_env.runpytest_subprocess(BENCH, "vmcbench_dev", "preds.jsonl", *workers).assert_outcomes(passed=6)
    names = ["main"] + (["gw0", "gw1"] if workers else [])
    counts = {n: int((bench_env.path / f"frozen-{n}.txt").read_text()) for n in names}
    assert all(c > 0 for c in counts.values()), counts

def test_junit_properties_are_only_built_for_junit(bench_env):
    """Without --junitxml no row carries user properties (they would cost memory on every report)."""
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(1, "B"), mc_row(2, "A")])
    bench_env.makeconftest("""
        SEEN = []
        def pytest_runtest_logreport(report):
            if report.when == "call":
                SEEN.append(len(report.user_properties))
        def pytest_unconfigure(config):
            with open("props.txt", "w") as fh:
                fh.write(" ".join(map(str, SEEN)))
    """)
    bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl").assert_outcomes(passed=1, failed=1)
    assert (bench_env.path / "props.txt").read_text().split() == ["0", "0"]
    bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--junitxml", "j.xml")
    assert [int(x) > 0 for x in (bench_env.path / "props.txt").read_text().split()] == [True, True]


def test_parallel_estimate_only_flags_runs_serial_would_clearly_beat():
    from pytest_answerbench.report.build import PER_ITEM_OVERHEAD, parallel_estimate

    # rows of 20 ms of CPU: two workers paid
    slow = parallel_estimate(2, 1000, row_seconds=20.5, wall=11.0, rows_cpu=20.0, processes_cpu=23.0, cores=2)
    assert slow["estimated_serial_seconds"] == pytest.approx(20.0 + 1000 * PER_ITEM_OVERHEAD)
    assert slow["serial_likely_faster"] is False
    # 0.3 ms rows on a machine the run had to itself: the controller is the limit
    cheap = parallel_estimate(2, 10000, row_seconds=3.5, wall=21.0, rows_cpu=3.0, processes_cpu=30.0, cores=2)
    assert cheap["mean_row_cpu_ms"] == 0.3 and cheap["busy"] == pytest.approx(30 / 42, abs=1e-3)
    assert cheap["serial_likely_faster"] is True
    close = parallel_estimate(2, 1000, row_seconds=9.5, wall=11.0, rows_cpu=9.0, processes_cpu=20.0, cores=2)
    assert close["serial_likely_faster"] is False  # within the 25% start-up allowance


def test_parallel_estimate_does_not_blame_the_rows_for_a_loaded_machine():
    """Issue 26, friction 7: on a machine busy with other work, 10,000 rows of 0.4 ms of CPU took 39 ms of wall
    time each; the note said "rows cost 39 ms each, too little for xdist". The rows' cost is their CPU time, and
    a run whose processes had a sixth of the machine says nothing about whether -n paid."""
    from pytest_answerbench.report.build import parallel_estimate

    loaded = parallel_estimate(2, 10000, row_seconds=390.0, wall=200.0, rows_cpu=4.0, processes_cpu=60.0, cores=2)
    assert loaded["mean_row_ms"] == 39.0 and loaded["mean_row_cpu_ms"] == 0.4
    assert loaded["busy"] == pytest.approx(0.15) and loaded["serial_likely_faster"] is False
    # without CPU figures (a worker crashed before sending them) the run is never called slower
    unknown = parallel_estimate(2, 10000, row_seconds=3.0, wall=21.0)
    assert unknown["serial_likely_faster"] is False and "busy" not in unknown