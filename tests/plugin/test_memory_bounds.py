"""Bounded memory (issue 23, section 2): no answer can make a row take more than the memory ceiling.

``\\boxed{(1,)*10**9}`` as a PuzzleClone prediction or gold (upstream) took 7.7 GB and 198 s in ``score_row`` and
7.9 GB through ``pytest --bench``: the safe Python reader bounded powers but not sequence repetition. Sizes that
multiply are now refused before they are built (pyexpr.py), and every scoring path runs under a memory ceiling
(memguard.py, ``--bench-max-memory``). The end-to-end cases run in a child process and read its peak resident
size (``RUSAGE_CHILDREN``): they assert memory, never time.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import load_report, write_jsonl
from pytest_answerbench import score_row
from pytest_answerbench.memguard import MemoryCeiling, supported
from pytest_answerbench.options import BENCH, BENCH_REPORT
from pytest_answerbench.pyexpr import MAX_ITEMS, TooLarge, parse_expr_safely, sympify_text_safely

ROOT = Path(__file__).resolve().parents[2]
PEAK_MB = 1536  # the process's peak resident size may not pass this (the ceiling is 1024 MB above its start)
linux_only = pytest.mark.skipif(not supported(), reason="the memory ceiling needs RLIMIT_DATA and /proc (Linux)")

# Text whose exact value would fill memory (or whose building would walk billions of items).
HUGE = [
    "(1,)*10**9", "10**9*(1,)", "[1]*10**9", "(((1,)*1000)*1000)*1000", "((1,)*1000)*1000", "[[1]*1000]*1000",
    "[[1]*10**5]*10**5", "Tuple(1, 2)*10**9", "10**9*Tuple(1)", "(1,)*99999+(1,)*99999", "sum(((1,),)*10**5, ())",
    "Pow(3, 10**9)", "factorial(10**9)", "fibonacci(10**9)", "binomial(10**9, 10**8)", "N(pi, 10**9)",
    "Float(pi, 10**9)", "round(pi, 10**9)", "Matrix([[1, 1], [1, 0]])**(10**9)", "pow((1,)*10, 10)",
]


@pytest.mark.parametrize("text", HUGE)
def test_sizes_that_multiply_are_refused_before_they_are_built(text):
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises((TooLarge, TypeError)):  # pow of a tuple: Python's own TypeError, as the reference's
        parse_expr_safely(text)
    with pytest.raises((TooLarge, TypeError)):
        sympify_text_safely(text.replace("**", "^"))
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert grown_mb < 200


@pytest.mark.parametrize(("text", "expected"), [
    ("(1, 2)*3", (1, 2) * 3), ("3*[0]", [0, 0, 0]), ("(1,)*(%d)" % MAX_ITEMS, (1,) * MAX_ITEMS),
    ("[[1]*300]*300", [[1] * 300] * 300), ("(1,)+(2,)", (1, 2)), ("sum(((1,), (2,)), ())", (1, 2)),
    ("factorial(20)", 2432902008176640000), ("binomial(10**9, 2)", 499999999500000000), ("2*x", "2*x"),
])
def test_small_repetitions_and_integer_functions_are_read_as_the_reference_reads_them(text, expected):
    value = parse_expr_safely(text)
    assert (str(value) if isinstance(expected, str) else value) == expected


def test_nested_repetition_counts_every_place_an_inner_sequence_appears():
    with pytest.raises(TooLarge, match="repeated 400 times would hold 120400 items"):
        parse_expr_safely("[[1]*300]*400")  # 400 references to one 300-item list: 120,400 items to walk


def _run_python(code: str, cwd: Path | None = None) -> tuple[dict, float]:
    """Run ``code`` (which prints one JSON line last) in a fresh interpreter: (that JSON, the child's peak MB)."""
    driver = textwrap.dedent("""
        import resource, subprocess, sys
        done = subprocess.run([sys.executable, "-c", sys.argv[1]], capture_output=True, text=True)
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        sys.stdout.write(done.stdout + "\\n%PEAK " + str(peak) + "\\n")
        sys.stderr.write(done.stderr)
    """)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-c", driver, code], capture_output=True, text=True, timeout=900,
                          cwd=cwd, env=env)
    lines = done.stdout.strip().splitlines()
    peak = float(lines[-1].split()[1])
    results = [line for line in lines[:-1] if line.startswith(("{", "["))]
    assert results, done.stdout[-2000:] + done.stderr[-3000:]
    return json.loads(results[-1]), peak


