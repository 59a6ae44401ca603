"""Reports read back are trusted only as far as their rows, and the commands never lose an input:

* every output of every command is checked like a ``--bench`` run's (``report/outputs.py``,
  ``output_problems``): an output that is one of the inputs (the same path, a symlink, a hard link) or another
  output's file is refused before anything is written (exit 2), naming the path as the user gave it;
* a report whose figures disagree with its rows, whose fingerprint is another report's, or which lists a row
  twice is refused by ``summary``, ``compare``, ``render``, ``merge`` and ``--bench-baseline``; ``merge --runs``
  refuses reports of different scorer versions;
* every command exits 2 on an unusable report;
* sampled runs pair questions by question id whatever the files are called, and a comparison where nothing
  pairs is a usage error, never a failed gate;
* an inconclusive gate reads as a warning everywhere: terminal (yellow), JUnit (skipped), markdown (⚠️),
  annotations (``::warning``), and the run passes.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import xml.etree.ElementTree as ET

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench.cli import BAD_INPUT, main
from pytest_answerbench.report.rows import rows_digest



def _rows(n: int, wrong=()) -> list[dict]:
    return [mc_row(i, "(A)" if i in wrong else "(B)", category=["MMStar", "AI2D"][i % 2]) for i in range(n)]


def _bench(env, preds: str, report: str, *args):
    return env.runpytest("--bench", "vmcbench_dev", preds, "--bench-report", report, "-p", "no:cacheprovider", *args)


def _scored_runs(env) -> None:
    write_jsonl(env.path / "preds.jsonl", _rows(20, wrong={0, 10}))
    _bench(env, "preds.jsonl", "base.json")
    write_jsonl(env.path / "preds.jsonl", _rows(20, wrong={0, 3, 6, 10, 13}))
    _bench(env, "preds.jsonl", "new.json")
    for i in (1, 2):
        _bench(env, "preds.jsonl", f"shard{i}.json", "--bench-shard", f"{i}/2")
    write_jsonl(env.path / "five.jsonl", _rows(5, wrong=set(range(5))))
    _bench(env, "five.jsonl", "five.json")


@pytest.fixture
def reports(bench_env, built_once):
    """base.json (20 rows, 2 wrong), new.json (same ids, 5 wrong), five.json (5 rows, all wrong) and the two
    shards of new.json: five runs made once, each test given its own copies."""
    return built_once.into("report_trust", bench_env, _scored_runs)


def _edit(env, source: str, target: str, change) -> None:
    report = json.loads((env.path / source).read_text(encoding="utf-8"))
    change(report)
    (env.path / target).write_text(json.dumps(report), encoding="utf-8")


def _reseal(report: dict) -> None:
    """What a run with these rows would have written as its fingerprint's row digest."""
    report["fingerprint"]["rows_sha256"] = rows_digest(report["rows"], profile=report["profile"],
                                                       scorer_version=report["scorer_version"])


# -- outputs never overwrite inputs -----------------------------------------------------------------------------

@pytest.mark.parametrize("argv, option, shown, what", [
    (["compare", "base.json", "new.json", "-o", "new.json"], "-o", "new.json", "the report compared (NEW.json)"),
    (["compare", "base.json", "new.json", "--html", "base.json"], "--html", "base.json", "the baseline report"),
    (["compare", "base.json", "new.json", "--markdown", "link.json"], "--markdown", "link.json",
     "the baseline report"),
    (["compare", "base.json", "new.json", "-o", "hard.json"], "-o", "hard.json", "the baseline report"),
    (["compare", "base.json", "./new.json", "-o", "sub/../new.json"], "-o", "sub/../new.json",
     "the report compared"),
    (["render", "base.json", "--html", "base.json"], "--html", "base.json", "the report rendered"),
    (["render", "base.json", "--markdown", "base.json"], "--markdown", "base.json", "the report rendered"),
    (["merge", "shard1.json", "shard2.json", "-o", "shard2.json"], "-o", "shard2.json", "a shard report"),
    (["merge", "--runs", "base.json", "new.json", "--out", "link.json"], "--out", "link.json",
     "a run's report (--runs)"),
])
def test_no_command_overwrites_its_inputs(reports, capsys, argv, option, shown, what):
    os.symlink("base.json", reports.path / "link.json")
    os.link(reports.path / "base.json", reports.path / "hard.json")
    (reports.path / "sub").mkdir()
    before = {p.name: p.read_bytes() for p in reports.path.glob("*.json")}
    assert main(argv) == BAD_INPUT
    err = capsys.readouterr().err
    assert f"answerbench: error: {option} {shown} is also {what}" in err
    assert "an output never replaces an input" in err and str(reports.path) not in err  # the path as given
    assert {p.name: p.read_bytes() for p in reports.path.glob("*.json")} == before
    assert sorted(p.name for p in reports.path.glob("*.md")) + sorted(p.name for p in reports.path.glob("*.html")) \
        == []


