"""Hypothesis strategies for property-testing answer matchers (ours and yours).

Every strategy draws values *together with their ground truth*, so a property can be stated without a second
implementation of the matcher under test::

    from hypothesis import given
    from pytest_answerbench import strategies as abst
    from pytest_answerbench.maths import equivalent

    @given(abst.number_pairs())
    def test_any_two_renderings_match(pair):
        a, b = pair                      # two renderings of one value: "\\frac{3}{4}" and "75\\%"
        assert equivalent(a.text, b.text)[0]

    @given(abst.near_misses())
    def test_near_misses_never_match(miss):
        assert not equivalent(miss.gold, miss.text)[0]

The families:

* numbers: :func:`rationals`, :func:`number_renderings` (fractions, decimals, percentages, scientific notation,
  mixed numbers, digit groups), :func:`radical_renderings`, :func:`pi_renderings`, :func:`numeric_answers`,
  :func:`number_pairs` (two renderings of one value);
* structures: :func:`expression_rewrites` (expanded/factored, reordered terms), :func:`intervals` (and unions),
  :func:`equation_rearrangements`, :func:`collections` (sets, lists and tuples, shuffled where order does not
  matter);
* responses: :func:`option_sets`, :func:`choice_responses` (an option letter in every common response style),
  :func:`reasoning_text`, :func:`model_responses` (reasoning with a final-answer marker, optionally after a
  rejected draft answer);
* adversarial: :func:`near_misses` (sign flips, off-by-one, wrong brackets, reordered tuples, wrong letters),
  :func:`hostile_text` (arbitrary unicode, huge and deeply nested inputs), :func:`python_payloads` (text that
  would have a side effect if any matcher handed it to Python's ``eval``).

This module imports Hypothesis: import it from test code only (the pytest plugin never imports it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from types import ModuleType
from typing import Any, Mapping, Sequence

from hypothesis import strategies as st

__all__ = [
    "CHOICE_STYLES",
    "ChoiceResponse",
    "Collection",
    "IntervalAnswer",
    "ModelResponse",
    "NUMBER_FORMS",
    "NearMiss",
    "RESPONSE_MARKERS",
    "Rendering",
    "Rewrite",
    "choice_responses",
    "collections",
    "equation_rearrangements",
    "expression_rewrites",
    "hostile_text",
    "intervals",
    "model_responses",
    "near_misses",
    "number_pairs",
    "number_renderings",
    "numeric_answers",
    "option_sets",
    "pi_renderings",
    "python_payloads",
    "radical_renderings",
    "rationals",
    "reasoning_text",
]


# ------------------------------------------------------------------------------------------ value types

@dataclass(frozen=True)
class Rendering:
    """One way of writing a numeric answer.

    Attributes:
        text: the rendering (``"75\\\\%"``, ``"1.5 \\\\times 10^{3}"``, ``"3\\\\frac{1}{2}"``).
        canonical: a canonical LaTeX form of the same value (what a gold answer would hold).
        value: the exact value for rationals (a :class:`fractions.Fraction`), else a float approximation.
        form: the rendering's name (``"percent"``, ``"scientific-times"``, ``"mixed"``, ...).
    """

    text: str
    canonical: str
    value: Any
    form: str


@dataclass(frozen=True)
class Rewrite:
    """An answer and an equivalent rewrite of it (``x^{2}+5x+6`` and ``(x+2)(x+3)``); ``kind`` names the rewrite."""

    original: str
    rewritten: str
    kind: str


@dataclass(frozen=True)
class IntervalAnswer:
    """A subset of the real line written as intervals.

    Attributes:
        text: this rendering (``"(1, 2] \\\\cup [3, +\\\\infty)"``, ``"1 < x \\\\leq 2"``).
        canonical: the compact bracket form (``"(1,2]\\\\cup[3,\\\\infty)"``).
        pieces: ``((lo, hi, lo_closed, hi_closed), ...)`` in increasing order; ``None`` ends are infinite.
        form: the rendering's name.
    """

    text: str
    canonical: str
    pieces: tuple[tuple[int | None, int | None, bool, bool], ...]
    form: str


@dataclass(frozen=True)
class Collection:
    """A set, list or tuple of numbers, and a rewrite that must still match.

    Attributes:
        text: the gold rendering (``"\\\\{1, 2, 3\\\\}"``).
        rewritten: the same collection, shuffled when ``ordered`` is false, re-spaced otherwise.
        items: the elements in ``text`` order.
        ordered: whether order matters (tuples and points do; sets and answer lists do not).
        kind: ``set``, ``list`` or ``tuple``.
    """

    text: str
    rewritten: str
    items: tuple[int, ...]
    ordered: bool
    kind: str


@dataclass(frozen=True)
class ChoiceResponse:
    """A multiple-choice reply: ``text`` chooses ``letter`` among ``options`` in response style ``style``."""

    text: str
    letter: str
    options: Mapping[str, str]
    style: str


@dataclass(frozen=True)
class ModelResponse:
    """A full model response whose final committed answer is ``answer``.

    ``draft`` is an earlier answer the response states and then abandons (or None); ``marker`` names the way
    the final answer is committed (``boxed``, ``final-answer-is``, ``answer-colon``, ...).
    """

    text: str
    answer: str
    marker: str
    draft: str | None = None


@dataclass(frozen=True)
class NearMiss:
    """An answer ``text`` that looks like ``gold`` but is a different answer; ``kind`` says how it differs."""

    gold: str
    text: str
    kind: str


# ----------------------------------------------------------------------------------------------- numbers

def rationals(max_numerator: int = 5000, max_denominator: int = 12) -> st.SearchStrategy[Fraction]:
    """Exact rational values ``p/q`` with ``|p| <= max_numerator`` and ``1 <= q <= max_denominator``.

    Example: ``Fraction(3, 4)``, ``Fraction(-1500, 1)``.
    """
    return st.builds(Fraction, st.integers(-max_numerator, max_numerator),
                     st.integers(1, max_denominator))


def _latex_fraction(value: Fraction, command: str = "frac") -> str:
    if value.denominator == 1:
        return str(value.numerator)
    sign = "-" if value < 0 else ""
    return f"{sign}\\{command}{{{abs(value.numerator)}}}{{{value.denominator}}}"


def _terminating(value: Fraction) -> bool:
    q = value.denominator
    for p in (2, 5):
        while q % p == 0:
            q //= p
    return q == 1


def _decimal(value: Fraction) -> str:
    """The exact decimal expansion of a terminating fraction (no exponent, no trailing zeros)."""
    digits = 0
    while (value * 10 ** digits).denominator != 1:
        digits += 1
    scaled = int(value * 10 ** digits)
    sign = "-" if scaled < 0 else ""
    body = str(abs(scaled)).rjust(digits + 1, "0")
    if digits == 0:
        return sign + body
    return f"{sign}{body[:-digits]}.{body[-digits:]}"


def _group_thousands(n: int, sep: str) -> str:
    return ("-" if n < 0 else "") + f"{abs(n):,}".replace(",", sep)


def _forms(value: Fraction) -> dict[str, str]:
    """Every rendering that applies to ``value`` (name -> text)."""
    out: dict[str, str] = {"frac": _latex_fraction(value)}
    num, den = value.numerator, value.denominator
    if den == 1:
        out["integer"] = str(num)
        out["decimal-zero"] = f"{num}.0"
        if abs(num) >= 1000:
            out["thousands-comma"] = _group_thousands(num, ",")
            out["thousands-brace"] = _group_thousands(num, "{,}")
        if num != 0 and num % 10 == 0:
            zeros = len(str(abs(num))) - len(str(abs(num)).rstrip("0"))
            mantissa = Fraction(num, 10 ** zeros)
            out["scientific-times"] = f"{_decimal(mantissa)} \\times 10^{{{zeros}}}"
            out["scientific-e"] = f"{_decimal(mantissa)}e{zeros}"
    else:
        sign = "-" if value < 0 else ""
        out["dfrac"] = _latex_fraction(value, "dfrac")
        out["slash"] = f"{num}/{den}"
        out["neg-numerator"] = f"\\frac{{{num}}}{{{den}}}" if num < 0 else out["frac"]
        whole, rest = divmod(abs(num), den)
        if whole:
            out["mixed"] = f"{sign}{whole}\\frac{{{rest}}}{{{den}}}"
    if _terminating(value):
        dec = _decimal(value)
        out["decimal"] = dec
        if "." in dec:
            out["decimal-trailing-zero"] = dec + "0"
        pct = value * 100
        if _terminating(pct):
            out["percent-latex"] = f"{_decimal(pct)}\\%"
            out["percent"] = f"{_decimal(pct)}%"
        if value != 0 and den > 1:
            # 0.0025 = 2.5 \times 10^{-3}
            exponent = math.floor(math.log10(abs(value)))
            mantissa = value / Fraction(10) ** exponent
            if _terminating(mantissa) and exponent < 0:
                out["scientific-times"] = f"{_decimal(mantissa)} \\times 10^{{{exponent}}}"
                out["scientific-e"] = f"{_decimal(mantissa)}e{exponent}"
    return out


#: every rendering name :func:`number_renderings` may produce
NUMBER_FORMS = (
    "frac", "integer", "decimal-zero", "thousands-comma", "thousands-brace", "scientific-times", "scientific-e",
    "dfrac", "slash", "neg-numerator", "mixed", "decimal", "decimal-trailing-zero", "percent-latex", "percent",
)


@st.composite
def number_renderings(draw, value: Fraction | None = None,
                      forms: Sequence[str] | None = None) -> Rendering:
    """A rational number in one of many equivalent plain/LaTeX forms, with its exact value.

    Args:
        value: the value to render (drawn from :func:`rationals` when None).
        forms: restrict to these rendering names (see ``NUMBER_FORMS``); a value with none of them applicable
            falls back to its canonical ``\\frac`` form.

    Example: ``Rendering(text="75\\\\%", canonical="\\\\frac{3}{4}", value=Fraction(3, 4), form="percent-latex")``.
    """
    if value is None:
        value = draw(rationals())
    available = _forms(value)
    names = sorted(n for n in available if forms is None or n in forms) or ["frac"]
    form = draw(st.sampled_from(names))
    return Rendering(available[form], _latex_fraction(value), value, form)


@st.composite
def number_pairs(draw, value: Fraction | None = None) -> tuple[Rendering, Rendering]:
    """Two renderings of the same rational value: ``(Rendering("0.75"), Rendering("\\\\frac{3}{4}"))``."""
    if value is None:
        value = draw(rationals())
    return draw(number_renderings(value)), draw(number_renderings(value))


_SQUAREFREE = (2, 3, 5, 6, 7, 10, 11, 13, 14, 15)


@st.composite
def radical_renderings(draw) -> Rendering:
    """``c\\sqrt{n}`` (n squarefree, c a non-zero integer) in one of several forms, with a float value.

    Forms: ``c\\sqrt{n}``, ``\\sqrt{c^2 n}`` (c > 0), ``\\frac{cn}{\\sqrt{n}}``, ``\\sqrt{n} \\cdot c``.
    Example: ``Rendering(text="\\\\sqrt{18}", canonical="3\\\\sqrt{2}", value=4.2426..., form="under-root")``.
    """
    n = draw(st.sampled_from(_SQUAREFREE))
    c = draw(st.integers(-9, 9).filter(bool))
    canonical = (f"{'-' if c < 0 else ''}{'' if abs(c) == 1 else abs(c)}\\sqrt{{{n}}}")
    forms = {"coefficient": canonical, "rationalised": f"\\frac{{{c * n}}}{{\\sqrt{{{n}}}}}",
             "cdot": f"\\sqrt{{{n}}} \\cdot {c}" if c > 0 else f"-\\sqrt{{{n}}} \\cdot {-c}"}
    if c > 0:
        forms["under-root"] = f"\\sqrt{{{c * c * n}}}"
    form = draw(st.sampled_from(sorted(forms)))
    return Rendering(forms[form], canonical, c * math.sqrt(n), form)


@st.composite
def pi_renderings(draw) -> Rendering:
    """A rational multiple of pi, ``p/q * pi`` (q in 1..6, p non-zero), in fraction, slash or degree form.

    Example: ``Rendering(text="\\\\frac{2}{3}\\\\pi", canonical="\\\\frac{2\\\\pi}{3}", value=2.094..., form="coefficient")``.
    Degree forms (``120^\\circ``) are produced only for whole degrees.
    """
    value = draw(st.builds(Fraction, st.integers(-12, 12).filter(bool), st.integers(1, 6)))
    p, q = value.numerator, value.denominator
    sign = "-" if p < 0 else ""
    top = f"{'' if abs(p) == 1 else abs(p)}\\pi"
    canonical = f"{sign}{top}" if q == 1 else f"{sign}\\frac{{{top}}}{{{q}}}"
    forms = {"canonical": canonical}
    if q > 1:
        forms["coefficient"] = f"{sign}\\frac{{{abs(p)}}}{{{q}}}\\pi"
        forms["slash"] = f"{sign}{top}/{q}"
    else:
        forms["spaced"] = f"{sign}{'' if abs(p) == 1 else str(abs(p)) + ' '}\\pi"
    degrees = value * 180
    if degrees.denominator == 1:
        forms["degrees"] = f"{degrees.numerator}^{{\\circ}}"
        forms["degrees-symbol"] = f"{degrees.numerator}°"
    form = draw(st.sampled_from(sorted(forms)))
    return Rendering(forms[form], canonical, float(value) * math.pi, form)


def numeric_answers() -> st.SearchStrategy[Rendering]:
    """Any numeric answer: a rational, a radical or a multiple of pi, in one of its renderings."""
    return st.one_of(number_renderings(), radical_renderings(), pi_renderings())


# -------------------------------------------------------------------------------------------- structures

def _signed_term(coef: int, body: str, first: bool) -> str:
    if coef == 0:
        return ""
    sign = "-" if coef < 0 else ("" if first else "+")
    mag = abs(coef)
    text = body if (mag == 1 and body) else f"{mag}{body}"
    return f"{sign}{text}"


def _poly(terms: Sequence[tuple[int, str]]) -> str:
    out = ""
    for coef, body in terms:
        part = _signed_term(coef, body, first=not out)
        out += part
    return out or "0"


@st.composite
def expression_rewrites(draw, variable: str = "x") -> Rewrite:
    """A polynomial and an equivalent rewrite: factored vs expanded, reordered terms, a distributed factor.

    Example: ``Rewrite(original="x^{2}+5x+6", rewritten="(x+2)(x+3)", kind="factored")``.
    """
    a = draw(st.integers(-9, 9).filter(bool))
    b = draw(st.integers(-9, 9).filter(bool))
    k = draw(st.integers(2, 9))
    x = variable

    def lin(c: int) -> str:
        return f"({x}{'+' if c > 0 else '-'}{abs(c)})"

    expanded = _poly([(1, f"{x}^{{2}}"), (a + b, x), (a * b, "")])
    kind = draw(st.sampled_from(["factored", "reordered", "distributed", "commuted-factors", "spaced"]))
    if kind == "factored":
        return Rewrite(expanded, f"{lin(a)}{lin(b)}", kind)
    if kind == "commuted-factors":
        return Rewrite(f"{lin(a)}{lin(b)}", f"{lin(b)}{lin(a)}", kind)
    if kind == "reordered":
        terms = [(1, f"{x}^{{2}}"), (a + b, x), (a * b, "")]
        order = draw(st.permutations(terms))
        return Rewrite(expanded, _poly(order), kind)
    if kind == "distributed":
        return Rewrite(f"{k}{lin(a)}", _poly([(k, x), (k * a, "")]), kind)
    return Rewrite(expanded, expanded.replace("+", " + ").replace("^{2}", "^2"), kind)


def _interval_text(piece: tuple[int | None, int | None, bool, bool], spaced: bool, plus_inf: bool,
                   left_right: bool) -> str:
    lo, hi, lc, hc = piece
    lo_s = "-\\infty" if lo is None else str(lo)
    hi_s = ("+\\infty" if plus_inf else "\\infty") if hi is None else str(hi)
    open_, close = ("[" if lc else "("), ("]" if hc else ")")
    sep = ", " if spaced else ","
    if left_right:
        return f"\\left{open_}{lo_s}{sep}{hi_s}\\right{close}"
    return f"{open_}{lo_s}{sep}{hi_s}{close}"


_GE = "\\geq"


def _inequality(piece: tuple[int | None, int | None, bool, bool], variable: str) -> str | None:
    lo, hi, lc, hc = piece
    le_lo = "\\leq" if lc else "<"
    le_hi = "\\leq" if hc else "<"
    if lo is not None and hi is not None:
        return f"{lo} {le_lo} {variable} {le_hi} {hi}"
    if lo is not None:
        return f"{variable} {_GE if lc else '>'} {lo}"
    if hi is not None:
        return f"{variable} {le_hi} {hi}"
    return None


@st.composite
def intervals(draw, max_pieces: int = 3, variable: str = "x") -> IntervalAnswer:
    """A union of disjoint, non-touching real intervals (finite or infinite ends) in one of several renderings.

    Renderings: compact brackets, spaced, ``\\left( ... \\right]``, ``+\\infty``, and inequalities (``1 < x \\leq 2``,
    ``x \\geq 3``; a union joined by ``\\text{ or }`` or ``or``). Empty and single-point intervals are not drawn.

    Example: ``IntervalAnswer(text="(-\\\\infty, 2) \\\\cup [3, +\\\\infty)", canonical="(-\\\\infty,2)\\\\cup[3,\\\\infty)", ...)``.
    """
    count = draw(st.integers(1, max_pieces))
    points = sorted(draw(st.sets(st.integers(-20, 20), min_size=2 * count, max_size=2 * count)))
    pieces = []
    for i in range(count):
        lo, hi = points[2 * i], points[2 * i + 1]
        lc, hc = draw(st.booleans()), draw(st.booleans())
        pieces.append([lo, hi, lc, hc])
    if draw(st.booleans()):
        pieces[0][0], pieces[0][2] = None, False
    if draw(st.booleans()):
        pieces[-1][1], pieces[-1][3] = None, False
    frozen = tuple(tuple(p) for p in pieces)
    canonical = "\\cup".join(_interval_text(p, False, False, False) for p in frozen)
    forms = {"canonical": canonical}
    for spaced in (False, True):
        for plus in (False, True):
            for lr in (False, True):
                name = f"brackets{'-spaced' if spaced else ''}{'-plus' if plus else ''}{'-leftright' if lr else ''}"
                joiner = " \\cup " if spaced else "\\cup"
                forms[name] = joiner.join(_interval_text(p, spaced, plus, lr) for p in frozen)
    inequalities = [_inequality(p, variable) for p in frozen]
    if all(inequalities):
        if count == 1:
            forms["inequality"] = inequalities[0]
        else:
            forms["inequalities-or"] = " \\text{ or } ".join(inequalities)
            forms["inequalities-plain-or"] = " or ".join(inequalities)
    form = draw(st.sampled_from(sorted(forms)))
    return IntervalAnswer(forms[form], canonical, frozen, form)


@st.composite
def equation_rearrangements(draw) -> Rewrite:
    """A line ``y = mx + c`` and a rearrangement (sides swapped, terms reordered, everything on one side).

    Example: ``Rewrite(original="y=2x+3", rewritten="2x-y+3=0", kind="one-side")``.
    """
    m = draw(st.integers(-9, 9).filter(bool))
    c = draw(st.integers(-9, 9).filter(bool))
    rhs = _poly([(m, "x"), (c, "")])
    original = f"y={rhs}"
    forms = {
        "swapped": f"{rhs}=y",
        "reordered": f"y={_poly([(c, ''), (m, 'x')])}",
        "one-side": f"{_poly([(m, 'x'), (-1, 'y'), (c, '')])}=0",
        "spaced": f"y = {rhs.replace('+', ' + ')}",
        "moved-constant": f"y{'-' if c > 0 else '+'}{abs(c)}={_poly([(m, 'x')])}",
    }
    kind = draw(st.sampled_from(sorted(forms)))
    return Rewrite(original, forms[kind], kind)


@st.composite
def collections(draw, kinds: Sequence[str] = ("set", "list", "tuple")) -> Collection:
    """A set (``\\{1, 2\\}``), an unordered answer list (``1, 2``) or a tuple (``(1, 2)``) of distinct integers.

    ``rewritten`` shuffles unordered kinds and only re-spaces tuples.
    Example: ``Collection(text="\\\\{1, 5, 9\\\\}", rewritten="\\\\{9,1,5\\\\}", items=(1, 5, 9), ordered=False, kind="set")``.
    """
    kind = draw(st.sampled_from(list(kinds)))
    items = tuple(draw(st.lists(st.integers(-50, 50), min_size=2, max_size=5, unique=True)))
    ordered = kind == "tuple"
    other = items if ordered else tuple(draw(st.permutations(items)))
    sep1, sep2 = draw(st.sampled_from([(", ", ","), (",", ", ")]))

    def wrap(parts: Sequence[int], sep: str) -> str:
        body = sep.join(str(i) for i in parts)
        return {"set": f"\\{{{body}\\}}", "list": body, "tuple": f"({body})"}[kind]

    return Collection(wrap(items, sep1), wrap(other, sep2), items, ordered, kind)


# ------------------------------------------------------------------------------------------ responses

_OPTION_WORDS = (
    "red cube", "blue sphere", "green cone", "yellow pyramid", "the violin", "the trumpet", "mitochondria",
    "chloroplast", "increasing", "decreasing", "constant", "oscillating", "north", "south", "kitchen",
    "bedroom", "Paris", "Lisbon", "oxygen", "nitrogen", "granite", "basalt", "sparrow", "falcon",
)
_LETTERS = "ABCDEFGHIJKL"  # up to 12 options (max_options)


@st.composite
def option_sets(draw, min_options: int = 2, max_options: int = 5) -> dict[str, str]:
    """Options ``{"A": "red cube", "B": "green cone", ...}``: distinct texts, letters from A in order."""
    n = draw(st.integers(min_options, max_options))
    texts = draw(st.lists(st.sampled_from(_OPTION_WORDS), min_size=n, max_size=n, unique=True))
    return {_LETTERS[i]: t for i, t in enumerate(texts)}


# Fillers never contain capital letters used as option labels, answer markers, boxes or digits, so the only
# commitment in a generated response is the one the strategy puts there.
_FILLER_WORDS = (
    "looking", "at", "the", "figure", "we", "see", "that", "shape", "values", "compare", "each", "carefully",
    "consider", "which", "matches", "description", "given", "in", "question", "colour", "position", "there",
    "is", "one", "object", "near", "left", "side", "of", "image", "reasoning", "step", "by", "first", "then",
)


@st.composite
def reasoning_text(draw, max_sentences: int = 4) -> str:
    """Neutral reasoning prose (lower-case words, no letters, digits, markers or boxes), possibly empty."""
    sentences = draw(st.lists(st.lists(st.sampled_from(_FILLER_WORDS), min_size=3, max_size=10),
                              max_size=max_sentences))
    return " ".join(" ".join(words).capitalize() + "." for words in sentences)


#: every response style :func:`choice_responses` may produce
CHOICE_STYLES = (
    "bare", "parenthesised", "period", "bracket-after", "bold", "boxed", "answer-tag", "answer-is",
    "final-answer", "option", "with-text", "lowercase-answer-is", "chinese", "markdown-heading", "latex-boxed-inline",
)


def _choice_text(style: str, letter: str, text: str) -> str:
    return {
        "bare": letter,
        "parenthesised": f"({letter})",
        "period": f"{letter}.",
        "bracket-after": f"{letter})",
        "bold": f"**{letter}**",
        "boxed": f"\\boxed{{{letter}}}",
        "answer-tag": f"<answer>{letter}</answer>",
        "answer-is": f"The answer is {letter}.",
        "final-answer": f"Final Answer: {letter}",
        "option": f"Option {letter}",
        "with-text": f"({letter}) {text}",
        "lowercase-answer-is": f"the answer is ({letter.lower()})",
        "chinese": f"答案是{letter}",
        "markdown-heading": f"### Answer\n**{letter}**",
        "latex-boxed-inline": f"So the answer is $\\boxed{{{letter}}}$.",
    }[style]


@st.composite
def choice_responses(draw, options: Mapping[str, str] | None = None,
                     styles: Sequence[str] = CHOICE_STYLES, reasoning: bool = True) -> ChoiceResponse:
    """A reply that picks one option in a common style, optionally after neutral reasoning.

    Styles: ``B``, ``(B)``, ``B.``, ``B)``, ``**B**``, ``\\boxed{B}``, ``<answer>B</answer>``, "The answer is B.",
    "Final Answer: B", "Option B", "(B) <option text>", "the answer is (b)", "答案是B", a markdown heading
    with a bold letter, "So the answer is $\\boxed{B}$.". Bare-letter styles get no reasoning before them
    (a lone letter at the end of prose is not a committed answer).

    Example: ``ChoiceResponse(text="Looking at the figure. The answer is C.", letter="C", options={...}, style="answer-is")``.
    """
    if options is None:
        options = draw(option_sets())
    letter = draw(st.sampled_from(sorted(options)))
    style = draw(st.sampled_from(list(styles)))
    body = _choice_text(style, letter, options[letter])
    prose = draw(reasoning_text()) if reasoning and style not in ("bare", "parenthesised", "period",
                                                                    "bracket-after", "with-text") else ""
    text = f"{prose}\n{body}".strip() if prose else body
    return ChoiceResponse(text, letter, dict(options), style)


#: every final-answer style :func:`model_responses` may produce
RESPONSE_MARKERS = (
    "boxed", "final-answer-is", "answer-colon", "bold-final", "display-box", "therefore", "chinese",
)


def _commit(marker: str, answer: str) -> str:
    return {
        "boxed": f"Putting it together, we get $\\boxed{{{answer}}}$.",
        "final-answer-is": f"So the final answer is ${answer}$.",
        "answer-colon": f"Answer: ${answer}$",
        "bold-final": f"**Final Answer:** $\\boxed{{{answer}}}$",
        "display-box": f"Therefore\n\\[\n\\boxed{{{answer}}}\n\\]",
        "therefore": f"Therefore, the final answer is $\\boxed{{{answer}}}$.",
        "chinese": f"所以最终答案是${answer}$。",
    }[marker]


@st.composite
def model_responses(draw, answer: str | st.SearchStrategy[str] | None = None,
                    draft: str | st.SearchStrategy[str] | None = None,
                    markers: Sequence[str] = RESPONSE_MARKERS) -> ModelResponse:
    """A full response: reasoning prose, optionally a draft answer that is then abandoned, and a final answer.

    Args:
        answer: the final answer's LaTeX (a strategy or a fixed string; default: :func:`numeric_answers`).
        draft: an earlier, abandoned answer (boxed, then "wait, let me recheck"); None = maybe one drawn.
        markers: the final-answer styles to draw from: ``boxed``, ``final-answer-is``, ``answer-colon``,
            ``bold-final``, ``display-box``, ``therefore``, ``chinese``.

    Example: ``ModelResponse(text="We compute ... $\\\\boxed{4}$. Wait, let me recheck ... So the final answer is $5$.",
    answer="5", marker="final-answer-is", draft="4")``.
    """
    if answer is None:
        answer = draw(numeric_answers()).text
    elif not isinstance(answer, str):
        answer = draw(answer)
    if draft is not None and not isinstance(draft, str):
        draft = draw(draft)
    marker = draw(st.sampled_from(list(markers)))
    parts = [draw(reasoning_text())]
    if draft is not None:
        parts.append(f"At first I get $\\boxed{{{draft}}}$. Wait, let me recheck that computation.")
        parts.append(draw(reasoning_text()))
    parts.append(_commit(marker, answer))
    text = "\n\n".join(p for p in parts if p)
    return ModelResponse(text, answer, marker, draft)


# ------------------------------------------------------------------------------------------ adversarial

@st.composite
def near_misses(draw, kinds: Sequence[str] | None = None) -> NearMiss:
    """An answer that differs from its gold in one small, meaningful way; a correct matcher rejects it.

    Kinds: ``sign-flip`` (``-3/4`` vs ``3/4``), ``off-by-one`` (``12`` vs ``13``), ``wrong-bracket``
    (``(1, 2]`` vs ``[1, 2]``), ``tuple-order`` (``(1, 2)`` vs ``(2, 1)``), ``dropped-element``
    (``\\{1, 2, 3\\}`` vs ``\\{1, 2\\}``), ``radical-sign`` (``2\\sqrt{3}`` vs ``-2\\sqrt{3}``),
    ``pi-coefficient`` (``\\frac{\\pi}{3}`` vs ``\\frac{2\\pi}{3}``), ``equation-constant`` (``y=2x+3`` vs ``y=2x+4``).

    Example: ``NearMiss(gold="\\\\frac{3}{4}", text="-0.75", kind="sign-flip")``.
    """
    all_kinds = ("sign-flip", "off-by-one", "wrong-bracket", "tuple-order", "dropped-element", "radical-sign",
                 "pi-coefficient", "equation-constant")
    kind = draw(st.sampled_from(list(kinds or all_kinds)))
    if kind == "sign-flip":
        value = draw(rationals().filter(bool))
        gold = draw(number_renderings(value))
        miss = draw(number_renderings(-value))
        return NearMiss(gold.text, miss.text, kind)
    if kind == "off-by-one":
        n = draw(st.integers(-5000, 5000))
        delta = draw(st.sampled_from([-1, 1]))
        gold = draw(number_renderings(Fraction(n)))
        miss = draw(number_renderings(Fraction(n + delta)))
        return NearMiss(gold.text, miss.text, kind)
    if kind == "wrong-bracket":
        interval = draw(intervals(max_pieces=2).filter(
            lambda i: any(p[0] is not None or p[1] is not None for p in i.pieces)))
        pieces = [list(p) for p in interval.pieces]
        finite = [(i, end) for i, p in enumerate(pieces) for end in (0, 1) if p[end] is not None]
        i, end = draw(st.sampled_from(finite))
        pieces[i][2 + end] = not pieces[i][2 + end]
        miss = "\\cup".join(_interval_text(tuple(p), False, False, False) for p in pieces)
        return NearMiss(interval.text, miss, kind)
    if kind == "tuple-order":
        items = draw(st.lists(st.integers(-20, 20), min_size=2, max_size=4, unique=True))
        shuffled = draw(st.permutations(items).filter(lambda p: list(p) != items))
        return NearMiss(f"({', '.join(map(str, items))})", f"({', '.join(map(str, shuffled))})", kind)
    if kind == "dropped-element":
        coll = draw(collections(kinds=("set", "list")))
        items = list(coll.items)
        items.pop(draw(st.integers(0, len(items) - 1)))
        body = ", ".join(map(str, items))
        miss = f"\\{{{body}\\}}" if coll.kind == "set" else body
        return NearMiss(coll.text, miss, kind)
    if kind == "radical-sign":
        r = draw(radical_renderings())
        flipped = r.canonical[1:] if r.canonical.startswith("-") else "-" + r.canonical
        return NearMiss(r.text, flipped, kind)
    if kind == "pi-coefficient":
        p = draw(st.integers(1, 11))
        q = draw(st.integers(2, 6))
        def pi(k: int) -> str:
            return f"\\frac{{{'' if k == 1 else k}\\pi}}{{{q}}}"

        return NearMiss(pi(p), pi(p + 1), kind)
    m = draw(st.integers(-9, 9).filter(bool))
    c = draw(st.integers(-9, 9).filter(bool))
    return NearMiss(f"y={_poly([(m, 'x'), (c, '')])}", f"y={_poly([(m, 'x'), (c + 1, '')])}", kind)


_NASTY = (
    "\\frac{", "}", "{", "\\boxed{", "\\left(", "\\right)", "$", "$$", "\\\\", "^", "_", "\\sqrt", "\\infty",
    "\\cup", ",", ";", "=", "<", "\\leq", "(", ")", "[", "]", "\\{", "\\}", "\\text{", "<ans>", "</ans>",
    "<answer>", "</answer>", "Answer:", "The answer is", "\\pi", "%", "\\%", "e", "x", "1", "0", "-", ".",
    "10^{10^{10}}", "9999999!", "\u200b", "\u202e", "\ufeff", "\x00", "∞", "√", "答案是", "\n", " ",
)


@st.composite
def hostile_text(draw, max_size: int = 200) -> str:
    """Text no matcher should choke on: arbitrary unicode, LaTeX fragments, huge or deeply nested inputs.

    Shapes: arbitrary unicode text; a soup of LaTeX/markup tokens (unbalanced braces, huge exponents,
    stray markers); the same token repeated up to 100,000 characters; up to 3,000 nested parentheses or braces.
    """
    shape = draw(st.sampled_from(["unicode", "soup", "huge", "nested"]))
    if shape == "unicode":
        return draw(st.text(max_size=max_size))
    if shape == "soup":
        return "".join(draw(st.lists(st.sampled_from(_NASTY), max_size=max_size // 4)))
    if shape == "huge":
        token = draw(st.sampled_from(["1+", "9", "\\frac{1}{", "(", "a ", "B ", "\\boxed{1}", "答", "é"]))
        return token * draw(st.integers(1000, 100_000 // len(token)))
    depth = draw(st.integers(100, 3000))
    opener, closer = draw(st.sampled_from([("(", ")"), ("{", "}"), ("\\sqrt{", "}"), ("\\frac{1}{", "}")]))
    return opener * depth + "1" + closer * depth


def _chr_encoded(source: str) -> str:
    """``source`` as ``chr(..)+chr(..)...``: no quote, no dunder, nothing a text filter would recognise."""
    return "+".join(f"chr({ord(c)})" for c in source)


@st.composite
def python_payloads(draw, module: str, attribute: str, canary: str | None = None) -> str:
    """Text that sets ``sys.modules[module].<attribute>`` (or creates the file ``canary``) if anything runs it.

    The payload is wrapped the way answers are: bare, boxed, in ``<ans>`` tags, as a fraction, a set, a list or
    a dict literal, in a lambda, after "Answer:". After scoring, assert the attribute was not set and the
    canary file does not exist. Some payloads are spelled with ``chr()`` only (no quotes, no ``__``), as an
    attacker passes a filter that looks for dunders.

    Example: ``"\\\\boxed{__import__('sentinel').__setattr__('hit', 1)}"``.
    """
    setter = f"import {module}; {module}.{attribute} = 1"
    cores = [
        f"__import__('{module}').__setattr__('{attribute}', 1)",
        f"setattr(__import__('{module}'), '{attribute}', 1)",
        f"exec(\"{setter}\")",
        f"eval(\"__import__('{module}').__setattr__('{attribute}', 1)\")",
        f"(lambda: __import__('{module}').__setattr__('{attribute}', 1))()",
        f"[__import__('{module}').__setattr__('{attribute}', 1) for _ in range(1)]",
        f"exec({_chr_encoded(setter)})",
    ]
    if canary is not None:
        touch = f"open({canary!r}, 'w').close()"
        cores += [touch, f"exec({_chr_encoded(touch)})", f"exec({_chr_encoded('import os; os.system(' + repr('touch ' + canary) + ')')})"]
    core = draw(st.sampled_from(cores))
    wrapper = draw(st.sampled_from([
        "{p}", "\\boxed{{{p}}}", "<ans>{p}</ans>", "<answer>{p}</answer>", "\\frac{{{p}}}{{2}}", "{{{p}, 1}}",
        "[{p}]", "{{'answer': {p}}}", "Answer: {p}", "So the final answer is ${p}$.", "({p}, 2]",
        "x = {p}", "{p} = y",
    ]))
    return wrapper.format(p=core)


def _public_names() -> list[str]:
    return sorted(name for name, value in globals().items()
                  # isidentifier: pytest's assertion rewriting adds "@py_assert..." globals to this module
                  if not name.startswith("_") and name.isidentifier() and not isinstance(value, ModuleType)
                  and getattr(value, "__module__", __name__) == __name__)


# As Hypothesis' own strategies module: the public surface is exactly what __all__ says.
assert sorted(__all__) == _public_names(), (sorted(__all__), _public_names())
