"""The shared math engine: safe, bounded answer extraction and equivalence for maths-style benchmarks.

Used by the ``olympiad`` and ``imo`` scorers (default profiles) and meant for any scorer that compares
mathematical answers. Public API::

    from pytest_answerbench import maths

    maths.final_answer(response, multiple=False)   # -> Extraction(answers=("3",), method="boxed") or None
    maths.in_asked_unit(response, found, unit)   # a closing remark in another quantity than the row's unit
                                            # passed over: the value stated before it
    maths.located(method, rule)             # "numeric" found by "boxed" -> "numeric@boxed" (a verdict's method)
    maths.boxed_all(text)                   # every balanced \\boxed{...}: [(start, end, content), ...]
    maths.math_spans(text)                  # contents of $...$, $$...$$, \\(...\\), \\[...\\]
    maths.equivalent(gold, pred, tolerance=None, kind=None, timeout=None, unit=None,
                     question=None)         # -> (bool, method)
    maths.verdict(ok, method, extracted=..., gold=...)   # a Verdict: graded, or an error when a bound stopped it
    maths.undecided(method)                 # why a comparison gave no verdict (method "bound:<name>"), or None
    maths.clean(text)                       # -> Item(text, percent, degree, unit)
    maths.split_answers(text)               # top-level parts, \\pm expanded, set braces unwrapped

Safety: model text reaches SymPy only through the ANTLR LaTeX grammar (``parse_latex``), never ``sympify`` /
``parse_expr`` / ``eval``; parsed trees are size-checked (:func:`guard.check_tree`) before evaluation.
Time: every call may be given a ``timeout``; inside a scorer the row's budget (``timeguard.deadline``) is
already armed and a :class:`~pytest_answerbench.timeguard.ScoreTimeout` propagates to the caller, which turns
it into a ``timeout`` verdict. SymPy is imported lazily, on the first comparison that needs it.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..text.patterns import lazy_compile as _lazy_compile
from ..timeguard import ScoreTimeout
from ..timeguard import deadline as _deadline
from ..verdict import Verdict as _Verdict
from .exact import undecided
from .extract import TEMPERATURE_CHANGE as _TEMPERATURE_CHANGE
from .extract import Extraction, boxed_all, math_spans, strip_wrappers
from .guard import StepTimeout, TooComplex
from .locate import before_new_question, final_answer, in_asked_unit
from .meaning import without_answer_instruction
from .normalize import Item, clean, escapes_restored, split_answers, text_key
from .units import unit_factor as _unit_factor
from .units import unit_tail as _unit_tail

__all__ = [
    "Extraction", "Item", "ScoreTimeout", "StepTimeout", "TooComplex", "answers_agree", "before_new_question",
    "boxed_all", "clean", "equivalent", "escapes_restored", "final_answer", "in_asked_unit", "located", "math_spans", "split_answers",
    "states_value", "strip_wrappers",
    "sympy_version", "text_key", "undecided", "verdict", "without_answer_instruction", "written_as_tuple",
]

#: The SymPy release the reference vectors were produced with (pinned in pyproject.toml): two OlympiadBench
#: verdicts (Float vs Integer endpoints) differ on SymPy 1.12.
_REFERENCE_SYMPY = "1.14.0"


def sympy_version() -> str:
    """The installed SymPy version, read from package metadata (no import), for reports."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("sympy")
    except PackageNotFoundError:
        return "not installed"


def equivalent(
    gold: str,
    pred: str,
    tolerance: float | Sequence[float | None] | None = None,
    *,
    kind: str | None = None,
    timeout: float | None = None,
    unit: str | None = None,
    question: str | None = None,
) -> tuple[bool, str]:
    """Is ``pred`` the same answer as ``gold``? Returns ``(equal, method)``.

    Args:
        gold: reference answer (LaTeX or plain text; several parts separated by commas, "or", ...).
        pred: the model's extracted answer.
        tolerance: absolute numeric tolerance (a list: one per gold part); None means exact.
        kind: optional answer-type hint such as ``Interval`` or ``Tuple`` (OlympiadBench's ``answer_type``).
        timeout: seconds for the whole comparison (nests with any outer limit); None = no extra limit.
        unit: the gold's unit (OlympiadBench's ``unit`` cell): a prediction in a prefixed form of it is converted
            (``5 cm`` against metres is 0.05); ``%`` makes the gold a percentage. None: units are only stripped.

    Raises:
        ScoreTimeout: when the time limit (this one or an outer one) runs out.

    Examples:
        >>> equivalent("\\\\frac{1}{2}", "0.5")
        (True, 'symbolic')
        >>> equivalent("1/3", "0.3333")
        (False, 'numeric')
        >>> equivalent("(1,2]", "1 < x \\\\leq 2")
        (True, 'interval')
    """
    from .compare import equivalent as _equivalent

    if timeout:
        with _deadline(timeout):
            return _equivalent(gold, pred, tolerance, kind=kind, unit=unit, question=question)
    return _equivalent(gold, pred, tolerance, kind=kind, unit=unit, question=question)


#: Seconds one comparison of two samples' answers may take (maj@k compares each answer with the votes so far).
_AGREE_SECONDS = 2.0


def answers_agree(a: str, b: str, timeout: float = _AGREE_SECONDS) -> bool:
    """Are two extracted answers the same maths answer (one vote in maj@k)? Equal text at once, else
    :func:`equivalent` with ``a`` (the answer given first) as the reference. A comparison that runs out of time,
    is too complex or fails says no: the two answers then vote apart."""
    if a.strip() == b.strip():
        return True
    try:
        return equivalent(a, b, timeout=timeout)[0]
    except (ScoreTimeout, StepTimeout, TooComplex, Exception):
        return False


