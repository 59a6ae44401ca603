"""OlympiadBench, default profile: the committed final answer against every gold answer, done right.

Differences from upstream (each listed with its test in ``docs/profiles-math.md``): the ``final_answer`` list
literal is decoded (not sliced); the answer is the one the response finally commits to; model and gold are
not swapped; ``error`` is an absolute tolerance per gold answer (on every number, tuples included) with no
×100 / ÷100 readings and no 1.01 factor; symbolic equivalence actually runs; CJK text is compared, not deleted; pairing is a perfect matching;
the ``unit`` column converts prefixed units (``5 cm`` is not 5 m) and several gold answers (or
``is_multiple_answer``) let a closing line list them all. The answer is located by ``maths.final_answer``'s
priority table (a JSON answer field, a box or an answer line, the closing sentence); the verdict's method names
the comparison and the rule, ``numeric@boxed``.
Rows on which the reference crashes (a short ``error`` list, an empty or numeric ``error`` cell) are ``error``
rows here too.
"""

from __future__ import annotations

import math
import re
from typing import Any, Mapping

from ... import maths
from ...maths.described import described_by_closing
from ...maths.named import named_in_closing
from ...maths.naming import answered_in_words
from ...maths.shifted import shift_of_stated
from ...maths.options import read_options
from ...text.patterns import lazy_compile
from ...verdict import ScoreContext, Verdict

__all__ = ["decode_answer_list", "score_default", "tolerances"]


def _nan(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value)) or value == "nan"


_CONTROL = lazy_compile(r"\\x([01][0-9a-f])")


def decode_answer_list(cell: Any) -> list[str]:
    """The gold answers of a ``final_answer`` cell: a list literal such as ``['$\\frac{1}{2}$', '$2$']``.

    Backslashes are read literally except that ``\\\\`` (the doubled form ``str(list)`` writes) is one
    backslash, ``\\'`` a quote and ``\\x0c`` (how ``str(list)`` writes a control character) that character, so
    both single- and double-escaped cells decode to the same LaTeX.
    A cell that is not a list literal is one answer, and so is a bracketed cell that quotes no item: ``[-1,4]``
    is the interval a dataset wrote, not a list of two answers.
    """
    if isinstance(cell, (list, tuple)):
        return [str(x) for x in cell]
    text = str(cell).strip()
    if not (text.startswith("[") and text.endswith("]")):
        return [text]
    items: list[str] = []
    i, n = 1, len(text) - 1
    while i < n:
        c = text[i]
        if c in "'\"":
            quote, buf = c, []
            i += 1
            while i < n and text[i] != quote:
                if text[i] == "\\" and i + 1 < n and text[i + 1] in ("\\", quote):
                    buf.append(text[i + 1])
                    i += 2
                    continue
                control = _CONTROL.match(text, i)
                if control:  # "\x0c": str(list) writing a control character (a "\f" read as form feed)
                    buf.append(chr(int(control.group(1), 16)))
                    i = control.end()
                    continue
                buf.append(text[i])
                i += 1
            items.append("".join(buf))
        i += 1
    return items or [text]


_DELIMITED = lazy_compile(r"(?<!\\)\$.*?(?<!\\)\$")  # a math span; "\$" is a dollar sign, not a delimiter
_DOLLAR = lazy_compile(r"(?<!\\)\$")


# a word of prose outside a gold's math spans ("All positive integers $n$ with $n \\not\\equiv 1 \\pmod{3}$"), not the
# "or" / "and" joining its answers
_PROSE_WORD = lazy_compile(r"(?i)\b(?!(?:or|and)\b)[a-z]{2,}")


def _gold_item(item: str) -> str:
    """One gold answer: ``$x=1$ or $x=2$`` is two parts; ``$3$`` is ``3``; a sentence with math in it (``$n$ is a
    power of $2$``) one text answer."""
    spans = maths.math_spans(item)
    outside = _DELIMITED.sub("", item)
    if len(spans) >= 2 and not _PROSE_WORD.search(outside):
        return ", ".join(spans)
    if len(spans) == 1 and not re.search(r"[A-Za-z0-9]", outside):
        return spans[0]
    return _DOLLAR.sub("", item).strip()


def tolerances(error: Any, n_answers: int) -> list[float | None] | float | None:
    """The absolute tolerance(s) an ``error`` cell gives; raises ValueError where the reference raises, except on a
    tolerance written with a power of ten (``1\\times10^{-6}``), read as a grader reads it."""
    if _nan(error):
        return None
    if not isinstance(error, str):
        raise ValueError(f"numeric error cell {error!r}: the reference raises TypeError on it "
                         "(write it as text, e.g. \"1e-2\")")
    if "," in error:
        values = [_tolerance(p) if p.strip() else None for p in error.split(",")]
        if len(values) < n_answers:
            raise ValueError(f"the error cell lists {len(values)} tolerances for {n_answers} answers "
                             "(the reference raises IndexError)")
        return values
    if not error.strip():
        raise ValueError("empty error cell (the reference raises ValueError on float(''))")
    return _tolerance(error)


