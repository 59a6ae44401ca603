"""Values a response names in its closing lines, matched by name against a gold that names its values (the grading
conventions, rule 8: named assignments match by name).

A gold such as ``a_1=2,\\ r=3`` or ``\\text{mean}=5,\\ \\text{median}=4`` names each value. A careful grader reads
the closing lines "Common ratio $r=3$, first term $a_1=2$." or "- Median $=\\dfrac{3+5}{2}=4$ / - Mean
$=\\dfrac{30}{6}=5$" as those values, whatever order they are written in, and each name's value is the last side of
the chain that states it. :func:`named_in_closing` answers whether the closing paragraph states every named value of
the gold, each equal to the gold's; it decides nothing when a name is missing, named twice with two values, or the
paragraph supposes or asks.
"""

from __future__ import annotations

import re
from typing import Callable

from ..text.patterns import lazy_compile

__all__ = ["gold_names", "named_in_closing"]

# one named value of a gold: a name (a letter with a subscript, a command, a word in \text{}) "=" a value
_GOLD_PART = lazy_compile(r"\s*(?:(?P<name>\\(?:text|mathrm)\s*\{\s*[A-Za-z][A-Za-z ]{0,30}\}|[A-Za-z]{3,20}|[A-Za-z](?:_\{?\w{1,3}\}?)?"
                          r"|\\[A-Za-z]{2,10}(?:_\{?\w{1,3}\}?)?)\s*(?:=|:)\s*(?P<value>[^=,;:]{1,60}?)"
                          # (or a word, a space, a number: "mean 6; median 7")
                          r"|(?P<word>[A-Za-z]{3,20})\s+(?P<number>[-−]?\d[^=,;:]{0,40}?))\s*")
# what separates a gold's named values: a comma or a semicolon, with LaTeX spacing around it
_GOLD_SEPARATOR = lazy_compile(r"\s*(?:,|;|，|；)(?:\s|\\[,;: ]|\\q?quad)*")
# a paragraph break: the closing paragraph is what follows the last one
_PARAGRAPH = lazy_compile(r"\n[ \t]*\n")
# what keeps a closing paragraph from stating values: a supposition, a question, a hedge
_NOT_STATED = lazy_compile(r"(?i)\b(?:if|suppose|assuming|would|could|maybe|perhaps|probably|or|not|no|never|cannot|wrong|"
                           r"incorrect|impossible|fails?|false|tried|try|instead|neither|nor|too|recount\w*|recomput\w*|"
                           r"redo|hmm+|gives|comes\s+to|get|gets|got|overestimat\w*|underestimat\w*|estimat\w*|"
                           r"actually|wait|so\s+far|pending|tentative\w*|provisional\w*|but|tied|roughly|about)\b|n't\b|\?")


def _key(name: str) -> str:
    """A name as a key: without ``\\text{}``, braces, spaces and case ("a_{1}" and "a_1", "\\text{Mean}" and
    "mean")."""
    name = re.sub(r"\\(?:text|mathrm)\s*\{([^{}]*)\}", r"\1", name)
    return re.sub(r"[\s{}]", "", name).lower()


def gold_names(gold: str) -> list[tuple[str, str]] | None:
    """The (name, value) pairs of a gold naming two or more values, in order; None when it is not of that shape."""
    parts = _GOLD_SEPARATOR.split(gold.strip().strip("$").strip())
    if len(parts) < 2:
        return None
    named = [_GOLD_PART.fullmatch(part) for part in parts]
    if not all(named):
        return None
    pairs = [(m.group("name") or m.group("word"), (m.group("value") or m.group("number")).strip()) for m in named]
    return pairs if len({_key(name) for name, _ in pairs}) == len(pairs) else None


