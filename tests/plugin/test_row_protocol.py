"""Rows are items run by pytest's own runner: every row has its set-up, call and teardown reports, logged
through the hooks every plugin sees; a row's warnings, output and log records are its own; other plugins' hooks
(protocol, timers, phases) see every row; serial runs and ``-n 2`` report the same.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench.options import BENCH, BENCH_REPORT

# Records every report a plugin listening to pytest_runtest_logreport sees.
_LISTENER = """
import json
SEEN = []
def pytest_runtest_logreport(report):
    SEEN.append([report.nodeid, report.when, report.outcome, report.duration == 0.0,
                 [list(p) for p in report.user_properties], [list(s) for s in report.sections]])
def pytest_unconfigure(config):
    if not hasattr(config, "workerinput"):
        with open(config.getoption("--bench-report").replace(".json", ".seen"), "w") as fh:
            json.dump(SEEN, fh)
"""


def _rows(n: int, start: int = 0) -> list:
    rows: list = []
    for i in range(start, start + n):
        gold = "ABCD"[i % 4]
        rows.append(mc_row(i, f"({gold})" if i % 3 else "I cannot tell.", answer=gold))
    return rows


def _junit_cases(path) -> list:
    cases = []
    for case in ET.parse(path).getroot().iter("testcase"):
        props = [(p.get("name"), p.get("value")) for p in case.iter("property")]
        outcome = [(child.tag, child.get("message")) for child in case if child.tag != "properties"]
        cases.append((case.get("classname"), case.get("name"), props, outcome))
    return sorted(cases)


def _run(env, name: str, *extra: str, conftest: str = ""):
    env.makeconftest(_LISTENER + conftest)
    result = env.runpytest_subprocess(BENCH, "vmcbench_dev", "a.jsonl", "b.jsonl", BENCH_REPORT, f"{name}.json",
                                      f"--junitxml={name}.xml", *extra)
    report = load_report(env, f"{name}.json")
    report.pop("seconds")
    report.pop("parallel", None)
    seen = json.loads((env.path / f"{name}.seen").read_text())
    return result, report, _junit_cases(env.path / f"{name}.xml"), seen


def test_rows_report_the_same_serial_and_with_n2(bench_env):
    write_jsonl(bench_env.path / "a.jsonl", [*_rows(6)[:3], "{broken", *_rows(6)[3:]])
    write_jsonl(bench_env.path / "b.jsonl", _rows(5, start=100))
    serial = _run(bench_env, "serial")
    par = _run(bench_env, "par", "-n", "2")
    for result, *_ in (serial, par):
        result.assert_outcomes(passed=8, failed=3, errors=1)
    assert serial[1] == par[1]  # the JSON report
    assert serial[2] == par[2]  # JUnit: each row's properties and failure text
    assert len(serial[2]) == 12 and ("status", "wrong") in serial[2][0][2] + serial[2][1][2] + serial[2][2][2]

    def phases(seen):  # what a report listener sees, but for durations
        return [entry[:3] + entry[4:] for entry in seen]

    assert sorted(map(json.dumps, phases(serial[3]))) == sorted(map(json.dumps, phases(par[3])))
    whens = {}
    for nodeid, when, *_ in serial[3]:
        whens.setdefault(nodeid, []).append(when)
    assert whens.pop("a.jsonl::line4") == ["setup", "teardown"]  # the unreadable row errors in its set-up
    assert len(whens) == 11 and all(w == ["setup", "call", "teardown"] for w in whens.values())


def test_a_row_given_a_skip_marker_by_a_hook_is_skipped_not_scored(bench_env):
    write_jsonl(bench_env.path / "a.jsonl", _rows(5))
    write_jsonl(bench_env.path / "b.jsonl", _rows(1, start=10))
    marker = ("\nimport pytest\n"
              "def pytest_collection_modifyitems(items):\n"
              "    items[2].add_marker(pytest.mark.skip(reason='flaky row'))\n")
    bench_env.makeconftest(_LISTENER + marker)
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "a.jsonl", "b.jsonl", BENCH_REPORT, "r.json", "-rs")
    result.assert_outcomes(passed=3, failed=2, skipped=1)
    result.stdout.fnmatch_lines(["SKIPPED*flaky row*"])
    assert "2" not in [row["id"] for row in load_report(bench_env, "r.json")["rows"]]


def test_exitfirst_stops_after_the_first_wrong_row_and_tears_the_file_down(bench_env):
    write_jsonl(bench_env.path / "a.jsonl", _rows(8, start=1))  # rows 1 and 2 right, row 3 wrong
    bench_env.makeconftest(_LISTENER)
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "a.jsonl", BENCH_REPORT, "r.json", "-x")
    result.assert_outcomes(passed=2, failed=1)
    seen = json.loads((bench_env.path / "r.seen").read_text())
    assert [(nodeid.split("::")[-1], when) for nodeid, when, *_ in seen][-3:] == [
        ("3", "setup"), ("3", "call"), ("3", "teardown")]
    report = load_report(bench_env, "r.json")  # -x leaves rows unscored: an incomplete report lists them
    assert [(row["id"], row["status"]) for row in report["rows"]][:4] == [
        ("1", "correct"), ("2", "correct"), ("3", "wrong"), ("4", "not_run")]
    assert report["total"] == 8 and report["incomplete"] is True


def test_a_plugin_that_runs_items_its_own_way_sees_every_row(bench_env):
    """A conftest.py implementing pytest_runtest_protocol (as rerun and repeat plugins do) is called for every
    row."""
    write_jsonl(bench_env.path / "a.jsonl", _rows(6))
    bench_env.makeconftest("""
        SEEN = []
        def pytest_runtest_protocol(item, nextitem):
            SEEN.append(item.name)
        def pytest_unconfigure(config):
            with open("seen.txt", "w") as fh:
                fh.write(" ".join(SEEN))
    """)
    bench_env.runpytest(BENCH, "vmcbench_dev", "a.jsonl").assert_outcomes(passed=4, failed=2)
    assert (bench_env.path / "seen.txt").read_text().split() == [str(i) for i in range(6)]


_BROKEN_HOOK = """
import pytest
@pytest.hookimpl(tryfirst=True)
def pytest_runtest_call(item):
    raise RuntimeError("hook broke")
