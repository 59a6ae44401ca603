"""IMO-AnswerBench: every reference vector (upstream profile), default-profile behaviour, aggregation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_answerbench import score_row, score_rows
from pytest_answerbench.scorers.imo import upstream as up
from pytest_answerbench.scorers import imo
from pytest_answerbench.verdict import ScoreContext

VECTORS = Path(__file__).parents[1] / "data" / "vectors" / "others.jsonl"
ALL = [json.loads(line) for line in VECTORS.read_text(encoding="utf-8").splitlines()]
IMO = [v for v in ALL if v.get("system") == "IMO-AnswerBench"]


def _ids(vectors):
    return [f"{v['function']}-{i}" for i, v in enumerate(vectors)]


CHECK = [v for v in IMO if v["function"] == "check_answer"]
NORMALIZE = [v for v in IMO if v["function"] == "normalize_latex"]
SPLIT = [v for v in IMO if v["function"] == "_split_multi_answer"]
EVALUATE = [v for v in IMO if v["function"] == "evaluate_predictions"]
METRICS = [v for v in IMO if v["function"].startswith("compute_metrics") and "answerbench_rows" in v]


def test_vector_kinds_all_mapped():
    mapped = {"check_answer", "normalize_latex", "_split_multi_answer", "evaluate_predictions", "compute_metrics",
              "compute_metrics(evaluate_predictions)", "load_answerbench"}
    assert {v["function"] for v in IMO} <= mapped
    assert len(CHECK) >= 30


@pytest.mark.parametrize("vec", CHECK, ids=_ids(CHECK))
def test_check_answer_vector(vec):
    assert up.check_answer(vec["model_answer"], vec["ground_truth"]) == vec["expected"], vec["why"]


@pytest.mark.parametrize("vec", CHECK, ids=_ids(CHECK))
def test_check_answer_vector_through_score_row(vec):
    row = {"Problem ID": "p", "Short Answer": vec["ground_truth"], "prediction": vec["model_answer"]}
    verdict = score_row("imo", row, profile="upstream")
    if vec["model_answer"] == "":
        # evaluate_predictions reports an empty answer as "missing" before check_answer runs.
        assert (verdict.correct, verdict.method) == (False, "missing")
    else:
        exp = vec["expected"]
        assert (verdict.correct, verdict.method, verdict.detail) == (exp["correct"], exp["method"], exp["details"])


@pytest.mark.parametrize("vec", NORMALIZE, ids=_ids(NORMALIZE))
def test_normalize_latex_vector(vec):
    assert up.normalize_latex(vec["text"]) == vec["expected"]


@pytest.mark.parametrize("vec", SPLIT, ids=_ids(SPLIT))
def test_split_multi_answer_vector(vec):
    assert up.split_multi_answer(vec["text"]) == vec["expected"]


def _rows(vec):
    preds = vec.get("predictions", {})
    return [{"Problem ID": pid, "Problem": problem, "Short Answer": answer, "Category": cat, "Subcategory": sub,
             "Source": src, "prediction": preds.get(pid, "")}
            for pid, problem, answer, cat, sub, src in vec["answerbench_rows"]]


@pytest.mark.parametrize("vec", EVALUATE, ids=_ids(EVALUATE))
def test_evaluate_predictions_vector(vec):
    report = score_rows("imo", _rows(vec), profile="upstream")
    got = [{"problem_id": r["id"], "correct": r["status"] == "correct", "method": r["method"], "details": r["detail"]}
           for r in report["rows"]]
    assert got == vec["expected"]


@pytest.mark.parametrize("vec", METRICS, ids=_ids(METRICS))
def test_compute_metrics_vector(vec):
    report = score_rows("imo", _rows(vec), profile="upstream")
    for key, value in vec["expected"].items():
        assert report["metrics"][key] == value, key
    assert report["accuracy"] == pytest.approx(vec["expected"]["overall"]["accuracy"])


def test_compute_metrics_empty_vector():
    vec = next(v for v in IMO if v["function"] == "compute_metrics")
    out = imo.metrics([], ScoreContext("imo", profile="upstream"))
    assert {k: out[k] for k in vec["expected"]} == vec["expected"]
    assert out["sympy_version"] == "1.14.0"  # the version the vectors were produced with (pinned)


def test_column_shifted_v2_row_does_not_crash_metrics():
    # answerbench_v2.csv row imo-bench-algebra-036 reads back with Source None; the reference's sort raises.
    vec = next(v for v in IMO if v["function"] == "load_answerbench")
    shifted = {"Problem ID": vec["problem_id"], **{k: v for k, v in vec["expected"].items() if v is not None},
               "prediction": "Y(x)=A+\\frac{B}{x}-x"}
    normal = {"Problem ID": "imo-bench-algebra-001", "Short Answer": "3", "Category": "Algebra",
              "Subcategory": "Inequality", "Source": "IMO Shortlist 2021", "prediction": "3"}
    report = score_rows("imo", [normal, shifted], profile="upstream")
    assert report["metrics"]["upstream_error"].startswith("TypeError")
    assert report["metrics"]["by_source"]["None"]["total"] == 1
    assert report["metrics"]["overall"] == {"total": 2, "correct": 1, "accuracy": 0.5}
    default = score_rows("imo", [normal, shifted], profile="default")
    assert "upstream_error" not in default["metrics"]


def test_alternative_field_names():
    row = {"id": "x1", "answer": "$\\frac{1}{2}$", "prediction": "0.5"}
    assert score_row("imo", row, profile="upstream").method == "sympy"
    assert score_row("imo", row, profile="default").correct
    harness = {"Problem ID": "x2", "Short Answer": "3", "Model Answer": "3.0"}
    assert score_row("imo", harness, profile="upstream").method == "numeric"


@pytest.mark.parametrize("prediction", [None, "", float("nan")])
def test_missing_prediction_is_wrong_not_error(prediction):
    for profile in ("upstream", "default"):
        verdict = score_row("imo", {"Problem ID": "p", "Short Answer": "3", "prediction": prediction}, profile=profile)
        assert (verdict.status, verdict.method) == ("wrong", "missing")


# Default profile: realistic answers and full responses, judged as a careful grader would.
DEFAULT_TABLE = [
    ("1,000", "1000", True, "thousands separator is one number"),
    ("1000", "1,000", True, "thousands separator in the gold"),
    ("f(x) = x + 1", "f(x)=x+1", True, "spacing inside an equation"),
    ("(-\\infty,0]", "$(-\\infty , 0]$", True, "interval spacing"),
    ("\\{1,2\\}", "\\{2,1\\}", True, "sets are unordered"),
    ("x+1.", "$x+1.$", True, "trailing full stop inside math"),
    ("0.1+0.2", "0.3", True, "decimals are exact values"),
    ("\\pi", "3.14159", False, "no tolerance: pi is not 3.14159"),
    ("4", "3", False, "different integers"),
    ("3, 1, 2", "1, 2, 3", True, "unordered multi-answer"),
    ("1, 1", "1, 2", False, "each gold part matched once"),
    ("g(x)=-2x^{3}+c, g(x)=2x^{3}+c", "$g(x)=2x^{3}+c, g(x)=-2x^{3}+c$ ", True, "reordered functions"),
    ("The answer is $\\boxed{2^{3}}$.", "8", True, "full response, boxed power"),
    ("We try n=1 first... so the final answer is \\boxed{4}. Wait, recheck: n=2 fails, so the answer is 5.",
     "5", True, "self-correction after the box"),
    ("Therefore $\\boxed{\\dfrac{1}{2}}$", "\\frac{1}{2}", True, "boxed dfrac"),
    ("**Answer:** 1431655764", "1431655764", True, "bold answer line"),
    ("All real x", "all  real x", True, "text answer, case and spacing"),
    ("__import__('os').system('touch /tmp/pwned_imo')", "0", False, "injection payload is just text"),
    ("We factor the polynomial.\n\nThe solutions are $n = 1$ and $n = 4$.", "1, 4", True,
     "closing line lists every answer when the gold has several"),
    ("We factor the polynomial.\n\nThe solutions are $n = 1$ and $n = 5$.", "1, 4", False, "one listed answer wrong"),
    ("We count the cases.\n\nSo there are twelve such pairs.", "12", True, "number in words"),
    ("We count the cases: the total is $4 \\cdot 3 =", "12", False, "response cut off mid-expression"),
]


@pytest.mark.parametrize("prediction, gold, expected, why", DEFAULT_TABLE, ids=[t[3] for t in DEFAULT_TABLE])
def test_default_table(prediction, gold, expected, why):
    verdict = score_row("imo", {"Problem ID": "p", "Short Answer": gold, "prediction": prediction},
                        profile="default")
    assert verdict.correct is expected, (why, verdict)


def test_default_differs_from_upstream_on_thousands():
    row = {"Problem ID": "p", "Short Answer": "1000", "prediction": "1,000"}
    assert score_row("imo", row, profile="upstream").method == "no_match"
    assert score_row("imo", row, profile="default").correct


# Each deliberate default-vs-upstream difference on the reference's own vectors (docs/profiles-math.md).
IMO_DIFFERENCES = [("1,000", "1000"), ("1000", "1,000"), ("f(x) = x + 1", "f(x)=x+1"),
                   ("(-\\infty,0]", "$(-\\infty , 0]$"), ("\\{1,2\\}", "\\{2,1\\}"), ("x+1.", "$x+1.$"),
                   ("0.1+0.2", "0.3"), ("1e-10", "0"), ("12", "12.0000000001")]


@pytest.mark.parametrize("model, truth", IMO_DIFFERENCES)
def test_imo_documented_difference(model, truth):
    vec = next(v for v in CHECK if (v["model_answer"], v["ground_truth"]) == (model, truth))
    row = {"Problem ID": "p", "Short Answer": truth, "prediction": model}
    assert score_row("imo", row, profile="upstream").correct is vec["expected"]["correct"]
    assert score_row("imo", row, profile="default").correct is not vec["expected"]["correct"]


def test_imo_difference_list_is_complete():
    differing = []
    for vec in CHECK:
        if vec["model_answer"]:
            row = {"Problem ID": "p", "Short Answer": vec["ground_truth"], "prediction": vec["model_answer"]}
            if score_row("imo", row, profile="default").correct is not vec["expected"]["correct"]:
                differing.append((vec["model_answer"], vec["ground_truth"]))
    assert sorted(differing) == sorted(IMO_DIFFERENCES)
    docs = (Path(__file__).parents[2] / "docs" / "profiles-math.md").read_text(encoding="utf-8")
    assert "test_imo_documented_difference" in docs


def test_default_reads_full_responses_as_olympiad_does():
    """IMO-AnswerBench's default profile reads and compares as OlympiadBench's does (issue 15): the blind
    hand-labelled OlympiadBench corpora, as IMO rows (the same response against the same gold as Short Answer;
    rows whose verdict rests on a stated precision or a unit column are left out, IMO rows have neither), agree
    with their labels except for the one row the OlympiadBench profile also misses (mb-259)."""
    from conftest import read_jsonl
    from pytest_answerbench.scorers.olympiad.default import _gold_item, decode_answer_list

    misses, total = [], 0
    for name in ("math_blind_dev.jsonl", "math_blind2_dev.jsonl", "math_blind3_heldout.jsonl"):
        for r in read_jsonl(Path(__file__).parents[1] / "data" / name):
            if r.get("error") not in (None, "") or r.get("unit") not in (None, ""):
                continue
            total += 1
            gold = ", ".join(_gold_item(g) for g in decode_answer_list(r["final_answer"]))
            row = {"Problem ID": r["id"], "Short Answer": gold, "prediction": r["prediction"]}
            if score_row("imo", row, profile="default", timeout=10.0).correct is not r["label"]:
                misses.append(r["id"])
    assert total == 674 and misses == ["mb-259"]
