"""Probes of the internals fenced in pytest_answerbench/_compat.py: each fails when a pytest, pytest-timeout or
pytest-xdist release moves, renames or changes what the plugin relies on, instead of letting it drift."""

from __future__ import annotations

import inspect
import sys
import threading
import time

import pytest

from pytest_answerbench import _compat


def _parameters(func) -> list[str]:
    return list(inspect.signature(func).parameters)


# -- the lean protocol ---------------------------------------------------------------------------------

def test_lean_protocol_internals_exist():
    assert _compat.LEAN_PROTOCOL
    assert isinstance(_compat.CAPLOG_RECORDS, pytest.StashKey)
    assert isinstance(_compat.CAPLOG_HANDLER, pytest.StashKey)
    from _pytest.runner import call_and_report

    assert _parameters(call_and_report)[:3] == ["item", "when", "log"]
    assert inspect.signature(call_and_report).parameters["log"].default is True


def test_logging_plugin_keeps_per_item_state_under_those_keys(pytester: pytest.Pytester):
    """What the lean protocol imitates: the set-up leaves a dict of records by phase, the teardown removes both
    keys."""
    pytester.makepyfile("""
        from pytest_answerbench import _compat
        SEEN = {}

        def test_during(request):
            SEEN["item"] = request.node
            stash = request.node.stash
            assert set(stash[_compat.CAPLOG_RECORDS]) == {"setup", "call"}
            assert _compat.CAPLOG_HANDLER in stash

        def test_after():
            stash = SEEN["item"].stash
            assert _compat.CAPLOG_RECORDS not in stash and _compat.CAPLOG_HANDLER not in stash
    """)
    pytester.runpytest_inprocess("-p", "no:cacheprovider").assert_outcomes(passed=2)


def test_run_phase_logs_one_report_through_the_hooks(pytester: pytest.Pytester):
    pytester.makeconftest("""
        import pytest
        from pytest_answerbench import _compat
        WHEN = []

        def pytest_runtest_logreport(report):
            WHEN.append(report.when)

        @pytest.hookimpl(tryfirst=True)
        def pytest_runtest_protocol(item, nextitem):
            item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
            for when in ("setup", "call"):
                _compat.call_and_report(item, when, True)
            _compat.call_and_report(item, "teardown", True, nextitem=nextitem)
            item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
            return True

        def pytest_unconfigure():
            assert WHEN == ["setup", "call", "teardown"], WHEN
    """)
    pytester.makepyfile("def test_one(): pass")
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
    assert "cannot be found in this hook call" not in result.stdout.str()  # the teardown got its nextitem


def test_passed_phase_report_carries_the_items_captured_sections():
    class Holder:
        nodeid, location, user_properties = "f::row", ("f", 0, "row"), [("k", "v")]

    holder = Holder()
    holder._report_sections = []  # type: ignore[attr-defined]
    pytest.Item.add_report_section(holder, "call", "stdout", "printed")  # type: ignore[arg-type]
    report = _compat.passed_phase_report(holder, {"row": 1}, "teardown")  # type: ignore[arg-type]
    assert report.sections == [("Captured stdout call", "printed")] and report.capstdout == "printed"
    assert (report.when, report.outcome, report.user_properties) == ("teardown", "passed", [("k", "v")])


def test_test_report_takes_the_keywords_used():
    assert {"nodeid", "location", "keywords", "outcome", "longrepr", "when", "sections", "duration", "start",
            "stop", "user_properties"} <= set(_parameters(pytest.TestReport))


