"""atomic_dataset (physics): every reference vector (upstream VLMEvalKit and the DCVLR fork), the default
profile's pipeline, the judge's role, PHYSIC_acc aggregation and the shipped sample."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_answerbench import score_row, score_rows
from pytest_answerbench.judge import JudgeError, JudgeFatalError, ScriptedJudge, delimiter_free
from pytest_answerbench.scorers import atomic
from pytest_answerbench.scorers.atomic.default import final_boxed, read_reply_strict
from pytest_answerbench.scorers.atomic.upstream import extract_boxed, read_reply_upstream
from pytest_answerbench.verdict import ScoreContext

ROOT = Path(__file__).resolve().parents[2]
ALL = [json.loads(x) for x in (ROOT / "tests/data/vectors/vlmevalkit.jsonl").read_text().splitlines() if x.strip()]
VECTORS = [v for v in ALL if v["benchmark"] == "atomic_dataset" and v.get("kind") != "aggregate"]
AGGREGATES = [v for v in ALL if v["benchmark"] == "atomic_dataset" and v.get("kind") == "aggregate"]
IDS = [v["id"] for v in VECTORS]


class ConstJudge:
    """Replies the same text to every conversation and counts the calls, as the vectors' stub judge did."""

    model = "const"

    def __init__(self, reply: str) -> None:
        self.reply = reply
        self.asked: list[str] = []

    def ask(self, messages, **params):
        # the conversation as the cache keys it: a guarded prompt's random delimiter replaced by a placeholder
        self.asked.append(delimiter_free(messages, params)[0][-1]["content"])
        return self.reply


def _row(vec: dict) -> dict:
    return {"index": vec["id"], "prediction": vec["prediction"], "answer": vec["gold"]}


@pytest.mark.parametrize("vec", VECTORS, ids=IDS)
def test_upstream_vlmevalkit(vec):
    judge = ConstJudge(vec["judge_reply"])
    v = score_row("atomic", _row(vec), "upstream", judge=judge, timeout=60)
    assert v.score == float(vec["expected"])
    assert len(judge.asked) == vec["expected_judge_calls"]
    assert v.status == ("correct" if float(vec["expected"]) == 1.0 else "wrong")


@pytest.mark.parametrize("vec", VECTORS, ids=IDS)
def test_upstream_dcvlr_fork(vec):
    judge = ConstJudge(vec["judge_reply"])
    v = score_row("atomic", _row(vec), "upstream", judge=judge, options={"variant": "dcvlr"}, timeout=60)
    assert v.score == float(vec["expected_fork"])
    assert len(judge.asked) == vec["expected_fork_judge_calls"]


@pytest.mark.parametrize("vec", VECTORS, ids=IDS)
def test_dcvlr_fork_without_judge(vec):
    # The fork silently scores a comparison it cannot judge as false: reproduced only on request.
    opts = {"variant": "dcvlr", "without_judge": "wrong"}
    v = score_row("atomic", _row(vec), "upstream", options=opts, timeout=60)
    assert v.score == float(vec["expected_fork_no_judge"])
    # By default a row that needs the missing judge is an error that says so, never a wrong answer.
    d = score_row("atomic", _row(vec), "upstream", options={"variant": "dcvlr"}, timeout=60)
    if vec["expected_fork_judge_calls"]:
        assert d.status == "error" and "needs the LLM judge" in d.detail
    else:
        assert d.score == float(vec["expected_fork"])


