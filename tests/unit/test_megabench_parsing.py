"""MEGA-Bench's response parsers and the metrics that read their output, against the reference (issue 28).

``tests/data/vectors/megabench_parsing.jsonl``: 2,977 queries run through TIGER-AI-Lab/MEGA-Bench ``ee324ab`` in
a scratch environment: the processor's parse step (``response_parse_function`` none, ``json`` or
``answer_string``, with its raw-response fallback for ``json`` only) then ``MetricType.match`` of the field.
Responses are list, tuple, set, box and quoted-string answers behind answer prefixes and code fences, followed by
trailing text ("and more text", "done", an explanation line); 24 metrics of the set, list, sequence, string,
dict and box families. ``ref`` is the reference's field score; ``CRASH:<error>`` where the processor raises (here
an ``error`` row). Queries whose reference score depended on Python's string hashing (a set's print order) were
left out: the reference was run under three hash seeds and only queries scoring alike under all three are kept.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from pytest_answerbench import score_row
from pytest_answerbench.scorers.megabench.metrics import match

CASES = [json.loads(line) for line in
         (Path(__file__).parents[1] / "data" / "vectors" / "megabench_parsing.jsonl").read_text().splitlines()]


def _ours(case: dict) -> float | str:
    config = {"field_score_function": {"answer": case["metric"]},
              "aggregation": {"function": "mean", "field_weights": {"answer": 1}}}
    if case["parser"]:
        config["response_parse_function"] = case["parser"]
    row = {"response": case["response"], "correct_answer": case["correct_answer"], "metrics": config}
    verdict = score_row("megabench", row, profile="upstream")
    return "error" if verdict.status == "error" else verdict.score


def _agrees(ref: float | str, ours: float | str) -> bool:
    if isinstance(ref, str) and ref.startswith("CRASH"):
        return ours == "error"
    if ref == "NaN":  # a field scored NaN: the query's mean is NaN, which the report counts as 0
        return ours != "error" and (math.isnan(ours) or ours == 0.0)
    return ours != "error" and abs(ref - ours) < 1e-9


def test_the_vectors_cover_the_issue_s_cases():
    keys = {(c["metric"], c["response"]) for c in CASES}
    assert len(CASES) > 2900 and len({c["metric"] for c in CASES}) == 24
    assert any(r.endswith(" and more text") for _, r in keys) and any(r.endswith(" done") for _, r in keys)
    assert {c["parser"] for c in CASES} == {None, "json", "answer_string"}


def test_upstream_agrees_with_the_reference_on_every_query():
    differ = [(c["metric"], c["parser"], c["response"], c["correct_answer"]["answer"], c["ref"], ours)
              for c in CASES if not _agrees(c["ref"], ours := _ours(c))]
    assert not differ, f"{len(differ)} of {len(CASES)} differ, e.g. {differ[:5]}"


def test_issue_28_examples():
    """The three kept-aside differences the issue names, as metric-level and parsed (json) queries."""
    cases = [("set_equality_case_insensitive", "['a', 'b'] and more text", "['a', 'b']", 0.0),
             ("nbbox_iou_sequence", "[(0, 0, 1, 1)] done", "[(0, 0, 1, 1)]", 0.0),
             ("jaccard_index_case_insensitive", "'abc'", "['a', 'b', 'c']", 1.0)]
    for metric, response, gold, expected in cases:
        assert match(metric, response, gold, False) == expected, metric
        assert _ours({"metric": metric, "parser": "json", "response": response,
                      "correct_answer": {"answer": gold}}) == expected, metric
    # Without a response_parse_function the reference's processor has no raw-response fallback: a response that
    # parses to a list has no fields (it raises), one that parses to nothing gives the field None.
    assert _ours({"metric": "set_equality_case_insensitive", "parser": None, "response": cases[0][1],
                  "correct_answer": {"answer": cases[0][2]}}) == "error"
    assert _ours({"metric": "jaccard_index_case_insensitive", "parser": None, "response": "'abc'",
                  "correct_answer": {"answer": "['a', 'b', 'c']"}}) == 0.0
