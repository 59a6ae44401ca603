"""Safe parsing of answer text into SymPy objects.

Model text is untrusted. Nothing here passes text to ``sympify``, ``parse_expr``, ``eval`` or ``exec`` (those
evaluate Python: ``__import__('os').system(...)`` would run). The only parser is SymPy's ANTLR LaTeX grammar
(``sympy.parsing.latex.parse_latex``), which builds expression trees from tokens and never runs code.
Plain-text math (``sqrt(2)/2``, ``x**2``, ``π``) is first rewritten into LaTeX by :func:`plain_to_latex`.

Every parse is length-capped (:data:`guard.MAX_TEXT`) and results are cached by text (least recently used
first out), so a gold answer shared by many rows is parsed once.

Speed: :func:`sympy_parse_latex` returns exactly what ``parse_latex`` returns (same trees, same exceptions)
but parses with ANTLR's SLL prediction first and only falls back to full LL prediction when SLL fails, and
its converter memoises number tokens (which SymPy builds with ``sympify`` on the token's digits: lexer
output, never raw model text). This made OlympiadBench scoring several times faster; tests in
``tests/unit/test_maths_fastpaths.py`` compare it with ``parse_latex`` itself.
"""

from __future__ import annotations

import re
import sys
from typing import Any

from ..text.patterns import lazy_compile
from .guard import MAX_TEXT, TooComplex, check_tree

__all__ = ["E_NOTATION", "ParseFailure", "TooLong", "parse_latex_raw", "parse_math", "parse_unchecked", "plain_to_latex", "constants", "sympy_parse_latex"]

_CACHE_SIZE = 4096
_raw_cache: dict[tuple[str, bool], Any] = {}
_math_cache: dict[str, Any] = {}


class ParseFailure(Exception):
    """The text is not something the LaTeX grammar accepts (or is too long to try)."""


class TooLong(ParseFailure):
    """The text is longer than the parser is given (a size bound, not a verdict on the text)."""


def _parse_latex():
    # Imported lazily: sympy.parsing.latex costs ~0.6 s, and the plugin must start fast.
    from sympy.parsing.latex import parse_latex

    return parse_latex


_fast_state: list[Any] = []


_PLAIN_INT = lazy_compile(r"0|[1-9][0-9]{0,299}")


_DECIMAL_TOKEN = lazy_compile(r"[0-9]*\.[0-9]*")


def _number_token(sympy: Any, text: str) -> Any:
    """``sympy.Number(text)`` for a LaTeX number token (digits, at most one point), without ``sympify``.

    ``Number`` reads a string with ``sympify``, i.e. ``parse_expr``, which runs ``eval`` on it; the token is
    answer text, and no answer text is ever evaluated (``pytest_answerbench/evalguard.py``). What ``parse_expr``
    makes of such a token is ``Float(text)`` when it has a point, else a Python integer literal (``007`` is a
    syntax error, ``000`` is 0); tested against ``Number`` itself in ``tests/plugin/test_no_eval.py``.
    """
    from sympy.core.sympify import SympifyError

    if text != "." and _DECIMAL_TOKEN.fullmatch(text):
        return sympy.Float(text)
    if text.isdigit() and text.isascii():
        if text[0] != "0" or not text.strip("0"):
            try:
                return sympy.Integer(int(text))
            except ValueError as exc:  # more digits than Python converts: the compiler's words for it
                reason = f"{exc} - Consider hexadecimal for huge integer literals to avoid decimal conversion limits."
        else:  # a decimal literal with leading zeros
            reason = "invalid syntax"
        raise SympifyError(f"could not parse {text!r}", SyntaxError(reason, ("<string>", 1, 0, text)))
    raise SympifyError(f"could not parse {text!r}")


class _CachedNumbers:
    """Stands in for the ``sympy`` module inside a private copy of SymPy's LaTeX-to-SymPy converter.

    The converter builds every number token with ``sympy.Number(text)``, which goes through ``sympify`` /
    ``parse_expr``: it would run ``eval`` on answer text, and re-runs ``from sympy import *`` each time (~15% of
    OlympiadBench scoring). Here the token is read by :func:`_number_token` instead, and as the result is an
    immutable SymPy number fully determined by the token text (and the global ``evaluate`` flag), it is
    memoised (bounded). Every other attribute is SymPy's own.
    """

    def __init__(self, module: Any):
        self._module = module
        self._numbers: dict[tuple[str, bool], Any] = {}

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._module, name)
        setattr(self, name, value)  # next lookups skip __getattr__
        return value

    def Number(self, *args: Any) -> Any:  # noqa: N802 - SymPy's name
        if len(args) != 1 or not isinstance(args[0], str):
            return self._module.Number(*args)
        from sympy.core.parameters import global_parameters

        key = (args[0], bool(global_parameters.evaluate))
        hit = self._numbers.get(key)
        if hit is None:
            # An integer token without leading zeros is what sympify makes of it, Integer(int(text)), built
            # directly (sympify rejects "007" like Python does, so those still go through it).
            if _PLAIN_INT.fullmatch(args[0]):
                hit = self._module.Integer(int(args[0]))
            else:
                hit = _number_token(self._module, args[0])
            if len(self._numbers) >= _CACHE_SIZE:
                self._numbers.clear()
            self._numbers[key] = hit
        return hit


