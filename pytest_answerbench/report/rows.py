"""Report rows and their aggregation: the per-row records and the totals, groups and metrics of the JSON
report (its keys are listed in docs/report-schema.md).

One implementation shared by the pytest plugin (rows rebuilt from test reports on the controller, so serial,
``-n N`` and ``--tx`` runs take the same path), ``answerbench merge`` and the library API ``score_rows``;
``build.py`` adds what a run knows beyond its rows (fingerprint, gates, comparison).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from array import array
from itertools import islice
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping, Sequence

from .. import scorers
from ..spec import builtin_dir
from .._version import __version__
from ..text.patterns import lazy_compile
from ..verdict import CORRECT, STATUSES, ScoreContext, Verdict
from .stats import mean_ci, wilson

__all__ = ["QUESTION_FIELDS", "REPLACEMENT", "ROW_KEYS", "SAMPLE_KEYS", "DigestLines", "Tally", "aggregate",
           "figures_mismatch", "file_entry", "json_clean", "junit_properties", "make_row", "portable_path",
           "prediction_files", "repeated_rows", "report_order", "report_row", "row_record", "row_text", "rows_digest",
           "scrub_surrogates"]

#: Where a row's question is found, first match wins: the column names the built-in benchmarks' references use
#: (``query``: CRAG-MM; ``Problem``: IMO-AnswerBench) and the common ones.
QUESTION_FIELDS = ("question", "query", "Problem", "problem", "prompt")

ROW_KEYS = ("id", "file", "line", "status", "score", "extracted", "gold", "method", "detail", "fields", "extra",
            "response", "question")
_ROW_KEYS = dict.fromkeys(ROW_KEYS).keys()  # compares equal to a row's keys() regardless of order
#: A sample's row adds these (README, "Many samples per question"): its question's id and its number from 1.
SAMPLE_KEYS = ("question_id", "sample")
_SAMPLE_ROW_KEYS = dict.fromkeys(ROW_KEYS + SAMPLE_KEYS).keys()


def make_row(
    *,
    row_id: str,
    file: str | None,
    line: int | None,
    verdict: Verdict | Mapping[str, Any],
    fields: dict[str, Any] | None = None,
    response: str | None = None,
    question: str | None = None,
    question_id: str | None = None,
    sample: int | None = None,
) -> dict[str, Any]:
    """One report row from a verdict (a ``Verdict`` or its ``to_dict()``) and where the row came from.

    ``fields`` is taken as it is (the caller hands over a dict of its own); ``extra`` is copied once.
    ``response`` and ``question`` are the row's text (:func:`row_text`), None when absent or left out.
    ``question_id`` and ``sample``: the row is sample number ``sample`` of that question (both keys appear in
    the row only then).
    """
    if isinstance(verdict, Verdict):
        status, score, extracted, gold = verdict.status, verdict.score, verdict.extracted, verdict.gold
        method, detail, extra = verdict.method, verdict.detail, verdict.extra
    else:
        status, score, extracted, gold = (verdict["status"], verdict.get("score"), verdict.get("extracted"),
                                          verdict.get("gold"))
        method, detail, extra = verdict.get("method", ""), verdict.get("detail", ""), verdict.get("extra")
    row = {
        "id": row_id,
        "file": file,
        "line": line,
        "status": status,
        "score": float(score or 0.0),
        "extracted": extracted,
        "gold": gold,
        "method": method,
        "detail": detail,
        "fields": fields if fields is not None else {},
        "extra": dict(extra) if extra else {},
        "response": response,
        "question": question,
    }
    if question_id is not None:
        row["question_id"] = question_id
        row["sample"] = sample
    return row


def row_record(spec: Any, row: Mapping[str, Any] | None, verdict: Verdict, *, row_id: str, file: str | None,
               line: int | None, sample: Any = None, omit_text: bool = False) -> dict[str, Any]:
    """A scored prediction row's report row: :func:`make_row` with the row's kept fields (the benchmark's
    grouping and kept fields, and the verdict another harness gave the row, for ``harness_agreement``) and its
    text (:func:`row_text`; none with ``omit_text``, which also leaves out the judge's prompts and replies).
    ``row`` is None where no row was read (a row that could not be); ``sample`` (``inputs.Sample``: its
    ``question`` and ``index``) when the row is one sample of a question."""
    # One record per row lives until the report is written: built without intermediate copies.
    fields = None
    response = question = None
    if row:
        fields = spec.kept(row)
        if "harness_verdict" in row:
            fields["harness_verdict"] = row["harness_verdict"]
            fields["harness_metric"] = row.get("harness_metric")
        if not omit_text:
            response, question = row_text(row, spec.prediction_field)
    rec = make_row(row_id=row_id, file=file, line=line, verdict=verdict, fields=fields, response=response,
                   question=question, question_id=sample.question if sample else None,
                   sample=sample.index if sample else None)
    if omit_text and isinstance(rec["extra"].get("judge_calls"), list):
        del rec["extra"]["judge_calls"]  # the judge's prompts and replies: text too
    return rec


def junit_properties(rec: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """A report row's JUnit properties (one ``<property>`` each on its test case)."""
    props = [
        ("status", rec["status"]),
        ("score", rec["score"]),
        ("extracted", "" if rec["extracted"] is None else rec["extracted"]),
        ("gold", "" if rec["gold"] is None else rec["gold"]),
        ("method", rec["method"]),
        ("row_id", rec["id"]),
        ("line", rec["line"]),
    ]
    if "question_id" in rec:
        props += [("question_id", rec["question_id"]), ("sample", rec["sample"])]
    return props


def row_text(row: Mapping[str, Any], prediction_field: str) -> tuple[str | None, str | None]:
    """(response, question) of a prediction row as text, for the report row: the prediction field and the
    first of :data:`QUESTION_FIELDS` present. A value that is not text (MEGA-Bench's structured responses) is
    given as JSON; an absent or empty one as None."""
    question = None
    for name in QUESTION_FIELDS:
        if name in row:
            question = _as_text(row[name])
            break
    return _as_text(row.get(prediction_field)), question


def _as_text(value: Any) -> str | None:
    if value is None or value == "":
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, float) and not math.isfinite(value):  # pandas' empty cell
        return None
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return str(value)


