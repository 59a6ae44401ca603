"""The pytest11 entry point: options, the --bench-list command, the fixtures, and the run's plugins.

With ``--bench``, ``pytest_configure`` registers one plugin object per role, each only where its mode is on
(as pytest-xdist registers its ``DSession`` only in distribution mode): the collection (collect.py), the run
object (run.py), the default judge and scorer (fixtures.py), and the row timers when pytest-timeout is active
(timers.py). Every row is a test item run by pytest's own runner; the plugins talk to each other through the
plugin's own hooks (hooks.py), added here as pytest-timeout and pytest-xdist add theirs.

Nothing heavy is imported here: SymPy and openai load inside the scorers and the judge that use them, so a
pytest run without ``--bench`` pays for little more than the option registration.
"""

from __future__ import annotations

import sys

import pytest

from .fixtures import bench_judge, bench_row, bench_scorer  # noqa: F401 - registered through this module
from .options import add_options

RUN_NAME = "answerbench-run"


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    """The plugin's own hooks (hooks.py)."""
    from . import hooks  # deferred for start-up cost: nothing else of the plugin loads before --bench is seen

    pluginmanager.add_hookspecs(hooks)


def pytest_addoption(parser: pytest.Parser) -> None:
    """Register the --bench option family and its ini keys."""
    add_options(parser)


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> int | None:
    """``--bench-list``: print the benchmarks and exit 0."""
    if config.getoption("bench_list"):
        from .api import list_benchmarks  # deferred for start-up cost: reads every benchmark YAML

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
    # deferred for start-up cost: a pytest run without --bench never loads the run's modules
    from . import _compat, fixtures
    from .collect import Collection
    from .options import resolve_settings
    from .run import BenchRun
    from .spec import SpecError, resolve_benchmark
    from .stream import StreamMode, StreamRun
    from .stream import decide as stream_reason

    try:
        spec = resolve_benchmark(name)
    except SpecError as exc:
        raise pytest.UsageError(f"--bench: {exc}") from None
    if config.args_source != pytest.Config.ArgsSource.ARGS and not _compat.is_worker(config):
        raise pytest.UsageError(
            f"--bench {name} needs at least one prediction file: pytest --bench {name} preds.jsonl")
    settings = resolve_settings(config, spec)
    if settings.cluster and settings.cluster not in spec.groups + spec.keep_fields:
        import dataclasses

        # the rows' cluster field reaches the report rows' fields, where the interval reads it
        spec = dataclasses.replace(spec, keep_fields=spec.keep_fields + (settings.cluster,))
    _compat.quiet_failures(config)  # wrong rows are results: our own terminal summary lists them
    manager = config.pluginmanager
    scoring = fixtures.RowScoring(spec, settings)
    collection = Collection(config, spec, settings, scoring)
    streamed = None if _compat.collect_only(config) and settings.stream == "auto" else stream_reason(
        config, settings, collection)
    run = (StreamRun if streamed else BenchRun)(config, spec, settings, collection, scoring)
    if streamed:  # big files: rows as reports of chunk items (stream.py)
        manager.register(StreamMode(config, run, collection, streamed), "answerbench-stream")
    manager.register(scoring, "answerbench-scoring")
    manager.register(collection, "answerbench-collection")
    if collection.judge_prefetch is not None:
        manager.register(collection.judge_prefetch, "answerbench-judge-prefetch")
    manager.register(run, RUN_NAME)
    if run.clock is not None:  # its sessionfinish wraps the run's, so the CPU figures are in before the report
        manager.register(run.clock, "answerbench-cpuclock")
    # The row timers are needed only where pytest-timeout arms a timer for every row: the benchmark's limit (a
    # marker on each file), or a run-wide one; without either they would only cost every row five hook calls.
    if manager.hasplugin("timeout") and (collection.timeout_mark is not None or _compat.timeout_configured(config)):
        from .timers import RowTimers  # deferred for start-up cost: loaded only where pytest-timeout is active

        manager.register(RowTimers(), "answerbench-timers")
    # Clean-ups run last-registered-first, and this hook runs before pytest's own plugins' (registered
    # earlier): registered here, the unfreeze comes after their clean-ups, including the final collections.
    config.add_cleanup(run.freezer.unfreeze)
    # No Hypothesis test is collected in a --bench run, yet Hypothesis' plugin imports all of Hypothesis in its
    # terminal summary (about a second, measured): switch it off for this run.
    hypothesis_plugin = manager.get_plugin("hypothesispytest")
    if hypothesis_plugin is not None:
        manager.unregister(hypothesis_plugin)
