"""Families of tuples in a parameter: "(a,1) for any positive integer a, and (1,b) for any positive integer b".

An olympiad answer often names infinitely many solutions as families, each a tuple with a free parameter and the set
the parameter ranges over. :func:`same_families` reads both answers as such families (every family a bracketed tuple,
then "for any/all/every positive integer a", "with $a\\in\\mathbb{Z}_{>0}$", "where $b$ is an integer"), joined by
commas, "and", "together with", "as well as", and compares them as sets of families: the same tuples, their parameter
renamed ("(m,1), m ∈ ℤ⁺" is "(a,1) for any positive integer a"), over the same set, with the single solutions
listed beside them ("(k, k) for every positive integer k, (2, 4), and (4, 2)"). Sets are read by name:
positive integers (ℤ_{>0}, ℤ⁺, ℕ*), non-negative integers (ℤ_{≥0}), integers (ℤ), natural numbers (ℕ, kept apart
from the positive integers: whether 0 is one is a convention), rationals (ℚ), reals (ℝ). None when either answer is
not wholly such families (the other steps decide); a family with no parameter or another set is a different answer.
"""

from __future__ import annotations

import re

from ...text.patterns import lazy_compile

__all__ = ["family_tuples", "names_families", "same_families"]

_WRAPPER = lazy_compile(r"\\(?:text|mathrm|textrm|mbox)\s*\{([^{}]*)\}")
_SETS = (("Z+", r"positive\s+integers?|\\mathbb\s*\{?Z\}?\s*(?:_\s*\{?\s*>\s*0\s*\}?|_\s*\{?\s*\\geq?\s*1\s*\}?|\^\s*\{?\s*\+\s*\}?)|"
                r"\\mathbb\s*\{?N\}?\s*(?:\^\s*\{?\s*[*+]\s*\}?|_\s*\{?\s*>\s*0\s*\}?)|ℤ\s*(?:⁺|_\{?>0\}?)|ℕ\s*[*⁺]"),
         ("Z0", r"non-?negative\s+integers?|\\mathbb\s*\{?Z\}?\s*_\s*\{?\s*\\geq?\s*0\s*\}?"),
         ("Z", r"integers?|\\mathbb\s*\{?Z\}?|ℤ"),
         ("N", r"natural\s+numbers?|\\mathbb\s*\{?N\}?|ℕ"),
         ("Q", r"rational\s+numbers?|rationals?|\\mathbb\s*\{?Q\}?|ℚ"),
         ("R", r"real\s+numbers?|reals?|\\mathbb\s*\{?R\}?|ℝ"))
_SET = "|".join(f"(?P<{name.replace('+', 'p').replace('0', 'z')}>{pattern})" for name, pattern in _SETS)
# a tuple
_TUPLE = lazy_compile(r"\s*(?:(?:all|the)\s+(?:pairs|triples|tuples|solutions)\s+)?\((?P<tuple>[^()]{3,60})\)")
_LETTERS = r"[a-z](?:\s*,\s*[a-z]){0,3}"
# where the parameters of the tuples before it range: "for any positive integer a", "with $n\in\mathbb{Z}_{>0}$",
# "for all positive integers $a,b$", "where $b$ is an integer", ", $n \in \mathbb{N}$"
_DOMAIN = lazy_compile(
    r"\s*,?\s*(?:(?:for|with|where)\s+(?:(?:any|all|every|each|some|an?|arbitrary)\s+)?(?:(?:%s)\s+(?P<word_letters>%s)\b"
    r"|(?P<in_letters>%s)\s*(?:\\in|∈)\s*(?:%s)|(?P<is_letters>%s)\s+(?:is|are|being)\s+(?:any\s+|an?\s+)?(?:%s))"
    r"|(?P<bare_letters>%s)\s*(?:\\in|∈)\s*(?:%s))"
    % (_SET, _LETTERS, _LETTERS, _SET.replace("?P<", "?P<b_"), _LETTERS, _SET.replace("?P<", "?P<c_"), _LETTERS,
       _SET.replace("?P<", "?P<d_")))
