"""Collection: a prediction file becomes a ``PredictionFile`` whose rows become row items.

What the files hold (rows, ids, shards, the gold join, the shape check) is decided by ``inputs/``, without
pytest: ``Collection.plan`` (an ``inputs.InputPlan``) gives each file's rows, and this module turns them into
items. Where a conftest.py overrides a ``bench_*`` fixture (or an autouse fixture applies), rows are
``RowItem``s: ``pytest.Function`` objects built from one shared callable, so they request the fixtures, with the
fixture closure computed once per file, not once per row. Otherwise rows are ``FastRowItem``s, plain items
scored by the run's own scorer (``fixtures.RowScoring``) without pytest's per-item fixture machinery. A row
that cannot be read or lacks a required field becomes an item that errors in setup with ``file:line`` and the
problem; the other rows still run. JSONL rows are re-read from their byte span when the item runs, so large
files are not kept in memory.

``Collection`` is the run's collection, registered as a plugin: which files are prediction files, the fixture
closure shared by a file's rows, ``--bench-select``, and the judge prefetch over the collected rows. A row item
hands its row and verdict to the run through the plugin's own hook ``pytest_answerbench_row_scored``
(hooks.py). Every row item is run by pytest's own runner, phase by phase, as any test item is.
"""

from __future__ import annotations

import gc
import inspect
import os
import time
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

import pytest

from . import _compat, fixtures, scorers
from .bounded import Limits
from .inputs import InputPlan, ReaderError, Sample, file_problem, prediction_paths, sample_row
from .inputs.shape import FieldCheck
from .judge import JudgeFatalError
from .judge.deadline import row_budget
from .options import samples_problem
from .report import ReportError, load_report
from .report._fmt import short_repr
from .report.paired import benchmark_mismatch, current_ids
from .scoring import coerce_verdict, judge_budget, make_context
from .text.printable import printable
from .timeguard import ROW_WORK, ScoreTimeout, ThreadTimeout, deadline
from .verdict import CORRECT, Verdict

if TYPE_CHECKING:
    from .fixtures import RowScoring
    from .options import Settings
    from .spec import BenchmarkSpec

# rows collected between two freezes of what the collection made (PredictionFile.collect): 2,000, not more, or the
# full collections during the collection of 10,000 rows walk every item made so far (two of them: 0.2 s)
FREEZE_ROWS = 2_000

#: The ``workerinput`` key under which xdist's controller sends each worker the prediction files' names.
FILE_NAMES = "answerbench_files"

def _row_test(bench_row, bench_scorer):  # noqa: ARG001 - declares the fixtures every row item requests
    """One prediction row, scored by the benchmark's scorer."""


def _row_test_fast(bench_scorer):  # noqa: ARG001
    """The same, when ``bench_row`` is the plugin's own: the row is read directly, saving a per-item
    fixture setup (a third of the per-row cost for cheap benchmarks)."""


class RowMismatch(Exception):
    """A row's answer was judged wrong (or partly right). Carries the verdict; shown without a traceback.

    The plugin's own items do not raise it (their reports are marked failed directly); a user's code may.
    """

    def __init__(self, verdict: Verdict):
        super().__init__(verdict.status)
        self.verdict = verdict


