"""MEGA-Bench field scoring functions and aggregations (MEGA-Bench's ``metrics`` and ``aggregation`` packages;
differences in ``docs/profiles-structured.md``): the registry of every metric of the reference's ``MetricType``, and
the string, set, list, dict and number metrics themselves (the others live beside this file: ``geometry.py``,
``numeric.py``, ``text.py``, ``planning.py``, ``constrained.py``, ``program.py``, ``judged.py``).

``match(name, response, target, fixed)`` is the reference's ``MetricType.from_string(name).match``: every
exception inside a metric becomes 0; ``match_context`` is the same for the metrics called with the query's
``eval_context``. ``metric_from_string`` raises ValueError for a name the reference does not know (its
README's ``demarau`` spelling included; the default profile accepts that spelling). A metric that cannot run
here (a missing optional library, model, geocoder, judge, or code execution not allowed) raises, so the row is
an error naming what is needed, never a silent 0.

``fixed=True`` (default profile) applies the seed's intent where the reference has plain bugs; each one is in
``docs/profiles-structured.md``.
"""

from __future__ import annotations

import ast
import json
import math
import re
from numbers import Number
from typing import Any, Callable

from .convert import cast_to_dict, cast_to_set, freeze, str_to_bboxes, str_to_list, str_to_set
from .constrained import constrained_generation
from .geometry import GEOMETRY, ReferenceCrash, best_ious, xml_norm_point_in_bbox
from .judged import NeedsResource, geo_proximity_location_dict, nli_entailment
from .numeric import NUMERIC
from .parse import code_block
from .planning import symbolic_planning_test
from .program import CodeExecutionNotAllowed, program_judge
from .strings import exact_str_match, simple_str_match
from .text import TEXT

__all__ = ["AGGREGATIONS", "CONTEXT_METRICS", "IMPLEMENTED", "LLM_METRICS", "NeedsResource", "NotImplementedMetric",
           "aggregate", "match", "match_context", "metric_from_string"]


class NotImplementedMetric(ValueError):
    """A metric the reference has but pytest-answerbench does not score."""


# ----------------------------------------------------------------------------------------------- strings

def exact_str_match_case_insensitive(response: Any, target: Any, fixed: bool = False) -> int:
    if not isinstance(response, str) and isinstance(target, str):
        return 0
    return exact_str_match(response.lower(), target.lower(), fixed)


def code_result_exact_str_match(response: Any, target: Any, fixed: bool = False) -> int:
    # The gold's fenced block (surrounding whitespace kept) against the response, as exact_str_match.
    gold, _ = code_block(target, ascii_art=True, trim=False)
    return exact_str_match(response, gold, fixed)


def _damerau(a: str, b: str, cutoff: float | None = None) -> float:
    from rapidfuzz.distance import DamerauLevenshtein

    return DamerauLevenshtein.normalized_similarity(a, b, score_cutoff=cutoff)


def normalized_similarity_damerau_levenshtein(response: Any, target: Any, fixed: bool = False) -> float:
    if not isinstance(response, str) and isinstance(target, str):
        return 0
    return _damerau(response, target)


def near_str_match(response: Any, target: Any, fixed: bool = False) -> float:
    from unidecode import unidecode

    if not isinstance(response, str) or not isinstance(target, str):
        return 0

    def norm(s: str) -> str:
        return unidecode(" ".join(w for w in s.split(" ") if w.lower() not in ("the", "a"))).lower()

    return _damerau(norm(response), norm(target), 0.9)


# -------------------------------------------------------------------------------------------------- sets

def set_equality(response: Any, target: Any, fixed: bool = False) -> int:
    return 1 if cast_to_set(response, fixed) == cast_to_set(target, fixed) else 0


def _jaccard(p: Any, t: Any) -> float:
    union = len(p | t)
    return 1 if union == 0 else len(p & t) / union


