"""pytest_answerbench.report.paired: paired comparison of two reports, its gates (report.gates) and the fingerprint."""

from __future__ import annotations

import copy
import json
import math
import random
from fractions import Fraction
from statistics import NormalDist

import pytest

from pytest_answerbench.report.gates import comparison_gates
from pytest_answerbench.report.paired import (
    compare_reports,
    current_ids,
    fingerprint,
    fingerprint_mismatch,
    rescore_differences,
)


def make_row(i, score, *, category=None, extracted=None, gold="B", row_id=None, file="preds.jsonl"):
    return {"id": str(i) if row_id is None else row_id, "file": file, "line": i + 1,
            "status": "correct" if score >= 1 else "wrong", "score": float(score),
            "extracted": extracted if extracted is not None else ("B" if score >= 1 else "C"), "gold": gold,
            "method": "choice", "detail": "", "fields": {"category": category} if category else {}, "extra": {}}


def make_report(rows, benchmark="vmcbench_dev", **top):
    n = len(rows)
    acc = sum(r["score"] for r in rows) / n if n else 0.0
    groups = {}
    for r in rows:
        if r["fields"].get("category"):
            g = groups.setdefault("category", {}).setdefault(r["fields"]["category"], {"total": 0, "correct": 0,
                                                                                     "sum": 0.0})
            g["total"] += 1
            g["correct"] += r["score"] >= 1
            g["sum"] += r["score"]
    for table in groups.values():
        for g in table.values():
            g["accuracy"] = g.pop("sum") / g["total"]
            g["ci95"] = [max(0.0, g["accuracy"] - 0.1), min(1.0, g["accuracy"] + 0.1)]
    report = {"benchmark": benchmark, "profile": "default", "tool_version": "0.1.0", "scorer_version": 1,
              "files": [{"path": "preds.jsonl", "sha256": "ab" * 32, "rows": n}], "total": n,
              "correct": sum(1 for r in rows if r["score"] >= 1), "accuracy": acc, "ci95": [acc - 0.05, acc + 0.05],
              "counts": {"correct": sum(1 for r in rows if r["score"] >= 1),
                         "wrong": sum(1 for r in rows if r["score"] < 1)},
              "metrics": {}, "groups": groups, "gates": [], "rows": rows,
              "fingerprint": {"benchmark": benchmark, "profile": "default", "scorer_version": 1,
                              "tool_version": "0.1.0"}}
    report.update(top)
    return report


def scored(n, accuracy, seed=0, categories=("MMStar", "MMMU", "OCR")):
    rng = random.Random(seed)
    return [make_row(i, 1.0 if rng.random() < accuracy else 0.0, category=categories[i % len(categories)])
            for i in range(n)]


def flipped(rows, down, up, seed=1, only=None):
    """A copy of rows with ``down`` correct rows made wrong and ``up`` wrong rows made right."""
    rows = copy.deepcopy(rows)
    rng = random.Random(seed)
    pool = [r for r in rows if only is None or r["fields"].get("category") == only]
    losses = rng.sample([r for r in pool if r["score"] >= 1], down)
    gains = rng.sample([r for r in pool if r["score"] < 1], up)
    for r in losses:
        r.update(score=0.0, status="wrong", extracted="D")
    for r in gains:
        r.update(score=1.0, status="correct", extracted="B")
    return rows


def exact_two_sided(b, c):
    n = b + c
    if n == 0:
        return 1.0
    return float(min(Fraction(1), 2 * sum(Fraction(math.comb(n, k), 2 ** n) for k in range(min(b, c) + 1))))


def gate(gates, name, group=None):
    found = [g for g in gates if g["name"] == name and g.get("group") == group]
    assert len(found) == 1, gates
    return found[0]


# ------------------------------------------------------------------------------------- whole-run verdicts

