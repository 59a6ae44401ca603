"""How physics and calculus answers name their quantities, read before the comparison (the grading conventions).

A grader reads ``\\frac{dx(t)}{dt} = k x(t) - a`` and ``\\frac{dx}{dt} = kx - a`` as one equation, ``\\dot{x}_0`` as the
initial velocity, ``\\omegat`` (a gold typed without a space) as ``\\omega t`` and ``v_{\\text{two}}`` as ``v_2``. The
LaTeX grammar reads them otherwise (``x(t)`` is the product ``x·t``, ``\\dot{x}`` the product ``dot·x``,
``\\frac{dx}{dt}`` a derivative of a constant), so both answers are rewritten first, together
(:func:`read_notation`), by these principles:

* **derivative notations are one symbol**: ``x'``, ``x^{\\prime}``, ``\\dot x``, ``\\frac{dx}{dt}``,
  ``\\frac{d x(t)}{dt}``, ``\\frac{d}{dt} x`` all become ``x'`` (``\\ddot x``, ``\\frac{d^2x}{dt^2}``, ``x''`` become
  ``x''``), for a one-letter quantity (subscripts allowed) and a one-letter variable, unless the two answers take
  their derivatives by different variables (``dy/dx`` against ``dy/dt`` or ``dx/dy``: then each derivative is a
  symbol named with its variable, so they differ);
* **function notation of the row's variable**: ``x(t)`` is the quantity ``x`` when ``t`` is the variable a derivative
  in either answer is taken by (``dx/dt``, ``\\dot x``: time), so ``k x(t)`` is ``k x``, not ``k·x·t``; any other
  argument (``x(t+1)``, ``x(2)``) is left as written;
* **a Greek letter run into a letter** (``\\omegat``, which is no command) is the letter times that letter;
* **a Greek letter with a prime** (``\\omega'``, which the grammar would read as ``\\omega``) is a symbol of its own;
* **a prime after a subscript of one character** marks the whole quantity: ``v_o'`` is ``v_{o}'``, the derivative of
  ``v_o`` (the grammar would read the subscript ``o'``, a symbol no other spelling of the derivative gives), so
  ``L C \\frac{d^2 v_o}{dt^2}`` and ``v_{o}''`` name one derivative;
* **a particle's charge in a subscript** (``m_{\\Lambda^0}``, ``m_{K^-}``, ``m_{\\pi^{+}}``, which the grammar cannot
  read) names the particle: the charge is dropped when the two answers together write that particle with no other
  charge (and neither writes it both bare and charged), so ``m_{\\Lambda^0}`` and ``m_{\\Lambda}`` are one mass;
  ``m_{\\pi^+}`` beside ``m_{\\pi^0}``, or ``q_{e^-}`` against ``q_{e^+}``, stay two;
* **spelled-out subscripts** (``v_{one}``, ``C_{\\text{two}}``) are digits, unless an answer already writes that
  symbol with the digit too (then the two are different symbols).

Symbol aliases that need the parsed trees (``k_B`` for ``k``, a letter's case) are in ``compare/aliases.py``.
Nothing here evaluates text: these are regular-expression rewrites of the answer text.
"""

from __future__ import annotations

import re

from ..text.patterns import lazy_compile

__all__ = ["read_notation"]

_GREEK = ("alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta", "vartheta", "iota",
          "kappa", "lambda", "mu", "nu", "xi", "pi", "rho", "sigma", "tau", "upsilon", "phi", "varphi", "chi", "psi",
          "omega", "Gamma", "Delta", "Theta", "Lambda", "Xi", "Pi", "Sigma", "Phi", "Psi", "Omega")
_GREEK_SET = frozenset(_GREEK)
# "\omegat": a Greek letter's command with one more letter after it that makes no command
_RUN_ON = lazy_compile(r"\\(%s)([a-zA-Z])(?![a-zA-Z])" % "|".join(sorted(_GREEK, key=len, reverse=True)))

# one quantity: a letter or a Greek command, an optional subscript
_QTY = r"(?:[a-zA-Z]|\\(?:%s)(?![a-zA-Z]))(?:_\{[^{}]{1,12}\}|_[a-zA-Z0-9])?" % "|".join(_GREEK)
_VAR = r"[a-zA-Z]"
_D = r"(?:d|\\mathrm\{d\}|\\text\{d\}|\\operatorname\{d\})"
_FRAC = r"\\[dt]?frac"
# \frac{dx}{dt}, \frac{d x(t)}{dt}, \frac{d^2x}{dt^2}, \frac{d^{2} x(t)}{d t^{2}}
_LEIBNIZ = lazy_compile(
    r"%s\s*\{\s*%s\s*(?:\^\s*\{?\s*(?P<order>[23])\s*\}?)?\s*(?P<q>%s)\s*(?:\(\s*(?P<arg>%s)\s*\))?\s*\}"
    r"\s*\{\s*%s\s*(?P<var>%s)\s*(?:\^\s*\{?\s*(?P<order2>[23])\s*\}?)?\s*\}" % (_FRAC, _D, _QTY, _VAR, _D, _VAR))
