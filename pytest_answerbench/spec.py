"""Benchmark definitions: YAML files loaded with ``yaml.safe_load`` and validated into a frozen BenchmarkSpec.

A built-in benchmark lives in ``benchmarks/<name>/benchmark.yaml`` (shipped inside the wheel as
``pytest_answerbench/benchmarks``); a user's own is any YAML path given to ``--bench``. ``include: other.yaml``
merges another file underneath (paths relative to the including file). Unknown keys are rejected with the
file, the key and the valid choices.
"""

from __future__ import annotations

import functools
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from . import scorers
from .errors import SpecError
from .verdict import PROFILES

__all__ = ["BenchmarkSpec", "SpecError", "builtin_dir", "builtin_specs", "load_spec", "resolve_benchmark"]


# key -> (type check, description) for messages
_KEYS: dict[str, str] = {
    "name": "str",
    "aliases": "list of str",
    "description": "str",
    "version": "int",
    "source": "str",
    "scorer": "str",
    "id_fields": "list of str",
    "prediction_field": "str",
    "gold_field": "str or list of str",
    "required": "list of str ('a|b' = either)",
    "optional": "list of str",
    "groups": "list of str",
    "keep_fields": "list of str",
    "timeout": "number (seconds) or null",
    "gate": "mapping with min_accuracy / thresholds",
    "options": "mapping",
    "fields": "mapping of benchmark field to the file's column (prediction: model_output)",
    "profiles": "list of str",
    "isolation": "'process' or 'none'",
    "cache_verdicts": "bool",
    "include": "str (path)",
    "samples_by": "str (the field whose rows are samples of one question)",
    "cluster": "str (the field whose rows form one cluster for the intervals)",
}
_GATE_KEYS = ("min_accuracy", "thresholds", "max_drop")


@dataclass(frozen=True)
class BenchmarkSpec:
    """A validated benchmark definition."""

    name: str
    scorer: str
    path: str = ""
    aliases: tuple[str, ...] = ()
    description: str = ""
    version: int = 1
    source: str = ""
    id_fields: tuple[str, ...] = ("id", "index")
    prediction_field: str = "prediction"
    gold_field: tuple[str, ...] = ("answer",)
    required: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    groups: tuple[str, ...] = ()
    keep_fields: tuple[str, ...] = ()
    timeout: float | None = None
    gate: Mapping[str, Any] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)
    profiles: tuple[str, ...] = PROFILES
    isolation: str = "none"  # "process": score in a killable child process (see pool.py)
    cache_verdicts: bool = False  # identical rows (ids aside) share one verdict within a run
    fields: Mapping[str, str] = field(default_factory=dict)  # benchmark field -> the file's column
    samples_by: str | None = None  # rows sharing this field's value are samples of one question (issue 25)
    cluster: str | None = None  # rows sharing this field's value are one cluster of the headline interval

    def missing_fields(self, row: Mapping[str, Any]) -> list[str]:
        """The required fields (or alternatives, 'a|b') absent from the row.

        Presence is what counts: a present but empty cell (null, NaN, "") is the scorer's to judge, as the
        reference reads such a cell (pandas NaN) rather than rejecting the row.
        """
        missing = []
        for req in self.required:
            if req in row and "|" not in req:  # the common case, checked twice for every row: no splitting
                continue
            alternatives = req.split("|")
            if not any(name in row for name in alternatives):
                missing.append(" or ".join(alternatives))
        return missing

    def row_id(self, row: Mapping[str, Any]) -> str | None:
        for name in self.id_fields:
            value = row.get(name)
            if value is not None and value != "":
                if isinstance(value, float) and value.is_integer():
                    value = int(value)
                return str(value)
        return None

    def gold_of(self, row: Mapping[str, Any]) -> Any:
        for name in self.gold_field:
            if row.get(name) is not None:
                return row[name]
        return None

    def kept(self, row: Mapping[str, Any]) -> dict[str, Any]:
        """The grouping and kept fields of a row, JSON-safe, for aggregation."""
        out = {}
        for name in self.groups + self.keep_fields:
            if name in row:
                out[name] = _json_safe(row[name])
        return out


