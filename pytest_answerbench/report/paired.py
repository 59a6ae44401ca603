"""Paired comparison of two JSON reports of the same benchmark (a checkpoint against a baseline run).

Pure data in, plain dicts out; no pytest. Rows are matched by ``id``; a row present in only one run is listed
(``only_in_current`` / ``only_in_baseline``), never dropped silently. On the paired rows:

- ``delta``: the change of the mean score (current - baseline) with a paired bootstrap interval
  (:func:`stats.bootstrap_mean_ci` on the per-row score differences; seeded, resample count reported);
- McNemar's exact test on the discordant rows: ``b`` rows went correct -> wrong, ``c`` went wrong -> correct
  (correct means score >= 1, so partial scores count as wrong here);
- a non-inferiority verdict for a margin M: ``pass`` when the interval's lower bound is above -M, ``fail``
  when its upper bound is below -M, otherwise ``inconclusive`` with the minimum detectable effect;
- the same per group value, with Holm-adjusted p-values across all groups (used when gating per group);
- the flipped rows, and a fingerprint check (scorer version, benchmark definition, gold) so that a baseline
  scored differently is flagged instead of passing for a model change; a side without a fingerprint fails the
  check (:func:`missing_fingerprints`), as does a baseline without rows (:func:`unpaired_mismatch`).

:func:`pytest_answerbench.report.gates.comparison_gates` turns a comparison into gates.
"""

from __future__ import annotations

import bisect
import hashlib
import math
from pathlib import Path
from statistics import NormalDist
from typing import Any, Iterable, Mapping, Sequence

from .._version import __version__
from .rows import file_entry, portable_path, rows_digest, scrub_surrogates
from .stats import (
    WORK_BUDGET,
    bootstrap_mean_ci,
    holm,
    mcnemar_exact,
    min_detectable_effect,
)

__all__ = [
    "FINGERPRINT_KEYS",
    "benchmark_mismatch",
    "compare_reports",
    "current_ids",
    "fingerprint",
    "fingerprint_mismatch",
    "missing_fingerprints",
    "nothing_paired",
    "question_pairs",
    "rescore_differences",
    "unpaired_mismatch",
]

#: Fingerprint entries that must agree for two runs to be comparable (predictions are expected to differ).
FINGERPRINT_KEYS = ("benchmark", "profile", "scorer_version", "tool_version", "spec_sha256", "gold_sha256")
POWER = 0.8


# ----------------------------------------------------------------------------------------------- pairing

def _is_correct(score: float) -> bool:
    return score >= 1.0


def _key_label(key: tuple[str, int]) -> dict[str, Any]:
    """``{"id": ...}`` plus ``"occurrence"`` (2, 3, ...) for a repeated id."""
    row_id, occurrence = key
    return {"id": row_id} if occurrence == 0 else {"id": row_id, "occurrence": occurrence + 1}


