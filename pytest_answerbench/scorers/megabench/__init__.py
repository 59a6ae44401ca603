"""MEGA-Bench (``megabench``): per-field scoring functions aggregated per query, macro/micro means per task.

Row fields: ``response`` (the model output), ``correct_answer`` (an object of fields, or its Python-literal /
JSON string), the task's metrics config and optional ``task_name``; for the metrics that use them, the query's
``eval_context`` (object or Python-literal string, as the released data stores it), ``query_text`` and
``images``. The config is the ``metrics.json`` schema::

    {"field_score_function": {field: metric, ...},
     "aggregation": {"function": "mean" | "min", "field_weights": {field: weight, ...}},
     "response_parse_function": "json" | "answer_string" | "ascii_answer_string" | "verbatim_answer_string" | "dummy",
     "global_aux_metrics": {name: metric, ...},          (optional: scored on the whole parsed response)
     "gpt4o_eval_configs": {...}}                         (for gpt_4o_as_judge)

taken from the row's ``metrics`` (an object, or the Python-literal string the released data stores; read with
``ast.literal_eval``, never ``eval``; ``metric_info`` is accepted too) or from the benchmark option
``metrics_dir``: a directory holding ``<task_name>/metrics.json`` or ``<task_name>.json``.

The package: ``parse.py`` (response parsers), ``convert.py`` (value conversions), ``metrics.py`` (the metric
registry, ``match`` / ``match_context``, aggregation) and the metric families beside it. Option
``allow_code_execution`` lets ``program_judge`` run the model's code (``program.py``); the judge metrics use
``ctx.judge`` (``judged.py``).

A query whose fields are all "not applicable" (score -1) scores 0 and is marked ``not-applicable``; it stays in
its task's denominator, as in the reference. Names the reference does not know (the README's ``demarau``
spelling, its ``odd_one_out`` / ``logical_2d_views_3d_shapes`` parsers), a metric that cannot run here (no
judge, code execution not allowed, a missing optional library, model, geocoder or NLTK data) and a failed
judge call make the row an error naming the task and what is needed.

The profiles part by a few lines in parsers and conversions that dozens of metrics share (``parse.py``,
``convert.py``, ``strings.py``, ``metrics.py``), so ``fixed`` (``not ctx.upstream``) is threaded through
``score_query``, the registry and every metric's ``(response, target, fixed)`` rather than the package being
split into ``upstream.py`` / ``default.py``; the convention is stated in ``scorers/__init__.py``.
"""

from __future__ import annotations

import ast
import copy
import functools
import json
import math
from pathlib import Path
from typing import Any, Mapping

from ...judge import JudgeError, JudgeFatalError, JudgeRequest, JudgeTally
from ...judge.injection import INJECTION_METHOD, addresses_grader, remove
from ...verdict import ScoreContext, Verdict
from .judged import ASCII_TEMPLATE_VERSION as ASCII_TEMPLATE
from .judged import TEMPLATE_VERSION as JUDGE_TEMPLATE
from .judged import NeedsResource, ascii_art_gpt4o_judge, ascii_art_messages, gpt_4o_as_judge, gpt_4o_messages
from .metrics import (
    LLM_METRICS,
    NotImplementedMetric,
    aggregate,
    match,
    match_context,
    metric_from_string,
)
from .program import OPT_IN, CodeExecutionNotAllowed
from .parse import (
    SINGLE_FIELD_PARSERS,
    evaluate_as_string,
    parse_answer_string,
    parse_response_json,
    parser_from_string,
)

__all__ = ["OPTIONS", "check_options", "judge_requests", "metrics", "score", "score_query"]

#: A response may itself be a list (a sequence answer): a list-valued prediction is one answer, not k samples.
LIST_PREDICTIONS_ARE_ANSWERS = True

OPTIONS: dict[str, str] = {
    "metrics_dir": "directory of per-task metrics.json files (<task_name>/metrics.json or <task_name>.json)",
    OPT_IN: "true lets metric program_judge run the model's code (sandboxed child process); default false",
}


class ConfigError(ValueError):
    """The task's metrics config or the row's correct_answer cannot be used."""


def check_options(options: Mapping[str, Any]) -> str | None:
    """Validate ``metrics_dir`` (a string path)."""
    value = options.get("metrics_dir")
    if value is not None and not isinstance(value, str):
        return f"options.metrics_dir must be a directory path string, got {value!r}"
    allow = options.get(OPT_IN)
    if allow is not None and not isinstance(allow, bool):
        return f"options.{OPT_IN} must be true or false, got {allow!r}"
    return None


