"""Families of tuples in a parameter: "(a,1) for any positive integer a, and (1,b) for any positive integer b".

An olympiad answer often names infinitely many solutions as families, each a tuple with a free parameter and the set
the parameter ranges over. :func:`same_families` reads both answers as such families (every family a bracketed tuple,
then "for any/all/every positive integer a", "with $a\\in\\mathbb{Z}_{>0}$", "where $b$ is an integer"), joined by
commas, "and", "together with", "as well as", and compares them as sets of families: the same tuples, their parameter
renamed ("(m,1), m ∈ ℤ⁺" is "(a,1) for any positive integer a"), over the same set. Sets are read by name:
positive integers (ℤ_{>0}, ℤ⁺, ℕ*), non-negative integers (ℤ_{≥0}), integers (ℤ), natural numbers (ℕ, kept apart
from the positive integers: whether 0 is one is a convention), rationals (ℚ), reals (ℝ). None when either answer is
not wholly such families (the other steps decide); a family with no parameter or another set is a different answer.
"""

from __future__ import annotations

import re

from ...text.patterns import lazy_compile

__all__ = ["names_families", "same_families"]

_WRAPPER = lazy_compile(r"\\(?:text|mathrm|textrm|mbox)\s*\{([^{}]*)\}")
_SETS = (("Z+", r"positive\s+integers?|\\mathbb\s*\{?Z\}?\s*(?:_\s*\{?\s*>\s*0\s*\}?|_\s*\{?\s*\\geq?\s*1\s*\}?|\^\s*\{?\s*\+\s*\}?)|"
                r"\\mathbb\s*\{?N\}?\s*(?:\^\s*\{?\s*[*+]\s*\}?|_\s*\{?\s*>\s*0\s*\}?)|ℤ\s*(?:⁺|_\{?>0\}?)|ℕ\s*[*⁺]"),
         ("Z0", r"non-?negative\s+integers?|\\mathbb\s*\{?Z\}?\s*_\s*\{?\s*\\geq?\s*0\s*\}?"),
         ("Z", r"integers?|\\mathbb\s*\{?Z\}?|ℤ"),
         ("N", r"natural\s+numbers?|\\mathbb\s*\{?N\}?|ℕ"),
         ("Q", r"rational\s+numbers?|rationals?|\\mathbb\s*\{?Q\}?|ℚ"),
         ("R", r"real\s+numbers?|reals?|\\mathbb\s*\{?R\}?|ℝ"))
_SET = "|".join(f"(?P<{name.replace('+', 'p').replace('0', 'z')}>{pattern})" for name, pattern in _SETS)
# one family: a tuple, then its parameter and the set it ranges over
_FAMILY = lazy_compile(
    r"\s*(?:(?:all|the)\s+(?:pairs|triples|tuples|solutions)\s+)?\((?P<tuple>[^()]{3,60})\)\s*,?\s*"
    r"(?:(?:for|with|where)\s+(?:(?:any|all|every|each|some|an?|arbitrary)\s+)?(?:(?:%s)\s+(?P<word_letter>[a-z])\b"
    r"|(?P<in_letter>[a-z])\s*(?:\\in|∈)\s*(?:%s)|(?P<is_letter>[a-z])\s+(?:is|being)\s+(?:any\s+|an?\s+)?(?:%s))"
    r"|,?\s*(?P<bare_letter>[a-z])\s*(?:\\in|∈)\s*(?:%s))" % (_SET, _SET.replace("?P<", "?P<b_"), _SET.replace("?P<", "?P<c_"),
                                                            _SET.replace("?P<", "?P<d_")))
_JOIN = lazy_compile(r"(?:\s*(?:,|;|\band\b|\btogether\s+with\b|\bas\s+well\s+as\b|\bplus\b|\bor\b|\bwith\b(?=\s+all\b)))*\s*"
                     r"(?:(?:all|the)\s+(?:pairs|triples|tuples|solutions)\b)?")


def _plain(text: str) -> str:
    text = _WRAPPER.sub(r" \1 ", text)
    text = re.sub(r"\\[,;: !]|\\q?quad\b|\$", " ", text)
    text = re.sub(r"(?i)^\s*(?:so\s+)?(?:the\s+)?(?:solutions?|answers?)\s+(?:are|is)\s*:?\s*", "", text)
    return re.sub(r"\s+", " ", text).strip().rstrip(".").strip()


def _families(text: str) -> frozenset[tuple[tuple[str, ...], str]] | None:
    """The families ``text`` names (each its tuple with the parameter written ``•`` and the set's name), or None."""
    plain = _plain(text)
    if "(" not in plain or len(plain) > 400:
        return None
    found, at = [], 0
    while at < len(plain):
        join = _JOIN.match(plain, at)
        at = join.end() if join else at
        if at >= len(plain):
            break
        m = _FAMILY.match(plain, at)
        if m is None:
            return None
        letter = next(m.group(k) for k in ("word_letter", "in_letter", "is_letter", "bare_letter") if m.group(k))
        kind = next(name for name in m.groupdict() if m.group(name) and name not in
                    ("tuple", "word_letter", "in_letter", "is_letter", "bare_letter"))
        parts = [p.strip() for p in m.group("tuple").split(",")]
        if letter not in parts or len(parts) < 2:
            return None
        found.append((tuple("•" if p == letter else re.sub(r"\s+", "", p) for p in parts), kind.split("_")[-1]))
        at = m.end()
    return frozenset(found) if len(found) >= 1 else None


def same_families(gold: str, pred: str) -> tuple[bool, str] | None:
    """Both answers wholly families of tuples in one parameter each: the same set of families or not; else None."""
    if "(" not in gold or "(" not in pred:
        return None
    g, p = _families(gold), _families(pred)
    if g is None or p is None:
        return None
    return g == p, "families"


def names_families(text: str) -> bool:
    """Is ``text`` wholly families of tuples in a parameter ("$(a,1)$ with $a\\in\\mathbb{Z}_{>0}$, together with ...")?"""
    return "(" in text and _families(text) is not None
