"""User-defined benchmarks (``scorer: generic``): extraction and matching declared in the benchmark YAML.

Everything lives under the YAML's ``options:`` key (no Python, no ``!function``)::

    options:
      extract:                      # ordered: the first extractor that finds something wins
        - {type: tag, tag: answer}  # <answer>...</answer> (last)
        - {type: boxed}             # \\boxed{...} (last; which: first to take the first)
        - {type: regex, pattern: "Answer:\\s*(.+)", group: 1}
        - {type: choice}            # option letter from the row's option columns A, B, ... (infer_choice)
        - {type: last_number}
        - {type: whole}             # the whole prediction, stripped
      match:                        # one matcher ...
        type: numeric
        rel_tol: 0.01
      # ... or a dispatch on a row field:
      # match: {field: kind, cases: {number: {type: numeric}, name: {type: normalized}}, default: {type: exact}}

Matchers: ``exact``, ``normalized`` (case, accents, punctuation and spacing ignored; a minus sign that
starts a number is kept), ``numeric`` (``abs_tol``, ``rel_tol``), ``sympy`` (via ``pytest_answerbench.maths``;
``tolerance``), ``set`` / ``list`` (``sep``, item comparison ``items: exact|normalized|numeric``), ``choice``
(option letters), ``polyhedron`` (a PolyhedronEvaluator ``eval_type`` with ``score_type``), ``megabench`` (a
MEGA-Bench ``metric``). A matcher returns a score in 0..1; the row is correct at 1.

``check_options`` validates all of it and names the key and the valid choices on a mistake.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from typing import Any, Callable, Mapping

from ..text.patterns import lazy_compile
from ..verdict import ScoreContext, Verdict

__all__ = ["EXTRACTORS", "MATCHERS", "OPTIONS", "check_options", "named_fields", "score"]

OPTIONS: dict[str, str] = {
    "extract": "ordered list of extractors (tag, boxed, regex, choice, last_number, whole); default: whole",
    "match": "a matcher {type: ..., params} or a dispatch {field: <row field>, cases: {...}, default: {...}}",
    "fields": "{prediction: <row field>, answer: <row field or list>} when the rows use other names than "
              "prediction/response/output and answer/gold/final_answer/correct_answer (the YAML's "
              "prediction_field and gold_field set it)",
}

# type -> {parameter: description}
EXTRACTORS: dict[str, dict[str, str]] = {
    "tag": {"tag": "tag name (default answer)", "which": "first or last (default last)"},
    "boxed": {"which": "first or last (default last)"},
    "regex": {"pattern": "Python regular expression (required)", "group": "group number or name (default 1, "
              "or 0 without groups)", "which": "first or last match (default last)", "ignore_case": "bool"},
    "choice": {"options": "row fields holding the options (default A..J present in the row)"},
    "last_number": {},
    "whole": {},
}
MATCHERS: dict[str, dict[str, str]] = {
    "exact": {"strip": "bool (default true)"},
    "normalized": {},
    "numeric": {"abs_tol": "number (default 0)", "rel_tol": "number (default 1e-9)"},
    "sympy": {"tolerance": "absolute numeric tolerance or null"},
    "set": {"sep": "item separator (default ,)", "items": "exact, normalized (default) or numeric"},
    "list": {"sep": "item separator (default ,)", "items": "exact, normalized (default) or numeric"},
    "choice": {},
    "polyhedron": {"eval_type": "a PolyhedronEvaluator eval type (required)", "score_type": "hard or soft"},
    "megabench": {"metric": "a MEGA-Bench field scoring function (required)"},
}
_ITEM_KINDS = ("exact", "normalized", "numeric")
_WHICH = ("first", "last")
_LETTERS = tuple("ABCDEFGHIJ")


# ------------------------------------------------------------------------------------------- validation

def _known(names: Mapping[str, Any]) -> str:
    return ", ".join(names)


def _check_params(where: str, spec: Any, registry: Mapping[str, Mapping[str, str]], kind: str) -> str | None:
    if not isinstance(spec, Mapping):
        return f"{where} must be a mapping with a 'type' key, got {spec!r}"
    t = spec.get("type")
    if t not in registry:
        return f"{where}.type {t!r} unknown (known: {_known(registry)})"
    allowed = registry[t]
    for key in spec:
        if key != "type" and key not in allowed:
            known = _known(allowed) or "none"
            return f"{where}.{key} is not a parameter of {kind} {t!r} (known: {known})"
    return None


def _check_extractor(where: str, spec: Any) -> str | None:
    return _check_params(where, spec, EXTRACTORS, "extractor") or _extractor_rules(where, spec)


def _extractor_rules(where: str, spec: Mapping[str, Any]) -> str | None:
    if spec.get("which", "last") not in _WHICH:
        return f"{where}.which {spec['which']!r} unknown (known: {', '.join(_WHICH)})"
    if spec["type"] == "regex":
        pattern = spec.get("pattern")
        if not isinstance(pattern, str) or not pattern:
            return f"{where}.pattern is required and must be a regular expression string"
        try:
            compiled = re.compile(pattern)
        except re.error as exc:
            return f"{where}.pattern {pattern!r} is not a valid regular expression ({exc})"
        group = spec.get("group", 1 if compiled.groups else 0)
        if isinstance(group, bool) or not isinstance(group, (int, str)):
            return f"{where}.group must be a group number or name, got {group!r}"
        if isinstance(group, int) and group > compiled.groups:
            return f"{where}.group {group} but the pattern has {compiled.groups} group(s)"
        if isinstance(group, str) and group not in compiled.groupindex:
            return f"{where}.group {group!r} is not a named group of the pattern"
    if spec["type"] == "tag" and not isinstance(spec.get("tag", "answer"), str):
        return f"{where}.tag must be a tag name string"
    if spec["type"] == "choice":
        opts = spec.get("options", list(_LETTERS))
        if not isinstance(opts, list) or not all(isinstance(o, str) for o in opts):
            return f"{where}.options must be a list of row field names"
    return None


def _names(value: Any) -> tuple[str, ...]:
    """Row field names: one name or a list of them (the first present wins); () when not that."""
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not names or not all(isinstance(n, str) and n for n in names):
        return ()
    return tuple(names)


def _tolerance(value: Any) -> float | None:
    """A numeric option as people write it: 1e-6 (YAML 1.1 reads it as the text '1e-6'), 0.01, 1; None: not a
    non-negative number."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            return None
    if not isinstance(value, (int, float)) or not value >= 0 or not math.isfinite(value):
        return None
    return float(value)


