"""Physics answers written under another convention than the gold's: a unit system, a quantity's name, an order of
magnitude. Each reading only ever accepts (it answers ``True`` or leaves the pair to the step after it), one answer
part against one, and each keeps the near miss it could be mistaken for wrong:

* **Gaussian and SI units** (:func:`conventional`, method ``gaussian-units``): a formula in SI units writes the
  vacuum permittivity (``\\frac{e^2 R^2}{6\\pi\\varepsilon_0 a_0^3}``) where the same formula in Gaussian units writes
  none (``\\frac{2e^2R^2}{3a_0^3}``); when exactly one of the two answers writes ``\\varepsilon_0``, it is read with
  ``4\\pi\\varepsilon_0 = 1``, the change of system, and the two are compared with the same symbols left. A factor
  of ``4\\pi`` off stays wrong, and so does an answer whose other symbols differ.
* **h against ħ** (method ``planck-constant``): one answer writing ``h`` and not ``\\hbar``, the other ``\\hbar`` and
  not ``h``: ``h`` is read as ``2\\pi\\hbar``. The two systems combine, and each combines with a renamed quantity
  below (the methods joined by ``+``).
* **A quantity under another name** (method ``renamed-symbol``): when the two answers differ by one symbol each
  and are the same formula once that symbol is renamed, the names are read as one quantity only in three cases:
  the gold's name is one the question never writes and the reply's is the question's own name written with the
  same-looking letter (``p`` in the question for the gold's ``\\rho``, ``v`` for ``\\nu``, ``w`` for
  ``\\omega``, ``k`` for ``\\kappa``, ``x`` for ``\\chi``); or one name writes a transition's two levels by numbers
  and the other by letters on the same letter (``\\omega_{21}`` and ``\\omega_{fi}``), the question writing neither; or
  both name the particle's mass (``m``, ``\\mu``, ``m_e``) and the question writes neither. Two names of one family
  (``v_1`` and ``v_2``, ``v_i`` and ``v_f``), a name the question gives to another quantity, and unrelated letters
  stay two quantities.
* **A spring constant against a frequency** (method ``spring-constant``): when the question's harmonic oscillator
  writes its spring constant (``V = \\frac{1}{2} k x^2``) and no ``\\omega``, an answer in ``k`` and one in ``m`` and
  ``\\omega`` are read with ``k = m\\omega^2`` (``-\\frac{q^2E^2}{2k}`` answers ``-\\frac{q^2E^2}{2m\\omega^2}``).
* **Natural units** (method ``natural-units``): when the question is set at a collider, on quarks or in MeV/GeV/TeV
  and its maths writes no ``c``, an answer writing ``c`` and one writing none are read with ``c = 1``
  (``\\frac{5}{4}m_t`` answers ``E = \\frac{5}{4}m_tc^2``). Elsewhere a missing ``c^2`` stays wrong.
* **An order of magnitude** (method ``order-of-magnitude``): when the row's question asks for an order of magnitude
  ("estimate (order of magnitude)", "to the nearest power of 10", 数量级), a reply giving a power of ten answers for
  the gold's value when the two are less than a factor of 3 apart (``10^7`` for ``2\\times10^7``); a power one off
  (``10^8`` for ``2\\times10^7``), ``10^{15}`` for a gold written ``3\\times10^{15}`` (its writer chose the 3), a reply
  that is no power of ten (``2.5\\times10^{11}`` for ``10^{11}``) and any question asking a value stay as they were.
"""

from __future__ import annotations

import math
import re
from typing import Any, Iterator

from ...text.patterns import lazy_compile
from ..extract import math_spans
from ..guard import StepTimeout, step_limit
from ..normalize import Item
from .marks import unit_scale
from .tuples import split_top
from .values import Unknown, expressions_equal, parse

__all__ = ["conventional"]

