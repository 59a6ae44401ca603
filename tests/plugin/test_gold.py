"""--bench-gold: gold answers in a separate file, joined to prediction rows by id; nothing is lost."""

from __future__ import annotations

from conftest import MC_OPTIONS, load_report, write_jsonl
from pytest_answerbench.options import BENCH, BENCH_GOLD, BENCH_REPORT


def test_gold_joined_by_id_and_every_mismatch_reported(bench_env):
    gold = [{"index": i, **MC_OPTIONS, "answer": "B", "category": "MMStar"} for i in range(1, 5)]
    gold.append("{broken gold line")
    write_jsonl(bench_env.path / "gold.jsonl", gold)
    preds = [{"index": 1, "prediction": "(B)"}, {"index": 2, "prediction": "(A)"}, {"index": 3, "prediction": "B"},
             {"index": 9, "prediction": "(B)"}]
    write_jsonl(bench_env.path / "preds.jsonl", preds)
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_GOLD, "gold.jsonl",
                                 BENCH_REPORT, "report.json")
    result.assert_outcomes(passed=2, failed=1, errors=3)
    rows = {r["id"]: r for r in load_report(bench_env)["rows"]}
    assert rows["1"]["status"] == "correct" and rows["1"]["gold"] == "B"
    assert rows["2"]["status"] == "wrong"
    assert "no gold row with id '9'" in rows["9"]["detail"]
    assert "gold row '4' has no prediction" in rows["4"]["detail"]
    broken = [r for r in rows.values() if r["detail"].startswith("gold.jsonl:5")]
    assert broken and "not valid JSON" in broken[0]["detail"]
    assert load_report(bench_env)["total"] == 6
