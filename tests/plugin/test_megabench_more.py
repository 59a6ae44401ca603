"""MEGA-Bench: every metric of the reference's ``MetricType`` against ``tests/data/vectors/megabench_more.jsonl``
(reference outputs obtained by running MEGA-Bench's own code), in both profiles; then what a row needs for
the metrics that use the query's context, the judges and code execution.

Vector kinds: a metric name with ``correct_answer`` -> ``match``; with ``call`` ``match(response,
eval_context[, task_info])`` -> ``match_context``; ``evaluate_query`` -> ``score_query`` (the per-query
processor) with ``field_scores``. ``impl_raised`` names what the reference's metric raised (0 through
``MetricType.match``); ``expected`` ``"NaN"`` is a NaN score.
"""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest

from pytest_answerbench import score_row, score_rows
from pytest_answerbench.judge import ScriptedJudge
from pytest_answerbench.scorers.megabench import score_query
from pytest_answerbench.scorers.megabench.metrics import CONTEXT_METRICS, KNOWN, match, match_context

VECTORS = [json.loads(line) for line in
           (Path(__file__).parents[1] / "data" / "vectors" / "megabench_more.jsonl").read_text(encoding="utf-8")
           .splitlines() if line.strip()]

# Vector index -> the default profile's result where it deliberately differs (docs/profiles-structured.md).
DEFAULT_DIFFERS = {
    33: 0,  # M4: a quoted string is one item, not its set of characters
    53: 0.0,  # M1: "Bob" is not option B
    107: 0,  # M4
    224: 0,  # M2: simple_str_match keeps dots ("is." is not "is")
    229: 0,  # M2
}


def run(vector: dict, fixed: bool):
    f = vector["function"]
    if f == "evaluate_query":
        result = score_query(vector["response"], vector["correct_answer"], vector["metrics"], fixed,
                             eval_context=vector.get("eval_context"), task_info=vector.get("task_info"),
                             allow_code=True)
        return result["score"], result["fields"]
    if f in CONTEXT_METRICS:
        return match_context(f, vector["response"], vector["eval_context"], vector.get("task_info"),
                             allow_code=True), None
    return match(f, vector["response"], vector["correct_answer"], fixed), None


def same(got, expected) -> bool:
    if expected == "NaN" or (isinstance(expected, float) and math.isnan(expected)):
        return isinstance(got, float) and math.isnan(got)
    if isinstance(expected, (int, float)) and not isinstance(expected, bool):
        return isinstance(got, (int, float)) and got == pytest.approx(expected, abs=1e-9)
    if isinstance(expected, list) and isinstance(got, (tuple, list)):
        return len(got) == len(expected) and all(same(g, e) for g, e in zip(got, expected))
    if isinstance(expected, dict) and isinstance(got, dict):
        return got.keys() == expected.keys() and all(same(got[k], expected[k]) for k in expected)
    return got == expected


@pytest.mark.parametrize("profile", ["upstream", "default"])
@pytest.mark.parametrize(("index", "vector"), list(enumerate(VECTORS)),
                         ids=[f"{i}-{v['function']}" for i, v in enumerate(VECTORS)])
def test_vector(index: int, vector: dict, profile: str):
    fixed = profile == "default"
    expected = DEFAULT_DIFFERS.get(index, vector["expected"]) if fixed else vector["expected"]
    got, fields = run(vector, fixed)
    assert same(got, expected), (got, expected)
    if fields is not None and not (fixed and index in DEFAULT_DIFFERS):
        assert same(fields, vector["field_scores"])
    if vector.get("expected_type") == "tuple":
        assert isinstance(got, tuple)


def test_default_differences_are_real():
    for index, value in DEFAULT_DIFFERS.items():
        assert not same(value, VECTORS[index]["expected"])


