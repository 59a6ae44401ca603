"""Benchmark definitions: YAML files loaded with ``yaml.safe_load`` and validated into a frozen BenchmarkSpec.

A built-in benchmark lives in ``benchmarks/<name>/benchmark.yaml`` (shipped inside the wheel as
``pytest_answerbench/benchmarks``); a user's own is any YAML path given to ``--bench``. ``include: other.yaml``
merges another file underneath (paths relative to the including file). Every key is a row of :data:`KEYS`
(what it holds, and the function reading it); unknown keys and bad values are rejected with the file, the key and
the valid choices, all of a file's problems in one error.
"""

from __future__ import annotations

import functools
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from . import scorers
from .errors import SpecError
from .verdict import PROFILES

__all__ = ["ISOLATIONS", "KEYS", "BenchmarkSpec", "Key", "SpecError", "builtin_dir", "builtin_specs", "load_spec",
           "resolve_benchmark"]




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
    verifier: str | None = None  # "judge": the opt-in verifier of undecided rows (judge/verifier.py)
    fields: Mapping[str, str] = field(default_factory=dict)  # benchmark field -> the file's column
    samples_by: str | None = None  # rows sharing this field's value are samples of one question
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


@functools.lru_cache(maxsize=None)
def _named_definition(wanted: str) -> Path | None:
    """``benchmarks/<wanted>/benchmark.yaml`` when it exists (looked up once: score_row resolves on every row)."""
    path = builtin_dir() / wanted / "benchmark.yaml"
    return path if path.is_file() else None


def resolve_benchmark(name_or_path: str) -> BenchmarkSpec:
    """A built-in benchmark by name or alias (case-insensitive), or a user's YAML file by path."""
    if name_or_path.endswith((".yaml", ".yml")) or os.sep in name_or_path or "/" in name_or_path:
        path = Path(name_or_path)
        if not path.is_file():
            raise SpecError(f"benchmark file {name_or_path} does not exist")
        return load_spec(path)
    wanted = _norm(name_or_path)
    # A benchmark asked for by name lives in the folder of that name: read that one file, not every definition
    # (names and aliases are unique across benchmarks, tests/plugin/test_spec.py). Anything else takes the index.
    direct = _named_definition(wanted)
    if direct is not None:
        try:
            spec = _load_cached(direct)
        except SpecError:
            spec = None  # the index below finds the same file (or another) and raises or returns as before
        if spec is not None and _norm(spec.name) == wanted:
            return spec
    index = _builtin_index()
    for name, aliases, path in index:
        if wanted == _norm(name) or wanted in {_norm(a) for a in aliases}:
            return _load_cached(path)
    import difflib

    spellings = {_norm(spelled): name for name, aliases, _ in index for spelled in (name, *aliases)}
    close = difflib.get_close_matches(wanted, list(spellings), n=1, cutoff=0.6)
    hint = f"; did you mean {spellings[close[0]]!r}?" if close else ""
    raise SpecError(
        f"unknown benchmark {name_or_path!r}{hint} (known: {', '.join(sorted(n for n, _, _ in index))}; "
        "or give a path to a YAML file)"
    )


def _shown(path: Path) -> str:
    """A file as a message names it: relative to the working folder when under it, else its name (never an
    absolute path: messages end up in CI logs and issues)."""
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return path.name


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
        where = f"{_shown(path)}:{mark.line + 1}" if mark else _shown(path)
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


#: The choices of the ``isolation`` key (and of ``--bench-isolation``, which reads them from here).
ISOLATIONS = ("process", "none")
_GATE_KEYS = ("min_accuracy", "thresholds", "max_drop")


class _Bad(ValueError):
    """One key's value is invalid: the message names the key and what it must be (the file is added later)."""


def _text(value: Any, key: str) -> str:
    if not isinstance(value, str):
        raise _Bad(f"{key} must be a str, got {value!r}")
    return value.strip()


