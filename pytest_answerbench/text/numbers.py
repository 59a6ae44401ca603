"""English number words, once, for every reader that reads them (maths, multiple choice, Omni3DBench).

Tables only. Each reader keeps its own small grammar over them, because each reads a different kind of text
(an answer's leading words in ``maths/normalize.py``, an option's value in ``choice/values.py``, a count or a
length in ``scorers/omni3d.py``); a reader that needs a narrower table derives it here by value, never by
copying words. PolyhedronEvaluator's number words are the reference's own (``word2number`` / ``cn2an``) and
stay in ``scorers/polyhedron/text.py``.
"""

from __future__ import annotations

__all__ = ["ONES", "PARTS", "SCALES", "TENS"]

#: zero .. nineteen
ONES: dict[str, int] = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen".split())}
#: twenty .. ninety
TENS: dict[str, int] = {w: 10 * (i + 2) for i, w in enumerate(
    "twenty thirty forty fifty sixty seventy eighty ninety".split())}
#: multipliers
SCALES: dict[str, int] = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9, "trillion": 10**12}
#: fraction words -> denominator ("two thirds", "a quarter")
PARTS: dict[str, int] = {
    "half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4, "fourths": 4,
    "fifth": 5, "fifths": 5, "sixth": 6, "sixths": 6, "seventh": 7, "sevenths": 7, "eighth": 8, "eighths": 8,
    "ninth": 9, "ninths": 9, "tenth": 10, "tenths": 10, "eleventh": 11, "elevenths": 11, "twelfth": 12,
    "twelfths": 12, "sixteenth": 16, "sixteenths": 16, "twentieth": 20, "twentieths": 20, "hundredth": 100,
    "hundredths": 100, "thousandth": 1000, "thousandths": 1000,
}
