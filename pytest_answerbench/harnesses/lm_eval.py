"""lm-evaluation-harness ``--log_samples`` files: ``samples_<task>_<date>.jsonl``.

Read from EleutherAI/lm-evaluation-harness 4e7e0d4 (lm_eval 0.4.13): ``evaluator.py`` builds one record per
document *and per filter* (``doc_id``, ``doc``, ``target``, ``arguments``, ``resps``, ``filtered_resps``,
``filter``, ``metrics`` (the metric names) and each metric's value under its own key), and
``loggers/evaluation_tracker.py`` ``save_results_samples`` writes them one JSON line each, after turning
``resps``/``filtered_resps`` into strings (``sanitize_list``: a log-likelihood pair becomes
``["-0.3", "False"]``), ``arguments`` into ``{"gen_args_0": {"arg_0": prompt, "arg_1": ...}}`` and ``target``
into ``str(target)``.

Shapes that matter here:

* a generation task has one request per document: ``resps[0]`` is the list of its responses (several with
  ``repeats``), ``filtered_resps[0]`` the harness's extraction after the filter;
* a multiple-choice task has one log-likelihood request per choice: the response is the letter of the highest
  log-likelihood, the gold is ``target`` (the choice index) as a letter;
* a task with two filters (gsm8k: ``strict-match``, ``flexible-extract``) logs every document twice: the
  first filter in the file is read (``read(path, filter=...)`` picks another), as the responses are the same;
  the harness's verdict is named as lm-eval's results name it, metric and filter (``exact_match,strict-match``),
  so the agreement line says which filter's verdicts it compares with;
* GSM8K-style targets carry the worked solution and ``#### <answer>``: the gold is the text after ``####``
  and the whole target stays in ``solution``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..bounded import DEFAULT_LIMITS, Limits
from ..text.patterns import lazy_compile
from ._base import (HarnessFormatError, argmax_letter, bad, gold_letter, head_json_keys, json_lines, options, pick,
                    record, require_suffix, text_of, verdict_of)

__all__ = ["FIELDS", "NAME", "SUFFIXES", "detect", "read"]

NAME = lazy_compile(r"^samples_(?P<task>.+)_(?P<date>\d{4}-\d{2}-\d{2}T[0-9.\-]+)\.jsonl$")
SUFFIXES = (".jsonl",)
WHAT = "lm-eval --log_samples files (samples_<task>_<date>.jsonl)"

# Where each field is in a logged sample (jmespath). ``responses`` may be a list: each entry is a sample.
FIELDS = {
    "question": "doc.question || doc.problem || doc.query || arguments.gen_args_0.arg_0",
    "answer": "target",
    "responses": "resps[0]",
    "prediction": "filtered_resps[0]",
    # MMLU's list, ARC's {"text": [...], "label": [...]}, HellaSwag's endings
    "choices": "doc.choices.text || doc.choices || doc.endings",
}

# Keys of a logged sample that are not metric values.
_NOT_METRICS = frozenset({"doc_id", "doc", "target", "arguments", "resps", "filtered_resps", "filter", "metrics",
                          "doc_hash", "prompt_hash", "target_hash", "input", "token_counts", "input_media"})
# Filters that reduce several responses to one verdict (majority vote, pass@k): that verdict is the question's,
# not any one response's, so it is not compared response by response.
_WHOLE_ROW_FILTER = lazy_compile(r"maj|cons|pass|vote", re.IGNORECASE)


def detect(path: Path, head: bytes) -> bool:
    if path.suffix.lower() not in SUFFIXES:
        return False
    first = head_json_keys(head)
    if first is not None:
        return {"doc_id", "filtered_resps", "filter"} <= first.keys() and "doc" in first
    return bool(NAME.match(path.name))


def read(path: Path, *, filter: str | None = None,  # noqa: A002 (lm-eval's word)
         limits: Limits = DEFAULT_LIMITS) -> Iterator[dict[str, Any]]:
    require_suffix(path, SUFFIXES, WHAT)
    lines = list(json_lines(path, WHAT, limits))
    good = [(number, obj) for number, obj, _ in lines if obj is not None]
    if lines and not good:
        raise HarnessFormatError(f"{path.name}: none of its {len(lines)} lines is a JSON object; {WHAT} have one "
                                 "logged sample per line")
    if good:
        expect_keys(path, good[0][1], ("doc_id", "target"), ("resps", "filtered_resps"), WHAT)
    filters = list(dict.fromkeys(obj.get("filter") for _, obj in good))
    chosen = filter if filter is not None else (filters[0] if filters else None)
    if filter is not None and filter not in filters:
        raise HarnessFormatError(f"{path.name}: no sample was logged with filter {filter!r}; the file has "
                                 f"{', '.join(repr(f) for f in filters)}")
    for number, obj, error in lines:
        if obj is None:
            yield bad(number, None, error)
        elif obj.get("filter") == chosen:
            rec = build(number, obj, whole_row=bool(_WHOLE_ROW_FILTER.search(str(chosen or ""))))
            if rec["harness_metric"] is not None and chosen is not None:
                # named as lm-eval's results name it (exact_match,strict-match): the verdict is the metric of the
                # responses after this filter, and another filter of the same file may give another
                rec["harness_metric"] = f"{rec['harness_metric']},{chosen}"
            yield rec


def expect_keys(path: Path, first: dict[str, Any], required: tuple[str, ...], any_of: tuple[str, ...],
                what: str) -> None:
    """The first record must look like the harness's own, or the file is not what --bench-from says."""
    missing = [key for key in required if key not in first]
    if missing or not any(key in first for key in any_of):
        raise HarnessFormatError(
            f"{path.name}: its first record has keys {', '.join(sorted(first)) or '(none)'}; {what} have "
            f"{', '.join(required)} and {' or '.join(any_of)}. Is --bench-from the harness that wrote it?")