def _check_matcher(where: str, spec: Any) -> str | None:
    return _check_params(where, spec, MATCHERS, "matcher") or _matcher_rules(where, spec)


def _matcher_rules(where: str, spec: Mapping[str, Any]) -> str | None:
    t = spec["type"]
    for key in ("abs_tol", "rel_tol", "tolerance"):
        if key in spec and spec[key] is not None:
            v = spec[key]
            if _tolerance(v) is None:
                return f"{where}.{key} must be a non-negative number, got {v!r}"
    if t in ("set", "list"):
        if spec.get("items", "normalized") not in _ITEM_KINDS:
            return f"{where}.items {spec['items']!r} unknown (known: {', '.join(_ITEM_KINDS)})"
        if not isinstance(spec.get("sep", ","), str) or not spec.get("sep", ","):
            return f"{where}.sep must be a non-empty string"
    if t == "exact" and not isinstance(spec.get("strip", True), bool):
        return f"{where}.strip must be true or false"
    if t == "polyhedron":
        if not isinstance(spec.get("eval_type"), str) or not spec["eval_type"].strip():
            return f"{where}.eval_type is required (e.g. numeral, nominal, unordered array, oua_nominal)"
        if spec.get("score_type", "hard") not in ("hard", "soft"):
            return f"{where}.score_type {spec['score_type']!r} unknown (known: hard, soft)"
    if t == "megabench":
        from .megabench.metrics import IMPLEMENTED

        if spec.get("metric") not in IMPLEMENTED:
            return f"{where}.metric {spec.get('metric')!r} unknown (known: {', '.join(IMPLEMENTED)})"
    return None


