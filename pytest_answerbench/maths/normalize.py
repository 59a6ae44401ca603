"""Answer normalisation: LaTeX/plain answer text -> a canonical string plus what was stripped from it.

:func:`clean` removes presentation (math delimiters, ``\\left``/``\\right``, spacing commands, ``\\dfrac``,
``\\text{}`` wrappers) and records meaning-bearing marks it removes: a percent sign, a degree sign, a trailing
unit. It also writes notations out in the form the comparison reads: Unicode symbols, super/subscripts and
vulgar fractions as LaTeX, mixed numbers (``2 3/4``) as sums, repeating decimals (``0.\\overline{3}``,
``0.333...``) as fractions, a set in set-builder notation as its condition. :func:`split_answers` splits a
multi-part answer at top-level commas / semicolons / "and" / "or", expands ``\\pm`` and unwraps set braces;
:func:`number_words` reads a number written in words (``twelve``, ``三个``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from ..text.patterns import lazy_compile
from .units import read_unit, unit_tail, upright_unit
from ..text.numbers import ONES, PARTS, SCALES, TENS

__all__ = ["Item", "clean", "split_answers", "text_key", "is_thousands", "lone_letters", "number_words", "undoubled",
           "UNITS", "VULGAR_FRACTIONS", "SCRIPT_DIGITS", "escapes_restored"]

# Units and counted nouns recognised at the end of a numeric answer and stripped (conversion between prefixed
# units, when the gold's unit is known, is :mod:`.units`' job; see docs/profiles-math.md).
UNITS = (
    "km/h", "m/s^2", "m/s^{2}", "m/s", "km", "cm", "mm", "nm", "μm", "um", "m^2", "m^{2}", "m^3", "m^{3}", "m",
    "kg", "mg", "g", "ms", "s", "min", "h", "hours", "hour", "minutes", "seconds", "days", "day", "years",
    "kJ", "J", "eV", "keV", "MeV", "GeV", "kW", "W", "N", "kN", "Pa", "kPa", "atm", "V", "mV", "kV", "A", "mA",
    "Hz", "kHz", "MHz", "K", "C", "T", "mol", "L", "mL", "Ω", "\\Omega", "rad", "units", "unit", "cm^2",
    "cm^{2}", "cm^3", "cm^{3}", "dollars", "cents", "people", "ways", "degrees", "degree",
)
_UNIT_RE = lazy_compile(
    r"^(?P<value>.*?[\d}\)])\s*(?:\\,|\\ |~|\s)*(?P<unit>%s)\.?$" % "|".join(
        re.escape(u) for u in sorted(UNITS, key=len, reverse=True)))

# Generic area / volume units ("\\pi square units" is \\pi): stripped after any value without bare letters.
_WORD_UNIT = lazy_compile(r"^(?P<value>.*?\S)\s*(?:(?:square|sq\.?|cubic)\s+units?|units?\s*(?:\^\s*\{?[23]\}?|squared|cubed))"
                        r"\.?$")
_SUPERSCRIPT = lazy_compile("[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+")
# an e-notation exponent with a sign or leading zeros ("3.0E+08", "1.6e-019"), read as the plain exponent
_E_EXPONENT = lazy_compile(r"(?<![\w.])(\d++(?:\.\d++)?)[eE](?:\+|(-))?0*+(\d++)(?![\w.])")
_SUBSCRIPT = lazy_compile("[₀₁₂₃₄₅₆₇₈₉]+")
#: superscript and subscript digits and signs, as plain ones ("2⁶⁴" -> "264", "F₅" -> "F5")
SCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺₀₁₂₃₄₅₆₇₈₉", "0123456789-+0123456789")
# Symbols written as Unicode characters, as the LaTeX the regexes below read.
_SYMBOLS = {"−": "-", "–": "-", "′": "'", "≤": "\\leq ", "≥": "\\geq ", "≠": "\\ne ", "∈": "\\in ", "∞": "\\infty ",
            "∪": "\\cup ", "×": "\\times ", "·": "\\cdot ", "⋅": "\\cdot ", "÷": "/", "⁄": "/", "∕": "/", "π": "\\pi ", "√": "\\sqrt",
            "∛": "\\sqrt[3]", "∜": "\\sqrt[4]", "ℝ": "\\mathbb{R}", "∠": "\\angle ", "∅": "\\emptyset "}
# Greek letters typed as Unicode (θ_c = 30°, μ = 0.25, 100 μJ); Ω stays a unit sign.
_SYMBOLS.update({c: "\\%s " % name for c, name in zip(
    "αβγδεζηθικλμνξρστυφχψωΓΔΘΛΞΠΣΦΨ",
    "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi rho sigma tau upsilon phi chi psi omega "
    "Gamma Delta Theta Lambda Xi Pi Sigma Phi Psi".split())})
_VULGAR = {"½": "1/2", "⅓": "1/3", "⅔": "2/3", "¼": "1/4", "¾": "3/4", "⅕": "1/5", "⅖": "2/5", "⅗": "3/5",
           "⅘": "4/5", "⅙": "1/6", "⅚": "5/6", "⅛": "1/8", "⅜": "3/8", "⅝": "5/8", "⅞": "7/8"}
VULGAR_FRACTIONS = _VULGAR  #: Unicode vulgar fractions and the fractions they write ("½": "1/2")
_SPACING = lazy_compile(r"\\(?:[,;:! ]|quad|qquad|displaystyle|textstyle|limits)|\\left|\\right|\\middle"
                      r"|\\(?:big|Big|bigg|Bigg)[lr]?(?![a-zA-Z])")
# "approximately 2.83", "2\\sqrt{2} (about 2.83)": the approximation marker the comparison reads.
_APPROX_WORDS = lazy_compile(r"(?i)^(?:approximately|approx\.|about|roughly|around|nearly)\s+(?=[-\d.\\])")
_APPROX_PAREN = lazy_compile(r"(?i)\s*\(\s*(?:approximately|approx\.?|about|roughly|\\approx|≈)\s*([^()]+)\)$")
_WRAPPER = lazy_compile(r"\\(?:text|textbf|textit|textnormal|textup|textsf|texttt|mathrm|mathbf|mathit|mathsf|mathtt|mbox|"
                      r"operatorname|emph)\s*\{([^{}]*)\}")
# a closing wrapper holding a unit with powers ("\mathrm{m\,s^{-2}}"), which _WRAPPER (no inner braces) leaves
_WRAPPED_POWERS = lazy_compile(r"\\(?:mathrm|text|rm)\s*\{((?:[^{}^]|\^\s*\{\s*-?\d\s*\}|\^\s*-?\d)*\^\s*\{\s*-?\d\s*\}"
                               r"(?:[^{}^]|\^\s*\{\s*-?\d\s*\}|\^\s*-?\d)*)\}\s*$")
# Control characters a JSON or Python string made of a LaTeX command ("\frac" read as form feed + "rac").
_CONTROL_ESCAPES = {"\x0c": "\\f", "\x08": "\\b", "\x07": "\\a", "\x0b": "\\v"}
# A command written with a doubled backslash (a raw string escaped twice: "\\\\left(", "\\\\le"); a line break
# "\\\\" is never followed by one of these words, so the pair is read as one backslash.
_DOUBLED = lazy_compile(r"(?<!\\)\\\\(?=(?:left|right|frac|dfrac|tfrac|sqrt|le|leq|ge|geq|lt|gt|ne|neq|pi|boxed|"
                      r"cdot|times|text|infty|in|cup|cap|pm|mp|mathbb|circ|approx|theta|alpha|beta)(?![a-zA-Z]))")
# Digit-group separators that are never a list: 1{,}000, 14{, }916, 32,\!349 (the comma with a negative space).
_GROUP_SEP = lazy_compile(r"(?<=\d)\s*(?:\{\s*,\s*\}|,\s*\\!)\s*(?=\d)")
# Currency signs (units of money: a missing unit is accepted, so the sign is dropped).
_CURRENCY = lazy_compile(r"[€£¥₹]|\\(?:euro|pounds|yen|textdollar)(?![a-zA-Z])|\bUS(?=\d)")


@dataclass(frozen=True)
class Item:
    """One cleaned answer item: text plus the marks removed from it (``unit``: the unit text as written)."""

    text: str
    percent: bool = False
    degree: bool = False
    unit: str = ""


# Patterns of :func:`clean`, compiled once (it runs several times per row).
_BOLD = lazy_compile(r"^\*\*|\*\*$")
_OPEN_DELIM = lazy_compile(r"^(?:\$\$|\$|\\\(|\\\[)")
_CLOSE_DELIM = lazy_compile(r"(?:\$\$|\$|\\\)|\\\])$")
_ELLIPSIS_STOP = lazy_compile(r"(?<=\d)\.\.\.(?!\.)")
# (an unbraced subscript or superscript is one character, as in TeX: "C_1e^{x}" is C_1 times e^x, no binomial)
_BINOM_C = lazy_compile(r"(?<![\\a-zA-Z])C_(?:\{([\w+\-]+)\}|(\w))\^(?:\{([\w+\-]+)\}|(\w))")
_FRAC_DIGITS = lazy_compile(r"\\frac\s*(\d)\s*(\d)")
_LE = lazy_compile(r"\\le(?![a-zA-Z])")
_GE = lazy_compile(r"\\ge(?![a-zA-Z])")
_THIN_THOUSANDS = lazy_compile(r"(\d)\\,(\d{3})(?!\d)")
_APPROX_CMD = lazy_compile(r"\\(?:approx|simeq|sim|thickapprox|doteq)(?![a-zA-Z])|≈")
_PERCENT_END = lazy_compile(r"\\?%\s*$")
_PERCENT_WORD = lazy_compile(r"(?i)\s*(?:per\s?cent|pct\.?)\s*$")
_CMD_BEFORE_WRAPPER = lazy_compile(
    r"(\\[a-zA-Z]+)(?=\\(?:text|textbf|textit|mathrm|mathbf|mathit|mbox|operatorname|emph)\s*\{)")
_CARET_NUMBER = lazy_compile(r"\^\s*(?:\((-?\d+(?:\.\d+)?)\)|(-?\d+(?:\.\d+)?))")
_MEMBER = lazy_compile(r"\\in(?![a-zA-Z])")
_MIXED = lazy_compile(r"(-?)(\d+)(?:\s*\\frac\{(\d+)\}\{(\d+)\}|\s+(\d+)\s*/\s*(\d+))")
_CJK_MEASURE = lazy_compile(r"(.*?\d[^\u4e00-\u9fff]*?)\s*[\u4e00-\u9fff]{1,3}")
_POINT = lazy_compile(r"[A-Z]\s*(\([^()]*,[^()]*\))")
_TIMES_X = lazy_compile(r"(\d)\s*[xX]\s*10\s*\^")
_ENDS_IN_UNIT = lazy_compile(r"[A-Za-zΩμµÅ]\S*\s*\.?$")
# A trigonometric function of an angle in degrees ("\\sin 60^\\circ", "cos(36°)"): the argument in radians.
_DEG = r"\s*(?:\^\s*\{\s*\\circ\s*\}|\^\s*\\circ|°|\\degree(?![a-zA-Z]))"
_TRIG_DEGREES = lazy_compile(
    r"(?:\\|(?<![a-zA-Z\\]))(?P<f>sin|cos|tan|cot|sec|csc)(?![a-zA-Z])(?P<pow>\s*\^\s*(?:\{\s*\d\s*\}|\d))?\s*"
    r"(?:\(\s*(?P<a>\d+(?:\.\d+)?)%s\s*\)|\{\s*(?P<b>\d+(?:\.\d+)?)%s\s*\}|(?P<c>\d+(?:\.\d+)?)%s)" % (_DEG, _DEG, _DEG))


_TRIG_CALL = lazy_compile(r"((?:\\|(?<![a-zA-Z\\]))(?:sin|cos|tan|cot|sec|csc)\s*\()([^()]*)\)")
_DEGREE_NUMBER = lazy_compile(r"(\d+(?:\.\d+)?)%s" % _DEG)


def _trig_radians(m: re.Match) -> str:
    value = m.group("a") or m.group("b") or m.group("c")
    return "\\%s%s(\\frac{%s \\pi}{180})" % (m.group("f"), m.group("pow") or "", value)


def _caret(m: re.Match) -> str:
    return "^{%s}" % (m.group(1) or m.group(2))


# the ångström written as a ringed A: \mathring{A}, \mathring{\mathrm{A}}, \mathring A, \r{A}
_RING_A = lazy_compile(r"\\(?:mathring|r)\s*(?:\{\s*(?:\\mathrm\s*\{\s*A\s*\}|\\text\s*\{\s*A\s*\}|A)\s*\}|A\b)")


# a whole number with its ordinal suffix, raised or not: "12^{th}", "12^th", "21st", "3^{\\rm rd}" (wrappers gone)
# (then, set apart by a space, the words naming what is counted: "12^{th} grade", "1st place")
_ORDINAL = lazy_compile(r"(\d+)\s*(?:\^\s*\{\s*(st|nd|rd|th)\s*\}|\^\s*(st|nd|rd|th)|(st|nd|rd|th))"
                        r"(?P<noun>\s+[A-Za-z]+(?:[ -][A-Za-z]+){0,2})?")


def ordinal_number(text: str) -> str:
    """``12^{th}`` is the number 12 when the suffix is the one English writes after it (``1^{st}``, ``22^{nd}``,
    ``13^{th}``); any other raised text is left as it is (``12^{st}`` is no ordinal, ``12^{2}`` a power). Words
    after it name what is counted and are kept after the number (``12^{th} grade`` -> ``12 grade``), to be read as
    a noun after any number is."""
    m = _ORDINAL.fullmatch(text)
    if m is None:
        return text
    number, suffix = int(m.group(1)), m.group(2) or m.group(3) or m.group(4)
    last, tens = number % 10, number % 100
    expected = "th" if 11 <= tens <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(last, "th")
    return m.group(1) + (m.group("noun") or "") if suffix == expected else text


# TeX's primitive fraction: "{a \over b}" (not \overline, \overrightarrow, \overset)
_OVER = lazy_compile(r"\\over(?![a-zA-Z])")
# what takes the group after it as an argument: a command, a second argument, a script
_ARGUMENT_BEFORE = lazy_compile(r"(?:\\[a-zA-Z]+|\}|\^|_)$")
# a relation or a list at the top of an answer: "x = 1 \over 2" is TeX's (x = 1)/2, which no one means
_OVER_TOP_STOP = lazy_compile(r"=|<|>|\\(?:le|ge|leq|geq|ne|neq|approx|in)(?![a-zA-Z])|,|;")


def _over_group(body: str, top: bool) -> str:
    """``body`` (one brace group's content, its inner groups already read) with its own ``\\over`` as ``\\frac``:
    everything before it in the group over everything after. Two at one level, or one beside a relation or a
    list at the top of the answer, are left as written."""
    found = []
    for m in _OVER.finditer(body):
        depth = body.count("{", 0, m.start()) - body.count("\\{", 0, m.start()) - (
            body.count("}", 0, m.start()) - body.count("\\}", 0, m.start()))
        if depth == 0:
            found.append(m)
    if len(found) != 1:
        return body
    num, den = body[:found[0].start()].strip(), body[found[0].end():].strip()
    if not num or not den or top and (_OVER_TOP_STOP.search(num) or _OVER_TOP_STOP.search(den)):
        return body
    for side in (num, den):  # a bracket or a set brace open across it: "(1 \over 2)", "\{1 \over 2\}"
        if side.count("(") != side.count(")") or side.count("[") != side.count("]") or "\\{" in side \
                or "\\}" in side:
            return body
    return "\\frac{%s}{%s}" % (num, den)


def over_fractions(text: str) -> str:
    """TeX's ``\\over`` as a ``\\frac``, in each brace group that holds one and in the whole answer:
    ``-2\\sqrt{2} \\over 3`` -> ``\\frac{-2\\sqrt{2}}{3}``, ``x + {1 \\over 3}`` -> ``x + \\frac{1}{3}`` (the
    numerator never reaches outside its group; braces that are a command's argument stay:
    ``\\sqrt{3 \\over 4}`` -> ``\\sqrt{\\frac{3}{4}}``)."""
    if not _OVER.search(text):
        return text
    out: list[list[str]] = [[]]  # the text of each open group, innermost last
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            out[-1].append(text[i:i + 2])
            i += 2
            continue
        if c == "{":
            out.append([])
        elif c == "}" and len(out) > 1:
            inner = "".join(out.pop())
            body = _over_group(inner, top=False)
            before = "".join(out[-1][-40:]).rstrip()
            if body != inner and not _ARGUMENT_BEFORE.search(before):
                out[-1].append(body)  # a bare group: "2{1 \over 3}" is then read as "2\frac{1}{3}" is
            else:
                out[-1].append("{" + body + "}")  # a command's argument: "\sqrt{3 \over 4}"
        else:
            out[-1].append(c)
        i += 1
    while len(out) > 1:  # an unclosed group: kept as written
        body = "".join(out.pop())
        out[-1].append("{" + body)
    return _over_group("".join(out[0]), top=True)


# a unit in square brackets after a number: "0.15 [m]", "9.8 [m/s^2]"
_BRACKETED_UNIT = lazy_compile(r"(?<=[\d}.])[ \t]*\[[ \t]*(?P<unit>[A-Za-zµμΩÅ°][A-Za-zµμΩÅ°/^·*\-\d ]{0,14}?)[ \t]*\][ \t]*\Z")


def clean(text: str) -> Item:
    """Normalise one answer item (see module docstring)."""
    s = text.strip()
    if not s.isprintable():
        for control, escape in _CONTROL_ESCAPES.items():
            s = s.replace(control, escape)
    if "\\mathring" in s or "\\r{" in s:
        s = _RING_A.sub("Å", s)  # "5.3\\,\\mathring{\\mathrm{A}}": the ångström
    if "\\\\" in s and _DOUBLED.search(s):
        s = _DOUBLED.sub(r"\\", s)
    if (not s.isascii() or "\\" in s or "US" in s) and _CURRENCY.search(s):
        s = _CURRENCY.sub("", s).strip()
    if not s.isascii():
        if any("\u2070" <= c <= "\u209f" or c in "¹²³" for c in s):
            # Unicode super/subscripts (10⁻⁵, m/s², v₀) are written out as the grammar's ^{...} / _{...}.
            s = _SUPERSCRIPT.sub(lambda m: "^{" + m.group().translate(SCRIPT_DIGITS) + "}", s)
            s = _SUBSCRIPT.sub(lambda m: "_{" + m.group().translate(SCRIPT_DIGITS) + "}", s)
        for symbol, latex in _SYMBOLS.items():
            if symbol in s:
                s = s.replace(symbol, latex)
        if any(c in _VULGAR for c in s):
            s = re.sub("(\\d)?\\s*([%s])" % "".join(_VULGAR),
                       lambda m: (f"{m.group(1)} " if m.group(1) else "") + _VULGAR[m.group(2)], s)
    if "**" in s:
        s = _BOLD.sub("", s).strip()
    if "E" in s or "e" in s:
        s = _E_EXPONENT.sub(r"\1e\2\3", s)  # "3.0E+08": the exponent 8, as a calculator prints it
    if "..." in s:
        s = _ELLIPSIS_STOP.sub(r"\\ldots", s)  # 0.333... repeats: not a full stop to strip
    if s.endswith("\\") and not s.endswith("\\\\"):
        s = s[:-1].rstrip()  # "185\\": a stray backslash (a line break is two)
    for _ in range(2):
        # (anchored at each end separately: "\s*X$" tried at every position is quadratic on long blank runs)
        s = _CLOSE_DELIM.sub("", _OPEN_DELIM.sub("", s)).strip()
        s = s.rstrip(".。").strip()
        if s[:1] == "{" and s[-1:] == "}" and _outer_pair(s):
            s = s[1:-1].strip()  # "{1, 3}": TeX grouping braces around the whole answer (not the set \\{1, 3\\})
    s = s.replace("\\$", "")  # a currency sign, not a delimiter
    if s[-1:] == "]" and "[" in s:
        bracketed = _BRACKETED_UNIT.search(s)
        if bracketed and read_unit(bracketed.group("unit")) is not None:
            s = s[:bracketed.start()] + " " + bracketed.group("unit")  # "0.15 [m]": the unit in engineering brackets
    if "," in s:
        s = _GROUP_SEP.sub("", s)  # LaTeX thousands separators 1{,}000, 32,\\!349
    if "!=" in s:
        s = s.replace("!=", "\\ne ")
    if "\\var" in s:
        for variant, plain in (("\\varepsilon", "\\epsilon"), ("\\vartheta", "\\theta"), ("\\varphi", "\\phi"),
                               ("\\varrho", "\\rho"), ("\\varnothing", "\\emptyset")):
            s = s.replace(variant, plain)
    if "C_" in s:
        # Combinations written C_n^k (common in Chinese texts) are binomial coefficients.
        s = _BINOM_C.sub(lambda m: f"\\binom{{{m.group(1) or m.group(2)}}}{{{m.group(3) or m.group(4)}}}", s)
    if "\\over" in s:
        s = over_fractions(s)  # "-2\\sqrt{2} \\over 3": TeX's fraction
    if "frac" in s:
        s = s.replace("\\dfrac", "\\frac").replace("\\tfrac", "\\frac").replace("\\cfrac", "\\frac")
        s = _FRAC_DIGITS.sub(r"\\frac{\1}{\2}", s)  # \frac34 is \frac{3}{4}
    if "\\" in s:
        s = s.replace("\\neq", "\\ne ").replace("\\leqslant", "\\leq").replace("\\geqslant", "\\geq")
        s = s.replace("\\le ", "\\leq ").replace("\\ge ", "\\geq ")
        if "\\le" in s:
            s = _LE.sub(r"\\leq", s)
        if "\\ge" in s:
            s = _GE.sub(r"\\geq", s)
        if "\\," in s:
            s = _THIN_THOUSANDS.sub(r"\1\2", s)  # 1\,000
        s = _SPACING.sub(" ", s)
    s = s.replace("~", " ").replace("∶", ":").replace("：", ":")
    if "angle" in s or "⟨" in s:
        s = _ANGLE_VECTOR.sub(r"(\1)", s)  # a vector <1, 2> is a tuple; <E> (a mean) stays
    if s[:1] == "+" and _PLUS.match(s):
        s = s[1:].lstrip()  # "+\infty", "+5": an explicit sign
    # The notation rewrites below only make sense on short answers (and several of their regexes are not linear).
    short = len(s) <= 200
    if short and "(" in s and _APPROX_PAREN.search(s):
        s = _APPROX_PAREN.sub(r" \\approx \1", s)
    if s[:1] in "aArRnN":
        s = _APPROX_WORDS.sub(r"\\approx ", s)
    if "\\" in s or "≈" in s:
        # "exact \\approx decimal": kept as one marker; the comparison decides which side counts.
        s = _APPROX_CMD.sub(r"\\approx ", s)
    degree = False
    if "circ" in s or "°" in s or "degree" in s:
        if "sin" in s or "cos" in s or "tan" in s or "cot" in s or "sec" in s or "csc" in s:
            # the angle of a trigonometric function is not a degree mark on the whole answer
            s = _TRIG_DEGREES.sub(_trig_radians, s)
            if "(" in s:  # an angle in degrees inside a longer argument: \sin(90^\circ - x)
                s = _TRIG_CALL.sub(lambda m: m.group(1) + _DEGREE_NUMBER.sub(r"\\frac{\1 \\pi}{180}", m.group(2)) + ")", s)
        for mark in ("^{\\circ}", "^\\circ", "°", "\\degree", "^{\\circ }", "\\circ"):
            if mark in s:
                degree = True
                s = s.replace(mark, "")
    percent = False
    if "%" in s and (_PERCENT_END.search(s) or "\\%" in s):
        percent = True
        s = s.replace("\\%", "").replace("%", "")
    if short and ("cent" in s or "CENT" in s or "pct" in s) and _PERCENT_WORD.search(s):
        percent, s = True, _PERCENT_WORD.sub("", s)
    upright = ""  # a unit of one letter set upright after a number ("1\times 10^{-8} \text{ F}"): farads
    if short and s[-1:] == "}" and ("text" in s or "rm" in s):
        found = upright_unit(s)
        if found and _numeric_head(found[0].rsplit("=", 1)[-1], constants=True):  # (after a label: "C = 1 \text{F}")
            s, upright = found[0].strip(), found[1]
    if "{" in s:
        # "\mu\mathrm{J}" must not become the command "\muJ" when the wrapper goes.
        s = _CMD_BEFORE_WRAPPER.sub(r"\1 ", s)
        if "^" in s:  # a closing unit with powers inside its wrapper: "9.8\,\mathrm{m\,s^{-2}}"
            s = _WRAPPED_POWERS.sub(r" \1", s)
        for _ in range(3):
            s = _WRAPPER.sub(r"\1", s)
    if "^" in s:
        s = _CARET_NUMBER.sub(_caret, s)  # 10^-5, 10^(-5), 2^10: the whole exponent, as meant
        if "x" in s or "X" in s:
            s = _TIMES_X.sub(r"\1\\times 10^", s)  # 1.0 x 10^{-5}: a times sign, not a variable
    s = " ".join(s.split())
    if short and s[:1].isdigit() and ("th" in s or "st" in s or "nd" in s or "rd" in s):
        s = ordinal_number(s)  # "12^{th}" (grade): the number 12
    if short and _EMPTY_SET.fullmatch(s):
        s = "\\emptyset"  # "\\{\\}", "\\{ \\}", "\\varnothing" (read as \\emptyset above)
    if short and s.startswith(("\\{", "{")) and ("|" in s or "mid" in s or ":" in s):
        s = _set_builder(s)
    if short and (" and " in s or "," in s or "且" in s or "land" in s or "wedge" in s) and ("<" in s or ">" in s
                                                                                       or "\\leq" in s or "\\geq" in s):
        s = _intersection(s)
    if short and s[:1].isupper() and s[1:2] in "( " and "," in s:
        point = _POINT.fullmatch(s)
        if point:  # "P(3, 2)": the point is its coordinates
            s = point.group(1)
    if ("real" in s or "实数" in s) and _ALL_REALS.fullmatch(s):
        s = "\\mathbb{R}"
    member = _MEMBER.search(s) if "\\in" in s and not s.startswith(("\\{", "{")) else None
    if member and re.search(r"[=;]|,(?![^()]*\))", s[:member.start()]):
        member = None  # "x = 2k\pi, k \in \mathbb{Z}": a value and where its parameter ranges, not a set
    if member:  # "x \in (1, 2)": the set is the answer ("\{x \in \mathbb R : x > 1\}" is a set-builder)
        s = s[member.end():].strip()
        if s[:1] == "{" and s[-1:] == "}" and "," in s and _outer_pair(s):
            s = "\\{" + s[1:-1].strip().replace("±", "\\pm ") + "\\}"  # "x ∈ {0, ±1}": braces after "∈" are a set's
    mixed = _MIXED.fullmatch(s) if short and s[:1] in "-0123456789" else None
    if mixed:
        # A mixed number 2\frac{1}{2} or 2 1/2 is 5/2 (the grammar would read a product, or 21/2).
        sign, whole = mixed.group(1), mixed.group(2)
        num, den = mixed.group(3) or mixed.group(5), mixed.group(4) or mixed.group(6)
        if 0 < int(num) < int(den):
            s = f"{sign}({whole}+\\frac{{{num}}}{{{den}}})"
    if short and "." in s and ("\\overline" in s or "\\dot" in s or "\\bar" in s or "." in s[s.index(".") + 1:]
                               or "dots" in s or "…" in s):
        s = _repeating_decimals(s)
    short = len(s) <= 200
    cjk = _CJK_MEASURE.fullmatch(s) if short and not s.isascii() else None
    if cjk and _numeric_head(cjk.group(1)) and not CJK_BOUND.search(s):
        s = cjk.group(1).strip()  # 5个, 3种, 10米: a measure word or unit after a number (3个以上 is a bound)
    if short and ("illion" in s or "thousand" in s):
        scaled = _SCALED.fullmatch(s)
        if scaled:
            value = Fraction(scaled.group(1)) * _SCALES[scaled.group(2).lower()]
            s = str(value.numerator) if value.denominator == 1 else f"\\frac{{{value.numerator}}}{{{value.denominator}}}"
    if s[:1] in "[]" and s[-1:] in "[]" and "," in s and short:
        s = _french_intervals(s)
    unit = ""
    fahrenheit = _FAHRENHEIT_TAIL.fullmatch(s) if degree and short and "F" in s else None
    if fahrenheit and _numeric_head(fahrenheit.group(1)):
        return Item(fahrenheit.group(1).strip(), percent, True, "F")  # "86 °F": degrees Fahrenheit
    if short and "unit" in s:
        words = _WORD_UNIT.match(s)
        if words and _numeric_head(words.group("value"), constants=True):
            s = words.group("value")
    tail = unit_tail(s) if short and _ENDS_IN_UNIT.search(s) else None
    if tail and _numeric_head(tail[0] if len(tail[1]) < 2 else tail[0].rsplit("=", 1)[-1], constants=True):
        # (a unit of two letters or more after a label: "C = 10 nF"; "B = 2A" is a relation, not two amperes)
        s, unit = tail[0].strip(), tail[1]
    else:
        m = _UNIT_RE.match(s) if short else None
        if m and _numeric_head(m.group("value")):
            unit, s = m.group("unit"), m.group("value").strip()
            if unit in ("degrees", "degree"):
                degree, unit = True, ""
    return Item(s.strip().rstrip(".").strip(), percent, degree, unit or upright)


_BACKSLASH_RUN = lazy_compile(r"\\+")
# a number then an F, its degree mark taken off before: "86 F", "86\ \text{F}" (degrees Fahrenheit)
_FAHRENHEIT_TAIL = lazy_compile(r"(.*?\d)\s*(?:\\[,;! ]\s*)*(?:\\(?:text|mathrm)\s*\{\s*F\s*\}|F)\s*")


# LaTeX commands whose backslash and first letter a JSON writer read as an escape ("\\text" written "\text" in a
# JSON string is a tab and "ext"): the control character, then the rest of a command it can only have been
_EATEN_ESCAPE = lazy_compile(r"\t(?=ext(?:bf|it|rm)?\s*\{|(?:imes|heta|frac|ilde|riangle|au|an)(?![a-z]))"
                             r"|\f(?=[a-z])|\x08(?=[a-z])|\r(?=(?:ight|ho|angle|ceil|floor|m)(?![a-z]))")
_CONTROL = frozenset("\t\f\x08\r")
_RESTORED = {"\t": "\\t", "\f": "\\f", "\x08": "\\b", "\r": "\\r"}


def escapes_restored(text: str) -> str:
    r"""``text`` with LaTeX commands a JSON writer broke given back: a reply stored as ``"$x = 1 \quad\text{or}$"``
    (one backslash in the JSON) reads as a tab then "ext{or}"; "\frac" as a form feed then "rac", "\boxed" as a
    backspace then "oxed", "\right" as a carriage return then "ight". Each control character is given its backslash
    and letter back only before the rest of such a command (a tab before other text, a line ending "\r\n", are
    kept). A line break then "eq" ("\neq") is left as it is: a line may open with those letters."""
    if not _CONTROL.intersection(text):
        return text
    return _EATEN_ESCAPE.sub(lambda m: _RESTORED[m.group()], text)


def undoubled(text: str) -> str:
    """``text`` with every backslash halved when it was escaped twice as a whole: each run of backslashes is
    of even length and one stands before a command (``\\\\begin{matrix} x \\\\\\\\ 1 \\\\end{matrix}``)."""
    if "\\\\" not in text or not re.search(r"\\\\[a-zA-Z]", text):
        return text
    runs = _BACKSLASH_RUN.findall(text)
    if any(len(run) % 2 for run in runs):
        return text
    return _BACKSLASH_RUN.sub(lambda m: "\\" * (len(m.group()) // 2), text)


_EMPTY_SET = lazy_compile(r"\\\{\s*\\\}|\\emptyset\s*")
_ANGLE_VECTOR = lazy_compile(r"(?:\\langle(?![a-zA-Z])|⟨)([^⟨⟩]*?,[^⟨⟩]*?)(?:\\rangle(?![a-zA-Z])|⟩)")
_PLUS = lazy_compile(r"\+\s*(?:\d|\\infty)")


def _french_intervals(s: str) -> str:
    """``]1, 2[`` / ``]-\\infty, 0] \\cup ]1, 2[``: the French open brackets as parentheses."""
    pieces = []
    for piece in re.split(r"\\cup|∪", s):
        piece = piece.strip()
        if piece[:1] == "]":
            piece = "(" + piece[1:]
        if piece[-1:] == "[":
            piece = piece[:-1] + ")"
        pieces.append(piece)
    return " \\cup ".join(pieces)


def _outer_pair(s: str) -> bool:
    """Do the first and last characters of ``s`` (``{`` and ``}``) close each other?"""
    depth = 0
    for i, c in enumerate(s):
        if c == "{" and (i == 0 or s[i - 1] != "\\"):
            depth += 1
        elif c == "}" and s[i - 1] != "\\":
            depth -= 1
            if depth == 0:
                return i == len(s) - 1
    return False


_COMMAND = lazy_compile(r"\\[a-zA-Z]+")
_LETTER_NOT_E = lazy_compile(r"[a-df-zA-DF-Z]")
_DIGIT = lazy_compile(r"\d")
_PI = lazy_compile(r"\\pi(?![a-zA-Z])")


def _numeric_head(value: str, constants: bool = False) -> bool:
    """True when ``value`` is a number-like quantity (no letters except LaTeX commands and e-notation).

    With ``constants``, ``\\pi`` counts as a number too (``\\pi m``, ``\\pi`` square units).
    """
    if _LETTER_NOT_E.search(_COMMAND.sub("", value)):
        return False
    return bool(_DIGIT.search(value)) or constants and bool(_PI.search(value))


_ALL_REALS = lazy_compile(r"(?i)(?:the\s+set\s+of\s+)?all\s+real\s+numbers|全体实数|一切实数|实数集")
_SET_BUILDER = lazy_compile(r"(?:\\\{|\{)\s*(?P<var>[a-zA-Z](?:_\{?\w+\}?)?)\s*(?:\\in\s*\\mathbb\s*\{?\s*R\s*\}?\s*)?"
                          r"(?:\\mid|\\vert|\||:)\s*(?P<cond>.+?)\s*(?:\\\}|\})")
_DOMAIN = lazy_compile(r"\s*(?:[a-zA-Z](?:_\{?\w+\}?)?\s*\\in\s*)?\\mathbb\{?R\}?\s*")
_AND = lazy_compile(r",|，|\s*(?:\\text\{\s*(?:且|and)\s*\}|且|\\land|\\wedge|\band\b)\s*")
_ONE_SIDED = lazy_compile(r"(?P<var>[a-zA-Z])\s*(?P<op><=|>=|<|>|\\leq|\\geq|\\lt|\\gt)\s*(?P<value>.+)")
# one relation on a letter: "x \ge 1", "x \ne 3", "x < 5"
_RELATION_ON = lazy_compile(r"([a-zA-Z])\s*+(?:<=|>=|<|>|\\(?:leq?|geq?|lt|gt|neq?)(?![a-zA-Z])|≠|≤|≥)\s*+[^<>=]+")
_FLIP = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "\\leq": "\\geq", "\\geq": "\\leq", "\\lt": "\\gt",
         "\\gt": "\\lt"}


def _both(var: str, parts: list[str], strict: bool) -> str | None:
    """Two one-sided conditions on ``var`` (one lower, one upper bound) as one double inequality, or None.

    ``strict``: only when the two overlap (numeric bounds, lower < upper), for a comma that might list answers.
    """
    lows, highs = [], []
    for part in parts:
        one = _ONE_SIDED.fullmatch(part.strip())
        if not one or one.group("var") != var:
            return None
        op = one.group("op")
        (lows if op in (">", ">=", "\\geq", "\\gt") else highs).append((op, one.group("value").strip()))
    if len(lows) != 1 or len(highs) != 1:
        return None
    if strict:
        try:
            if not Fraction(lows[0][1]) < Fraction(highs[0][1]):
                return None
        except (ValueError, ZeroDivisionError):
            return None
    return f"{lows[0][1]} {_FLIP[lows[0][0]]} {var} {highs[0][0]} {highs[0][1]}"


def _intersection(s: str) -> str:
    """``x > 1 and x < 3`` / ``x>1 且 x<3`` -> ``1 < x < 3``; with a comma only when the two overlap (``x < -1,
    x > 3`` lists a union and stays as written)."""
    parts = _top_split(s, _AND)
    if len(parts) != 2:
        return s
    one = _ONE_SIDED.fullmatch(parts[0].strip())
    if not one:
        return s
    strict = not re.search(r"\band\b|且|\\land|\\wedge", s)
    return _both(one.group("var"), parts, strict) or s


_LONE_LETTER = lazy_compile(r"(?<![A-Za-z\\])[A-Za-z](?![A-Za-z])")


def lone_letters(text: str) -> set[str]:
    """The letters ``text`` writes alone (``-2 \\le y \\le 4`` -> ``{"y"}``): not in a word or a command."""
    return set(_LONE_LETTER.findall(text))


def _set_builder(s: str) -> str:
    """``\\{x \\mid -1 < x < 2\\}`` -> ``-1 < x < 2``: a set written by its condition is that condition.

    Domain statements (``x \\in \\mathbb{R}``) are dropped; two one-sided conditions joined by "and" / a comma
    (``x > 1, x < 3``) become one double inequality; two to four relations of the set's own letter otherwise, joined by "and"
    (``x \\ge 1, x \\ne 3``). Anything else is left as written.
    """
    m = _SET_BUILDER.fullmatch(s)
    if not m:
        return s
    var = m.group("var")
    named = lone_letters(_DOMAIN.sub(" ", m.group("cond")))
    if len(var) == 1 and named and named != {var}:
        return s  # "\{x : -2 \le y \le 4\}": a condition on another letter is no condition on x
    parts = [p for p in _top_split(m.group("cond"), _AND) if not _DOMAIN.fullmatch(p)]
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        both = _both(var, parts, strict=False)
        if both:
            return both
    if 2 <= len(parts) <= 4 and all((m := _RELATION_ON.fullmatch(p.strip())) and m.group(1) == var for p in parts):
        return " \\text{ and } ".join(p.strip() for p in parts)  # "x \ge 1, x \ne 3": every condition holds
    return s


_OVERLINE = lazy_compile(r"(-?)(\d*)\.(\d*)\\(?:overline|bar)\s*\{(\d+)\}")
_DOTTED = lazy_compile(r"(-?)(\d*)\.(\d*?)\\dot\s*\{?(\d)\}?(?:(\d*)\\dot\s*\{?(\d)\}?)?")
_ELLIPSIS = lazy_compile(r"(-?)(\d+)\.(\d+)\s*(?:\\ldots|\\cdots|\\dots|\.\.\.|…)")


def _repeating_value(sign: str, whole: str, fixed: str, period: str) -> str:
    value = Fraction(int(whole or 0)) + Fraction(int(fixed + period) - int(fixed or 0),
                                                 10 ** len(fixed) * (10 ** len(period) - 1))
    value = -value if sign else value
    if value.denominator == 1:
        return str(value.numerator)
    return f"{'-' if value < 0 else ''}\\frac{{{abs(value.numerator)}}}{{{value.denominator}}}"


def _period(digits: str) -> tuple[str, str] | None:
    """``1666`` -> (``1``, ``6``): the shortest block repeated at the end (three digits at least, twice at
    least), so ``0.333...`` and ``0.142857142857...`` repeat and ``3.14159...`` does not."""
    for size in range(1, min(6, len(digits) // 2) + 1):
        block = digits[-size:]
        reps = 1
        while digits[:len(digits) - reps * size].endswith(block):
            reps += 1
        if reps >= 2 and reps * size >= 3:
            return digits[:len(digits) - reps * size], block
    return None


def _repeating_decimals(s: str) -> str:
    """Repeating decimals as exact fractions: ``0.\\overline{3}``, ``0.1\\dot{6}``, ``0.\\dot{1}4285\\dot{7}``,
    ``0.333\\ldots`` -> ``\\frac{1}{3}``; a decimal with an ellipsis but no repeating tail keeps its digits."""
    if "\\overline" in s or "\\bar" in s:
        s = _OVERLINE.sub(lambda m: _repeating_value(m.group(1), m.group(2), m.group(3), m.group(4)), s)
    if "\\dot" in s:
        s = _DOTTED.sub(lambda m: _repeating_value(m.group(1), m.group(2), m.group(3),
                                                   m.group(4) + (m.group(5) or "") + (m.group(6) or "")), s)

    def ellipsis(m: re.Match) -> str:
        found = _period(m.group(3))
        if found is None:  # a truncated decimal (3.14159...): the digits as written
            return f"{m.group(1)}{m.group(2)}.{m.group(3)}"
        return _repeating_value(m.group(1), m.group(2), *found)

    return _ELLIPSIS.sub(ellipsis, s)


def is_thousands(text: str) -> bool:
    """``1,000`` / ``12,345,678.5`` / ``x = 1,000``: commas that group digits in threes (no space: ``1, 024`` is a
    list; a first group of 0 is no group: ``0,111`` is a decimal comma or a list)."""
    return bool(re.fullmatch(r"(?:[^=,]*=\s*)?-?[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?", text.strip()))


#: Characters that neither open/close a group nor can start a separator of :data:`_SEPS`, :data:`_AND` or ","
#: (runs of them are skipped at once: a 100,000-part list splits in a third of the time of a walk by character).
_PLAIN_RUN = lazy_compile(r"[^\\()\[\]{},;；，或和且oa\s]+")
_NOT_PLAIN = frozenset("\\()[]{},;；，或和且oa")


def _top_split(text: str, seps: re.Pattern) -> list[str]:
    parts, depth, start = [], 0, 0
    i = 0
    while i < len(text):
        c = text[i]
        if c not in _NOT_PLAIN and not c.isspace():
            plain = _PLAIN_RUN.match(text, i)
            if plain:
                i = plain.end()
                continue
        if text.startswith("\\{", i) or text.startswith("\\left\\{", i):
            depth += 1
            i += 2
            continue
        if text.startswith("\\}", i):
            depth -= 1
            i += 2
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth = max(0, depth - 1)
        elif depth == 0 and (not c.isspace() or i == 0 or not text[i - 1].isspace()):
            # a separator is tried once per blank run (from its first blank), so long blank runs stay linear
            m = seps.match(text, i)
            if m:
                parts.append(text[start:i].strip())
                start = i = m.end()
                continue
        i += 1
    parts.append(text[start:].strip())
    return [p for p in parts if p]


# (a comma or semicolon after a backslash is TeX spacing, "424 \\, \\text{nm}", not a separator)
_SEPS = lazy_compile(r"(?<!\\),|(?<!\\);|；|，|\s+(?:or|and)\s+|(?<=[)\]])\s*or\s*(?=[(\[])|\s*\\(?:text|mathrm)\{\s*(?:or|and)\s*\}\s*|\s*或\s*|\s*和\s*")
_SET = lazy_compile(r"^\\\{(.*)\\\}$", re.S)


# a ± among the points a set leaves out ("\\mathbb{R}\\setminus\\{\\pm 1\\}", "x \\ne \\pm 1"): both points, one answer
_PM_POINTS = lazy_compile(r"\\(?:setminus|backslash)\s*+\\\{[^{}]*?\\(?:pm|mp)|\\neq?\s*+\\(?:pm|mp)")


def split_answers(text: str) -> list[str]:
    """Split a multi-part answer (top level only) and expand ``\\pm`` (not among the points a set leaves out,
    ``\\mathbb{R}\\setminus\\{\\pm 1\\}``); ``\\{a, b\\}`` is unwrapped."""
    text = text.strip()
    m = _SET.match(text)
    if m and _top_split(m.group(1), re.compile(",")) and "\\}" not in m.group(1):
        text = m.group(1)
    parts = _top_split(text, _SEPS)
    out = []
    for p in parts:
        if ("\\pm" in p or "\\mp" in p) and not _PM_POINTS.search(p):
            out.append(p.replace("\\pm", "+").replace("\\mp", "-"))
            out.append(p.replace("\\pm", "-").replace("\\mp", "+"))
        else:
            out.append(p)
    return out


_RELATION_SIGNS = {"ge": "≥", "geq": "≥", "geqslant": "≥", "le": "≤", "leq": "≤", "leqslant": "≤", "ne": "≠",
                   "neq": "≠", "gt": ">", "lt": "<"}
_RELATION_COMMAND = lazy_compile(r"\\(geqslant|leqslant|geq|leq|neq|ge|le|ne|gt|lt)(?![a-zA-Z])")


def text_key(text: str) -> str:
    """A markup-, case- and punctuation-insensitive key for comparing text answers."""
    s = _WRAPPER.sub(r"\1", text)
    # a relation is part of the answer ("\ge 7" is a bound, not 7): its command kept as its sign
    s = _RELATION_COMMAND.sub(lambda m: f" {_RELATION_SIGNS[m.group(1)]} ", s)
    s = re.sub(r"\\[a-zA-Z]+", " ", s)
    s = re.sub(r"[{}$*_`'\".,;:!?()\[\]]", " ", s)
    return re.sub(r"\s+", " ", s).strip().lower()


_ONES, _TENS, _SCALES = ONES, TENS, SCALES
# A numeral with a scale word ("5 million", "2.5 thousand dollars"): at most two words (its noun) may follow.
_SCALED = lazy_compile(r"(-?\d+(?:\.\d+)?)\s*(thousand|million|billion|trillion)(?:\s+[A-Za-z]+){0,2}", re.I)
_PARTS = PARTS
_CJK_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_CJK_UNITS = {"十": 10, "百": 100, "千": 1000}
_CJK_NUMBER = lazy_compile("([零〇一二两三四五六七八九十百千万]+)[\u4e00-\u9fff]{0,3}")
_COPULA = lazy_compile(r"(?i)\b(?:is|are|equals|be|was|were|gives|get|got|has|have|had)\b|=|为|是|等于|有")
#: a bound in Chinese ("至少有一个", "不超过 4", "240元以上"), not a value; 以上 alone is "the above"
CJK_BOUND = lazy_compile(r"至少|至多|不超过|不少于|不多于|不大于|不小于|不低于|不高于|或更多|或更少"
                         r"|\d\s*\$?\s*[\u4e00-\u9fff]?以[上下内]")


def _english_number(words: list[str]) -> tuple[Fraction, int] | None:
    """The number the leading words spell (``twenty one``, ``one hundred and five``, ``two thirds``) and how many
    words it took, or None."""
    total, current, used, seen = 0, 0, 0, False
    for i, w in enumerate(words):
        if w in _ONES:
            current += _ONES[w]
        elif w in _TENS:
            current += _TENS[w]
        elif w in _SCALES and seen:
            if w == "hundred":
                current *= 100
            else:
                total += current * _SCALES[w]
                current = 0
        elif w == "and" and seen and i + 1 < len(words) and (words[i + 1] in _ONES or words[i + 1] in _TENS
                                                              or words[i + 1] in ("a", "an")):
            after = words[i + 2:] if words[i + 1] in ("a", "an") else words[i + 1:]
            part = _english_number(after)
            if part is not None and part[0] < 1 and part[0].denominator > 1:
                # "two and one third", "three and a half": a mixed number
                return total + current + part[0], len(words) - len(after) + part[1]
            if words[i + 1] in ("a", "an") or words[i - 1] not in _SCALES:
                break  # ("three and one" lists two numbers; "one hundred and five" is one)
            continue
        elif w in _PARTS and (seen or w in ("half", "quarter", "third")):
            # "two thirds", "a half" (the article is dropped by the caller: a lone "half" is one half)
            count = (total + current) if seen else 1
            return Fraction(count, _PARTS[w]), i + 1
        else:
            break
        seen, used = True, i + 1
    return (Fraction(total + current), used) if seen else None


def _cjk_number(text: str) -> int | None:
    total, section, number = 0, 0, 0
    for ch in text:
        if ch in _CJK_DIGITS:
            number = _CJK_DIGITS[ch]
        elif ch in _CJK_UNITS:
            section += (number or 1) * _CJK_UNITS[ch]
            number = 0
        elif ch == "万":
            total += (section + number) * 10000
            section = number = 0
        else:
            return None
    return total + section + number


_HEDGES = {"or", "and", "to", "more", "less", "fewer", "plus", "minus", "times", "over", "at", "than", "possibly"}
_NOT_NOUNS = {"it", "is", "are", "was", "not", "can", "cannot", "does", "do", "possible", "impossible", "exist",
              "exists", "there", "this", "that", "we", "they"}
def _count_noun(word: str) -> bool:
    """"no real solutions", "no such triangles": a plural noun counts nothing. (A singular "no solution" answers
    a "solve" question, not a "how many" one.)"""
    return len(word) > 3 and word.endswith("s") and not word.endswith("ss")


#: a chance in words, the whole sentence: "Three out of four.", "One in ten — only TT fails." (a reason after a dash)
_CHANCE = lazy_compile(r"(?i)(?P<count>[a-z][a-z -]{0,30}?)\s+(?:out\s+of|in)\s+(?P<whole>[a-z][a-z -]{0,30}?)\s*"
                       r"(?:[.!]|[—–]\s*(?P<reason>[^?]{0,80}?)\.?)?")
#: a reason after a chance that takes it back, hedges it or doubts it
_CHANCE_TAKEN_BACK = lazy_compile(r"(?i)\b(?:no|not|wait|wrong|incorrect|hmm|maybe|perhaps|roughly|approximately|about|"
                                  r"sure|isn't|is\s+not|false|odds|against)\b")


def _chance(text: str) -> Fraction | None:
    """The chance a sentence states in words and nothing else ("Three out of four.", "One in ten — only TT fails."):
    the count over the whole, each a number in words and nothing more, the count at most the whole; a reason after a
    dash may follow unless it takes the chance back or hedges it; None otherwise."""
    m = _CHANCE.fullmatch(text.strip())
    if m is None or (m.group("reason") and _CHANCE_TAKEN_BACK.search(m.group("reason"))):
        return None
    count_words = m.group("count").lower().replace("-", " ").split()
    whole_words = m.group("whole").lower().replace("-", " ").split()
    count, whole = _english_number(count_words), _english_number(whole_words)
    if count is None or whole is None or count[1] != len(count_words) or whole[1] != len(whole_words):
        return None
    if count[0].denominator != 1 or whole[0].denominator != 1 or not 0 < count[0] <= whole[0]:
        return None
    return count[0] / whole[0]


def number_words(text: str) -> Fraction | None:
    """The number an answer written in words states, or None.

    ``twelve`` / ``twelve games`` / ``the number of games is twelve`` -> 12; ``two thirds`` -> 2/3; ``三个`` /
    ``共有十二种`` -> 3 / 12; ``none`` / ``there are no real solutions`` -> 0 (a count of nothing; a bare "no" is a
    yes/no answer, not a number). At most three words may follow the number (its noun); anything else is None.
    """
    t = text.strip().rstrip(".。!").strip()
    if not t or len(t) > 120 or re.search(r"\d", t):
        return None
    if re.search("[\u4e00-\u9fff]", t):
        if CJK_BOUND.search(t):
            return None  # "至少有一个零点": a bound, not a count
        tails = [t] + [t[m.end():].strip() for m in _COPULA.finditer(t)][-1:]
        for tail in tails:
            m = _CJK_NUMBER.fullmatch(tail)
            if m:
                value = _cjk_number(m.group(1))
                if value is not None:
                    return Fraction(value)
        return None
    if " in " in t or " out of " in t:
        chance = _chance(text)
        if chance is not None:
            return chance  # "Three out of four", "One in ten": a chance, the count over the whole
    words = re.findall(r"[a-z]+", t.lower().replace("-", " "))
    candidates = [words]
    spans = [m.end() for m in _COPULA.finditer(t)]
    if spans:
        candidates.append(re.findall(r"[a-z]+", t[spans[-1]:].lower().replace("-", " ")))
    for ws in candidates:
        if ws and ws[0] in ("a", "an") and len(ws) > 1 and ws[1] in _PARTS:
            ws = ws[1:]
        sign = 1
        if ws and ws[0] in ("minus", "negative"):
            sign, ws = -1, ws[1:]
        found = _english_number(ws)
        rest = ws[found[1]:] if found is not None else []
        if found is not None and len(rest) <= 3 and not any(
                w in _ONES or w in _TENS or w in _SCALES or w in _HEDGES for w in rest):
            return sign * found[0]  # "twelve games"; not "two or three", "five or more"
        if ws == ["none"] or ws[:1] == ["no"] and 2 <= len(ws) <= 4 and _count_noun(ws[-1]) \
                and "," not in t and not set(ws) & _NOT_NOUNS:
            return Fraction(0)
    return None
