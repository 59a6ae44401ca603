"""Speed script: rows per second and peak memory of pytest-answerbench against a bare pytest baseline.

    python tools/perf.py --rows 10000 [--xdist] [--out figures.json]
    python tools/perf.py --benchmark olympiad --rows 2000 --xdist

It writes N synthetic rows (a third of them wrong) to a scratch folder: VMCBench multiple choice (cheap rows)
or OlympiadBench rows following the real dataset's answer mix (mostly numbers, then expressions, intervals,
equations, tuples; some long reasoning; SymPy decides many of them). Then it measures, each in a
fresh process so peak RSS is the process's own:

* ``score_row`` alone (library API, no pytest);
* ``pytest --bench NAME`` serial (and with ``-n 2`` when --xdist is given, and in a killable scoring process
  when --isolation is given);
* a bare parametrized no-op pytest test over the same rows (the floor pytest itself imposes);
* with --xdist, ``score_row`` in two processes at once, each over half the rows: the most two processes get
  out of this machine's two cores (``parallel_ceiling``, their wall time against one process's), which bounds
  what ``-n 2`` can gain;

and prints the figures with the ratios bench/bare, of CPU seconds (user + system: a busy shared machine moves
them far less than wall seconds), wall seconds and peak memory. Times are medians of --repeat runs, taken
round-robin. ``--baseline-code DIR`` also runs ``--bench`` with an older copy of the package (before/after in the
same rounds) and prints the layer's own cost per row (``--bench`` CPU less the scoring's). ``--bench-only``
runs ``--bench`` alone, with its JSON report and JUnit file, and checks every row's status against what the
generator made it (``--rows 1000000 --repeat 1 --bench-only``: the million-row run). Figures are printed and
written as JSON; nothing here asserts a time.

``python tools/perf.py --startup --repeat 7`` measures start-up instead: CPU time of the README's quick start
against ``python -c 'import sympy'`` and ``pytest --version``, of importing the plugin module, and of a plain
pytest run of one trivial test with and without the plugin (``-p no:answerbench``); ratios from the same runs.
"""

from __future__ import annotations

import argparse
import json
import math
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

from pytest_answerbench.judge.testing import FakeOpenAIServer, verdict_by_token

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
profile = sys.argv[3] if len(sys.argv) > 3 else "default"
part, parts = map(int, (sys.argv[4] if len(sys.argv) > 4 else "0/1").split("/"))
for row in rows[part::parts]:
    score_row(sys.argv[2], row, profile=profile)
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


def _fill(template: str, k: int) -> str:
    """An :data:`OLYMPIAD_TEMPLATES` entry for the number ``k``."""
    return template.format(k=k, k1=k + 1, k2=2 * k, k3=2 * k + 2, kk=k * k, k5=k + 5)


def make_sympy_heavy_rows(n: int, wrong_fraction: float, seed: int = 0) -> list[dict[str, Any]]:
    """N OlympiadBench rows whose answers all need SymPy (:data:`OLYMPIAD_TEMPLATES`: an expression against
    its expanded or rewritten form), about 4-9 ms a row to score: the kind of benchmark ``-n`` is meant for."""
    rnd = random.Random(seed)
    rows = []
    for i in range(n):
        kind, gold_t, pred_t = rnd.choice(OLYMPIAD_TEMPLATES)
        k = rnd.randint(2, 2000)
        pred = _fill(pred_t, k + 1) if rnd.random() < wrong_fraction else _fill(pred_t, k)
        rows.append({
            "index": i, "source": "OE_TO_maths_en_COMP", "answer_type": kind, "error": None, "unit": None,
            "is_multiple_answer": False, "language": "English", "final_answer": str([f"${_fill(gold_t, k)}$"]),
            "prediction": f"Simplifying step by step.\n\nSo the final answer is $\\boxed{{{pred}}}$.",
        })
    return rows


