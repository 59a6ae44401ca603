"""OpenCompass predictions (``predictions/<model>/<dataset>.json``) and results (``results/<model>/<dataset>.json``).

Read from open-compass/opencompass a5acc4b (opencompass 0.5.4's handlers made the fixtures):

* predictions, ``openicl/icl_inferencer/icl_base_inferencer.py``: one JSON object keyed by row index ("0",
  "1", ...; ``dump_results_dict``, indent 4). A generation row (``GenInferencerOutputHandler.save_results``)
  has ``origin_prompt`` (a string, or chat turns ``[{"role": "HUMAN", "prompt": ...}]``), ``prediction`` (a
  list when the model returned ``num_return_sequences`` > 1: several samples) and ``gold``; a perplexity row
  (``PPLInferencerOutputHandler``) has ``origin_prompt``, one ``"label: X"`` entry per choice with its
  ``PPL``, ``prediction`` (the chosen label) and ``gold``. Newer versions also write the same rows as JSON lines
  with an ``idx`` key while a run is in progress (``write_to_jsonl``), read here too.
* results, ``openicl/icl_evaluator/icl_base_evaluator.py`` and ``tasks/openicl_eval.py``: an object with the
  metrics and ``details``, a list with one entry per question whose fields are lists over the runs
  (``{"pred": [...], "answer": [...], "correct": [...]}``), or, from ``format_details``, an object keyed by
  index with ``prompt``, ``origin_prediction``, ``predictions``, ``references`` and ``correct``.

The predictions carry no verdict; the results carry OpenCompass's own (``correct``). A predictions file in
OpenCompass's own layout takes its verdicts from the results file beside it (``results_beside``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..bounded import DEFAULT_LIMITS, Limits, load_json
from ..text.patterns import lazy_compile
from ._base import (HarnessFormatError, bad, json_document, json_lines, options_in_prompt, pick, record,
                    require_suffix, text_of, verdict_of)

__all__ = ["FIELDS", "RESULT_FIELDS", "SUFFIXES", "detect", "read", "results_beside"]

SUFFIXES = (".json", ".jsonl")
WHAT = "OpenCompass prediction files (a JSON object keyed by row index: origin_prompt, prediction, gold)"

FIELDS = {
    "question": "origin_prompt",
    "answer": "gold",
    "responses": "prediction",
}
# A results file's detail entry (either layout).
RESULT_FIELDS = {
    "question": "prompt",
    "answer": "answer || references",
    "responses": "origin_prediction || pred || predictions",
    "verdict": "correct",
}
_INDEXED = lazy_compile(rb'^\s*\{\s*"0"\s*:\s*\{')


def detect(path: Path, head: bytes) -> bool:
    suffix = path.suffix.lower()
    if suffix == ".json":
        start = head[:4096]
        return bool(_INDEXED.match(start)) or (b'"details"' in head and b'"eval"' not in start
                                                and start.lstrip().startswith(b"{"))
    if suffix == ".jsonl":
        first = head.split(b"\n", 1)[0]
        return b'"idx"' in first and b'"prediction"' in first and b'"origin_prompt"' in first
    return False


def read(path: Path, *, limits: Limits = DEFAULT_LIMITS) -> Iterator[dict[str, Any]]:
    require_suffix(path, SUFFIXES, WHAT)
    if path.suffix.lower() == ".jsonl":
        yield from _read_jsonl(path, limits)
        return
    data = json_document(path, WHAT, limits)
    if not isinstance(data, dict):
        raise HarnessFormatError(f"{path.name}: a JSON {type(data).__name__}; {WHAT}, or a results file with "
                                 "'details'")
    if "details" in data:
        yield from _read_results(path, data["details"])
        return
    if data.get("error") and not any(str(key).isdigit() for key in data):
        # tasks/openicl_eval.py writes {"error": ...} when the evaluation of a dataset failed
        message = str(data["error"]).strip().splitlines()[0] if str(data["error"]).strip() else "no message"
        raise HarnessFormatError(f"{path.name}: OpenCompass recorded that this evaluation failed ({message}); the "
                                 "file holds no predictions. Score its predictions file instead")
    if data and not all(str(key).isdigit() for key in data):
        odd = next(key for key in data if not str(key).isdigit())
        raise HarnessFormatError(f"{path.name}: key {odd!r} is not a row index; {WHAT}")
    verdicts = _verdicts_beside(path, limits)
    for number, (key, row) in enumerate(data.items(), start=1):
        rec = _prediction(number, int(key), row)
        judged = verdicts.get(rec["id"])
        if judged is not None and not rec["error"] and len(judged["responses"]) == len(rec["responses"]):
            rec["harness_verdict"], rec["harness_metric"] = judged["harness_verdict"], judged["harness_metric"]
        yield rec


def results_beside(path: Path) -> Path | None:
    """The results file of a predictions file: OpenCompass writes ``<work_dir>/predictions/<model>/<name>.json``
    and, when it evaluates, ``<work_dir>/results/<model>/<name>.json``."""
    if path.parent.parent.name != "predictions":
        return None
    candidate = path.parent.parent.parent / "results" / path.parent.name / path.name
    return candidate if candidate.is_file() else None


def _verdicts_beside(path: Path, limits: Limits) -> dict[Any, dict[str, Any]]:
    """OpenCompass's own verdicts by row index, from the results file beside the predictions (if any)."""
    results = results_beside(path)
    if results is None:
        return {}
    try:
        data = load_json(results.read_bytes(), limits)
        return {rec["id"]: rec for rec in _read_results(results, data["details"]) if not rec["error"]}
    except (ValueError, UnicodeDecodeError, KeyError, TypeError, OSError, HarnessFormatError):
        return {}  # a results file we cannot read gives no verdicts; the predictions still score


