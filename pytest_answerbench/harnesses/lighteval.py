"""lighteval details files: ``details_<task>_<date>.parquet``, in both of the layouts lighteval has written.

Read from huggingface/lighteval 3fd1526 (lighteval 0.13.0 made the fixtures): ``logging/evaluation_tracker.py``
turns each ``DetailsLogger.Detail`` into a row with ``Dataset.from_list([asdict(detail)])``, keeps the columns
in sorted order and writes ``details/<model>/<date>/details_<task>_<date>.parquet``. Since the June 2025
rework (commit 9288bd84) a row is three nested columns: ``doc`` (``Doc``: ``query``, ``choices``,
``gold_index``, ``specific``, ``id``, ...), ``model_response`` (``ModelResponse``: ``text`` (one entry per
sample), ``text_post_processed``, ``logprobs`` (one per choice), ...) and ``metric`` (name -> value). Before it,
a row was flat (``example``, ``full_prompt``, ``predictions``, ``gold``, ``choices``, ``gold_index``,
``metrics``, ``specifics``, ...). Both are read.

Multiple choice is scored by log-likelihood: the response is the letter of the highest ``logprobs`` entry and
the gold the letter of ``gold_index``; a generative task's gold is ``choices[gold_index]`` (``Doc.get_golds``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..bounded import DEFAULT_LIMITS, Limits, parquet_batches
from ..text.patterns import lazy_compile
from ._base import (HarnessFormatError, LETTERS, argmax_letter, bad, gold_letter, options, options_in_prompt, pick,
                    record, require_suffix, scrub, text_of, verdict_of)

__all__ = ["FIELDS", "FIELDS_BEFORE_0_10", "NAME", "SUFFIXES", "detect", "read"]

NAME = lazy_compile(r"^details_(?P<task>.+)_(?P<date>\d{4}-\d{2}-\d{2}T[0-9.\-]+)\.parquet$")
SUFFIXES = (".parquet",)
WHAT = "lighteval details files (details_<task>_<date>.parquet)"

FIELDS = {
    "question": "doc.original_query || doc.query",
    "choices": "doc.choices",
    "gold_index": "doc.gold_index",
    "responses": "model_response.text_post_processed || model_response.text",
    "logprobs": "model_response.logprobs",
    "metrics": "metric",
    "id": "doc.id",
}
FIELDS_BEFORE_0_10 = {
    "question": "example || full_prompt",
    "choices": "choices",
    "gold_index": "gold_index",
    "gold": "gold",
    "responses": "predictions",
    "metrics": "metrics",
}
_NEW = {"doc", "model_response"}
_OLD = {"predictions", "gold"}


def _columns(path: Path) -> list[str] | None:
    try:
        import pyarrow.parquet as pq  # the optional parquet extra
    except ImportError:
        return None
    try:
        return list(pq.read_schema(path).names)
    except Exception:  # noqa: BLE001 (any unreadable file is simply not detected)
        return None


def detect(path: Path, head: bytes) -> bool:
    if path.suffix.lower() not in SUFFIXES or head[:4] != b"PAR1":
        return False
    columns = set(_columns(path) or ())
    return _NEW <= columns or _OLD <= columns or (not columns and bool(NAME.match(path.name)))


def read(path: Path, *, limits: Limits = DEFAULT_LIMITS) -> Iterator[dict[str, Any]]:
    """The records of a details file, decoded a batch of rows at a time (``bounded.parquet_batches``: the footer's
    sizes checked first, the decoded size counted against ``--bench-max-input-mb``), so a run reading ten rows
    decodes about ten."""
    require_suffix(path, SUFFIXES, WHAT)
    try:
        import pyarrow.parquet as pq  # the optional parquet extra
    except ImportError:
        raise HarnessFormatError(f"{path.name}: reading .parquet files needs pyarrow: "
                                 "pip install 'pytest-answerbench[parquet]'") from None
    try:
        parquet = pq.ParquetFile(path)
        columns = set(parquet.schema_arrow.names)
    except Exception as exc:  # noqa: BLE001 (pyarrow raises several types for a damaged file)
        raise HarnessFormatError(f"{path.name}: not a readable parquet file ({scrub(exc, path)})") from None
    if _NEW <= columns:
        build = _build_new
    elif _OLD <= columns:
        build = _build_old
    else:
        raise HarnessFormatError(f"{path.name}: columns {', '.join(sorted(columns))}; {WHAT} have doc, "
                                 "model_response and metric (or, before lighteval 0.10, predictions and gold)")
    number = 0
    for batch in parquet_batches(parquet, path.name, limits):
        for row in batch.to_pylist():
            number += 1
            yield build(number, row)


def _verdict(metrics: Any) -> tuple[Any, str | None]:
    if isinstance(metrics, dict):
        for name, value in metrics.items():
            verdict = verdict_of(value) if not isinstance(value, str) else None
            if verdict is not None:
                return verdict, str(name)
    return None, None


def _finish(number: int, row_id: Any, fields: dict[str, Any], responses: list[str], metrics: Any,
            row: dict[str, Any]) -> dict[str, Any]:
    if not responses:
        return bad(number, row_id, f"row {number} has no response (no text and no log-likelihoods)", raw=row)
    verdict, metric = _verdict(metrics)
    if len(responses) > 1 and verdict is not None:
        # lighteval's sampling metrics (maj@k, pass@k) judge the question, not one response.
        verdict = None
    return record(number, row_id, fields, responses, verdict=verdict, metric=metric, raw=row)


def _multiple_choice(fields: dict[str, Any], choices: Any, gold_index: Any, logprobs: Any) -> list[str]:
    letter = argmax_letter(logprobs) if isinstance(logprobs, list) else None
    count = len(choices) if isinstance(choices, list) else len(LETTERS)
    # MMLU-style tasks score the letters (" A", " B", ...): the option texts are only in the prompt.
    fields.update(options(choices) or options_in_prompt(fields.get("question")))
    fields["answer"] = gold_letter(gold_index, count)
    return [letter] if letter else []


def _build_new(number: int, row: dict[str, Any]) -> dict[str, Any]:
    doc = row.get("doc") if isinstance(row.get("doc"), dict) else {}
    row_id = pick(row, FIELDS["id"]) or number - 1
    fields: dict[str, Any] = {}
    question = text_of(pick(row, FIELDS["question"]))
    if question is not None:
        fields["question"] = question
    choices, gold_index = pick(row, FIELDS["choices"]), pick(row, FIELDS["gold_index"])
    logprobs = pick(row, FIELDS["logprobs"])
    texts = pick(row, FIELDS["responses"])
    if logprobs and not texts:
        responses = _multiple_choice(fields, choices, gold_index, logprobs)
    else:
        responses = [text for text in (text_of(t) for t in texts or []) if text is not None]
        letter = gold_letter(gold_index, len(choices)) if isinstance(choices, list) else None
        fields["answer"] = choices[LETTERS.index(letter)] if letter else None
    specific = doc.get("specific")
    if isinstance(specific, dict):
        fields.update({key: value for key, value in specific.items()
                       if key not in fields and isinstance(value, (str, int, float, bool))})
    return _finish(number, row_id, fields, responses, pick(row, FIELDS["metrics"]), row)


def _build_old(number: int, row: dict[str, Any]) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    question = text_of(pick(row, FIELDS_BEFORE_0_10["question"]))
    if question is not None:
        fields["question"] = question
    predictions = pick(row, FIELDS_BEFORE_0_10["responses"]) or []
    choices = pick(row, FIELDS_BEFORE_0_10["choices"])
    if predictions and all(isinstance(p, (list, tuple)) for p in predictions):  # (log-likelihood, is greedy)
        responses = _multiple_choice(fields, choices, pick(row, FIELDS_BEFORE_0_10["gold_index"]), predictions)
    else:
        responses = [text for text in (text_of(p) for p in predictions) if text is not None]
        gold = pick(row, FIELDS_BEFORE_0_10["gold"])
        fields["answer"] = gold[0] if isinstance(gold, list) and len(gold) == 1 else gold
    specifics = row.get("specifics")
    if isinstance(specifics, dict):
        fields.update({key: value for key, value in specifics.items()
                       if key not in fields and isinstance(value, (str, int, float, bool))})
    return _finish(number, number - 1, fields, responses, pick(row, FIELDS_BEFORE_0_10["metrics"]), row)
