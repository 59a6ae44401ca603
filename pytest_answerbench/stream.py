"""Streamed mode (``--bench-stream``): a big prediction file scored as chunks of rows, each row still its own test
report, JUnit case and report row.

In item mode (collect.py) every row is a pytest item: one ``Item`` and three reports a row, about 1.5 KiB of
pytest's node machinery each, which cannot fit a million rows in a gigabyte. Here a prediction file is collected
as one item per ``CHUNK_ROWS`` rows (``RowChunk``: the rows' names, lines and byte spans from the one pass the
plan makes over the file, held in arrays). The plugin's own ``pytest_runtest_protocol`` runs a chunk: each row
is read, scored under its time limit (``timeguard.RowClock``: one handler for the chunk) and logged as one call
``TestReport`` (rows scored ``SCORE_AHEAD`` at a time before they are logged, where nothing can tell) with its
own node id (``preds.jsonl::<row id>``), location, outcome and failure text, through
``pytest_runtest_logreport``, as pytest-xdist's controller logs the reports of items it never collected. The
terminal shows a dot a row, the cache records failed rows, ``-x``/``--maxfail`` stop at the row
(``session.shouldfail``/``shouldstop``, checked after every row); under xdist chunks are the items distributed
and the workers' row reports reach the controller as any report does. A chunk is never reported as a test.

What pytest does with items, the plugin does per row here: ``-k`` (pytest's own expression against the row's
names), ``--lf``/``--ff`` (the cache's failed node ids), ``--bench-select`` and ``--bench-resume`` (the rows of
an earlier report or journal) decide which rows enter a chunk; rows left out are counted to
``pytest_deselected``. The report's rows go to a spool file as they come (``StreamRun``), and JUnit cases are
written as text (``JunitRows``) instead of through junitxml's per-case objects.

What cannot work per row is said when asked for (``unsupported``): ``--collect-only`` lists chunks; fixtures,
per-row set-up hooks, output capture and markers do not exist for a row.
"""

from __future__ import annotations

import functools
import os
import time
from array import array
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Iterator

import pytest

from . import _compat, scorers
from .collect import PredictionFile, describe, load_baseline
from .inputs import sample_row
from .inputs.shape import FieldCheck
from .judge import JudgeError, JudgeFatalError
from .report import scrub_surrogates
from .report.junit_text import JunitText, match_junitxml
from .report.rowstream import RowStream
from .report.journal import plan_entries
from .report.paired import current_ids
from .report.rows import junit_properties, make_row
from .run import BenchRun
from .scoring import coerce_verdict
from .timeguard import RowClock, ScoreTimeout, deadline
from .verdict import CORRECT, ERROR, MISS, NOT_RUN, TIMEOUT, Verdict

if TYPE_CHECKING:
    from .collect import Collection
    from .options import Settings

__all__ = ["CHUNK_ROWS", "STREAM_ROWS", "RowChunk", "StreamMode", "StreamRun", "count_rows", "decide"]

#: ``--bench-stream auto`` streams a run one of whose files holds more rows than this. Below it a run keeps rows
#: as items (every pytest feature per row, ~1.5 KiB a row of pytest's node machinery: ~30 MiB here); above it
#: the memory of rows as items grows past what a CI runner's few GiB hold at a million rows (4.2 GiB measured).
STREAM_ROWS = 20_000
#: Rows a chunk item holds: xdist's unit of distribution and the interval between two checks of a worker's
#: health; small enough that two workers share a 20,000-row file evenly, large enough that the chunks' own cost
#: (one item, one log start and finish) is nothing a row.
CHUNK_ROWS = 1_000
#: Rows of a chunk read and scored one after the other before their reports are logged, where nothing can tell
#: (``StreamMode._run_rows``): a row's report then follows its scoring by at most this many rows.
SCORE_AHEAD = 50
#: The ``workerinput`` key under which xdist's controller tells each worker the run is streamed.
STREAM_KEY = "answerbench_stream"
#: The ``workeroutput`` key under which a worker sends the node ids of the rows it left out.
DROPPED_KEY = "answerbench_dropped"
_JSONL = (".jsonl", ".ndjson")
_BLOCK = 1 << 20


def count_rows(collection: "Collection", path: Path, upto: int) -> int:
    """Rows of a prediction file, counted up to ``upto + 1`` (enough to decide): a JSONL file's newlines (a
    megabyte at a time), any other file's rows as its reader reads them."""
    if path.suffix.lower() in _JSONL and collection.plan.harness_of(path) is None:
        count = 0
        last = b"\n"
        try:
            with open(path, "rb") as fh:
                while count <= upto:
                    block = fh.read(_BLOCK)
                    if not block:
                        break
                    count += block.count(b"\n")
                    last = block[-1:]
        except OSError:
            return 0
        return count + (last != b"\n")
    count = 0
    try:
        for _ in collection.plan.read_file(path):
            count += 1
            if count > upto:
                break
    except Exception:  # the collection reports what is wrong with the file
        return count
    return count


def decide(config: pytest.Config, settings: "Settings", collection: "Collection") -> str | None:
    """Why this run is streamed (the header says it), or None: rows are items."""
    if _compat.is_worker(config):
        told = _compat.from_controller(config, STREAM_KEY)
        if told is not None:
            return told or None
    if settings.stream == "off":
        return None
    if settings.stream == "on":
        return "--bench-stream on"
    for path in collection.paths:
        if count_rows(collection, path, STREAM_ROWS) > STREAM_ROWS:
            return f"--bench-stream auto: a file holds more than {STREAM_ROWS:,} rows"
    return None