def jaccard_index(response: Any, target: Any, fixed: bool = False) -> float:
    if response is None:
        return 0
    return _jaccard(cast_to_set(response, fixed), cast_to_set(target, fixed))


def set_precision(response: Any, target: Any, fixed: bool = False) -> float:
    if response is None:
        return 0
    p, t = cast_to_set(response, fixed), cast_to_set(target, fixed)
    return 1 if len(p) == 0 else len(p & t) / len(p)


def chess_move_list_jaccard_index(response: Any, target: Any, fixed: bool = False) -> float:
    def moves(x: Any) -> set[str] | None:
        out = set()
        for move in str_to_set(x, fixed):
            if not isinstance(move, str) and not fixed:
                return None  # the reference's removesuffix on a number raises: the metric scores 0
            move = str(move)
            move = move[:-1] if move.endswith("!") else move
            move = move[:-1] if move.endswith("#") else move
            if fixed:
                # The README: check and mate markers do not matter.
                move = move.rstrip("+#!")
            out.add(move)
        return out

    if response is None:
        return 0
    got, want = moves(response), moves(target)
    if got is None or want is None:
        return 0
    return _jaccard(got, want)


def _lower_items(items: Any) -> set[Any]:
    return {x.lower() if isinstance(x, str) else x for x in items}


def str_set_equality_comma(response: Any, target: Any, fixed: bool = False) -> int:
    # Both sides through str_to_set (a list literal gives its items, "a, b" its comma-separated parts), then
    # string items lower-cased; a non-string side is the empty set.
    return 1 if _lower_items(str_to_set(response, fixed)) == _lower_items(str_to_set(target, fixed)) else 0


def str_set_equality_line_break(response: Any, target: Any, fixed: bool = False) -> int:
    # Lines as they are (not stripped, empty lines kept), lower-cased; a written "\\n" is a line break. A
    # non-string side raises (0 through match()).
    def lines(x: str) -> set[str]:
        return _lower_items(x.replace("\\n", "\n").split("\n"))

    return 1 if lines(response) == lines(target) else 0


def set_equality_case_insensitive(response: Any, target: Any, fixed: bool = False) -> int:
    # Items upper-cased; an item that is no string makes it 0 (the reference's AttributeError).
    try:
        got = {x.upper() for x in cast_to_set(response, fixed)}
        want = {x.upper() for x in cast_to_set(target, fixed)}
    except AttributeError:
        return 0
    return 1 if got == want else 0


_TUPLE_ITEM_DROP = str.maketrans("", "", " -\n\t_.")


def jaccard_index_case_insensitive(response: Any, target: Any, fixed: bool = False) -> float:
    # The gold's first item decides: strings compare lower-cased; tuples of strings compare lower-cased with
    # spaces, hyphens, underscores, dots, tabs and newlines removed; any other gold scores 0. An empty gold
    # raises (0 through match()).
    if response is None:
        return 0
    got, want = cast_to_set(response, fixed), cast_to_set(target, fixed)
    first = list(want)[0]
    if isinstance(first, str):
        return _jaccard({x.lower() if isinstance(x, str) else str(x).lower() for x in got},
                        {x.lower() for x in want})
    if isinstance(first, tuple):
        def squeeze(t: Any) -> tuple[str, ...]:
            return tuple(x.lower().translate(_TUPLE_ITEM_DROP) for x in t)

        try:
            got = {squeeze(t) for t in got}
        except Exception:  # a response of the wrong shape
            return 0
        return _jaccard(got, {squeeze(t) for t in want})
    return 0


# ------------------------------------------------------------------------------------------------- lists

def longest_common_list_prefix_ratio(response: Any, target: Any, fixed: bool = False) -> float:
    p, t = str_to_list(response, fixed), str_to_list(target, fixed)
    n = 0
    for a, b in zip(p, t):
        if a != b:
            break
        n += 1
    return n / len(t)  # ZeroDivisionError for an empty target: 0 through match()


