"""The math engine's fast paths give exactly what the slow paths they skip would give.

* the two-stage (SLL, then LL) LaTeX parse on a private converter copy vs SymPy's own ``parse_latex``;
* the small-polynomial shortcuts (:mod:`pytest_answerbench.maths.poly`) vs ``simplify``;
* the parse caches are least-recently-used and bounded.
"""

from __future__ import annotations

import time

import pytest

sympy = pytest.importorskip("sympy")

from pytest_answerbench.maths import compare, parse  # noqa: E402
from pytest_answerbench.maths.poly import constant_ratio, degree_bound, identically_zero  # noqa: E402
from pytest_answerbench.scorers.olympiad import upstream as up  # noqa: E402

LATEX = [
    "3", "007", "1,000", "3.14", "-2", "\\frac{1}{2}", "\\frac12", "-\\frac{3}{4}", "2\\sqrt{3}", "\\sqrt[3]{2}",
    "\\frac{5\\pi}{6}", "x^2+2x+1", "(x+1)^2", "\\frac{n(n+1)}{2}", "y=2x+1", "x \\leq 3", "a<b", "f(x)", "n!",
    "\\sin^2(x)+\\cos^2 x", "\\log_2 8", "\\ln e", "e^{i\\pi}", "|x-1|", "\\lfloor x \\rfloor", "\\binom{5}{2}",
    "2^{2023}", "1.5 \\times 10^{-3}", "\\int_0^1 x dx", "\\sum_{k=1}^{n} k", "\\lim_{x \\to 0} \\frac{\\sin x}{x}",
    "\\mathrm{m}", "\\infty", "x'", "\\{1,2\\}", "(1,2]", "1 2 3", "ab", "\\alpha\\beta",
    # syntax errors and inputs the grammar stops early on
    "\\frac{", "1+", "\\\\frac{1}{2}", "(x", ")", "\\frac{1}{2", "x = ", "", "   ", "1+)2", "\\begin{matrix}",
    "\\text{ and }", "5%", "3 \\cup 4", "[1,2)", "x \\in (0, 1)", "\\pm 2", "1:2",
    # bra-ket notation: the converter's Bra and Ket are imported only when first needed
    "\\langle x |", "| y \\rangle", "\\langle x | + 1",
]


def _outcome(fn, text, strict):
    try:
        result = fn(text, strict=strict) if strict else fn(text)
    except Exception as exc:  # noqa: BLE001 - the exception itself is what is compared
        return ("raises", type(exc), str(exc))
    return ("ok", type(result), sympy.srepr(result))


def test_fast_parser_is_active():
    # The pinned antlr runtime (4.11) is the one the fast path mirrors; without it every parse is slow.
    assert parse._fast_parser() is not None


