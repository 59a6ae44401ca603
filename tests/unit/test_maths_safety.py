"""Untrusted answers: injection payloads never run, pathological answers end within the budget."""

from __future__ import annotations

import builtins
import sys
import time

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.maths import TooComplex, equivalent
from pytest_answerbench.maths.guard import StepTimeout, check_tree, step_limit
from pytest_answerbench.maths.parse import parse_math
from pytest_answerbench.timeguard import ScoreTimeout, deadline

PAYLOADS = [
    "__import__('os').system('touch {marker}')",
    "\\boxed{__import__('os').system('touch {marker}')}",
    "So the final answer is $\\boxed{eval(\"__import__('os').system('touch {marker}')\")}$",
    "x = __import__('subprocess').call(['touch', '{marker}'])",
    "\\frac{{__import__('os').system('touch {marker}')}}{{2}}",
    "(lambda: __import__('os').system('touch {marker}'))()",
    "Symbol('x').__class__.__base__.__subclasses__()",
    # the typed readers of issue 15: matrix entries, inequality sides, chains, ratios of labels
    "\\begin{pmatrix}__import__('os').system('touch {marker}') & 1 \\\\ 0 & 1\\end{pmatrix}",
    "\\begin{pmatrix}1\\end{pmatrix} + \\begin{pmatrix}__import__('os').system('touch {marker}')\\end{pmatrix}",
    "-x > __import__('os').system('touch {marker}')",
    "0 < f(__import__('os').system('touch {marker}')) < 1",
    "x = 1 + 1 = __import__('os').system('touch {marker}')",
    "V_1:V_2 = __import__('os').system('touch {marker}'):2",
]


def _rows(answer: str):
    yield "olympiad", {"prediction": answer, "final_answer": "['$x^{2}+1$']", "answer_type": "Expression"}
    yield "olympiad", {"prediction": "So the final answer is $3$", "final_answer": f"['{answer}']"}
    yield "imo", {"Problem ID": "p", "Short Answer": "x^{2}+1", "prediction": answer}
    yield "imo", {"Problem ID": "p", "Short Answer": answer, "prediction": "x^{2}+1"}


@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("profile", ["upstream", "default"])
def test_injection_never_runs(payload, profile, tmp_path, monkeypatch):
    marker = tmp_path / "pwned"
    answer = payload.replace("{marker}", str(marker))
    evaluated = []
    real_eval, real_exec = builtins.eval, builtins.exec

    # The spies run the code in the caller's namespace, as the real builtins do when no globals are given (a bare
    # wrapper would evaluate in its own frame: SymPy's own eval calls then fail, and the engine's parse cache
    # would remember those failures for later tests).
    def _namespaces(args, kwargs):
        if args or "globals" in kwargs:
            return args, kwargs
        caller = sys._getframe(2)
        return (caller.f_globals, caller.f_locals), kwargs

    def spy_eval(source, *args, **kwargs):
        if isinstance(source, str) and ("__import__" in source or "touch" in source or "__class__" in source):
            evaluated.append(source)
        args, kwargs = _namespaces(args, kwargs)
        return real_eval(source, *args, **kwargs)

    def spy_exec(source, *args, **kwargs):
        if isinstance(source, str) and ("__import__" in source or "touch" in source):
            evaluated.append(source)
        args, kwargs = _namespaces(args, kwargs)
        return real_exec(source, *args, **kwargs)

    monkeypatch.setattr(builtins, "eval", spy_eval)
    monkeypatch.setattr(builtins, "exec", spy_exec)
    for bench, row in _rows(answer):
        verdict = score_row(bench, row, profile=profile, timeout=10)
        assert verdict.status in ("wrong", "error"), (bench, verdict)
    assert not marker.exists()
    assert evaluated == []


def _bound_error(verdict) -> bool:
    """An error row saying which size bound left the comparison undecided."""
    return verdict.status == "error" and verdict.method.startswith("bound:") and "no verdict" in verdict.detail


PATHOLOGICAL = {
    "tower": "9^{9^{9^9}}",
    "power": "10^{10^{10}}",
    "factorial": "999999!",
    "nested braces": "{" * 3000 + "1" + "}" * 3000,
    "nested parens": "(" * 5000 + "1" + ")" * 5000,
    "expansion": "(x+1)^{200}",
    "long sum": "1+" * 50000 + "1",
    "huge integer": "9" * 5000,
    "nested fractions": "\\frac{1}{" * 300 + "2" + "}" * 300,
    "100k characters": "x" * 100000,
    # the typed readers of issue 15: solved inequalities, matrix arithmetic, integer spot checks
    "polynomial inequality": "x^{41} - 3x^{7} + x - 1 > 0",
    "matrix product": ("\\begin{pmatrix}" + " \\\\ ".join(" & ".join(f"x_{{{i}{j}}}" for j in range(12))
                                                    for i in range(12)) + "\\end{pmatrix}") * 3,
    "floor of a power": "\\lfloor \\frac{n^{50}}{7} \\rfloor + \\lceil \\frac{m^{40}}{3}\\rceil",
}