def sequence_equality(response: Any, target: Any, fixed: bool = False) -> int:
    # A non-text response is read as its str() (a missing field, None, is the text "None": no list).
    got = str_to_list(response if isinstance(response, str) else str(response), fixed)
    return 1 if got == str_to_list(target, fixed) else 0


def sequence_equality_case_insensitive(response: Any, target: Any, fixed: bool = False) -> int:
    got = str_to_list(response if isinstance(response, str) else str(response), fixed)
    want = str_to_list(target, fixed)
    got = [x.lower() if isinstance(x, str) else str(x) for x in got]
    return 1 if got == [x.lower() for x in want] else 0


def sequence_accuracy_case_insensitive(response: Any, target: Any, fixed: bool = False) -> float:
    # Position by position: strings case-insensitively, numbers by value; lengths must agree.
    got, want = str_to_list(response, fixed), str_to_list(target, fixed)
    if len(got) != len(want):
        return 0
    right = 0
    for g, w in zip(got, want):
        if isinstance(w, str):
            right += g.lower() == w.lower()
        elif isinstance(w, Number) and isinstance(g, Number):
            right += g == w
    return right / len(want)


# ------------------------------------------------------------------------------------------------ boxes

def nbbox_iou_tuple(response: Any, target: Any, fixed: bool = False) -> float:
    if not isinstance(response, list):
        response = str_to_bboxes(response)
    if not isinstance(target, list):
        target = str_to_bboxes(target)
    if not response:
        return 0
    return sum(best_ious(response, target)) / len(response)


# ------------------------------------------------------------------------------------------------- dicts

def dict_exact_str_match_agg_recall(response: Any, target: Any, fixed: bool = False) -> float:
    response, target = cast_to_dict(response), cast_to_dict(target)
    if not isinstance(response, dict):
        return 0
    scores = [exact_str_match(response.get(k), v, fixed) for k, v in target.items()]
    return sum(scores) / len(scores)


def _dict_agg_jaccard(metric: Callable[..., float]) -> Callable[..., float]:
    def scorer(response: Any, target: Any, fixed: bool = False) -> float:
        response, target = cast_to_dict(response), cast_to_dict(target)
        if not isinstance(response, dict):
            return 0
        keys = set(response) | set(target)
        if not keys:
            return 0
        return sum(metric(response.get(k, []), target.get(k, []), fixed) for k in keys) / len(keys)

    return scorer


def dict_equality(response: Any, target: Any, fixed: bool = False) -> int:
    response, target = cast_to_dict(response), cast_to_dict(target)
    if not isinstance(response, dict):
        return 0
    return 1 if response == target else 0


def dict_precision(response: Any, target: Any, fixed: bool = False) -> float:
    # The share of the response's keys whose value exact-matches the gold's.
    response, target = cast_to_dict(response), cast_to_dict(target)
    if not isinstance(response, dict) or not response:
        return 0
    right = sum(1 for k, v in response.items() if k in target and exact_str_match(v, target[k], fixed))
    return right / len(response)


# --------------------------------------------------------------------------------------------- numbers

def positive_int_match(response: Any, target: Any, fixed: bool = False) -> int:
    p, t = ast.literal_eval(str(response)), ast.literal_eval(str(target))
    if not isinstance(p, int) or not isinstance(t, int):
        return 0
    if p <= 0 and t <= 0:
        return -1
    return 1 if p == t else 0


def _python_number(value: Any) -> Any:
    """A number as the reference reads it: a Number as it is, else ``ast.literal_eval`` of the text (which reads
    Python literals only and runs nothing: ``0x9c4``, ``(2500)``, ``True`` are numbers, full-width or
    Arabic-Indic digits are not)."""
    return value if isinstance(value, Number) else ast.literal_eval(value)


