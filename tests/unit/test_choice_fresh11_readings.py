"""Readings from trace_choice's eleventh and twelfth fresh splits' misses, read after each split was scored once
(docs/profiles-mc.md, "Eleventh fresh split's misses read"): each with the reply shape it was read from and near
misses that keep the other reading."""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.choice import infer_choice

PLAIN = {k: f"option {k}" for k in "ABCD"}
LETTERS = {k: k for k in "ABCD"}
WATER = {"A": "The water level would not change,", "B": "It will lower by 1.5 cubic metres of water,",
         "C": "It will rise by 1.5 cubic metres of water,", "D": "It will lower by 3 cubic metres of water,",
         "E": "It will rise by 3 cubic metres of water"}
POUNDS = {"A": "£75 million", "B": "£85 million", "C": "£95 million", "D": "£105 million", "E": "£110 million"}
WORKED = ("The electron stops at the plate.\n\n$$d = 0.4426 \\times 10^{-3} \\text{ m} = 0.44 \\text{ mm}$$\n\n"
          "FINAL ANSWER: C")

CASES = [
    # a missing figure noted, then the reply says it can do without it: no refusal (tc-1378)
    (PLAIN, "PROMPT ANALYSIS: The prompt references a figure but no figure is provided. However, the problem is "
            "self-contained and clearly describes the scenario.\n\n" + WORKED, "C"),
    (PLAIN, "No figure is provided, but the question can still be answered from the text: C", "C"),
    # near misses: the missing input, then no such statement; the writer unable to see it: refusals
    (PLAIN, "No image is provided. However, based on typical charts, the answer is B.", None),
    (PLAIN, "No image was provided, so I cannot answer. (A)", None),
    (PLAIN, "I cannot see the image. However, the problem is self-contained. Answer: C", None),
    # a line closing on "WRONG" before the final answer line says nothing of it (tc-1416)
    (PLAIN, "- C: Wrong formula structure - WRONG\n- D: Wrong formula - WRONG\n\nFINAL ANSWER: B", "B"),
    # near misses: the answer word qualified as wrong on its own line
    (PLAIN, "Incorrect choice: (B)\nCorrect choice: (C)", "C"),
    (PLAIN, "A wrong answer would be C. The answer is B.", "B"),
    # two labelled options in one answer statement, each with a long text of its own (tc-1511)
    (PLAIN, "Therefore, the answer is (A) -0.80 x 10^12 $ - 2.11 x 10^12 $ for Country 1 and (B) -2.11 x 10^12 $ "
            "- 0.25 x 10^12 $ for Country 5.", None),
    (PLAIN, "The answer is (A) -0.80 x 10^12 $ - 2.11 x 10^12 $ for Country 1 because (B) is wrong.", "A"),
    # several options' labels and nothing else, after a list number or not (tc-1552)
    (LETTERS, "1) (B) (C) (D)", None),
    (PLAIN, "(B) (D)", None),
    (PLAIN, "1) (B)", "B"),
    (PLAIN, "(B) (B)", "B"),
    # an option "It will ..." stated by its verb phrase alone (tc-1553)
    (WATER, "1. lower by 1.5 cubic metres of water", "B"),
    (WATER, "It will not lower by 1.5 cubic metres of water.", None),
    # an amount without its currency sign, as "760k" for "$760k" (the twelfth fresh split's one miss, tc-1680)
    (POUNDS, "105 million", "D"),
    (POUNDS, "The answer is 105 million.", "D"),
    (POUNDS, "1050 million", None),
]


@pytest.mark.parametrize("options, reply, letter", CASES)
def test_fresh11_readings(options, reply, letter):
    assert infer_choice(reply, options).letter == letter


@pytest.mark.parametrize("options, reply, letter", [c for c in CASES if c[0] is PLAIN])
@pytest.mark.parametrize("benchmark", ["vmcbench_dev", "livexiv"])
def test_fresh11_readings_decide_the_default_verdicts(benchmark, options, reply, letter):
    for gold in "ABCD":
        row = {"question": "Which option?", "prediction": reply, "answer": gold, "category": "x", "index": "1",
               **options}
        verdict = score_row(benchmark, row, timeout=None)
        assert verdict.status == ("correct" if gold == letter else "wrong"), (gold, verdict)