def test_vectors_cover_every_metric_the_issue_lists():
    named = {v["function"] for v in VECTORS}
    # Covered elsewhere: the judges, the model and geocoder metrics (below), the set-equality pair.
    elsewhere = {"gpt_4o_as_judge", "ascii_art_gpt4o_judge", "nli_entailment", "geo_proximity_location_dict",
                 "str_set_equality_comma", "str_set_equality_line_break"}
    old = {"exact_str_match", "exact_str_match_case_insensitive", "simple_str_match", "near_str_match",
           "normalized_similarity_damerau_levenshtein", "set_equality", "jaccard_index", "set_precision",
           "chess_move_list_jaccard_index", "longest_common_list_prefix_ratio", "nbbox_iou_tuple",
           "dict_exact_str_match_agg_recall", "dict_set_equality_agg_jaccard", "dict_jaccard_agg_jaccard",
           "dict_nbbox_iou_tuple_agg_jaccard", "positive_int_match", "number_rel_diff_ratio", "multi_ref_phrase",
           "sequence_equality", "unsupported"}
    assert KNOWN - named - elsewhere - old == set()


# ------------------------------------------------------------------------------------------ program_judge

# program_judge runs programs only inside bubblewrap (tests/plugin/test_sandbox.py); without it these rows are errors
needs_bwrap = pytest.mark.skipif(shutil.which("bwrap") is None,
                                 reason="bubblewrap (bwrap) is not installed: apt-get install bubblewrap")
ADDER_CASES = {"test_case": [{"input": ["1 2"], "expected": "3"}, {"input": ["10 -4"], "expected": "6"}]}
PROGRAM_CFG = {"field_score_function": {"code": "program_judge"},
               "aggregation": {"function": "mean", "field_weights": {"code": 1}},
               "response_parse_function": "answer_string"}


def _program_row(code: str, **kw) -> dict:
    return {"id": "p", "task_name": "code_task", "response": f"Answer: {code}",
            "correct_answer": {"code": "print(1)\nprint(2)"}, "metrics": PROGRAM_CFG, "eval_context": ADDER_CASES,
            **kw}


@needs_bwrap
def test_program_judge_runs_only_with_the_opt_in():
    row = _program_row("a, b = map(int, input().split())\nprint(a + b)")
    refused = score_row("megabench", row)
    assert refused.status == "error" and "allow_code_execution" in refused.detail and "code_task" in refused.detail
    assert score_row("megabench", row, options={"allow_code_execution": True}).correct
    wrong = score_row("megabench", _program_row("a, b = map(int, input().split())\nprint(a - b)"),
                      options={"allow_code_execution": True})
    assert wrong.score == 0.0 and wrong.status == "wrong"


def test_program_judge_option_must_be_a_boolean():
    from pytest_answerbench.scorers import megabench

    assert "true or false" in megabench.check_options({"allow_code_execution": "yes"})
    assert megabench.check_options({"allow_code_execution": True}) is None


SANDBOX_ATTACKS = {
    "fork bomb": ("import os\nwhile True:\n    os.fork()\n", "os.fork is not allowed"),
    "fork through posix": ("import posix\nposix.fork()\n", "os.fork is not allowed"),
    "subprocess": ("import subprocess\nsubprocess.run(['true'])\n", "ERROR during execution"),
    # the CPU limit ends it, or (on a loaded machine, before the CPU second is used) the wall-time limit
    "infinite loop": ("while True:\n    pass\n", ("exceeded the time limit", "No output was produced before timeout")),
    "huge write": ("f = open('big.bin', 'wb')\nfor _ in range(64):\n    f.write(b'x' * 1024 * 1024)\n",
                   "File too large"),
    "socket": ("import socket\nsocket.socket().connect(('1.1.1.1', 80))\n", "socket.__new__ is not allowed"),
    "write outside the folder": ("open('/tmp/answerbench-sandbox-escape', 'w').write('x')\n",
                                 "outside the working folder"),
    "ctypes": ("import ctypes\n", "ctypes is not allowed"),
    "memory": ("x = bytearray(4 * 1024 ** 3)\n", "ERROR during execution"),
}


