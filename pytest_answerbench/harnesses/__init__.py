"""Score the files other evaluation harnesses write: one reader per harness, detection, paths, agreement.

Pure (no pytest). Each module in this package reads one harness's own output file into records (the shape is
in ``_base.py``): ``lm_eval`` (``--log_samples`` jsonl), ``lighteval`` (details parquet), ``inspect``
(``.eval``/``.json`` logs), ``opencompass`` (predictions and results JSON), ``lmms_eval`` (``--log_samples``
jsonl) and ``vlmevalkit`` (detection only: its xlsx rows are already benchmark rows). Each module has
``detect(path, head)``, ``read(path)`` and ``FIELDS``, the jmespath paths its reader takes the fields from.

Here: the registry under the ``--bench-from`` names, :func:`detect`, :func:`read`, :func:`field_path` (a
``--bench-field`` path, compiled), :func:`remap` (apply such paths to records), :func:`to_rows` (a record's
responses as benchmark rows, one per response), :func:`rows_of` (a file's rows as the prediction readers yield
them: the seam the inputs layer plugs this package into), :func:`status_of` (whether the harness finished the
run its file records) and :func:`agreement` / :func:`agreement_of_pairs` (how often our verdicts agree with the
harness's own, and the rows where they differ). Every reader reads under ``bounded.Limits`` (``limits=``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import jmespath
from jmespath.exceptions import JMESPathError

from . import inspect, lighteval, lm_eval, lmms_eval, opencompass, vlmevalkit
from ._base import HEAD_BYTES, HarnessFormatError, text_of

__all__ = ["HARNESSES", "HarnessFormatError", "agreement", "agreement_of_pairs", "detect", "field_path",
           "per_record", "read", "remap", "rows_of", "status_of", "to_rows"]

# --bench-from name -> reader module. Detection asks them in this order (the first that recognises the file).
HARNESSES: dict[str, ModuleType] = {
    "lm-eval": lm_eval,
    "lmms-eval": lmms_eval,
    "inspect": inspect,
    "lighteval": lighteval,
    "opencompass": opencompass,
    "vlmevalkit": vlmevalkit,
}


def _module(name: str) -> ModuleType:
    try:
        return HARNESSES[name]
    except KeyError:
        raise ValueError(f"--bench-from {name!r} is not a harness this version reads; choose from "
                         f"{', '.join(HARNESSES)}") from None


def detect(path: str | Path) -> str | None:
    """The name of the harness that wrote the file, when the file says (name, first record, members), else None."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            head = handle.read(HEAD_BYTES)
    except OSError:
        return None
    for name, module in HARNESSES.items():
        if module.detect(path, head):
            return name
    return None


def read(name: str, path: str | Path, **options: Any) -> Iterator[dict[str, Any]]:
    """Records of a harness's file, lazily. HarnessFormatError (a ReaderError) when the whole file is not that
    harness's: for a missing file at once, otherwise when iteration starts, before the first record."""
    module = _module(name)
    if module.read is None:
        raise ValueError(f"{name} files are read by the ordinary table reader (their rows are benchmark rows)")
    path = Path(path)
    if not path.is_file():
        raise HarnessFormatError(f"{path.name}: no such file")
    return module.read(path, **options)


def status_of(name: str, path: str | Path, **options: Any) -> tuple[str, str | None] | None:
    """(status, the harness's error message or None) of the run a harness's file records, for a harness whose
    files say whether their run finished (inspect_ai's log ``status``: ``success`` is a finished run); None
    when the file says nothing. ``options`` as for :func:`read` (``limits``)."""
    status = getattr(_module(name), "status", None)
    return None if status is None else status(Path(path), **options)


def field_path(expression: str) -> Any:
    """A ``--bench-field`` path (``doc.answer``, ``filtered_resps[0]``, ``output.choices[0].message.content``)
    compiled by jmespath; a ValueError saying what is wrong and how paths look when it is not one."""
    if not isinstance(expression, str) or not expression.strip():
        raise ValueError("a --bench-field path is empty; paths look like doc.answer or filtered_resps[0]")
    try:
        return jmespath.compile(expression)
    except JMESPathError as exc:
        reason = str(exc).splitlines()[0]
        raise ValueError(
            f"--bench-field path {expression!r} is not a valid path ({reason}). Paths look like doc.answer, "
            "filtered_resps[0], output.choices[0].message.content; quote a key with spaces, dashes or colons: "
            "'\"label: A\".PPL'") from None