# -- collection: a prediction file as chunks of rows ------------------------------------------------------------

class ChunkRows:
    """The rows of one chunk, compactly: names and lines in arrays, JSONL byte spans as two arrays, the rest
    (row indexes of rows the file keeps, problems, samples, ids unlike names) by position, only where present."""

    __slots__ = ("names", "lines", "starts", "ends", "refs", "ids", "problems", "samples")

    def __init__(self) -> None:
        self.names: list[str] = []
        self.lines = array("q")
        self.starts = array("q")
        self.ends = array("q")
        self.refs: dict[int, Any] = {}
        self.ids: dict[int, str] = {}
        self.problems: dict[int, str] = {}
        self.samples: dict[int, Any] = {}

    def add(self, name: str, line: int, ref: Any, row_id: str | None, problem: str | None, sample: Any) -> None:
        k = len(self.names)
        self.names.append(name)
        self.lines.append(line)
        if isinstance(ref, tuple) and len(ref) == 2:
            self.starts.append(ref[0])
            self.ends.append(ref[1])
        else:
            self.starts.append(-1)
            self.ends.append(-1)
            if ref is not None:
                self.refs[k] = ref
        if row_id is not None and row_id != name:
            self.ids[k] = row_id
        if problem is not None:
            self.problems[k] = problem
        if sample is not None:
            self.samples[k] = sample

    def __len__(self) -> int:
        return len(self.names)

    def ref(self, k: int) -> Any:
        start = self.starts[k]
        return (start, self.ends[k]) if start >= 0 else self.refs.get(k)


_PLAIN = (int, float, bool)  # values holding no text (their exact classes: a subclass is looked at as text may be)


def _may_hold_surrogates(rec: dict[str, Any]) -> bool:
    """Could a record hold a lone surrogate (``scrub_surrogates`` would change it)? Not when every string in it is
    ASCII, which is checked without a walk of the whole record for most rows: its values and the values of the
    dicts among them (its fields); anything else (a list, a subclass of str or int) answers yes."""
    for value in rec.values():
        cls = value.__class__
        if cls is str:
            if not value.isascii():
                return True
        elif value is None or cls in _PLAIN:
            continue
        elif cls is dict:
            for item in value.values():
                kind = item.__class__
                if kind is str:
                    if not item.isascii():
                        return True
                elif item is not None and kind not in _PLAIN:
                    return True
        else:
            return True
    return False


class RowView:
    """What the run's record of a row reads of it (``BenchRun.record``): a row of a chunk, in place of an item."""

    __slots__ = ("parent", "row_id", "row_line", "sample", "nodeid", "location")

    def __init__(self, parent: PredictionFile, row_id: str, line: int, sample: Any, nodeid: str,
                 location: tuple[str, int | None, str] = ("", None, "")):
        self.parent = parent
        self.row_id = row_id
        self.row_line = line
        self.sample = sample
        self.nodeid = nodeid
        self.location = location

    # what a row item also shows ``pytest_answerbench_row_scored``'s implementations (hooks.py)
    @property
    def name(self) -> str:
        return self.nodeid.rpartition("::")[2]

    @property
    def config(self) -> pytest.Config:
        return self.parent.config

    @property
    def path(self) -> Path:
        return self.parent.path

    @property
    def plan_entry(self) -> list[Any]:
        sample = self.sample
        return [self.nodeid, self.row_id, self.parent.display_name, self.row_line,
                sample.question if sample else None, sample.index if sample else None]


def _row_watchers(node: pytest.Node, run: Any) -> Any:
    """``pytest_answerbench_row_scored`` as ``node``'s file sees it without the run's own implementation (which
    keeps a row item's verdict for its report; a streamed row makes its record itself), or None when nothing
    else implements it: a row then costs no hook call."""
    own = getattr(node.ihook, "pytest_answerbench_row_scored").get_hookimpls()
    if all(impl.plugin is run for impl in own):
        return None
    mine = {id(impl.plugin) for impl in own if impl.plugin is not run}
    manager = node.config.pluginmanager
    others = [impl.plugin for impl in manager.hook.pytest_answerbench_row_scored.get_hookimpls()
              if id(impl.plugin) not in mine]
    return manager.subset_hook_caller("pytest_answerbench_row_scored", remove_plugins=others)


class RowChunk(pytest.Item):
    """Up to ``CHUNK_ROWS`` rows of a prediction file, run by ``StreamMode.pytest_runtest_protocol`` (never by
    pytest's runner, and never reported as a test: each of its rows is)."""

    def __init__(self, *, rows: ChunkRows, first: bool = False, **kwargs: Any):
        super().__init__(**kwargs)
        self.rows = rows
        self.failed_first = first  # --ff: the rows that failed last time, run before the others

    def runtest(self) -> None:  # pragma: no cover - StreamMode runs chunks
        raise RuntimeError("a chunk of rows is run by the plugin's streamed mode")

    def reportinfo(self) -> tuple[Any, int | None, str]:
        return self.path, None, self.name


