"""Keeping what a long run holds out of the garbage collector's way (``Freezer``), without pytest.

A ``--bench`` run keeps an item per row, and pytest's terminal keeps every report, the run every record, until
the run ends. Python's full collections walk every tracked object each time; over a run they would walk all of
these again and again, although none is garbage (measured: no full collection of a 10,000-row run found any).
``gc.freeze`` moves the objects tracked so far out of every later collection; they are still freed by their
reference counts, and ``gc.unfreeze`` hands them back.
"""

from __future__ import annotations

import atexit
import gc

__all__ = ["Freezer"]

_AT_EXIT: list[bool] = []


class Freezer:
    """The run's freezes: after collection, every ``every`` reports logged during the run (``tick``), at the
    session's end; then ``unfreeze`` when the run's configuration ends. ``keep``: the process ends with the run
    (an xdist worker), so it keeps them frozen."""

    def __init__(self, every: int, keep: bool = False):
        self.every = every
        self.keep = keep
        self.frozen = False
        self._count = 0

    def freeze(self) -> None:
        gc.freeze()
        self.frozen = True

    def tick(self) -> None:
        """One more report logged: freeze at every ``every``-th."""
        self._count += 1
        if self._count % self.every == 0:
            self.freeze()

    def unfreeze(self) -> None:
        """Hand the frozen objects back to the garbage collector, so a program that goes on after the run
        (``pytest.main()``, a pytester run inside a test) gets its memory back.

        Where the process then ends, the interpreter's collections at exit would walk them all again (0.7 s
        after 2,000 SymPy rows) to free memory the exit frees anyway: an exit handler, registered once a
        process, freezes what is left first.
        """
        if self.frozen and not self.keep:
            gc.unfreeze()
            self.frozen = False
            if not _AT_EXIT:
                _AT_EXIT.append(True)
                atexit.register(gc.freeze)
