"""Collection: a prediction file becomes a ``PredictionFile`` whose rows become row items.

Where a conftest.py overrides a ``bench_*`` fixture (or an autouse fixture applies), rows are ``RowItem``s:
``pytest.Function`` objects built from one shared callable, so they request the fixtures, with the fixture
closure computed once per file, not once per row. Otherwise rows are ``FastRowItem``s, plain items scored by
the run's own scorer (``fixtures.RowScoring``) without pytest's per-item fixture machinery. Ids come from the row id (or
``line<N>``), with ``#2``, ``#3`` suffixes on duplicates, so every xdist worker collects the same list. A row
that cannot be read or lacks a required field becomes an item that errors in setup with ``file:line`` and the
problem; the other rows still run.
JSONL rows are re-read from their byte span when the item runs, so large files are not kept in memory.

``Collection`` is the run's collection, registered as a plugin: which files are prediction files, the rows of
this shard, duplicate ids, the gold join, the fixture closure shared by a file's rows, ``--bench-select``, and
the judge prefetch over the collected rows. A row item hands its row and verdict to the report hook through
``Collection.scored``, keyed by the item.
"""

from __future__ import annotations

import inspect
import itertools
import os
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

import pytest

from . import _compat, fixtures, scorers
from .gold import GoldIndex
from .judge import JudgeFatalError
from .judge.deadline import row_budget
from .readers import (FORMATS, RawRow, ReaderError, file_kind, load_jsonl_span, missing_reader, read_rows,
                      rename_fields)
from .report import ReportError, load_report, scrub_surrogates
from .report._fmt import short_repr
from .scoring import coerce_verdict, judge_budget, make_context
from .timeguard import ScoreTimeout, deadline
from .verdict import CORRECT, Verdict

if TYPE_CHECKING:
    from .fixtures import RowScoring
    from .options import Settings
    from .spec import BenchmarkSpec

#: The ``workerinput`` key under which xdist's controller sends each worker the prediction files' names.
FILE_NAMES = "answerbench_files"

_UNSAFE = re.compile(r"[\x00-\x1f\x7f]+")


def _row_test(bench_row, bench_scorer):  # noqa: ARG001 - declares the fixtures every row item requests
    """One prediction row, scored by the benchmark's scorer."""


def _row_test_fast(bench_scorer):  # noqa: ARG001
    """The same, when ``bench_row`` is the plugin's own: the row is read directly, saving a per-item
    fixture setup (a third of the per-row cost for cheap benchmarks)."""


def clean_id(raw: str) -> str:
    """A row id usable in a node id: no control characters, no '::', lone surrogates as U+FFFD (so the id can
    be written and sent to xdist's controller), at most 200 characters."""
    text = scrub_surrogates(_UNSAFE.sub(" ", raw).replace("::", ":").strip())
    return (text or "_")[:200]


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
        check: FieldCheck | None = FieldCheck(self.display_name, self.collection.spec,
                                              shape=self.collection.shape_check)
        held: list[RowBase] = []
        for name, line, ref, row_id, problem in plan_rows(self.collection, self.path, self.display_name,
                                                          self._rows, check=check, on_empty=self._no_rows):
            item = make(self, name, line, ref=ref, row_id=row_id, problem=problem)
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

    def _stop_unless_fields_fit(self, check: "FieldCheck") -> None:
        problem = check.problem()
        if problem:
            raise self.CollectError(problem)

    def load_row(self, ref: Any) -> dict[str, Any]:
        if isinstance(ref, tuple):
            if self._fd is None:
                self._fd = os.open(self.path, os.O_RDONLY)
            row = load_jsonl_span(self._fd, ref)
            fields = self.collection.fields
            return rename_fields(row, fields) if fields else row
        return self._rows[ref]

    def teardown(self) -> None:
        if getattr(self, "_fd", None) is not None:
            os.close(self._fd)
            self._fd = None


