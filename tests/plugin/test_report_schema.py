"""The report's published JSON Schema (report/schema.json, `answerbench schema`) and the checked reading of every
report the tools take in (issue 23, section 4): the schema matches what the tools write (real reports of every
built-in sample and of a real run with every optional part), and a report that lies (NaN, Infinity, wrong types,
no fingerprint, no rows) is a usage error or a failed gate, never a pass."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench import score_rows
from pytest_answerbench.cli import BAD_INPUT, main
from pytest_answerbench.judge import OpenAIJudge
from pytest_answerbench.judge.testing import FakeOpenAIServer, verdict_by_token
from pytest_answerbench.options import (BENCH, BENCH_BASELINE, BENCH_MAX_DROP, BENCH_MIN_ACCURACY,
                                        BENCH_MARGIN, BENCH_REPORT, BENCH_SELECT, BENCH_SHARD)
from pytest_answerbench.report import ReportError
from pytest_answerbench.report.io import read_report, report_schema
from pytest_answerbench.spec import builtin_dir, builtin_specs

SCHEMA = report_schema()


def _strict(schema):
    """The schema with every object that lists its keys closed to others (``unevaluatedProperties``, which sees
    through ``allOf``): what the tools write must be declared, so the schema cannot drift from build.py."""
    schema = copy.deepcopy(schema)
    shared = schema["$defs"]["paired"]  # extended by the comparison, which is closed over both (allOf)

    def close(node):
        if isinstance(node, dict):
            if "properties" in node and "additionalProperties" not in node and node is not shared:
                node["unevaluatedProperties"] = False
            for value in node.values():
                close(value)
        elif isinstance(node, list):
            for value in node:
                close(value)

    close(schema)
    return schema


STRICT = jsonschema.Draft202012Validator(_strict(SCHEMA))


def _assert_declared(report, where):
    errors = sorted(STRICT.iter_errors(report), key=lambda e: list(e.absolute_path))
    assert not errors, f"{where}: {errors[0].json_path}: {errors[0].message}"


def _sample(name):
    path = builtin_dir() / name / "sample.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_the_schema_is_valid_json_schema_and_the_cli_prints_it(capsys):
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert main(["schema"]) == 0
    assert json.loads(capsys.readouterr().out) == SCHEMA
    shipped = Path(__import__("pytest_answerbench").__file__).parent / "report" / "schema.json"
    assert json.loads(shipped.read_text(encoding="utf-8")) == SCHEMA


@pytest.mark.parametrize("profile", ["default", "upstream"])
def test_reports_of_every_built_in_sample_are_valid_and_fully_declared(profile):
    names = [n for n in builtin_specs() if (builtin_dir() / n / "sample.jsonl").exists()]
    assert {"olympiad", "crag_mm", "atomic", "megabench", "vmcbench_dev"} <= set(names)
    with FakeOpenAIServer(verdict_by_token(r"\w+")) as server:
        judge = OpenAIJudge("m", base_url=server.base_url, api_key="k", cache_path=None)
        for name in names:
            report = score_rows(name, _sample(name), profile, judge=judge)
            assert report["total"] == len(_sample(name))
            _assert_declared(report, f"{name}/{profile}")


def test_reports_of_real_runs_with_every_optional_part_are_valid(bench_env):
    rows = [mc_row(i, "(B)" if i % 4 else "(A)", category=["MMStar", "MMMU"][i % 2]) for i in range(24)]
    rows.append(dict(rows[3]))  # a duplicate id: the report's warnings
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    base = ["vmcbench_dev", "preds.jsonl"]
    assert bench_env.runpytest(BENCH, *base, BENCH_REPORT, "base.json", "-n", "2").ret == 1  # wrong rows fail
    gated = bench_env.runpytest(BENCH, *base, BENCH_REPORT, "gated.json", BENCH_BASELINE, "base.json",
                                BENCH_MAX_DROP, "0.05", BENCH_MARGIN, "0.05",
                                BENCH_MIN_ACCURACY, "0.9")
    assert gated.ret == 1  # min accuracy 0.9 against 0.72
    for i in (1, 2):
        bench_env.runpytest(BENCH, *base, BENCH_SHARD, f"{i}/2", BENCH_REPORT, f"shard{i}.json")
    assert main(["merge", "shard1.json", "shard2.json", "-o", "merged.json"]) == 0
    selected = bench_env.runpytest(BENCH, *base, BENCH_SELECT, "failing:base.json", BENCH_REPORT, "sel.json")
    assert selected.ret == 1
    reports = {name: load_report(bench_env, name)
               for name in ("base.json", "gated.json", "shard1.json", "merged.json", "sel.json")}
    assert reports["base.json"]["parallel"]["workers"] == 2 and reports["base.json"]["warnings"]
    assert reports["gated.json"]["comparison"]["n"] == 25 and reports["merged.json"]["merged_from"]
    for name, report in reports.items():
        _assert_declared(report, name)
        assert read_report(bench_env.path / name, "merge" if "shard" in name else "baseline") == report


# ------------------------------------------------------------------------------------- reports that lie

def _scored_runs(env) -> None:
    write_jsonl(env.path / "good.jsonl", [mc_row(i, "(B)" if i % 10 else "(A)") for i in range(20)])
    write_jsonl(env.path / "bad.jsonl", [mc_row(i, "(A)") for i in range(20)])
    env.runpytest(BENCH, "vmcbench_dev", "good.jsonl", BENCH_REPORT, "base.json")
    env.runpytest(BENCH, "vmcbench_dev", "bad.jsonl", BENCH_REPORT, "wrong.json")


@pytest.fixture
def reports(bench_env, built_once):
    """base.json: 20 rows, 18 right; wrong.json: the same ids, all wrong (made once, each test given copies)."""
    return built_once.into("report_schema", bench_env, _scored_runs)


def _edit(pytester, source, target, change=None, text=None):
    data = load_report(pytester, source)
    if change:
        change(data)
    out = json.dumps(data, allow_nan=True)
    (pytester.path / target).write_text(text(out) if text else out, encoding="utf-8")


def _nan_scores(data):
    for row in data["rows"]:
        row["score"] = float("nan")


def test_a_baseline_of_nan_scores_is_a_usage_error_not_a_pass(reports):
    _edit(reports, "base.json", "nanbase.json", _nan_scores)
    result = reports.runpytest(BENCH, "vmcbench_dev", "bad.jsonl", BENCH_BASELINE, "nanbase.json",
                               BENCH_MAX_DROP, "0.05")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert ("--bench-baseline nanbase.json: $.rows[0].score is NaN, which is not a JSON number"
            in result.stderr.str())
    assert str(reports.path) not in result.stderr.str()  # the file as given, no absolute path


@pytest.mark.parametrize(("constant", "key"), [("NaN", "$.rows[0].score"), ("Infinity", "$.accuracy"),
                                               ("-Infinity", "$.comparison")])
def test_compare_with_non_finite_numbers_exits_2_naming_the_key(reports, capsys, constant, key):
    def corrupt(data):
        if key == "$.rows[0].score":
            data["rows"][0]["score"] = "@"
        elif key == "$.accuracy":
            data["accuracy"] = "@"
        else:
            data["comparison"] = {"delta": "@"}

    _edit(reports, "base.json", "nanbase.json", corrupt, text=lambda t: t.replace('"@"', constant, 1))
    status = main(["compare", "nanbase.json", "wrong.json", "--max-drop", "0.05"])
    err = capsys.readouterr().err
    assert status == BAD_INPUT == 2
    expected = "$.comparison.delta" if key == "$.comparison" else key
    assert f"nanbase.json: {expected} is {constant}, which is not a JSON number" in err
    assert "Traceback" not in err


def test_a_baseline_without_rows_or_fingerprint_fails_the_fingerprint_gate(reports):
    (reports.path / "hand.json").write_text('{"benchmark": "vmcbench_dev", "accuracy": 1.0}')
    result = reports.runpytest(BENCH, "vmcbench_dev", "good.jsonl", BENCH_REPORT, "r.json",
                               BENCH_BASELINE, "hand.json", BENCH_MAX_DROP, "0.5")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    gates = {g["name"]: g for g in load_report(reports, "r.json")["gates"]}
    assert gates["max_drop"]["passed"]  # -10 pts against a 50-point allowance
    assert not gates["fingerprint"]["passed"]
    assert "lists no rows" in gates["fingerprint"]["message"]
    assert "the baseline report has no fingerprint" in gates["fingerprint"]["message"]
    # with rows but the fingerprint deleted: paired, and still failed
    _edit(reports, "base.json", "nofp.json", lambda d: d.pop("fingerprint"))
    result = reports.runpytest(BENCH, "vmcbench_dev", "good.jsonl", BENCH_REPORT, "r.json",
                               BENCH_BASELINE, "nofp.json", BENCH_MAX_DROP, "0.05")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    fingerprint = [g for g in load_report(reports, "r.json")["gates"] if g["name"] == "fingerprint"][0]
    assert not fingerprint["passed"] and "the baseline report has no fingerprint" in fingerprint["message"]
    assert main(["compare", "nofp.json", "base.json"]) == 1


def test_a_shard_with_a_forged_version_and_no_fingerprint_does_not_merge(bench_env, capsys):
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(i, "(B)") for i in range(10)])
    for i in (1, 2):
        bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_SHARD, f"{i}/2", BENCH_REPORT, f"s{i}.json")

    def forge(data):
        data["scorer_version"] = 999
        del data["fingerprint"]

    _edit(bench_env, "s2.json", "s2x.json", forge)
    assert main(["merge", "s1.json", "s2x.json", "-o", "merged.json"]) != 0
    assert "s2x.json: no fingerprint" in capsys.readouterr().err
    assert not (bench_env.path / "merged.json").exists()
    # the version alone forged (fingerprint kept): the shards disagree
    _edit(bench_env, "s2.json", "s2v.json", lambda d: d.update(scorer_version=999))
    assert main(["merge", "s1.json", "s2v.json", "-o", "merged.json"]) != 0
    # (the shard's own fingerprint names another version: refused on reading, before the shards are compared)
    assert "s2v.json: its fingerprint is of scorer_version" in capsys.readouterr().err
    # the fingerprint's version forged in every shard: not this install's scorer
    from pytest_answerbench.report.rows import rows_digest

    def other_version(d):  # as another install's scorer would have written it, row digest and all
        d.update(scorer_version=999)
        d["fingerprint"].update(scorer_version=999, rows_sha256=rows_digest(d["rows"], profile=d["profile"],
                                                                           scorer_version=999))

    for i in (1, 2):
        _edit(bench_env, f"s{i}.json", f"f{i}.json", other_version)
    assert main(["merge", "f1.json", "f2.json", "-o", "merged.json"]) != 0
    assert "scored with scorer version 999" in capsys.readouterr().err
    assert main(["merge", "s1.json", "s2.json", "-o", "merged.json"]) == 0


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(accuracy="0.9"), '$.accuracy: "0.9", where a report has a value of type number'),
    (lambda d: d.update(accuracy=1.5), "$.accuracy: 1.5, where a report has at most 1"),
    (lambda d: d["rows"][3].update(status="great"), '$.rows[3].status: "great", where a report has one of'),
    (lambda d: d["gates"].append({"name": "x", "passed": "yes"}), '$.gates[0].passed: "yes"'),
    (lambda d: d["rows"][2].update(score=[1]), "$.rows[2].score: [1], where a report has a value of type number"),
])
def test_render_of_a_report_of_wrong_types_is_a_clear_usage_error(reports, capsys, change, message):
    _edit(reports, "base.json", "odd.json", change)
    assert main(["render", "odd.json", "--html", "odd.html"]) == BAD_INPUT
    err = capsys.readouterr().err
    assert f"answerbench: error: odd.json: not a valid answerbench report: {message}" in err
    assert "Traceback" not in err and not (reports.path / "odd.html").exists()


def test_select_from_an_edited_report_is_a_usage_error(reports):
    _edit(reports, "base.json", "odd.json", lambda d: d["rows"][0].update(id=7))
    result = reports.runpytest(BENCH, "vmcbench_dev", "good.jsonl", BENCH_SELECT, "failing:odd.json")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert ("--bench-select odd.json: not a valid answerbench report: $.rows[0].id: 7, where a report has a value "
            "of type string" in result.stderr.str())


def test_every_row_of_a_large_report_is_checked(tmp_path):
    report = score_rows("vmcbench_dev", _sample("vmcbench_dev") * 50)
    report["rows"][-1]["score"] = -0.5  # the last of 1,000 rows: rows of one shape are checked once, not skipped
    (tmp_path / "r.json").write_text(json.dumps(report))
    with pytest.raises(ReportError, match=r"\$\.rows\[999\]\.score: -0\.5, where a report has at least 0"):
        read_report(tmp_path / "r.json")