# Default profile: (status, method prefix, judge calls) where it differs from upstream, given the vector's
# judge reply. Every other vector gets the upstream verdict (checked below). docs/profiles-judged.md explains.
DEFAULT_DIFFERS = {
    "phys-005": ("correct", "sympy:", 0),  # the unit is stripped by the math engine: no judge needed
    "phys-006": ("correct", "sympy:", 0),  # same, whatever the judge would have said
    "phys-014": ("wrong", "judge", 1),  # v_1 vs v_2: subscripts are not erased, the judge says False
    "phys-020": ("correct", "exact", 0),  # the final box (2) is the answer: binary, not 1/2
    "phys-026": ("wrong", "judge", 1),  # "Not true." says false (the reference reads "true" in it)
    "phys-027": ("correct", "exact", 0),  # identical text is a direct match (no judge)
    "phys-029": ("correct", "sympy:", 0),  # 10.2 eV vs 10.2: unit stripped
    "phys-030": ("correct", "sympy:tuple", 0),  # (2, 3) is a tuple for the math engine
    "phys-034": ("wrong", "sympy", 0),  # the final box 3 is not 2, decided without the judge
    "phys-003": ("wrong", "sympy", 0),  # 10.21 vs 10.2: numbers differ, decided without the judge
}


@pytest.mark.parametrize("vec", VECTORS, ids=IDS)
def test_default_profile(vec):
    judge = ConstJudge(vec["judge_reply"])
    v = score_row("atomic", _row(vec), "default", judge=judge, timeout=60)
    assert v.score in (0.0, 1.0)  # binary
    if vec["id"] in DEFAULT_DIFFERS:
        status, method, calls = DEFAULT_DIFFERS[vec["id"]]
        assert (v.status, len(judge.asked)) == (status, calls)
        assert v.method.startswith(method)
    else:
        assert v.score == float(vec["expected"])
        assert v.status == ("correct" if float(vec["expected"]) == 1.0 else "wrong")
        assert len(judge.asked) <= vec["expected_judge_calls"]


def test_default_differences_really_differ():
    for vec in VECTORS:
        if vec["id"] in DEFAULT_DIFFERS:
            up = score_row("atomic", _row(vec), "upstream", judge=ConstJudge(vec["judge_reply"]), timeout=60)
            de = score_row("atomic", _row(vec), "default", judge=ConstJudge(vec["judge_reply"]), timeout=60)
            assert (up.status, up.score, up.method) != (de.status, de.score, de.method), vec["id"]


# --- golds, extraction, replies --------------------------------------------------------------------------------


def test_list_literal_gold_gives_alternatives():
    row = {"prediction": "\\boxed{0.529}", "answer": "['0.53', '0.529']"}
    for profile in ("upstream", "default"):
        v = score_row("atomic", row, profile, judge=ConstJudge("False"))
        assert v.status == "correct", profile
    fork = score_row("atomic", row, "upstream", judge=ConstJudge("False"), options={"variant": "dcvlr"})
    assert fork.status == "wrong"  # the fork compares against the whole cell text


def test_bad_list_literal_gold():
    row = {"prediction": "\\boxed{x}", "answer": "[x, y]"}
    up = score_row("atomic", row, "upstream", judge=ConstJudge("False"))
    assert up.status == "error" and up.method == "bad-gold"  # the reference's eval raises
    de = score_row("atomic", {"prediction": "\\boxed{[x, y]}", "answer": "[x, y]"}, "default")
    assert de.status == "correct" and de.method == "exact"


def test_non_string_gold_is_an_error_upstream():
    v = score_row("atomic", {"prediction": "\\boxed{3}", "answer": 3}, "upstream", judge=ConstJudge("False"))
    assert v.status == "error"
    assert score_row("atomic", {"prediction": "\\boxed{3}", "answer": 3}, "default").status == "correct"


@pytest.mark.parametrize("text, boxes", [
    ("\\boxed{1} and \\boxed{2}", ["1", "2"]),
    ("\\boxed{\\frac{a}{b}}", ["\\frac{a}{b}"]),
    ("\\boxed{  }", []),
    ("\\boxed{\\boxed{5}}", ["5"]),
    ("\\\\[boxed{7}\\\\]", ["7"]),
    ("no box here", []),
])
def test_extract_boxed(text, boxes):
    assert extract_boxed(text) == boxes


@pytest.mark.parametrize("text, answer", [
    ("x \\boxed{1} then \\boxed{2}", "2"),
    ("\\boxed{\\boxed{5}}", "5"),
    ("So the energy is $E = 10.2$ eV", "E = 10.2"),
    ("The answer is 10.2", None),
    ("\\boxed{a_{\\text{max}} = 3}", "a_{\\text{max}} = 3"),
])
def test_default_final_answer(text, answer):
    assert final_boxed(text) == answer


