"""The progress line during a judge batch (issue 16, section 6: "judge runs print nothing for seconds, then
burst"): while the prefetch waits for a window of rows' judge replies, the line counts the replies as they
arrive, at the rows' pace, written by the main thread only; nothing with ``-qq``; a user's judge whose
``prefetch`` takes no ``on_reply`` is called as before."""

from __future__ import annotations

import json
import re
import time

import pytest

from conftest import load_report, write_jsonl
from pytest_answerbench.options import (BENCH, BENCH_JUDGE_BASE_URL, BENCH_JUDGE_CACHE, BENCH_JUDGE_CONCURRENCY,
                                        BENCH_JUDGE_MODEL, BENCH_PROGRESS, BENCH_REPORT)
from test_judge_plugin import SECRET, _judged_rows, judge_server

ROWS = 24
LINE = re.compile(rf"^answerbench: (\d+)/{ROWS} rows .*?(?:, judge (\d+)/(\d+) replies)?$")


def _lines(outlines: list[str]) -> list[tuple[int, tuple[int, int] | None]]:
    """(rows done, (replies, asked) or None) of each progress line, in order."""
    out = []
    for m in map(LINE.match, outlines):
        if m:
            out.append((int(m.group(1)), (int(m.group(2)), int(m.group(3))) if m.group(2) else None))
    return out


@pytest.fixture
def slow_judge(bench_env, monkeypatch):
    """A real OpenAI-compatible server on 127.0.0.1 answering each request in 0.08 s, and rows that all need it:
    at 2 requests at a time, the first window (every row) takes about a second."""
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    write_jsonl(bench_env.path / "preds.jsonl", _judged_rows(ROWS))
    server = judge_server(delay=0.08)
    yield server
    server.close()


def _run(pytester, server, *args):
    return pytester.runpytest(BENCH, "crag_mm", "preds.jsonl", BENCH_REPORT, "report.json", BENCH_JUDGE_MODEL,
                              "local-judge", BENCH_JUDGE_BASE_URL, server.base_url, BENCH_JUDGE_CACHE, "off",
                              BENCH_JUDGE_CONCURRENCY, "2", *args)


def test_judge_replies_show_as_they_arrive_before_the_rows(bench_env, slow_judge):
    result = _run(bench_env, slow_judge, BENCH_PROGRESS, "0.000001")
    seen = _lines(result.outlines)
    judged = [judge for _, judge in seen if judge is not None]
    # one line per reply (the interval is tiny), counting up to every row's request, all before the first row
    assert judged == [(k, ROWS) for k in range(1, ROWS + 1)], result.outlines
    assert [done for done, judge in seen if judge is not None] == [0] * ROWS
    assert [done for done, judge in seen if judge is None] == list(range(1, ROWS + 1))
    first_row = next(i for i, (_, judge) in enumerate(seen) if judge is None)
    assert all(judge is None for _, judge in seen[first_row:])  # the batch over, the line is the rows' again
    report = load_report(bench_env)
    assert report["total"] == ROWS and report["counts"]["correct"] == ROWS


def test_judge_progress_keeps_the_interval_and_is_off_with_qq(bench_env, slow_judge):
    every = 0.25
    started = time.monotonic()
    result = _run(bench_env, slow_judge, BENCH_PROGRESS, str(every))
    elapsed = time.monotonic() - started
    judged = [judge for _, judge in _lines(result.outlines) if judge is not None]
    # the batch takes about a second: some lines while it runs, never more than one per interval
    assert judged and judged[0][0] < ROWS, result.outlines
    assert len(judged) <= elapsed / every + 1
    assert [k for k, _ in judged] == sorted(k for k, _ in judged)
    quiet = _run(bench_env, slow_judge, BENCH_PROGRESS, "0.000001", "-qq")
    assert not [line for line in quiet.outlines if "answerbench:" in line or "replies" in line]
    assert load_report(bench_env)["counts"]["correct"] == ROWS


