"""MEGA-Bench's numeric and LaTeX metrics: ``general_single_numerical_match``, ``boxed_single_numerical_match``,
``latex_expr_equality`` and ``text_with_latex_expr_equality`` (reference: ``metrics/scoring/
general_numerical_match.py``, ``latex_expr_equality.py``, ``common/transformations.py``).

Safety: the reference turns an answer into a number with ``eval`` (in a child process, 5 s). Nothing here
evaluates text as code: :func:`arithmetic` walks the parsed syntax tree of the text and computes only number
literals, ``+ - * / // % **``, signs, tuples and lists, and the name ``E`` (2.718, which the reference's module
defines); anything else (a call such as ``abs(-3)``, another name) gives no number, as ``eval`` of an unknown
name does there. Powers whose result would run past 100,000 bits give no number (the reference's ``eval``
times out on them or its ``float`` overflows). LaTeX goes through SymPy's own LaTeX grammar
(``maths.parse.sympy_parse_latex``), which builds expression trees from tokens.

Step limits as the reference's alarms: ``latex_expr_equality`` 15 s (then the plain string comparison),
``boxed_single_numerical_match`` 10 s (idem).
"""

from __future__ import annotations

import ast
import math
import operator
import re
import unicodedata
from typing import Any

from ...text.patterns import lazy_compile, tex_delimited
from .strings import simple_str_match
from ...maths.guard import MAX_TEXT, UPSTREAM_NODES, StepTimeout, TooComplex, check_tree, step_limit

__all__ = ["NUMERIC", "arithmetic", "normalize_latex"]

E = 2.718
_POWER_BITS = 100_000


def _simple(response: Any, target: Any, fixed: bool) -> int:
    return simple_str_match(response, target, fixed)


# --------------------------------------------------------------------------------------- safe arithmetic

class _NotANumber(Exception):
    pass


_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
           ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod}


def _power(base: Any, exp: Any) -> Any:
    if isinstance(base, (int, float)) and isinstance(exp, (int, float)) and abs(base) > 1 \
            and abs(exp) * math.log2(abs(base)) > _POWER_BITS and exp > 0:
        raise _NotANumber("power too large")
    return base ** exp


def _walk(node: ast.AST) -> Any:
    if isinstance(node, ast.Expression):
        return _walk(node.body)
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float, str, bool)) \
            and not isinstance(node.value, complex):
        return node.value
    if isinstance(node, ast.Name) and node.id == "E":
        return E
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _walk(node.operand)
        return -value if isinstance(node.op, ast.USub) else +value
    if isinstance(node, ast.BinOp):
        left, right = _walk(node.left), _walk(node.right)
        if isinstance(node.op, ast.Pow):
            return _power(left, right)
        fn = _BINARY.get(type(node.op))
        if fn is not None:
            return fn(left, right)
    if isinstance(node, ast.Tuple):
        return tuple(_walk(x) for x in node.elts)
    if isinstance(node, ast.List):
        return [_walk(x) for x in node.elts]
    raise _NotANumber(type(node).__name__)


def arithmetic(text: str) -> Any:
    """The value of an arithmetic expression (numbers, operators, tuples, lists), or None."""
    if len(text) > MAX_TEXT * 8:
        return None
    try:
        return _walk(ast.parse(text.strip(), mode="eval"))
    except (_NotANumber, SyntaxError, ValueError, TypeError, ArithmeticError, MemoryError, RecursionError):
        return None


# ------------------------------------------------------------------------------------------ numbers

def _latex_to_text(text: str) -> str | None:
    from ...maths.parse import sympy_parse_latex

    if len(text) > MAX_TEXT * 8:
        return None
    try:
        expr = sympy_parse_latex(text)
        check_tree(expr, max_nodes=UPSTREAM_NODES)
        return str(expr)
    except Exception:  # the reference: any failure keeps the text
        return None


def _pi_to_number(text: str) -> str:
    text = text.replace("\\pi", "π")
    text = re.sub(r"(?<![\d}])\\?π", "3.14", text)
    text = re.sub(r"(\d)(\\?π)", r"\1*3.14", text)
    text = re.sub(r"\{(\\?π)\}", "3.14", text)
    return re.sub(r"\*(\\?π)", "*3.14", text)