def remap(records: Iterable[Mapping[str, Any]], mapping: Mapping[str, str], *,
          prediction_field: str = "prediction") -> Iterator[dict[str, Any]]:
    """Records with fields taken from the harness record by ``--bench-field`` paths (name -> path).

    The path given for ``prediction_field`` replaces the responses (a list there is several samples). A path
    that finds nothing leaves the field out; a prediction path that finds nothing makes the record an error
    naming the path."""
    compiled = {name: field_path(path) for name, path in mapping.items()}
    for rec in records:
        out = {**rec, "fields": dict(rec.get("fields") or {})}
        if rec.get("error"):
            yield out
            continue
        for name, path in compiled.items():
            value = path.search(rec.get("raw"))
            if name == prediction_field:
                values = value if isinstance(value, list) else [value]
                texts = [text for text in (text_of(v) for v in values) if text is not None]
                if not texts:
                    out["responses"], out["error"] = [], (
                        f"line {rec.get('line')}: --bench-field {name}={mapping[name]} finds nothing in this record")
                elif texts != list(rec.get("responses") or []):
                    out["responses"] = texts
                    verdict = rec.get("harness_verdict")
                    if isinstance(verdict, list) and len(verdict) != len(texts):
                        # One text for several responses is the harness's extraction (filtered_resps[0]): the
                        # one its first verdict judged. Any other count pairs with none of them.
                        out["harness_verdict"] = verdict[0] if len(texts) == 1 else None
            elif value is not None:
                out["fields"][name] = value
        yield out


def to_rows(records: Iterable[Mapping[str, Any]], *, prediction_field: str = "prediction", id_field: str = "id",
            with_verdicts: bool = False) -> Iterator[dict[str, Any]]:
    """Benchmark rows: one per response (``sample`` numbers the responses of a question from 1), errored
    records as one row carrying ``error``. ``with_verdicts`` puts the harness's verdict on that response and its
    metric in each row (``harness_verdict``, ``harness_metric``), so the rows alone give the agreement."""
    for rec in records:
        base = {**(rec.get("fields") or {}), id_field: rec.get("id")}
        responses = list(rec.get("responses") or [])
        if rec.get("error") or not responses:
            yield {**base, "error": rec.get("error") or "no response"}
            continue
        theirs = _split(rec.get("harness_verdict"), len(responses))
        for number, response in enumerate(responses, start=1):
            row = {**base, prediction_field: response}
            if len(responses) > 1:
                row["sample"] = number
            if with_verdicts:
                row["harness_verdict"] = theirs[number - 1] if number <= len(theirs) else None
                row["harness_metric"] = rec.get("harness_metric")
            yield row


def rows_of(name: str, path: str | Path, *, fields: Iterable[tuple[str, str]] = (),
            prediction_field: str = "prediction", id_field: str = "id",
            **options: Any) -> Iterator[tuple[int, dict[str, Any] | None, str | None]]:
    """``(line, row, problem)`` for every row a harness's file gives, as the prediction readers yield them: one
    row per response, with the harness's verdict in it (``to_rows(with_verdicts=True)``), ``fields`` the
    ``--bench-field`` (field, path) pairs applied to the harness's records first; a bad record is its line and
    problem. Raises HarnessFormatError before the first row when the whole file is not that harness's."""
    records = read(name, path, **options)
    pairs = dict(fields)
    if pairs:
        records = remap(records, pairs, prediction_field=prediction_field)
    for rec in records:
        if rec.get("error"):
            yield rec.get("line"), None, rec["error"]
            continue
        for row in to_rows([rec], prediction_field=prediction_field, id_field=id_field, with_verdicts=True):
            yield rec.get("line"), row, None


