"""Python-syntax maths text read into SymPy without running it: what ``parse_expr`` / ``sympify`` return, safely.

SymPy's ``parse_expr(text)`` (and ``sympify(text)``, which calls it) turns text into Python source and runs it
with ``eval``: any answer can then run code (``exec(chr(105)+...)``, ``open(...)``). Some references do exactly
that with model output (PolyhedronEvaluator's symbolic fallback). To reproduce their verdicts without ever
evaluating model text, this module keeps SymPy's own tokenizer and token transformations (``stringify_expr``:
tokens in, tokens out, nothing run) and replaces the final ``eval`` by an interpreter over Python's syntax tree
that knows a whitelisted grammar:

* literals the transformations produce (``Integer(2)``, ``Float('1.5')``, ``Symbol('x')``, ``Function('f')``,
  ``Rational(...)``); every name ``parse_expr`` knows, as the object it stands for;
* arithmetic, comparison and boolean operators, tuples, lists, sets, dicts, subscripts and ``a if c else b``;
* calls of the SymPy constants' and maths functions' names in :func:`safe_names` (and of what they build:
  ``Function('f')``, ``Lambda``), positional arguments only.

Anything else that Python would run (attribute access, a call of ``exec``/``open``/``getattr``/``S``/...,
keyword arguments, lambdas, comprehensions, a string literal outside the constructors above) raises
:class:`NotReproducible`: the reference would have evaluated it as Python, so its verdict cannot be had
safely, and callers report such a row as an ``error`` saying so. Text that is not valid Python at all raises
:class:`SyntaxError`-like failures exactly where ``parse_expr`` does (tokenizer or parser), so a reference's
"parser failed, try the next one" path is reproduced.

Results too large to build are refused before they are built, with :class:`TooLarge` (callers treat it as that
parser failing; the reference would spend seconds to hours inside one C call, or gigabytes of memory):

* a power (``**``, ``pow``, ``Pow(...)``, a shift, an integer matrix power) or an integer function (``factorial``,
  ``fibonacci``, ...) whose exact value would have more than :data:`MAX_POWER_BITS` bits, or a numeric evaluation
  (``N``, ``Float``, ``round``) to more digits than that many bits hold;
* a tuple, list or string (Python's or SymPy's ``Tuple``) of more than :data:`MAX_ITEMS` items, counted through
  nested sequences (``[[0]*1000]*1000`` holds a million), built by repetition (``(1,)*10**9``, ``10**9*(1,)``),
  concatenation or ``sum(..., ())`` (whose repeated concatenation also costs the square of its length).
"""

from __future__ import annotations

import ast
import builtins
import collections
import functools
import math
import operator
import types
from typing import Any, Callable

__all__ = ["MAX_ITEMS", "MAX_POWER_BITS", "NotReproducible", "SAFE_FILENAME", "TooLarge", "parse_expr_safely",
           "safe_names", "sympify_text_safely"]

# The file name syntax errors name (the tree is built by ast.parse and never compiled to code).
SAFE_FILENAME = "<answerbench-pyexpr>"
MAX_POWER_BITS = 2_000_000
# Items one tuple/list/string may hold, nested ones included: far above any answer, far below what fills memory
# or what SymPy reads in seconds (a million-item tuple took 28 s to print). ``sum`` of sequences copies its growing
# result once per item: refused past MAX_COPIES items copied.
MAX_ITEMS = 100_000
MAX_COPIES = 10_000_000


class NotReproducible(BaseException):
    """The text is Python that the reference would run; its result cannot be had without running it.

    A BaseException (as KeyboardInterrupt) so that the references' ``except Exception: pass`` blocks, which this
    package reproduces, cannot swallow it and carry on with a verdict the reference would not have given.
    """


class TooLarge(ValueError):
    """A power too large to compute exactly within any time limit."""