_QUANTUM_STATE = "sympy.physics.quantum.state"


def _exec_without_quantum(spec: Any, module: Any) -> None:
    """Run the converter module's code without importing ``sympy.physics.quantum`` (a third of a second in
    every process, for the bra-ket notation alone): while it runs, that one import finds a module whose
    ``Bra`` and ``Ket`` import the real classes when a bra or ket is first converted. Nothing else sees it:
    it is removed right after (and not used when the real module is already imported)."""
    import sys
    import types

    if _QUANTUM_STATE in sys.modules:
        spec.loader.exec_module(module)
        return

    def deferred(cls_name: str) -> Any:
        def make(*args: Any, **kwargs: Any) -> Any:
            from sympy.physics.quantum import state

            return getattr(state, cls_name)(*args, **kwargs)

        return make

    stand_in = types.ModuleType(_QUANTUM_STATE)
    stand_in.Bra, stand_in.Ket = deferred("Bra"), deferred("Ket")
    sys.modules[_QUANTUM_STATE] = stand_in
    try:
        spec.loader.exec_module(module)
    finally:
        if sys.modules.get(_QUANTUM_STATE) is stand_in:
            del sys.modules[_QUANTUM_STATE]


def _fast_parser() -> Any:
    """SymPy's antlr ``parse_latex`` steps, two-stage (SLL then LL) on a private converter copy, or None.

    ANTLR's default (LL) prediction falls back to full-context analysis at every ambiguous decision of the
    LaTeX grammar, and that analysis is never cached: it was ~70% of OlympiadBench scoring time. SLL
    prediction is cached in the shared DFA and is several times faster. ANTLR guarantees that an SLL parse
    either reports a syntax error or returns the same tree LL would; so an SLL result is kept, and on any
    exception the input is parsed again in LL mode, exactly as SymPy does it (its errors and messages).
    The converter module is a private copy of ``sympy.parsing.latex._parse_latex_antlr`` whose number
    construction is memoised (:class:`_CachedNumbers`); SymPy's own module is left untouched.
    None (use ``parse_latex`` itself) when the installed SymPy / antlr layout is not the one this mirrors.
    """
    if _fast_state:
        parse, runtime = _fast_state[0]
        if runtime is None or sys.modules.get("antlr4") is runtime:
            return parse
        # The antlr runtime this parser was built on has left sys.modules (pytester's in-process runs drop the
        # modules imported during the run): the runtime's own deferred imports would now load a second copy,
        # whose classes the first copy's objects are not instances of, and every input would fail to lex.
        # Build again on the modules loaded now; parsed trees cached from the old ones go too.
        _fast_state.clear()
        _raw_cache.clear()
        _math_cache.clear()
    parse, runtime = None, None
    try:
        from importlib.metadata import version

        if version("antlr4-python3-runtime").startswith("4.11"):  # the runtime SymPy's parse_latex accepts
            import importlib.util

            import antlr4
            import sympy
            from antlr4.atn.PredictionMode import PredictionMode
            from sympy.parsing.latex import check_matrix_delimiters
            from sympy.parsing.latex.errors import LaTeXParsingError

            name = "sympy.parsing.latex._parse_latex_antlr"
            spec = importlib.util.spec_from_file_location(name + "_answerbench", importlib.util.find_spec(name).origin)
            conv = importlib.util.module_from_spec(spec)
            _exec_without_quantum(spec, conv)
            conv.sympy = _CachedNumbers(sympy)
            lexer_cls, parser_cls, listener_cls = conv.LaTeXLexer, conv.LaTeXParser, conv.MathErrorListener
            if None not in (lexer_cls, parser_cls, listener_cls):
                def run(text: str, strict: bool, sll: bool) -> Any:
                    # The steps of sympy.parsing.latex._parse_latex_antlr.parse_latex, prediction mode aside.
                    listener = listener_cls(text)
                    lexer = lexer_cls(antlr4.InputStream(text))
                    lexer.removeErrorListeners()
                    lexer.addErrorListener(listener)
                    parser = parser_cls(antlr4.CommonTokenStream(lexer))
                    parser.removeErrorListeners()
                    parser.addErrorListener(listener)
                    if sll:
                        parser._interp.predictionMode = PredictionMode.SLL
                    relation = parser.math().relation()
                    if strict and (relation.start.start != 0 or relation.stop.stop != len(text) - 1):
                        raise LaTeXParsingError("Invalid LaTeX")
                    return conv.convert_relation(relation)

                def parse(text: str, strict: bool) -> Any:
                    check_matrix_delimiters(text)  # as sympy.parsing.latex.parse_latex, on the unstripped text
                    text = text.strip()
                    try:
                        return run(text, strict, True)
                    except Exception:  # a syntax error, or an input SLL cannot decide: LL decides
                        pass
                    return run(text, strict, False)
            runtime = antlr4 if parse is not None else None
    except Exception:  # a SymPy / antlr layout this code does not know: use parse_latex alone
        parse, runtime = None, None
    _fast_state.append((parse, runtime))
    return parse


