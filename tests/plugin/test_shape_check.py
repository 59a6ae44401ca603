"""Issue 16 section 2: a multiple-choice file given to a benchmark that is not multiple-choice stops before
scoring with one message (inputs.shape.FieldCheck's shape check), real maths rows pass, and --bench-no-shape-check
scores the file anyway."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import load_report, mc_row, read_jsonl, write_jsonl
from pytest_answerbench.inputs.shape import is_multiple_choice, option_letter_gold
from pytest_answerbench.options import BENCH, BENCH_REPORT
from pytest_answerbench.spec import builtin_specs, load_spec

BENCH_NO_SHAPE_CHECK = "--bench-no-shape-check"
DATA = Path(__file__).parents[1] / "data"
VECTORS = DATA / "vectors"  # the shared reference vectors (vlmevalkit.jsonl, others.jsonl), copied into the repo

# VMCBench rows: 2 of 3 predictions name the gold letter
ROWS = [mc_row(1, "(B)"), mc_row(2, "The answer is B"), mc_row(3, "(C)")]
SHAPE = "are multiple-choice rows"


def _vectors(benchmark: str, gold_field: str = "answer") -> list[dict]:
    """Prediction rows of one benchmark from the shared reference vectors (vlmevalkit.jsonl): the row's own
    columns, the gold under ``gold_field``, the vector's bookkeeping left out."""
    rows = []
    for case in read_jsonl(VECTORS / "vlmevalkit.jsonl"):
        if case["benchmark"] != benchmark or "prediction" not in case:
            continue
        row = {k: v for k, v in case.items()
               if k not in ("benchmark", "gold", "why", "source", "kind") and not k.startswith("expected")}
        row[gold_field] = case["gold"]
        rows.append(row)
    return rows


def _stopped(bench_env, bench: str, rows: list[dict], *args: str, name: str = "preds.jsonl") -> pytest.RunResult:
    """Run ``rows`` (JSONL, or a JSON list for ``name`` ending .json) with ``bench``; the run stops before
    scoring with the one shape message (a serial run's collection error: exit status 2)."""
    path = bench_env.path / name
    if name.endswith(".json"):
        path.write_text(json.dumps(rows))
    else:
        write_jsonl(path, rows)
    result = bench_env.runpytest(BENCH, bench, name, *args, "--bench-no-judge")  # atomic needs a judge otherwise
    assert result.ret == pytest.ExitCode.INTERRUPTED
    assert result.stdout.str().count(SHAPE) == 1
    return result


def test_the_multiple_choice_benchmarks_are_read_from_their_definitions():
    specs = builtin_specs()
    assert {name for name, spec in specs.items() if is_multiple_choice(spec)} == {
        "livexiv", "vmcbench_dev", "vmcbench_test"}


@pytest.mark.parametrize("workers", [(), ("-n", "2")], ids=["serial", "xdist"])
@pytest.mark.parametrize("bench", ["olympiad", "atomic", "polyhedron"])
def test_a_multiple_choice_file_given_to_a_maths_benchmark_stops_with_one_message(bench_env, bench, workers):
    write_jsonl(bench_env.path / "preds.jsonl", ROWS)
    result = bench_env.runpytest(BENCH, bench, "preds.jsonl", BENCH_REPORT, "report.json", *workers,
                                 "--bench-no-judge")  # atomic stops for its judge otherwise
    assert result.ret != pytest.ExitCode.OK
    if not workers:
        assert result.ret == pytest.ExitCode.INTERRUPTED  # a collection error, as the required-field stop
    text = result.stdout.str()
    assert text.count(SHAPE) == 1  # one message, shown once under xdist too
    result.stdout.fnmatch_lines([
        f"ERROR: no row was scored from preds.jsonl (3 rows): none was collected and run (preds.jsonl: 3 of the "
        f"first 3 rows are multiple-choice rows (a one-letter gold naming an option column of the row, e.g. gold "
        f"'B' with the columns A, B, C, D), but benchmark {bench} is not multiple-choice (its definition reads "
        f"no option columns); multiple-choice benchmarks whose required fields the rows meet: livexiv, vmcbench_dev, "
        f"vmcbench_test. Use one of them (--bench NAME), or score the file with {bench} anyway: "
        f"--bench-no-shape-check)"])
    assert " passed" not in text and " failed" not in text
    report = load_report(bench_env)
    assert report["total"] == 0 and report["rows"] == [] and report["incomplete"] is True


def test_livexiv_rows_name_only_the_benchmark_whose_fields_they_meet(bench_env):
    """LiveXivVQA rows have no category: of the multiple-choice benchmarks only livexiv's required fields fit."""
    rows = _vectors("LiveXivVQA")
    assert rows and all(option_letter_gold(r["answer"], r) for r in rows)
    result = _stopped(bench_env, "imo", rows)
    result.stdout.fnmatch_lines([f"*{len(rows)} of the first {len(rows)} rows {SHAPE}*but benchmark imo is not "
                                 "multiple-choice*the rows meet: livexiv. Use one of them*"])