def test_item_location_is_pytests_own_worked_out_afresh(pytester: pytest.Pytester):
    pytester.mkpydir("sub")
    items = pytester.getitems("""
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

def test_junit_logger_writes_test_cases(pytester: pytest.Pytester):
    pytester.makeconftest("""
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
    pytester.makepyfile("def test_one(): pass")
    pytester.runpytest_inprocess("-p", "no:cacheprovider", "--junitxml=j.xml")
    xml = (pytester.path / "j.xml").read_text()
    assert 'name="case"' in xml and "gate failed" in xml
    assert _compat.junit_logger(pytester.parseconfigure()) is None  # no --junitxml


def test_junitxml_keeps_finished_cases_in_its_ordered_list_and_iterates_it_to_write(pytester: pytest.Pytester):
    """What junitspool.py relies on: ``LogXML.node_reporters_ordered`` is a list whose finished reporters hold
    only ``to_xml``, and the file is written by iterating it (a spooled list's placeholder ends up in the file)."""
    pytester.makeconftest("""
        import io, json, pytest
        from pytest_answerbench import _compat

        @pytest.hookimpl(trylast=True)
        def pytest_sessionstart(session):
            session.config._probe_cases = _compat.spool_junit_cases(session.config, io.StringIO())

        @pytest.hookimpl(tryfirst=True)
        def pytest_sessionfinish(session):
            cases = session.config._probe_cases
            spooled = cases.sweep()
            with open("probe.json", "w") as fh:
                json.dump({"spooled": spooled, "text": cases.spool.getvalue(),
                           "logfile": _compat.junit_logfile(session.config)}, fh)
    """)
    pytester.makepyfile("def test_one(): pass\ndef test_two(): assert 0\n")
    pytester.runpytest_inprocess("-p", "no:cacheprovider", "--junitxml=j.xml")
    import json

    probe = json.loads((pytester.path / "probe.json").read_text())
    assert probe["spooled"] == 2 and probe["text"].count("<testcase ") == 2 and "<failure" in probe["text"]
    assert probe["logfile"] == str(pytester.path / "j.xml")
    xml = (pytester.path / "j.xml").read_text()
    assert f"<{_compat.SPOOL_TAG} />" in xml and "<testcase " not in xml
    assert _compat.spool_junit_cases(pytester.parseconfigure(), None) is None  # no --junitxml


def test_terminal_keeps_passed_phase_reports_under_the_empty_key(pytester: pytest.Pytester):
    """What ``drop_passed_phase_reports`` relies on: passed set-up and teardown reports are kept under "",
    which the summary line does not count."""
    pytester.makeconftest("""
        import json, pytest
        from pytest_answerbench import _compat

        @pytest.hookimpl(tryfirst=True)
        def pytest_sessionfinish(session):
            stats = session.config.pluginmanager.get_plugin("terminalreporter").stats
            with open("probe.json", "w") as fh:
                json.dump({key: [r.when for r in stats.get(key, [])] for key in ("", "passed")}, fh)
    """)
    pytester.makepyfile("def test_one(): pass\n")
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    import json

    assert json.loads((pytester.path / "probe.json").read_text()) == {"": ["setup", "teardown"], "passed": ["call"]}
    result.assert_outcomes(passed=1)
    config = pytester.parseconfigure()
    assert _compat.drop_passed_phase_reports(config)
    stats = config.pluginmanager.get_plugin("terminalreporter").stats
    stats[""].extend([object()])
    assert stats[""] == [] and "" in stats


_TERMINAL_PROBE = """
    import json, pytest
    from pytest_answerbench import _compat
    SEEN, PHASES = [], []

    def pytest_runtest_logreport(report):
        SEEN.append(report.when)
        if report.when != "call":
            PHASES.append(report)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionstart(session):
        assert _compat.drop_passed_phase_reports(session.config)

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(session):
        config = session.config
        statuses = [list(config.hook.pytest_report_teststatus(report=r, config=config)) for r in PHASES]
        caller = _compat.logreport_past_terminal(config, session.ihook, "pytest_answerbench")
        stats = config.pluginmanager.get_plugin("terminalreporter").stats
        before, seen = len(stats["passed"]), len(SEEN)
        if caller is not None:
            caller(report=PHASES[0])
            PHASES[0].when = "call"  # a report the terminal would count, were it called
            caller(report=PHASES[0])
        with open("probe.json", "w") as fh:
            json.dump({"statuses": statuses, "caller": caller is not None, "terminal": len(stats["passed"]) - before,
                       "listener": len(SEEN) - seen}, fh)
"""


def test_terminal_gives_passed_phase_reports_no_status_and_the_past_terminal_caller_leaves_it_out(
        pytester: pytest.Pytester):
    """What lean.py's set-up and teardown reports rely on: pytest's own ``pytest_report_teststatus``
    implementers give a passed set-up or teardown report no letter and no word (the terminal files it under ""
    and returns), and ``logreport_past_terminal`` calls the report hook's other implementers only; with a
    conftest.py implementing ``pytest_report_teststatus`` there is no such caller."""
    import json
    import textwrap

    pytester.makeconftest(textwrap.dedent(_TERMINAL_PROBE))
    pytester.makepyfile("def test_one(): pass\n")
    pytester.runpytest_inprocess("-p", "no:cacheprovider").assert_outcomes(passed=1)
    probe = json.loads((pytester.path / "probe.json").read_text())
    assert probe == {"statuses": [["", "", ""], ["", "", ""]], "caller": True, "terminal": 0, "listener": 2}
    pytester.makeconftest(textwrap.dedent(_TERMINAL_PROBE) + "\ndef pytest_report_teststatus(report, config):\n    return None\n")
    pytester.runpytest_inprocess("-p", "no:cacheprovider").assert_outcomes(passed=1)
    assert json.loads((pytester.path / "probe.json").read_text())["caller"] is False


def test_log_report_formatter_formats_records_as_the_captured_log_section(pytester: pytest.Pytester):
    """What lean.py's direct call relies on: the logging plugin's report handler's formatter makes the
    "Captured log call" section (records formatted, joined by new lines, stripped)."""
    pytester.makeconftest("""
        import json, logging
        from pytest_answerbench import _compat
        SEEN = {}

        def pytest_runtest_logreport(report):
            if report.when == "call":
                SEEN["section"] = dict(report.sections).get("Captured log call")

        def pytest_sessionfinish(session):
            formatter = _compat.log_report_formatter(session.config)
            record = logging.LogRecord("mine", logging.WARNING, __file__, 1, "said %s", ("so",), None)
            SEEN["formatted"] = formatter.format(record)
            with open("probe.json", "w") as fh:
                json.dump(SEEN, fh)
    """)
    pytester.makepyfile("import logging\ndef test_one():\n    logging.getLogger('mine').warning('said %s', 'so')\n")
    pytester.runpytest_inprocess("-p", "no:cacheprovider", "--log-format", "%(levelname)s/%(name)s/%(message)s")
    import json

    probe = json.loads((pytester.path / "probe.json").read_text())
    assert probe["formatted"] == probe["section"] == "WARNING/mine/said so"
    assert _compat.log_report_formatter(pytester.parseconfigure("-p", "no:logging")) is None


# -- whole-process detection ------------------------------------------------------------------------------------

def test_process_detection_tells_the_console_from_a_nested_run(pytester: pytest.Pytester):
    pytester.makeconftest("""
        from pytest_answerbench import _compat

        def pytest_unconfigure(config):
            with open("ends.txt", "w") as fh:
                fh.write(str(_compat.process_ends_with_run()))
    """)
    pytester.makepyfile("def test_one(): pass")
    pytester.runpytest_subprocess()
    assert (pytester.path / "ends.txt").read_text() == "True"
    pytester.runpytest_inprocess("-p", "no:cacheprovider")
    assert (pytester.path / "ends.txt").read_text() == "False"
    from _pytest import config, main

    assert callable(config.console_main) and callable(main.wrap_session)


# -- pytest's option dests ----------------------------------------------------------------------------------------

def test_core_option_dests_and_defaults(pytester: pytest.Pytester):
    config = pytester.parseconfig()
    assert config.option.tbstyle == "auto" and config.option.reportchars == "fE"
    assert config.option.xmlpath is None and config.option.fulltrace is False
    assert not _compat.shows_fixtures(config) and not _compat.junit_requested(config)
    assert _compat.shows_fixtures(pytester.parseconfig("--setup-plan"))
    assert _compat.junit_requested(pytester.parseconfig("--junitxml=x.xml"))
    assert _compat.junit_path(config) is None
    assert _compat.junit_path(pytester.parseconfig("--junitxml=x.xml")) == "x.xml"
    assert _compat.tracebacks_off(pytester.parseconfig("--tb=no"))
    assert not _compat.collect_only(config) and _compat.collect_only(pytester.parseconfig("--collect-only"))
    _compat.quiet_failures(config)
    assert (config.option.tbstyle, config.option.reportchars) == ("no", "")
    explicit = pytester.parseconfig("--tb=short", "-rA")
    _compat.quiet_failures(explicit)
    assert (explicit.option.tbstyle, explicit.option.reportchars) == ("short", "A")


# -- hook implementers --------------------------------------------------------------------------------------------

def test_hook_implementers_name_plugins_and_wrappers(pytester: pytest.Pytester):
    config = pytester.parseconfigure()
    found = list(_compat.hook_implementers(config.hook, "pytest_runtest_protocol"))
    packages = {(_compat.package_of(plugin), wrapper) for plugin, wrapper in found}
    assert ("_pytest", False) in packages  # pytest's own runner
    assert any(wrapper for _, wrapper in found)  # e.g. the faulthandler or warnings wrappers
    assert config.pluginmanager.list_plugin_distinfo()


# -- pytest-timeout ---------------------------------------------------------------------------------------------

def test_first_implementer_is_the_one_pluggy_calls_first(pytester: pytest.Pytester):
    """What lean.py's direct timer calls rely on: the implementation called first is the last of
    ``get_hookimpls()`` (tryfirst ones after the others, the later registered after the earlier)."""
    config = pytester.parseconfigure()
    config.pluginmanager.unregister(name="terminalreporter")  # it needs a session to count deselected items
    called = []

    def plugin(name: str, tryfirst: bool):
        class Plugin:
            @pytest.hookimpl(tryfirst=tryfirst)
            def pytest_deselected(self, items):
                called.append(name)

        obj = Plugin()
        config.pluginmanager.register(obj, name)
        return obj

    plugin("early-tryfirst", True)
    plugin("plain", False)
    late = plugin("late-tryfirst", True)
    config.hook.pytest_deselected(items=[])
    assert called == ["late-tryfirst", "early-tryfirst", "plain"]
    assert _compat.first_implementer(config.hook, "pytest_deselected") is late


def test_pytest_timeout_functions_and_message():
    import pytest_timeout

    assert _parameters(pytest_timeout.timeout_sigalrm) == ["item", "settings"]
    assert _parameters(pytest_timeout.timeout_timer) == ["item", "settings"]
    assert pytest_timeout.PYTEST_FAILURE_MESSAGE.startswith(_compat.TIMEOUT_PREFIX)
    assert {"timeout", "method"} <= set(pytest_timeout.Settings._fields)


def test_pytest_timeout_session_limit_from_option_or_ini(pytester: pytest.Pytester):
    assert not _compat.session_time_limit(pytester.parseconfig())
    assert _compat.session_time_limit(pytester.parseconfig("--session-timeout", "5"))
    pytester.makeini("[pytest]\nsession_timeout = 7\n")
    assert _compat.session_time_limit(pytester.parseconfig())
    assert not _compat.session_time_limit(pytester.parseconfig("-p", "no:timeout"))


# -- what crosses from a worker to the controller --------------------------------------------------------------

def test_a_reports_record_survives_serialisation(pytester: pytest.Pytester):
    config = pytester.parseconfigure()
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