def _literal(value: Any, what: str) -> Any:
    """An object from a row cell: as is, or parsed from JSON / a Python literal (never eval)."""
    if not isinstance(value, str):
        return value
    try:
        return json.loads(value)
    except (ValueError, RecursionError):
        pass
    try:
        return ast.literal_eval(value)
    # TypeError: a literal that cannot be built ("{{1}}", a set inside a set)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError) as exc:
        raise ConfigError(f"{what} is neither JSON nor a Python literal ({type(exc).__name__})") from None


@functools.lru_cache(maxsize=256)
def _load_task_metrics(directory: str, task: str) -> dict[str, Any]:
    base = Path(directory)
    for path in (base / task / "metrics.json", base / f"{task}.json"):
        if path.is_file():
            try:
                return json.loads(path.read_text(encoding="utf-8"))
            except ValueError as exc:
                raise ConfigError(f"{path}: not valid JSON ({exc})") from None
    raise ConfigError(f"no metrics for task {task!r} in {directory} (looked for {task}/metrics.json, {task}.json)")


def _config(row: Mapping[str, Any], ctx: ScoreContext, task: str | None) -> dict[str, Any]:
    for key in ("metrics", "metric_info"):
        if row.get(key) not in (None, ""):
            cfg = _literal(row[key], f"the row's {key}")
            break
    else:
        directory = ctx.options.get("metrics_dir")
        if not directory:
            raise ConfigError("the row has no 'metrics' config and the benchmark sets no options.metrics_dir")
        if not task:
            raise ConfigError("options.metrics_dir needs the row's task_name to find its metrics.json")
        cfg = _load_task_metrics(str(directory), task)
    if not isinstance(cfg, dict):
        raise ConfigError(f"the metrics config must be an object, got {type(cfg).__name__}")
    return cfg


def _eval_context(row: Mapping[str, Any]) -> Any:
    value = row.get("eval_context")
    if value is None or value == "":
        return {}
    return _literal(value, "eval_context")


def _parse_response(response: Any, correct_answer: Mapping[str, Any], config: Mapping[str, Any],
                    fixed: bool) -> tuple[str, Any]:
    """(parser name, the response object the fields are scored on), as the reference's processor parses."""
    parser = parser_from_string(config.get("response_parse_function"))
    answer_fields = [f for f in correct_answer if not str(f).startswith("##")]
    text = "" if response is None else response if isinstance(response, str) else str(response)
    if parser in SINGLE_FIELD_PARSERS:
        if len(answer_fields) != 1:
            raise ConfigError(f"parser {parser!r} needs exactly one answer field, the answer has {answer_fields}")
        key = answer_fields[0]
        single_line = "\n" not in str(correct_answer[key])
        return parser, {key: parse_answer_string(text, parser, single_line, fixed)}
    if parser == "dummy":
        return parser, text.strip()
    parsed = parse_response_json(text)
    if parser == "unsupported" and not fixed:
        # No response_parse_function: the reference's processor parses as JSON but falls back to the raw response
        # only for the "json" parser. An empty object gives every field None; a list (or any non-object) has no
        # .get, and the reference's processor raises on it.
        if isinstance(parsed, dict):
            return parser, parsed
        raise ValueError(f"the reference raises here (AttributeError): without a response_parse_function the "
                         f"response parses to a {type(parsed).__name__}, not an object of fields")
    if not isinstance(parsed, dict) or not parsed:
        # Parse failure: the reference gives every field the raw response.
        parsed = {f: text for f in correct_answer}
    return parser, parsed


