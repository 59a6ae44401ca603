"""Shared helpers of the property suites (one file per matcher family, driven by
``pytest_answerbench.strategies``): the injection sentinel and the "never raises" verdict check.

The Hypothesis profile (``ci`` by default, ``thorough`` with ``HYPOTHESIS_PROFILE=thorough``) is loaded by the
top-level conftest.py. A payload from :func:`pytest_answerbench.strategies.python_payloads` that reached
``eval``/``exec`` would set an attribute on the sentinel module registered here.
"""

from __future__ import annotations

import sys
import types
from typing import Any, Mapping
from hypothesis import settings

from pytest_answerbench import score_row
from pytest_answerbench.strategies import python_payloads
from pytest_answerbench.verdict import STATUSES, Verdict

SENTINEL = "answerbench_sentinel"
ATTRIBUTE = "hit"

# Registered once at import, not in a fixture: Hypothesis reruns a test body many times per fixture instance.
sys.modules.setdefault(SENTINEL, types.ModuleType(SENTINEL))

__all__ = ["ATTRIBUTE", "SENTINEL", "assert_not_crashed", "ci_examples", "payloads", "score_safely",
           "sentinel_untouched"]


def ci_examples(n: int):
    """Decorator: run an expensive property on ``n`` examples under the ``ci`` profile only.

    Every other profile (``thorough``: 2,000) keeps its own count. Test modules are imported after the
    top-level conftest.py has loaded the profile, so the name read here is the one in force.
    """
    if settings.get_current_profile_name() == "ci":
        return settings(max_examples=n)
    return lambda test: test


def payloads():
    """Strategy: Python payloads aimed at the sentinel module."""
    return python_payloads(SENTINEL, ATTRIBUTE)


def sentinel_untouched() -> bool:
    """True while no payload has run (the attribute is absent); resets it so one failure does not mask others."""
    module = sys.modules[SENTINEL]
    hit = hasattr(module, ATTRIBUTE)
    if hit:
        delattr(module, ATTRIBUTE)
    return not hit


def assert_not_crashed(verdict: Verdict, row: Mapping[str, Any]) -> None:
    """A verdict from arbitrary input: a known status, a score in 0..1, and no exception turned into an error.

    ``scoring.score_with_spec`` turns a scorer exception into ``error`` with detail ``"<ExcType>: ..."``; a
    deliberate error verdict (bad row content, a mirrored reference crash) names its reason instead.
    """
    assert verdict.status in STATUSES, (verdict, row)
    assert 0.0 <= verdict.score <= 1.0, (verdict, row)
    if verdict.status == "error":
        assert verdict.method != "error" or not _looks_like_exception(verdict.detail), (verdict, row)


def _looks_like_exception(detail: str) -> bool:
    head = detail.split(":", 1)[0]
    return head.endswith(("Error", "Exception")) and " " not in head or "RecursionError" in detail


def score_safely(benchmark: Any, row: Mapping[str, Any], profile: str, timeout: float = 10.0, *,
                 may_time_out: bool = True, **kw: Any) -> Verdict:
    """score_row plus the crash check and the injection check, for robustness properties.

    ``may_time_out=False`` where the budget is generous for the scorer (no SymPy on unbounded input): then a
    ``timeout`` verdict fails the property. Wall-clock times are never asserted.
    """
    verdict = score_row(benchmark, row, profile=profile, timeout=timeout, **kw)
    assert_not_crashed(verdict, row)
    assert may_time_out or verdict.status != "timeout", (verdict, row)
    assert sentinel_untouched(), f"a payload ran while scoring {row!r}"
    return verdict
