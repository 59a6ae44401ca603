"""atomic_dataset, default profile: the seed document's pipeline, with the references' plain bugs fixed.

The final boxed answer (else the last math span of the last line, :func:`final_boxed`), a direct string match,
then the shared math engine's equivalence (:func:`default_compare`: ``maths.equivalent`` with units,
``\\text{}``, percentages, tuples, equations..., answering equal, different or undecided), and the judge only
when the engine cannot decide, its reply read strictly (:func:`read_reply_strict`: exactly one of True/False).
An answer that addresses the grader (``judge/injection.py``) is decided without that text (method
``judge-injection``); the judge never sees it.
A gold cell the reference cannot read (a number, a ``[...]`` that is not a list literal) is one gold as written.
Binary score. Differences from upstream, with their tests: ``docs/profiles-judged.md``.
"""

from __future__ import annotations

import re
from typing import Any

from ... import maths
from ...maths.guard import StepTimeout, TooComplex, step_limit
from ...maths.parse import ParseFailure
from ...judge.injection import INJECTION_METHOD, addresses_grader, remove
from ...text.patterns import lazy_compile
from ...verdict import Verdict
from ._shared import Ask, golds_of, memo

__all__ = ["DIFFERENT", "EQUAL", "UNDECIDED", "default_compare", "final_boxed", "read_reply_strict", "score_default"]

DEFAULT_SECONDS = 10.0  # the default profile's limit for one maths.equivalent call

EQUAL, DIFFERENT, UNDECIDED = "equal", "different", "undecided"
# maths.equivalent methods that settle "different" (a number is not another number, a tuple of the wrong
# length is wrong...). "text", "symbolic", "unparsed ..." mismatches only mean "not shown equal".
_DECISIVE = ("numeric", "numeric-spot", "tuple", "tuple-mismatch", "count-mismatch", "interval", "equation",
             "ratio", "set-mismatch")


def final_boxed(prediction: str) -> str | None:
    """The default profile's answer: the last non-empty box (nested boxes unwrapped), else the last math span
    of the last non-empty line (the seed's fallback), else None."""
    boxes = [b[2].strip() for b in maths.boxed_all(prediction)]
    boxes = [b for b in boxes if b]
    if boxes:
        answer = boxes[-1]
        while True:
            inner = maths.boxed_all(answer)
            if not (len(inner) == 1 and inner[0][0] == 0 and inner[0][1] == len(answer)):
                return answer
            answer = inner[0][2].strip()
    lines = [ln for ln in prediction.strip().splitlines() if ln.strip()]
    spans = [s for s in maths.math_spans(lines[-1]) if s] if lines else []
    return spans[-1] if spans else None


_TRUTH_WORD = lazy_compile(r"\b(not\s+)?(true|false)\b", re.IGNORECASE)


def read_reply_strict(reply: str) -> bool | None:
    """The default profile: the words True / False (any case) all saying the same, a negated one saying the
    opposite (``"not true. False"`` is False); None when they disagree or there is none."""
    said = {(word.lower() == "true") != bool(negated) for negated, word in _TRUTH_WORD.findall(reply)}
    return said.pop() if len(said) == 1 else None


def default_compare(pred: str, gold: str) -> tuple[str, str]:
    """(``equal`` | ``different`` | ``undecided``, the math engine's method)."""
    return memo("default", pred, gold, lambda: _default_compare(pred, gold))


def _default_compare(pred: str, gold: str) -> tuple[str, str]:
    try:
        with step_limit(DEFAULT_SECONDS):
            ok, method = maths.equivalent(gold, pred)
    except (StepTimeout, TooComplex, ParseFailure, RecursionError):
        return UNDECIDED, "sympy-limit"
    if ok:
        return EQUAL, method
    if method in _DECISIVE or method.startswith("set:"):
        return DIFFERENT, method
    return UNDECIDED, method


def score_default(prediction: Any, answer: Any, ask: Ask) -> Verdict:
    """The final answer against every gold: exact, then the math engine, then the judge for undecided pairs."""
    golds = golds_of(answer)
    if golds is None:
        if isinstance(answer, (int, float)) and not isinstance(answer, bool) and answer == answer:
            golds = [str(answer)]
        elif isinstance(answer, str):
            golds = [answer]  # "[...]" that is not a list literal: one gold, as written
        else:
            return Verdict.error(f"answer cell is {type(answer).__name__}, not text", method="bad-gold")
    gold_text = " | ".join(golds)
    if not isinstance(prediction, str) or not prediction.strip():
        return Verdict.graded(False, method="empty-prediction", gold=gold_text)
    pred = final_boxed(prediction)
    if pred is None:
        return Verdict.graded(False, method="no-answer", gold=gold_text, detail="no \\boxed{} answer")
    injection = addresses_grader(pred)
    if injection is None:
        return _decide(pred, golds, gold_text, ask)
    # The answer speaks to the grader: it is read without that text, and never reaches the judge with it.
    cleaned = remove(pred)
    decided = (_decide(cleaned, golds, gold_text, ask) if cleaned else
               Verdict.graded(False, extracted=pred, method="nothing-left", gold=gold_text))
    return Verdict(decided.status, decided.score, decided.extracted, INJECTION_METHOD,
                   f"the answer addresses the grader ({injection}); decided without that text by {decided.method}",
                   gold_text, {**decided.extra, "injection": injection, "decided_by": decided.method})


def _decide(pred: str, golds: list[str], gold_text: str, ask: Ask) -> Verdict:
    """The final answer ``pred`` against the golds: exact, the math engine, then the judge for undecided pairs."""
    if any(pred == g.strip() for g in golds):
        return Verdict.graded(True, extracted=pred, method="exact", gold=gold_text)
    undecided = []
    for gold in golds:
        state, how = default_compare(pred, gold.strip())
        if state == EQUAL:
            return Verdict.graded(True, extracted=pred, method=f"sympy:{how}", gold=gold_text)
        if state == UNDECIDED:
            undecided.append(gold.strip())
    if not undecided:
        return Verdict.graded(False, extracted=pred, method="sympy", gold=gold_text)
    for gold in undecided:
        if ask(pred, gold):
            return Verdict.graded(True, extracted=pred, method="judge", gold=gold_text)
    return Verdict.graded(False, extracted=pred, method="judge", gold=gold_text)