def portable_path(path: str | os.PathLike[str] | None) -> str | None:
    """A path as the report records it, with no install location in it: a built-in benchmark's YAML as
    ``builtin:NAME/benchmark.yaml``, a file under the working folder relative to it, anything else as given."""
    if not path:
        return None
    p = Path(path)
    if p.is_absolute():
        for root, prefix in ((builtin_dir(), "builtin:"), (Path.cwd(), "")):
            try:
                return prefix + p.relative_to(root).as_posix()
            except ValueError:
                continue
    return str(path)


def file_entry(path: str, rows: int, display: str | None = None) -> dict[str, Any]:
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                digest.update(chunk)
        sha = digest.hexdigest()
    except OSError:
        sha = None
    return {"path": display or path, "sha256": sha, "rows": rows}


def prediction_files(paths: Iterable[tuple[str, str]], rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The report's ``files``: a :func:`file_entry` for each prediction file, given as (path, display name),
    with the rows counted by display name (the name report rows give as their ``file``)."""
    per_file: dict[str, int] = {}
    for r in rows:
        per_file[r["file"]] = per_file.get(r["file"], 0) + 1
    return [file_entry(path, per_file.get(display, 0), display=display) for path, display in paths]


def interval(scores: Sequence[float]) -> list[float] | None:
    """95% interval of a mean score: Wilson for 0/1 scores, a seeded bootstrap for partial credit."""
    if all(s in (0.0, 1.0) for s in scores):
        return wilson(sum(scores), len(scores))
    ci = mean_ci(scores)["ci"]
    return None if ci is None else [round(ci[0], 4), round(ci[1], 4)]


def _group_scores(rows: Iterable[Mapping[str, Any]], field: str) -> dict[str, list[float]]:
    """The scores of the rows with each value of ``field`` (rows without it belong to no group)."""
    buckets: dict[str, list[float]] = {}
    for r in rows:
        _bucket(buckets, r, field, list)
    return buckets


def _bucket(buckets: dict[str, Any], row: Mapping[str, Any], field: str, make: Any) -> None:
    """Add the row's score to the bucket of its value of ``field`` (made by ``make()``), if it has one."""
    value = (row.get("fields") or {}).get(field)
    if value is not None:
        key = str(value)
        bucket = buckets.get(key)
        if bucket is None:
            bucket = buckets[key] = make()
        bucket.append(_row_score(row))


def _row_score(row: Mapping[str, Any]) -> float:
    score = row.get("score")
    return float(score) if isinstance(score, (int, float)) and not isinstance(score, bool) else 0.0


def _figures(scores: Sequence[float]) -> dict[str, Any]:
    """``total``, ``correct`` and ``accuracy`` of a list of row scores, as the report writes them."""
    n = len(scores)
    return {"total": n, "correct": sum(1 for s in scores if s >= 1.0),
            "accuracy": round(sum(scores) / n, 6) if n else 0.0}


def _group_table(buckets: Mapping[str, Sequence[float]]) -> dict[str, dict[str, Any]]:
    return {key: {**_figures(buckets[key]), "ci95": interval(buckets[key])} for key in sorted(buckets)}


def report_order(row: Mapping[str, Any]) -> tuple[str, Any, str]:
    """A row's place in the report: rows are listed by file, line and id (a stable sort: rows that tie keep the
    order they were given in)."""
    return str(row.get("file") or ""), row.get("line") or 0, str(row["id"])


class Tally:
    """The report's figures over its rows, taken one row at a time in report order (:func:`report_order`), in
    one pass: the status counts, every score (for the sums and intervals, summed in report order as the report
    always has), the scores of each value of each group field, the judge's summed counters. What a row adds
    beyond its scores is a few counters: 8 bytes a row for each score list (``array`` of doubles)."""

    def __init__(self, groups: Iterable[str] = ()):
        self.counts: dict[str, int] = {s: 0 for s in STATUSES}
        self.scores = array("d")
        self.groups: dict[str, dict[str, Any]] = {g: {} for g in groups}
        self.judge: dict[str, Any] = {}

    def add(self, r: Mapping[str, Any]) -> None:
        self.counts[r["status"]] = self.counts.get(r["status"], 0) + 1
        self.scores.append(r["score"])
        for field, buckets in self.groups.items():
            _bucket(buckets, r, field, _doubles)
        judge = (r.get("extra") or {}).get("judge")
        if judge:
            for key, value in judge.items():
                if isinstance(value, (int, float)):
                    self.judge[key] = self.judge.get(key, 0) + value


def _doubles() -> array:
    return array("d")


#: How far a figure read back may be from the one its rows give (the report rounds accuracies to 6 decimals).
_ROUNDING = 1.5e-6


def figures_mismatch(report: Mapping[str, Any]) -> list[str]:
    """How a report's figures disagree with its own rows, one message per figure (empty: they agree, or the
    report lists no rows). Recomputed: ``total``, ``correct``, ``accuracy``, ``counts``, every group's ``total``,
    ``correct`` and ``accuracy`` (and which values there are), and each prediction file's ``rows``; what a
    scorer's metrics make of the rows needs the scorer (``answerbench merge`` recomputes them)."""
    rows = report.get("rows")
    if not isinstance(rows, list):
        return []
    out: list[str] = []

    def differs(key: str, said: Any, found: Any) -> None:
        same = (abs(float(said) - float(found)) <= _ROUNDING
                if isinstance(said, (int, float)) and isinstance(found, (int, float)) else said == found)
        if not same:
            out.append(f"{key} is {said!r} but its rows give {found!r}")

    counts: dict[str, int] = {}
    for r in rows:
        counts[str(r.get("status"))] = counts.get(str(r.get("status")), 0) + 1
    # the report's ``correct`` counts the rows whose status is correct; a group's, the rows scored 1
    whole = {**_figures([_row_score(r) for r in rows]), "correct": counts.get(CORRECT, 0)}
    for key in ("total", "correct", "accuracy"):
        if key in report:
            differs(key, report[key], whole[key])
    said_counts = report.get("counts")
    if isinstance(said_counts, Mapping):
        for status in sorted(set(said_counts) | set(counts)):
            differs(f"counts.{status}", said_counts.get(status, 0), counts.get(status, 0))
    for field, table in (report.get("groups") or {}).items():
        if not isinstance(table, Mapping):
            continue
        found = {key: _figures(scores) for key, scores in _group_scores(rows, field).items()}
        for value in sorted(set(table) | set(found)):
            entry = table.get(value)
            if not isinstance(entry, Mapping) or value not in found:
                out.append(f"groups.{field}.{value}: " + ("not in the report, but rows have it" if entry is None
                                                           else "in the report, but no row has it"))
                continue
            for key in ("total", "correct", "accuracy"):
                if key in entry:
                    differs(f"groups.{field}.{value}.{key}", entry[key], found[value][key])
    per_file: dict[Any, int] = {}
    for r in rows:
        per_file[r.get("file")] = per_file.get(r.get("file"), 0) + 1
    for i, entry in enumerate(report.get("files") or []):
        if isinstance(entry, Mapping) and isinstance(entry.get("rows"), int):
            differs(f"files[{i}].rows ({entry.get('path')})", entry["rows"], per_file.get(entry.get("path"), 0))
    return out


def rows_digest(rows: Iterable[Mapping[str, Any]], *, profile: Any, scorer_version: Any) -> str:
    """SHA-256 of what a report's verdicts are, for its fingerprint's ``rows_sha256``: each row's file, line, id,
    sample, status and score (in any order), with the profile and scorer version they were scored with. A
    fingerprint copied from another report, or rows edited after the run, no longer match it.

    Text is taken as the report file holds it (lone surrogates as U+FFFD), so the digest of the rows in memory
    is the digest of the rows read back; about 3 us a row (``repr`` of a tuple, not ``json.dumps``)."""
    sorted_lines = getattr(rows, "sorted_digest_lines", None)  # report/rowstream.py's rows: sorted as they came
    if sorted_lines is not None:
        lines: Iterable[str] = sorted_lines()
    else:
        line = DigestLines()
        lines = sorted(line(r) for r in rows)
    head = repr((scrub_surrogates(profile), scrub_surrogates(scorer_version)))
    digest = hashlib.sha256(head.encode("utf-8", "surrogatepass"))
    lines = iter(lines)
    while True:  # the bytes of "\n".join([head, *lines]), hashed a few thousand lines at a time
        block = list(islice(lines, 4096))
        if not block:
            return digest.hexdigest()
        digest.update(("\n" + "\n".join(block)).encode("utf-8", "surrogatepass"))


class DigestLines:
    """A row's line in :func:`rows_digest` (called on each row; remembers the few file names it has cleaned)."""

    def __init__(self) -> None:
        self.files: dict[Any, Any] = {}

    def __call__(self, r: Mapping[str, Any]) -> str:
        file = r.get("file")
        if file not in self.files:
            self.files[file] = scrub_surrogates(file)
        ident, question, status = str(r.get("id")), r.get("question_id"), r.get("status")
        # ASCII text holds no surrogate: scrubbed only otherwise (the same line, without three calls a row)
        if not ident.isascii():
            ident = scrub_surrogates(ident)
        if question is not None:
            question = scrub_surrogates(question)
        if not (status.__class__ is str and status.isascii()):
            status = scrub_surrogates(status)
        return repr((self.files[file], r.get("line"), ident, question, r.get("sample"), status, _row_score(r)))


def repeated_rows(rows: Iterable[Mapping[str, Any]]) -> list[str]:
    """The rows a report lists more than once (same file, line, id and sample), as ``'ID' (file:line)``: one
    row counted twice, which no run writes."""
    seen: set[tuple] = set()
    out = []
    for r in rows:
        key = (r.get("file"), r.get("line"), str(r.get("id")), r.get("question_id"), r.get("sample"))
        if key in seen:
            out.append(f"{str(r.get('id'))!r} ({r.get('file')}:{r.get('line')})")
        seen.add(key)
    return out


def aggregate(
    *,
    spec: Any,
    profile: str,
    rows: Iterable[Mapping[str, Any]],
    files: Sequence[Mapping[str, Any]] = (),
    options: Mapping[str, Any] | None = None,
    seconds: float | None = None,
    tool_version: str | None = None,
) -> dict[str, Any]:
    """Build the report dict. Rows are sorted by (file, line, id) so every run order gives the same report."""
    # rows already in report order (report/rowstream.py's, read back from its file at each pass) stay where they
    # are: the report lists them as they are read (``report_rows``) and the scorer's metrics read them likewise
    presorted = getattr(rows, "in_report_order", False)
    if not presorted:
        rows = sorted(rows, key=report_order)
    given = rows.raw() if presorted else rows  # as given (a NaN is a group value "nan", as it always was)
    total = len(rows)
    ctx = ScoreContext(benchmark=spec.name, profile=profile, options={**spec.options, **(options or {})})
    # rows read from disk: the tally is taken on the scorer's first whole pass over them (one reading less);
    # a scorer that reads them whole in no pass leaves the tally to its own pass below
    tallying = _TallyingRows(given, spec.groups) if presorted else None
    try:
        metrics = scorers.get(spec.scorer).metrics(tallying or given, ctx) if total else {}
    except Exception as exc:  # a metrics bug must not lose the per-row results
        metrics = {"error": f"{type(exc).__name__}: {exc}"}
    tally = tallying.tally if tallying is not None else None
    if tally is None:
        tally = Tally(spec.groups)
        for r in given:
            tally.add(r)
    counts = tally.counts
    score_sum = sum(tally.scores)
    correct = counts[CORRECT]
    judge_totals = tally.judge
    report: dict[str, Any] = {
        "benchmark": spec.name,
        "benchmark_path": portable_path(spec.path),
        "profile": profile,
        "tool_version": tool_version or __version__,
        "scorer_version": spec.version,
        "files": list(files),
        "total": total,
        "correct": correct,
        "accuracy": round(score_sum / total, 6) if total else 0.0,
        "ci95": interval(tally.scores),
        "counts": counts,
        "metrics": metrics,
        "groups": {g: _group_table(tally.groups[g]) for g in spec.groups},
        "gates": [],
        "rows": rows if presorted else [_row_keys(r) for r in rows],
        "seconds": round(seconds, 3) if seconds is not None else None,
    }
    if judge_totals:
        report["judge"] = judge_totals
    return json_clean(report)


class _TallyingRows:
    """Rows read afresh at each pass (report/rowstream.py's ``SortedRows``), handed to a scorer's metrics: the
    first pass read to its end also gives the :class:`Tally` of the rows (``tally``; None until then). A pass
    left before the end, or one whose rows the tally cannot take, gives none."""

    def __init__(self, rows: Any, groups: Iterable[str]):
        self._rows, self._groups = rows, tuple(groups)
        self.tally: Tally | None = None

    def __len__(self) -> int:
        return len(self._rows)

    def __bool__(self) -> bool:
        return bool(self._rows)

    def __iter__(self) -> Iterator[Mapping[str, Any]]:
        if self.tally is not None:
            yield from self._rows
            return
        tally: Tally | None = Tally(self._groups)
        for r in self._rows:
            if tally is not None:
                try:
                    tally.add(r)
                except Exception:  # left to the tally's own pass, which says what is wrong
                    tally = None
            yield r
        if tally is not None and self.tally is None:
            self.tally = tally


def report_row(r: Mapping[str, Any], finite: bool = False) -> Mapping[str, Any]:
    """A row as the report lists it: its keys in the report's order, NaN and infinities as None (``finite``: the
    caller knows the row holds neither, as a row decoded from JSON text without NaN or Infinity)."""
    return _row_keys(r) if finite else json_clean(_row_keys(r))


def _row_keys(r: Mapping[str, Any]) -> Mapping[str, Any]:
    """A row with the report's keys (a sample's also with its question and number), in their order."""
    keys = r.keys()
    if keys == _ROW_KEYS or keys == _SAMPLE_ROW_KEYS:
        return r
    return {k: r.get(k) for k in (_SAMPLE_ROW_KEYS if r.get("question_id") is not None else ROW_KEYS)}


_ATOMS = frozenset((str, int, bool))


def json_clean(value: Any) -> Any:
    """NaN and infinities (a reference's mean over an empty subset) become None: the report is strict JSON.

    Containers are copied only where something changes, so cleaning a 100,000-row report allocates nothing
    when every number is finite.
    """
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, (dict, list)):
        is_dict = isinstance(value, dict)
        out: Any = None
        for key, item in (value.items() if is_dict else enumerate(value)):
            if item is None or type(item) in _ATOMS:  # nothing to clean: skip the call (11 values a row)
                continue
            cleaned = json_clean(item)
            if cleaned is not item:
                if out is None:
                    out = dict(value) if is_dict else list(value)
                out[key] = cleaned
        return value if out is None else out
    return value


#: What every output writes for a lone surrogate (``"\ud800"``, which a JSON file may hold as an escape but no
#: UTF-8 text can): U+FFFD, the replacement character (docs/report-schema.md).
REPLACEMENT = "\ufffd"
_SURROGATE = lazy_compile("[\ud800-\udfff]")


def scrub_surrogates(value: Any) -> Any:
    """``value`` with every lone surrogate in its strings (keys included) replaced by :data:`REPLACEMENT`.

    For what must cross a strict UTF-8 boundary as Python objects (an xdist worker's report, a terminal line);
    files get the same replacement from their encoder (``report/io.py``). Containers are copied only where a
    string changes.
    """
    if isinstance(value, str):
        return _SURROGATE.sub(REPLACEMENT, value) if _SURROGATE.search(value) else value
    if isinstance(value, dict):
        pairs = [(scrub_surrogates(k), scrub_surrogates(v)) for k, v in value.items()]
        if all(k is k0 and v is v0 for (k, v), (k0, v0) in zip(pairs, value.items())):
            return value
        return dict(pairs)
    if isinstance(value, (list, tuple)):
        items = [scrub_surrogates(v) for v in value]
        if all(a is b for a, b in zip(items, value)):
            return value
        return type(value)(items)
    return value
