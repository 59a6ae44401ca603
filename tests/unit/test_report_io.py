"""Report files: load_report's one error type, atomic writes (the CLI's too), and the Gate record's form."""

from __future__ import annotations

import json
import os
import stat

import pytest

from pytest_answerbench.cli import main
from pytest_answerbench.report import Gate, ReportError, load_report, write_json, write_text
from pytest_answerbench.report import io as report_io
from pytest_answerbench.spec import resolve_benchmark


@pytest.mark.parametrize(("content", "need_rows", "message"), [
    (None, False, r"missing\.json: cannot read \(No such file or directory\)"),
    ('{"accuracy": 0.5,\n "rows": [1,]}', False, r"r\.json:2: not valid JSON"),
    (b"\xff\xfe{}", False, r"r\.json: not UTF-8 text"),
    ('[{"accuracy": 0.5}]', False, r"r\.json: not an answerbench report \(no 'accuracy'\)"),
    ('{"total": 3}', False, r"r\.json: not an answerbench report \(no 'accuracy'\)"),
    ('{"accuracy": 0.5}', True, r"r\.json: the report has no rows"),
])
def test_load_report_names_the_file_and_what_is_wrong(tmp_path, content, need_rows, message):
    path = tmp_path / ("missing.json" if content is None else "r.json")
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(ReportError, match=message):
        load_report(path, need_rows=need_rows)


def test_load_report_accepts_a_baseline_of_accuracy_only_and_a_full_report(tmp_path):
    (tmp_path / "a.json").write_text('{"accuracy": 0.5}')
    assert load_report(tmp_path / "a.json") == {"accuracy": 0.5}
    (tmp_path / "b.json").write_text('{"accuracy": 0.5, "rows": []}')
    assert load_report(tmp_path / "b.json", need_rows=True)["rows"] == []


def test_writes_replace_the_file_whole_and_leave_nothing_beside_it(tmp_path):
    target = tmp_path / "out" / "report.json"  # the folder is created
    write_json(target, {"accuracy": 0.25, "text": "é"})
    assert json.loads(target.read_text(encoding="utf-8")) == {"accuracy": 0.25, "text": "é"}
    assert "é" in target.read_text(encoding="utf-8")  # not escaped (ensure_ascii off), as before
    write_text(target, "second\n")
    assert target.read_text() == "second\n"
    assert sorted(p.name for p in target.parent.iterdir()) == ["report.json"]


def test_a_failed_write_keeps_the_old_file_and_removes_its_temporary_file(tmp_path):
    target = tmp_path / "report.json"
    target.write_text("old\n")
    with pytest.raises(TypeError, match="not JSON serializable"):
        write_json(target, {"rows": [1, 2, object()]})  # fails half-way through the stream
    assert target.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json"]


def test_a_written_file_gets_the_mode_a_plain_open_would_give(tmp_path):
    umask = os.umask(0o022)
    try:
        write_text(tmp_path / "r.md", "x")
        (tmp_path / "plain.md").write_text("x")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "r.md").stat().st_mode) == stat.S_IMODE((tmp_path / "plain.md").stat().st_mode)


def test_the_merge_command_writes_atomically(tmp_path, monkeypatch, capsys):
    version = resolve_benchmark("vmcbench_dev").version
    shard = {"benchmark": "vmcbench_dev", "profile": "default", "accuracy": 1.0, "files": [], "rows": [],
             "fingerprint": {"benchmark": "vmcbench_dev", "profile": "default", "scorer_version": version,
                             "tool_version": "0.1.0"}}
    (tmp_path / "s.json").write_text(json.dumps(shard))
    out = tmp_path / "merged.json"
    out.write_text("previous merge\n")

    def broken_dump(data, fh, **kw):
        fh.write('{"half": ')
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(report_io.json, "dump", broken_dump)
    assert main(["merge", str(tmp_path / "s.json"), "-o", str(out)]) == 2  # a message, not a traceback
    assert "No space left on device" in capsys.readouterr().err
    assert out.read_text() == "previous merge\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["merged.json", "s.json"]


def test_the_cli_says_which_file_is_not_a_report(tmp_path, capsys):
    (tmp_path / "x.json").write_text('{"rows": []}')
    # one exit status for an unusable report, whatever the command (2, as compare, render and export)
    assert main(["summary", str(tmp_path / "x.json")]) == 2
    assert "answerbench: error: " in capsys.readouterr().err
    assert main(["merge", str(tmp_path / "x.json"), "-o", str(tmp_path / "m.json")]) == 2
    assert "x.json: not an answerbench report (no 'accuracy')" in capsys.readouterr().err
    assert not (tmp_path / "m.json").exists()


def test_gate_dicts_hold_the_optional_entries_only_when_set():
    plain = Gate.check("threshold", "accuracy", ">=", 0.5, 0.6).to_dict()
    # every gate has its outcome word (issue 16: one vocabulary), the optional entries only when set
    assert list(plain) == ["name", "key", "op", "value", "threshold", "passed", "outcome", "message"]
    assert plain["outcome"] == "fail" and Gate.check("t", "k", ">=", 0.7, 0.6).to_dict()["outcome"] == "pass"
    assert plain["passed"] is False
    assert plain["message"] == "threshold: accuracy = 0.5000 >= 0.6 FAILED (short by 0.1000)"
    grouped = Gate("max_drop", "groups.c.x.accuracy_change", ">=", -0.1, -0.05, False, "m", outcome="fail",
                   group=["c", "x"]).to_dict()
    assert grouped["outcome"] == "fail" and grouped["group"] == ["c", "x"] and "baseline" not in grouped
    assert Gate.check("t", "k", "<=", 0.3, 0.3).passed and not Gate.check("t", "k", "<=", None, 0.3).passed


def test_the_row_digest_covers_verdicts_profile_and_version_and_survives_the_file():
    from pytest_answerbench.report.rows import rows_digest

    rows = [{"file": "f.jsonl", "line": i, "id": str(i), "status": "correct", "score": 1.0} for i in (1, 2)]
    digest = rows_digest(rows, profile="default", scorer_version=5)
    assert rows_digest(rows[::-1], profile="default", scorer_version=5) == digest  # order does not matter
    for changed in ({"status": "wrong"}, {"score": 0.5}, {"id": "3"}, {"line": 9}, {"file": "g.jsonl"}):
        assert rows_digest([{**rows[0], **changed}, rows[1]], profile="default", scorer_version=5) != digest
    assert rows_digest(rows, profile="upstream", scorer_version=5) != digest
    assert rows_digest(rows, profile="default", scorer_version=6) != digest
    assert rows_digest(rows[:1], profile="default", scorer_version=5) != digest
    # a lone surrogate is written to the file as U+FFFD: the rows read back have the digest of the rows written
    odd = [{**rows[0], "id": "a\ud800", "file": "f\udcff.jsonl"}]
    read_back = [{**rows[0], "id": "a\ufffd", "file": "f\ufffd.jsonl"}]
    assert rows_digest(odd, profile="default", scorer_version=5) == \
        rows_digest(read_back, profile="default", scorer_version=5)