POLYHEDRON_PAYLOAD = textwrap.dedent("""
    import json
    from pytest_answerbench import score_row
    out = {}
    for profile in ("upstream", "default"):
        for field in ("prediction", "answer"):
            for eval_type in (None, "numeral", "ordered array"):
                row = {"id": "p", "prediction": "\\\\boxed{7}", "answer": "7"}
                row[field] = "\\\\boxed{(1,)*10**9}" if field == "prediction" else "(1,)*10**9"
                if eval_type:
                    row["eval_type"] = eval_type
                verdict = score_row("polyhedron", row, profile=profile, timeout=20)
                out[f"{profile} {field} {eval_type}"] = verdict.status
    print(json.dumps(out))
""")


def test_the_issue_s_payload_through_score_row_stays_under_the_ceiling():
    statuses, peak = _run_python(POLYHEDRON_PAYLOAD)
    assert peak < PEAK_MB, f"peak {peak:.0f} MB"
    assert len(statuses) == 12
    assert set(statuses.values()) <= {"wrong", "error", "timeout"}, statuses


def test_the_issue_s_payload_through_pytest_stays_under_the_ceiling(tmp_path):
    rows = [{"id": "big", "prediction": "\\boxed{(1,)*10**9}", "answer": "7"},
            {"id": "gold", "prediction": "\\boxed{7}", "answer": "(1,)*10**9"},
            {"id": "fine", "prediction": "\\boxed{7}", "answer": "7"}]
    write_jsonl(tmp_path / "preds.jsonl", rows)
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    code = ("import json, pytest\n"
            f"code = pytest.main([{BENCH!r}, 'polyhedron', 'preds.jsonl', '--bench-profile', 'upstream', "
            f"{BENCH_REPORT!r}, 'report.json', '--timeout', '10', '-p', 'no:cacheprovider', '-q'])\n"
            "print(json.dumps({'code': int(code)}))\n")
    result, peak = _run_python(code, cwd=tmp_path)
    assert peak < PEAK_MB, f"peak {peak:.0f} MB"
    report = json.loads((tmp_path / "report.json").read_text())
    statuses = {r["id"]: r["status"] for r in report["rows"]}
    assert statuses["fine"] == "correct"
    assert statuses["big"] in ("wrong", "error", "timeout") and statuses["gold"] in ("wrong", "error", "timeout")
    assert result["code"] == 1


EVERY_BENCHMARK = textwrap.dedent("""
    import json
    from pytest_answerbench import score_row
    from pytest_answerbench.spec import builtin_specs
    from pathlib import Path
    PAYLOADS = ["\\\\boxed{(1,)*10**9}", "(1,)*10**9", "$\\\\boxed{[[1]*10**5]*10**5}$", "\\\\boxed{Tuple(1)*10**9}",
                "\\\\boxed{factorial(10**9)}", "\\\\boxed{sum(((1,),)*10**6, ())}", "\\\\boxed{((1,)*1000)*1000}"]
    out = {}
    for name, spec in sorted(builtin_specs().items()):
        sample = Path(spec.path).parent / "sample.jsonl"
        if not sample.exists():
            continue
        first = json.loads(sample.read_text(encoding="utf-8").splitlines()[0])
        for payload in PAYLOADS:
            gold = spec.gold_field if isinstance(spec.gold_field, (str, type(None))) else spec.gold_field[0]
            for field in (spec.prediction_field, gold):
                if not field:
                    continue
                row = dict(first)
                row[field] = [payload] if isinstance(row.get(field), list) else payload
                for profile in ("default", "upstream"):
                    verdict = score_row(name, row, profile=profile, timeout=5)
                    out[f"{name} {profile} {field} {payload}"] = verdict.status
    print(json.dumps(out))
""")