def score_query(response: Any, correct_answer: Mapping[str, Any], config: Mapping[str, Any],
                fixed: bool = False, eval_context: Any = None, task_info: Mapping[str, Any] | None = None,
                question: Any = None, images: Any = None, ask: Any = None, allow_code: bool = False
                ) -> dict[str, Any]:
    """One query through ``EvaluationProcessor.process``: parse, score each field (and the config's
    ``global_aux_metrics``), aggregate.

    ``eval_context``, ``task_info``, ``question`` and ``images`` are the query's, for the metrics that use
    them; ``ask(messages, template_version)`` is the judge; ``allow_code`` lets ``program_judge`` run.

    Returns:
        ``{"score": query score (-1 = not applicable), "fields": {field: score}, "info": {field: record},
        "parsed": response object, "parser": name, "eval_type": "rule" | "llm"}``.

    Raises:
        ValueError (unknown names), NotImplementedMetric / NeedsResource / CodeExecutionNotAllowed (a metric
        that cannot run here), JudgeError, ConfigError, KeyError / ZeroDivisionError from the aggregation (a
        scored field without a weight, all-zero weights), as the reference raises them.
    """
    field_fns = config.get("field_score_function") or {}
    agg = config.get("aggregation") or {}
    aux = config.get("global_aux_metrics") or {}
    if not isinstance(field_fns, dict) or not isinstance(agg, dict) or not isinstance(aux, dict):
        raise ConfigError("field_score_function, aggregation and global_aux_metrics must be objects")
    metrics_by_field = {f: metric_from_string(field_fns.get(f), fixed) for f in correct_answer}
    metrics_by_field.update({f: metric_from_string(name, fixed) for f, name in aux.items()})
    parser, parsed = _parse_response(response, correct_answer, config, fixed)
    context = {} if eval_context is None else eval_context
    scores: dict[str, Any] = {}
    info: dict[str, Any] = {}
    injections: dict[str, str] = {}

    def field_score(field_name: str, gold: Any, response_obj: Any) -> None:
        metric = metrics_by_field[field_name]
        if metric == "unsupported":
            return
        if metric == "gpt_4o_as_judge":
            value = response_obj.get(field_name) if isinstance(response_obj, dict) else response_obj
            value, flagged = _guard(value, fixed)
            if flagged:
                injections[field_name] = flagged
            scores[field_name], info[field_name] = gpt_4o_as_judge(
                config.get("gpt4o_eval_configs"), value, correct_answer, images, question, context, ask)
            return
        if metric == "constrained_generation":
            outcome = match_context(metric, response_obj, context)
        else:
            if not isinstance(response_obj, dict):
                raise ConfigError(f"parser 'dummy' gives the whole response; metric {metric!r} needs fields")
            value = response_obj.get(field_name)
            if metric in ("symbolic_planning_test", "program_judge"):
                scores[field_name] = match_context(metric, value, context, task_info, allow_code)
                return
            if metric == "xml_norm_point_in_bbox":
                outcome = match_context(metric, value, context)
            elif metric == "ascii_art_gpt4o_judge":
                scores[field_name], info[field_name] = _ascii_art(value, evaluate_as_string(gold), ask)
                return
            else:
                scores[field_name] = match(metric, value, evaluate_as_string(gold), fixed)
                return
        if not isinstance(outcome, tuple):
            raise ConfigError(f"metric {metric!r} failed on this query (the reference's processor stops here: "
                              "its metric returned no (score, record) pair)")
        scores[field_name], info[field_name] = outcome

    for field_name, gold in correct_answer.items():
        field_score(field_name, gold, parsed)
    if aux:
        if not isinstance(parsed, dict):
            raise ConfigError("global_aux_metrics need a parser that gives fields, not 'dummy'")
        original = copy.deepcopy(parsed)
        for field_name in aux:
            parsed[field_name] = original
            field_score(field_name, correct_answer, parsed)
    weights = agg.get("field_weights") or {}
    try:
        query_score = aggregate(agg.get("function"), scores, weights)
    except KeyError as exc:
        raise ConfigError(f"aggregation.field_weights has no weight for field {exc.args[0]!r}") from None
    except ZeroDivisionError:
        raise ConfigError("aggregation.field_weights are all zero") from None
    # As the reference's _determine_eval_style: any judge metric named in the task's config.
    eval_type = "llm" if any(m in LLM_METRICS for m in field_fns.values()) else "rule"
    return {"score": query_score, "fields": scores, "info": info, "parsed": parsed, "parser": parser,
            "eval_type": eval_type, "injection": injections}


def _guard(value: Any, fixed: bool) -> tuple[Any, str | None]:
    """A judged field's text and the injection pattern it matches (``judge/injection.py``): the default profile
    (``fixed``) sends the judge the text without what addresses the grader; the reference sends it as it is."""
    flagged = addresses_grader(value) if isinstance(value, str) else None
    return (remove(value) if flagged and fixed else value), flagged


def _ascii_art(response: Any, gold: Any, ask: Any) -> tuple[Any, str]:
    try:
        return ascii_art_gpt4o_judge(response, gold, ask)
    except (NeedsResource, JudgeError):
        raise
    except Exception:  # MetricType.match: 0
        return 0, ""


