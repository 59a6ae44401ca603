"""MEGA-Bench's numeric-distance and geometry metrics: ``normalized_rmse``, ``angle_seq_float_rmse``, the box IoUs
(``nbbox_iou_single``, ``nbbox_iou_sequence``, ``xml_nbbox_iou_single``), the XML point metrics
(``xml_norm_point_distance``, ``xml_norm_point_in_bbox``) and ``sequence_coords_similarity``.

The reference (``metrics/scoring/mse.py``, ``nbbox_iou.py``, ``xml_*.py``, ``coordinate_sequence_match.py``)
computes some of these with NumPy arrays; here they are plain Python with NumPy's outcomes where they matter:
a ragged or non-numeric array is an error (0 through ``match``), a mean over nothing is NaN, and NaN passes
through a clip unchanged. Each function raises where the reference raises, so ``match`` gives 0 alike.
"""

from __future__ import annotations

import ast
import math
from numbers import Number
from typing import Any, Iterable, Sequence

from .convert import parse_bboxes_from_xml, parse_point_2d_from_xml, str_to_bboxes, str_to_coords, str_to_list

__all__ = ["GEOMETRY", "ReferenceCrash", "best_ious", "box_iou", "xml_norm_point_in_bbox"]


class ReferenceCrash(ValueError):
    """The reference's own run stops on this query outside the metric (so ``match``'s 0 does not apply): the row
    is an ``error`` naming why, in the upstream profile."""


def _clip(value: float, low: float, high: float) -> float:
    # numpy.clip: NaN stays NaN.
    return value if math.isnan(value) else min(max(value, low), high)


def _rescaled_error(error: float, high: float) -> float:
    """``1 - clip(error, 0, high) / high``: 1 for no error, 0 from ``high`` on."""
    return 1 - _clip(error, 0.0, high) / high


def normalized_rmse(response: Any, target: Any, fixed: bool = False) -> float:
    """One number against one number: 1 - |difference| / 0.1, clipped to [0, 1]; anything else 0."""
    try:
        diff = ast.literal_eval(response) - ast.literal_eval(target)
        return _rescaled_error(math.sqrt(diff ** 2), 0.1)
    except Exception:  # the reference's bare except: lists, words, None, overflow
        return 0


def _array(value: Any, complex_ok: bool = False) -> tuple[list[Any], tuple[int, ...]]:
    """A numeric NumPy-style array as (flat values, shape). Raises TypeError / ValueError where NumPy's array
    or its subtraction would (strings, None, ragged nesting, all-boolean arrays); complex numbers only with
    ``complex_ok`` (NumPy computes with them)."""
    if isinstance(value, (list, tuple)):
        parts = [_array(v, complex_ok) for v in value]
        shapes = {shape for _, shape in parts}
        if len(shapes) > 1:
            raise ValueError("ragged array")
        inner = shapes.pop() if shapes else ()
        return [x for flat, _ in parts for x in flat], (len(value),) + inner
    if isinstance(value, Number) and (complex_ok or not isinstance(value, complex)):
        return [value], ()
    raise TypeError(f"not a number: {value!r}")


def angle_seq_float_rmse(response: Any, target: Any, fixed: bool = False) -> float:
    """Sequences of angles: the summed absolute differences / the number of targets, rescaled over 10."""
    responses, targets = str_to_list(response, fixed), str_to_list(target, fixed)
    if len(responses) != len(targets):
        return 0
    try:
        got, got_shape = _array(responses, complex_ok=not fixed)
        want, want_shape = _array(targets, complex_ok=not fixed)
        if got_shape != want_shape:
            raise ValueError("shapes differ")
        if got and all(isinstance(x, bool) for x in got + want):
            raise TypeError("boolean subtraction")
        if any(isinstance(x, complex) for x in got + want):
            # NumPy computes a complex score, which the reference's processor then fails to write as JSON.
            raise ReferenceCrash("the reference's score here is a complex number (a complex value in the answer), "
                                 "which its processor cannot write (TypeError: complex is not JSON serializable)")
        error = sum(math.sqrt((a - b) ** 2) for a, b in zip(got, want)) / len(targets)
    except ReferenceCrash:
        raise
    except Exception:  # the reference's bare except (an empty pair gives NaN there, then 0 below)
        return 0
    score = _rescaled_error(error, 10.0)
    return 0 if math.isnan(score) else score


# ------------------------------------------------------------------------------------------------ boxes

def box_iou(a: Sequence[Any], b: Sequence[Any]) -> float:
    """Intersection over union of two (x1, y1, x2, y2) boxes; 0 when the union is not positive."""
    inter = max(0, min(a[2], b[2]) - max(a[0], b[0])) * max(0, min(a[3], b[3]) - max(a[1], b[1]))
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0


def best_ious(predicted: Iterable[Any], targets: Sequence[Any]) -> list[float]:
    """For each predicted box, its best IoU over the target boxes (0 with no target)."""
    return [max([0] + [box_iou(p, t) for t in targets]) for p in predicted]


