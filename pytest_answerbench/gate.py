"""Gates: checks of a finished report against thresholds. Pure data in, gate results out.

A gate result is a dict ``{"name", "key", "op", "value", "threshold", "passed", "message"}`` added to the
report's ``gates`` list. The plugin turns failed gates into the exit status; this module never raises on a
report it cannot read (the gate fails and says why).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

__all__ = ["Threshold", "evaluate_gates", "lookup", "parse_threshold"]

_THRESHOLD_RE = re.compile(r"^\s*(?P<key>[^<>=]+?)\s*(?P<op>>=|<=|=)\s*(?P<value>\S+)\s*$")


@dataclass(frozen=True)
class Threshold:
    key: str
    value: float
    op: str = ">="  # value in the report must be >= (or <=) the threshold


def parse_threshold(text: str, where: str = "--bench-threshold") -> Threshold:
    """``KEY=X`` (at least X), ``KEY>=X`` or ``KEY<=X`` (at most X, for rates where lower is better)."""
    m = _THRESHOLD_RE.match(text)
    if not m:
        raise ValueError(f"{where} expects KEY=X, KEY>=X or KEY<=X, got {text!r}")
    try:
        value = float(m["value"])
    except ValueError:
        raise ValueError(f"{where}: {m['value']!r} in {text!r} is not a number") from None
    if not math.isfinite(value):
        raise ValueError(f"{where}: threshold must be finite, got {text!r}")
    return Threshold(m["key"].strip(), value, "<=" if m["op"] == "<=" else ">=")


def lookup(report: Mapping[str, Any], key: str) -> float:
    """A number in the report by dotted key; a group entry (a dict with ``accuracy``) gives its accuracy.

    ``accuracy``, ``metrics.Overall``, ``groups.category.Algebra`` (= its accuracy),
    ``groups.category.Algebra.total``, ``counts.timeout``.
    Group and metric names may contain dots; the longest matching name wins.
    """
    node: Any = report
    parts = key.split(".")
    i = 0
    while i < len(parts):
        if not isinstance(node, Mapping):
            raise KeyError(f"{key!r}: {'.'.join(parts[:i])} is a number, not a table")
        for j in range(len(parts), i, -1):  # longest name first: "Doc & Chart", "v1.2"
            name = ".".join(parts[i:j])
            if name in node:
                node = node[name]
                i = j
                break
        else:
            known = ", ".join(sorted(map(str, node)))[:300]
            raise KeyError(f"{key!r}: no {parts[i]!r} under {'.'.join(parts[:i]) or 'the report'} (known: {known})")
    if isinstance(node, Mapping) and "accuracy" in node:
        node = node["accuracy"]
    if isinstance(node, bool) or not isinstance(node, (int, float)):
        raise KeyError(f"{key!r} is not a number in the report (got {type(node).__name__})")
    return float(node)


def _gate(name: str, key: str, op: str, value: float | None, threshold: float, message: str = "") -> dict:
    if value is None:
        passed = False
    else:
        passed = value >= threshold - 1e-12 if op == ">=" else value <= threshold + 1e-12
    if not message and value is not None:
        verdict = "holds" if passed else "FAILED"
        gap = "" if passed else f" (short by {abs(threshold - value):.4f})"
        message = f"{name}: {key} = {value:.4f} {'>=' if op == '>=' else '<='} {threshold:g} {verdict}{gap}"
    return {"name": name, "key": key, "op": op, "value": value, "threshold": threshold, "passed": passed,
            "message": message}


def evaluate_gates(
    report: Mapping[str, Any],
    *,
    min_accuracy: float | None = None,
    thresholds: Sequence[Threshold] = (),
    baseline: Mapping[str, Any] | None = None,
    max_drop: float | None = None,
) -> list[dict[str, Any]]:
    """Check every configured gate against ``report``. Returns the gate results in a stable order."""
    gates = []
    n = report.get("total", 0)
    if min_accuracy is not None:
        g = _gate("min_accuracy", "accuracy", ">=", float(report.get("accuracy", 0.0)), min_accuracy)
        if not g["passed"]:
            g["message"] = (f"min_accuracy: {report.get('benchmark')} accuracy {g['value']:.4f} < min "
                            f"{min_accuracy:g} (n={n}, short by {min_accuracy - g['value']:.4f})")
        gates.append(g)
    for t in thresholds:
        try:
            value = lookup(report, t.key)
        except KeyError as exc:
            gates.append(_gate("threshold", t.key, t.op, None, t.value, f"threshold: {exc.args[0]}"))
            continue
        gates.append(_gate("threshold", t.key, t.op, value, t.value))
    if max_drop is not None:
        if baseline is None:
            gates.append(_gate("max_drop", "accuracy", ">=", None, -max_drop,
                               "max_drop: no baseline report given (--bench-baseline)"))
        else:
            base = float(baseline.get("accuracy", 0.0))
            delta = float(report.get("accuracy", 0.0)) - base
            g = _gate("max_drop", "accuracy_change", ">=", delta, -max_drop)
            g["baseline"] = base
            g["message"] = (f"max_drop: accuracy {report.get('accuracy', 0.0):.4f} vs baseline {base:.4f}: "
                            f"change {delta:+.4f}, allowed drop {max_drop:g} "
                            + ("holds" if g["passed"] else f"FAILED (over by {-delta - max_drop:.4f})"))
            gates.append(g)
    return gates
