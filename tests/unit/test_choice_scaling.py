"""The multiple-choice reader does work linear in the reply's length on long degenerate replies.

Wall time is no measure on a busy machine, so the work is counted instead (``Work``): the Python lines the
package runs (a tracer that follows only the package's own frames) and the characters its regular expressions are
given to scan (every ``LazyPattern`` of the package counted while the reply is read: a search or a scan over the
text from its start position, a match up to where it ended). A reply four times as long must cost at most five
times the work: a linear reader stays near four (less where a step reads a bounded window), a quadratic one goes
to sixteen (a reply ending in a loop cost about nine before its loop was followed back through the whole text).
"""

from __future__ import annotations

import functools
import gc
import sys
from pathlib import Path

import pytest

import pytest_answerbench
from pytest_answerbench.choice import infer_choice
from pytest_answerbench.text.patterns import LazyPattern

_PACKAGE = str(Path(pytest_answerbench.__file__).resolve().parent)
_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split")
OPTIONS = {"A": "The loss decreases", "B": "The loss increases", "C": "The loss stays constant",
           "D": "It oscillates"}
N = 12_000  # characters of the shorter reply; the longer one has four times as many

# degenerate replies: a unit repeated (or one long run), as a model stuck in a loop or a broken decoder writes them
SHAPES = {
    "letters-spaced": "A B C D ",
    "letters-lower": "a b c d ",
    "brackets": "(A) (B) ",
    "option-or": "option A or B ",
    "run-of-letters": "A",
    "run-of-two-letters": "AB",
    "one-giant-line": "word ",
    "one-giant-word": "x",
    "answer-repeated": "The answer is A. ",
    "answers-alternating": "The answer is A. The answer is B. ",
    "line-per-letter": "A\n",
    "bold-letters": "**A** ",
    "boxes": "\\boxed{A} ",
    "unclosed-boxes": "\\boxed{",
    "correction-cues": "sorry A ",
    "no-wait": "no, wait, B ",
    "negations": "not A ",
    "verdicts": "A is wrong. ",
    "hedges": "B, although C is possible too. ",
    "doubts": "The answer is B. Hmm, or is it C? ",
    "conditionals": "if the axis were logarithmic, C. ",
    "refusals": "I cannot see the image. (A) ",
    "option-text": "The loss increases or ",
    "chinese": "答案",
    "fboxes": "\\fbox{(A)} ",
    "opinions": "I would say C, since the chart suggests it. ",
    "maybe-alternatives": "B, maybe C, ",
    "might-also": "I think it's B. It might also be C. ",
    "text-alternatives": "I think the loss increases, or perhaps the loss stays constant. ",
    "answer-lines": "is:\n(A) The loss decreases\n",
    # a labelled line after each lead-in, each followed by a line of prose (reader._led_answer_lines)
    "led-answer-lines": "is:\n(A) Some loss here.\nIt follows.\n",
    "spaced-walk": "( a ) the loss - decreases ( b ) ",
}


class Work:
    """What one reading costs: Python lines run in the package, characters given to its regular expressions."""

    def __init__(self) -> None:
        self.lines = 0
        self.chars = 0

    def _call(self, frame, event, arg):
        return self._line if frame.f_code.co_filename.startswith(_PACKAGE) else None

    def _line(self, frame, event, arg):
        if event == "line":
            self.lines += 1
        return self._line

    def _counted(self, name: str, method):
        def counted(*args, **kwargs):
            if name in ("sub", "subn"):
                string, pos, end = args[1], 0, len(args[1])
            else:
                string = args[0]
                pos = args[1] if len(args) > 1 else kwargs.get("pos", 0)
                end = min(len(string), args[2] if len(args) > 2 else kwargs.get("endpos", len(string)))
            result = method(*args, **kwargs)
            if name in ("match", "fullmatch"):
                self.chars += result.end() - pos + 1 if result else 1
            elif name == "search" and result is not None:
                self.chars += result.end() - pos + 1
            else:
                self.chars += max(1, end - pos)
            return result
        return counted

    def read(self, response: str):
        """``infer_choice(response, OPTIONS)``, its work counted."""
        saved = []
        for p in _patterns():
            for name in _METHODS:
                saved.append((p, name, p.__dict__.get(name)))
                p.__dict__[name] = self._counted(name, getattr(p.compiled(), name))
        sys.settrace(self._call)
        try:
            return infer_choice(response, OPTIONS)
        finally:
            sys.settrace(None)
            for p, name, old in saved:
                if old is None:
                    p.__dict__.pop(name, None)
                else:
                    p.__dict__[name] = old


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[LazyPattern, ...]:
    """Every ``LazyPattern`` alive: the package makes them at import, as module constants (an option set's own
    patterns are plain ``re`` patterns, built per option set). Found once per process: a walk over every object
    the garbage collector tracks took 0.14 s (476k objects) once the whole suite was collected, and more as the
    run goes on; two walks a test were a third of this file's time in the suite."""
    return tuple(o for o in gc.get_objects() if isinstance(o, LazyPattern))


def _work(unit: str, size: int) -> Work:
    work = Work()
    work.read(unit * max(1, size // len(unit)))
    return work


@pytest.mark.parametrize("unit", SHAPES.values(), ids=list(SHAPES))
def test_long_degenerate_replies_cost_linear_work(unit):
    infer_choice("The answer is B.", OPTIONS)  # imports and the option set's tables outside the count
    short, long = _work(unit, N), _work(unit, 4 * N)
    assert short.lines > 0 and short.chars > 0  # the counters see the reader at work
    assert long.lines <= 5 * short.lines, (long.lines, short.lines)
    assert long.chars <= 5 * short.chars, (long.chars, short.chars)


def test_the_counter_sees_quadratic_work():
    """The measure itself: a scan repeated from every position (the shape of a quadratic step) counts ~16x for a
    text four times as long, a single scan ~4x."""
    from pytest_answerbench.choice.reader import _FIRST_LETTER

    def quadratic(text):
        return sum(1 for i in range(0, len(text), 50) if _FIRST_LETTER.search(text, i) is None)

    def linear(text):
        return sum(1 for _ in _FIRST_LETTER.finditer(text))

    for fn, low, high in ((quadratic, 12, 20), (linear, 3, 5)):
        counts = []
        for size in (N, 4 * N):
            work = Work()
            saved = _FIRST_LETTER.__dict__.get("search"), _FIRST_LETTER.__dict__.get("finditer")
            _FIRST_LETTER.__dict__["search"] = work._counted("search", _FIRST_LETTER.compiled().search)
            _FIRST_LETTER.__dict__["finditer"] = work._counted("finditer", _FIRST_LETTER.compiled().finditer)
            try:
                fn("1" * size)
            finally:
                for name, old in zip(("search", "finditer"), saved):
                    if old is None:
                        _FIRST_LETTER.__dict__.pop(name, None)
                    else:
                        _FIRST_LETTER.__dict__[name] = old
            counts.append(work.chars)
        assert low <= counts[1] / counts[0] <= high, (fn.__name__, counts)
