"""Answers that describe a set of integers by residues (the grading conventions, rule 10: text answers match in
meaning): "all odd positive integers" is "$n = 1, 3, 5, 7, \\ldots$"; "all $n$ not divisible by 4" is "$n \\equiv 1, 2,$
or $3 \\pmod 4$"; "no positive integer $n$" is "so this never happens".

:func:`residue_verdict` decides only when the question asks about integers and the gold describes such a set
(:func:`residue_set`: odd or even numbers, multiples of $k$ or numbers not divisible by $k$, residues modulo $k$, every
integer, none), and the reply's box, answer line or last sentence describing one describes exactly one, with nothing
turned or hedged after it. Two descriptions are the same set when they agree modulo the least common multiple of
their moduli. A progression "1, 3, 5, 7, ..." describes the positive integers of one residue class when it starts at
the class's least positive member. Nothing here evaluates text.
"""

from __future__ import annotations

import math
import re

from ..text.patterns import lazy_compile

__all__ = ["SEVERAL", "residue_set", "residue_verdict"]

#: a set of integers: (modulus, the residues in it); ``(1, {0})`` every integer, ``(1, set())`` none
Residues = tuple[int, frozenset[int]]
#: what :func:`residue_set` gives for a text describing two different sets, or one it cannot read
SEVERAL: Residues = (0, frozenset())

_MARKUP = lazy_compile(r"\*\*|\\text\s*\{([^{}]*)\}|\\(?:left|right|quad|,|;|!)|[{}$]")
# "n \equiv 1, 2, or 3 \pmod 4", "k ≡ 2 (mod 5)": a letter's residues
_CONGRUENT = lazy_compile(r"(?<![a-z^_\\+\-*/])(?<![+\-*/^] )[a-z]\s*(?P<not>\\not\s*|≢)?(?:\\equiv|≡)\s*"
                          r"(?P<residues>\d+(?:\s*,\s*\d+)*(?:\s*,?\s*(?:or|and)\s+\d+)?)"
                          r"\s*(?:\(\s*)?(?:\\pmod|\\bmod|\\mod|mod(?:ulo)?)\s*(?P<modulus>\d+)")
_NOT_DIVISIBLE = lazy_compile(r"\b(?:not|never)\s+(?:divisible\s+by|a\s+multiple\s+of|multiples\s+of)\s+(?P<k>\d+)")
_DIVISIBLE = lazy_compile(r"\b(?:divisible\s+by|(?:all\s+)?multiples?\s+of)\s+(?P<k>\d+)")
# "odd positive integers", "odd n", "n is odd", "n must be even": the parity of the integers asked about (not "$n^2+n$ is
# even", a parity of an expression in them)
_PARITY = lazy_compile(r"\b(?P<not>not\s+(?:an?\s+)?)?(?P<word>odd|even)\s+(?:positive\s+|natural\s+|values?\s+of\s+)?"
                       r"(?:integers?|numbers?|naturals?|[nkm])\b|(?<![a-z^_\\+\-*/])(?<![+\-*/^] )[nkm]\s+(?:is\s+|must\s+be\s+|"
                       r"be\s+|being\s+)?(?P<not2>not\s+)?(?P<word2>odd|even)\b")
# "1, 3, 5, 7, \ldots": a progression of three terms or more, then an ellipsis
_PROGRESSION = lazy_compile(r"(?<![\d.])(?P<terms>\d+(?:\s*,\s*\d+){2,5})\s*,\s*(?:\\ldots|\\dots|\\cdots|…|\.\.\.)")
_EVERY = lazy_compile(r"\b(?:all|every|each|any)\s+(?:positive\s+)?(?:integers?|natural\s+numbers?|n)\b(?!\s+(?:that|which|with|such|for|not|except|but))")
_NONE = lazy_compile(r"\b(?:never|none|no\s+(?:such\s+)?(?:positive\s+)?(?:integers?|natural\s+numbers?|n|values?|solutions?)|"
                     r"there\s+(?:is|are)\s+no)\b")
# a question about a set of integers
_ASKS_INTEGERS = lazy_compile(r"(?i)\b(?:for\s+which|find\s+all|which)\b[^?]{0,80}\b(?:integers?|natural\s+numbers?|[nkm])\b")
# what a sentence after the description may not do: turn, hedge, correct
_TURNS = lazy_compile(r"(?i)\b(?:wait|actually|however|but|mistak\w*|wrong|incorrect|correct\w*|instead|oops|perhaps|"
                      r"maybe|might|could|except|unless)\b")
# what keeps a sentence from describing the answer: a supposition, a hedge, a question
_UNFIRM = lazy_compile(r"(?i)\b(?:if|would|suppose|assume|whether|maybe|perhaps|might|either|or\s+maybe)\b|\?")
# a bound or an exception on the integers described
_BOUNDED = lazy_compile(r"[<>≤≥]|\\(?:ge|le|geq|leq|gt|lt|neq?|setminus)(?![a-z])|\b(?:except|other\s+than|apart\s+from|besides|"
                        r"greater|less|larger|smaller|at\s+least|at\s+most|between|exclud\w*|includ\w*|only|up\s+to|"
                        r"from|beyond|below|above)\b")