def test_the_check_reads_the_columns_after_bench_field(bench_env):
    rows = [{("truth" if k == "answer" else k): v for k, v in row.items()} for row in ROWS]
    _stopped(bench_env, "olympiad", rows, "--bench-field", "answer=truth")


@pytest.mark.parametrize("workers", [(), ("-n", "2")], ids=["serial", "xdist"])
def test_bench_no_shape_check_scores_the_file_anyway(bench_env, workers):
    write_jsonl(bench_env.path / "preds.jsonl", ROWS)
    result = bench_env.runpytest(BENCH, "olympiad", "preds.jsonl", BENCH_NO_SHAPE_CHECK, BENCH_REPORT,
                                 "report.json", *workers)
    assert SHAPE not in result.stdout.str()
    report = load_report(bench_env)
    assert report["total"] == 3 and "incomplete" not in report
    assert {r["id"]: r["gold"] for r in report["rows"]} == {"1": "B", "2": "B", "3": "B"}
    result.assert_outcomes(passed=report["correct"], failed=3 - report["correct"])


def test_bench_no_shape_check_as_an_ini_key(bench_env):
    bench_env.makeini("[pytest]\nbench_no_shape_check = true\n")
    write_jsonl(bench_env.path / "preds.jsonl", ROWS)
    result = bench_env.runpytest(BENCH, "olympiad", "preds.jsonl", BENCH_REPORT, "report.json")
    assert SHAPE not in result.stdout.str()
    assert load_report(bench_env)["total"] == 3


def test_the_multiple_choice_benchmarks_themselves_score_the_file(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", ROWS)
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl")
    result.assert_outcomes(passed=2, failed=1)


def test_a_few_multiple_choice_rows_are_not_a_stop(bench_env):
    """The check stops a file whose rows are mostly multiple-choice; a minority is scored as it comes."""
    maths = [{"index": i, "prediction": f"\\boxed{{{i}}}", "final_answer": f"['${i}$']"} for i in (4, 5)]
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(1, "(B)"), mc_row(2, "(C)")] + maths)
    result = bench_env.runpytest(BENCH, "olympiad", "preds.jsonl", BENCH_REPORT, "report.json")
    assert SHAPE not in result.stdout.str()
    assert load_report(bench_env)["total"] == 4  # 2 of 4: not most
    result = _stopped(bench_env, "olympiad", [mc_row(1, "(B)"), mc_row(2, "(C)"), mc_row(3, "(B)")] + maths)
    result.stdout.fnmatch_lines([f"*3 of the first 5 rows {SHAPE}*"])


# -- no false alarm on real maths rows -----------------------------------------------------------------------

def _peer_math() -> list[dict]:
    return [case["row"] for case in read_jsonl(DATA / "peer_math.jsonl")]


def _polyhedron_vectors() -> list[dict]:
    """PuzzleClone rows from the shared vectors: option answers are one letter ("B") without option columns."""
    rows = []
    for case in read_jsonl(VECTORS / "others.jsonl"):
        if case.get("system") == "PolyhedronEvaluator" and "ground_truth" in case:
            rows.append({"id": len(rows) + 1, "prediction": case.get("solution_str", case.get("prediction")),
                         "answer": case["ground_truth"], "eval_type": case["eval_type"]})
    return rows


CORPORA = {
    "peer_math": ("olympiad", _peer_math),
    "vectors-olympiad": ("olympiad", lambda: _vectors("OlympiadBench", "final_answer")),
    "vectors-atomic": ("atomic", lambda: _vectors("atomic_dataset")),
    "vectors-omni3d-as-olympiad": ("olympiad", lambda: _vectors("Omni3DBench")),
    "vectors-polyhedron": ("polyhedron", _polyhedron_vectors),
    "polyhedron_latex_constants": ("polyhedron", lambda: read_jsonl(DATA / "polyhedron_latex_constants.jsonl")),
    "math_blind_dev": ("olympiad", lambda: read_jsonl(DATA / "math_blind_dev.jsonl")),
}


@pytest.mark.parametrize("name", CORPORA)
def test_real_maths_rows_are_collected_without_a_stop(bench_env, name):
    bench, make = CORPORA[name]
    rows = make()
    assert len(rows) >= 20
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    result = bench_env.runpytest(BENCH, bench, "preds.jsonl", "--collect-only", "-q", "--bench-no-judge")
    assert result.ret == pytest.ExitCode.OK
    assert SHAPE not in result.stdout.str()
    result.stdout.fnmatch_lines([f"{len(rows)} tests collected*"])


