"""PolyhedronEvaluator numbers: normalisation, tolerant numeric comparison, SymPy fallback (``numeral`` type).

Reference behaviour (PolyhedronEvaluator's ``eval_numeral.py``; differences in ``docs/profiles-structured.md``):
both sides are normalised (``strip_string``) or read as plain numbers, compared against ``ref``, ``ref/100`` and
``ref*100``, then symbolically (3 s limit), then by the numbers found in the raw text. ``fixed=True`` keeps minus
signs in that last fallback (the reference drops them, so ``-5`` equals ``5``) and uses the corrected number-word
conversion.

SymPy is imported inside the functions that use it. The reference's ``sympy.parsing.latex.parse_latex`` always
failed in its environment (antlr version mismatch), so its parser chain was effectively ``parse_expr`` then
``latex2sympy``. ``parse_expr`` runs ``eval`` on the answer text; here it is reproduced by
:func:`pytest_answerbench.pyexpr.parse_expr_safely`, which runs nothing: text the reference would have run as
Python raises :class:`~pytest_answerbench.pyexpr.NotReproducible` and the row is an ``error`` saying so (the one
deliberate difference, ``docs/profiles-structured.md``). SymPy's own LaTeX parser stands in for ``latex2sympy``.
"""

from __future__ import annotations

import functools
import math
import re
import signal
import threading
from typing import Any

from ...maths.parse import sympy_parse_latex
from ...pyexpr import parse_expr_safely, sympify_text_safely
from ...text.patterns import lazy_compile
from ...timeguard import ScoreTimeout, deadline
from .text import convert_word_number

__all__ = ["is_digit", "math_equal", "numeral_equal", "numeric_equal", "parse_digits", "strip_string",
           "symbolic_equal"]

SYMBOLIC_SECONDS = 3.0


@functools.lru_cache(maxsize=10000)
def parse_digits(num: Any) -> float | None:
    """``float()`` after deleting every comma; ``50%`` (or ``50\\%``) -> 0.5; None when it is not a number."""
    text = str(num).replace(",", "")
    try:
        return float(text)
    except ValueError:
        if text.endswith("%"):
            text = text[:-1]
            if text.endswith("\\"):
                text = text[:-1]
            try:
                return float(text) / 100
            except ValueError:
                pass
    return None


def is_digit(num: Any) -> bool:
    return parse_digits(num) is not None


_MONTHS = lazy_compile(r"\b(January|February|March|April|May|June|July|August|September|October|November|"
                     r"December)\b", re.IGNORECASE)


@functools.lru_cache(maxsize=10000)
def strip_string(text: Any, fixed: bool = False) -> str:
    """The reference's LaTeX/answer normaliser (A.2.6 ``strip_string``), step for step."""
    s = str(text).strip().replace("\n", "").rstrip(".").replace("\\!", "")
    s = re.sub(r"\\begin\{array\}\{.*?\}", r"\\begin{pmatrix}", s)
    s = re.sub(r"\\end\{array\}", r"\\end{pmatrix}", s)
    s = s.replace("bmatrix", "pmatrix").replace("tfrac", "frac").replace("dfrac", "frac")
    s = s.replace("\\neq", "\\ne").replace("\\leq", "\\le").replace("\\geq", "\\ge")
    s = s.replace("\\left", "").replace("\\right", "").replace("\\{", "{").replace("\\}", "}")
    without_unit = re.sub(r"\\text{.*?}$", "", s).strip()
    if without_unit != "" and without_unit != s:
        s = without_unit
    s = s.replace("^{\\circ}", "").replace("^\\circ", "")
    s = s.replace("\\$", "").replace("$", "").replace("\\(", "").replace("\\)", "")
    s = convert_word_number(s, fixed)
    s = re.sub(r"\\text\{(.*?)\}", r"\1", s)
    for key in ("x=", "y=", "z=", "x\\in", "y\\in", "z\\in", "x\\to", "y\\to", "z\\to"):
        s = s.replace(key, "")
    s = s.replace("\\emptyset", "{}").replace("(-\\infty,\\infty)", "\\mathbb{R}")
    s = s.replace("\\%", "").replace("%", "")
    s = _MONTHS.sub("", s)
    s = s.replace(" .", " 0.").replace("{.", "{0.")
    # (The reference's bracket-unwrapping step needs isalnum() of a bracketed string: it never fires.)
    s = s.replace("infinity", "\\infty")
    if "\\infty" not in s:
        s = s.replace("inf", "\\infty")
    s = s.replace("+\\inity", "\\infty")
    s = s.replace("and", "").replace("\\mathbf", "")
    s = re.sub(r"\\mbox{.*?}", "", s)
    if "j" in s and "i" not in s:
        s = s.replace("j", "i")
    s = re.sub(r"(\d+)\.0*([^\d])", r"\1\2", s)
    s = re.sub(r"(\d+)\.0*$", r"\1", s)
    if not s:
        return s
    if s[0] == ".":
        s = "0" + s
    parts = s.split("=")
    if len(parts) == 2 and len(parts[0]) <= 2:
        s = parts[1]
    s = re.sub(r"\\sqrt(\w+)", r"\\sqrt{\1}", s)
    s = s.replace(" ", "")
    s = _fix_fracs(s)
    return _fix_a_slash_b(s)


