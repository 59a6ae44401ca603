"""The JUnit file written as text (report/junit_text.py): pytest junitxml's escaping and names, the file's shape,
and memory that does not grow with the cases written. Its identity with pytest's own junitxml output is
tests/plugin/test_junit_text_pytest.py."""

from __future__ import annotations

import tracemalloc
import xml.etree.ElementTree as ET

import pytest
from _pytest.junitxml import bin_xml_escape, mangle_test_address  # the behaviour matched, read for comparison
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_answerbench import _compat
from pytest_answerbench.report.junit_text import JunitText, case_names, match_junitxml, visible


@pytest.fixture(autouse=True, scope="module")
def _as_the_installed_junitxml():
    """DEL and characters above U+FFFF written as the installed pytest's junitxml writes them (9.2 changed both)."""
    match_junitxml(*_compat.junit_escapes())
    yield
    match_junitxml(True, False)


def test_the_escapes_follow_the_pytest_release():
    """Both kinds of junitxml: DEL a code and an emoji itself (pytest 9.2 on), or the reverse (earlier)."""
    try:
        match_junitxml(True, False)
        assert visible("a\x7f\U0001f600") == "a#x7F\U0001f600"
        match_junitxml(False, True)
        assert visible("a\x7f\U0001f600") == "a\x7f#x1F600"
    finally:
        match_junitxml(*_compat.junit_escapes())

HOSTILE = ["plain", "ctl \x00\x01\x07\x08\x0b\x0c\x1b\x1f end", "del \x7f", "c1 \x80\x9f", "cdata ]]> end",
           "<tag attr=\"v\" & 'q'>", "lone \ud800 and \udfff", "bmp \ufffd \ufffe \uffff", "astral \U0001F600 \U0010FFFF",
           "tab\tline\ncr\r", ""]


@pytest.mark.parametrize("text", HOSTILE)
def test_visible_is_junitxml_escape(text):
    assert visible(text) == bin_xml_escape(text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(codec=None, min_codepoint=0, max_codepoint=0x10FFFF)))
def test_visible_is_junitxml_escape_on_any_text(text):
    assert visible(text) == bin_xml_escape(text)


@pytest.mark.parametrize("nodeid", ["preds.jsonl::row7", "data/sub/preds.jsonl::q1[s2]", "tests/test_a.py::C::t[x]",
                                    "a.py::t[b/c::d[e]]", "x.pyc::y", "dir.py/f.py::g", "preds.jsonl::id with spaces"])
@pytest.mark.parametrize("prefix", [None, "pre"])
def test_case_names_are_junitxml_names(nodeid, prefix):
    names = mangle_test_address(nodeid)
    classnames = ([prefix] if prefix else []) + names[:-1]
    assert case_names(nodeid, prefix) == (".".join(classnames), names[-1])


def _cases(path):
    root = ET.parse(path).getroot()
    assert root.tag == "testsuites" and root.get("name") == "pytest tests"
    (suite,) = list(root)
    return suite, list(suite.iter("testcase"))