class PredictionFile(pytest.File):
    """A prediction file given to ``--bench``."""

    collection: "Collection"

    @cached_property
    def ihook(self) -> Any:
        """The file's hook proxy, worked out once (pytest works a node's out at every hook call from its path's
        conftest.py files; the file's rows share it, being at the same path: three calls a row)."""
        return self.session.gethookproxy(self.path)

    @property
    def display_name(self) -> str:
        """The file as node ids and report rows name it (one string shared by all its rows)."""
        try:
            return self._display_name
        except AttributeError:
            self._display_name: str = self.nodeid.split("::")[0] or str(self.path)
            return self._display_name

    def collect(self) -> Iterator["RowItem"]:
        self._rows: list[Any] = []
        self._fd: int | None = None
        make = RowBase.make
        # The first rows' items are held until the required-field check has seen them (FieldCheck).
        plan = self.collection.plan
        check: FieldCheck | None = FieldCheck(self.display_name, self.collection.spec,
                                              shape=self.collection.shape_check,
                                              fields=() if plan.harness_of(self.path) else plan.fields)
        held: list[RowBase] = []
        made = 0
        for name, line, ref, row_id, problem, sample in self.collection.plan.rows(
                self.path, self.display_name, self._rows, check=check, on_empty=self._no_rows):
            item = make(self, name, line, ref=ref, row_id=row_id, problem=problem, sample=sample)
            made += 1
            if made % FREEZE_ROWS == 0 and gc.isenabled():
                # The items live until the run ends: out of the collector's way already (run.py freezes all of
                # them once collected), or each full collection walks every item made so far again.
                gc.freeze()
            if check is None:
                yield item
                continue
            held.append(item)
            if check.rows >= check.SAMPLE:
                self._stop_unless_fields_fit(check)
                check = None
                yield from held
                held = []
        if check is not None:
            self._stop_unless_fields_fit(check)
            yield from held

    def _no_rows(self) -> None:
        raise self.CollectError(f"{self.display_name}: the file has no rows (nothing to score)")

    def _stop_unless_fields_fit(self, check: FieldCheck) -> None:
        problem = check.problem()
        if problem:
            raise self.CollectError(problem)

    def load_row(self, ref: Any) -> dict[str, Any]:
        if isinstance(ref, tuple):
            if self._fd is None:
                self._fd = os.open(self.path, os.O_RDONLY)
            return self.collection.plan.load_span(self._fd, ref)
        return self._rows[ref]

    def teardown(self) -> None:
        if getattr(self, "_fd", None) is not None:
            os.close(self._fd)
            self._fd = None


class RowBase(_compat.UserFramesTraceback):
    """What every row item has: where its row is, how it reads it, how it is shown.

    Two kinds of items share it. ``RowItem`` is a ``pytest.Function`` that requests the ``bench_*`` fixtures
    (so a conftest.py can override them, and autouse fixtures run). ``FastRowItem`` is a plain ``pytest.Item``,
    used for a file whose fixture closure holds nothing but the plugin's own fixtures: it takes the scorer
    from the run's ``RowScoring``, skipping pytest's per-item fixture machinery (a third of a cheap row's cost).
    """

    parent: PredictionFile
    row_ref: Any
    row_line: int
    row_id: str
    problem: str | None
    sample: Sample | None  # which sample of which question the row is (None: a row of its own)

    @classmethod
    def make(cls, parent: PredictionFile, name: str, line: int, *, ref: Any = None, row_id: str | None = None,
             problem: str | None = None, sample: Sample | None = None) -> "RowBase":
        callobj, info = parent.collection.fixtureinfo(parent)
        item: RowBase
        if info is None:
            item = FastRowItem.from_parent(parent, name=name)
        else:
            item = _compat.function_item(RowItem, parent, name, callobj, info)
        item.row_ref = ref
        item.row_line = line
        item.row_id = row_id if row_id is not None else name
        item.problem = problem
        item.sample = sample
        return item

    @property
    def ihook(self) -> Any:
        """The hook proxy of the row's file (pytest's would be worked out for the same path)."""
        return self.parent.ihook

    # Hashed by identity, as they compare (pytest's nodes hash their node id in Python: pytest's item reordering
    # alone hashes every item 17 times, a quarter of collecting 100,000 rows; node ids are unique anyway).
    __hash__ = object.__hash__

    def reportinfo(self):
        return self.path, max(self.row_line - 1, 0), f"{self.row_id} ({self.path.name}:{self.row_line})"

    @cached_property
    def location(self) -> tuple[str, int | None, str]:
        """pytest's ``(relfspath, lineno, testname)`` from ``reportinfo``, the file's relative path worked out once
        per file (pytest's own works it out for every item: 4% of a cheap row)."""
        parent = self.parent
        relpath = parent.__dict__.get("_row_relpath")
        if relpath is None:
            relpath = parent._row_relpath = _compat.item_location(self)[0]  # type: ignore[attr-defined]
        _, line, name = self.reportinfo()
        return relpath, line, name

    @property
    def plan_entry(self) -> list[Any]:
        """The row's entry in the run's plan (the journal's header): ``[nodeid, id, file, line, question_id,
        sample]``."""
        sample = self.sample
        return [self.nodeid, self.row_id, self.parent.display_name, self.row_line,
                sample.question if sample else None, sample.index if sample else None]

    def load_row(self) -> dict[str, Any]:
        row = self.parent.load_row(self.row_ref)
        if self.sample is not None:  # a list of responses: this sample's response as the prediction
            return sample_row(row, self.sample, self.parent.collection.spec.prediction_field)
        return row

    def _score(self, row: Any, scorer: Any, row_id: bool) -> None:
        """Score the row (under this item's row id when the scorer takes one) and hand the row and verdict to
        the run through ``pytest_answerbench_row_scored`` (hooks.py); the row reaches it also when the scorer
        raises (verdict None: the call report says why)."""
        verdict = None
        try:
            verdict = coerce_verdict(scorer(row, self.row_id) if row_id else scorer(row))
        finally:
            late = self.work_ends()
            if late:
                verdict = None
            self.ihook.pytest_answerbench_row_scored(item=self, row=row, verdict=verdict)
            if late:
                raise ThreadTimeout
        # A wrong row is not raised: the report hook marks its report failed with a one-line description,
        # which skips pytest's exception and traceback machinery (a third of the cost of a wrong row).

    def setup(self) -> None:
        """A row that could not be read errors here with its ``file:line``; otherwise the row's own set-up
        (``setup_row``), its time limit landing only inside it."""
        if self.problem is not None:
            pytest.fail(self.problem, pytrace=False)
        try:
            self.setup_row()
        finally:
            if self.work_ends():
                raise ThreadTimeout

    def setup_row(self) -> None:
        raise NotImplementedError

    def work_ends(self) -> bool:
        """The row's own work in this phase has ended: its time limit can no longer land (timeguard.RowWork).
        True when the thread-method timer sent its ThreadTimeout as the work ended: taken back here, before it
        arrives in pytest's code after the phase, for the caller to raise inside the phase."""
        if ROW_WORK.leave(self):
            _compat.take_back_from_main_thread()
            return True
        return False

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, RowMismatch):
            return describe(excinfo.value.verdict)
        if _compat.tracebacks_off(self.config):
            # Nothing shows a traceback with --tb=no (a --bench run's default), and building one parses the
            # source of every frame: tens of milliseconds a row when a hook fails on every row.
            return f"{excinfo.typename}: {excinfo.value}"
        return super().repr_failure(excinfo)  # type: ignore[misc]