# SymPy names that are values (constants) or callables that take SymPy objects and only build or evaluate
# maths. Everything else SymPy exports (S and sympify, which parse strings; lambdify, which runs exec; printing,
# I/O, solvers' options...) is refused, as are the builtins except the arithmetic ones below.
_SYMPY_NAMES = """
pi E I oo zoo nan EulerGamma Catalan GoldenRatio TribonacciConstant true false EmptySet Reals Integers Naturals
Naturals0 Rationals Complexes UniversalSet
sqrt cbrt root real_root exp log ln LambertW sin cos tan cot sec csc sinc asin acos atan acot asec acsc atan2
sinh cosh tanh coth sech csch asinh acosh atanh acoth asech acsch Abs sign re im arg conjugate floor ceiling frac
Max Min factorial factorial2 subfactorial binomial gamma loggamma beta digamma polygamma zeta erf erfc fibonacci
lucas catalan bernoulli harmonic gcd lcm igcd ilcm Mod Rational Integer Float Number Symbol Function Lambda
Matrix ImmutableMatrix Eq Ne Lt Le Gt Ge Interval FiniteSet Union Intersection Complement Tuple And Or Not Xor
Add Mul Pow Sum Product Integral Derivative Limit diff integrate limit simplify expand factor nsimplify N
trigsimp radsimp together cancel apart divisors isprime prime totient primefactors degree
""".split()
_BUILTIN_NAMES = ("abs", "round", "pow", "divmod", "sum")
# The constructors the token transformations write around literals: the only calls a string may be given to.
_STRING_TAKING = ("Symbol", "Function", "Integer", "Float", "Rational")
_CONSTANTS = (True, False, None)
_MISSING = object()


@functools.lru_cache(maxsize=1)
def _namespaces() -> tuple[dict[str, Any], dict[str, Any]]:
    """(parse_expr's global namespace for the token transformations, the whitelisted subset for the interpreter).

    The first is what ``parse_expr`` builds (``from sympy import *``, the builtin functions, ``max``/``min`` as
    ``Max``/``Min``), built from ``sympy.__all__`` without running ``exec``; the transformations only look names
    up in it (``auto_symbol`` keeps a known name, wraps any other in ``Symbol``/``Function``).
    """
    import sympy

    global_dict: dict[str, Any] = {name: getattr(sympy, name) for name in sympy.__all__ if hasattr(sympy, name)}
    for name, obj in vars(builtins).items():
        if isinstance(obj, types.BuiltinFunctionType):
            global_dict[name] = obj
    global_dict["max"] = sympy.Max
    global_dict["min"] = sympy.Min
    safe = {name: global_dict[name] for name in _SYMPY_NAMES if name in global_dict}
    safe.update({name: getattr(builtins, name) for name in _BUILTIN_NAMES})
    safe["pow"], safe["sum"] = _power, _sum
    safe["max"], safe["min"] = sympy.Max, sympy.Min
    return global_dict, safe


def safe_names() -> dict[str, Any]:
    """The names the interpreter accepts, with the objects they stand for."""
    return dict(_namespaces()[1])


def _transform(text: str, xor: bool) -> str:
    from sympy.parsing.sympy_parser import convert_xor, standard_transformations, stringify_expr

    transformations = standard_transformations + ((convert_xor,) if xor else ())
    return stringify_expr(text, {}, dict(_namespaces()[0]), transformations)


def parse_expr_safely(text: str) -> Any:
    """What ``sympy.parsing.sympy_parser.parse_expr(text)`` returns, without evaluating ``text``.

    Raises what ``parse_expr`` raises for text that is not Python (``TokenError``, ``SyntaxError``) or that fails
    while building (``TypeError`` and the like), :class:`NotReproducible` for Python it would run, and
    :class:`TooLarge` for a power too large to compute.
    """
    return _Interpreter().run(_transform(text, xor=False))


def sympify_text_safely(text: str) -> Any:
    """What ``sympy.sympify(text)`` returns for a string, without evaluating it.

    ``sympify`` reads a string with ``parse_expr`` plus the ``^``-as-power transformation after deleting
    newlines, and turns tokenizer and syntax errors into ``SympifyError``.
    """
    from sympy.core.sympify import SympifyError
    from sympy.parsing.sympy_parser import TokenError

    try:
        code = _transform(text.replace("\n", ""), xor=True)
        tree = _parse(code)
    except (TokenError, SyntaxError) as exc:
        raise SympifyError(f"could not parse {text!r}", exc) from None
    return _Interpreter().evaluate(tree)


def _parse(code: str) -> ast.Expression:
    try:
        return ast.parse(code, filename=SAFE_FILENAME, mode="eval")
    except (ValueError, MemoryError, RecursionError) as exc:  # an int literal over Python's digit limit, ...
        raise SyntaxError(str(exc)) from None