# the vacuum permittivity written as a symbol
_EPSILON_0 = lazy_compile(r"\\(?:var)?epsilon\s*_\s*\{?\s*0\s*\}?|[εϵ]\s*_?\s*\{?\s*0\s*\}?|\\varepsilon_\{?\\?o\}?")
_EPSILON_NAMES = frozenset({"epsilon_{0}", "varepsilon_{0}", "epsilon_0", "varepsilon_0"})
_ORDER_ASKED = lazy_compile(r"(?i)order[\s-]+of[\s-]+magnitude|nearest\s+power\s+of\s+(?:10|ten)\b|数量级")
# a name the cheap check counts: a command or a letter, with its subscript
_NAME = lazy_compile(r"\\[a-zA-Z]+(?:\s*_\s*(?:\{[^{}]{1,12}\}|[A-Za-z0-9]))?|[A-Za-z](?:\s*_\s*(?:\{[^{}]{1,12}\}|[A-Za-z0-9]))?")
_PLAIN_WORDS = lazy_compile(r"[A-Za-z\s.,;:!'-]*")
_NOT_SYMBOLS = frozenset({"\\frac", "\\dfrac", "\\tfrac", "\\sqrt", "\\left", "\\right", "\\cdot", "\\times", "\\sin",
                          "\\cos", "\\tan", "\\arctan", "\\arcsin", "\\arccos", "\\ln", "\\log", "\\exp", "\\pi",
                          "\\text", "\\mathrm", "\\mathbf", "\\big", "\\Big", "\\,", "\\;", "\\quad", "\\sinh", "\\cosh",
                          "\\tanh", "\\cot", "\\sec", "\\csc", "\\infty", "\\operatorname"})
# letters a name may be written with when its Greek letter is misread: the question's p for the gold's rho
_LOOK_ALIKE = {"rho": "p", "nu": "v", "omega": "w", "kappa": "k", "chi": "x"}
_MASS_NAMES = frozenset({"m", "mu", "m_{e}"})
_GREEK_CHARS = {"ρ": "\\rho", "ν": "\\nu", "ω": "\\omega", "κ": "\\kappa", "χ": "\\chi", "μ": "\\mu", "ε": "\\varepsilon"}
# a power of ten answers for a value less than a factor of 3 from it (2e7 is of order 1e7; a gold written 3e15 is not
# answered by 1e15: its writer chose the 3)
_WITHIN = math.log10(3)
_WORD_OR_COMMAND = lazy_compile(r"\\[a-zA-Z]+|[A-Za-z]{3,}")
# a harmonic oscillator given by its spring constant: "$V = \frac{1}{2} k x^2$", "a spring of constant $k$"
_SPRING_ASKED = lazy_compile(r"(?i)\\frac\s*\{?\s*1\s*\}?\s*\{?\s*2\s*\}?\s*k\s*x\s*\^\s*\{?\s*2|\bspring\s+constant\s+\$?\s*k\b|"
                            r"\bconstant\s+\$\s*k\s*\$")
_OMEGA_WRITTEN = lazy_compile(r"\\omega|ω")
# a question set in natural units: particle physics at a collider, quarks, energies in MeV / GeV / TeV
_NATURAL_UNITS = lazy_compile(r"(?i)\bcollider\b|\bquarks?\b|\b[MGT]eV\b|\bnatural\s+units\b")


def _value_side(text: str, other: str) -> str:
    """``P = E`` read as ``E`` when the other answer writes no ``=`` (a label before the value)."""
    if "=" in other:
        return text
    sides = split_top(text, "=")
    return sides[-1] if len(sides) == 2 and sides[0].strip() and sides[1].strip() else text


def _names(text: str) -> set[str]:
    return {re.sub(r"[\s{}]", "", n) for n in _NAME.findall(text)} - _NOT_SYMBOLS - {"e", "i"}


def _worth_reading(g: str, p: str, question: str | None) -> bool:
    """A cheap look before any parse: one answer writes ε0 and the other not, the question asks an order of
    magnitude, or the two write different names (letters side by side counted one by one)."""
    if bool(_EPSILON_0.search(g)) != bool(_EPSILON_0.search(p)):
        return True
    if question and _ORDER_ASKED.search(question):
        return True
    if _PLAIN_WORDS.fullmatch(g) or _PLAIN_WORDS.fullmatch(p):
        return False  # "Yes" against "No": words, no symbols
    gn, pn = _names(g), _names(p)
    return bool(gn and pn) and gn != pn


def _question_names(question: str | None) -> str:
    """The maths the question writes, spaces and braces dropped and Greek characters as commands, one string."""
    if not question:
        return ""
    spans = " ".join(math_spans(question))
    for char, command in _GREEK_CHARS.items():
        spans = spans.replace(char, command + " ")
    return " " + re.sub(r"[{}]", "", spans) + " "


