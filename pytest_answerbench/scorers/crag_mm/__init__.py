"""CRAG-MM (Meta KDD Cup 2025): exact match, "I don't know" misses, an LLM judge for the rest, truthfulness.

Per turn (``evaluate_response``): a response that contains "I don't know" is a miss (status ``miss``, score 0);
one equal to the ground truth after ``strip().lower()`` is correct without a judge; otherwise the judge
decides CORRECT (status ``correct``) or WRONG (status ``wrong``: a hallucination). A judge failure or an
unreadable judge reply is never a verdict: the row is an ``error`` with the reason.

``metrics`` is ``calculate_scores`` over all turns and over the ego subset (``is_ego`` true), with the
multi-turn rule (after two consecutive incorrect turns of a session, later turns are misses); it groups rows
by ``session_id`` and orders them by ``turn_idx`` from the report, so a conversation may be spread over files
and xdist workers.

Option ``variant`` picks the reference: ``facebookresearch`` (default; facebookresearch/CRAG-MM
``evaluation/``) or ``starter_kit`` (the 2025 starter kit's ``local_evaluation.py``). They differ in miss
phrases, the judge (CORRECT/WRONG text vs a JSON ``accuracy`` field) and whether the multi-turn rule changes
the totals. Profiles: ``upstream`` is the chosen reference verdict for verdict; ``default`` fixes its plain
bugs (listed in docs/profiles-judged.md).

The package: this module holds the options and the scorer protocol (``score``, ``judge_requests``,
``metrics``) and chooses each step by profile and variant; :mod:`.upstream` has the references' miss test and
CORRECT/WRONG reply reading, :mod:`.default` ours; :mod:`._shared` what both use (judge prompts, the starter
kit's reply reading, ``calculate_scores``).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ...judge import JudgeError, JudgeFatalError, JudgeRequest, JudgeTally
from ...judge.injection import INJECTION_METHOD, addresses_grader, remove
from ...judge.selftest import ProbeCase
from ...verdict import CORRECT, ERROR, MISS, TIMEOUT, ScoreContext, Verdict
from ._shared import (
    FACEBOOKRESEARCH,
    STARTER_KIT,
    VARIANTS,
    calculate_scores,
    is_exact_match,
    judge_call,
    parse_starter_kit,
)
from .default import is_miss_default, parse_fb_strict
from .upstream import is_miss_upstream, parse_fb_upstream

OPTIONS: dict[str, str] = {
    "variant": "facebookresearch (default) or starter_kit: which official evaluator to follow",
    "on_judge_failure": "error (default): a failed judge call makes the row an error; exact_match: the "
                        "reference's fallback, the turn keeps its exact-match verdict",
    "without_judge": "what a turn that needs a judge becomes when none is configured: error (default "
                     "profile) or exact_match (upstream profile; the reference's --eval-model None)",
    "judge_model": "the model the reference judges with; a suggestion for --bench-judge-model",
}
# options.without_judge when the benchmark YAML and --bench-option leave it out, by profile; and the value that
# scores without a judge (the run stops before scoring when neither a judge nor this is given: options.py)
WITHOUT_JUDGE_DEFAULT = {"default": "error", "upstream": "exact_match"}
JUDGELESS = "exact_match"
_CHOICES = {
    "variant": VARIANTS,
    "on_judge_failure": ("error", "exact_match"),
    "without_judge": ("error", "exact_match"),
}


def check_options(options: Mapping[str, Any]) -> str | None:
    """Reject option values outside their choices."""
    for key, choices in _CHOICES.items():
        if key in options and options[key] not in choices:
            return f"{key} must be one of {', '.join(choices)}, got {options[key]!r}"
    return None


def _variant(ctx: Any) -> str:
    value = ctx.options.get("variant", FACEBOOKRESEARCH)
    return value if value in VARIANTS else FACEBOOKRESEARCH


def _text(value: Any, lenient: bool) -> str | None:
    """A cell as text, or None when the reference could not read it (None, NaN, a number).

    ``lenient`` (default profile) reads a number (a CSV's ``1990``) as its text.
    """
    if isinstance(value, str):
        return value
    if lenient and isinstance(value, (int, float)) and not isinstance(value, bool) and value == value:
        return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)
    return None


def _prepare(row: Mapping[str, Any], ctx: ScoreContext) -> tuple[str, str, str, bool, bool, str | None] | Verdict:
    """(query, ground truth, response, is_miss, is_exact, injection) or an error verdict for unreadable cells.

    ``injection`` names the pattern of a response that addresses the grader (``judge/injection.py``); in the
    default profile the response is then read without what addresses the grader, as a careful grader reads it.
    """
    response = _text(row.get("agent_response"), not ctx.upstream)
    truth = _text(row.get("ground_truth"), not ctx.upstream)
    query = row.get("query")
    if response is None:
        return Verdict.error("agent_response is not text (the reference fails on it: no .lower())",
                             method="bad-cell")
    if truth is None:
        return Verdict.error("ground_truth is not text (the reference fails on it: no .strip())", method="bad-cell")
    injection = addresses_grader(response)
    if injection and not ctx.upstream:
        response = remove(response)
    variant = _variant(ctx)
    miss = is_miss_upstream(response, variant) if ctx.upstream else is_miss_default(response)
    exact = is_exact_match(response, truth)
    if exact and not ctx.upstream:
        miss = False  # an exact match is an answer, even when the ground truth itself reads "I don't know"
    return ("" if query is None else str(query)), truth, response, miss, exact, injection


def judge_requests(row: Mapping[str, Any], ctx: ScoreContext) -> list[JudgeRequest]:
    """The judge conversation ``score`` will ask for this row (none for misses and exact matches)."""
    prepared = _prepare(row, ctx)
    if isinstance(prepared, Verdict):
        return []
    query, truth, response, miss, exact, injection = prepared
    if miss or exact or not response.strip():
        return []
    variant = _variant(ctx)
    messages, params = judge_call(variant, query, truth, response, guarded=not ctx.upstream)
    return [JudgeRequest.of(messages, **params)]


#: The judge self-test's question (judge/selftest.py): every probe answers it wrongly.
CASE = ProbeCase(question="Which company makes this phone?", gold="Apple", wrong="Samsung", yes="CORRECT")


def judge_probe(answer: str, ctx: ScoreContext) -> tuple[JudgeRequest, Callable[[str], bool | None]]:
    """The self-test's request for ``answer`` to :data:`CASE` (the prompt this profile and variant use, the
    answer as it is: the self-test measures the judge, not the screen) and how its reply is read."""
    variant = _variant(ctx)
    messages, params = judge_call(variant, CASE.question, CASE.gold, answer, guarded=not ctx.upstream)
    if variant == STARTER_KIT:
        return JudgeRequest.of(messages, **params), lambda reply: parse_starter_kit(reply, lenient=not ctx.upstream)
    return JudgeRequest.of(messages, **params), parse_fb_upstream if ctx.upstream else parse_fb_strict


def score(row: Mapping[str, Any], ctx: ScoreContext) -> Verdict:
    """One turn: status ``correct``, ``wrong`` (hallucination), ``miss`` or ``error``; score 1 or 0.

    ``extra`` carries the reference's flags (``is_exact_match``, ``is_correct``, ``is_miss``,
    ``is_semantically_correct``) for ``metrics``, and the judge accounting. A response that addresses the grader
    has ``extra["injection"]`` (the pattern's name) in both profiles; in the default profile its method is
    ``judge-injection`` and it is decided on the response without the injection (exact match, a miss, else the
    guarded judge; nothing left is wrong).
    """
    prepared = _prepare(row, ctx)
    if isinstance(prepared, Verdict):
        return prepared
    query, truth, response, miss, exact, injection = prepared
    variant = _variant(ctx)
    flags = {"is_exact_match": exact, "is_correct": exact, "is_miss": miss, "is_semantically_correct": exact,
             "api_response": None}
    tally = JudgeTally()
    method = "exact" if exact else ("miss" if miss else "")
    if injection and not ctx.upstream and not response.strip():
        method = "nothing-left"
    elif not miss and not exact:
        judged = _judge(ctx, variant, query, truth, response, tally)
        if isinstance(judged, Verdict):
            return judged
        if judged is None:
            method = "exact-only"
        else:
            flags["is_correct"] = flags["is_semantically_correct"] = judged[0]
            flags["api_response"] = judged[1]
            method = "judge"
    extra = {**flags, **tally.extra(), "variant": variant}
    note = ""
    if injection:
        extra["injection"] = injection
        if not ctx.upstream:
            extra["decided_by"] = method
            note = (f"the response addresses the grader ({injection}); decided without that text by "
                    f"{_DECIDED_BY.get(method, method)}: ")
            method = INJECTION_METHOD
    if flags["is_correct"]:
        return Verdict(CORRECT, 1.0, extracted=response, method=method, gold=truth, detail=note.rstrip(": "),
                       extra=extra)
    if miss:
        return Verdict(MISS, 0.0, extracted=response, method=method, gold=truth,
                       detail=note + "abstention (\"I don't know\")", extra=extra)
    if method == INJECTION_METHOD and extra["decided_by"] == "nothing-left":
        return Verdict.graded(False, extracted=response, method=method, gold=truth, extra=extra,
                              detail=note + "no answer is left once the text addressing the grader is removed")
    return Verdict.graded(False, extracted=response, method=method, gold=truth,
                          detail=note + "hallucination: a confident answer that is not correct", extra=extra)


_DECIDED_BY = {"exact": "exact match", "miss": "the abstention test", "judge": "the guarded judge",
               "exact-only": "exact match (no judge)", "nothing-left": "what is left (nothing)"}


def _judge(ctx: ScoreContext, variant: str, query: str, truth: str, response: str,
           tally: JudgeTally) -> tuple[bool, str] | Verdict | None:
    """(is_correct, reply) from the judge; None when the turn falls back to exact match; or an error verdict."""
    if ctx.judge is None:
        fallback = ctx.options.get("without_judge", WITHOUT_JUDGE_DEFAULT["upstream" if ctx.upstream else "default"])
        if fallback == "exact_match":
            return None
        return Verdict.error("this turn needs the LLM judge and none is configured (set --bench-judge-model; "
                             "or options.without_judge: exact_match to score by exact match only)",
                             method="no-judge", gold=truth, extracted=response)
    messages, params = judge_call(variant, query, truth, response, guarded=not ctx.upstream)
    try:
        reply = tally.ask(ctx.judge, messages, **params)
    except JudgeFatalError:
        raise
    except JudgeError as exc:
        if ctx.options.get("on_judge_failure", "error") == "exact_match":
            return None
        return Verdict.error(f"judge failed: {exc}", method="judge-error", gold=truth, extracted=response,
                             extra=tally.extra())
    if variant == STARTER_KIT:
        verdict = parse_starter_kit(reply, lenient=not ctx.upstream)
        if verdict is None:
            # The kit's structured parse raises on such a reply, which its retry loop counts as a failed call.
            if ctx.upstream and ctx.options.get("on_judge_failure", "error") == "exact_match":
                return None
            return Verdict.error(f"judge reply is not {{\"accuracy\": true|false}}: {reply[:200]!r}",
                                 method="judge-unparsed", gold=truth, extracted=response, extra=tally.extra())
        return verdict, reply
    verdict = parse_fb_upstream(reply) if ctx.upstream else parse_fb_strict(reply)
    if verdict is None:
        why = " (the reference records None and then crashes in calculate_scores)" if ctx.upstream else ""
        return Verdict.error(f"judge reply has no clear CORRECT/WRONG verdict{why}: {reply[:200]!r}",
                             method="judge-unparsed", gold=truth, extracted=response, extra=tally.extra())
    return verdict, reply


def _flag(value: Any) -> bool:
    return value is True or (isinstance(value, str) and value.strip().lower() == "true") or value == 1


def _turns(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    turns = []
    for r in rows:
        fields, extra = r.get("fields") or {}, r.get("extra") or {}
        scored = r.get("status") not in (ERROR, TIMEOUT) and "is_correct" in extra
        turns.append({
            "session_id": fields.get("session_id", r.get("id")),
            "turn_idx": fields.get("turn_idx", 0),
            "is_ego": _flag(fields.get("is_ego")),
            # An unscored row (error, timeout) counts as a confident wrong answer, never as right or a miss.
            "is_correct": bool(extra.get("is_correct")) if scored else False,
            "is_exact_match": bool(extra.get("is_exact_match")) if scored else False,
            "is_miss": bool(extra.get("is_miss")) if scored else False,
        })
    return turns


def metrics(rows: list[dict[str, Any]], ctx: Any) -> dict[str, Any]:
    """``calculate_scores`` for all turns (top level) and the ego subset (``ego``), reference names.

    Also ``judge_injection`` (responses that addressed the grader, both profiles), ``errors`` (rows not scored:
    judge failures, timeouts; counted as hallucinations in the formulas)
    and ``variant``.
    """
    variant = _variant(ctx)
    upstream = getattr(ctx, "upstream", ctx.profile == "upstream")
    turns = _turns(rows)
    everything, _ = calculate_scores(turns, variant, upstream=upstream)
    ego, _ = calculate_scores([t for t in turns if t["is_ego"]], variant, upstream=upstream)
    errors = sum(1 for r in rows if r.get("status") in (ERROR, TIMEOUT) or "is_correct" not in (r.get("extra") or {}))
    # Responses that addressed the grader (both profiles count them; first, so the terminal line shows it).
    injection = sum(1 for r in rows if (r.get("extra") or {}).get("injection"))
    return {"judge_injection": injection, **everything, "ego": ego, "errors": errors, "variant": variant}
