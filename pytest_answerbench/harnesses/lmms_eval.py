"""lmms-eval ``--log_samples`` files: ``<date>_samples_<task>.jsonl`` (close to lm-eval's, with less in them).

Read from EvolvingLMMs-Lab/lmms-eval 75571cf (and lmms_eval 0.7.3): ``evaluator.py`` builds lm-eval's record
without ``filter``/``metrics`` (``doc_id``, ``doc``, ``target``, ``arguments``, ``resps``, ``filtered_resps``,
``token_counts``, ``doc_hash`` and the metric values), and ``loggers/evaluation_tracker.py``
``save_results_samples`` then keeps ``arguments[0]`` as ``input`` (the prompt), drops ``doc`` and
``arguments``, unwraps the one-request lists (``[[r1, r2]]`` becomes ``[r1, r2]``, ``["x"]`` becomes ``"x"``),
drops ``resps`` when it equals ``filtered_resps`` and writes ``str(target)``. So the question is the prompt, and
many tasks log their metric as a dict of details (``{"answer": ..., "parsed_pred": ...}``), which is no verdict.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..bounded import DEFAULT_LIMITS, Limits
from ..text.patterns import lazy_compile
from ._base import HarnessFormatError, bad, head_json_keys, json_lines, pick, record, require_suffix, text_of
from .lm_eval import doc_extras, expect_keys, metric_verdict, responses_of, split_solution

__all__ = ["FIELDS", "NAME", "SUFFIXES", "detect", "read"]

NAME = lazy_compile(r"^(?P<date>\d{8}_\d{6})_samples_(?P<task>.+)\.jsonl$")
SUFFIXES = (".jsonl",)
WHAT = "lmms-eval --log_samples files (<date>_samples_<task>.jsonl)"

FIELDS = {
    "question": "doc.question || input || doc.problem",
    "answer": "target",
    "responses": "resps || filtered_resps",
    "prediction": "filtered_resps",
}


def detect(path: Path, head: bytes) -> bool:
    if path.suffix.lower() not in SUFFIXES:
        return False
    first = head_json_keys(head)
    if first is not None:
        return {"doc_id", "filtered_resps"} <= first.keys() and "filter" not in first
    return bool(NAME.match(path.name))


def read(path: Path, *, limits: Limits = DEFAULT_LIMITS) -> Iterator[dict[str, Any]]:
    require_suffix(path, SUFFIXES, WHAT)
    lines = list(json_lines(path, WHAT, limits))
    if lines and all(obj is None for _, obj, _ in lines):
        raise HarnessFormatError(f"{path.name}: none of its {len(lines)} lines is a JSON object; {WHAT} have one "
                                 "logged sample per line")
    first = next((obj for _, obj, _ in lines if obj is not None), None)
    if first is not None:
        expect_keys(path, first, ("doc_id", "target"), ("filtered_resps", "resps"), WHAT)
    for number, obj, error in lines:
        yield bad(number, None, error) if obj is None else build(number, obj)


def build(number: int, obj: dict[str, Any]) -> dict[str, Any]:
    doc_id = obj.get("doc_id")
    fields: dict[str, Any] = {}
    question = text_of(pick(obj, FIELDS["question"]))
    if question is not None:
        fields["question"] = question
    fields["answer"], solution = split_solution(pick(obj, FIELDS["answer"]))
    if solution is not None:
        fields["solution"] = solution
    doc_extras(obj.get("doc"), fields)
    responses = responses_of(pick(obj, FIELDS["responses"]))
    if not responses:
        return bad(number, doc_id, f"line {number} (doc_id {doc_id}) has no response: resps and filtered_resps "
                                   "are empty", raw=obj)
    verdict, metric = metric_verdict(obj)
    if len(responses) > 1 and verdict is not None:
        verdict = [verdict] + [None] * (len(responses) - 1)
    return record(number, doc_id, fields, responses, verdict=verdict, metric=metric, raw=obj)
