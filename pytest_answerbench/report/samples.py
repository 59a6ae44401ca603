"""Several samples per question: per-question outcomes, pass@k / pass^k / maj@k / avg@k, clustered intervals.

Pure (no pytest). A *question* is the set of report rows that share a question id (``--bench-samples-by FIELD``,
or one row whose prediction is a list of responses); each row is one *sample* with its own verdict. The figures:

- ``avg@k``: the mean sample score over all samples (the report's ``accuracy`` when samples are present);
- ``pass@j`` (j = 1, 2, 4, ... up to k, and k): the unbiased estimator of "at least one of j samples drawn without
  replacement is correct", ``1 - C(n-c, j) / C(n, j)`` per question (Chen et al. 2021), averaged over questions;
- ``pass^j``: "all j drawn samples are correct", ``C(c, j) / C(n, j)`` per question, averaged;
- ``maj@k``: the answer most samples give wins; answers that the benchmark reads as equal are one vote
  (``same_answer``); a tie goes to the tied answer given first (the lowest sample index); samples without an
  extracted answer do not vote; the majority answer is right when the samples giving it were scored correct;
- ``questions_all_correct`` / ``questions_all_wrong``: questions with c = n / c = 0.

k is the number of samples per question; with unequal numbers, the smallest (``k_min``), and each question's
estimators use its own n. A sample counts as correct when its ``status`` is ``correct`` (partial scores count
through ``avg@k`` only).

Intervals come from the questions, not the rows (samples of one question are not independent): a cluster
bootstrap (questions resampled with replacement, the figure recomputed) for every figure, and the cluster-robust
standard error of the mean for ``avg@k``. The bootstrap is used for the headline interval because it holds for
any of the figures (pass@k and maj@k are not means of rows) and stays inside [0, 1].
"""

from __future__ import annotations

import math
import operator
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

__all__ = ["Question", "clustered_se", "cluster_bootstrap", "cluster_bootstraps", "group_questions", "majority",
           "metric_names", "pass_at", "pass_hat", "powers_of_two", "question_metrics", "sample_metrics"]

SameAnswer = Callable[[str, str], bool]


def pass_at(n: int, c: int, k: int) -> float:
    """Unbiased pass@k: the chance that at least one of k samples drawn from n (c correct) is correct."""
    if k > n or n <= 0:
        raise ValueError(f"pass@{k} needs at least {k} samples, the question has {n}")
    if n - c < k:
        return 1.0
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def pass_hat(n: int, c: int, k: int) -> float:
    """pass^k: the chance that all k samples drawn from n (c correct) are correct."""
    if k > n or n <= 0:
        raise ValueError(f"pass^{k} needs at least {k} samples, the question has {n}")
    return math.comb(c, k) / math.comb(n, k)


def powers_of_two(k: int) -> list[int]:
    """1, 2, 4, ... below k, then k itself."""
    out, j = [], 1
    while j < k:
        out.append(j)
        j *= 2
    return out + [k] if k >= 1 else []


def metric_names(k: int, k_max: int | None = None) -> list[str]:
    """The names :func:`sample_metrics` puts in ``metrics`` for questions of k (smallest) to ``k_max`` samples,
    known before scoring from the samples' layout alone (a ``metrics.pass@16`` threshold on 8 samples is a
    usage error, options.samples_problem)."""
    ks = powers_of_two(k)
    figures = [f"avg@{k}", *(f"pass@{j}" for j in ks), *(f"pass^{j}" for j in ks), f"maj@{k}"]
    counts = ["questions", "samples", "k", *(["k_max"] if k_max is not None and k_max != k else []),
              "questions_all_correct", "questions_all_wrong"]
    return figures + counts + [f"{name}_ci95" for name in figures] + [f"avg@{k}_se"]