def number_rel_diff_ratio(response: Any, target: Any, fixed: bool = False) -> float:
    """max(0, 1 - |pred - gold| / gold). Upstream reads both sides as Python literals (a response that is no
    Number scores 0); default reads them with ``float()`` (any Unicode digits, spaces around the number), falling
    back to the literal reading."""
    if fixed:
        try:
            p, g = float(response), float(target)
        except (TypeError, ValueError):
            p, g = float(_python_number(response)), float(_python_number(target))
    else:
        p = _python_number(response)
        if not isinstance(p, Number):
            return 0
        g = _python_number(target)
    value = max(0.0, 1 - math.fabs((p - g) / g))
    return 0 if math.isnan(value) else value


def multi_ref_phrase(response: Any, target: Any, fixed: bool = False) -> int:
    refs = str_to_list(target.replace("，", ",") if isinstance(target, str) else target, fixed)
    if not refs:
        refs = str(target).replace("，", ",").split(",")
    return 1 if any(simple_str_match(response, r, fixed) for r in refs) else 0


IMPLEMENTED: dict[str, Callable[..., Any]] = {
    "exact_str_match": exact_str_match,
    "exact_str_match_case_insensitive": exact_str_match_case_insensitive,
    "code_result_exact_str_match": code_result_exact_str_match,
    "simple_str_match": simple_str_match,
    "normalized_similarity_damerau_levenshtein": normalized_similarity_damerau_levenshtein,
    "near_str_match": near_str_match,
    "set_equality": set_equality,
    "set_equality_case_insensitive": set_equality_case_insensitive,
    "jaccard_index": jaccard_index,
    "jaccard_index_case_insensitive": jaccard_index_case_insensitive,
    "set_precision": set_precision,
    "chess_move_list_jaccard_index": chess_move_list_jaccard_index,
    "longest_common_list_prefix_ratio": longest_common_list_prefix_ratio,
    "nbbox_iou_tuple": nbbox_iou_tuple,
    "dict_exact_str_match_agg_recall": dict_exact_str_match_agg_recall,
    "dict_set_equality_agg_jaccard": _dict_agg_jaccard(set_equality),
    "dict_jaccard_agg_jaccard": _dict_agg_jaccard(jaccard_index),
    "dict_nbbox_iou_tuple_agg_jaccard": _dict_agg_jaccard(nbbox_iou_tuple),
    "dict_equality": dict_equality,
    "dict_precision": dict_precision,
    "positive_int_match": positive_int_match,
    "number_rel_diff_ratio": number_rel_diff_ratio,
    "multi_ref_phrase": multi_ref_phrase,
    "sequence_equality": sequence_equality,
    "sequence_equality_case_insensitive": sequence_equality_case_insensitive,
    "sequence_accuracy_case_insensitive": sequence_accuracy_case_insensitive,
    "str_set_equality_comma": str_set_equality_comma,
    "str_set_equality_line_break": str_set_equality_line_break,
    **GEOMETRY,
    **NUMERIC,
    **TEXT,
    "nli_entailment": nli_entailment,
    "geo_proximity_location_dict": geo_proximity_location_dict,
}

# Metrics the per-query processor calls with the query's eval_context (and task info) instead of a gold value.
CONTEXT_METRICS = frozenset({"xml_norm_point_in_bbox", "constrained_generation", "symbolic_planning_test",
                             "program_judge"})
LLM_METRICS = frozenset({"gpt_4o_as_judge", "ascii_art_gpt4o_judge"})
KNOWN = frozenset(IMPLEMENTED) | CONTEXT_METRICS | LLM_METRICS | {"unsupported"}
README_SPELLING = {"normalized_similarity_demarau_levenshtein": "normalized_similarity_damerau_levenshtein"}
# The optional libraries of the extra "megabench", by import name.
_EXTRA = {"sacrebleu", "nltk", "jieba", "pronouncing", "PIL"}


