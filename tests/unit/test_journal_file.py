"""The journal's reader (report/journal.py): what a killed process leaves is read back exactly, a line cut short
at the end is left out, anything else that is not a journal line is an error naming file:line."""

from __future__ import annotations

import pytest

from pytest_answerbench.report.journal import (JournalError, JournalWriter, RunJournal, journal_path, not_run_rows,
                                               plan_entries, read_journal, unscored_rows)
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


def test_a_run_journal_writes_beside_the_report_and_a_resumed_run_keeps_the_whole_plan(tmp_path):
    """``RunJournal``: no report, no journal; a resumed run's journal carries the resumed run's plan (the whole
    run's rows, not only those left) and its rows; a complete report removes the journal, an incomplete keeps it."""
    errors: list[str] = []
    none = RunJournal(None)
    none.start({"benchmark": "b"}, PLAN, [], errors)
    assert none.writer is None and not errors

    first = RunJournal(tmp_path / "r.json")
    first.start({"benchmark": "b"}, PLAN, [], errors)
    first.writer.add("f.jsonl::1", _row(1))
    first.close(complete=False)
    kept = read_journal(tmp_path / "r.json.journal")
    assert kept.header["plan"] == PLAN and list(kept.rows) == ["f.jsonl::1"]

    resumed = RunJournal(tmp_path / "r.json", kept)
    resumed.start({"benchmark": "b"}, PLAN[2:], kept.rows.items(), errors)  # only the rows left to score
    resumed.writer.add("f.jsonl::2", _row(2))
    resumed.close(complete=False)
    again = read_journal(tmp_path / "r.json.journal")
    assert again.header["plan"] == PLAN and list(again.rows) == ["f.jsonl::1", "f.jsonl::2"]
    assert resumed.resumed_failures()  # row 1 is wrong: it failed in the run that scored it
    assert not RunJournal(None).resumed_failures()  # no journal resumed
    done = RunJournal(tmp_path / "r.json")
    done.start({}, PLAN, [], errors)
    done.close(complete=True)
    assert not (tmp_path / "r.json.journal").exists() and not errors


def test_a_journal_that_cannot_be_written_is_one_message_and_the_run_goes_on(tmp_path):
    (tmp_path / "r.json.journal").mkdir()  # a folder where the journal goes: it cannot be replaced
    errors: list[str] = []
    journal = RunJournal(tmp_path / "r.json")
    journal.start({}, PLAN, [], errors)
    assert journal.writer is None and len(errors) == 1 and "cannot write the journal" in errors[0]
    journal.close(complete=True)  # nothing to close, nothing raised


def test_a_journal_names_what_a_resuming_run_scores_differently(tmp_path):
    path = tmp_path / "r.json.journal"
    JournalWriter(path, {"benchmark": "b", "profile": "default", "options": {"k": 1},
                         "files": [["/x/f.jsonl", "f.jsonl"]], "plan": PLAN}).close()
    journal = read_journal(path)
    assert journal.mismatch("b", "default", {"k": 1}, ["f.jsonl"]) is None
    assert "another profile ('default', this run: 'upstream')" in journal.mismatch("b", "upstream", {"k": 1},
                                                                                    ["f.jsonl"])
    assert "another prediction files" in journal.mismatch("b", "default", {"k": 1}, ["g.jsonl"])
    assert "another benchmark options" in journal.mismatch("b", "default", {}, ["f.jsonl"])


def test_plan_entries_name_rows_the_files_do_not_from_their_node_id():
    planned = {"f.jsonl::a": ("a", "f.jsonl", 3)}
    entries = plan_entries(["f.jsonl::a", "g.jsonl::z"], planned, {})
    assert entries == [["f.jsonl::a", "a", "f.jsonl", 3, None, None], ["g.jsonl::z", "z", "g.jsonl", None, None, None]]
    rows = not_run_rows(entries, {"f.jsonl::a"}, "stopped")
    assert [(r["id"], r["status"], r["detail"]) for r in rows] == [("z", "not_run", "not run: stopped")]


def test_a_row_encoded_once_for_the_journal_and_the_spool(tmp_path):
    """A journal whose rows are encoded by a RowStream's ``encode_once`` (streamed runs) is the same file as one
    encoding them itself, and the spool keeps each row as given; a row changed or replaced after the journal
    encoded it is encoded anew by the spool, never written with the stale text."""
    from pytest_answerbench.report.rowstream import RowStream

    rows = [_row(i, "caf\u00e9 \ud800 \"q\"") for i in range(3)]
    plain, shared = JournalWriter(tmp_path / "plain.journal", {"plan": PLAN}), None
    with RowStream(folder=tmp_path) as stream:
        shared = JournalWriter(tmp_path / "shared.journal", {"plan": PLAN})
        shared.encode_row = stream.encode_once
        for i, row in enumerate(rows):
            plain.add(f"f.jsonl::{i}", row)
            shared.add(f"f.jsonl::{i}", row)
            stream.add(row)
        shared.add("f.jsonl::3", _row(3))
        other = _row(3, "another")
        stream.add(other)  # not the row the journal encoded last: its own text
        changed = _row(0)
        shared.add("f.jsonl::0", changed)
        stream.add(dict(changed, status="wrong"))  # an equal row changed, as a new object: its own text too
        spooled = [(r["id"], r["response"], r["status"]) for r in stream.rows()]
    assert spooled == [("0", rows[0]["response"], "correct"), ("0", "x", "wrong"), ("1", rows[1]["response"], "wrong"),
                       ("2", rows[2]["response"], "correct"), ("3", "another", "wrong")]
    plain.add("f.jsonl::3", _row(3))
    plain.add("f.jsonl::0", _row(0))
    plain.close(), shared.close()
    assert (tmp_path / "shared.journal").read_bytes() == (tmp_path / "plain.journal").read_bytes()
    assert read_journal(tmp_path / "shared.journal").rows["f.jsonl::1"] == rows[1]