@pytest.mark.parametrize("reply, upstream, strict", [
    ("True", True, True), ("False", False, False), ("Not true.", True, False), ("untrue", True, None),
    ("not True. False", True, False), ("not false", False, True), ("True, not False", True, True),
    ("**True**", True, True), ("The expressions are equivalent. True", True, True), ("", False, None),
    ("True or False", True, None), ("They are not equivalent.", False, None),
])
def test_judge_reply_reading(reply, upstream, strict):
    assert read_reply_upstream(reply) is upstream
    assert read_reply_strict(reply) is strict


# --- the judge's role ------------------------------------------------------------------------------------------


def test_judge_prompt_and_params():
    judge = ScriptedJudge(["True"])
    v = score_row("atomic", {"prediction": "\\boxed{10.2\\ \\text{eV}}", "answer": "10.2"}, "upstream", judge=judge)
    assert v.status == "correct"
    system, user = judge.calls[0]
    assert system["content"] == "You are an assistant that compares LaTeX expressions for equivalence."
    assert "Expression 1:\n10.2\\ \\text{eV}\n\nExpression 2:\n10.2\n\n" in user["content"]
    assert judge.params[0]["max_tokens"] == 4096 and judge.params[0]["template_version"].startswith("atomic.")
    assert v.extra["judge"]["calls"] == 1 and v.extra["judge_calls"][0]["reply"] == "True"


@pytest.mark.parametrize("profile", ["upstream", "default"])
def test_judge_failure_is_an_error(profile):
    class Broken:
        model = "b"

        def ask(self, messages, **params):
            raise JudgeError("HTTP 503 after 5 attempts")

    v = score_row("atomic", {"prediction": "\\boxed{\\text{singlet}}", "answer": "\\text{triplet}"}, profile,
                  judge=Broken())
    assert v.status == "error" and v.method == "judge-error" and "503" in v.detail


def test_fatal_judge_error_is_not_swallowed_by_the_scorer():
    class Fatal:
        model = "f"

        def ask(self, messages, **params):
            raise JudgeFatalError("authentication failed")

    ctx = ScoreContext("atomic", "upstream", {}, judge=Fatal())
    with pytest.raises(JudgeFatalError):
        atomic.score({"prediction": "\\boxed{\\text{a}}", "answer": "b"}, ctx)


@pytest.mark.parametrize("profile", ["upstream", "default"])
def test_missing_judge_is_an_error_not_a_wrong_answer(profile):
    v = score_row("atomic", {"prediction": "\\boxed{\\text{singlet}}", "answer": "\\text{triplet}"}, profile)
    assert v.status == "error" and v.method == "no-judge"
    settled = score_row("atomic", {"prediction": "\\boxed{\\frac{1}{2}}", "answer": "0.5"}, profile)
    assert settled.status == "correct"  # SymPy settles it: no judge needed


@pytest.mark.parametrize("profile, options", [("upstream", {}), ("upstream", {"variant": "dcvlr"}),
                                              ("default", {})])
@pytest.mark.parametrize("vec", [v for v in VECTORS if v["id"] in ("phys-003", "phys-014", "phys-020",
                                                                  "phys-026", "phys-029", "phys-034")],
                         ids=lambda v: v["id"])
def test_judge_requests_cover_what_score_asks(vec, profile, options):
    ctx = ScoreContext("atomic", profile, {"variant": "upstream", **options})
    listed = [delimiter_free(r.messages, r.params)[0][-1]["content"] for r in atomic.judge_requests(_row(vec), ctx)]
    judge = ConstJudge("False")
    score_row("atomic", _row(vec), profile, judge=judge, options=options, timeout=60)
    assert judge.asked == listed  # every reply "False": score asks exactly the listed pairs, in order


# --- aggregation -----------------------------------------------------------------------------------------------