def _fix_fracs(s: str) -> str:
    """``\\frac12`` -> ``\\frac{1}{2}``, ``\\frac1{72}`` -> ``\\frac{1}{72}``."""
    pieces = s.split("\\frac")
    out = pieces[0]
    for piece in pieces[1:]:
        out += "\\frac"
        if piece and piece[0] == "{":
            out += piece
            continue
        if len(piece) < 2:
            return s
        a, b, rest = piece[0], piece[1], piece[2:]
        out += "{" + a + "}{" + b + "}" + rest if b != "{" else "{" + a + "}" + b + rest
    return out


def _fix_a_slash_b(s: str) -> str:
    """``3/4`` (integers) -> ``\\frac{3}{4}``."""
    parts = s.split("/")
    if len(parts) != 2:
        return s
    a, b = parts
    try:
        a2 = a if "sqrt" in a else int(a)
        b2 = b if "sqrt" in b else int(b)
    except ValueError:
        return s
    if s != f"{a2}/{b2}":
        return s
    return "\\frac{" + str(a2) + "}{" + str(b2) + "}"


@functools.lru_cache(maxsize=10000)
def numeric_equal(prediction: float, reference: float, score_type: str = "hard") -> bool | float:
    """Hard: within ``max(|ref|*1e-7, 1e-4)`` (zero only equals zero). Soft: ``exp(-6*diff/max_diff)``."""
    diff = abs(prediction - reference)
    tol = max(abs(reference) * 1e-7, 1e-4)
    max_diff = max(abs(reference) / 100, 1e-4)
    if score_type == "hard":
        if diff > 0 and (prediction == 0 or reference == 0):
            return False
        return diff < tol
    return 0.0 if diff > max_diff else math.exp(-6 * diff / max_diff)


# Text whose reading would tie up the interpreter inside one C call where no timer can stop it (power towers,
# huge exponents): the reference spends its 3 s limit on it and counts False; here the parser refuses it.
_UNSAFE_EXPR = lazy_compile(r"__|(\*\*|\^)[\s({]*\d{5,}|(\*\*|\^)[^*^]*(\*\*|\^)[^*^]*(\*\*|\^)")


def _python_syntax(s: Any) -> Any:
    """The reference's ``parse_expr`` (SymPy's, which runs ``eval``), reproduced by :mod:`..pyexpr` without it."""
    if not isinstance(s, str) or _UNSAFE_EXPR.search(s):
        raise ValueError("not parsed")
    return parse_expr_safely(s)


def _latex(s: Any) -> Any:
    """The reference's ``latex2sympy``; SymPy's own LaTeX grammar stands in (it builds trees, runs nothing).

    Where the two readers differ on constants, the result is made latex2sympy's: ``\\pi`` is the constant π
    and ``e`` is Euler's number (SymPy's parser makes symbols named ``pi`` and ``e``).
    """
    if not isinstance(s, str):
        raise ValueError("not parsed")
    items = _relation_list(s)
    if items is not None:
        return [_latex(item) for item in items]
    expr = sympy_parse_latex(s, True)
    constants = {sym: _CONSTANT_SYMBOLS[sym.name]() for sym in getattr(expr, "free_symbols", ())
                 if sym.name in _CONSTANT_SYMBOLS}
    return expr.xreplace(constants) if constants else expr


