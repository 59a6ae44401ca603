"""Values under other names: a gold that names its values with placeholders (``x = 0.25 g, y = 1.75 g``) against
a reply that names the same quantities its own way (``m_{\\rm ice} \\approx 0.25 g, m_{\\rm water} \\approx 1.75 g``).

A name stated with ``\\approx`` is still a name. When the reply uses none of the gold's names, and the question
does not write them either (they are the gold's own placeholders, not the unknowns it asks for), the values count
in the gold's order, one against one. A reply that uses a gold name, or a gold whose names the question writes, is
left to the other readings (``y = 1`` against ``x = 1`` stays a value of another unknown there).

Without the question nothing says the names are placeholders (``x = 3`` against ``y = 3`` stays a value of another
unknown), and names of one family (``v_1``, ``v_2``) or names written inside the values are never read so.

A value closing on a parenthetical word (``0.017 m (\\text{eastward})``: a direction, a note) is the value without
it, unless the gold writes words of its own (``0.017 m east``), which that word might contradict.
"""

from __future__ import annotations

import re
from typing import Callable

from ...text.patterns import lazy_compile, tex_delimited
from ..units import read_unit
from .tuples import split_top

__all__ = ["placeholder_values", "without_added_remark", "without_trailing_word"]

# a name: a letter or a command, with a subscript (``m_{\rm ice}``, ``v_0``) and primes
# a name: a letter or a command, a subscript (a character, or braces holding up to 20 characters, one level of braces
# among them: ``m_{\text{ice}}``), primes
_NAMED = lazy_compile(r"\s*(?P<name>(?:\\[a-zA-Z]+|[A-Za-z])(?:\s*_\s*(?:\{(?:[^{}=]|\{[^{}=]{0,12}\}){1,20}\}|[A-Za-z0-9]))?'*)\s*"
                      r"(?:=|\\approx(?![a-zA-Z])|≈)\s*(?P<value>[^=≈]*?\S)\s*")
_NOT_NAMES = frozenset({"\\frac", "\\sqrt", "\\sin", "\\cos", "\\tan", "\\log", "\\ln", "\\exp", "\\infty", "\\pi",
                        "\\left", "\\text", "\\mathrm"})
_SPACING = lazy_compile(r"^(?:\s|\\[,;:! ]|\\q?quad(?![a-zA-Z])|~)+|(?:\s|\\[,;:! ]|\\q?quad(?![a-zA-Z])|~)+$")
# the closing parenthetical word, searched for in a value's last _TAIL characters only (a regular expression that
# also matched the value before it backtracked over every digit of a long numeral: 4 minutes for 100,001 digits)
_TRAILING_WORD = lazy_compile(r"(?:\s|\\[,;:! ]|\\q?quad(?![a-zA-Z])|~)+\(\s*(?:\\text\s*\{\s*)?"
                              r"(?P<word>[A-Za-z][A-Za-z -]{2,30}?)\s*\}?\s*\)\s*\.?\Z")
_TAIL = 200
_COMMAND_ARG = lazy_compile(r"\\[a-zA-Z]+(?:\s*\{[^{}]*\})?")
_LETTERS = lazy_compile(r"(?<![A-Za-z\\])[A-Za-z](?![A-Za-z])")
_QUESTION_MATH = lazy_compile(r"\$\$?([^$]*)\$\$?|" + tex_delimited("\\(", "\\)", empty=True) + "|"
                             + tex_delimited("\\[", "\\]", empty=True), re.S)


def without_trailing_word(value: str, gold: str) -> str:
    """``value`` without a parenthetical word closing it (``0.017 m \\quad (\\text{eastward})`` is ``0.017 m``)
    when a number comes before it and the gold writes no word of its own and no parenthesis."""
    text = value.strip()
    if not text.rstrip(".").endswith(")"):
        return value
    m = _TRAILING_WORD.search(text, max(len(text) - _TAIL, 0))
    if m is None:
        return value
    head = text[:m.start()]  # the value before it: a number in it, not ending on a slash ("J/(kg K)")
    if not head or head[-1] == "/" or head[-1].isspace() or not any(c.isdigit() for c in head) or "(" in gold or \
            re.search(r"[A-Za-z]{3,}", _COMMAND_ARG.sub(" ", gold)) or read_unit(m.group("word")) is not None:
        return value  # "4186 J/(kg K)", "5 (cm)": a unit, not a note
    return head


# a closing remark in text that answers something else: "\quad \text{and the compensating charge is on the surface.}"
_ADDED_REMARK = lazy_compile(r"(?:\s|\\[,;:! ]|\\q?quad(?![a-zA-Z])|~)++\\text\s*\{\s*(?:,\s*)?and\s+(?P<words>[^{}\d$\\]{8,200})\}"
                             r"\s*\.?\Z")


