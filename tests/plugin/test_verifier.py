"""The opt-in verifier (issue 22, item 3): rule first, the judge only for rows the rules leave undecided, never
accepting a hedge, through a real OpenAI-compatible server on 127.0.0.1 and the real ``openai`` client."""

from __future__ import annotations

import pytest

from conftest import load_report, write_jsonl
from pytest_answerbench import score_row
from pytest_answerbench.judge import OpenAIJudge
from pytest_answerbench.judge.testing import FakeOpenAIServer
from pytest_answerbench.judge.verifier import METHOD, read_reply, several_candidates
from pytest_answerbench.spec import builtin_dir
from pytest_answerbench.options import (BENCH, BENCH_JUDGE_BASE_URL, BENCH_JUDGE_CACHE, BENCH_JUDGE_MODEL,
                                        BENCH_PROFILE, BENCH_REPORT)
from pytest_answerbench.verdict import Verdict

CUT_OFF = "We first note that the sum telescopes, so"  # no committed answer: undecided
HEDGE = "It is either the first case or the second case, so we continue"  # undecided, and a hedge
ROWS = [
    {"id": "decided-right", "question": "1+2?", "prediction": "So the answer is 3.", "final_answer": ["3"]},
    {"id": "decided-wrong", "question": "1+2?", "prediction": "So the answer is 4.", "final_answer": ["3"]},
    {"id": "cut-off", "question": "Sum?", "prediction": CUT_OFF, "final_answer": ["3"]},
    {"id": "hedge", "question": "Which?", "prediction": HEDGE, "final_answer": ["3"]},
    {"id": "candidates", "question": "Which?", "prediction": "The possible answers remain open, so we continue the",
     "final_answer": ["3"]},
]


def say_yes(messages) -> str:
    """A judge that says yes to everything (and answers the plugin's endpoint check)."""
    return "YES"


@pytest.fixture
def yes_server():
    with FakeOpenAIServer(say_yes) as server:
        yield server


def _judge(server):
    return OpenAIJudge("m", base_url=server.base_url, api_key="k", cache_path=None, backoff=0.01)


@pytest.mark.parametrize(("text", "why"), [
    (r"So it is $\boxed{3}$ or maybe $\boxed{5}$.", "several different boxed answers: 3, 5"),
    ("The answer is either 4 or 6.", "a hedge between answers"),
    ("The final answer is 3 or 5", "a hedge between answers"),
    ("Possible answers: 2, 3.", "a hedge between answers"),
    ("Answer: A, B, C, D", "every option listed"),
    (r"Thus $\boxed{12}$, and again $\boxed{12}$.", None),
    ("The answer is 3, because 1 or 2 fail.", None),
    ("So she has 18 dollars left.", None),
])
def test_several_candidates(text, why):
    assert several_candidates(text) == why


def test_reply_reading_is_strict():
    assert read_reply("YES") is True and read_reply("no.") is False
    assert read_reply("Yes... no") is None and read_reply("Equivalent") is None


def test_what_the_rules_leave_undecided():
    assert Verdict.graded(False, method="no-answer").leaves_undecided() == "no committed answer located"
    assert Verdict.error("x", method="bound:digits").leaves_undecided() == "a size bound stopped the comparison"
    assert Verdict.graded(False, method="unparsed (bad)").leaves_undecided() == "the answer could not be parsed"
    assert Verdict.graded(False, method="text", extra={"undecided": "two texts"}).leaves_undecided() == "two texts"
    assert Verdict.graded(False, method="numeric").leaves_undecided() is None
    assert Verdict.graded(True, method="no-answer").leaves_undecided() is None  # correct is always decided


def test_only_undecided_rows_reach_the_verifier_and_a_hedge_is_never_accepted(yes_server):
    judge = _judge(yes_server)
    verdicts = {row["id"]: score_row("olympiad", row, judge=judge, verifier="judge", timeout=None) for row in ROWS}
    assert {k: (v.status, v.method) for k, v in verdicts.items()} == {
        "decided-right": ("correct", "exact@answer-line"), "decided-wrong": ("wrong", "numeric@answer-line"),
        "cut-off": ("correct", METHOD), "hedge": ("wrong", "no-answer"), "candidates": ("wrong", "no-answer")}
    assert len(yes_server.requests) == 1  # the cut-off row's only
    sent = yes_server.requests[0]["messages"][-1]["content"]
    assert CUT_OFF in sent and "Reference answer:\n3\n" in sent and "Sum?" in sent
    assert verdicts["cut-off"].extra["rule_method"] == "no-answer"
    assert verdicts["hedge"].extra["verifier"] == "not asked, never accepted: a hedge between answers"
    assert verdicts["candidates"].extra["verifier"] == "not asked, never accepted: a hedge between answers"
    # without the option, the same judge changes nothing
    assert score_row("olympiad", ROWS[2], judge=judge, timeout=None).method == "no-answer"


