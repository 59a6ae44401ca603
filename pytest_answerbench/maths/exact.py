"""Exact answers beyond the engine's size bounds: long numerals, integer towers, large exponents written alike.

The general comparison (:mod:`.compare`) bounds what it evaluates (:data:`.guard.MAX_TEXT`,
:data:`.guard.MAX_EXPONENT`, :data:`.guard.MAX_ANSWER`), so no answer can make it run away. Some answers
past those bounds can still be compared exactly, and cheaply:

* a numeral of any length up to :data:`MAX_DIGITS` digits (:func:`numeral`, linear in its length, separators
  and zero-width characters allowed);
* an integer computed from a short expression (``2^{2^{16}}``, 19,729 digits), when its size, estimated before
  computing it, is at most :data:`MAX_BITS` (:func:`canonical` folds it);
* two expressions that are the same tree once sums and products are put in one order and small numeric
  subexpressions are folded (``(x+1)^{1000000}`` and ``(1+x)^{1000000}``, ``x^{10^9}`` and
  ``x^{1000000000}``): :func:`canonical` never expands or evaluates a large power, so building it is cheap.

When none of these decides a pair, the comparison is undecided, and the caller reports the bound that stopped
it (:class:`Undecided`, :data:`BOUNDS`): a bound is never a reason to call an answer wrong.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from fractions import Fraction
from typing import Any, Iterator, Mapping

from ..text.patterns import lazy_compile
from .guard import MAX_ANSWER, MAX_EXPONENT, MAX_LOOSE, MAX_NODES, MAX_TEXT

__all__ = ["BOUND", "BOUNDS", "INVISIBLE", "MAX_BITS", "MAX_DIGITS", "Undecided", "canonical", "numeral", "undecided"]

#: Longest numeral converted to a number (digits). CPython converts decimal text to an integer in quadratic
#: time: 0.03 s at 100,000 digits, 0.28 s at 300,000 (Python 3.11, this machine).
MAX_DIGITS = 200_000
#: Largest integer computed from an expression (bits; 2^{2^{16}} has 65,537). About MAX_DIGITS decimal digits.
MAX_BITS = 665_000
#: Characters that render as nothing (zero-width space, joiners, word joiner, byte-order mark, soft hyphen):
#: "12\u200b345" is 12345.
INVISIBLE = lazy_compile("[\u200b\u200c\u200d\u2060\ufeff\u00ad]")

#: What each bound is, for the message of an undecided comparison (``method`` is ``bound:<name>``).
BOUNDS = {
    "too-long": f"answers longer than {MAX_ANSWER} characters are compared only when they are numbers, lists or "
                "the same text",
    "parse-length": f"expressions longer than {MAX_TEXT} characters, or nested too deeply, are not parsed",
    "nodes": f"expressions of more than {MAX_NODES} parts are not evaluated",
    "exponent": f"powers with exponents above {MAX_EXPONENT} are compared only when written alike or when their "
                f"value has at most {MAX_BITS} bits",
    "factorial": f"factorials of numbers above {MAX_EXPONENT * 10} are compared only when written alike",
    "integer": f"integers of more than {MAX_BITS} bits are not computed",
    "digits": f"numerals of more than {MAX_DIGITS} digits are not converted",
    "precision": "values SymPy cannot evaluate to 30 correct digits are not compared numerically",
    "parts": f"lists whose parts differ as written in more than {MAX_LOOSE} places are not compared part by part",
}


#: Prefix of the method of an undecided comparison: ``bound:<name>``, name a key of :data:`BOUNDS`.
BOUND = "bound:"


def undecided(method: str) -> str | None:
    """Why a comparison gave no verdict, for a message (its method is ``bound:<name>``); None if it decided."""
    if not method.startswith(BOUND):
        return None
    name = method[len(BOUND):]
    return f"no verdict: {BOUNDS.get(name, name)} (bound '{name}')"


class Undecided(Exception):
    """A size bound prevented a verdict. ``name`` is a key of :data:`BOUNDS`."""

    def __init__(self, name: str, detail: str = ""):
        super().__init__(detail or name)
        self.name = name


@contextmanager
def _long_integers() -> Iterator[None]:
    """Lift CPython's 4,300-digit limit on int <-> str conversion (lengths are bounded by the callers)."""
    get = getattr(sys, "get_int_max_str_digits", None)
    if get is None:
        yield
        return
    old = get()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(old)


_NUMERAL = lazy_compile(r"([-+]?)(\d*)(?:\.(\d*))?")
_SEPARATOR = r"(?:,|\\,|\\ |\\!|\{,\}|\s)"
#: A whole part in groups of three (first group 1-3 digits, not 0): ``12,345``, ``12\,345``, ``12{,}345``.
_GROUPED = lazy_compile(r"[-+]?[1-9]\d{0,2}(?:%s\d{3})+(?:\.\d*)?" % _SEPARATOR)
_SEPARATORS = lazy_compile(_SEPARATOR)


