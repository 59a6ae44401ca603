"""The judge stub's command line (issue 26, friction 8): ``python -m pytest_answerbench.judge.testing --port N
--rules FILE`` serves an OpenAI-compatible judge on 127.0.0.1 that the real ``openai`` client talks to."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pytest_answerbench.judge.testing import rules_reply


def test_rules_pick_the_first_matching_reply_and_echo_otherwise():
    reply = rules_reply([{"pattern": r"Apple", "reply": "Result: CORRECT"}, {"pattern": ".", "reply": "other"}])
    assert reply([{"role": "user", "content": "gold Apple, answer Apple"}]) == "Result: CORRECT"
    assert reply([{"role": "user", "content": "x"}]) == "other"
    assert rules_reply([])([{"role": "user", "content": "echo me"}]) == "echo me"
    with pytest.raises(ValueError, match="rule 1: pattern '\\(' is not a regular expression"):
        rules_reply([{"pattern": "(", "reply": "x"}])


def test_the_command_serves_the_real_client(tmp_path):
    openai = pytest.importorskip("openai")
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps([{"pattern": "Samsung", "reply": "Result: WRONG"}]), encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "pytest_answerbench.judge.testing", "--port", "0", "--rules",
                             str(rules)], stdout=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("judge stub serving http://127.0.0.1:"), line
        base_url = line.split()[3]
        client = openai.OpenAI(base_url=base_url, api_key="stub", max_retries=0, timeout=30)
        out = client.chat.completions.create(model="stub", messages=[{"role": "user", "content": "Samsung?"}])
        assert out.choices[0].message.content == "Result: WRONG"
        out = client.chat.completions.create(model="stub", messages=[{"role": "user", "content": "hello"}])
        assert out.choices[0].message.content == "hello"
    finally:
        proc.terminate()
        assert proc.wait(timeout=30) == 0


def test_a_bad_rules_file_is_a_clear_error(tmp_path):
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps([{"pattern": "("}]), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pytest_answerbench.judge.testing", "--port", "0", "--rules",
                           str(rules)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "rule 1: expected" in done.stderr