def _json_safe(value: Any) -> Any:
    if value is None or isinstance(value, (str, int, bool)):
        return value
    if isinstance(value, float):
        return None if value != value else value
    if isinstance(value, (list, tuple)):
        return [_json_safe(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _json_safe(v) for k, v in value.items()}
    return str(value)


def builtin_dir() -> Path:
    """Where the built-in benchmark YAMLs are: inside the package (wheel) or the repo's ``benchmarks/``."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "benchmarks", here.parent / "benchmarks"):
        if candidate.is_dir():
            return candidate
    raise SpecError(f"built-in benchmark definitions not found (looked in {here / 'benchmarks'})")


@functools.lru_cache(maxsize=None)
def _builtin_index() -> tuple[tuple[str, tuple[str, ...], Path], ...]:
    """(name, aliases, path) of every built-in YAML, read without validation.

    Only the benchmark actually asked for is validated, so one broken definition cannot stop the others.
    """
    out = []
    for path in sorted(builtin_dir().glob("*/benchmark.yaml")):
        try:
            data = _read_yaml(path)
        except SpecError:
            data = {}
        name = data.get("name") if isinstance(data.get("name"), str) else path.parent.name
        aliases = data.get("aliases") if isinstance(data.get("aliases"), list) else []
        out.append((name, tuple(str(a) for a in aliases), path))
    return tuple(out)


def builtin_specs(errors: list[str] | None = None) -> dict[str, BenchmarkSpec]:
    """Every valid built-in benchmark by canonical name; invalid ones are reported into ``errors``."""
    specs = {}
    for _, _, path in _builtin_index():
        try:
            spec = _load_cached(path)
        except SpecError as exc:
            if errors is not None:
                errors.append(str(exc))
            continue
        specs[spec.name] = spec
    return specs


@functools.lru_cache(maxsize=None)
def _load_cached(path: Path) -> "BenchmarkSpec":
    return load_spec(path)


def _norm(name: str) -> str:
    return name.strip().lower().replace("-", "_").replace(" ", "_")


def resolve_benchmark(name_or_path: str) -> BenchmarkSpec:
    """A built-in benchmark by name or alias (case-insensitive), or a user's YAML file by path."""
    if name_or_path.endswith((".yaml", ".yml")) or os.sep in name_or_path or "/" in name_or_path:
        path = Path(name_or_path)
        if not path.is_file():
            raise SpecError(f"benchmark file {name_or_path} does not exist")
        return load_spec(path)
    wanted = _norm(name_or_path)
    index = _builtin_index()
    for name, aliases, path in index:
        if wanted == _norm(name) or wanted in {_norm(a) for a in aliases}:
            return _load_cached(path)
    raise SpecError(
        f"unknown benchmark {name_or_path!r} (known: {', '.join(sorted(n for n, _, _ in index))}; "
        "or give a path to a YAML file)"
    )


def _read_yaml(path: Path, seen: tuple[Path, ...] = ()) -> dict[str, Any]:
    import yaml

    path = path.resolve()
    if path in seen:
        raise SpecError(f"{path}: include cycle ({' -> '.join(str(p) for p in seen + (path,))})")
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SpecError(f"{path}: cannot read ({exc.strerror or exc})") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark else str(path)
        raise SpecError(f"{where}: not valid YAML ({getattr(exc, 'problem', exc)})") from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise SpecError(f"{path}: the top level must be a mapping of keys, got {type(data).__name__}")
    include = data.pop("include", None)
    if include is not None:
        if not isinstance(include, str):
            raise SpecError(f"{path}: include must be a path string")
        base = _read_yaml(path.parent / include, seen + (path,))
        merged = dict(base)
        for key, value in data.items():
            if isinstance(value, dict) and isinstance(merged.get(key), dict):
                merged[key] = {**merged[key], **value}
            else:
                merged[key] = value
        data = merged
    return data


def _str_list(data: Mapping[str, Any], key: str, where: str) -> tuple[str, ...] | None:
    if key not in data:
        return None
    value = data[key]
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, (str, int)) for v in value):
        raise SpecError(f"{where}: {key} must be a {_KEYS[key]}, got {value!r}")
    return tuple(str(v) for v in value)