# \frac{d}{dt} x(t), \frac{d}{dt}x
_OPERATOR = lazy_compile(
    r"%s\s*\{\s*%s\s*\}\s*\{\s*%s\s*(?P<var>%s)\s*\}\s*(?P<q>%s)(?:\s*\(\s*(?P<arg>%s)\s*\))?(?![a-zA-Z({])"
    % (_FRAC, _D, _D, _VAR, _QTY, _VAR))
# dx/dt written inline
_SLASH = lazy_compile(r"(?<![\\a-zA-Z])d(?P<q>[a-zA-Z])\s*/\s*d(?P<var>[a-zA-Z])(?![a-zA-Z])")
# \dot{x}, \dot x, \ddot{x}: a derivative by time
_DOT = lazy_compile(r"\\(?P<dots>d?dot)\s*(?:\{\s*(?P<q>%s)\s*\}|(?P<q2>[a-zA-Z]|\\(?:%s)(?![a-zA-Z])))"
                   % (_QTY, "|".join(_GREEK)))
# x^{\prime}, x^\prime, x^{\prime\prime}
_PRIME = lazy_compile(r"\^\s*(?:\{\s*((?:\\prime\s*)+)\}|\\prime(?![a-zA-Z]))")
# a Greek letter with primes (the grammar drops a prime after a command: "\omega'" would be "\omega")
_GREEK_PRIME = lazy_compile(r"\\(%s)(?![a-zA-Z])(?:_(\{[^{}]*\}|[A-Za-z0-9]))?('+)" % "|".join(_GREEK))
# spelled-out subscripts
_NUMBER_WORDS = {"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
                 "seven": "7", "eight": "8", "nine": "9", "ten": "10"}
_SPELLED = lazy_compile(r"_\s*\{\s*(?:\\(?:text|mathrm|textrm)\s*\{\s*(%s)\s*\}|(%s))\s*\}"
                        % ("|".join(_NUMBER_WORDS), "|".join(_NUMBER_WORDS)), re.I)


def _run_on(text: str) -> str:
    if "\\" not in text:
        return text

    def split(m: re.Match) -> str:
        word = m.group(1) + m.group(2)
        if word in _GREEK_SET:
            return m.group(0)
        return "\\%s %s" % (m.group(1), m.group(2))

    return _RUN_ON.sub(split, text)


def _derivative(q: str, order: int, var: str, named: bool) -> str:
    """The symbol a derivative becomes: ``q'`` (``q''``), or, when the two answers differ in their variables, a
    name that keeps the variable (``y_{Dx}`` for dy/dx; a quantity with a subscript or a Greek name is left alone,
    None)."""
    if not named:
        return q + "'" * order
    if not re.fullmatch(r"[a-zA-Z]", q):
        return ""
    return "%s_{%s%s}" % (q, "D" * order, var)


# a quantity's subscript of one character, without braces, before a prime: "v_o'"
_PRIMED_SUB = lazy_compile(r"((?:^|(?<=[^\\a-zA-Z]))(?:[a-zA-Z]|\\(?:%s)(?![a-zA-Z])))_([a-zA-Z0-9])(?=')" % "|".join(_GREEK))


def _primed_subscripts(text: str) -> str:
    """``v_o'`` as ``v_{o}'``: the prime marks the whole quantity, not its subscript."""
    return _PRIMED_SUB.sub(r"\1_{\2}", text) if "'" in text and "_" in text else text


def _derivatives(text: str, variables: set[str], named: bool = False) -> str:
    """Every derivative notation of a one-letter quantity as ``q'`` (``q''``); the variables they are taken by
    are added to ``variables`` (time for a dot). ``named``: as :func:`_derivative` names them."""
    def put(m: re.Match, q: str, order: int, var: str) -> str:
        variables.add(var)
        return _derivative(q, order, var, named) or m.group(0)

    if "\\dot" in text or "\\ddot" in text:
        text = _DOT.sub(lambda m: put(m, m.group("q") or m.group("q2"), 2 if m.group("dots") == "ddot" else 1, "t"),
                        text)
    if "frac" in text:
        def leibniz(m: re.Match) -> str:
            if m.group("order") != m.group("order2") or m.group("arg") not in (None, m.group("var")):
                return m.group(0)
            return put(m, m.group("q"), int(m.group("order") or 1), m.group("var"))

        text = _LEIBNIZ.sub(leibniz, text)

        def operator(m: re.Match) -> str:
            if m.group("arg") not in (None, m.group("var")):
                return m.group(0)
            return put(m, m.group("q"), 1, m.group("var"))

        text = _OPERATOR.sub(operator, text)
    if "/" in text and "d" in text:
        text = _SLASH.sub(lambda m: put(m, m.group("q"), 1, m.group("var")), text)
    if "\\prime" in text and not named:
        text = _PRIME.sub(lambda m: "'" * max(1, (m.group(1) or "\\prime").count("\\prime")), text)
    return text