def _count(value: Any) -> int | None:
    """The int a repetition count or exponent stands for (Python's or SymPy's); None for anything else."""
    if isinstance(value, int):
        return int(value)
    return int(value) if getattr(value, "is_Integer", False) is True else None


def _items(value: Any) -> Any:
    """The items of a sequence repetition and concatenation copy (Python's or a SymPy Tuple's); None otherwise."""
    if isinstance(value, (tuple, list, str, bytes)):
        return value
    from sympy import Tuple

    return value.args if isinstance(value, Tuple) else None


def _weight(value: Any, memo: dict[int, int] | None = None) -> int:
    """Items a sequence holds, its nested sequences' items included (a shared inner list counts once for every
    place it appears: that is what printing or comparing it walks). A repeated sequence holds one object many
    times: each distinct item is looked at once."""
    items = _items(value)
    if items is None:
        return 0
    if isinstance(items, (str, bytes)):
        return len(items)
    memo = {} if memo is None else memo
    total = memo.get(id(value))
    if total is None:
        total = len(items)
        if total <= MAX_ITEMS:
            distinct = {id(item): item for item in items}
            places = collections.Counter(map(id, items)) if len(distinct) < total else None
            for key, item in distinct.items():
                if total > MAX_ITEMS:
                    break
                if _items(item) is not None:
                    total += _weight(item, memo) * (places[key] if places is not None else 1)
        memo[id(value)] = total
    return total


def _refuse_size(items: int, what: str) -> None:
    if items > MAX_ITEMS:
        raise TooLarge(f"{what} would hold {items} items (at most {MAX_ITEMS} are built)")


def _multiply(left: Any, right: Any) -> Any:
    """``left * right``, refusing a sequence repeated into more than MAX_ITEMS items (``(1,)*10**9``)."""
    for sequence, count in ((left, right), (right, left)):
        times = _count(count)
        if times is not None and times > 1 and _items(sequence) is not None:
            _refuse_size(_weight(sequence) * times, f"a sequence repeated {times} times")
    return operator.mul(left, right)


def _concatenate(left: Any, right: Any) -> Any:
    """``left + right``, refusing a concatenation of sequences into more than MAX_ITEMS items."""
    if _items(left) is not None and _items(right) is not None:
        _refuse_size(_weight(left) + _weight(right), "a concatenation")
    return operator.add(left, right)


def _sum(iterable: Any, start: Any = 0) -> Any:
    """``sum(iterable, start)``; with a sequence ``start`` it concatenates, each step copying the result so far."""
    if _items(start) is not None and _items(iterable) is not None:
        parts = list(iterable)
        total = _weight(start) + sum(_weight(part) for part in parts)
        _refuse_size(total, "a sum of sequences")
        if len(parts) * total > MAX_COPIES:
            raise TooLarge(f"a sum of {len(parts)} sequences copies about {len(parts) * total} items")
        return sum(parts, start)
    return sum(iterable, start)


def _bits(value: Any) -> float:
    """An upper bound of log2 |value| for a SymPy rational or a Python int; 0 for anything else."""
    import sympy

    if isinstance(value, bool):
        return 0.0
    if isinstance(value, int):
        return float(abs(value).bit_length())
    if isinstance(value, sympy.Rational):
        return float(max(abs(int(value.p)).bit_length(), abs(int(value.q)).bit_length()))
    return 0.0


def _refuse_bits(bits: float, what: str) -> None:
    if bits > MAX_POWER_BITS:
        raise TooLarge(f"{what} with about {bits:.0f} bits")


def _power_bits(base: Any, exponent: Any) -> None:
    """Refuse ``base ** exponent`` when its exact value has more than MAX_POWER_BITS bits. An integer matrix's
    power has entries at most (size x largest entry) ** exponent."""
    from sympy.matrices import MatrixBase

    times = _count(exponent)
    if times is None or isinstance(exponent, bool):
        return
    if isinstance(base, MatrixBase):
        if base.rows and base.cols:
            largest = max(_bits(entry) for entry in base)
            growth = largest + math.log2(max(base.rows, base.cols))
            if growth > 0 and abs(times) > 1:
                _refuse_bits(abs(times) * max(growth, 1.0), "matrix power")
        return
    bits = _bits(base)
    if bits > 1:
        _refuse_bits(abs(times) * bits, "power")


