"""Other harnesses' files scored by the plugin (``--bench-from``, or detected): each fixture of
tests/data/harnesses (written by the harness's own writer, that folder's README) scored end to end, the
agreement with the harness's own verdicts in the report and the terminal summary, whole-file problems as usage
errors before scoring, and the rows' harness verdicts under xdist."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pytest_answerbench import harnesses
from pytest_answerbench.options import HARNESS_NAMES

from conftest import load_report

DATA = Path(__file__).parents[1] / "data" / "harnesses"
LM_GSM = "samples_gsm8k_2026-11-27T21-00-00.000000.jsonl"
LM_MMLU = "samples_mmlu_astronomy_2026-11-27T21-00-00.000000.jsonl"
LMMS = "20261127_210000_samples_mathvista_testmini.jsonl"
LT_GSM = "details_gsm8k_0_2026-11-27T21-00-00.parquet"
LT_MMLU = "details_mmlu_astronomy_0_2026-11-27T21-00-00.parquet"
IN_EVAL = "inspect_gsm8k.eval"
IN_JSON = "inspect_gsm8k.json"
IN_MMLU = "inspect_mmlu.eval"
OC_GSM = "opencompass_gsm8k.json"
OC_MMLU = "opencompass_mmlu.json"
OC_RESULTS = "opencompass_results_gsm8k.json"

FAST = ("-p", "no:cacheprovider", "--bench-isolation", "none", "--bench-report", "report.json")


def _run(pytester: pytest.Pytester, name: str, *args: str, subprocess: bool = False):
    shutil.copy(DATA / name, pytester.path / name)
    # SymPy's benchmarks in a process of their own: an in-process olympiad run leaves SymPy state that fails
    # tests/unit/test_atomic.py after it (tests/plugin/test_bounds.py)
    subprocess = subprocess or args[args.index("--bench") + 1] in ("olympiad", "imo")
    run = pytester.runpytest_subprocess if subprocess else pytester.runpytest_inprocess
    return run(*args, name, *FAST, "--timeout", "0")  # behaviour, not time


def _agreement(report: dict) -> tuple | None:
    agreement = report.get("harness_agreement")
    if agreement is None:
        return None
    return (agreement["count"], agreement["agreeing"],
            [(d["id"], d["line"], d["ours"], d["theirs"]) for d in agreement["differing"]])


# file, harness, benchmark, extra options -> (row ids and statuses, agreement: (compared, agreeing, differing))
CASES = [
    # lm-eval's own extraction (filtered_resps) scored: doc 1's `10.00` is right, exact_match said 0
    (LM_GSM, "lm-eval", "olympiad", ("--bench-field", "prediction=filtered_resps[0]"),
     {"0": "correct", "1": "correct", "2": "correct"}, (3, 2, [("1", 2, True, False)])),
    (LM_MMLU, "lm-eval", "livexiv", (), {"0": "correct", "1": "wrong"}, (2, 2, [])),
    # the responses as written (GSM8K's `#### 72` lines are answer lines): doc 1's `10.00` is right, lmms-eval's
    # exact_match said 0; doc 2's three responses are samples of one question (issue 25)
    (LMMS, "lmms-eval", "olympiad", (),
     {"0": "correct", "1": "correct", "2[s1]": "correct", "2[s2]": "wrong", "2[s3]": "correct"},
     (3, 2, [("1", 2, True, False)])),
    (LT_MMLU, "lighteval", "livexiv", (), {"0": "correct", "1": "wrong"}, (2, 2, [])),
    # inspect's match scorer says I for `1/2` against 0.5; the two epochs of id 3 are its samples 3[s1], 3[s2]
    (IN_EVAL, "inspect", "olympiad", (), {"1": "correct", "2": "correct", "3[s1]": "correct", "3[s2]": "wrong"},
     (4, 3, [("2", 2, True, False)])),
    (IN_JSON, "inspect", "olympiad", (), {"1": "correct", "2": "correct", "3[s1]": "correct", "3[s2]": "wrong"},
     (4, 3, [("2", 2, True, False)])),
    (IN_MMLU, "inspect", "livexiv", (), {"mmlu-1": "correct", "mmlu-2": "wrong"}, (2, 2, [])),
    # predictions alone carry no verdict: no agreement section
    (OC_GSM, "opencompass", "olympiad", (),
     {"0": "correct", "1": "correct", "2[s1]": "correct", "2[s2]": "wrong", "2[s3]": "correct"}, None),
    (OC_MMLU, "opencompass", "livexiv", (), {"0": "correct", "1": "wrong"}, None),
    (OC_RESULTS, "opencompass", "olympiad", (), {"0": "correct", "1": "wrong", "2": "correct"}, (3, 3, [])),
]


@pytest.mark.parametrize("name, harness, bench, extra, statuses, agreement", CASES,
                         ids=[f"{c[1]}-{c[0]}" for c in CASES])
def test_each_harness_file_scores_with_bench_from(bench_env, name, harness, bench, extra, statuses, agreement):
    result = _run(bench_env, name, "--bench", bench, "--bench-from", harness, *extra)
    assert result.ret in (0, 1), result.stdout.str()
    report = load_report(bench_env)
    assert {r["id"]: r["status"] for r in report["rows"]} == statuses
    assert all(r["file"] == name for r in report["rows"])
    assert _agreement(report) == agreement
    if agreement is not None:
        differing = agreement[2]
        result.stdout.fnmatch_lines([f"agreement with the harness's own verdicts (*): *({agreement[1]}/"
                                     f"{agreement[0]} rows*{len(differing)} differ"])
        for row_id, line, ours, theirs in differing:
            word = {True: "correct", False: "wrong"}
            result.stdout.fnmatch_lines([f"  {name}:{line} {row_id}: ours {word[ours]}, theirs {word[theirs]}"])
    else:
        assert "agreement with" not in result.stdout.str()


def test_lighteval_gsm8k_details_give_one_row_per_sample_and_the_harness_metric(bench_env):
    pytest.importorskip("pyarrow")
    result = _run(bench_env, LT_GSM, "--bench", "olympiad", "--bench-from", "lighteval")
    assert result.ret == 1
    report = load_report(bench_env)
    assert [r["id"] for r in report["rows"]] == ["0", "1", "2[s1]", "2[s2]", "2[s3]"]
    assert report["harness_agreement"]["harness_metric"] == "extractive_match"


@pytest.mark.parametrize("name, bench", [(LM_GSM, "olympiad"), (IN_JSON, "olympiad"), (IN_EVAL, "olympiad"),
                                         (LT_MMLU, "livexiv"), (OC_RESULTS, "olympiad")])
def test_a_file_that_says_what_it_is_is_read_without_the_option(bench_env, name, bench):
    result = _run(bench_env, name, "--bench", bench)
    assert result.ret in (0, 1), result.stdout.str()
    detected = load_report(bench_env)
    assert "harness_agreement" in detected
    (bench_env.path / "report.json").unlink()
    _run(bench_env, name, "--bench", bench, "--bench-from", harnesses.detect(DATA / name))
    given = load_report(bench_env)
    assert [(r["id"], r["status"], r["fields"]) for r in detected["rows"]] == [
        (r["id"], r["status"], r["fields"]) for r in given["rows"]]


def test_the_gold_is_read_into_the_benchmarks_own_gold_field(bench_env):
    # IMO-AnswerBench's gold column is `Short Answer`: the records' `answer` becomes it
    _run(bench_env, LM_GSM, "--bench", "imo", "--bench-from", "lm-eval")
    report = load_report(bench_env)
    assert [r["gold"] for r in report["rows"]] == ["72", "10", "624", "624", "624"]
    assert report["counts"].get("error", 0) == 0


def test_a_file_that_is_not_the_harness_s_is_a_usage_error_before_scoring(bench_env):
    result = _run(bench_env, IN_JSON, "--bench", "olympiad", "--bench-from", "lm-eval")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    err = result.stderr.str()
    assert "--bench-from lm-eval: inspect_gsm8k.json:" in err and ".jsonl" in err
    assert str(bench_env.path) not in err  # the file by its name, never an absolute path
    assert not (bench_env.path / "report.json").exists()  # nothing was scored


def test_an_inspect_eval_given_as_text_is_a_usage_error(bench_env):
    (bench_env.path / "broken.eval").write_text('{"not": "a zip archive"}\n', encoding="utf-8")
    result = bench_env.runpytest_inprocess("--bench", "olympiad", "--bench-from", "inspect", "broken.eval", *FAST)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "broken.eval" in result.stderr.str() and str(bench_env.path) not in result.stderr.str()


def test_a_bad_bench_field_path_is_a_usage_error(bench_env):
    result = _run(bench_env, LM_GSM, "--bench", "olympiad", "--bench-from", "lm-eval",
                  "--bench-field", "prediction=filtered_resps[")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--bench-field path 'filtered_resps[' is not a valid path*"])


def test_a_path_finding_nothing_errors_that_record_at_its_line(bench_env):
    result = _run(bench_env, LMMS, "--bench", "olympiad", "--bench-from", "lmms-eval",
                  "--bench-field", "prediction=no_such_key")
    assert result.ret == 1
    rows = load_report(bench_env)["rows"]
    assert [(r["line"], r["status"]) for r in rows] == [(1, "error"), (2, "error"), (3, "error")]
    assert rows[0]["detail"] == (f"{LMMS}:1: --bench-field prediction=no_such_key finds nothing in this record")


def test_harness_verdicts_reach_the_report_under_xdist(bench_env):
    pytest.importorskip("xdist")
    result = _run(bench_env, IN_JSON, "--bench", "olympiad", "-n", "2", subprocess=True)
    assert result.ret == 1, result.stdout.str()
    report = load_report(bench_env)
    assert _agreement(report) == (4, 3, [("2", 2, True, False)])
    assert {r["id"]: r["fields"]["harness_metric"] for r in report["rows"]} == dict.fromkeys(
        ["1", "2", "3[s1]", "3[s2]"], "match")


def test_bench_from_names_are_the_readers():
    assert HARNESS_NAMES == tuple(harnesses.HARNESSES)


def test_a_file_of_benchmark_rows_is_not_taken_for_another_harness_s(bench_env):
    # a VMCBench-shaped JSONL with a `doc_id`-free layout reads as rows, not as lm-eval's
    rows = [{"index": 1, "question": "q", "A": "x", "B": "y", "C": "z", "D": "w", "answer": "B",
             "category": "MMStar", "prediction": "B"}]
    (bench_env.path / "preds.jsonl").write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    result = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "preds.jsonl", *FAST)
    assert result.ret == 0
    assert "harness_agreement" not in load_report(bench_env)
