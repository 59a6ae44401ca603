"""The public modules' ``__all__`` is exactly what they define or re-export (as Hypothesis' ``_check_exports``
checks its strategies module): a public name missing from ``__all__`` is an accident of the surface, and a name
in ``__all__`` that the module does not hold breaks ``from ... import *``.

A module's own names are its public (no leading ``_``) attributes that come from this package: functions and
classes defined in it or in the submodules it re-exports from, and constants. Submodules, and names imported
from the standard library for the module's own use (``typing.Any``), are not part of its surface.
"""

from __future__ import annotations

import importlib
import types

import pytest

PUBLIC_MODULES = ["pytest_answerbench", "pytest_answerbench.maths", "pytest_answerbench.choice",
                  "pytest_answerbench.report", "pytest_answerbench.judge"]

# ``typing.TYPE_CHECKING``: imported for the type checker's view of lazily loaded names, not part of the surface
NOT_SURFACE = {"TYPE_CHECKING", "annotations"}  # (``annotations`` is the ``from __future__`` feature)


def _own_public_names(module: types.ModuleType) -> set[str]:
    """The module's own public names, the ones it loads on first use (PEP 562 ``__getattr__``, listed by its
    ``__dir__``) included."""
    out = set()
    names = module.__dir__() if callable(vars(module).get("__dir__")) else list(vars(module))
    for name in names:
        if name.startswith("_") or name in NOT_SURFACE:
            continue
        value = getattr(module, name)
        if isinstance(value, types.ModuleType):
            continue
        if callable(value) and not (getattr(value, "__module__", None) or "").startswith("pytest_answerbench"):
            continue  # a function, class or typing form imported from elsewhere for the module's own use
        out.add(name)
    return out


@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_all_is_exactly_the_public_names(name):
    module = importlib.import_module(name)
    declared = {n for n in module.__all__ if not (n.startswith("__") and n.endswith("__"))}
    assert len(module.__all__) == len(set(module.__all__)), "a name listed twice"
    assert declared == _own_public_names(module), (sorted(declared - _own_public_names(module)),
                                                   sorted(_own_public_names(module) - declared))


@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_every_name_in_all_can_be_imported(name):
    module = importlib.import_module(name)
    missing = [n for n in module.__all__ if not hasattr(module, n)]
    assert missing == []


def test_the_check_sees_a_stray_public_name():
    """A module holding a public helper it does not list fails the comparison (the check is not vacuous)."""
    from typing import Any, Mapping

    from pytest_answerbench.verdict import Verdict

    def listed(x: Any) -> Any:
        return x

    listed.__module__ = "pytest_answerbench.fake"
    fake = types.ModuleType("pytest_answerbench.fake")
    fake.__dict__.update(Any=Any, Mapping=Mapping, Verdict=Verdict, LIMIT=3, listed=listed, _private=1,
                         types=types, __all__=["listed"])
    assert _own_public_names(fake) == {"Verdict", "LIMIT", "listed"}
