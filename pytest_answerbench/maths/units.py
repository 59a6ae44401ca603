"""Physical units of numeric answers: read a unit written after a value, convert, and tell quantities apart.

A grader reads ``100 \\mu J`` as 1e-4 J when the question asks for joules, and ``5 cm`` as 0.05 when it asks for
metres (so not 5); ``0.4 s`` is no answer to a question asking for a speed in m/s. :func:`read_unit` turns a unit
text (``cm``, ``\\mu J``, ``m/s^2``, ``km/h``, ``k\\Omega``, ``eV``, OlympiadBench's ``$\\mathrm{~m} / \\mathrm{s}^{2}$``)
into its SI base dimensions and its scale; :func:`unit_factor` gives the factor that takes a value in one unit
into another, :data:`MISMATCH` when both are known and measure different quantities, and None when either is
unknown (then nothing is converted or judged).

Only products and one quotient of (prefixed) symbols with integer powers are read; everything else is unknown.
Nothing here evaluates text: the tables below are the whole vocabulary.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache

from ..text.patterns import lazy_compile
from ..text.units import METRES

__all__ = ["MISMATCH", "convertible", "letter_unit", "read_unit", "spelled_unit", "unit_at", "unit_factor", "unit_tail",
           "upright_unit"]

#: :func:`unit_factor`'s answer for two known units of different quantities.
MISMATCH = "mismatch"

_PREFIXES: dict[str, Fraction] = {
    "P": Fraction(10**15), "T": Fraction(10**12), "G": Fraction(10**9), "M": Fraction(10**6), "k": Fraction(1000), "h": Fraction(100),
    "d": Fraction(1, 10), "c": Fraction(1, 100), "m": Fraction(1, 1000), "\\mu": Fraction(1, 10**6),
    "μ": Fraction(1, 10**6), "µ": Fraction(1, 10**6), "u": Fraction(1, 10**6), "n": Fraction(1, 10**9),
    "p": Fraction(1, 10**12), "f": Fraction(1, 10**15),
}


def _dims(**powers: int) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(powers.items()))


# Symbols that take prefixes, as SI base dimensions (kg, m, s, A, K, mol) and the scale to SI.
_J = _dims(kg=1, m=2, s=-2)
_BASES: dict[str, tuple[tuple[tuple[str, int], ...], Fraction]] = {
    "m": (_dims(m=1), Fraction(1)), "g": (_dims(kg=1), Fraction(1, 1000)), "s": (_dims(s=1), Fraction(1)),
    "A": (_dims(A=1), Fraction(1)), "K": (_dims(K=1), Fraction(1)), "mol": (_dims(mol=1), Fraction(1)),
    "N": (_dims(kg=1, m=1, s=-2), Fraction(1)), "J": (_J, Fraction(1)), "eV": (_J, Fraction("1.602176634e-19")),
    "Wh": (_J, Fraction(3600)), "cal": (_J, Fraction("4.184")), "W": (_dims(kg=1, m=2, s=-3), Fraction(1)),
    "Pa": (_dims(kg=1, m=-1, s=-2), Fraction(1)), "C": (_dims(A=1, s=1), Fraction(1)),
    "V": (_dims(kg=1, m=2, s=-3, A=-1), Fraction(1)), "\\Omega": (_dims(kg=1, m=2, s=-3, A=-2), Fraction(1)),
    "F": (_dims(kg=-1, m=-2, s=4, A=2), Fraction(1)), "T": (_dims(kg=1, s=-2, A=-1), Fraction(1)),
    "Wb": (_dims(kg=1, m=2, s=-2, A=-1), Fraction(1)), "H": (_dims(kg=1, m=2, s=-2, A=-2), Fraction(1)),
    "S": (_dims(kg=-1, m=-2, s=3, A=2), Fraction(1)), "Hz": (_dims(s=-1), Fraction(1)),
    "Bq": (_dims(s=-1), Fraction(1)), "L": (_dims(m=3), Fraction(1, 1000)),
    # the CGS gauss (10^-4 T): a unit only where units are read (set upright, "\mathrm{G}", or two letters or more,
    # "kG", "mG"); a bare G after a number stays a quantity (the gravitational constant)
    "G": (_dims(kg=1, s=-2, A=-1), Fraction(1, 10**4)),
    # astronomy's parsec and (Julian) year, with their prefixes (kpc, Mpc, Myr, Gyr)
    "pc": (_dims(m=1), Fraction(30856775814913673)), "yr": (_dims(s=1), Fraction(31557600)),
}
_BASES["Ω"] = _BASES["\\Omega"]
# Symbols that take no prefix (or whose prefixed reading would be ambiguous).
_PLAIN = {
    "min": (_dims(s=1), Fraction(60)), "h": (_dims(s=1), Fraction(3600)), "hr": (_dims(s=1), Fraction(3600)),
    # "sec" in a unit ("cm/sec", "5 sec") is the second; a unit is only read after a number, and "\sec x",
    # "sec(x)" are never a unit tail (a backslash or an argument follows)
    "sec": (_dims(s=1), Fraction(1)),
    "ml": (_dims(m=3), Fraction(1, 10**6)), "l": (_dims(m=3), Fraction(1, 1000)),
    "atm": (_dims(kg=1, m=-1, s=-2), Fraction(101325)), "mmHg": (_dims(kg=1, m=-1, s=-2), Fraction("133.322387415")),
    # Imperial lengths and calendar times (written as words in answers: "125 miles", "3 days").
    **{unit: (_dims(m=1), METRES[unit]) for unit in ("mi", "ft", "yd", "inch")},
    "mph": (_dims(m=1, s=-1), METRES["mi"] / 3600),  # miles per hour ("about 56 mph")
    "day": (_dims(s=1), Fraction(86400)), "week": (_dims(s=1), Fraction(604800)),
    # the ångström (atomic radii, wavelengths) and the CGS erg
    "Å": (_dims(m=1), Fraction(1, 10**10)), "\\AA": (_dims(m=1), Fraction(1, 10**10)),
    "erg": (_J, Fraction(1, 10**7)), "ergs": (_J, Fraction(1, 10**7)),
    # the radian, a ratio of lengths: no dimension ("rad/s" is s^-1; "rad" alone is no unit read here)
    "rad": ((), Fraction(1)),
    # the decibel, a level (a logarithm of a ratio): a dimension of its own, so dB converts only to dB ("63 dB" for a
    # gold 63.0 in dB)
    "dB": (_dims(dB=1), Fraction(1)),
    # the astronomical unit and the light-year
    "AU": (_dims(m=1), Fraction(149597870700)),
    "ly": (_dims(m=1), Fraction(9460730472580800)),
    # the bar, the torr (1/760 atm) and the dyne ("1.0 bar", "760 Torr", "2 dyn"; a tonne written out is a Mg)
    "bar": (_dims(kg=1, m=-1, s=-2), Fraction(10**5)), "mbar": (_dims(kg=1, m=-1, s=-2), Fraction(100)),
    "Torr": (_dims(kg=1, m=-1, s=-2), Fraction(101325, 760)), "torr": (_dims(kg=1, m=-1, s=-2), Fraction(101325, 760)),
    "dyn": (_dims(kg=1, m=1, s=-2), Fraction(1, 10**5)),
}
# A single letter after a number is a unit only for these symbols (as before); "2F", "3t", "4H" are more often
# a multiple of a quantity than farads, tonnes or henries.
_SINGLE = frozenset("mgshJWNVAKCTLÅ")
# Letters that are units only where the other answer's unit measures their quantity (:func:`letter_unit`): the
# tonne and the elementary charge. Elsewhere ``t`` is a time or a variable and ``e`` Euler's number.
_IN_CONTEXT: dict[str, tuple[tuple[tuple[str, int], ...], Fraction]] = {
    "t": (_dims(kg=1), Fraction(1000)), "e": (_dims(A=1, s=1), Fraction("1.602176634e-19")),
}

_SYM = r"(?:\\mu\s*(?:\\Omega|[A-Za-z]{1,4})|[A-Za-z]?\s*(?:\\Omega|Ω)|[μµ]?[A-Za-z]{1,4}|[μµ](?:\\Omega|Ω)|Å|\\AA)"
_POW = r"(?:\s*\^\s*(?:\{\s*(?P<p1>-?\d)\s*\}|(?P<p2>-?\d)))?"
_ATOM = lazy_compile(r"(?P<sym>%s)(?![A-Za-z])%s" % (_SYM, _POW))
_TAIL_ATOM = _SYM + r"(?:\s*\^\s*(?:\{-?\d\}|-?\d)|[⁻¯]?[¹²³⁴⁵⁶⁷⁸⁹])?"  # (a power in superscripts too: "m·s⁻²")
# The grammar of a compound unit, one for every unit: atoms (prefixed symbols with integer powers) joined into a
# product by "\cdot", "·", "*", or a space after an atom of two letters or more ("kg m/s", not "m g": that is more
# often a product of quantities) or before an atom with a negative power ("m s^{-2}", "J kg^{-1} K^{-1}": no product
# of quantities is written so); one quotient "/", whose denominator may be a product in brackets ("J/(kg·K)",
# "J/(kg K)"). :func:`read_unit` reads what this finds, by the same grammar.
_TIMES = r"\s*(?:\\cdot|·|\*)\s*"
_JOIN = r"(?:%s|(?<=[A-Za-z}Ω]{2})\s+|\s+(?=%s\s*(?:\^\s*\{?\s*-|⁻))|(?<=\})(?=%s\s*\^))" % (_TIMES, _SYM, _SYM)
_BRACKETED = r"\(\s*%s(?:(?:%s|\s+)%s){1,3}\s*\)" % (_TAIL_ATOM, _TIMES, _TAIL_ATOM)
# the quotient written as a fraction, set apart from the number by a space ("4186 \frac{J}{kg \cdot K}";
# "3\frac{m}{g}" written against its number is a product of quantities)
_PRODUCT = r"%s(?:%s%s){0,3}" % (_TAIL_ATOM, _JOIN, _TAIL_ATOM)
_FRACTION = lazy_compile(r"(?<=\s)(?P<unit>\\[dt]?frac\s*\{\s*%s\s*\}\s*\{\s*%s\s*\})\s*\.?$" % (_PRODUCT, _PRODUCT))
_TAIL = lazy_compile(r"(?<![\\A-Za-z])(?P<unit>%s(?:%s%s){0,3}(?:\s*/\s*(?:%s|%s(?:%s%s){0,2}))?)\s*\.?$"
                     % (_TAIL_ATOM, _JOIN, _TAIL_ATOM, _BRACKETED, _TAIL_ATOM, _JOIN, _TAIL_ATOM))


_ATOM_AT = lazy_compile(_TAIL_ATOM + r"(?![A-Za-z])")
_JOIN_AT = lazy_compile(_JOIN)
_QUOTIENT_AT = lazy_compile(r"\s*/\s*")
_BRACKETED_AT = lazy_compile(_BRACKETED + r"(?![A-Za-z])")


def unit_at(text: str, start: int) -> str:
    """The longest unit the grammar of :data:`_TAIL` reads at ``start`` in running text (spaces first skipped):
    ``4186 J/(kg·K) at room temperature`` at the space after 4186 gives ``J/(kg·K)``; "" when none is known there
    ("at" is no unit, "kg at" is read as "kg")."""
    pos = start
    while pos < min(len(text), start + 8) and text[pos] == " ":
        pos += 1
    atom = _ATOM_AT.match(text, pos)
    if atom is None:
        return ""
    best, end, quotient = "", atom.end(), False
    for _ in range(4):  # at most four atoms, as at the end of an answer
        if read_unit(text[pos:end]) is not None:
            best = text[pos:end]
        join = _JOIN_AT.match(text, end)
        slash = None if quotient else _QUOTIENT_AT.match(text, end)
        nxt = None
        if slash is not None:
            nxt = _BRACKETED_AT.match(text, slash.end()) or _ATOM_AT.match(text, slash.end())
            quotient = nxt is not None
        if nxt is None and join is not None:
            nxt = _ATOM_AT.match(text, join.end())
        if nxt is None:
            break
        end = nxt.end()
    if read_unit(text[pos:end]) is not None:
        best = text[pos:end]
    return best


def _symbol(sym: str) -> tuple[tuple[tuple[str, int], ...], Fraction] | None:
    sym = re.sub(r"\s+", "", sym)
    if sym in _PLAIN:
        return _PLAIN[sym]
    if sym in _BASES:
        return _BASES[sym]
    for prefix in sorted(_PREFIXES, key=len, reverse=True):
        if sym.startswith(prefix) and sym[len(prefix):] in _BASES:
            dims, scale = _BASES[sym[len(prefix):]]
            return dims, scale * _PREFIXES[prefix]
    return None


_SUPERSCRIPT_DIGITS = "¹²³⁴⁵⁶⁷⁸⁹"


@lru_cache(maxsize=512)
def read_unit(text: str, context: bool = False) -> tuple[tuple[tuple[str, int], ...], Fraction] | None:
    """``(SI dimensions, scale to SI)`` of a unit text, or None when any part of it is not a known unit. With
    ``context`` (a unit cell, or a letter :func:`letter_unit` read), the tonne ``t`` and the elementary charge ``e``
    written alone are units too.

    Examples:
        >>> read_unit("cm")
        ((('m', 1),), Fraction(1, 100))
        >>> read_unit("$\\\\mathrm{~m} / \\\\mathrm{s}^{2}$")
        ((('m', 1), ('s', -2)), Fraction(1, 1))
    """
    t = text.strip().strip("$").strip()
    if "⁻" in t or "¯" in t or any(c in t for c in _SUPERSCRIPT_DIGITS):  # "m·s⁻²": the power m s^-2 writes
        t = re.sub("[⁻¯]?[¹²³⁴⁵⁶⁷⁸⁹]", lambda m: "^" + ("-" if len(m.group()) == 2 else "") + str(
            _SUPERSCRIPT_DIGITS.index(m.group()[-1]) + 1), t)
    t = re.sub(r"\\(?:mathrm|text|rm|mathit|operatorname)\s*\{([^{}]*)\}", r" \1 ", t)
    t = re.sub(r"\\mathrm\s*(\S)", r" \1 ", t)
    if "frac" in t:  # "\frac{J}{kg \cdot K}": the quotient J/(kg K)
        t = re.sub(r"^\s*\\[dt]?frac\s*\{((?:[^{}]|\{[^{}]*\})*)\}\s*\{((?:[^{}]|\{[^{}]*\})*)\}\s*$", r"\1/(\2)", t)
    t = re.sub(r"\\[,;:! ]|~", " ", t).replace("{", " ").replace("}", " ")
    t = re.sub(r"\^\s+", "^", t)
    t = re.sub(r"\s+", " ", t).strip()
    if context and t in _IN_CONTEXT:
        return _IN_CONTEXT[t]
    if not t or len(t) > 40:
        return None
    pieces = t.split("/")
    if len(pieces) > 2:
        return None
    if len(pieces) == 2 and re.fullmatch(r"\s*\([^()]+\)\s*", pieces[1]):
        pieces[1] = pieces[1].strip()[1:-1]  # "J/(kg K)": the bracketed denominator, every symbol in it divides
    dims: dict[str, int] = {}
    scale = Fraction(1)
    for sign, piece in zip((1, -1), pieces):
        piece = re.sub(r"\\cdot|·|\*", " ", piece).strip()
        if sign == 1 and len(pieces) == 2 and piece in ("", "1"):
            continue  # "/s", "1/s": per second, nothing above the line
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
            for dim, p in found[0]:
                dims[dim] = dims.get(dim, 0) + p * power
            scale *= found[1] ** power
            pos = m.end()
    dims = {k: v for k, v in dims.items() if v}
    if not dims:
        return None
    return tuple(sorted(dims.items())), scale


_WORD_PREFIX = {"kilo": "k", "centi": "c", "milli": "m", "micro": "\\mu ", "nano": "n", "mega": "M", "giga": "G"}
_WORD_BASE = {"meter": "m", "metre": "m", "gram": "g", "second": "s", "joule": "J", "newton": "N", "watt": "W",
              "volt": "V", "ampere": "A", "amp": "A", "ohm": "\\Omega", "coulomb": "C", "pascal": "Pa", "hertz": "Hz",
              "kelvin": "K", "farad": "F", "tesla": "T", "electronvolt": "eV", "electron volt": "eV",
              "electron-volt": "eV", "parsec": "pc", "henry": "H", "siemens": "S"}
_WORD_PLAIN = {"angstrom": "Å", "ångström": "Å", "year": "yr", "light-year": "ly", "light year": "ly",
               "micron": "\\mu m", "hour": "h", "minute": "min", "min": "min", "hr": "h", "sec": "s", "mile": "mi", "foot": "ft",
               "feet": "ft", "inch": "inch", "yard": "yd", "day": "day", "week": "week", "tonne": "Mg",
               "bar": "bar", "torr": "Torr", "dyne": "dyn", "gauss": "G", "atmosphere": "atm", "calorie": "cal",
               "liter": "L", "litre": "L", "milliliter": "ml", "millilitre": "ml", "kilocalorie": "kcal"}
_WORD_ATOM = r"(?:(?:%s)?(?:%s)|%s)(?:e?s)?" % ("|".join(_WORD_PREFIX), "|".join(
    sorted(map(re.escape, _WORD_BASE), key=len, reverse=True)), "|".join(_WORD_PLAIN))
# (not after a backslash: "2 \sec" is the secant)
_WORD_TAIL = lazy_compile(r"(?i)(?<![A-Za-z\\])(?P<unit>%s(?:\s+per\s+%s(?:\s+squared)?)?)\s*\.?$"
                          % (_WORD_ATOM, _WORD_ATOM))


# a unit written out right after a number ("5 meters", "2.0 millitesla", "9.8 meters per second squared")
_WORD_AT = lazy_compile(r"(?i)[ \t]+(?P<unit>%s(?:\s+per\s+%s(?:\s+squared)?)?)(?![A-Za-z])" % (_WORD_ATOM, _WORD_ATOM))


def spelled_unit_at(text: str, pos: int) -> tuple[str, int]:
    """The symbol of a unit written out in words right after ``pos`` (``" meters per second"`` -> ``m/s``) and where
    the words end, or ("", pos)."""
    m = _WORD_AT.match(text, pos)
    if m is None:
        return "", pos
    symbol = _spelled_unit(m.group("unit"))
    return (symbol, m.end()) if symbol is not None and read_unit(symbol) is not None else ("", pos)


def _word_symbol(word: str) -> str | None:
    w = word.lower().strip()
    if w.endswith("es") and w[:-2] in _WORD_PLAIN or w.endswith("s") and (w[:-1] in _WORD_PLAIN or w[:-1].endswith(
            tuple(_WORD_BASE))):
        w = w[:-2] if w.endswith("es") and w[:-2] in _WORD_PLAIN else w[:-1]
    if w in _WORD_PLAIN:
        return _WORD_PLAIN[w]
    for prefix, short in [("", "")] + list(_WORD_PREFIX.items()):
        if w.startswith(prefix) and w[len(prefix):] in _WORD_BASE:
            return short + _WORD_BASE[w[len(prefix):]]
    return None


def spelled_unit(unit: str) -> str | None:
    """The symbol of a unit written out in words (``hours`` -> ``h``) that :func:`read_unit` knows, else None."""
    symbol = _spelled_unit(unit)
    return symbol if symbol is not None and read_unit(symbol) is not None else None


def _spelled_unit(unit: str) -> str | None:
    """``meters per second squared`` -> ``m/s^2``; ``kilojoules`` -> ``kJ``; None for anything else."""
    pieces = re.split(r"(?i)\s+per\s+", unit.strip())
    symbols = []
    for i, piece in enumerate(pieces):
        squared = piece.lower().endswith(" squared")
        symbol = _word_symbol(piece[:-8] if squared else piece)
        if symbol is None:
            return None
        symbols.append(symbol + ("^2" if squared else ""))
    return "/".join(symbols)


# a unit's "per" left before it: "5 × 10^14 /s", "3 1/s"
_PER = lazy_compile(r"(?<!\s)\s++(?:1\s*+)?/\s*+$")


def unit_tail(text: str) -> tuple[str, str] | None:
    """``(value, unit)`` when ``text`` ends with a unit :func:`read_unit` knows (``5\\ cm`` -> ``5``, ``cm``), else None.

    Spelled-out units are read as their symbols (``5 centimeters`` -> ``5``, ``cm``). The caller decides whether
    the value is a number.
    """
    m = _FRACTION.search(text) if "frac" in text else None
    m = m or _TAIL.search(text)
    if m:
        unit = m.group("unit").strip()
        if (len(unit) > 1 or unit in _SINGLE) and read_unit(unit) is not None:
            per = _PER.search(text, 0, m.start())
            if per and re.search(r"\d", text[:per.start()]):
                return text[:per.start()], "/" + unit  # "5 × 10^14 /s", "3 1/s": per second
            return text[:m.start()], unit
    if len(text) > 3 and text[-1].isalpha() or text.endswith("."):
        m = _WORD_TAIL.search(text)
        if m:
            symbol = _spelled_unit(m.group("unit"))
            if symbol is not None and read_unit(symbol) is not None:
                return text[:m.start()], symbol
    return None


def unit_factor(unit: str, target: str) -> Fraction | str | None:
    """The factor taking a value in ``unit`` to ``target`` (``cm`` -> ``m``: 1/100; ``eV`` -> ``J``: 1.6e-19),
    :data:`MISMATCH` when both are known units of different quantities, None when either is unknown."""
    if not unit or not target:
        return None
    a, b = read_unit(unit, context=True), read_unit(target, context=True)
    if a is None or b is None:
        return None
    if a[0] != b[0]:
        return MISMATCH
    return a[1] / b[1]


def convertible(unit: str, target: str) -> bool:
    """Is ``unit`` a unit known to measure what ``target`` measures (:func:`unit_factor` gives a factor)?"""
    factor = unit_factor(unit, target) if unit else None
    return factor is not None and factor != MISMATCH


# a closing unit of one letter set upright: "\text{ F}", "\mathrm{F}", "\,\textrm{H}", "{\rm S}"
_UPRIGHT_LETTER = lazy_compile(r"(?:\\[,;: ]|~|\s)*(?:\\(?:text|mathrm|textrm|rm)\s*\{\s*(?P<a>[A-Za-z])\s*\}"
                               r"|\{\s*\\rm\s+(?P<b>[A-Za-z])\s*\})\s*\.?$")


def upright_unit(text: str) -> tuple[str, str] | None:
    """``(value, unit)`` when ``text`` ends with a unit of one letter set upright (``1\\times10^{-8}\\ \\text{F}``
    -> farads), else None.

    A letter after a number is more often a quantity ("2F", "3H": a multiple of a force, a height), so
    :func:`unit_tail` reads only a few letters as units; set upright in text or roman type, as units are and
    quantities are not, any letter that is a unit symbol (F, H, S, T, ...) is one. The caller decides whether
    the value is a number.
    """
    m = _UPRIGHT_LETTER.search(text)
    if m is None:
        return None
    letter = m.group("a") or m.group("b")
    if read_unit(letter) is None or re.search(r"[A-Za-zμµ]\s*$", text[:m.start()]):
        return None  # (after a letter or a command: a prefix, "\\mu\\mathrm{J}", which unit_tail reads whole)
    return text[:m.start()], letter


# a number, then the tonne after a space ("3.2 t"; "3.2t" is a multiple of a time), or the elementary charge
# right after it or alone ("2e", "2 e", "-e")
_LETTER_AFTER = lazy_compile(r"(?P<value>[-+]?(?:\d+(?:\.\d+)?(?:\s*\\times\s*10\^\{?-?\d+\}?)?)?)"
                             r"(?P<gap>\s*)(?P<letter>[te]|[FGHTNJWVACKS](?=\s*\.?$))")


def letter_unit(text: str, other: str, wide: bool = False) -> tuple[str, str] | None:
    """``(value, letter)`` when ``text`` is a value in a unit written as one letter that is also a quantity's name,
    read so only because ``other`` (the other answer's unit) measures the same quantity: ``3.2 t`` against a mass
    is 3.2 tonnes, ``2e`` or ``-e`` against a charge in C (or in ``e``) is that many elementary charges; with ``wide``
    (a reply's value, never a gold's), ``8.85e-11 F`` (a number, a space) against a capacitance in pF is farads and
    ``0.5 G`` against a field in T gauss. Else None: a bare ``t`` is a time or a variable, an ``e`` Euler's number, ``2F`` twice a force, a bare ``G`` the
    gravitational constant (the gauss only set upright, ``\\mathrm{G}``)."""
    m = _LETTER_AFTER.fullmatch(text.strip())
    if m is None or m.group("letter") == "t" and not (m.group("gap") and m.group("value")):
        return None
    letter = m.group("letter")
    if letter not in _IN_CONTEXT and not (wide and m.group("gap") and re.search(r"\d", m.group("value"))):
        return None  # "2F", "- T": a multiple of a force, a negated tension; "8.85e-11 F" against pF: farads
    target = read_unit(other, context=True)
    own = _IN_CONTEXT[letter] if letter in _IN_CONTEXT else read_unit(letter)
    if target is None or own is None or target[0] != own[0]:
        return None
    value = m.group("value")
    return (value + "1" if value in ("", "-", "+") else value), m.group("letter")
