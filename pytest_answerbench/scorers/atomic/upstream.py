"""atomic_dataset, upstream profile: open-compass VLMEvalKit HEAD (``Physics_yale`` / ``PHYSIC_auxeval``) and,
with ``variant: dcvlr``, the DCVLR fork, verdict for verdict.

* Extraction: ``extract_final_answer_allform`` (:func:`extract_boxed`): every boxed answer, nested boxes read
  lazily as the reference does.
* SymPy: VLMEvalKit ``physics_eval_utils.is_equiv``'s SymPy part (:func:`upstream_equal`): the reference's LaTeX
  preprocessing (subscripts erased, ``\\left``/``\\right`` dropped, ``\\cdot`` -> ``*``, only the text after the
  last ``\\implies`` and the last ``=``), ``parse_latex``, ``simplify(expand(trigsimp(e)))`` per side (10 s),
  then ``simplify(e1 - e2) == 0 or e1.equals(e2)`` (30 s). Any failure means "not proven" and the judge decides.
* Judge replies: yes when ``"true"`` occurs anywhere (:func:`read_reply_upstream`).
* Pipelines: :func:`score_upstream` (VLMEvalKit: the fraction of distinct boxed answers found correct) and
  :func:`score_dcvlr` (the fork: one gold, string equality, then the judge for every other answer, because the
  fork's SymPy path never succeeds).
"""

from __future__ import annotations

import re
from typing import Any

from ...maths.guard import UPSTREAM_NODES, StepTimeout, TooComplex, check_tree, step_limit
from ...maths.parse import ParseFailure, parse_latex_raw
from ...text.patterns import lazy_compile
from ...verdict import Verdict
from ._shared import Ask, golds_of, memo

__all__ = ["extract_boxed", "preprocess", "read_reply_upstream", "score_dcvlr", "score_upstream", "upstream_equal"]

STANDARDIZE_SECONDS = 10.0  # the reference's limit for each side's standardisation
EQUAL_SECONDS = 30.0  # and for the comparison

# -- extraction as the reference does it -------------------------------------------------------------------

# Braces balanced two levels deep, a third level matched lazily; the second alternative accepts the literal
# text "\\[boxed{...}\\]".
_BODY = r"((?:[^{}]|{(?:[^{}]|{.*?})*})*)"
_ALL_BOXES = lazy_compile(r"\\boxed{" + _BODY + r"}|\\\\\[boxed{" + _BODY + r"}\\\\\]", re.DOTALL)
_INNER_BOX = lazy_compile(r"\\boxed{(.*?)}|\\\\\[boxed{(.*?)}\\\\\]")


def extract_boxed(response: str) -> list[str]:
    """The reference's ``extract_final_answer_allform``: every non-empty boxed answer in order, stripped; a
    box holding another box gives the inner box's text (matched lazily, as the reference does)."""
    out = []
    for groups in _ALL_BOXES.findall(response):
        for body in groups:
            body = body.strip()
            if body:
                inner = _INNER_BOX.search(body)
                if inner:
                    body = next(g for g in inner.groups() if g is not None).strip()
                out.append(body)
    return out


def read_reply_upstream(reply: str) -> bool:
    """The reference: a non-empty reply containing ``true`` anywhere (so ``"Not true."`` is true)."""
    return bool(reply) and "true" in reply.lower()


# -- the reference's SymPy step ------------------------------------------------------------------------------


def preprocess(expr: str) -> str:
    """The reference's ``_preprocess_latex`` followed by ``_extract_core_eq``."""
    expr = re.sub(r"_\{.*?\}", "", expr)
    expr = re.sub(r"_\\?\w", "", expr)
    expr = expr.replace("\\left", "").replace("\\right", "").replace("\\cdot", "*")
    if "\\implies" in expr:
        expr = expr.split("\\implies")[-1]
    if "=" in expr:
        expr = expr.split("=")[-1]
    return expr.strip()


def upstream_equal(pred: str, gold: str) -> bool:
    """True when the reference's SymPy path proves ``pred`` equal to ``gold``; False means "not proven"."""
    return memo("upstream", pred, gold, lambda: _upstream_equal(pred, gold))


def _standardize(expr: Any) -> Any:
    import sympy

    with step_limit(STANDARDIZE_SECONDS):
        return sympy.simplify(sympy.expand(sympy.trigsimp(expr)))


def _upstream_equal(pred: str, gold: str) -> bool:
    import sympy

    try:
        p1, p2 = parse_latex_raw(preprocess(pred)), parse_latex_raw(preprocess(gold))
        # Runaway values (10^{10^{10}}, 99999!) would spin until the step limits and end "not proven":
        # refuse them up front with the same result, as the OlympiadBench / IMO upstream profiles do.
        check_tree(p1, max_nodes=UPSTREAM_NODES)
        check_tree(p2, max_nodes=UPSTREAM_NODES)
        e1 = _standardize(p1)
        e2 = _standardize(p2)
        with step_limit(EQUAL_SECONDS):
            return bool(sympy.simplify(e1 - e2) == 0 or e1.equals(e2))
    except (ParseFailure, StepTimeout, TooComplex):
        return False
    except Exception:  # noqa: BLE001 - the reference's handler turns every SymPy failure into "unknown"
        return False


# -- the two pipelines ---------------------------------------------------------------------------------------


def score_upstream(prediction: Any, answer: Any, ask: Ask) -> Verdict:
    """VLMEvalKit: each distinct boxed answer against every gold, SymPy first unless either holds ``\\text``."""
    golds = golds_of(answer)
    if golds is None:
        return Verdict.error(f"answer cell {answer!r} cannot be read as the reference reads it (toliststr)",
                             method="bad-gold")
    if not isinstance(prediction, str) or not prediction:
        return Verdict.graded(False, method="empty-prediction", gold=str(answer))
    preds = list(dict.fromkeys(p.strip() for p in extract_boxed(prediction)))
    if not preds:
        return Verdict.graded(False, method="no-box", gold=str(answer), extra={"boxed": []})
    right = []
    for pred in preds:
        for gold in golds:
            if "\\text" in pred or "\\text" in gold:
                ok = ask(pred, gold)
            else:
                ok = upstream_equal(pred, gold) or ask(pred, gold)
            if ok:
                right.append(pred)
                break
    return Verdict.partial(len(right) / len(preds), extracted=", ".join(preds), method="boxed-fraction",
                           gold=str(answer), extra={"boxed": preds, "correct_boxed": right})


def score_dcvlr(prediction: Any, answer: Any, ask: Ask) -> Verdict:
    """The DCVLR fork: one gold, no deduplication, string equality, else the judge for each boxed answer."""
    if not isinstance(answer, str):
        return Verdict.graded(False, method="bad-gold", detail="the fork's answer.strip() fails: counted false")
    gold = answer.strip()
    if not isinstance(prediction, str) or not prediction:
        return Verdict.graded(False, method="empty-prediction", gold=gold)
    preds = [p.strip() for p in extract_boxed(prediction)]
    if not preds:
        return Verdict.graded(False, method="no-box", gold=gold, extra={"boxed": []})
    extra = {"boxed": preds}
    if gold in preds:
        return Verdict.graded(True, extracted=gold, method="exact", gold=gold, extra=extra)
    for pred in preds:  # the fork's SymPy path always fails, so each answer goes to the judge
        if ask(pred, gold):
            return Verdict.graded(True, extracted=pred, method="judge", gold=gold, extra=extra)
    return Verdict.graded(False, extracted=", ".join(preds), method="judge", gold=gold, extra=extra)