def per_record(records: Sequence[Mapping[str, Any]], verdicts: Sequence[Any]) -> list[list[Any]]:
    """Verdicts of :func:`to_rows`'s rows (in its order) grouped back into one list per record."""
    out, at = [], 0
    for rec in records:
        count = 1 if rec.get("error") or not rec.get("responses") else len(rec["responses"])
        out.append(list(verdicts[at: at + count]))
        at += count
    if at != len(verdicts):
        raise ValueError(f"{len(verdicts)} verdicts for {at} rows: the verdicts are not those of these records")
    return out


_OUR_STATUS = {"correct": True, "wrong": False, "incorrect": False}


def _ours(value: Any) -> bool | None:
    """Our verdict as pass/fail: a bool, a score (1 is right), a report row or its status; None when undecided
    (an error, a skipped row)."""
    if isinstance(value, Mapping):
        value = value.get("status")
    if isinstance(value, str):
        return _OUR_STATUS.get(value)
    return _passed(value)


def _passed(value: Any) -> bool | None:
    """A verdict as pass/fail: a bool as it is, a number when it is full marks (partial credit is not)."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)):
        return value >= 1 - 1e-9
    return None


def _split(value: Any, count: int) -> list[Any]:
    """One verdict per response: a list as it is, a single verdict for the first response."""
    return value if isinstance(value, list) else [value] + [None] * (count - 1)


def agreement(records: Sequence[Mapping[str, Any]], verdicts: Mapping[Any, Any] | Sequence[Any]) -> dict[str, Any]:
    """How often our verdicts agree with the harness's own, and the rows where they differ.

    ``verdicts`` holds ours: keyed by record id, or a sequence aligned with ``records``; each is one verdict, or
    a list aligned with the record's responses. A verdict is a bool, a score, a report row or its status.
    Only responses both sides judged are compared; ``not_compared`` counts the rest."""
    pairs = []
    for index, rec in enumerate(records):
        if rec.get("error"):
            continue
        responses = list(rec.get("responses") or [])
        if isinstance(verdicts, Mapping):
            ours = verdicts.get(rec.get("id"), verdicts.get(str(rec.get("id"))))
        else:
            ours = verdicts[index] if index < len(verdicts) else None
        theirs = _split(rec.get("harness_verdict"), len(responses))
        for sample, (mine, other) in enumerate(zip(_split(ours, len(responses)), theirs), start=1):
            pairs.append({"id": rec.get("id"), "line": rec.get("line"), "ours": mine, "theirs": other,
                          "metric": rec.get("harness_metric"),
                          "response": responses[sample - 1] if sample <= len(responses) else None,
                          "sample": sample if len(responses) > 1 else None})
    return agreement_of_pairs(pairs)


def agreement_of_pairs(pairs: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """:func:`agreement` over (ours, theirs) pairs, one per response: dicts with ``ours`` (a bool, a score, a
    status), ``theirs`` (the harness's verdict), and ``id``, ``line``, ``sample``, ``metric``, ``response`` for
    the listing. This is the form a report's rows give when :func:`to_rows` put the harness's verdict in them
    (``with_verdicts``): ``{"ours": row["status"], "theirs": row["fields"]["harness_verdict"], ...}``."""
    count = agreeing = not_compared = 0
    differing: list[dict[str, Any]] = []
    metrics: dict[str, None] = {}
    for pair in pairs:
        mine, other = _ours(pair.get("ours")), _passed(pair.get("theirs"))
        if mine is None or other is None:
            not_compared += 1
            continue
        if pair.get("metric"):
            metrics[pair["metric"]] = None
        count += 1
        if mine == other:
            agreeing += 1
            continue
        row = {"id": pair.get("id"), "line": pair.get("line"), "ours": mine, "theirs": other,
               "response": pair.get("response")}
        if pair.get("sample") is not None:
            row["sample"] = pair["sample"]
        differing.append(row)
    return {"count": count, "agreeing": agreeing, "rate": agreeing / count if count else None,
            "not_compared": not_compared, "harness_metric": ", ".join(metrics) or None, "differing": differing}