def metric_from_string(name: Any, fixed: bool = False) -> str:
    """A metric's canonical name (lower-cased; None -> ``unsupported``).

    Raises:
        ValueError: a name the reference does not know (upstream: the README's ``demarau`` spelling too).
    """
    if name is None:
        return "unsupported"
    low = str(name).lower()
    if fixed and low in README_SPELLING:
        return README_SPELLING[low]
    if low in KNOWN:
        return low
    hint = " (the README's spelling; the reference code says 'damerau')" if low in README_SPELLING else ""
    raise ValueError(f"metric {name!r} unknown{hint}")


def _missing_library(name: str, exc: ImportError) -> NotImplementedMetric:
    module = (exc.name or str(exc)).split(".")[0]
    how = "pip install 'pytest-answerbench[megabench]'" if module in _EXTRA else f"pip install {module}"
    return NotImplementedMetric(f"metric {name!r} needs the {module} package ({how})")


def match(name: str, response: Any, target: Any, fixed: bool = False) -> Any:
    """``MetricType.match``: the metric's score, 0 when it raises.

    Raises:
        NotImplementedMetric: a metric that needs the query's context or a judge (see ``match_context``,
        ``scorers/megabench/judged.py``), or a missing library. NeedsResource: what the metric needs here is
        not available (a model, a geocoder, NLTK data).
    """
    fn = IMPLEMENTED.get(name)
    if fn is None:
        raise NotImplementedMetric(f"metric {name!r} needs the query's eval_context or a judge: score it through "
                                   "the megabench scorer")
    try:
        return fn(response, target, fixed)
    except (NeedsResource, ReferenceCrash):
        raise
    except ImportError as exc:  # a missing library is a setup problem, not a 0 score
        raise _missing_library(name, exc) from None
    except Exception:  # the reference logs and assigns 0
        return 0


def match_context(name: str, response: Any, eval_context: Any, task_info: Any = None,
                  allow_code: bool = False) -> Any:
    """``MetricType.match`` for the metrics called with the query's ``eval_context``: what the reference's
    metric returns (a ``(score, record)`` pair for ``xml_norm_point_in_bbox`` and ``constrained_generation``),
    0 when it raises.

    Raises:
        NeedsResource, CodeExecutionNotAllowed, NotImplementedMetric (a missing library).
    """
    try:
        if name == "xml_norm_point_in_bbox":
            return xml_norm_point_in_bbox(response, eval_context)
        if name == "constrained_generation":
            return constrained_generation(response, eval_context)
        if name == "symbolic_planning_test":
            return symbolic_planning_test(response, eval_context, task_info)
        if name == "program_judge":
            return program_judge(response, eval_context, task_info, allowed=allow_code)
    except (NeedsResource, CodeExecutionNotAllowed):
        raise
    except ImportError as exc:
        raise _missing_library(name, exc) from None
    except Exception:
        return 0
    raise NotImplementedMetric(f"metric {name!r} is not called with an eval_context")


# ---------------------------------------------------------------------------------------------- aggregation

AGGREGATIONS = ("mean", "min")


def aggregate(function: Any, scores: dict[str, float], weights: dict[str, float]) -> float:
    """Combine field scores; negative scores ("not applicable") are left out; none left -> -1.

    Raises:
        ValueError: an unknown aggregation name. KeyError: a scored field without a weight (mean).
        ZeroDivisionError: all weights zero (mean). The reference raises these too.
    """
    name = "unsupported" if function is None else str(function).lower()
    if name not in AGGREGATIONS and name != "unsupported":
        raise ValueError(f"aggregation function {function!r} unknown (known: {', '.join(AGGREGATIONS)})")
    valid = {k: v for k, v in scores.items() if v >= 0}
    if name == "unsupported" or not valid:
        return -1
    if name == "min":
        return min(valid.values())
    w = [float(weights[k]) for k in valid]
    total = sum(w)
    if total == 0:
        raise ZeroDivisionError("field weights sum to zero")
    return sum(s * wi for s, wi in zip(valid.values(), w)) / total