@needs_bwrap
@pytest.mark.parametrize("name", list(SANDBOX_ATTACKS))
def test_sandbox_limits_hold(name: str, tmp_path: Path):
    import time

    from pytest_answerbench.scorers.megabench.program import STARTUP_ALLOWANCE, TIMEOUT, run_program

    code, message = SANDBOX_ATTACKS[name]
    started = time.monotonic()
    output = run_program(code + "print('escaped')\n", [])
    assert time.monotonic() - started < TIMEOUT + STARTUP_ALLOWANCE + 2
    messages = (message,) if isinstance(message, str) else message
    assert output.startswith("ERROR") and any(m in output for m in messages) and not output.endswith("escaped"), output
    assert not Path("/tmp/answerbench-sandbox-escape").exists()


@needs_bwrap
def test_sandbox_leaves_no_process_and_no_folder_behind(tmp_path, monkeypatch):
    import tempfile

    from pytest_answerbench.scorers.megabench.program import run_program

    # a temp root of this test's own: other tests (or other workers) may run sandboxes at the same time
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    assert run_program("import time\nprint(input())\ntime.sleep(30)\n", ["hi"]).startswith("ERROR: Code execution")
    assert list(tmp_path.glob("answerbench-program-*")) == []
    assert run_program("print(sum(map(int, input().split())))", ["2 3"]) == "5"


@needs_bwrap
def test_program_judge_end_to_end_with_xdist(bench_env):
    from conftest import load_report, write_jsonl

    rows = [_program_row("a, b = map(int, input().split())\nprint(a + b)", id=f"ok{i}") for i in range(3)]
    rows += [_program_row("while True:\n    pass", id="loop"), _program_row("print(1/0)", id="crash")]
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    refused = bench_env.runpytest("--bench", "megabench", "preds.jsonl", "--bench-report", "refused.json")
    assert load_report(bench_env, "refused.json")["counts"]["error"] == 5
    assert refused.ret != 0
    result = bench_env.runpytest("--bench", "megabench", "preds.jsonl", "--bench-report", "report.json",
                                 "--bench-option", "allow_code_execution=true", "-n", "2", "--junitxml", "j.xml")
    report = load_report(bench_env)
    assert report["counts"] == {**report["counts"], "correct": 3, "wrong": 2, "error": 0}
    assert report["metrics"]["tasks"]["code_task"]["mean_task_score"] == pytest.approx(0.6)
    result.assert_outcomes(passed=3, failed=2)
    junit = (bench_env.path / "j.xml").read_text()
    assert "loop" in junit and "crash" in junit


# ---------------------------------------------------------------------------------------------- judges

JUDGE_CFG = {
    "field_score_function": {"story": "gpt_4o_as_judge"},
    "aggregation": {"function": "mean", "field_weights": {"story": 1}},
    "response_parse_function": "dummy",
    "gpt4o_eval_configs": {
        "judge_model_type": "text only", "reference_type": "answer",
        "eval_criteria_prompt": "Question: {question}\nReference: {reference}\nAnswer: {answer}\nScore 0-10 as "
                                "**Score explanation**: ... **Score**: N",
        "template_mapping": {"question": "example_question", "reference": "answers.story",
                             "answer": "model_output"}},
}


def _judge_row(response: str, **kw) -> dict:
    return {"id": "j", "task_name": "story_task", "response": response, "correct_answer": {"story": "A fox."},
            "metrics": JUDGE_CFG, "query_text": "Tell a story.", **kw}


def test_gpt_4o_as_judge_prompt_and_score():
    judge = ScriptedJudge(["**Score explanation**: close enough.\n\n**Score**: 7"])
    v = score_row("megabench", _judge_row("A quick fox."), judge=judge)
    assert v.score == pytest.approx(0.7) and v.extra["eval_type"] == "llm"
    # The reference's explanation runs to the end of the reply (its pattern is DOTALL).
    assert v.extra["field_info"]["story"] == "Score: 7; Explanation: close enough.\n\n**Score**: 7"
    sent = judge.calls[0]
    assert sent == [{"role": "user", "content": "Question: Tell a story.\nReference: A fox.\nAnswer: A quick fox."
                                                "\nScore 0-10 as **Score explanation**: ... **Score**: N"}]
    assert judge.params[0]["temperature"] == 0
    assert v.extra["judge"]["calls"] == 1