# an operation written out: a reply that computes does not state the value an option states ("2^3", "3 + 5"; not
# "4.0 \\times 10^{-19}", "30^\\circ")
_COMPUTED = _lazy_compile(r"(?<!10)\^(?!\s*\{?\s*\\circ)|[+*]|\d\s*[-−]\s*\d")
_STATES_SECONDS = 1.0


def states_value(reply: str, option: str, timeout: float = _STATES_SECONDS) -> bool:
    """Does a short multiple-choice ``reply`` state the value ``option`` states, in another unit, scale or form ("96
    hours" for "4 days", "400 mA" for "0.4 A", "$\\pi/2$" for "90°")? The reply's one final answer (two, "$x = 2$ or
    $x = 3$", or a computation, "2^3", state none) compared with the option as the reference by
    :func:`answers_agree` (out of time: no), or, stated in another unit than a decimal option, that option once
    converted and rounded to its places ("60 km/h" for "16.7 m/s"). What ``choice.infer_choice`` is given by the
    multiple-choice scorers."""
    found = final_answer(reply, multiple=True)
    if found is not None and len(found.answers) != 1:
        return False
    value = found.text if found is not None else reply.strip()
    if not value or " or " in value or _COMPUTED.search(value.split("=")[-1]):
        return False
    if answers_agree(option, value, timeout=timeout):
        return True
    return _rounds_to_option(option, value, timeout) or (
        not _TEMPERATURE_CHANGE.search(reply) and _on_another_scale(option, value, timeout))  # (not "rises by 100 °C")


# an option written as a decimal with its unit ("16.7 m/s")
_DECIMAL_OPTION = _lazy_compile(r"\s*[-−]?\d+\.(?P<places>\d{1,6})\s*(?P<unit>[^\d\s].{0,15}?)\s*")


def _rounds_to_option(option: str, value: str, timeout: float) -> bool:
    """Is ``value``, stated in another unit than the decimal ``option``, that option once converted and rounded to
    the option's places ("60 km/h" for "16.7 m/s"; not "60 km/h" for "60 m/s", nor "16.6 m/s" for "16.7 m/s": in
    the option's own unit a value is compared as written)? Within the same time as :func:`answers_agree` is given."""
    written = _DECIMAL_OPTION.fullmatch(option)
    said = _unit_tail(value.split("=")[-1].strip())
    if written is None or said is None or not said[1] or said[1] == written.group("unit").strip():
        return False
    factor = _unit_factor(said[1], written.group("unit").strip())
    if factor is None or isinstance(factor, str) or factor == 1:
        return False
    try:
        return equivalent(option, value, 0.5 * 10 ** -len(written.group("places")), timeout=timeout)[0]
    except (ScoreTimeout, StepTimeout, TooComplex, Exception):  # (as answers_agree: out of time or unreadable, no)
        return False


# an option written as a number with its unit, maybe a decimal ("373 K", "26.9 °C")
_NUMBER_OPTION = _lazy_compile(r"\s*[-−]?\d+(?:\.(?P<places>\d{1,6}))?\s*[^\d\s].{0,15}?\s*")


def _on_another_scale(option: str, value: str, timeout: float) -> bool:
    """Is ``value`` a temperature on the other scale than the ``option``'s (degrees Celsius against kelvins, or the
    other way), that option once converted and rounded to its places ("100 °C" for "373 K": 373.15 K)?"""
    written = _NUMBER_OPTION.fullmatch(option)
    if written is None:
        return False
    g, p = clean(option), clean(value.split("=")[-1].strip())
    scales = {x.unit if x.degree and x.unit in ("C", "F") else "K" if not x.degree and x.unit == "K" else None
              for x in (g, p)}
    if None in scales or len(scales) != 2:
        return False  # (two scales: kelvins, degrees Celsius or Fahrenheit)
    try:
        return equivalent(option, value, 0.5 * 10 ** -len(written.group("places") or ""), timeout=timeout)[0]
    except (ScoreTimeout, StepTimeout, TooComplex, Exception):  # (as answers_agree: out of time or unreadable, no)
        return False


# a gold written as one tuple: "(1, 2)", "\left(\frac{3}{2}, -\frac{7}{2}\right)"
_TUPLE_GOLD = _lazy_compile(r"\s*(?:\\left\s*)?\(.*,.*\)\s*$|\s*\((?:1|a|i)\)\s*[^()\s][^()]*?\((?:2|b|ii)\)\s*\S")


def written_as_tuple(gold: str) -> bool:
    """Is ``gold`` written as one tuple, or as answers to labelled parts ("(1) 29 (2) 155") (a closing line stating
    several values then states all of them)?"""
    return _TUPLE_GOLD.match(gold) is not None


def located(method: str, rule: str) -> str:
    """A comparison's method with the rule that located the answer (``numeric@boxed``); a ``bound:<name>`` method,
    which :func:`verdict` turns into an error naming the bound, stays as it is.

    Example:
        >>> located("numeric", "answer-line"), located("bound:exponent", "boxed")
        ('numeric@answer-line', 'bound:exponent')
    """
    return method if undecided(method) is not None else f"{method}@{rule}"


def verdict(ok: bool, method: str, *, detail: str = "", **kw: Any) -> _Verdict:
    """The Verdict for a comparison ``(ok, method)`` from :func:`equivalent`: correct or wrong, or an ``error``
    saying which size bound stopped it when the method is ``bound:<name>`` (a bound is never a wrong answer).

    Example:
        >>> verdict(False, "bound:exponent").status
        'error'
    """
    reason = undecided(method)
    if reason is not None:
        return _Verdict.error(f"{reason}; {detail}" if detail else reason, method=method, **kw)
    return _Verdict.graded(ok, method=method, detail=detail, **kw)