def _written(name: str, maths: str) -> bool:
    """Does the question's maths write the symbol SymPy calls ``name`` (``rho``, ``omega_{f*i}``, ``p``)?"""
    base, _, sub = name.partition("_")
    sub = sub.strip("{}").replace("*", "")
    head = ("\\" + base) if len(base) > 1 else base
    if sub:
        pattern = r"(?<![A-Za-z\\])%s\s*_\s*%s(?![A-Za-z0-9])" % (re.escape(head), re.escape(sub))
        return re.search(pattern, maths) is not None
    if len(head) > 1:
        return re.search(r"%s(?![A-Za-z])" % re.escape(head), maths) is not None
    # a letter: anywhere in the maths but in a command or a word (``ip`` in ``n(1 + ip)`` writes p)
    return base in _WORD_OR_COMMAND.sub(" ", maths)


def _one_name(gold: str, pred: str, maths: str) -> bool:
    """May the gold's name ``gold`` and the reply's ``pred`` be one quantity (the module docstring's three cases)?"""
    g_base, _, g_sub = gold.partition("_")
    p_base, _, p_sub = pred.partition("_")
    if not g_sub and not p_sub and _LOOK_ALIKE.get(g_base) == p_base:
        return not _written(gold, maths) and _written(pred, maths)
    if _written(gold, maths) or _written(pred, maths):  # (a name the question gives: another quantity's)
        return False
    if g_base == p_base and g_sub and p_sub:
        g_sub, p_sub = g_sub.strip("{}").replace("*", ""), p_sub.strip("{}").replace("*", "")
        return len(g_sub) == len(p_sub) == 2 and (  # a transition's two levels: "21" and "fi"
            (g_sub.isdigit() and p_sub.isalpha()) or (g_sub.isalpha() and p_sub.isdigit()))
    return gold in _MASS_NAMES and pred in _MASS_NAMES


def conventional(g: Item, p: Item, question: str | None) -> tuple[bool, str] | None:
    """``(True, method)`` when ``p`` is the gold ``g`` written under another convention (the module docstring);
    None otherwise (the pair is left to the comparison that follows)."""
    gold, pred = _value_side(g.text, p.text), _value_side(p.text, g.text)
    if not _worth_reading(gold, pred, question):
        return None
    scale = unit_scale(g, p)
    if scale is None:
        return None
    try:
        ge, pe = parse(gold, g), parse(pred, p)
    except (Unknown, StepTimeout, RecursionError, ValueError, TypeError):
        return None
    import sympy

    if scale != 1:
        pe = pe * sympy.Rational(scale.numerator, scale.denominator)
    try:
        with step_limit(2.0):
            for ge_read, pe_read, how in _systems(ge, pe, question):
                if how and _same(ge_read, pe_read):
                    return True, how
                if _renamed(ge_read, pe_read, question):
                    return True, "+".join(filter(None, (how, "renamed-symbol")))
            return _order(ge, pe, question)
    except (StepTimeout, TypeError, ValueError, ArithmeticError, RecursionError, AttributeError):
        return None


def _systems(ge: Any, pe: Any, question: str | None = None) -> Iterator[tuple[Any, Any, str]]:
    """The two answers as written, then read in one system of units when they are written in two: Gaussian (one
    writes ε0, the other not) and ħ (one writes h, the other ħ), each alone and both, with the readings' names; a
    harmonic oscillator's spring constant against its frequency, and natural units, where the question allows."""
    yield ge, pe, ""
    spring = _spring(ge, pe, question)
    if spring:
        yield (*spring, "spring-constant")
    natural = _natural(ge, pe, question)
    if natural:
        yield (*natural, "natural-units")
    gaussian = _gaussian(ge, pe)
    planck = _planck(ge, pe)
    if gaussian:
        yield (*gaussian, "gaussian-units")
    if planck:
        yield (*planck, "planck-constant")
    if gaussian and planck:
        both = _planck(*gaussian)
        if both:
            yield (*both, "gaussian-units+planck-constant")


def _same(ge: Any, pe: Any) -> bool:
    if {s.name for s in ge.free_symbols} != {s.name for s in pe.free_symbols}:
        return False
    return expressions_equal(ge, pe)[0]


def _gaussian(ge: Any, pe: Any) -> tuple[Any, Any] | None:
    """Both answers with ``4\\pi\\varepsilon_0 = 1`` when exactly one writes ε0; else None."""
    import sympy

    g_eps = [s for s in ge.free_symbols if s.name in _EPSILON_NAMES]
    p_eps = [s for s in pe.free_symbols if s.name in _EPSILON_NAMES]
    if bool(g_eps) == bool(p_eps):
        return None
    one = 1 / (4 * sympy.pi)
    return ge.xreplace({s: one for s in g_eps}), pe.xreplace({s: one for s in p_eps})


