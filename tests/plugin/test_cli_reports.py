"""``answerbench compare`` and ``answerbench render`` on saved reports (issue 16, section 5), including a report
merged from shards: the same comparison and gates as a ``--bench-baseline`` run, without scoring again."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench.cli import BAD_INPUT, main
from pytest_answerbench.options import BENCH, BENCH_BASELINE, BENCH_MAX_DROP, BENCH_REPORT, BENCH_SHARD


def _rows(right_every: int) -> list[dict]:
    """30 VMCBench rows; row i is right unless i is a multiple of ``right_every``."""
    return [mc_row(i, f"The answer is ({'A' if i % right_every == 0 else 'B'}).",
                   category=["MMStar", "AI2D"][i % 2]) for i in range(30)]


def _scored_runs(env) -> None:
    write_jsonl(env.path / "preds.jsonl", _rows(10))
    env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "base.json")
    write_jsonl(env.path / "preds.jsonl", _rows(3))
    env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "new.json")
    gated = env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "gated.json",
                          BENCH_BASELINE, "base.json", BENCH_MAX_DROP, "0.05")
    assert gated.ret == 1
    for i in (1, 2):
        env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_SHARD, f"{i}/2", BENCH_REPORT, f"shard{i}.json")
    assert main(["merge", "shard1.json", "shard2.json", "-o", "merged.json"]) == 0


@pytest.fixture
def runs(bench_env, built_once):
    """base.json (27 of 30 right), new.json (20 of 30 right, same ids) and gated.json: new scored with
    ``--bench-baseline base.json --bench-max-drop 0.05``; also the shards of new and their merge. Made once, each
    test given its own copies."""
    return built_once.into("cli_reports", bench_env, _scored_runs)


def test_compare_gives_the_comparison_and_gates_of_a_baseline_run(runs, capsys):
    status = main(["compare", "base.json", "new.json", "--max-drop", "0.05", "-o", "compared.json"])
    out = capsys.readouterr().out
    assert status == 1  # the drop (-23 pts) is larger than 5
    gated, compared = load_report(runs, "gated.json"), load_report(runs, "compared.json")
    assert compared["gates"] == gated["gates"]
    assert [g["name"] for g in compared["gates"]] == ["max_drop", "fingerprint"]
    assert not compared["gates"][0]["passed"] and compared["gates"][1]["passed"]
    for key in ("delta", "ci95", "b", "c", "p_value", "flips", "groups", "n"):
        assert compared["comparison"][key] == gated["comparison"][key], key
    assert "vs baseline (30 paired rows): change -23.33 pts" in out
    assert "McNemar p=" in out and "flipped correct -> wrong (first 9 of 9):" in out
    assert f"gate FAIL: {gated['gates'][0]['message']}" in out


def test_compare_passes_when_the_gates_hold(runs, capsys):
    assert main(["compare", "base.json", "new.json", "--max-drop", "0.5", "--min-accuracy", "0.6",
                 "--threshold", "groups.category.AI2D=0.5"]) == 0
    out = capsys.readouterr().out
    assert out.count("gate pass:") == 4  # and the fingerprint check: both scored the same way
    # no gate asked for: the comparison and its fingerprint check alone, exit 0
    assert main(["compare", "base.json", "new.json"]) == 0
    gates = [line for line in capsys.readouterr().out.splitlines() if line.startswith("gate ")]
    assert gates == ["gate pass: fingerprint: baseline scored the same way"]


def test_compare_noninferiority_and_group_gates(runs, capsys):
    status = main(["compare", "base.json", "new.json", "--noninferiority-margin", "0.02", "--group-gates",
                   "-o", "ni.json"])
    names = [g["name"] for g in load_report(runs, "ni.json")["gates"]]
    assert status == 1 and names == ["noninferiority"] * 3 + ["fingerprint"]  # overall + 2 groups
    assert "non-inferiority (margin 2.00 pts)" in capsys.readouterr().out


def test_compare_writes_markdown_and_html(runs, capsys):
    assert main(["compare", "base.json", "new.json", "--max-drop", "0.05", "--markdown", "cmp.md",
                 "--html", "cmp.html"]) == 1
    md = (runs.path / "cmp.md").read_text(encoding="utf-8")
    assert "### Change against the baseline" in md and "❌ FAIL" in md and "Correct → wrong: 9 row(s)" in md
    page = (runs.path / "cmp.html").read_text(encoding="utf-8")
    data = json.loads(page.split('<script type="application/json" id="rows-data">')[1].split("</script>")[0])
    assert len(data["rows"]) == 30 and sum(1 for r in data["rows"] if r.get("flip") == "c2w") == 9
    assert 'id="flip"' in page


def test_a_merged_report_compares_and_gates_like_the_whole_run(runs, capsys):
    assert main(["compare", "base.json", "merged.json", "--max-drop", "0.05", "-o", "merged-gated.json"]) == 1
    assert main(["compare", "base.json", "new.json", "--max-drop", "0.05", "-o", "whole-gated.json"]) == 1
    merged, whole = load_report(runs, "merged-gated.json"), load_report(runs, "whole-gated.json")
    assert merged["gates"] == whole["gates"]
    assert merged["comparison"]["flips"] == whole["comparison"]["flips"]
    # and a merged report is a baseline like any other
    assert main(["compare", "merged.json", "new.json", "--max-drop", "0"]) == 0


def test_render_writes_html_and_markdown_of_a_saved_report(runs, capsys):
    assert main(["render", "gated.json", "--html", "gated.html", "--markdown", "gated.md"]) == 0
    page = (runs.path / "gated.html").read_text(encoding="utf-8")
    assert 'id="rows-data"' in page and 'id="comparison"' in page and 'id="flip"' in page
    assert "### Gates" in (runs.path / "gated.md").read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["render", "merged.json"]) == 0  # markdown to stdout
    out = capsys.readouterr().out
    assert out.startswith("## ") and "20 of 30 rows correct" in out
    assert main(["render", "merged.json", "--html", "merged.html"]) == 0
    data = (runs.path / "merged.html").read_text(encoding="utf-8")
    assert data.count('"status":"wrong"') == 10


def test_bad_input_exits_2_naming_the_file(tmp_path, capsys):
    (tmp_path / "broken.json").write_text('{"accuracy": 0.5,\n oops}', encoding="utf-8")
    (tmp_path / "norows.json").write_text('{"accuracy": 0.5}', encoding="utf-8")
    assert main(["compare", str(tmp_path / "broken.json"), str(tmp_path / "norows.json")]) == BAD_INPUT
    assert f"{tmp_path / 'broken.json'}:2: not valid JSON" in capsys.readouterr().err
    assert main(["compare", str(tmp_path / "norows.json"), str(tmp_path / "norows.json")]) == BAD_INPUT
    assert "norows.json: the report has no rows" in capsys.readouterr().err
    assert main(["render", str(tmp_path / "missing.json"), "--html", str(tmp_path / "x.html")]) == BAD_INPUT
    assert "missing.json: cannot read" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["compare", "a.json", "b.json", "--max-drop", "2"])
    assert exc.value.code == 2


def test_the_command_runs_as_a_program(runs):
    done = subprocess.run([sys.executable, "-m", "pytest_answerbench.cli", "compare", "base.json", "new.json",
                           "--max-drop", "0.05"], cwd=runs.path, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    assert done.returncode == 1 and "gate FAIL" in done.stdout, done.stderr