def test_gpt_4o_as_judge_unreadable_reply_failure_and_no_judge():
    unreadable = score_row("megabench", _judge_row("x"), judge=ScriptedJudge(["I would say eight."]))
    assert unreadable.score == 0 and unreadable.extra["field_info"]["story"].startswith("Score is NULL")
    failed = score_row("megabench", _judge_row("x"), judge=ScriptedJudge(["!error HTTP 500"]))
    assert failed.status == "error" and "judge failed" in failed.detail and "HTTP 500" in failed.detail
    none = score_row("megabench", _judge_row("x"))
    assert none.status == "error" and "--bench-judge-model" in none.detail and "story_task" in none.detail


def test_judged_tasks_are_llm_in_the_summary():
    rows = [_judge_row("a", id="1"), {**_judge_row("b", id="2"), "task_name": "story_2"},
            {"id": "3", "task_name": "rule_task", "response": "Answer: B", "correct_answer": {"answer": "B"},
             "metrics": {"field_score_function": {"answer": "exact_str_match"},
                         "aggregation": {"function": "mean", "field_weights": {"answer": 1}},
                         "response_parse_function": "answer_string"}}]
    m = score_rows("megabench", rows, profile="upstream", judge=ScriptedJudge(["**Score**: 10", "**Score**: 4"]))
    m = m["metrics"]
    assert m["num_tasks_evaluated"] == {"rule": 1, "llm": 2}
    assert m["macro_mean_score"] == {"rule": 1.0, "llm": pytest.approx(0.7)}
    assert m["overall_macro_mean_score"] == pytest.approx(0.8)
    assert m["tasks"]["story_task"]["eval_type"] == "llm"


ASCII_CFG = {"field_score_function": {"art": "ascii_art_gpt4o_judge"},
             "aggregation": {"function": "mean", "field_weights": {"art": 1}},
             "response_parse_function": "ascii_answer_string"}


def test_ascii_art_judge_sees_two_images():
    pytest.importorskip("PIL")
    judge = ScriptedJudge(["Yes, both are cats."])
    row = {"id": "a", "task_name": "ascii", "response": "Answer:\n /\\_/\\\n( o.o )", "correct_answer":
           {"art": " /\\_/\\\n( -.- )"}, "metrics": ASCII_CFG}
    v = score_row("megabench", row, judge=judge)
    assert v.correct
    content = judge.calls[0][0]["content"]
    assert [p["type"] for p in content] == ["image_url", "image_url", "text"]
    assert content[0]["image_url"]["url"].startswith("data:image/jpeg;base64,")
    assert "depict the same object" in content[2]["text"]
    logged = v.extra["judge_calls"][0]["request"]
    assert logged[0]["image_url"].startswith("<image, ") and logged[2]["text"] == content[2]["text"]
    assert score_row("megabench", {**row, "response": "Answer: "}, judge=ScriptedJudge([])).score == 0


# ----------------------------------------------------------------------------- what cannot run here

def test_nli_and_geo_score_offline_where_the_reference_never_needs_the_model():
    assert match("nli_entailment", "It is raining.", "It rains.") == 0  # a string gold: 0 before the model
    geo_empty = {"country": "France", "province_or_state": "", "municipality": "Paris"}
    assert match("geo_proximity_location_dict", geo_empty, {"country": "France"}) == 0
    assert match("geo_proximity_location_dict", "Paris", {"country": "France"}) == 0
    cfg = {"field_score_function": {"place": "geo_proximity_location_dict"},
           "aggregation": {"function": "mean", "field_weights": {"place": 1}}, "response_parse_function": "json"}
    row = {"id": "g", "task_name": "geo", "metrics": cfg, "correct_answer": {"place": {"country": "France"}},
           "response": '{"place": {"country": "France", "province_or_state": "IDF", "municipality": "Paris"}}'}
    v = score_row("megabench", row)
    assert v.status == "error" and "geocoder" in v.detail and "'geo'" in v.detail
    nli = {**row, "metrics": {**cfg, "field_score_function": {"place": "nli_entailment"}},
           "response": '{"place": "It rains."}', "correct_answer": {"place": {"premise": "It is raining."}}}
    v = score_row("megabench", nli)
    assert v.status == "error" and "deberta" in v.detail


