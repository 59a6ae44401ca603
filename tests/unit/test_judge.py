"""OpenAIJudge against a real OpenAI-compatible HTTP server on 127.0.0.1, with the real ``openai`` client.

The server (``FakeOpenAIServer`` of ``pytest_answerbench/judge/testing.py``) answers ``POST /v1/chat/completions``
from a per-test script of actions (success, HTTP status with headers, malformed JSON, empty choices,
connection reset, stall), records every request and the largest number of requests in flight at once. Nothing
here leaves 127.0.0.1.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from pytest_answerbench.judge import JudgeError, JudgeFatalError, JudgeRequest, JudgeTally, ask_judge
from pytest_answerbench.judge.cache import cache_key
from pytest_answerbench.judge.deadline import row_budget
from pytest_answerbench.judge.openai import OpenAIJudge
from pytest_answerbench.judge.testing import FakeOpenAIServer

SECRET = "sk-test-SECRET0123456789abcdef"


@pytest.fixture
def server():
    srv = FakeOpenAIServer()
    yield srv
    srv.close()


def make_judge(server: FakeOpenAIServer, **kw) -> OpenAIJudge:
    kw.setdefault("api_key", SECRET)
    kw.setdefault("cache_path", None)
    kw.setdefault("backoff", 0.01)
    kw.setdefault("timeout", 5.0)
    return OpenAIJudge("judge-model", base_url=server.base_url, **kw)


def ask(judge, text="Question?", **params):
    return judge.ask([{"role": "system", "content": "Be a judge."}, {"role": "user", "content": text}], **params)


# --- success and the request it sends ----------------------------------------------------------------------


def test_success_sends_model_messages_params_and_counts_tokens(server):
    judge = make_judge(server)
    assert ask(judge, "Is 2+2 four?", temperature=0.0, max_tokens=5) == "echo:Is 2+2 four?"
    (body,) = server.requests
    assert body["model"] == "judge-model"
    assert body["messages"][1] == {"role": "user", "content": "Is 2+2 four?"}
    assert body["temperature"] == 0.0 and body["max_tokens"] == 5
    assert "template_version" not in body
    assert server.auth_headers == [f"Bearer {SECRET}"]
    assert judge.stats() == {"calls": 1, "cache_hits": 0, "prompt_tokens": 11, "completion_tokens": 3,
                             "requests": 1, "retries": 0, "failures": 0}


def test_env_configuration(server, monkeypatch):
    monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env-0000000000")
    judge = OpenAIJudge("judge-model", cache_path=None)
    assert judge.ask([{"role": "user", "content": "hi"}]) == "echo:hi"
    assert server.auth_headers == ["Bearer sk-from-env-0000000000"]


def test_no_key_with_custom_base_url_sends_placeholder(server, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    judge = OpenAIJudge("judge-model", base_url=server.base_url, cache_path=None)
    assert judge.ask([{"role": "user", "content": "hi"}]) == "echo:hi"
    assert server.auth_headers == ["Bearer not-needed"]


def test_no_key_and_no_base_url_is_fatal_without_network(monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    judge = OpenAIJudge("judge-model", cache_path=None)
    with pytest.raises(JudgeFatalError, match="OPENAI_API_KEY"):
        judge.ask([{"role": "user", "content": "hi"}])


@pytest.mark.parametrize("bad, match", [({"model": ""}, "model"), ({"concurrency": 0}, "concurrency"),
                                        ({"max_retries": -1}, "max_retries"), ({"timeout": 0}, "timeout")])
def test_constructor_validates(bad, match):
    kw = {"model": "m", "cache_path": None, **bad}
    with pytest.raises(ValueError, match=match):
        OpenAIJudge(kw.pop("model"), **kw)


# --- retries -------------------------------------------------------------------------------------------------


def test_500_then_success_is_retried(server):
    server.script = [("status", 500, {}, {"error": {"message": "boom"}})]
    judge = make_judge(server)
    assert ask(judge) == "echo:Question?"
    assert len(server.requests) == 2
    assert judge.stats()["retries"] == 1 and judge.stats()["calls"] == 1


@pytest.mark.parametrize("code", [408, 409, 429, 502, 503])
def test_retryable_statuses(server, code):
    server.script = [("status", code, {}, {"error": {"message": "later"}})] * 2
    judge = make_judge(server)
    assert ask(judge) == "echo:Question?"
    assert len(server.requests) == 3


def test_429_honours_retry_after(server):
    server.script = [("status", 429, {"Retry-After": "1"}, {"error": {"message": "slow down"}})]
    judge = make_judge(server, backoff=0.001)
    started = time.monotonic()
    assert ask(judge) == "echo:Question?"
    assert time.monotonic() - started >= 0.95
    assert len(server.requests) == 2


def test_retry_after_ms_header_wins(server):
    server.script = [("status", 429, {"retry-after-ms": "300", "Retry-After": "30"}, {"error": {}})]
    judge = make_judge(server)
    started = time.monotonic()
    assert ask(judge) == "echo:Question?"
    assert 0.25 <= time.monotonic() - started < 5


def test_retries_are_bounded_and_give_a_clear_error(server):
    server.script = [("status", 503, {}, {"error": {"message": "overloaded"}})] * 10
    judge = make_judge(server, max_retries=2)
    with pytest.raises(JudgeError, match=r"failed after 3 attempts: HTTP 503: overloaded"):
        ask(judge)
    assert len(server.requests) == 3
    assert judge.stats()["failures"] == 1 and judge.stats()["retries"] == 2


def test_stall_against_client_timeout_then_success(server):
    server.script = [("stall", 60)]
    judge = make_judge(server, timeout=1.0)
    started = time.monotonic()
    assert ask(judge) == "echo:Question?"
    elapsed = time.monotonic() - started
    assert 0.9 <= elapsed < 4
    assert len(server.requests) == 2


def test_stall_with_2s_timeout_and_no_retry_fails_in_time(server):
    server.script = [("stall", 60)]
    judge = make_judge(server, timeout=2.0, max_retries=0)
    started = time.monotonic()
    with pytest.raises(JudgeError, match="timed out after 2s"):
        ask(judge)
    assert time.monotonic() - started < 5


def test_connection_reset_is_retried(server):
    server.script = [("reset",)]
    judge = make_judge(server)
    assert ask(judge) == "echo:Question?"
    assert len(server.requests) == 2


@pytest.mark.parametrize("action", [("malformed",), ("empty",)])
def test_malformed_body_is_retried(server, action):
    server.script = [action]
    judge = make_judge(server)
    assert ask(judge) == "echo:Question?"
    assert len(server.requests) == 2


def test_malformed_body_every_time_is_an_error(server):
    server.script = [("empty",)] * 5
    judge = make_judge(server, max_retries=1)
    with pytest.raises(JudgeError, match="no choices"):
        ask(judge)
    assert len(server.requests) == 2


def test_connection_refused_is_retried_then_fails():
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    judge = OpenAIJudge("m", base_url=f"http://127.0.0.1:{port}/v1", api_key=SECRET, cache_path=None,
                        backoff=0.01, max_retries=2)
    with pytest.raises(JudgeError, match="connection error"):
        judge.ask([{"role": "user", "content": "x"}])
    assert judge.stats()["requests"] == 3


@pytest.mark.parametrize("code", [400, 422])
def test_client_errors_are_not_retried(server, code):
    server.script = [("status", code, {}, {"error": {"message": "bad field temperature"}})]
    judge = make_judge(server)
    with pytest.raises(JudgeError, match=f"HTTP {code} \\(not retried\\): bad field") as info:
        ask(judge)
    assert not isinstance(info.value, JudgeFatalError)
    assert len(server.requests) == 1
    # the judge still works for the next conversation
    assert ask(judge, "next") == "echo:next"


@pytest.mark.parametrize("code, words", [(401, "authentication"), (403, "permission"), (404, "not found")])
def test_auth_and_model_errors_are_fatal_and_latched(server, code, words):
    server.script = [("status", code, {}, {"error": {"message": f"Incorrect API key provided: {SECRET}"}})]
    judge = make_judge(server)
    with pytest.raises(JudgeFatalError, match=words) as info:
        ask(judge)
    assert SECRET not in str(info.value)
    # every later call fails at once, without a request
    with pytest.raises(JudgeFatalError, match=words):
        ask(judge, "another")
    assert len(server.requests) == 1
    assert judge.fatal is not None


def test_api_key_never_in_errors_or_repr(server):
    masked = SECRET[:6] + "****" + SECRET[-4:]
    server.script = [("status", 400, {}, {"error": {"message": f"key {SECRET} / {masked} rejected"}})]
    judge = make_judge(server)
    with pytest.raises(JudgeError) as info:
        ask(judge)
    text = str(info.value) + repr(judge) + judge.describe() + repr(judge.__dict__.get("_client"))
    assert SECRET not in text and masked not in text
    assert "rejected" in str(info.value)


def test_url_credentials_not_in_repr():
    judge = OpenAIJudge("m", base_url="http://user:pw@127.0.0.1:1/v1", api_key=SECRET, cache_path=None)
    assert "pw" not in repr(judge) and "***@127.0.0.1" in repr(judge)


# --- cache -----------------------------------------------------------------------------------------------------


def test_cache_hit_across_instances_makes_no_request(server, tmp_path):
    path = tmp_path / "cache.sqlite3"
    first = make_judge(server, cache_path=path)
    assert ask(first, "q1", temperature=0) == "echo:q1"
    first.close()
    second = make_judge(server, cache_path=path)
    reply = ask_judge(second, [{"role": "system", "content": "Be a judge."}, {"role": "user", "content": "q1"}],
                      temperature=0)
    assert reply.text == "echo:q1" and reply.cached and reply.prompt_tokens == 11
    assert len(server.requests) == 1
    assert second.stats()["cache_hits"] == 1 and second.stats()["calls"] == 0


def test_cache_key_covers_model_template_messages_params(server, tmp_path):
    path = tmp_path / "cache.sqlite3"
    judge = make_judge(server, cache_path=path)
    ask(judge, "q", temperature=0)
    ask(judge, "q", temperature=0)  # hit
    ask(judge, "q", temperature=1)  # other params
    ask(judge, "q", temperature=0, template_version="v2")  # other template
    ask(judge, "Q", temperature=0)  # other messages
    assert len(server.requests) == 4
    msgs = [{"role": "user", "content": "q"}]
    assert cache_key("a", "", msgs, {}) != cache_key("b", "", msgs, {})


def test_cache_disabled_asks_every_time(server):
    judge = make_judge(server, cache_path=None)
    ask(judge, "q")
    ask(judge, "q")
    assert len(server.requests) == 2


def test_failures_are_not_cached(server, tmp_path):
    server.script = [("status", 400, {}, {"error": {"message": "no"}})]
    judge = make_judge(server, cache_path=tmp_path / "c.sqlite3")
    with pytest.raises(JudgeError):
        ask(judge, "q")
    assert ask(judge, "q") == "echo:q"


def test_offline_mode_uses_cache_only(server, tmp_path):
    path = tmp_path / "cache.sqlite3"
    make_judge(server, cache_path=path).ask([{"role": "user", "content": "known"}])
    offline = make_judge(server, cache_path=path, offline=True)
    assert offline.ask([{"role": "user", "content": "known"}]) == "echo:known"
    with pytest.raises(JudgeError, match=r"not cached \(offline\)") as info:
        offline.ask([{"role": "user", "content": "unknown"}])
    assert not isinstance(info.value, JudgeFatalError)
    assert len(server.requests) == 1


def test_unopenable_cache_is_a_clear_fatal_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(JudgeFatalError, match="cannot open the judge cache"):
        OpenAIJudge("m", cache_path=blocker / "sub" / "cache.sqlite3")


_WORKER = textwrap.dedent(
    """
    import sys
    from pytest_answerbench.judge.openai import OpenAIJudge
    base_url, path, start, stop = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    judge = OpenAIJudge("judge-model", base_url=base_url, api_key="sk-x", cache_path=path, concurrency=8,
                        backoff=0.01)
    judge.prefetch([[{"role": "user", "content": f"q{i}"}] for i in range(start, stop)])
    bad = [i for i in range(start, stop) if judge.ask([{"role": "user", "content": f"q{i}"}]) != f"echo:q{i}"]
    print("BAD", bad)
    """
)


def test_two_processes_write_one_cache_at_once(server, tmp_path):
    path = tmp_path / "shared.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    procs = [subprocess.Popen([sys.executable, "-c", _WORKER, server.base_url, str(path), str(a), str(b)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
             for a, b in ((0, 60), (30, 90))]
    outs = [p.communicate(timeout=60) for p in procs]
    for p, (out, err) in zip(procs, outs):
        assert p.returncode == 0, err
        assert "BAD []" in out
    offline = make_judge(server, cache_path=path, offline=True)
    before = len(server.requests)
    for i in range(90):
        assert offline.ask([{"role": "user", "content": f"q{i}"}]) == f"echo:q{i}"
    assert len(server.requests) == before
    assert before <= 120  # at most both processes asked their own 60 each


# --- prefetch and concurrency -------------------------------------------------------------------------------


def test_prefetch_runs_concurrently_and_later_asks_are_instant(server):
    server.delay = 0.2
    judge = make_judge(server, concurrency=8)
    convs = [[{"role": "user", "content": f"q{i}"}] for i in range(32)]
    started = time.monotonic()
    counts = judge.prefetch(convs + convs[:4], temperature=0)
    elapsed = time.monotonic() - started
    assert counts == {"requested": 32, "cached": 0, "fetched": 32, "failed": 0}
    assert server.max_in_flight > 1
    assert server.max_in_flight <= 8
    assert elapsed < 32 * 0.2 / 2
    started = time.monotonic()
    assert [judge.ask(c, temperature=0) for c in convs] == [f"echo:q{i}" for i in range(32)]
    assert time.monotonic() - started < 0.5
    assert len(server.requests) == 32


def test_prefetch_keeps_failures_for_the_matching_ask(server):
    server.script = [("status", 400, {}, {"error": {"message": "too long"}})]
    judge = make_judge(server, concurrency=1)
    counts = judge.prefetch([[{"role": "user", "content": "a"}], [{"role": "user", "content": "b"}]])
    assert counts["failed"] == 1 and counts["fetched"] == 1
    with pytest.raises(JudgeError, match="too long"):
        judge.ask([{"role": "user", "content": "a"}])
    assert judge.ask([{"role": "user", "content": "b"}]) == "echo:b"
    assert len(server.requests) == 2


def test_prefetch_accepts_requests_with_their_own_params(server):
    judge = make_judge(server)
    req = JudgeRequest.of([{"role": "user", "content": "x"}], max_tokens=7, template_version="t/1")
    judge.prefetch([req])
    assert server.requests[0]["max_tokens"] == 7
    assert judge.ask([{"role": "user", "content": "x"}], max_tokens=7, template_version="t/1") == "echo:x"
    assert len(server.requests) == 1


def test_prefetch_stops_on_fatal_error(server):
    server.script = [("status", 401, {}, {"error": {"message": "bad key"}})] * 100
    server.delay = 0.05
    judge = make_judge(server, concurrency=2)
    with pytest.raises(JudgeFatalError, match="authentication"):
        judge.prefetch([[{"role": "user", "content": f"q{i}"}] for i in range(50)])
    assert len(server.requests) < 10


def test_tally_records_per_row_accounting(server, tmp_path):
    judge = make_judge(server, cache_path=tmp_path / "c.sqlite3")
    tally = JudgeTally()
    tally.ask(judge, [{"role": "user", "content": "a"}])
    tally.ask(judge, [{"role": "user", "content": "a"}])
    extra = tally.extra()
    assert extra["judge"] == {"calls": 1, "cache_hits": 1, "prompt_tokens": 22, "completion_tokens": 6}
    assert [c["reply"] for c in extra["judge_calls"]] == ["echo:a", "echo:a"]


# --- time limits: a total deadline per request, the row's budget (issue 14, section 3) ---------------------


def _dead_url() -> str:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{s.getsockname()[1]}/v1"


@pytest.mark.parametrize("how", ["body", "headers"])
def test_the_timeout_bounds_a_trickled_reply_as_a_whole(how):
    """Before: httpx's timeout is per read, and a byte every 50 ms never trips a 1 s timeout (the ~300-byte
    reply took 15 s). Now the request ends at 1 s, whichever part of the reply trickles."""
    srv = FakeOpenAIServer(trickle=0.05)
    if how == "body":  # headers at once, then the body a byte at a time
        srv.trickle = 0.0
        srv.script = [("trickle", 0.05, "x" * 100)]
    try:
        judge = make_judge(srv, timeout=1.0, max_retries=0)
        started = time.monotonic()
        with pytest.raises(JudgeError, match=r"timed out after 1s .*whole request"):
            ask(judge)
        assert time.monotonic() - started < 2.5
    finally:
        srv.close()


def test_a_slow_but_complete_reply_within_the_timeout_is_read(server):
    server.script = [("trickle", 0.002, "fine")]
    assert ask(make_judge(server, timeout=5.0)) == "fine"


def test_retry_after_beyond_the_row_budget_ends_the_call_with_its_cause():
    """Before: a Retry-After of a day was waited (capped at 120 s) on every retry, beyond the row's limit."""
    srv = FakeOpenAIServer(status=429, headers={"retry-after": "86400"})
    try:
        judge = make_judge(srv, max_retries=4)
        started = time.monotonic()
        with row_budget(3.0), pytest.raises(JudgeError, match=r"Retry-After.*row has [\d.]+s left") as info:
            ask(judge)
        assert time.monotonic() - started < 1.5
        assert not isinstance(info.value, JudgeFatalError)
        assert len(srv.requests) == 1
    finally:
        srv.close()