class FieldCheck:
    """The check of a file's first rows against the benchmark asked for, one message instead of a verdict (or an
    error) per row.

    Required fields: when most rows lack them, the file is the wrong one (or its columns are named differently):
    the message names the missing fields, the columns the file has, and the benchmarks whose fields fit.

    Shape (``shape``; off with ``--bench-no-shape-check``): when the benchmark is not multiple-choice but most
    rows are multiple-choice rows (a one-letter gold naming an option column of the row, as VMCBench and
    LiveXivVQA rows are), the file meets the required fields of, say, ``olympiad`` (``prediction``, ``answer``)
    yet would be scored silently as maths: the message names what was seen, the benchmark asked for, and the
    built-in multiple-choice benchmarks whose required fields the rows meet. Which benchmarks are multiple-choice
    is read from their definitions (``is_multiple_choice``), not listed here.
    """

    SAMPLE = 100  # rows looked at before deciding

    def __init__(self, display: str, spec: "BenchmarkSpec", shape: bool = True):
        self.display = display
        self.spec = spec
        self.rows = 0
        self.lacking = 0
        self.missing: dict[str, None] = {}  # the missing fields, in the order met
        self.columns: dict[str, None] = {}
        # rows shaped as multiple-choice (whether the benchmark is multiple-choice itself is asked only of a file
        # whose rows mostly are: it reads the built-in definitions)
        self.choice_rows: int | None = 0 if shape else None
        self.choice_example: tuple[str, list[str]] | None = None  # (gold, option columns) of the first such row

    def add(self, row: dict[str, Any], missing: list[str]) -> bool:
        """Count one readable row (its fields already renamed); True once enough rows were seen."""
        if self.rows >= self.SAMPLE:
            return True
        self.rows += 1
        self.columns.update(dict.fromkeys(map(str, row)))
        if missing:
            self.lacking += 1
            self.missing.update(dict.fromkeys(missing))
        if self.choice_rows is not None:
            options = option_letter_gold(self.spec.gold_of(row), row)
            if options:
                self.choice_rows += 1
                if self.choice_example is None:
                    self.choice_example = options
        return self.rows >= self.SAMPLE

    def problem(self) -> str | None:
        if not self.rows:
            return None
        if self.lacking * 2 > self.rows:
            return self._missing_problem()
        if self.choice_rows is not None and self.choice_rows * 2 > self.rows and not is_multiple_choice(self.spec):
            return self._shape_problem()
        return None

    def _missing_problem(self) -> str:
        from .spec import builtin_specs  # deferred for start-up cost: read only when a file does not fit

        columns = dict.fromkeys(self.columns, "")
        fit = [name for name, other in sorted(builtin_specs().items())
               if other.required and not other.missing_fields(columns)]
        shown = ", ".join(list(self.columns)[:40]) + (", ..." if len(self.columns) > 40 else "")
        return (f"{self.display}: {self.lacking} of the first {self.rows} rows lack the fields benchmark "
                f"{self.spec.name} requires: missing {', '.join(repr(m) for m in self.missing)}; the file has "
                f"the columns {shown or '(none)'}; benchmarks whose required fields fit: "
                f"{', '.join(fit) or 'none'}. If a column holds a required field under another name, map it: "
                f"--bench-field FIELD=COLUMN (e.g. --bench-field prediction=model_output)")

    def _shape_problem(self) -> str:
        from .spec import builtin_specs  # deferred for start-up cost: read only when a file does not fit

        columns = dict.fromkeys(self.columns, "")
        choice = {name: other for name, other in sorted(builtin_specs().items()) if _declares_choice(other)}
        fit = [name for name, other in choice.items() if not other.missing_fields(columns)]
        gold, options = self.choice_example or ("?", [])
        if fit:
            fits = f"multiple-choice benchmarks whose required fields the rows meet: {', '.join(fit)}"
        else:
            fits = (f"no multiple-choice benchmark's required fields are all there (the multiple-choice "
                    f"benchmarks: {', '.join(choice) or 'none'})")
        return (f"{self.display}: {self.choice_rows} of the first {self.rows} rows are multiple-choice rows (a "
                f"one-letter gold naming an option column of the row, e.g. gold {gold!r} with the columns "
                f"{', '.join(options)}), but benchmark {self.spec.name} is not multiple-choice (its definition reads "
                f"no option columns); {fits}. Use one of them (--bench NAME), or score the file with {self.spec.name} "
                f"anyway: --bench-no-shape-check")


