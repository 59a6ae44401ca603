"""CRAG-MM: every reference vector (both official evaluators), the default profile's fixes, metrics, samples."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from pytest_answerbench import score_row, score_rows
from pytest_answerbench.judge import JudgeError, JudgeReply, ScriptedJudge, delimiter_free
from pytest_answerbench.scorers import crag_mm
from pytest_answerbench.scorers.crag_mm import _shared
from pytest_answerbench.scorers.crag_mm import default as crag_default
from pytest_answerbench.scorers.crag_mm import upstream as crag_upstream
from pytest_answerbench.spec import resolve_benchmark
from pytest_answerbench.verdict import ScoreContext

ROOT = Path(__file__).resolve().parents[2]
VECTORS = [json.loads(line) for line in (ROOT / "tests/data/vectors/others.jsonl").read_text().splitlines()
           if line.strip()]
CRAG = [v for v in VECTORS if v["system"] == "CRAG-MM"]


def _of(kind: str) -> list[tuple[str, dict]]:
    out = [(f"{i}-{v['function']}", v) for i, v in enumerate(CRAG) if v["function"].startswith(kind)]
    assert out, kind
    return out


def _variant(function: str) -> str:
    return _shared.STARTER_KIT if "starter-kit" in function else _shared.FACEBOOKRESEARCH


def _row(response, truth="Paris", **kw) -> dict:
    return {"session_id": "s1", "interaction_id": "i1", "turn_idx": 0, "query": "What city is this?",
            "ground_truth": truth, "agent_response": response, **kw}


def _script(outputs, variant) -> ScriptedJudge:
    replies = []
    for out in outputs:
        if out == "<API exception>":
            replies.append("!error API exception")
        elif isinstance(out, bool):  # starter-kit vectors give the parsed accuracy value
            replies.append(json.dumps({"accuracy": out}))
        else:
            replies.append(out)
    return ScriptedJudge(replies)


# --- evaluate_response ---------------------------------------------------------------------------------------

EVALUATE = _of("evaluate_response")


@pytest.mark.parametrize("vec", [v for _, v in EVALUATE], ids=[i for i, _ in EVALUATE])
def test_evaluate_response_upstream(vec):
    variant = _variant(vec["function"])
    outputs = vec["judge_outputs"]
    judge = _script(outputs, variant) if outputs is not None else None
    api_failure = bool(outputs) and all(o == "<API exception>" for o in outputs)
    options = {"variant": variant}
    if api_failure:
        # The reference falls back to exact match after failed calls; here that needs the option (the
        # project's rule is that a judge failure is an error, see test_judge_failure_is_an_error_by_default).
        options["on_judge_failure"] = "exact_match"
    v = score_row("crag_mm", _row(vec["agent_response"], vec["ground_truth"]), "upstream", judge=judge,
                  options=options)
    exp = vec["expected"]
    if exp["is_correct"] is None:
        # is_correct=None crashes the reference's calculate_scores: the row is an error here.
        assert v.status == "error" and v.method == "judge-unparsed"
        return
    flags = {k: v.extra[k] for k in ("is_exact_match", "is_correct", "is_miss", "is_semantically_correct")}
    assert flags == {k: exp[k] for k in flags}
    assert (v.extra["api_response"] is None) == exp["api_response_is_none"]
    assert v.status == ("correct" if exp["is_correct"] else "miss" if exp["is_miss"] else "wrong")
    assert v.score == (1.0 if exp["is_correct"] else 0.0)
    if judge is not None and (exp["is_miss"] or exp["is_exact_match"]):
        assert judge.calls == []  # the judge is never asked for a miss or an exact match


def test_judge_failure_is_an_error_by_default():
    for profile in ("upstream", "default"):
        judge = ScriptedJudge(["!error HTTP 503 after 5 attempts"])
        v = score_row("crag_mm", _row("Lyon"), profile, judge=judge)
        assert v.status == "error" and v.method == "judge-error"
        assert "503" in v.detail and v.extra["judge_calls"][0]["error"]


# Default-profile verdicts where they differ from the upstream ones above (docs/profiles-judged.md).
DEFAULT_DIFFS = [
    # (response, truth, variant, judge reply or None, expected status, expected is_miss)
    ("I  don't know", "Paris", "facebookresearch", None, "miss", True),
    ("I  don't know", "Paris", "starter_kit", None, "miss", True),
    ("I don’t know", "Paris", "starter_kit", None, "miss", True),
    ("i dont know", "Paris", "starter_kit", None, "miss", True),
    ("I do not know the answer", "Paris", "starter_kit", None, "miss", True),
    ("I don't know", "I don't know", "starter_kit", None, "correct", False),
    ("Lyon", "Paris", "facebookresearch", "Explanation: no\nResult: INCORRECT", "wrong", False),
    ("Lyon", "Paris", "facebookresearch", "correct", "correct", False),
    ("Lyon", "Paris", "facebookresearch", "Result: CORRECT\nActually WRONG", "error", None),
]


@pytest.mark.parametrize("response, truth, variant, reply, status, miss", DEFAULT_DIFFS)
def test_default_profile_differences(response, truth, variant, reply, status, miss):
    judge = ScriptedJudge([reply]) if reply is not None else ScriptedJudge([])
    options = {"variant": variant}
    d = score_row("crag_mm", _row(response, truth), "default", judge=judge, options=options)
    u = score_row("crag_mm", _row(response, truth), "upstream", judge=ScriptedJudge([reply] if reply else []),
                  options=options)
    assert d.status == status
    if miss is not None:
        assert d.extra["is_miss"] is miss
    assert (d.status, d.extra.get("is_miss")) != (u.status, u.extra.get("is_miss"))


def test_without_judge_default_is_an_error_upstream_is_exact_only():
    d = score_row("crag_mm", _row("Lyon"), "default")
    assert d.status == "error" and "needs the LLM judge" in d.detail
    u = score_row("crag_mm", _row("Lyon"), "upstream")
    assert u.status == "wrong" and u.method == "exact-only"
    e = score_row("crag_mm", _row("Lyon"), "default", options={"without_judge": "exact_match"})
    assert e.status == "wrong"


def test_bad_cells_are_errors():
    assert score_row("crag_mm", _row(None), "upstream").status == "error"
    assert score_row("crag_mm", _row(float("nan")), "default").status == "error"
    assert score_row("crag_mm", _row("Paris", 1990), "upstream").status == "error"
    assert score_row("crag_mm", _row("1990", 1990), "default").status == "correct"
    missing = {k: v for k, v in _row("Paris").items() if k != "turn_idx"}
    v = score_row("crag_mm", missing, "default")
    assert v.status == "error" and "turn_idx" in v.detail


# --- the judge conversation ---------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", _shared.VARIANTS)
def test_judge_requests_match_what_score_asks(variant):
    spec = resolve_benchmark("crag_mm")
    row = _row("It is Lyon, France.")
    ctx = ScoreContext("crag_mm", "default", {"variant": variant}, judge=None)
    (req,) = crag_mm.judge_requests(row, ctx)
    reply = "Result: WRONG" if variant == "facebookresearch" else '{"accuracy": false}'
    judge = ScriptedJudge([reply])
    v = score_row(spec, row, "default", judge=judge, options={"variant": variant})
    assert v.status == "wrong" and v.method == "judge"
    # the same conversation and parameters but for the delimiter, drawn at random for each request (so the
    # cache key, which reads them without it, is the same)
    asked = delimiter_free(judge.calls[0], judge.params[0])
    assert len(judge.calls) == 1 and asked[:2] == delimiter_free(req.messages, req.params)[:2]
    assert asked[2] != req.params["delimiter"] and asked[2] in judge.calls[0][-1]["content"]
    user = req.messages[-1]["content"]
    assert "What city is this?" in user and "Paris" in user and "It is Lyon, France." in user
    if variant == "facebookresearch":
        assert req.params["temperature"] == 0.0 and req.params["max_tokens"] == 1024
        assert "Result: CORRECT" in req.messages[0]["content"]
    else:
        assert req.params["response_format"]["json_schema"]["schema"]["required"] == ["accuracy"]
    assert req.params["template_version"].startswith("crag_mm.")
    assert crag_mm.judge_requests(_row("paris"), ctx) == []  # exact match: no judge
    assert crag_mm.judge_requests(_row("I don't know"), ctx) == []


def test_verdict_carries_judge_accounting():
    class Counting:
        model = "m"

        def ask_detailed(self, messages, **params):
            return JudgeReply("Result: CORRECT", prompt_tokens=120, completion_tokens=4, cached=True)

    v = score_row("crag_mm", _row("The capital, Paris."), "default", judge=Counting())
    assert v.status == "correct"
    assert v.extra["judge"] == {"calls": 0, "cache_hits": 1, "prompt_tokens": 120, "completion_tokens": 4}
    assert v.extra["judge_calls"][0]["reply"] == "Result: CORRECT"


@pytest.mark.parametrize("reply, expected", [
    ('{"accuracy": true}', True), ('{"accuracy": false}', False), ('{"accuracy": "yes"}', True),
    ('{"accuracy": 0}', False), ('{"accuracy": null}', None), ("true", None), ('{"acc": true}', None),
    ("not json", None),
])
def test_starter_kit_reply_parsing(reply, expected):
    assert _shared.parse_starter_kit(reply) is expected


def test_starter_kit_unparseable_reply_is_an_error():
    v = score_row("crag_mm", _row("Lyon"), "upstream", judge=ScriptedJudge(["Sure! It is correct."]),
                  options={"variant": "starter_kit"})
    assert v.status == "error" and v.method == "judge-unparsed"
    lenient = score_row("crag_mm", _row("Lyon"), "default", judge=ScriptedJudge(['```json\n{"accuracy": true}\n```']),
                        options={"variant": "starter_kit"})
    assert lenient.status == "correct"


# --- parse_response and clean_text -------------------------------------------------------------------------

PARSE = _of("LLMJudge.parse_response")


@pytest.mark.parametrize("vec", [v for _, v in PARSE], ids=[i for i, _ in PARSE])
def test_parse_response_upstream(vec):
    assert crag_upstream.parse_fb_upstream(vec["eval_result"]) is vec["expected"]


@pytest.mark.parametrize("text, expected", [
    ("Result: CORRECT", True), ("Result: WRONG", False), ("blah\nResult: INCORRECT", False),
    ("Result: CORRECT\nActually WRONG", None), ("correct", True), ("CORRECT", True), ("", None),
    ("The prediction matches.\n**Result:** Correct", True), ("It is not wrong, I think.", None),
    # a negated verdict says the opposite (issue 14: "not CORRECT. WRONG" was an unreadable reply)
    ("not CORRECT. WRONG", False), ("Result: not CORRECT", False), ("Result: not CORRECT. WRONG", False),
    ("Result: CORRECT, not WRONG", True), ("not CORRECT. CORRECT", None),
])
def test_parse_response_default(text, expected):
    assert crag_default.parse_fb_strict(text) is expected


CLEAN = _of("clean_text")


@pytest.mark.parametrize("vec", [v for _, v in CLEAN], ids=[i for i, _ in CLEAN])
def test_clean_text(vec):
    assert _shared.clean_text(vec["text"]) == vec["expected"]


# --- calculate_scores -----------------------------------------------------------------------------------------

SCORES = _of("calculate_scores")
_CODE = {"C": (True, True, False), "W": (False, False, False), "M": (False, False, True)}


def _turns_of(sessions: dict) -> list[dict]:
    turns = []
    for sid, codes in sessions.items():
        for idx, code in enumerate(codes):
            ego = True
            if isinstance(code, list):
                code, ego = code
            if code == "is_correct=None":
                turns.append({"session_id": sid, "turn_idx": idx, "is_ego": ego, "is_correct": None,
                              "is_exact_match": False, "is_miss": False})
                continue
            correct, exact, miss = _CODE[code]
            turns.append({"session_id": sid, "turn_idx": idx, "is_ego": ego, "is_correct": correct,
                          "is_exact_match": exact, "is_miss": miss})
    return turns


def _report_rows(turns: list[dict]) -> list[dict]:
    rows = []
    for t in turns:
        if t["is_correct"] is None:  # the unparseable judge reply: an error row here
            rows.append({"id": f"{t['session_id']}-{t['turn_idx']}", "status": "error", "score": 0.0,
                         "fields": {"session_id": t["session_id"], "turn_idx": t["turn_idx"]}, "extra": {}})
            continue
        status = "correct" if t["is_correct"] else "miss" if t["is_miss"] else "wrong"
        rows.append({"id": f"{t['session_id']}-{t['turn_idx']}", "status": status, "score": float(t["is_correct"]),
                     "fields": {"session_id": t["session_id"], "turn_idx": t["turn_idx"], "is_ego": t["is_ego"]},
                     "extra": {k: t[k] for k in ("is_correct", "is_exact_match", "is_miss")}})
    return rows


def _close(a, b) -> bool:
    if b == "NaN":
        return isinstance(a, float) and math.isnan(a)
    return a is not None and abs(a - b) < 1e-9


@pytest.mark.parametrize("vec", [v for _, v in SCORES], ids=[i for i, _ in SCORES])
def test_calculate_scores(vec):
    variant = _variant(vec["function"])
    turns = _turns_of(vec["sessions"])
    rows = _report_rows(turns)
    random.Random(7).shuffle(rows)  # rows arrive in any order (files, xdist workers)
    ctx = ScoreContext("crag_mm", "upstream", {"variant": variant})
    got = crag_mm.metrics(rows, ctx)
    if isinstance(vec["expected"], str):
        # The reference raises (TypeError on ~None); here the unscored row is an error and is counted.
        assert vec["expected"].startswith("raises TypeError")
        assert got["errors"] == 1 and got["total"] == len(turns)
        return
    for key, value in vec["expected"].items():
        assert _close(got[key], value), (key, got[key], value)
    if "expected_per_conversation_score" in vec:
        _, per = _shared.calculate_scores(turns, variant)
        assert set(per) == set(vec["expected_per_conversation_score"])
        for sid, value in vec["expected_per_conversation_score"].items():
            assert _close(per[sid], value)


def test_ego_subset_runs_the_rule_on_the_gapped_sequence():
    turns = _turns_of({"s1": ["W", ["C", False], "W", "C"]})
    ctx = ScoreContext("crag_mm", "upstream", {"variant": "starter_kit"})
    got = crag_mm.metrics(_report_rows(turns), ctx)
    # ego sequence W, W, C: the rule fires at the second W and the C becomes a miss
    assert got["ego"]["total"] == 3.0 and got["ego"]["correct"] == 0.0 and got["ego"]["miss"] == 1.0
    # all turns W, C, W, C: never two in a row
    assert got["correct"] == 2.0 and got["miss"] == 0.0


def test_default_profile_metric_edge_cases():
    single = _turns_of({"s1": ["C"]})
    up, _ = _shared.calculate_scores(single, upstream=True)
    de, _ = _shared.calculate_scores(single, upstream=False)
    assert up["truthfulness_score"] == 0.0 and de["truthfulness_score"] == 1.0
    empty_up, _ = _shared.calculate_scores([], upstream=True)
    empty_de, _ = _shared.calculate_scores([], upstream=False)
    assert math.isnan(empty_up["accuracy"]) and empty_de["accuracy"] is None
    assert empty_de["mean_multi_turn_conversation_score"] is None


def test_turn_order_is_numeric_not_textual():
    # turn 10 comes after turn 9: W at 9 and 10 trigger the rule, turn 11 becomes a miss
    turns = [{"session_id": "s", "turn_idx": i, "is_correct": i < 9, "is_exact_match": i < 9, "is_miss": False}
             for i in range(12)]
    turns[11].update(is_correct=True, is_exact_match=True)
    m, per = _shared.calculate_scores(turns, "starter_kit")
    assert m["miss"] == 1.0 and m["correct"] == 9.0


def test_string_turn_numbers_order_as_strings_upstream_only():
    # issue 18: turn_idx "0".."2","10" with turns 2 and 10 wrong. Upstream sorts as the reference's DataFrame
    # does ("10" before "2"): 0 C, 1 W, 10 W, 2 C -> the rule fires at "10" and turn "2" becomes a miss.
    # Default orders the numbers: 0 C, 1 W, 2 C, 10 W -> never two wrong in a row.
    ok = {"0": True, "1": False, "2": True, "10": False}
    turns = [{"session_id": "s", "turn_idx": k, "is_correct": v, "is_exact_match": v, "is_miss": False}
             for k, v in ok.items()]
    up, up_per = _shared.calculate_scores(turns, "starter_kit", upstream=True)
    de, de_per = _shared.calculate_scores(turns, "starter_kit", upstream=False)
    assert (up["correct"], up["miss"]) == (1.0, 1.0)
    assert (de["correct"], de["miss"]) == (2.0, 0.0)
    assert up_per["s"] == pytest.approx(0.25 - 0.5) and de_per["s"] == pytest.approx(0.5 - 0.5)
    # facebookresearch counts totals before the rule: only the conversation score moves.
    fb, fb_per = _shared.calculate_scores(turns, upstream=True)
    assert fb["correct"] == 2.0 and fb_per["s"] == pytest.approx(-0.25)
    # Integers keep their numeric order in both profiles.
    as_int = [{**t, "turn_idx": int(t["turn_idx"])} for t in turns]
    assert _shared.calculate_scores(as_int, "starter_kit", upstream=True)[0]["correct"] == 2.0


# --- the shipped benchmark ------------------------------------------------------------------------------------


def _oracle(messages, **params):
    """A stand-in judge: CORRECT when the ground truth's words all occur in the prediction."""
    user = messages[-1]["content"]
    truth = user.split("Ground Truth: ")[1].split("\n")[0].lower()
    if "<<<PREDICTION " in user:  # the default profile's guarded prompt: the prediction between markers
        tag = user.split("<<<PREDICTION ")[1].split("\n")[0]
        pred = user.split(f"<<<PREDICTION {tag}\n")[1].split(f"\nPREDICTION {tag}>>>")[0].lower()
    else:
        pred = user.split("Prediction: ")[1].split("\n")[0].lower()
    ok = all(word in pred for word in truth.replace("-", " ").split())
    return "Result: CORRECT" if ok else "Result: WRONG"