def test_retries_stop_when_the_row_budget_is_spent(server):
    server.script = [("stall", 60)] * 10
    judge = make_judge(server, timeout=1.0, max_retries=10, backoff=0.01)
    started = time.monotonic()
    with row_budget(2.5), pytest.raises(JudgeError):
        ask(judge)
    assert time.monotonic() - started < 3.5
    assert len(server.requests) <= 3


def test_prefetch_keeps_to_the_row_budget_and_leaves_budget_failures_to_the_rows():
    srv = FakeOpenAIServer(status=429, headers={"retry-after": "86400"})
    try:
        judge = make_judge(srv, concurrency=4)
        convs = [[{"role": "user", "content": f"q{i}"}] for i in range(8)]
        started = time.monotonic()
        with row_budget(2.0):
            counts = judge.prefetch(convs)
        assert time.monotonic() - started < 2.5
        assert counts["failed"] == 8
        srv.status, srv.headers = 200, {}
        # the budget failure was not this conversation's own: the row's ask tries again
        assert ask(judge.__class__("judge-model", base_url=srv.base_url, api_key=SECRET, cache_path=None)) \
            == "echo:Question?"
        assert judge.ask(convs[0]) == "echo:q0"
    finally:
        srv.close()


# --- a dead endpoint: the check before scoring, the circuit breaker ---------------------------------------


