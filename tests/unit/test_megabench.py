"""MEGA-Bench (``megabench``): the reference vectors for metrics, aggregations and parsers, the per-query
processor (``-1`` handling, parse failures, config errors), macro/micro means, and the default-profile fixes.

Vector ``function`` kinds map to: a metric name -> ``megabench.metrics.match``; ``aggregation:<fn>`` ->
``aggregate``; ``response_parse:<kind>`` -> the parsers; ``*.from_string`` -> the name checks.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_answerbench import score_row, score_rows
from pytest_answerbench.scorers.megabench.metrics import aggregate, match, metric_from_string
from pytest_answerbench.scorers.megabench.parse import parse_answer_string, parse_response_json, parser_from_string

VECTORS = Path(__file__).parents[1] / "data" / "vectors" / "others.jsonl"
MEGA = [json.loads(line) for line in VECTORS.read_text(encoding="utf-8").splitlines()
        if line.strip() and json.loads(line)["system"] == "MEGA-Bench"]
RAISES = "raises ValueError"

# Vector index -> the default profile's result where it deliberately differs (docs/profiles-structured.md).
DEFAULT_DIFFERS = {
    3: 0,  # exact_str_match: "Bob" is not option B
    8: 0,  # simple_str_match keeps dots: 3.14 is not 314
    11: "normalized_similarity_damerau_levenshtein",  # the README's "demarau" spelling is accepted
    22: 0,  # a quoted string is one item, not a set of characters
    30: 1.0,  # chess: "+" (check) does not matter
}


def run_vector(v: dict, fixed: bool):
    """Call the part of the scorer that a vector's ``function`` names."""
    f = v["function"]
    try:
        if f == "MetricType.from_string":
            return metric_from_string(v["name"], fixed)
        if f == "ResponseParseType.from_string":
            return parser_from_string(v["name"])
        if f.startswith("aggregation:"):
            return aggregate(f.split(":", 1)[1], v["scores"], v["field_weights"])
        if f == "response_parse:json":
            return parse_response_json(v["response"])
        if f == "response_parse:answer_string":
            kw = v["kwargs"]
            return {kw["answer_key"]: parse_answer_string(v["response"], "answer_string",
                                                          kw["is_single_line_ans"], fixed)}
        if f == "response_parse:dummy":
            return v["response"].strip()
        return match(f, v["response"], v["correct_answer"], fixed)
    except ValueError:
        return RAISES


def assert_same(got, expected):
    if isinstance(expected, float) or (isinstance(got, float) and isinstance(expected, (int, float))):
        assert got == pytest.approx(expected, abs=1e-9)
    else:
        assert got == expected
        assert type(got) is type(expected)


@pytest.mark.parametrize("profile", ["upstream", "default"])
@pytest.mark.parametrize(("index", "vector"), list(enumerate(MEGA)),
                         ids=[f"{i}-{v['function']}" for i, v in enumerate(MEGA)])
def test_vector(index: int, vector: dict, profile: str):
    fixed = profile == "default"
    expected = DEFAULT_DIFFERS.get(index, vector["expected"]) if fixed else vector["expected"]
    assert_same(run_vector(vector, fixed), expected)


def test_default_differences_are_real():
    for index, value in DEFAULT_DIFFERS.items():
        assert MEGA[index]["expected"] != value


# ------------------------------------------------------------------------------------------- the processor

ANSWER_CFG = {"field_score_function": {"answer": "exact_str_match"},
              "aggregation": {"function": "mean", "field_weights": {"answer": 1}},
              "response_parse_function": "answer_string"}
JSON_CFG = {"field_score_function": {"objects": "jaccard_index", "count": "exact_str_match"},
            "aggregation": {"function": "mean", "field_weights": {"objects": 3, "count": 1}},
            "response_parse_function": "json"}


def _row(response, answer, cfg, task="t1", **kw):
    return {"id": "q", "task_name": task, "response": response, "correct_answer": answer, "metrics": cfg, **kw}


def test_weighted_mean_over_fields():
    v = score_row("megabench", _row('{"objects": ["a", "b"], "count": "3"}', {"objects": "['a', 'b']",
                                                                               "count": "2"}, JSON_CFG))
    assert v.score == pytest.approx(0.75)
    assert v.status == "wrong"
    assert v.extra["field_scores"] == {"objects": 1.0, "count": 0}