def nbbox_iou_single(response: Any, target: Any, fixed: bool = False) -> float:
    """One box literal against one box literal (a gold that is no literal raises: 0 through ``match``)."""
    gold = ast.literal_eval(target)
    try:
        box = ast.literal_eval(response)
    except SyntaxError:
        return 0
    try:
        return best_ious([box], [gold])[0]
    except Exception:
        return 0


def nbbox_iou_sequence(response: Any, target: Any, fixed: bool = False) -> float:
    """Tracking: box i against gold box i, averaged; lengths must agree; no boxes at all is NaN (the
    reference's mean of nothing)."""
    if not isinstance(response, (tuple, list)):
        response = str_to_bboxes(response if isinstance(response, str) else str(response))
    if not isinstance(target, (tuple, list)):
        target = str_to_bboxes(target)
    if len(target) != len(response):
        return 0
    if not response:
        return math.nan
    return sum(box_iou(p, t) for p, t in zip(response, target)) / len(response)


def xml_nbbox_iou_single(response: Any, target: Any, fixed: bool = False) -> float:
    """``<box>x1, y1, x2, y2</box>`` boxes: the mean over predicted boxes of their best IoU with a gold box."""
    if not isinstance(response, (tuple, list)):
        response = parse_bboxes_from_xml(response)
    if not isinstance(target, (tuple, list)):
        target = parse_bboxes_from_xml(target)
    if len(response) == 0:
        return 0
    if isinstance(response[0], Number) and len(response) == 4:
        response = [response]
    scores = best_ious(response, target)
    return sum(scores) / len(scores) if scores else 0


# ----------------------------------------------------------------------------------------------- points

def _point(value: Any) -> tuple[Any, ...]:
    if not isinstance(value, (tuple, list)):
        value = parse_point_2d_from_xml(value)
        if not value:
            raise ValueError("no point")
    elif len(value) != 2:
        raise ValueError("not 2D")
    if not all(0 <= c <= 1 for c in value):
        raise ValueError("not normalized")
    return tuple(value)


def xml_norm_point_distance(response: Any, target: Any, fixed: bool = False) -> float:
    """``<point>x, y</point>`` against the gold point: 1 - Euclidean distance, floored at 0."""
    try:
        got, want = _point(response), _point(target)
    except ValueError:
        return 0
    return max(0, 1 - math.dist(got, want))


def xml_norm_point_in_bbox(response: Any, eval_context: Any) -> tuple[int, dict[str, bool]]:
    """Whether the point lies in one of ``eval_context["bounding_boxes"]`` (strings), with the match record
    (the reference's ``(score, {box string: matched})``; a matched box is recorded under ``str`` of its tuple).

    Raises:
        AssertionError (no boxes), IndexError (a box string without a box), as the reference.
    """
    record = {box: False for box in eval_context["bounding_boxes"]}
    boxes = [str_to_bboxes(text)[0] for text in eval_context["bounding_boxes"]]
    assert boxes, "no bounding boxes in eval_context"
    if not isinstance(response, (tuple, list)):
        response = parse_point_2d_from_xml(response)
        if not response:
            return 0, record
    elif len(response) != 2:
        return 0, record
    x, y = response
    for x1, y1, x2, y2 in boxes:
        if x1 <= x <= x2 and y1 <= y <= y2:
            record[str((x1, y1, x2, y2))] = True
            return 1, record
    return 0, record


def sequence_coords_similarity(response: Any, target: Any, fixed: bool = False) -> float:
    """Keypoints: the mean over points of exp(-10 * distance / sqrt(2)); the arrays' shapes must agree."""
    if not isinstance(response, (tuple, list)):
        response = str_to_coords(response, dim=2)
    if not isinstance(target, (tuple, list)):
        target = str_to_coords(target, dim=2)
    try:
        got, got_shape = _array(response)
    except ValueError:  # NumPy refuses a ragged array here; anything else fails the subtraction below
        return 0
    want, want_shape = _array(target)
    if got_shape != want_shape:
        return 0
    if len(got_shape) < 2:
        # The reference's norm over axis 1 of a one-dimensional array raises (AxisError): 0 through match.
        raise ValueError("axis 1 is out of bounds for a one-dimensional array")
    width = got_shape[1] if len(got_shape) == 2 else math.prod(got_shape[1:])
    points = len(got) // width if width else 0
    if points == 0:
        return math.nan
    total = 0.0
    for i in range(points):
        d = math.sqrt(sum((got[i * width + k] - want[i * width + k]) ** 2 for k in range(width)))
        total += math.exp(-10 * d / math.sqrt(2))
    return total / points


GEOMETRY = {
    "normalized_rmse": normalized_rmse,
    "angle_seq_float_rmse": angle_seq_float_rmse,
    "nbbox_iou_single": nbbox_iou_single,
    "nbbox_iou_sequence": nbbox_iou_sequence,
    "xml_nbbox_iou_single": xml_nbbox_iou_single,
    "xml_norm_point_distance": xml_norm_point_distance,
    "sequence_coords_similarity": sequence_coords_similarity,
}