def _required_text(value: Any, key: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _Bad(f"{key} is required and must be a non-empty string")
    return value


def _int(value: Any, key: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _Bad(f"{key} must be an int, got {value!r}")
    return value


def _str_list(value: Any, key: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, (str, int)) for v in value):
        raise _Bad(f"{key} must be a {KEYS[key].kind}, got {value!r}")
    return tuple(str(v) for v in value)


def _profiles(value: Any, key: str) -> tuple[str, ...]:
    out = _str_list(value, key)
    for profile in out:
        if profile not in PROFILES:
            raise _Bad(f"{key}: {profile!r} unknown (known: {', '.join(PROFILES)})")
    return out


def _timeout(value: Any, key: str) -> float | None:
    if value is None:
        return None
    t = as_number(value)
    if isinstance(t, bool) or not isinstance(t, (int, float)) or t < 0:
        raise _Bad(f"{key} must be a non-negative number of seconds, got {t!r}")
    return float(t)


def _isolation(value: Any, key: str) -> str:
    if value not in ISOLATIONS:
        raise _Bad(f"{key} {value!r} unknown (known: {', '.join(ISOLATIONS)})")
    return value


def _verifier(value: Any, key: str) -> str | None:
    if value not in ("judge", "off"):
        raise _Bad(f"{key} {value!r} unknown (known: judge, off)")
    return None if value == "off" else value


def _bool(value: Any, key: str) -> bool:
    if not isinstance(value, bool):
        raise _Bad(f"{key} must be true or false, got {value!r}")
    return value


def _mapping(value: Any, key: str) -> dict[str, Any]:
    value = value or {}
    if not isinstance(value, dict):
        raise _Bad(f"{key} must be a mapping, got {value!r}")
    return value


def _gate(value: Any, key: str) -> dict[str, Any]:
    gate = _mapping(value, key)
    for name, item in gate.items():
        if name not in _GATE_KEYS:
            raise _Bad(f"{key}.{name} unknown (known: {', '.join(_GATE_KEYS)})")
        if name == "thresholds":
            if not isinstance(item, dict) or not all(_is_number(v) for v in item.values()):
                raise _Bad(f"{key}.thresholds must map report keys to numbers, got {item!r}")
        elif item is not None and (not _is_number(item) or not 0 <= as_number(item) <= 1):
            raise _Bad(f"{key}.{name} must be a number in [0, 1], got {item!r}")
    return {name: (as_number(item) if name != "thresholds" and item is not None else item)
            for name, item in gate.items()}


def _fields(value: Any, key: str) -> dict[str, str]:
    fields = value or {}
    if not isinstance(fields, dict) or not all(isinstance(k, str) and isinstance(v, str) and v.strip()
                                               for k, v in fields.items()):
        raise _Bad(f"{key} must map benchmark fields to column names (e.g. prediction: model_output), "
                   f"got {fields!r}")
    return {k.strip(): v.strip() for k, v in fields.items()}


@dataclass(frozen=True)
class Key:
    """One key of a benchmark YAML: what it holds (for messages) and how its value is read.

    ``read(value, key)`` returns the BenchmarkSpec field's value or raises ``_Bad`` naming the key and what it
    must be; None for ``include``, which :func:`_read_yaml` resolves before validation.
    """

    name: str
    kind: str
    read: Callable[[Any, str], Any] | None


#: Every key a benchmark YAML may hold (the same names as BenchmarkSpec's fields, plus ``include``).
KEYS: dict[str, Key] = {key.name: key for key in (
    Key("name", "str", _required_text),
    Key("aliases", "list of str", _str_list),
    Key("description", "str", _text),
    Key("version", "int", _int),
    Key("source", "str", _text),
    Key("scorer", "str", _required_text),
    Key("id_fields", "list of str", _str_list),
    Key("prediction_field", "str", _text),
    Key("gold_field", "str or list of str", _str_list),
    Key("required", "list of str ('a|b' = either)", _str_list),
    Key("optional", "list of str", _str_list),
    Key("groups", "list of str", _str_list),
    Key("keep_fields", "list of str", _str_list),
    Key("timeout", "number (seconds) or null", _timeout),
    Key("gate", "mapping with min_accuracy / thresholds / max_drop", _gate),
    Key("options", "mapping", _mapping),
    Key("fields", "mapping of benchmark field to the file's column (prediction: model_output)", _fields),
    Key("profiles", "list of str", _profiles),
    Key("isolation", " or ".join(repr(i) for i in ISOLATIONS), _isolation),
    Key("cache_verdicts", "bool", _bool),
    Key("samples_by", "str (the field whose rows are samples of one question)", _text),
    Key("cluster", "str (the field whose rows form one cluster for the intervals)", _text),
    Key("verifier", "'judge' or 'off': the opt-in verifier for rows the rules leave undecided", _verifier),
    Key("include", "str (path)", None),
)}
_REQUIRED = ("name", "scorer")


def load_spec(path: str | os.PathLike[str]) -> BenchmarkSpec:
    """Load and validate one benchmark YAML (keys read through :data:`KEYS`).

    Every problem of the file is reported at once: one SpecError, one line per problem, each naming the file,
    the key and what it must be or the valid choices. (A file that is no YAML mapping, or an include that cannot
    be read, stops at that first problem.)
    """
    path = Path(path)
    where = str(path)
    data = _read_yaml(path)
    problems = [f"unknown key {key!r} (known: {', '.join(sorted(KEYS))})" for key in sorted(set(data) - set(KEYS))]
    kw: dict[str, Any] = {"options": {}}
    failed = set()
    for key in _REQUIRED + tuple(k for k in data if k in KEYS and k not in _REQUIRED):
        read = KEYS[key].read
        if read is None:
            continue
        try:
            kw[key] = read(data.get(key), key)
        except _Bad as bad:
            problems.append(str(bad))
            failed.add(key)
    scorer = None
    if "scorer" in kw:
        scorer, problem = _scorer(kw["scorer"], path)
        if problem:
            problems.append(problem)
    # what the scorer reads, once the keys it depends on could be read
    if scorer is not None and "options" not in failed:
        if not failed & {"prediction_field", "gold_field", "required", "optional"}:
            kw["options"], problem = _named_fields(scorer, kw, data)
            if problem:
                problems.append(problem)
        problems.extend(scorer.option_problems(kw["options"]))
    if problems:
        if len(problems) == 1:
            raise SpecError(f"{where}: {problems[0]}")
        raise SpecError(f"{where}: {len(problems)} problems\n" + "\n".join(f"  {where}: {p}" for p in problems))
    kw["name"] = kw["name"].strip()
    return BenchmarkSpec(path=where, **kw)


def _scorer(name: str, path: Path) -> tuple[scorers.Scorer | None, str | None]:
    """The scorer a YAML names (a built-in name or a Python import path, imported with the YAML's folder on
    ``sys.path``), or the problem with it."""
    if scorers.is_import_path(name):
        folder = str(path.resolve().parent)
        if folder not in sys.path:
            sys.path.insert(0, folder)
        try:
            return scorers.get(name), None
        except SpecError as exc:  # the module does not follow the scorer protocol
            return None, str(exc)
        except Exception as exc:  # ImportError, or an error raised while importing the user's module
            return None, f"scorer {name!r} cannot be imported ({type(exc).__name__}: {exc})"
    if name not in scorers.available():
        return None, (f"scorer {name!r} unknown (known: {', '.join(scorers.available())}; "
                      "or a Python import path such as my_module or my_module:score)")
    try:
        return scorers.get(name), None
    except SpecError as exc:
        return None, str(exc)


def _named_fields(scorer: scorers.Scorer, kw: Mapping[str, Any], data: Mapping[str, Any]) -> tuple[dict, str | None]:
    """The options once ``prediction_field``/``gold_field`` are taken into account, and the problem with them.

    A scorer that reads the prediction and the gold through its options folds them in (its ``named_fields``
    hook, the scorer protocol); for any other, a field named there must be one the spec's required/optional
    fields list, since the scorer reads only those.
    """
    options = kw["options"]
    named = {key: kw[key] for key in ("prediction_field", "gold_field") if key in data and key in kw}
    if not named:
        return options, None
    hook = getattr(scorer.module, "named_fields", None)
    if hook is not None:
        return hook(options, named.get("prediction_field"), named.get("gold_field")), None
    fields_read = {name for req in kw.get("required", ()) + kw.get("optional", ()) for name in req.split("|")}
    listed = ([named["prediction_field"]] if "prediction_field" in named else []) + list(named.get("gold_field", ()))
    unread = [name for name in listed if name not in fields_read]
    if not unread:
        return options, None
    return options, (f"scorer {kw['scorer']!r} does not read {unread[0]!r} (prediction_field/gold_field must be "
                     f"among its required/optional fields: {', '.join(sorted(fields_read)) or 'none'}); to read a "
                     f"field from a column named otherwise, use fields: {{FIELD: {unread[0]}}}")


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