def current_ids(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """Each row's id under today's rule (docs/report-schema.md: the second row of a file with an id already used is
    ``ID#2``, the third ``ID#3``). A report written before the rule gave such rows ``ID`` again: they are read
    as ``ID#2``, ``ID#3`` in report order (file, line), unless the file already holds that id, so an old
    baseline pairs with a new run row for row. A report of today is unchanged (no id repeats within a file)."""
    taken = {(row.get("file"), str(row.get("id"))) for row in rows}
    seen: dict[tuple[Any, str], int] = {}
    out = []
    for row in rows:
        key = (row.get("file"), str(row.get("id")))
        count = seen[key] = seen.get(key, 0) + 1
        renamed = f"{key[1]}#{count}"
        out.append(renamed if count > 1 and (key[0], renamed) not in taken else key[1])
    return out


def _index(rows: Iterable[Mapping[str, Any]]) -> tuple[dict[tuple[str, int], Mapping[str, Any]], list[str]]:
    """Rows keyed by (id, occurrence), ids as :func:`current_ids` reads them: the k-th row with an id in report
    order (two files may hold the same id) pairs with the k-th in the other run (reports are sorted by file,
    line, id, so this is deterministic). Also returns the repeated ids."""
    seen: dict[str, int] = {}
    out: dict[tuple[str, int], Mapping[str, Any]] = {}
    listed = list(rows)
    for row_id, row in zip(current_ids(listed), listed):
        k = seen.get(row_id, 0)
        seen[row_id] = k + 1
        out[(row_id, k)] = row
    return out, sorted(i for i, count in seen.items() if count > 1)


def _score(row: Mapping[str, Any]) -> float:
    try:
        value = float(row.get("score") or 0.0)
    except (TypeError, ValueError):
        return 0.0
    return value if math.isfinite(value) else 0.0


def _brief(key: tuple[str, int], row: Mapping[str, Any]) -> dict[str, Any]:
    return {**_key_label(key), "file": row.get("file"), "line": row.get("line"), "status": row.get("status"),
            "score": _score(row)}


def _flip(key: tuple[str, int], cur: Mapping[str, Any], base: Mapping[str, Any]) -> dict[str, Any]:
    return {
        **_key_label(key),
        "file": cur.get("file"),
        "line": cur.get("line"),
        "extracted_before": base.get("extracted"),
        "extracted_after": cur.get("extracted"),
        "response_before": base.get("response"),  # the HTML viewer shows both runs' responses side by side
        "gold": cur.get("gold") if cur.get("gold") is not None else base.get("gold"),
        "score_before": _score(base),
        "score_after": _score(cur),
        "status_before": base.get("status"),
        "status_after": cur.get("status"),
        "fields": dict(cur.get("fields") or {}),
    }


# ------------------------------------------------------------------------------------------ statistics

def _tail_p(boot: Mapping[str, Any], margin: float, alpha: float) -> float:
    """Bootstrap p-value for "the true change is below -margin", doubled to match the two-sided interval.

    ``p < alpha`` is (up to resampling granularity) the same event as the interval's upper bound < -margin.
    Percentile intervals count resampled means at or above -margin (with the +1 correction, so p > 0);
    normal intervals use the bootstrap standard error.
    """
    means = boot["means"]
    if boot["method"] == "percentile":
        at_or_above = len(means) - bisect.bisect_left(means, -margin)
        return min(1.0, 2.0 * (at_or_above + 1) / (len(means) + 1))
    lo, hi = boot["ci"]
    se = (hi - lo) / (2 * NormalDist().inv_cdf(1 - alpha / 2)) if hi > lo else 0.0
    if se == 0.0:
        return 0.0 if boot["mean"] < -margin else 1.0
    return min(1.0, 2.0 * (1.0 - NormalDist().cdf((-margin - boot["mean"]) / se)))


def _explain(verdict: str, lo: float, hi: float, margin: float, n: int, mde: float | None, level: str) -> str:
    interval = f"the {level} interval of the change is [{lo * 100:+.2f}, {hi * 100:+.2f}] points"
    if verdict == "pass":
        return f"{interval}, entirely above -{margin * 100:.2f}: any drop is smaller than the margin"
    if verdict == "fail":
        return f"{interval}, entirely below -{margin * 100:.2f}: the drop is larger than the margin"
    detect = (f"; with n={n} paired rows a change of {mde * 100:.2f} points would be detected "
              f"{POWER:.0%} of the time" if mde else "")
    return (f"{interval} and contains -{margin * 100:.2f}, so this run cannot tell a drop larger than the "
            f"margin from a smaller one (more rows or a wider margin needed){detect}")


def _paired_stats(pairs: Sequence[tuple[float, float]], *, resamples: int, seed: int | str, alpha: float,
                  margin: float | None, budget: float) -> dict[str, Any]:
    """Statistics of one set of (current score, baseline score) pairs."""
    n = len(pairs)
    diffs = [cur - base for cur, base in pairs]
    b = sum(1 for cur, base in pairs if _is_correct(base) and not _is_correct(cur))
    c = sum(1 for cur, base in pairs if _is_correct(cur) and not _is_correct(base))
    boot = bootstrap_mean_ci(diffs, resamples, seed, alpha, budget=budget, keep_means=margin is not None)
    p_value = mcnemar_exact(b, c)
    second_moment = math.fsum(d * d for d in diffs) / n if n else 0.0
    mde = min_detectable_effect(n, second_moment, alpha, POWER)
    delta = boot["mean"]
    out: dict[str, Any] = {
        "n": n,
        "accuracy_current": math.fsum(cur for cur, _ in pairs) / n if n else None,
        "accuracy_baseline": math.fsum(base for _, base in pairs) / n if n else None,
        "delta": delta,
        "ci95": boot["ci"],
        "bootstrap": {k: boot[k] for k in ("resamples", "requested", "seed", "method", "sampler")},
        "b": b,
        "c": c,
        "p_value": p_value,
        "significant": p_value < alpha,
        "direction": "none" if not n or delta == 0 else ("drop" if delta < 0 else "gain"),
        "discordant_rate": (b + c) / n if n else 0.0,
        "mde": mde,
        "noninferiority": None,
    }
    if margin is not None and n:
        lo, hi = boot["ci"]
        verdict = "pass" if lo > -margin else "fail" if hi < -margin else "inconclusive"
        out["noninferiority"] = {
            "margin": margin,
            "verdict": verdict,
            "p_inferior": _tail_p(boot, margin, alpha),
            "explanation": _explain(verdict, lo, hi, margin, n, mde, f"{1 - alpha:.0%}"),
        }
    return out


# ------------------------------------------------------------------------------------------ fingerprint

def _sha256_file(path: str | Path) -> str | None:
    return file_entry(str(path), 0)["sha256"]  # None when unreadable


def _spec_chain(spec_path: str | Path) -> list[Path]:
    """The benchmark YAML and the files it includes (``include:``, relative to the including file)."""
    import yaml  # the plugin loads YAML anyway; imported here so this module stays light

    chain: list[Path] = []
    path: Path | None = Path(spec_path)
    while path is not None and path.resolve() not in chain:
        path = path.resolve()
        chain.append(path)
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            break
        include = data.get("include") if isinstance(data, dict) else None
        path = path.parent / include if isinstance(include, str) else None
    return chain


def _combined(shas: Sequence[str | None]) -> str | None:
    if not shas or any(s is None for s in shas):
        return None
    return hashlib.sha256("\n".join(shas).encode()).hexdigest()


def fingerprint(report: Mapping[str, Any], *, spec_path: str | Path | None, scorer_version: Any,
                gold_path: str | Path | None = None) -> dict[str, Any]:
    """What a report's verdicts depend on, hashed: put it in the report as ``report["fingerprint"]``.

    Returns ``{"benchmark", "profile", "scorer_version", "tool_version", "spec": [{"path", "sha256"}, ...]
    (the YAML first, then its includes), "spec_sha256", "gold": {"path", "sha256"} | None, "gold_sha256",
    "predictions": [{"path", "sha256", "rows"}], "predictions_sha256", "rows_sha256"}``. The combined
    ``*_sha256`` values are None when a file could not be read; paths are informative only (comparisons use the
    hashes). ``rows_sha256`` (:func:`pytest_answerbench.report.rows.rows_digest`) ties the fingerprint to the
    report's rows: every reader checks it (``report/io.py``), so a fingerprint copied into another report fails.
    """
    spec = ([{"path": portable_path(p), "sha256": _sha256_file(p)} for p in _spec_chain(spec_path)]
            if spec_path else [])
    gold = {"path": portable_path(gold_path), "sha256": _sha256_file(gold_path)} if gold_path else None
    files = [dict(f) for f in report.get("files") or []]
    return {
        "benchmark": report.get("benchmark"),
        "profile": report.get("profile"),
        "scorer_version": scorer_version,
        "tool_version": report.get("tool_version") or __version__,
        "spec": spec,
        "spec_sha256": _combined([s["sha256"] for s in spec]),
        "gold": gold,
        "gold_sha256": gold["sha256"] if gold else None,
        "predictions": files,
        "predictions_sha256": _combined(sorted(str(f.get("sha256")) for f in files) if files else []),
        "rows_sha256": rows_digest(report.get("rows") or [], profile=report.get("profile"),
                                   scorer_version=scorer_version),
    }


def _report_identity(report: Mapping[str, Any]) -> dict[str, Any]:
    """The report's fingerprint, or for a report made without one the identity fields every report has."""
    fp = report.get("fingerprint")
    if isinstance(fp, Mapping):
        return dict(fp)
    return {k: report.get(k) for k in ("benchmark", "profile", "scorer_version", "tool_version")
            if k in report}


#: Why a report without a fingerprint cannot pass the fingerprint gate.
NO_FINGERPRINT = ("the {side} report has no fingerprint (written by hand, by the library's score_rows, or edited), "
                  "so nothing shows it was scored with the same benchmark definition, gold and scorer version")
NO_ROWS = "the baseline report lists no rows, so the change cannot be paired row by row nor its gold answers checked"


def missing_fingerprints(current: Mapping[str, Any], baseline: Mapping[str, Any]) -> list[str]:
    """Messages for a side of a comparison that has no fingerprint: such a side cannot pass the fingerprint gate
    (docs/ci-gates.md, "Fingerprint"), since any difference in scoring would go unseen."""
    return [NO_FINGERPRINT.format(side=side) for side, rep in (("baseline", baseline), ("current", current))
            if not isinstance(rep.get("fingerprint"), Mapping)]


def unpaired_mismatch(current: Mapping[str, Any], baseline: Mapping[str, Any]) -> list[str]:
    """The fingerprint gate's reasons to fail against a baseline that lists no rows: that, a missing fingerprint,
    and any fingerprint entry that differs."""
    return ([NO_ROWS] + missing_fingerprints(current, baseline)
            + fingerprint_mismatch(_report_identity(current), _report_identity(baseline)))


def fingerprint_mismatch(current_fp: Mapping[str, Any] | None, baseline_fp: Mapping[str, Any] | None, *,
                         include_predictions: bool = False) -> list[str]:
    """Messages naming each fingerprint entry that differs (empty when the runs are comparable).

    Compares ``FINGERPRINT_KEYS`` (plus ``predictions_sha256`` when ``include_predictions``, as for a rescore
    check); an entry absent from either side (an older report) is not compared.
    """
    current_fp, baseline_fp = current_fp or {}, baseline_fp or {}
    keys = FINGERPRINT_KEYS + (("predictions_sha256",) if include_predictions else ())
    out = []
    for key in keys:
        if key not in current_fp or key not in baseline_fp:
            continue
        now, before = current_fp[key], baseline_fp[key]
        if now != before:
            short = (lambda v: v[:12] if isinstance(v, str) and len(v) == 64 else v)
            out.append(f"{key} differs: baseline {short(before)!r}, current {short(now)!r}")
    return out


# ----------------------------------------------------------------------------------------------- public

def _group_fields(current: Mapping[str, Any], baseline: Mapping[str, Any], groups: bool | Sequence[str]) -> list[str]:
    if groups is True:
        fields = list(current.get("groups") or {})
        return fields + [f for f in baseline.get("groups") or {} if f not in fields]
    if not groups:
        return []
    return [str(g) for g in groups]


#: ``test`` of a comparison with samples: which test gave its p-value (README, "Many samples per question");
#: a comparison without ``test`` pairs rows, with McNemar's exact test.
QUESTION_TEST = ("paired cluster bootstrap over questions (each question's mean sample score; McNemar applies to "
                 "one-sample rows only)")


def question_pairs(current: Sequence[Mapping[str, Any]], baseline: Sequence[Mapping[str, Any]]
                   ) -> list[tuple[float, float]] | None:
    """(current, baseline) mean sample score of every question both reports have, when either report has
    samples (rows with a ``question_id``); None when neither has: rows are then paired one by one. Questions pair
    by their id, as rows pair by theirs, whatever the prediction files are called (a checkpoint's file is
    usually named after it). A row without a question id is a question of its own (its id)."""
    if not any(r.get("question_id") is not None for rows in (current, baseline) for r in rows):
        return None

    def means(rows: Sequence[Mapping[str, Any]]) -> dict[tuple[str, str], float]:
        sums: dict[tuple[str, str], list[float]] = {}
        for r in rows:
            qid = r.get("question_id")
            key = ("question", str(qid)) if qid is not None else ("row", str(r.get("id")))
            sums.setdefault(key, []).append(_score(r))
        return {k: math.fsum(v) / len(v) for k, v in sums.items()}

    now, before = means(current), means(baseline)
    return [(now[k], before[k]) for k in now if k in before]


def _question_stats(pairs: Sequence[tuple[float, float]], *, resamples: int, seed: int | str, alpha: float,
                    margin: float | None) -> dict[str, Any]:
    """The overall statistics of a comparison with samples: the change of the mean over questions of their
    mean sample score, its interval a bootstrap of the question differences (a cluster bootstrap of the
    samples), and its two-sided bootstrap p-value in place of McNemar's (whose pairs must be one row each)."""
    out = _paired_stats(pairs, resamples=resamples, seed=seed, alpha=alpha, margin=margin, budget=WORK_BUDGET)
    diffs = [cur - base for cur, base in pairs]
    boot = bootstrap_mean_ci(diffs, resamples, seed, alpha, budget=WORK_BUDGET, keep_means=True)
    means = boot.get("means") or []
    if means:
        below = bisect.bisect_right(means, 0.0)
        above = len(means) - bisect.bisect_left(means, 0.0)
        p_value = min(1.0, 2.0 * (min(below, above) + 1) / (len(means) + 1))
    else:
        p_value = 1.0
    out.update(p_value=p_value, significant=p_value < alpha, test=QUESTION_TEST, questions=len(pairs))
    return out


def compare_reports(current: Mapping[str, Any], baseline: Mapping[str, Any], *, resamples: int = 10000,
                    seed: int = 0, margin: float | None = None, groups: bool | Sequence[str] = True,
                    alpha: float = 0.05) -> dict[str, Any]:
    """Compare a run with a baseline run of the same benchmark, row by row (matched by ``id``).

    Args:
        current, baseline: JSON report dicts (``build_report`` / the plugin's ``--bench-report``).
        resamples: bootstrap resamples (fewer for large soft-score inputs, see :mod:`stats`; reported).
        seed: bootstrap seed; groups use the derived string seed ``"{seed}:{field}:{value}"``.
        margin: non-inferiority margin M as a fraction (0.02 = 2 points), or None for no verdict.
        groups: True for every grouping field of the reports, a list of field names, or False.
        alpha: 1 - confidence level of the intervals and level of the tests.

    Returns a JSON-serialisable dict (explained for users in ``docs/ci-gates.md``):

    - ``benchmark``, ``baseline_benchmark``, ``alpha``, ``margin``, ``soft`` (any partial score),
      ``n_current``, ``n_baseline``;
    - the paired statistics (the same keys per group): ``n``, ``accuracy_current``, ``accuracy_baseline``,
      ``delta``, ``ci95`` ([lo, hi] or None), ``bootstrap`` {``resamples``, ``requested``, ``seed``,
      ``method``, ``sampler``}, ``b`` (correct -> wrong), ``c`` (wrong -> correct), ``p_value`` (exact
      McNemar), ``significant``, ``direction`` ("drop" | "gain" | "none"), ``discordant_rate``, ``mde``,
      ``noninferiority`` (None without a margin, else {``margin``, ``verdict``, ``p_inferior``,
      ``explanation``}, groups add ``p_inferior_holm`` and ``verdict_holm``); groups also add ``p_holm``;
    - ``only_in_current`` / ``only_in_baseline``: [{``id``, (``occurrence``,) ``file``, ``line``,
      ``status``, ``score``}]; ``duplicate_ids``: {``current``: [...], ``baseline``: [...]};
    - ``flips``: {``correct_to_wrong``: [...], ``wrong_to_correct``: [...]}, each {``id``, (``occurrence``,)
      ``file``, ``line``, ``extracted_before``, ``extracted_after``, ``response_before``, ``gold``, ``score_before``,
      ``score_after``, ``status_before``, ``status_after``, ``fields``}, in report order;
    - ``gold_changed``: [{``id``, ``gold_before``, ``gold_after``}];
    - ``groups``: {field: {value: paired statistics}}; ``holm``: {``family``, ``alpha``};
    - ``fingerprint``: {``current``, ``baseline`` (each the report's fingerprint, or its identity fields),
      ``mismatch`` (list of messages), ``same_predictions`` (bool or None), ``complete`` (both reports have
      a fingerprint)}.
    """
    if margin is not None and not (margin >= 0 and math.isfinite(margin)):
        raise ValueError(f"compare_reports: margin must be a finite number >= 0, got {margin!r}")
    cur_rows, cur_dups = _index(current.get("rows") or [])
    base_rows, base_dups = _index(baseline.get("rows") or [])
    paired = [k for k in cur_rows if k in base_rows]
    pairs = [(_score(cur_rows[k]), _score(base_rows[k])) for k in paired]
    # With samples, the overall statistics pair questions (their mean sample score), not sample rows.
    by_question = question_pairs(current.get("rows") or [], baseline.get("rows") or [])

    out: dict[str, Any] = {
        "benchmark": current.get("benchmark"),
        "baseline_benchmark": baseline.get("benchmark"),
        "alpha": alpha,
        "margin": margin,
        "soft": any(s not in (0.0, 1.0) for pair in pairs for s in pair),
        "n_current": len(cur_rows),
        "n_baseline": len(base_rows),
    }
    if by_question is None:
        out.update(_paired_stats(pairs, resamples=resamples, seed=seed, alpha=alpha, margin=margin,
                                 budget=WORK_BUDGET))
    else:
        out.update(_question_stats(by_question, resamples=resamples, seed=seed, alpha=alpha, margin=margin))
    out["only_in_current"] = [_brief(k, r) for k, r in cur_rows.items() if k not in base_rows]
    out["only_in_baseline"] = [_brief(k, r) for k, r in base_rows.items() if k not in cur_rows]
    out["duplicate_ids"] = {"current": cur_dups, "baseline": base_dups}

    flips: dict[str, list] = {"correct_to_wrong": [], "wrong_to_correct": []}
    gold_changed = []
    for k, (now_score, was_score) in zip(paired, pairs):
        cur, base = cur_rows[k], base_rows[k]
        was, now = _is_correct(was_score), _is_correct(now_score)
        if was != now:
            flips["correct_to_wrong" if was else "wrong_to_correct"].append(_flip(k, cur, base))
        if cur.get("gold") != base.get("gold"):
            gold_changed.append({**_key_label(k), "gold_before": base.get("gold"), "gold_after": cur.get("gold")})
    out["flips"] = flips
    out["gold_changed"] = gold_changed

    # per group: every (field, value) over the paired rows, the current run's value first
    fields = _group_fields(current, baseline, groups)
    members: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for k, pair in zip(paired, pairs):
        cur_fields = cur_rows[k].get("fields") or {}
        base_fields = base_rows[k].get("fields") or {}
        for field in fields:
            value = cur_fields.get(field, base_fields.get(field))
            if value is not None:
                members.setdefault((field, str(value)), []).append(pair)
    group_budget = max(WORK_BUDGET / max(1, len(members)), 1.0)
    table: dict[str, dict[str, Any]] = {f: {} for f in fields}
    for (field, value) in sorted(members):
        group_seed = scrub_surrogates(f"{seed}:{field}:{value}")  # hashed as UTF-8: no lone surrogate
        table[field][value] = _paired_stats(members[(field, value)], resamples=resamples, seed=group_seed,
                                            alpha=alpha, margin=margin, budget=group_budget)
    entries = [table[f][v] for f, v in sorted(members)]
    for entry, adjusted in zip(entries, holm([e["p_value"] for e in entries])):
        entry["p_holm"] = adjusted
    if margin is not None:
        inferior = holm([e["noninferiority"]["p_inferior"] for e in entries])
        for entry, adjusted in zip(entries, inferior):
            ni = entry["noninferiority"]
            ni["p_inferior_holm"] = adjusted
            # gating across groups: a group fails only when its drop beyond the margin survives Holm
            ni["verdict_holm"] = "fail" if adjusted < alpha else ("pass" if ni["verdict"] == "pass"
                                                                  else "inconclusive")
    out["groups"] = table
    out["holm"] = {"family": len(entries), "alpha": alpha}

    cur_fp, base_fp = _report_identity(current), _report_identity(baseline)
    mismatch = missing_fingerprints(current, baseline) + fingerprint_mismatch(cur_fp, base_fp)
    if gold_changed:
        mismatch.append(f"gold answer differs on {len(gold_changed)} paired row(s), e.g. id "
                        f"{gold_changed[0]['id']!r}")
    same_predictions = None
    if cur_fp.get("predictions_sha256") and base_fp.get("predictions_sha256"):
        same_predictions = cur_fp["predictions_sha256"] == base_fp["predictions_sha256"]
    out["fingerprint"] = {"current": cur_fp, "baseline": base_fp, "mismatch": mismatch,
                          "same_predictions": same_predictions,
                          "complete": "fingerprint" in current and "fingerprint" in baseline}
    return out


def rescore_differences(report: Mapping[str, Any], rescored: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Rows whose verdict differs between a report and a fresh rescoring of the same predictions.

    Each entry: ``{"id", ("occurrence",) "file", "line", "changes": {field: [before, after]}}`` over
    ``status``, ``score``, ``extracted``, ``gold``; a row missing from one side has ``changes`` ``{"row":
    ["present", "missing"]}`` (or the reverse). Empty means the rescore confirmed every verdict.
    """
    before, _ = _index(report.get("rows") or [])
    after, _ = _index(rescored.get("rows") or [])
    out = []
    for k in list(before) + [k for k in after if k not in before]:
        a, b = before.get(k), after.get(k)
        row = a or b
        if a is None or b is None:
            changes = {"row": ["present" if a else "missing", "present" if b else "missing"]}
        else:
            changes = {f: [a.get(f), b.get(f)] for f in ("status", "score", "extracted", "gold")
                       if a.get(f) != b.get(f)}
        if changes:
            out.append({**_key_label(k), "file": row.get("file"), "line": row.get("line"), "changes": changes})
    return out


def nothing_paired(comparison: Mapping[str, Any]) -> str | None:
    """Why a comparison compares nothing (no row, or with samples no question, of one report has an id the other
    has), or None. Not a result to gate on but a usage error: the two reports cannot be compared (``answerbench
    compare`` exits 2; a ``--bench-baseline`` run ends with pytest's usage error status)."""
    questions = comparison.get("questions")
    if (questions if questions is not None else comparison.get("n", 0)):
        return None
    unit = "question" if questions is not None else "row"

    def ids(side: str) -> str:
        listed = [str(r.get("id")) for r in comparison.get(side) or []]
        return (", ".join(repr(i) for i in listed[:3]) + (", ..." if len(listed) > 3 else "")) or "none"

    by = "question id (the --bench-samples-by field)" if unit == "question" else "id"
    return (f"nothing to compare: no {unit} of this run shares its {by} with the baseline (this run's rows: "
            f"{ids('only_in_current')}; the baseline's: {ids('only_in_baseline')}); {unit}s pair by {by}, whatever "
            "the files are called: was the baseline scored from other data, or its ids read from another field?")


def benchmark_mismatch(baseline: Mapping[str, Any], benchmark: str | None, what: str = "this run") -> str | None:
    """Why ``baseline`` cannot be compared with a report of ``benchmark`` (another benchmark's report pairs no
    row: "paired change n/a on 0 rows"), or None. Checked before scoring (``--bench-baseline``) and before
    comparing (``answerbench compare``)."""
    theirs = baseline.get("benchmark")
    if theirs and benchmark and theirs != benchmark:
        return (f"is a report of benchmark {theirs}, but {what} scores {benchmark}: a baseline must be a report of "
                "the same benchmark")
    return None