def test_identical_runs_show_no_change_and_every_gate_passes():
    rows = scored(300, 0.6)
    c = compare_reports(make_report(rows), make_report(copy.deepcopy(rows)), margin=0.02)
    assert (c["n"], c["delta"], c["ci95"], c["b"], c["c"], c["p_value"]) == (300, 0.0, [0.0, 0.0], 0, 0, 1.0)
    assert c["significant"] is False and c["direction"] == "none"
    assert c["flips"] == {"correct_to_wrong": [], "wrong_to_correct": []}
    assert c["only_in_current"] == [] and c["only_in_baseline"] == []
    assert c["noninferiority"]["verdict"] == "pass"
    assert c["fingerprint"]["mismatch"] == []
    gates = comparison_gates(c, max_drop=0.01)
    assert gates and all(g["passed"] and g["outcome"] == "pass" for g in gates)
    json.dumps(c)  # strict JSON-serialisable for the report


def test_a_real_drop_is_significant_and_fails_the_gates():
    base = scored(500, 0.7)
    cur = flipped(base, 60, 10)
    c = compare_reports(make_report(cur), make_report(base), margin=0.02)
    assert (c["b"], c["c"]) == (60, 10)
    assert c["delta"] == pytest.approx(-50 / 500)
    assert c["p_value"] == pytest.approx(exact_two_sided(60, 10), rel=1e-12)
    assert c["p_value"] < 1e-8 and c["significant"] and c["direction"] == "drop"
    assert c["ci95"][1] < -0.02 and c["ci95"][0] < c["delta"] < c["ci95"][1]
    assert c["noninferiority"]["verdict"] == "fail"
    assert c["bootstrap"] == {"resamples": 10000, "requested": 10000, "seed": 0, "method": "percentile",
                              "sampler": "multinomial"}
    gates = comparison_gates(c, max_drop=0.05, per_group=False)
    assert not gate(gates, "max_drop")["passed"] and "FAILED" in gate(gates, "max_drop")["message"]
    ni = gate(gates, "noninferiority")
    assert not ni["passed"] and ni["outcome"] == "fail" and ni["threshold"] == -0.02
    assert "larger than the margin" in ni["message"]


def test_a_small_noisy_drop_is_inconclusive_with_the_detectable_effect():
    base = scored(200, 0.7)
    cur = flipped(base, 6, 4)
    c = compare_reports(make_report(cur), make_report(base), margin=0.02)
    assert c["delta"] == pytest.approx(-0.01)
    assert not c["significant"] and c["p_value"] == pytest.approx(exact_two_sided(6, 4))
    ni = c["noninferiority"]
    assert ni["verdict"] == "inconclusive"
    assert c["ci95"][0] < -0.02 < c["ci95"][1]
    assert c["mde"] > 0.02  # the run is too small to see a 2-point drop reliably
    assert f"{c['mde'] * 100:.2f} points" in ni["explanation"] and "cannot tell" in ni["explanation"]
    g = gate(comparison_gates(c, per_group=False), "noninferiority")
    assert g["passed"] and g["outcome"] == "inconclusive"


def test_paired_bootstrap_interval_matches_the_normal_interval_for_a_large_run():
    base = scored(20000, 0.6, seed=3)
    cur = flipped(base, 900, 700, seed=4)
    c = compare_reports(make_report(cur), make_report(base), resamples=4000)
    diffs = [a["score"] - b["score"] for a, b in zip(cur, base)]
    n = len(diffs)
    mean = sum(diffs) / n
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    z = NormalDist().inv_cdf(0.975)
    assert c["ci95"][0] == pytest.approx(mean - z * se, abs=0.05 * 2 * z * se)
    assert c["ci95"][1] == pytest.approx(mean + z * se, abs=0.05 * 2 * z * se)


def test_the_comparison_is_deterministic_for_a_seed():
    base = scored(300, 0.6)
    cur = flipped(base, 12, 5)
    first = compare_reports(make_report(cur), make_report(base), margin=0.03, seed=7)
    assert first == compare_reports(make_report(cur), make_report(base), margin=0.03, seed=7)
    assert first["bootstrap"]["seed"] == 7