def test_circuit_breaker_latches_after_consecutive_unreachable_calls():
    judge = OpenAIJudge("m", base_url=_dead_url(), api_key=SECRET, cache_path=None, backoff=0.01, max_retries=1,
                        breaker=2)
    with pytest.raises(JudgeError) as first:
        judge.ask([{"role": "user", "content": "a"}])
    assert not isinstance(first.value, JudgeFatalError)
    with pytest.raises(JudgeFatalError, match=r"unreachable: 2 calls in a row could not connect"):
        judge.ask([{"role": "user", "content": "b"}])
    requests = judge.stats()["requests"]
    with pytest.raises(JudgeFatalError, match="unreachable"):
        judge.ask([{"role": "user", "content": "c"}])
    assert judge.stats()["requests"] == requests == 4


def test_a_reply_between_failures_resets_the_breaker(server):
    server.script = [("reset",), ("reset",), ("ok", "yes"), ("reset",), ("reset",), ("ok", "again")]
    judge = make_judge(server, max_retries=0, breaker=3)
    for _ in range(2):
        with pytest.raises(JudgeError):
            ask(judge)
    assert ask(judge) == "yes"
    for _ in range(2):
        with pytest.raises(JudgeError) as info:
            ask(judge)
        assert not isinstance(info.value, JudgeFatalError)
    assert ask(judge) == "again"