def _power(base: Any, exponent: Any, modulus: Any = None) -> Any:
    """``base ** exponent`` (or ``pow(base, exponent, modulus)``), refusing exact results over MAX_POWER_BITS."""
    if modulus is None:
        _power_bits(base, exponent)
    return pow(base, exponent) if modulus is None else pow(base, exponent, modulus)


def _shift_left(value: Any, amount: Any) -> Any:
    if isinstance(amount, (int,)) or hasattr(amount, "is_Integer") and amount.is_Integer:
        if int(amount) > MAX_POWER_BITS:
            raise TooLarge("shift too large")
    return operator.lshift(value, amount)


def _log2(n: int) -> float:
    return math.log2(n) if n > 1 else 1.0


def _growth(bits_of: Callable[[int], float]) -> Callable[[list[Any]], None]:
    """A check that refuses an integer function whose value, at an integer first argument n, has bits_of(n) bits."""

    def check(args: list[Any]) -> None:
        n = _count(args[0]) if args else None
        if n is not None and n > 64:
            _refuse_bits(bits_of(n), "an integer function's value")

    return check


def _binomial_bits(args: list[Any]) -> None:
    n, k = (_count(a) for a in args[:2]) if len(args) >= 2 else (None, None)
    if n is not None and k is not None and n > 64:
        _refuse_bits(min(max(k, 0), max(n - k, 0)) * _log2(n), "binomial")


def _digits(position: int) -> Callable[[list[Any]], None]:
    """A check that refuses a numeric evaluation to more decimal digits than MAX_POWER_BITS bits hold."""

    def check(args: list[Any]) -> None:
        digits = _count(args[position]) if len(args) > position else None
        if digits is not None:
            _refuse_bits(digits * 3.33, "a numeric evaluation")

    return check


def _pow_call(args: list[Any]) -> None:
    if len(args) >= 2:
        _power_bits(args[0], args[1])


# Whitelisted callables whose result can be far larger than their arguments: checked before the call.
_CALL_CHECKS: dict[str, Callable[[list[Any]], None]] = {
    "Pow": _pow_call,
    "factorial": _growth(lambda n: n * _log2(n)), "subfactorial": _growth(lambda n: n * _log2(n)),
    "factorial2": _growth(lambda n: n * _log2(n) / 2), "fibonacci": _growth(lambda n: 0.7 * n),
    "lucas": _growth(lambda n: 0.7 * n), "catalan": _growth(lambda n: 2.0 * n),
    "bernoulli": _growth(lambda n: n * _log2(n)), "harmonic": _growth(lambda n: 1.5 * n),
    "binomial": _binomial_bits, "N": _digits(1), "Float": _digits(1), "round": _digits(1),
}


_BINARY: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: _concatenate, ast.Sub: operator.sub, ast.Mult: _multiply, ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: _power, ast.BitXor: operator.xor,
    ast.BitAnd: operator.and_, ast.BitOr: operator.or_, ast.MatMult: operator.matmul, ast.LShift: _shift_left,
    ast.RShift: operator.rshift,
}
_UNARY: dict[type, Callable[[Any], Any]] = {
    ast.UAdd: operator.pos, ast.USub: operator.neg, ast.Not: operator.not_, ast.Invert: operator.invert,
}
_COMPARE: dict[type, Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt,
    ast.GtE: operator.ge, ast.Is: operator.is_, ast.IsNot: operator.is_not, ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
}


def _check_call(func: Any, args: list[Any]) -> None:
    check = _checks().get(id(func))
    if check is not None:
        check(args)


@functools.lru_cache(maxsize=1)
def _checks() -> dict[int, Callable[[list[Any]], None]]:
    """_CALL_CHECKS keyed by the identity of the object each whitelisted name stands for."""
    names = _namespaces()[1]
    return {id(names[name]): check for name, check in _CALL_CHECKS.items() if name in names}


