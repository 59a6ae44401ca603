"""MEGA-Bench's conversions of field values (``metrics/scoring/common/conversions.py`` in the reference):
strings to sets, lists, dicts, bounding boxes, coordinates and XML points.

``fixed=True`` (default profile) keeps a quoted string as one item and compares nested lists by content
(``docs/profiles-structured.md`` M4, M7).
"""

from __future__ import annotations

import ast
import json
from numbers import Number
from typing import Any

from ...text.patterns import lazy_compile
from .parse import parse_json

def freeze(obj: Any) -> Any:
    if isinstance(obj, dict):
        return frozenset((k, freeze(v)) for k, v in obj.items())
    if isinstance(obj, (list, tuple)):
        return tuple(freeze(x) for x in obj)
    if isinstance(obj, set):
        return frozenset(obj)
    return obj


def str_to_iterable(kind: type, text: Any, fixed: bool = False) -> Any:
    if not isinstance(text, str):
        return kind()
    text = text.strip(" ")
    if not text:
        return kind()
    bracketed = True
    closers = {"(": ")", "{": "}", "[": "]"}
    if text[0] in closers:
        if not text.endswith(closers[text[0]]):
            return kind()
    else:
        bracketed = False
    try:
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        if bracketed:
            text = text[1:-1]
        return kind(item.strip() for item in text.split(","))
    if value is None:
        return ""
    if isinstance(value, (int, float)):
        value = [value]
    if fixed:
        if isinstance(value, str):
            # A quoted string is one item, not a set of characters.
            value = [value]
        if kind is set:
            value = freeze(value)
    try:
        return kind(value)
    except TypeError:  # unhashable items (nested lists): the reference gives an empty collection
        return kind()


def str_to_set(text: Any, fixed: bool = False) -> Any:
    return str_to_iterable(set, text, fixed)


def str_to_list(text: Any, fixed: bool = False) -> Any:
    return str_to_iterable(list, text, fixed)


def cast_to_set(obj: Any, fixed: bool = False) -> Any:
    obj = freeze(obj)
    if isinstance(obj, (frozenset, set, tuple)):
        return set(obj)
    return str_to_set(obj, fixed)


def cast_to_dict(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {k: cast_to_dict(v) for k, v in obj.items()}
    if isinstance(obj, str):
        parsed = parse_json(obj)
        return parsed if parsed else obj
    return obj


def str_to_bboxes(value: Any) -> list[Any]:
    if not isinstance(value, str):
        return []
    try:
        boxes = ast.literal_eval(value)
    except (SyntaxError, ValueError):
        try:
            boxes = json.loads(value)
        except json.JSONDecodeError:
            return []
    if len(boxes) == 4 and isinstance(boxes[0], Number):
        boxes = [boxes]
    if not isinstance(boxes, (tuple, list)):
        return []
    return [b for b in boxes
            if isinstance(b, (tuple, list)) and len(b) == 4 and all(isinstance(c, (float, int)) for c in b)]


def str_to_coords(value: Any, dim: int = 2) -> list[Any]:
    """Points of ``dim`` numbers from a list literal (JSON when it is not Python); other items dropped.

    Raises what the reference raises on text that is neither (ValueError, TypeError): 0 through ``match``.
    """
    if not isinstance(value, str):
        return []
    try:
        coords = ast.literal_eval(value)
    except SyntaxError:
        try:
            coords = json.loads(value)
        except json.JSONDecodeError:
            return []
    return [c for c in coords
            if isinstance(c, (tuple, list)) and len(c) == dim and all(isinstance(x, (float, int)) for x in c)]


_POINT = lazy_compile(r"<point>(.*?)</point>")
_BOX = lazy_compile(r"<box>(.*?)</box>")


def parse_point_2d_from_xml(text: Any) -> tuple[float, ...] | None:
    """``(x, y)`` from the only ``<point>x, y</point>`` in the text; None for none, two or more, or bad text."""
    if not isinstance(text, str):
        return None
    found = _POINT.findall(text)
    if len(found) != 1:
        return None
    parts = found[0].split(",")
    if len(parts) != 2:
        return None
    try:
        return tuple(float(p.strip()) for p in parts)
    except ValueError:
        return None


def parse_bboxes_from_xml(text: Any) -> list[tuple[float, ...]]:
    """Every ``<box>x1, y1, x2, y2</box>`` of four numbers in the text."""
    if not isinstance(text, str):
        return []
    boxes = []
    for inner in _BOX.findall(text):
        parts = inner.split(",")
        if len(parts) != 4:
            continue
        try:
            boxes.append(tuple(float(p.strip()) for p in parts))
        except ValueError:
            continue
    return boxes
