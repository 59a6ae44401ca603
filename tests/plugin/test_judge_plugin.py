"""The judge through the plugin: --bench-judge-* options, the real openai client against a local
OpenAI-compatible server, prefetch concurrency, the persistent cache, offline mode, fatal errors."""

from __future__ import annotations

import socket
import time

import pytest

from conftest import load_report, write_jsonl
from pytest_answerbench.judge.selftest import PROBES
from pytest_answerbench.judge.testing import FakeOpenAIServer, verdict_by_token
from pytest_answerbench.options import (
    BENCH,
    BENCH_JUDGE_BASE_URL,
    BENCH_JUDGE_CACHE,
    BENCH_JUDGE_CONCURRENCY,
    BENCH_JUDGE_MAX_RETRIES,
    BENCH_JUDGE_MODEL,
    BENCH_JUDGE_OFFLINE,
    BENCH_JUDGE_SELFTEST,
    BENCH_REPORT,
)
SECRET = "sk-local-test-0123456789abcdef"
# the tests of a judge failing mid-run count the server's requests and time: the self-test before the rows
# (tests/plugin/test_judge_selftest.py) would take its share of them
NO_SELFTEST = (BENCH_JUDGE_SELFTEST, "off")


def _rows(n: int):
    rows = []
    for i in range(n):
        truth = f"TRUTH-{i}"
        response = f"I believe it is {truth}, as shown." if i % 3 else f"Probably something else {i}."
        rows.append({"session_id": f"s{i}", "interaction_id": f"i{i}", "turn_idx": 0, "is_ego": i % 2 == 0,
                     "query": f"What is item {i}?", "ground_truth": truth, "agent_response": response})
    rows[4]["agent_response"] = "I don't know."
    return rows


def judge_server(delay: float = 0.05, status: int = 200) -> FakeOpenAIServer:
    """A judge saying CORRECT when the prediction contains the ground truth (rows below put it as TRUTH-<n>)."""
    return FakeOpenAIServer(verdict_by_token(r"TRUTH-\d+"), delay=delay, status=status)


@pytest.fixture
def server():
    s = judge_server()
    yield s
    s.close()


def _run(pytester, server, *args, cache="judge.sqlite3"):
    return pytester.runpytest_subprocess(
        BENCH, "crag_mm", "preds.jsonl", BENCH_REPORT, "report.json", BENCH_JUDGE_MODEL, "local-judge",
        BENCH_JUDGE_BASE_URL, server.base_url, BENCH_JUDGE_CACHE, cache, *args)