class RowFilter:
    """Which rows a streamed run runs: ``-k``, ``--lf``/``--ff``, ``--bench-select``, ``--bench-resume``, applied
    to each row's node id as pytest and the run apply them to items in item mode."""

    def __init__(self, config: pytest.Config, collection: "Collection", resumed: Any, keyword: str):
        self.keyword = None
        text = keyword.strip()
        if text:
            self.keyword = _compat.keyword_expression(text)
        self.done = set(resumed.rows) if resumed is not None else set()
        self.wanted: set[str] | None = None
        if collection.select is not None:
            self.wanted = _selected(collection.select)
        self.lastfailed: set[str] = set()
        self.lf = bool(getattr(config.option, "lf", False))
        self.ff = bool(getattr(config.option, "failedfirst", False))
        self.deselected = 0
        self.rerun = 0  # --lf/--ff: rows kept that failed last time (pytest's "rerun previous N failures")
        # on an xdist worker: the node ids left out, for the controller (``StreamRun.pytest_testnodedown``)
        self.dropped: list[str] | None = [] if _compat.is_worker(config) else None

    def read_cache(self, config: pytest.Config, collection: "Collection") -> None:
        """--lf, --ff: the rows of these files that failed last time (pytest's cache, once the session starts)."""
        cache = getattr(config, "cache", None)
        if (self.lf or self.ff) and cache is not None:
            prefixes = tuple(f"{collection.display_path(p).replace(os.sep, '/')}::" for p in collection.paths)
            self.lastfailed = {n for n in cache.get("cache/lastfailed", {}) if n.startswith(prefixes)}
            if self.lf and self.lastfailed and not self.lastfailed & collection.plan.planned_nodeids():
                # none of the rows that failed is a row now (ids changed, rows gone): as pytest's --lf does
                # when no item failed last time, every row runs
                self.lf = False

    def names_of(self, node: pytest.Node) -> set[str]:
        """The names ``-k`` matches for a row of ``node``'s file besides its own (pytest's keyword matcher:
        the names of the node's parents below the root folder, extra keywords, marker names), lower-cased."""
        names = set()
        for parent in node.listchain():
            if isinstance(parent, pytest.Session) or (isinstance(parent, pytest.Directory)
                                                      and isinstance(parent.parent, pytest.Session)):
                continue
            names.add(parent.name.lower())
        names.update(n.lower() for n in node.listextrakeywords())
        names.update(m.name.lower() for m in node.iter_markers())
        return names

    def keeps(self, nodeid: str, name: str, row_id: str, file_names: set[str]) -> bool:
        if nodeid in self.done or (self.wanted is not None and row_id not in self.wanted) or (
                self.lf and self.lastfailed and nodeid not in self.lastfailed):
            self.deselected += 1
            if self.dropped is not None:
                self.dropped.append(nodeid)
            return False
        if self.keyword is not None:
            own = name.lower()

            def matcher(subname: str, **kwargs: Any) -> bool:
                if kwargs:
                    raise pytest.UsageError("Keyword expressions do not support call parameters.")
                sub = subname.lower()
                return sub in own or any(sub in n for n in file_names)

            if not self.keyword(matcher):
                self.deselected += 1
                if self.dropped is not None:
                    self.dropped.append(nodeid)
                return False
        return True


def _selected(select: tuple[str, str]) -> set[str]:
    """The row ids ``--bench-select`` keeps (as ``Collection.pytest_collection_modifyitems`` reads them)."""
    kind, path = select
    earlier = load_baseline(path, option="--bench-select")
    if kind == "failing":
        rows = earlier["rows"]
        return {rid for rid, r in zip(current_ids(rows), rows) if r["status"] != CORRECT}
    if not earlier.get("comparison"):
        raise pytest.UsageError(f"--bench-select flipped:{path}: that report has no comparison "
                                "(it was not run with --bench-baseline)")
    flips = (earlier.get("comparison") or {}).get("flips") or {}
    return {f["id"] for side in flips.values() for f in side}


class StreamFile(PredictionFile):
    """A prediction file of a streamed run: its rows planned in one pass, kept in chunks of ``CHUNK_ROWS``."""

    def collect(self) -> Iterator[RowChunk]:  # type: ignore[override]
        self._rows: list[Any] = []
        self._fd: int | None = None
        collection = self.collection
        mode: StreamMode = self.config.pluginmanager.get_plugin(STREAM_PLUGIN)
        rows_filter = mode.filter
        plan = collection.plan
        check: FieldCheck | None = FieldCheck(self.display_name, collection.spec, shape=collection.shape_check,
                                              fields=() if plan.harness_of(self.path) else plan.fields)
        file_names = rows_filter.names_of(self) if rows_filter.keyword is not None else set()
        prefix = f"{self.nodeid}::"
        chunks = [ChunkRows(), ChunkRows()]  # the rows in order; --ff: the rows that failed last time
        made = 0
        held: list[RowChunk] = []
        for name, line, ref, row_id, problem, sample in plan.rows(self.path, self.display_name, self._rows,
                                                                    check=check, on_empty=self._no_rows):
            if check is not None and check.rows >= check.SAMPLE:
                self._stop_unless_fields_fit(check)
                check = None
            nodeid = prefix + name
            if not rows_filter.keeps(nodeid, name, row_id if row_id is not None else name, file_names):
                continue
            failed_before = nodeid in rows_filter.lastfailed
            rows_filter.rerun += failed_before
            first = rows_filter.ff and failed_before
            chunk = chunks[first]
            chunk.add(name, line, ref, row_id, problem, sample)
            if len(chunk) >= CHUNK_ROWS:
                made += 1
                held.append(self._chunk(chunk, made, first))
                chunks[first] = ChunkRows()
                if check is None:
                    yield from held
                    held = []
        if check is not None:
            self._stop_unless_fields_fit(check)
        yield from held
        for first in (True, False):
            if len(chunks[first]):
                made += 1
                yield self._chunk(chunks[first], made, first)

    def _chunk(self, rows: ChunkRows, number: int, first: bool) -> RowChunk:
        return RowChunk.from_parent(self, name=f"chunk{number}[{len(rows)} rows]", rows=rows, first=first)


