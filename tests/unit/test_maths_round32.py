"""Round 32 of the readers (docs/profiles-math.md, "Round 32"), written from round 33's blind probes
(tests/data/probes_round33.jsonl) after they were scored once as the held-out measure of round 31, then narrowed after
a helper's attack (its replies the reader before this round or this round's first version got wrong, read as labelled
now: tests/data/attack_round32_maths.jsonl)."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round27 import _attack

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import states_value
from pytest_answerbench.maths.described import offered_stance

BIJECTIVE = "Is the map $f:\\mathbb{Z}\\to\\mathbb{Z}$, $f(n)=2n+1$, injective, surjective, bijective, or none of these?"
INJECTIVE = "Let $f:\\mathbb{R}\\to\\mathbb{R}$, $f(x)=x^3-x$. Is $f$ injective?"
NINE = "是否存在正整数 $n$，使得 $n^2+n+1$ 能被 $9$ 整除？"
SQUARES = "True or false: if $\\sum a_n$ converges, then $\\sum a_n^2$ converges."
BOUNDED = "Let $a_1=1$ and $a_{n+1}=a_n+\\frac{1}{a_n}$. Is the sequence $(a_n)$ bounded?"
POWER = "Does the power series $\\sum_{n=1}^{\\infty}\\frac{x^n}{n}$ converge at $x=-1$?"
CLOSED = "Is the set $\\{1/n: n\\in\\mathbb{N}\\}$ closed in $\\mathbb{R}$?"
CUBE = "函数 $f(x)=x^3$（$\\mathbb{R}\\to\\mathbb{R}$）是否为双射？"
PAIRS = "Find all integer pairs $(x,y)$ with $x^2-y^2=5$."
ROOTS = "Find the sum of all real roots of $x^4-5x^2+4=0$."
RANGE = "Find the range of $f(x)=\\frac{x^2+1}{x}$ for $x>0$."


@pytest.mark.parametrize("text, stance", [
    ("$f$ is injective, not surjective (and therefore not bijective).", (True, False)),
    ("bijective", (True, True)),
    ("It is a bijection.", (True, True)),
    ("none of these", (False, False)),
    ("not bijective", None),  # which of the two fails is unsaid
])
def test_a_stance_with_bijective_offered(text, stance):
    assert offered_stance(text, BIJECTIVE) == stance


@pytest.mark.parametrize("reply, answer, question, status", [
    ("**Conclusion:** $f$ is injective, not surjective (and therefore not bijective).", "Injective but not surjective",
     BIJECTIVE, "correct"),
    ("**Conclusion:** $f$ is injective, not surjective (and therefore not bijective).", "Bijective", BIJECTIVE, "wrong"),
    ("Two inputs share an output.\n\n**Answer: $f$ is surjective but not injective.**", "No", INJECTIVE, "correct"),
    ("Two inputs share an output.\n\n**Answer: $f$ is surjective but not injective.**", "Yes", INJECTIVE, "wrong"),
    ("因此不可能被 9 整除。\n\n**结论：不存在这样的正整数 $n$。**", "不存在", NINE, "correct"),
    ("Take $a_n=(-1)^n/\\sqrt n$.\n\nSo the statement is false in general (it's only true under the extra hypothesis "
     "$a_n\\ge 0$).", "False", SQUARES, "correct"),
    ("Square the recursion:\n$$a_{n+1}^2>a_n^2+2.$$\nSo the sequence is unbounded (in fact $a_n\\sim\\sqrt{2n}$).", "No",
     BOUNDED, "correct"),
    ("At $x=1$ it diverges.\n\nSo at $x=-1$ the series converges.", "Yes", POWER, "correct"),
    ("At $x=-1$ it converges.\n\nSo at $x=1$ the series converges.", "Yes", POWER, "wrong"),  # another place
    ("$0$ is a limit point not in the set, so this set is not closed. (Adding $0$ gives $\\{0\\}\\cup\\{1/n\\}$, which "
     "is closed and even compact.)", "No", CLOSED, "correct"),
    ("既是单射又是满射，所以 $f$ 是双射，其反函数为 $f^{-1}(y)=\\sqrt[3]{y}$。", "是", CUBE, "correct"),
    ("所以 $f$ 不是双射。", "是", CUBE, "wrong"),
    ("So $(x,y)=(\\pm3,\\pm2)$ with all four sign combinations.", "(3,2), (3,-2), (-3,2), (-3,-2)", PAIRS, "correct"),
    ("So $(x,y)=(\\pm3,\\pm2)$.", "(3,2), (3,-2), (-3,2), (-3,-2)", PAIRS, "wrong"),  # the signs tied or not: unsaid
    ("Substituting $u=x^2$, the real roots are $\\pm1$ and $\\pm2$. They cancel in pairs, so the real roots sum to "
     "zero.", "0", ROOTS, "correct"),
    ("Substituting $u=x^2$, the real roots are $\\pm1$ and $\\pm2$. So their product is not zero.", "0", ROOTS, "wrong"),
    ("By AM–GM $f(x)\\ge2$.\n\nRange $=\\{y\\in\\mathbb{R}: y\\ge2\\}$.", "[2, \\infty)", RANGE, "correct"),
    ("$k_B T \\approx 0.0259$ eV (the familiar \"1/40 eV\").", "25.9", None, "correct"),
    ("If $A$ were invertible then $B=0$.\n\n**Answer: $B$ is not invertible.**", "No",
     "Let $A$ and $B$ be $n\\times n$ real matrices with $AB=0$ and $B\\neq 0$. Is $A$ invertible?", "wrong"),  # B, not A
    ("Two inputs share an output.\n\n**Answer: $f$ appears to be not injective.**", "No", INJECTIVE, "wrong"),
    ("So $(x,y)=(\\pm3,\\pm2)$ with all sign combinations except $(-3,-2)$.", "(3,2), (3,-2), (-3,2), (-3,-2)", PAIRS,
     "wrong"),
    ("Substituting $u=x^2$, the real roots are $\\pm1$ and $\\pm2$, so the number of positive roots is two.", "0", ROOTS,
     "wrong"),  # a count the question does not ask
])
def test_round_32_readings(reply, answer, question, status):
    extra = {"unit": "meV"} if "k_B T" in reply else {}
    assert _verdict(reply, answer, question, **extra) == status


@pytest.mark.parametrize("case", _attack("attack_round32_maths.jsonl"), ids=lambda case: case["id"])
def test_the_maths_attack_reads_as_labelled(case):
    extra = {k: str(case[k]) for k in ("unit", "error") if case.get(k)}
    assert _verdict(case["prediction"], case["answer"], case.get("question"), **extra) == case["label"], case["why"]


SALT = {"A": "KCl", "B": "CaCl$_2$", "C": "NaOH", "D": "NaCl", "E": "Na$_2$CO$_3$", "F": "HCl"}
CURVES = {"A": "$y=x^2$", "B": "$y=\\ln x$", "C": "$y=\\frac1x$", "D": "$y=e^x$"}


@pytest.mark.parametrize("reply, options, letter", [
    ("Table salt is sodium chloride. Looking at the list, that's option number four.", SALT, "D"),
    ("可能是 A，也可能是 C，需要更多信息才能确定。", CURVES, None),
])
def test_round_32_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter
