"""The marks an answer part carries from its whole answer (percent, degree, unit), and the unit scale between
a predicted and a gold unit."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from ...text.patterns import lazy_compile
from ..normalize import Item, clean
from ..units import MISMATCH, letter_unit, read_unit, unit_factor, unit_tail
from .aliases import asked_question


def with_marks(text: str, whole: Item) -> Item:
    inner = clean(text)
    return Item(inner.text, inner.percent or whole.percent, inner.degree or whole.degree, inner.unit or whole.unit)


# a unit cell naming degrees Celsius: "°C", "^{\circ}C", "$^{\circ} \mathrm{C}$", "℃"
_CELSIUS = lazy_compile(r"\s*\$?\s*(?:(?:\^\s*\{?\s*\\circ\s*\}?|°|\\degree)\s*(?:\\mathrm\s*\{\s*C\s*\}|"
                        r"\\text\s*\{\s*C\s*\}|C)|℃)\s*\$?\s*")


# a unit cell naming degrees of angle: "$^{\circ}$", "°", "\circ", "degrees"
_DEGREES = lazy_compile(r"\s*\$?\s*(?:\^\s*\{?\s*\\circ\s*\}?|\\circ|°|\\degree|degrees?)\s*\$?\s*")


def with_target_unit(item: Item, unit: str) -> Item:
    """The gold item with the row's unit: ``%`` makes it a percentage, a known unit is its unit."""
    if "%" in unit:
        return replace(item, percent=True)
    if _CELSIUS.fullmatch(unit) and not item.unit:
        return replace(item, degree=True, unit="C")  # the row's "°C": the gold is on the Celsius scale
    if _DEGREES.fullmatch(unit) and not item.unit:
        return replace(item, degree=True)  # the row's "°": the gold is an angle in degrees (rule 5: π/6 is 30°)
    if not item.unit and read_unit(unit, context=True) is not None:
        return replace(item, unit=unit)  # (a unit cell "t" or "e" is the tonne or the elementary charge)
    return item


def letter_units(g: Item, p: Item) -> tuple[Item, Item]:
    """A value in a unit of one letter that also names a quantity (``3.2 t``, ``2e``) read in that unit when the
    other answer's unit measures the same quantity (:func:`..units.letter_unit`); both unchanged otherwise."""
    for one, other in ((p, g), (g, p)):
        if other.unit and not one.unit:
            head, tail = _chain_tail(one.text)
            found = letter_unit(tail, other.unit, wide=one is p)  # (F, H, G, ... read so on the reply's side only)
            if found is not None:
                read = replace(one, text=head + found[0], unit=found[1])
                return (g, read) if one is p else (read, p)
    return g, p


def chain_unit(item: Item) -> Item:
    """A chain ``\\frac{e\\hbar}{2m_e} \\approx 5.79\\times10^{-5}\\ \\text{eV/T}`` with the unit of its last value read
    off as the item's unit (cleaning reads a unit only after a lone value); ``item`` unchanged otherwise."""
    if item.unit or not ("=" in item.text or "\\approx" in item.text) or "," in item.text or ";" in item.text:
        return item  # (a list of parts keeps each part's unit: "x \\approx 0.25 g, y \\approx 1.75 g")
    text = _RESTATED.sub("", item.text) if "(" in item.text else item.text  # "... J\\ (=0.12\\ \\text{kWh})"
    head, tail = _chain_tail(text)
    found = unit_tail(tail.strip()) if head else None
    if found is None or not MEASURED_VALUE.fullmatch(found[0].strip()):
        return item
    for _ in range(3):  # "\approx 1.23\times10^{-10}\ \text{m} = 1.23\ \text{Å}": the same value in two units
        before, previous = _chain_tail(_SEPARATOR_END.sub("", head))
        stated = unit_tail(previous.strip()) if before else None
        if stated is None or not MEASURED_VALUE.fullmatch(stated[0].strip()) \
                or not isinstance(unit_factor(stated[1], found[1]), Fraction) \
                or not _same_value(stated[0], unit_factor(stated[1], found[1]), found[0]):
            break  # ("1.23\\times10^{-10}\\ m = 1.5\\ Å": two values, not one in two units)
        head = before
    if _UNIT_IN_SIDE.search(head) and not CONDITION_WORD.search(head):
        head = _without_measured_sides(head)  # ("x = 5 m when t = 3 s": a condition's value, kept to be read so)
    return replace(item, text=head + found[0].strip(), unit=found[1])