def test_contain_constraints_without_nltk_data_are_errors(monkeypatch, tmp_path):
    nltk = pytest.importorskip("nltk")
    monkeypatch.setattr(nltk.data, "path", [str(tmp_path)])
    cfg = {"field_score_function": {"##poem": "constrained_generation"},
           "aggregation": {"function": "mean", "field_weights": {"##poem": 1}}, "response_parse_function": "dummy"}
    row = {"id": "c", "task_name": "poems", "response": "The cat sat.", "correct_answer": {"##poem": ""},
           "metrics": cfg, "eval_context": {"contain": "['cat']", "length": "<40"}}
    v = score_row("megabench", row)
    assert v.status == "error" and "punkt_tab" in v.detail and "poems" in v.detail
    ok = score_row("megabench", {**row, "eval_context": {"acrostic": "t", "length": "<40"}})
    assert ok.correct and ok.extra["field_info"]["##poem"] == "acrostic: 1\tlength: 1"


def test_global_aux_metrics_score_the_whole_response():
    cfg = {"field_score_function": {"a": "exact_str_match"},
           "global_aux_metrics": {"whole": "dict_equality"},
           "aggregation": {"function": "mean", "field_weights": {"a": 1, "whole": 1}},
           "response_parse_function": "json"}
    row = {"id": "x", "task_name": "aux", "response": '{"a": "1", "b": "2"}',
           "correct_answer": {"a": "1", "b": "2"}, "metrics": cfg}
    v = score_row("megabench", row)
    assert v.extra["field_scores"] == {"a": 1, "whole": 1} and v.correct
    v = score_row("megabench", {**row, "response": '{"a": "1", "b": "3"}'})
    assert v.extra["field_scores"] == {"a": 1, "whole": 0} and v.score == 0.5


def test_judge_metrics_end_to_end_through_the_openai_client(bench_env, monkeypatch):
    """Both judge metrics through the plugin's real judge (openai client) against a local server."""
    pytest.importorskip("PIL")
    from conftest import load_report, write_jsonl

    from pytest_answerbench.judge.testing import FakeOpenAIServer

    def reply(messages):
        content = messages[-1]["content"]
        return "yes" if isinstance(content, list) else "**Score explanation**: fine\n**Score**: 8"

    with FakeOpenAIServer(reply) as server:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-local")
        rows = [_judge_row("A quick fox.", id="story"),
                {"id": "art", "task_name": "ascii", "response": "Answer:\n /\\_/\\", "correct_answer":
                 {"art": " /\\_/\\"}, "metrics": ASCII_CFG}]
        write_jsonl(bench_env.path / "preds.jsonl", rows)
        result = bench_env.runpytest_subprocess(
            "--bench", "megabench", "preds.jsonl", "--bench-report", "report.json", "--bench-judge-model", "local",
            "--bench-judge-base-url", server.base_url, "--bench-judge-cache", "cache.sqlite3")
    # the first request is the endpoint check made before any row
    seen = [(body.get("temperature"), type(body["messages"][-1]["content"]).__name__) for body in server.requests[1:]]
    report = load_report(bench_env)
    by_id = {r["id"]: r for r in report["rows"]}
    assert by_id["story"]["score"] == pytest.approx(0.8) and by_id["art"]["status"] == "correct"
    assert sorted(seen) == [(0, "list"), (0, "str")]
    assert report["metrics"]["macro_mean_score"] == {"llm": pytest.approx(0.9)}
    result.assert_outcomes(passed=1, failed=1)


