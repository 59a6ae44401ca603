"""Answer normalisation: LaTeX/plain answer text -> a canonical string plus what was stripped from it.

:func:`clean` removes presentation (math delimiters, ``\\left``/``\\right``, spacing commands, ``\\dfrac``,
``\\text{}`` wrappers) and records meaning-bearing marks it removes: a percent sign, a degree sign, a trailing
unit. :func:`split_answers` splits a multi-part answer at top-level commas / semicolons / "and" / "or",
expands ``\\pm`` and unwraps set braces.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Item", "clean", "split_answers", "text_key", "is_thousands", "UNITS"]

# Units recognised at the end of a numeric answer (stripped, never converted; see docs/profiles-math.md).
UNITS = (
    "km/h", "m/s^2", "m/s^{2}", "m/s", "km", "cm", "mm", "nm", "μm", "um", "m^2", "m^{2}", "m^3", "m^{3}", "m",
    "kg", "mg", "g", "ms", "s", "min", "h", "hours", "hour", "minutes", "seconds", "days", "day", "years",
    "kJ", "J", "eV", "keV", "MeV", "GeV", "kW", "W", "N", "kN", "Pa", "kPa", "atm", "V", "mV", "kV", "A", "mA",
    "Hz", "kHz", "MHz", "K", "C", "T", "mol", "L", "mL", "Ω", "\\Omega", "rad", "units", "unit", "cm^2",
    "cm^{2}", "cm^3", "cm^{3}", "dollars", "cents", "people", "ways", "degrees", "degree",
)
_UNIT_RE = re.compile(
    r"^(?P<value>.*?[\d}\)])\s*(?:\\,|\\ |~|\s)*(?P<unit>%s)\.?$" % "|".join(
        re.escape(u) for u in sorted(UNITS, key=len, reverse=True)))

_SPACING = re.compile(r"\\(?:[,;:! ]|quad|qquad|displaystyle|textstyle|limits)|\\left|\\right")
_WRAPPER = re.compile(r"\\(?:text|textbf|textit|mathrm|mathbf|mathit|mbox|operatorname|emph)\s*\{([^{}]*)\}")


@dataclass(frozen=True)
class Item:
    """One cleaned answer item: text plus the marks removed from it."""

    text: str
    percent: bool = False
    degree: bool = False
    unit: str = ""


def clean(text: str) -> Item:
    """Normalise one answer item (see module docstring)."""
    s = text.strip()
    s = re.sub(r"^\*\*|\*\*$", "", s).strip()
    for _ in range(2):
        s = re.sub(r"^(?:\$\$|\$|\\\(|\\\[)\s*|\s*(?:\$\$|\$|\\\)|\\\])$", "", s).strip()
        s = s.rstrip(".。").strip()
    s = s.replace("\\$", "")  # a currency sign, not a delimiter
    s = s.replace("{,}", "")  # LaTeX thousands separator 1{,}000
    for variant, plain in (("\\varepsilon", "\\epsilon"), ("\\vartheta", "\\theta"), ("\\varphi", "\\phi"),
                           ("\\varrho", "\\rho")):
        s = s.replace(variant, plain)
    # Combinations written C_n^k (common in Chinese texts) are binomial coefficients.
    s = re.sub(r"(?<![\\a-zA-Z])C_\{?([\w+\-]+)\}?\^\{?([\w+\-]+)\}?", r"\\binom{\1}{\2}", s)
    s = s.replace("\\dfrac", "\\frac").replace("\\tfrac", "\\frac").replace("\\cfrac", "\\frac")
    s = s.replace("\\neq", "\\ne ").replace("\\leqslant", "\\leq").replace("\\geqslant", "\\geq")
    s = s.replace("\\le ", "\\leq ").replace("\\ge ", "\\geq ").replace("\\varnothing", "\\emptyset")
    s = re.sub(r"\\le(?![a-zA-Z])", r"\\leq", s)
    s = re.sub(r"\\ge(?![a-zA-Z])", r"\\geq", s)
    s = re.sub(r"(\d)\\,(\d{3})(?!\d)", r"\1\2", s)  # 1\,000
    s = _SPACING.sub(" ", s)
    s = s.replace("~", " ").replace("∶", ":").replace("：", ":")
    s = re.sub(r"\\(?:approx|simeq|sim|thickapprox|doteq)(?![a-zA-Z])|≈", "=", s)
    degree = False
    for mark in ("^{\\circ}", "^\\circ", "°", "\\degree", "^{\\circ }", "\\circ"):
        if mark in s:
            degree = True
            s = s.replace(mark, "")
    percent = False
    if re.search(r"\\?%\s*$", s) or "\\%" in s:
        percent = True
        s = s.replace("\\%", "").replace("%", "")
    for _ in range(3):
        s = _WRAPPER.sub(r"\1", s)
    s = re.sub(r"\s+", " ", s).strip()
    member = re.search(r"\\in(?![a-zA-Z])", s)
    if member:  # "x \in (1, 2)": the set is the answer
        s = s[member.end():].strip()
    mixed = re.fullmatch(r"(-?)(\d+)\s*\\frac\{(\d+)\}\{(\d+)\}", s)
    if mixed and 0 < int(mixed.group(3)) < int(mixed.group(4)):
        # A mixed number 2\frac{1}{2} is 5/2 (the grammar would read a product).
        sign, whole, num, den = mixed.groups()
        s = f"{sign}({whole}+\\frac{{{num}}}{{{den}}})"
    # Unit and measure-word stripping only make sense on short answers (and their regexes are not linear).
    short = len(s) <= 200
    cjk = short and re.fullmatch(r"(.*?\d[^\u4e00-\u9fff]*?)\s*[\u4e00-\u9fff]{1,3}", s)
    if cjk and _numeric_head(cjk.group(1)):
        s = cjk.group(1).strip()  # 5个, 3种, 10米: a measure word or unit after a number
    unit = ""
    m = _UNIT_RE.match(s) if short else None
    if m and _numeric_head(m.group("value")):
        unit, s = m.group("unit"), m.group("value").strip()
        if unit in ("degrees", "degree"):
            degree, unit = True, ""
    return Item(s.strip().rstrip(".").strip(), percent, degree, unit)


def _numeric_head(value: str) -> bool:
    """True when ``value`` is a number-like quantity (no letters except LaTeX commands and e-notation)."""
    letters = re.sub(r"\\[a-zA-Z]+", "", value)
    return bool(re.search(r"\d", value)) and not re.search(r"[a-df-zA-DF-Z]", letters)


def is_thousands(text: str) -> bool:
    """``1,000`` / ``12,345,678.5``: commas that group digits in threes (no space: ``1, 024`` is a list)."""
    return bool(re.fullmatch(r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?", text.strip()))


def _top_split(text: str, seps: re.Pattern) -> list[str]:
    parts, depth, start = [], 0, 0
    i = 0
    while i < len(text):
        c = text[i]
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
        elif depth == 0:
            m = seps.match(text, i)
            if m:
                parts.append(text[start:i].strip())
                start = i = m.end()
                continue
        i += 1
    parts.append(text[start:].strip())
    return [p for p in parts if p]


_SEPS = re.compile(r",|;|；|，|\s+(?:or|and)\s+|\s*\\(?:text|mathrm)\{\s*(?:or|and)\s*\}\s*|\s*或\s*|\s*和\s*")
_SET = re.compile(r"^\\\{(.*)\\\}$", re.S)


def split_answers(text: str) -> list[str]:
    """Split a multi-part answer (top level only) and expand ``\\pm``; ``\\{a, b\\}`` is unwrapped."""
    text = text.strip()
    m = _SET.match(text)
    if m and _top_split(m.group(1), re.compile(",")) and "\\}" not in m.group(1):
        text = m.group(1)
    parts = _top_split(text, _SEPS)
    out = []
    for p in parts:
        if "\\pm" in p or "\\mp" in p:
            out.append(p.replace("\\pm", "+").replace("\\mp", "-"))
            out.append(p.replace("\\pm", "-").replace("\\mp", "+"))
        else:
            out.append(p)
    return out


def text_key(text: str) -> str:
    """A markup-, case- and punctuation-insensitive key for comparing text answers."""
    s = _WRAPPER.sub(r"\1", text)
    s = re.sub(r"\\[a-zA-Z]+", " ", s)
    s = re.sub(r"[{}$*_`'\".,;:!?()\[\]]", " ", s)
    return re.sub(r"\s+", " ", s).strip().lower()