def load_spec(path: str | os.PathLike[str]) -> BenchmarkSpec:
    """Load and validate one benchmark YAML."""
    path = Path(path)
    where = str(path)
    data = _read_yaml(path)
    unknown = sorted(set(data) - set(_KEYS))
    if unknown:
        raise SpecError(f"{where}: unknown key {unknown[0]!r} (known: {', '.join(sorted(_KEYS))})")
    for key in ("name", "scorer"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise SpecError(f"{where}: {key} is required and must be a non-empty string")
    known_scorers = scorers.available()
    if scorers.is_import_path(data["scorer"]):
        folder = str(path.resolve().parent)
        if folder not in sys.path:
            sys.path.insert(0, folder)
        try:
            scorers.get(data["scorer"])
        except Exception as exc:  # ImportError, or an error raised while importing the user's module
            raise SpecError(f"{where}: scorer {data['scorer']!r} cannot be imported ({type(exc).__name__}: {exc})")
    elif data["scorer"] not in known_scorers:
        raise SpecError(f"{where}: scorer {data['scorer']!r} unknown (known: {', '.join(known_scorers)}; "
                        "or a Python import path such as my_module or my_module:score)")
    kw: dict[str, Any] = {"name": data["name"].strip(), "scorer": data["scorer"], "path": where}
    for key in ("description", "source", "prediction_field", "samples_by", "cluster"):
        if key in data:
            if not isinstance(data[key], str):
                raise SpecError(f"{where}: {key} must be a str, got {data[key]!r}")
            kw[key] = data[key].strip()
    if "version" in data:
        if not isinstance(data["version"], int) or isinstance(data["version"], bool):
            raise SpecError(f"{where}: version must be an int, got {data['version']!r}")
        kw["version"] = data["version"]
    for key in ("aliases", "id_fields", "gold_field", "required", "optional", "groups", "keep_fields", "profiles"):
        value = _str_list(data, key, where)
        if value is not None:
            kw[key] = value
    for profile in kw.get("profiles", ()):
        if profile not in PROFILES:
            raise SpecError(f"{where}: profiles: {profile!r} unknown (known: {', '.join(PROFILES)})")
    if "timeout" in data and data["timeout"] is not None:
        t = as_number(data["timeout"])
        if isinstance(t, bool) or not isinstance(t, (int, float)) or t < 0:
            raise SpecError(f"{where}: timeout must be a non-negative number of seconds, got {t!r}")
        kw["timeout"] = float(t)
    if "isolation" in data:
        if data["isolation"] not in ("process", "none"):
            raise SpecError(f"{where}: isolation {data['isolation']!r} unknown (known: process, none)")
        kw["isolation"] = data["isolation"]
    if "cache_verdicts" in data:
        if not isinstance(data["cache_verdicts"], bool):
            raise SpecError(f"{where}: cache_verdicts must be true or false, got {data['cache_verdicts']!r}")
        kw["cache_verdicts"] = data["cache_verdicts"]
    gate = data.get("gate") or {}
    if not isinstance(gate, dict):
        raise SpecError(f"{where}: gate must be a mapping, got {gate!r}")
    for key, value in gate.items():
        if key not in _GATE_KEYS:
            raise SpecError(f"{where}: gate.{key} unknown (known: {', '.join(_GATE_KEYS)})")
        if key == "thresholds":
            if not isinstance(value, dict) or not all(_is_number(v) for v in value.values()):
                raise SpecError(f"{where}: gate.thresholds must map report keys to numbers, got {value!r}")
        elif value is not None and (not _is_number(value) or not 0 <= as_number(value) <= 1):
            raise SpecError(f"{where}: gate.{key} must be a number in [0, 1], got {value!r}")
    kw["gate"] = {key: (as_number(value) if key != "thresholds" and value is not None else value)
                  for key, value in gate.items()}
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise SpecError(f"{where}: options must be a mapping, got {options!r}")
    fields = data.get("fields") or {}
    if not isinstance(fields, dict) or not all(isinstance(k, str) and isinstance(v, str) and v.strip()
                                               for k, v in fields.items()):
        raise SpecError(f"{where}: fields must map benchmark fields to column names "
                        f"(e.g. prediction: model_output), got {fields!r}")
    kw["fields"] = {k.strip(): v.strip() for k, v in fields.items()}
    if data["scorer"] == "generic" and ("prediction_field" in data or "gold_field" in data):
        # the generic scorer reads the prediction and the gold where these keys say (its options.fields)
        declared = dict(options.get("fields") or {})
        if "prediction_field" in data:
            declared.setdefault("prediction", kw["prediction_field"])
        if "gold_field" in data:
            declared.setdefault("answer", list(kw["gold_field"]))
        options = {**options, "fields": declared}
    elif "prediction_field" in data or "gold_field" in data:
        # other scorers read their own fields: a column named here that they do not read is an error
        fields_read = {name for req in kw.get("required", ()) + kw.get("optional", ()) for name in req.split("|")}
        named = ([kw["prediction_field"]] if "prediction_field" in data else []) + list(kw.get("gold_field", ()))
        unread = [name for name in named if name not in fields_read]
        if unread:
            raise SpecError(f"{where}: scorer {data['scorer']!r} does not read {unread[0]!r} (prediction_field/"
                            f"gold_field must be among its required/optional fields: "
                            f"{', '.join(sorted(fields_read)) or 'none'}); to read a field from a column named "
                            f"otherwise, use fields: {{FIELD: {unread[0]}}}")
    kw["options"] = options
    spec = BenchmarkSpec(**kw)
    scorers.get(spec.scorer).validate_options(spec.options, where)
    return spec


def as_number(value: Any) -> Any:
    """A number as people write it in YAML: ``1e-6`` (which YAML 1.1 reads as text) and ``"0.5"`` become
    floats; anything else is returned unchanged for the caller's check to reject."""
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            return value
    return value


def _is_number(value: Any) -> bool:
    value = as_number(value)
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value
