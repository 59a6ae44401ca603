"""Gates: checks of a finished report against thresholds. Pure data in, gate results out.

Every gate is a :class:`Gate` record, whatever made it (a threshold, the comparison with a baseline, the
rescore check); the report's ``gates`` list holds their :meth:`Gate.to_dict`. The plugin turns failed gates into
the exit status; this module never raises on a report it cannot read (the gate fails and says why).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple, Sequence

from ..text.patterns import lazy_compile
from ..text.printable import printable
from ..verdict import STATUSES
from ._fmt import pts, verdict_word

__all__ = [
    "GATE_LOOKS",
    "Gate",
    "GateLook",
    "GateSettings",
    "Threshold",
    "comparison_gates",
    "junit_gate_cases",
    "evaluate_gates",
    "gate_look",
    "incomplete_gate",
    "lookup",
    "min_pass_gate",
    "parse_fraction",
    "parse_threshold",
    "rescore_gate",
    "unpaired_noninferiority_gate",
]

# Comparisons of a value with its threshold allow for the rounding of the report's numbers.
_TOLERANCE = 1e-12

_THRESHOLD_RE = lazy_compile(r"^\s*(?P<key>[^<>=]+?)\s*(?P<op>>=|<=|=)\s*(?P<value>\S+)\s*$")


# The one vocabulary of gate outcomes: the report's ``outcome``, JUnit's ``outcome`` property, the terminal word.
PASS, FAIL, INCONCLUSIVE = "pass", "fail", "inconclusive"
# What a non-inferiority gate compares with -margin: the lower end of the paired 95% interval of the change.
NI_KEY = "accuracy_change_ci95_low"


def outcome_of(gate: Mapping[str, Any]) -> str:
    """A gate's outcome word (reports written before every gate carried one: from ``passed``)."""
    return gate.get("outcome") or (PASS if gate["passed"] else FAIL)


class GateLook(NamedTuple):
    """How one gate state reads in every output: the word (terminal, ``answerbench compare``), the markdown
    mark, the terminal's markup, the GitHub annotation's command (None: no annotation) and the JUnit outcome."""

    word: str
    mark: str
    markup: dict[str, bool]
    annotation: str | None
    junit: str


#: The one table of gate states: an inconclusive gate (passed, but the data could not tell) reads as a warning
#: everywhere (yellow, ⚠️, a ``::warning`` annotation, a skipped JUnit case) and does not fail the run.
GATE_LOOKS = {
    "pass": GateLook("pass", "✅", {"green": True}, None, "passed"),
    "inconclusive": GateLook("inconclusive", "⚠️", {"yellow": True}, "warning", "skipped"),
    "FAIL": GateLook("FAIL", "❌", {"red": True, "bold": True}, "error", "failed"),
}


def gate_look(gate: Mapping[str, Any]) -> GateLook:
    """How ``gate`` reads (:data:`GATE_LOOKS`, by :func:`verdict_word`)."""
    return GATE_LOOKS[verdict_word(gate)]


def junit_gate_cases(report: Mapping[str, Any]) -> list[tuple[str, str, Any, list[tuple[str, Any]]]]:
    """Each gate of ``report`` as a JUnit test case: (node id ``answerbench::gate::NAME[KEY]``, outcome
    ``passed``/``failed``/``skipped``, the call report's ``longrepr``, properties). An inconclusive gate is
    skipped, as it reads everywhere; the ``outcome`` property is the report's word (``pass``, ``fail``,
    ``inconclusive``)."""
    # the gates of a --bench-select run judge a subset of the rows: their test cases say so
    kind = "gate::subset" if report.get("subset") else "gate"
    cases = []
    for gate in report["gates"]:
        nodeid = f"answerbench::{kind}::{gate['name']}[{gate['key']}]"
        outcome = gate_look(gate).junit
        props = [("gate", gate["name"]), ("key", gate["key"]), ("op", gate["op"]), ("value", gate["value"]),
                 ("threshold", gate["threshold"]), ("outcome", outcome_of(gate))]
        message = printable(gate["message"])
        longrepr = {"failed": message, "skipped": ("answerbench", 0, f"inconclusive: {message}")}.get(outcome)
        cases.append((nodeid, outcome, longrepr, props))
    return cases


