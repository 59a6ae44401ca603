"""Rows per second of OlympiadBench scoring (``score_row("olympiad", ...)``) in both profiles.

    python tools/perf_math.py [--rows 2000] [--profiles upstream,default] [--procs 2] [--cprofile out.prof]
    python tools/perf_math.py --math-verify /path/to/scratch-venv/bin/python [--versus-rows real_math.jsonl]

Rows come from ``make_olympiad_rows`` of ``tools/perf.py`` (the real dataset's answer mix, a third wrong), the
same rows ``python tools/perf.py --benchmark olympiad`` scores. Each profile is timed
in a fresh process, so SymPy's import and the parse caches start cold as in a real run; the figure with the
first row's warm-up (imports) and the steady-state figure without it are both printed. ``--procs N`` also
times N processes splitting the rows (what ``pytest -n N`` can at best reach). Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

WORKER = r'''
import json, sys, time
t0 = time.perf_counter()
from pytest_answerbench import score_row
profile, n, part, parts, prof = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
sys.path.insert(0, sys.argv[6])  # tools/, for perf.py
from perf import make_olympiad_rows
rows = make_olympiad_rows(n, 1 / 3)[part::parts]
if prof:
    import cProfile
    profiler = cProfile.Profile()
    profiler.enable()
start = time.perf_counter()
score_row("olympiad", rows[0], profile=profile)
first = time.perf_counter()
for row in rows[1:]:
    score_row("olympiad", row, profile=profile)
end = time.perf_counter()
if prof:
    profiler.disable()
    profiler.dump_stats(prof)
print(json.dumps({"rows": len(rows), "total": end - start, "warm": end - first, "first": first - start}))
'''

TOOLS = os.path.dirname(os.path.abspath(__file__))

# One scorer over the rows of a JSONL file ({"prediction", "answer"} each), in a fresh process: ours
# (score_row("olympiad", ...), the default profile) or Math-Verify's verify(parse("$gold$"), parse(prediction)),
# as tools/eval_real_corpus.py calls each; the first row (imports, warm-up) timed apart.
VERSUS_WORKER = r'''
import time
t0 = time.perf_counter()
import json, sys
which, path = sys.argv[1], sys.argv[2]
rows = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
if which == "math-verify":
    from math_verify import parse, verify
    def accepts(row):
        try:
            return bool(verify(parse("$" + row["answer"] + "$"), parse(row["prediction"])))
        except Exception:
            return False
else:
    from pytest_answerbench import score_row
    def accepts(row):
        return score_row("olympiad", {"prediction": row["prediction"], "answer": row["answer"]}).correct
accepted = sum(accepts(row) for row in rows)
first_pass = time.perf_counter()
again = sum(accepts(row) for row in rows)  # everything imported and warmed up: the steady state
end = time.perf_counter()
print(json.dumps({"rows": len(rows), "process": first_pass - t0, "warm": end - first_pass, "accepted": accepted,
                  "same": again == accepted}))
'''


def versus(python: str, which: str, path: str) -> dict:
    """Time one scorer (``which``: "ours" or "math-verify") over the rows of ``path`` in ``python``."""
    # this checkout's package, in either interpreter; byte-code caching as on a user's machine (as perf.py: some
    # sandboxes set PYTHONDONTWRITEBYTECODE, and a package without cached byte-code recompiles in every process)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = os.path.dirname(TOOLS)
    out = subprocess.run([python, "-c", VERSUS_WORKER, which, path], capture_output=True, text=True, env=env)
    if out.returncode:
        raise SystemExit(f"{which} failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def run(profile: str, rows: int, procs: int, prof: str) -> dict:
    """Time ``rows`` rows split over ``procs`` processes; wall time of the slowest."""
    started = time.perf_counter()
    children = [subprocess.Popen([sys.executable, "-c", WORKER, profile, str(rows), str(i), str(procs),
                                  prof if procs == 1 else "", TOOLS], stdout=subprocess.PIPE, text=True)
                for i in range(procs)]
    outs = [json.loads(c.communicate()[0].strip().splitlines()[-1]) for c in children]
    if any(c.returncode for c in children):
        raise SystemExit("a worker failed")
    wall = time.perf_counter() - started
    return {"rows": rows, "procs": procs, "wall": wall, "scoring": max(o["total"] for o in outs),
            "warm": max(o["warm"] for o in outs), "first": max(o["first"] for o in outs)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=2000)
    parser.add_argument("--profiles", default="upstream,default")
    parser.add_argument("--procs", type=int, default=0, help="also time N processes splitting the rows")
    parser.add_argument("--cprofile", default="", help="write cProfile stats to PREFIX.<profile>.prof")
    parser.add_argument("--math-verify", metavar="PYTHON", default="",
                        help="also score the rows of --versus-rows with Math-Verify, in this interpreter (a scratch "
                             "venv with math-verify installed), and with this package, and print the ratio")
    parser.add_argument("--versus-rows", metavar="JSONL", default="",
                        help="the rows for --math-verify ({prediction, answer} each; the real maths corpus: "
                             "$ANSWERBENCH_CORPORA/real_math.jsonl)")
    parser.add_argument("--repeat", type=int, default=3, help="--math-verify rounds (medians)")
    args = parser.parse_args(argv)
    if args.math_verify:
        return versus_main(args)
    print(f"olympiad: {args.rows} rows (make_olympiad_rows, 1/3 wrong), {os.cpu_count()} CPUs")
    print(f"{'profile':10} {'procs':>5} {'rows/s':>8} {'warm rows/s':>12} {'first row s':>12}")
    for profile in args.profiles.split(","):
        prof = f"{args.cprofile}.{profile}.prof" if args.cprofile else ""
        for procs in [1] + ([args.procs] if args.procs > 1 else []):
            r = run(profile, args.rows, procs, prof)
            warm_rows = args.rows - procs
            print(f"{profile:10} {procs:5} {args.rows / r['scoring']:8.1f} {warm_rows / r['warm']:12.1f} "
                  f"{r['first']:12.2f}")
    return 0


def versus_main(args: argparse.Namespace) -> int:
    """``--math-verify``: both scorers over the same rows, round-robin, medians: the whole process (start-up,
    imports, one pass over the rows) and a second pass (steady state)."""
    import statistics

    path = args.versus_rows or os.path.join(os.environ.get("ANSWERBENCH_CORPORA", ""), "real_math.jsonl")
    if not os.path.isfile(path):
        raise SystemExit(f"--versus-rows: no such file: {path}")
    runs: dict[str, list[dict]] = {"ours": [], "math-verify": []}
    for _ in range(args.repeat):
        runs["ours"].append(versus(sys.executable, "ours", path))
        runs["math-verify"].append(versus(args.math_verify, "math-verify", path))
    med = {k: {f: statistics.median(r[f] for r in v) for f in ("process", "warm")} for k, v in runs.items()}
    n = runs["ours"][0]["rows"]
    print(f"{n} rows of {path}, median of {args.repeat} rounds, each scorer in a fresh process")
    print(f"{'scorer':14} {'process s':>10} {'rows/s (warm)':>14} {'accepted':>9}")
    for k in runs:
        print(f"{k:14} {med[k]['process']:10.2f} {n / med[k]['warm']:14.1f} {runs[k][-1]['accepted']:9d}")
    print(f"ours vs Math-Verify: whole process {med['math-verify']['process'] / med['ours']['process']:.2f}x as "
          f"fast, steady state {med['math-verify']['warm'] / med['ours']['warm']:.2f}x as fast")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
