"""Speed script: rows per second and peak memory of pytest-answerbench against a bare pytest baseline.

    python -m pytest_answerbench.perf --rows 10000 [--xdist] [--out figures.json]
    python -m pytest_answerbench.perf --benchmark olympiad --rows 2000 --xdist

It writes N synthetic rows (a third of them wrong) to a scratch folder: VMCBench multiple choice (cheap rows)
or OlympiadBench expressions, equations, intervals and radicals (SymPy-heavy rows). Then it measures, each in a
fresh process so peak RSS is the process's own:

* ``score_row`` alone (library API, no pytest);
* ``pytest --bench NAME`` serial (and with ``-n 2`` when --xdist is given, and in a killable scoring process
  when --isolation is given);
* a bare parametrized no-op pytest test over the same rows (the floor pytest itself imposes);

and prints the figures with the ratios bench/bare. Wall times are medians of --repeat runs. Figures are
printed and written as JSON; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

CATEGORIES = ("SEEDBench", "MMStar", "MMMU", "MathVista", "TextVQA", "AI2D", "ChartQA", "DocVQA")
STYLES = ("The answer is ({}).", "{}", "**{}**", "Answer: {}", "I think it is {}.", "\\boxed{{{}}}")

BARE_TEST = '''
import json
import pytest

with open({path!r}, encoding="utf-8") as fh:
    ROWS = [json.loads(line) for line in fh]


@pytest.mark.parametrize("row", ROWS, ids=[str(r["index"]) for r in ROWS])
def test_row(row):
    pass
'''

SCORE_ONLY = '''
import json, sys, time
from pytest_answerbench import score_row
rows = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
t = time.perf_counter()
for row in rows:
    score_row(sys.argv[2], row)
print(json.dumps({{"seconds": time.perf_counter() - t}}))
'''


OLYMPIAD_TEMPLATES = (
    ("Expression", "\\frac{{{k}n(n+1)}}{{2}}", "\\frac{{{k}n^2+{k}n}}{{2}}"),
    ("Numerical", "\\sqrt{{{k}}}", "{k}^{{1/2}}"),
    ("Numerical", "\\frac{{{k}}}{{{k1}}}", "\\frac{{{k2}}}{{{k3}}}"),
    ("Expression", "(x+{k})^2", "x^2+{k2}x+{kk}"),
    ("Equation", "y={k}x+1", "y-{k}x-1=0"),
    ("Interval", "[{k},{k5})", "[{k},{k5})"),
    ("Expression", "\\sin^2(x)+{k}", "{k}+1-\\cos^2(x)"),
)


def make_olympiad_rows(n: int, wrong_fraction: float, seed: int = 0) -> list[dict[str, Any]]:
    rnd = random.Random(seed)
    rows = []
    for i in range(n):
        kind, gold_t, pred_t = OLYMPIAD_TEMPLATES[i % len(OLYMPIAD_TEMPLATES)]
        k = rnd.randint(2, 60)
        kp = k + 1 if rnd.random() < wrong_fraction else k
        gold = gold_t.format(k=k, k1=k + 1, k2=2 * k, k3=2 * k + 2, kk=k * k, k5=k + 5)
        pred = pred_t.format(k=kp, k1=kp + 1, k2=2 * kp, k3=2 * k + 2, kk=kp * kp, k5=k + 5)
        rows.append({
            "index": i, "source": "OE_TO_maths_en_COMP", "answer_type": kind, "error": None, "unit": None,
            "is_multiple_answer": False, "language": "English", "final_answer": f"['${gold}$']",
            "prediction": f"Working through the algebra step by step.\n\nSo the final answer is $\\boxed{{{pred}}}$.",
        })
    return rows


def make_crag_rows(n: int, wrong_fraction: float, seed: int = 0) -> list[dict[str, Any]]:
    rnd = random.Random(seed)
    rows = []
    for i in range(n):
        truth = f"answer-{i}"
        roll = rnd.random()
        if roll < 0.05:
            response = "I don't know."
        elif roll < 0.05 + wrong_fraction:
            response = f"I think it is something else ({rnd.randint(0, 10**6)})."
        else:
            response = f"From the image, it looks like {truth}."
        rows.append({"session_id": f"s{i}", "interaction_id": f"i{i}", "turn_idx": 0, "is_ego": i % 2 == 0,
                     "domain": i % 13, "query_category": i % 7, "query": f"What is shown in picture {i}?",
                     "ground_truth": truth, "agent_response": response})
    return rows


class LocalJudgeServer:
    """An OpenAI-compatible /v1/chat/completions on 127.0.0.1 that answers after ``delay`` seconds.

    It says CORRECT when the agent response quoted in the prompt contains the ground truth token.
    """

    def __init__(self, delay: float = 0.05):
        import re
        import threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        self.requests = 0
        lock = threading.Lock()
        outer = self
        token = re.compile(r"answer-\d+")

        class Handler(BaseHTTPRequestHandler):
            disable_nagle_algorithm = True

            def log_message(self, *args):
                pass

            def do_POST(self):  # noqa: N802 - http.server naming
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with lock:
                    outer.requests += 1
                time.sleep(delay)
                prompt = body["messages"][-1]["content"]
                found = token.findall(prompt)
                verdict = "CORRECT" if len(found) >= 2 and len(set(found)) == 1 else "WRONG"
                data = json.dumps({
                    "id": "perf", "object": "chat.completion", "created": 0, "model": body["model"],
                    "choices": [{"index": 0, "finish_reason": "stop",
                                 "message": {"role": "assistant", "content": f"Result: {verdict}"}}],
                    "usage": {"prompt_tokens": 50, "completion_tokens": 3, "total_tokens": 53}}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def judge_figures(rows: int, work: Path, repeat: int, concurrency: int = 16) -> dict[str, Any]:
    """CRAG-MM rows judged by a local server answering in 50 ms: a cold run, then a rerun from the cache."""
    preds = work / "crag.jsonl"
    with preds.open("w", encoding="utf-8") as fh:
        for row in make_crag_rows(rows, 1 / 3):
            fh.write(json.dumps(row) + "\n")
    server = LocalJudgeServer(0.05)
    env_cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:benchmark", "--bench",
               "crag_mm", str(preds), "--bench-judge-model", "perf-judge", "--bench-judge-base-url",
               server.base_url, "--bench-judge-concurrency", str(concurrency)]
    out: dict[str, Any] = {"rows": rows, "server_delay_seconds": 0.05, "concurrency": concurrency, "cold": [],
                           "rerun": []}
    try:
        for attempt in range(repeat):
            cache = work / f"judge-{attempt}.sqlite3"
            before = server.requests
            cold = run_measured([*env_cmd, "--bench-judge-cache", str(cache)], work)
            made = server.requests - before
            warm = run_measured([*env_cmd, "--bench-judge-cache", str(cache)], work)
            out["cold"].append({"seconds": round(cold["seconds"], 3), "requests": made, "exit": cold["exit"]})
            out["rerun"].append({"seconds": round(warm["seconds"], 3), "requests": server.requests - before - made,
                                 "exit": warm["exit"]})
    finally:
        server.close()
    return out


def make_rows(n: int, wrong_fraction: float, seed: int = 0) -> list[dict[str, Any]]:
    rnd = random.Random(seed)
    rows = []
    for i in range(n):
        gold = rnd.choice("ABCD")
        wrong = rnd.random() < wrong_fraction
        pick = rnd.choice([c for c in "ABCD" if c != gold]) if wrong else gold
        rows.append({
            "index": i, "question": f"Question {i}?", "A": "a cat", "B": "a dog", "C": "a horse", "D": "a bird",
            "answer": gold, "category": CATEGORIES[i % len(CATEGORIES)],
            "prediction": "Looking at the image carefully. " + rnd.choice(STYLES).format(pick),
        })
    return rows


def run_measured(cmd: list[str], cwd: Path) -> dict[str, Any]:
    """Run a command; return wall seconds, peak RSS (MiB) of the process itself, exit code and output."""
    started = time.perf_counter()
    # Byte-code caching as on a user's machine (some sandboxes set PYTHONDONTWRITEBYTECODE, which makes every
    # process recompile pytest's assertion-rewritten plugin modules).
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    out = proc.stdout.read() if proc.stdout else ""
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return {"seconds": time.perf_counter() - started, "peak_rss_mib": usage.ru_maxrss / 1024,
            "exit": proc.returncode, "output": out}


def measure(name: str, cmd: list[str], cwd: Path, repeat: int) -> dict[str, Any]:
    runs = [run_measured(cmd, cwd) for _ in range(repeat)]
    last = runs[-1]
    if last["exit"] not in (0, 1):
        raise SystemExit(f"{name} failed (exit {last['exit']}):\n{last['output'][-3000:]}")
    return {
        "name": name,
        "command": " ".join(cmd),
        "seconds": statistics.median(r["seconds"] for r in runs),
        "peak_rss_mib": max(r["peak_rss_mib"] for r in runs),
        "runs": [round(r["seconds"], 3) for r in runs],
        "exit": last["exit"],
        "output": last["output"],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pytest_answerbench.perf", description=__doc__.split("\n")[0])
    parser.add_argument("--benchmark", choices=("vmcbench_dev", "olympiad"), default="vmcbench_dev",
                        help="which rows to generate and score (default vmcbench_dev)")
    parser.add_argument("--rows", type=int, default=10_000, help="synthetic rows (default 10000)")
    parser.add_argument("--isolation", action="store_true", help="also measure --bench-isolation process")
    parser.add_argument("--wrong", type=float, default=1 / 3, help="fraction of wrong rows (default 1/3)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement, median taken (default 3)")
    parser.add_argument("--xdist", action="store_true", help="also measure -n 2")
    parser.add_argument("--out", default=None, help="write the figures as JSON here")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    parser.add_argument("--judge-rows", type=int, default=0,
                        help="also time N CRAG-MM rows judged by a local 50 ms server, cold and from the cache")
    args = parser.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="answerbench-perf-"))
    preds = work / "preds.jsonl"
    with preds.open("w", encoding="utf-8") as fh:
        maker = make_olympiad_rows if args.benchmark == "olympiad" else make_rows
        for row in maker(args.rows, args.wrong):
            fh.write(json.dumps(row) + "\n")
    (work / "test_bare.py").write_text(BARE_TEST.format(path=str(preds)))
    (work / "score_only.py").write_text(SCORE_ONLY.format())
    (work / "pytest.ini").write_text("[pytest]\n")
    py = sys.executable
    common = ["-q", "-p", "no:cacheprovider", "-p", "no:benchmark"]
    results = {}
    name = args.benchmark
    results["score_row"] = measure("score_row only", [py, "score_only.py", str(preds), name], work, args.repeat)
    inner = json.loads(results["score_row"]["output"].strip().splitlines()[-1])["seconds"]
    results["score_row"]["inner_seconds"] = inner
    results["bare"] = measure("bare parametrized no-op", [py, "-m", "pytest", *common, "test_bare.py"], work,
                              args.repeat)
    bench = [py, "-m", "pytest", *common, "--bench", name, "preds.jsonl"]
    results["bench"] = measure("pytest --bench serial", bench, work, args.repeat)
    if args.isolation:
        results["bench_isolated"] = measure("--bench-isolation process", [*bench, "--bench-isolation", "process"],
                                            work, args.repeat)
    if args.xdist:
        results["bare_n2"] = measure("bare -n 2", [py, "-m", "pytest", *common, "-n", "2", "test_bare.py"], work,
                                     args.repeat)
        results["bench_n2"] = measure("pytest --bench -n 2", [*bench, "-n", "2"], work, args.repeat)
    n = args.rows
    figures: dict[str, Any] = {
        "benchmark": name, "rows": n, "wrong_fraction": args.wrong, "repeat": args.repeat, "python": platform.python_version(),
        "cpus": os.cpu_count(), "measurements": {},
    }
    print(f"{name}: {n} rows, {args.wrong:.0%} wrong, median of {args.repeat} runs, {os.cpu_count()} CPUs")
    print(f"{'measurement':28} {'seconds':>9} {'rows/s':>10} {'peak MiB':>9}")
    for key, r in results.items():
        seconds = r.get("inner_seconds", r["seconds"])
        rate = n / seconds if seconds else float("inf")
        figures["measurements"][key] = {"command": r["command"], "seconds": round(r["seconds"], 3),
                                        "rows_per_second": round(rate, 1), "peak_rss_mib": round(r["peak_rss_mib"], 1),
                                        "runs": r["runs"]}
        if key == "score_row":
            figures["measurements"][key]["scoring_seconds"] = round(seconds, 3)
        label = r["name"] + (" (scoring only)" if key == "score_row" else "")
        print(f"{label:28} {seconds:9.2f} {rate:10.0f} {r['peak_rss_mib']:9.1f}")
    ratios = {
        "bench_vs_bare_time": results["bench"]["seconds"] / results["bare"]["seconds"],
        "bench_vs_bare_memory": results["bench"]["peak_rss_mib"] / results["bare"]["peak_rss_mib"],
    }
    if args.xdist:
        ratios["speedup_n2_vs_serial"] = results["bench"]["seconds"] / results["bench_n2"]["seconds"]
        if ratios["speedup_n2_vs_serial"] < 1:
            print("note: -n 2 was slower than serial here: rows this cheap do not pay for xdist's controller")
    figures["ratios"] = {k: round(v, 3) for k, v in ratios.items()}
    print("ratios: " + ", ".join(f"{k} {v:.2f}" for k, v in ratios.items()))
    print("(speedup > 1 means -n 2 was faster than serial)" if args.xdist else "", end="\n" if args.xdist else "")
    print("(peak RSS is each pytest process's own; with -n 2 that is the controller's)")
    if args.judge_rows:
        jf = judge_figures(args.judge_rows, work, args.repeat)
        figures["judge"] = jf
        cold = statistics.median(r["seconds"] for r in jf["cold"])
        warm = statistics.median(r["seconds"] for r in jf["rerun"])
        print(f"judge: {args.judge_rows} CRAG-MM rows, server 50 ms/request, concurrency {jf['concurrency']}: "
              f"cold {cold:.2f} s ({jf['cold'][-1]['requests']} requests), rerun {warm:.2f} s "
              f"({jf['rerun'][-1]['requests']} requests)")
    if args.out:
        Path(args.out).write_text(json.dumps(figures, indent=1) + "\n")
        print(f"figures written to {args.out}")
    if not args.keep:
        import shutil

        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
