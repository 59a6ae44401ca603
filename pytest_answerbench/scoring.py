"""Score one row: required-field check, time limit, and the error policy around a scorer's ``score``.

This is the only way the plugin and the library API call a scorer, so both see identical verdicts.
``make_scorer`` builds the plugin's default ``bench_scorer`` on top of it (verdict cache, scoring process,
row ids); ``coerce_verdict`` reads what a user's own scorer returns. Nothing here imports pytest.
"""

from __future__ import annotations

import hashlib
import json
import logging
from contextlib import nullcontext
from collections import abc
from types import MappingProxyType
from typing import Any, Callable, Mapping

from . import scorers
from .evalguard import GUARDED
from .pyexpr import NotReproducible
from .spec import BenchmarkSpec
from .judge import JudgeFatalError
from .memguard import MemoryCeiling, over_ceiling
from .timeguard import ScoreTimeout, deadline
from .verdict import PROFILES, ScoreContext, Verdict

__all__ = ["coerce_verdict", "judge_budget", "make_context", "make_scorer", "score_with_spec"]

log = logging.getLogger(__name__)
_NO_LIMIT = nullcontext()


def make_context(
    spec: BenchmarkSpec,
    row: Mapping[str, Any],
    profile: str = "default",
    *,
    options: Mapping[str, Any] | None = None,
    judge: Any = None,
    timeout: float | None = None,
    row_id: str | None = None,
) -> ScoreContext:
    if profile not in PROFILES:
        raise ValueError(f"profile must be one of {', '.join(PROFILES)}, got {profile!r}")
    merged = dict(spec.options)
    if options:
        merged.update(options)
    return ScoreContext(
        benchmark=spec.name,
        profile=profile,
        options=merged,
        row_id=row_id if row_id is not None else (spec.row_id(row) or ""),
        judge=judge,
        timeout=timeout,
    )


def score_with_spec(spec: BenchmarkSpec, row: Mapping[str, Any], ctx: ScoreContext,
                    max_memory: float | None = None) -> Verdict:
    """Score ``row`` under ``spec``; never raises on bad row content. ``max_memory``: megabytes the scoring may
    allocate (memguard.py), None for no ceiling."""
    if not isinstance(row, abc.Mapping):  # (typing's alias checks through two Python-level calls)
        return Verdict.error(f"row must be an object, got {type(row).__name__}")
    missing = spec.missing_fields(row)
    if missing:
        return Verdict.error(f"missing required field {', '.join(repr(m) for m in missing)}",
                             gold=_gold_text(spec, row), method="missing-field")
    prediction = row.get(spec.prediction_field)
    if isinstance(prediction, (dict, list)):  # a model's answer is text (or a number); never scored as its repr
        kind = "object" if isinstance(prediction, dict) else "array"
        return Verdict.error(f"field {spec.prediction_field!r} is a JSON {kind}, not text or a number",
                             gold=_gold_text(spec, row), method="bad-prediction")
    scorer = scorers.get(spec.scorer)
    try:
        # no limit: skip the guard's set-up (cheap rows are scored 10,000s of times)
        with deadline(ctx.timeout) if ctx.timeout else _NO_LIMIT, GUARDED if scorer.builtin else _NO_LIMIT, \
                MemoryCeiling(max_memory) if max_memory else _NO_LIMIT:
            verdict = scorer.score(row, ctx)
    except NotReproducible as exc:  # scoring needed Python evaluation of the row's text: never run, no verdict
        return Verdict.error(f"{exc} (answer text is never run as code)", gold=_gold_text(spec, row),
                             method="not-evaluated")
    except ScoreTimeout:
        return Verdict.timeout(ctx.timeout, gold=_gold_text(spec, row))
    except JudgeFatalError:  # no later row can be judged either: the caller stops the run
        raise
    except RecursionError:
        return Verdict.error("input too deeply nested (RecursionError)", gold=_gold_text(spec, row))
    except MemoryError:
        return Verdict.error(over_ceiling(max_memory), gold=_gold_text(spec, row), method="memory")
    except Exception as exc:  # a scorer bug or an input the scorer did not expect: never abort the run
        log.debug("scorer %s raised on row %s", spec.scorer, ctx.row_id, exc_info=True)
        return Verdict.error(f"{type(exc).__name__}: {exc}", gold=_gold_text(spec, row))
    if verdict.gold is None:
        gold_text = _gold_text(spec, row)
        if gold_text is not None:
            verdict = Verdict(verdict.status, verdict.score, verdict.extracted, verdict.method, verdict.detail,
                              gold_text, verdict.extra)
    return verdict


