"""Round 27 of the readers (docs/profiles-math.md, "Round 27"), written from round 27's blind probes
(tests/data/probes_round27.jsonl) after they were scored once as the held-out measure of round 26, then narrowed after
two helpers' attacks. The attacks' replies that the reader before this round or the first version got wrong, read as
labelled now, are tests/data/attack_round27_maths.jsonl: among them the replies a generic reading of the closing
verdict, tried in this round and dropped, accepted wrongly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_maths_round22 import _verdict

BOHR = "What is the Bohr radius, the radius of the ground-state orbit of hydrogen in the Bohr model?"
SERIES = "Does the series $\\sum_{n=2}^{\\infty}\\frac{1}{n\\ln n}$ converge or diverge?"
ALTERNATING = "Does the series $\\sum_{n=1}^{\\infty}\\frac{(-1)^n}{n}$ converge or diverge?"
RATIONALS = "有理数集 $\\mathbb{Q}$ 是可数集还是不可数集？"


@pytest.mark.parametrize("reply, answer, question, status", [
    ("$$a_0 \\approx 5.29\\times10^{-11}\\ \\text{m}.$$\n\n**Answer: $a_0 = 5.29\\times10^{-11}$ m**", "0.529 Å", BOHR,
     "correct"),
    ("**Answer: $a_0 = 5.29\\times10^{-11}$ cm**", "0.529 Å", BOHR, "wrong"),  # the unit is read, not left out
    ("Since the integral is infinite, the series fails to converge: its partial sums grow without bound.", "Diverges",
     SERIES, "correct"),
    ("The series fails to converge absolutely, but it converges by the alternating series test.", "Diverges",
     ALTERNATING, "wrong"),
    ("所以 $\\mathbb{Q}$ 与 $\\mathbb{N}$ 之间存在双射，$\\mathbb{Q}$ 是可数的。\n\n（对比：由康托尔对角线法，实数集 $\\mathbb{R}$ 是不可数集。）",
     "可数集", RATIONALS, "correct"),
    ("所以 $\\mathbb{Q}$ 是可数的。\n\n（对比：上面的排列漏掉了负数，所以 $\\mathbb{Q}$ 是不可数集。）", "可数集", RATIONALS, "wrong"),
])
def test_round_27_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


COMPACT = "Is the set $K=\\{0\\}\\cup\\{1/n : n\\in\\mathbb{N}\\}$ compact in $\\mathbb{R}$?"
LOCUS = "平面上到两个定点的距离之和等于常数（且该常数大于两定点间的距离）的点的轨迹是什么曲线？"
SINE = "Is the sequence $a_n=\\sin n$ ($n=1,2,3,\\dots$) bounded?"
EULER = "Is there a positive integer $n$ for which $n^2+n+41$ is composite?"
HEINE_BOREL = "By Heine–Borel, a closed and bounded subset of $\\mathbb{R}$ is compact, so $K$ is compact.\n\n"


@pytest.mark.parametrize("reply, answer, question, status", [
    (HEINE_BOREL + "Note that without the point $0$ the set would not be closed, hence not compact.", "Yes", COMPACT,
     "correct"),
    (HEINE_BOREL + "Note that without the point $0$, as is the case here, the set would not be closed, hence not "
     "compact.", "Yes", COMPACT, "wrong"),
    ("So $K$ is compact.\n\nNote that $K$ has an open cover with no finite subcover.", "Yes", COMPACT, "wrong"),
    ("这正是椭圆的定义。轨迹是椭圆。\n\n补充：若常数等于 $|F_1F_2|$，轨迹是线段 $F_1F_2$。", "椭圆", LOCUS, "correct"),
    ("这正是椭圆的定义。轨迹是椭圆。\n\n补充：若常数等于 $|F_1F_2|$，轨迹是线段，本题正是这种情况。", "椭圆", LOCUS, "wrong"),
    ("So $(\\sin n)$ is bounded, though divergent.", "Yes", SINE, "correct"),
    ("So $(\\cos n)$ is bounded, though divergent.", "Yes", SINE, "wrong"),  # another sequence
    ("At $n=40$ it is $41^2$.\n\nSo such an $n$ does exist; the smallest is $n=40$.", "Yes", EULER, "correct"),
    ("So no such $n$ exists; the smallest candidate is $n=40$.", "Yes", EULER, "wrong"),
])
def test_closing_notes_and_clauses(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


def _attack(name: str) -> list[dict]:
    path = Path(__file__).parent.parent / "data" / name
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("case", _attack("attack_round27_maths.jsonl"), ids=lambda case: case["id"])
def test_the_maths_attack_reads_as_labelled(case):
    extra = {k: str(case[k]) for k in ("unit", "error") if case.get(k)}
    assert _verdict(case["prediction"], case["answer"], case.get("question"), **extra) == case["label"], case["why"]
