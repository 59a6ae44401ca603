"""Bounded scoring memory: a ceiling on what one row's scoring may allocate (``--bench-max-memory``, 1024 MB).

:mod:`.pyexpr` refuses the shapes known to build huge values (``(1,)*10**9``) before building them; this guard is
the backstop for every other way a row could fill memory. While a row is scored, the process's data limit
(``RLIMIT_DATA``: its heap and private writable mappings, where every Python object lives) is set to what the
process holds now plus the ceiling, and put back when the row ends. An allocation past it fails, Python raises
``MemoryError``, and the scoring wrapper turns it into the row's ``error`` verdict naming the ceiling
(:func:`over_ceiling`). The ceiling is relative so that it bounds what the row adds, whatever the process already
holds (SymPy's caches, earlier rows' results, whatever else the process did since the last row: a test session
that calls ``score_rows`` between other tests); the process's size is read from ``/proc/self/statm`` for every
row (measured in a VM: ~10 us a read, ~5 us a ``setrlimit``; a row pays one read and two of the latter). A size
reused from an earlier row can be far below what the process holds now, and then the limit sits under its
current size: every allocation fails, in any thread (seen: an xdist worker died).

The scoring process (pool.py) sets a fixed limit instead, once, when the child has started: what it holds then
(SymPy and the warm caches) plus the ceiling (:func:`limit_process`). A row that fills the heap and frees it
leaves the freed memory with the allocator (glibc keeps it), so a limit measured per row would let each row
add a ceiling to what the one before left; the fixed one never moves. A row that escapes it there kills only the
child, which is replaced. In-process, other threads allocate under the same limit while a row is
scored (a judge's pool, xdist's channel): the ceiling is headroom far above what they take.

A limit the user set lower (``ulimit -d``) is kept. Without ``resource.RLIMIT_DATA`` or ``/proc`` (macOS,
Windows) the guard does nothing: there the size bounds of :mod:`.pyexpr` are the only ones.
"""

from __future__ import annotations

import os
import threading
from typing import Any

try:
    import resource
except ImportError:  # Windows
    resource = None  # type: ignore[assignment]

__all__ = ["DEFAULT_MAX_MEMORY_MB", "MemoryCeiling", "data_in_use", "limit_process", "over_ceiling", "supported"]

DEFAULT_MAX_MEMORY_MB = 1024
_STATM = "/proc/self/statm"
_MB = 1 << 20


def _open_statm() -> int | None:
    try:
        return os.open(_STATM, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None


_statm_fd: int | None = None
_statm_opened = False  # opened by this process (a forked child opens its own: ``_forgotten_in_a_new_process``)
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def data_in_use() -> int | None:
    """Bytes of the process's data and stack mappings (what RLIMIT_DATA counts, and its stack), or None."""
    global _statm_fd, _statm_opened
    if not _statm_opened:
        _statm_fd, _statm_opened = _open_statm(), True
    if _statm_fd is None:
        return None
    try:
        return int(os.pread(_statm_fd, 256, 0).split()[5]) * _PAGE
    except (OSError, ValueError, IndexError):
        return None


def supported() -> bool:
    """Can this process bound its scoring memory (Linux: RLIMIT_DATA and /proc)?"""
    return resource is not None and hasattr(resource, "RLIMIT_DATA") and data_in_use() is not None


def over_ceiling(megabytes: float | None) -> str:
    """The error a row gets when its scoring ran out of memory (under the ceiling, or without one)."""
    if megabytes:
        return (f"scoring needed more than the memory ceiling ({megabytes:g} MB a row); raise it with "
                f"--bench-max-memory (or max_memory=) if this answer is legitimate")
    return "scoring ran out of memory (MemoryError)"


def _lower_limit(in_use: int, megabytes: float, limits: tuple[int, int] | None = None) -> tuple[int, int] | None:
    """Set RLIMIT_DATA to ``in_use`` plus ``megabytes`` unless a lower limit is set (``limits``: the process's
    (soft, hard) limits, if known); the limits before, if it was set."""
    soft, hard = limits or resource.getrlimit(resource.RLIMIT_DATA)
    limit = in_use + int(megabytes * _MB)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    if soft != resource.RLIM_INFINITY and soft <= limit:
        return None  # a lower limit (the user's, the scoring process's) stays
    try:
        resource.setrlimit(resource.RLIMIT_DATA, (limit, hard))
    except (ValueError, OSError):
        return None
    return soft, hard


def limit_process(megabytes: float | None) -> None:
    """Limit this whole process to what it holds now plus ``megabytes`` (a lower limit already set stays)."""
    in_use = data_in_use() if megabytes and megabytes > 0 and resource is not None else None
    if in_use is not None:
        _lower_limit(in_use, megabytes)  # type: ignore[arg-type]


class MemoryCeiling:
    """``with MemoryCeiling(1024):`` the enclosed scoring may allocate about 1024 MB more than the process holds
    now. Guards nest and may be entered from several threads: the first in sets the limit, the last out restores
    it. ``megabytes`` None or 0: no ceiling."""

    _lock = threading.Lock()
    _depth = 0
    _saved: Any = None

    __slots__ = ("megabytes", "_counted")

    def __init__(self, megabytes: float | None) -> None:
        self.megabytes = megabytes if megabytes and megabytes > 0 and resource is not None else None
        self._counted = False  # this guard is counted in _depth: its exit (or its failed entry) takes it back

    def __enter__(self) -> None:
        if self.megabytes is None:
            return
        cls = MemoryCeiling
        # A row's time limit raises wherever the row is (a signal handler's exception, the thread timer's), here
        # too. An exception raised in ``__enter__`` skips ``__exit__``: counted and never taken back, the guard
        # would make every later one a nested guard that sets no limit, the rest of the process without a
        # ceiling. So an entry that does not return takes itself back.
        try:
            with cls._lock:
                cls._depth += 1
                self._counted = True  # (no call between: nothing can raise between the two)
                if cls._depth == 1:
                    measured = cls._measure()
                    if measured is not None:
                        cls._saved = measured[1]  # first: put back even if an exception lands as it is lowered
                        cls._saved = _lower_limit(measured[0], self.megabytes, measured[1])
        except BaseException:
            self._leave()
            raise

    def __exit__(self, *exc: Any) -> None:
        if self.megabytes is not None:
            self._leave()

    def _leave(self) -> None:
        if not self._counted:
            return
        cls = MemoryCeiling
        with cls._lock:
            self._counted = False
            cls._depth -= 1
            if cls._depth or cls._saved is None:
                return
            saved, cls._saved = cls._saved, None
            try:
                resource.setrlimit(resource.RLIMIT_DATA, saved)
            except (ValueError, OSError):
                pass

    @staticmethod
    def _measure() -> tuple[int, tuple[int, int]] | None:
        """The process's size and data limits now."""
        in_use = data_in_use()
        if in_use is None:
            return None
        return in_use, resource.getrlimit(resource.RLIMIT_DATA)


def _forgotten_in_a_new_process() -> None:
    global _statm_fd, _statm_opened
    MemoryCeiling._depth, MemoryCeiling._saved = 0, None
    if _statm_fd is not None:  # the parent's /proc/self/statm would show the parent's size: the child opens its own
        try:
            os.close(_statm_fd)
        except OSError:
            pass
    _statm_fd, _statm_opened = None, False


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forgotten_in_a_new_process)
