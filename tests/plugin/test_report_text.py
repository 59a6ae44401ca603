"""What a report row says about why it was wrong (issue 16, section 4): the response and question in the JSON
report rows (``--bench-omit-text`` leaves them out), no install paths in the report, text shown as written
(LaTeX keeps single backslashes), and no metric computed from no data."""

from __future__ import annotations

import os

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench.report.render.text import summary_lines

LATEX_ANSWER = r"\frac{1}{2}"


def _vmc_rows(n: int = 6) -> list[dict]:
    return [mc_row(i, f"The answer is ({'ABCD'[i % 4]}).", answer="B", question=f"Question {i}?")
            for i in range(n)]


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_report_rows_carry_the_response_and_question(bench_env, workers):
    rows = _vmc_rows()
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    result = bench_env.runpytest("--bench", "vmcbench_dev", "preds.jsonl", "--bench-report", "report.json", *workers)
    assert result.ret == 1
    report = load_report(bench_env)
    by_id = {r["id"]: r for r in report["rows"]}
    for row in rows:
        rec = by_id[str(row["index"])]
        assert rec["response"] == row["prediction"]
        assert rec["question"] == row["question"]


def test_omit_text_leaves_response_question_and_judge_exchanges_out(bench_env):
    bench_env.makepyfile(judged_scorer=(
        "from pytest_answerbench import Verdict\n"
        "def score(row, ctx):\n"
        "    ok = row['prediction'] == row['answer']\n"
        "    return Verdict('correct' if ok else 'wrong', float(ok), extracted=row['prediction'],\n"
        "                   gold=row['answer'], method='judge',\n"
        "                   extra={'judge_calls': [{'request': 'same?', 'reply': 'VERDICT: no', 'cached': False}]})\n"))
    (bench_env.path / "judged.yaml").write_text(
        "name: judged\nscorer: judged_scorer:score\nrequired: [prediction, answer]\n", encoding="utf-8")
    write_jsonl(bench_env.path / "preds.jsonl",
                [{"id": "a", "question": "1+1?", "prediction": "2", "answer": "2"},
                 {"id": "b", "question": "2+2?", "prediction": "5", "answer": "4"}])
    bench_env.syspathinsert()
    bench_env.runpytest("--bench", "judged.yaml", "preds.jsonl", "--bench-report", "full.json")
    bench_env.runpytest("--bench", "judged.yaml", "preds.jsonl", "--bench-report", "lean.json", "--bench-omit-text")
    full, lean = load_report(bench_env, "full.json"), load_report(bench_env, "lean.json")
    wrong = next(r for r in full["rows"] if r["id"] == "b")
    assert wrong["response"] == "5" and wrong["question"] == "2+2?"
    assert wrong["extra"]["judge_calls"][0]["reply"] == "VERDICT: no"
    for r in lean["rows"]:
        assert r["response"] is None and r["question"] is None and "judge_calls" not in r["extra"]
    # the verdicts themselves are the same
    assert [(r["id"], r["status"], r["extracted"], r["gold"]) for r in lean["rows"]] == \
        [(r["id"], r["status"], r["extracted"], r["gold"]) for r in full["rows"]]


def test_omit_text_as_an_ini_key(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", _vmc_rows(2))
    bench_env.makeini("[pytest]\nbench_omit_text = true\n")
    bench_env.runpytest("--bench", "vmcbench_dev", "preds.jsonl", "--bench-report", "report.json")
    assert all(r["response"] is None for r in load_report(bench_env)["rows"])


def test_the_report_records_no_absolute_install_path(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", _vmc_rows(2))
    bench_env.runpytest("--bench", "vmcbench_dev", "preds.jsonl", "--bench-report", "report.json")
    report = load_report(bench_env)
    assert report["benchmark_path"] == "builtin:vmcbench_dev/benchmark.yaml"
    spec_paths = [entry["path"] for entry in report["fingerprint"]["spec"]]
    assert spec_paths and not any(os.path.isabs(p) for p in spec_paths), spec_paths
    assert spec_paths[0] == "builtin:vmcbench_dev/benchmark.yaml"
    assert str(bench_env.path) not in (bench_env.path / "report.json").read_text(encoding="utf-8")


def test_a_custom_benchmark_path_is_relative_to_the_working_folder(bench_env):
    (bench_env.path / "benches").mkdir()
    (bench_env.path / "benches" / "exact.yaml").write_text(
        "name: exact\nscorer: generic\nrequired: [prediction, answer]\noptions: {match: {type: exact}}\n", encoding="utf-8")
    write_jsonl(bench_env.path / "preds.jsonl", [{"id": "a", "prediction": "x", "answer": "x"}])
    bench_env.runpytest("--bench", str(bench_env.path / "benches" / "exact.yaml"), "preds.jsonl",
                        "--bench-report", "report.json")
    assert load_report(bench_env)["benchmark_path"] == "benches/exact.yaml"


def test_latex_is_shown_as_written(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", [
        {"id": "p1", "question": "Half?", "prediction": "So the answer is $\\boxed{\\frac{1}{3}}$",
         "final_answer": [LATEX_ANSWER], "answer_type": "Numerical"}])
    result = bench_env.runpytest("--bench", "olympiad", "preds.jsonl", "--bench-report", "report.json")
    out = result.stdout.str()
    assert LATEX_ANSWER in out
    assert r"\\frac" not in out  # no doubled backslashes anywhere: summary line nor failure message
    report = load_report(bench_env)
    assert report["rows"][0]["response"] == "So the answer is $\\boxed{\\frac{1}{3}}$"


def test_no_metric_is_computed_from_no_data(bench_env):
    # olympiad's AVG is over its ten source subsets: rows without a source give no AVG (not "AVG 0")
    write_jsonl(bench_env.path / "preds.jsonl", [
        {"id": f"q{i}", "prediction": f"The answer is $\\boxed{{{i}}}$", "final_answer": [str(i)],
         "answer_type": "Numerical"} for i in range(5)])
    result = bench_env.runpytest("--bench", "olympiad", "preds.jsonl", "--bench-report", "report.json")
    report = load_report(bench_env)
    assert report["accuracy"] == 1.0
    assert "AVG" not in report["metrics"]
    assert "AVG 0" not in result.stdout.str()


def test_summary_lines_show_text_as_written():
    report = {"benchmark": "olympiad", "profile": "default", "total": 1, "correct": 0, "accuracy": 0.0,
              "ci95": None, "counts": {"wrong": 1}, "rows": [
                  {"id": "p1", "file": "f.jsonl", "line": 1, "status": "wrong", "score": 0.0,
                   "extracted": "\\sqrt{2}\n+1", "gold": LATEX_ANSWER, "method": "sympy", "detail": ""}]}
    lines = [text for text, _ in summary_lines(report)]
    assert "  f.jsonl:1 p1: extracted '\\sqrt{2}\\n+1', gold '\\frac{1}{2}' [sympy]" in lines
