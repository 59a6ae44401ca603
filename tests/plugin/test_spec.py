"""Benchmark definitions: every built-in YAML is valid, user YAMLs load, and bad ones get precise errors."""

from __future__ import annotations

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench import SpecError, list_benchmarks, load_spec, resolve_benchmark
from pytest_answerbench.options import BENCH, BENCH_LIST, BENCH_REPORT
from pytest_answerbench.spec import _builtin_index, builtin_dir

BUILTIN_PATHS = sorted(builtin_dir().glob("*/benchmark.yaml"))


@pytest.mark.parametrize("path", BUILTIN_PATHS, ids=[p.parent.name for p in BUILTIN_PATHS])
def test_every_builtin_definition_is_valid_and_ships_a_sample(path):
    spec = load_spec(path)
    assert spec.name == path.parent.name, "the folder name is the benchmark's name"
    assert spec.description and spec.required
    assert (path.parent / "sample.jsonl").is_file(), "every benchmark ships a sample.jsonl"


def test_the_contract_benchmarks_exist():
    names = {b["name"] for b in list_benchmarks()}
    assert {"vmcbench_dev", "vmcbench_test"} <= names


def test_aliases_are_unique_across_benchmarks():
    seen = {}
    for name, aliases, _ in _builtin_index():
        for key in {a.lower().replace("-", "_") for a in (name, *aliases)}:
            assert key not in seen, f"{key} used by {seen.get(key)} and {name}"
            seen[key] = name


def _yaml(tmp_path, text, name="b.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize("text, message", [
    ("name: x\nscorer: vmcbench\ngroupz: [a]\n", "unknown key 'groupz' (known: aliases, cache_verdicts"),
    ("name: x\nscorer: numberic\n", "scorer 'numberic' unknown (known: "),
    ("scorer: vmcbench\n", "name is required"),
    ("name: x\nscorer: vmcbench\ntimeout: -1\n", "timeout must be a non-negative number"),
    ("name: x\nscorer: vmcbench\ngate: {min_accuracy: 2}\n", "gate.min_accuracy must be a number in [0, 1]"),
    ("name: x\nscorer: vmcbench\ngate: {minimum: 0.5}\n", "gate.minimum unknown (known: min_accuracy"),
    ("name: x\nscorer: vmcbench\nprofiles: [fancy]\n", "profiles: 'fancy' unknown"),
    ("name: x\nscorer: vmcbench\noptions: {colour: red}\n", "options.colour unknown for scorer 'vmcbench'"),
    ("name: x\nscorer: vmcbench\nrequired: 3\n", "required must be a list of str"),
    ("- just\n- a list\n", "the top level must be a mapping"),
    ("name: x\n  scorer: [\n", "not valid YAML"),
    ("name: x\nscorer: no_such_module_xyz.sub:score\n", "cannot be imported (ModuleNotFoundError"),
])
def test_invalid_definitions_name_file_key_and_choices(tmp_path, text, message):
    path = _yaml(tmp_path, text)
    with pytest.raises(SpecError) as info:
        load_spec(path)
    # a YAML syntax error names the file without its absolute path (relative to the working folder, else its
    # name: issue 26, section 2 item 10); the other messages name the definition as loaded
    assert (path.name if message == "not valid YAML" else str(path)) in str(info.value)
    assert message in str(info.value)


def test_include_merges_and_detects_cycles(tmp_path):
    _yaml(tmp_path, "scorer: vmcbench\nrequired: [prediction, answer]\noptions: {}\n", "_base.yaml")
    spec = load_spec(_yaml(tmp_path, "include: _base.yaml\nname: mine\n"))
    assert (spec.name, spec.scorer, spec.required) == ("mine", "vmcbench", ("prediction", "answer"))
    _yaml(tmp_path, "include: b.yaml\n", "a.yaml")
    with pytest.raises(SpecError, match="include cycle"):
        load_spec(_yaml(tmp_path, "include: a.yaml\nname: x\nscorer: vmcbench\n"))


def test_resolve_by_path_and_unknown_name():
    assert resolve_benchmark(str(BUILTIN_PATHS[0])).name == BUILTIN_PATHS[0].parent.name
    with pytest.raises(SpecError, match="unknown benchmark 'nope'"):
        resolve_benchmark("nope")


def test_bench_list_prints_names_aliases_and_descriptions(bench_env):
    result = bench_env.runpytest(BENCH_LIST)
    assert result.ret == 0
    result.stdout.fnmatch_lines(["vmcbench_dev (aliases: VMCBench_DEV*", "    VMCBench development split*"])


def test_a_custom_yaml_benchmark_with_its_own_fields_and_groups(bench_env):
    (bench_env.path / "mine.yaml").write_text(
        "name: my_mc\n"
        "description: my multiple choice set\n"
        "scorer: vmcbench\n"
        "id_fields: [qid]\n"
        "required: [prediction, answer, A, B]\n"
        "groups: [topic]\n")
    rows = [{"qid": "q1", "prediction": "(A)", "answer": "A", "A": "x", "B": "y", "topic": "t1"},
            {"qid": "q2", "prediction": "(A)", "answer": "B", "A": "x", "B": "y", "topic": "t2"},
            {"qid": "q3", "prediction": "(A)", "answer": "A", "B": "y", "topic": "t2"}]
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    result = bench_env.runpytest(BENCH, "mine.yaml", "preds.jsonl", BENCH_REPORT, "report.json", "-v")
    result.stdout.fnmatch_lines(["*preds.jsonl::q1 PASSED*", "*preds.jsonl::q3 ERROR*"])
    report = load_report(bench_env)
    assert report["benchmark"] == "my_mc"
    assert report["groups"]["topic"]["t1"]["accuracy"] == 1.0
    assert "missing required field 'A'" in report["rows"][2]["detail"]