# -- the run: rows scored and logged as reports ---------------------------------------------------------------

STREAM_PLUGIN = "answerbench-stream"
_NO_KEYWORDS: dict[str, Any] = {}
_NO_PROPERTIES: Any = ()


class StreamMode:
    """The streamed mode's plugin: chunk files, the chunks' protocol, the per-row filters and the header lines."""

    def __init__(self, config: pytest.Config, run: "StreamRun", collection: "Collection", reason: str):
        self.config = config
        self.run = run
        self.collection = collection
        self.reason = reason
        # pytest's own -k would see chunks: the filter applies it to each row
        self.filter = RowFilter(config, collection, run.journal.resumed, _compat.take_keyword(config))
        collection.collect_files_as(StreamFile)
        self.rows = 0  # rows in the chunks collected
        self.chunks = 0
        self.limit = run.settings.row_limit
        self.junit = _compat.junit_requested(config)
        # -rp/-rP/-rA list passed tests at the end: each passed row keeps its own report then
        self.share_passed = not any(c in (getattr(config.option, "reportchars", "") or "") for c in "pPA")
        self._told_deselected = False
        self.rerun_line: str | None = None
        self._total_due = False  # xdist's controller: pytest's progress total to be made the rows'
        self.warnings: list[str] = []

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        self.filter.read_cache(self.config, self.collection)

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        """On an xdist worker: the rows it left out go to the controller, which lists no row of them as not run
        (every worker leaves out the same rows)."""
        if self.filter.dropped:
            _compat.set_worker_output(self.config, DROPPED_KEY, self.filter.dropped)

    @pytest.hookimpl(tryfirst=True)
    def pytest_collection_modifyitems(self, session: pytest.Session, config: pytest.Config, items: list) -> None:
        """--ff: the chunks of rows that failed last time first."""
        if self.filter.ff:
            items[:] = [i for i in items if getattr(i, "failed_first", False)] + [
                i for i in items if not getattr(i, "failed_first", False)]

    @pytest.hookimpl(tryfirst=True)
    def pytest_collection_finish(self, session: pytest.Session) -> None:
        chunks = [item for item in session.items if isinstance(item, RowChunk)]
        self.chunks = len(chunks)
        self.rows = sum(len(c.rows) for c in chunks)
        self.run.stream_collected(session, chunks, self.rows)
        if self.filter.rerun:
            self.say_rerun()

    def say_rerun(self) -> None:
        """--lf/--ff: pytest's ``run-last-failure:`` line counts the rows that failed last time, as it counts
        items in item mode (it saw chunks, none of which failed); failed tests of other files counted in."""
        config = self.config
        status = _compat.last_failed_status(config) or ""
        others, suffix = 0, ""
        if status.startswith("rerun previous "):
            count, _, rest = status[len("rerun previous "):].partition(" ")
            others = int(count) if count.isdigit() else 0
        if " (skipped " in status:  # files with no failure, which pytest's --lf did not collect
            suffix = status[status.index(" (skipped "):]
        count = others + self.filter.rerun
        text = (f"rerun previous {count} {'failure' if count == 1 else 'failures'}"
                f"{' first' if self.filter.ff else ''}{suffix}")
        if not _compat.set_last_failed_status(config, text):
            self.rerun_line = f"answerbench: run-last-failure: {text}"  # a pytest without that line: ours

    def pytest_report_collectionfinish(self, config: pytest.Config, items: list) -> list[str]:
        """The header's line: rows, chunks, why streamed; and what does not work per row, where asked for."""
        if _compat.is_controller(config) and not self.rows:
            return []  # xdist's controller collects nothing: said when the workers have collected
        chunks = "chunk" if self.chunks == 1 else "chunks"
        lines = [f"answerbench: streamed: {self.rows:,} rows in {self.chunks:,} {chunks} of {CHUNK_ROWS:,} "
                 f"({self.reason}; --bench-stream off keeps rows as items)"]
        if self.filter.deselected:
            lines.append(f"answerbench: {self.filter.deselected:,} rows deselected "
                         "(-k, --lf, --bench-select, --bench-resume: applied to each row)")
        if self.rerun_line:
            lines.append(self.rerun_line)
        return lines + [f"answerbench: WARNING: {w}" for w in self.unsupported(items)]

    def unsupported(self, items: list) -> list[str]:
        """What was asked for that streamed mode cannot do per row."""
        config = self.config
        said = []
        if _compat.collect_only(config):
            said.append("--collect-only lists chunks of rows in streamed mode, not rows "
                        "(--bench-stream off lists every row)")
        for item in items:
            if isinstance(item, RowChunk) and self.collection.fixtureinfo(item.parent)[1] is not None:
                said.append("fixtures are not set up per row in streamed mode: a conftest.py's bench_* fixture or "
                            "an autouse fixture is not used (--bench-stream off uses them)")
                break
        hooks = sorted({impl.plugin_name.split(os.sep)[-1] if "conftest" in impl.plugin_name else impl.plugin_name
                        for name in ("pytest_runtest_setup", "pytest_runtest_call", "pytest_runtest_teardown",
                                     "pytest_runtest_makereport")
                        for impl in getattr(config.hook, name).get_hookimpls()
                        if "conftest" in impl.plugin_name or impl.plugin_name in ("rerunfailures", "repeat")})
        if hooks:
            said.append(f"per-row set-up, call and teardown hooks do not run in streamed mode ({', '.join(hooks)} "
                        "implement them; rows are reports, not items)")
        capture = getattr(config.option, "reportchars", "") or ""
        if any(c in capture for c in "PA") or config.getini("junit_logging") not in ("no", None, ""):
            said.append("output is not captured per row in streamed mode (-rP, junit_logging)")
        self.warnings = said
        return said

    @pytest.hookimpl(tryfirst=True)
    def pytest_report_from_serializable(self, config: pytest.Config, data: dict[str, Any]) -> None:
        """On xdist's controller: a worker's row report becomes the row's (``_compat.row_report_data``)."""
        _compat.row_report_data(data)

    @pytest.hookimpl(optionalhook=True)
    def pytest_configure_node(self, node: Any) -> None:
        _compat.send_to_worker(node, STREAM_KEY, self.reason)

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session: pytest.Session) -> None:
        """Before the first chunk: the rows to run are what pytest's progress counts, the rows left out are
        deselected."""
        if self.rows:
            session.testscollected = self.rows
        if self.filter.deselected and not self._told_deselected:
            self._told_deselected = True
            self.run.deselect_rows(self.filter.deselected)

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """On xdist's controller, at the first row: pytest's progress counts rows, not the chunks xdist counted."""
        if self._total_due:
            self._total_due = False
            session = self.run.session
            if session is not None and self.rows:
                session.testscollected = self.rows

    def _start_journal(self, plan: list[list[Any]]) -> None:
        """The journal (``BenchRun``), whose rows' texts are the spool's: each row encoded once for both."""
        super()._start_journal(plan)
        writer = self.journal.writer
        if writer is not None and isinstance(self.records, RowRecords):
            writer.encode_row = self.records.stream.encode_once

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: Any, ids: list[str]) -> None:
        """On xdist's controller: the rows the workers' chunks hold (their names say how many)."""
        if self.rows:
            return
        rows = 0
        for nodeid in ids:
            name = nodeid.rpartition("::")[2]
            if name.endswith(" rows]") and "[" in name:
                rows += int(name[name.rindex("[") + 1:-len(" rows]")])
        self.rows, self.chunks = rows, len(ids)
        # the rows the workers left out of their chunks (-k, --lf, --bench-select, --bench-resume)
        self.filter.deselected = len(self.run.controller_plan()) - rows
        if self.filter.deselected > 0 and not self._told_deselected:
            self._told_deselected = True
            self.run.deselect_rows(self.filter.deselected)
        self._total_due = True
        session = getattr(self.run, "session", None)
        if session is not None:
            session.testscollected = rows
        if self.run.progress is not None:
            self.run.progress.start(rows)
        reporter = self.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            for line in self.pytest_report_collectionfinish(self.config, []):
                reporter.write_line(line)

    # the chunks' protocol
    @pytest.hookimpl(tryfirst=True, optionalhook=True)
    def pytest_timeout_set_timer(self, item: pytest.Item, settings: Any) -> bool | None:
        """No pytest-timeout timer for a chunk: each row has its own limit."""
        return True if isinstance(item, RowChunk) else None

    @pytest.hookimpl(tryfirst=True, optionalhook=True)
    def pytest_timeout_cancel_timer(self, item: pytest.Item) -> bool | None:
        return True if isinstance(item, RowChunk) else None

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item: pytest.Item, nextitem: pytest.Item | None) -> bool | None:
        if not isinstance(item, RowChunk):
            return None
        ihook = item.ihook
        location = item.location
        if self.config.get_verbosity() <= 0:  # verbose: each row's own line, no line for the chunk
            ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=location)
        try:
            self.run_chunk(item)
        finally:
            if item.parent is not None and (nextitem is None or nextitem.parent is not item.parent):
                item.parent.teardown()
            ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=location)
        return True

    def run_chunk(self, chunk: RowChunk) -> None:
        """Score the chunk's rows one by one, logging one report a row; stop where pytest would stop. The rows'
        time limits share one SIGALRM handler for the chunk (``RowClock``: a row costs a clock read, not two
        timer calls), given back when the chunk ends, however it ends."""
        clock = RowClock(self.limit)
        try:
            self._run_rows(chunk, clock if clock.open() else None)
        finally:
            clock.close()

    def _unwatched(self, node: pytest.Node) -> bool:
        """May a chunk's rows be scored ``SCORE_AHEAD`` at a time, then logged (the scoring's code then stays warm
        in the processor's caches: logging each report between two rows ran ~30 us a VMCBench row slower)? Only
        where nothing could tell the order: the scorer is one of this package's (no side effects, no way out of
        the process), and only pytest's own plugins and this one see each row's report as it is logged (a
        plugin's report hook that stops the run, or an xdist worker's channel, sees rows as they come). A row
        scored ahead and then not logged (after -x, a stop) is work no one sees; an interrupt raised while a row
        is scored ahead is raised in that row's turn, after the rows before it are logged."""
        if not scorers.get(self.collection.spec.scorer).builtin:
            return False
        for name in ("pytest_runtest_logreport", "pytest_report_teststatus"):
            for impl in getattr(node.ihook, name).get_hookimpls():
                plugin = impl.plugin
                module = plugin.__name__ if isinstance(plugin, ModuleType) else type(plugin).__module__
                if not module.startswith(("_pytest.", f"{__package__}.")):
                    return False
        return True

    def _run_rows(self, chunk: RowChunk, clock: RowClock | None) -> None:
        session = chunk.session
        parent: PredictionFile = chunk.parent  # type: ignore[assignment]
        log = chunk.ihook.pytest_runtest_logreport
        run = self.run
        rows = chunk.rows
        scoring = self.collection.scoring
        spec = self.collection.spec
        relpath = _compat.item_location(chunk)[0]
        file = parent.display_name
        basename = parent.path.name
        prefix = f"{chunk.parent.nodeid}::"
        scorer = None
        worker = run.is_worker
        shared: pytest.TestReport | None = None
        watchers = _row_watchers(parent, run)
        ahead = 1  # rows scored at a time before their reports are logged (SCORE_AHEAD once the scorer allows it)
        scored: dict[int, tuple[Any, ...]] = {}

        def score(k: int, view: RowView | None) -> tuple[Any, ...]:
            """Row ``k`` read and scored under its time limit: (row, verdict, longrepr, a fatal judge error, the
            time it started, the seconds it took)."""
            nonlocal scorer
            started = time.perf_counter()
            epoch = time.time()
            row = fatal = longrepr = None
            try:
                if scorer is None:
                    scorer = scoring.own_scorer()
                row = parent.load_row(rows.ref(k))
                sample = rows.samples.get(k)
                if sample is not None:
                    row = sample_row(row, sample, spec.prediction_field)
                verdict = None
                try:
                    with clock if clock is not None else deadline(self.limit):
                        verdict = coerce_verdict(scorer(row, rows.ids.get(k, rows.names[k])))
                finally:
                    if watchers is not None:  # as a row item hands its verdict over (None: the scorer raised)
                        watchers(item=view, row=row, verdict=verdict)
            except ScoreTimeout:
                verdict = Verdict(TIMEOUT, 0.0, method="timeout",
                                  detail=f"row exceeded its time limit ({self.limit:g}s)")
            except JudgeFatalError as exc:
                fatal = exc
                verdict = Verdict.error(f"judge unusable: {exc}", method="judge-fatal")
                longrepr = f"{type(exc).__name__}: {exc}"
            except JudgeError as exc:
                verdict = Verdict.error(f"judge failed: {exc}", method="judge-error")
                longrepr = f"{type(exc).__name__}: {exc}"
            except Exception as exc:  # the row's error, as item mode reports a scorer's exception
                verdict = Verdict.error(f"{type(exc).__name__}: {exc}", method="exception")
                longrepr = f"{type(exc).__name__}: {exc}"
            return row, verdict, longrepr, fatal, epoch, time.perf_counter() - started

        for k in range(len(rows)):
            if session.shouldfail or session.shouldstop:
                for entry in scored.values():
                    if len(entry) == 1:
                        raise entry[0]  # an interrupt while a row was scored ahead is not lost to the stop
                return
            name = rows.names[k]
            line = rows.lines[k]
            row_id = rows.ids.get(k, name)
            nodeid = prefix + name
            location = (relpath, max(line - 1, 0), f"{row_id} ({basename}:{line})")
            view = RowView(parent, row_id, line, rows.samples.get(k), nodeid, location)
            problem = rows.problems.get(k)
            when = "call"
            if problem is not None:
                when = "setup"
                row, verdict, longrepr, spent = None, Verdict.error(problem, method="unreadable-row"), problem, 0.0
                epoch = time.time()
            else:
                if k not in scored:
                    scored.clear()
                    last = scored[k] = score(k, view)
                    for j in range(k + 1, min(k + ahead, len(rows))):
                        if last[3] is not None:
                            break  # the judge is unusable: no row after it is scored
                        if rows.problems.get(j) is None:
                            try:
                                last = scored[j] = score(j, None)
                            except BaseException as exc:  # an interrupt: raised in its row's turn, once the
                                scored[j] = (exc,)  # rows before it are logged
                                break
                    if ahead == 1 and scorer is not None and scoring.own_judge is None and watchers is None and \
                            self._unwatched(parent):
                        ahead = SCORE_AHEAD
                entry = scored.pop(k)
                if len(entry) == 1:
                    raise entry[0]
                row, verdict, longrepr, fatal, epoch, spent = entry
                if fatal is not None:
                    run.stop(session, f"judge: {fatal}")
            logged = time.perf_counter()
            rec = run.record(view, verdict, row if isinstance(row, dict) else None)
            if (run.is_worker or self.junit) and _may_hold_surrogates(rec):
                rec = scrub_surrogates(rec)  # as item mode does: lone surrogates cannot cross xdist or go to XML
            outcome = "passed"
            xfail = None
            if when == "setup":
                outcome = "failed"
            elif not verdict.correct:
                if verdict.status == MISS or (run.gated and verdict.status != ERROR):
                    outcome, xfail = "skipped", describe(verdict)
                else:
                    outcome = "failed"
                    if longrepr is None:
                        longrepr = describe(verdict)
            duration = spent + (time.perf_counter() - logged)
            properties = junit_properties(rec) if self.junit else _NO_PROPERTIES
            if outcome == "passed" and shared is not None:
                # pytest's terminal keeps every report it is given to the end: a passed row's report is one
                # object shared by the chunk's passed rows, filled anew for each (its summary of passed tests,
                # -rp, is the one reader of a passed report afterwards: then each row has its own)
                report = shared
                report.nodeid, report.location, report.duration = nodeid, location, duration
                report.start, report.stop = epoch, epoch + duration
                report.user_properties = properties
            else:
                report = pytest.TestReport(nodeid=nodeid, location=location, keywords=_NO_KEYWORDS,
                                           outcome=outcome, longrepr=longrepr, when=when, duration=duration,
                                           start=epoch, stop=epoch + duration, user_properties=properties)
                if xfail is not None:
                    report.wasxfail = xfail  # type: ignore[attr-defined]
                if outcome == "passed" and self.share_passed:
                    shared = report
            if worker:  # xdist's worker sends only reports of the running item: the row's id rides along
                report.nodeid = chunk.nodeid
                setattr(report, _compat.ROW_NODEID, nodeid)
            setattr(report, _compat.RECORD, rec)
            log(report=report)
            # what the terminal keeps of a failed row: what its summary reads
            setattr(report, _compat.RECORD, None)
            report.user_properties = _NO_PROPERTIES
            report.sections = _NO_PROPERTIES