def test_margin_must_be_a_non_negative_number():
    rows = scored(10, 0.5)
    with pytest.raises(ValueError, match="margin must be a finite number >= 0"):
        compare_reports(make_report(rows), make_report(rows), margin=-0.01)


# -------------------------------------------------------------------------------------- rows and flips

def test_rows_added_or_removed_are_listed_not_dropped():
    base = scored(100, 0.5) + [make_row(200, 1.0, row_id="old-1"), make_row(201, 0.0, row_id="old-2")]
    cur = copy.deepcopy(base[:100]) + [make_row(300, 0.0, row_id="new-1")]
    c = compare_reports(make_report(cur), make_report(base))
    assert (c["n"], c["n_current"], c["n_baseline"]) == (100, 101, 102)
    assert [r["id"] for r in c["only_in_current"]] == ["new-1"]
    assert [r["id"] for r in c["only_in_baseline"]] == ["old-1", "old-2"]
    assert c["only_in_baseline"][0] == {"id": "old-1", "file": "preds.jsonl", "line": 201, "status": "correct",
                                        "score": 1.0}
    assert c["delta"] == 0.0  # the paired rows did not change


def test_no_rows_in_common():
    c = compare_reports(make_report([make_row(0, 1.0, row_id="a")]), make_report([make_row(0, 1.0, row_id="b")]),
                        margin=0.02)
    assert c["n"] == 0 and c["delta"] is None and c["noninferiority"] is None
    g = gate(comparison_gates(c, per_group=False), "noninferiority")
    assert not g["passed"] and "no rows in common" in g["message"]


def test_flips_carry_the_row_and_both_answers():
    base = [make_row(i, 1.0) for i in range(4)] + [make_row(4, 0.0, extracted="A")]
    base[1]["response"] = "so the answer is (B)"
    cur = copy.deepcopy(base)
    cur[1].update(score=0.0, status="wrong", extracted="<b>D</b>")
    cur[4].update(score=1.0, status="correct", extracted="B")
    c = compare_reports(make_report(cur), make_report(base))
    (down,) = c["flips"]["correct_to_wrong"]
    assert down == {"id": "1", "file": "preds.jsonl", "line": 2, "extracted_before": "B",
                    "extracted_after": "<b>D</b>", "response_before": "so the answer is (B)", "gold": "B", "score_before": 1.0, "score_after": 0.0,
                    "status_before": "correct", "status_after": "wrong", "fields": {}}
    (up,) = c["flips"]["wrong_to_correct"]
    assert (up["id"], up["extracted_before"], up["extracted_after"]) == ("4", "A", "B")


def test_duplicate_ids_pair_by_occurrence_in_report_order():
    """The same id in two files: the k-th occurrence (report order) pairs with the k-th."""
    base = [make_row(0, 1.0, row_id="7", file="a.jsonl"), make_row(1, 1.0, row_id="7", file="b.jsonl"),
            make_row(2, 0.0, row_id="8", file="b.jsonl")]
    cur = [make_row(0, 1.0, row_id="7", file="a.jsonl"), make_row(1, 0.0, row_id="7", file="b.jsonl"),
           make_row(2, 0.0, row_id="8", file="b.jsonl"), make_row(3, 1.0, row_id="7", file="c.jsonl")]
    c = compare_reports(make_report(cur), make_report(base))
    assert c["duplicate_ids"] == {"current": ["7"], "baseline": ["7"]}
    assert [(f["id"], f.get("occurrence"), f["line"]) for f in c["flips"]["correct_to_wrong"]] == [("7", 2, 2)]
    assert c["only_in_current"] == [{"id": "7", "occurrence": 3, "file": "c.jsonl", "line": 4,
                                     "status": "correct", "score": 1.0}]


