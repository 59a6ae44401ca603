"""Memory kept per row: JUnit cases spooled as text (junitspool.py), no kept passed set-up/teardown reports.

The JUnit file a ``--bench`` run writes with its cases spooled must be the file junitxml alone writes (the
spool is a plugin named ``answerbench-junitspool``: ``-p no:answerbench-junitspool`` leaves junitxml alone),
byte for byte but for the times, serial and with ``-n 2``; a probe in conftest.py checks that cases were
really spooled. And the terminal keeps no passed set-up or teardown report, while its counts stay right.
"""

from __future__ import annotations

import re

import pytest
import xml.etree.ElementTree as ET

from conftest import mc_row, write_jsonl
from pytest_answerbench.options import BENCH

# Spool after every second finished row (the plugin's default is 1,000) and record what was spooled.
_PROBE = """
import json, pytest
import pytest_answerbench.junitspool as junitspool
junitspool.EVERY = 2

@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session):
    spool = session.config.pluginmanager.get_plugin("answerbench-junitspool")
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    with open("probe.json", "w") as fh:
        json.dump({"spooled": spool.cases.spooled if spool is not None and spool.cases is not None else None,
                   "kept_phase_reports": len(reporter.stats.get("", [])),
                   "passed": len(reporter.stats.get("passed", []))}, fh)
"""


def _rows() -> list:
    rows: list = []
    for i in range(23):
        gold = "ABCD"[i % 4]
        text = f"({gold})" if i % 3 else "Je ne sais pas: \u00e9\u4e2d\u0001 <&> \"quoted\"\r\n\u2028 ends."
        index = f"q{i}-\u00e9\u4e2d<&>\"\u0001" if i % 5 == 0 else i  # ids are the cases' names and properties
        rows.append(mc_row(index, text, answer=gold, category=["MMStar", "AI2D"][i % 2]))
    rows.insert(5, "{broken")
    return rows


def _normal(text: str) -> str:
    return re.sub(r' (time|timestamp|hostname)="[^"]*"', "", text)


def _cases(text: str) -> tuple[dict, list[bytes]]:
    """The suite's attributes and its test cases (sorted: under -n 2 their order varies)."""
    suite = ET.fromstring(text.encode("utf-8")).find("testsuite")
    return dict(suite.attrib), sorted(ET.tostring(case) for case in suite.iter("testcase"))


def _run(env, name: str, *extra: str) -> tuple[str, dict]:
    import json

    result = env.runpytest_subprocess(BENCH, "vmcbench_dev", "a.jsonl", f"--junitxml={name}.xml",
                                      "--bench-min-accuracy", "0.5", *extra)
    assert result.ret == 1, result.stdout.str()  # wrong rows fail, the unreadable row is an error
    probe = json.loads((env.path / "probe.json").read_text())
    return _normal((env.path / f"{name}.xml").read_text(encoding="utf-8")), probe


def test_spooled_junit_file_is_junitxml_s_own_serial_and_with_n2(bench_env):
    write_jsonl(bench_env.path / "a.jsonl", _rows())
    bench_env.makeconftest(_PROBE)
    spooled, probe = _run(bench_env, "spooled")
    assert probe["spooled"] >= 20  # every second row swept: all but the last row's case and the gates'
    alone, probe_alone = _run(bench_env, "alone", "-p", "no:answerbench-junitspool")
    assert probe_alone["spooled"] is None
    assert spooled == alone
    assert spooled.count("<testcase ") == 24 + 1  # 24 rows and the accuracy gate
    # escaped as junitxml escapes, the control character shown as its escape (text/printable.py)
    assert 'name="q5-\u00e9\u4e2d&lt;&amp;&gt;&quot;\\x01"' in spooled
    assert 'tests="25"' in spooled and 'name="line" value="6"' in spooled
    parallel, probe_n2 = _run(bench_env, "parallel", "-n", "2")
    assert probe_n2["spooled"] >= 1
    assert _cases(parallel) == _cases(alone)


def test_the_terminal_keeps_no_passed_setup_or_teardown_report_and_counts_right(bench_env):
    write_jsonl(bench_env.path / "a.jsonl", _rows())
    bench_env.makeconftest(_PROBE)
    result = bench_env.runpytest_subprocess(BENCH, "vmcbench_dev", "a.jsonl", "-rA")
    probe = __import__("json").loads((bench_env.path / "probe.json").read_text())
    assert probe["kept_phase_reports"] == 0
    assert probe["passed"] == 15
    result.assert_outcomes(passed=15, failed=8, errors=1)
    assert len([line for line in result.outlines if line.startswith("PASSED a.jsonl::")]) == 15


class _FullAfter:
    """Stands in for the spool file: writes ``room`` characters, then fails as a full disk does."""

    def __init__(self, spool, room: int):
        self.spool, self.room = spool, room

    def write(self, text: str) -> int:
        if len(text) > self.room:
            self.spool.write(text[:self.room // 2])  # part of it lands, as a short write on a full disk may
            import errno

            raise OSError(errno.ENOSPC, "No space left on device")
        self.room -= len(text)
        return self.spool.write(text)

    def __getattr__(self, name):
        return getattr(self.spool, name)


def test_a_spool_that_fills_the_disk_leaves_the_rest_to_junitxml_and_the_file_whole(bench_env):
    write_jsonl(bench_env.path / "a.jsonl", _rows())

    class Filler:  # the spool stops taking text after its first sweeps
        def pytest_collection_finish(self, session):
            cases = session.config.pluginmanager.get_plugin("answerbench-junitspool").cases
            cases.spool = _FullAfter(cases.spool, 3000)

    bench_env.makeconftest("import pytest_answerbench.junitspool as j\nj.EVERY = 2\n")
    bench_env.runpytest_inprocess(BENCH, "vmcbench_dev", "a.jsonl", "--junitxml=full.xml", plugins=[Filler()])
    bench_env.runpytest_inprocess(BENCH, "vmcbench_dev", "a.jsonl", "--junitxml=alone.xml",
                                  "-p", "no:answerbench-junitspool")
    full = _normal((bench_env.path / "full.xml").read_text(encoding="utf-8"))
    assert full == _normal((bench_env.path / "alone.xml").read_text(encoding="utf-8"))
    assert full.count("<testcase ") == 24


def test_a_junit_file_that_cannot_be_completed_is_said_and_fails_the_run(bench_env, monkeypatch):
    import errno

    from pytest_answerbench import junitspool

    write_jsonl(bench_env.path / "a.jsonl", [mc_row(i, "(B)") for i in range(6)])  # every row correct
    bench_env.makeconftest("import pytest_answerbench.junitspool as j\nj.EVERY = 2\n")

    def no_room(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(junitspool.tempfile, "mkstemp", no_room)
    result = bench_env.runpytest_inprocess(BENCH, "vmcbench_dev", "a.jsonl", "--junitxml=j.xml")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*cannot write the JUnit file to *j.xml: No space left on device (its first 6 "
                                 "test cases are missing from it)*"])
    assert not [p.name for p in bench_env.path.iterdir() if p.name.startswith(".answerbench-junit-")]