# -- the run's records, streamed ---------------------------------------------------------------------------------

class RowRecords:
    """The run's records (node id -> report row) of a streamed run, not held in memory: each row goes to a
    ``RowStream`` (report/rowstream.py: a temporary file, the report built and written from it), and only the
    node ids are kept, for the rows not run. ``items`` gives the rows given at the start (a resumed run's, which
    its journal starts with), not the rows streamed since."""

    def __init__(self, groups: Any) -> None:
        self.stream = RowStream(groups)
        self._ids: set[str] = set()
        self._given: dict[str, dict[str, Any]] = {}

    def __contains__(self, nodeid: object) -> bool:
        return nodeid in self._ids

    def __len__(self) -> int:
        return len(self._ids)

    def __bool__(self) -> bool:
        return bool(self._ids)

    def setdefault(self, nodeid: str, row: dict[str, Any]) -> dict[str, Any]:
        if nodeid not in self._ids:
            self._ids.add(nodeid)
            self.stream.add(row)
        return row

    def update(self, rows: dict[str, dict[str, Any]]) -> None:
        for nodeid, row in rows.items():
            if nodeid not in self._ids:
                self._given[nodeid] = row
                self.setdefault(nodeid, row)

    def keys(self) -> set[str]:
        return self._ids

    def items(self) -> Iterator[tuple[str, dict[str, Any]]]:
        return iter(self._given.items())

    def close(self) -> None:
        self.stream.close()


