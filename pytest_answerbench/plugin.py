"""The pytest11 entry point: options, the --bench-list command, the run's session object, and the fixtures.

Nothing heavy is imported here: SymPy and openai load inside the scorers and the judge that use them, so a
pytest run without ``--bench`` pays for little more than the option registration.
"""

from __future__ import annotations

from typing import Any

import pytest

from .options import add_options

_SESSION_NAME = "answerbench-session"


def pytest_addoption(parser: pytest.Parser) -> None:
    """Register the --bench option family and its ini keys."""
    add_options(parser)


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> int | None:
    """``--bench-list``: print the benchmarks and exit 0."""
    if config.getoption("bench_list"):
        from .api import list_benchmarks

        import sys

        errors: list[str] = []
        out = []
        for entry in list_benchmarks(errors):
            aliases = f" (aliases: {', '.join(entry['aliases'])})" if entry["aliases"] else ""
            out.append(f"{entry['name']}{aliases}\n    {entry['description']}\n")
        out.extend(f"invalid benchmark definition: {error}\n" for error in errors)
        sys.stdout.write("".join(out))
        sys.stdout.flush()
        return 0
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """With --bench: load the benchmark, resolve settings, own the failure summary, register the run."""
    name = config.getoption("bench")
    if not name:
        return
    from .options import resolve_settings
    from .session import BenchSession
    from .spec import SpecError, resolve_benchmark

    try:
        spec = resolve_benchmark(name)
    except SpecError as exc:
        raise pytest.UsageError(f"--bench: {exc}") from None
    if config.args_source != pytest.Config.ArgsSource.ARGS and not hasattr(config, "workerinput"):
        raise pytest.UsageError(
            f"--bench {name} needs at least one prediction file: pytest --bench {name} preds.jsonl")
    settings = resolve_settings(config, spec)
    # Wrong rows are results, not crashes: no tracebacks, and no per-failure summary (pytest's failure
    # summary is quadratic in the number of failures). Our own terminal summary lists wrong rows.
    if config.option.tbstyle == "auto":
        config.option.tbstyle = "no"
    if getattr(config.option, "reportchars", None) == "fE":
        config.option.reportchars = ""
    bench = BenchSession(config, spec, settings)
    config.pluginmanager.register(bench, _SESSION_NAME)
    # Clean-ups run last-registered-first, and this hook runs before pytest's own plugins' (registered
    # earlier): registered here, the unfreeze comes after their clean-ups, including the final collections.
    config.add_cleanup(bench.unfreeze)
    _ACTIVE.append(bench)
    # No Hypothesis test is collected in a --bench run, yet Hypothesis' plugin imports all of Hypothesis in its
    # terminal summary (about a second, measured): switch it off for this run.
    hypothesis_plugin = config.pluginmanager.get_plugin("hypothesispytest")
    if hypothesis_plugin is not None:
        config.pluginmanager.unregister(hypothesis_plugin)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Forget this run's session (in-process runs, e.g. pytester, may nest)."""
    bench = config.pluginmanager.get_plugin(_SESSION_NAME)
    if bench is not None and bench in _ACTIVE:
        _ACTIVE.remove(bench)


# The --bench runs in progress in this process (innermost last). The session fixtures read it instead of
# requesting ``request`` or ``pytestconfig``: either makes pytest build a pseudo fixture definition for every
# item (a measurable share of the per-row cost at 10,000 rows).
_ACTIVE: list[Any] = []


def _bench_session():
    if not _ACTIVE:
        raise pytest.UsageError("the bench_* fixtures are available only in a --bench run")
    return _ACTIVE[-1]


@pytest.fixture
def bench_row(request: pytest.FixtureRequest) -> dict[str, Any]:
    """The prediction row of the current item, as a dict (gold fields joined in when --bench-gold is given)."""
    return request.node.load_row()


@pytest.fixture(scope="session")
def bench_judge() -> Any:
    """The judge the scorers may consult (an ``OpenAIJudge`` built from the --bench-judge-* options), or
    None when no judge model is configured. Override it in conftest.py to bring your own (any object with
    ``ask(messages, **params) -> str``)."""
    judge = _bench_session().make_judge()
    yield judge
    if judge is not None and hasattr(judge, "close"):
        judge.close()


@pytest.fixture(scope="session")
def bench_scorer(bench_judge: Any):
    """``scorer(row) -> Verdict`` for this run's benchmark and profile. Override it in conftest.py to score
    rows your own way (return a Verdict, a bool, or a dict with at least ``status``)."""
    return _bench_session().make_scorer(judge=bench_judge)
