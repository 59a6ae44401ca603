"""Answers given as a family: "(2,3,6) and its permutations", "(1,2,3) and all rotations", "(2,3,6) up to order".

A reply naming a family answers with every member of it: a different set than the one ordered tuple it writes. A
careful grader accepts it only where the gold names the same family (``(2,3,6) and permutations``), lists its members
(every ordering of ``(2,3,6)``), or is unordered itself (the set ``\\{2,3,6\\}``: its orderings are all the same
set). A tuple "in some order" is one ordering left unsaid, not a family. Nothing here evaluates text.
"""

from __future__ import annotations

import re
from itertools import permutations
from typing import Callable

from ..text.patterns import lazy_compile

__all__ = ["family", "family_after", "same_family"]

# the family's kind, by the word naming it
_KINDS = (("rot", r"rotations?|cyclic\s+(?:permutations?|shifts?)"), ("refl", r"reflections?"),
          ("sym", r"symmetry|symmetries"),
          ("perm", r"permutations?|rearrangements?|reorderings?|orderings?|order"))
_WORD = "|".join(f"(?P<{kind}>{words})" for kind, words in _KINDS)
_PHRASE = (r"(?:(?:and|together\s+with|plus|with)\s+(?:all\s+|any\s+|every\s+)?(?:of\s+)?(?:its|their|the)?\s*"
           r"(?:%s)(?:\s+(?:thereof|of\s+(?:it|them|this|these)))?|up\s+to\s+(?:%s)|in\s+any\s+(?:%s))"
           % (_WORD, _WORD.replace("?P<", "?P<u_"), _WORD.replace("?P<", "?P<a_")))
# the phrase closing an answer (after a comma, in brackets, in \text{...})
_CLOSING = lazy_compile(r"(?i)(?:\s|,|\\[,;: ]|\\q?quad\b)*(?:\\(?:text|mathrm|mbox|textrm)\s*\{\s*)?\(?\s*(?:%s)"
                        r"\s*\)?\s*\}?\s*\.?\s*$" % _PHRASE)
# what may stand between an answer and a family phrase after it: closing delimiters, markup, a comma
# (the phrase ends the sentence or the clause: "in any order of operations" names no family)
_AFTER = lazy_compile(r"(?i)(?:[\s$)\]}*,]|\\[)\]])*(?:\\(?:text|mathrm)\s*\{\s*)?\(?\s*(?P<phrase>%s)"
                      r"(?=\s*(?:[.,;:!)}\]$*]|\\|\Z))" % _PHRASE)


def _kind(m: re.Match) -> str:
    for name, value in m.groupdict().items():
        if value:
            return name.split("_")[-1]
    return "perm"  # pragma: no cover (the phrase always names one)


def family(text: str) -> tuple[str, str] | None:
    """``(base, kind)`` when ``text`` ends with a family phrase (``(2,3,6) and its permutations`` -> ``(2,3,6)``,
    ``perm``; kinds: ``perm`` (any order), ``rot`` (cyclic), ``refl``, ``sym``); None otherwise."""
    if not any(word in text for word in ("perm", "rotation", "order", "cyclic", "reflection", "symmetr", "rearrang")):
        return None
    m = _CLOSING.search(text)
    if m is None or not text[:m.start()].strip(" ,$"):
        return None
    return text[:m.start()].strip().rstrip(","), _kind(m)


def family_after(text: str, start: int) -> str:
    """The family phrase right after an answer ending at ``start`` in ``text`` ("$(2,3,6)$ and its permutations"),
    as written; "" when none follows."""
    m = _AFTER.match(text, start, start + 160)
    return "" if m is None else m.group("phrase")


def _members(base: str, kind: str) -> list[str] | None:
    """Every ordering (``perm``) or cyclic shift (``rot``) of a tuple of at most four plain elements; None when
    ``base`` is no such tuple or the kind lists no members here."""
    m = re.fullmatch(r"\s*\(([^()\[\]{}]*)\)\s*", base.strip().strip("$"))
    items = [x.strip() for x in m.group(1).split(",")] if m else []
    if not 2 <= len(items) <= 4 or not all(items) or kind not in ("perm", "rot"):
        return None
    orders = permutations(items) if kind == "perm" else (items[k:] + items[:k] for k in range(len(items)))
    return ["(" + ", ".join(order) + ")" for order in dict.fromkeys(tuple(o) for o in orders)]


def same_family(gold: str, pred: str, equal: Callable[[str, str], tuple[bool, str]]) -> tuple[bool, str] | None:
    """Compare answers when either names a family (``equal`` compares two plain answers); None when neither does.

    Both of one kind: their bases compared. The prediction's family against the gold's members listed, or against a
    gold set in braces (unordered): the members, or the base, compared with the gold. The gold's family against a
    prediction listing its members: compared so. Else the two answer different sets (``family-mismatch``)."""
    g, p = family(gold), family(pred)
    if g is None and p is None:
        return None
    if g is not None and p is not None:
        if g[1] != p[1]:
            return False, "family-mismatch"
        ok, method = equal(g[0], p[0])
        return ok, "family:" + method
    named, other, gold_side = (p, gold, False) if p is not None else (g, pred, True)
    members = _members(*named)
    if members is not None and other.count("(") >= 2:
        listed = ", ".join(members)
        ok, method = equal(listed, other) if gold_side else equal(other, listed)
        return ok, "family:" + method
    if not gold_side and re.match(r"\s*\$?\s*\\\{", gold):
        # an unordered gold: every ordering of the tuple is the same set, its elements
        elements = re.fullmatch(r"\s*\$?\s*\(([^()]*)\)\s*\$?\s*", named[0])
        ok, method = equal(gold, elements.group(1) if elements else named[0])
        return ok, "family:" + method
    return False, "family-mismatch"