def majority(answers: Sequence[tuple[str | None, bool]], same: SameAnswer | None = None
             ) -> tuple[str | None, int, bool]:
    """(majority answer, its votes, whether it is correct) from (extracted answer, correct) per sample, in order.

    Equal answers (``same``, default: equal after stripping and case-folding) are one vote; the answer's correctness
    is that of most of its samples (a tie there counts as correct when any of them is). A tie between answers goes to
    the one given first. No answer at all: (None, 0, False).
    """
    same = same or _same_text
    groups: list[list[Any]] = []  # [representative, votes, correct votes]
    for answer, correct in answers:
        if answer is None or not str(answer).strip():
            continue
        for group in groups:
            if group[0] == answer or same(group[0], answer):
                group[1] += 1
                group[2] += bool(correct)
                break
        else:
            groups.append([answer, 1, int(bool(correct))])
    if not groups:
        return None, 0, False
    best = max(groups, key=lambda g: g[1])  # max keeps the first of equal counts: the answer given first
    return best[0], best[1], best[2] * 2 >= best[1] and best[2] > 0


def _same_text(a: str, b: str) -> bool:
    return str(a).strip().casefold() == str(b).strip().casefold()


@dataclass
class Question:
    """One question's samples: ids, scores, correctness and extracted answers, in sample order."""

    id: str
    rows: list[Mapping[str, Any]] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.rows)

    @property
    def c(self) -> int:
        return sum(1 for r in self.rows if r.get("status") == "correct")

    @property
    def scores(self) -> list[float]:
        return [float(r.get("score") or 0.0) for r in self.rows]


def group_questions(rows: Iterable[Mapping[str, Any]], key: str = "question") -> list[Question]:
    """Report rows grouped by ``row[key]`` (rows without it are questions of their own, by id), first-seen order."""
    questions: dict[str, Question] = {}
    for i, row in enumerate(rows):
        qid = row.get(key)
        qid = str(qid) if qid is not None else f"{row.get('id', i)}"
        questions.setdefault(qid, Question(qid)).rows.append(row)
    return list(questions.values())


def question_metrics(q: Question, ks: Sequence[int], same: SameAnswer | None = None) -> dict[str, Any]:
    """The per-question entry of the report's ``questions`` section."""
    answer, votes, correct = majority([(r.get("extracted"), r.get("status") == "correct") for r in q.rows], same)
    n, c = q.n, q.c
    entry: dict[str, Any] = {"id": q.id, "n": n, "c": c, "mean_score": sum(q.scores) / n if n else 0.0,
                             "majority": answer, "majority_votes": votes, "majority_correct": correct}
    for j in ks:
        if j <= n:
            entry[f"pass@{j}"] = pass_at(n, c, j)
    return entry


def _pooled_mean(questions: Sequence[Question]) -> float:
    total = sum(q.n for q in questions)
    return sum(sum(q.scores) for q in questions) / total if total else 0.0


def sample_metrics(questions: Sequence[Question], same: SameAnswer | None = None, resamples: int = 2000,
                   seed: int | str = 0) -> dict[str, Any]:
    """The report's figures over questions (see the module docstring), each with a cluster-bootstrap 95% interval
    under ``<name>_ci95``; ``avg@k`` also with its cluster-robust standard error (``avg@k_se``)."""
    if not questions:
        return {}
    ns = [q.n for q in questions]
    k = min(ns)
    ks = powers_of_two(k)
    entries = [question_metrics(q, ks, same) for q in questions]
    per_question: dict[str, list[float]] = {f"pass@{j}": [e[f"pass@{j}"] for e in entries] for j in ks}
    per_question.update({f"pass^{j}": [pass_hat(q.n, q.c, j) for q in questions] for j in ks})
    per_question[f"maj@{k}"] = [1.0 if e["majority_correct"] else 0.0 for e in entries]
    out: dict[str, Any] = {f"avg@{k}": _pooled_mean(questions)}
    for name, values in per_question.items():
        out[name] = sum(values) / len(values)
    out["questions"] = len(questions)
    out["samples"] = sum(ns)
    out["k"] = k
    if max(ns) != k:
        out["k_max"] = max(ns)
    out["questions_all_correct"] = sum(1 for q in questions if q.n and q.c == q.n)
    out["questions_all_wrong"] = sum(1 for q in questions if q.c == 0)
    rng_seed = f"samples:{seed}"
    columns = {f"avg@{k}": [(sum(q.scores), q.n) for q in questions]}
    columns.update({name: [(v, 1) for v in values] for name, values in per_question.items()})
    # every figure over the same resampled questions: the draws are made once (the same as each figure's own
    # cluster_bootstrap with this seed would make), not once per figure
    intervals = cluster_bootstraps(columns, resamples=resamples, seed=rng_seed)
    out[f"avg@{k}_ci95"] = intervals[f"avg@{k}"]
    out[f"avg@{k}_se"] = clustered_se([q.scores for q in questions])
    for name in per_question:
        out[f"{name}_ci95"] = intervals[name]
    out["interval"] = "cluster bootstrap over questions (percentile, %d resamples)" % resamples
    return {"metrics": out, "questions": entries}