def test_the_polyhedron_corpus_holds_one_letter_golds():
    """What the polyhedron corpora above prove: one-letter golds without option columns are not a stop."""
    letters = [r for r in _polyhedron_vectors() if len(str(r["answer"]).strip()) == 1 and r["answer"].isalpha()]
    assert len(letters) >= 10
    assert not any(option_letter_gold(r["answer"], r) for r in letters)


MATHS_LETTERS = [
    # a point named by its letter, with one extra column that happens to be called A
    {"id": "p1", "question": "Which vertex is closest to O?", "A": "(0, 1)", "prediction": "\\boxed{A}",
     "final_answer": "A"},
    # a variable, and extra columns the maths row carries
    {"id": "p2", "question": "Solve for the unknown.", "prediction": "\\boxed{x}", "final_answer": "x",
     "subject": "algebra", "level": 3},
    # option columns that are empty cells (a spreadsheet's blank A..D), gold a letter
    {"id": "p3", "prediction": "\\boxed{B}", "final_answer": "B", "A": "", "B": None, "C": " ", "D": ""},
    # option-like columns beside a gold that is not a letter
    {"id": "p4", "prediction": "\\boxed{12}", "final_answer": "12", "A": "3", "B": "4"},
]


@pytest.mark.parametrize("workers", [(), ("-n", "2")], ids=["serial", "xdist"])
def test_single_letter_maths_golds_without_option_columns_are_scored(bench_env, workers):
    write_jsonl(bench_env.path / "preds.jsonl", MATHS_LETTERS)
    result = bench_env.runpytest(BENCH, "olympiad", "preds.jsonl", BENCH_REPORT, "report.json", *workers)
    assert SHAPE not in result.stdout.str()
    report = load_report(bench_env)
    assert report["total"] == 4 and "incomplete" not in report
    assert {r["id"]: r["status"] for r in report["rows"]} == {
        "p1": "correct", "p2": "correct", "p3": "correct", "p4": "correct"}


# -- user-defined benchmarks: multiple-choice when their YAML says so ------------------------------------------

def _generic(name: str, extract: str, match: str) -> str:
    """A ``scorer: generic`` benchmark YAML that lists no option columns."""
    return (f"name: {name}\nscorer: generic\nrequired: [prediction, answer]\n"
            f"options:\n  extract: [{{type: {extract}}}]\n  match: {{type: {match}}}\n")


def test_a_generic_benchmark_with_a_choice_matcher_is_multiple_choice(bench_env):
    (bench_env.path / "my_mc.yaml").write_text(_generic("my_mc", "choice", "choice"))
    assert is_multiple_choice(load_spec(bench_env.path / "my_mc.yaml"))
    write_jsonl(bench_env.path / "preds.jsonl", ROWS)
    result = bench_env.runpytest(BENCH, "my_mc.yaml", "preds.jsonl")
    result.assert_outcomes(passed=2, failed=1)


def test_a_benchmark_yaml_using_a_built_in_multiple_choice_scorer_is_multiple_choice(bench_env):
    """A user's YAML with ``scorer: vmcbench`` that lists no option columns still scores multiple-choice rows."""
    (bench_env.path / "mine.yaml").write_text("name: mine\nscorer: vmcbench\nrequired: [prediction, answer]\n")
    write_jsonl(bench_env.path / "preds.jsonl", ROWS)
    result = bench_env.runpytest(BENCH, "mine.yaml", "preds.jsonl")
    result.assert_outcomes(passed=2, failed=1)


def test_a_generic_benchmark_without_options_or_choice_gets_the_stop(bench_env):
    (bench_env.path / "my_numbers.yaml").write_text(_generic("my_numbers", "last_number", "numeric"))
    result = _stopped(bench_env, "my_numbers.yaml", ROWS)
    result.stdout.fnmatch_lines([f"*3 of the first 3 rows {SHAPE}*but benchmark my_numbers is not "
                                 "multiple-choice*"])


def test_the_check_looks_at_the_first_rows_only(bench_env):
    """FieldCheck.SAMPLE rows decide: multiple-choice rows after 100 maths rows are scored as they come."""
    maths = [{"index": i, "prediction": "\\boxed{1}", "final_answer": "['$1$']"} for i in range(100)]
    write_jsonl(bench_env.path / "preds.jsonl", maths + [mc_row(100 + i, "(B)") for i in range(150)])
    result = bench_env.runpytest(BENCH, "olympiad", "preds.jsonl", "--collect-only", "-q")
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(["250 tests collected*"])


def test_json_rows_are_checked_as_jsonl_rows(bench_env):
    _stopped(bench_env, "atomic", ROWS, name="preds.json")
