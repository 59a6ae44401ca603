"""Peak memory and CPU of the library's ``score_rows`` with its JSON report, rows held or streamed.

    python tools/perf_library.py --rows 100000 --rounds 2 [--before ../main] [--work DIR]
    python tools/perf_library.py --junit --rows 100000 --rounds 2

Writes N VMCBench rows (tools/perf.py's generator: one-letter replies in assorted styles, a third wrong) to a JSONL
file, then, in alternated rounds, runs each way in a fresh process that reads the file line by line:

* ``held``: ``report = score_rows(...)`` then ``write_json`` (every report row in memory until written), with the
  code at ``--before`` (default: this checkout), the library as it was;
* ``streamed``: ``score_rows(..., report=PATH)`` (report/rowstream.py: rows on disk as they are scored).

Each process reports its own peak resident memory (``ru_maxrss``) and CPU (user + system, start-up included).
Every row's status in each written report is checked against the generator's (``misstated``).

``--junit``: the JUnit file of N row cases written by pytest's junitxml and by report/junit_text.py, same rounds.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from perf import make_rows  # noqa: E402  (tools/perf.py, beside this file)

ROOT = Path(__file__).resolve().parents[1]

CHILD = r'''
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
from pytest_answerbench import score_rows
from pytest_answerbench.report.io import write_json
mode, rows_path, out = sys.argv[2:5]

def rows():
    with open(rows_path, encoding="utf-8") as fh:
        for line in fh:
            yield json.loads(line)

if mode == "held":
    write_json(out, score_rows("vmcbench_dev", rows()))
else:
    score_rows("vmcbench_dev", rows(), report=out)
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"peak_mib": usage.ru_maxrss / 1024, "cpu_s": usage.ru_utime + usage.ru_stime}))
'''

# JUnit: the same N row cases (a third failed, seven properties each), each a call and a teardown report as a run
# logs them, made in every mode: "reports" makes them only, "junitxml" logs them to pytest's LogXML (the file
# written at session finish), "junit_text" gives the call report to report/junit_text.py (add_report, close).
JUNIT_CHILD = r'''
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
mode, n, out = sys.argv[2], int(sys.argv[3]), sys.argv[4]
import pytest
from pytest_answerbench.report.junit_text import JunitText
from _pytest.junitxml import LogXML
start = resource.getrusage(resource.RUSAGE_SELF)
log = writer = None
if mode == "junitxml":
    log = LogXML(out, None, family="xunit2")
    log.pytest_sessionstart()
elif mode == "junit_text":
    writer = JunitText(out)
for i in range(n):
    wrong = i % 3 == 0
    props = [("status", "wrong" if wrong else "correct"), ("score", 0.0 if wrong else 1.0), ("extracted", "A"),
             ("gold", "B" if wrong else "A"), ("method", "letter"), ("row_id", str(i)), ("line", i + 1)]
    reports = [pytest.TestReport(nodeid=f"preds.jsonl::{i}", location=("preds.jsonl", i, str(i)), keywords={},
                                 outcome=("failed" if wrong else "passed") if when == "call" else "passed",
                                 longrepr=("wrong: extracted 'A', gold 'B'" if wrong else None) if when == "call"
                                 else None, when=when, user_properties=props, duration=0.0001)
               for when in ("call", "teardown")]
    if log is not None:
        for report in reports:
            log.pytest_runtest_logreport(report)
    elif writer is not None:
        writer.add_report(reports[0])
if log is not None:
    log.pytest_sessionfinish()
elif writer is not None:
    writer.close()
usage = resource.getrusage(resource.RUSAGE_SELF)
cpu = usage.ru_utime + usage.ru_stime - start.ru_utime - start.ru_stime
print(json.dumps({"peak_mib": usage.ru_maxrss / 1024, "cpu_s": cpu}))
'''

STATUS = re.compile(r'^   "status": "(\w+)",$')


def write_rows(path: Path, n: int) -> list[str]:
    """N rows in chunks (the generator holds one chunk), ids 0..N-1; returns each row's status."""
    truth: list[str] = []
    with open(path, "w", encoding="utf-8") as fh:
        for start in range(0, n, 50_000):
            chunk = make_rows(min(50_000, n - start), 1 / 3, seed=start, truth=truth)
            for offset, row in enumerate(chunk):
                row["index"] = start + offset
                fh.write(json.dumps(row) + "\n")
    return truth


def misstated(report: Path, truth: list[str]) -> int:
    """Rows whose status in the report (rows in line order) is not the generator's; a missing row counts."""
    found = []
    with open(report, encoding="utf-8") as fh:
        for line in fh:
            match = STATUS.match(line)
            if match:
                found.append(match.group(1))
    return sum(a != b for a, b in zip(found, truth)) + abs(len(found) - len(truth))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--before", default=str(ROOT), help="checkout whose score_rows the held way runs")
    parser.add_argument("--work", default=None, help="folder for the rows and reports (default: a temporary one)")
    parser.add_argument("--junit", action="store_true", help="measure the JUnit writers instead (--rows cases)")
    args = parser.parse_args(argv)
    work = Path(args.work or tempfile.mkdtemp(prefix="perf-library-"))
    work.mkdir(parents=True, exist_ok=True)
    if args.junit:
        return junit_rounds(args.rows, args.rounds, work)
    rows_path = work / f"vmc_{args.rows}.jsonl"
    truth = write_rows(rows_path, args.rows)
    print(f"{args.rows} VMCBench rows, {rows_path.stat().st_size / 2**20:.0f} MiB; held: {args.before}; "
          f"streamed: {ROOT}")
    for round_ in range(1, args.rounds + 1):
        for mode, code in (("held", args.before), ("streamed", str(ROOT))):
            out = work / f"report_{mode}.json"
            done = subprocess.run([sys.executable, "-c", CHILD, code, mode, str(rows_path), str(out)],
                                  capture_output=True, text=True, check=True)
            figures = json.loads(done.stdout.strip().splitlines()[-1])
            wrong = misstated(out, truth)
            print(f"round {round_} {mode:9s} peak {figures['peak_mib']:7.0f} MiB  CPU {figures['cpu_s']:7.1f} s "
                  f"({1e6 * figures['cpu_s'] / args.rows:5.0f} us/row)  report {out.stat().st_size / 2**20:5.0f} MiB  "
                  f"misstated {wrong}")
            out.unlink()
    rows_path.unlink()
    return 0


def junit_rounds(n: int, rounds: int, work: Path) -> int:
    """N row cases written by pytest's junitxml and by JunitText, in alternated rounds, beside the cost of making
    the reports alone (CPU after start-up and imports; peak memory of the process)."""
    print(f"{n} JUnit row cases (a third failed, 7 properties each)")
    for round_ in range(1, rounds + 1):
        for mode in ("reports", "junitxml", "junit_text"):
            out = work / f"{mode}.xml"
            done = subprocess.run([sys.executable, "-c", JUNIT_CHILD, str(ROOT), mode, str(n), str(out)],
                                  capture_output=True, text=True, check=True)
            figures = json.loads(done.stdout.strip().splitlines()[-1])
            size = f"{out.stat().st_size / 2**20:5.0f} MiB" if out.exists() else "    -"
            print(f"round {round_} {mode:10s} peak {figures['peak_mib']:7.0f} MiB  CPU {figures['cpu_s']:6.1f} s "
                  f"({1e6 * figures['cpu_s'] / n:4.0f} us/case)  file {size}")
            out.unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
