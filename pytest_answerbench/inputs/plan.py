"""The plan of a run's inputs: which files, which rows of this shard, under which ids, with which problems.

Pure (no pytest). ``InputPlan`` is built once per run from the settings; the pytest layer (collect.py) turns
its ``rows`` into items, xdist's controller asks it to ``replay`` them (it collects nothing), and the run's end
asks it the figures of the files (``rows_in_files``, ``rows_held``, ``rows_by_line``) instead of reading them
itself. The library API (api.py) names rows by the same rule, ``RowIds``.

A row goes through these steps, each one place:

1. read (``readers.READERS``, by format): a ``RawRow`` per row, a problem instead of a row it cannot read;
2. normalise (``InputPlan.normalise``): the benchmark's fields read from the columns ``--bench-field`` names.
   Another harness's file (lm-eval samples, inspect logs: ``--bench-from`` or detected, ``InputPlan.harness``)
   is read by its reader in ``harnesses/`` instead, which applies ``--bench-field`` as paths into its records
   and gives one row per response (``readers.harness_rows``);
3. name (``RowIds``): the row id, or ``line<N>``, with ``#2``, ``#3`` on repeats;
4. join the gold file (``gold.GoldIndex``) and check the required fields and the file's shape (``shape``).

Before any row is scored, ``InputPlan.input_problem`` checks each whole file once (readable at all, within the
bounds of ``bounded.py``, another harness's file as that harness writes it, its gold found): one usage error
instead of a row per problem. ``harness_incomplete`` lists the harness files whose run did not finish.

Many samples per question come between steps 2 and 3 (``InputPlan.samples_of``): rows sharing the value of the
``samples_by`` field (``--bench-samples-by``), rows carrying an integer ``sample`` (another harness's record of
several responses, one row per response), and a row whose prediction is a list of texts (k samples of that row)
become planned rows named ``QID[s1]``, ``QID[s2]``, ... (``RowIds`` still numbers a repeated name ``#2``), each
with its ``Sample`` (question id, sample number, index into the list).
"""

from __future__ import annotations

import itertools
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, NamedTuple, Sequence

from ..bounded import DEFAULT_LIMITS, Limits, parquet_batches
from ..report.rows import portable_path, scrub_surrogates
from ..text.printable import printable
from .gold import GoldIndex
from .readers import (FORMATS, RawRow, ReaderError, file_kind, harness_of, harness_rows, load_jsonl_span,
                      missing_reader, open_parquet, read_rows, rename_fields)
from .shape import column_list

if TYPE_CHECKING:
    from ..spec import BenchmarkSpec
    from .shape import FieldCheck

__all__ = ["InputPlan", "PlannedRow", "RowIds", "Sample", "clean_id", "file_problem", "prediction_paths",
           "row_samples", "sample_row"]

def clean_id(raw: str) -> str:
    """A row id usable in a node id: printable (``text/printable.py``: a line break or an escape character
    written as its escape, lone surrogates as U+FFFD, so the id can be printed, written and sent to xdist's
    controller), no '::', at most 200 characters."""
    text = printable(raw.strip()).replace("::", ":")
    return (text or "_")[:200]