def test_the_same_shapes_in_every_benchmark_stay_under_the_ceiling():
    statuses, peak = _run_python(EVERY_BENCHMARK)
    assert peak < PEAK_MB, f"peak {peak:.0f} MB"
    names = {key.split()[0] for key in statuses}
    assert {"polyhedron", "olympiad", "imo", "megabench", "atomic", "omni3d"} <= names
    assert set(statuses.values()) <= {"correct", "wrong", "error", "timeout"}
    maths = {k: s for k, s in statuses.items() if k.split()[0] in ("polyhedron", "olympiad", "imo")}
    assert len(maths) == 3 * 2 * 2 * 7 and "correct" not in maths.values(), maths


# -- the ceiling itself: a scorer that allocates what it is told -----------------------------------------------

HOG = '''
from pytest_answerbench.verdict import Verdict

def score(row, ctx):
    blocks = [bytearray(1 << 20) for _ in range(int(row["prediction"]))]  # that many MB
    return Verdict.graded(len(blocks) > 0, method="hog")
'''


@pytest.fixture
def hog(tmp_path):
    (tmp_path / "hog.py").write_text(HOG)
    (tmp_path / "hog.yaml").write_text("name: hog\nscorer: hog:score\nrequired: [prediction, answer]\n")
    (tmp_path / "hogp.yaml").write_text(
        "name: hogp\nscorer: hog:score\nrequired: [prediction, answer]\nisolation: process\n")
    return tmp_path


@linux_only
def test_score_row_past_the_ceiling_is_an_error_naming_it(hog):
    code = textwrap.dedent(f"""
        import json
        from pytest_answerbench import score_row
        out = [score_row({str(hog / 'hog.yaml')!r}, {{"prediction": n, "answer": "x"}}, max_memory=mb,
                         timeout=None).to_dict()
               for n, mb in (("600", 256), ("100", 1024), ("3000", 1024))]
        print(json.dumps(out))
    """)
    verdicts, peak = _run_python(code)
    assert peak < PEAK_MB, f"peak {peak:.0f} MB"
    assert [(v["status"], v["method"]) for v in verdicts] == [("error", "memory"), ("correct", "hog"),
                                                              ("error", "memory")]
    assert "memory ceiling (256 MB a row)" in verdicts[0]["detail"]
    assert "memory ceiling (1024 MB a row)" in verdicts[2]["detail"]


# A ceiling bounds what the process maps: memory a test process freed but still holds (glibc keeps a freed heap top)
# can be allocated again under it. So the allocations below are tried in a fresh interpreter: in an xdist worker
# whose earlier tests had grown and freed its heap, a 256 MB allocation under a 64 MB ceiling went through.
CEILING_PUT_BACK = textwrap.dedent("""
    import json, resource
    from pytest_answerbench.memguard import MemoryCeiling

    def allocates(megabytes):
        try:
            return len(bytearray(megabytes << 20)) == megabytes << 20
        except MemoryError:
            return False

    before = resource.getrlimit(resource.RLIMIT_DATA)
    with MemoryCeiling(64):
        inside = resource.getrlimit(resource.RLIMIT_DATA)
        within = allocates(256)
    print(json.dumps({"limited": inside[0] != resource.RLIM_INFINITY, "allocated_within": within,
                      "put_back": resource.getrlimit(resource.RLIMIT_DATA) == before, "allocated_after": allocates(256)}))
""")


@linux_only
def test_the_ceiling_is_put_back_after_the_row():
    result, _ = _run_python(CEILING_PUT_BACK)
    assert result == {"limited": True, "allocated_within": False, "put_back": True, "allocated_after": True}


@linux_only
@pytest.mark.parametrize("yaml", ["hog.yaml", "hogp.yaml"])
def test_pytest_rows_past_the_ceiling_are_errors_and_the_rest_score(hog, yaml):
    """In the test process and in the isolated scoring process: the row over the ceiling is an error naming it,
    the rows after it score as usual (the scoring process, if it died, was replaced)."""
    write_jsonl(hog / "preds.jsonl", [{"id": "a", "prediction": "10", "answer": "x"},
                                      {"id": "b", "prediction": "3000", "answer": "x"},
                                      {"id": "c", "prediction": "10", "answer": "x"},
                                      {"id": "d", "prediction": "3000", "answer": "x"}])
    (hog / "pytest.ini").write_text("[pytest]\n")
    code = ("import json, pytest\n"
            f"code = pytest.main([{BENCH!r}, {yaml!r}, 'preds.jsonl', {BENCH_REPORT!r}, 'report.json', "
            "'--bench-max-memory', '256', '-p', 'no:cacheprovider', '-q'])\n"
            "print(json.dumps({'code': int(code)}))\n")
    result, peak = _run_python(code, cwd=hog)
    assert peak < PEAK_MB, f"peak {peak:.0f} MB"
    rows = {r["id"]: r for r in json.loads((hog / "report.json").read_text())["rows"]}
    assert {k: r["status"] for k, r in rows.items()} == {"a": "correct", "b": "error", "c": "correct", "d": "error"}
    assert "memory ceiling (256 MB a row)" in rows["b"]["detail"]
    assert result["code"] == 1


