"""Nothing a prediction file holds is ever a control sequence in what a run prints: row ids, answers and golds
holding line breaks, escape sequences, bidirectional overrides or a workflow command (``::stop-commands::``,
``::add-mask::``) are shown escaped in the terminal summary, the GitHub annotations, the markdown step summary,
the JUnit messages and the ``answerbench`` commands' output (``text/printable.py``). Every printed line is
checked, under ``GITHUB_ACTIONS=true``."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

from conftest import write_jsonl
from pytest_answerbench.cli import main
from pytest_answerbench.text.printable import UNPRINTABLE

HOSTILE_IDS = ["r1\n::stop-commands::TOKEN", "r1\n::stop-commands::TOKEN", "r2\r::add-mask::SECRET",
               "r3\x1b[2J\x1b]0;title\x07", "r4\u2028::warning::x", "r5\u202eevil\u2066", "::add-mask::r6",
               "r7\x85::error::c1"]

# The run's own annotations: a command name, properties with no raw ':' or ',' in their values, then '::'.
ANNOTATION = re.compile(r"::(error|warning) (?:(?:file|line|title)=[^:,\n]*,?)+::")


def _rows(wrong: bool) -> list[dict]:
    rows = []
    for i, row_id in enumerate(HOSTILE_IDS):
        gold = f"{i}\n::error::gold" if i == 3 else str(i)
        answer = f"{i + 1}\x1b[2J\n::error::x" if wrong else gold
        rows.append({"id": row_id, "prediction": f"The answer is $\\boxed{{{answer}}}$", "final_answer": [gold],
                     "answer_type": "Numerical"})
    return rows


def _check_lines(lines: list[str], where: str, annotations: bool = False) -> int:
    """Every line printable, none starting a workflow command but the run's own annotations; returns how many
    annotations there were."""
    seen = 0
    for line in lines:
        assert not UNPRINTABLE.search(line), f"{where}: {line!r}"
        if line.lstrip().startswith("::"):
            assert annotations and ANNOTATION.match(line), f"{where}: a workflow command: {line!r}"
            assert "title=answerbench" in line
            seen += 1
    return seen


@pytest.fixture
def hostile(bench_env, monkeypatch):
    """A baseline every row of which is right, and a run of the same hostile ids every row of which is wrong,
    gated against it, under GitHub Actions with a step summary."""
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(bench_env.path / "step.md"))
    write_jsonl(bench_env.path / "base.jsonl", _rows(wrong=False))
    write_jsonl(bench_env.path / "new.jsonl", _rows(wrong=True))
    assert bench_env.runpytest("--bench", "olympiad", "base.jsonl", "--bench-report", "base.json").ret == 0
    return bench_env


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_hostile_ids_answers_and_golds_are_escaped_in_every_output(hostile, workers):
    result = hostile.runpytest("--bench", "olympiad", "new.jsonl", "--bench-report", "new.json",
                               "--bench-baseline", "base.json", "--bench-max-drop", "0.01", "--bench-markdown",
                               "out.md", "--junitxml", "junit.xml", "-rA", *workers)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    out = result.stdout.str()
    assert "\r" not in out and "\x1b" not in out and "\u2028" not in out
    # one error (the failed gate) and a warning per flipped row: the run's own commands, and nothing else
    assert _check_lines(result.outlines + result.errlines, "terminal", annotations=True) == 1 + len(HOSTILE_IDS)
    # the ids, answers and golds are there to read, escaped, in the wrong rows, the flips and the warning
    assert "  new.jsonl:1 r1\\n::stop-commands::TOKEN: extracted '1\\x1b[2J\\n::error::x', gold '0'" in out
    assert "new.jsonl:4 r3\\x1b[2J\\x1b]0;title\\x07: '3\\n::error::gold' -> '4\\x1b[2J\\n::error::x'" in out
    assert "id 'r1\\n::stop-commands::TOKEN' already used (scored as r1\\n::stop-commands::TOKEN#2" in out
    for shown in ("r2\\r::add-mask::SECRET", "r4\\u2028::warning::x", "r5\\u202eevil\\u2066", "r7\\x85::error::c1"):
        assert shown in out
    # an annotation's title escapes ':' and ',' (GitHub's rules for properties), after the escaping of the text
    assert "title=answerbench%3A row r1\\n%3A%3Astop-commands%3A%3ATOKEN flipped correct -> wrong::" in out
    for name in ("out.md", "step.md"):
        text = (hostile.path / name).read_text(encoding="utf-8")
        _check_lines(text.splitlines(), name)
        assert "\r" not in text and "\x85" not in text
        assert "r1\\\\n::stop-commands::TOKEN" in text  # the flips table: escaped, then markdown's backslash
    junit = ET.parse(hostile.path / "junit.xml")
    messages = [(case.get("name"), el.get("message"), el.text) for case in junit.iter("testcase")
                for el in case if el.tag in ("failure", "skipped", "error")]
    assert len(messages) == len(HOSTILE_IDS) + 1  # every row (an expected failure under a gate) and the gate
    for name, message, text in messages:
        for value in (name, message, text):
            assert value is None or not UNPRINTABLE.search(value), value
    assert any("'1\\x1b[2J\\n::error::x'" in (message or "") for _, message, _ in messages)


def test_the_commands_escape_what_a_report_holds(hostile, capsys):
    hostile.runpytest("--bench", "olympiad", "new.jsonl", "--bench-report", "new.json", "--bench-baseline",
                      "base.json")  # render shows the flips of the comparison it holds
    report = json.loads((hostile.path / "new.json").read_text(encoding="utf-8"))
    assert report["rows"][0]["id"] == HOSTILE_IDS[0]  # the report keeps the id as written (JSON escapes it)
    capsys.readouterr()
    for argv in (["summary", "new.json"], ["compare", "base.json", "new.json", "--max-drop", "0.01"],
                 ["render", "new.json"], ["merge", "--runs", "base.json", "new.json"]):
        main(argv)
        captured = capsys.readouterr()
        lines = captured.out.splitlines() + captured.err.splitlines()
        _check_lines(lines, " ".join(argv))
        assert "\r" not in captured.out and "\u2028" not in captured.out
        assert "stop-commands" in captured.out, argv  # the hostile id is printed, escaped