def test_json_parse_failure_feeds_raw_response_to_every_field():
    v = score_row("megabench", _row("a, b", {"objects": "['a', 'b']", "count": "a, b"}, JSON_CFG),
                  profile="upstream")
    # The raw text "a, b" is split on commas for the set metric and compared whole for exact match.
    assert v.extra["field_scores"] == {"objects": 1.0, "count": 1}
    assert v.correct


def test_metrics_config_as_python_literal_string():
    v = score_row("megabench", _row("Answer: B", {"answer": "B"}, repr(ANSWER_CFG)))
    assert v.correct


def test_metrics_config_never_evaluated_as_code():
    v = score_row("megabench", _row("Answer: B", {"answer": "B"}, "__import__('os').getcwd()"))
    assert v.status == "error" and "neither JSON nor a Python literal" in v.detail


def test_not_applicable_query_scores_zero_and_stays_in_denominator():
    cfg = {"field_score_function": {"n": "positive_int_match"},
           "aggregation": {"function": "mean", "field_weights": {"n": 1}}, "response_parse_function": "answer_string"}
    rows = [_row("Answer: 0", {"n": "0"}, cfg, id="a"), _row("Answer: 4", {"n": "4"}, cfg, id="b")]
    report = score_rows("megabench", rows, profile="upstream")
    na = report["rows"][0]
    assert na["method"] == "not-applicable" and na["score"] == 0.0
    assert na["extra"]["query_score"] == -1
    assert report["metrics"]["tasks"]["t1"]["mean_task_score"] == pytest.approx(0.5)


def test_macro_and_micro_means_group_by_task():
    rows = [_row("Answer: B", {"answer": "B"}, ANSWER_CFG, task="t1", id="1"),
            _row("Answer: C", {"answer": "B"}, ANSWER_CFG, task="t1", id="2"),
            _row("Answer: B", {"answer": "B"}, ANSWER_CFG, task="t2", id="3")]
    m = score_rows("megabench", rows)["metrics"]
    assert m["overall_macro_mean_score"] == pytest.approx((0.5 + 1.0) / 2)
    assert m["overall_micro_mean_score"] == pytest.approx(2 / 3)
    assert m["macro_mean_score"] == {"rule": pytest.approx(0.75)}


def test_min_aggregation_ignores_weights():
    cfg = {**JSON_CFG, "aggregation": {"function": "min", "field_weights": {}}}
    v = score_row("megabench", _row('{"objects": ["a"], "count": "2"}', {"objects": "['a', 'b']", "count": "2"},
                                    cfg))
    assert v.score == pytest.approx(0.5)


@pytest.mark.parametrize(
    ("cfg_change", "message"),
    [
        ({"aggregation": {"function": "mean", "field_weights": {"objects": 1}}}, "no weight for field 'count'"),
        ({"aggregation": {"function": "mean", "field_weights": {"objects": 0, "count": 0}}}, "all zero"),
        ({"aggregation": {"function": "median", "field_weights": {"objects": 1, "count": 1}}}, "median"),
        ({"response_parse_function": "odd_one_out"}, "not implemented by the reference"),
        ({"field_score_function": {"objects": "gpt_4o_as_judge", "count": "exact_str_match"}}, "gpt_4o_as_judge"),
    ],
)
def test_config_errors_are_error_rows_naming_the_task(cfg_change: dict, message: str):
    v = score_row("megabench", _row('{"objects": ["a"], "count": "2"}', {"objects": "['a']", "count": "2"},
                                    {**JSON_CFG, **cfg_change}, task="my_task"), profile="upstream")
    assert v.status == "error"
    assert "my_task" in v.detail and message in v.detail


def test_demarau_spelling_error_upstream_accepted_default():
    cfg = {"field_score_function": {"answer": "normalized_similarity_demarau_levenshtein"},
           "aggregation": {"function": "mean", "field_weights": {"answer": 1}},
           "response_parse_function": "answer_string"}
    row = _row("Answer: abcd", {"answer": "acbd"}, cfg, task="spell")
    up = score_row("megabench", row, profile="upstream")
    assert up.status == "error" and "damerau" in up.detail and "spell" in up.detail
    assert score_row("megabench", row, profile="default").score == pytest.approx(0.75)


def test_bold_answer_marker_default_fix():
    row = _row("**Answer:** B", {"answer": "B"}, ANSWER_CFG)
    assert score_row("megabench", row, profile="upstream").extracted == '{"answer": ""}'
    assert score_row("megabench", row, profile="default").correct