def test_two_outputs_of_one_command_need_two_paths(reports, capsys):
    assert main(["render", "base.json", "--markdown", "out.txt", "--html", "out.txt"]) == BAD_INPUT
    assert "--html out.txt is also the file of --markdown: each output needs a path of its own" in \
        capsys.readouterr().err
    assert not (reports.path / "out.txt").exists()


def test_export_never_writes_over_the_report_it_exports(reports, capsys):
    """The export's files are named after the model and a UUID under --out: the one way onto the report is a
    folder whose file of that name is the report itself."""
    assert main(["export", "--format", "every-eval-ever", "base.json", "--out", "ex", "--model", "org/m",
                 "--timestamp", "1700000000"]) == 0
    written = sorted(p for p in (reports.path / "ex").rglob("*") if p.is_file())
    assert written
    shutil.rmtree(reports.path / "ex")
    for path in written:  # the same paths again, each a link to the report
        path.parent.mkdir(parents=True, exist_ok=True)
        os.link(reports.path / "base.json", path)
    before = (reports.path / "base.json").read_bytes()
    assert main(["export", "--format", "every-eval-ever", "base.json", "--out", "ex", "--model", "org/m",
                 "--timestamp", "1700000000"]) == BAD_INPUT
    assert "is also the report exported" in capsys.readouterr().err
    assert (reports.path / "base.json").read_bytes() == before


def test_the_plugin_refuses_two_outputs_in_one_file(reports):
    result = _bench(reports, "preds.jsonl", "out.json", "--junitxml", "out.json")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--junitxml out.json is also the file of --bench-report*"])


# -- one exit status for an unusable report -----------------------------------------------------------------------

@pytest.mark.parametrize("argv", [["summary", "bad.json"], ["render", "bad.json"], ["compare", "bad.json", "base.json"],
                                  ["merge", "bad.json", "-o", "m.json"], ["merge", "--runs", "bad.json", "base.json"],
                                  ["export", "--format", "every-eval-ever", "bad.json", "--out", "ex", "--model",
                                   "org/m"]])
def test_every_command_exits_2_on_an_unreadable_report(reports, capsys, argv):
    (reports.path / "bad.json").write_text('{"accuracy": 0.5, "rows": [', encoding="utf-8")
    assert main(argv) == BAD_INPUT
    assert "bad.json:1: not valid JSON" in capsys.readouterr().err


# -- reports cannot lie ---------------------------------------------------------------------------------------------

def _claims_all_right(report: dict) -> None:
    """Counts that say 5/5 over five wrong rows."""
    report.update(correct=5, accuracy=1.0)
    report["counts"].update(correct=5, wrong=0)


@pytest.mark.parametrize("argv", [["summary", "lie.json"], ["render", "lie.json"], ["compare", "five.json", "lie.json"],
                                  ["compare", "lie.json", "five.json"]])
def test_figures_are_recomputed_from_the_rows(reports, capsys, argv):
    _edit(reports, "five.json", "lie.json", _claims_all_right)
    assert main(argv) == BAD_INPUT
    err = capsys.readouterr().err
    assert "lie.json: its figures disagree with its rows: correct is 5 but its rows give 0; accuracy is 1.0 but " \
           "its rows give 0.0; counts.correct is 5 but its rows give 0; counts.wrong is 0 but its rows give 5" in err


def test_a_lying_baseline_is_a_usage_error(reports):
    _edit(reports, "five.json", "lie.json", _claims_all_right)
    result = _bench(reports, "five.jsonl", "cur.json", "--bench-baseline", "lie.json", "--bench-max-drop", "0.02")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--bench-baseline lie.json: its figures disagree with its rows: correct is 5*"])


@pytest.mark.parametrize("change, field", [
    (lambda r: r["groups"]["category"]["AI2D"].update(correct=10, accuracy=1.0),
     "groups.category.AI2D.correct is 10 but its rows give 8"),
    (lambda r: r.update(total=21), "total is 21 but its rows give 20"),
    (lambda r: r["files"][0].update(rows=25), "files[0].rows (preds.jsonl) is 25 but its rows give 20"),
    (lambda r: r["groups"]["category"].pop("AI2D"), "groups.category.AI2D: not in the report, but rows have it"),
])
def test_each_figure_is_checked_and_named(reports, capsys, change, field):
    _edit(reports, "new.json", "edited.json", change)
    assert main(["compare", "base.json", "edited.json"]) == BAD_INPUT
    assert field in capsys.readouterr().err