class OracleJudge:
    model = "oracle"

    def __init__(self):
        self.calls = 0

    def ask(self, messages, **params):
        self.calls += 1
        return _oracle(messages, **params)


def test_sample_scores_with_a_judge():
    rows = [json.loads(x) for x in (ROOT / "benchmarks/crag_mm/sample.jsonl").read_text().splitlines()]
    assert 10 <= len(rows) <= 30
    judge = OracleJudge()
    report = score_rows("crag_mm", rows, "default", judge=judge)
    counts = report["counts"]
    assert counts["error"] == 0 and counts["correct"] > 0 and counts["wrong"] > 0 and counts["miss"] > 0
    assert judge.calls == sum(1 for r in report["rows"] if r["method"] == "judge")
    m = report["metrics"]
    assert m["total"] == len(rows)
    assert m["ego"]["total"] == sum(1 for r in rows if r["is_ego"])
    total = m["total"]
    assert _close(m["truthfulness_score"], (2 * m["correct"] + m["miss"]) / total - 1)
    assert report["groups"]["domain"]


def test_sample_without_judge_fails_fast_in_default_profile():
    rows = [json.loads(x) for x in (ROOT / "benchmarks/crag_mm/sample.jsonl").read_text().splitlines()]
    report = score_rows("crag_mm", rows, "default")
    needing = [r for r in rows if not (r["agent_response"].strip().lower() == r["ground_truth"].strip().lower()
                                       or crag_default.is_miss_default(r["agent_response"]))]
    assert report["counts"]["error"] == len(needing) > 0
    assert report["metrics"]["errors"] == len(needing)


def test_options_are_validated():
    assert crag_mm.check_options({"variant": "kit"}) is not None
    assert crag_mm.check_options({"variant": "starter_kit", "on_judge_failure": "exact_match"}) is None


def test_judge_error_type_is_not_swallowed_as_wrong():
    class Broken:
        model = "b"

        def ask(self, messages, **params):
            raise JudgeError("connection refused")

    v = score_row("crag_mm", _row("Lyon"), "upstream", judge=Broken())
    assert v.status == "error" and "connection refused" in v.detail