# Expected: the reference's ConstrainedGenerationEval.match run with the same stand-ins for NLTK's tokenizers
# and lemmatizer (sentences split at ". ", words at spaces, a trailing "s" dropped from words over 3 letters).
CONTAIN_CASES = [
    ("The cat sat. A dog ran. The cat slept.", {"contain": "['cat']"}, (1, "contain: 1")),
    ("The cat sat. A dog ran. The cat slept.", {"contain##times": "['cat']##2"}, (1, "contain##times: 1")),
    ("The cat sat. A dog ran. The cat slept.", {"contain##times": "['cat']##3"}, (0, "contain##times: 0")),
    ("The cat sat. A dog ran.", {"contain##position": "['dog']##2"}, (1, "contain##position: 1")),
    ("The cat sat. A dog ran.", {"contain##position": "['dog']##1"}, (0, "contain##position: 0")),
    ("The cat sat. A dog ran.", {"contain##position_only": "['cat']##1"}, (1, "contain##position_only: 1")),
    ("The cat sat. The cat ran.", {"contain##position_only": "['cat']##1"}, (0, "contain##position_only: 0")),
    ("The **cat** sat.", {"contain": "['cat', 'bird']"}, (1, "contain: 1")),
    ("Nothing here.", {"contain": "['cat', 'bird']"}, (0, "contain: 0")),
    ("The cat sat. A dog ran.", {"contain_only": "[[cat], [dog]]"}, (0, "contain_only: 0")),
    ("The cat sat.", {"contain_only": "[[cat], [dog]]"}, (1, "contain_only: 1")),
    ("The cats sat.", {"contain1": "cat", "length": "<10"}, (1, "contain1: 1\tlength: 1")),
    ("The cat sat. A dog ran.", {"contain_only##position": "[[cat, kitten], [dog]]##1"},
     (0, "contain_only##position: 0")),
]


@pytest.mark.parametrize(("response", "constraints", "expected"), CONTAIN_CASES)
def test_contain_constraints_logic_with_stand_in_nltk(monkeypatch, response, constraints, expected):
    from types import SimpleNamespace

    from pytest_answerbench.scorers.megabench import constrained

    class Lemmatizer:
        def lemmatize(self, word, pos=None):
            return word[:-1] if word.endswith("s") and len(word) > 3 else word

    nltk = SimpleNamespace(sent_tokenize=lambda t: [s for s in t.split(". ") if s],
                           word_tokenize=lambda t: t.replace(".", " .").split())
    monkeypatch.setattr(constrained, "_nltk", lambda: (nltk, SimpleNamespace(NOUN="n"), Lemmatizer()))
    assert match_context("constrained_generation", response, constraints) == expected


def test_upstream_summary_matches_the_reference_processor():
    run = json.loads((Path(__file__).parents[1] / "data" / "megabench_processor_run.json").read_text(encoding="utf-8"))
    # Each task of that run had a one-shot example: its rows carry the task's example_info saying so.
    demo = {"example_text": "Q: an example\nA: its answer", "image_paths": []}
    m = score_rows("megabench", [{**row, "example_info": demo} for row in run["rows"]], profile="upstream")["metrics"]
    assert {k: m[k] for k in run["summary"]} == run["summary"]
    # Without it the tasks count no demonstration, as the reference counts an empty example_info.
    bare = score_rows("megabench", run["rows"], profile="upstream")["metrics"]
    assert bare["num_samples_all"] == {"rule": run["summary"]["num_samples_all"]["rule"] - len(run["tasks"]), "llm": 0}
    assert {t: [m["tasks"][t]["task_score"], m["tasks"][t]["mean_task_score"]] for t in run["tasks"]} == run["tasks"]


def test_judge_requests_are_exactly_what_score_asks():
    pytest.importorskip("PIL")
    from pytest_answerbench.scorers import megabench
    from pytest_answerbench.verdict import ScoreContext

    rows = [_judge_row("A quick fox."),
            {"id": "a", "task_name": "ascii", "response": "Answer:\n /\\_/\\", "correct_answer": {"art": " /\\_/\\"},
             "metrics": ASCII_CFG},
            {"id": "r", "task_name": "rule", "response": "Answer: B", "correct_answer": {"answer": "B"},
             "metrics": {**ASCII_CFG, "field_score_function": {"answer": "exact_str_match"}}}]
    for row in rows:
        judge = ScriptedJudge(["**Score**: 5", "yes"])
        ctx = ScoreContext("megabench", "default", {}, row["id"], judge)
        requests = megabench.judge_requests(row, ctx)
        megabench.score(row, ctx)
        assert [list(r.messages) for r in requests] == judge.calls
        assert [dict(r.params) for r in requests] == judge.params
    assert megabench.judge_requests({"correct_answer": "not an object"}, ctx) == []