_LETTER_GROUPS = ("word_letters", "in_letters", "is_letters", "bare_letters")
# a tuple of the unknowns naming the tuple after it: "(x,y)=" in "(x,y)=(t,t)"
_NAMED_TUPLE = lazy_compile(r"\([a-z](?:\s*,\s*[a-z])+\)\s*=\s*\(")
_JOIN = lazy_compile(r"(?:\s*(?:,|;|\band\b|\btogether\s+with\b|\bas\s+well\s+as\b|\bplus\b|\bor\b|\bwith\b(?=\s+all\b)|"
                     r"\b(?:in\s+addition(?:\s+to)?|additionally|also)\b))*\s*"
                     r"(?:(?:all|the)\s+(?:pairs|triples|tuples|solutions)\b)?")


def _plain(text: str) -> str:
    text = _WRAPPER.sub(r" \1 ", text)
    text = re.sub(r"\\[,;: !]|\\q?quad\b|\$", " ", text)
    text = re.sub(r"(?i)^\s*(?:so\s+)?(?:the\s+)?(?:solutions?|answers?)\s+(?:are|is)\s*:?\s*", "", text)
    text = _NAMED_TUPLE.sub("(", text)  # "(x,y)=(t,t)": the tuple named by its unknowns, then its value
    return re.sub(r"\s+", " ", text).strip().rstrip(".").strip()


def _families(text: str) -> frozenset[tuple[tuple[str, ...], str]] | None:
    """The families ``text`` names (each its tuple with the parameter written ``•`` and the set's name), or None: a
    domain clause names the set of the parameters of the tuples before it that it names and that have none yet."""
    plain = _plain(text)
    if "(" not in plain or len(plain) > 400:
        return None
    tuples: list[tuple[list[str], str | None]] = []  # (parts, the set once named)
    at = 0
    while at < len(plain):
        join = _JOIN.match(plain, at)
        at = join.end() if join else at
        if at >= len(plain):
            break
        found = _TUPLE.match(plain, at)
        if found is not None:
            tuples.append(([p.strip() for p in found.group("tuple").split(",")], None))
            at = found.end()
            continue
        domain = _DOMAIN.match(plain, at)
        if domain is None or not tuples:
            return None
        letters = set(re.findall(r"[a-z]", next(domain.group(k) for k in _LETTER_GROUPS if domain.group(k))))
        kind = next(name for name, value in domain.groupdict().items() if value and name not in _LETTER_GROUPS)
        named = False
        for k, (parts, kind_so_far) in enumerate(tuples):
            if kind_so_far is None and letters & set(parts):
                tuples[k] = (parts, kind.split("_")[-1])
                named = True
        if not named:
            return None
        at = domain.end()
    out = set()
    for parts, kind in tuples:
        params = [p for p in parts if re.fullmatch(r"[a-z]", p)]
        if kind is None and len(parts) >= 2 and all(re.fullmatch(r"[-−+]?\d+", p) for p in parts):
            out.add((tuple(p.replace("−", "-").lstrip("+") for p in parts), "one"))
            continue  # "(2, 4)" beside the families: one solution
        if kind is None or len(parts) < 2 or len(set(params)) != 1:
            return None
        out.add((tuple("•" if p == params[0] else re.sub(r"\s+", "", p) for p in parts), kind))
    return frozenset(out) if any(kind != "one" for _, kind in out) else None  # (no family: a list of tuples)


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


def family_tuples(text: str) -> str | None:
    """The tuples of a families text without their ranges ("the pairs $(m, m+1)$ for every positive integer $m$" ->
    "(m, m+1)"), to compare with a gold that writes the tuple alone; None when ``text`` is no families text."""
    if not names_families(text):
        return None
    return ", ".join(f"({m.group('tuple')})" for m in _TUPLE.finditer(_plain(text)))