JUDGE_CONFTEST = """
import threading
import pytest

class Judge:
    model = "mine"
    prefetched = []

    def ask(self, messages, **params):
        return "Result: CORRECT"

    {prefetch}

@pytest.fixture(scope="session")
def bench_judge():
    judge = Judge()
    yield judge
    with open("prefetched.txt", "w") as out:
        out.write(repr(judge.prefetched))
"""

OLD_PREFETCH = """def prefetch(self, requests):
        self.prefetched.append(len(requests))"""

# calls on_reply from a thread of its own for all but the last reply: those only record the count
THREADED_PREFETCH = """def prefetch(self, requests, *, on_reply=None):
        n = len(requests)
        self.prefetched.append(n)
        def replies():
            for k in range(1, n):
                on_reply(k, n)
        worker = threading.Thread(target=replies)
        worker.start()
        worker.join()
        on_reply(n, n)"""


@pytest.mark.parametrize("prefetch, judge_lines", [(OLD_PREFETCH, []), (THREADED_PREFETCH, [(ROWS, ROWS)])],
                         ids=["prefetch-without-on_reply", "on_reply-from-a-thread"])
def test_a_users_judge_with_or_without_on_reply(bench_env, prefetch, judge_lines):
    bench_env.makeconftest(JUDGE_CONFTEST.replace("{prefetch}", prefetch))
    write_jsonl(bench_env.path / "preds.jsonl", _judged_rows(ROWS))
    result = bench_env.runpytest(BENCH, "crag_mm", "preds.jsonl", BENCH_REPORT, "report.json", BENCH_PROGRESS,
                                 "0.000001")
    assert (bench_env.path / "prefetched.txt").read_text() == f"[{ROWS}]", "one batch of every row's request"
    seen = _lines(result.outlines)
    # a judge's own thread never writes: only the main thread's call shows
    assert [judge for _, judge in seen if judge is not None] == judge_lines, result.outlines
    assert [done for done, judge in seen if judge is None] == list(range(1, ROWS + 1))
    assert load_report(bench_env)["counts"]["correct"] == ROWS


def test_under_xdist_the_line_moves_with_finished_rows(bench_env, slow_judge):
    """The judge works on the workers, and xdist tells the controller only of finished rows (docs/running.md,
    "Long runs: progress"): no judge count there, the rows' lines as usual."""
    result = _run(bench_env, slow_judge, BENCH_PROGRESS, "0.000001", "-n", "2")
    seen = _lines(result.outlines)
    assert [done for done, _ in seen] == list(range(1, ROWS + 1)), result.outlines
    assert all(judge is None for _, judge in seen)
    assert load_report(bench_env)["counts"]["correct"] == ROWS


def test_a_conftest_sees_the_judge_replies_through_the_plugins_hook(bench_env):
    """The prefetch reports the replies through ``pytest_answerbench_judge_progress`` (hooks.py), which the run
    implements for its progress line; a conftest.py implementing it sees the same counts, the batch's end as
    ``received`` None, with the progress line off (-qq)."""
    bench_env.makeconftest(JUDGE_CONFTEST.replace("{prefetch}", THREADED_PREFETCH) + (
        "\n\nseen = []\n"
        "def pytest_answerbench_judge_progress(received, asked):\n"
        "    seen.append((received, asked))\n"
        "def pytest_unconfigure(config):\n"
        "    import json\n"
        "    with open('seen.txt', 'w') as out:\n"
        "        json.dump(seen, out)\n"))
    write_jsonl(bench_env.path / "preds.jsonl", _judged_rows(ROWS))
    result = bench_env.runpytest(BENCH, "crag_mm", "preds.jsonl", BENCH_REPORT, "report.json", "-qq")
    assert _lines(result.outlines) == []
    seen = json.loads((bench_env.path / "seen.txt").read_text())
    assert seen == [[k, ROWS] for k in range(1, ROWS + 1)] + [[None, ROWS]]
    assert load_report(bench_env)["counts"]["correct"] == ROWS
