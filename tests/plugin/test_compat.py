"""Probes of the internals fenced in pytest_answerbench/_compat.py: each fails when a pytest, pytest-timeout or
pytest-xdist release moves, renames or changes what the plugin relies on, instead of letting it drift."""

from __future__ import annotations

import inspect
import sys
import threading
import time

import pytest

from pytest_answerbench import _compat


class _NoExtraCollections:
    """pytester's own runs skip the five full garbage collections pytest makes when a config is cleaned up (its
    ``gc_collect_iterations_key``, set to 0 by ``runpytest_inprocess``); the configs this file makes with
    ``parseconfig``, ``parseconfigure`` and ``getitems`` skip them the same way. With the whole suite loaded in
    the process those collections took 2.5-3.1 s a test (in its teardown)."""

    @staticmethod
    def pytest_configure(config: pytest.Config) -> None:
        try:
            from _pytest.unraisableexception import gc_collect_iterations_key
        except ImportError:  # older pytest: no such collections to skip
            return
        config.stash[gc_collect_iterations_key] = 0


@pytest.fixture
def config_pytester(pytester: pytest.Pytester) -> pytest.Pytester:
    """``pytester`` for the tests that make configs in this process (its plugins go to those configs; a subprocess
    run takes plugins by name only, so the tests that start one use plain ``pytester``)."""
    pytester.plugins.append(_NoExtraCollections())
    return pytester


def _parameters(func) -> list[str]:
    return list(inspect.signature(func).parameters)


# -- what _compat.py may touch -----------------------------------------------------------------------------------

# Every internal of pytest, pytest-timeout and pytest-xdist that _compat.py reaches: the names it imports from their
# private modules, the private attributes it reads, and every attribute or item of an object it did not make that it
# writes. Rows run through pytest's own runner: nothing here replaces another plugin's objects (the one patch left,
# xdist's ``make_reltoroot`` for remote workers, is listed with its own probes below). A new entry must be added here
# with a probe of its own.
INTERNALS = {
    "from _pytest._code.code import filter_traceback",  # UserFramesTraceback
    "from _pytest.junitxml import xml_key",  # junit_logger (the gates' JUnit test cases), take_junit
    "from _pytest.junitxml import bin_xml_escape",  # junit_escapes (a version probe for report/junit_text.py)
    "from _pytest.junitxml import LogXML",  # junit_suites_named (a version probe: its source read as text)
    "write config.stash[_XML_KEY]",  # take_junit: streamed mode writes the JUnit file itself
    "from _pytest.mark.expression import Expression",  # keyword_expression (streamed mode's -k per row)
    "import pytest_timeout",  # timeout_sigalrm, timeout_timer (outside its __all__)
    "from xdist import workermanage",  # pass_unsynced_args
    "attribute _fixturemanager",  # file_fixtureinfo
    "attribute _current_frames",  # main_thread_frame (CPython's sys._current_frames)
    "write config.option.tbstyle",  # quiet_failures: pytest's own option dests
    "write config.option.reportchars",
    "write config.option.keyword",  # take_keyword: streamed mode applies -k to each row
    "write data['nodeid']",  # row_report_data: a streamed row's report data from a worker, named for its row
    "write node.workerinput[key]",  # send_to_worker: xdist's documented channel to a worker
    "write output[key]",  # set_worker_output: config.workeroutput, the same channel back
    "write workermanage.make_reltoroot",  # pass_unsynced_args, and its restore
    "write make_reltoroot.answerbench_original",  # (our own function's marker)
    "attribute _report_status",  # last_failed_status: pytest's --lf/--ff line (lfplugin)
    "setattr config.pluginmanager.get_plugin('lfplugin')",  # set_last_failed_status: streamed --lf/--ff counts rows
}