class StreamRun(BenchRun):
    """The run object of a streamed run: ``BenchRun`` with its records spooled (``RowSpool``) and its plan, its
    progress and its rows not run taken from the chunks instead of row items."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.chunks: list[RowChunk] = []
        self.session: pytest.Session | None = None
        self.lost_chunks: list[str] = []  # chunks whose xdist worker died
        self.junit_file: Any = None  # JunitText: the --junitxml file, written as rows come
        self._dropped_known = False  # xdist's controller: a worker has said which rows it left out
        if not self.is_worker:
            records = RowRecords(self.spec.groups)
            records.update(self.records)
            self.records = records  # type: ignore[assignment]
            self.config.add_cleanup(records.close)

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        """The JUnit file is written here case by case (``JunitText``): junitxml, which would hold every case
        until the end, is unregistered for this run (its options are honoured by ``JunitText.from_config``)."""
        self.session = session
        super().pytest_sessionstart(session)
        if self.junit and not self.is_worker and _compat.take_junit(self.config):
            # DEL and astral characters, and the root element's name, as this pytest writes them
            match_junitxml(*_compat.junit_escapes(), _compat.junit_suites_named())
            self.junit_file = JunitText.from_config(self.config)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """A row's report: its record to the spool, its JUnit case to the file; a chunk whose xdist worker died
        leaves its rows unscored (listed as not run)."""
        rec = getattr(report, _compat.RECORD, None)
        if rec is None and report.failed and report.when not in ("setup", "call", "teardown") and (
                report.nodeid.rpartition("::")[2].endswith(" rows]")):
            self.lost_chunks.append(report.nodeid)
            name = report.nodeid.rpartition("::")[2]
            self.stop_reason = self.stop_reason or (f"an xdist worker crashed while scoring {name}: the rows of it "
                                                    "not yet scored were not run")
            return
        fresh = rec is not None and report.nodeid not in self.records
        super().pytest_runtest_logreport(report)
        if self.junit_file is not None and (fresh or rec is None):
            self._junit_case(report, rec)

    def _junit_case(self, report: pytest.TestReport, rec: dict[str, Any] | None) -> None:
        """The row's JUnit test case as junitxml writes a row item's (item mode): its properties, and an
        unreadable row's set-up error in the words of ``pytest.fail``."""
        assert self.junit_file is not None
        properties = report.user_properties or (junit_properties(rec) if rec is not None else ())
        if report.when == "setup" and report.failed and rec is not None:
            text = str(report.longrepr)
            self.junit_file.add_case(report.nodeid, "failed", report.duration, f'failed on setup with "Failed: {text}"',
                                     text, properties, "error", location=report.location[:2])
        elif report.when == "call" or report.failed or report.skipped:
            self.junit_file.add_report(report)  # the row's properties are on its report (run_chunk)

    def pytest_collection_modifyitems(self, session: pytest.Session, config: pytest.Config, items: list) -> None:
        """--bench-resume is applied to each row as the chunks are made (``RowFilter``)."""

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """Nothing: the chunks are counted by ``StreamMode`` (``stream_collected``)."""

    def stream_collected(self, session: pytest.Session, chunks: list[RowChunk], rows: int) -> None:
        """The chunks are collected: the progress line's total, the journal's plan (every row to score)."""
        self.chunks = chunks
        self._collected = not session.shouldstop
        if self.progress is not None:
            self.progress.start(rows)
        if self._collected:
            self._start_journal([entry for chunk in chunks for entry in _plan_entries(chunk)])
        if chunks and not self.freezer.frozen:
            self.freezer.freeze()  # what the collection made lives to the end: out of the collector's way (BenchRun)

    def _start_journal(self, plan: list[list[Any]]) -> None:
        """The journal (``BenchRun``), whose rows' texts are the spool's: each row encoded once for both."""
        super()._start_journal(plan)
        writer = self.journal.writer
        if writer is not None and isinstance(self.records, RowRecords):
            writer.encode_row = self.records.stream.encode_once

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: Any, ids: list[str]) -> None:
        """On xdist's controller: the rows to come are the files' rows (the workers' items are chunks)."""
        if self._worker_ids is None:
            plan = self.collection.plan
            planned = self.controller_plan()
            self._worker_ids = list(planned)
            if self.settings.report_path and not self.is_worker:
                self._start_journal(plan_entries(self._worker_ids, planned, plan.replayed_samples))

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        """On xdist's controller: the rows a worker left out are no rows to run (nor, unrun, rows not run)."""
        dropped = _compat.worker_output(node).get(DROPPED_KEY)
        if dropped and self._worker_ids is not None and not self._dropped_known:
            self._dropped_known = True
            left_out = set(dropped)
            self._worker_ids = [nodeid for nodeid in self._worker_ids if nodeid not in left_out]

    def report_rows(self, not_run: list[dict[str, Any]]) -> tuple[Any, list[dict[str, Any]]]:
        """The report's rows read from the stream in report order (never all in memory), and its files."""
        from .report.render.text import RowListing  # deferred for start-up cost (renderers load at the end)

        stream = self.records.stream  # type: ignore[attr-defined]
        paths = [(str(p), self.collection.display_path(p)) for p in self.collection.paths]
        rows = stream.rows(extra=not_run)
        if not rows.seen:  # the terminal's listing taken as the JSON report is written
            rows.watch(functools.partial(RowListing, self.settings.show))
        return rows, stream.prediction_files(paths, extra=not_run)

    def junit_logger(self) -> Any:
        """The gates' test cases go to the JUnit file this run writes."""
        if self.junit_file is None:
            return super().junit_logger()
        return lambda report: self._junit_case(report, None)

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        """The report (``BenchRun``), then the JUnit file: its header with the totals, its cases after."""
        try:
            super().pytest_sessionfinish(session, exitstatus)
        finally:
            if self.junit_file is not None:
                try:
                    self.junit_file.close()
                except OSError as exc:
                    self.write_errors.append(f"cannot write the JUnit file to {self.junit_file.path}: "
                                             f"{exc.strerror or exc}")
                    self.junit_file.discard()

    def pytest_terminal_summary(self, terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
        if self.junit_file is not None and self.junit_file.totals is not None:
            terminalreporter.write_sep("-", f"generated xml file: {self.junit_file.path}")
        super().pytest_terminal_summary(terminalreporter, exitstatus, config)

    def _not_run(self, session: pytest.Session, reason: str) -> list[dict[str, Any]]:
        if _compat.is_controller(self.config) or not self._collected:
            return super()._not_run(session, reason)
        verdict = Verdict(NOT_RUN, 0.0, method="not-run", detail=f"not run: {reason}")
        done = self.records.keys() | self._skipped
        out = []
        for chunk in self.chunks:
            for nodeid, row_id, file, line, question, sample in _plan_entries(chunk):
                if nodeid not in done:
                    out.append(make_row(row_id=row_id, file=file, line=line, verdict=verdict,
                                        question_id=question, sample=sample))
        return out


def _plan_entries(chunk: RowChunk) -> Iterator[list[Any]]:
    """The journal's plan entries of a chunk's rows: ``[nodeid, id, file, line, question_id, sample]``."""
    rows = chunk.rows
    parent: PredictionFile = chunk.parent  # type: ignore[assignment]
    prefix = f"{parent.nodeid}::"
    file = parent.display_name
    for k, name in enumerate(rows.names):
        sample = rows.samples.get(k)
        yield [prefix + name, rows.ids.get(k, name), file, rows.lines[k], sample.question if sample else None,
               sample.index if sample else None]