@dataclass(frozen=True)
class Threshold:
    key: str
    value: float
    op: str = ">="  # value in the report must be >= (or <=) the threshold


@dataclass(frozen=True)
class GateSettings:
    """The gates asked for, one record from the options (``--bench-*``, ini, a benchmark YAML's ``gate:``, or
    ``answerbench compare``'s) to :func:`pytest_answerbench.report.build.gate_report`, so their names and
    defaults are written once. No field set: no gate.

    ``margin`` is the non-inferiority margin; ``group_gates`` applies ``max_drop`` and ``margin`` to every group
    too (Holm-corrected), off unless asked for in every entry point (the plugin, ``compare``, the library).
    ``subset`` says the report scores a selection of another report's rows (``--bench-select``): every gate's
    message then starts with it, as such gates judge a subset, not the benchmark.
    """

    min_accuracy: float | None = None
    thresholds: tuple[Threshold, ...] = ()
    max_drop: float | None = None
    margin: float | None = None
    group_gates: bool = False
    subset: str | None = None
    min_pass: tuple[int, int | None] | None = None  # (M, K): each question passes at least M of its K samples


def parse_fraction(text: Any) -> float:
    """A gate's fraction (``--bench-min-accuracy``, ``--max-drop``, a margin): a finite number in [0, 1]; a
    ValueError says why not, for the caller to prefix with where the value came from."""
    try:
        value = float(text)
    except (TypeError, ValueError):
        raise ValueError(f"must be a number in [0, 1], got {text!r}") from None
    if not math.isfinite(value) or not 0.0 <= value <= 1.0:
        raise ValueError(f"must be in [0, 1], got {text}")
    return value


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


# The report's numbers and tables a threshold can name before any row is scored (the rest:
# docs/report-schema.md); the names under metrics and under a group field are known only once the rows are scored.
_NUMBERS = ("accuracy", "correct", "total", "seconds")
_TABLES = ("counts", "metrics", "groups", "comparison", "rescore", "parallel", "shard")