class RowItem(RowBase, pytest.Function):
    """One prediction row as a test item that requests the ``bench_*`` fixtures."""

    def setup_row(self) -> None:
        pytest.Function.setup(self)  # the fixtures the row requests

    def runtest(self) -> None:
        funcargs = self.funcargs
        row = funcargs["bench_row"] if "bench_row" in funcargs else self.load_row()
        scorer = funcargs["bench_scorer"]
        self._score(row, scorer, getattr(scorer, "takes_row_id", False))


class FastRowItem(RowBase, pytest.Item):
    """One prediction row as a plain test item, scored by the run's own scorer (no fixtures)."""

    def setup_row(self) -> None:
        self.parent.collection.scoring.own_scorer()  # built on the first row (a judge error shows there)

    def runtest(self) -> None:
        self._score(self.load_row(), self.parent.collection.scoring.own_scorer(), True)


def describe(verdict: Verdict) -> str:
    """The short failure text of a row: status, extracted vs gold, method, detail."""
    parts = [f"{verdict.status}: extracted {short_repr(verdict.extracted, None)}, gold "
             f"{short_repr(verdict.gold, None)}"]
    if verdict.score and verdict.score < 1:
        parts.append(f"score {verdict.score:.3g}")
    if verdict.method:
        parts.append(f"method {verdict.method}")
    text = "; ".join(parts)
    if verdict.detail:
        text += f" ({verdict.detail})"
    return printable(text)  # a JUnit message and a terminal line: escaped (text/printable.py)