@pytest.mark.parametrize("name", list(PATHOLOGICAL))
@pytest.mark.parametrize("profile", ["upstream", "default"])
def test_pathological_answers_finish_within_budget(name, profile):
    answer = PATHOLOGICAL[name]
    rows = [("olympiad", {"prediction": f"So the final answer is $\\boxed{{{answer}}}$",
                          "final_answer": "['$x^{2}+1$']"}),
            ("imo", {"Problem ID": "p", "Short Answer": "x^{2}+1", "prediction": f"\\boxed{{{answer}}}"})]
    for bench, row in rows:
        started = time.process_time()
        verdict = score_row(bench, row, profile=profile, timeout=5)
        assert time.process_time() - started < 6.5, (bench, time.process_time() - started, verdict)
        # never correct; where a size bound (not the answer) stopped the comparison, an error naming it
        assert verdict.status in ("wrong", "timeout") or _bound_error(verdict), verdict


# Inputs aimed at the notation rewrites (set-builder, mixed numbers, repeating decimals, units, labels, spans
# joined by "and"): each rewrite is bounded, so long answers and gold cells stay linear.
NOTATION_STRESS = {
    "digits": "9" * 100000, "digits and a point": "9" * 50000 + "." + "9" * 50000, "ellipsis": "0." + "3" * 50000 + "...",
    "mixed-number prefix": "1 " + "2" * 50000 + "/", "set-builder prefix": "\\{x |" + "x" * 50000,
    "parentheses": "(" * 50000, "per cent": " " * 50000 + "per", "superscripts": "⁻" * 50000,
    "unit tail": "5 " + "m/" * 20000, "labels": "\\angle " * 20000 + "= 3", "assignments": "x = 1, " * 20000,
    "spans": "$1$ and " * 20000, "bullets": "\n- $1$" * 5000, "words": "twelve " * 20000, "Chinese": "为" * 50000 + "3",
    "sentences and spans": "We note $a_1$. " * 8000 + "So it is 5.", "loop": "The answer is 5. " * 20000 + "The answer is",
    "boxes": "\\boxed{1} and " * 5000, "copulas": "Final Answer: The " + "value of $x$ is $y$ and " * 3000 + "is 5.",
    "matrix cells": "\\begin{pmatrix}" + "1 & " * 20000 + "1\\end{pmatrix}",
}


@pytest.mark.parametrize("name", list(NOTATION_STRESS))
def test_notation_rewrites_stay_linear(name):
    text = NOTATION_STRESS[name]
    rows = [{"prediction": text, "final_answer": "['$3$']", "is_multiple_answer": True},
            {"prediction": "So the final answer is $3$", "final_answer": repr([text]), "unit": "$\\mathrm{~m}$"}]
    started = time.process_time()
    for row in rows:
        # the row limit is wall time: a generous one, so a loaded machine does not stop a linear pass; a rewrite
        # that went quadratic on these lengths would take minutes of CPU, which the bound below still catches
        verdict = score_row("olympiad", row, profile="default", timeout=120)
        assert verdict.status in ("correct", "wrong") or _bound_error(verdict), verdict
    assert time.process_time() - started < 30.0, name


@pytest.mark.parametrize("text", ["9^{9^{9^9}}", "999999!", "10^{100000}", "\\binom{10^{9}}{5}"])
def test_check_tree_refuses_runaway_values(text):
    with pytest.raises(TooComplex):
        parse_math(text)


@pytest.mark.parametrize("text", ["2^{1/2}", "2^{10}", "10!", "x^{n+1}", "e^{i\\pi}"])
def test_check_tree_accepts_ordinary_values(text):
    check_tree(parse_math(text))


def test_step_limit_fires_as_step_timeout():
    started = time.process_time()
    with pytest.raises(StepTimeout):
        with step_limit(0.2):
            while True:
                pass
    assert time.process_time() - started < 1.0


def test_step_limit_leaves_nearer_outer_deadline_in_charge():
    with pytest.raises(ScoreTimeout):
        with deadline(0.2):
            with step_limit(5):
                while True:
                    pass


def test_outer_deadline_survives_a_step():
    # After an inner step completes, the outer deadline must still fire (it is restored, not disarmed).
    with pytest.raises(ScoreTimeout):
        with deadline(0.3):
            with step_limit(0.1):
                pass
            while True:
                pass


def test_equivalent_timeout_argument_bounds_the_call():
    ok, _ = equivalent("x^2+1", "(x+1)^2-2x", timeout=5)
    assert ok is True