def clean_units(text: str) -> str:
    """π as 3.14, ``%`` as ``/100``; ``$``, ``¥``, ``°C``, `` C`` and ``°`` dropped."""
    text = _pi_to_number(text).replace("%", "/100")
    for unit in ("$", "¥", "°C", " C", "°"):
        text = text.replace(unit, "")
    return text


def floatify(value: Any) -> Any:
    """``float(value)``, as an int when whole; None when it is no number."""
    try:
        number = float(value)
    except Exception:
        return None
    return round(number) if number.is_integer() else number


def number_it(value: Any) -> Any:
    """A number (or a list / tuple) from an answer: units cleaned, LaTeX read, arithmetic computed; or None."""
    if isinstance(value, (int, float)):
        return value
    value = clean_units(value)
    as_text = _latex_to_text(value)
    if as_text is not None:
        value = as_text
    if floatify(value) is not None:
        return floatify(value)
    result = arithmetic(value)
    if isinstance(result, (list, tuple)):
        return result
    return floatify(result) if result is not None else None


def _within(pred: Any, gold: Any) -> bool:
    try:
        if math.isnan(pred):
            return False
        eps = abs(gold) * 0.01
        return gold - eps <= pred <= gold + eps
    except Exception:
        return False


def _same_list(pred: Any, gold: Any) -> bool:
    if not isinstance(pred, list) or len(pred) != len(gold):
        return False
    if any(not isinstance(x, (int, float)) for x in pred):
        return False
    return all(_within(p, g) for p, g in zip(sorted(pred), sorted(gold)))


_INLINE = lazy_compile(tex_delimited("\\(", "\\)", empty=True, lines=True))
_DISPLAY = lazy_compile(tex_delimited("\\[", "\\]", empty=True, lines=True))
_ASSIGNMENT = lazy_compile(r"(?:=|≈|\\approx)\s*(.+)")


def _answer_part(text: str) -> str:
    # \( \) and \[ \] delimiters dropped (their content kept), then the text after the first =, ≈ or \approx.
    text = _DISPLAY.sub(r"\1", _INLINE.sub(r"\1", text))
    m = _ASSIGNMENT.search(text)
    return m.group(1).strip() if m else text


def general_single_numerical_match(response: Any, target: Any, fixed: bool = False) -> float:
    """Numbers within 1% of the gold (lists: sorted, item by item); the plain string comparison when either
    side is no number."""
    response = _answer_part(response if isinstance(response, str) else str(response))
    target = _answer_part(target)
    got, want = number_it(response), number_it(target)
    if got is None or want is None:
        return _simple(response, target, fixed)
    if (isinstance(got, list) and isinstance(want, list)) or (isinstance(got, tuple) and isinstance(want, tuple)):
        return float(_same_list(got, want))
    return float(_within(got, want))


_BOXED = lazy_compile(r"\\boxed\{((?:[^\{\}]+|\{[^\{\}]*\})*)\}")


def _boxed(text: str) -> str:
    m = _BOXED.search(text)
    return m.group(1) if m else text


def boxed_single_numerical_match(response: Any, target: Any, fixed: bool = False) -> float:
    """``general_single_numerical_match`` on the ``\\boxed{}`` contents (or the whole texts)."""
    response = response if isinstance(response, str) else str(response)
    try:
        with step_limit(10):
            target = _boxed(target)
            return general_single_numerical_match(_boxed(response), target, fixed)
    except StepTimeout:
        return _simple(response, target, fixed)


# -------------------------------------------------------------------------------------------- LaTeX

def _greek_command(char: str) -> str:
    """The LaTeX command the reference maps a Greek letter to (KeyError for final sigma, as there)."""
    name = unicodedata.name(char, "")
    if "FINAL" in name or not name.startswith("GREEK"):
        raise KeyError(char)
    word = name.split()[-1].lower().replace("lamda", "lambda")
    return "\\" + (word.capitalize() if "CAPITAL" in name else word) + " "