def test_parsing_does_not_import_sympy_physics_until_a_bra_or_ket_is_read():
    """sympy.physics.quantum costs a third of a second to import, in every process (each xdist worker)."""
    import subprocess
    import sys

    code = ("import sys\n"
            "from pytest_answerbench.maths.parse import sympy_parse_latex\n"
            "sympy_parse_latex('\\\\frac{x^2+1}{2}')\n"
            "print('sympy.physics.quantum' in sys.modules, 'sympy.physics.quantum.state' in sys.modules)\n"
            "print(type(sympy_parse_latex('| y \\\\rangle')).__name__, 'sympy.physics.quantum' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "False", "Ket", "True"]


def test_the_parser_survives_its_runtime_leaving_sys_modules():
    """pytester's in-process runs drop the modules a run imported (SysModulesSnapshot): a first parse inside such
    a run loaded antlr4, which is then gone, and the runtime's deferred imports loaded a second copy whose classes
    the first copy's objects are not instances of: every later input failed to lex (``0.5``: "I don't understand
    this"), in that process only, for the rest of its life. A fresh interpreter, so that antlr4 is not loaded."""
    import subprocess
    import sys

    code = ("import sys\n"
            "from _pytest.pytester import SysModulesSnapshot\n"
            "from pytest_answerbench import score_row\n"
            "from pytest_answerbench.maths import parse\n"
            "snapshot = SysModulesSnapshot()\n"
            "assert 'antlr4' not in sys.modules\n"
            "print(parse.sympy_parse_latex('\\\\frac{10}{9}'))\n"
            "snapshot.restore()\n"
            "assert 'antlr4' not in sys.modules\n"
            "print(parse.sympy_parse_latex('0.5'), parse.sympy_parse_latex('\\\\frac{10}{9}'))\n"
            "row = {'id': 'r', 'prediction': 'So $\\\\boxed{\\\\frac{10}{9}}$.', 'answer': '10/9'}\n"
            "print(score_row('olympiad', row, profile='default').status)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["10/9", "0.500000000000000", "10/9", "correct"]


@pytest.mark.parametrize("strict", [False, True], ids=["lenient", "strict"])
@pytest.mark.parametrize("text", LATEX)
def test_fast_parse_is_sympy_parse_latex(text, strict):
    from sympy.parsing.latex import parse_latex

    assert _outcome(parse.sympy_parse_latex, text, strict) == _outcome(parse_latex, text, strict)


def test_cached_numbers_are_sympys_numbers_and_shared():
    numbers = parse._CachedNumbers(sympy)
    for token in ("3", "0", "3.14", "123456789012345678901234567890", "0.1", "9" * 300, "9" * 301):
        first = numbers.Number(token)
        assert sympy.srepr(first) == sympy.srepr(sympy.Number(token))
        assert numbers.Number(token) is first
    with pytest.raises(sympy.SympifyError):  # what SymPy raises is raised (and not cached as a value)
        numbers.Number("007")
    assert numbers.Number(2) == sympy.Integer(2)  # non-string arguments are passed through
    assert numbers.Rational is sympy.Rational


def test_parse_cache_is_lru_and_bounded(monkeypatch):
    monkeypatch.setattr(parse, "_CACHE_SIZE", 3)
    cache: dict = {}
    calls = []

    def compute(key):
        return lambda: calls.append(key) or key

    for key in ("a", "b", "a", "c", "d", "a"):
        parse._cached(cache, key, compute(key), ())
    assert list(cache) == ["c", "d", "a"]  # "a" was used recently and survived, "b" was evicted
    assert calls == ["a", "b", "c", "d"]


x, y, z = sympy.symbols("x y z")


@pytest.mark.parametrize("e1, e2, expected", [
    (y - 2 * x - 1, 4 * y - 8 * x - 4, sympy.Rational(1, 4)),
    (x ** 2 - 1, 3 * (x - 1) * (x + 1), sympy.Rational(1, 3)),
    (2 * x, 3 * x, sympy.Rational(2, 3)),
    (y - 2 * x - 1, y - 2 * x + 1, False),
    (x * y, 3 * x, False),
    (sympy.sqrt(2) * x + 1, x, None),          # irrational coefficient: simplify decides
    (sympy.Float(0.5) * x, x, None),           # a float: simplify decides
    (sympy.sin(x), x, None),                   # not a polynomial
    (sympy.Integer(3), sympy.Integer(6), None),  # no variables
])
def test_constant_ratio(e1, e2, expected):
    assert constant_ratio(e1, e2) == expected if expected is not None else constant_ratio(e1, e2) is None


@pytest.mark.parametrize("e1, e2", [
    (y - 2 * x - 1, 4 * y - 8 * x - 4), (x ** 2 - 1, 3 * (x - 1) * (x + 1)), (y - 2 * x - 1, y - 2 * x + 1),
    (x * y - 1, 2 * x * y - 2), ((x + 1) ** 2, x ** 2 + 2 * x + 1), (x + y + z, x - y + z),
])
def test_constant_ratio_agrees_with_simplify(e1, e2):
    ratio = sympy.simplify(e1 / e2)
    quick = constant_ratio(e1, e2)
    assert quick is not None
    assert (quick is not False) == bool(ratio.is_number and ratio != 0 and ratio.is_finite)
    if quick is not False:
        assert quick == ratio


def test_shortcuts_refuse_huge_degrees_without_expanding():
    tower = sympy.Pow(x + 1, 5000, evaluate=False)
    started = time.process_time()
    assert degree_bound(tower) is None
    assert constant_ratio(tower, x) is None
    assert identically_zero(tower - x) is None
    assert time.process_time() - started < 0.5


@pytest.mark.parametrize("expr, expected", [
    (sympy.Rational(3, 2) * x * (x + 1) - (3 * x ** 2 + 3 * x) / 2, True),
    ((x + 3) ** 2 - (x ** 2 + 6 * x + 9), True),
    ((x ** 2 - 1) / (x - 1) - (x + 1), True),
    ((x + 3) ** 2 - (x ** 2 + 6 * x + 8), False),
    (1 / x - 1 / (x + 1), False),
    (sympy.sin(x) ** 2 + sympy.cos(x) ** 2 - 1, None),
    (sympy.sqrt(2) * x - x, None),
])
def test_identically_zero(expr, expected):
    assert identically_zero(expr) is expected
    if expected is not None:
        assert (sympy.simplify(expr) == 0) is expected


def _reference_equation_equal(a: str, b: str) -> bool:
    """The reference's equation_equal without shortcuts: simplify both standard forms, then both ratios."""
    def standard(eq):
        lhs, rhs = eq.split("=")
        equation = sympy.Eq(parse.parse_latex_raw(lhs), parse.parse_latex_raw(rhs))
        return sympy.simplify(equation.lhs - equation.rhs)

    e1, e2 = standard(a), standard(b)
    q1, q2 = sympy.simplify(e1 / e2), sympy.simplify(e2 / e1)
    return bool((q1.is_Integer and q1 != 0) or (q2.is_Integer and q2 != 0))


@pytest.mark.parametrize("a, b", [
    ("y=2x+1", "2x-y+1=0"), ("y=2x+1", "4x-2y+2=0"), ("y=2x+1", "y=2x-1"), ("2y=x", "3y=\\frac{3}{2}x"),
    ("y=3x", "6x=2y"), ("\\frac{x^{2}}{4}+\\frac{y^{2}}{3}=1", "3x^2+4y^2=12"), ("x+y=1", "x+y=3"),
])
def test_upstream_equation_shortcut_matches_reference(a, b):
    assert up._equation_equal(a, b) == _reference_equation_equal(a, b)


@pytest.mark.parametrize("gold, pred, expected", [
    ("y=2x+1", "2x-y+1=0", True), ("y=2x+1", "y=2x-1", False), ("x^2+y^2=1", "2x^2+2y^2=2", True),
    ("y = \\sqrt{2} x", "y - \\sqrt{2}x = 0", True),  # irrational coefficient: simplify path
])
def test_default_equation_verdicts(gold, pred, expected):
    from pytest_answerbench import maths

    assert maths.equivalent(gold, pred) == (expected, "equation")


@pytest.mark.parametrize("gold, pred, expected", [
    ("\\frac{n(n+1)}{2}", "\\frac{n^2+n}{2}", (True, "symbolic")),
    ("(x+3)^2", "x^2+6x+9", (True, "symbolic")),
    ("(x+3)^2", "x^2+6x+8", (False, "numeric-spot")),
    ("\\sin^2(x)+2", "3-\\cos^2(x)", (True, "symbolic")),  # trigonometric: simplify path
])
def test_default_expression_verdicts(gold, pred, expected):
    from pytest_answerbench import maths

    assert maths.equivalent(gold, pred) == expected
