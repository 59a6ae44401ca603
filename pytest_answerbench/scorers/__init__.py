"""Scorer registry: ``pytest_answerbench.scorers.<name>`` modules, found by name and imported on first use.

A scorer module defines:

* ``score(row: Mapping, ctx: ScoreContext) -> Verdict`` (required). Pure: no pytest, no I/O, never raises on
  bad row content (the caller turns a stray exception into an ``error`` verdict anyway).
* ``metrics(rows: list[dict], ctx: MetricsContext) -> dict`` (optional): the benchmark's own aggregate
  numbers under the reference's names, computed from report rows (``id``, ``status``, ``score``, ``fields``
  with the spec's groups and keep_fields, ``extra``).
* ``OPTIONS: dict[str, str]`` (optional): the option names a benchmark YAML may set, with a description.
* ``same_answer(a: str, b: str, ctx) -> bool`` (optional): are two samples' extracted answers the same answer
  (one vote in maj@k, report/samples.py)? Pure and quick; an exception counts as "no". Default: equal text
  ignoring case and surrounding space. ``olympiad`` and ``imo`` use the maths equivalence.
* ``LIST_PREDICTIONS_ARE_ANSWERS = True`` (optional): a list-valued prediction is one answer (MEGA-Bench's
  sequences), not k samples of its row.

A scorer is a module (``vmcbench.py``) or a package (``olympiad/``, whose ``__init__.py`` is the module above).
Modules whose name starts with ``_`` are helpers, not scorers.

Both profiles live in one benchmark's code (``ctx.upstream``: the reference verdict for verdict; otherwise
``default``, its plain bugs fixed), laid out by how far the profiles part:

* **Whole steps differ** (the extraction, the comparison pipeline, the reading of a judge reply): a package
  whose ``__init__.py`` holds the options and the protocol above and dispatches by ``ctx.upstream``;
  ``upstream.py`` reproduces the reference, ``default.py`` is ours, and a private module (``_shared.py``),
  when there is one, holds what both use. ``olympiad/``, ``imo/``, ``atomic/``, ``crag_mm/``. A one-line
  difference inside a shared step stays a keyword there (``crag_mm/_shared.py``: ``calculate_scores(upstream=)``).
* **One line differs here and there inside a large tree both profiles share** (``polyhedron/``: a recursive
  router over answer types; ``megabench/``: a registry of metrics with one signature, and its parsers): the
  package is cut by subject and every function on the path takes ``fixed: bool`` (``fixed=not
  ctx.upstream``), branching where the default differs. Upstream/default modules would copy that tree, or
  thread a strategy object through it, which is the same flag under another name.
* **A benchmark small enough for one module** (``vmcbench.py``, ``livexiv.py``, ``omni3d.py``) branches on
  ``ctx.upstream`` in place; ``generic.py`` passes it, as ``fixed``, to the polyhedron and MEGA-Bench matchers
  it borrows.

Every difference is listed with its test in ``docs/profiles-math.md``, ``docs/profiles-judged.md``,
``docs/profiles-mc.md`` or ``docs/profiles-structured.md``.

A user's own Python scorer is named by import path instead: ``my_pkg.my_scorer`` (a module following the
protocol above) or ``my_module:score_fn`` (that function as ``score``; the module's ``metrics`` and
``OPTIONS`` are used when it has them). The benchmark YAML's folder is put on ``sys.path`` so a module beside
the YAML imports.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable, Mapping

from ..errors import SpecError

__all__ = ["Scorer", "available", "get"]


@dataclass(frozen=True)
class Scorer:
    name: str
    module: ModuleType

    @property
    def score(self) -> Callable[..., Any]:
        return self.module.score

    @functools.cached_property
    def builtin(self) -> bool:
        """One of this package's scorers (scored under :func:`pytest_answerbench.evalguard.guarded`)."""
        return getattr(self.module, "__name__", "").startswith(__name__ + ".")

    def metrics(self, rows: list[dict[str, Any]], ctx: Any) -> dict[str, Any]:
        fn = getattr(self.module, "metrics", None)
        return fn(rows, ctx) if fn else {}

    @property
    def lists_are_answers(self) -> bool:
        """A list-valued prediction is one answer (``LIST_PREDICTIONS_ARE_ANSWERS``), not k samples."""
        return bool(getattr(self.module, "LIST_PREDICTIONS_ARE_ANSWERS", False))

    def same_answer(self, ctx: Any) -> Callable[[str, str], bool] | None:
        """The module's ``same_answer`` bound to ``ctx`` (an exception: not the same), or None without one."""
        fn = getattr(self.module, "same_answer", None)
        if fn is None:
            return None

        def same(a: str, b: str) -> bool:
            try:
                return bool(fn(a, b, ctx))
            except Exception:
                return False

        return same

    def validate_options(self, options: Mapping[str, Any], where: str) -> None:
        allowed = getattr(self.module, "OPTIONS", {})
        for key in options:
            if key not in allowed:
                known = ", ".join(sorted(allowed)) or "none"
                raise SpecError(f"{where}: options.{key} unknown for scorer {self.name!r} (known: {known})")
        check = getattr(self.module, "check_options", None)
        if check:
            problem = check(options)
            if problem:
                raise SpecError(f"{where}: options: {problem}")


@functools.lru_cache(maxsize=None)
def available() -> tuple[str, ...]:
    return tuple(sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")))


def is_import_path(name: str) -> bool:
    return "." in name or ":" in name


@functools.lru_cache(maxsize=None)
def get(name: str) -> Scorer:
    if is_import_path(name):
        return _from_import_path(name)
    if name not in available():
        raise KeyError(f"scorer {name!r} unknown (known: {', '.join(available())})")
    return Scorer(name, importlib.import_module(f"{__name__}.{name}"))


def _from_import_path(name: str) -> Scorer:
    import types

    module_name, _, attr = name.partition(":")
    module = importlib.import_module(module_name)  # ImportError propagates to the caller with the name
    if attr:
        fn = getattr(module, attr, None)
        if not callable(fn):
            raise ImportError(f"{module_name} has no callable {attr!r}")
        parts = {"score": fn, "__name__": name}
        for extra in ("metrics", "OPTIONS", "check_options", "warm_up", "same_answer"):
            if hasattr(module, extra):
                parts[extra] = getattr(module, extra)
        return Scorer(name, types.SimpleNamespace(**parts))
    if not callable(getattr(module, "score", None)):
        raise ImportError(f"module {module_name} has no score(row, ctx) function")
    return Scorer(name, module)
