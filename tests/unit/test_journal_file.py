"""The journal's reader (report/journal.py): what a killed process leaves is read back exactly, a line cut short
at the end is left out, anything else that is not a journal line is an error naming file:line."""

from __future__ import annotations

import pytest

from pytest_answerbench.report.journal import JournalError, JournalWriter, journal_path, read_journal, unscored_rows
from pytest_answerbench.report.rows import make_row
from pytest_answerbench.verdict import Verdict

PLAN = [[f"f.jsonl::{i}", str(i), "f.jsonl", i + 1, None, None] for i in range(4)]


def _row(i: int, text: str = "x") -> dict:
    return make_row(row_id=str(i), file="f.jsonl", line=i + 1, verdict=Verdict.graded(i % 2 == 0), response=text)


def test_rows_are_read_back_as_written_even_lone_surrogates(tmp_path):
    path = journal_path(tmp_path / "r.json")
    assert path.name == "r.json.journal"
    writer = JournalWriter(path, {"plan": PLAN})
    writer.add("f.jsonl::0", _row(0, "caf\u00e9 \ud800 lone"))
    writer.add("f.jsonl::2", _row(2))
    writer.close()
    journal = read_journal(path)
    assert journal.rows == {"f.jsonl::0": _row(0, "caf\u00e9 \ud800 lone"), "f.jsonl::2": _row(2)}
    assert [r["id"] for r in unscored_rows(journal, "killed")] == ["1", "3"]
    assert {r["status"] for r in unscored_rows(journal, "killed")} == {"not_run"}


def test_rows_reach_the_file_in_batches(tmp_path):
    path = tmp_path / "r.journal"
    writer = JournalWriter(path, {"plan": PLAN})
    writer.SECONDS = 3600.0
    for i in range(writer.EVERY - 1):
        writer.add(f"f.jsonl::{i}", _row(i))
    assert path.read_text().count("\n") == 1  # the header only: the batch is not full
    writer.add("f.jsonl::last", _row(0))
    assert path.read_text().count("\n") == 1 + writer.EVERY
    writer.close(remove=True)
    assert not path.exists()


def test_a_last_line_cut_short_is_left_out_and_a_bad_line_elsewhere_is_named(tmp_path):
    path = tmp_path / "r.journal"
    JournalWriter(path, {"plan": PLAN}).close()
    whole = path.read_text()
    path.write_text(whole + '{"nodeid": "f.jsonl::0", "row": {"id"')  # the kill landed mid-line
    assert read_journal(path).rows == {}
    path.write_text(whole + "garbage\n" + '{"nodeid": "f.jsonl::0", "row": {}}\n')
    with pytest.raises(JournalError, match=r"r\.journal:2: not a journal line"):
        read_journal(path)
    path.write_text('{"something": 1}\n')
    with pytest.raises(JournalError, match=r"r\.journal:1: not an answerbench journal"):
        read_journal(path)