def test_nested_lists_compare_by_content_in_default():
    assert match("set_equality", "[[1, 2]]", "[[3]]", False) == 1  # reference: both sides become empty
    assert match("set_equality", "[[1, 2]]", "[[3]]", True) == 0
    assert match("set_equality", "[[1, 2], [3]]", "[[3], [1, 2]]", True) == 1


def test_metrics_dir_option(tmp_path: Path):
    (tmp_path / "task_a").mkdir()
    (tmp_path / "task_a" / "metrics.json").write_text(json.dumps(ANSWER_CFG), encoding="utf-8")
    (tmp_path / "task_b.json").write_text(json.dumps(ANSWER_CFG), encoding="utf-8")
    opts = {"metrics_dir": str(tmp_path)}
    for task in ("task_a", "task_b"):
        row = {"task_name": task, "response": "Answer: B", "correct_answer": {"answer": "B"}}
        assert score_row("megabench", row, options=opts).correct
    missing = score_row("megabench", {"task_name": "task_c", "response": "x", "correct_answer": {"answer": "B"}},
                        options=opts)
    assert missing.status == "error" and "task_c" in missing.detail


def test_row_without_any_config_is_an_error():
    v = score_row("megabench", {"response": "Answer: B", "correct_answer": {"answer": "B"}})
    assert v.status == "error" and "metrics_dir" in v.detail


