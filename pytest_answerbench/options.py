"""Command-line options and ini keys of the ``answerbench`` group, and their resolution into Settings.

Precedence, as pytest-timeout does it: command line > ini (``[tool.pytest.ini_options]``) > the benchmark
YAML's ``gate:`` > none. Every ``--bench-*`` option has an ini key equal to its dest.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pytest

BENCH = "--bench"
BENCH_LIST = "--bench-list"
BENCH_REPORT = "--bench-report"
BENCH_PROFILE = "--bench-profile"
BENCH_GOLD = "--bench-gold"
BENCH_MIN_ACCURACY = "--bench-min-accuracy"
BENCH_THRESHOLD = "--bench-threshold"
BENCH_BASELINE = "--bench-baseline"
BENCH_MAX_DROP = "--bench-max-drop"
BENCH_OPTION = "--bench-option"
BENCH_SHOW = "--bench-show"
BENCH_LIMIT = "--bench-limit"

BENCH_DESC = "Score prediction files with this benchmark (built-in name or alias, or a path to a benchmark YAML)"
LIST_DESC = "List the available benchmarks and exit"
REPORT_DESC = "Write the JSON accuracy report to this path"
PROFILE_DESC = ("Scoring profile: 'default' (the documented intent, reference bugs fixed) or 'upstream' "
                "(the reference implementation's verdicts exactly). Default: default")
GOLD_DESC = "Gold answers in a separate file, joined to prediction rows by row id"
MIN_ACC_DESC = "Gate: overall accuracy (0..1) must be at least this"
THRESHOLD_DESC = ("Gate on any number in the report: KEY=X (at least X) or KEY<=X (at most X), e.g. "
                  "groups.category.Algebra=0.4 (repeatable)")
BASELINE_DESC = "An earlier JSON report of the same benchmark to compare against"
MAX_DROP_DESC = "Gate: with a baseline, accuracy may fall by at most this (absolute, 0..1)"
OPTION_DESC = "Override a benchmark option: KEY=VALUE, VALUE read as YAML (repeatable)"
SHOW_DESC = "How many wrong rows the terminal summary lists. Default: 10"
LIMIT_DESC = "Score only the first N rows of each prediction file (for quick checks)"

PROFILES = ("default", "upstream")


def _fraction(option: str):
    def parse(text: str) -> float:
        try:
            value = float(text)
        except (TypeError, ValueError):
            raise pytest.UsageError(f"{option} must be a number in [0, 1], got {text!r}") from None
        if not math.isfinite(value) or not 0.0 <= value <= 1.0:
            raise pytest.UsageError(f"{option} must be in [0, 1], got {text}")
        return value

    return parse


def _positive_int(option: str):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except (TypeError, ValueError):
            raise pytest.UsageError(f"{option} must be a whole number, got {text!r}") from None
        if value < 0:
            raise pytest.UsageError(f"{option} must be >= 0, got {value}")
        return value

    return parse


def add_options(parser: pytest.Parser) -> None:
    group = parser.getgroup("answerbench", "score benchmark prediction files (pytest-answerbench)")
    group.addoption(BENCH, dest="bench", metavar="NAME", default=None, help=BENCH_DESC)
    group.addoption(BENCH_LIST, dest="bench_list", action="store_true", default=False, help=LIST_DESC)
    group.addoption(BENCH_REPORT, dest="bench_report", metavar="PATH", default=None, help=REPORT_DESC)
    group.addoption(BENCH_PROFILE, dest="bench_profile", choices=PROFILES, default=None, help=PROFILE_DESC)
    group.addoption(BENCH_GOLD, dest="bench_gold", metavar="PATH", default=None, help=GOLD_DESC)
    group.addoption(BENCH_MIN_ACCURACY, dest="bench_min_accuracy", metavar="X", default=None,
                    type=_fraction(BENCH_MIN_ACCURACY), help=MIN_ACC_DESC)
    group.addoption(BENCH_THRESHOLD, dest="bench_threshold", metavar="KEY=X", action="append", default=None,
                    help=THRESHOLD_DESC)
    group.addoption(BENCH_BASELINE, dest="bench_baseline", metavar="PATH", default=None, help=BASELINE_DESC)
    group.addoption(BENCH_MAX_DROP, dest="bench_max_drop", metavar="D", default=None,
                    type=_fraction(BENCH_MAX_DROP), help=MAX_DROP_DESC)
    group.addoption(BENCH_OPTION, dest="bench_option", metavar="KEY=VALUE", action="append", default=None,
                    help=OPTION_DESC)
    group.addoption(BENCH_SHOW, dest="bench_show", metavar="N", default=None, type=_positive_int(BENCH_SHOW),
                    help=SHOW_DESC)
    group.addoption(BENCH_LIMIT, dest="bench_limit", metavar="N", default=None, type=_positive_int(BENCH_LIMIT),
                    help=LIMIT_DESC)
    parser.addini("bench_report", REPORT_DESC, type="string", default="")
    parser.addini("bench_profile", PROFILE_DESC, type="string", default="")
    parser.addini("bench_gold", GOLD_DESC, type="string", default="")
    parser.addini("bench_min_accuracy", MIN_ACC_DESC, type="string", default="")
    parser.addini("bench_threshold", THRESHOLD_DESC, type="linelist", default=[])
    parser.addini("bench_baseline", BASELINE_DESC, type="string", default="")
    parser.addini("bench_max_drop", MAX_DROP_DESC, type="string", default="")
    parser.addini("bench_option", OPTION_DESC, type="linelist", default=[])
    parser.addini("bench_show", SHOW_DESC, type="string", default="")
    parser.addini("bench_limit", LIMIT_DESC, type="string", default="")


@dataclass(frozen=True)
class Settings:
    """Everything a ``--bench`` run was asked for, resolved once."""

    bench: str
    profile: str = "default"
    report: str | None = None
    gold: str | None = None
    min_accuracy: float | None = None
    thresholds: tuple[Any, ...] = ()
    baseline: str | None = None
    max_drop: float | None = None
    options: dict[str, Any] = field(default_factory=dict)
    show: int = 10
    limit: int | None = None
    timeout: float | None = None  # the YAML's per-row timeout, when no --timeout/ini/env sets one

    @property
    def has_gates(self) -> bool:
        return self.min_accuracy is not None or bool(self.thresholds) or self.max_drop is not None


def _cli_or_ini(config: pytest.Config, dest: str) -> tuple[Any, str]:
    value = config.getoption(dest)
    if value is not None and value != []:
        return value, f"--{dest.replace('_', '-')}"
    ini = config.getini(dest)
    if ini not in ("", [], None):
        return ini, f"ini key {dest}"
    return None, ""


def _parse_option(text: str, where: str) -> tuple[str, Any]:
    import yaml

    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise pytest.UsageError(f"{where} expects KEY=VALUE, got {text!r}")
    try:
        value = yaml.safe_load(raw) if raw.strip() else ""
    except yaml.YAMLError:
        value = raw
    return key.strip(), value


def resolve_settings(config: pytest.Config, spec: Any) -> Settings:
    """Resolve options with CLI > ini > benchmark YAML precedence; raise UsageError naming the source."""
    from .gate import parse_threshold

    kw: dict[str, Any] = {"bench": config.getoption("bench")}
    profile, _ = _cli_or_ini(config, "bench_profile")
    if profile is not None:
        if profile not in PROFILES:
            raise pytest.UsageError(f"ini key bench_profile must be one of {', '.join(PROFILES)}, got {profile!r}")
        kw["profile"] = profile
    for dest, key in (("bench_report", "report"), ("bench_gold", "gold"), ("bench_baseline", "baseline")):
        value, _ = _cli_or_ini(config, dest)
        if value:
            kw[key] = str(value)
    for dest, key, flag in (("bench_min_accuracy", "min_accuracy", BENCH_MIN_ACCURACY),
                            ("bench_max_drop", "max_drop", BENCH_MAX_DROP)):
        value, where = _cli_or_ini(config, dest)
        if value is None:
            value, where = spec.gate.get(key), f"{spec.path}: gate.{key}"
        if value is not None:
            kw[key] = _fraction(where if not where.startswith("--") else flag)(value) if isinstance(value, str) \
                else float(value)
    raw_thresholds, where = _cli_or_ini(config, "bench_threshold")
    thresholds = []
    if raw_thresholds:
        for text in raw_thresholds:
            try:
                thresholds.append(parse_threshold(text, where))
            except ValueError as exc:
                raise pytest.UsageError(str(exc)) from None
    else:
        for key, value in (spec.gate.get("thresholds") or {}).items():
            thresholds.append(parse_threshold(f"{key}={value}", f"{spec.path}: gate.thresholds"))
    kw["thresholds"] = tuple(thresholds)
    raw_options, where = _cli_or_ini(config, "bench_option")
    options = {}
    for text in raw_options or ():
        key, value = _parse_option(text, where)
        options[key] = value
    if options:
        from . import scorers
        from .spec import SpecError

        try:
            scorers.get(spec.scorer).validate_options({**spec.options, **options}, where)
        except SpecError as exc:
            raise pytest.UsageError(str(exc)) from None
    kw["options"] = options
    for dest, key, flag in (("bench_show", "show", BENCH_SHOW), ("bench_limit", "limit", BENCH_LIMIT)):
        value, where = _cli_or_ini(config, dest)
        if value is not None:
            kw[key] = _positive_int(where)(value) if isinstance(value, str) else value
    if kw.get("max_drop") is not None and not kw.get("baseline"):
        raise pytest.UsageError(f"{BENCH_MAX_DROP} requires {BENCH_BASELINE} (an earlier JSON report)")
    if (config.getoption("timeout", None) is None and not config.getini("timeout")
            and not _env_timeout()):
        kw["timeout"] = spec.timeout
    return Settings(**kw)


def _env_timeout() -> bool:
    import os

    return bool(os.environ.get("PYTEST_TIMEOUT"))