def sympy_parse_latex(text: str, strict: bool = False) -> Any:
    """Exactly ``sympy.parsing.latex.parse_latex(text, strict=strict)`` (same tree, same exceptions), faster.

    See :func:`_fast_parser`; SymPy's own function runs where the fast path is unavailable.
    """
    fast = _fast_parser()
    if fast is not None:
        return fast(text, strict)
    return _parse_latex()(text, strict=strict) if strict else _parse_latex()(text)


def parse_latex_raw(text: str, *, strict: bool = False, cap: int = MAX_TEXT * 8) -> Any:
    """``parse_latex(text)`` exactly as the references call it (no rewriting), cached.

    Raises ParseFailure for text the grammar rejects or text longer than ``cap`` characters. The tree is
    returned as parsed (unevaluated parts included), so ``==`` is the references' structural equality.
    """
    if len(text) > cap:
        raise TooLong(f"answer longer than {cap} characters")
    def compute():
        try:
            return sympy_parse_latex(text, strict)
        except RecursionError:
            raise TooLong("too deeply nested") from None  # a size bound (the parser's depth), not a verdict
        except Exception as exc:  # LaTeXParsingError, TypeError from odd trees, ...
            first = str(exc).splitlines()[0] if str(exc) else ""
            raise ParseFailure(f"{type(exc).__name__}: {first}") from None

    return _cached(_raw_cache, (text, strict), compute, (ParseFailure,))


def _cached(cache: dict, key: Any, compute, failures: tuple[type[Exception], ...]) -> Any:
    """Memoise ``compute()`` under ``key``, failures (of the listed types) included.

    A least-recently-used cache of :data:`_CACHE_SIZE` entries (dicts keep insertion order: a hit moves to
    the end, the oldest entry goes first), so gold answers shared by many rows stay parsed in long runs.
    """
    hit = cache.pop(key, None)
    if hit is None:
        try:
            hit = compute()
        except failures as exc:
            hit = exc
        while len(cache) >= _CACHE_SIZE:
            del cache[next(iter(cache))]
    cache[key] = hit
    if isinstance(hit, Exception):
        raise hit
    return hit

_UNICODE = {
    "−": "-", "–": "-", "×": r"\times ", "·": r"\cdot ", "÷": "/", "π": r"\pi ", "∞": r"\infty ",
    "≤": r"\leq ", "≥": r"\geq ", "≠": r"\neq ", "²": "^{2}", "³": "^{3}", "½": r"\frac{1}{2}", "⋅": r"\cdot ",
    "√": r"\sqrt", "∛": r"\sqrt[3]", "∜": r"\sqrt[4]", "∪": r"\cup ", "∈": r"\in ", "°": r"^{\circ}",
}
_FUNCS = ("arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "sin", "cos", "tan", "cot", "sec", "csc", "ln",
          "log", "exp")


#: a number in e-notation (``1.5e-3``): the grammar would read 1.5 * e * (-3) with e as Euler's number.
E_NOTATION = lazy_compile(r"(?<![\w.\\])(\d+(?:\.\d*)?|\.\d+)[eE]([-+]?\d+)(?![\w.])")