def test_a_report_from_before_the_id_rule_reads_repeats_of_a_file_as_numbered_ids():
    """An old report repeats an id within a file (7, 7, 7); a new one numbers them (7, 7#2, 7#3): they pair
    row for row, the new report's own 7#2 is not read twice."""
    base = [make_row(0, 1.0, row_id="7"), make_row(1, 1.0, row_id="7"), make_row(2, 0.0, row_id="8")]
    cur = [make_row(0, 1.0, row_id="7"), make_row(1, 0.0, row_id="7#2"), make_row(2, 0.0, row_id="8"),
           make_row(3, 1.0, row_id="7#3")]
    c = compare_reports(make_report(cur), make_report(base))
    assert c["duplicate_ids"] == {"current": [], "baseline": []}
    assert [(f["id"], f.get("occurrence"), f["line"]) for f in c["flips"]["correct_to_wrong"]] == [("7#2", None, 2)]
    assert [r["id"] for r in c["only_in_current"]] == ["7#3"]
    assert current_ids([make_row(0, 1, row_id="7"), make_row(1, 1, row_id="7"), make_row(2, 1, row_id="7#2")]) == [
        "7", "7", "7#2"]  # the file holds a real 7#2: the repeat is left as it is


def test_soft_scores_flip_only_at_full_credit_and_bootstrap_the_mean_difference():
    base = [make_row(i, (1.0, 0.5, 0.25, 0.0)[i % 4]) for i in range(100)]
    cur = copy.deepcopy(base)
    for r in cur:
        r["score"] = {1.0: 0.5, 0.5: 0.0, 0.25: 0.25, 0.0: 0.0}[r["score"]]
    c = compare_reports(make_report(cur), make_report(base))
    assert c["soft"] is True
    assert (c["b"], c["c"]) == (25, 0)  # only 1.0 -> 0.5 leaves full credit; 0.5 -> 0.0 is not a flip
    assert c["delta"] == pytest.approx(-0.25)
    assert c["ci95"][0] < -0.25 < c["ci95"][1] < 0
    assert len(c["flips"]["correct_to_wrong"]) == 25


def test_gold_changes_are_flagged_as_a_scoring_difference():
    base = scored(20, 0.5)
    cur = copy.deepcopy(base)
    cur[3]["gold"] = "C"
    c = compare_reports(make_report(cur), make_report(base))
    assert c["gold_changed"] == [{"id": "3", "gold_before": "B", "gold_after": "C"}]
    assert any("gold answer differs on 1 paired row" in m for m in c["fingerprint"]["mismatch"])
    assert not gate(comparison_gates(c, per_group=False), "fingerprint")["passed"]


# -------------------------------------------------------------------------------------------- groups

def test_per_group_statistics_with_holm_correction():
    base = scored(600, 0.7)
    cur = flipped(base, 40, 2, only="MMMU")
    c = compare_reports(make_report(cur), make_report(base), margin=0.02)
    table = c["groups"]["category"]
    assert set(table) == {"MMStar", "MMMU", "OCR"} and c["holm"] == {"family": 3, "alpha": 0.05}
    assert table["MMMU"]["n"] == 200 and (table["MMMU"]["b"], table["MMMU"]["c"]) == (40, 2)
    assert table["MMMU"]["p_value"] == pytest.approx(exact_two_sided(40, 2), rel=1e-12)
    # Holm by hand: smallest p times 3, then the running maximum of (m - rank) * p
    ps = sorted(table[k]["p_value"] for k in table)
    expected = [min(1, 3 * ps[0]), max(min(1, 3 * ps[0]), min(1, 2 * ps[1])),
                max(min(1, 3 * ps[0]), min(1, 2 * ps[1]), min(1, ps[2]))]
    assert sorted(table[k]["p_holm"] for k in table) == pytest.approx(expected)
    assert table["MMMU"]["noninferiority"]["verdict_holm"] == "fail"
    assert table["OCR"]["delta"] == 0.0 and table["OCR"]["noninferiority"]["verdict_holm"] == "pass"
    assert table["MMMU"]["bootstrap"]["seed"] == "0:category:MMMU"

    gates = comparison_gates(c, max_drop=0.05)
    assert not gate(gates, "max_drop", ["category", "MMMU"])["passed"]
    assert gate(gates, "max_drop", ["category", "OCR"])["passed"]
    assert not gate(gates, "noninferiority", ["category", "MMMU"])["passed"]
    assert gate(gates, "noninferiority", ["category", "MMStar"])["passed"]
    assert gate(gates, "max_drop", ["category", "MMMU"])["key"] == "groups.category.MMMU.accuracy_change"