def _agg_rows(vec: dict) -> list[dict]:
    return [{"id": str(i), "status": "correct" if float(r["res"]) == 1 else "wrong", "score": float(r["res"]),
             "fields": {"category": r["category"]} if "category" in r else {}, "extra": {}}
            for i, r in enumerate(vec["rows"])]


@pytest.mark.parametrize("vec", AGGREGATES, ids=[v["id"] for v in AGGREGATES])
def test_physic_acc(vec):
    up = atomic.metrics(_agg_rows(vec), ScoreContext("atomic", "upstream", {"variant": "upstream"}))
    assert up == {e["Subject"]: {"tot": e["tot"], "hit": e["hit"], "acc": e["acc"]} for e in vec["expected"]}
    fork = atomic.metrics(_agg_rows(vec), ScoreContext("atomic", "upstream", {"variant": "dcvlr"}))
    assert fork == {e["Subject"]: {"tot": e["tot"], "hit": e["hit"], "acc": e["acc"]} for e in vec["expected_fork"]}


def test_physic_acc_without_category_double_counts_only_upstream():
    rows = [{"id": "1", "status": "correct", "score": 1.0, "fields": {}, "extra": {}},
            {"id": "2", "status": "wrong", "score": 0.0, "fields": {}, "extra": {}}]
    up = atomic.metrics(rows, ScoreContext("atomic", "upstream", {}))
    de = atomic.metrics(rows, ScoreContext("atomic", "default", {}))
    assert up == {"Overall": {"tot": 4, "hit": 2.0, "acc": 50.0}}
    assert de == {"Overall": {"tot": 2, "hit": 1.0, "acc": 50.0}}


def test_physic_acc_with_some_rows_categorised_counts_the_rest_under_nan_upstream():
    # issue 18: two \boxed{2} rows with gold 2, one with category optics, one without. The reference's table
    # has the column, so the other row's category is its missing value: Overall tot 2 and a "nan" subject.
    rows = [{"id": "1", "status": "correct", "score": 1.0, "fields": {"category": "optics"}, "extra": {}},
            {"id": "2", "status": "correct", "score": 1.0, "fields": {}, "extra": {}}]
    up = atomic.metrics(rows, ScoreContext("atomic", "upstream", {}))
    assert up == {"Overall": {"tot": 2, "hit": 2.0, "acc": 100.0}, "nan": {"tot": 1, "hit": 1.0, "acc": 100.0},
                  "optics": {"tot": 1, "hit": 1.0, "acc": 100.0}}
    de = atomic.metrics(rows, ScoreContext("atomic", "default", {}))
    assert de == {"Overall": {"tot": 2, "hit": 2.0, "acc": 100.0}, "optics": {"tot": 1, "hit": 1.0, "acc": 100.0}}
    # End to end: the scorer keeps the category only where the row has one.
    report = score_rows("atomic", [{"index": 1, "prediction": "\\boxed{2}", "answer": "2", "category": "optics"},
                                   {"index": 2, "prediction": "\\boxed{2}", "answer": "2"}],
                        "upstream", judge=ConstJudge("True"), timeout=60)
    assert report["metrics"]["Overall"]["tot"] == 2 and report["metrics"]["nan"]["tot"] == 1


# --- the shipped benchmark -------------------------------------------------------------------------------------


def test_sample_scores_in_every_profile():
    rows = [json.loads(x) for x in (ROOT / "benchmarks/atomic/sample.jsonl").read_text().splitlines()]
    assert 10 <= len(rows) <= 30
    reports = {}
    for name, profile, options in (("default", "default", {}), ("upstream", "upstream", {}),
                                   ("dcvlr", "upstream", {"variant": "dcvlr"})):
        report = score_rows("atomic", rows, profile, judge=ConstJudge("False"), options=options, timeout=60)
        assert report["counts"]["error"] == 0
        assert 0 < report["counts"]["correct"] < len(rows)
        assert report["metrics"]["Overall"]["tot"] == len(rows)
        reports[name] = report["accuracy"]
    assert reports["dcvlr"] < reports["upstream"]  # the fork's dead SymPy path, with a judge that says False