def test_cases_outcomes_and_totals(tmp_path):
    path = tmp_path / "out" / "junit.xml"
    writer = JunitText(path, suite_name="bench \x07")
    writer.add_case("preds.jsonl::1", "passed", 0.25, properties=[("status", "correct"), ("score", 1.0)])
    writer.add_case("preds.jsonl::2", "failed", 0.5, text="wrong: extracted 'A', gold 'B' ]]> \x1b",
                    properties=[("extracted", "A\x00")])
    writer.add_case("preds.jsonl::3", "failed", 0.0, message='failed on setup with "boom"', text="trace", kind="error")
    writer.add_case("preds.jsonl::4", "skipped", 0.0, message="wrong: gated", kind="xfail")
    writer.add_case("preds.jsonl::5", "skipped", 0.0, message="Skipped: no gold")
    writer.add_global_property("run", "r\U0001F600")
    totals = writer.close(seconds=1.5)
    assert (totals.tests, totals.failures, totals.errors, totals.skipped) == (5, 1, 1, 2)
    assert writer.close() is totals  # closing twice writes nothing more
    suite, cases = _cases(path)
    assert {k: suite.get(k) for k in ("name", "errors", "failures", "skipped", "tests", "time")} == {
        "name": "bench #x07", "errors": "1", "failures": "1", "skipped": "2", "tests": "5", "time": "1.500"}
    assert suite.find("properties/property").attrib == {"name": "run", "value": "r" + bin_xml_escape("\U0001F600")}
    assert [(c.get("classname"), c.get("name"), c.get("time")) for c in cases] == [
        ("preds.jsonl", "1", "0.250"), ("preds.jsonl", "2", "0.500"), ("preds.jsonl", "3", "0.000"),
        ("preds.jsonl", "4", "0.000"), ("preds.jsonl", "5", "0.000")]
    assert [(p.get("name"), p.get("value")) for p in cases[0].iter("property")] == [("status", "correct"),
                                                                                  ("score", "1.0")]
    failure = cases[1].find("failure")
    assert failure.get("message") == failure.text == "wrong: extracted 'A', gold 'B' ]]> #x1B"
    assert cases[1].find("properties/property").get("value") == "A#x00"
    error = cases[2].find("error")
    assert (error.get("message"), error.text) == ('failed on setup with "boom"', "trace")
    assert cases[3].find("skipped").attrib == {"type": "pytest.xfail", "message": "wrong: gated"}
    assert cases[3].find("skipped").text is None
    assert (cases[4].find("skipped").get("message"), cases[4].find("skipped").text) == ("no gold", "no gold")
    assert sorted(p.name for p in path.parent.iterdir()) == ["junit.xml"]  # the spool is gone


def test_families_and_durations(tmp_path):
    one = JunitText(tmp_path / "one.xml", family="legacy", prefix="p", duration_report="call")
    two = JunitText(tmp_path / "two.xml", family="xunit2", duration_report="total")
    for writer in (one, two):
        writer.add_case("d/preds.jsonl::r[1]", "passed", 0.5, other_phases=0.25, location=("d/preds.jsonl", 3),
                        url="http://x")
        writer.close()
    (case1,), (case2,) = _cases(tmp_path / "one.xml")[1], _cases(tmp_path / "two.xml")[1]
    assert case1.attrib == {"classname": "p.d.preds.jsonl", "name": "r[1]", "file": "d/preds.jsonl", "line": "3",
                            "url": "http://x", "time": "0.500"}
    assert case2.attrib == {"classname": "d.preds.jsonl", "name": "r[1]", "time": "0.750"}


@pytest.mark.parametrize("logging,passing,expected", [
    ("no", True, []), ("system-out", True, ["system-out"]), ("out-err", False, []), ("all", True, ["system-out",
                                                                                                   "system-err"]),
    ("log", True, ["system-out"]), ("system-err", True, ["system-err"])])
def test_captured_text_follows_junit_logging(tmp_path, logging, passing, expected):
    writer = JunitText(tmp_path / "j.xml", logging=logging, log_passing_tests=passing)
    writer.add_case("f::passed", "passed", stdout="out \x07", stderr="err", log="log")
    writer.add_case("f::failed", "failed", text="t", stdout="out \x07", stderr="err", log="log")
    writer.close()
    passed, failed = _cases(tmp_path / "j.xml")[1]
    assert [e.tag for e in passed if e.tag.startswith("system")] == expected
    assert [e.tag for e in failed if e.tag.startswith("system")] == (expected or (
        [] if logging == "no" else ["system-out", "system-err"]))
    if "system-out" in expected and logging != "log":
        assert "out #x07" in passed.find("system-out").text


def test_bad_settings_and_use_after_close(tmp_path):
    with pytest.raises(ValueError, match="junit_family"):
        JunitText(tmp_path / "j.xml", family="xunit3")
    with pytest.raises(ValueError, match="junit_logging"):
        JunitText(tmp_path / "j.xml", logging="stdout")
    writer = JunitText(tmp_path / "j.xml")
    with pytest.raises(ValueError, match="outcome"):
        writer.add_case("f::x", "error")
    writer.close()
    with pytest.raises(ValueError, match="closed"):
        writer.add_case("f::x", "passed")