def numeral(text: str) -> Fraction | None:
    """The exact value of a plain numeral of any length (``-12,345.50``, ``12\\,345``), or None.

    Thousands separators count only in the whole part, between groups of three digits after a first group of
    one to three (``1234,567`` and ``0.123,456`` are no numerals). Raises Undecided("digits") past
    :data:`MAX_DIGITS` digits.
    """
    t = INVISIBLE.sub("", text).strip().strip("$").strip()
    if not t or len(t) > 8 * MAX_DIGITS or not (t[0].isdigit() or t[0] in "-+."):
        return None
    if not t.replace(".", "", 1).lstrip("-+").isdigit():
        if not _GROUPED.fullmatch(t):
            return None
        t = _SEPARATORS.sub("", t)
    m = _NUMERAL.fullmatch(t)
    if not m or not (m.group(2) or m.group(3)):
        return None
    whole, frac = m.group(2) or "0", m.group(3) or ""
    if len(whole) + len(frac) > MAX_DIGITS:
        raise Undecided("digits", f"a numeral of {len(whole) + len(frac)} digits")
    with _long_integers():
        value = Fraction(int(whole + frac), 10 ** len(frac)) if frac else Fraction(int(whole))
    return -value if m.group(1) == "-" else value


def _size(number: Any) -> int:
    """Bits of a SymPy Rational as stored: numerator and denominator (3^{-20000} is small but 31,700 bits)."""
    return abs(int(number.p)).bit_length() + int(number.q).bit_length()


def canonical(expr: Any, max_bits: int = MAX_BITS, subs: Mapping[Any, Any] | None = None) -> Any:
    """``expr`` (a parsed, unevaluated tree) in a canonical form that is cheap to build whatever its size.

    Sums and products are flattened and their terms sorted; a subexpression of numbers only is folded to its
    exact value when that value (estimated first) has at most ``max_bits`` bits; a power with a large exponent
    stays a power (never expanded or multiplied out). Two answers written alike up to order and arithmetic on
    small numbers get equal trees. Iterative over the tree (no recursion limit); raises nothing for sizes.
    ``subs`` replaces leaves (letters by values, floats by rationals) as the tree is rebuilt: unlike
    ``xreplace``, which evaluates every node it rebuilds, it never computes a power held back for its size.
    """
    import sympy
    from sympy.core.sorting import default_sort_key

    done: dict[int, Any] = {}
    stack: list[tuple[Any, bool]] = [(expr, False)]
    while stack:
        node, ready = stack.pop()
        if id(node) in done:
            continue
        if not node.args or not isinstance(node, sympy.Basic):
            done[id(node)] = subs.get(node, node) if subs else node
            continue
        if not ready:
            stack.append((node, True))
            stack.extend((arg, False) for arg in node.args if id(arg) not in done)
            continue
        args = [done[id(arg)] for arg in node.args]
        done[id(node)] = _rebuild(node, args, max_bits, sympy, default_sort_key)
    return done[id(expr)]


def _rebuild(node: Any, args: list[Any], max_bits: int, sympy: Any, sort_key: Any) -> Any:
    if isinstance(node, (sympy.Add, sympy.Mul)):
        cls = type(node)
        flat: list[Any] = []
        for arg in args:
            flat.extend(arg.args if type(arg) is cls else (arg,))
        numbers = [a for a in flat if a.is_Rational]
        rest = [a for a in flat if not a.is_Rational]
        if len(numbers) > 1 or numbers and (cls is sympy.Add and numbers[0] == 0 or
                                            cls is sympy.Mul and numbers[0] == 1):
            folded = _fold(cls, numbers, max_bits)
            if folded is not None:
                numbers = [] if folded == (0 if cls is sympy.Add else 1) and rest else [folded]
        flat = numbers + rest
        if len(flat) == 1:
            return flat[0]
        return cls(*sorted(flat, key=sort_key), evaluate=False)
    if isinstance(node, sympy.Pow):
        base, exp = args
        if base is sympy.I and exp.is_Integer:
            return sympy.Pow(base, exp)  # i^n: one of 1, i, -1, -i
        if base.is_Rational and exp.is_Rational and exp.q < 2 ** 16:
            if base == 0 or abs(base.p) == abs(base.q) or exp == 0:
                return sympy.Pow(base, exp)  # 0^n, (±1)^n, b^0: no size to speak of
            if _size(base) * abs(int(exp.p)) <= max_bits:
                return sympy.Pow(base, exp)  # the result (or the radicand's power) has at most max_bits bits
            if base.is_Integer and 1 < base < 2 ** 64 and exp.is_Integer:
                root = sympy.perfect_power(int(base))
                if root:  # 4^{5·10^9} is 2^{10^{10}}: one way to write a large power of a perfect power
                    return sympy.Pow(sympy.Integer(root[0]), exp * root[1], evaluate=False)
        return sympy.Pow(base, exp, evaluate=False)
    if isinstance(node, sympy.factorial) and args[0].is_Integer and 0 <= args[0] <= MAX_EXPONENT:
        return sympy.factorial(args[0])
    try:
        return node.func(*args, evaluate=False)
    except TypeError:  # a class without the keyword
        return node.func(*args)


def _fold(cls: Any, numbers: list[Any], max_bits: int) -> Any:
    """The exact sum or product of SymPy rationals, or None when it could exceed ``max_bits`` (a sum's common
    denominator is as large as a product's)."""
    import sympy

    if sum(_size(n) for n in numbers) > max_bits:
        return None
    total = Fraction(0) if cls is sympy.Add else Fraction(1)
    for n in numbers:
        value = Fraction(int(n.p), int(n.q))
        total = total + value if cls is sympy.Add else total * value
    return sympy.Rational(total.numerator, total.denominator)