def cluster_bootstrap(clusters: Sequence[tuple[float, int]], resamples: int = 2000, seed: int | str = 0,
                      alpha: float = 0.05) -> list[float] | None:
    """Percentile interval of the pooled mean sum(totals) / sum(sizes), resampling clusters with replacement.

    ``clusters``: (total score, number of rows) per cluster. Seeded, so a report is reproducible.
    """
    return cluster_bootstraps({"": clusters}, resamples=resamples, seed=seed, alpha=alpha)[""]


def cluster_bootstraps(columns: Mapping[str, Sequence[tuple[float, int]]], resamples: int = 2000,
                       seed: int | str = 0, alpha: float = 0.05) -> dict[str, list[float] | None]:
    """:func:`cluster_bootstrap` of several figures over the same clusters (every column lists them in one
    order), each resample's clusters drawn once for all: the intervals are those of one call per column with
    this seed, at a fraction of the cost (drawing is what costs; 1,000 questions × 11 figures took 10 s)."""
    names = list(columns)
    g = len(columns[names[0]]) if names else 0
    if g < 2:
        return {name: None for name in names}
    rng = random.Random(str(seed))
    draw = rng.randrange
    totals = {name: [float(t) for t, _ in columns[name]] for name in names}
    sizes = {name: [s for _, s in columns[name]] for name in names}
    ones = {name for name in names if all(s == 1 for s in sizes[name])}  # size of any resample: g
    stats: dict[str, list[float]] = {name: [] for name in names}
    mul = operator.mul
    for _ in range(resamples):
        counts = [0] * g
        for _ in range(g):
            counts[draw(g)] += 1
        for name in names:
            size = g if name in ones else sum(map(mul, counts, sizes[name]))
            stats[name].append(sum(map(mul, counts, totals[name])) / size if size else 0.0)
    lo_at = int(math.floor(alpha / 2 * (resamples - 1)))
    hi_at = int(math.ceil((1 - alpha / 2) * (resamples - 1)))
    out: dict[str, list[float] | None] = {}
    for name in names:
        values = sorted(stats[name])
        out[name] = [round(values[lo_at], 6), round(values[hi_at], 6)]
    return out


def clustered_se(clusters: Sequence[Sequence[float]]) -> float | None:
    """Cluster-robust standard error of the pooled mean of all values (CR1: the G/(G-1) small-sample factor).

    SE² = G/(G-1) · Σ_g (Σ_{i∈g} (y_i − ȳ))² / N², with N values in G clusters; with one value per cluster it is
    the usual standard error of the mean (with divisor N-1).
    """
    g = len(clusters)
    n = sum(len(c) for c in clusters)
    if g < 2 or n == 0:
        return None
    mean = sum(sum(c) for c in clusters) / n
    squares = sum(sum(y - mean for y in c) ** 2 for c in clusters)
    return math.sqrt(g / (g - 1) * squares) / n
