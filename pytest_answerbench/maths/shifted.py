"""A shift asked for, a total in the gold: the question asks by how much a quantity moves ("Compute the shift of the
ground state energy through second order"), the gold states the quantity after the shift ("\\frac{3}{2}\\hbar\\omega -
\\frac{3\\lambda^2}{2m\\omega^2}"), and the response answers the shift asked ("-\\frac{3\\lambda^2}{2m\\omega^2}") after
naming the unperturbed value ("H_0 has a ground state energy of \\(\\frac{3}{2}\\hbar\\omega\\)").

:func:`shift_of_stated` accepts the answer when the unperturbed value the response names plus the answer is the gold:
the response answered what was asked and the gold's total follows from what it states. It only ever accepts, and only
where the question asks a shift, change or correction (not a total); the value must be named as the unperturbed,
zeroth-order or ground-state energy, in maths.
"""

from __future__ import annotations

from itertools import islice
from typing import Callable

from ..text.patterns import lazy_compile

__all__ = ["shift_of_stated"]

# a question asking by how much an energy moves: "the shift of the ground state energy", "the energy correction"
_ASKS_SHIFT = lazy_compile(r"(?i)\b(?:shift|change|correction)\s+(?:of|in|to)\s+the\s+(?:[a-z-]+\s+){0,3}?energy\b|"
                           r"\benergy\s+(?:shift|correction)\b")
# a question asking the total after all: "the total energy", "the new energy level"
_ASKS_TOTAL = lazy_compile(r"(?i)\b(?:total|new|perturbed|corrected|resulting)\s+(?:[a-z-]+\s+){0,2}?energy\b")
# the unperturbed value, named and stated in maths: "a ground state energy of \(\frac{3}{2}\hbar\omega\)",
# "the unperturbed energy is $E_0 = \frac{3}{2}\hbar\omega$"
_UNPERTURBED = lazy_compile(r"(?i)\b(?:unperturbed|zeroth[- ]order|ground[- ]state)\s+(?:[a-z-]+\s+){0,2}?energy\s+"
                            r"(?:is|of|equals|=)\s*(?:\$\$?|\\\(|\\\[)\s*(?:E[_^]?\{?\(?0\)?\}?\s*=\s*)?"
                            r"(?P<value>[^$=]{1,80}?)\s*[.,]?\s*(?:\$\$?|\\\)|\\\])")


def shift_of_stated(response: str, gold: str, answer: str, question: str | None,
                    compare: Callable[[str, str], bool]) -> bool:
    """Is ``answer`` the shift ``question`` asks for, the ``gold`` being the unperturbed value the ``response``
    names plus that shift (``compare(gold, f"{value} + ({answer})")``)?"""
    if not question or not answer.strip() or not _ASKS_SHIFT.search(question) or _ASKS_TOTAL.search(question):
        return False
    for named in islice(_UNPERTURBED.finditer(response), 4):
        if compare(gold, f"{named.group('value').strip()} + ({answer.strip()})"):
            return True
    return False
