"""Outputs and gates as data: the ``OUTPUTS`` table read by options, run and cli; ``GateSettings`` one record
with one default per gate; and (with pytester) no output ever overwrites an input (issue 23, section 3)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from pytest_answerbench import cli, options
from pytest_answerbench.options import OPTIONS, Settings
from pytest_answerbench.report import GateSettings, build_report, gate_report, make_row
from pytest_answerbench.report.outputs import OUTPUTS
from pytest_answerbench.spec import resolve_benchmark
from pytest_answerbench.verdict import Verdict


def test_every_output_is_an_option_setting_a_settings_field():
    by_flag = {opt.flag: opt for opt in OPTIONS}
    fields = {f.name for f in dataclasses.fields(Settings)}
    for out in OUTPUTS:
        assert by_flag[out.flag].field == out.field and out.field in fields
    # answerbench compare and render offer every output that has a command-line name, and nothing else
    parser = cli._parser()
    for command in ("compare", "render"):
        sub = parser._subparsers._group_actions[0].choices[command]  # argparse keeps no public map of them
        offered = {s for action in sub._actions for s in action.option_strings if s in ("--markdown", "--html")}
        assert offered == {out.cli for out in OUTPUTS if out.cli}


def _report(rows_scores, groups=True):
    spec = resolve_benchmark("vmcbench_dev")
    rows = [make_row(row_id=str(i), file="p.jsonl", line=i + 1,
                     verdict=Verdict("correct" if s else "wrong", float(s)),
                     fields={"category": "MMStar" if i % 2 else "OCR"} if groups else None)
            for i, s in enumerate(rows_scores)]
    return build_report(spec=spec, profile="default", rows=rows)


def test_group_gates_are_off_unless_asked_in_every_entry_point():
    assert GateSettings().group_gates is False and Settings(bench="x").gates.group_gates is False
    assert cli._parser().parse_args(["compare", "a.json", "b.json"]).group_gates is False
    base, new = _report([1] * 20), _report([1] * 10 + [0] * 10)
    plain, _ = gate_report(new, GateSettings(max_drop=0.05), baseline=base)
    grouped, _ = gate_report(new, GateSettings(max_drop=0.05, group_gates=True), baseline=base)
    assert [g.get("group") for g in plain if g["name"] == "max_drop"] == [None]
    assert sorted(tuple(g["group"]) for g in grouped if g.get("group")) == [("category", "MMStar"),
                                                                           ("category", "OCR")]


def test_settings_hand_the_report_their_gates_as_one_record():
    settings = Settings(bench="x", min_accuracy=0.5, max_drop=0.1, margin=0.02, group_gates=True)
    assert settings.gates == GateSettings(min_accuracy=0.5, max_drop=0.1, margin=0.02, group_gates=True)


@pytest.mark.parametrize(("text", "why"), [("1.5", "must be in [0, 1], got 1.5"),
                                           ("high", "must be a number in [0, 1], got 'high'"),
                                           ("nan", "must be in [0, 1], got nan")])
def test_a_gate_fraction_is_read_by_one_rule_in_pytest_and_in_the_cli(text, why, capsys):
    with pytest.raises(pytest.UsageError, match=rf"^--bench-max-drop {re.escape(why)}$"):
        options._fraction(text, "--bench-max-drop")
    with pytest.raises(SystemExit):
        cli.main(["compare", "a.json", "b.json", "--max-drop", text])
    assert f"--max-drop: {why}" in capsys.readouterr().err


def test_gates_of_a_subset_say_so():
    report = _report([1, 0, 1])
    gates, _ = gate_report(report, GateSettings(min_accuracy=0.9, subset="failing rows of report.json"))
    assert gates[0]["message"].startswith("subset (failing rows of report.json): min_accuracy:")


# -- outputs never overwrite inputs (issue 23, section 3) -------------------------------------------------

import os  # noqa: E402 - the pytester half of the file
import xml.etree.ElementTree as ET  # noqa: E402

from conftest import load_report, mc_row, write_jsonl  # noqa: E402
from pytest_answerbench.options import BENCH, BENCH_BASELINE, BENCH_GOLD, BENCH_REPORT, BENCH_SELECT  # noqa: E402


def _preds(bench_env, name="preds.jsonl"):
    rows = [mc_row(i, "(B)" if i % 3 else "(A)") for i in range(1, 10)]
    return write_jsonl(bench_env.path / name, rows)


def _bench(bench_env, *args):
    return bench_env.runpytest(BENCH, "vmcbench_dev", *args, "-p", "no:cacheprovider")


def _refused(result, option: str, path: str, what: str) -> None:
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*{option} *{path} is also {what}*an output never replaces an input*"])


@pytest.mark.parametrize("option", ["--bench-report", "--bench-html", "--bench-markdown", "--junitxml"])
def test_an_output_that_is_the_prediction_file_is_a_usage_error(bench_env, option):
    before = _preds(bench_env).read_bytes()
    result = _bench(bench_env, "preds.jsonl", option, "preds.jsonl")
    _refused(result, option, "preds.jsonl", "a prediction file (--bench)")
    assert (bench_env.path / "preds.jsonl").read_bytes() == before


def test_a_report_that_is_the_gold_file_is_a_usage_error(bench_env):
    rows = [mc_row(i, "(B)") for i in range(1, 4)]
    write_jsonl(bench_env.path / "preds.jsonl", [{"index": r["index"], "prediction": r["prediction"]} for r in rows])
    gold = write_jsonl(bench_env.path / "gold.jsonl", [{k: v for k, v in r.items() if k != "prediction"}
                                                       for r in rows])
    before = gold.read_bytes()
    result = _bench(bench_env, "preds.jsonl", BENCH_GOLD, "gold.jsonl", BENCH_REPORT, "gold.jsonl")
    _refused(result, "--bench-report", "gold.jsonl", "the gold file (--bench-gold)")
    assert gold.read_bytes() == before


def test_a_report_that_is_the_baseline_is_a_usage_error(bench_env):
    _preds(bench_env)
    assert _bench(bench_env, "preds.jsonl", BENCH_REPORT, "base.json").ret == pytest.ExitCode.TESTS_FAILED
    before = (bench_env.path / "base.json").read_bytes()
    result = _bench(bench_env, "preds.jsonl", BENCH_BASELINE, "base.json", BENCH_REPORT, "base.json")
    _refused(result, "--bench-report", "base.json", "the baseline report (--bench-baseline)")
    assert (bench_env.path / "base.json").read_bytes() == before


@pytest.mark.parametrize("link", ["symlink", "hardlink"])
@pytest.mark.parametrize("option", ["--bench-report", "--junitxml"])
def test_an_output_linked_to_the_prediction_file_is_a_usage_error(bench_env, link, option):
    before = _preds(bench_env).read_bytes()
    (os.symlink if link == "symlink" else os.link)(bench_env.path / "preds.jsonl", bench_env.path / "out.xml")
    result = _bench(bench_env, "preds.jsonl", option, "out.xml")
    _refused(result, option, "out.xml", "a prediction file (--bench)")
    assert (bench_env.path / "preds.jsonl").read_bytes() == before


def test_a_selection_keeps_the_report_it_selects_from_and_its_gates_say_subset(bench_env):
    """The CI habit of docs/running.md: ``bench_report = "report.json"`` in pyproject, then
    ``--bench-select failing:report.json``. The whole run's report stays; the subset's report goes beside it; its gates say they judge a subset."""
    (bench_env.path / "tox.ini").unlink()
    bench_env.makepyprojecttoml('[tool.pytest.ini_options]\nbench_report = "report.json"\n')
    _preds(bench_env)
    assert _bench(bench_env, "preds.jsonl").ret == pytest.ExitCode.TESTS_FAILED
    whole = (bench_env.path / "report.json").read_bytes()
    assert load_report(bench_env)["total"] == 9
    result = _bench(bench_env, "preds.jsonl", BENCH_SELECT, "failing:report.json", "--bench-min-accuracy", "0.5",
                    "--junitxml", "junit.xml")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    assert (bench_env.path / "report.json").read_bytes() == whole
    subset = load_report(bench_env, "report.subset.json")
    assert subset["total"] == 3 and subset["subset"] == "failing rows of report.json"
    assert [g["message"].split(": ")[0] for g in subset["gates"]] == ["subset (failing rows of report.json)"]
    result.stdout.fnmatch_lines(["*subset (failing rows of report.json): min_accuracy*",
                                 "generated answerbench report: *report.subset.json"])
    cases = [(case.get("classname"), case.get("name")) for case in ET.parse(bench_env.path / "junit.xml").iter(
        "testcase") if case.get("classname", "").startswith("answerbench")]
    assert cases == [("answerbench.gate.subset", "min_accuracy[accuracy]")]
    # the next selection reads the whole report again
    again = _bench(bench_env, "preds.jsonl", BENCH_SELECT, "failing:report.json")
    again.assert_outcomes(failed=3)