def threshold_key_problem(key: str, groups: Sequence[str], with_baseline: bool = True) -> str | None:
    """Why ``key`` cannot name a number in this run's report (None: it may): checked before scoring, so a
    misspelt ``acuracy`` stops the run at once instead of failing its gate after every row was scored."""
    import difflib

    head, _, rest = key.partition(".")
    known = _NUMBERS + _TABLES
    if head not in known:
        close = difflib.get_close_matches(head, known, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        return f"{key!r}: no {head!r} in the report (known: {', '.join(known)}){hint}"
    if head in _NUMBERS and rest:
        return f"{key!r}: {head} is a number, not a table"
    if head in _TABLES and not rest:
        return f"{key!r}: {head} is a table; name an entry ({head}.NAME)"
    if head == "counts" and rest not in STATUSES:
        return f"{key!r}: no {rest!r} under counts (known: {', '.join(STATUSES)})"
    if head == "groups" and not any(rest == g or rest.startswith(g + ".") for g in groups):
        return (f"{key!r}: the benchmark groups by {', '.join(groups) or 'no field'}; "
                f"use groups.FIELD.VALUE")
    if head == "comparison" and not with_baseline:
        return f"{key!r}: the report has a comparison only with --bench-baseline"
    return None


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


@dataclass
class Gate:
    """One gate's result, as the report lists it.

    ``op`` is ``">="`` (the value must be at least the threshold), ``"<="`` (at most) or ``"="``; ``value`` is
    None when the gate could not be evaluated (it then fails). Comparison gates add ``outcome`` (``pass``,
    ``fail`` or ``inconclusive``: passed, but the data cannot tell) and, per group, ``group`` ([field, value]);
    the max-drop gate against a baseline without rows records the ``baseline`` accuracy.
    """

    name: str
    key: str
    op: str
    value: float | None
    threshold: float
    passed: bool
    message: str
    outcome: str | None = None
    group: list[str] | None = None
    baseline: float | None = None

    @classmethod
    def check(cls, name: str, key: str, op: str, value: float | None, threshold: float, message: str = "",
              **extra: Any) -> "Gate":
        """The gate ``value op threshold`` (failed when ``value`` is None), with a default message."""
        if value is None:
            passed = False
        else:
            passed = value >= threshold - _TOLERANCE if op == ">=" else value <= threshold + _TOLERANCE
        if not message and value is not None:
            verdict = "holds" if passed else "FAILED"
            gap = "" if passed else f" (short by {abs(threshold - value):.4f})"
            message = f"{name}: {key} = {value:.4f} {'>=' if op == '>=' else '<='} {threshold:g} {verdict}{gap}"
        return cls(name, key, op, value, threshold, passed, message, **extra)

    def to_dict(self) -> dict[str, Any]:
        """The report's form: the optional entries only when set."""
        out: dict[str, Any] = {"name": self.name, "key": self.key, "op": self.op, "value": self.value,
                               "threshold": self.threshold, "passed": self.passed,
                               "outcome": self.outcome or (PASS if self.passed else FAIL)}
        for key in ("group", "baseline"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        out["message"] = self.message
        return out


def evaluate_gates(
    report: Mapping[str, Any],
    *,
    min_accuracy: float | None = None,
    thresholds: Sequence[Threshold] = (),
    baseline: Mapping[str, Any] | None = None,
    max_drop: float | None = None,
) -> list[dict[str, Any]]:
    """Check every configured gate against ``report``. Returns the gate results in a stable order.

    ``baseline`` here is compared by its overall accuracy only (a baseline report without rows); a paired
    comparison gives :func:`comparison_gates` instead.
    """
    gates = []
    n = report.get("total", 0)
    if min_accuracy is not None:
        g = Gate.check("min_accuracy", "accuracy", ">=", float(report.get("accuracy", 0.0)), min_accuracy)
        k = (report.get("metrics") or {}).get("k") if report.get("questions") else None
        if not g.passed:
            what = f"avg@{k} (accuracy over all samples)" if k else "accuracy"
            g.message = (f"min_accuracy: {report.get('benchmark')} {what} {g.value:.4f} < min "
                         f"{min_accuracy:g} (n={n}, short by {min_accuracy - g.value:.4f})")
        elif k:
            g.message = g.message.replace("accuracy = ", f"avg@{k} = ", 1)
        gates.append(g)
    for t in thresholds:
        try:
            value = lookup(report, t.key)
        except KeyError as exc:
            gates.append(Gate.check("threshold", t.key, t.op, None, t.value, f"threshold: {exc.args[0]}"))
            continue
        gates.append(Gate.check("threshold", t.key, t.op, value, t.value))
    if max_drop is not None:
        if baseline is None:
            gates.append(Gate.check("max_drop", "accuracy", ">=", None, -max_drop,
                                    "max_drop: no baseline report given (--bench-baseline)"))
        else:
            base = float(baseline.get("accuracy", 0.0))
            delta = float(report.get("accuracy", 0.0)) - base
            g = Gate.check("max_drop", "accuracy_change", ">=", delta, -max_drop, baseline=base)
            g.message = (f"max_drop: accuracy {report.get('accuracy', 0.0):.4f} vs baseline {base:.4f}: "
                         f"change {delta:+.4f}, allowed drop {max_drop:g} "
                         + ("holds" if g.passed else f"FAILED (over by {-delta - max_drop:.4f})"))
            gates.append(g)
    return [g.to_dict() for g in gates]


def comparison_gates(comparison: Mapping[str, Any], *, max_drop: float | None = None,
                     noninferiority: bool = True, per_group: bool = True,
                     fingerprint_check: bool = True) -> list[dict[str, Any]]:
    """The gates (with ``outcome`` and, for group gates, ``group``) of a comparison from
    :func:`pytest_answerbench.report.paired.compare_reports`.

    - ``max_drop`` (when given): overall, the paired change must be >= -D. Per group, a group fails only
      when its drop exceeds D *and* McNemar's Holm-adjusted p-value is below alpha (a point drop in a small
      group alone is mostly noise).
    - ``noninferiority`` (when the comparison was made with a margin): fails only on the verdict ``fail``;
      ``inconclusive`` passes with outcome ``inconclusive`` and the explanation in the message. Per group the
      Holm-adjusted verdict is used.
    - ``fingerprint``: fails when the runs were scored differently (scorer/tool version, benchmark
      definition, gold), since verdict changes then need not be the model's.
    """
    gates: list[Gate] = []
    alpha = comparison.get("alpha", 0.05)
    delta = comparison.get("delta")
    if max_drop is not None:
        passed = delta is not None and delta >= -max_drop - _TOLERANCE
        ci = comparison.get("ci95") or [None, None]
        gates.append(Gate(
            "max_drop", "accuracy_change", ">=", delta, -max_drop, passed, outcome="pass" if passed else "fail",
            message=(f"max_drop: paired change {pts(delta)} on {_paired_units(comparison)} (95% CI "
                     f"{pts(ci[0])} to {pts(ci[1])}, {_test_name(comparison)} p={comparison.get('p_value', 1.0):.3g}), "
                     f"allowed drop {max_drop * 100:.2f} pts " + ("holds" if passed else "FAILED"))))
    margin = comparison.get("margin")
    ni = comparison.get("noninferiority")
    if noninferiority and margin is not None:
        if ni is None:  # no paired rows
            gates.append(Gate("noninferiority", NI_KEY, ">=", None, -margin, False, outcome="fail",
                              message="noninferiority: no rows in common with the baseline"))
        else:
            gates.append(Gate("noninferiority", NI_KEY, ">=", comparison["ci95"][0], -margin,
                              ni["verdict"] != "fail", outcome=ni["verdict"],
                              message=f"noninferiority (margin {margin * 100:.2f} pts): {ni['explanation']}"))
    if per_group:
        for field, values in (comparison.get("groups") or {}).items():
            for value, g in values.items():
                key = f"groups.{field}.{value}.accuracy_change"
                where = f"{field}={value} (n={g['n']})"
                if max_drop is not None:
                    dropped = g["delta"] is not None and g["delta"] < -max_drop - _TOLERANCE
                    failed = dropped and g["p_holm"] < alpha
                    gates.append(Gate(
                        "max_drop", key, ">=", g["delta"], -max_drop, not failed, group=[field, value],
                        outcome="fail" if failed else ("inconclusive" if dropped else "pass"),
                        message=(f"max_drop {where}: change {pts(g['delta'])}, McNemar p={g['p_value']:.3g}, "
                                 f"Holm-adjusted p={g['p_holm']:.3g} " + (
                                     "FAILED" if failed else "holds (drop not significant after Holm)"
                                     if dropped else "holds"))))
                gni = g.get("noninferiority")
                if noninferiority and gni is not None:
                    verdict = gni["verdict_holm"]
                    gates.append(Gate(
                        "noninferiority", f"groups.{field}.{value}.{NI_KEY}", ">=", g["ci95"][0], -margin, verdict != "fail",
                        outcome=verdict,
                        group=[field, value],
                        message=(f"noninferiority {where}: {gni['explanation']}; Holm-adjusted p(drop > "
                                 f"margin)={gni['p_inferior_holm']:.3g} -> {verdict}")))
    out = [g.to_dict() for g in gates]
    if fingerprint_check:
        out.append(fingerprint_gate((comparison.get("fingerprint") or {}).get("mismatch") or []))
    return out


def fingerprint_gate(mismatch: Sequence[str]) -> dict[str, Any]:
    """The fingerprint gate: fails with every reason in ``mismatch`` (report/paired.py), passes when empty."""
    return Gate("fingerprint", "fingerprint", "=", len(mismatch), 0, not mismatch, outcome="fail" if mismatch else "pass",
                message=("fingerprint: FAILED, the runs are not shown to be scored the same way: " + "; ".join(mismatch)
                         if mismatch else "fingerprint: baseline scored the same way")).to_dict()


def min_pass_gate(report: Mapping[str, Any], m: int, k: int | None = None, shown: int = 10) -> dict[str, Any]:
    """Each question passes at least ``m`` of its samples (``--bench-min-pass M/K``), from the report's
    ``questions``. With ``k``, only the questions with exactly k samples are held to it (the others are counted
    in the message, neither passing nor failing); without, every question. The failing questions are listed
    (the first ``shown``); a report without samples fails the gate, saying so."""
    key = f"min_pass {m}/{k}" if k is not None else f"min_pass {m}"
    questions = report.get("questions")
    if not questions:
        return Gate("min_pass", "questions", ">=", None, m, False,
                    f"{key}: FAILED, the report has no samples (--bench-samples-by FIELD, or list predictions)"
                    ).to_dict()
    held = [q for q in questions if k is None or q["n"] == k]
    failing = [q for q in held if q["c"] < m]
    apart = len(questions) - len(held)
    other = f"; {apart} question(s) with another number of samples not held to it" if apart else ""
    if not held:
        return Gate("min_pass", "questions", ">=", None, m, False,
                    f"{key}: FAILED, no question has {k} samples{other}").to_dict()
    passed = not failing
    listed = ", ".join(f"{q['id']} ({q['c']}/{q['n']})" for q in failing[:shown])
    more = f", ... {len(failing) - shown} more" if len(failing) > shown else ""
    message = (f"{key}: {len(held) - len(failing)} of {len(held)} questions pass at least {m} of their samples "
               + ("holds" if passed else f"FAILED: {listed}{more}") + other)
    return Gate("min_pass", "questions_failing", "<=", float(len(failing)), 0, passed, message).to_dict()


def _paired_units(comparison: Mapping[str, Any]) -> str:
    """What a comparison paired: questions (with samples) or rows."""
    if comparison.get("questions") is not None:
        return f"{comparison['questions']} questions"
    return f"{comparison.get('n', 0)} rows"


def _test_name(comparison: Mapping[str, Any]) -> str:
    return "cluster bootstrap" if comparison.get("questions") is not None else "McNemar"


def unpaired_noninferiority_gate(margin: float) -> dict[str, Any]:
    """A non-inferiority margin was asked for, but the baseline report has no rows to pair with: a failure."""
    return Gate("noninferiority", NI_KEY, ">=", None, -margin, False, outcome="fail",
                message="noninferiority: the baseline report has no rows to pair with").to_dict()


def rescore_gate(differences: Sequence[Mapping[str, Any]], rows: int) -> dict[str, Any]:
    """The rescore check: every row scored a second time must get the same verdict.

    ``differences`` are :func:`pytest_answerbench.report.paired.rescore_differences` over ``rows`` rows.
    """
    shown = "; ".join(f"{d['id']}: " + ", ".join(f"{k} {v[0]!r}->{v[1]!r}" for k, v in d["changes"].items())
                      for d in differences[:5])
    return Gate("rescore", "rescore.differences", "<=", len(differences), 0, not differences,
                outcome="fail" if differences else "pass",
                message=(f"rescore: {len(differences)} of {rows} rows scored differently the second time: {shown}"
                         if differences else f"rescore: all {rows} rows scored identically the second time")
                ).to_dict()


def incomplete_gate(reason: str, not_run: int, total: int) -> dict[str, Any]:
    """The gate every incomplete report fails: its accuracy counts ``not_run`` of ``total`` rows that were never
    scored, so no threshold can be said to hold (docs/running.md, "What an interrupted run writes")."""
    return Gate("complete", "not_run", "<=", not_run, 0, False, outcome="fail",
                message=f"complete: FAILED, the run is incomplete ({reason}); {not_run} of {total} rows not run"
                ).to_dict()