class RowIds:
    """The one rule that names rows, for the plugin and the library alike: the row's id (``line<N>`` when it
    has none); the second row with an id already used is ``ID#2``, the third ``ID#3`` (docs/report-schema.md, ``id``).

    A name is never given twice: a row whose own id is a name already given to another row (``1#2`` after a
    repeated ``1``, ``line4`` after line 4 without an id) is numbered on its own id (``1#2#2``), as a repeat is;
    the next repeat skips a name a row already holds as its own id (``1#3`` taken: the third ``1`` is ``1#4``).

    ``take`` returns ``(name, row_id, count)``: ``name`` is the item's name (the id made safe for a node id,
    ``clean_id``, repeats counted on it), ``row_id`` the id the report, JUnit and the scorer see (the id as
    written, surrogates replaced, with the same suffix), and ``count`` the occurrence (1 for the first).
    """

    def __init__(self) -> None:
        self._seen: dict[str, int] = {}  # base name -> the last count given on it
        self._names: set[str] = set()  # every name given (node ids)
        self._ids: set[str] = set()  # every report id given

    def take(self, raw_id: str | None, line: int) -> tuple[str, str, int]:
        name = clean_id(raw_id) if raw_id is not None else f"line{line}"
        return self.take_as(name, scrub_surrogates(raw_id) if raw_id else name)

    def take_as(self, name: str, row_id: str) -> tuple[str, str, int]:
        """Give ``name`` (the report's id ``row_id``), numbered on when either is taken: the rows the plan names
        itself (an unreadable line, the gold file's rows) take their names here too."""
        count = self._seen.get(name, 0) + 1
        named, ided = (name, row_id) if count == 1 else (f"{name}#{count}", f"{row_id}#{count}")
        while named in self._names or ided in self._ids:
            count += 1
            named, ided = f"{name}#{count}", f"{row_id}#{count}"
        self._seen[name] = count
        self._names.add(named)
        self._ids.add(ided)
        return named, ided, count


class Sample(NamedTuple):
    """Which sample of which question a planned row is: the question id (as written), the sample's number (from
    1) and, for a list-valued prediction, the index of its response in the list (None: the row is the sample)."""

    question: str
    index: int
    item: int | None = None


class PlannedRow(NamedTuple):
    """One item of the plan: its name, the line it starts on, how to read it again (``ref``: a JSONL byte span,
    an index into the rows a file keeps, or None), its id in the report, its problem (an error item), and the
    sample it is (None: a row of its own)."""

    name: str
    line: int
    ref: Any
    row_id: str | None
    problem: str | None
    sample: Sample | None = None


def sample_row(row: dict[str, Any], sample: Sample | None, prediction_field: str) -> dict[str, Any]:
    """The row a sample's scorer sees: for a list-valued prediction, the row with the sample's response as its
    prediction (a copy); otherwise the row itself."""
    if sample is None or sample.item is None:
        return row
    responses = row.get(prediction_field)
    if not isinstance(responses, list) or sample.item >= len(responses):
        return row
    return {**row, prediction_field: responses[sample.item]}


def _is_response_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) for v in value)


def row_samples(row: Mapping[str, Any], raw_id: str | None, line: int, seen: dict[str, int], *,
                prediction_field: str, samples_by: str | None = None, list_samples: bool = True
                ) -> list[Sample] | None:
    """The samples a normalised row is, the one rule for the plugin and the library (None: a row of its own).

    The question is the ``samples_by`` field's value when the row has it, else (for a list of responses or a
    row carrying an integer ``sample``) the row's id or ``line<N>``. ``seen`` counts each question's samples so
    far (the next sample's number); a record of another harness keeps its own ``sample`` number.
    """
    responses = row.get(prediction_field)
    listed = list_samples and _is_response_list(responses)
    question: Any = None
    if samples_by is not None:
        question = row.get(samples_by)
        if question == "":
            question = None
    explicit = row.get("sample")
    if question is None and (listed or (isinstance(explicit, int) and not isinstance(explicit, bool))):
        question = raw_id if raw_id is not None else f"line{line}"
    if question is None:
        return None
    if isinstance(question, float) and question.is_integer():
        question = int(question)
    qid = str(question)
    if not listed and samples_by is None:  # another harness's record: one row a response, numbered
        return [Sample(qid, int(explicit))]
    start = seen.get(qid, 0)
    count = len(responses) if listed else 1
    seen[qid] = start + count
    return [Sample(qid, start + i + 1, i if listed else None) for i in range(count)]


def prediction_paths(args: Sequence[str], base: str | os.PathLike[str]) -> list[Path]:
    """The prediction files of the command line's arguments (relative to ``base``): files as given, folders
    as the files of a known format under them, sorted; all resolved."""
    out: list[Path] = []
    for arg in args:
        path = Path(arg.split("::")[0])
        if not path.is_absolute():
            path = Path(base, path)
        if path.is_dir():
            out.extend(sorted(p for p in path.rglob("*") if p.suffix.lower() in FORMATS and p.is_file()))
        else:
            out.append(path)
    return [p.resolve() for p in out]


