"""Bounded work for the math engine: step time limits and size checks on SymPy trees.

Two kinds of limit exist:

* the row's budget, armed by ``scoring.py`` with :func:`pytest_answerbench.timeguard.deadline`; when it fires a
  :class:`ScoreTimeout` (a BaseException) travels up through every ``except Exception`` and the row becomes a
  ``timeout`` verdict;
* a *step* limit (:func:`step_limit`) inside it, for a reference that gives up on one comparison and moves on
  (OlympiadBench's 30 s ``is_equal``, IMO-AnswerBench's 5 s SymPy threads). It nests with the row's budget
  through ``deadline``: when the step's own timer fires it becomes :class:`StepTimeout`, an ordinary Exception
  the caller may treat as "no match"; when the row's (nearer) timer fires, ScoreTimeout propagates unchanged.

:func:`check_tree` refuses expressions whose evaluation would be unbounded (exponent towers, huge factorials,
enormous trees) before anything evaluates them.
"""

from __future__ import annotations

import signal
import threading
import time
from contextlib import contextmanager
from typing import Any, Iterator

from ..timeguard import ScoreTimeout, deadline

__all__ = ["StepTimeout", "TooComplex", "check_tree", "step_limit", "MAX_ANSWER", "MAX_LOOSE", "MAX_TEXT", "MAX_EXPONENT", "UPSTREAM_NODES"]

#: Longest answer text handed to a parser (characters). The antlr LaTeX parser is super-linear on long sums
#: (a 100k-character ``1+1+...`` ran past 30 s), and no real final answer is this long.
MAX_TEXT = 600
#: Largest |exponent| evaluated numerically or symbolically (2^{2023} is an ordinary olympiad answer;
#: 10^{10^{10}} is not). Factorial arguments may be ten times larger.
MAX_EXPONENT = 10000
#: Longest answer compared by the general rules (characters). A longer prediction in words is a failed
#: extraction and wrong; a longer numeral, list or expression is compared only in the ways that stay cheap
#: (``compare.long.long_answers``), and is otherwise undecided (``bound:too-long``).
MAX_ANSWER = 2000
#: Parts of two long lists that differ as written and are still compared one by one.
MAX_LOOSE = 16
#: Largest number of nodes in a parsed tree.
MAX_NODES = 400
#: Node cap for the upstream profiles: only runaway values are refused there (the references have no size
#: limit, only their step timeouts), so ordinary large expressions still get the reference's verdict.
UPSTREAM_NODES = 20000


class StepTimeout(Exception):
    """One bounded step (not the whole row) ran out of time."""


class TooComplex(Exception):
    """An expression would be too expensive to evaluate (exponent tower, huge factorial, huge tree).

    ``kind`` names the bound: ``nodes``, ``exponent``, ``factorial`` or ``integer``
    (:data:`pytest_answerbench.maths.exact.BOUNDS` says what each is).
    """

    def __init__(self, message: str, kind: str = "nodes"):
        super().__init__(message)
        self.kind = kind


def _timer_remaining() -> float:
    if not hasattr(signal, "getitimer") or threading.current_thread() is not threading.main_thread():
        return 0.0
    return signal.getitimer(signal.ITIMER_REAL)[0]


@contextmanager
def step_limit(seconds: float | None) -> Iterator[None]:
    """Limit the enclosed block to ``seconds`` of CPU time; raise StepTimeout if *this* limit is what fired.

    A step limit says "this computation is too expensive", so it counts the CPU time the step spends
    (``deadline(cpu=True)``), not the wall time: on a loaded machine a step is not cut short, and a verdict does
    not depend on the load. When an outer timer (the row budget, pytest-timeout) fires first,
    it is left in charge and its ScoreTimeout propagates as usual.
    """
    if not seconds or seconds <= 0 or not hasattr(signal, "setitimer") \
            or threading.current_thread() is not threading.main_thread():
        yield
        return
    spent_at_start = time.thread_time()
    try:
        with deadline(seconds, cpu=True):
            yield
    except ScoreTimeout:
        # ours only when the step has spent its CPU seconds (an outer limit fires with less spent)
        if time.thread_time() - spent_at_start >= seconds * 0.99:
            raise StepTimeout(f"step exceeded {seconds:g}s of CPU time") from None
        raise


def check_tree(expr: Any, max_nodes: int = MAX_NODES, max_exponent: int = MAX_EXPONENT) -> None:
    """Raise TooComplex if evaluating ``expr`` could blow up (walks the tree without evaluating it)."""
    import sympy

    count = 0
    stack = [expr]
    while stack:
        node = stack.pop()
        count += 1
        if count > max_nodes:
            raise TooComplex(f"expression has more than {max_nodes} nodes", "nodes")
        if isinstance(node, sympy.Pow):
            exponent = node.args[1]
            if not exponent.free_symbols and not _small_number(exponent, max_exponent):
                # A numeric exponent must itself be safe to evaluate, and then small: 2^{1/2} is fine,
                # 9^{9^{9^9}} is not.
                check_tree(exponent, max_nodes, max_exponent)
                try:
                    size = abs(complex(exponent.evalf(15)))
                except (TypeError, ValueError, OverflowError):
                    raise TooComplex("exponent cannot be evaluated", "exponent") from None
                if size != size or size > max_exponent:
                    raise TooComplex("exponent tower" if exponent.has(sympy.Pow) else f"exponent {exponent} too large",
                                     "exponent")
        elif isinstance(node, (sympy.factorial, sympy.factorial2, sympy.gamma, sympy.binomial)):
            for arg in node.args:
                if arg.is_Number and not _small_number(arg, max_exponent * 10):
                    raise TooComplex(f"{type(node).__name__} of {arg} too large", "factorial")
                if arg.has(sympy.Pow, sympy.factorial) and not arg.free_symbols:
                    raise TooComplex(f"{type(node).__name__} of a computed number", "factorial")
        elif isinstance(node, sympy.Rational) and max(abs(node.p).bit_length(), node.q.bit_length()) > 4000:
            # (a root index 2^{20000} becomes the exponent 1/2^{20000}: as large as the power it hides)
            raise TooComplex("integer literal too large", "integer")
        stack.extend(node.args)


def _small_number(value: Any, bound: int) -> bool:
    if not getattr(value, "is_Number", False):
        return False
    try:
        return abs(float(value)) <= bound
    except (TypeError, ValueError, OverflowError):
        return False