def test_judged_run_with_prefetch_cache_and_offline(bench_env, server, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    write_jsonl(bench_env.path / "preds.jsonl", _rows(40))
    result = _run(bench_env, server, BENCH_JUDGE_CONCURRENCY, "8")
    report = load_report(bench_env)
    assert report["total"] == 40
    assert report["counts"]["miss"] == 1
    # 26 rows (i % 3 != 0) mention the truth; row 4 among them is an "I don't know" miss instead
    assert report["counts"]["correct"] == 25
    assert report["judge"]["prompt_tokens"] > 0
    assert 2 <= server.max_in_flight <= 8, "judge calls must run concurrently, bounded by the concurrency"
    first_requests = len(server.requests)
    # the endpoint check, the judge self-test's probes, then at most one per row
    assert first_requests <= 1 + len(PROBES) + 40 and report["judge_selftest"]["probes"] == len(PROBES)
    assert report["judge_selftest"]["accepted"] == 0 and report["judge_selftest"]["cached"] == 0
    assert server.requests[0]["max_tokens"] == 1, "the endpoint is checked before any row"
    assert SECRET not in result.stdout.str() + result.stderr.str()
    assert SECRET not in (bench_env.path / "report.json").read_text()

    # second run: everything from the persistent cache, the self-test too (one request: the endpoint check)
    _run(bench_env, server)
    assert len(server.requests) == first_requests + 1
    again = load_report(bench_env)
    assert again["judge_selftest"]["cached"] == len(PROBES)
    assert [r["status"] for r in again["rows"]] == [r["status"] for r in report["rows"]]
    assert again["judge"].get("calls", 0) == 0 and again["judge"]["cache_hits"] > 0

    # offline with an empty cache: rows needing the judge are errors, nothing is sent
    _run(bench_env, server, BENCH_JUDGE_OFFLINE, cache="empty.sqlite3")
    offline = load_report(bench_env)
    assert len(server.requests) == first_requests + 1
    assert offline["counts"]["error"] > 0
    assert all("offline" in r["detail"] or "cache" in r["detail"] for r in offline["rows"] if r["status"] == "error")


def test_an_unknown_model_stops_the_run_with_one_message(bench_env, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    bad = judge_server(delay=0.0, status=404)
    try:
        write_jsonl(bench_env.path / "preds.jsonl", _rows(30))
        result = _run(bench_env, bad, BENCH_JUDGE_MAX_RETRIES, "0", cache="off")
    finally:
        bad.close()
    assert result.ret == pytest.ExitCode.USAGE_ERROR, "the endpoint check stops the run before any row"
    out = result.stdout.str() + result.stderr.str()
    assert "judge endpoint" in out and "404" in out and "not found" in out.lower()
    assert len(bad.requests) < 30 * 2, "a fatal judge error must not be retried for every row"
    assert SECRET not in out + result.stderr.str()


def test_without_a_judge_model_crag_falls_back_to_exact_match(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", _rows(6))
    bench_env.runpytest(BENCH, "crag_mm", "preds.jsonl", BENCH_REPORT, "report.json", "--bench-profile", "upstream")
    report = load_report(bench_env)
    assert report["total"] == 6
    assert "judge" not in report


def test_a_failing_judge_never_becomes_a_verdict(bench_env, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    broken = judge_server(delay=0.0, status=503)
    try:
        write_jsonl(bench_env.path / "preds.jsonl", _rows(12))
        result = _run(bench_env, broken, BENCH_JUDGE_MAX_RETRIES, "1", "--bench-judge-timeout", "5", *NO_SELFTEST,
                      cache="off")
    finally:
        broken.close()
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    report = load_report(bench_env)
    assert report["total"] == 12, "no row is lost"
    judged = [r for r in report["rows"] if r["status"] not in ("miss",)]
    assert judged and all(r["status"] == "error" for r in judged), [r["status"] for r in judged]
    assert all("503" in r["detail"] or "judge" in r["detail"].lower() for r in judged)
    assert len(broken.requests) <= 12 * 2, "retries are bounded"


# --- time limits, a dead endpoint (issue 14, section 3) ------------------------------------------------------


def _judged_rows(n: int):
    """Rows that each need the judge (no miss, no exact match)."""
    return [{**row, "agent_response": f"It is TRUTH-{i}, I think."} for i, row in enumerate(_rows(max(n, 5)))][:n]


def test_retry_after_beyond_the_row_limit_makes_each_row_an_error_naming_it(bench_env, monkeypatch):
    """Before: each row waited Retry-After (capped at 120 s) four times, far beyond its 4 s limit."""
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    busy = FakeOpenAIServer(status=429, headers={"retry-after": "86400"})
    try:
        write_jsonl(bench_env.path / "preds.jsonl", _judged_rows(3))
        started = time.monotonic()
        result = _run(bench_env, busy, "--timeout", "4", *NO_SELFTEST, cache="off")
        elapsed = time.monotonic() - started
    finally:
        busy.close()
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    report = load_report(bench_env)
    assert [r["status"] for r in report["rows"]] == ["error"] * 3
    assert all("Retry-After" in r["detail"] and "time limit" in r["detail"] for r in report["rows"])
    assert elapsed < 30


def test_a_trickled_reply_ends_at_the_judge_timeout(bench_env, monkeypatch):
    """Before: the timeout was per read, so a reply trickled a byte every 50 ms took ~15 s per attempt."""
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    slow = FakeOpenAIServer()
    slow.script = [("ok", "OK")] + [("trickle", 0.05, "Result: CORRECT " + "x" * 200)] * 10
    try:
        write_jsonl(bench_env.path / "preds.jsonl", _judged_rows(2))
        started = time.monotonic()
        _run(bench_env, slow, "--bench-judge-timeout", "1", BENCH_JUDGE_MAX_RETRIES, "0", *NO_SELFTEST, cache="off")
        elapsed = time.monotonic() - started
    finally:
        slow.close()
    report = load_report(bench_env)
    assert [r["status"] for r in report["rows"]] == ["error"] * 2
    assert all("timed out after 1s" in r["detail"] for r in report["rows"])
    assert elapsed < 20


def test_a_dead_endpoint_is_a_usage_error_before_any_row(bench_env, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{s.getsockname()[1]}/v1"
    write_jsonl(bench_env.path / "preds.jsonl", _judged_rows(20))
    result = bench_env.runpytest(BENCH, "crag_mm", "preds.jsonl", BENCH_REPORT, "report.json", BENCH_JUDGE_MODEL,
                                 "local-judge", BENCH_JUDGE_BASE_URL, url, BENCH_JUDGE_CACHE, "off")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    err = result.stderr.str()
    assert f"judge endpoint {url} is not usable: connection error" in err
    assert not (bench_env.path / "report.json").exists(), "no row was scored"


def test_an_endpoint_going_away_mid_run_stops_the_run_with_one_message(bench_env, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    dying = judge_server(delay=0.0)
    dying.die_after = 3  # the check and two rows' replies, then nothing listens
    try:
        write_jsonl(bench_env.path / "preds.jsonl", _judged_rows(40))
        started = time.monotonic()
        result = _run(bench_env, dying, BENCH_JUDGE_CONCURRENCY, "1", BENCH_JUDGE_MAX_RETRIES, "1", *NO_SELFTEST,
                      cache="off")
        elapsed = time.monotonic() - started
    finally:
        dying.close()
    assert result.ret != pytest.ExitCode.OK
    out = result.stdout.str()
    assert out.count("unreachable: 3 calls in a row could not connect") >= 1
    assert elapsed < 30, "the breaker stops the run instead of retrying 38 more rows"
    assert len(dying.requests) < 10
    stopped = [r for r in load_report(bench_env)["rows"] if r["status"] == "error"]
    assert stopped and "unreachable" in stopped[-1]["detail"]