_OPENERS = (("\\left[", "\\right]"), ("\\{", "\\}"), ("[", "]"), ("{", "}"))
_DEPTH = {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}


def _relation_list(s: str) -> list[str] | None:
    """The items of a list as latex2sympy reads one (its ``relation_list`` rule), else None.

    latex2sympy reads ``a, b`` (or ``a; b``), bare or inside ``[...]``/``{...}``/``\\{...\\}``, as the list of its
    items, and ignores whatever follows a closed bracket (``[1, 2][[1, 2], [3, 4]]`` is ``[1, 2]``). SymPy's
    parser, which stands in for it, has no such rule: it is read here, and each item by the stand-in.
    A text that is no list (no separator at the top level) is left to the stand-in whole.
    """
    text = s.strip()
    body = text
    for opener, closer in _OPENERS:
        if text.startswith(opener):
            end = _closing(text, len(opener), closer)
            if end is None:
                return None
            body = text[len(opener):end]
            break
    items, depth, start = [], 0, 0
    for i, ch in enumerate(body):
        depth += _DEPTH.get(ch, 0)
        if depth == 0 and ch in ",;":
            items.append(body[start:i])
            start = i + 1
    if not items:
        return None
    items.append(body[start:])
    return items if all(item.strip() for item in items) else None


def _closing(text: str, start: int, closer: str) -> int | None:
    """Where the bracket opened just before ``start`` closes (the index of ``closer``), or None."""
    depth = 0
    for i in range(start, len(text)):
        if depth == 0 and text.startswith(closer, i):
            return i
        depth += _DEPTH.get(text[i], 0)
        if depth < 0:
            return None
    return None


def _pi() -> Any:
    from sympy import pi

    return pi


def _euler() -> Any:
    from sympy import E

    return E


_CONSTANT_SYMBOLS = {"pi": _pi, "e": _euler}


_PARSERS = (_python_syntax, _latex)


def _to_sympy(s: Any) -> Any:
    for parser in _PARSERS:
        try:
            return parser(s.replace("\\\\", "\\").replace("\\frac{", "+\\frac{"))
        except Exception:
            try:
                return parser(s)
            except Exception:
                pass
    return s


def _sympified(x: Any) -> Any:
    """``sympify(x)`` as SymPy's ``equals`` and ``N`` apply it to their argument: a str is read (safely)."""
    return sympify_text_safely(x) if isinstance(x, str) else x


@functools.lru_cache(maxsize=10000)
def symbolic_equal(a: Any, b: Any, score_type: str = "hard") -> bool | float:
    """SymPy comparison: equal, simplify(a-b)==0, equations, matrices (3 decimals), then numeric_equal.

    Where the reference hands text no parser read to SymPy (``a.equals(text)``, ``N(text)``), SymPy sympifies it,
    i.e. runs ``parse_expr`` (``eval``) on it; here :func:`_sympified` reads it through the safe interpreter.
    """
    from sympy import N, simplify

    a = _to_sympy(a)
    b = _to_sympy(b)
    try:
        if a == b:
            return True
    except Exception:
        pass
    try:
        if isinstance(b, str):  # a - b raises for a str, so only equals() can decide
            if a.equals(_sympified(b)):
                return True
        elif a.equals(b) or simplify(a - b) == 0:
            return True
    except Exception:
        pass
    try:
        if abs(a.lhs - a.rhs).equals(abs(b.lhs - b.rhs)):
            return True
    except Exception:
        pass
    try:
        if a.shape == b.shape:
            if a.applyfunc(lambda x: round(x, 3)).equals(b.applyfunc(lambda x: round(x, 3))):
                return True
    except Exception:
        pass
    try:
        return numeric_equal(float(N(_sympified(a))), float(N(_sympified(b))), score_type=score_type)
    except Exception:
        pass
    return False


LIMIT_FIRED: list[tuple[str, str]] = []  # (a, b) of each symbolic comparison the 3 s limit ended, for the row