def test_a_no_reply_is_a_rejection_and_an_unclear_one_leaves_the_rule(tmp_path):
    with FakeOpenAIServer(lambda m: "NO") as server:
        v = score_row("atomic", {"prediction": "The energy is large.", "answer": "3 J"}, judge=_judge(server),
                      verifier="judge", timeout=None)
        assert (v.status, v.method) == ("wrong", METHOD) and v.extra["judge"]["calls"] == 1
    with FakeOpenAIServer(lambda m: "Maybe") as server:
        v = score_row("atomic", {"prediction": "The energy is large.", "answer": "3 J"}, judge=_judge(server),
                      verifier="judge", timeout=None)
        assert (v.status, v.method) == ("wrong", "no-answer") and "not a clear YES/NO" in v.extra["verifier"]


def test_a_verified_run_sends_only_undecided_rows_and_counts_them(bench_env, yes_server, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    write_jsonl(bench_env.path / "preds.jsonl", ROWS)
    args = [BENCH, "olympiad", "preds.jsonl", BENCH_REPORT, "report.json", BENCH_JUDGE_MODEL, "m",
            BENCH_JUDGE_BASE_URL, yes_server.base_url, BENCH_JUDGE_CACHE, str(bench_env.path / "cache.sqlite3")]
    result = bench_env.runpytest_subprocess(*args, "--bench-verifier", "judge")
    report = load_report(bench_env)
    assert {r["id"]: r["method"] for r in report["rows"]} == {
        "decided-right": "exact@answer-line", "decided-wrong": "numeric@answer-line", "cut-off": METHOD, "hedge": "no-answer",
        "candidates": "no-answer"}
    verifier_calls = [r for r in yes_server.requests if "Reference answer:" in str(r["messages"])]
    assert len(verifier_calls) == 1  # the endpoint check aside, one call: the one undecided, unhedged row
    result.stdout.fnmatch_lines(["verifier: 1 rows the rules left undecided decided by the judge (1 accepted, "
                                 "0 rejected)"])
    # cached like every judge call: the rerun (here under xdist) asks nothing more
    bench_env.runpytest_subprocess(*args, "--bench-verifier", "judge", "-n", "2")
    assert len([r for r in yes_server.requests if "Reference answer:" in str(r["messages"])]) == 1
    assert [r["method"] for r in load_report(bench_env)["rows"]] == [r["method"] for r in report["rows"]]
    # the ini key, and the usage errors
    bench_env.makeini("[pytest]\nbench_verifier = judge\n")
    upstream = bench_env.runpytest_subprocess(*args, BENCH_PROFILE, "upstream")
    assert upstream.ret == pytest.ExitCode.USAGE_ERROR
    upstream.stderr.fnmatch_lines(["*ini key bench_verifier judge: the upstream profile reproduces references "
                                   "that have no verifier*"])
    bench_env.makeini("[pytest]\n")
    alone = bench_env.runpytest_subprocess(BENCH, "olympiad", "preds.jsonl", "--bench-verifier", "judge")
    assert alone.ret == pytest.ExitCode.USAGE_ERROR
    alone.stderr.fnmatch_lines(["*--bench-verifier judge needs a judge (--bench-judge-model*"])


def test_the_benchmark_yaml_turns_it_on(bench_env, yes_server, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    write_jsonl(bench_env.path / "preds.jsonl", ROWS[2:3])
    text = (builtin_dir() / "olympiad" / "benchmark.yaml").read_text(encoding="utf-8")
    (bench_env.path / "mine.yaml").write_text(text + "\nverifier: judge\n", encoding="utf-8")
    bench_env.runpytest_subprocess(BENCH, "mine.yaml", "preds.jsonl", BENCH_REPORT, "report.json",
                                   BENCH_JUDGE_MODEL, "m", BENCH_JUDGE_BASE_URL, yes_server.base_url,
                                   BENCH_JUDGE_CACHE, "off")
    assert load_report(bench_env)["rows"][0]["method"] == METHOD
