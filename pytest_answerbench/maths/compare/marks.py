"""The marks an answer part carries from its whole answer (percent, degree, unit), and the unit scale between
a predicted and a gold unit."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...text.patterns import lazy_compile
from ..normalize import Item, clean
from ..units import MISMATCH, letter_unit, read_unit, unit_factor


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
            found = letter_unit(one.text, other.unit)
            if found is not None:
                read = replace(one, text=found[0], unit=found[1])
                return (g, read) if one is p else (read, p)
    return g, p


def unit_scale(g: Item, p: Item) -> Any:
    """The factor taking the predicted value into the gold's unit: 1 when either has none or is unknown, None
    when both are known units of different quantities (``0.4 s`` for a speed in m/s: wrong whatever the value)."""
    if not (g.unit and p.unit) or g.unit == p.unit:
        return 1
    factor = unit_factor(p.unit, g.unit)
    if factor == MISMATCH:
        return None
    return 1 if factor is None else factor
