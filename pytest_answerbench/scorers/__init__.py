"""Scorer registry: ``pytest_answerbench.scorers.<name>`` modules, found by name and imported on first use.

A scorer module follows :class:`ScorerModule` (the protocol: a required ``score``, the optional ``OPTIONS`` and
the optional hooks of :data:`HOOKS`); the registry checks each module when it loads it (:func:`check_module`),
so a module without ``score`` or with a hook taking other arguments is an error naming the module, not a
``TypeError`` halfway through a run.

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
protocol above) or ``my_module:score_fn`` (that function as ``score``; the module's ``OPTIONS`` and hooks are
used when it has them). The benchmark YAML's folder is put on ``sys.path`` so a module beside
the YAML imports.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import pkgutil
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable, Mapping, Protocol

from ..errors import SpecError
from ..verdict import ScoreContext, Verdict

__all__ = ["HOOKS", "Hook", "Scorer", "ScorerModule", "available", "check_module", "get"]


class ScorerModule(Protocol):
    """What a scorer module defines. Only ``score`` is required; the rest is optional, and absent means the
    default said with each.

    * ``score(row, ctx) -> Verdict``: ``row`` a Mapping, ``ctx`` a :class:`~pytest_answerbench.verdict.ScoreContext`.
      Pure: no pytest, no I/O, never raises on bad row content (the caller turns a stray exception into an
      ``error`` verdict anyway).
    * ``OPTIONS: dict[str, str]``: the option names a benchmark YAML may set, each with a description (default:
      none).

    The optional hooks (:data:`HOOKS`, checked for their arguments at load; a test compares this list with it):

    * ``metrics(rows, ctx) -> dict``: the benchmark's own aggregate numbers under the reference's names, computed
      from report rows (``id``, ``status``, ``score``, ``fields`` with the spec's groups and keep_fields,
      ``extra``). Default: none.
    * ``check_options(options) -> str | None``: validates the YAML's ``options`` beyond their names; returns the
      problem (naming the key and the valid choices) or None. Default: the names are checked against ``OPTIONS``.
    * ``judge_requests(row, ctx) -> list[JudgeRequest]``: the judge conversations ``score`` will ask for the row,
      listed without calling the judge, so the plugin can prefetch them (:mod:`pytest_answerbench.judge.protocol`).
      Default: each call is made when ``score`` asks.
    * ``warm_up() -> None``: run once before the first row in a process that will score (a forked pool child, or
      before the judge-request listing's short deadline), e.g. to load the LaTeX parser. Default: nothing.
    * ``named_fields(options, prediction_field, gold_field) -> dict``: for a scorer that reads the prediction and
      the gold through its own options (``generic``): the options with the YAML's ``prediction_field`` (a str or
      None) and ``gold_field`` (a tuple of str or None) folded in. Default: those keys must name fields among the
      spec's ``required``/``optional``.
    * ``same_answer(a, b, ctx) -> bool``: are two samples' extracted answers the same answer (one vote in maj@k,
      :mod:`pytest_answerbench.report.samples`)? Pure and quick; an exception counts as "no". Default: equal text
      ignoring case and surrounding space (``olympiad`` and ``imo`` use the maths equivalence).

    And ``LIST_PREDICTIONS_ARE_ANSWERS = True`` (default False): a list-valued prediction is one answer
    (MEGA-Bench's sequences), not k samples of its row.
    """

    def score(self, row: Mapping[str, Any], ctx: ScoreContext) -> Verdict: ...


@dataclass(frozen=True)
class Hook:
    """One optional hook of the scorer protocol: its name and the positional arguments it is called with."""

    name: str
    params: tuple[str, ...]


#: The optional hooks, in the order of :class:`ScorerModule`'s docstring.
HOOKS: tuple[Hook, ...] = (
    Hook("metrics", ("rows", "ctx")),
    Hook("check_options", ("options",)),
    Hook("judge_requests", ("row", "ctx")),
    Hook("warm_up", ()),
    Hook("named_fields", ("options", "prediction_field", "gold_field")),
    Hook("same_answer", ("a", "b", "ctx")),
)
_SCORE = Hook("score", ("row", "ctx"))


def _takes(fn: Any, count: int) -> bool:
    """Can ``fn`` be called with ``count`` positional arguments (defaults and ``*args`` count)?"""
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError):  # a builtin without a signature: trusted
        return True
    try:
        signature.bind(*range(count))
    except TypeError:
        return False
    return True


def check_module(module: Any, name: str) -> None:
    """Raise SpecError naming the scorer and its module when ``module`` does not follow :class:`ScorerModule`."""
    label = f"scorer {name!r} (module {getattr(module, '__name__', name)})"
    for hook, required in ((_SCORE, True),) + tuple((h, False) for h in HOOKS):
        fn = getattr(module, hook.name, None)
        if fn is None and not required:
            continue
        call = f"{hook.name}({', '.join(hook.params)})"
        if not callable(fn):
            what = "has no" if fn is None else "has a non-callable"
            raise SpecError(f"{label} {what} {hook.name}: a scorer module defines {call} (scorers/__init__.py, "
                            f"ScorerModule)")
        if not _takes(fn, len(hook.params)):
            raise SpecError(f"{label}: {hook.name} must take {len(hook.params)} positional argument"
                            f"{'' if len(hook.params) == 1 else 's'}, {call}; its signature is "
                            f"{hook.name}{inspect.signature(fn)}")
    options = getattr(module, "OPTIONS", {})
    if not isinstance(options, Mapping):
        raise SpecError(f"{label}: OPTIONS must be a dict of option name to description, got "
                        f"{type(options).__name__}")


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

    def option_problems(self, options: Mapping[str, Any]) -> list[str]:
        """What is wrong with a benchmark's ``options`` for this scorer: every unknown name, and the problem its
        ``check_options`` finds in the values of the known ones, in one pass (a misspelt name does not hide a
        bad value until the name is mended)."""
        allowed = getattr(self.module, "OPTIONS", {})
        known = ", ".join(sorted(allowed)) or "none"
        problems = [f"options.{key} unknown for scorer {self.name!r} (known: {known})"
                    for key in options if key not in allowed]
        check = getattr(self.module, "check_options", None)
        if check:
            problem = check({key: value for key, value in options.items() if key in allowed})
            if problem:
                problems.append(f"options: {problem}")
        return problems

    def validate_options(self, options: Mapping[str, Any], where: str) -> None:
        """Raise SpecError (``where`` names the source) with every one of :meth:`option_problems`."""
        problems = self.option_problems(options)
        if problems:
            raise SpecError(f"{where}: {'; '.join(problems)}")


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
    module = importlib.import_module(f"{__name__}.{name}")
    check_module(module, name)
    return Scorer(name, module)


def _from_import_path(name: str) -> Scorer:
    import types

    module_name, _, attr = name.partition(":")
    module = importlib.import_module(module_name)  # ImportError propagates to the caller with the name
    if attr:
        fn = getattr(module, attr, None)
        if not callable(fn):
            raise ImportError(f"{module_name} has no callable {attr!r}")
        parts = {"score": fn, "__name__": name}
        for extra in ("OPTIONS",) + tuple(hook.name for hook in HOOKS):
            if hasattr(module, extra):
                parts[extra] = getattr(module, extra)
        module = types.SimpleNamespace(**parts)
    elif not callable(getattr(module, "score", None)):
        raise ImportError(f"module {module_name} has no score(row, ctx) function")
    check_module(module, name)
    return Scorer(name, module)
