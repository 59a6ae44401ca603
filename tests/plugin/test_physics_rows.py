"""Physics and structured answers through the plugin (issue 33): imo rows read their ``Problem`` as olympiad rows read
their ``question`` (option letters, an eigenvector, a fraction asked), with the same verdicts, outcomes, report and
JUnit, in one process and under ``-n 2``."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from conftest import load_report, write_jsonl
from pytest_answerbench.options import BENCH, BENCH_REPORT

Q_ENERGY = "A proton must have a minimum energy of the order of\n(a) 1 GeV.\n(b) 1 MeV.\n(c) 1 KeV."
Q_EIGEN = "Using this basis, find a normalized eigenfunction of $\\hat{s}_y$ with eigenvalue -1/2."
GOLD_EIGEN = "\\sigma_y = \\frac{1}{\\sqrt{2}} \\begin{pmatrix} i \\\\ 1 \\end{pmatrix}"
Q_POLAR = "Four polarisers are stacked at 30 degrees. How much of the intensity of an unpolarised beam is transmitted?"

# (id, question, gold, prediction, expected status)
ROWS = [
    ("letter", Q_ENERGY, "1 \\, \\text{MeV}", "The barrier is about a MeV.\n\\[\\boxed{B}\\]", "correct"),
    ("other-letter", Q_ENERGY, "1 \\, \\text{MeV}", "\\[\\boxed{A}\\]", "wrong"),
    ("eigen", Q_EIGEN, GOLD_EIGEN, "\\[\\boxed{\\frac{1}{\\sqrt{2}} \\begin{pmatrix} 1 \\\\ -i \\end{pmatrix}}\\]",
     "correct"),
    ("eigen-other", Q_EIGEN, GOLD_EIGEN, "\\[\\boxed{\\frac{1}{\\sqrt{2}} \\begin{pmatrix} 1 \\\\ i \\end{pmatrix}}\\]",
     "wrong"),
    ("fraction", Q_POLAR, "\\frac{27 I_0}{128}", "So \\[\\boxed{\\dfrac{27}{128}}\\]", "correct"),
    ("ode", "Write an ODE for the population $x(t)$.", "\\frac{dx}{dt}=kx-a",
     "</think> <answer> \\boxed{ \\frac{dx(t)}{dt} = k \\cdot x(t) - a }", "correct"),
]


def _write(bench_env, bench: str) -> None:
    if bench == "imo":
        rows = [{"Problem ID": i, "Problem": q, "Short Answer": g, "prediction": p} for i, q, g, p, _ in ROWS]
    else:
        rows = [{"id": i, "question": q, "final_answer": [g], "prediction": p} for i, q, g, p, _ in ROWS]
    write_jsonl(bench_env.path / "preds.jsonl", rows)


@pytest.mark.parametrize("workers", [[], ["-n", "2"]])
@pytest.mark.parametrize("bench", ["imo", "olympiad"])
def test_physics_rows_get_the_same_verdicts_in_both_benchmarks(bench_env, bench, workers):
    _write(bench_env, bench)
    # a subprocess: an in-process SymPy run can leave SymPy's parser half-imported for later tests
    result = bench_env.runpytest_subprocess(BENCH, bench, "preds.jsonl", BENCH_REPORT, "report.json",
                                            "--junitxml", "junit.xml", "-p", "no:cacheprovider", *workers)
    report = load_report(bench_env)
    got = {r["id"]: r["status"] for r in report["rows"]}
    assert got == {i: status for i, _, _, _, status in ROWS}, report["rows"]
    assert result.ret == 1  # wrong rows fail the run
    result.assert_outcomes(passed=4, failed=2)
    suite = ET.parse(bench_env.path / "junit.xml").getroot()
    cases = suite.iter("testcase")
    failed = sorted(c.get("name") for c in cases if c.find("failure") is not None)
    assert len(failed) == 2 and all(("other" in name) for name in failed), failed