def test_check_names_a_dead_endpoint():
    url = _dead_url()
    judge = OpenAIJudge("m", base_url=url, api_key=SECRET, cache_path=None)
    started = time.monotonic()
    with pytest.raises(JudgeFatalError, match=rf"judge endpoint {url} is not usable: connection error"):
        judge.check()
    assert time.monotonic() - started < 5


def test_check_passes_a_live_endpoint_and_makes_one_uncounted_request(server):
    judge = make_judge(server)
    judge.check()
    assert len(server.requests) == 1 and server.requests[0]["max_tokens"] == 1
    assert judge.stats()["calls"] == 0
    server.status = 400  # a server that refuses max_tokens is still there
    judge.check()


def test_check_explains_a_base_url_without_v1(server):
    root = server.base_url[: -len("/v1")]
    judge = OpenAIJudge("m", base_url=root, api_key=SECRET, cache_path=None)
    with pytest.raises(JudgeFatalError, match=r"does not end in /v1: the openai client posts to "
                                              r"<base URL>/chat/completions"):
        judge.check()
    assert judge.fatal is None


# --- replies -----------------------------------------------------------------------------------------------


def test_a_reply_as_content_parts_is_its_text():
    srv = FakeOpenAIServer(content_parts=True)
    try:
        assert ask(make_judge(srv), "parts") == "echo:parts"
        assert len(srv.requests) == 1, "no retry: the reply was valid"
    finally:
        srv.close()
