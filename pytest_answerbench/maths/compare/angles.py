"""A complex number's argument against the range the question asks for it (the grading conventions: the form a
question asks for is part of the answer).

To "Write $-1-i$ in the form $re^{i\\theta}$ with $-\\pi < \\theta \\le \\pi$." the reply
"$-1-i = \\sqrt{2}\\,e^{5\\pi i/4}$" names the right number with an argument outside the range asked: a careful grader
reads it as not in the asked form. :func:`argument_outside` reads the range from the question ("-\\pi < \\theta \\le
\\pi", "0 \\le \\theta < 2\\pi", Unicode alike) and the reply's argument from its last exponential ``e^{...i...}``
(a rational multiple of π, read as a fraction: "5\\pi i/4", "\\frac{5\\pi}{4}i", "-3i\\pi/4"); it answers None
whenever either is missing or not of that shape. Nothing here evaluates text.
"""

from __future__ import annotations

from fractions import Fraction

from ...text.patterns import lazy_compile

__all__ = ["argument_outside"]

_PI = r"(?:\\pi|π)"
# the range asked for the argument: "-\pi < \theta \le \pi", "0 \le \theta < 2\pi", "−π < θ ≤ π"
_RANGE = lazy_compile(r"(?P<lo>[-−]?\s*(?:2\s*)?" + _PI + r"|0)\s*(?P<lop><|\\le(?:q)?|≤)\s*(?:\\theta|θ|\\varphi|φ|\\arg\s*z)"
                      r"\s*(?P<hop><|\\le(?:q)?|≤)\s*(?P<hi>[-−]?\s*(?:2\s*)?" + _PI + r"|0)")
# an exponential with an imaginary exponent: "e^{5\pi i/4}", "e^{-3i\pi/4}", "e^{i\frac{5\pi}{4}}"
_EXPONENTIAL = lazy_compile(r"e\s*\^\s*\{(?P<exp>[^{}]*(?:\{[^{}]*\}[^{}]*)*)\}")
# the exponent as a multiple of iπ: a sign, a numerator, i and π in either order, a denominator
_MULTIPLE = lazy_compile(r"\s*(?P<sign>[-−]?)\s*(?P<num>\d*)\s*(?:i\s*" + _PI + r"|" + _PI + r"\s*i)\s*(?:/\s*(?P<den>\d+))?\s*")
_FRAC_MULTIPLE = lazy_compile(r"\s*(?P<sign>[-−]?)\s*i?\s*\\[dt]?frac\s*\{\s*(?P<num>\d*)\s*" + _PI + r"\s*\}\s*\{\s*(?P<den>\d+)\s*\}\s*i?\s*")


def _bound(text: str) -> Fraction:
    """A bound in multiples of π: "-\\pi" -> -1, "2\\pi" -> 2, "0" -> 0."""
    t = text.replace("−", "-").replace(" ", "")
    if t == "0":
        return Fraction(0)
    sign = -1 if t.startswith("-") else 1
    return sign * (2 if "2" in t else 1) * Fraction(1)


def _argument(pred: str) -> Fraction | None:
    """The argument of the reply's last exponential, in multiples of π, or None."""
    found = list(_EXPONENTIAL.finditer(pred))
    if not found:
        return None
    exp = found[-1].group("exp").replace(" ", "").replace("\\,", "")
    m = _MULTIPLE.fullmatch(exp) or _FRAC_MULTIPLE.fullmatch(exp)
    if m is None or ("i" not in exp):
        return None
    value = Fraction(int(m.group("num") or 1), int(m.group("den") or 1))
    return -value if m.group("sign") else value


def argument_outside(pred: str, question: str | None) -> bool | None:
    """Is the argument the reply writes outside the range the question asks for it? None when the question asks
    no range or the reply writes no such argument."""
    if not question or ("theta" not in question and "θ" not in question and "arg" not in question
                        and "varphi" not in question and "φ" not in question):
        return None
    asked = _RANGE.search(question)
    angle = _argument(pred) if asked else None
    if angle is None:
        return None
    lo, hi = _bound(asked.group("lo")), _bound(asked.group("hi"))
    above = angle > lo if asked.group("lop") == "<" else angle >= lo
    below = angle < hi if asked.group("hop") == "<" else angle <= hi
    return not (above and below)