def _name_pattern(name: str) -> re.Pattern[str]:
    """Where ``name`` is written, then stated equal to a value: "$a_1=\\dfrac{6}{3}=2$", "Median $=4$", "**Mean** = 5",
    "the mean is 5", "**Median** (middle value) $= 4$" (a gloss in brackets after the name)."""
    key = _key(name)
    if re.fullmatch(r"[a-z]{3,}", key):  # a word: written in prose or in \text{}
        written = r"(?i:(?:\\text\s*\{\s*)?" + re.escape(key) + r"(?:\s*\})?)"
    else:
        letter, _, sub = key.partition("_")
        written = re.escape(letter) + (r"_\{?\s*" + re.escape(sub) + r"\s*\}?" if sub else "")
    # (the name alone, not one qualified by a word before it: "the trimmed mean", "the geometric mean")
    return re.compile(r"(?:^|(?<=[\s*$(,;:-])(?<![A-Za-z]{3}\s)|(?<=\bthe\s)|(?<=\bits\s)|(?<=\band\s)|(?<=\bso\s))"
                      r"(?<![A-Za-z\\_])" + written + r"(?![A-Za-z0-9_])[*\s]*(?:\((?![^()]*\b(?:of|among|excluding|without|only)\b)"
                      r"[^()\n\d]{1,20}\)\s*)?(?:\$\s*)?(?:=|\bis\b|:)\s*"
                      r"(?P<value>[^\n]{1,160})")


def _stated_value(found: str) -> str:
    """The value a name is stated equal to: the last side of its chain, up to the end of its clause, its markup and a
    closing remark in brackets left out ("$(3+5)/2 =$ **4**" is 4, "**3** (appears twice)" is 3)."""
    plain = re.sub(r"\*\*|__|\$", "", found)
    end = re.search(r",\s|;|\.(?:\s|$)|\s(?:and|so|with|or)\s", plain)
    if end and re.match(r"\s*(?:,|;|and|with|or|&)?\s*(?:and\s+)?[-−]?\d", plain[end.start():].lstrip(",;").lstrip()):
        return ""  # "Mode: 3, 5", "3 and 5", "3 with 5 tied": two values, no one stated
    inner = plain[:end.start()] if end else plain
    inner = re.sub(r"\s*\([^()]*\)\s*$", "", inner.strip())  # "3 (appears twice)"
    if re.search(r"\\approx|≈|~", inner):
        return ""  # "Mean $= 26/5 \approx 5$": a value rounded, not the one stated
    return re.split(r"=", inner)[-1].strip().rstrip(".").strip()


# a gold answering numbered parts ("(1) 5 (2) 4"), and a question naming what each part asks ("find (1) the mean and
# (2) the median")
_PART_VALUE = lazy_compile(r"[(（]\s*(\d)\s*[)）]\s*([^()（）]{1,60}?)\s*(?=[(（]\s*\d\s*[)）]|$)")
_PART_NAME = lazy_compile(r"[(（]\s*(\d)\s*[)）]\s*(?:the\s+|its\s+)?([A-Za-z]{3,20})\b(?!\s+(?:of|in|at|for)\b)")


def _parts_named(gold: str, question: str | None) -> list[tuple[str, str]] | None:
    """The (name, value) pairs of a gold answering numbered parts, each part named by the word the question asks it
    with ("(1) 5 (2) 4" to "find (1) the mean and (2) the median": mean 5, median 4); None otherwise."""
    if not question or "(" not in gold and "（" not in gold:
        return None
    values = dict(_PART_VALUE.findall(gold.strip().strip("$")))
    names = {}
    for number, name in _PART_NAME.findall(question):
        names.setdefault(number, name)
    if len(values) < 2 or set(values) != set(names) or len({n.lower() for n in names.values()}) != len(names):
        return None
    return [(names[k], values[k]) for k in sorted(values)]


def named_in_closing(response: str, gold: str, equal: Callable[[str, str], bool], question: str | None = None) -> bool:
    """Does the closing paragraph of ``response`` state every value ``gold`` names (:func:`gold_names`; or, to a
    ``question`` naming its numbered parts, every part's value under its name), each equal to the gold's by
    ``equal(gold_value, stated_value)`` (the scorer's comparison), in any order?"""
    pairs = gold_names(gold) or _parts_named(gold, question)
    if pairs is None:
        return False
    paragraph = _PARAGRAPH.split(response.rstrip())[-1]
    lines = paragraph.split("\n")[-8:]
    paragraph = "\n".join(lines)
    if len(paragraph) > 800 or _NOT_STATED.search(re.sub(r"\$[^$]*\$", " ", paragraph)):
        return False
    for name, value in pairs:
        stated = {_stated_value(m.group("value")) for m in _name_pattern(name).finditer(paragraph)}
        stated.discard("")
        if len(stated) != 1 or not equal(value, stated.pop()):
            return False
    return True