def plain_to_latex(text: str) -> str:
    """Rewrite plain-text math into LaTeX the grammar understands (``sqrt(2)`` -> ``\\sqrt{2}``, ``**`` -> ``^``)."""
    for k, v in _UNICODE.items():
        text = text.replace(k, v)
    text = text.replace("**", "^")
    # E-notation (1.5e-3): the grammar would read 1.5 * e * (-3) with e as Euler's number.
    text = E_NOTATION.sub(r"(\1 \\times 10^{\2})", text)
    # \sqrt followed by a bare token (from "√2"): give it braces.
    text = re.sub(r"\\sqrt(\[\d\])?\s*(\d+|[a-zA-Z])", r"\\sqrt\1{\2}", text)  # ("∛4": \sqrt[3]{4})
    text = _rewrite_calls(text, "sqrt", lambda inner: r"\sqrt{" + inner + "}")
    if "\\sqrt" in text:  # "√(3)/2" (the Unicode sign before a bracket): the bracket is the radicand
        text = _rewrite_calls(text, "", lambda inner: r"\sqrt{" + inner + "}", pattern=r"\\sqrt\s*\(")
    if "^(" in text or "^ (" in text:
        # 2^(1/2): a parenthesised exponent is the whole exponent (the grammar takes one token after ^)
        text = _rewrite_calls(text, r"\^", lambda inner: "^{" + inner + "}", pattern=r"\^\s*\(")
    text = _rewrite_calls(text, "exp", lambda inner: "e^{" + inner + "}")
    text = re.sub(r"(?<![\\a-zA-Z])(%s)(?![a-zA-Z])" % "|".join(_FUNCS), r"\\\1", text)
    text = re.sub(r"(?<![\\a-zA-Z])pi(?![a-zA-Z])", r"\\pi ", text)
    text = re.sub(r"(?<![\\a-zA-Z])(infinity|inf)(?![a-zA-Z])", r"\\infty ", text)
    return text


def _rewrite_calls(text: str, name: str, build, pattern: str | None = None) -> str:
    """Replace ``name(...)`` (balanced parentheses, not preceded by a backslash) with ``build(inner)``."""
    out = []
    i = 0
    pattern = re.compile(pattern or r"(?<![\\a-zA-Z])%s\s*\(" % name)
    while True:
        m = pattern.search(text, i)
        if not m:
            out.append(text[i:])
            return "".join(out)
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[j], 0)
            j += 1
        if depth:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:m.start()])
        out.append(build(text[m.end():j - 1]))
        i = j


#: Single letters that name functions in answers (f(x) = ...); any other letter before "(" is a factor.
FUNCTION_LETTERS = frozenset("fghFGH")


def constants(expr: Any) -> Any:
    """Give the symbols the grammar leaves plain their meaning.

    ``pi`` -> π, ``e`` -> Euler's number, and ``n(n+1)`` (which the grammar reads as a call of a function
    ``n``) -> the product ``n*(n+1)`` unless the letter is a usual function name (f, g, h); ``\\pi (kT)`` (a call of
    ``pi``) is the product too.
    """
    import sympy
    from sympy.core.function import AppliedUndef

    calls = {c: sympy.Symbol(c.func.__name__) * sympy.Mul(*c.args)
             for c in expr.atoms(AppliedUndef)
             if len(c.func.__name__) == 1 and c.func.__name__ not in FUNCTION_LETTERS or
             c.func.__name__ == "pi" and len(c.args) == 1}  # "\pi (k T)^3" is π times (kT)^3, not a function pi
    if calls:
        # "n(n+1)^2": the grammar raises the call to the power; the power is the bracket's
        powers = {node: calls[node.base] / sympy.Mul(*node.base.args) * sympy.Mul(*node.base.args) ** node.exp
                  for node in expr.atoms(sympy.Pow) if node.base in calls}
        expr = expr.xreplace(powers).xreplace(calls) if powers else expr.xreplace(calls)
    subs = {}
    for sym in expr.free_symbols:
        if sym.name == "pi":
            subs[sym] = sympy.pi
        elif sym.name == "e":
            subs[sym] = sympy.E
    return expr.xreplace(subs) if subs else expr


def parse_math(text: str) -> Any:
    """Parse one normalised answer item (LaTeX or plain) into a checked SymPy object, cached.

    Uses the strict grammar (trailing garbage is an error, not silently dropped), substitutes π and e, and
    refuses trees whose evaluation could run away (:func:`guard.check_tree`). Raises ParseFailure or
    TooComplex.
    """
    text = text.strip()
    if not text:
        raise ParseFailure("empty answer")
    if len(text) > MAX_TEXT:
        raise TooLong(f"answer longer than {MAX_TEXT} characters")

    def compute():
        expr = parse_latex_raw(plain_to_latex(text), strict=True, cap=MAX_TEXT * 2)
        check_tree(expr)
        return constants(expr)

    return _cached(_math_cache, text, compute, (ParseFailure, TooComplex))


def parse_unchecked(text: str, cap: int) -> Any:
    """:func:`parse_math` without the size check, for :mod:`.exact` (which never evaluates a large part), up to
    ``cap`` characters. Raises ParseFailure (TooLong past ``cap``)."""
    text = text.strip()
    if not text:
        raise ParseFailure("empty answer")
    if len(text) > cap:
        raise TooLong(f"answer longer than {cap} characters")
    return constants(parse_latex_raw(plain_to_latex(text), strict=True, cap=2 * cap))
