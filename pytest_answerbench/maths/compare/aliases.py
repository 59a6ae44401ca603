"""One quantity written two ways: the prediction's symbols renamed to the gold's where a grader would read them as
the same quantity and nothing else in either answer could be meant (the grading conventions, physics answers).

A prediction symbol the gold does not write is renamed to a gold symbol the prediction does not write when:

* they are **conventional spellings of one constant**: Boltzmann's ``k_B`` (``k_{B}``, ``k_b``) and ``k``;
* they are **one Greek letter's two shapes**: ``\\varepsilon`` and ``\\epsilon``, ``\\varphi`` and ``\\phi``,
  ``\\vartheta`` and ``\\theta``, ``\\varrho`` and ``\\rho``;
* they differ only in the **case of their letter** (``P`` and ``p``, ``v_2`` and ``V_2``) and neither answer, nor
  the row's question when it is known (its math spans), uses that letter in both cases (``P`` for pressure beside
  ``p`` for momentum are two quantities).

One substitution is made the same way: the **speed as a fraction of light's**, ``\\beta``, is ``v/c`` where one answer
writes ``\\beta`` and no ``v`` and the other writes ``v`` and ``c`` and no ``\\beta`` (relativity's convention), when the
row's question, about light or relativity, writes a speed ``v`` and no beta of its own.

Each rename must be the only candidate; a symbol both answers write is never renamed. Trees only: the parsed SymPy
expressions, never text.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Iterator

from ...text.patterns import lazy_compile

__all__ = ["aligned", "asked_question", "question_context", "written_beside"]

#: the letters the row's question writes in its math spans (set by :func:`question_context` for one comparison)
_QUESTION_LETTERS: ContextVar[frozenset[str]] = ContextVar("question_letters", default=frozenset())
#: the letters of the question's math spans alone (not widened by :func:`written_beside`)
_QUESTION_SPAN_LETTERS: ContextVar[frozenset[str]] = ContextVar("question_span_letters", default=frozenset())
#: the row's question itself, for the text readings that need what it asks (reset after each comparison)
_QUESTION: ContextVar[str | None] = ContextVar("question", default=None)


def asked_question() -> str | None:
    """The question of the comparison under way (inside :func:`question_context`), or None."""
    return _QUESTION.get()


@contextmanager
def question_context(question: str | None) -> Iterator[None]:
    """For the comparisons inside: the letters the question writes as symbols (in ``$...$`` and the like), so a
    letter the question writes in both cases is never read case-blind."""
    if not question:
        yield
        return
    from ..extract import math_spans

    spans = " ".join(math_spans(question))
    letters = frozenset(re.findall(r"(?<![A-Za-z\\])[A-Za-z](?![A-Za-z])", re.sub(r"\\[a-zA-Z]+", " ", spans)))
    token, asked = _QUESTION_LETTERS.set(letters), _QUESTION.set(question)
    own = _QUESTION_SPAN_LETTERS.set(letters)
    try:
        yield
    finally:
        _QUESTION_SPAN_LETTERS.reset(own)
        _QUESTION.reset(asked)
        _QUESTION_LETTERS.reset(token)

@contextmanager
def written_beside(text: str) -> Iterator[None]:
    """For the comparisons inside: the letters ``text`` writes count as written by the question too (a gold's label,
    ``M`` of ``M = 2\\sqrt{2}m``, whose value side alone is compared: ``M`` and ``m`` are two quantities there)."""
    letters = frozenset(re.findall(r"(?<![A-Za-z\\])[A-Za-z](?![A-Za-z])", re.sub(r"\\[a-zA-Z]+", " ", text)))
    token = _QUESTION_LETTERS.set(_QUESTION_LETTERS.get() | letters)
    try:
        yield
    finally:
        _QUESTION_LETTERS.reset(token)


#: spellings of one quantity, each mapped to one key
_SPELLINGS = {
    "k_{B}": "k", "k_{b}": "k", "k": "k",
    "varepsilon": "epsilon", "epsilon": "epsilon", "varphi": "phi", "phi": "phi", "vartheta": "theta",
    "theta": "theta", "varrho": "rho", "rho": "rho",
}


def _spelling(name: str) -> str | None:
    """The key of a conventional spelling, subscripts kept for the Greek shapes (``varepsilon_{0}``)."""
    if name in _SPELLINGS:
        return _SPELLINGS[name]
    head, sep, rest = name.partition("_")
    if sep and head.startswith("var") and head in _SPELLINGS:
        return _SPELLINGS[head] + sep + rest
    if sep and head in _SPELLINGS and head != "k":
        return _SPELLINGS[head] + sep + rest
    return None


def _letter(name: str) -> str | None:
    """The one ASCII letter a symbol is named by (``v`` of ``v_{2}`` and ``x'``), or None (``\\omega``, ``ab``)."""
    if name and name[0].isascii() and name[0].isalpha() and (len(name) == 1 or name[1] in "_'"):
        return name[0]
    return None


def _candidates(name: str, gold_only: set[str], gold_letters: set[str], pred_letters: set[str]) -> list[str]:
    found = []
    key = _spelling(name)
    if key is not None:
        found += [g for g in gold_only if _spelling(g) == key]
    letter = _letter(name)
    if letter is not None and letter.swapcase() != letter:
        other = letter.swapcase() + name[1:]
        # no case pair in either answer: the gold never writes this case, the prediction never the other
        asked = _QUESTION_LETTERS.get()
        if other in gold_only and letter not in gold_letters and other[0] not in pred_letters and \
                not (letter in asked and other[0] in asked):
            found.append(other)
    return found


#: a question about light or relativity, where c is the speed of light
_RELATIVITY = lazy_compile(r"(?i)\b(?:light|relativ\w*|electromagnetic|photons?|lorentz|doppler|lab(?:oratory)? frame)\b")


def _speed_fraction(expr: Any, own: dict[str, Any], other: dict[str, Any]) -> Any:
    """``expr`` with ``\\beta`` read as ``v/c`` when it writes beta and no v, the other answer v and c and no beta,
    and the row's question, about light or relativity, writes a speed ``v`` and no beta (without a question, or with
    a beta of its own, an angle or a coefficient, nothing is read so)."""
    if "beta" not in own or "v" in own or "beta" in other or not {"v", "c"} <= other.keys():
        return expr
    question = _QUESTION.get()
    if not question or re.search(r"\\beta|β|\bbeta\b", question, re.I) or "v" not in _QUESTION_SPAN_LETTERS.get() \
            or not _RELATIVITY.search(question):
        return expr
    return expr.xreplace({own["beta"]: other["v"] / other["c"]})


def aligned(ge: Any, pe: Any) -> tuple[Any, Any]:
    """``(gold, prediction)`` with the prediction's symbols renamed to the gold's where the rules above allow;
    unchanged when both write the same symbols or no rule applies."""
    gold = {s.name: s for s in ge.free_symbols}
    pred = {s.name: s for s in pe.free_symbols}
    if gold.keys() == pred.keys():
        return ge, pe
    if "beta" in gold or "beta" in pred:
        ge, pe = _speed_fraction(ge, gold, pred), _speed_fraction(pe, pred, gold)
        gold = {s.name: s for s in ge.free_symbols}
        pred = {s.name: s for s in pe.free_symbols}
    gold_only, pred_only = set(gold) - set(pred), set(pred) - set(gold)
    if not (gold_only and pred_only):
        return ge, pe
    gold_letters = {x for x in map(_letter, gold) if x}
    pred_letters = {x for x in map(_letter, pred) if x}
    rename: dict[Any, Any] = {}
    taken: set[str] = set()
    for name in sorted(pred_only):
        found = _candidates(name, gold_only, gold_letters, pred_letters)
        if len(found) == 1 and found[0] not in taken:
            taken.add(found[0])
            rename[pred[name]] = gold[found[0]]
    return (ge, pe.xreplace(rename)) if rename else (ge, pe)