def without_added_remark(value: str, gold: str) -> str:
    """``value`` without a closing ``\\text{and ...}`` remark of words only (no number, no maths), spaced off after
    the answer, when the gold writes no text: an answer to another part of the question, which the gold leaves out
    (``\\rho_- = -\\gamma^2 \\rho_+ \\quad \\text{and the compensating charge is on the wire's surface.}``): "and
    the" naming another thing, four words at least, none of them a number, a sign, an operation, a negation, an
    alternative, a pronoun for the answer or a one-letter name. Any other remark ("or", "if", "and its negative",
    "and v is directed upward") is part of the answer and stays."""
    if "\\text" not in value or "\\text" in gold or not value.rstrip(". ").endswith("}"):
        return value
    m = _ADDED_REMARK.search(value, max(len(value) - _TAIL - 40, 0))
    if m is None or not value[:m.start()].strip():
        return value
    words = m.group("words").lower().split()
    if len(words) < 4 or words[0] != "the" or words[1] in _ANSWER_NOUNS or _CHANGES_THE_ANSWER.search(m.group("words")) \
            or any(len(w.strip(".,;'")) == 1 for w in words):
        return value  # "and the answer is ...", "and its negative", "and v is directed upward": more of the answer
    return value[:m.start()]


#: nouns after "and the" that name the answer itself, not another part
_ANSWER_NOUNS = frozenset({"answer", "answers", "result", "value", "values", "solution", "solutions", "other",
                           "second", "same", "root", "roots", "sign", "direction", "magnitude", "opposite"})
#: words in a remark that change or add to the answer: numbers, signs, operations, negation, alternatives
_CHANGES_THE_ANSWER = lazy_compile(
    r"(?i)\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|twice|half|double|triple|negative|positive|"
    r"minus|plus|times|divided?|multipl\w*|equals?|not|no|never|nor|or|either|both|also|as well|its?|this|that|"
    r"opposite|reverse\w*|upwards?|downwards?|inverse|squared?|cubed?|only|if|unless|except|but)\b|n't")


def _norm(name: str) -> str:
    return re.sub(r"\\(?:rm|mathrm|text)\b|[\s{}]", "", name)


def _base(name: str) -> str:
    """A name without its subscript and primes (``v_1`` is ``v``, ``x'`` is ``x``)."""
    return name.split("_")[0].rstrip("'")


def _named_parts(text: str) -> list[tuple[str, str]] | None:
    """``name = value`` (or ``name \\approx value``) parts of a list separated by commas or semicolons."""
    text = text.strip().strip("$").strip().rstrip(".").replace("\\,", " ")  # a thin space separates nothing
    parts = [p for piece in split_top(text, ";") for p in split_top(piece, ",")]
    named = []
    for part in parts:
        part = _SPACING.sub("", part)
        m = _NAMED.fullmatch(part)
        if m is None or m.group("name").split("_")[0].strip() in _NOT_NAMES:
            return None
        named.append((_norm(m.group("name")), m.group("value")))
    return named or None


def _written(names: set[str], question: str) -> bool:
    """Does the question write one of ``names`` (a letter on its own, or a subscripted name as its math writes it)?"""
    math = " ".join(next((g for g in m.groups() if g is not None), "") for m in _QUESTION_MATH.finditer(question))
    letters = set(_LETTERS.findall(_COMMAND_ARG.sub(" ", math)))
    # a letter standing alone in the prose too ("Find y such that ..."), but for the words "a", "A" and "I"
    letters |= set(_LETTERS.findall(_QUESTION_MATH.sub(" ", question))) - {"a", "A", "I"}
    flat = _norm(math)
    return any(name in letters if len(name) == 1 else name in flat for name in names)


def placeholder_values(gold: str, pred: str, question: str | None,
                       compare: Callable[[str, str, int], bool]) -> tuple[bool, str] | None:
    """The values of a reply naming them its own way, against a gold's placeholder names, in order (see the module
    docstring); ``compare(gold_value, reply_value, index)`` decides each pair. None when the answers are not of that
    shape."""
    if "=" not in gold:
        return None
    g_named, p_named = _named_parts(gold), _named_parts(pred)
    if g_named is None or p_named is None or len(g_named) != len(p_named):
        return None
    g_names, p_names = {n for n, _ in g_named}, {n for n, _ in p_named}
    if len(g_names) != len(g_named) or {n.lower() for n in g_names} & {n.lower() for n in p_names}:
        return None  # a gold name in the reply (in either case): the names pair the values, not their order
    if not question or _written(g_names, question):
        return None  # the question writes the gold's names (the unknowns it asks for), or is unknown: no placeholders
    if any(_base(g) == _base(p) and (g != _base(g) or p != _base(p)) for g in g_names for p in p_names):
        return None  # v_1 and v_2, x and x': two quantities of one family, not one under two names
    values = " ".join(v for _, v in g_named + p_named)
    if any(re.search(r"(?<![A-Za-z\\])" + re.escape(_base(n)) + r"(?![A-Za-z])", values) for n in g_names | p_names):
        return None  # a name on a value's side: formulas in the names, not values to pair in order
    for i, ((_, gv), (_, pv)) in enumerate(zip(g_named, p_named)):
        if not compare(gv, without_trailing_word(pv, gv), i):
            return None
    return True, "placeholders"