def _planck(ge: Any, pe: Any) -> tuple[Any, Any] | None:
    """Both answers with ``h = 2\\pi\\hbar`` when one writes h and not ħ and the other ħ and not h; else None."""
    import sympy

    def names(e: Any) -> dict[str, Any]:
        return {s.name: s for s in e.free_symbols}

    g, p = names(ge), names(pe)
    if "h" in g and "hbar" not in g and "hbar" in p and "h" not in p:
        return ge.xreplace({g["h"]: 2 * sympy.pi * p["hbar"]}), pe
    if "h" in p and "hbar" not in p and "hbar" in g and "h" not in g:
        return ge, pe.xreplace({p["h"]: 2 * sympy.pi * g["hbar"]})
    return None


def _spring(ge: Any, pe: Any, question: str | None) -> tuple[Any, Any] | None:
    """Both answers with ``k = m\\omega^2`` when the question's oscillator writes its spring constant ``k`` (``V =
    \\frac{1}{2} k x^2``) and not ``\\omega``, one answer writes ``k`` and not ``\\omega``, the other ``\\omega`` and
    ``m`` and not ``k``; else None."""
    if not question or not _SPRING_ASKED.search(question) or _OMEGA_WRITTEN.search(question):
        return None

    def names(e: Any) -> dict[str, Any]:
        return {s.name: s for s in e.free_symbols}

    g, p = names(ge), names(pe)
    for one, other, swap in ((g, p, False), (p, g, True)):
        if "k" in one and "omega" not in one and "omega" in other and "m" in other and "k" not in other:
            read = (pe if swap else ge).xreplace({one["k"]: other["m"] * other["omega"] ** 2})
            return (ge, read) if swap else (read, pe)
    return None


def _natural(ge: Any, pe: Any, question: str | None) -> tuple[Any, Any] | None:
    """Both answers with ``c = 1`` when the question is set in natural units (a collider, quarks, energies in GeV;
    its maths writes no ``c``) and exactly one answer writes ``c``; else None."""
    if not question or not _NATURAL_UNITS.search(question) or re.search(r"(?<![A-Za-z\\])c(?![A-Za-z])",
                                                                         " ".join(math_spans(question))):
        return None
    g_c = [s for s in ge.free_symbols if s.name == "c"]
    p_c = [s for s in pe.free_symbols if s.name == "c"]
    if bool(g_c) == bool(p_c):
        return None
    return ge.xreplace({s: 1 for s in g_c}), pe.xreplace({s: 1 for s in p_c})


def _renamed(ge: Any, pe: Any, question: str | None) -> bool:
    g_only = {s for s in ge.free_symbols} - {s for s in pe.free_symbols}
    p_only = {s for s in pe.free_symbols} - {s for s in ge.free_symbols}
    g_names = {s.name for s in g_only}
    p_names = {s.name for s in p_only}
    g_only = {s for s in g_only if s.name not in p_names}
    p_only = {s for s in p_only if s.name not in g_names}
    if len(g_only) != 1 or len(p_only) != 1:
        return False
    (gs,), (ps,) = g_only, p_only
    return _one_name(gs.name, ps.name, _question_names(question)) and _same(ge, pe.xreplace({ps: gs}))


def _order(ge: Any, pe: Any, question: str | None) -> tuple[bool, str] | None:
    if not question or not _ORDER_ASKED.search(question) or ge.free_symbols or pe.free_symbols:
        return None
    ge, pe = ge.doit(), pe.doit()  # (parsed unevaluated: 2*10**7)
    try:
        gv, pv = float(ge), float(pe)
    except (TypeError, ValueError, OverflowError):
        return None
    if ge == pe or not (gv > 0 and pv > 0 and math.isfinite(gv) and math.isfinite(pv)):
        return None
    n = _power_of_ten(pe)  # (the reply gives the power of ten asked: 2.5e11 is no order of magnitude)
    if n is not None and abs(math.log10(gv) - n) < _WITHIN:
        return True, "order-of-magnitude"
    return None


def _power_of_ten(expr: Any) -> int | None:
    """``n`` when ``expr`` is exactly ``10^n``."""
    import sympy

    if not expr.is_Rational or expr <= 0:
        return None
    n = round(math.log10(float(expr)))
    return n if expr == sympy.Integer(10) ** n else None
