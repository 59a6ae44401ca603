"""The JUnit file written as text (report/junit_text.py) against pytest's own junitxml: for the same logged
reports, run by pytest, the two files hold the same tree (tags, attributes but the times, the timestamp and the
host, properties, messages and text), in both families, with every captured-text setting, with failures, errors,
skips, expected failures, and text XML cannot hold."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from pytest_answerbench import _compat

# A conftest that writes every test's case with JunitText beside pytest's own --junitxml, from the reports pytest
# logs: the report that decides the case (a failed or skipped set-up, else the call) once its teardown is logged.
MIRROR = '''
from pytest_answerbench import _compat
from pytest_answerbench.report.junit_text import JunitText, match_junitxml

class Mirror:
    def __init__(self, config):
        match_junitxml(*_compat.junit_escapes(), _compat.junit_suites_named())
        self.writer = JunitText.from_config(config, "mine.xml")
        self.pending = {}

    def pytest_runtest_logreport(self, report):
        entry = self.pending.setdefault(report.nodeid, [None, 0.0])
        if report.when == "call" or (report.when == "setup" and not report.passed):
            entry[0] = report
        else:
            entry[1] += report.duration
        if report.when == "teardown":
            decisive, others = self.pending.pop(report.nodeid)
            self.writer.add_report(decisive, other_phases=others - (decisive.duration if decisive.when != "call" else 0))

    def pytest_sessionfinish(self):
        self.writer.close()

def pytest_configure(config):
    if config.option.xmlpath:
        config.pluginmanager.register(Mirror(config))
'''

TESTS = '''
import pytest

def test_passes():
    print("some output")

def test_fails(record_property):
    record_property("status", "wrong \\x01 ]]> \\U0001F600 \\ud800")
    record_property("score", 0.0)
    assert 0, "bad \\x1b[31m ]]> \\U0001F600 <&>\\"' end"

@pytest.fixture
def broken():
    raise RuntimeError("set-up \\x00 broke")

def test_setup_error(broken):
    pass

def test_skips():
    pytest.skip("why \\x02")

@pytest.mark.xfail(reason="reason: known")
def test_xfails():
    assert 0

@pytest.mark.xfail(strict=True)
def test_xpasses():
    pass

@pytest.mark.parametrize("x", ["a\\x07", "b/c::d[e]", "\\U0001F600", "<&>"])
def test_params(x):
    print("out", x)
    assert x == "a\\x07"

class TestGroup:
    def test_method(self):
        pass

def test_rows_logged_as_reports(request):
    """Rows as the streamed mode logs them: a call report and a teardown report per row, made here."""
    for i, (outcome, longrepr, xfail) in enumerate([("passed", None, None), ("failed", "wrong: 'A' \\x0c <gold>", None),
                                                   ("skipped", None, "wrong: gated \\U0001F600")]):
        props = [("status", outcome), ("row_id", f"r{i}"), ("line", i + 1)]
        call = pytest.TestReport(nodeid=f"preds.jsonl::r{i}", location=("preds.jsonl", i, f"r{i}"), keywords={},
                                 outcome=outcome, longrepr=longrepr, when="call", user_properties=props,
                                 duration=0.001 * i)
        if xfail:
            call.wasxfail = xfail
        request.config.hook.pytest_runtest_logreport(report=call)
        request.config.hook.pytest_runtest_logreport(report=pytest.TestReport(
            nodeid=f"preds.jsonl::r{i}", location=("preds.jsonl", i, f"r{i}"), keywords={}, outcome="passed",
            longrepr=None, when="teardown", user_properties=props))
'''


def _tree(element: ET.Element) -> tuple:
    """An element as comparable values: tag, attributes but the times, timestamp and host, text, children.
    A suite's test cases are taken in name order: junitxml places a case where its first report (the set-up)
    arrived, the mirror when the case is finished, so a test that logs rows during its call comes after them in
    one file and before them in the other (rows, logged whole, keep their order: checked below)."""
    attrs = {k: v for k, v in element.attrib.items() if k not in ("time", "timestamp", "hostname")}
    children = [_tree(child) for child in element]
    if element.tag == "testsuite":
        children.sort(key=lambda c: (c[0] != "properties", c[1].get("classname", ""), c[1].get("name", "")))
    return element.tag, attrs, element.text or "", children


def _row_names(root: ET.Element) -> list[str]:
    return [c.get("name") for c in root.iter("testcase") if c.get("classname", "").endswith("preds.jsonl")]


@pytest.mark.parametrize("family", ["xunit1", "xunit2"])
@pytest.mark.parametrize("logging,passing", [("no", True), ("all", True), ("out-err", False), ("log", False)])
def test_same_tree_as_junitxml(pytester: pytest.Pytester, family, logging, passing):
    pytester.makeconftest(MIRROR)
    pytester.makeini(f"""
        [pytest]
        junit_family = {family}
        junit_logging = {logging}
        junit_log_passing_tests = {passing}
        junit_suite_name = answer\\x07bench
        disable_test_id_escaping_and_forfeit_all_rights_to_community_support = True
        """)
    pytester.makepyfile(test_rows=TESTS)
    result = pytester.runpytest("-p", "no:randomly", "--junitxml", "theirs.xml", "--junitprefix", "pre")
    result.assert_outcomes(passed=5, failed=6, errors=1, skipped=1, xfailed=2)
    theirs = ET.parse(pytester.path / "theirs.xml").getroot()
    mine = ET.parse(pytester.path / "mine.xml").getroot()
    assert _tree(mine) == _tree(theirs)
    assert _row_names(mine) == _row_names(theirs) == ["r0", "r1", "r2"]
    cases = list(mine.iter("testcase"))
    assert len(cases) == 15
    suite = mine.find("testsuite")
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors"), suite.get("skipped")) == ("15", "6", "1",
                                                                                                   "3")
    # the hostile text reached both files, escaped as junitxml escapes it
    emoji = "#x1F600" if _compat.junit_escapes()[1] else "\U0001F600"  # pytest 9.2 writes it as itself
    assert any(emoji in (c.get("name") or "") for c in cases)
    assert any(p.get("value") == f"wrong #x01 ]]> {emoji} #xD800" for p in mine.iter("property"))


def test_same_tree_under_xdist(pytester: pytest.Pytester):
    """With ``-n 2`` the controller logs the workers' reports: the mirror on the controller writes what junitxml
    writes (case order follows the reports' arrival, the same for both)."""
    pytester.makeconftest(MIRROR)
    pytester.makeini("""
        [pytest]
        disable_test_id_escaping_and_forfeit_all_rights_to_community_support = True
        """)
    pytester.makepyfile(test_rows=TESTS.replace(" \\ud800", ""))  # a lone surrogate cannot cross xdist's channel
    # (rows logged by a test inside a worker are the streamed mode's business: left out here)
    result = pytester.runpytest("-p", "no:randomly", "-n", "2", "--junitxml", "theirs.xml", "-k", "not rows_logged")
    result.assert_outcomes(passed=3, failed=5, errors=1, skipped=1, xfailed=1)
    theirs = ET.parse(pytester.path / "theirs.xml").getroot()
    mine = ET.parse(pytester.path / "mine.xml").getroot()
    assert _tree(mine) == _tree(theirs)
