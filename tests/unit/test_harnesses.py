"""Other harnesses' own files (pytest_answerbench/harnesses): records, detection, whole-file errors, paths,
agreement, and scoring the records with built-in benchmarks through the library API.

The fixtures in tests/data/harnesses were written by each harness's own writer (that folder's README)."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest

from pytest_answerbench import harnesses, score_rows
from pytest_answerbench.errors import ReaderError
from pytest_answerbench.harnesses import (HarnessFormatError, agreement, agreement_of_pairs, field_path, per_record,
                                          remap, rows_of, to_rows)
from pytest_answerbench.harnesses import inspect as inspect_reader

DATA = Path(__file__).parents[1] / "data" / "harnesses"
LM_GSM = DATA / "samples_gsm8k_2026-11-27T21-00-00.000000.jsonl"
LM_MMLU = DATA / "samples_mmlu_astronomy_2026-11-27T21-00-00.000000.jsonl"
LMMS = DATA / "20261127_210000_samples_mathvista_testmini.jsonl"
LT_GSM = DATA / "details_gsm8k_0_2026-11-27T21-00-00.parquet"
LT_MMLU = DATA / "details_mmlu_astronomy_0_2026-11-27T21-00-00.parquet"
LT_OLD = DATA / "details_lighteval_gsm8k_0_2024-05-01T10-00-00.parquet"
IN_EVAL = DATA / "inspect_gsm8k.eval"
IN_JSON = DATA / "inspect_gsm8k.json"
IN_MMLU = DATA / "inspect_mmlu.eval"
OC_GSM = DATA / "opencompass_gsm8k.json"
OC_MMLU = DATA / "opencompass_mmlu.json"
OC_RESULTS = DATA / "opencompass_results_gsm8k.json"
VLM_XLSX = DATA / "Qwen2-VL-7B_VMCBench_DEV.xlsx"
VLM_TSV = DATA / "Qwen2-VL-7B_VMCBench_DEV.tsv"

THREE = ["3 * 2 * 2 = 12 pages a week, 12 * 52 = 624.\n#### 624", "3 * 2 = 6 pages a week, 6 * 52 = 312.\n#### 312",
         "Each week 12 pages; a year is 52 weeks: 624.\n#### 624"]


def records(name, path, **options):
    return list(harnesses.read(name, path, **options))


def summary(recs):
    """(id, line, answer, responses, verdict, metric, error) of each record."""
    return [(r["id"], r["line"], r["fields"].get("answer"), r["responses"], r["harness_verdict"],
             r["harness_metric"], r["error"]) for r in recs]


# ---------------------------------------------------------------- each fixture reads to the expected records

def test_lm_eval_generation_reads_first_filter_with_gold_after_hashes():
    recs = records("lm-eval", LM_GSM)
    # 6 lines (3 docs x 2 filters): the first filter's 3 are read.
    assert summary(recs) == [
        (0, 1, "72", ["Natalia sold 48 / 2 = 24 clips in May, so 48 + 24 = 72 in all.\n#### 72"], 1.0,
         "exact_match,strict-match", None),
        (1, 2, "10", ["She earns 12 / 60 = 0.2 dollars a minute, and 0.2 * 50 = 10.00.\n#### 10.00"], 0.0,
         "exact_match,strict-match", None),
        (2, 3, "624", THREE, [1.0, None, None], "exact_match,strict-match", None),
    ]
    assert recs[0]["fields"]["question"].startswith("Natalia sold clips")
    assert recs[0]["fields"]["solution"].endswith("#### 72")
    assert recs[0]["raw"]["filter"] == "strict-match"
    other = records("lm-eval", LM_GSM, filter="flexible-extract")
    assert [r["line"] for r in other] == [4, 5, 6]
    assert other[0]["raw"]["filter"] == "flexible-extract"


def test_lm_eval_multiple_choice_is_argmax_letter_against_index_letter():
    recs = records("lm-eval", LM_MMLU)
    assert summary(recs) == [(0, 1, "B", ["B"], 1.0, "acc,none", None), (1, 2, "C", ["A"], 0.0, "acc,none", None)]
    assert {k: recs[0]["fields"][k] for k in "ABCD"} == {"A": "Venus", "B": "Mars", "C": "Jupiter", "D": "Saturn"}
    assert recs[0]["fields"]["subject"] == "astronomy"


def test_lmms_eval_reads_unwrapped_responses_and_prompt_as_question():
    recs = records("lmms-eval", LMMS)
    assert summary(recs)[1:] == [
        (1, 2, "10", ["She earns 12 / 60 = 0.2 dollars a minute, and 0.2 * 50 = 10.00.\n#### 10.00"], 0.0,
         "exact_match", None),
        (2, 3, "624", THREE, [1.0, None, None], "exact_match", None)]
    assert recs[0]["fields"]["question"].startswith("Question: Natalia")
    assert "doc" not in recs[0]["raw"]  # lmms-eval's writer drops it


def test_lighteval_new_layout_generation_and_multiple_choice():
    gsm = records("lighteval", LT_GSM)
    # Several texts: lighteval's sampling metrics judge the question, so no per-response verdict.
    assert [(r["id"], r["fields"]["answer"], len(r["responses"]), r["harness_verdict"]) for r in gsm] == [
        ("0", "72", 1, 1.0), ("1", "10", 1, 0.0), ("2", "624", 3, None)]
    assert gsm[2]["responses"] == THREE
    assert {r["harness_metric"] for r in gsm} == {"extractive_match"}
    mmlu = records("lighteval", LT_MMLU)
    assert summary(mmlu) == [(0, 1, "B", ["B"], 1.0, "acc", None), (1, 2, "C", ["A"], 0.0, "acc", None)]
    assert mmlu[0]["fields"]["subject"] == "astronomy"
    # Its choices are the letters themselves (" A", ...): the option texts come from the prompt's option lines.
    assert {k: mmlu[1]["fields"][k] for k in "ABCD"} == {"A": "Ag", "B": "Gd", "C": "Au", "D": "Go"}


def test_lighteval_layout_before_0_10():
    recs = records("lighteval", LT_OLD)
    assert [(r["id"], r["fields"]["answer"], r["responses"][-1][-3:], r["harness_verdict"]) for r in recs] == [
        (0, "72", " 72", 1.0), (1, "10", ".00", 0.0), (2, "624", "624", None)]
    assert recs[0]["fields"]["question"].startswith("Natalia") and recs[0]["fields"]["source"] == "gsm8k"


@pytest.mark.parametrize("path", [IN_EVAL, IN_JSON], ids=["eval", "json"])
def test_inspect_epochs_are_responses_of_one_record(path):
    recs = records("inspect", path)
    assert summary(recs) == [
        (1, 1, "72", ["In May she sold 48 / 2 = 24 clips, so 48 + 24 = 72.\nANSWER: 72"], 1.0, "match", None),
        (2, 2, "0.5", ["One of two equally likely outcomes.\nANSWER: 1/2"], 0.0, "match", None),
        (3, 3, "56", ["7 * 8 = 56\nANSWER: 56", "7 * 8 = 54\nANSWER: 54"], [1.0, 0.0], "match", None),
    ]
    assert recs[0]["fields"]["level"] == 1
    assert "events" not in recs[0]["raw"]
    assert [e["epoch"] for e in recs[2]["raw"]["epochs"]] == [1, 2]


def test_inspect_multiple_choice_has_options_and_letter_target():
    recs = records("inspect", IN_MMLU)
    assert summary(recs) == [("mmlu-1", 1, "B", ["ANSWER: B"], 1.0, "choice", None),
                             ("mmlu-2", 2, "C", ["ANSWER: A"], 0.0, "choice", None)]
    assert recs[1]["fields"]["C"] == "Au"


def test_opencompass_predictions_results_and_perplexity_rows():
    gsm = records("opencompass", OC_GSM)
    assert [(r["id"], r["fields"]["answer"], len(r["responses"]), r["harness_verdict"]) for r in gsm] == [
        (0, "72", 1, None), (1, "1/2", 1, None), (2, "624", 3, None)]
    assert gsm[1]["fields"]["question"].startswith("Question: A fair coin")  # the HUMAN turn's prompt
    mmlu = records("opencompass", OC_MMLU)
    assert [(r["id"], r["fields"]["answer"], r["responses"]) for r in mmlu] == [(0, "B", ["B"]), (1, "C", ["A"])]
    assert {k: mmlu[0]["fields"][k] for k in "ABCD"} == {"A": "Venus", "B": "Mars", "C": "Jupiter", "D": "Saturn"}
    results = records("opencompass", OC_RESULTS)
    assert summary(results) == [(0, 1, "72", ["72"], True, "correct", None), (1, 2, "1/2", ["1"], False, "correct",
                                                                              None),
                                (2, 3, "624", ["624"], True, "correct", None)]


def test_opencompass_predictions_take_verdicts_from_the_results_beside_them(tmp_path):
    (tmp_path / "predictions" / "model").mkdir(parents=True)
    (tmp_path / "results" / "model").mkdir(parents=True)
    predictions = tmp_path / "predictions" / "model" / "gsm8k.json"
    predictions.write_bytes(OC_GSM.read_bytes())
    assert [r["harness_verdict"] for r in records("opencompass", predictions)] == [None, None, None]
    (tmp_path / "results" / "model" / "gsm8k.json").write_bytes(OC_RESULTS.read_bytes())
    recs = records("opencompass", predictions)
    # Row 2 has three responses and the results one verdict: they do not pair, so it gets none.
    assert [(r["harness_verdict"], r["harness_metric"]) for r in recs] == [(True, "correct"), (False, "correct"),
                                                                           (None, None)]
    assert recs[1]["responses"] == ["One of two equally likely outcomes, so the answer is \\frac{1}{2}"]


def test_options_in_prompt_reads_only_a_lettered_run():
    from pytest_answerbench.harnesses._base import options_in_prompt

    assert options_in_prompt("Q?\nA. Venus\nB. Mars\nAnswer:") == {"A": "Venus", "B": "Mars"}
    assert options_in_prompt("A. is a letter\nwhat?") == {}
    assert options_in_prompt("Q\nA) x\nC) y") == {}
    # Few-shot prompts: the last run is the question's.
    assert options_in_prompt("A. x\nB. y\nAnswer: B\n\nA. p\nB. q\nC. r") == {"A": "p", "B": "q", "C": "r"}
    assert options_in_prompt(None) == {}


# ---------------------------------------------------------------- detection

@pytest.mark.parametrize("path, name", [
    (LM_GSM, "lm-eval"), (LM_MMLU, "lm-eval"), (LMMS, "lmms-eval"), (LT_GSM, "lighteval"), (LT_MMLU, "lighteval"),
    (LT_OLD, "lighteval"), (IN_EVAL, "inspect"), (IN_JSON, "inspect"), (IN_MMLU, "inspect"),
    (OC_GSM, "opencompass"), (OC_MMLU, "opencompass"), (OC_RESULTS, "opencompass"), (VLM_XLSX, "vlmevalkit"),
    (VLM_TSV, "vlmevalkit")], ids=lambda v: v.name if isinstance(v, Path) else v)
def test_detect_names_the_harness(path, name):
    assert harnesses.detect(path) == name


def test_detect_leaves_other_files_alone(tmp_path):
    root = Path(__file__).parents[2] / "benchmarks"
    assert harnesses.detect(root / "olympiad" / "sample.jsonl") is None
    assert harnesses.detect(root / "vmcbench_dev" / "sample.jsonl") is None
    (tmp_path / "rows.json").write_text(json.dumps([{"id": 1, "prediction": "x"}]))
    assert harnesses.detect(tmp_path / "rows.json") is None
    assert harnesses.detect(tmp_path / "missing.jsonl") is None
    # A zip that is no inspect log is still an .eval by its magic: read() then says what is missing.
    with zipfile.ZipFile(tmp_path / "other.eval", "w") as archive:
        archive.writestr("notes.txt", "x")
    with pytest.raises(HarnessFormatError, match=r"^other\.eval: a zip archive without header\.json"):
        records("inspect", tmp_path / "other.eval")


# ---------------------------------------------------------------- whole-file errors (before scoring)

def _error(name, path):
    with pytest.raises(HarnessFormatError) as info:
        records(name, path)
    message = str(info.value)
    assert message.startswith(path.name + ":")
    assert str(path.parent) not in message  # no absolute path
    assert isinstance(info.value, ReaderError)  # the reader layer's usage error
    return message


def test_inspect_whole_file_errors(tmp_path):
    (tmp_path / "log.json").write_text(json.dumps([{"id": 1}]))
    assert "a JSON list; inspect_ai .json logs are an object with 'eval'" in _error("inspect", tmp_path / "log.json")
    (tmp_path / "text.eval").write_text(IN_JSON.read_text())
    assert "not a zip archive" in _error("inspect", tmp_path / "text.eval")
    (tmp_path / "cut.eval").write_bytes(IN_EVAL.read_bytes()[:-200])
    assert "a truncated .eval archive (the zip's directory at its end is missing)" in _error("inspect",
                                                                                            tmp_path / "cut.eval")
    (tmp_path / "log.txt").write_text("{}")
    assert ".eval or .json files; this one is .txt" in _error("inspect", tmp_path / "log.txt")
    (tmp_path / "samples.json").write_text(json.dumps({"version": 2, "eval": {}, "samples": {"a": 1}}))
    assert "'samples' is a JSON dict, not a list" in _error("inspect", tmp_path / "samples.json")


def test_inspect_damaged_member_is_a_whole_file_error(tmp_path):
    data = bytearray(IN_EVAL.read_bytes())
    with zipfile.ZipFile(IN_EVAL) as archive:
        info = archive.getinfo("samples/2_epoch_1.json")
    start = info.header_offset + 30 + len(info.filename.encode()) + 8
    data[start: start + 40] = b"\0" * 40  # the compressed bytes of one sample
    (tmp_path / "bad.eval").write_bytes(bytes(data))
    assert "member samples/2_epoch_1.json cannot be read" in _error("inspect", tmp_path / "bad.eval")


def test_inspect_zstandard_without_support_says_how_to_read_it(monkeypatch):
    monkeypatch.setattr(inspect_reader, "_zipfile", lambda: zipfile)
    with zipfile.ZipFile(IN_EVAL) as archive:
        if archive.getinfo("header.json").compress_type != 93 or hasattr(zipfile, "ZIP_ZSTANDARD"):
            pytest.skip("this Python's zipfile reads Zstandard itself")
    message = _error("inspect", IN_EVAL)
    assert "Zstandard-compressed" in message and "pip install backports.zstd" in message


def test_jsonl_whole_file_errors(tmp_path):
    (tmp_path / "samples_x_2024-01-01T00-00-00.jsonl").write_text('[1, 2]\n"text"\n')
    assert "none of its 2 lines is a JSON object" in _error("lm-eval", tmp_path /
                                                             "samples_x_2024-01-01T00-00-00.jsonl")
    (tmp_path / "rows.jsonl").write_text(json.dumps({"id": 1, "prediction": "x"}) + "\n")
    message = _error("lm-eval", tmp_path / "rows.jsonl")
    assert "first record has keys id, prediction" in message and "doc_id, target" in message
    assert "first record has keys id, prediction" in _error("lmms-eval", tmp_path / "rows.jsonl")
    (tmp_path / "s.json").write_text("{}")
    assert ".jsonl files; this one is .json" in _error("lm-eval", tmp_path / "s.json")
    with pytest.raises(HarnessFormatError, match="no sample was logged with filter 'maj@8'; the file has "
                                                 "'strict-match', 'flexible-extract'"):
        records("lm-eval", LM_GSM, filter="maj@8")


def test_opencompass_and_lighteval_whole_file_errors(tmp_path):
    (tmp_path / "preds.json").write_text(json.dumps([{"prediction": "x"}]))
    assert "a JSON list; OpenCompass prediction files" in _error("opencompass", tmp_path / "preds.json")
    (tmp_path / "keyed.json").write_text(json.dumps({"0": {"prediction": "x"}, "name": {}}))
    assert "key 'name' is not a row index" in _error("opencompass", tmp_path / "keyed.json")
    (tmp_path / "bad.json").write_text("{ not json")
    assert "not JSON" in _error("opencompass", tmp_path / "bad.json")
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    pq.write_table(pa.table({"question": ["q"], "prediction": ["p"]}), tmp_path / "details_x.parquet")
    assert "columns prediction, question; lighteval details files" in _error("lighteval",
                                                                              tmp_path / "details_x.parquet")
    (tmp_path / "details_y.parquet").write_bytes(LT_GSM.read_bytes()[:300])
    assert "not a readable parquet file" in _error("lighteval", tmp_path / "details_y.parquet")
    assert "no such file" in _error("lighteval", tmp_path / "details_z.parquet")


def test_unknown_harness_name_and_vlmevalkit_table_reader():
    with pytest.raises(ValueError, match="--bench-from 'helm' is not a harness this version reads; choose from "
                                         "lm-eval, lmms-eval, inspect, lighteval, opencompass, vlmevalkit"):
        harnesses.read("helm", LM_GSM)
    with pytest.raises(ValueError, match="read by the ordinary table reader"):
        harnesses.read("vlmevalkit", VLM_XLSX)


# ---------------------------------------------------------------- a bad record is reported with its line

def test_bad_records_keep_their_line_and_the_rest_reads(tmp_path):
    lines = LM_MMLU.read_text().splitlines()
    broken = json.loads(lines[1])
    broken["resps"], broken["filtered_resps"] = [], []
    path = tmp_path / "samples_mmlu_2024-01-01T00-00-00.jsonl"
    path.write_text("\n".join([lines[0], "{truncated", json.dumps(broken)]) + "\n")
    recs = records("lm-eval", path)
    assert [(r["line"], r["id"], r["error"]) for r in recs] == [
        (1, 0, None),
        (2, None, "line 2 is not JSON (Expecting property name enclosed in double quotes at column 2)"),
        (3, 1, "line 3 (doc_id 1) has no response: resps and filtered_resps are empty")]
    assert recs[2]["responses"] == [] and recs[2]["raw"]["doc_id"] == 1
    # to_rows keeps the errored records as rows, so the report can list every input row.
    assert [row.get("error") is not None for row in to_rows(recs)] == [False, True, True]


def test_opencompass_bad_detail_is_a_record(tmp_path):
    path = tmp_path / "results.json"
    path.write_text(json.dumps({"accuracy": 50.0, "details": [{"pred": ["1"], "answer": ["1"], "correct": [True]},
                                                               "oops"]}))
    assert [(r["line"], r["error"]) for r in records("opencompass", path)] == [
        (1, None), (2, "detail 1 is a JSON str, not an object")]


# ---------------------------------------------------------------- --bench-field paths (jmespath)

def test_field_path_compiles_paths_and_explains_bad_ones():
    doc = json.loads(LM_GSM.read_text().splitlines()[0])
    assert field_path("filtered_resps[0]").search(doc) == "72"
    assert field_path("doc.answer").search(doc).endswith("#### 72")
    assert field_path("arguments.gen_args_0.arg_1.until[0]").search(doc) == "Question:"
    oc = json.loads(OC_MMLU.read_text())["0"]
    assert field_path('"label: B".PPL').search(oc) == 1.3
    for bad_path in ("filtered_resps[0", "doc..answer", "label: B.PPL"):
        expected = rf"--bench-field path '{re.escape(bad_path)}' is not a valid path \(.+\)\. Paths look like"
        with pytest.raises(ValueError, match=expected):
            field_path(bad_path)
    with pytest.raises(ValueError, match="a --bench-field path is empty"):
        field_path(" ")


def test_module_fields_are_valid_paths():
    for name, module in harnesses.HARNESSES.items():
        for key, path in module.FIELDS.items():
            field_path(path)  # raises on a bad one
        assert module.FIELDS, name


def test_remap_replaces_responses_and_fields():
    recs = records("lm-eval", LM_GSM)
    mapped = list(remap(recs, {"prediction": "filtered_resps[0]", "task_filter": "filter"}))
    assert [(r["responses"], r["harness_verdict"], r["fields"]["task_filter"]) for r in mapped] == [
        (["72"], 1.0, "strict-match"), (["10.00"], 0.0, "strict-match"), (["624"], 1.0, "strict-match")]
    assert recs[2]["responses"] == THREE  # the originals are untouched
    # A list is several samples; a path that finds nothing is that record's error, naming the path.
    several = list(remap(recs, {"prediction": "resps[0]"}))
    assert several[2]["responses"] == THREE and several[2]["harness_verdict"] == [1.0, None, None]
    missing = list(remap(recs[:1], {"prediction": "doc.prediction"}))
    assert missing[0]["responses"] == []
    assert missing[0]["error"] == "line 1: --bench-field prediction=doc.prediction finds nothing in this record"


# ---------------------------------------------------------------- several responses, rows, agreement

def test_several_responses_are_several_rows():
    rows = list(to_rows(records("lm-eval", LM_GSM)))
    assert [(row["id"], row.get("sample"), row["prediction"][-3:]) for row in rows] == [
        (0, None, " 72"), (1, None, ".00"), (2, 1, "624"), (2, 2, "312"), (2, 3, "624")]
    assert rows[2]["answer"] == "624" and "responses" not in rows[2]


def test_agreement_counts_compared_responses_and_lists_differences():
    recs = [
        {"id": "a", "line": 1, "responses": ["x"], "harness_verdict": 1.0, "harness_metric": "em", "error": None},
        {"id": "b", "line": 2, "responses": ["y"], "harness_verdict": 0.0, "harness_metric": "em", "error": None},
        {"id": "c", "line": 3, "responses": ["p", "q"], "harness_verdict": [True, False], "harness_metric": "em",
         "error": None},
        {"id": "d", "line": 4, "responses": ["z"], "harness_verdict": None, "harness_metric": None, "error": None},
        {"id": "e", "line": 5, "responses": ["w"], "harness_verdict": 0.5, "harness_metric": "em", "error": None},
        {"id": "f", "line": 6, "responses": [], "harness_verdict": None, "harness_metric": None, "error": "bad"},
    ]
    ours = {"a": "correct", "b": {"status": "correct"}, "c": [True, True], "d": True, "e": 0.0, "f": True}
    result = agreement(recs, ours)
    assert result == {
        "count": 5, "agreeing": 3, "rate": 0.6, "not_compared": 1, "harness_metric": "em",
        "differing": [{"id": "b", "line": 2, "ours": True, "theirs": False, "response": "y"},
                      {"id": "c", "line": 3, "ours": True, "theirs": False, "response": "q", "sample": 2}]}
    # The same verdicts aligned with the records; an error status is not compared.
    aligned = agreement(recs[:2], ["correct", "error"])
    assert (aligned["count"], aligned["agreeing"], aligned["not_compared"]) == (1, 1, 1)
    assert agreement([], {})["rate"] is None


def test_per_record_regroups_row_verdicts():
    recs = records("lm-eval", LM_GSM)
    assert per_record(recs, [1, 2, 3, 4, 5]) == [[1], [2], [3, 4, 5]]
    with pytest.raises(ValueError, match="4 verdicts for 5 rows"):
        per_record(recs, [1, 2, 3, 4])


# ---------------------------------------------------------------- end to end: score records with built-ins

def _score(benchmark, recs, extra=None):
    rows = [{**row, **(extra or {})} for row in to_rows(recs)]
    report = score_rows(benchmark, rows, timeout=60)
    statuses = [row["status"] for row in report["rows"]]
    return statuses, agreement(recs, per_record(recs, report["rows"]))


def test_lm_eval_extraction_scored_by_olympiad_disagrees_on_10_00():
    # OlympiadBench's extraction does not know GSM8K's "####": score lm-eval's own extraction instead.
    recs = list(remap(records("lm-eval", LM_GSM), {"prediction": "filtered_resps[0]"}))
    statuses, agree = _score("olympiad", recs)
    assert statuses == ["correct", "correct", "correct"]
    assert (agree["count"], agree["agreeing"], agree["harness_metric"]) == (3, 2, "exact_match,strict-match")
    assert agree["differing"] == [{"id": 1, "line": 2, "ours": True, "theirs": False, "response": "10.00"}]


def test_inspect_samples_scored_by_olympiad_per_epoch():
    statuses, agree = _score("olympiad", records("inspect", IN_EVAL))
    assert statuses == ["correct", "correct", "correct", "wrong"]  # 1/2 = 0.5; the second epoch's 54 is wrong
    assert (agree["count"], agree["agreeing"]) == (4, 3)
    assert [(d["id"], d["ours"], d["theirs"]) for d in agree["differing"]] == [(2, True, False)]


def test_opencompass_predictions_scored_by_olympiad():
    statuses, agree = _score("olympiad", records("opencompass", OC_GSM))
    assert statuses == ["correct", "correct", "correct", "wrong", "correct"]  # \frac{1}{2} = 1/2
    assert agree["count"] == 0 and agree["not_compared"] == 5  # predictions carry no verdict


@pytest.mark.parametrize("name, path", [("lm-eval", LM_MMLU), ("inspect", IN_MMLU), ("lighteval", LT_MMLU),
                                        ("opencompass", OC_MMLU)], ids=["lm-eval", "inspect", "lighteval",
                                                                        "opencompass"])
def test_multiple_choice_scored_by_vmcbench(name, path):
    statuses, agree = _score("vmcbench_dev", records(name, path), {"category": "mmlu"})
    assert statuses == ["correct", "wrong"]
    if name != "opencompass":  # OpenCompass predictions carry no verdict
        assert (agree["count"], agree["agreeing"], agree["rate"]) == (2, 2, 1.0)


def test_rows_carry_harness_verdicts_so_a_report_alone_gives_the_agreement():
    recs = records("inspect", IN_EVAL)
    rows = list(to_rows(recs, with_verdicts=True))
    assert [(row["id"], row.get("sample"), row["harness_verdict"], row["harness_metric"]) for row in rows] == [
        (1, None, 1.0, "match"), (2, None, 0.0, "match"), (3, 1, 1.0, "match"), (3, 2, 0.0, "match")]
    report = score_rows("olympiad", rows, timeout=60)
    pairs = [{"ours": scored["status"], "theirs": row["harness_verdict"], "metric": row["harness_metric"],
              "id": row["id"], "sample": row.get("sample"), "response": row["prediction"]}
             for row, scored in zip(rows, report["rows"])]
    by_rows = agreement_of_pairs(pairs)
    by_records = agreement(recs, per_record(recs, report["rows"]))
    assert by_rows["differing"] == [{**d, "line": None} for d in by_records["differing"]]
    assert {k: v for k, v in by_rows.items() if k != "differing"} == {
        k: v for k, v in by_records.items() if k != "differing"}


def test_rows_of_is_what_a_prediction_reader_yields(tmp_path):
    lines = LM_GSM.read_text().splitlines()
    path = tmp_path / "samples_gsm8k_2024-01-01T00-00-00.jsonl"
    path.write_text("\n".join(lines[:2] + ["{oops"] + lines[2:3]) + "\n")
    out = list(rows_of("lm-eval", path, fields=[("prediction", "filtered_resps[0]")], id_field="index"))
    assert [(line, row and (row["index"], row["prediction"], row["harness_verdict"]), problem)
            for line, row, problem in out] == [
        (1, (0, "72", 1.0), None), (2, (1, "10.00", 0.0), None),
        (3, None, "line 3 is not JSON (Expecting property name enclosed in double quotes at column 2)"),
        (4, (2, "624", 1.0), None)]
    several = list(rows_of("lm-eval", LM_GSM))
    assert [(line, row["sample"]) for line, row, _ in several if "sample" in row] == [(3, 1), (3, 2), (3, 3)]
    with pytest.raises(HarnessFormatError, match="^rows.jsonl: its first record has keys"):
        (tmp_path / "rows.jsonl").write_text('{"id": 1}\n')
        next(rows_of("lm-eval", tmp_path / "rows.jsonl"))


def test_inspect_deflate_archives_read_with_the_standard_zipfile(tmp_path, monkeypatch):
    # inspect_ai before Zstandard wrote deflate members: the same archive, recompressed, reads without backports.
    source = inspect_reader._zipfile()
    with source.ZipFile(IN_EVAL) as archive, zipfile.ZipFile(tmp_path / "old.eval", "w",
                                                             zipfile.ZIP_DEFLATED) as out:
        for name in archive.namelist():
            out.writestr(name, archive.read(name))
    monkeypatch.setattr(inspect_reader, "_zipfile", lambda: zipfile)
    assert summary(records("inspect", tmp_path / "old.eval")) == summary(records("inspect", IN_JSON))
    assert harnesses.detect(tmp_path / "old.eval") == "inspect"


def test_lm_eval_arc_choices_dict(tmp_path):
    line = json.loads(LM_MMLU.read_text().splitlines()[0])
    line["doc"] = {"id": "Mercury_7175875", "question": "Which planet is known as the Red Planet?",
                   "choices": {"text": ["Venus", "Mars", "Jupiter", "Saturn"], "label": ["A", "B", "C", "D"]},
                   "answerKey": "B"}
    path = tmp_path / "samples_arc_easy_2024-01-01T00-00-00.jsonl"
    path.write_text(json.dumps(line) + "\n")
    (rec,) = records("lm-eval", path)
    assert {k: rec["fields"][k] for k in ("A", "B", "answer", "answerKey")} == {"A": "Venus", "B": "Mars",
                                                                                  "answer": "B", "answerKey": "B"}