@linux_only
def test_max_memory_zero_means_no_ceiling(bench_env):
    (bench_env.path / "hog.py").write_text(HOG)
    (bench_env.path / "hog.yaml").write_text("name: hog\nscorer: hog:score\nrequired: [prediction, answer]\n")
    write_jsonl(bench_env.path / "preds.jsonl", [{"id": "a", "prediction": "300", "answer": "x"}])
    bench_env.runpytest_subprocess(BENCH, "hog.yaml", "preds.jsonl", BENCH_REPORT, "report.json",
                                   "--bench-max-memory", "0")
    assert [r["status"] for r in load_report(bench_env)["rows"]] == ["correct"]
    bench_env.runpytest_subprocess(BENCH, "hog.yaml", "preds.jsonl", BENCH_REPORT, "report.json",
                                   "--bench-max-memory", "100")
    assert [r["status"] for r in load_report(bench_env)["rows"]] == ["error"]


@linux_only
def test_the_ceiling_is_measured_from_what_the_process_holds_at_each_row():
    """A process that grew between two rows (a test session calling score_rows between other tests, a row that
    kept a large cache) keeps its headroom: a size reused from an earlier row put the limit under the process's
    size, every allocation failed, and an xdist worker died."""
    with MemoryCeiling(64):
        pass
    grown = bytearray(256 * (1 << 20))  # the process now holds 256 MB more than when last measured
    try:
        with MemoryCeiling(64):
            extra = bytearray(16 * (1 << 20))  # well inside this row's 64 MB
        assert len(extra) == 16 * (1 << 20)
    finally:
        del grown


LANDING = textwrap.dedent("""
    import json, resource
    import pytest_answerbench.memguard as memguard
    from pytest_answerbench.memguard import MemoryCeiling

    class Landed(BaseException):  # what a row's time limit raises (ScoreTimeout, ThreadTimeout): a BaseException
        pass

    real_measure, real_lower = MemoryCeiling._measure, memguard._lower_limit

    def measured_then_landed():
        real_measure()
        raise Landed

    def lowered_then_landed(*args):
        real_lower(*args)  # the limit set: then the exception lands
        raise Landed

    before = resource.getrlimit(resource.RLIMIT_DATA)
    if WHERE == "_measure":
        MemoryCeiling._measure = staticmethod(measured_then_landed)
    else:
        memguard._lower_limit = lowered_then_landed
    try:
        with MemoryCeiling(64):
            pass
        landed = False
    except Landed:
        landed = True
    MemoryCeiling._measure, memguard._lower_limit = staticmethod(real_measure), real_lower
    put_back = resource.getrlimit(resource.RLIMIT_DATA) == before
    with MemoryCeiling(64):
        try:
            bytearray(256 << 20)
            bounded = False
        except MemoryError:
            bounded = True
    print(json.dumps({"landed": landed, "put_back": put_back, "later_ceiling_bounds": bounded}))
""")


@linux_only
@pytest.mark.parametrize("where", ["_measure", "_lower_limit"])
def test_a_time_limit_landing_in_the_ceiling_s_entry_leaves_later_ceilings_working(where):
    """A row's time limit lands wherever the row is, the ceiling's own entry too. An entry that raised was counted
    and never taken back: every later ceiling in the process was then a nested one that set no limit (a later
    256 MB allocation under a 64 MB ceiling went through). A limit set as the exception landed is put back."""
    result, _ = _run_python(LANDING.replace("WHERE", repr(where)))
    assert result == {"landed": True, "put_back": True, "later_ceiling_bounds": True}
