"""Several samples per question (issue 25): pass@k, pass^k, avg@k, maj@k and intervals over questions.

Peer values: ``tests/data/peer_samples_inspect.json`` holds 34 questions' per-sample outcomes (30 with 8 samples,
4 with 5 or 9) and the values inspect_ai 0.3.285 computes for them (``pass_at(k)``, ``pass_k(k)``, ``mean_score()``
reducers, and the clustered standard error of its ``stderr(cluster=...)``), made by running inspect_ai in a scratch
environment. lighteval's ``PassAtK`` uses the same estimator as inspect_ai's ``pass_at``.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from pytest_answerbench.report.samples import (Question, cluster_bootstrap, clustered_se, group_questions, majority,
                                               pass_at, pass_hat, powers_of_two, sample_metrics)
from pytest_answerbench.report.stats import wilson

PEER = json.loads((Path(__file__).parents[1] / "data" / "peer_samples_inspect.json").read_text())


def _rows(qid: str, outcomes: list[int], answers: list[str | None] | None = None) -> list[dict]:
    answers = answers or [None] * len(outcomes)
    return [{"id": f"{qid}[s{i + 1}]", "question": qid, "status": "correct" if v else "wrong", "score": float(v),
             "extracted": a} for i, (v, a) in enumerate(zip(outcomes, answers))]


@pytest.mark.parametrize("entry", PEER["values"], ids=[v["id"] for v in PEER["values"]])
def test_per_question_estimators_equal_inspect_ai_s(entry):
    outcomes = next(q["outcomes"] for q in PEER["questions"] if q["id"] == entry["id"])
    n, c = len(outcomes), sum(outcomes)
    for key, value in entry.items():
        if key.startswith("pass@"):
            assert pass_at(n, c, int(key[5:])) == pytest.approx(value, abs=1e-12), key
        elif key.startswith("pass^"):
            assert pass_hat(n, c, int(key[5:])) == pytest.approx(value, abs=1e-12), key
    q = Question(entry["id"], _rows(entry["id"], outcomes))
    assert sum(q.scores) / q.n == pytest.approx(entry["mean"])


def test_clustered_standard_error_equals_inspect_ai_s():
    assert clustered_se([[float(v) for v in q["outcomes"]] for q in PEER["questions"]]) == pytest.approx(
        PEER["clustered_stderr"], rel=1e-12)


def test_identities():
    for n in range(1, 9):
        for c in range(n + 1):
            assert pass_at(n, c, 1) == pytest.approx(c / n)  # pass@1 is the mean
            assert pass_at(n, c, n) == (1.0 if c else 0.0)  # pass@n is "any correct"
            assert pass_hat(n, c, n) == (1.0 if c == n else 0.0)  # pass^n is "all correct"
    with pytest.raises(ValueError, match="pass@4 needs at least 4"):
        pass_at(3, 1, 4)
    assert powers_of_two(16) == [1, 2, 4, 8, 16] and powers_of_two(6) == [1, 2, 4, 6] and powers_of_two(1) == [1]


def test_sample_metrics_over_the_peer_questions():
    rows = [r for q in PEER["questions"] for r in _rows(q["id"], q["outcomes"])]
    result = sample_metrics(group_questions(rows))
    m = result["metrics"]
    assert m["k"] == 5 and m["k_max"] == 9 and m["questions"] == 34 and m["samples"] == len(rows)
    assert m["avg@5"] == pytest.approx(sum(r["score"] for r in rows) / len(rows))
    for j in (1, 2, 4, 5):  # the mean over questions of inspect_ai's per-question values (each with its own n)
        assert m[f"pass@{j}"] == pytest.approx(sum(v[f"pass@{j}"] for v in PEER["values"]) / 34)
        assert m[f"pass^{j}"] == pytest.approx(sum(v[f"pass^{j}"] for v in PEER["values"]) / 34)
    assert m["questions_all_wrong"] == sum(1 for q in PEER["questions"] if not any(q["outcomes"]))
    assert m["questions_all_correct"] == sum(1 for q in PEER["questions"] if all(q["outcomes"]))
    lo, hi = m["avg@5_ci95"]
    assert lo < m["avg@5"] < hi
    assert m["avg@5_se"] == pytest.approx(PEER["clustered_stderr"])
    assert [e["id"] for e in result["questions"]] == [q["id"] for q in PEER["questions"]]


def test_majority_vote_groups_equal_answers_and_breaks_ties_by_first_given():
    # the maths reader's equivalence: 1/2, 0.5 and \frac12 are one vote
    same = lambda a, b: {a, b} <= {"1/2", "0.5", "\\frac12"}  # noqa: E731
    assert majority([("1/2", True), ("3", False), ("0.5", True), ("3", False), ("\\frac12", True)], same) == \
        ("1/2", 3, True)
    assert majority([("3", False), ("1/2", True), ("3", False), ("0.5", True)], same)[0] == "3"  # tie: first given
    assert majority([(None, False), ("", False)]) == (None, 0, False)
    assert majority([("Tuesday", True), ("tuesday ", True), ("Monday", False)]) == ("Tuesday", 2, True)
    rows = _rows("q", [0, 1, 0, 1, 1], ["4", "5", "4", "5", "5"])
    m = sample_metrics([Question("q", rows)])["metrics"]
    assert m["maj@5"] == 1.0 and m["avg@5"] == pytest.approx(0.6) and m["pass@1"] == pytest.approx(0.6)


def test_cluster_bootstrap_is_seeded_and_needs_two_clusters():
    clusters = [(3.0, 4), (1.0, 4), (4.0, 4), (0.0, 4)]
    assert cluster_bootstrap(clusters, seed=1) == cluster_bootstrap(clusters, seed=1)
    assert cluster_bootstrap([(1.0, 2)]) is None and clustered_se([[1.0, 0.0]]) is None


def test_clustered_interval_covers_where_the_row_interval_does_not():
    """Questions with a shared difficulty and 16 samples each: the cluster-robust 95% interval covers the true mean
    in about 95% of seeded replications; Wilson's interval over the rows (as if independent) is far too narrow."""
    rng = random.Random(25)
    covered_cluster = covered_rows = 0
    reps = 300
    for _ in range(reps):
        # difficulty p ~ Beta(0.5, 0.5): true mean 0.5, questions mostly easy or mostly hard
        questions = []
        for _ in range(30):
            p = rng.betavariate(0.5, 0.5)
            questions.append([1.0 if rng.random() < p else 0.0 for _ in range(16)])
        flat = [v for q in questions for v in q]
        mean = sum(flat) / len(flat)
        se = clustered_se(questions)
        t = 2.045  # t quantile, 29 degrees of freedom
        covered_cluster += mean - t * se <= 0.5 <= mean + t * se
        lo, hi = wilson(sum(flat), len(flat))
        covered_rows += lo <= 0.5 <= hi
    assert 0.90 <= covered_cluster / reps <= 0.99, covered_cluster / reps
    assert covered_rows / reps < 0.6, covered_rows / reps