def named_fields(options: Mapping[str, Any], prediction_field: str | None,
                 gold_field: tuple[str, ...] | None) -> dict[str, Any]:
    """The YAML's ``prediction_field``/``gold_field`` as ``options.fields`` (the scorer protocol's hook,
    ``scorers/__init__.py``): this scorer reads the prediction and the gold where they say, unless
    ``options.fields`` already names them."""
    declared = options.get("fields") or {}
    if not isinstance(declared, Mapping):
        return dict(options)  # check_options reports it
    declared = dict(declared)
    if prediction_field is not None:
        declared.setdefault("prediction", prediction_field)
    if gold_field is not None:
        declared.setdefault("answer", list(gold_field))
    return {**options, "fields": declared}


def check_options(options: Mapping[str, Any]) -> str | None:
    """Validate a generic benchmark's options; an error naming the key and the valid choices, or None."""
    extract = options.get("extract", [{"type": "whole"}])
    if not isinstance(extract, list) or not extract:
        return "options.extract must be a non-empty list of extractors"
    for i, spec in enumerate(extract):
        problem = _check_extractor(f"options.extract[{i}]", spec)
        if problem:
            return problem
    fields = options.get("fields", {})
    if not isinstance(fields, Mapping) or any(k not in ("prediction", "answer") or not _names(v)
                                               for k, v in fields.items()):
        return "options.fields must map prediction and/or answer to row field names (known: prediction, answer)"
    matcher = options.get("match")
    if matcher is None:
        return f"options.match is required (a matcher: {_known(MATCHERS)}; or a dispatch on a row field)"
    if isinstance(matcher, Mapping) and "field" in matcher:
        unknown = sorted(set(matcher) - {"field", "cases", "default"})
        if unknown:
            return f"options.match.{unknown[0]} unknown in a dispatch (known: field, cases, default)"
        if not isinstance(matcher["field"], str) or not matcher["field"]:
            return "options.match.field must be the name of a row field"
        cases = matcher.get("cases")
        if not isinstance(cases, Mapping) or not cases:
            return "options.match.cases must map row values to matchers"
        for value, spec in cases.items():
            problem = _check_matcher(f"options.match.cases.{value}", spec)
            if problem:
                return problem
        if "default" in matcher:
            return _check_matcher("options.match.default", matcher["default"])
        return None
    return _check_matcher("options.match", matcher)


# ----------------------------------------------------------------------------------------------- extraction

def _pick(items: list[Any], which: str) -> Any:
    return items[0] if which == "first" else items[-1]


def _boxed(text: str, which: str) -> str | None:
    from .. import maths

    boxes = maths.boxed_all(text)
    return _pick(boxes, which)[2].strip() if boxes else None


def _extract(spec: Mapping[str, Any], text: str, row: Mapping[str, Any]) -> tuple[str | None, str]:
    t = spec["type"]
    which = spec.get("which", "last")
    if t == "whole":
        return (text.strip() or None), ""
    if t == "boxed":
        return _boxed(text, which), ""
    if t == "tag":
        tag = re.escape(spec.get("tag", "answer"))
        found = re.findall(rf"<{tag}>(.*?)</{tag}>", text, re.DOTALL | re.IGNORECASE)
        return (_pick(found, which).strip() if found else None), ""
    if t == "regex":
        flags = re.IGNORECASE if spec.get("ignore_case") else 0
        pattern = re.compile(spec["pattern"], flags)
        group = spec.get("group", 1 if pattern.groups else 0)
        found = list(pattern.finditer(text))
        if not found:
            return None, ""
        value = _pick(found, which).group(group)
        return (value.strip() if value is not None else None), ""
    if t == "last_number":
        nums = re.findall(r"-?\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d+)?%?|-?\.\d+", text)
        return (nums[-1] if nums else None), ""
    if t == "choice":
        from ..choice import infer_choice

        options = _options(row, spec.get("options"))
        if not options:
            return None, "the row has no option columns"
        found = infer_choice(text, options)
        return found.letter, found.method
    raise ValueError(f"extractor {t!r} unknown")