def test_empty_suite_and_discard(tmp_path):
    JunitText(tmp_path / "empty.xml").close()
    suite, cases = _cases(tmp_path / "empty.xml")
    assert (suite.get("tests"), cases) == ("0", [])
    with JunitText(tmp_path / "sub" / "gone.xml") as writer:
        writer.add_case("f::x", "passed")
        writer.discard()
    assert list((tmp_path / "sub").iterdir()) == []
    with pytest.raises(RuntimeError), JunitText(tmp_path / "raised.xml") as writer:  # an exception: no file
        writer.add_case("f::x", "passed")
        raise RuntimeError
    assert not (tmp_path / "raised.xml").exists()


def test_memory_does_not_grow_with_cases(tmp_path):
    """50,000 cases of ~400 bytes each (20 MB of XML) are written with well under 1 MiB of Python memory at any
    time: the cases go to the spool as they come and are copied from it in blocks."""
    writer = JunitText(tmp_path / "big.xml")
    props = [("status", "wrong"), ("score", 0.0), ("extracted", "A"), ("gold", "B"), ("method", "letter"),
             ("row_id", "x"), ("line", 1)]
    tracemalloc.start()
    try:
        for i in range(50_000):
            writer.add_case(f"preds.jsonl::{i}", "failed" if i % 3 == 0 else "passed", 0.0001,
                            text="wrong: extracted 'A', gold 'B' " + "x" * 100 if i % 3 == 0 else None,
                            properties=props)
        totals = writer.close()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert totals.tests == 50_000 and totals.failures == 16_667
    assert (tmp_path / "big.xml").stat().st_size > 20_000_000
    assert peak < 3 << 20


_PART = st.lists(st.sampled_from(["a", "/", ".py", "::", "[", "]", " ", "&", '"', "<", "\x07", "é", "😀"]),
                 max_size=6).map("".join)
_CASE = st.tuples(st.lists(_PART, min_size=1, max_size=3).map("::".join),
                  st.lists(st.tuples(st.sampled_from(["status", "method", "a&b", '"q"', 7, "é\x07"]),
                                     st.sampled_from(["correct", 1.0, None, "<x>", "\x07"])), max_size=3),
                  st.sampled_from(["passed", "failed", "skipped"]))


def _testcases(writer: JunitText) -> str:
    writer.close(seconds=0.0)
    text = writer.path.read_text(encoding="utf-8")
    return text[text.find("<testcase"):text.rfind("</testsuite>")]


@settings(max_examples=60, deadline=None)
@given(st.lists(_CASE, min_size=1, max_size=6), st.sampled_from([None, "pre"]),
       st.sampled_from(["xunit1", "xunit2"]))
def test_cases_sharing_their_starts_are_the_cases_written_alone(tmp_path_factory, cases, prefix, family):
    """A writer makes the start of a file's cases and of a property once and reuses it: the bytes of cases
    written one after the other are those of each case written by a writer of its own."""
    folder = tmp_path_factory.mktemp("junit")
    together = JunitText(folder / "together.xml", prefix=prefix, family=family, started=0.0)
    alone = []
    for k, (nodeid, properties, outcome) in enumerate(cases):
        together.add_case(nodeid, outcome, 0.5, "why", "text", properties, location=("f.py", 3))
        single = JunitText(folder / f"alone{k}.xml", prefix=prefix, family=family, started=0.0)
        single.add_case(nodeid, outcome, 0.5, "why", "text", properties, location=("f.py", 3))
        alone.append(_testcases(single))
    assert _testcases(together) == "".join(alone)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.integers(), st.floats(allow_nan=True, allow_infinity=True), st.booleans()),
                min_size=1, max_size=5))
def test_number_properties_are_written_as_their_text(tmp_path_factory, values):
    """Numbers (ints, floats, bools) are written as ``str`` gives them, as junitxml writes any property's value,
    and each parses back to that text."""
    path = tmp_path_factory.mktemp("numbers") / "j.xml"
    with JunitText(path) as writer:
        writer.add_case("f.jsonl::row", properties=[(f"p{i}", v) for i, v in enumerate(values)])
    found = [(p.get("name"), p.get("value")) for p in ET.parse(path).getroot().iter("property")]
    assert found == [(f"p{i}", str(v)) for i, v in enumerate(values)]