def _function_of(text: str, variables: set[str]) -> str:
    """``x(t)`` and ``x'(t)`` as ``x`` and ``x'`` for each variable ``t`` a derivative is taken by."""
    for var in sorted(variables):  # (not \pi: "\pi(t)" is π times t)
        text = re.sub(r"(?<![\\a-zA-Z])(?!\\pi(?![a-zA-Z]))(%s'*)\s*\(\s*%s\s*\)" % (_QTY, var), r"\1", text)
    return text


def _spelled_subscripts(text: str) -> str:
    if "_" not in text:
        return text
    out = _SPELLED.sub(lambda m: "_{%s}" % _NUMBER_WORDS[(m.group(1) or m.group(2)).lower()], text)
    if out == text:
        return text
    # "v_{two}" and "v_{2}" written side by side are two symbols: keep the words then
    written = set(re.findall(r"([a-zA-Z])_\s*\{?\s*(\d+)\s*\}?", text))
    made = set(re.findall(r"([a-zA-Z])_\s*\{?\s*(\d+)\s*\}?", out))
    return text if written & made else out


# "_{\Lambda^0}", "_{K^-}", "_{\pi^{+}}": a particle named with its charge in a subscript
_CHARGED = lazy_compile(r"_\s*\{\s*(\\[A-Za-z]+|[A-Za-z]{1,3})\s*\^\s*(?:\{\s*([0+-]{1,2})\s*\}|([0+-]))\s*\}")
_CHARGE_NAME = {"0": "0", "+": "p", "-": "m", "++": "pp", "--": "mm"}


def _charged_subscripts(gold: str, pred: str) -> tuple[str, str]:
    """Both answers with a particle's charge in a subscript read: dropped where the two answers together write that
    particle with one charge only (``m_{\\Lambda^0}`` against ``m_{\\Lambda}``), kept as part of the name where they
    write two (``q_{e^-}`` against ``q_{e^+}``, ``m_{\\pi^+}`` beside ``m_{\\pi^0}``) or one answer writes it both bare
    and charged."""
    texts = (gold, pred)
    if not any("^" in t and "_" in t for t in texts):
        return gold, pred
    found = [list(_CHARGED.finditer(t)) for t in texts]
    if not any(found):
        return gold, pred
    charges: dict[str, set[str]] = {}
    for matches in found:
        for m in matches:
            charges.setdefault(m.group(1), set()).add(m.group(2) or m.group(3))
    mixed = set()  # a particle one answer writes both bare and with a charge
    for text, matches in zip(texts, found):
        bare = _CHARGED.sub(" ", text)
        for base in {m.group(1) for m in matches}:
            if re.search(r"_\s*(?:\{\s*%s\s*\}|%s(?![A-Za-z]))" % (re.escape(base), re.escape(base)), bare):
                mixed.add(base)

    def named(m: re.Match) -> str:
        base, charge = m.group(1), m.group(2) or m.group(3)
        if len(charges[base]) == 1 and base not in mixed:
            return "_{%s}" % base
        return "_{%s_{%s}}" % (base, _CHARGE_NAME[charge])

    return _CHARGED.sub(named, gold), _CHARGED.sub(named, pred)


def _greek_primes(text: str) -> str:
    """``\\omega'`` as ``\\omega_{P}`` (``\\omega_0''`` as ``\\omega_{0PP}``): a symbol of its own, as ``x'`` is."""
    if "'" not in text or "\\" not in text:
        return text

    def named(m: re.Match) -> str:
        sub = (m.group(2) or "").strip("{}")
        return "\\%s_{%s%s}" % (m.group(1), sub, "P" * len(m.group(3)))

    return _GREEK_PRIME.sub(named, text)


def _has_notation(text: str) -> bool:
    return "\\" in text or "'" in text or "_" in text or "/" in text


def read_notation(gold: str, pred: str) -> tuple[str, str]:
    """Both answers with the notations above read (see the module docstring); unchanged when neither writes one.

    Example:
        >>> read_notation("\\\\frac{dx}{dt}=kx-a", "\\\\frac{dx(t)}{dt} = k x(t) - a")
        ("x'=kx-a", "x' = k x - a")
    """
    if not (_has_notation(gold) or _has_notation(pred)):
        return gold, pred
    gold, pred = _run_on(gold), _run_on(pred)
    g_vars: set[str] = set()
    p_vars: set[str] = set()
    g_read, p_read = _derivatives(gold, g_vars), _derivatives(pred, p_vars)
    if g_vars and p_vars and g_vars != p_vars:
        # dy/dx against dy/dt (or dx/dy): two different derivatives, each named with its variable
        return (_greek_primes(_derivatives(gold, set(), named=True)),
                _greek_primes(_derivatives(pred, set(), named=True)))
    gold, pred = g_read, p_read
    variables = g_vars | p_vars
    if variables:
        gold, pred = _function_of(gold, variables), _function_of(pred, variables)
    gold, pred = _charged_subscripts(gold, pred)
    gold, pred = _primed_subscripts(gold), _primed_subscripts(pred)
    return _spelled_subscripts(_greek_primes(gold)), _spelled_subscripts(_greek_primes(pred))
