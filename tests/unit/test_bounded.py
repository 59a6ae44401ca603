"""The shared bounded readers (``pytest_answerbench/bounded.py``) and the readers that use them: JSON depth scanned
without recursion, archive members checked from the zip's directory and inflated under a ceiling, parquet files
decoded lazily with their decoded size counted."""

from __future__ import annotations

import contextlib
import itertools
import json
import zipfile

import pytest

from pytest_answerbench.bounded import (BoundError, Limits, TooDeep, check_zip, decoded_size, json_depth, load_json,
                                        parquet_batches, read_member)
from pytest_answerbench.errors import ReaderError
from pytest_answerbench.harnesses import inspect as inspect_reader
from pytest_answerbench.harnesses import lm_eval
from pytest_answerbench.inputs.readers import load_jsonl_span, read_rows

pa = pytest.importorskip("pyarrow", reason="the parquet extra (pyarrow) is part of the test extra")
pq = pytest.importorskip("pyarrow.parquet")


@pytest.mark.parametrize(("text", "depth"), [
    ("1", 0), ("[]", 1), ("[[1], {\"a\": [2]}]", 3), ('{"a": "[[[[[[", "b": [1]}', 2),
    ('["\\"[[[", [[]]]', 3), ('"]]]]"', 0), ("[" * 5000 + "]" * 5000, 5000),
])
def test_the_depth_scan_counts_brackets_outside_strings(text, depth):
    assert json_depth(text) == depth
    assert json_depth(text.encode()) == depth


def test_the_depth_scan_answers_zero_when_there_are_too_few_brackets_to_pass_the_limit():
    assert json_depth("[[[1]]]", limit=3) == 0  # three brackets cannot nest four deep
    assert json_depth("[[[[1]]]]", limit=3) == 4


def test_a_text_nested_100000_deep_is_refused_before_it_is_parsed():
    text = "[" * 100_000 + "]" * 100_000
    with pytest.raises(TooDeep, match=r"nested 100000 levels deep, over the ceiling of 100 \(raise it with "
                                      r"--bench-max-depth N\)"):
        load_json(text)
    assert load_json("[" * 150 + "]" * 150, Limits(max_depth=150)) is not None
    assert load_json('{"a": "[[[[[[[[[[[[[[[[[[[["}', Limits(max_depth=2)) == {"a": "[" * 20}


def test_a_ceiling_past_what_python_can_parse_is_still_an_error_not_a_crash():
    with pytest.raises(TooDeep, match="too deeply for this Python"):
        load_json("[" * 100_000 + "]" * 100_000, Limits(max_depth=10**6))


def test_limits_from_the_options():
    assert Limits.of(None, None) == Limits()
    assert Limits.of(0, 7) == Limits(max_bytes=None, max_depth=7)
    assert Limits.of(2, None).max_bytes == 2 << 20