def test_a_group_drop_significant_alone_passes_after_holm():
    cats = tuple(f"c{i}" for i in range(10))
    base = scored(1000, 0.7, categories=cats)
    cur = flipped(base, 9, 1, only="c3")
    c = compare_reports(make_report(cur), make_report(base), margin=0.0)
    g = c["groups"]["category"]["c3"]
    assert g["p_value"] == pytest.approx(exact_two_sided(9, 1)) and g["p_value"] < 0.05
    assert g["p_holm"] == pytest.approx(min(1.0, 10 * g["p_value"])) and g["p_holm"] > 0.05
    drop_gate = gate(comparison_gates(c, max_drop=0.02), "max_drop", ["category", "c3"])
    assert drop_gate["passed"] and drop_gate["outcome"] == "inconclusive"
    assert "not significant after Holm" in drop_gate["message"]
    # unadjusted, the interval lies below -0; adjusted across 10 groups the failure does not survive
    ni = g["noninferiority"]
    assert ni["verdict"] == "fail" and ni["p_inferior"] < 0.05 <= ni["p_inferior_holm"]
    assert ni["verdict_holm"] == "inconclusive"


def test_groups_can_be_chosen_or_switched_off():
    base = scored(90, 0.6)
    cur = flipped(base, 5, 2)
    assert compare_reports(make_report(cur), make_report(base), groups=False)["groups"] == {}
    assert compare_reports(make_report(cur), make_report(base), groups=["missing"])["groups"] == {"missing": {}}


# ----------------------------------------------------------------------------------------- fingerprint

@pytest.fixture
def spec_files(tmp_path):
    (tmp_path / "_base.yaml").write_text("scorer: vmcbench\ngroups: [category]\n")
    spec = tmp_path / "bench" / "benchmark.yaml"
    spec.parent.mkdir()
    spec.write_text("include: ../_base.yaml\nname: mine\nversion: 2\n")
    gold = tmp_path / "gold.jsonl"
    gold.write_text('{"id": 1, "answer": "B"}\n')
    return tmp_path, spec, gold


def test_fingerprint_hashes_spec_with_includes_gold_and_predictions(spec_files):
    root, spec, gold = spec_files
    report = make_report(scored(5, 0.5))
    fp = fingerprint(report, spec_path=spec, scorer_version=2, gold_path=gold)
    assert [p["path"] for p in fp["spec"]] == [str(spec.resolve()), str((root / "_base.yaml").resolve())]
    assert all(len(p["sha256"]) == 64 for p in fp["spec"])
    assert fp["gold"]["sha256"] and fp["gold_sha256"] == fp["gold"]["sha256"]
    assert fp["predictions"] == report["files"] and len(fp["predictions_sha256"]) == 64
    assert (fp["scorer_version"], fp["tool_version"], fp["benchmark"]) == (2, "0.1.0", "vmcbench_dev")
    json.dumps(fp)

    (root / "_base.yaml").write_text("scorer: vmcbench\ngroups: [category, subset]\n")
    changed = fingerprint(report, spec_path=spec, scorer_version=2, gold_path=gold)
    assert changed["spec_sha256"] != fp["spec_sha256"]
    assert fingerprint_mismatch(changed, fp) == [
        f"spec_sha256 differs: baseline {fp['spec_sha256'][:12]!r}, current {changed['spec_sha256'][:12]!r}"]


