"""Everyday and CI frictions of issue 26 (section 2), each as a user meets it: the last line of a run whose gate
failed, the JUnit message of gated wrong rows, CRAG-MM's abstentions, checks that run before scoring."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from conftest import load_report, mc_row, write_jsonl

FAST = ("-p", "no:cacheprovider", "--bench-report", "report.json")


def _mc(pytester: pytest.Pytester) -> None:
    write_jsonl(pytester.path / "preds.jsonl", [mc_row(1, "B"), mc_row(2, "B"), mc_row(3, "C"), mc_row(4, "A")])


def _crag(pytester: pytest.Pytester) -> None:
    turns = [("Apple", "Apple"), ("I don't know", "Mount Fuji"), ("Banana", "Cherry")]
    write_jsonl(pytester.path / "crag.jsonl", [
        {"session_id": f"s{i}", "interaction_id": f"i{i}", "turn_idx": 0, "query": "What is it?", "ground_truth": gold,
         "agent_response": response} for i, (response, gold) in enumerate(turns)])


# ------------------------------------------------------------ 1. the last line says the gate failed, in red

def test_a_failed_gate_is_the_last_line_in_red(bench_env):
    _mc(bench_env)
    result = bench_env.runpytest_subprocess("--bench", "vmcbench_dev", "preds.jsonl", "--bench-min-accuracy", "0.9",
                                            "--color=yes", *FAST)
    assert result.ret == 1
    last = [line for line in result.stdout.lines if line.strip()][-1]
    assert "answerbench: 1 gate FAILED (min_accuracy)" in last
    assert last.startswith("\x1b[31m")  # red
    # pytest's own line (green: wrong rows are expected failures under a gate) comes before it
    plain = re.sub(r"\x1b\[[0-9;]*m", "", [line for line in result.stdout.lines if line.strip()][-2])
    assert "2 passed, 2 xfailed" in plain


def test_a_passing_gate_adds_no_line(bench_env):
    _mc(bench_env)
    result = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "preds.jsonl", "--bench-min-accuracy", "0.5",
                                           *FAST)
    assert result.ret == 0
    assert "FAILED" not in result.stdout.str()
    assert "passed" in [line for line in result.stdout.lines if line.strip()][-1]


# ------------------------------------------------------------ 5. gated wrong rows: JUnit <skipped> "wrong: ..."

def test_gated_wrong_rows_junit_skip_message_starts_with_wrong(bench_env):
    _mc(bench_env)
    result = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "preds.jsonl", "--bench-min-accuracy", "0.9",
                                           "--junitxml", "junit.xml", *FAST)
    assert result.ret == 1
    cases = ET.parse(bench_env.path / "junit.xml").getroot().iter("testcase")
    skipped = {case.get("name"): case.find("skipped") for case in cases if case.find("skipped") is not None}
    assert sorted(skipped) == ["3", "4"]
    assert all(s.get("message").startswith("wrong: extracted ") for s in skipped.values())


# ------------------------------------------------------------ 6. CRAG-MM abstentions apart from wrong rows

def test_crag_mm_misses_are_listed_apart_and_fail_no_test(bench_env):
    _crag(bench_env)
    result = bench_env.runpytest_inprocess("--bench", "crag_mm", "crag.jsonl", "--bench-option",
                                           "without_judge=exact_match", "--junitxml", "junit.xml", *FAST)
    assert result.ret == 1  # the wrong answer fails, the abstention does not
    out = result.stdout.str()
    wrong_part, _, miss_part = out.partition("abstentions (miss) (first 1 of 1):")
    assert "wrong rows (first 1 of 1):" in wrong_part and "crag.jsonl:3 i2" in wrong_part
    assert "crag.jsonl:2 i1" not in wrong_part
    assert "crag.jsonl:2 i1: extracted \"I don't know\"" in miss_part or "crag.jsonl:2 i1" in miss_part
    result.stdout.fnmatch_lines(["*1 failed, 1 passed, 1 xfailed*"])
    cases = {c.get("name"): c for c in ET.parse(bench_env.path / "junit.xml").getroot().iter("testcase")}
    assert cases["i1"].find("skipped").get("message").startswith("miss: ")
    assert cases["i2"].find("failure") is not None
    assert {r["id"]: r["status"] for r in load_report(bench_env)["rows"]} == {"i0": "correct", "i1": "miss",
                                                                              "i2": "wrong"}


# ------------------------------------------------------------ 4. checks that can run before scoring do

def test_a_metric_threshold_typo_stops_before_scoring_with_did_you_mean(bench_env):
    _crag(bench_env)
    result = bench_env.runpytest_inprocess("--bench", "crag_mm", "crag.jsonl", "--bench-threshold",
                                           "metrics.truthfullness_score=0.1", *FAST)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "did you mean 'metrics.truthfulness_score'?" in result.stderr.str()
    assert not (bench_env.path / "report.json").exists()


def test_a_metric_threshold_named_right_still_gates(bench_env):
    _crag(bench_env)
    result = bench_env.runpytest_inprocess("--bench", "crag_mm", "crag.jsonl", "--bench-threshold",
                                           "metrics.truthfulness_score=-1", "--bench-option",
                                           "without_judge=exact_match", *FAST)
    assert result.ret == 0, result.stdout.str()


def _two_benchmarks_reports(pytester: pytest.Pytester) -> None:
    _mc(pytester)
    for bench, name in (("livexiv", "base.json"), ("vmcbench_dev", "new.json")):
        assert pytester.runpytest_inprocess("--bench", bench, "preds.jsonl", "-p", "no:cacheprovider",
                                            "--bench-report", name).ret == 1


def test_a_baseline_of_another_benchmark_is_a_usage_error_before_scoring(bench_env):
    _two_benchmarks_reports(bench_env)
    result = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "preds.jsonl", "--bench-baseline",
                                           "base.json", *FAST)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert ("--bench-baseline base.json is a report of benchmark livexiv, but this run scores vmcbench_dev"
            in result.stderr.str())
    assert not (bench_env.path / "report.json").exists()


def test_answerbench_compare_of_two_benchmarks_exits_2(bench_env, capsys, monkeypatch):
    from pytest_answerbench.cli import main

    _two_benchmarks_reports(bench_env)
    monkeypatch.chdir(bench_env.path)
    capsys.readouterr()
    assert main(["compare", "base.json", "new.json"]) == 2
    assert "base.json is a report of benchmark livexiv, but new.json scores vmcbench_dev" in capsys.readouterr().err


def test_a_bench_field_to_a_missing_column_names_the_column(bench_env):
    rows = [{k: v for k, v in mc_row(i, "B").items() if k != "prediction"} | {"model_output": "B"} for i in (1, 2)]
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    result = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "preds.jsonl", "--bench-field",
                                           "prediction=model_out", *FAST)
    assert result.ret == pytest.ExitCode.USAGE_ERROR  # a usage error, before scoring
    assert ("preds.jsonl: --bench-field prediction=model_out names a column the file does not have ('model_out'): "
            "2 of its first 2 rows lack it; the file has the columns index, question,") in result.stderr.str()
    assert "model_output" in result.stderr.str() and "passed" not in result.stdout.str()
    # a column that only some rows lack is no usage error: those rows are scored as they are
    rows[0]["model_out"] = "B"
    rows.append(mc_row(3, "B") | {"model_out": "B"})
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    mostly = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "preds.jsonl", "--bench-field",
                                           "prediction=model_out", *FAST)
    assert mostly.ret == pytest.ExitCode.TESTS_FAILED
    mostly.assert_outcomes(passed=2, errors=1)
    assert "missing required field 'prediction'" in mostly.stdout.str()  # the row without it, an error row


# ------------------------------------------------------------ 10. "did you mean", no absolute paths

def test_a_bench_typo_gets_did_you_mean(bench_env):
    _mc(bench_env)
    result = bench_env.runpytest_inprocess("--bench", "vmcbench_dve", "preds.jsonl", *FAST)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "unknown benchmark 'vmcbench_dve'; did you mean 'vmcbench_dev'?" in result.stderr.str()


def test_file_messages_name_files_as_given_not_absolute(bench_env):
    (bench_env.path / "bad.yaml").write_text("name: x\nscorer: [\n", encoding="utf-8")
    (bench_env.path / "bad.xlsx").write_text("not a workbook\n", encoding="utf-8")
    _mc(bench_env)
    missing = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "nothere.jsonl", *FAST)
    yaml_error = bench_env.runpytest_inprocess("--bench", "bad.yaml", "preds.jsonl", *FAST)
    xlsx = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "bad.xlsx", *FAST)
    assert "prediction file not found: nothere.jsonl" in missing.stderr.str()
    assert "bad.yaml:3: not valid YAML" in yaml_error.stderr.str()
    # a file that cannot be read at all stops the run before scoring (it was one errored row before)
    assert xlsx.ret == pytest.ExitCode.USAGE_ERROR and "bad.xlsx: not a readable .xlsx file" in xlsx.stderr.str()
    for result, name in ((missing, "nothere.jsonl"), (yaml_error, "bad.yaml"), (xlsx, "bad.xlsx")):
        said = [line for line in result.stdout.lines + result.stderr.lines if name in line]
        assert said and not any(str(bench_env.path) in line for line in said)


# ------------------------------------------------------------ section 3: GitHub Actions annotations

def test_github_actions_annotations_for_a_failed_gate_and_flipped_rows(bench_env, monkeypatch):
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    write_jsonl(bench_env.path / "base.jsonl", [mc_row(i, "B") for i in (1, 2, 3, 4)])
    assert bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "base.jsonl", "-p", "no:cacheprovider",
                                         "--bench-report", "base.json").ret == 0
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(1, "B"), mc_row(2, "B"), mc_row(3, "C"), mc_row(4, "B")])
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    result = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "preds.jsonl", "--bench-baseline",
                                           "base.json", "--bench-min-accuracy", "0.9", *FAST)
    assert result.ret == 1
    lines = result.stdout.lines
    assert "::error file=preds.jsonl,title=answerbench gate min_accuracy failed::min_accuracy: vmcbench_dev accuracy 0.7500 < " \
           "min 0.9 (n=4, short by 0.1500)" in lines
    assert ("::warning file=preds.jsonl,line=3,title=answerbench%3A row 3 flipped correct -> wrong::extracted 'C' "
            "(was 'B'), gold 'B'") in lines
    monkeypatch.delenv("GITHUB_ACTIONS")
    plain = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "preds.jsonl", "--bench-baseline", "base.json",
                                          "--bench-min-accuracy", "0.9", *FAST)
    assert not any(line.startswith("::") for line in plain.stdout.lines)


# ------------------------------------------------------------ 3. the progress rate leaves out the warm-up

class _NoTerminal:
    class pluginmanager:  # noqa: N801 - stands in for config.pluginmanager
        @staticmethod
        def get_plugin(name):
            return None

    @staticmethod
    def get_verbosity():
        return 0


def test_progress_rate_is_read_over_recent_rows_not_the_warm_up():
    from pytest_answerbench.progress import Progress
    from pytest_answerbench.report.render.text import progress_line

    progress = Progress(_NoTerminal(), None)
    progress.start(60)
    start = progress.started
    progress.done = 1
    progress.mark(start + 10.0)  # the first row carries 10 s of warm-up (SymPy's import)
    line = progress_line(1, 60, 1.0, 10.0, recent=progress.recent(start + 10.0))
    assert line == "answerbench: 1/60 rows (1%), accuracy 1.0000"  # no rate nor ETA from the warm-up alone
    for k in range(2, 12):  # then 5 rows a second
        progress.done = k
        progress.mark(start + 10.0 + 0.2 * (k - 1))
    now = start + 12.0
    assert progress.recent(now) == (10, pytest.approx(2.0))
    assert progress_line(11, 60, 11.0, now - start, recent=progress.recent(now)) == \
        "answerbench: 11/60 rows (18%), 5.0 rows/s, ETA 10s, accuracy 1.0000"
    # a whole-run rate would have said 0.9 rows/s and ETA 53s
    assert "0.9 rows/s, ETA 53s" in progress_line(11, 60, 11.0, now - start)


def test_progress_window_keeps_only_recent_rows():
    from pytest_answerbench.progress import Progress

    progress = Progress(_NoTerminal(), None)
    for k in range(1, 101):  # one row a second for 100 s
        progress.done = k
        progress.mark(float(k))
    rows, seconds = progress.recent(100.0)
    assert seconds <= Progress.WINDOW + 1 and rows == pytest.approx(seconds)


# ------------------------------------------------------------ 2. a judged benchmark without a judge stops first

def test_a_judged_benchmark_without_a_judge_stops_before_scoring(bench_env):
    _crag(bench_env)
    result = bench_env.runpytest_inprocess("--bench", "crag_mm", "crag.jsonl", *FAST)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    err = result.stderr.str()
    assert "--bench crag_mm needs an LLM judge" in err and "--bench-judge-model MODEL" in err
    assert "--bench-option without_judge=exact_match" in err and "--bench-no-judge" in err
    assert not (bench_env.path / "report.json").exists()


@pytest.mark.parametrize("args", [("--bench-no-judge",), ("--bench-option", "without_judge=exact_match"),
                                  ("--bench-profile", "upstream")], ids=["no-judge", "exact-match", "upstream"])
def test_a_judged_benchmark_scores_when_told_how_without_a_judge(bench_env, args):
    _crag(bench_env)
    result = bench_env.runpytest_inprocess("--bench", "crag_mm", "crag.jsonl", *args, *FAST)
    assert result.ret == 1
    statuses = {r["id"]: r["status"] for r in load_report(bench_env)["rows"]}
    assert statuses["i0"] == "correct" and statuses["i1"] == "miss"
    assert statuses["i2"] == ("error" if args == ("--bench-no-judge",) else "wrong")


def test_a_judge_fixture_of_the_user_s_own_counts_as_a_judge(bench_env):
    bench_env.makeconftest("import pytest\n@pytest.fixture(scope='session')\ndef bench_judge():\n    return None\n")
    _crag(bench_env)
    result = bench_env.runpytest_inprocess("--bench", "crag_mm", "crag.jsonl", *FAST)
    assert result.ret == 1  # not stopped: the conftest.py says where the judge comes from


# ------------------------------------------------------------ 4. samples: what the layout tells before scoring

def _sampled(pytester: pytest.Pytester, questions: int = 36, k: int = 8) -> None:
    """questions × k rows sharing ``problem`` (and ``index``); question q has q % (k + 1) right samples."""
    write_jsonl(pytester.path / "preds.jsonl", [mc_row(q, "(B)" if s < q % (k + 1) else "(C)", problem=f"q{q}")
                                                for q in range(questions) for s in range(k)])


def test_a_samples_by_field_no_row_has_stops_before_scoring_naming_the_option(bench_env):
    _sampled(bench_env)  # 288 rows: a typo scored them as rows of their own, repeated ids as duplicates
    result = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "preds.jsonl", "--bench-samples-by", "probelm",
                                           *FAST)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    err = result.stderr.str()
    assert ("--bench-samples-by probelm: no row has the field 'probelm' (preds.jsonl: its first 100 rows read)"
            in err)
    assert "the file has the columns index, question," in err and "did you mean --bench-samples-by problem?" in err
    assert "passed" not in result.stdout.str() and not (bench_env.path / "report.json").exists()


def test_a_sample_threshold_the_layout_cannot_give_is_a_usage_error(bench_env):
    _sampled(bench_env)
    result = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "preds.jsonl", "--bench-samples-by", "problem",
                                           "--bench-threshold", "metrics.pass@16=0.5", *FAST)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    err = result.stderr.str()
    assert ("--bench-threshold: 'metrics.pass@16': the files hold 36 questions of 8 samples (k=8), so the report "
            "has no 'pass@16'; did you mean 'metrics.pass@8'?") in err
    assert "pass^8, maj@8)" in err and not (bench_env.path / "report.json").exists()
    typo = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "preds.jsonl", "--bench-samples-by", "problem",
                                         "--bench-threshold", "metrics.maj@4>=0.5", *FAST)
    assert typo.ret == pytest.ExitCode.USAGE_ERROR and "did you mean 'metrics.maj@8'?" in typo.stderr.str()
    misspelt = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "preds.jsonl", "--bench-samples-by",
                                             "problem", "--bench-threshold", "metrics.pas@8=0.5", *FAST)
    assert misspelt.ret == pytest.ExitCode.USAGE_ERROR
    assert "no 'pas@8'; did you mean 'metrics.pass@8'?" in misspelt.stderr.str()
    # the figures the layout gives gate as before
    fine = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "preds.jsonl", "--bench-samples-by", "problem",
                                         "--bench-threshold", "metrics.pass@8=0.5", "--bench-threshold",
                                         "metrics.maj@8_ci95=0", *FAST)
    assert fine.ret == 1  # wrong samples fail; the gates themselves hold
    fine.stdout.fnmatch_lines(["*metrics.pass@8 = 0.8889 >= 0.5 holds*"])


def test_sample_gates_on_a_file_without_samples_say_why_before_scoring(bench_env):
    _mc(bench_env)
    result = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "preds.jsonl", "--bench-min-pass", "1/4",
                                           *FAST)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert ("--bench-min-pass 1/4 holds each question to M of its samples, but no row of the files is a sample of a "
            "question") in result.stderr.str()
    assert "--bench-samples-by FIELD" in result.stderr.str() and not (bench_env.path / "report.json").exists()
    threshold = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "preds.jsonl", "--bench-threshold",
                                              "metrics.pass@1=0.5", *FAST)
    assert threshold.ret == pytest.ExitCode.USAGE_ERROR
    assert "'metrics.pass@1': the report will have no sample figures" in threshold.stderr.str()


def test_mixed_sample_shapes_are_said_before_scoring_and_read_right_with_the_option(bench_env):
    rows = [mc_row(q, "(B)" if s <= q else "(C)") for q in range(3) for s in range(4)]
    rows.append({**mc_row(9, ""), "prediction": ["(B)", "(C)", "(B)", "(B)"]})
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    result = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "preds.jsonl", *FAST)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert ("preds.jsonl: rows of two sample shapes: line 13's prediction is a list of 4 responses (4 samples of its "
            "row) while 9 other rows repeat an id") in result.stderr.str()
    assert "--bench-samples-by index" in result.stderr.str() and not (bench_env.path / "report.json").exists()
    read = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "preds.jsonl", "--bench-samples-by", "index",
                                         *FAST)
    read.stdout.fnmatch_lines(["*accuracy avg@4 0.5625 over 4 questions × 4 samples*"])  # not avg@1 over 1-4
    assert load_report(bench_env)["metrics"]["k"] == 4


# ------------------------------------------------------------ the lm-eval agreement line names its filter

def test_the_lm_eval_agreement_line_names_the_filter_its_verdicts_come_after(bench_env):
    import shutil
    from pathlib import Path

    name = "samples_gsm8k_2026-11-27T21-00-00.000000.jsonl"  # two filters: strict-match first, flexible-extract
    shutil.copy(Path(__file__).parents[1] / "data" / "harnesses" / name, bench_env.path / name)
    result = bench_env.runpytest_inprocess("--bench", "olympiad", name, "--bench-from", "lm-eval", "--bench-field",
                                           "prediction=filtered_resps[0]", *FAST)
    assert result.ret == 0, result.stdout.str()
    result.stdout.fnmatch_lines(["agreement with the harness's own verdicts (exact_match,strict-match): 66.7% "
                                 "(2/3 rows); 1 differ"])
    assert load_report(bench_env)["harness_agreement"]["harness_metric"] == "exact_match,strict-match"


# ------------------------------------------------------------ 7. -n 2 on a few cheap rows is noted, busy or not

def test_a_few_cheap_rows_under_n2_always_get_a_note(bench_env):
    """Whether the machine is busy or not (the wall-time note needs it idle), the figures say the workers cannot
    pay for 4 rows: one note in the summary, and none serially."""
    pytest.importorskip("xdist")
    _mc(bench_env)
    result = bench_env.runpytest_subprocess("--bench", "vmcbench_dev", "preds.jsonl", "-n", "2", *FAST)
    par = load_report(bench_env)["parallel"]
    notes = [line for line in result.stdout.lines if line.startswith("note: ")]
    assert len(notes) == 1, result.stdout.str()
    if not par["serial_likely_faster"]:
        assert notes[0].startswith(f"note: -n 2 on rows this cheap ({par['mean_row_cpu_ms']:.2f} ms of CPU each")
    serial = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "preds.jsonl", *FAST)
    assert not [line for line in serial.stdout.lines if line.startswith("note: ")]


def test_the_samples_checks_stop_an_n2_run_before_its_workers_score(bench_env):
    pytest.importorskip("xdist")
    _sampled(bench_env, questions=6)
    result = bench_env.runpytest_subprocess("--bench", "vmcbench_dev", "preds.jsonl", "--bench-samples-by", "probelm",
                                            "-n", "2", *FAST)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "did you mean --bench-samples-by problem?" in result.stderr.str()
    assert "passed" not in result.stdout.str() and not (bench_env.path / "report.json").exists()