def test_cluster_bootstrap_covers_in_simulation():
    rng = random.Random(7)
    covered = 0
    reps = 120
    for _ in range(reps):
        clusters = []
        for _ in range(40):
            p = rng.betavariate(0.5, 0.5)
            clusters.append((sum(1.0 for _ in range(8) if rng.random() < p), 8))
        lo, hi = cluster_bootstrap(clusters, resamples=400, seed=rng.random())
        covered += lo <= 0.5 <= hi
    assert 0.85 <= covered / reps <= 1.0, covered / reps


@pytest.mark.parametrize("sizes", [[8] * 5, [4, 4, 3], [1, 6, 6]], ids=["equal", "unequal", "with-a-lone-row"])
def test_metric_names_are_the_figures_sample_metrics_reports(sizes):
    """metric_names (what the layout tells before scoring) lists every figure sample_metrics then reports."""
    from pytest_answerbench.report.samples import Question, metric_names, sample_metrics

    questions = [Question(str(q), [{"status": "correct" if s % 2 else "wrong", "score": float(s % 2),
                                    "extracted": str(s % 3)} for s in range(n)]) for q, n in enumerate(sizes)]
    reported = set(sample_metrics(questions, resamples=50)["metrics"]) - {"interval"}
    assert set(metric_names(min(sizes), max(sizes))) == reported
