"""Round 28 of the readers (docs/profiles-math.md, "Round 28"), written from the blind probes of rounds 28 and 29
(tests/data/probes_round28.jsonl, probes_round29.jsonl) after each was scored once as a held-out measure, then
narrowed after two helpers' attacks (their replies the reader before this round or a first version got wrong, read as
labelled now: tests/data/attack_round28_maths.jsonl)."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round27 import _attack

from pytest_answerbench.maths.compare.lattice import same_lattice
from pytest_answerbench.maths.meaning import answers_question, claim

GAUSS = "Is the improper integral $\\int_{-\\infty}^{\\infty}e^{-x^2}\\,dx$ finite?"
QUARTIC = "Is the polynomial $x^4 + 4$ irreducible over $\\mathbb{Q}$?"
CUBE = "Is the function $f:\\mathbb{R}\\to\\mathbb{R}$, $f(x)=x^3$, injective?"
SERIES = "Does the series $\\sum_{n=2}^{\\infty} \\frac{1}{n\\ln n}$ converge or diverge?"
MATRIX = "Is the matrix $A=\\begin{pmatrix}2&1\\\\1&3\\end{pmatrix}$ invertible?"
BASE = "Write the decimal number $100$ in base $7$."
SINE = "Does the improper integral $\\int_1^{\\infty}\\frac{\\sin x}{x}\\,dx$ converge?"


@pytest.mark.parametrize("text, said", [
    ("the integral does **not** have a finite value", ("infinite", True)),
    ("the value isn't finite", ("infinite", True)),
    ("the set is not a finite set", ("infinite", True)),
    ("the integral has a finite value", ("infinite", False)),
    ("the sequence is not bounded", ("infinite", True)),
    ("the sequence is bounded", ("infinite", False)),
    ("it isn't possible", ("possible", False)),
    ("Hence no triangle with these side lengths exists", ("exist", False)),
    ("No matter how $n$ is chosen, a solution exists", ("exist", True)),
    ("there is no largest prime congruent to 3 mod 4", ("infinite", True)),
    ("But boundedness by itself does not guarantee convergence", ("converge", True)),  # (dropped after an attack)
    ("答：这样的正整数 n 是找不到的", ("exist", False)),
    ("找不到反例", None),
    ("这样的 n 我暂时找不到", None),  # a search given up
    ("所以存在；比 25 更小的这样的 n 是找不到的", ("exist", True)),
])
def test_claims(text, said):
    assert claim(text) == said


def test_a_bare_verdict_against_a_chinese_gold_stating_the_property():
    question = "行列式为 $0$ 的方阵是否可逆？"
    assert answers_question("不可逆", "No", question) is True
    assert answers_question("不可逆", "Yes", question) is False
    assert answers_question("可逆", "No", question) is False


@pytest.mark.parametrize("reply, answer, question, status", [
    ("Conclusion: the integral does **not** have a finite value.", "Yes", GAUSS, "wrong"),
    ("Conclusion: the integral has a finite value, namely $\\sqrt{\\pi}$.", "Yes", GAUSS, "correct"),
    ("A quartic with no rational roots cannot be factored over ℚ, so **$x^4+4$ is irreducible over $\\mathbb{Q}$**.",
     "No", QUARTIC, "wrong"),
    ("Since $x^4+4=(x^2+2x+2)(x^2-2x+2)$, it cannot be irreducible: $x^4+4$ is reducible over $\\mathbb{Q}$.", "No",
     QUARTIC, "correct"),
    ("So $x\\mapsto x^3$ is one-to-one on ℝ. Note that the square map $x\\mapsto x^2$, by contrast, is not injective.",
     "Yes", CUBE, "correct"),
    ("So $x\\mapsto x^3$ is one-to-one on ℝ. Note that $f(x)=x^3$ is not injective.", "Yes", CUBE, "wrong"),
    ("Since the integral is infinite, the series is not convergent.\n\nRemark: the slightly modified series "
     "$\\sum \\frac{1}{n(\\ln n)^2}$ does converge.", "Diverges", SERIES, "correct"),
    ("Since the integral is infinite, the series is not convergent.\n\nRemark: so $\\sum \\frac{1}{n\\ln n}$ does "
     "converge.", "Diverges", SERIES, "wrong"),
    ("The matrix is symmetric with positive diagonal, hence $A$ is invertible.\n\nNote that $\\det A=2\\cdot 3-1\\cdot "
     "6=0$.", "Yes", MATRIX, "wrong"),  # a note on the question's own object is read
    ("$$100=(220)_7 .$$", "202_7", BASE, "wrong"),  # the numeral closing the chain, not the value before it
    ("$$100=(202)_7 .$$", "202_7", BASE, "correct"),
    ("Hence the improper integral has a finite value.", "Yes", SINE, "correct"),
    ("Hence the integral is infinite.", "Yes", SINE, "wrong"),
    ("So the partial integrals are bounded.", "Yes", SINE, "wrong"),  # bounded is not finite: no verdict
])
def test_round_28_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


@pytest.mark.parametrize("gold, pred, same", [
    ("x=\\frac{\\pi}{6}+2k\\pi\\ \\text{or}\\ x=\\frac{5\\pi}{6}+2k\\pi,\\ k\\in\\mathbb{Z}",
     "x = k\\pi + (-1)^k\\frac{\\pi}{6},\\ k\\in\\mathbb{Z}", True),
    ("x=\\frac{\\pi}{6}+2k\\pi\\ \\text{or}\\ x=\\frac{5\\pi}{6}+2k\\pi,\\ k\\in\\mathbb{Z}",
     "x = k\\pi - (-1)^k\\frac{\\pi}{6},\\ k\\in\\mathbb{Z}", False),
    ("x=\\frac{\\pi}{6}+2k\\pi\\ \\text{or}\\ x=\\frac{5\\pi}{6}+2k\\pi,\\ k\\in\\mathbb{Z}",
     "x=\\frac{\\pi}{6}+k\\pi,\\ k\\in\\mathbb{Z}", False),  # more values
    ("x=\\frac{\\pi}{4}+\\frac{k\\pi}{2},\\ k\\in\\mathbb{Z}", "x=\\pm\\frac{\\pi}{4}+k\\pi,\\qquad k\\in\\mathbb{Z}.", True),
    ("x=\\frac{\\pi}{4}+\\frac{k\\pi}{2},\\ k\\in\\mathbb{Z}", "x=\\frac{\\pi}{4}+k\\pi,\\ k\\in\\mathbb{Z}", False),
    ("x=\\frac{\\pi}{4}+\\frac{k\\pi}{2},\\ k\\in\\mathbb{Z}", "x=\\frac{\\pi}{4}+\\frac{k\\pi}{2}", None),  # no range said
    ("x=\\frac{k\\pi}{1000},\\ k\\in\\mathbb{Z}", "x=\\frac{2k\\pi}{2000},\\ k\\in\\mathbb{Z}", None),  # too dense here
    ("x=2k\\pi,\\ k\\in\\mathbb{Z}", "x=2k\\pi+y,\\ k\\in\\mathbb{Z}", None),  # another free letter
    ("x=k\\pi+\\frac{\\pi}{2},\\ y=k\\pi,\\ k\\in\\mathbb{Z}", "x=k\\pi,\\ y=k\\pi+\\frac{\\pi}{2},\\ k\\in\\mathbb{Z}",
     None),  # a system's two unknowns, not two alternatives (round 29, after an attack)
])
def test_families_over_the_integers(gold, pred, same):
    assert same_lattice(gold, pred) is same


@pytest.mark.parametrize("case", _attack("attack_round28_maths.jsonl"), ids=lambda case: case["id"])
def test_the_maths_attack_reads_as_labelled(case):
    extra = {k: str(case[k]) for k in ("unit", "error") if case.get(k)}
    assert _verdict(case["prediction"], case["answer"], case.get("question"), **extra) == case["label"], case["why"]