def _bounded_symbolic(a: Any, b: Any, score_type: str) -> bool | float:
    """symbolic_equal under the reference's 3 s limit (a timeout counts as False), in CPU time.

    The reference's limit means "this comparison is too expensive"; measured in wall time it fired on a loaded
    machine only (`\\boxed{0.3333}` vs `\\frac{1}{3}`: 0.94 through the library, 0 through a busy plugin run).
    Each firing is recorded in LIMIT_FIRED, which the scorer reports in the row.
    When an outer limit (the row's) is nearer, it is left to fire and end the row as a timeout.
    """
    on_main = threading.current_thread() is threading.main_thread()
    if on_main and hasattr(signal, "getitimer"):
        remaining = signal.getitimer(signal.ITIMER_REAL)[0]
        if remaining and remaining <= SYMBOLIC_SECONDS:
            return symbolic_equal(a, b, score_type)
        try:
            with deadline(SYMBOLIC_SECONDS, cpu=True):
                return symbolic_equal(a, b, score_type)
        except ScoreTimeout:
            LIMIT_FIRED.append((str(a)[:80], str(b)[:80]))
            return False
    return symbolic_equal(a, b, score_type)


@functools.lru_cache(maxsize=10000)
def math_equal(prediction: Any, reference: Any, score_type: str = "hard", depth: int = 0) -> bool | float:
    """The reference's ``math_equal``: string, numeric (with percentage variants), equations, symbolic."""
    if depth > 5:
        return False
    reference = reference.strip()
    prediction = prediction.strip()
    if prediction == "" or reference == "":
        return False
    if prediction.lower() == reference.lower():
        return True
    results: set[Any] = set()
    if is_digit(prediction) and is_digit(reference):
        prediction = parse_digits(prediction)
        reference = parse_digits(reference)
        for candidate in (reference, reference / 100, reference * 100):
            results.add(numeric_equal(prediction, candidate, score_type=score_type))
    if max(results, default=0) == 1:
        return True if score_type == "hard" else 1.0
    if isinstance(prediction, str) and isinstance(reference, str):
        if prediction.count("=") == 1 and reference.count("=") == 1:
            pl, pr = prediction.split("=")
            rl, rr = reference.split("=")
            pred = f"{pl.strip()} - ({pr.strip()})"
            ref = f"{rl.strip()} - ({rr.strip()})"
            results.add(_bounded_symbolic(pred, ref, score_type))
            results.add(_bounded_symbolic(f"-({pred})", ref, score_type))
        elif prediction.count("=") == 1 and len(prediction.split("=")[0].strip()) <= 2 and "=" not in reference:
            results.add(math_equal(prediction.split("=")[1], reference, score_type, depth + 1))
        elif reference.count("=") == 1 and len(reference.split("=")[0].strip()) <= 2 and "=" not in prediction:
            results.add(math_equal(prediction, reference.split("=")[1], score_type, depth + 1))
    if max(results, default=0) < 1:
        results.add(_bounded_symbolic(prediction, reference, score_type))
    if score_type == "hard":
        return True in results
    return float(max(results)) if results else 0.0


_NUMBER = {False: lazy_compile(r"\d+\.?\d*\/?\d*\.?\d*%?"), True: lazy_compile(r"-?\d+\.?\d*\/?\d*\.?\d*%?")}


def extract_numbers(text: str, fixed: bool = False) -> str:
    """Every number in the text (after number-word conversion), joined by ``;``.

    The reference's pattern has no minus sign; ``fixed`` keeps it.
    """
    return ";".join(_NUMBER[fixed].findall(convert_word_number(text, fixed)))


@functools.lru_cache(maxsize=10000)
def numeral_equal(pre: str, ref: str, score_type: str = "hard", fixed: bool = False) -> bool | float:
    """The ``numeral`` type: math_equal on normalised text, then on the numbers found in the raw text."""
    pre_t = str(parse_digits(pre)) if is_digit(pre) else strip_string(pre, fixed)
    ref_t = str(parse_digits(ref)) if is_digit(ref) else strip_string(ref, fixed)
    result = math_equal(pre_t, ref_t, score_type)
    if not result:
        pre_n = extract_numbers(str(pre), fixed)
        if pre_n:
            ref_n = extract_numbers(str(ref), fixed)
            if ref_n:
                result = math_equal(pre_n, ref_n, score_type)
    return result