def judge_requests(row: Mapping[str, Any], ctx: ScoreContext) -> list[JudgeRequest]:
    """The judge conversations ``score`` will ask for this row (its answer fields' judge metrics), so the plugin
    can ask them ahead, concurrently. A row that cannot be read gives none (``score`` reports why)."""
    try:
        gold = _literal(row.get("correct_answer"), "correct_answer")
        config = _config(row, ctx, None if row.get("task_name") is None else str(row.get("task_name")))
        names = {f: metric_from_string((config.get("field_score_function") or {}).get(f), not ctx.upstream)
                 for f in gold}
        if not LLM_METRICS & set(names.values()):
            return []
        _, parsed = _parse_response(row.get("response"), gold, config, not ctx.upstream)
        requests = []
        for field_name, metric in names.items():
            value = parsed.get(field_name) if isinstance(parsed, dict) else parsed
            if metric == "gpt_4o_as_judge":
                value = _guard(value, not ctx.upstream)[0]
                messages = gpt_4o_messages(config["gpt4o_eval_configs"], value, gold, row.get("images"),
                                           row.get("query_text"), _eval_context(row))
                version = JUDGE_TEMPLATE
            elif metric == "ascii_art_gpt4o_judge" and isinstance(value, str) and value:
                messages, version = ascii_art_messages(value, evaluate_as_string(gold[field_name])), ASCII_TEMPLATE
            else:
                continue
            requests.append(JudgeRequest.of(messages, template_version=version, temperature=0))
        return requests
    except Exception:
        return []


def _without_images(judge_extra: dict[str, Any]) -> dict[str, Any]:
    """The judge record with each image sent replaced by its size (the report keeps the text, not the JPEG)."""
    for call in judge_extra.get("judge_calls", []):
        request = call.get("request")
        if isinstance(request, list):
            call["request"] = [
                {"type": "image_url", "image_url": f"<image, {len(part['image_url']['url'])} characters>"}
                if isinstance(part, dict) and part.get("type") == "image_url" else part
                for part in request]
    return judge_extra


def _short(value: Any, limit: int = 300) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def score(row: Mapping[str, Any], ctx: ScoreContext) -> Verdict:
    """Score one MEGA-Bench query row (see the module docstring)."""
    task = row.get("task_name")
    task = None if task is None or (isinstance(task, float) and math.isnan(task)) else str(task)
    where = f"task {task!r}: " if task else ""
    extra: dict[str, Any] = {"task_name": task}
    demo = _task_demo(row.get("example_info"))
    if demo is not None:
        extra["task_demo"] = demo
    tally = JudgeTally()
    ask = None
    if ctx.judge is not None:
        def ask(messages: list, version: str) -> str:
            return tally.ask(ctx.judge, messages, template_version=version, temperature=0)
    try:
        gold = _literal(row.get("correct_answer"), "correct_answer")
        if not isinstance(gold, dict) or not gold:
            raise ConfigError(f"correct_answer must be a non-empty object of fields, got {gold!r:.80}")
        gold_text = _short(gold)
        config = _config(row, ctx, task)
        result = score_query(row.get("response"), gold, config, fixed=not ctx.upstream,
                             eval_context=_eval_context(row),
                             task_info={"task_name": task or "", "task_folder": "", "results_file": None},
                             question=row.get("query_text"), images=row.get("images"), ask=ask,
                             allow_code=bool(ctx.options.get(OPT_IN)))
    except JudgeFatalError:
        raise
    except JudgeError as exc:
        return Verdict.error(f"{where}judge failed: {exc}", extra={**extra, **_without_images(tally.extra())})
    except NeedsResource as exc:
        return Verdict.error(f"{where}{exc}", extra=extra)
    except (ConfigError, NotImplementedMetric, CodeExecutionNotAllowed, ValueError) as exc:
        return Verdict.error(f"{where}{exc}", extra=extra)
    except ImportError as exc:
        return Verdict.error(f"the megabench scorer needs the {exc.name or exc} package (pip install regex)",
                             extra=extra)
    extra.update(query_score=result["score"], field_scores=result["fields"], eval_type=result["eval_type"])
    if result["injection"]:  # a judged field addressed the grader: flagged in both profiles
        extra["injection"] = result["injection"]
    if result["info"]:
        extra["field_info"] = result["info"]
    extra.update(_without_images(tally.extra()))
    fields = ", ".join(f"{k}={v:.4g}" for k, v in result["fields"].items())
    if not result["score"] >= 0:  # -1, or NaN from a metric's mean of nothing
        return Verdict.partial(0.0, extracted=_short(result["parsed"]), gold=gold_text, method="not-applicable",
                               detail=f"no field applies (query score {result['score']}); {fields}".rstrip("; "),
                               extra=extra)
    method = INJECTION_METHOD if result["injection"] and not ctx.upstream else result["parser"]
    return Verdict.partial(min(float(result["score"]), 1.0), extracted=_short(result["parsed"]), gold=gold_text,
                           method=method, detail=fields, extra=extra)


