"""No Python evaluation while a built-in scorer runs: the process-wide backstop behind "no model text is run".

The scorers never hand text to ``eval``/``exec``/``sympify``/``parse_expr`` (``tests/plugin/test_no_eval.py`` checks
the source; ``pytest_answerbench/pyexpr.py`` reproduces ``parse_expr`` without ``eval``). This guard makes the
promise hold for code paths nobody thought of, such as a SymPy function that sympifies a Python str argument:
while :func:`guarded` is active, a Python audit hook (PEP 578) refuses every ``compile`` of source text and every
``exec`` of a code object, except

* code run by the import system (a module imported for the first time during a row),
* library code generators that compile only their own templates or source annotations (namedtuple,
  dataclasses, SymPy's monomial arithmetic, typing's forward references: the caller's file decides, see
  ``_CODE_GENERATORS``), and
* ``ast.parse`` (so ``ast.literal_eval`` and :mod:`pytest_answerbench.pyexpr`): it builds a syntax tree and
  runs nothing, and
* SymPy's ``nsimplify``, which sympifies the formula ``mpmath.identify`` writes for a float it computed (a
  reference's ``a.equals(b)`` reaches it through ``is_constant``'s random points: seen as an intermittent
  ``'from sympy import *'`` refusal in the IMO upstream profile): the text is mpmath's, built from digits and
  constant names, never from a row (``_TRUSTED_CALLERS``).

A refusal raises :class:`EvaluationRefused` (a ``BaseException``, so a scorer's ``except Exception`` cannot
swallow it); the scoring wrapper turns it into an ``error`` verdict naming the refusal. The hook is added once
per process, the first time a guard is entered; outside a guard, or in another thread, it returns at once.
"""

from __future__ import annotations

import os
import sys
import threading
from typing import Any

from .pyexpr import NotReproducible
from .timeguard import importing

__all__ = ["GUARDED", "EvaluationRefused", "guarded", "is_installed"]


class EvaluationRefused(NotReproducible):
    """Python evaluation was attempted while a built-in scorer ran (so the verdict cannot be had safely)."""


_lock = threading.Lock()
_state = threading.local()  # .depth: how many guards the current thread is inside
_installed = False
# Library code generators that compile source they write from their own templates, never from their callers'
# text (the caller's frame is checked, not the text): namedtuple, dataclasses, SymPy's monomial arithmetic;
# typing's forward references (annotations in library source, evaluated when the openai client and pydantic
# read type hints on a judge's first request). ast.py's callers of compile are ast.parse (and so
# ast.literal_eval), which only build syntax trees.
_CODE_GENERATORS = tuple(os.sep + os.path.join(*parts) for parts in (
    ("collections", "__init__.py"), ("dataclasses.py",), ("sympy", "polys", "monomials.py"), ("ast.py",),
    ("typing.py",), ("typing_extensions.py",),
))


# (file, function) of library frames whose evaluations run text the library wrote itself, looked for a few frames
# above the compile/exec call (SymPy's sympify -> parse_expr sit between).
_TRUSTED_CALLERS = ((os.sep + os.path.join("sympy", "simplify", "simplify.py"), "nsimplify_real"),)
_TRUSTED_DEPTH = 6


def _trusted(frame: Any) -> bool:
    for _ in range(_TRUSTED_DEPTH):
        if frame is None:
            return False
        code = frame.f_code
        if any(code.co_name == name and code.co_filename.endswith(path) for path, name in _TRUSTED_CALLERS):
            return True
        frame = frame.f_back
    return False


def _hook(event: str, args: tuple[Any, ...]) -> None:
    if (event != "compile" and event != "exec") or not getattr(_state, "depth", 0):
        return
    caller = sys._getframe(1)  # the Python frame that called compile/eval/exec
    if caller.f_code.co_filename.endswith(_CODE_GENERATORS) or importing(caller) or _trusted(caller):
        return
    what = args[0] if event == "compile" else getattr(args[0], "co_filename", args[0])
    text = what.decode("utf-8", "replace") if isinstance(what, bytes) else str(what)
    raise EvaluationRefused(f"Python {event} refused while scoring: {text[:80]!r}")


def is_installed() -> bool:
    return _installed


def _install() -> None:
    global _installed
    with _lock:
        if not _installed:
            sys.addaudithook(_hook)
            _installed = True


class _Guarded:
    """The context manager :func:`guarded` returns (one instance; guards nest, per thread)."""

    __slots__ = ()

    def __enter__(self) -> None:
        if not _installed:
            _install()
        _state.depth = getattr(_state, "depth", 0) + 1

    def __exit__(self, *exc: Any) -> None:
        _state.depth -= 1


GUARDED = _Guarded()


def guarded() -> _Guarded:
    """Refuse Python evaluation in this thread (see the module docstring) until the ``with`` block ends."""
    return GUARDED