def make_olympiad_rows(n: int, wrong_fraction: float, seed: int = 0) -> list[dict[str, Any]]:
    """N OlympiadBench prediction rows with the real dataset's answer mix, seeded and deterministic.

    Answer types roughly as in OlympiadBench's open-ended subsets: mostly numbers (integers, fractions,
    decimals and scientific notation with an ``error`` tolerance on physics rows, radicals, multiples of π),
    then expressions (including the SymPy-heavy :data:`OLYMPIAD_TEMPLATES`), intervals, equations, tuples and
    multi-answer golds, a few yes/no answers. Correct predictions are often written in another equivalent
    form; about a quarter of the responses carry long reasoning before the final ``\\boxed{}``; Chinese
    subsets end with ``所以最终答案是``. ``final_answer`` is written as ``str(list)`` (doubled backslashes),
    as the VLMEvalKit TSV holds it. ``wrong_fraction`` of the rows get a wrong final answer.
    """
    rnd = random.Random(seed)
    maths_sources = ("OE_TO_maths_en_COMP", "OE_TO_maths_zh_CEE", "OE_MM_maths_zh_CEE", "OE_TO_maths_zh_COMP",
                     "OE_MM_maths_en_COMP")
    physics_sources = ("OE_MM_physics_en_COMP", "OE_MM_physics_zh_CEE", "OE_TO_physics_en_COMP",
                       "OE_TO_physics_zh_CEE")
    units = ("$\\mathrm{~m}$", "$\\mathrm{~m/s}$", "$\\mathrm{~J}$", "$\\mathrm{~K}$", "$\\mathrm{~N}$")

    def frac(a: int, b: int) -> str:
        return f"\\frac{{{a}}}{{{b}}}"

    def coprime(lo: int, hi: int) -> tuple[int, int]:
        while True:
            a, b = rnd.randint(1, lo), rnd.randint(2, hi)
            if a != b and math.gcd(a, b) == 1:
                return a, b

    # Each maker returns (answer_type, gold answers, correct prediction forms, a wrong prediction, error cell).
    def integer():
        k = rnd.choice((rnd.randint(0, 60), rnd.randint(61, 999), rnd.randint(1000, 99999)))
        forms = [str(k)] * 3 + ([f"{k:,}"] if k >= 1000 else [f"{k}"])
        return "Numerical", [str(k)], forms, str(k + rnd.choice((-1, 1, 2))), None

    def fraction():
        a, b = coprime(40, 60)
        forms = [frac(a, b), frac(a, b), f"\\dfrac{{{a}}}{{{b}}}", f"{a}/{b}"]
        if b in (2, 4, 5, 8, 10, 20, 25, 40, 50):
            forms.append(f"{a / b:g}")
        return "Numerical", [frac(a, b)], forms, frac(a + 1, b), None

    def radical():
        c, d = rnd.randint(2, 9), rnd.choice((2, 3, 5, 6, 7, 10, 11))
        gold = f"{c}\\sqrt{{{d}}}"
        forms = [gold, gold, f"\\sqrt{{{c * c * d}}}", f"{c} \\sqrt{{{d}}}"]
        if rnd.random() < 0.3:
            gold = frac(f"{c}\\sqrt{{{d}}}", c + 1)
            forms = [gold, f"\\frac{{{c}}}{{{c + 1}}}\\sqrt{{{d}}}"]
            return "Numerical", [gold], forms, frac(f"{c}\\sqrt{{{d}}}", c + 2), None
        return "Numerical", [gold], forms, f"{c + 1}\\sqrt{{{d}}}", None

    def pi_multiple():
        a, b = coprime(7, 12)
        gold = frac(f"{a}\\pi" if a > 1 else "\\pi", b)
        forms = [gold, gold, f"\\frac{{{a}}}{{{b}}}\\pi", f"\\frac{{{a} \\pi}}{{{b}}}"]
        return "Numerical", [gold], forms, frac(f"{a + 1}\\pi", b), None

    def decimal():
        value = round(rnd.uniform(0.5, 200), 2)
        tol = rnd.choice(("1e-2", "0.1", "1e-1"))
        near = round(value + rnd.choice((-1, 1)) * float(tol) / 2, 3)
        forms = [f"{value}", f"{value}", f"{near}", f"{value} \\mathrm{{~m}}"]
        return "Numerical", [f"{value}"], forms, f"{round(value * 1.3 + 1, 2)}", tol

    def scientific():
        mant, exp = round(rnd.uniform(1, 9.9), 1), rnd.randint(-12, 12)
        gold = f"{mant} \\times 10^{{{exp}}}"
        forms = [gold, gold, f"{mant}\\times10^{{{exp}}}", f"{mant}e{exp}"]
        return "Numerical", [gold], forms, f"{round(mant + 1.1, 1)} \\times 10^{{{exp}}}", "1e-1"

    def expression():
        if rnd.random() < 0.5:
            kind, gold_t, pred_t = rnd.choice(OLYMPIAD_TEMPLATES)
            k = rnd.randint(2, 60)
            return kind, [_fill(gold_t, k)], [_fill(gold_t, k), _fill(pred_t, k)], _fill(pred_t, k + 1), None
        k = rnd.randint(2, 9)
        choices = (
            (f"{k}^{{n}}-1", [f"{k}^{{n}}-1", f"-1+{k}^{{n}}"], f"{k}^{{n}}+1"),
            (f"\\frac{{n(n-{k})}}{{2}}", [f"\\frac{{n(n-{k})}}{{2}}", f"\\frac{{n^{{2}}-{k}n}}{{2}}"],
             f"\\frac{{n(n+{k})}}{{2}}"),
            (f"n^{{2}}+{k}n", [f"n^{{2}}+{k}n", f"n(n+{k})"], f"n^{{2}}+{k + 1}n"),
            (f"\\sqrt{{x^{{2}}+{k}}}", [f"\\sqrt{{x^{{2}}+{k}}}", f"\\sqrt{{{k}+x^{{2}}}}"], f"\\sqrt{{x^{{2}}+{k + 1}}}"),
            (f"{k}n-{k - 1}", [f"{k}n-{k - 1}", f"{k}n - {k - 1}"], f"{k}n+{k - 1}"),
        )
        gold, forms, wrong = rnd.choice(choices)
        return "Expression", [gold], forms, wrong, None

    def interval():
        a = rnd.randint(-9, 5)
        b = a + rnd.randint(1, 9)
        shapes = (
            (f"(-\\infty,{a})\\cup({b},+\\infty)", [f"(-\\infty,{a})\\cup({b},+\\infty)",
                                                    f"(-\\infty, {a}) \\cup ({b}, \\infty)"],
             f"(-\\infty,{a}]\\cup[{b},+\\infty)"),
            (f"[{a},{b}]", [f"[{a},{b}]", f"[{a}, {b}]", f"{a} \\leq x \\leq {b}"], f"({a},{b})"),
            (f"({a},+\\infty)", [f"({a},+\\infty)", f"x>{a}"], f"[{a},+\\infty)"),
            (f"\\left[{a}, {frac(b, 2)}\\right)", [f"[{a}, {frac(b, 2)})", f"\\left[{a},{frac(b, 2)}\\right)"],
             f"[{a}, {frac(b + 1, 2)})"),
        )
        gold, forms, wrong = rnd.choice(shapes)
        return "Interval", [gold], forms, wrong, None

    def equation():
        k, c = rnd.randint(2, 9), rnd.randint(1, 9)
        shapes = (
            (f"y={k}x+{c}", [f"y={k}x+{c}", f"y = {k} x + {c}", f"{k}x-y+{c}=0"], f"y={k}x-{c}"),
            (f"\\frac{{x^{{2}}}}{{{k * k}}}+\\frac{{y^{{2}}}}{{{c}}}=1",
             [f"\\frac{{x^{{2}}}}{{{k * k}}}+\\frac{{y^{{2}}}}{{{c}}}=1", f"\\frac{{x^2}}{{{k * k}}}+\\frac{{y^2}}{{{c}}}=1"],
             f"\\frac{{x^{{2}}}}{{{k * k}}}+\\frac{{y^{{2}}}}{{{c + 1}}}=1"),
            (f"x={k}", [f"x={k}", f"{k}"], f"x={k + 1}"),
        )
        gold, forms, wrong = rnd.choice(shapes)
        return "Equation", [gold], forms, wrong, None

    def tuple_answer():
        a, b, c = rnd.randint(1, 9), rnd.randint(1, 20), rnd.randint(-9, 9)
        if rnd.random() < 0.5:
            gold = f"({a},{b})"
            return "Tuple", [gold], [gold, f"({a}, {b})"], f"({b},{a})" if a != b else f"({a},{b + 1})", None
        gold = f"({a},{b},{c}),({b},{a},{c})"
        return "Tuple", [gold], [gold, f"({a}, {b}, {c}), ({b}, {a}, {c})"], f"({a},{b},{c + 1})", None

    def multiple():
        a, b = rnd.randint(1, 30), rnd.randint(31, 60)
        if rnd.random() < 0.4:
            return "Numerical", [str(a), str(-a)], [f"\\pm {a}", f"{a}, -{a}", f"-{a}, {a}"], f"{a}", None
        return "Numerical", [str(a), str(b)], [f"{a}, {b}", f"{b}, {a}", f"{a} \\text{{ and }} {b}"], \
            f"{a}, {b + 1}", None

    def yes_no():
        gold = rnd.choice(("Yes", "No"))
        other = "No" if gold == "Yes" else "Yes"
        return "Need_human_evaluate", [gold], [gold, f"\\text{{{gold}}}"], other, None

    makers = ((integer, 26), (fraction, 10), (decimal, 8), (radical, 7), (pi_multiple, 5), (scientific, 4),
              (expression, 14), (interval, 7), (equation, 6), (tuple_answer, 5), (multiple, 5), (yes_no, 3))
    pool = [m for m, weight in makers for _ in range(weight)]
    fragments = (
        "Let $a_{{{j}}} = {x}j + {y}$; then $a_{{{j}+1}} - a_{{{j}}} = {x}$, so the terms grow by ${x}$ each step.",
        "Substituting $x = {x}$ into $f(x) = x^2 - {y}x$ gives $f({x}) = {z}$.",
        "By AM-GM, $\\frac{{a+b}}{{2}} \\geq \\sqrt{{ab}}$ with equality when $a = b = {x}$.",
        "Consider the triangle with sides ${x}$, ${y}$ and $c$; by the law of cosines "
        "$c^2 = {x}^2 + {y}^2 - 2\\cdot {x}\\cdot {y}\\cos C$.",
        "Counting the cases separately, there are $\\binom{{{y}}}{{2}} = {z}$ pairs to check.",
        "We have $v = \\frac{{d}}{{t}} = \\frac{{{y}}}{{{x}}}\\ \\mathrm{{m/s}}$ from the given data.",
        "Taking logarithms, $\\log_2 {x} + \\log_2 {y} = \\log_2 {z}$, which is consistent.",
        "Therefore $\\sum_{{k=1}}^{{{x}}} k = \\frac{{{x}({x}+1)}}{{2}}$, as expected.",
    )

    def reasoning(paragraphs: int) -> str:
        out = []
        for _ in range(paragraphs):
            sentences = []
            for _ in range(rnd.randint(2, 5)):
                x, y = rnd.randint(2, 40), rnd.randint(2, 40)
                sentences.append(rnd.choice(fragments).format(j=rnd.randint(1, 9), x=x, y=y, z=x * y))
            out.append(" ".join(sentences))
        return "\n\n".join(out)

    rows = []
    for i in range(n):
        kind, golds, forms, wrong_pred, error = rnd.choice(pool)()
        wrong = rnd.random() < wrong_fraction
        pred = wrong_pred if wrong else rnd.choice(forms)
        physics = error is not None
        source = rnd.choice(physics_sources if physics else maths_sources)
        chinese = "_zh_" in source
        shape = rnd.random()
        if shape < 0.25:
            body = reasoning(rnd.randint(3, 8))
        else:
            body = reasoning(1) if shape < 0.6 else "Working through the problem step by step."
        if chinese:
            ending = f"所以最终答案是 $\\boxed{{{pred}}}$。"
        elif shape > 0.9:
            ending = f"Hence the answer is $\\boxed{{{pred}}}$."
        else:
            ending = f"So the final answer is $\\boxed{{{pred}}}$."
        rows.append({
            "index": i, "source": source, "answer_type": kind, "error": error,
            "unit": rnd.choice(units) if physics else None, "is_multiple_answer": len(golds) > 1 or kind == "Tuple",
            "language": "Chinese" if chinese else "English",
            "final_answer": str([f"${g}$" for g in golds]),
            "prediction": f"{body}\n\n{ending}",
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


def judge_figures(rows: int, work: Path, repeat: int, concurrency: int = 16) -> dict[str, Any]:
    """CRAG-MM rows judged by a local server answering in 50 ms: a cold run, then a rerun from the cache."""
    preds = work / "crag.jsonl"
    with preds.open("w", encoding="utf-8") as fh:
        for row in make_crag_rows(rows, 1 / 3):
            fh.write(json.dumps(row) + "\n")
    # The judge says CORRECT when the response quotes the row's ground truth ("answer-<i>").
    server = FakeOpenAIServer(verdict_by_token(r"answer-\d+"), delay=0.05)
    env_cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:benchmark", "--bench",
               "crag_mm", str(preds), "--bench-judge-model", "perf-judge", "--bench-judge-base-url",
               server.base_url, "--bench-judge-concurrency", str(concurrency)]
    out: dict[str, Any] = {"rows": rows, "server_delay_seconds": 0.05, "concurrency": concurrency, "cold": [],
                           "rerun": []}
    try:
        for attempt in range(repeat):
            cache = work / f"judge-{attempt}.sqlite3"
            before = len(server.requests)
            cold = run_measured([*env_cmd, "--bench-judge-cache", str(cache)], work)
            made = len(server.requests) - before
            warm = run_measured([*env_cmd, "--bench-judge-cache", str(cache)], work)
            out["cold"].append({"seconds": round(cold["seconds"], 3), "requests": made, "exit": cold["exit"]})
            out["rerun"].append({"seconds": round(warm["seconds"], 3), "requests": len(server.requests) - before - made,
                                 "exit": warm["exit"]})
    finally:
        server.close()
    return out


def make_rows(n: int, wrong_fraction: float, seed: int = 0, truth: list[str] | None = None) -> list[dict[str, Any]]:
    """N VMCBench rows with one-letter replies in assorted styles; ``truth`` receives each row's status."""
    rnd = random.Random(seed)
    rows = []
    for i in range(n):
        gold = rnd.choice("ABCD")
        wrong = rnd.random() < wrong_fraction
        pick = rnd.choice([c for c in "ABCD" if c != gold]) if wrong else gold
        if truth is not None:
            truth.append("wrong" if wrong else "correct")
        rows.append({
            "index": i, "question": f"Question {i}?", "A": "a cat", "B": "a dog", "C": "a horse", "D": "a bird",
            "answer": gold, "category": CATEGORIES[i % len(CATEGORIES)],
            "prediction": "Looking at the image carefully. " + rnd.choice(STYLES).format(pick),
        })
    return rows


# Runs a command with the plugin imported from the folder given first (before/after figures, --baseline-code):
# PYTHONPATH would do, but it is inherited by nothing else here and keeps the command line the same.
WITH_CODE = '''
import runpy, sys
sys.path.insert(0, sys.argv.pop(1))
if sys.argv[1] == "-m":
    module = sys.argv[2]
    sys.argv = [module, *sys.argv[3:]]
    runpy.run_module(module, run_name="__main__", alter_sys=True)
'''


SCORE_HALVES = '''
import subprocess, sys
procs = [subprocess.Popen([sys.executable, "score_only.py", *sys.argv[1:3], "default", f"{{k}}/2"],
                          stdout=subprocess.DEVNULL) for k in range(2)]
sys.exit(max(p.wait() for p in procs))
'''


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
    return {"seconds": time.perf_counter() - started, "cpu_seconds": usage.ru_utime + usage.ru_stime,
            "peak_rss_mib": usage.ru_maxrss / 1024, "exit": proc.returncode, "output": out}


def measure_all(plan: list[tuple[str, str, list[str]]], cwd: Path, repeat: int) -> dict[str, dict[str, Any]]:
    """Run every command ``repeat`` times, round-robin (bare, bench, bare, bench, ...), so background load on
    a noisy machine falls on all of them alike; report medians."""
    runs: dict[str, list[dict[str, Any]]] = {key: [] for key, _, _ in plan}
    for _ in range(repeat):
        for key, name, cmd in plan:
            run = run_measured(cmd, cwd)
            if run["exit"] not in (0, 1):
                raise SystemExit(f"{name} failed (exit {run['exit']}):\n{run['output'][-3000:]}")
            runs[key].append(run)
    out = {}
    for key, name, cmd in plan:
        rs = runs[key]
        out[key] = {
            "name": name,
            "command": " ".join(cmd),
            "seconds": statistics.median(r["seconds"] for r in rs),
            "cpu_seconds": statistics.median(r["cpu_seconds"] for r in rs),
            "peak_rss_mib": max(r["peak_rss_mib"] for r in rs),
            "runs": [round(r["seconds"], 3) for r in rs],
            "exit": rs[-1]["exit"],
            "output": rs[-1]["output"],
        }
    return out


# --- start-up ------------------------------------------------------------------------------------------------

TRIVIAL_TEST = "def test_nothing():\n    assert True\n"


def cpu_run(cmd: list[str], cwd: Path) -> dict[str, Any]:
    """Run a command; its CPU seconds (user + system, with the children it waited for, such as a forked scoring
    process) and wall seconds. CPU time is what a loaded, shared machine leaves comparable between runs."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # as run_measured
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    out = proc.stdout.read() if proc.stdout else ""
    _, status, usage = os.wait4(proc.pid, 0)
    return {"cpu": usage.ru_utime + usage.ru_stime, "wall": time.perf_counter() - started,
            "exit": os.waitstatus_to_exitcode(status), "output": out}


def startup_figures(work: Path, repeat: int) -> dict[str, Any]:
    """Start-up costs, each command run ``repeat`` times round-robin after one untimed run (byte-code caches
    written): the README's quick start against ``python -c 'import sympy'`` and ``pytest --version``, importing
    the plugin module alone, and a plain pytest run of one trivial test with and without the plugin. Medians."""
    root = Path(__file__).resolve().parents[1]
    plain = work / "plain"
    plain.mkdir(exist_ok=True)
    (plain / "pytest.ini").write_text("[pytest]\n")
    (plain / "test_trivial.py").write_text(TRIVIAL_TEST)
    py = sys.executable
    plan = [  # key, label, command, folder
        ("import_sympy", "python -c 'import sympy'", [py, "-c", "import sympy"], root),
        ("pytest_version", "pytest --version", [py, "-m", "pytest", "--version"], root),
        ("import_plugin", "import pytest_answerbench.plugin", [py, "-c", "import pytest_answerbench.plugin"], root),
        ("quick_start", "quick start: pytest --bench olympiad benchmarks/olympiad/sample.jsonl -q",
         [py, "-m", "pytest", "--bench", "olympiad", "benchmarks/olympiad/sample.jsonl", "-q"], root),
        ("plain", "pytest test_trivial.py (plugin installed)", [py, "-m", "pytest", "-q", "test_trivial.py"], plain),
        ("plain_without", "pytest -p no:answerbench test_trivial.py",
         [py, "-m", "pytest", "-q", "-p", "no:answerbench", "test_trivial.py"], plain),
    ]
    runs: dict[str, list[dict[str, Any]]] = {key: [] for key, *_ in plan}
    for attempt in range(repeat + 1):
        for key, label, cmd, cwd in plan:
            run = cpu_run(cmd, cwd)
            if run["exit"] not in (0, 1):  # the sample has wrong rows: the quick start exits 1
                raise SystemExit(f"{label} failed (exit {run['exit']}):\n{run['output'][-3000:]}")
            if attempt:
                runs[key].append(run)
    out: dict[str, Any] = {"repeat": repeat, "measurements": {}}
    for key, label, cmd, _ in plan:
        cpu = [r["cpu"] for r in runs[key]]
        out["measurements"][key] = {
            "label": label, "command": " ".join(cmd), "cpu_seconds": round(statistics.median(cpu), 3),
            "wall_seconds": round(statistics.median(r["wall"] for r in runs[key]), 3),
            "cpu_runs": [round(c, 3) for c in cpu]}
    m = {key: v["cpu_seconds"] for key, v in out["measurements"].items()}
    out["ratios"] = {
        "quick_start_vs_import_sympy": round(m["quick_start"] / m["import_sympy"], 2),
        "quick_start_vs_pytest_version": round(m["quick_start"] / m["pytest_version"], 2),
        "import_plugin_vs_pytest_version": round(m["import_plugin"] / m["pytest_version"], 2),
        "plain_with_vs_without_plugin": round(m["plain"] / m["plain_without"], 3),
        # what the quick start costs beyond a plain pytest run of this environment (its other plugins included)
        "quick_start_beyond_plain_vs_import_sympy": round((m["quick_start"] - m["plain_without"]) / m["import_sympy"],
                                                          2),
    }
    return out


def print_startup(figures: dict[str, Any]) -> None:
    print(f"start-up: CPU seconds (user + system, children included), median of {figures['repeat']} round-robin "
          f"runs, {os.cpu_count()} CPUs")
    print(f"{'measurement':74} {'CPU s':>6} {'wall s':>7}")
    for v in figures["measurements"].values():
        print(f"{v['label']:74} {v['cpu_seconds']:6.2f} {v['wall_seconds']:7.2f}")
    r = figures["ratios"]
    print(f"quick start / import sympy {r['quick_start_vs_import_sympy']:.2f}x, / pytest --version "
          f"{r['quick_start_vs_pytest_version']:.2f}x; quick start minus a plain run without the plugin "
          f"/ import sympy {r['quick_start_beyond_plain_vs_import_sympy']:.2f}x")
    print(f"import of the plugin module / pytest --version {r['import_plugin_vs_pytest_version']:.2f}x; "
          f"plain pytest with / without the plugin {r['plain_with_vs_without_plugin']:.3f}x")


def check_statuses(work: Path, truth: list[str]) -> dict[str, Any]:
    """Every row's status in the --bench run's JSON report against what the generator made it (``truth``:
    VMCBench rows), and the JUnit file's test cases counted: no row misstated, none missing."""
    report = json.loads((work / "report.json").read_text(encoding="utf-8"))
    counts: dict[str, int] = {}
    misstated = []
    for row in report["rows"]:
        counts[row["status"]] = counts.get(row["status"], 0) + 1
        want = truth[int(row["id"])] if truth else None
        if want is not None and row["status"] != want:
            misstated.append({"id": row["id"], "status": row["status"], "want": want, "detail": row.get("detail")})
    junit = (work / "junit.xml").read_text(encoding="utf-8")
    cases = junit.count("<testcase ")
    summary = (f"check: {len(report['rows'])} rows in the report ({', '.join(f'{k} {v}' for k, v in sorted(counts.items()))}), "
               f"{cases} JUnit test cases, {len(misstated)} misstated"
               + (f" (first: {misstated[:3]})" if misstated else ""))
    return {"rows": len(report["rows"]), "counts": counts, "junit_cases": cases, "misstated": misstated[:100],
            "summary": summary}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/perf.py", description=__doc__.split("\n")[0])
    parser.add_argument("--benchmark", choices=("vmcbench_dev", "olympiad"), default="vmcbench_dev",
                        help="which rows to generate and score (default vmcbench_dev)")
    parser.add_argument("--rows", type=int, default=10_000, help="synthetic rows (default 10000)")
    parser.add_argument("--mix", choices=("dataset", "sympy-heavy"), default="dataset",
                        help="olympiad rows: the dataset's answer mix (default) or only SymPy-heavy expressions")
    parser.add_argument("--isolation", action="store_true", help="also measure --bench-isolation process")
    parser.add_argument("--wrong", type=float, default=1 / 3, help="fraction of wrong rows (default 1/3)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement, median taken (default 3)")
    parser.add_argument("--xdist", action="store_true", help="also measure -n 2")
    parser.add_argument("--out", default=None, help="write the figures as JSON here")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    parser.add_argument("--baseline-code", default=None, metavar="DIR",
                        help="also run --bench with the plugin imported from DIR (a folder holding an older "
                             "pytest_answerbench), for before/after figures in the same rounds")
    parser.add_argument("--bench-only", action="store_true",
                        help="only the --bench run, writing its JSON report and JUnit file, and check every row's "
                             "status against the generated rows (for --rows 1000000: no bare baseline)")
    parser.add_argument("--with-outputs", action="store_true",
                        help="the bare test writes a JUnit file and every serial --bench run its JSON report and "
                             "JUnit file (memory with outputs)")
    parser.add_argument("--stream", action="store_true",
                        help="run --bench in streamed mode (--bench-stream on) and, unless --bench-only, rows as items "
                             "(--bench-stream off) in the same rounds")
    parser.add_argument("--judge-rows", type=int, default=0,
                        help="also time N CRAG-MM rows judged by a local 50 ms server, cold and from the cache")
    parser.add_argument("--startup", action="store_true",
                        help="measure start-up only: the quick start, import sympy, pytest --version, a plain run")
    args = parser.parse_args(argv)
    if args.startup:
        return startup_main(args)

    work = Path(tempfile.mkdtemp(prefix="answerbench-perf-"))
    preds = work / "preds.jsonl"
    with preds.open("w", encoding="utf-8") as fh:
        maker = make_rows
        if args.benchmark == "olympiad":
            maker = make_sympy_heavy_rows if args.mix == "sympy-heavy" else make_olympiad_rows
        truth: list[str] = []  # VMCBench rows: the status each was made to have, for --bench-only's check
        for row in (make_rows(args.rows, args.wrong, truth=truth) if maker is make_rows else maker(args.rows, args.wrong)):
            fh.write(json.dumps(row) + "\n")
    (work / "test_bare.py").write_text(BARE_TEST.format(path=str(preds)))
    (work / "score_only.py").write_text(SCORE_ONLY.format())
    (work / "score_halves.py").write_text(SCORE_HALVES.format())
    (work / "pytest.ini").write_text("[pytest]\n")
    py = sys.executable
    common = ["-q", "-p", "no:cacheprovider", "-p", "no:benchmark"]
    name = args.benchmark
    bench = [py, "-m", "pytest", *common, "--bench", name, "preds.jsonl"]
    items = [*bench, "--bench-stream", "off"]  # rows as items, whatever the row count
    if args.stream:
        bench = [*bench, "--bench-stream", "on"]
    plan = [
        ("score_row", "score_row only", [py, "score_only.py", str(preds), name]),
        ("bare", "bare parametrized no-op", [py, "-m", "pytest", *common, "test_bare.py"]),
        ("bench", "pytest --bench serial", bench),
    ]
    if args.stream:
        plan[-1] = ("bench", "pytest --bench streamed", bench)
        plan.append(("bench_items", "pytest --bench rows as items", items))
    if args.baseline_code:
        plan.append(("bench_baseline", "--bench, baseline code",
                     [py, str(work / "with_code.py"), str(Path(args.baseline_code).resolve()), "-m", "pytest",
                      *common, *bench[bench.index("--bench"):]]))  # the same mode (--stream) as the --bench run
        (work / "with_code.py").write_text(WITH_CODE)
    if name == "olympiad":  # both profiles (the default one above)
        plan.insert(1, ("score_row_upstream", "score_row only, upstream", [py, "score_only.py", str(preds), name,
                                                                           "upstream"]))
        plan.append(("bench_upstream", "--bench-profile upstream", [*bench, "--bench-profile", "upstream"]))
    if args.isolation:
        plan.append(("bench_isolated", "--bench-isolation process", [*bench, "--bench-isolation", "process"]))
    if args.xdist:
        # What two processes can do on this machine at best: score_row over the two halves of the rows at once,
        # no pytest (their wall time against score_row's over all rows bounds any -n 2 speed-up).
        plan.insert(1, ("score_row_halves", "score_row, 2 processes", [py, "score_halves.py", str(preds), name]))
        plan.append(("bare_n2", "bare -n 2", [py, "-m", "pytest", *common, "-n", "2", "test_bare.py"]))
        plan.append(("bench_n2", "pytest --bench -n 2", [*bench, "-n", "2"]))
        if name == "olympiad":
            plan.append(("bench_upstream_n2", "--bench-profile upstream -n 2",
                         [*bench, "--bench-profile", "upstream", "-n", "2"]))
    if args.bench_only:
        plan = [  # nothing else: at 1,000,000 rows the bare baseline alone takes 3 GiB and a quarter hour
                ("bench", "pytest --bench serial" + (" streamed" if args.stream else "") + ", report and JUnit",
                 [*bench, "--bench-report", "report.json", "--junitxml", "junit.xml"])]
        if args.baseline_code:  # before/after with the outputs written, in the same rounds
            plan.append(("bench_baseline", "--bench, baseline code, report and JUnit",
                         [py, str(work / "with_code.py"), str(Path(args.baseline_code).resolve()), "-m", "pytest",
                          *common, *bench[bench.index("--bench"):], "--bench-report", "report-baseline.json",
                          "--junitxml", "junit-baseline.xml"]))
    if args.with_outputs and not args.bench_only:  # the bare test writing a JUnit file too, for the ratios
        plan = [(key, label + (", JUnit" if key != "score_row" else ""),
                 cmd + (["--junitxml", f"junit-{key}.xml"] if key in ("bare",) else
                        ["--bench-report", f"report-{key}.json", "--junitxml", f"junit-{key}.xml"]
                        if key.startswith("bench") and "-n" not in cmd else []))
                for key, label, cmd in plan]
    load_before = os.getloadavg()[0]  # the machine's load: ratios inside one round are what hold on a busy one
    results = measure_all(plan, work, args.repeat)
    load_after = os.getloadavg()[0]
    for key in ("score_row", "score_row_upstream"):
        if key in results:
            results[key]["inner_seconds"] = json.loads(results[key]["output"].strip().splitlines()[-1])["seconds"]
    n = args.rows
    figures: dict[str, Any] = {
        "benchmark": name, "mix": args.mix if name == "olympiad" else None, "rows": n,
        "wrong_fraction": args.wrong, "repeat": args.repeat, "python": platform.python_version(),
        "cpus": os.cpu_count(), "load": [round(load_before, 2), round(load_after, 2)], "measurements": {},
    }
    print(f"{name}: {n} rows, {args.wrong:.0%} wrong, median of {args.repeat} runs, {os.cpu_count()} CPUs, "
          f"load {load_before:.1f} before, {load_after:.1f} after")
    # CPU seconds (user + system, the process's own): on a machine shared with other work they move far less
    # than wall seconds, so the ratios below are taken on them.
    print(f"{'measurement':28} {'seconds':>9} {'CPU s':>8} {'rows/s':>10} {'peak MiB':>9}")
    for key, r in results.items():
        seconds = r.get("inner_seconds", r["seconds"])
        rate = n / seconds if seconds else float("inf")
        figures["measurements"][key] = {"command": r["command"], "seconds": round(r["seconds"], 3),
                                        "cpu_seconds": round(r["cpu_seconds"], 3),
                                        "rows_per_second": round(rate, 1), "peak_rss_mib": round(r["peak_rss_mib"], 1),
                                        "runs": r["runs"]}
        if "inner_seconds" in r:
            figures["measurements"][key]["scoring_seconds"] = round(seconds, 3)
        label = r["name"] + (" (scoring only)" if "inner_seconds" in r else " (wall)" if key == "score_row_halves" else "")
        print(f"{label:28} {seconds:9.2f} {r['cpu_seconds']:8.2f} {rate:10.0f} {r['peak_rss_mib']:9.1f}")
    if args.bench_only:
        figures["check"] = check_statuses(work, truth)
        print(figures["check"]["summary"])
        ratios: dict[str, float] = {}
    else:
        ratios = {
            "bench_vs_bare_cpu": results["bench"]["cpu_seconds"] / results["bare"]["cpu_seconds"],
            "bench_vs_bare_time": results["bench"]["seconds"] / results["bare"]["seconds"],
            "bench_vs_bare_memory": results["bench"]["peak_rss_mib"] / results["bare"]["peak_rss_mib"],
        }
        if "bench_items" in results:  # streamed against rows as items, same rounds
            for what, key in (("cpu", "cpu_seconds"), ("memory", "peak_rss_mib")):
                ratios[f"items_vs_bare_{what}"] = results["bench_items"][key] / results["bare"][key]
                ratios[f"stream_vs_items_{what}"] = results["bench"][key] / results["bench_items"][key]
    if "bench_baseline" in results and args.bench_only:
        ratios["after_vs_before_cpu"] = results["bench"]["cpu_seconds"] / results["bench_baseline"]["cpu_seconds"]
        ratios["after_vs_before_memory"] = (results["bench"]["peak_rss_mib"]
                                            / results["bench_baseline"]["peak_rss_mib"])
    elif "bench_baseline" in results:
        ratios["baseline_vs_bare_cpu"] = results["bench_baseline"]["cpu_seconds"] / results["bare"]["cpu_seconds"]
        ratios["baseline_vs_bare_memory"] = (results["bench_baseline"]["peak_rss_mib"]
                                             / results["bare"]["peak_rss_mib"])
        # the layer's own cost: --bench's CPU less that of a process scoring the same rows without pytest (both
        # start Python and import the package; pytest's own start-up is left in), per row
        scoring = results["score_row"]["cpu_seconds"]
        for key in ("bench", "bench_baseline"):
            figures["measurements"][key]["layer_ms_per_row"] = round(
                1000 * (results[key]["cpu_seconds"] - scoring) / n, 3)
    if args.xdist and not args.bench_only:
        ratios["speedup_n2_vs_serial"] = results["bench"]["seconds"] / results["bench_n2"]["seconds"]
        ratios["parallel_ceiling"] = results["score_row"]["seconds"] / results["score_row_halves"]["seconds"]
        if ratios["speedup_n2_vs_serial"] < 1:
            print("note: -n 2 was slower than serial here: too few or too cheap rows to pay for the workers' "
                  "start-up and the controller")
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


def startup_main(args: argparse.Namespace) -> int:
    """``--startup``: print (and with --out, write) the start-up figures."""
    import shutil

    work = Path(tempfile.mkdtemp(prefix="answerbench-startup-"))
    try:
        figures = startup_figures(work, args.repeat)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    figures.update(python=platform.python_version(), cpus=os.cpu_count())
    print_startup(figures)
    if args.out:
        Path(args.out).write_text(json.dumps({"startup": figures}, indent=1) + "\n")
        print(f"figures written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
