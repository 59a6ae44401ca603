"""Two readings of option letters left open after the sixth round (docs/profiles-mc.md, "Said wrong, asked on"),
each a principle read by ``infer_choice`` and so by the default profile of every multiple-choice benchmark:

* an option said wrong in Chinese with an adverb between the letter and the verdict ("D 也不对", "C 同样错误",
  "B 显然不正确": also, likewise, clearly) is ruled out, as "D 不对" was; a reply ruling out every option but one then
  reads that one by elimination, as its English form "A is wrong, C is wrong, and D is also wrong." did (it read D);
* a question that goes on with another option after a question about an option ("Is the answer B? Or C?") asks
  about both and answers neither (it read C); "B? Or C?" offers both (a hedge, as before), and an alternative stated,
  not asked ("Is it B? Or maybe C."), or asked after a statement ("Not sure. Or C?") keeps its reading.
"""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.choice import infer_choice

NUMS = dict(zip("ABCD", ("1", "2", "3", "4")))

CASES = [
    # an option said wrong with an adverb
    ("D 也不对。", None),
    ("A 不对，C 不对，D 也不对。经检验，A、C、D 均不正确。", "B"),
    ("A 不对，C 不对，D 也不对。", "B"),
    ("C 同样错误，所以选 D。", "D"),
    ("D 显然不对。", None),
    ("B 明显不正确，A、C 也是错误的，故选 D。", "D"),
    # near misses: the adverb with a verdict for the option, or a choice after it
    ("D 也是对的。", "D"),
    ("D 也正确。", "D"),
    ("选D。A也不对。", "D"),
    ("A 不对，D 也不对，所以答案是 B。", "B"),
    # a question going on with another option
    ("Is the answer B? Or C?", None),
    ("Could it be B? Or D?", None),
    ("Is it B? Or C? I pick C.", "C"),
    ("Is it B? Or C? C.", "C"),
    # near misses: offered without a question about an option, stated, or answered
    ("B? Or C?", None),
    ("Not sure. Or C?", "C"),
    ("Is it B? Or maybe C.", "C"),
    ("C. Or is it?", "C"),
]


@pytest.mark.parametrize("reply, expect", CASES)
def test_a_round7_reading(reply, expect):
    assert infer_choice(reply, NUMS).letter == expect


@pytest.mark.parametrize("name", ["vmcbench_dev", "livexiv"])
@pytest.mark.parametrize("reply", ["A 不对，C 不对，D 也不对。", "Is the answer B? Or C?"])
def test_the_default_verdicts_follow(name, reply):
    row = {"index": "1", "question": "Which number?", "answer": "D" if "D" in reply else "C", "category": "x", **NUMS,
           "prediction": reply}
    assert score_row(name, row, profile="default", timeout=10).status == "wrong"