def _options(row: Mapping[str, Any], names: list[str] | None) -> dict[str, str]:
    out = {}
    for name in names or _LETTERS:
        value = row.get(name)
        if value is None or (isinstance(value, float) and math.isnan(value)) or str(value).strip() == "":
            continue
        out[name] = str(value)
    return out


# ----------------------------------------------------------------------------------------------- matching

def _normalize(s: str) -> str:
    s = unicodedata.normalize("NFKD", s)
    s = "".join(c for c in s if not unicodedata.combining(c)).casefold()
    # Punctuation separates words, except a minus sign that starts a number: "-1" is not "1".
    s = "".join(c if c == "-" and _SIGN.match(s, i) else " " if unicodedata.category(c).startswith("P") else c
                for i, c in enumerate(s))
    return " ".join(s.split())


_SIGN = lazy_compile(r"(?<!\w)-(?=\.?\d)")


def _number(s: Any) -> float | None:
    text = str(s).strip().replace(",", "").replace("$", "")
    percent = text.endswith("%")
    text = text.rstrip("%").strip()
    try:
        value = float(text)
    except ValueError:
        m = re.fullmatch(r"(-?\d+)\s*/\s*(\d+)", text)
        if not m or int(m.group(2)) == 0:
            return None
        value = int(m.group(1)) / int(m.group(2))
    if math.isnan(value):
        return None
    return value / 100 if percent else value


def _close(a: float, b: float, abs_tol: float, rel_tol: float) -> bool:
    return math.isclose(a, b, abs_tol=abs_tol, rel_tol=rel_tol)


def _item_equal(kind: str, spec: Mapping[str, Any]) -> Callable[[str, str], bool]:
    if kind == "exact":
        return lambda g, p: g == p
    if kind == "numeric":
        def eq(g: str, p: str) -> bool:
            a, b = _number(g), _number(p)
            return a is not None and b is not None and _close(a, b, 0.0, 1e-9)
        return eq
    return lambda g, p: _normalize(g) == _normalize(p)


def _letter(s: str) -> str | None:
    m = re.fullmatch(r"\s*[\(\[]?\s*([A-Za-z])\s*[\)\]\.:]?\s*", s)
    return m.group(1).upper() if m else None