def test_a_copied_fingerprint_fails(reports, capsys):
    base = json.loads((reports.path / "base.json").read_text(encoding="utf-8"))
    _edit(reports, "new.json", "copied.json", lambda r: r.update(fingerprint=base["fingerprint"]))
    assert main(["compare", "base.json", "copied.json"]) == BAD_INPUT
    assert "copied.json: its fingerprint is not of these rows" in capsys.readouterr().err
    result = _bench(reports, "preds.jsonl", "cur.json", "--bench-baseline", "copied.json")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--bench-baseline copied.json: its fingerprint is not of these rows*"])
    # another report's fingerprint names another profile or scorer version: said as such
    _edit(reports, "new.json", "other.json", lambda r: r["fingerprint"].update(scorer_version=999))
    assert main(["render", "other.json"]) == BAD_INPUT
    assert "its fingerprint is of scorer_version 999 but the report says" in capsys.readouterr().err


def test_a_report_without_the_row_digest_is_still_read(reports, capsys):
    """Reports written before fingerprints covered the rows are read as before (their figures still checked)."""
    _edit(reports, "new.json", "old.json", lambda r: r["fingerprint"].pop("rows_sha256"))
    assert main(["compare", "base.json", "old.json"]) == 0
    assert "gate pass: fingerprint: baseline scored the same way" in capsys.readouterr().out


def _duplicate_first_row(report: dict) -> None:
    """The first row listed twice, every figure made to agree (a report joined by hand)."""
    row = report["rows"][0]
    report["rows"].insert(1, dict(row))
    report["total"] += 1
    report["counts"][row["status"]] += 1
    report["correct"] = report["counts"]["correct"]
    report["accuracy"] = round(sum(r["score"] for r in report["rows"]) / report["total"], 6)
    report["files"][0]["rows"] += 1
    entry = report["groups"]["category"][row["fields"]["category"]]
    entry["total"] += 1
    entry["correct"] += row["score"] >= 1
    entry["accuracy"] = round(entry["correct"] / entry["total"], 6)
    report["fingerprint"]["rows_sha256"] = rows_digest(report["rows"], profile=report["profile"],
                                                       scorer_version=report["scorer_version"])


@pytest.mark.parametrize("argv", [["compare", "base.json", "dup.json"], ["merge", "--runs", "base.json", "dup.json"],
                                  ["merge", "dup.json", "-o", "merged.json"]])
def test_a_row_listed_twice_is_refused(reports, capsys, argv):
    _edit(reports, "shard1.json" if argv[0] == "merge" and "--runs" not in argv else "new.json", "dup.json",
          _duplicate_first_row)
    assert main(argv) == BAD_INPUT
    assert "dup.json: row '0' (preds.jsonl:1) is listed 2 times" in capsys.readouterr().err
    assert not (reports.path / "merged.json").exists()


def test_a_baseline_listing_a_row_twice_is_a_usage_error(reports):
    _edit(reports, "base.json", "dup.json", _duplicate_first_row)
    result = _bench(reports, "preds.jsonl", "cur.json", "--bench-baseline", "dup.json")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--bench-baseline dup.json: row '0' (preds.jsonl:1) is listed 2 times*"])


def test_merge_runs_refuses_different_scorer_versions(reports, capsys):
    for name, version in (("v999.json", 999), ("v7.json", 7)):
        def rescored(report, version=version):
            report["scorer_version"] = report["fingerprint"]["scorer_version"] = version
            _reseal(report)
        _edit(reports, "new.json", name, rescored)
    assert main(["merge", "--runs", "v999.json", "v7.json"]) == BAD_INPUT
    assert "scored with different scorer versions (v999.json: 999, v7.json: 7)" in capsys.readouterr().err
    assert main(["merge", "--runs", "v7.json", "v7.json"]) == 0  # one version: compared


# -- sampled baselines pair by question id -----------------------------------------------------------------------

