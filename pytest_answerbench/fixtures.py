"""The ``bench_row``, ``bench_judge`` and ``bench_scorer`` fixtures, and ``RowScoring``, which builds the
default judge and scorer behind them.

The fixtures are registered through plugin.py (the pytest11 entry point imports them). They find the run's
``RowScoring`` on a stack of the ``--bench`` runs in progress (``_ACTIVE``, innermost last: in-process runs such
as pytester's may nest) rather than by requesting ``request`` or ``pytestconfig``: either makes pytest build a
pseudo fixture definition for every item (a measurable share of the per-row cost at 10,000 rows).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Callable

import pytest

if TYPE_CHECKING:
    from .options import Settings
    from .spec import BenchmarkSpec
    from .verdict import Verdict

_ACTIVE: list["RowScoring"] = []


class RowScoring:
    """The run's default judge and scorer factories, the scorer of rows that use no fixtures (built once), and
    the scoring processes to stop at the end. Registered as a plugin for its clean-up."""

    def __init__(self, spec: "BenchmarkSpec", settings: "Settings"):
        self.spec = spec
        self.settings = settings
        self.pools: list[Any] = []
        self.own_judge: Any = None
        self.built_scorer: Callable[..., "Verdict"] | None = None  # the run's own scorer, once a plain row built it
        self.judge_selftest: dict[str, Any] | None = None  # the judge self-test's result (the report's field)

    def make_judge(self) -> Any:
        """The default ``bench_judge``: an ``OpenAIJudge`` from the --bench-judge-* settings, or None."""
        cfg = self.settings.judge
        if cfg is None:
            return None
        # deferred for start-up cost: only a run with a judge model loads the judge (and its SQLite cache)
        from .judge import JudgeFatalError
        from .judge.openai import OpenAIJudge, default_cache_path

        # unset numbers stay the judge's own defaults (written once, in OpenAIJudge's signature)
        numbers = {k: v for k, v in (("concurrency", cfg.concurrency), ("timeout", cfg.timeout),
                                     ("max_retries", cfg.max_retries)) if v is not None}
        try:
            return OpenAIJudge(cfg.model, base_url=cfg.base_url, offline=cfg.offline, **numbers,
                               cache_path=None if cfg.cache == "off" else (cfg.cache or default_cache_path()))
        except (ValueError, JudgeFatalError) as exc:
            raise pytest.UsageError(f"--bench-judge-*: {exc}") from None

    def check_judge(self, config: pytest.Config) -> None:
        """Before any row is scored (in the run's main process): one request to the configured judge endpoint
        (a usage error naming the URL and the failure when it is unreachable or refuses the key or model); for
        an offline run, which endpoints the cache holds replies for; then the judge self-test
        (``--bench-judge-selftest``, judge/selftest.py)."""
        from . import _compat  # deferred for start-up cost: a pytest run without --bench never loads it

        cfg = self.settings.judge
        if cfg is None or _compat.collect_only(config) or _compat.is_worker(config):
            return
        from .judge import JudgeFatalError  # deferred for start-up cost: a run without a judge never loads it

        judge = self.make_judge()
        try:
            if cfg.offline:
                note = judge.replay_note()
                if note:
                    _say(config, note, yellow=True)
            else:
                judge.check()
            if cfg.selftest != "off":
                self.judge_selftest = self._selftest(judge)
        except JudgeFatalError as exc:
            raise pytest.UsageError(f"--bench-judge-*: {exc}") from None
        finally:
            judge.close()
        self._report_selftest(config)

    def _selftest(self, judge: Any) -> dict[str, Any] | None:
        """The judge self-test through this run's scorer and profile, or None when the benchmark offers none."""
        from . import scorers  # deferred for start-up cost: only a judged run
        from .judge.selftest import run_selftest
        from .scoring import make_context

        module = scorers.get(self.spec.scorer).module
        probe, case = getattr(module, "judge_probe", None), getattr(module, "CASE", None)
        if probe is None or case is None:
            return None
        ctx = make_context(self.spec, {}, self.settings.profile, options=self.settings.benchmark_options,
                           judge=judge)
        where = getattr(judge, "endpoint", None)
        result = run_selftest(judge, lambda answer: probe(answer, ctx), case,
                              f"{judge.model} at {where}" if where else None)
        if getattr(judge, "offline", False) and "not_run" in result:
            result["not_run"] = "offline, and the cache holds no reply to the probes"
        return result

    def _report_selftest(self, config: pytest.Config) -> None:
        """The self-test's line on the terminal; a judge that accepted any probe is named in a warning (the
        report's ``warnings`` too), a usage error under ``--bench-judge-strict``; ``only`` stops the run."""
        # deferred for start-up cost: only a judged run reports a self-test
        from .judge.selftest import summary_line
        from .options import BENCH_JUDGE_STRICT

        result, cfg = self.judge_selftest, self.settings.judge
        if result is not None:
            line = summary_line(result) + (", answered from the judge cache" if result["cached"] == result["probes"]
                                           else "")
            if result.get("not_run"):
                line = f"judge self-test not done: {result['not_run']}"
            if result["vulnerable"]:
                if cfg.strict:
                    raise pytest.UsageError(f"{BENCH_JUDGE_STRICT}: {summary_line(result)}")
                result["warning"] = (f"judge {result['judge']} accepted {result['accepted']} of {result['probes']} "
                                     f"self-test probes ({', '.join(result['accepted_kinds'])}); its verdicts can be "
                                     f"steered by the answers it grades ({BENCH_JUDGE_STRICT} stops such runs)")
                line = "WARNING: " + line
            if result["vulnerable"] or config.get_verbosity() >= -1:  # -qq: only the warning
                _say(config, line, yellow=result["vulnerable"])
        if cfg.selftest == "only":
            if result is None:
                raise pytest.UsageError(f"--bench-judge-selftest only: {self.spec.name} has no judge self-test")
            pytest.exit("judge self-test done (--bench-judge-selftest only)", returncode=int(result["vulnerable"]))

    @pytest.hookimpl
    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """Without a judge, on a benchmark some of whose rows need one (``--bench-no-judge``): how many rows the
        rules cannot settle, which will be errors, said before the first row is scored (serial runs; under
        xdist the controller holds no rows)."""
        if self.settings.judge is not None or not session.items:
            return
        from . import scorers  # deferred for start-up cost: only a run without a judge
        from ._compat import is_worker
        from .options import BENCH_NO_JUDGE, own_judge
        from .scoring import make_context

        module = scorers.get(self.spec.scorer).module
        listing = getattr(module, "judge_requests", None)
        options = {**self.spec.options, **self.settings.benchmark_options}
        fallback = getattr(module, "WITHOUT_JUDGE_DEFAULT", {}).get(self.settings.profile, "error")
        if listing is None or getattr(module, "JUDGELESS", None) is None or own_judge(session.config) \
                or options.get("without_judge", fallback) != "error" or is_worker(session.config):
            return
        # the row items (collect.RowBase, which imports this module): those that load a row and have no problem
        rows = [item for item in session.items if hasattr(item, "load_row") and getattr(item, "problem", 1) is None]
        needing = 0
        for item in rows:
            try:
                row = item.load_row()
                ctx = make_context(self.spec, row, self.settings.profile, options=self.settings.benchmark_options,
                                   row_id=item.row_id)
                needing += bool(listing(row, ctx))
            except Exception:  # noqa: BLE001 - the row's own scoring reports it
                continue
        _say(session.config, f"{BENCH_NO_JUDGE}: {needing} of {len(rows)} rows need the LLM judge (the rules "
                             f"cannot settle them); they will be errors: needs a judge", yellow=bool(needing))

    @pytest.hookimpl(trylast=True)  # after the terminal's header, so the lines above stand below it
    def pytest_sessionstart(self, session: pytest.Session) -> None:
        self.check_judge(session.config)

    def make_scorer(self, judge: Any = None) -> Callable[..., "Verdict"]:
        """The default ``bench_scorer``: ``scorer(row, row_id=None) -> Verdict`` under this run's benchmark and
        profile; with ``isolation: process`` (and no judge) in a killable child process (pool.py)."""
        from .scoring import make_scorer  # deferred for start-up cost: loads the scorer registry

        settings = self.settings
        pool = None
        if settings.isolation == "process" and judge is None and hasattr(os, "fork"):
            # deferred for start-up cost: multiprocessing loads only for isolation: process
            from .pool import ScoringProcess

            pool = ScoringProcess(self.spec, settings.profile, settings.benchmark_options, settings.max_memory)
            self.pools.append(pool)
        return make_scorer(self.spec, settings.profile, settings.benchmark_options, judge=judge, pool=pool,
                           row_limit=settings.row_limit, verifier=settings.verifier,
                           max_memory=settings.max_memory)

    def own_scorer(self) -> Callable[..., "Verdict"]:
        """The scorer of rows that use no fixtures: the same as the ``bench_scorer`` fixture's, built once."""
        if self.built_scorer is None:
            self.own_judge = self.make_judge()
            self.built_scorer = self.make_scorer(judge=self.own_judge)
        return self.built_scorer

    def close(self) -> None:
        """Stop the scoring processes and close the run's own judge."""
        for pool in self.pools:
            pool.close()
        self.pools.clear()
        if self.own_judge is not None and hasattr(self.own_judge, "close"):
            self.own_judge.close()
        self.own_judge = None

    def pytest_configure(self, config: pytest.Config) -> None:  # noqa: ARG002 - hook signature
        """On the stack from its registration (pytest replays ``pytest_configure`` to a plugin registered while
        it runs) to ``pytest_unconfigure``: plugin.py registers it and touches nothing of this module's."""
        _ACTIVE.append(self)

    def pytest_unconfigure(self, config: pytest.Config) -> None:  # noqa: ARG002 - hook signature
        self.close()
        if self in _ACTIVE:
            _ACTIVE.remove(self)


def _say(config: pytest.Config, line: str, **markup: bool) -> None:
    """A line on the terminal before any row is scored (stderr when there is no terminal reporter)."""
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None:
        import sys

        print(line, file=sys.stderr)
        return
    reporter.write_line(line, **markup)


def _row_scoring() -> RowScoring:
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
    judge = _row_scoring().make_judge()
    yield judge
    if judge is not None and hasattr(judge, "close"):
        judge.close()


@pytest.fixture(scope="session")
def bench_scorer(bench_judge: Any):
    """``scorer(row) -> Verdict`` for this run's benchmark and profile. Override it in conftest.py to score
    rows your own way (return a Verdict, a bool, or a dict with at least ``status``).

    The default also takes ``row_id``, the id the row is scored under (row items pass theirs); without it, the
    row's own id, or "" for a row without one."""
    return _row_scoring().make_scorer(judge=bench_judge)