class Collection:
    """The run's collection, registered as a plugin: prediction files become ``PredictionFile``s and their rows
    row items; the rows of this shard, the gold join, duplicate ids and the fixture closure of each file are
    kept here."""

    def __init__(self, config: pytest.Config, spec: "BenchmarkSpec", settings: "Settings",
                 scoring: "RowScoring"):
        self.config = config
        self.spec = spec
        self.scoring = scoring
        self.select = settings.select
        self.shape_check = not settings.no_shape_check  # FieldCheck's multiple-choice shape check
        paths = prediction_paths(config.args, config.invocation_params.dir)
        self._path_set = set(paths)
        # Under xdist every worker names the files as the controller does: a worker on another host finds them
        # under its own directory, where its rootdir (and so pytest's own node ids) may differ.
        self._names: dict[Path, str] = {}
        if not _compat.is_worker(config):
            problem = file_problem(paths)
            if problem:
                raise pytest.UsageError(f"--bench: {problem}")
            if getattr(config.option, "tx", None):
                restore = _compat.pass_unsynced_args()
                if restore is not None:
                    config.add_cleanup(restore)
        else:
            names = _compat.from_controller(config, FILE_NAMES)
            # Other files than the controller's (a host missing a copy): pytest's own names, so xdist reports the
            # different collections and the run's report says no row was scored (raising here would make xdist
            # replace the worker again and again).
            if names is not None and len(names) == len(paths):
                self._names = dict(zip(paths, names))
        try:
            # A scorer whose answers may themselves be lists (MEGA-Bench) says so: its list predictions are one row.
            self.plan = InputPlan(spec, paths, root=config.rootpath, fields=settings.fields, limit=settings.limit,
                                  shard=settings.shard, gold=settings.gold, bench_from=settings.bench_from,
                                  samples_by=settings.samples_by,
                                  list_samples=not scorers.get(spec.scorer).lists_are_answers,
                                  limits=Limits.of(settings.max_input_mb, settings.max_depth))
        except ReaderError as exc:
            raise pytest.UsageError(f"--bench-gold: {exc}") from None
        # Another harness's file that is not what it should be, a --bench-field to a column the file lacks, or
        # samples the run cannot read as asked (options.samples_problem) stops the run before scoring (a worker
        # finds it as the controller did: the controller stopped first)
        problem = None if _compat.is_worker(config) else (self.plan.input_problem()
                                                          or samples_problem(config, settings, spec, self.plan))
        if problem:
            raise pytest.UsageError(problem)
        self.paths = self.plan.paths
        self._fixtureinfo: dict[str, Any] = {}
        self.timeout_mark = None
        if settings.timeout and config.pluginmanager.hasplugin("timeout"):
            self.timeout_mark = pytest.mark.timeout(settings.timeout)
        module = scorers.get(spec.scorer).module
        self._judge_requests = getattr(module, "judge_requests", None)
        # run once before the first row when the judge-request listing will run SymPy under its short deadline
        self._warm_up = getattr(module, "warm_up", None) if self._judge_requests and settings.judge else None
        self._item_index: dict[str, int] = {}
        self._prefetched_upto = 0
        self._judge_budget = judge_budget(settings.row_limit)
        self._profile, self._benchmark_options = settings.profile, settings.benchmark_options
        self.deselected = 0  # rows deselected (-k, --deselect, --bench-select, --bench-resume, ...)
        self.error_lines: list[str] = []  # the first line of each collection error (controller or serial)
        self.collect_errors: dict[str, None] = {}  # files that could not be collected: their one message each
        self.failed_files: set[str] = set()  # node ids of the files whose collection failed
        self.file_class: type[PredictionFile] = PredictionFile  # stream.py's StreamFile in a streamed run

    def collect_files_as(self, cls: type[PredictionFile]) -> None:
        """Make prediction files ``cls`` nodes (stream.py's ``StreamFile`` in a streamed run)."""
        self.file_class = cls

    def display_path(self, path: Path) -> str:
        """A prediction file as node ids and report rows name it: relative to the rootdir when inside it."""
        return self.plan.display_path(path)

    @pytest.hookimpl(optionalhook=True)
    def pytest_configure_node(self, node: Any) -> None:
        """xdist's controller, before a worker starts: send it the names of the prediction files."""
        _compat.send_to_worker(node, FILE_NAMES, [self.display_path(p).replace(os.sep, "/") for p in self.paths])

    def is_prediction_file(self, path: Path) -> bool:
        return path.resolve() in self._path_set

    @pytest.hookimpl(tryfirst=True)
    def pytest_ignore_collect(self, collection_path: Path, config: pytest.Config) -> bool | None:
        """In a --bench run only the prediction files are collected."""
        if collection_path.is_file() and not self.is_prediction_file(collection_path):
            return True
        return None

    def pytest_collect_file(self, file_path: Path, parent: pytest.Collector):
        """A prediction file named on the command line becomes a PredictionFile."""
        if self.is_prediction_file(file_path):
            node = _compat.file_node(self.file_class, parent, file_path, self._names.get(file_path.resolve()))
            node.collection = self
            if self.timeout_mark is not None:  # on the file, not on each row: pytest-timeout looks up the tree
                node.add_marker(self.timeout_mark)
            return node
        return None

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, session: pytest.Session, config: pytest.Config, items: list) -> None:
        """--bench-select: keep only the rows failing in, or flipped against the baseline of, an earlier report."""
        if self.select is None:
            return
        kind, path = self.select
        earlier = load_baseline(path, option="--bench-select")
        if kind == "failing":  # ids as a run names them now (an older report may repeat an id: current_ids)
            rows = earlier["rows"]
            wanted = {rid for rid, r in zip(current_ids(rows), rows) if r["status"] != CORRECT}
        else:
            flips = (earlier.get("comparison") or {}).get("flips") or {}
            if not earlier.get("comparison"):
                raise pytest.UsageError(f"--bench-select flipped:{path}: that report has no comparison "
                                        "(it was not run with --bench-baseline)")
            wanted = {f["id"] for side in flips.values() for f in side}
        keep, drop = [], []
        for item in items:
            (keep if not isinstance(item, RowBase) or item.row_id in wanted else drop).append(item)
        if drop:
            config.hook.pytest_deselected(items=drop)
            items[:] = keep

    def pytest_deselected(self, items: list) -> None:
        self.deselected += len(items)

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        """Keep the first line of each collection error (xdist's controller receives the workers' and its own
        "Different tests were collected"), for the report of a run that scored no row."""
        if report.failed and not _compat.is_worker(self.config):
            self.failed_files.add(report.nodeid)
            message = str(report.longrepr).strip()
            first = message.splitlines()[:1]
            if first and first[0] not in self.error_lines:
                self.error_lines.append(first[0][:2000])  # a stop of inputs.shape.FieldCheck: one long line
            # and the whole message of a file that stopped collection (no rows, the wrong columns): the terminal
            # summary shows it, as pytest's own error section is off in a --bench run (under xdist: once)
            self.collect_errors[message] = None

    def fixtureinfo(self, parent: PredictionFile) -> tuple[Any, Any]:
        """(callable, fixture info) shared by every item of a file, computed once, not once per row; (None,
        None) when the file's rows need no fixtures (nothing but the plugin's own, no autouse fixture)."""
        key = parent.nodeid
        found = self._fixtureinfo.get(key)
        if found is None:
            info = _compat.file_fixtureinfo(parent, _row_test)
            defs = info.name2fixturedefs.get("bench_row")
            func = defs[-1].func if defs else None
            if _is_own_fixture(func, "bench_row"):
                fast = _compat.file_fixtureinfo(parent, _row_test_fast)
                own = set(fast.names_closure) == {"bench_scorer", "bench_judge"} and all(
                    _is_own_fixture(defs[-1].func) for defs in fast.name2fixturedefs.values())
                found = (None, None) if own else (_row_test_fast, fast)
            else:
                found = (_row_test, info)
            self._fixtureinfo[key] = found
        return found

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """With a judge, warm the scorer (SymPy's import and first parse) before the first row, outside every row's
        time limit and the listing's deadline: a limit firing inside an import would leave the module
        half-initialised for the rest of the run (measured: the first row's 2 s limit stopped SymPy's import, and
        every later row read SymPy broken). Without a judge, rows import it in their own time, as before."""
        if not session.items or _compat.collect_only(session.config):
            return
        if self._warm_up is None:
            if self.scoring.settings.isolation == "process" and self.scoring.settings.judge is None and isinstance(
                    session.items[0], FastRowItem):
                # The scoring process is started (and warmed: SymPy, a first parse) before the first row, not in
                # its setup under its time limit (a short --timeout turned that row into a setup error).
                try:
                    self.scoring.own_scorer()
                except Exception:  # the first row builds it again and shows the error
                    pass
            return
        warm, self._warm_up = self._warm_up, None
        try:
            warm()
        except Exception:  # a failed warm-up only costs speed
            pass

    @cached_property
    def judge_prefetch(self) -> "JudgePrefetch | None":
        """The plugin that prefetches the judge's replies around each row's call, for a scorer that lists its
        judge requests (``judge_requests``); None otherwise (no wrapper around every row's call)."""
        return JudgePrefetch(self) if self._judge_requests is not None else None

    def around_call(self, item: pytest.Item) -> Iterator[None]:
        """Before a row runs, prefetch the judge's replies for it and the rows after it; the judge's work for
        the row (the prefetch and the row's own calls) keeps within the row's time limit (judge/deadline.py)."""
        __tracebackhide__ = True  # a failing hook or test of the user's is reported from its own frame
        if not isinstance(item, RowBase):
            return (yield)
        with row_budget(self._judge_budget):
            judge = item.funcargs.get("bench_judge") if isinstance(item, RowItem) else self.scoring.own_judge
            if judge is not None and hasattr(judge, "prefetch"):
                try:
                    self._prefetch(item, judge)
                except JudgeFatalError as exc:
                    item.ihook.pytest_answerbench_stop(session=item.session, reason=f"judge: {exc}")
                    raise
            return (yield)

    def _prefetch(self, item: RowBase, judge: Any) -> None:
        """Ask the judge for the rows about to run, many at once (pytest itself runs them one by one).

        Called before each row; fetches a window of the coming rows of this process's collection (under
        xdist the window may hold rows another worker runs: they only warm the shared cache).
        """
        items = item.session.items
        position = self._item_index.get(item.nodeid)
        if position is None:
            self._item_index = {it.nodeid: i for i, it in enumerate(items)}
            position = self._item_index.get(item.nodeid, 0)
        if position < self._prefetched_upto:
            return
        window = max(64, 8 * int(getattr(judge, "concurrency", 16)))
        end = min(len(items), position + window)
        # Listing a row's requests may cost real work (atomic runs SymPy to know which pairs need the judge).
        # That is spent from the current row's time: at most a fifth of its budget, after which the listing
        # stops and the next row resumes it. Each row is listed once: slow rows are asked by their own score.
        stop_at = time.monotonic() + (0.2 * self._judge_budget if self._judge_budget else PREFETCH_LISTING_SECONDS)
        requests = []
        for index in range(position, end):
            left = stop_at - time.monotonic()
            if left <= 0:
                break
            self._prefetched_upto = index + 1
            other = items[index]
            if not isinstance(other, RowBase) or other.problem is not None:
                continue
            try:
                row = other.load_row()
                ctx = make_context(self.spec, row, self._profile, options=self._benchmark_options, judge=judge,
                                   row_id=other.row_id)
                with deadline(left):
                    requests.extend(self._judge_requests(row, ctx))
            except (Exception, ScoreTimeout):  # the row's own scoring reports it
                continue
        if not requests:
            return
        # The judge's replies as they come go to the pytest_answerbench_judge_progress hook (the run's progress
        # line shows them), through a judge that takes ``on_reply`` by name (judge/openai.py); a user's judge with
        # ``prefetch(requests)`` alone is called as before.
        try:
            param = inspect.signature(judge.prefetch).parameters.get("on_reply")
        except (TypeError, ValueError):  # a callable without a signature
            param = None
        if param is None or param.kind not in (param.POSITIONAL_OR_KEYWORD, param.KEYWORD_ONLY):
            judge.prefetch(requests)
            return
        replies = self.config.hook.pytest_answerbench_judge_progress
        try:
            judge.prefetch(requests, on_reply=lambda received, asked: replies(received=received, asked=asked))
        finally:
            replies(received=None, asked=len(requests))