class _Interpreter:
    """Evaluates the transformed code's syntax tree over the whitelisted grammar (see the module docstring)."""

    def __init__(self) -> None:
        self.everything, self.names = _namespaces()
        self.callables = {id(v) for v in self.names.values() if callable(v)}

    def run(self, code: str) -> Any:
        return self.evaluate(_parse(code))

    def evaluate(self, tree: ast.Expression) -> Any:
        return self._eval(tree.body)

    def _eval(self, node: ast.AST) -> Any:
        method = getattr(self, "_" + type(node).__name__, None)
        if method is None:
            raise NotReproducible(f"Python construct {type(node).__name__} is not reproduced")
        return method(node)

    def _Constant(self, node: ast.Constant) -> Any:
        if isinstance(node.value, (int, float, complex)) or node.value in _CONSTANTS:
            return node.value
        raise NotReproducible(f"a {type(node.value).__name__} literal outside a SymPy constructor")

    def _Name(self, node: ast.Name) -> Any:
        # Any name parse_expr knows is a value (the reference's object); only whitelisted ones may be called.
        value = self.everything.get(node.id, _MISSING)
        if value is _MISSING:
            raise NotReproducible(f"the name {node.id!r} is not reproduced")
        return self.names.get(node.id, value)

    def _BinOp(self, node: ast.BinOp) -> Any:
        return _BINARY[type(node.op)](self._eval(node.left), self._eval(node.right))

    def _UnaryOp(self, node: ast.UnaryOp) -> Any:
        return _UNARY[type(node.op)](self._eval(node.operand))

    def _BoolOp(self, node: ast.BoolOp) -> Any:
        value: Any = None
        for operand in node.values:
            value = self._eval(operand)
            if bool(value) == isinstance(node.op, ast.Or):  # Python's short-circuit (bool() may raise)
                return value
        return value

    def _Compare(self, node: ast.Compare) -> Any:
        left = self._eval(node.left)
        result: Any = True
        for op, right_node in zip(node.ops, node.comparators):
            right = self._eval(right_node)
            result = _COMPARE[type(op)](left, right)
            if len(node.ops) > 1 and not result:  # a chain needs the truth of each link, as Python does
                return result
            left = right
        return result

    def _IfExp(self, node: ast.IfExp) -> Any:
        return self._eval(node.body) if self._eval(node.test) else self._eval(node.orelse)

    def _Tuple(self, node: ast.Tuple) -> Any:
        return tuple(self._eval(e) for e in node.elts)

    def _List(self, node: ast.List) -> Any:
        return [self._eval(e) for e in node.elts]

    def _Set(self, node: ast.Set) -> Any:
        return {self._eval(e) for e in node.elts}

    def _Dict(self, node: ast.Dict) -> Any:
        if any(k is None for k in node.keys):
            raise NotReproducible("dict unpacking is not reproduced")
        return {self._eval(k): self._eval(v) for k, v in zip(node.keys, node.values)}  # type: ignore[arg-type]

    def _Subscript(self, node: ast.Subscript) -> Any:
        value = self._eval(node.value)
        if not hasattr(type(value), "__getitem__"):
            # Python reads the index, then raises this TypeError whatever the index holds (a number is never
            # subscriptable): the reading fails either way, so the index is not read (it may be text, such as a
            # string literal, that is never evaluated here).
            raise TypeError(f"'{type(value).__name__}' object is not subscriptable")
        return value[self._eval(node.slice)]

    def _Slice(self, node: ast.Slice) -> Any:
        parts = (node.lower, node.upper, node.step)
        return slice(*(None if p is None else self._eval(p) for p in parts))

    def _Call(self, node: ast.Call) -> Any:
        if node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
            raise NotReproducible("keyword or starred arguments are not reproduced")
        if isinstance(node.func, ast.Name) and node.func.id in _STRING_TAKING:
            args = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else self._eval(a)
                    for a in node.args]
            func = self.names[node.func.id]
            _check_call(func, args)
            if node.func.id == "Function" and not (len(args) == 1 and isinstance(args[0], str)):
                raise NotReproducible("Function() other than of a name is not reproduced")
            return func(*args)
        func = self._eval(node.func)
        args = [self._eval(a) for a in node.args]
        if not callable(func):
            raise TypeError(f"{type(func).__name__!r} object is not callable")
        if id(func) not in self.callables and not _made_callable(func):
            name = getattr(func, "__name__", type(func).__name__)
            raise NotReproducible(f"a call of {name!r} is not reproduced")
        if func is self.names.get("Matrix") and not (len(args) == 1 and isinstance(args[0], (list, tuple))):
            raise NotReproducible("Matrix() other than of a list of rows is not reproduced")
        _check_call(func, args)
        return func(*args)


def _made_callable(func: Any) -> bool:
    """A callable built by a whitelisted call: an undefined function ``f`` (from ``Function('f')``) or a Lambda."""
    from sympy import Lambda
    from sympy.core.function import UndefinedFunction

    return isinstance(func, (UndefinedFunction, Lambda))