def _macrons_to_overline(text: str) -> str:
    out: list[str] = []
    for char in text:
        if char.isalpha():
            parts = unicodedata.normalize("NFD", char)
            out.append(f"\\overline{{{parts[0]}}}" if len(parts) > 1 and parts[1] == "\u0304" else char)
        elif char != "\u0304":
            out.append(char)
        else:
            out[-1] = f"\\overline{{{out[-1]}}}"  # IndexError for a leading macron, as the reference
    return "".join(out)


def normalize_latex(text: str) -> str:
    """``\\bar`` and macrons as ``\\overline``, subscripts moved inside it, Greek letters as commands, math
    delimiters and ``\\begin``/``\\end`` removed."""
    text = _macrons_to_overline(text.replace("\\bar", "\\overline"))
    text = re.sub(r"\\overline\{([^}]*)\}_([^{}\\ ]*)", r"\\overline{\1_\2}", text)
    text = re.sub(r"[α-ωΑ-Ω]", lambda m: _greek_command(m.group()), text)
    text = re.sub(r"\\(begin|end)\{.*?\}(?:\[[^\[\]]*\])?", "", text)
    text = re.sub(r"\\\(|\\\)", "", text)
    return re.sub(r"\\\[|\\\]", "", text)


class _Fallback(Exception):
    """The reference's caught failures: parse errors, TypeError, NotImplementedError, its 15 s alarm."""


def _parse(text: str) -> Any:
    from sympy.core.sympify import SympifyError
    from sympy.parsing.latex.errors import LaTeXParsingError

    from ...maths.parse import sympy_parse_latex

    if len(text) > MAX_TEXT * 8:
        raise _Fallback("too long to parse within the reference's 15 s")
    try:
        expr = sympy_parse_latex(text)
    except (LaTeXParsingError, SympifyError, TypeError, NotImplementedError) as exc:
        raise _Fallback(type(exc).__name__) from None
    try:
        check_tree(expr, max_nodes=UPSTREAM_NODES)
    except TooComplex:
        raise _Fallback("would run past the reference's 15 s") from None
    return expr


def latex_expr_equality(response: Any, target: Any, fixed: bool = False) -> int:
    """SymPy's ``equals`` on the two parsed LaTeX expressions; the plain string comparison of the normalised
    texts when a side does not parse (or after 15 s)."""
    if not isinstance(response, str) or not isinstance(target, str):
        return 0
    try:
        with step_limit(15):
            response, target = normalize_latex(response), normalize_latex(target)
            try:
                same = _parse(response).equals(_parse(target))
            except (TypeError, NotImplementedError):
                raise _Fallback("equals failed") from None
            return 1 if same else 0
    except (_Fallback, StepTimeout):
        return _simple(response, target, fixed)


_MATH_SPAN = lazy_compile(r"(\$[^$]*\$)")


def _text_and_math(text: str) -> tuple[str, str]:
    parts = _MATH_SPAN.split(text)
    math_parts = [p for p in parts if p.startswith("$") and p.endswith("$")]
    words = "".join(p.strip() for p in parts if not (p.startswith("$") and p.endswith("$")))
    return words.replace(",", ""), " ".join(p[1:-1].strip().replace(",", "") for p in math_parts)


def text_with_latex_expr_equality(response: Any, target: Any, fixed: bool = False) -> int:
    """Text outside ``$...$`` by the plain string comparison, the ``$...$`` spans (joined) as LaTeX: both must
    agree."""
    if not isinstance(response, str) or not isinstance(target, str):
        return 0
    got_text, got_math = _text_and_math(response)
    want_text, want_math = _text_and_math(target)
    same_text = _simple(got_text, want_text, fixed)
    same_math = latex_expr_equality(got_math, want_math, fixed)
    return 1 if same_text and same_math else 0


NUMERIC = {
    "general_single_numerical_match": general_single_numerical_match,
    "boxed_single_numerical_match": boxed_single_numerical_match,
    "latex_expr_equality": latex_expr_equality,
    "text_with_latex_expr_equality": text_with_latex_expr_equality,
}