# a restatement in brackets after a chain's value: "4.32\times10^5\ \text{J}\ (=0.12\ \text{kWh})"
_RESTATED = lazy_compile(r"(?<![\s,;: ])(?:\s|\\[,;: ])*+\(\s*+(?:=|\\approx|≈)\s*+[^()=]{1,60}\)\s*+\.?\s*+$")
_UNIT_IN_SIDE = lazy_compile(r"\\(?:text|mathrm)\s*\{|\d(?:\s|\\[,;: ]|~)+(?:\\mu\s*)?[A-Za-zÅμΩ]")  # "12398 eV", "60\\ \\text{W}"
_SIDE_SEPARATOR = lazy_compile(r"(=|\\approx(?![A-Za-z]))")
#: a word that makes a later "=" a condition, not a chain's value: "x = 5 m when t = 3 s"
CONDITION_WORD = lazy_compile(r"(?i)\b(?:when|if|at|for|where|while|after|before|with)\b")
_OPERATION = lazy_compile(r"\\(?:times|cdot|[dt]?frac)(?![A-Za-z])|[*/×·]")  # numbers put into a formula, computed


def _without_measured_sides(head: str) -> str:
    """A chain's head without the sides after its first that carry units (``\\frac{12\\,398\\ \\text{eV·Å}}{10.2\\
    \\text{eV}}``, ``60\\ \\text{W}\\times7200\\ \\text{s}``): numbers put into the formula, which the chain's last value
    states; the label and the formula stay."""
    pieces = _SIDE_SEPARATOR.split(head)  # side, separator, side, separator, ..., "" (the head ends on one)
    sides, separators = pieces[0::2], pieces[1::2]
    kept = [(sides[0], separators[0])] + [(side, sep) for side, sep in zip(sides[1:], separators[1:])
                                           if not (_UNIT_IN_SIDE.search(side) and _OPERATION.search(side))]
    return "".join(side + sep for side, sep in kept) + " "


_MEASURED_PARTS = lazy_compile(r"\s*(?P<m>-?\d+(?:\.\d+)?)(?:\s*(?:\\times|\\cdot|×)\s*10\s*\^\s*(?:\{\s*(?P<e>-?\d+)\s*\}|(?P<e1>-?\d)))?")


def _same_value(first: str, factor: Fraction, second: str) -> bool:
    """Is ``first`` (times ``factor``) the value ``second`` states, to the fewer digits of the two (1%)?"""
    a, b = _MEASURED_PARTS.match(first), _MEASURED_PARTS.match(second)
    if a is None or b is None:
        return False
    value_a = Fraction(a.group("m")) * Fraction(10) ** int(a.group("e") or a.group("e1") or 0) * factor
    value_b = Fraction(b.group("m")) * Fraction(10) ** int(b.group("e") or b.group("e1") or 0)
    return abs(value_a - value_b) <= abs(value_b) / 100


_SEPARATOR_END = lazy_compile(r"\s*(?:=|\\approx)\s*$")


#: a number, maybe times a power of ten, and the space before its unit: the value a unit closes ("5\\times10^{14}\\ ")
MEASURED_VALUE = lazy_compile(r"\s*-?\d+(?:\.\d+)?(?:\s*(?:\\times|\\cdot|×)\s*10\s*\^\s*(?:\{\s*-?\d+\s*\}|-?\d))?"
                              r"(?:\\[,;: ]|~|\s)*")


def _chain_tail(text: str) -> tuple[str, str]:
    """``(head, last value)`` of a chain ``C = \\frac{\\varepsilon_0 A}{d} \\approx 8.85\\times10^{-11} F`` (the head
    keeps its ``=`` or ``\\approx``), or ``("", text)`` for one value."""
    cut = max(text.rfind("="), text.rfind("\\approx") + len("\\approx") - 1 if "\\approx" in text else -1)
    if cut < 0:
        return "", text
    return text[:cut + 1] + " ", text[cut + 1:]


#: a unit naming radians: against a value marked in degrees, the same number is another angle
_RADIANS = frozenset({"rad", "rads", "radian", "radians"})