def _gold_text(spec: BenchmarkSpec, row: Mapping[str, Any]) -> str | None:
    gold = spec.gold_of(row)
    return None if gold is None else str(gold)


def make_scorer(spec: BenchmarkSpec, profile: str, options: Mapping[str, Any], *, judge: Any = None,
                pool: Any = None, row_limit: float | None = None, verifier: str | None = None,
                max_memory: float | None = None) -> Callable[..., Verdict]:
    """``scorer(row, row_id=None) -> Verdict`` under one benchmark, profile and options.

    ``row_id`` is the id the row is scored (and its verdict reported) under; without it, the row's own id.
    With ``pool`` (a ``pool.ScoringProcess``) rows are scored in that killable child process, given a little
    less time than ``row_limit`` so the child gives up before the outer timer fires; with the spec's
    ``cache_verdicts: true`` rows identical but for their ids share one verdict. ``verifier`` "judge": a
    verdict the rules left undecided goes to ``judge`` (:func:`verified`), here in the test process.
    ``max_memory``: megabytes a row's scoring may allocate in this process (a pool has its own).
    """
    budget = judge_budget(row_limit)
    cache: dict[bytes, Verdict] | None = {} if spec.cache_verdicts else None
    # the same for every row: built once, read-only so that no scorer can leak a change into the next row
    merged = MappingProxyType(make_context(spec, {}, profile, options=options).options)
    id_fields = set(spec.id_fields)

    def scorer(row: dict[str, Any], row_id: str | None = None) -> Verdict:
        key = None
        if cache is not None:
            key = content_key(row, id_fields)
            hit = cache.get(key)
            if hit is not None:
                return hit
        if pool is not None:
            verdict = pool.score(row, row_id or "", budget)
        else:
            ctx = ScoreContext(benchmark=spec.name, profile=profile, options=merged, judge=judge, timeout=None,
                               row_id=row_id if row_id is not None else spec.row_id(row) or "")
            verdict = score_with_spec(spec, row, ctx, max_memory)
        if verifier:
            verdict = verified(spec, row, verdict, judge)
        if key is not None and verdict.method != "process-died":
            cache[key] = verdict
        return verdict

    scorer.takes_row_id = True  # type: ignore[attr-defined]  # callers pass the id they report the row under
    return scorer


def verified(spec: BenchmarkSpec, row: Mapping[str, Any], verdict: Verdict, judge: Any) -> Verdict:
    """``verdict``, or the opt-in verifier's when the rules left the row undecided (``judge/verifier.py``)."""
    if verdict.leaves_undecided() is None:
        return verdict
    from .judge.verifier import BENCHMARKS, verify  # deferred for start-up cost: only for undecided rows

    if spec.scorer not in BENCHMARKS:
        return verdict
    from .report.rows import QUESTION_FIELDS  # deferred for start-up cost

    question = next((str(row[name]) for name in QUESTION_FIELDS if row.get(name) is not None), None)
    return verify(verdict, question=question, gold=_gold_text(spec, row), response=row.get(spec.prediction_field),
                  judge=judge)


def judge_budget(row_limit: float | None) -> float | None:
    """The seconds a row's own work (a scoring process, the judge's calls) may take under a ``row_limit``: a
    little less, so that it gives up, with a reason, before pytest-timeout's outer timer fires."""
    return None if not row_limit else max(row_limit - min(1.0, 0.1 * row_limit), 0.5 * row_limit)


def content_key(row: Mapping[str, Any], id_fields: set[str]) -> bytes:
    """A digest of a row's content without its ids (16 bytes: cheap to keep for 100,000 rows)."""
    content = {k: v for k, v in row.items() if k not in id_fields}
    text = json.dumps(content, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def coerce_verdict(value: Any) -> Verdict:
    """Accept what a user's own ``bench_scorer`` may return: a Verdict, a bool, or a dict."""
    if isinstance(value, Verdict):
        return value
    if isinstance(value, bool):
        return Verdict.graded(value, method="custom")
    if isinstance(value, dict) and "status" in value:
        fields = {k: value[k] for k in ("status", "score", "extracted", "method", "detail", "gold", "extra")
                  if k in value}
        return Verdict(**fields)
    return Verdict.error(f"bench_scorer returned {type(value).__name__}, expected a Verdict, bool or dict")