def _task_demo(info: Any) -> int | None:
    """The reference's ``num_demo`` from a task's ``example_info`` (1 when it has example text or images, else 0);
    None when the row does not carry it (a JSON string is read as JSON)."""
    if isinstance(info, str):
        try:
            info = json.loads(info)
        except ValueError:
            return None
    if not isinstance(info, dict):
        return None
    return 1 if info.get("example_text") or info.get("image_paths") else 0


def metrics(rows: list[dict[str, Any]], ctx: Any) -> dict[str, Any]:
    """The reference's summary: per-task scores, macro / micro means by eval type (``rule``/``llm``) and overall.

    ``mean_task_score`` = the sum of a task's non-negative query scores / its number of queries (not-applicable
    and error rows stay in the denominator). Macro = the mean over tasks; micro = all task scores / all queries.
    Upstream gives the reference's summary as it is: both eval types always (0 where a type has no task), its
    ``num_*`` counters, figures unrounded. ``num_samples_all`` adds each task's one-shot demonstration when the
    task has one, read from the rows' ``example_info`` (the task data's own record): a task whose rows carry
    none counts no demonstration, as the reference counts a task whose ``example_info`` is empty. Default lists
    only the eval types present, rounds to 6 decimals and has no ``num_*`` counters.
    """
    upstream = getattr(ctx, "upstream", False)
    tasks: dict[str, dict[str, Any]] = {}
    for r in rows:
        extra = r.get("extra") or {}
        name = extra.get("task_name") or (r.get("fields") or {}).get("task_name") or "(no task_name)"
        t = tasks.setdefault(str(name), {"task_score": 0.0, "num_queries": 0, "eval_type": None, "demo": None})
        t["num_queries"] += 1
        if extra.get("task_demo") is not None:
            t["demo"] = int(extra["task_demo"])
        q = extra.get("query_score")
        if isinstance(q, (int, float)) and q >= 0:
            t["task_score"] += q
        if extra.get("eval_type"):
            t["eval_type"] = "llm" if "llm" in (t["eval_type"], extra["eval_type"]) else extra["eval_type"]
    if not tasks:
        return {}
    keep = (lambda x: x) if upstream else (lambda x: round(x, 6))
    per_type: dict[str, list[dict[str, Any]]] = {"rule": [], "llm": []} if upstream else {}
    for t in tasks.values():
        t["eval_type"] = t["eval_type"] or "rule"
        t["mean_task_score"] = t["task_score"] / t["num_queries"]
        per_type.setdefault(t["eval_type"], []).append(t)

    def macro(items: list[dict[str, Any]]) -> float:
        return keep(float(sum(t["mean_task_score"] for t in items) / len(items))) if items else 0

    def micro(items: list[dict[str, Any]]) -> float:
        n = sum(t["num_queries"] for t in items)
        return keep(float(sum(t["task_score"] for t in items) / n)) if n else 0

    all_tasks = list(tasks.values())
    out: dict[str, Any] = {}
    if upstream:
        zeros = {k: 0 for k in per_type}
        out.update(
            num_tasks_evaluated={k: len(v) for k, v in per_type.items()},
            num_tasks_unevaluated=dict(zeros),
            num_queries_evaluated={k: sum(t["num_queries"] for t in v) for k, v in per_type.items()},
            num_queries_unevaluated=dict(zeros),
            num_samples_all={k: sum(t["num_queries"] + (t["demo"] or 0) for t in v) for k, v in per_type.items()},
        )
    out.update(
        macro_mean_score={k: macro(v) for k, v in sorted(per_type.items())},
        micro_mean_score={k: micro(v) for k, v in sorted(per_type.items())},
        overall_macro_mean_score=macro(all_tasks),
        overall_micro_mean_score=micro(all_tasks),
        tasks={name: {"task_score": keep(t["task_score"]), "mean_task_score": keep(t["mean_task_score"]),
                      "num_queries": t["num_queries"], "eval_type": t["eval_type"]}
               for name, t in sorted(tasks.items())},
    )
    return out