def _read_jsonl(path: Path, limits: Limits) -> Iterator[dict[str, Any]]:
    for number, obj, error in json_lines(path, WHAT, limits):
        yield bad(number, None, error) if obj is None else _prediction(number, obj.get("idx", number - 1), obj)


def _prompt(value: Any) -> str | None:
    if isinstance(value, list):  # chat turns: the last HUMAN turn is the question
        humans = [turn for turn in value if isinstance(turn, dict) and turn.get("role") == "HUMAN"]
        value = humans[-1] if humans else value
    return text_of(value)


def _texts(value: Any) -> list[str]:
    values = value if isinstance(value, list) else [value]
    return [text for text in (text_of(v) for v in values) if text is not None]


def _fields(row: dict[str, Any], paths: dict[str, str]) -> dict[str, Any]:
    """The question (the last human turn of a chat prompt) and the gold (a one-element list unwrapped)."""
    fields: dict[str, Any] = {}
    question = _prompt(pick(row, paths["question"]))
    if question is not None:
        fields["question"] = question
    gold = pick(row, paths["answer"])
    fields["answer"] = gold[0] if isinstance(gold, list) and len(gold) == 1 else gold
    return fields


def _prediction(number: int, index: Any, row: Any) -> dict[str, Any]:
    if not isinstance(row, dict):
        return bad(number, index, f"row {index} is a JSON {type(row).__name__}, not an object")
    fields = _fields(row, FIELDS)
    if any(str(key).startswith("label: ") for key in row):  # a perplexity (multiple-choice) row
        fields.update(options_in_prompt(fields.get("question")))
    responses = _texts(pick(row, FIELDS["responses"]))
    if not responses:
        return bad(number, index, f"row {index} has no prediction", raw=row)
    return record(number, index, fields, responses, raw=row)


def _read_results(path: Path, details: Any) -> Iterator[dict[str, Any]]:
    if isinstance(details, dict):  # format_details: keyed by index, plus "type"
        entries = [(int(key), value) for key, value in details.items() if str(key).isdigit()]
    elif isinstance(details, list):
        entries = list(enumerate(details))
    else:
        raise HarnessFormatError(f"{path.name}: 'details' is a JSON {type(details).__name__}; OpenCompass results "
                                 "have a list (or an index-keyed object) of details")
    for number, (index, entry) in enumerate(entries, start=1):
        if not isinstance(entry, dict):
            yield bad(number, index, f"detail {index} is a JSON {type(entry).__name__}, not an object")
            continue
        fields = _fields(entry, RESULT_FIELDS)
        responses = _texts(pick(entry, RESULT_FIELDS["responses"]))
        verdicts = pick(entry, RESULT_FIELDS["verdict"])
        verdicts = [verdict_of(v) for v in verdicts] if isinstance(verdicts, list) else [verdict_of(verdicts)]
        if not responses:
            yield bad(number, index, f"detail {index} has no prediction", raw=entry)
            continue
        if len(verdicts) != len(responses):
            verdicts = [None] * len(responses)
        if "example_abbr" in entry:
            fields["example_abbr"] = entry["example_abbr"]
        verdict = verdicts[0] if len(verdicts) == 1 else verdicts
        # The index, as in the predictions file, so a results file's verdicts pair with its predictions.
        yield record(number, index, fields, responses, verdict=verdict, metric="correct", raw=entry)
