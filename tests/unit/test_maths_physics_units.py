"""Physics answers with units and powers of ten against a gold in another unit, or with the unit in the row's
``unit`` cell (the grading conventions): converted to the gold's unit before comparing; a stated precision applies in the
gold's unit, after conversion; another quantity, or the right number in the wrong unit, is wrong."""

from __future__ import annotations

import pytest

from pytest_answerbench import maths, score_row


def _row(prediction: str, gold: str, unit: str | None = None, error: str | None = None) -> str:
    row = {"prediction": prediction, "final_answer": [gold]}
    if unit is not None:
        row["unit"] = unit
    if error is not None:
        row["error"] = error
    return score_row("olympiad", row, timeout=10).status


@pytest.mark.parametrize("prediction, gold, unit, error", [
    ("The Bohr radius is $5.3\\times10^{-11}\\ \\mathrm{m}$.", "0.53", "Å", None),  # the row's unit: ångström
    ("So $r = \\boxed{5.3\\times10^{-11}\\ \\mathrm{m}}$", "0.53", "$\\AA$", None),
    ("The field is 2.0 mT.", "2.0\\times10^{-3}", "T", None),  # a prefix against a power of ten
    ("$\\boxed{1216\\ \\text{Å}}$", "121.6", "nm", None),  # Å against nm
    ("The wavelength is $3\\ \\text{Å}$.", "0.3", "nm", None),
    ("$E = 2.18\\times10^{-18}\\,\\mathrm{J}$", "13.6", "eV", "0.1"),  # J against eV, precision in eV
    ("The photon carries $\\boxed{1.9\\text{ eV}}$.", "3.0\\times10^{-19}", "J", "1e-20"),  # eV against J
    ("The frequency is $\\boxed{5\\times10^{14}\\ \\mathrm{s}^{-1}}$", "5\\times10^{14}", "Hz", None),  # Hz = s^-1
    ("$\\boxed{250\\ \\mathrm{mm}}$", "25", "cm", None),
])
def test_a_value_in_another_unit_is_converted_to_the_gold_unit(prediction, gold, unit, error):
    assert _row(prediction, gold, unit, error) == "correct"


@pytest.mark.parametrize("prediction, gold, unit, error", [
    ("The length is $\\boxed{5\\ \\mathrm{cm}}$.", "5", "m", None),  # 5 cm is not 5 m
    ("The radius is $\\boxed{0.53\\ \\mathrm{m}}$.", "0.53", "Å", None),  # the gold's number in the wrong unit
    ("The field is 2.0 mm.", "2.0\\times10^{-3}", "T", None),  # another quantity
    ("$E = 2.18\\times10^{-18}\\,\\mathrm{J}$", "13.6", "eV", None),  # 13.606 eV: no precision, no tolerance
    ("$E = 2.18\\times10^{-18}\\,\\mathrm{J}$", "13.6", "eV", "0.001"),  # outside the precision, in eV
    ("$\\boxed{1216\\ \\text{Å}}$", "12.16", "nm", None),
])
def test_a_different_quantity_or_value_is_wrong(prediction, gold, unit, error):
    assert _row(prediction, gold, unit, error) == "wrong"


@pytest.mark.parametrize("gold, pred", [
    ("y = 0.017 \\, \\text{m}", "0.017 \\, \\text{m}"),  # a gold naming its quantity
    ("W = 73.4 \\times 10^3 \\, \\text{J}", "73.4 \\, \\text{kJ}"),
    ("L_{\\text{vapor}} = 4.8 \\times 10^{10} \\, \\text{ergs/mol}", "4.8 \\times 10^{10} \\, \\text{erg/mol}"),
    ("E = 4.8 \\times 10^{3} \\, \\text{erg}", "4.8 \\times 10^{-4} \\, \\text{J}"),  # CGS against SI
    ("d = 1.5 \\, \\text{Å}", "0.15 \\, \\text{nm}"),
])
def test_a_gold_naming_its_quantity_is_its_value(gold, pred):
    assert maths.equivalent(gold, pred)[0]


@pytest.mark.parametrize("gold, pred", [
    ("y = 0.017 \\, \\text{m}", "0.017 \\, \\text{s}"),  # another quantity
    ("W = 73.4 \\times 10^3 \\, \\text{J}", "73.4 \\, \\text{J}"),  # kJ written as J
    ("y = 3x + 2", "3x + 2 + 1"),  # an equation keeps its label
    ("d = 1.5 \\, \\text{Å}", "1.5 \\, \\text{nm}"),
])
def test_a_gold_naming_its_quantity_is_not_another_value(gold, pred):
    assert not maths.equivalent(gold, pred)[0]