def _touched() -> set[str]:
    import ast

    tree = ast.parse(inspect.getsource(_compat))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in ("_pytest", "xdist",
                                                                                       "pytest_timeout"):
            found |= {f"from {node.module} import {alias.name}" for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {f"import {alias.name}" for alias in node.names
                      if alias.name.split(".")[0] in ("_pytest", "xdist", "pytest_timeout")}
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            found.add(f"attribute {node.attr}")
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            found |= {f"write {ast.unparse(t)}" for t in targets if isinstance(t, (ast.Attribute, ast.Subscript))}
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("setattr", "delattr"):
            found.add(f"{node.func.id} {ast.unparse(node.args[0])}")
    return found


def test_compat_touches_only_the_listed_internals():
    assert _touched() == INTERNALS


def test_the_internals_check_sees_a_patch(monkeypatch):
    """The check above fails on what the lean protocol once did: another plugin's object replaced."""
    source = inspect.getsource(_compat) + "\n\ndef spool(xml, cases):\n    xml.node_reporters_ordered = cases\n"
    monkeypatch.setattr(inspect, "getsource", lambda obj: source)
    assert _touched() - INTERNALS == {"write xml.node_reporters_ordered"}


def test_test_report_takes_the_keywords_used():
    assert {"nodeid", "location", "keywords", "outcome", "longrepr", "when", "sections", "duration", "start",
            "stop", "user_properties"} <= set(_parameters(pytest.TestReport))


def test_item_location_is_pytests_own_worked_out_afresh(config_pytester: pytest.Pytester):
    config_pytester.mkpydir("sub")
    items = config_pytester.getitems("""
        def test_one():
            pass
    """)
    item = items[0]
    item.__dict__.pop("location", None)
    fresh = _compat.item_location(item)
    assert "location" not in item.__dict__  # worked out, not cached on the item
    assert fresh == item.location and fresh[2] == "test_one" and fresh[1] == 0


# -- one fixture closure per file ------------------------------------------------------------------------

def test_fixture_closure_of_a_file(pytester: pytest.Pytester):
    pytester.makeconftest("""
        import pytest
        from pytest_answerbench import _compat

        @pytest.fixture
        def extra():
            return 1

        def needs(extra, tmp_path):
            assert extra == 1 and tmp_path.is_dir()

        class File(pytest.File):
            def collect(self):
                info = _compat.file_fixtureinfo(self, needs)
                assert {"extra", "tmp_path"} <= set(info.names_closure)
                yield _compat.function_item(pytest.Function, self, "row", needs, info)

        def pytest_collect_file(file_path, parent):
            if file_path.suffix == ".rows":
                return File.from_parent(parent, path=file_path)
    """)
    pytester.makefile(".rows", data="x")
    pytester.runpytest_inprocess("-p", "no:cacheprovider").assert_outcomes(passed=1)


def test_function_items_take_a_shared_fixture_info():
    assert {"callobj", "fixtureinfo"} <= set(_parameters(pytest.Function.__init__))


# -- row tracebacks ----------------------------------------------------------------------------------------

def test_traceback_filter_is_the_hook_pytest_calls():
    from _pytest import nodes

    assert _parameters(nodes.Node._traceback_filter) == ["self", "excinfo"]
    assert "self._traceback_filter" in inspect.getsource(nodes.Node._repr_failure_py)
    assert _compat._filter_traceback is not None


def test_user_frames_traceback_drops_pytests_frames(pytester: pytest.Pytester):
    pytester.makeconftest("""
        import pytest
        from pytest_answerbench import _compat

        class Row(_compat.UserFramesTraceback, pytest.Item):
            def runtest(self):
                raise ValueError("user code failed")

        class File(pytest.File):
            def collect(self):
                yield Row.from_parent(self, name="row")

        def pytest_collect_file(file_path, parent):
            if file_path.suffix == ".rows":
                return File.from_parent(parent, path=file_path)
    """)
    pytester.makefile(".rows", data="x")
    short = pytester.runpytest_inprocess("-p", "no:cacheprovider", "--tb=long")
    full = pytester.runpytest_inprocess("-p", "no:cacheprovider", "--tb=long", "--fulltrace")
    assert "ValueError: user code failed" in short.stdout.str()
    assert "_pytest/runner.py" in full.stdout.str() and "_pytest/runner.py" not in short.stdout.str()


# -- JUnit gate test cases --------------------------------------------------------------------------------------

def test_junit_logger_writes_test_cases(config_pytester: pytest.Pytester):
    config_pytester.makeconftest("""
        import pytest
        from pytest_answerbench import _compat

        @pytest.hookimpl(tryfirst=True)  # before junitxml writes its file, as the run's own hook
        def pytest_sessionfinish(session):
            log = _compat.junit_logger(session.config)
            for when, outcome in (("call", "failed"), ("teardown", "passed")):
                log(pytest.TestReport(nodeid="extra::case", location=("extra", None, "case"), keywords={},
                                      outcome=outcome, longrepr="gate failed" if when == "call" else None,
                                      when=when))
    """)
    config_pytester.makepyfile("def test_one(): pass")
    config_pytester.runpytest_inprocess("-p", "no:cacheprovider", "--junitxml=j.xml")
    xml = (config_pytester.path / "j.xml").read_text()
    assert 'name="case"' in xml and "gate failed" in xml
    assert _compat.junit_logger(config_pytester.parseconfigure()) is None  # no --junitxml


# -- pytest's option dests ----------------------------------------------------------------------------------------

def test_core_option_dests_and_defaults(config_pytester: pytest.Pytester):
    config = config_pytester.parseconfig()
    assert config.option.tbstyle == "auto" and config.option.reportchars == "fE"
    assert config.option.xmlpath is None and config.option.fulltrace is False
    assert not _compat.junit_requested(config)
    assert _compat.junit_requested(config_pytester.parseconfig("--junitxml=x.xml"))
    assert _compat.junit_path(config) is None
    assert _compat.junit_path(config_pytester.parseconfig("--junitxml=x.xml")) == "x.xml"
    assert _compat.tracebacks_off(config_pytester.parseconfig("--tb=no"))
    assert not _compat.collect_only(config) and _compat.collect_only(config_pytester.parseconfig("--collect-only"))
    _compat.quiet_failures(config)
    assert (config.option.tbstyle, config.option.reportchars) == ("no", "")
    explicit = config_pytester.parseconfig("--tb=short", "-rA")
    _compat.quiet_failures(explicit)
    assert (explicit.option.tbstyle, explicit.option.reportchars) == ("short", "A")


# -- pytest-timeout ---------------------------------------------------------------------------------------------

def test_pytest_timeout_functions_and_message():
    import pytest_timeout

    assert _parameters(pytest_timeout.timeout_sigalrm) == ["item", "settings"]
    assert _parameters(pytest_timeout.timeout_timer) == ["item", "settings"]
    assert pytest_timeout.PYTEST_FAILURE_MESSAGE.startswith(_compat.TIMEOUT_PREFIX)
    assert {"timeout", "method"} <= set(pytest_timeout.Settings._fields)


# -- what crosses from a worker to the controller --------------------------------------------------------------

def test_a_reports_record_survives_serialisation(config_pytester: pytest.Pytester):
    config = config_pytester.parseconfigure()
    report = pytest.TestReport(nodeid="f::row", location=("f", 0, "row"), keywords={}, outcome="passed",
                               longrepr=None, when="call")
    setattr(report, _compat.RECORD, {"id": "row", "status": "correct"})
    data = config.hook.pytest_report_to_serializable(config=config, report=report)
    back = config.hook.pytest_report_from_serializable(config=config, data=data)
    assert getattr(back, _compat.RECORD) == {"id": "row", "status": "correct"}


def test_xdist_marks_reports_with_the_worker_node():
    from xdist import dsession

    source = inspect.getsource(dsession.DSession.worker_testreport)
    assert "rep.node = node" in source
    assert "gateway" in inspect.getsource(__import__("xdist.workermanage", fromlist=["x"]).WorkerController)

    class Gateway:
        id = "gw1"

    class Node:
        gateway = Gateway()

    assert "rep.node = node" in source and _compat.XDIST_NODE == "node"
    assert _compat.worker_id(Node()) == "gw1"


def test_xdist_registers_its_controller_session_as_dsession(pytester: pytest.Pytester):
    """``_compat.is_controller``: xdist's plugin registers ``DSession`` under that name with ``-n``/``--tx``."""
    from xdist import plugin as xdist_plugin

    assert '"dsession"' in inspect.getsource(xdist_plugin.pytest_configure)
    pytester.makepyfile("def test_one():\n    pass\n")
    pytester.makeconftest(
        "from pytest_answerbench import _compat\n"
        "def pytest_sessionstart(session):\n"
        "    if not _compat.is_worker(session.config):\n"
        "        print('CONTROLLER', _compat.is_controller(session.config))\n")
    assert "CONTROLLER True" in pytester.runpytest_subprocess("-n", "1", "-s").stdout.str()
    assert "CONTROLLER False" in pytester.runpytest("-s").stdout.str()


def test_xdist_sends_workerinput_after_configure_node_and_rewrites_args_through_make_reltoroot():
    from xdist import newhooks, workermanage

    assert _parameters(newhooks.pytest_configure_node) == ["node"]
    setup = inspect.getsource(workermanage.WorkerController.setup)
    # the arguments go through the module's make_reltoroot (looked up when called), then the hook, then the send
    assert setup.index("make_reltoroot(") < setup.index("pytest_configure_node") < setup.index("self.workerinput")
    assert "self.workerinput = {" in inspect.getsource(workermanage.WorkerController.__init__)

    class Node:
        workerinput: dict = {}

    node = Node()
    _compat.send_to_worker(node, "key", ["a"])
    assert node.workerinput == {"key": ["a"]}


def test_unsynced_args_pass_unchanged_and_xdist_is_restored(tmp_path):
    from xdist import workermanage

    original = workermanage.make_reltoroot
    root, outside = tmp_path / "root", tmp_path / "outside.jsonl"
    root.mkdir()
    (root / "in.jsonl").write_text("")
    outside.write_text("")
    args = [str(root / "in.jsonl"), str(outside), "--bench-report=r.json"]
    with pytest.raises(ValueError, match="not relative to an rsync root"):
        original([root], args)
    restore = _compat.pass_unsynced_args()
    assert restore is not None
    try:
        assert _compat.pass_unsynced_args() is None  # installed once
        assert workermanage.make_reltoroot([root], args) == ["root/in.jsonl", str(outside), "--bench-report=r.json"]
    finally:
        restore()
    assert workermanage.make_reltoroot is original


def test_file_collectors_take_a_nodeid():
    from _pytest.nodes import FSCollector

    assert "nodeid" in _parameters(FSCollector.__init__)


# -- interrupting the main thread ------------------------------------------------------------------------------------

class _Interrupt(BaseException):
    pass


@pytest.mark.skipif(sys.implementation.name != "cpython", reason="PyThreadState_SetAsyncExc is CPython's")
def test_raise_in_main_thread_interrupts_pure_python_work():
    timer = threading.Timer(0.05, _compat.raise_in_main_thread, args=(_Interrupt,))
    timer.start()
    deadline = time.monotonic() + 5
    with pytest.raises(_Interrupt):
        while time.monotonic() < deadline:
            pass
    timer.join()


def test_keyword_expression_is_pytests_own():
    evaluate = _compat.keyword_expression("MMStar and not 3")
    assert evaluate(lambda name: name in ("MMStar", "12")) is True
    assert evaluate(lambda name: name in ("MMStar", "3")) is False
    with pytest.raises(pytest.UsageError, match="Wrong expression passed to '-k'"):
        _compat.keyword_expression("and and")


def test_take_junit_leaves_the_file_to_the_plugin(pytester: pytest.Pytester):
    """With junitxml's plugin taken out, it writes no file and its own clean-up still ends the run well."""
    pytester.makeconftest("from pytest_answerbench import _compat\n"
                          "def pytest_sessionstart(session):\n"
                          "    assert _compat.take_junit(session.config)\n"
                          "    assert not _compat.take_junit(session.config)\n")
    pytester.makepyfile("def test_one():\n    pass\n")
    result = pytester.runpytest("--junitxml=out.xml", "-p", "no:cacheprovider")
    assert result.ret == 0
    assert not (pytester.path / "out.xml").exists()


def test_a_serialised_report_names_its_node_under_nodeid():
    report = pytest.TestReport(nodeid="chunk", location=("f", 0, "chunk"), keywords={}, outcome="passed",
                               longrepr=None, when="call")
    setattr(report, _compat.ROW_NODEID, "preds.jsonl::7")
    data = report._to_json()
    assert data["nodeid"] == "chunk"
    _compat.row_report_data(data)
    assert pytest.TestReport._from_json(data).nodeid == "preds.jsonl::7"


def test_the_last_failed_status_is_the_line_pytest_prints(pytester: pytest.Pytester):
    """``lfplugin``'s status is what pytest prints after "run-last-failure:", and setting it changes the line."""
    pytester.makepyfile("def test_one():\n    assert False\n\ndef test_two():\n    pass\n")
    pytester.runpytest("-p", "no:randomly")
    pytester.makeconftest("""
import pytest
from pytest_answerbench import _compat

@pytest.hookimpl(tryfirst=True)
def pytest_collection_finish(session):
    assert _compat.last_failed_status(session.config) == "rerun previous 1 failure"
    assert _compat.set_last_failed_status(session.config, "rerun previous 7 failures")
""")
    result = pytester.runpytest("--lf", "-p", "no:randomly")
    result.stdout.fnmatch_lines(["run-last-failure: rerun previous 7 failures"])
    result.assert_outcomes(failed=1)


def test_the_root_element_is_named_as_junitxml_names_it(pytester: pytest.Pytester):
    """The probe streamed mode's JUnit writer follows: what the installed junitxml writes as its root element."""
    pytester.makepyfile("def test_one():\n    pass\n")
    pytester.runpytest("--junitxml=out.xml", "-p", "no:randomly")
    head = (pytester.path / "out.xml").read_text(encoding="utf-8")[:200]
    assert ('<testsuites name="pytest tests">' in head) is _compat.junit_suites_named()
    assert ("<testsuites>" in head) is not _compat.junit_suites_named()