_BOXED = lazy_compile(r"\\boxed\s*\{((?:[^{}]|\{[^{}]*\})*)\}")
_ANSWER_LINE = lazy_compile(r"(?im)^[ \t>*#]*(?:final\s+answer|answer)\s*[:：]\s*(.+)$")
_SENTENCE_END = lazy_compile(r"(?<=[a-z0-9$)*.!?。])[.!?。！？]+(?:\s+|$)|\n+")


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", _MARKUP.sub(lambda m: m.group(1) or " ", text)).strip().lower()


def _complement(modulus: int, residues: frozenset[int]) -> Residues:
    return modulus, frozenset(range(modulus)) - residues


def residue_set(text: str) -> Residues | None:
    """The set of integers ``text`` describes (see the module docstring); None when it describes none, :data:`SEVERAL`
    when two different ones or one it cannot read."""
    plain = _plain(text)
    found: list[Residues] = []
    if not plain.isascii() and re.search(r"[\u4e00-\u9fff]", plain):
        return None  # (read in English only)
    if _BOUNDED.search(plain):
        return SEVERAL  # "all odd $n \ge 3$", "$n = 1$ and all $n \ge 5$": a class cut by a bound is no class
    for m in _CONGRUENT.finditer(plain):
        modulus = int(m.group("modulus"))
        if not 1 <= modulus <= 10_000:
            return SEVERAL
        said = (modulus, frozenset(int(r) % modulus for r in re.findall(r"\d+", m.group("residues"))))
        found.append(_complement(*said) if m.group("not") else said)
    taken = _NOT_DIVISIBLE.sub(" ", plain)
    for m in _NOT_DIVISIBLE.finditer(plain):
        k = int(m.group("k"))
        if 1 <= k <= 10_000:
            found.append(_complement(k, frozenset({0})))
    for m in _DIVISIBLE.finditer(taken):
        k = int(m.group("k"))
        if 1 <= k <= 10_000:
            found.append((k, frozenset({0})))
    for m in _PARITY.finditer(plain):
        class_ = (2, frozenset({1 if (m.group("word") or m.group("word2")) == "odd" else 0}))
        found.append(_complement(*class_) if m.group("not") or m.group("not2") else class_)
    for m in _PROGRESSION.finditer(plain):
        terms = [int(t) for t in re.findall(r"\d+", m.group("terms"))]
        steps = {b - a for a, b in zip(terms, terms[1:])}
        if len(steps) != 1 or (step := steps.pop()) <= 0 or not 1 <= terms[0] <= step:
            return SEVERAL  # (not a progression, or one starting past its class's least positive member)
        found.append((step, frozenset({terms[0] % step})))
    if not found and _EVERY.search(plain):
        found.append((1, frozenset({0})))
    if not found and _NONE.search(plain):
        found.append((1, frozenset()))
    if not found:
        return None
    return found[0] if all(_same(found[0], other) for other in found[1:]) else SEVERAL


def _same(a: Residues, b: Residues) -> bool:
    modulus = math.lcm(a[0], b[0])
    if modulus > 100_000:
        return False
    return all((r % a[0] in a[1]) == (r % b[0] in b[1]) for r in range(modulus))


def residue_verdict(response: str, gold: str, question: str | None) -> tuple[bool, str] | None:
    """(whether the reply's set of integers is the gold's, the words read) when the question asks about integers and
    the gold describes such a set; None when it does not apply or the reply describes none, or several, or turns."""
    if not question or not _ASKS_INTEGERS.search(question) or len(response) > 20000 or len(gold) > 120 \
            or re.search(r"\([^()]*,", gold):
        return None  # (a family of tuples, "$(a, 1)$ for any positive integer $a$", is another answer's shape)
    wanted = residue_set(gold)
    if wanted is None or wanted == SEVERAL:
        return None
    tail = response[-3000:]
    boxes = _BOXED.findall(tail)
    lines = _ANSWER_LINE.findall(tail) if not boxes else []
    if boxes or lines:
        said = (boxes or lines)[-1]
        got = residue_set(said)
        return None if got is None or got == SEVERAL else (_same(wanted, got), said.strip())
    sentences = [s for s in _SENTENCE_END.split(tail) if s and s.strip()]
    for at in range(len(sentences) - 1, -1, -1):
        got = residue_set(sentences[at])
        if got is None:
            continue
        if got == SEVERAL or _UNFIRM.search(sentences[at]) or any(_TURNS.search(later) for later in sentences[at + 1:]):
            return None
        return _same(wanted, got), sentences[at].strip()
    return None