def degrees_against_radians(g: Item, p: Item) -> bool:
    """One value marked in degrees, the other in a unit that names radians (``0.5^\\circ`` for ``0.5\\ \\text{rad}``),
    or a gold the question asks in radians ("Find $\\theta$ in radians."): only the angle converted compares then,
    never the bare numbers (rule 5: a number is degrees only when marked or when the gold is in degrees)."""
    if p.degree and not g.degree and not g.unit:
        question = asked_question()
        return bool(question) and _ASKS_RADIANS.search(question) is not None
    return (p.degree and not g.degree and g.unit in _RADIANS) or (g.degree and not p.degree and p.unit in _RADIANS)


# a question asking its answer in radians: "Find $\theta$ in radians.", "(in rad)"
_ASKS_RADIANS = lazy_compile(r"(?i)\bin\s+(?:radians?|rad)\b")


def celsius_shift(g: Item, p: Item) -> Any:
    """What to add to the predicted temperature to put it on the gold's scale when one is in kelvin and the other in
    degrees Celsius (+273.15 into kelvin, -273.15 into Celsius; rule 6: the two scales differ by a shift, not a
    factor), as an exact Fraction, else None."""
    from fractions import Fraction

    if g.unit == "K" and p.unit == "C" and p.degree:
        return Fraction(27315, 100)
    if p.unit == "K" and g.unit == "C" and g.degree:
        return -Fraction(27315, 100)
    return None


# a conversion the question states: "(You may use $1\ \mathrm{eV} = 1.6\times10^{-19}\ \mathrm{J}$.)", "1 atm = 101 kPa"
_STATED_CONVERSION = lazy_compile(r"(?<![\d.])1\s*(?P<a>[A-Za-zμÅΩ]{1,4})\s*=\s*(?P<mantissa>\d+(?:\.\d+)?)"
                                  r"(?:\s*(?:\\times|×|\\cdot|·)\s*10\s*\^\s*\{?\s*(?P<power>[-−]?\d{1,3})\s*\}?)?"
                                  r"\s*(?P<b>[A-Za-zμÅΩ]{1,4})(?![A-Za-z])")
_UNIT_WRAPPER = lazy_compile(r"\\(?:mathrm|text|textrm|rm)\s*\{\s*([^{}]*?)\s*\}|\\[,;: ]|~|\$")


def given_scale(g: Item, p: Item) -> Fraction | None:
    r"""The factor taking the predicted value into the gold's unit by a conversion the row's question states ("You
    may use $1\ \mathrm{eV} = 1.6\times10^{-19}\ \mathrm{J}$": a value in J is 1/1.6e-19 of its number in eV),
    when it differs from the standard factor; None otherwise (no such statement, or not between these units)."""
    question = asked_question()
    if not question or not (g.unit and p.unit) or g.unit == p.unit or "=" not in question:
        return None
    standard = unit_factor(p.unit, g.unit)
    if not isinstance(standard, Fraction):
        return None
    plain = _UNIT_WRAPPER.sub(lambda m: m.group(1) or " ", question)
    pred_unit, gold_unit = (_UNIT_WRAPPER.sub(lambda m: m.group(1) or "", u).strip() for u in (p.unit, g.unit))
    for said in _STATED_CONVERSION.finditer(plain):
        value = Fraction(said.group("mantissa")) * Fraction(10) ** int((said.group("power") or "0").replace("−", "-"))
        a, b = said.group("a"), said.group("b")
        if not isinstance(unit_factor(a, b), Fraction) or value == 0:
            continue  # (not two units of one quantity)
        for one, other, per in ((a, b, value), (b, a, 1 / value)):  # one `one` is `per` of `other`
            if not (pred_unit.endswith(one) and gold_unit.endswith(other)):
                continue  # (the prediction in `one` or a multiple of it, "kJ" for "J"; the gold in `other`'s)
            into_one, out_of_other = unit_factor(p.unit, one), unit_factor(other, g.unit)
            if isinstance(into_one, Fraction) and isinstance(out_of_other, Fraction):
                factor = into_one * per * out_of_other
                return factor if factor != standard else None
    return None


def unit_scale(g: Item, p: Item) -> Any:
    """The factor taking the predicted value into the gold's unit: 1 when either has none or is unknown, None
    when both are known units of different quantities (``0.4 s`` for a speed in m/s: wrong whatever the value)."""
    if not (g.unit and p.unit) or g.unit == p.unit:
        return 1
    factor = unit_factor(p.unit, g.unit)
    if factor == MISMATCH:
        return None
    return 1 if factor is None else factor
