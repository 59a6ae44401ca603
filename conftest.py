"""Project-wide pytest configuration for this repository's own test suite.

Hypothesis profiles, chosen by the ``HYPOTHESIS_PROFILE`` environment variable:

* ``ci`` (default): deterministic (derandomised), a bounded number of examples, no deadline (the machine is
  noisy), so the property suites stay fast and repeatable on 2 cores;
* ``thorough``: 2,000 examples per property, random, for long runs:
  ``HYPOTHESIS_PROFILE=thorough pytest tests/properties``.

The example database lives in ``.hypothesis/`` (ignored by git). Hypothesis is imported only when tests
are collected, not in a ``--bench`` run of the shipped samples.
"""

from __future__ import annotations

import os


def pytest_configure(config):
    if config.getoption("bench", default=None):
        return
    from hypothesis import HealthCheck, settings

    settings.register_profile("ci", max_examples=30, derandomize=True, deadline=None, print_blob=True,
                              suppress_health_check=[HealthCheck.too_slow])
    settings.register_profile("thorough", max_examples=2000, deadline=None,
                              suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