def test_fingerprint_mismatch_names_a_scorer_upgrade(spec_files):
    _, spec, gold = spec_files
    report = make_report(scored(5, 0.5))
    old = fingerprint(report, spec_path=spec, scorer_version=1, gold_path=gold)
    new = fingerprint(report, spec_path=spec, scorer_version=2, gold_path=gold)
    assert fingerprint_mismatch(new, old) == ["scorer_version differs: baseline 1, current 2"]
    assert fingerprint_mismatch(old, copy.deepcopy(old)) == []
    # predictions are expected to differ between checkpoints; a rescore check compares them too
    other = dict(old, predictions_sha256="cd" * 32)
    assert fingerprint_mismatch(other, old) == []
    assert fingerprint_mismatch(other, old, include_predictions=True)[0].startswith("predictions_sha256 differs")
    # an older report without some entries is compared on what both have
    assert fingerprint_mismatch({"scorer_version": 2}, {"benchmark": "x"}) == []


def test_comparison_flags_a_baseline_scored_by_another_version(spec_files):
    _, spec, gold = spec_files
    base_rows = scored(50, 0.6)
    base = make_report(base_rows)
    cur = make_report(flipped(base_rows, 3, 1))
    base["fingerprint"] = fingerprint(base, spec_path=spec, scorer_version=1, gold_path=gold)
    cur["fingerprint"] = fingerprint(cur, spec_path=spec, scorer_version=2, gold_path=gold)
    c = compare_reports(cur, base)
    assert c["fingerprint"]["mismatch"] == ["scorer_version differs: baseline 1, current 2"]
    assert c["fingerprint"]["complete"] is True and c["fingerprint"]["same_predictions"] is True
    g = gate(comparison_gates(c), "fingerprint")
    assert not g["passed"] and "scorer_version" in g["message"]
    # reports without a fingerprint (hand-written, edited, or made before fingerprints): each such side fails the
    # gate, and the report's own version fields are still compared
    old = make_report(base_rows, scorer_version=1)
    new = make_report(base_rows, scorer_version=3, tool_version="0.2.0")
    del old["fingerprint"], new["fingerprint"]
    mismatch = compare_reports(new, old)["fingerprint"]["mismatch"]
    assert [m.split(" (")[0] for m in mismatch[:2]] == ["the baseline report has no fingerprint",
                                                         "the current report has no fingerprint"]
    assert mismatch[2:] == ["scorer_version differs: baseline 1, current 3",
                            "tool_version differs: baseline '0.1.0', current '0.2.0'"]


def test_rescore_differences():
    rows = scored(10, 0.5)
    report = make_report(rows)
    assert rescore_differences(report, make_report(copy.deepcopy(rows))) == []
    again = copy.deepcopy(rows)
    again[2].update(status="error", score=0.0, extracted=None)
    diffs = rescore_differences(report, make_report(again[:9]))
    assert diffs[0]["id"] == "2" and diffs[0]["changes"]["status"] == [rows[2]["status"], "error"]
    assert diffs[-1] == {"id": "9", "file": "preds.jsonl", "line": 10, "changes": {"row": ["present", "missing"]}}


@pytest.mark.parametrize("budget", [2e6, 2e3])  # percentile interval, then the normal one from few resamples
@pytest.mark.parametrize("margin", [0.01, 0.03, 0.05, 0.08])
def test_the_tail_p_value_agrees_with_the_interval(budget, margin):
    from pytest_answerbench.report.paired import _tail_p
    from pytest_answerbench.report.stats import bootstrap_mean_ci

    diffs = [-1.0] * 45 + [1.0] * 15 + [0.0] * 440  # a 6-point drop on 500 rows
    boot = bootstrap_mean_ci(diffs, 10000, seed=1, budget=budget, keep_means=True)
    assert boot["method"] == ("percentile" if budget > 1e5 else "normal")
    p = _tail_p(boot, margin, 0.05)
    below = boot["ci"][1] < -margin
    # the two agree except within resampling granularity right at the boundary
    assert (p < 0.05) == below or abs(boot["ci"][1] + margin) < 0.002


def test_without_margin_or_max_drop_only_the_fingerprint_gate_remains():
    rows = scored(50, 0.5)
    c = compare_reports(make_report(flipped(rows, 3, 1)), make_report(rows))
    assert c["noninferiority"] is None
    assert [g["name"] for g in comparison_gates(c)] == ["fingerprint"]