def choice_columns(spec: "BenchmarkSpec") -> list[str]:
    """The option columns (single capital letters: ``A``, ``B``, ...) a benchmark's definition reads."""
    named = [name for req in spec.required + spec.optional for name in req.split("|")]
    return [name for name in dict.fromkeys(named) if _is_option_column(name)]


def is_multiple_choice(spec: "BenchmarkSpec") -> bool:
    """Does the benchmark score multiple-choice rows? It does when its definition reads option columns (two or
    more of ``A``, ``B``, ...: livexiv, vmcbench_dev/test in benchmarks/), when its options use a ``choice``
    extractor or matcher (a ``scorer: generic`` YAML, which reads the row's A..J without declaring them), or
    when its scorer is the scorer of such a built-in benchmark (a user's YAML with ``scorer: vmcbench``)."""
    if _declares_choice(spec):
        return True
    from .spec import builtin_specs  # deferred for start-up cost: asked only of a file of multiple-choice rows

    return spec.scorer in {other.scorer for other in builtin_specs().values() if _declares_choice(other)}


def _declares_choice(spec: "BenchmarkSpec") -> bool:
    return len(choice_columns(spec)) >= 2 or _uses_choice(spec.options)


def _uses_choice(value: Any) -> bool:
    if isinstance(value, dict):
        return value.get("type") == "choice" or any(_uses_choice(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_uses_choice(v) for v in value)
    return False


def _is_option_column(name: Any) -> bool:
    return isinstance(name, str) and len(name) == 1 and "A" <= name <= "Z"


def option_letter_gold(gold: Any, row: dict[str, Any]) -> tuple[str, list[str]] | None:
    """(gold, option columns) when the row is a multiple-choice row: its gold is one letter naming an option
    column the row fills, and the row fills at least two option columns (``A`` and another). None otherwise: a
    maths gold that is a single letter (a point ``A``, a variable ``x``) without option columns is not one."""
    if not isinstance(gold, str):
        return None
    letter = gold.strip().upper()
    if not _is_option_column(letter):
        return None
    options = [name for name, value in row.items() if _is_option_column(name) and _filled(value)]
    if len(options) < 2 or "A" not in options or letter not in options:
        return None
    return gold.strip(), sorted(options)


def _filled(value: Any) -> bool:
    """A cell holding something: not None, not NaN (a pandas gap), not blank text."""
    if value is None or (isinstance(value, float) and value != value):
        return False
    return not (isinstance(value, str) and not value.strip())


def plan_rows(collection: "Collection", path: Path, rel: str, kept: list[Any] | None = None, *,
              check: "FieldCheck | None" = None,
              on_empty: Callable[[], None] | None = None) -> Iterator[tuple[str, int, Any, str | None, str | None]]:
    """The items a prediction file gives, as ``(name, line, ref, row_id, problem)``: one per row of this shard,
    then (after the last file) the gold file's problems and gold-only rows. Duplicate ids are renamed and
    recorded in ``collection.duplicates``.

    ``PredictionFile.collect`` makes its items from it (a row it must keep goes to ``kept``, ``ref`` its index);
    xdist's controller, which collects nothing, replays it to know every row's id and line (run.py).
    Each row's fields are read from the columns ``--bench-field`` names; ``check`` (FieldCheck) counts the rows
    lacking required fields; ``on_empty`` is called for a file with no rows at all.
    """
    spec = collection.spec
    # Rows stream through: only what an item needs is kept (a JSONL row's byte span, not the row).
    try:
        stream = iter(read_rows(path))
        first = next(stream, None)
    except ReaderError as exc:
        yield "file", 0, None, None, str(exc)
        return
    if first is None and on_empty is not None:
        on_empty()
    rows: Iterator[RawRow] = itertools.chain([first], stream) if first is not None else iter(())
    if collection.limit is not None:
        rows = itertools.islice(rows, collection.limit)
    rows = collection.take_shard(rows)
    seen: dict[str, int] = {}
    gold = collection.gold
    fields = collection.fields
    for raw in rows:
        if raw.row is None:
            yield f"line{raw.line}", raw.line, None, None, f"{rel}:{raw.line}: {raw.problem}"
            continue
        row = rename_fields(raw.row, fields) if fields else raw.row
        raw_id = spec.row_id(row)
        gold_problem = None
        if gold is not None:
            row, gold_problem = gold.join(row, raw_id)
        name = clean_id(raw_id) if raw_id is not None else f"line{raw.line}"
        count = seen.get(name, 0) + 1
        seen[name] = count
        if count > 1:
            collection.duplicates.append(f"{rel}:{raw.line}: id {name!r} already used (scored as {name}#{count})")
            name = f"{name}#{count}"
        missing = spec.missing_fields(row)
        problem = None
        if gold_problem:
            problem = f"{rel}:{raw.line}: {gold_problem}"
        elif missing:
            problem = (f"{rel}:{raw.line}: missing required field "
                       f"{', '.join(repr(m) for m in missing)} (benchmark {spec.name})")
        if check is not None:
            check.add(row, [] if gold_problem else missing)  # a gold mismatch is its own problem
        ref: Any
        if problem:
            ref = None
        elif raw.span is not None and gold is None:
            ref = raw.span
        elif kept is not None:
            kept.append(row)
            ref = len(kept) - 1
        else:
            ref = None
        yield name, raw.line, ref, scrub_surrogates(raw_id) if raw_id else name, problem
    if gold is not None and collection.is_last_file(path) and collection.owns_extras():
        for gold_line, problem in gold.problems:
            yield f"gold-line{gold_line}", gold_line, None, None, problem
        for gold_id, gold_line in gold.unmatched():
            name = clean_id(f"gold-only:{gold_id}")
            yield name, gold_line, None, gold_id, (f"{gold.path}:{gold_line}: gold row {gold_id!r} has no "
                                                   f"prediction in the files given")


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

    @classmethod
    def make(cls, parent: PredictionFile, name: str, line: int, *, ref: Any = None, row_id: str | None = None,
             problem: str | None = None) -> "RowBase":
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
        return item

    def reportinfo(self):
        return self.path, max(self.row_line - 1, 0), f"{self.row_id} ({self.path.name}:{self.row_line})"

    def load_row(self) -> dict[str, Any]:
        return self.parent.load_row(self.row_ref)

    def _score(self, row: Any, scorer: Any, row_id: bool) -> None:
        """Score the row (under this item's row id when the scorer takes one) and hand the row and verdict to
        the report hook, keyed by this item in ``Collection.scored`` (an attribute set here and removed later
        would cost every one of 100,000 items a larger ``__dict__``)."""
        scored = self.parent.collection.scored
        scored[self] = (row, None)  # the row reaches the report even when the scorer raises
        verdict = coerce_verdict(scorer(row, self.row_id) if row_id else scorer(row))
        scored[self] = (row, verdict)
        # A wrong row is not raised: the report hook marks its report failed with a one-line description,
        # which skips pytest's exception and traceback machinery (a third of the cost of a wrong row).

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

    def setup(self) -> None:
        if self.problem is not None:
            pytest.fail(self.problem, pytrace=False)
        super().setup()

    def runtest(self) -> None:
        funcargs = self.funcargs
        row = funcargs["bench_row"] if "bench_row" in funcargs else self.load_row()
        scorer = funcargs["bench_scorer"]
        self._score(row, scorer, getattr(scorer, "takes_row_id", False))


class FastRowItem(RowBase, pytest.Item):
    """One prediction row as a plain test item, scored by the run's own scorer (no fixtures)."""

    def setup(self) -> None:
        if self.problem is not None:
            pytest.fail(self.problem, pytrace=False)
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
    return scrub_surrogates(text)


class Collection:
    """The run's collection, registered as a plugin: prediction files become ``PredictionFile``s and their rows
    row items; the rows of this shard, the gold join, duplicate ids and the fixture closure of each file are
    kept here, and ``scored`` carries each row's (row, verdict) from the item to the report hook."""

    def __init__(self, config: pytest.Config, spec: "BenchmarkSpec", settings: "Settings",
                 scoring: "RowScoring"):
        self.config = config
        self.spec = spec
        self.scoring = scoring
        self.limit = settings.limit
        self.shard = settings.shard
        self.select = settings.select
        self.fields = settings.fields  # (benchmark field, file column) pairs, applied to every row as read
        self.shape_check = not settings.no_shape_check  # FieldCheck's multiple-choice shape check
        self.paths = self._prediction_paths()
        self._path_set = set(self.paths)
        # Under xdist every worker names the files as the controller does: a worker on another host finds them
        # under its own directory, where its rootdir (and so pytest's own node ids) may differ.
        self._names: dict[Path, str] = {}
        if not _compat.is_worker(config):
            absent = [str(p) for p in self.paths if not p.exists()]
            if absent:
                raise pytest.UsageError(f"--bench: prediction file not found: {', '.join(absent)}")
            # A FIFO or a device (/dev/zero, /dev/urandom) would block or never end: only regular files are read.
            special = [f"{p} ({file_kind(p)})" for p in self.paths if not p.is_file()]
            if special:
                raise pytest.UsageError(f"--bench: not a regular file: {', '.join(special)}; only regular files "
                                        "and folders of them are read")
            for path in self.paths:
                need = missing_reader(path)
                if need:
                    raise pytest.UsageError(f"--bench: {path}: {need}")
            if getattr(config.option, "tx", None):
                restore = _compat.pass_unsynced_args()
                if restore is not None:
                    config.add_cleanup(restore)
        else:
            names = _compat.from_controller(config, FILE_NAMES)
            # Other files than the controller's (a host missing a copy): pytest's own names, so xdist reports the
            # different collections and the run's report says no row was scored (raising here would make xdist
            # replace the worker again and again).
            if names is not None and len(names) == len(self.paths):
                self._names = dict(zip(self.paths, names))
        self.gold: GoldIndex | None = None
        if settings.gold:
            try:
                self.gold = GoldIndex(settings.gold, spec)
            except ReaderError as exc:
                raise pytest.UsageError(f"--bench-gold: {exc}") from None
        self.duplicates: list[str] = []  # "file:line: ..." warnings for the report
        self.scored: dict[RowBase, tuple[Any, Verdict | None]] = {}  # item -> (row, verdict), until reported
        self.rows_seen = 0  # rows read so far across files (for sharding)
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
        self.progress: Any = None  # run.Progress when the run shows one (set by the run): counts judge replies
        self._judge_budget = judge_budget(settings.row_limit)
        self._profile, self._benchmark_options = settings.profile, settings.benchmark_options

    def _prediction_paths(self) -> list[Path]:
        out: list[Path] = []
        for arg in self.config.args:
            path = Path(arg.split("::")[0])
            if not path.is_absolute():
                path = Path(self.config.invocation_params.dir, path)
            if path.is_dir():
                out.extend(sorted(p for p in path.rglob("*") if p.suffix.lower() in FORMATS and p.is_file()))
            else:
                out.append(path)
        return [p.resolve() for p in out]

    def display_path(self, path: Path) -> str:
        """A prediction file as node ids and report rows name it: relative to the rootdir when inside it."""
        try:
            return str(path.relative_to(self.config.rootpath))
        except ValueError:
            return str(path)

    @pytest.hookimpl(optionalhook=True)
    def pytest_configure_node(self, node: Any) -> None:
        """xdist's controller, before a worker starts: send it the names of the prediction files."""
        _compat.send_to_worker(node, FILE_NAMES, [self.display_path(p).replace(os.sep, "/") for p in self.paths])

    def is_prediction_file(self, path: Path) -> bool:
        return path.resolve() in self._path_set

    def take_shard(self, rows: Iterator[Any]) -> Iterator[Any]:
        """The rows of this run's shard: rows are dealt round-robin over all files in argument order."""
        shard = self.shard
        for row in rows:
            k = self.rows_seen
            self.rows_seen += 1
            if shard is None or k % shard[1] == shard[0] - 1:
                yield row

    def owns_extras(self) -> bool:
        """Gold-only and unreadable-gold items belong to shard 1 (or the only run)."""
        return self.shard is None or self.shard[0] == 1

    def is_last_file(self, path: Path) -> bool:
        return bool(self.paths) and path.resolve() == self.paths[-1]

    @pytest.hookimpl(tryfirst=True)
    def pytest_ignore_collect(self, collection_path: Path, config: pytest.Config) -> bool | None:
        """In a --bench run only the prediction files are collected."""
        if collection_path.is_file() and not self.is_prediction_file(collection_path):
            return True
        return None

    def pytest_collect_file(self, file_path: Path, parent: pytest.Collector):
        """A prediction file named on the command line becomes a PredictionFile."""
        if self.is_prediction_file(file_path):
            node = _compat.file_node(PredictionFile, parent, file_path, self._names.get(file_path.resolve()))
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
        if kind == "failing":
            wanted = {r["id"] for r in earlier["rows"] if r["status"] != CORRECT}
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
        if not session.items or session.config.option.collectonly:
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

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Iterator[None]:
        """Before a row runs, prefetch the judge's replies for it and the rows after it; the judge's work for
        the row (the prefetch and the row's own calls) keeps within the row's time limit (judge/deadline.py)."""
        __tracebackhide__ = True  # a failing hook or test of the user's is reported from its own frame
        if self._judge_requests is None or not isinstance(item, RowBase):
            return (yield)
        with row_budget(self._judge_budget):
            judge = item.funcargs.get("bench_judge") if isinstance(item, RowItem) else self.scoring.own_judge
            if judge is not None and hasattr(judge, "prefetch"):
                try:
                    self._prefetch(item, judge)
                except JudgeFatalError as exc:
                    item.session.shouldstop = f"judge: {exc}"
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
        # The progress line shows the judge's replies as they come, through a judge that takes ``on_reply``
        # by name (judge/openai.py); a user's judge with ``prefetch(requests)`` alone is called as before.
        progress = self.progress
        param = None
        if progress is not None:
            try:
                param = inspect.signature(judge.prefetch).parameters.get("on_reply")
            except (TypeError, ValueError):  # a callable without a signature
                pass
        if param is None or param.kind not in (param.POSITIONAL_OR_KEYWORD, param.KEYWORD_ONLY):
            judge.prefetch(requests)
            return
        try:
            judge.prefetch(requests, on_reply=progress.judge)
        finally:
            progress.judge_done()


PREFETCH_LISTING_SECONDS = 20.0  # without a row time limit: the most one row spends listing the coming rows' requests


def _is_own_fixture(func: Any, name: str | None = None) -> bool:
    """Is ``func`` one of the plugin's own fixtures (fixtures.py), not a conftest.py override?"""
    return getattr(func, "__module__", None) == fixtures.__name__ and (name is None or func.__name__ == name)


def load_baseline(path: str, option: str = "--bench-baseline") -> dict[str, Any]:
    """An earlier JSON report (for --bench-baseline, --bench-select), checked to be one."""
    try:
        return load_report(path, need_rows=option == "--bench-select")
    except ReportError as exc:
        raise pytest.UsageError(f"{option} {exc}") from None