def file_problem(paths: Sequence[Path]) -> str | None:
    """Why the files cannot be read at all (absent, not regular files, a missing optional reader), or None."""
    absent = [portable_path(p) or str(p) for p in paths if not p.exists()]  # as the user named it, not absolute
    if absent:
        return f"prediction file not found: {', '.join(absent)}"
    # A FIFO or a device (/dev/zero, /dev/urandom) would block or never end: only regular files are read.
    special = [f"{portable_path(p) or p} ({file_kind(p)})" for p in paths if not p.is_file()]
    if special:
        return f"not a regular file: {', '.join(special)}; only regular files and folders of them are read"
    for path in paths:
        need = missing_reader(path)
        if need:
            return f"{portable_path(path) or path}: {need}"
    return None


#: Formats whose first rows are read without reading the whole file (``mixed_samples_problem``).
_STREAMED = (".jsonl", ".parquet")


def _no_gold(value: Any) -> bool:
    return value is None or (isinstance(value, (str, list, dict)) and not value) or (
        isinstance(value, str) and not value.strip())


#: Said with every repeated id of a run without samples: the option that reads such rows as samples.
_SAMPLES_HINT = "; rows sharing a field's value are samples of one question with --bench-samples-by FIELD"


class InputPlan:
    """What a run's prediction (and gold) files hold, decided once: rows, ids, shards, duplicates, problems.

    ``gold`` is a path (read here; ``ReaderError`` when it cannot be read at all). ``root`` is the folder
    files are named relative to (pytest's rootdir). The plan keeps the state of one pass over the files
    (``duplicates``, the rows seen for the shard); ``replay`` starts a pass afresh.
    """

    def __init__(self, spec: "BenchmarkSpec", paths: Sequence[Path], *, root: Path,
                 fields: tuple[tuple[str, str], ...] = (), limit: int | None = None,
                 shard: tuple[int, int] | None = None, gold: str | None = None, bench_from: str | None = None,
                 samples_by: str | None = None, list_samples: bool = True, limits: Limits = DEFAULT_LIMITS):
        self.spec = spec
        self.limits = limits  # the readers' bounds (bounded.py: --bench-max-input-mb, --bench-max-depth)
        self.samples_by = samples_by  # rows sharing this field's value are samples of one question
        self.list_samples = list_samples  # a list of texts as the prediction is k samples (not MEGA-Bench's)
        self.paths = list(paths)
        self.root = root
        self.fields = fields  # (benchmark field, file column) pairs, applied to every row as read
        self.limit = limit
        self.shard = shard
        self.gold = GoldIndex(gold, spec, limits) if gold else None
        self.duplicates: list[str] = []  # "file:line: ..." warnings for the report
        self._rows_seen = 0  # rows read so far across files (for sharding)
        # file -> the harness that wrote it (--bench-from, else what the file says; None: benchmark rows)
        self.harness = {path: harness_of(path, bench_from) for path in self.paths}
        self.bench_from = bench_from
        self.replayed_samples: dict[str, Sample] = {}  # nodeid -> its sample, of the last ``replay``
        self._incomplete: list[dict[str, Any]] | None = None  # ``harness_incomplete``, worked out once

    # -- naming and reading ------------------------------------------------------------------------------

    def display_path(self, path: Path) -> str:
        """A prediction file as node ids and report rows name it: relative to the root when inside it."""
        try:
            return str(path.relative_to(self.root))
        except ValueError:
            return str(path)

    def normalise(self, row: dict[str, Any]) -> dict[str, Any]:
        """A row as read, made a prediction row of the benchmark: its fields read from the mapped columns."""
        return rename_fields(row, self.fields) if self.fields else row

    def _row(self, raw: RawRow) -> dict[str, Any]:
        """A read row (not a problem) as a prediction row: normalised, unless its reader read the fields."""
        assert raw.row is not None
        return raw.row if raw.mapped else self.normalise(raw.row)

    def read_file(self, path: Path) -> Iterator[RawRow]:
        """Every row of one file: another harness's file through its reader (``--bench-field`` values are paths
        into its records there), any other through the reader of its format."""
        name = self.harness_of(path)
        if name is None:
            return read_rows(path, self.limits)
        spec = self.spec
        gold_field = "answer" if "answer" in spec.gold_field else spec.gold_field[0]
        return harness_rows(name, path, fields=self.fields, prediction_field=spec.prediction_field,
                            id_field=spec.id_fields[0], gold_field=gold_field, limits=self.limits)

    def harness_of(self, path: Path) -> str | None:
        """The harness that wrote a prediction file (``--bench-from`` or detected), None for benchmark rows."""
        if path in self.harness:
            return self.harness[path]
        return self.harness.get(path.resolve())

    def harness_problem(self) -> str | None:
        """Why another harness's file cannot be read at all (not that harness's file, a bad ``--bench-field``
        path), checked before any row is scored; None when every such file starts well."""
        from ..harnesses import field_path  # deferred: jmespath loads only for another harness's files

        named = [path for path, name in self.harness.items() if name is not None]
        if not named:
            return None
        for _, path in self.fields:
            try:
                field_path(path)
            except ValueError as exc:
                return str(exc)
        for path in named:
            try:
                next(iter(self.read_file(path)), None)
            except ReaderError as exc:
                # the message names the file and what the harness writes; the option is said when it was given
                return f"--bench-from {self.bench_from}: {exc}" if self.bench_from else str(exc)
        return None

    def input_problem(self) -> str | None:
        """Why the run cannot score its files, checked before any row is scored (a usage error): another
        harness's file that is not that harness's (``harness_problem``) or whose gold is empty in most records
        (``gold_problem``), a file that cannot be read at all (not JSON rows, a damaged archive, a missing
        reader), a file over a bound (``bounded.py``: sizes from the zip's directory and the Parquet footer, a
        parquet file's decoded rows counted without keeping them), or a ``--bench-field`` column most rows lack
        (``mapping_problem``); None when every file starts well."""
        problem = self.harness_problem()
        if problem:
            return problem
        for path in self.paths:
            display = self.display_path(path)
            try:
                if path.suffix.lower() == ".parquet":  # decoded a batch at a time and dropped: memory stays small
                    for _ in parquet_batches(open_parquet(path), str(path), self.limits, self.limit):
                        pass
                if self.harness_of(path) is None:
                    next(iter(read_rows(path, self.limits)), None)
            except ReaderError as exc:
                return str(exc).replace(str(path), display)
            except OSError as exc:  # no permission to read it (an ordinary user's file of another's), an I/O error
                return f"{display}: cannot be read ({exc.strerror or type(exc).__name__})"
        return self.gold_problem() or self.mapping_problem()

    def gold_problem(self, sample: int = 100) -> str | None:
        """Another harness's file whose records mostly give no gold (the harness keeps it under a key the reader
        does not know, as OpenCompass's LawBench predictions keep it under ``refr``): one message naming the
        records' keys and ``--bench-field``, instead of an error per row. Not asked with ``--bench-gold``."""
        from .. import harnesses  # deferred: the harness readers load only when a run reads their files

        if self.gold is not None:
            return None
        golds = {"answer", *self.spec.gold_field}
        for path, name in self.harness.items():
            if name is None:
                continue
            try:
                records = harnesses.read(name, path, limits=self.limits)
                if self.fields:
                    records = harnesses.remap(records, dict(self.fields), prediction_field=self.spec.prediction_field)
                read = [rec for rec in itertools.islice(records, sample) if not rec.get("error")]
            except (ReaderError, ValueError):
                continue  # harness_problem said what is wrong with the file
            empty = [rec for rec in read if all(_no_gold(rec["fields"].get(key)) for key in golds)]
            if read and len(empty) * 2 > len(read):
                raw = empty[0].get("raw")
                keys = column_list(map(str, raw)) if isinstance(raw, dict) else "(not an object)"
                # the readers give the gold as ``answer`` (harness_rows moves it to the benchmark's gold field)
                return (f"{self.display_path(path)}: {len(empty)} of the first {len(read)} records give no gold "
                        f"answer where {name} files keep it; a record has the keys {keys}. Name the key holding the "
                        "gold: --bench-field answer=KEY (a path into the record)")
        return None

    def harness_incomplete(self) -> list[dict[str, Any]]:
        """Every harness file whose run the harness did not complete (inspect_ai's log ``status`` other than
        ``success``), as the report's ``harness_incomplete`` entries: file, harness, status, the harness's error
        and a sentence for the summary. Worked out once."""
        if self._incomplete is not None:
            return self._incomplete
        from .. import harnesses  # deferred: the harness readers load only when a run reads their files

        out: list[dict[str, Any]] = []
        for path, name in self.harness.items():
            if name is None:
                continue
            try:
                said = harnesses.status_of(name, path, limits=self.limits)
            except (ReaderError, ValueError):
                said = None
            if said is None or said[0] == "success":
                continue
            status, error = said
            display = self.display_path(path)
            message = (f"{display}: {name} did not complete this run (status {status!r}"
                       f"{': ' + error if error else ''}); the scores cover only the samples it logged")
            out.append({"file": display, "harness": name, "status": status, "error": error, "message": message})
        self._incomplete = out
        return out

    def mapping_problem(self, sample: int = 100) -> str | None:
        """A ``--bench-field FIELD=COLUMN`` naming a column that most of a file's first rows lack: a mistake on
        the command line, stopped before any row is scored (the column named, the file's columns listed); None
        when every mapped column is there. Another harness's files are checked by ``harness_problem``."""
        if not self.fields:
            return None
        for path in self.paths:
            if self.harness_of(path) is not None:
                continue
            try:
                rows = [raw.row for raw in itertools.islice(read_rows(path, self.limits), sample)
                        if raw.row is not None]
            except ReaderError:
                continue  # the file's own error item says what is wrong with it
            if not rows:
                continue
            for field, column in self.fields:
                lacking = sum(1 for row in rows if column not in row)
                if lacking * 2 > len(rows):
                    shown = column_list(dict.fromkeys(str(key) for row in rows for key in row))
                    return (f"{self.display_path(path)}: --bench-field {field}={column} names a column the file "
                            f"does not have ({column!r}): {lacking} of its first {len(rows)} rows lack it; the file "
                            f"has the columns {shown or '(none)'}")
        return None

    def _head(self, path: Path, sample: int) -> list[tuple[int, dict[str, Any]]]:
        """(line, normalised row) of a file's first ``sample`` readable rows; none when it cannot be read (its
        own error item says why)."""
        try:
            return [(raw.line, self._row(raw)) for raw in itertools.islice(self.read_file(path), sample)
                    if raw.row is not None]
        except ReaderError:
            return []

    def samples_by_problem(self, option: str = "--bench-samples-by", sample: int = 100) -> str | None:
        """A ``samples_by`` field that none of the files' first rows has (a typo would score every row as a
        question of its own, the repeated ids as duplicates), stopped before scoring: the option, the field, the
        file's columns and the closest of them named; None when some row has it (or there is no such field)."""
        field = self.samples_by
        if field is None:
            return None
        heads = [(path, self._head(path, sample)) for path in self.paths]
        heads = [(path, rows) for path, rows in heads if rows]
        if not heads or any(row.get(field) not in (None, "") for _, rows in heads for _, row in rows):
            return None
        path, rows = heads[0]
        columns = list(dict.fromkeys(str(key) for _, row in rows for key in row))
        import difflib

        close = difflib.get_close_matches(field, columns, n=1, cutoff=0.6)
        hint = f"; did you mean {option} {close[0]}?" if close else ""
        return (f"{option} {field}: no row has the field {field!r} ({self.display_path(path)}: its first "
                f"{len(rows)} rows read), so every row would be a question of its own; the file has the columns "
                f"{column_list(dict.fromkeys(columns)) or '(none)'}{hint}")

    def mixed_samples_problem(self, sample: int = 100) -> str | None:
        """Rows of two sample shapes in one file without a ``samples_by`` field: a row whose prediction is a list
        of responses (k samples of its row) among rows that repeat an id (duplicates, each a question of one
        sample, which would make k read 1), stopped before scoring with the option that reads both as samples of
        their question; None otherwise. Asked of every run without ``samples_by``, so only of files read as a
        stream (JSONL, Parquet: the first rows cost what they cost); a JSON file is parsed whole, and another
        harness's records carry their sample numbers."""
        if self.samples_by is not None or not self.list_samples:
            return None
        field = self.spec.prediction_field
        for path in self.paths:
            if path.suffix.lower() not in _STREAMED or self.harness_of(path) is not None:
                continue
            listed: tuple[int, int] | None = None
            ids: dict[str, int] = {}
            repeated = 0
            for line, row in self._head(path, sample):
                responses = row.get(field)
                if _is_response_list(responses):
                    listed = listed or (line, len(responses))
                    continue
                explicit = row.get("sample")
                if isinstance(explicit, int) and not isinstance(explicit, bool):
                    continue  # another harness's record of one response: a sample already
                raw_id = self.spec.row_id(row)
                if raw_id is None:
                    continue
                ids[raw_id] = ids.get(raw_id, 0) + 1
                repeated += ids[raw_id] > 1
            if listed and repeated:
                return (f"{self.display_path(path)}: rows of two sample shapes: line {listed[0]}'s prediction is a "
                        f"list of {listed[1]} responses ({listed[1]} samples of its row) while {repeated} other "
                        f"rows repeat an id (each would be a duplicate, a question of one sample, and k would read "
                        f"1); name the field that says the question, e.g. --bench-samples-by "
                        f"{self.spec.id_fields[0]}, to read both as samples of their question")
        return None

    def sample_counts(self) -> list[int]:
        """The number of samples of each question over every file (a row that is no sample: a question of one
        sample, as the report counts it), read before scoring for the checks that need the layout
        (``--bench-min-pass``, a ``metrics.pass@j`` threshold); empty when no row is a sample. Reads every row
        once: asked only by those checks."""
        counts: dict[str, int] = {}
        lone = 0
        for path in self.paths:
            seen: dict[str, int] = {}
            try:
                for raw in self._read(path):
                    if raw.row is None:
                        continue
                    row = self._row(raw)
                    samples = self.samples_of(row, self.spec.row_id(row), raw.line, seen)
                    if samples is None:
                        lone += 1
                    for one in samples or ():
                        counts[one.question] = counts.get(one.question, 0) + 1
            except ReaderError:
                continue
        return [*counts.values(), *[1] * lone] if counts else []

    def samples_of(self, row: dict[str, Any], raw_id: str | None, line: int,
                   seen: dict[str, int]) -> list[Sample] | None:
        """The samples a normalised row is (None: a row of its own): :func:`row_samples` with this run's
        settings."""
        return row_samples(row, raw_id, line, seen, prediction_field=self.spec.prediction_field,
                           samples_by=self.samples_by, list_samples=self.list_samples)

    def count_items(self, row: dict[str, Any]) -> int:
        """How many items a readable row gives (k for a list of k responses)."""
        responses = row.get(self.spec.prediction_field)
        return len(responses) if self.list_samples and _is_response_list(responses) else 1

    def response_row(self, row: dict[str, Any], item: int) -> dict[str, Any]:
        """A row with item ``item`` of its list of responses as the prediction (the rescore of a sample); a row
        without a list, unchanged."""
        return sample_row(row, Sample("", 0, item), self.spec.prediction_field)

    def load_span(self, fd: int, span: tuple[int, int]) -> dict[str, Any]:
        """A JSONL row read again from its byte span (planned rows keep spans, not rows), normalised."""
        return self.normalise(load_jsonl_span(fd, span, self.limits))

    def _read(self, path: Path) -> Iterator[RawRow]:
        """The rows of a file this run reads (``--bench-limit``); ``ReaderError`` when it cannot be read."""
        rows: Iterator[RawRow] = iter(self.read_file(path))
        return itertools.islice(rows, self.limit) if self.limit is not None else rows

    # -- the shard ---------------------------------------------------------------------------------------

    def take_shard(self, rows: Iterator[Any], skipped: Callable[[Any], None] | None = None) -> Iterator[Any]:
        """The rows of this run's shard: rows are dealt round-robin over all files in argument order. Each row
        of another shard goes to ``skipped`` (which numbers the samples of a question across shards)."""
        shard = self.shard
        for row in rows:
            k = self._rows_seen
            self._rows_seen += 1
            if shard is None or k % shard[1] == shard[0] - 1:
                yield row
            elif skipped is not None:
                skipped(row)

    def _name_skipped(self, raw: RawRow, seen: dict[str, int], ids: RowIds) -> None:
        """A row of another shard: its samples counted and its names taken, so this shard numbers samples and
        repeated ids as a whole run does (``answerbench merge`` then finds every row once, under one name)."""
        if raw.row is None:
            ids.take(None, raw.line)
            return
        row = self._row(raw)
        raw_id = self.spec.row_id(row)
        if self.gold is not None:
            self.gold.claim(raw_id)  # its gold row is joined in its own shard, no gold-only row of this one
        for sample in self.samples_of(row, raw_id, raw.line, seen) or (None,):
            ids.take(raw_id if sample is None else f"{sample.question}[s{sample.index}]", raw.line)

    def owns_extras(self) -> bool:
        """Gold-only and unreadable-gold items belong to shard 1 (or the only run)."""
        return self.shard is None or self.shard[0] == 1

    def is_last_file(self, path: Path) -> bool:
        return bool(self.paths) and path.resolve() == self.paths[-1]

    # -- the rows ----------------------------------------------------------------------------------------

    def rows(self, path: Path, rel: str, kept: list[Any] | None = None, *, check: "FieldCheck | None" = None,
             on_empty: Callable[[], None] | None = None) -> Iterator[PlannedRow]:
        """The items a prediction file gives: one per row of this shard, then (after the last file) the gold
        file's problems and gold-only rows. Repeated ids are renamed (``RowIds``) and recorded in
        ``duplicates``.

        A row the caller must keep goes to ``kept`` (``ref`` its index); a JSONL row without a gold join is
        re-read from its byte span instead. ``check`` (``shape.FieldCheck``) counts the rows lacking required
        fields; ``on_empty`` is called for a file with no rows at all.
        """
        spec = self.spec
        # Rows stream through: only what an item needs is kept (a JSONL row's byte span, not the row).
        try:
            stream = iter(self.read_file(path))
            first = next(stream, None)
        except ReaderError as exc:  # the file as named everywhere else, not its absolute path
            yield PlannedRow("file", 0, None, None, str(exc).replace(str(path), rel))
            return
        if first is None and on_empty is not None:
            on_empty()
        rows: Iterator[RawRow] = itertools.chain([first], stream) if first is not None else iter(())
        if self.limit is not None:
            rows = itertools.islice(rows, self.limit)
        seen: dict[str, int] = {}  # question id -> samples so far, over every shard's rows (names agree)
        ids = RowIds()  # every shard's rows take their names, so the shards' names are the whole run's
        rows = self.take_shard(rows, skipped=lambda raw: self._name_skipped(raw, seen, ids))
        gold = self.gold
        for raw in rows:
            if raw.row is None:
                name = ids.take(None, raw.line)[0]
                yield PlannedRow(name, raw.line, None, None, f"{rel}:{raw.line}: {raw.problem}")
                continue
            row = self._row(raw)
            raw_id = spec.row_id(row)
            gold_problem = None
            if gold is not None:
                row, gold_problem = gold.join(row, raw_id)
            samples = self.samples_of(row, raw_id, raw.line, seen)
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
            for sample in samples or (None,):
                name, row_id, count = ids.take(raw_id if sample is None else f"{sample.question}[s{sample.index}]",
                                               raw.line)
                if count > 1:
                    hint = "" if sample is not None or self.samples_by else _SAMPLES_HINT
                    self.duplicates.append(f"{rel}:{raw.line}: id '{row_id.rpartition('#')[0]}' already used "
                                           f"(scored as {row_id}{hint})")
                yield PlannedRow(name, raw.line, ref, row_id, problem, sample)
        if gold is not None and self.is_last_file(path) and self.owns_extras():
            for gold_line, problem in gold.problems:
                name = ids.take_as(f"gold-line{gold_line}", f"gold-line{gold_line}")[0]
                yield PlannedRow(name, gold_line, None, None, problem)
            for gold_id, gold_line in gold.unmatched():
                name, row_id, _ = ids.take_as(clean_id(f"gold-only:{gold_id}"), scrub_surrogates(gold_id))
                yield PlannedRow(name, gold_line, None, row_id, (f"{gold.path}:{gold_line}: gold row {gold_id!r} "
                                                                 f"has no prediction in the files given"))

    def replay(self) -> dict[str, tuple[str, str, int]]:
        """Every planned row of every file, afresh, as ``nodeid -> (row id, file, line)``, with the duplicate-id
        warnings a serial run has (xdist's controller collects nothing; a serial run stopped during its
        collection did not see every row); the samples among them go to ``replayed_samples``."""
        self.duplicates.clear()
        self.replayed_samples.clear()
        self._rows_seen = 0
        out: dict[str, tuple[str, str, int]] = {}
        for path in self.paths:
            display = self.display_path(path)
            for planned in self.rows(path, display):
                nodeid = f"{display}::{planned.name}"
                out[nodeid] = (planned.row_id or planned.name, display, planned.line)
                if planned.sample is not None:
                    self.replayed_samples[nodeid] = planned.sample
        return out

    def planned_nodeids(self) -> set[str]:
        """The node ids of every planned row, from a pass of their own that leaves the plan as it was (streamed
        mode's ``--lf`` asks before the collection whether any row failed last time)."""
        seen, duplicates, samples = self._rows_seen, list(self.duplicates), dict(self.replayed_samples)
        try:
            return set(self.replay())
        finally:
            self._rows_seen = seen
            self.duplicates[:] = duplicates
            self.replayed_samples.clear()
            self.replayed_samples.update(samples)

    # -- figures of the files, for the run's end -----------------------------------------------------------

    def rows_in_files(self) -> int:
        """Items a whole (unsharded) run would have: every row of every file, plus gold-only and unreadable gold
        rows (for ``answerbench merge``)."""
        total = 0
        ids: set[str] = set()
        gold = self.gold
        for path in self.paths:
            try:
                rows = list(self._read(path))
            except ReaderError:
                total += 1  # the file's own error item
                continue
            total += sum(self.count_items(self.normalise(r.row)) if r.row is not None else 1 for r in rows)
            if gold is not None:
                ids.update(rid for rid in (self.spec.row_id(self._row(r)) for r in rows
                                           if r.row is not None) if rid)
        if gold is not None:
            total += len(gold.problems) + sum(1 for gid in gold.rows if gid not in ids)
        return total

    def rows_held(self) -> list[tuple[str, int]]:
        """(file as named, rows this run reads from it) of every readable file that holds rows."""
        held = []
        for path in self.paths:
            try:
                count = sum(1 for _ in self._read(path))
            except ReaderError:
                continue  # its error item is a row of the report
            if count:
                held.append((self.display_path(path), count))
        return held

    def rows_by_line(self) -> dict[str, dict[int, dict[str, Any]]]:
        """Every readable row of every file, normalised, as ``file as named -> line -> row`` (the rescore)."""
        out: dict[str, dict[int, dict[str, Any]]] = {}
        for path in self.paths:
            try:
                rows = {raw.line: self._row(raw) for raw in self.read_file(path) if raw.row is not None}
            except ReaderError:
                rows = {}
            out[self.display_path(path)] = rows
        return out
