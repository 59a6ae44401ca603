"""IMO-AnswerBench, default profile: extract the committed answer, then compare with the math engine.

Differences from upstream (listed with tests in ``docs/profiles-math.md``): a full response is reduced to its
final answer (``maths.final_answer``'s priority table: a JSON answer field, a box or an answer line, the closing
sentence; the verdict's method names the comparison and the rule, ``symbolic@answer-line``) while a bare short
answer is used as is; thousands
separators are numbers, not two-element sets; comparison goes through :func:`pytest_answerbench.maths.
equivalent` for every pair (no "math-like" gate, so spacing in equations, intervals and sets does not matter);
decimals are exact (``0.1+0.2`` is 0.3); numeric mismatches are not final when a structured reading exists.
"""

from __future__ import annotations

import re

from ... import maths
from ...maths.described import described_by_closing
from ...maths.named import named_in_closing
from ...maths.naming import answered_in_words
from ...maths.shifted import shift_of_stated
from ...maths.options import read_options
from ...text.patterns import lazy_compile
from ...verdict import ScoreContext, Verdict

__all__ = ["answer_of", "score_default"]

# A word of three letters or more with a vowel (not a LaTeX command).
_PROSE = lazy_compile(r"(?<![\\A-Za-z])(?=[A-Za-z]*[aeiouyAEIOUY])[A-Za-z]{3,}")
_COPULA = lazy_compile(r"(?i)\b(?:is|are|equals|was|were)\b")
# a Chinese conclusion stating a value ("所以角 C 为60度。"): a sentence, as its English counterpart is
_CJK_SENTENCE = lazy_compile(r"(?:所以|因此|因而|故|从而|综上|于是)[^。\n]*?(?:为|是|等于)")
# the locating rules whose finding is taken even in a short one-line reply (a prose reading is not)
_COMMITTED = ("json-field", "json-reasoning", "boxed", "answer-line")


def _sentence(text: str) -> bool:
    """Three words or more, two words and a verb ("The result is 1,000."), or a Chinese conclusion with its copula
    ("所以 x 为3。"): a sentence stating an answer."""
    words = len(_PROSE.findall(text))
    return words >= 3 or words >= 2 and bool(_COPULA.search(text)) or not text.isascii() and bool(
        _CJK_SENTENCE.search(text))


def answer_of(prediction: str, multiple: bool = False, question: str | None = None) -> tuple[str, str]:
    """The answer a prediction commits to -> (answer, how). Short bare answers are taken whole.

    ``multiple``: the gold has several answers, so a closing line listing several values states all of them.
    """
    text = prediction.strip()
    found = maths.final_answer(text, multiple=multiple, question=question)
    if found is not None and found.method in _COMMITTED:
        return found.text, found.method  # '{"result": 18}', "#### 18", "A: 18": a located answer, not the text
    has_box = bool(maths.boxed_all(text))
    if not has_box and "\n" not in text and len(text) <= 200 and not re.search(
            r"(?i)\banswer\b|答案", text) and not maths.math_spans(text) and not _sentence(text):
        return text, "as-given"  # a bare short answer ("x = 3", "All odd n"), not a sentence stating one
    if found is None:
        return text, "as-given"
    return found.text, found.method


def score_default(prediction: str, gold: str, ctx: ScoreContext, question: str | None = None) -> Verdict:
    """Default-profile verdict for one non-empty prediction against the Short Answer; ``question`` (the row's
    ``Problem``) lets a letter of the options it lists name that option, as in the olympiad scorer."""
    if not prediction.strip():
        return Verdict.graded(False, method="missing", gold=gold, detail="the prediction is blank")
    # LaTeX a JSON writer broke ("\text" stored as a tab and "ext") is read as written
    prediction, gold = maths.escapes_restored(prediction), maths.escapes_restored(gold)
    gold_text = maths.clean(gold).text
    # several answers, or one tuple: a closing line stating several values ("$a=2$, $b=3$, $c=4$") states them all
    # a gold of several math spans ("(1) $\\frac{\\pi}{6}$ (2) $12$") holds several answers, as olympiad reads its own
    multiple = len(maths.split_answers(gold_text)) > 1 or maths.written_as_tuple(gold_text) or \
        len(maths.math_spans(gold)) >= 2
    question = maths.without_answer_instruction(question)  # ("Is ...? Answer Yes or No.": the question asked)
    closing = maths.before_new_question(prediction, question, multiple)
    named = answered_in_words(closing, gold, question)
    if named is not None:
        # "... proved by **Andrew Wiles**, ... published in 1995" to "Who proved ...?": the name committed to; "...,
        # the rationals are **countable**." to "... countable or uncountable?": the alternative set in bold
        return maths.verdict(named[0], "named-answer", extracted=named[1], gold=gold,
                             detail="the reply names its answer to a question asking a name or offering two")
    answer, how = answer_of(prediction, multiple=multiple, question=question)
    answer, gold = read_options(answer, gold, question)
    ok, method = maths.equivalent(gold, answer, question=question)
    if not ok and described_by_closing(closing, gold,
                                       None if how == "as-given" else answer, question, how):
        ok, method = True, "described-closing"  # "the triangle is right-angled at $C$" states the gold's shape
    if not ok and how == "prose" and named_in_closing(closing, gold,
                                                      lambda g, p: maths.equivalent(g, p, question=question)[0], question):
        ok, method = True, "named-closing"  # "Common ratio $r=3$, first term $a_1=2$." for "a_1=2,\ r=3"
    if not ok and shift_of_stated(prediction, gold, answer, question, lambda g, p: maths.equivalent(g, p, question=question)[0]):
        ok, method = True, "shift-asked"  # the shift asked; the gold adds the unperturbed value the reply names
    return maths.verdict(ok, maths.located(method, how), extracted=answer, gold=gold, detail=f"answer taken {how}")