def test_a_python_scorer_by_import_path_beside_the_yaml(bench_env):
    (bench_env.path / "my_scoring.py").write_text(
        "from pytest_answerbench import Verdict\n"
        "def score(row, ctx):\n"
        "    ok = row['prediction'].strip() == row['answer']\n"
        "    return Verdict.graded(ok, extracted=row['prediction'].strip(), method='strip-exact')\n"
        "def metrics(rows, ctx):\n"
        "    return {'n_scored': len(rows)}\n")
    (bench_env.path / "mine.yaml").write_text("name: mine\nscorer: my_scoring:score\nrequired: [prediction, answer]\n")
    write_jsonl(bench_env.path / "preds.jsonl", [{"id": 1, "prediction": " 4 ", "answer": "4"},
                                                 {"id": 2, "prediction": "5", "answer": "4"}])
    result = bench_env.runpytest_subprocess(BENCH, "mine.yaml", "preds.jsonl", BENCH_REPORT, "report.json")
    result.assert_outcomes(passed=1, failed=1)
    report = load_report(bench_env)
    assert report["metrics"] == {"n_scored": 2}
    assert report["rows"][0]["method"] == "strip-exact"


def test_an_invalid_yaml_given_to_bench_is_a_usage_error(bench_env):
    (bench_env.path / "bad.yaml").write_text("name: x\nscorer: vmcbench\ngroupz: []\n")
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(1, "(B)")])
    result = bench_env.runpytest(BENCH, "bad.yaml", "preds.jsonl")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*bad.yaml: unknown key 'groupz'*"])


def test_every_problem_of_a_file_is_reported_at_once(tmp_path):
    """One SpecError lists them all, one line each naming the file, the key and the valid choices."""
    path = _yaml(tmp_path, "name: x\nscorer: vmcbench\ngroupz: [a]\ntimeout: -1\nprofiles: [fancy]\n"
                           "isolation: thread\ncache_verdicts: maybe\noptions: {colour: red}\n")
    with pytest.raises(SpecError) as info:
        load_spec(path)
    lines = str(info.value).splitlines()
    assert lines[0] == f"{path}: 6 problems"
    assert all(line.startswith(f"  {path}: ") for line in lines[1:])
    assert [line.removeprefix(f"  {path}: ") for line in lines[1:]] == [
        "unknown key 'groupz' (known: aliases, cache_verdicts, cluster, description, fields, gate, gold_field, groups, "
        "id_fields, include, isolation, keep_fields, name, optional, options, prediction_field, profiles, required, "
        "samples_by, scorer, source, timeout, verifier, version)",
        "timeout must be a non-negative number of seconds, got -1",
        "profiles: 'fancy' unknown (known: default, upstream)",
        "isolation 'thread' unknown (known: process, none)",
        "cache_verdicts must be true or false, got 'maybe'",
        "options.colour unknown for scorer 'vmcbench' (known: none)",
    ]


def test_missing_name_and_unknown_scorer_are_reported_together(tmp_path):
    path = _yaml(tmp_path, "scorer: numberic\nversion: two\n")
    message = str(pytest.raises(SpecError, load_spec, path).value)
    assert message.startswith(f"{path}: 3 problems\n")
    for expected in ("name is required", "version must be an int, got 'two'", "scorer 'numberic' unknown (known: "):
        assert f"{path}: {expected}" in message


def test_the_key_table_is_the_specs_fields_and_isolation_takes_the_options_choices():
    from dataclasses import fields

    from pytest_answerbench import options
    from pytest_answerbench.spec import ISOLATIONS, KEYS, BenchmarkSpec

    assert set(KEYS) - {"include"} == {f.name for f in fields(BenchmarkSpec)} - {"path"}
    assert options.ISOLATIONS is ISOLATIONS
    assert all(key.name == name for name, key in KEYS.items())


def test_spec_names_no_scorer():
    """A scorer's own reading of the YAML is a hook of the scorer protocol (``named_fields``), not a case here."""
    from pytest_answerbench import scorers, spec

    source = open(spec.__file__, encoding="utf-8").read()
    assert [name for name in scorers.available() if f'"{name}"' in source or f"'{name}'" in source] == []


def test_a_bad_option_value_is_reported_with_the_unknown_keys_in_one_pass(tmp_path, bench_env):
    """A misspelt option name does not hide a bad value of another option until it is mended: the YAML's and
    --bench-option's messages list both."""
    path = _yaml(tmp_path, "name: x\nscorer: crag_mm\nisolaton: process\n"
                           "options: {without_judj: exact_match, variant: nonesuch}\n")
    lines = str(pytest.raises(SpecError, load_spec, path).value).splitlines()
    assert lines[0] == f"{path}: 3 problems"
    said = [line.removeprefix(f"  {path}: ") for line in lines[1:]]
    assert said[0].startswith("unknown key 'isolaton'")
    assert said[1].startswith("options.without_judj unknown for scorer 'crag_mm' (known: ")
    assert said[2].startswith("options: variant must be one of ") and said[2].endswith(", got 'nonesuch'")
    write_jsonl(bench_env.path / "crag.jsonl", [{"session_id": "s", "interaction_id": "i", "turn_idx": 0,
                                                 "query": "q", "ground_truth": "a", "agent_response": "a"}])
    result = bench_env.runpytest_inprocess(BENCH, "crag_mm", "crag.jsonl", "--bench-option", "without_judj=x",
                                           "--bench-option", "variant=nonesuch", "--bench-no-judge")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    err = result.stderr.str()
    assert "options.without_judj unknown for scorer 'crag_mm'" in err and "variant must be one of" in err