def responses_of(value: Any) -> list[str]:
    """Response texts from ``resps``-like values: a string, a list of strings, or one request's list."""
    if isinstance(value, list) and value and isinstance(value[0], list):
        value = value[0]
    if isinstance(value, list):
        return [text for text in (text_of(item) for item in value) if text is not None]
    text = text_of(value)
    return [] if text is None else [text]


def metric_verdict(obj: dict[str, Any]) -> tuple[Any, str | None]:
    """The first metric of the record that is a verdict (a number or a bool), with its name."""
    names = obj.get("metrics")
    if not isinstance(names, list):
        names = [key for key in obj if key not in _NOT_METRICS]
    for name in names:
        value = verdict_of(obj.get(name)) if not isinstance(obj.get(name), str) else None
        if value is not None:
            return value, str(name)
    return None, None


def split_solution(target: Any) -> tuple[Any, str | None]:
    """(gold, worked solution): GSM8K's targets end in ``#### <answer>`` after the solution."""
    if isinstance(target, str) and "####" in target:
        return target.rsplit("####", 1)[1].strip(), target
    return target, None


def doc_extras(doc: Any, fields: dict[str, Any]) -> None:
    """The document's other scalar fields (subject, level, ...), under their own names."""
    if isinstance(doc, dict):
        for key, value in doc.items():
            if key not in fields and key not in ("answer", "choices", "target") and isinstance(
                    value, (str, int, float, bool)):
                fields[key] = value


def build(number: int, obj: dict[str, Any], *, whole_row: bool) -> dict[str, Any]:
    doc_id = obj.get("doc_id")
    fields: dict[str, Any] = {}
    question = text_of(pick(obj, FIELDS["question"]))
    if question is not None:
        fields["question"] = question
    filtered = obj.get("filtered_resps")
    loglikelihoods = (isinstance(filtered, list) and len(filtered) > 1
                      and all(isinstance(item, list) and len(item) == 2 for item in filtered))
    if loglikelihoods:
        letter = argmax_letter(filtered)
        responses = [letter] if letter else []
        fields.update(options(pick(obj, FIELDS["choices"])))
        fields["answer"] = gold_letter(obj.get("target"), len(filtered)) or obj.get("target")
    else:
        responses = responses_of(pick(obj, FIELDS["responses"])) or responses_of(filtered)
        fields["answer"], solution = split_solution(pick(obj, FIELDS["answer"]))
        if solution is not None:
            fields["solution"] = solution
        fields.update(options(pick(obj, FIELDS["choices"])))
    doc_extras(obj.get("doc"), fields)
    if not responses:
        return bad(number, doc_id, f"line {number} (doc_id {doc_id}) has no response: resps and filtered_resps "
                                   "are empty", raw=obj)
    verdict, metric = metric_verdict(obj)
    if len(responses) > 1 and verdict is not None:
        # take_first filters judge the first response; a vote judges the question.
        verdict = None if whole_row else [verdict] + [None] * (len(responses) - 1)
    return record(number, doc_id, fields, responses, verdict=verdict, metric=metric, raw=obj)
