"""memguard's reading of the process's size: a forked child reads its own, not the parent's."""

from __future__ import annotations

import os
import sys

import pytest

from pytest_answerbench import memguard

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux") or not memguard.supported(),
                                reason="RLIMIT_DATA and /proc/self/statm: Linux")


def _statm_data() -> int:
    with open("/proc/self/statm", "rb") as fh:
        return int(fh.read().split()[5]) * os.sysconf("SC_PAGE_SIZE")


def test_a_forked_child_reads_its_own_size():
    """The parent has read its size (its /proc/self/statm open); the child grows by 256 MiB, a size the parent
    never reaches, and must read that, not the parent's."""
    assert memguard.data_in_use() is not None
    parent = _statm_data()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: grow, read, report, leave without running the parent's clean-up
        try:
            held = bytearray(256 << 20)
            os.write(write, f"{memguard.data_in_use()} {_statm_data()} {len(held)}".encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as fh:
        seen, actual, _ = map(int, fh.read().split())
    os.waitpid(pid, 0)
    assert actual > parent + (200 << 20)
    assert abs(seen - actual) < (16 << 20)