class JudgePrefetch:
    """The collection's judge prefetch around each row's call phase (``Collection.around_call``), registered by
    plugin.py only for scorers that list their judge requests."""

    def __init__(self, collection: Collection):
        self.collection = collection

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Iterator[None]:
        __tracebackhide__ = True  # a failing hook or test of the user's is reported from its own frame
        return (yield from self.collection.around_call(item))


PREFETCH_LISTING_SECONDS = 20.0  # without a row time limit: the most one row spends listing the coming rows' requests


def _is_own_fixture(func: Any, name: str | None = None) -> bool:
    """Is ``func`` one of the plugin's own fixtures (fixtures.py), not a conftest.py override?"""
    return getattr(func, "__module__", None) == fixtures.__name__ and (name is None or func.__name__ == name)


def load_baseline(path: str, option: str = "--bench-baseline", benchmark: str | None = None) -> dict[str, Any]:
    """An earlier JSON report (for --bench-baseline, --bench-select), checked to be one, and with ``benchmark``
    one of that benchmark (another benchmark's report pairs no row: said before scoring, not after)."""
    try:
        report = load_report(path, need_rows=option == "--bench-select")
    except ReportError as exc:
        raise pytest.UsageError(f"{option} {exc}") from None
    mismatch = benchmark_mismatch(report, benchmark) if benchmark is not None else None
    if mismatch:
        raise pytest.UsageError(f"{option} {path} {mismatch}")
    return report