"""


def test_a_hook_failing_on_every_row_gives_one_line_failures_by_default(bench_env):
    """Under --tb=no (a --bench run's default) no traceback is built (tens of ms a row); with a traceback
    style asked for, the row's traceback shows the user's code, not pytest's and pluggy's frames."""
    write_jsonl(bench_env.path / "a.jsonl", _rows(4))
    bench_env.makeconftest(_BROKEN_HOOK)
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "a.jsonl", "--junitxml=r.xml")
    result.assert_outcomes(failed=4)
    failures = [case.find("failure") for case in ET.parse(bench_env.path / "r.xml").getroot().iter("testcase")]
    assert [f.text for f in failures] == ["RuntimeError: hook broke"] * 4
    shown = bench_env.runpytest(BENCH, "vmcbench_dev", "a.jsonl", "--tb=short")
    frames = [line for line in shown.stdout.lines if re.match(r"\S+\.py:\d+: in ", line)]
    assert frames == ["conftest.py:4: in pytest_runtest_call"] * 4  # no frame of pytest's or pluggy's
    assert shown.stdout.str().count("E   RuntimeError: hook broke") == 4


_NOISY_SCORER = """
import logging, warnings
from pytest_answerbench import Verdict

def score(row, ctx):
    kind = row["prediction"]
    if kind == "warn":  # the same line for every row that warns
        warnings.warn("row %s warns" % row["id"], UserWarning)
    elif kind == "print":
        print("row %s prints" % row["id"])
    elif kind == "log":
        logging.getLogger("noisy").warning("row %s logs", row["id"])
    elif kind == "quiet-log":  # below the root logger's level: no record is made, none captured
        logging.getLogger("noisy").info("row %s logs quietly", row["id"])
    elif kind == "stderr":
        import sys
        sys.stderr.write("row %s writes to stderr\\n" % row["id"])
    elif kind == "raise":
        raise ValueError("row %s raises" % row["id"])
    elif kind == "xfail":  # an expected failure raised by the scorer itself: pytest's skipping plugin reports it
        import pytest
        pytest.xfail("row %s is expected to fail" % row["id"])
    elif kind == "all":  # every kind of output at once: the sections come in pytest's order
        import sys
        logging.getLogger("noisy.deep").error("row %s logs first", row["id"])
        sys.stderr.write("row %s: stderr\\n" % row["id"])
        print("row %s: stdout" % row["id"])
        logging.getLogger("noisy").warning("row %s logs again\\n  indented", row["id"])
    return Verdict.graded(kind != "wrong", method="exact")
"""
_NOISY_LISTENER = """
import json
SEEN = {"warnings": [], "reports": []}
def pytest_warning_recorded(warning_message, when, nodeid, location):
    SEEN["warnings"].append([nodeid, when, str(warning_message.message)])
def pytest_runtest_logreport(report):
    SEEN["reports"].append([report.nodeid, report.when, report.outcome, list(report.location),
                            [list(s) for s in report.sections], str(report.longrepr)])
def pytest_unconfigure(config):
    with open(config.getoption("--bench-report").replace(".json", ".seen"), "w") as fh:
        json.dump(SEEN, fh)
"""


def test_rows_that_warn_print_or_log_are_reported_each_under_its_own_row(bench_env):
    """A row's warning is recorded under that row (every row that warns, even from the same line), its printed
    output and log records land in its own call report, and its reports carry pytest's location; with -n 2 the
    same."""
    (bench_env.path / "noisy.py").write_text(_NOISY_SCORER)
    (bench_env.path / "noisy.yaml").write_text("name: noisy\nscorer: noisy:score\nrequired: [prediction]\n")
    kinds = ["ok", "warn", "warn", "ok", "print", "wrong", "log", "warn", "ok", "ok", "raise", "stderr", "ok",
             "quiet-log", "ok", "print", "ok", "all", "ok", "xfail", "ok"]
    (bench_env.path / "sub").mkdir()
    write_jsonl(bench_env.path / "sub" / "a.jsonl", [{"id": i, "prediction": k} for i, k in enumerate(kinds)])
    seen = {}
    for name, conftest, extra in (("serial", _NOISY_LISTENER, ()), ("par", _NOISY_LISTENER, ("-n", "2"))):
        bench_env.makeconftest(conftest)
        result = bench_env.runpytest_subprocess(BENCH, "noisy.yaml", "sub/a.jsonl", BENCH_REPORT, f"{name}.json",
                                                "-p", "no:cacheprovider", "--log-format",
                                                "%(levelname)s|%(name)s|%(message)s", "--log-auto-indent", "on",
                                                *extra)
        result.assert_outcomes(passed=18, failed=2, xfailed=1)
        seen[name] = json.loads((bench_env.path / f"{name}.seen").read_text())
    serial, par = seen["serial"], seen["par"]
    assert serial["warnings"] == [[f"sub/a.jsonl::{i}", "runtest", f"row {i} warns"] for i in (1, 2, 7)]
    assert sorted(map(json.dumps, par["reports"])) == sorted(map(json.dumps, serial["reports"]))
    assert sorted(par["warnings"]) == serial["warnings"]
    sections = {(nodeid, when): s for nodeid, when, _, _, s, _ in serial["reports"] if s}
    assert sections[("sub/a.jsonl::4", "call")] == [["Captured stdout call", "row 4 prints\n"]]
    assert sections[("sub/a.jsonl::15", "call")] == [["Captured stdout call", "row 15 prints\n"]]
    assert sections[("sub/a.jsonl::11", "call")] == [["Captured stderr call", "row 11 writes to stderr\n"]]
    assert ("sub/a.jsonl::13", "call") not in sections
    assert sections[("sub/a.jsonl::17", "call")] == [
        ["Captured stdout call", "row 17: stdout\n"], ["Captured stderr call", "row 17: stderr\n"],
        ["Captured log call", "ERROR|noisy.deep|row 17 logs first\nWARNING|noisy|row 17 logs again\n"
                              + " " * 16 + "indented"]]  # auto-indented under the message's first line
    failed = {nodeid: longrepr for nodeid, when, outcome, _, _, longrepr in serial["reports"] if outcome == "failed"}
    assert [(when, outcome) for nodeid, when, outcome, *_ in serial["reports"] if nodeid == "sub/a.jsonl::19"] == [
        ("setup", "passed"), ("call", "skipped"), ("teardown", "passed")]
    assert sorted(failed) == ["sub/a.jsonl::10", "sub/a.jsonl::5"]
    assert "ValueError: row 10 raises" in failed["sub/a.jsonl::10"]
    assert [title for title, _ in sections[("sub/a.jsonl::6", "call")]] == ["Captured log call"]
    assert "row 6 logs" in sections[("sub/a.jsonl::6", "call")][0][1]
    locations = {nodeid: location for nodeid, _, _, location, _, _ in serial["reports"]}
    assert locations["sub/a.jsonl::0"] == ["sub/a.jsonl", 0, "0 (a.jsonl:1)"]
    assert locations["sub/a.jsonl::20"] == ["sub/a.jsonl", 20, "20 (a.jsonl:21)"]


_SPINNING_SCORER = """
import time
from pytest_answerbench import Verdict

def score(row, ctx):
    if row["prediction"].startswith("print"):
        print("row %s prints before it spins" % row["id"])
    if row["prediction"].endswith("spin"):
        end = time.monotonic() + 30
        while time.monotonic() < end:  # pure Python: the limit lands inside it
            pass
    return Verdict.graded(True, method="exact")
"""


@pytest.mark.parametrize("method", ["signal", "thread"])
def test_rows_that_overrun_their_limit_are_timeouts_and_keep_what_they_printed(bench_env, method):
    """Each row has its own limit: an overrunning row is a timeout (keeping what it printed), the rows after it
    are scored."""
    (bench_env.path / "spin.py").write_text(_SPINNING_SCORER)
    (bench_env.path / "spin.yaml").write_text("name: spin\nscorer: spin:score\nrequired: [prediction]\n")
    kinds = ["ok", "ok", "spin", "ok", "print-spin", "ok", "print", "ok"]
    write_jsonl(bench_env.path / "a.jsonl", [{"id": i, "prediction": k} for i, k in enumerate(kinds)])
    seen = {}
    for name, conftest in (("serial", _NOISY_LISTENER),):
        bench_env.makeconftest(conftest)
        result = bench_env.runpytest_subprocess(BENCH, "spin.yaml", "a.jsonl", BENCH_REPORT, f"{name}.json",
                                                "-p", "no:cacheprovider", "--timeout", "1",
                                                "--timeout-method", method)
        result.assert_outcomes(passed=6, failed=2)
        statuses = [r["status"] for r in load_report(bench_env, f"{name}.json")["rows"]]
        assert statuses == ["correct", "correct", "timeout", "correct", "timeout", "correct", "correct", "correct"]
        reports = json.loads((bench_env.path / f"{name}.seen").read_text())["reports"]
        seen[name] = {(nodeid, when): sections for nodeid, when, _, _, sections, _ in reports if sections}
    assert seen["serial"][("a.jsonl::6", "call")] == [["Captured stdout call", "row 6 prints before it spins\n"]]
    if method == "signal":  # the thread method's failure also shows the other threads' stacks
        assert seen["serial"][("a.jsonl::4", "call")][0] == ["Captured stdout call",
                                                            "row 4 prints before it spins\n"]


_TIMER_LISTENER = """
import pytest
SEEN = []
class Watch:  # registered after the row timers, tryfirst: its timer hook is called before theirs
    @pytest.hookimpl(tryfirst=True)
    def pytest_timeout_set_timer(self, item, settings):
        SEEN.append(item.name)
def pytest_sessionstart(session):
    session.config.pluginmanager.register(Watch(), "watch")
def pytest_unconfigure(config):
    with open("armed.txt", "w") as fh:
        fh.write(" ".join(SEEN))
"""


def test_a_plugin_implementing_the_timer_hooks_is_called_for_every_row(bench_env):
    """A plugin whose implementation of pytest-timeout's timer hook comes before the row timers' sees every row
    armed."""
    write_jsonl(bench_env.path / "a.jsonl", _rows(7))
    bench_env.makeconftest(_TIMER_LISTENER)
    bench_env.runpytest(BENCH, "vmcbench_dev", "a.jsonl", "--timeout", "30").assert_outcomes(passed=4, failed=3)
    assert (bench_env.path / "armed.txt").read_text().split() == [str(i) for i in range(7)]
