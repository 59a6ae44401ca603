"""Physical units of numeric answers: read a unit written after a value and convert between SI prefixes.

A grader reads ``100 \\mu J`` as 1e-4 J when the question asks for joules, and ``5 cm`` as 0.05 when it asks for
metres (so not 5). :func:`read_unit` turns a unit text (``cm``, ``\\mu J``, ``m/s^2``, ``km/h``, ``k\\Omega``,
OlympiadBench's ``$\\mathrm{~m} / \\mathrm{s}^{2}$``) into its dimensions and its scale relative to the unprefixed
symbols; :func:`unit_factor` gives the factor that turns a value in one unit into the other, or None when the two
are not the same dimensions (or either is unknown), in which case nothing is converted.

Only products and one quotient of prefixed symbols with integer powers are read; everything else is unknown.
Nothing here evaluates text: the tables below are the whole vocabulary.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache

__all__ = ["read_unit", "unit_factor", "UNIT_TAIL"]

_PREFIXES: dict[str, Fraction] = {
    "T": Fraction(10**12), "G": Fraction(10**9), "M": Fraction(10**6), "k": Fraction(1000), "h": Fraction(100),
    "d": Fraction(1, 10), "c": Fraction(1, 100), "m": Fraction(1, 1000), "\\mu": Fraction(1, 10**6),
    "μ": Fraction(1, 10**6), "µ": Fraction(1, 10**6), "u": Fraction(1, 10**6), "n": Fraction(1, 10**9),
    "p": Fraction(1, 10**12), "f": Fraction(1, 10**15),
}
# Symbols that take prefixes: the symbol is its own dimension (joules are not reduced to kg m^2 s^-2; a grader
# converts within one unit, not across).
_BASES = ("m", "s", "g", "J", "eV", "W", "N", "Pa", "V", "A", "Hz", "C", "F", "T", "\\Omega", "Ω", "K", "mol",
          "L", "Wb", "H", "S", "Bq", "Gy", "cal", "lm", "lx", "rad")
# Symbols that take no prefix (or whose prefixed reading would be ambiguous), as (dimension, scale).
_PLAIN: dict[str, tuple[str, Fraction]] = {
    "min": ("s", Fraction(60)), "h": ("s", Fraction(3600)), "hr": ("s", Fraction(3600)),
    "\\Omega": ("\\Omega", Fraction(1)), "Ω": ("\\Omega", Fraction(1)), "kΩ": ("\\Omega", Fraction(1000)),
    "MΩ": ("\\Omega", Fraction(10**6)), "ml": ("L", Fraction(1, 1000)), "l": ("L", Fraction(1)),
    "Pa": ("Pa", Fraction(1)), "atm": ("atm", Fraction(1)), "mmHg": ("mmHg", Fraction(1)),
    "t": ("g", Fraction(10**6)),
}
_SYM = r"(?:\\mu\s*(?:\\Omega|[A-Za-z]{1,4})|[A-Za-z]?\s*(?:\\Omega|Ω)|[μµ]?[A-Za-z]{1,4}|[μµ](?:\\Omega|Ω))"
_POW = r"(?:\s*\^\s*(?:\{\s*(?P<p1>-?\d)\s*\}|(?P<p2>-?\d)))?"
_ATOM = re.compile(r"(?P<sym>%s)(?![A-Za-z])%s" % (_SYM, _POW))
#: A unit expression at the end of an answer (the caller checks the text before it is a number and that
#: :func:`read_unit` knows every symbol).
_TAIL_ATOM = _SYM + r"(?:\s*\^\s*(?:\{-?\d\}|-?\d))?"
UNIT_TAIL = re.compile(r"(?<![\\A-Za-z])(?P<unit>%s(?:\s*(?:/|\\cdot|·|\s)\s*%s){0,3})\s*\.?$" % (_TAIL_ATOM, _TAIL_ATOM))


def _symbol(sym: str) -> tuple[str, Fraction] | None:
    sym = re.sub(r"\s+", "", sym)
    if sym in _PLAIN:
        return _PLAIN[sym]
    if sym in _BASES:
        return ("\\Omega" if sym == "Ω" else sym), Fraction(1)
    for prefix in sorted(_PREFIXES, key=len, reverse=True):
        if sym.startswith(prefix) and sym[len(prefix):] in _BASES:
            base = sym[len(prefix):]
            return ("\\Omega" if base == "Ω" else base), _PREFIXES[prefix]
    return None


@lru_cache(maxsize=512)
def read_unit(text: str) -> tuple[tuple[tuple[str, int], ...], Fraction] | None:
    """``(dimensions, scale)`` of a unit text, or None when any part of it is not a known unit.

    Examples:
        >>> read_unit("cm")
        ((('m', 1),), Fraction(1, 100))
        >>> read_unit("$\\\\mathrm{~m} / \\\\mathrm{s}^{2}$")
        ((('m', 1), ('s', -2)), Fraction(1, 1))
    """
    t = text.strip().strip("$").strip()
    t = re.sub(r"\\(?:mathrm|text|rm|mathit|operatorname)\s*\{([^{}]*)\}", r" \1 ", t)
    t = re.sub(r"\\mathrm\s*(\S)", r" \1 ", t)
    t = re.sub(r"\\[,;:! ]|~", " ", t).replace("{", " ").replace("}", " ")
    t = re.sub(r"\^\s+", "^", t)
    t = re.sub(r"\s+", " ", t).strip()
    if not t or len(t) > 40:
        return None
    pieces = t.split("/")
    if len(pieces) > 2:
        return None
    dims: dict[str, int] = {}
    scale = Fraction(1)
    for sign, piece in zip((1, -1), pieces):
        piece = re.sub(r"\\cdot|·|\*", " ", piece).strip()
        if not piece:
            return None
        pos = 0
        while pos < len(piece):
            if piece[pos] == " ":
                pos += 1
                continue
            m = _ATOM.match(piece, pos)
            if not m:
                return None
            found = _symbol(m.group("sym"))
            if found is None:
                return None
            power = int(m.group("p1") or m.group("p2") or 1) * sign
            dim, factor = found
            dims[dim] = dims.get(dim, 0) + power
            scale *= factor ** power
            pos = m.end()
    dims = {k: v for k, v in dims.items() if v}
    if not dims:
        return None
    return tuple(sorted(dims.items())), scale


def unit_factor(unit: str, target: str) -> Fraction | None:
    """The factor taking a value in ``unit`` to ``target`` (``cm`` -> ``m``: 1/100), or None (unknown or
    different dimensions: nothing is converted)."""
    if not unit or not target:
        return None
    a, b = read_unit(unit), read_unit(target)
    if a is None or b is None or a[0] != b[0]:
        return None
    return a[1] / b[1]