def _zip(path, members, method=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(path, "w", method) as archive:
        for name, data in members:
            with pytest.warns(UserWarning) if name in archive.namelist() else contextlib.nullcontext():
                archive.writestr(name, data)  # a name written twice: zipfile warns, and writes it
    return path


def test_a_member_over_the_ceiling_is_refused_from_the_directory(tmp_path):
    path = _zip(tmp_path / "a.zip", [("small", b"x"), ("big", b"0" * 5000)])
    with zipfile.ZipFile(path) as archive:
        check_zip(archive, "a.zip", Limits(max_bytes=5000))
        with pytest.raises(BoundError, match=r"a.zip: member big inflates to 5,000 bytes, over the 4,999 bytes "
                                             r"ceiling on one input \(raise it with --bench-max-input-mb MB"):
            check_zip(archive, "a.zip", Limits(max_bytes=4999))
        check_zip(archive, "a.zip", Limits(max_bytes=10), members=[archive.getinfo("small")])


def test_a_member_named_twice_is_refused(tmp_path):
    path = _zip(tmp_path / "a.zip", [("samples/1_epoch_1.json", b"{}"), ("samples/1_epoch_1.json", b"{}")])
    with zipfile.ZipFile(path) as archive, pytest.raises(ReaderError, match=r"names a member more than once: "
                                                                            r"samples/1_epoch_1.json \(2 times\)"):
        check_zip(archive, "a.zip", Limits())


def test_a_member_compressed_with_bzip2_is_refused(tmp_path):
    path = _zip(tmp_path / "a.zip", [("m", b"x" * 100)], method=zipfile.ZIP_BZIP2)
    with zipfile.ZipFile(path) as archive, pytest.raises(ReaderError, match="compressed with bzip2"):
        check_zip(archive, "a.zip", Limits())


def test_the_inflate_stops_at_the_ceiling_whatever_the_directory_said(tmp_path):
    path = _zip(tmp_path / "a.zip", [("big", b"0" * (3 << 20))])
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo("big")
        assert read_member(archive, info, "a.zip", Limits(max_bytes=4 << 20)) == b"0" * (3 << 20)
        with pytest.raises(BoundError, match=r"a.zip: member big inflates past the 1.0 MB ceiling on one input "
                                             r"\(its directory said 3.0 MB"):
            read_member(archive, info, "a.zip", Limits(max_bytes=1 << 20))


def _bomb(path, rows, value="x" * 2048, row_group_size=None):
    import numpy as np

    column = pa.DictionaryArray.from_arrays(pa.array(np.zeros(rows, dtype=np.int8)), pa.array([value]))
    pq.write_table(pa.table({"question": column, "prediction": column}), path, row_group_size=row_group_size or rows)
    return pq.ParquetFile(path)


def test_a_dictionary_column_counts_as_what_it_decodes_to(tmp_path):
    batch = next(_bomb(tmp_path / "b.parquet", 1000).iter_batches(batch_size=100))
    assert pa.types.is_dictionary(batch.column(0).type)  # kept encoded by pyarrow: nbytes alone says ~100 bytes
    assert batch.nbytes < 10_000
    assert decoded_size(batch.column(0)) >= 100 * 2048


def test_parquet_batches_decode_only_what_is_taken(tmp_path):
    parquet = _bomb(tmp_path / "b.parquet", 200_000, row_group_size=50_000)  # ~800 MB decoded in all
    taken = list(parquet_batches(parquet, "b.parquet", Limits(), rows=10))
    assert len(taken) == 1 and taken[0].num_rows <= 256
    rows = list(itertools.islice((row for batch in parquet_batches(parquet, "b.parquet", Limits())
                                  for row in batch.to_pylist()), 10))
    assert len(rows) == 10


def test_parquet_batches_stop_at_the_ceiling(tmp_path):
    parquet = _bomb(tmp_path / "b.parquet", 10_000)
    with pytest.raises(BoundError, match=r"b.parquet: its first \d+ rows decode to more than 1.0 MB"):
        for _ in parquet_batches(parquet, "b.parquet", Limits(max_bytes=1 << 20)):
            pass
    assert sum(b.num_rows for b in parquet_batches(parquet, "b.parquet", Limits(max_bytes=None))) == 10_000


def test_the_footer_is_checked_before_any_row_is_decoded(tmp_path):
    path = tmp_path / "plain.parquet"
    pq.write_table(pa.table({"a": ["y" * 1000] * 3000}), path, use_dictionary=False, row_group_size=1000)
    parquet = pq.ParquetFile(path)
    with pytest.raises(BoundError, match=r"plain.parquet: its rows inflates to .* \(from the file's own footer\)"):
        next(parquet_batches(parquet, "plain.parquet", Limits(max_bytes=2_500_000)))
    # the first 10 rows lie in the first row group: only its size counts
    assert next(parquet_batches(parquet, "plain.parquet", Limits(max_bytes=1_500_000), rows=10)).num_rows > 0


# -- the readers ---------------------------------------------------------------------------------------------------

def test_a_jsonl_line_nested_too_deeply_is_that_line_s_problem(tmp_path):
    path = tmp_path / "p.jsonl"
    path.write_text('{"a": 1}\n{"a": ' + "[" * 500 + "]" * 500 + '}\n{"a": 3}\n', encoding="utf-8")
    raws = list(read_rows(path))
    assert [r.line for r in raws] == [1, 2, 3]
    assert raws[1].row is None and "nested 501 levels deep, over the ceiling of 100" in raws[1].problem
    assert raws[2].row == {"a": 3}
    wide = list(read_rows(path, Limits(max_depth=600)))
    assert wide[1].row is not None
    with open(path, "rb") as fh:  # the row read again when scored, under the same ceiling
        assert load_jsonl_span(fh.fileno(), wide[1].span, Limits(max_depth=600))["a"]
        with pytest.raises(ValueError, match="over the ceiling"):
            load_jsonl_span(fh.fileno(), wide[1].span)


def test_a_json_array_nested_too_deeply_stops_the_file(tmp_path):
    path = tmp_path / "p.json"
    path.write_text('[{"a": 1}, {"a": ' + "[" * 100_000 + "]" * 100_000 + "}]", encoding="utf-8")
    with pytest.raises(BoundError, match=r"p.json: a row is nested 100001 levels deep, over the ceiling of 100"):
        list(read_rows(path))


def test_a_json_object_of_no_rows_stops_the_file(tmp_path):
    path = tmp_path / "p.json"
    path.write_text('\n{"rows": []}', encoding="utf-8")
    with pytest.raises(ReaderError, match=r"must hold an array of row objects; this one holds a JSON object "
                                          r"\(line 2\)"):
        list(read_rows(path))


def test_an_xlsx_file_is_checked_before_openpyxl_opens_it(tmp_path):
    pytest.importorskip("openpyxl")
    path = _zip(tmp_path / "p.xlsx", [("[Content_Types].xml", b"<Types/>"), ("xl/sharedStrings.xml", b"0" * 5000)])
    with pytest.raises(BoundError, match="member xl/sharedStrings.xml inflates to"):
        list(read_rows(path, Limits(max_bytes=4000)))


def test_lm_eval_lines_nested_too_deeply_are_bad_records(tmp_path):
    good = {"doc_id": 0, "doc": {"question": "q"}, "target": "1", "resps": [["1"]], "filtered_resps": ["1"],
            "filter": "none", "metrics": ["exact_match"], "exact_match": 1.0}
    path = tmp_path / "samples_t_2026-01-01T00-00-00.jsonl"
    path.write_text(json.dumps(good) + "\n" + json.dumps({**good, "doc_id": 1})[:-1] + ', "x": '
                    + "[" * 100_000 + "]" * 100_000 + "}\n", encoding="utf-8")
    records = list(lm_eval.read(path))
    assert [r["error"] for r in records][0] is None
    assert records[1]["error"] == "line 2 is not read: nested 100001 levels deep, over the ceiling of 100 (raise it " \
                                  "with --bench-max-depth N)"


def _inspect_eval(path, samples, header=None, journal_only=False):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        if journal_only:
            archive.writestr("_journal/start.json", json.dumps({"version": 2}))
        else:
            archive.writestr("header.json", json.dumps(header or {"version": 2, "status": "success", "eval": {}}))
        for sample in samples:
            archive.writestr(f"samples/{sample['id']}_epoch_1.json", json.dumps({"epoch": 1, **sample}))
    return path


SAMPLE = {"input": "q", "target": "4", "output": {"completion": "4"}, "scores": {"match": {"value": "C"}}}


def test_an_inspect_sample_that_raised_is_an_errored_record_naming_inspect_s_message(tmp_path):
    raised = {"id": 2, "input": "q", "target": "4", "output": {"model": "m", "choices": [], "completion": ""},
              "error": {"message": "RuntimeError('model server returned 500')", "traceback": "Traceback ..."}}
    path = _inspect_eval(tmp_path / "log.eval", [{"id": 1, **SAMPLE}, raised])
    records = list(inspect_reader.read(path))
    assert records[0]["error"] is None and records[0]["responses"] == ["4"]
    assert records[1]["responses"] == [] and records[1]["error"] == (
        "sample 2 (id 2, epoch 1) errored in inspect_ai: RuntimeError('model server returned 500')")


@pytest.mark.parametrize(("header", "journal_only", "expected"), [
    ({"version": 2, "status": "success", "eval": {}}, False, ("success", None)),
    ({"version": 2, "status": "error", "eval": {}, "error": {"message": "boom", "traceback": "t"}}, False,
     ("error", "boom")),
    ({"version": 2, "status": "cancelled", "eval": {}}, False, ("cancelled", None)),
    (None, True, ("started", None)),
])
def test_an_inspect_log_says_how_its_run_ended(tmp_path, header, journal_only, expected):
    path = _inspect_eval(tmp_path / "log.eval", [{"id": 1, **SAMPLE}], header, journal_only)
    assert inspect_reader.status(path) == expected
    text = tmp_path / "log.json"
    if header is not None:
        text.write_text(json.dumps({**header, "samples": []}), encoding="utf-8")
        assert inspect_reader.status(text) == expected


def test_an_eval_file_that_is_no_zip_is_read_as_inspect_s_and_said_to_be_broken(tmp_path):
    path = tmp_path / "broken.eval"
    path.write_text('{"not": "a zip"}', encoding="utf-8")
    assert inspect_reader.detect(path, path.read_bytes())
    with pytest.raises(ReaderError, match="broken.eval: not a zip archive; inspect_ai .eval logs are zip archives"):
        list(inspect_reader.read(path))