def _match(spec: Mapping[str, Any], gold: str, pred: str, row: Mapping[str, Any], ctx: ScoreContext
           ) -> tuple[float, str]:
    """Score ``pred`` against ``gold`` with one matcher: (score in 0..1, detail)."""
    t = spec["type"]
    if t == "exact":
        if spec.get("strip", True):
            gold, pred = gold.strip(), pred.strip()
        return float(gold == pred), ""
    if t == "normalized":
        return float(_normalize(gold) == _normalize(pred)), ""
    if t == "numeric":
        a, b = _number(gold), _number(pred)
        if a is None:
            raise ValueError(f"gold answer {gold!r} is not a number")
        if b is None:
            return 0.0, f"{pred!r} is not a number"
        return float(_close(a, b, _tolerance(spec.get("abs_tol", 0.0)) or 0.0,
                            _tolerance(spec.get("rel_tol", 1e-9)) or 0.0)), ""
    if t == "sympy":
        try:
            from .. import maths
        except ImportError as exc:  # degrade clearly if the math engine is not available
            raise ValueError(f"matcher 'sympy' needs pytest_answerbench.maths, which failed to import: {exc}")
        tolerance = spec.get("tolerance")
        ok, how = maths.equivalent(gold, pred, None if tolerance is None else _tolerance(tolerance))
        if maths.undecided(how):
            raise ValueError(maths.undecided(how))  # reported as an error row, never as a wrong answer
        return float(ok), how
    if t in ("set", "list"):
        sep = spec.get("sep", ",")
        eq = _item_equal(spec.get("items", "normalized"), spec)
        g = [x.strip() for x in gold.split(sep) if x.strip()]
        p = [x.strip() for x in pred.split(sep) if x.strip()]
        if t == "list":
            return float(len(g) == len(p) and all(eq(a, b) for a, b in zip(g, p))), ""
        # Sets: every predicted item is a gold item and every gold item was predicted (repeats do not count).
        extra_items = [b for b in p if not any(eq(a, b) for a in g)]
        missing = [a for a in g if not any(eq(a, b) for b in p)]
        if extra_items or missing:
            return 0.0, f"not in gold: {extra_items}; missing: {missing}"
        return 1.0, ""
    if t == "choice":
        want = _letter(gold)
        if want is None:
            raise ValueError(f"gold answer {gold!r} is not an option letter")
        got = _letter(pred)
        if got is None:
            from ..choice import infer_choice

            options = _options(row, None)
            got = infer_choice(pred, options).letter if options else None
        return float(got == want), f"read {got}"
    if t == "polyhedron":
        from .polyhedron.core import eval_router

        value = eval_router(pred, gold, spec["eval_type"], spec.get("score_type", "hard"), not ctx.upstream)
        return float(value), ""
    if t == "megabench":
        from .megabench.metrics import match

        value = match(spec["metric"], pred, gold, not ctx.upstream)
        return max(float(value), 0.0), ""
    raise ValueError(f"matcher {t!r} unknown")


def _text(value: Any) -> str | None:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def score(row: Mapping[str, Any], ctx: ScoreContext) -> Verdict:
    """Extract the answer with the declared extractors, then score it with the declared matcher."""
    problem = check_options(ctx.options)
    if problem:
        return Verdict.error(problem)
    fields = ctx.options.get("fields") or {}
    gold_names = _names(fields["answer"]) if "answer" in fields else _GOLD_FIELDS
    gold = _first_present(row, gold_names)
    if gold is None:
        return Verdict.error(f"the row has no gold answer (looked for {', '.join(gold_names)})")
    text = _first_present(row, _names(fields["prediction"]) if "prediction" in fields else _PREDICTION_FIELDS) or ""
    extracted, how = None, "none"
    for spec in ctx.options.get("extract", [{"type": "whole"}]):
        value, detail = _extract(spec, text, row)
        if value:
            extracted, how = value, spec["type"] + (f"/{detail}" if detail else "")
            break
    matcher = ctx.options["match"]
    label = ""
    if "field" in matcher:
        key = _text(row.get(matcher["field"]))
        cases = {str(k): v for k, v in matcher["cases"].items()}
        if key in cases:
            matcher, label = cases[key], f"{matcher['field']}={key}:"
        elif "default" in matcher:
            matcher, label = matcher["default"], f"{matcher['field']}=default:"
        else:
            return Verdict.error(f"row field {matcher['field']!r} is {key!r}, which options.match.cases does not "
                                 f"list (known: {', '.join(cases)}) and there is no default", gold=gold)
    method = f"{how}>{label}{matcher['type']}"
    if extracted is None:
        return Verdict.graded(False, method=f"no-answer>{label}{matcher['type']}", gold=gold,
                              detail="no extractor found an answer")
    try:
        value, detail = _match(matcher, gold, extracted, row, ctx)
    except ValueError as exc:
        return Verdict.error(str(exc), extracted=extracted, gold=gold, method=method)
    return Verdict.partial(min(max(value, 0.0), 1.0), extracted=extracted, gold=gold, method=method, detail=detail)


_GOLD_FIELDS = ("answer", "gold", "final_answer", "correct_answer")
_PREDICTION_FIELDS = ("prediction", "response", "output")


def _first_present(row: Mapping[str, Any], names: tuple[str, ...]) -> str | None:
    for name in names:
        value = _text(row.get(name))
        if value is not None:
            return value
    return None