# a tolerance written in LaTeX or with a times sign, as a physics gold is: "1\times10^{-6}", "$5 \times 10^{-2}$",
# "2×10^-3", "10^{-4}"
_WRITTEN_POWER = lazy_compile(r"\s*\$?\s*(?:(?P<mantissa>\d+(?:\.\d+)?)\s*(?:\\times|×|\\cdot|\*)\s*)?10\s*\^\s*"
                              r"(?:\{\s*(?P<braced>[-+−]?\s*\d+)\s*\}|(?P<bare>[-+−]?\d+))\s*\$?\s*")


def _tolerance(cell: str) -> float:
    """One tolerance: a number as ``float`` reads it, or one written with a power of ten in LaTeX or a times sign
    (``1\\times10^{-6}`` is 1e-6), as a grader reads it; anything else raises ValueError as the reference does."""
    try:
        return float(cell)
    except ValueError:
        written = _WRITTEN_POWER.fullmatch(cell)
        if written is None:
            raise
        exponent = (written.group("braced") or written.group("bare")).replace("−", "-").replace(" ", "")
        return float(written.group("mantissa") or 1) * 10.0 ** int(exponent)


def score_default(row: Mapping[str, Any], ctx: ScoreContext) -> Verdict:
    """Default-profile verdict: committed final answer vs the decoded gold answers."""
    cell = row.get("final_answer", row.get("answer"))
    if _nan(cell):
        return Verdict.error("the row has no final_answer", method="no-gold")
    golds = [_gold_item(maths.escapes_restored(g)) for g in decode_answer_list(cell)]
    golds = [g for g in golds if g]
    gold_text = ", ".join(golds)
    if not golds:
        return Verdict.error(f"final_answer {cell!r} holds no answer", method="no-gold", gold=str(cell))
    prediction = row.get("prediction")
    # LaTeX a JSON writer broke ("\text" stored as a tab and "ext") is read as written
    prediction = "" if _nan(prediction) else maths.escapes_restored(str(prediction))
    n_gold = len(maths.split_answers(gold_text)) if len(golds) == 1 else len(golds)
    try:
        tol = tolerances(row.get("error"), n_gold)
    except ValueError as exc:
        return Verdict.error(str(exc), method="crash:" + ("IndexError" if "IndexError" in str(exc) else
                                                          "TypeError" if "TypeError" in str(exc) else "ValueError"),
                             gold=gold_text)
    answer_type = row.get("answer_type")
    kind = None if _nan(answer_type) else str(answer_type)
    # Several answers, or one tuple: a closing line stating several values ("$x = 3$ and $y = 2$") states them all.
    multiple = n_gold > 1 or str(row.get("is_multiple_answer")).strip().lower() in ("true", "1") or \
        bool(kind and "Tuple" in kind) or maths.written_as_tuple(gold_text)
    question = row.get("question")
    question = maths.without_answer_instruction(question) if isinstance(question, str) else None
    closing = maths.before_new_question(prediction, question, multiple)
    named = answered_in_words(closing, gold_text, question)
    if named is not None:
        # "... proved by **Andrew Wiles**, ... published in 1995" to "Who proved ...?": the name committed to; "...,
        # the rationals are **countable**." to "... countable or uncountable?": the alternative set in bold
        return maths.verdict(named[0], "named-answer", extracted=named[1], gold=gold_text,
                             detail="the reply names its answer to a question asking a name or offering two")
    found = maths.final_answer(prediction, multiple=multiple, question=question)
    if found is None or not found.text.strip():
        if described_by_closing(closing, gold_text, None, question):
            return maths.verdict(True, "described-closing", extracted="", gold=gold_text,
                                 detail="the closing sentence describes the gold")
        return Verdict.graded(False, method="no-answer", gold=gold_text, detail="no final answer found")
    unit = row.get("unit")
    unit = None if _nan(unit) else str(unit)
    # a closing remark in another quantity ("λ ≈ 656 nm" after the energy asked in eV), or restating the value
    # roughly in another unit ("That's roughly 71 km/h." after 19.8 m/s): the value before it, in the row's unit or
    # else the one the gold writes
    found = maths.in_asked_unit(prediction, found, unit, multiple, question)
    if not unit and len(golds) == 1 and n_gold == 1 and maths.clean(gold_text).unit:
        found = maths.in_asked_unit(prediction, found, maths.clean(gold_text).unit, multiple, question,
                                    restatement_only=True)
    answer, gold_text = read_options(found.text, gold_text, question)
    ok, method = maths.equivalent(gold_text, answer, tol, kind=kind, unit=unit, question=question)
    if not ok and described_by_closing(closing, gold_text, answer, question,
                                       found.method):
        ok, method = True, "described-closing"  # "the triangle is right-angled at $C$" states the gold's shape
    if not ok and found.method == "prose" and named_in_closing(
            closing, gold_text,
            lambda g, p: maths.equivalent(g, p, question=question)[0], question):
        ok, method = True, "named-closing"  # "Common ratio $r=3$, first term $a_1=2$." for "a_1=2,\ r=3"
    if not ok and shift_of_stated(prediction, gold_text, answer, question,
                                  lambda g, p: maths.equivalent(g, p, question=question)[0]):
        ok, method = True, "shift-asked"  # the shift asked; the gold adds the unperturbed value the reply names
    return maths.verdict(ok, maths.located(method, found.method), extracted=found.text, gold=gold_text,
                         detail=f"answer found by {found.method}")