def test_sample_file():
    sample = Path(__file__).parents[2] / "benchmarks" / "megabench" / "sample.jsonl"
    rows = [json.loads(line) for line in sample.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert 10 <= len(rows) <= 30
    report = score_rows("megabench", rows, profile="upstream")
    assert {r["status"] for r in report["rows"]} == {"correct", "wrong"}
    assert set(report["metrics"]["tasks"]) == {r["task_name"] for r in rows}


def test_upstream_summary_is_the_references_unrounded_with_counters():
    # issue 18: upstream reports the reference's summary as it is (llm entries, num_* counters, no rounding).
    rows = [_row("Answer: B", {"answer": "B"}, ANSWER_CFG, task="t1", id="1"),
            _row("Answer: C", {"answer": "B"}, ANSWER_CFG, task="t1", id="2"),
            _row("Answer: C", {"answer": "B"}, ANSWER_CFG, task="t1", id="3"),
            _row("Answer: B", {"answer": "B"}, ANSWER_CFG, task="t2", id="4")]
    up = score_rows("megabench", rows, profile="upstream")["metrics"]
    assert up["macro_mean_score"] == {"llm": 0, "rule": (1 / 3 + 1) / 2}
    assert up["micro_mean_score"] == {"llm": 0, "rule": 0.5}
    assert up["overall_macro_mean_score"] == (1 / 3 + 1) / 2  # exact, not rounded to 6 decimals
    assert up["num_tasks_evaluated"] == {"rule": 2, "llm": 0}
    assert up["num_queries_evaluated"] == {"rule": 4, "llm": 0}
    assert up["num_tasks_unevaluated"] == up["num_queries_unevaluated"] == {"rule": 0, "llm": 0}
    assert up["num_samples_all"] == {"rule": 4, "llm": 0}  # no row says its task has a demonstration
    assert up["tasks"]["t1"]["mean_task_score"] == 1 / 3
    default = score_rows("megabench", rows)["metrics"]
    assert default["macro_mean_score"] == {"rule": 0.666667} and "num_tasks_evaluated" not in default


@pytest.mark.parametrize("fixed", [False, True])
@pytest.mark.parametrize(("metric", "response", "target", "expected"), [
    # issue 18: the reference lower-cases both sides and reads a list literal as its items ...
    ("str_set_equality_comma", "A, b", "a, b", 1),
    ("str_set_equality_comma", "49, 21, 0, 27, -24", "[21, 0, 27, -24, 49]", 1),
    ("str_set_equality_comma", "a, c", "a, b", 0),
    ("str_set_equality_comma", None, "a", 0),
    # ... and splits on line breaks without stripping items or dropping empty lines.
    ("str_set_equality_line_break", "a\n\nb", "b\na", 0),
    ("str_set_equality_line_break", "a\nb ", "b\na", 0),
    ("str_set_equality_line_break", "B\nA", "b\na", 1),
    ("str_set_equality_line_break", "A\\nB", "b\na", 1),  # a written \n is a line break
    ("str_set_equality_line_break", None, "a", 0),
])
def test_string_set_equality_as_the_reference(metric, response, target, expected, fixed):
    assert match(metric, response, target, fixed) == expected


def test_string_set_equality_through_the_answer_parser():
    cfg = {"field_score_function": {"answer": "str_set_equality_comma"},
           "aggregation": {"function": "mean", "field_weights": {"answer": 1}},
           "response_parse_function": "answer_string"}
    for profile in ("upstream", "default"):
        assert score_row("megabench", _row("Answer: A, b", {"answer": "a, b"}, cfg), profile=profile).correct


def test_num_samples_all_reads_the_task_s_example_info():
    """issue 28: the reference counts a task's demonstration only when its example_info has text or images."""
    with_demo = {"example_text": "Q: 1+1\nA: 2", "image_paths": []}
    without = {"example_text": "", "image_paths": []}
    rows = [dict(_row("Answer: B", {"answer": "B"}, ANSWER_CFG, task="t1", id="1"), example_info=with_demo),
            dict(_row("Answer: B", {"answer": "B"}, ANSWER_CFG, task="t2", id="2"), example_info=json.dumps(without)),
            dict(_row("Answer: B", {"answer": "B"}, ANSWER_CFG, task="t2", id="3"), example_info=without),
            _row("Answer: B", {"answer": "B"}, ANSWER_CFG, task="t3", id="4")]
    up = score_rows("megabench", rows, profile="upstream")["metrics"]
    assert up["num_samples_all"] == {"rule": (1 + 1) + (2 + 0) + (1 + 0), "llm": 0}


# MEGA-Bench's own NumberRelDiffRatio and AngleSeqFloatRMSE (the ee324ab snapshot, numpy 1.26.4, run in a scratch
# environment) on 37 spellings of a number against five golds, and eight angle sequences (complex ones included):
# the expected value is what MetricType.match returns, "CRASH:complex" where the metric returns a complex score
# that the reference's processor then fails to write as JSON.
LITERAL_NUMBERS = [json.loads(line) for line in
                   (Path(__file__).parents[1] / "data" / "megabench_literal_numbers.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("case", LITERAL_NUMBERS,
                         ids=[f"{c['metric']}|{c['response']!r}|{c['target']}" for c in LITERAL_NUMBERS])
def test_numbers_read_as_the_reference_reads_them(case):
    from pytest_answerbench.scorers.megabench.geometry import ReferenceCrash

    if case["expected"] == "CRASH:complex":
        with pytest.raises(ReferenceCrash):
            match(case["metric"], case["response"], case["target"], False)
        assert match(case["metric"], case["response"], case["target"], True) == 0  # default: 0, as before
        return
    assert match(case["metric"], case["response"], case["target"], False) == pytest.approx(case["expected"], abs=1e-12)


def test_number_rel_diff_ratio_default_reads_any_digits():
    # default keeps float()'s reading (Unicode digits) and takes the reference's literals besides
    for spelling in ("２５００", "٢٥٠٠", " 2500 ", "0x9c4", "(2500)"):
        assert match("number_rel_diff_ratio", spelling, "2500", True) == 1, spelling
    assert match("number_rel_diff_ratio", "２５００", "2500", False) == 0


def test_a_complex_angle_sequence_is_an_error_row_upstream():
    cfg = {"field_score_function": {"answer": "angle_seq_float_rmse"},
           "aggregation": {"function": "mean", "field_weights": {"answer": 1}}, "response_parse_function": "json"}
    row = _row('{"answer": "[10, 350j]"}', {"answer": "[10, 350]"}, cfg)
    up = score_row("megabench", row, profile="upstream")
    assert up.status == "error" and "complex" in up.detail, up
    assert score_row("megabench", row).status == "wrong"


def test_num_samples_all_counts_no_demonstration_for_a_task_without_example_info():
    """The reference counts a task's demonstration only when its example_info has text or images; rows that carry
    none count as an empty example_info (no demonstration), not as an assumed one."""
    rows = [_row("Answer: B", {"answer": "B"}, ANSWER_CFG, task="t1", id="1"),
            _row("Answer: B", {"answer": "B"}, ANSWER_CFG, task="t2", id="2"),
            dict(_row("Answer: B", {"answer": "B"}, ANSWER_CFG, task="t2", id="3"), example_info={})]
    up = score_rows("megabench", rows, profile="upstream")["metrics"]
    assert up["num_samples_all"] == {"rule": 3, "llm": 0}
    assert "num_samples_all_estimated" not in up