def _sampled(prefix: str) -> list[dict]:
    """10 questions x 4 samples (rows sharing ``problem``); the last sample of every third question wrong."""
    return [mc_row(i, "(A)" if i % 4 == 3 and (i // 4) % 3 == 0 else "(B)", problem=f"{prefix}{i // 4}")
            for i in range(40)]


@pytest.fixture
def samples(bench_env):
    """Checkpoint A's samples scored as s8.json; checkpoint B is the same answers in a file of another name;
    checkpoint C has other question ids."""
    write_jsonl(bench_env.path / "ckptA.jsonl", _sampled("q"))
    write_jsonl(bench_env.path / "ckptB.jsonl", _sampled("q"))
    write_jsonl(bench_env.path / "ckptC.jsonl", _sampled("other"))
    assert _samples(bench_env, "ckptA.jsonl", "s8.json").ret == 1  # four wrong samples fail their tests
    return bench_env


def _samples(env, preds, report, *args):
    return env.runpytest("--bench", "vmcbench_dev", preds, "--bench-samples-by", "problem", "--bench-report", report,
                         "-p", "no:cacheprovider", *args)


def test_questions_pair_by_id_whatever_the_files_are_called(samples, capsys):
    result = _samples(samples, "ckptB.jsonl", "b.json", "--bench-baseline", "s8.json", "--bench-max-drop", "0.02")
    assert result.ret == pytest.ExitCode.OK
    comparison = load_report(samples, "b.json")["comparison"]
    assert comparison["questions"] == 10 and comparison["delta"] == 0.0
    result.stdout.fnmatch_lines(["*max_drop: paired change +0.00 pts on 10 questions*holds"])
    assert main(["compare", "s8.json", "b.json", "--max-drop", "0.02"]) == 0
    assert "vs baseline (10 paired questions, mean sample score)" in capsys.readouterr().out


def test_a_comparison_where_nothing_pairs_is_a_usage_error(samples, capsys):
    result = _samples(samples, "ckptC.jsonl", "c.json", "--bench-baseline", "s8.json", "--bench-max-drop", "0.02")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stdout.fnmatch_lines(["ERROR: nothing to compare: no question of this run shares its question id (the "
                                 "--bench-samples-by field) with the baseline (this run's rows: 'other0?s1?', "
                                 "'other0?s2?', *; the baseline's: 'q0?s1?', *"])
    report = load_report(samples, "c.json")
    assert [g["name"] for g in report["gates"]] == []  # no gate failed for it: not a gate at all
    assert "nothing to compare" in report["comparison"]["nothing_paired"]
    assert main(["compare", "s8.json", "c.json", "--max-drop", "0.02"]) == BAD_INPUT
    err = capsys.readouterr().err
    assert "c.json against s8.json: nothing to compare" in err and "questions pair by question id" in err


def test_rows_that_pair_with_nothing_are_a_usage_error(reports, capsys):
    write_jsonl(reports.path / "other.jsonl", [{**r, "index": f"x{r['index']}"} for r in _rows(20)])
    _bench(reports, "other.jsonl", "other.json")
    assert main(["compare", "base.json", "other.json", "--max-drop", "0.02"]) == BAD_INPUT
    assert ("other.json against base.json: nothing to compare: no row of this run shares its id with the baseline "
            "(this run's rows: 'x0', 'x1', 'x2', ...; the baseline's: '0', '1', '2', ...)") in capsys.readouterr().err


# -- an inconclusive gate reads the same everywhere --------------------------------------------------------------

def test_an_inconclusive_gate_is_a_warning_everywhere_and_passes(bench_env, monkeypatch):
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(bench_env.path / "step.md"))
    write_jsonl(bench_env.path / "preds.jsonl", _rows(100, wrong={0, 1, 2, 3, 4}))
    _bench(bench_env, "preds.jsonl", "base.json")
    write_jsonl(bench_env.path / "preds.jsonl", _rows(100, wrong={0, 1, 2, 3, 5, 6, 7}))
    result = _bench(bench_env, "preds.jsonl", "cur.json", "--bench-baseline", "base.json",
                    "--bench-noninferiority-margin", "0.02", "--junitxml", "junit.xml", "--color=yes")
    assert result.ret == pytest.ExitCode.OK  # inconclusive passes: the exit status is 0
    gate = next(g for g in load_report(bench_env, "cur.json")["gates"] if g["name"] == "noninferiority")
    assert gate["outcome"] == "inconclusive"
    yellow = "\x1b[33m"
    (line,) = [ln for ln in result.outlines if "gate inconclusive: noninferiority" in ln]
    assert line.startswith(yellow)
    assert any(ln.startswith("::warning file=preds.jsonl,title=answerbench gate noninferiority inconclusive::")
               for ln in result.outlines)
    assert not any(ln.startswith("::error") for ln in result.outlines)
    case = next(c for c in ET.parse(bench_env.path / "junit.xml").iter("testcase")
                if c.get("name") == "noninferiority[accuracy_change_ci95_low]")
    (skipped,) = case.findall("skipped")
    assert skipped.get("message").startswith("inconclusive: noninferiority (margin 2.00 pts)")
    assert not case.findall("failure")
    assert "| ⚠️ inconclusive | noninferiority |" in (bench_env.path / "step.md").read_text(encoding="utf-8")
