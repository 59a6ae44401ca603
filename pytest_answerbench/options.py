"""The ``--bench-*`` command-line options and ini keys, defined once in ``OPTIONS``, and their resolution into
``Settings``.

Each ``Option`` row gives the flag, its dest (which is also its ini key), how a value is read (``kind``), the
help text, the ini type and the ``Settings`` field it sets. ``add_options`` registers the command-line option
and the ini key of every row; ``resolve_settings`` reads every row the same way: the command line, else the
ini file (``[tool.pytest.ini_options]``), else, for the gates, the benchmark YAML's ``gate:``, else the
field's default. Errors name where the bad value came from (the flag, ``ini key NAME`` or the YAML file), as
pytest-timeout's ``get_env_settings`` does.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pytest

from .bounded import DEFAULT_MAX_DEPTH, DEFAULT_MAX_INPUT_MB, DEPTH_OPTION, SIZE_OPTION
from .memguard import DEFAULT_MAX_MEMORY_MB
from .report.gates import GateSettings, Threshold, parse_fraction, parse_threshold
from .spec import ISOLATIONS  # the YAML's isolation key takes the same choices
from .text.patterns import lazy_compile
from .verdict import PROFILES

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
BENCH_FIELD = "--bench-field"
BENCH_NO_SHAPE_CHECK = "--bench-no-shape-check"
BENCH_FROM = "--bench-from"
BENCH_SHOW = "--bench-show"
BENCH_LIMIT = "--bench-limit"
BENCH_SHARD = "--bench-shard"
BENCH_MARGIN = "--bench-noninferiority-margin"
BENCH_GROUP_GATES = "--bench-group-gates"
BENCH_MARKDOWN = "--bench-markdown"
BENCH_HTML = "--bench-html"
BENCH_OMIT_TEXT = "--bench-omit-text"
BENCH_PROGRESS = "--bench-progress-every"
BENCH_RESCORE_CHECK = "--bench-rescore-check"
BENCH_SELECT = "--bench-select"
BENCH_RESUME = "--bench-resume"
BENCH_STREAM = "--bench-stream"
STREAM_MODES = ("auto", "on", "off")
BENCH_FLIPS = "--bench-flips"
BENCH_ISOLATION = "--bench-isolation"
BENCH_MAX_MEMORY = "--bench-max-memory"
BENCH_MAX_INPUT_MB = SIZE_OPTION  # "--bench-max-input-mb": named in bounded.py's messages
BENCH_MAX_DEPTH = DEPTH_OPTION  # "--bench-max-depth"
BENCH_JUDGE_MODEL = "--bench-judge-model"
BENCH_JUDGE_BASE_URL = "--bench-judge-base-url"
BENCH_JUDGE_CACHE = "--bench-judge-cache"
BENCH_JUDGE_OFFLINE = "--bench-judge-offline"
BENCH_JUDGE_CONCURRENCY = "--bench-judge-concurrency"
BENCH_JUDGE_TIMEOUT = "--bench-judge-timeout"
BENCH_JUDGE_MAX_RETRIES = "--bench-judge-max-retries"
BENCH_NO_JUDGE = "--bench-no-judge"
BENCH_JUDGE_SELFTEST = "--bench-judge-selftest"
BENCH_JUDGE_STRICT = "--bench-judge-strict"
BENCH_VERIFIER = "--bench-verifier"
BENCH_SAMPLES_BY = "--bench-samples-by"
BENCH_MIN_PASS = "--bench-min-pass"
BENCH_CLUSTER = "--bench-cluster"

VERIFIERS = ("judge", "off")
SELFTEST_MODES = ("auto", "only", "off")
# The --bench-from names: harnesses.HARNESSES' keys (written here so the option table loads without the readers;
# tests/plugin/test_from_harness.py checks they agree)
HARNESS_NAMES = ("lm-eval", "lmms-eval", "inspect", "lighteval", "opencompass", "vlmevalkit")
SELECTIONS = ("failing", "flipped")


# -- how a value is read: parse(text, where) -> value, raising UsageError that names ``where`` ----------------

def _number(text: Any, where: str, cast: Callable[[Any], Any], kind: str) -> Any:
    try:
        return cast(text)
    except (TypeError, ValueError):
        raise pytest.UsageError(f"{where} must be {kind}, got {text!r}") from None


def _fraction(text: Any, where: str) -> float:
    try:
        return parse_fraction(text)
    except ValueError as exc:
        raise pytest.UsageError(f"{where} {exc}") from None


def _count(text: Any, where: str) -> int:
    value = _number(text, where, int, "a whole number")
    if value < 0:
        raise pytest.UsageError(f"{where} must be >= 0, got {value}")
    return value


def _positive_count(text: Any, where: str) -> int:
    value = _count(text, where)
    if value < 1:
        raise pytest.UsageError(f"{where} must be > 0, got {value}")
    return value


def _seconds(text: Any, where: str) -> float:
    value = _number(text, where, float, "a number")
    if not math.isfinite(value) or value <= 0:
        raise pytest.UsageError(f"{where} must be > 0, got {text}")
    return value


def parse_shard(text: Any, where: str = BENCH_SHARD) -> tuple[int, int]:
    """``I/N`` with 1 <= I <= N."""
    index, sep, count = str(text).partition("/")
    try:
        i, n = int(index), int(count)
    except ValueError:
        raise pytest.UsageError(f"{where} expects I/N (e.g. 2/4), got {text!r}") from None
    if not sep or n < 1 or not 1 <= i <= n:
        raise pytest.UsageError(f"{where} expects I/N with 1 <= I <= N, got {text!r}")
    return i, n


def _selection(text: Any, where: str) -> tuple[str, str]:
    kind, sep, path = str(text).partition(":")
    if not sep or kind not in SELECTIONS or not path:
        raise pytest.UsageError(f"{where} expects failing:REPORT or flipped:REPORT, got {text!r}")
    return kind, path


def parse_min_pass(text: Any, where: str = BENCH_MIN_PASS) -> tuple[int, int | None]:
    """``M/K`` (each question with K samples passes at least M of them) or ``M`` (every question, whatever its
    number of samples), with 1 <= M <= K."""
    m_text, sep, k_text = str(text).partition("/")
    try:
        m, k = int(m_text), (int(k_text) if sep else None)
    except ValueError:
        raise pytest.UsageError(f"{where} expects M/K (e.g. 3/4) or M, got {text!r}") from None
    if m < 1 or (k is not None and k < m):
        raise pytest.UsageError(f"{where} expects M/K with 1 <= M <= K, got {text!r}")
    return m, k


def _threshold(text: str, where: str) -> Threshold:
    try:
        return parse_threshold(text, where)
    except ValueError as exc:
        raise pytest.UsageError(str(exc)) from None


def _key_value(text: str, where: str) -> tuple[str, Any]:
    """``KEY=VALUE`` with VALUE read as YAML (safe loader: data only)."""
    import yaml  # deferred for start-up cost: only a --bench-option run reads YAML here

    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise pytest.UsageError(f"{where} expects KEY=VALUE, got {text!r}")
    try:
        value = yaml.safe_load(raw) if raw.strip() else ""
    except yaml.YAMLError:
        value = raw
    return key.strip(), value


def _field_pair(text: str, where: str) -> tuple[str, str]:
    """``FIELD=COLUMN``: the benchmark's field FIELD is read from the file's column COLUMN."""
    target, sep, source = str(text).partition("=")
    if not sep or not target.strip() or not source.strip():
        raise pytest.UsageError(f"{where} expects FIELD=COLUMN (e.g. prediction=model_output), got {text!r}")
    return target.strip(), source.strip()


def _text(text: Any, where: str) -> str:  # noqa: ARG001 - the parse signature
    return str(text)


# kind -> (parse one value, ini type); "flag" and "lines" values are read as they come
_KINDS: dict[str, tuple[Callable[[Any, str], Any] | None, str]] = {
    "text": (_text, "string"),
    "flag": (None, "bool"),
    "fraction": (_fraction, "string"),
    "count": (_count, "string"),
    "positive": (_positive_count, "string"),
    "seconds": (_seconds, "string"),
    "shard": (parse_shard, "string"),
    "min_pass": (parse_min_pass, "string"),
    "selection": (_selection, "string"),
    "choice": (_text, "string"),
    "thresholds": (_threshold, "linelist"),
    "key_values": (_key_value, "linelist"),
    "field_pairs": (_field_pair, "linelist"),
}


@dataclass(frozen=True)
class Option:
    """One ``--bench-*`` option: its flag, dest (= ini key), how its value is read, help, and Settings field.

    ``field`` names the ``Settings`` field the option sets (``judge.NAME``: a ``JudgeSettings`` field), or is
    None for options acted on before settings exist (``--bench``, ``--bench-list``). ``ini`` False: command
    line only. Flags default to None on the command line so an ini ``true`` is not masked by an absent flag.
    """

    flag: str
    help: str
    kind: str = "text"
    metavar: str | None = None
    field: str | None = None
    choices: tuple[str, ...] | None = None
    ini: bool = True

    @property
    def dest(self) -> str:
        return self.flag.lstrip("-").replace("-", "_")

    @property
    def ini_type(self) -> str | None:
        return _KINDS[self.kind][1] if self.ini else None

    def parse(self, value: Any, where: str) -> Any:
        """A value read from ``where`` (the flag, an ini key), checked; lists give a tuple of parsed items."""
        parse = _KINDS[self.kind][0]
        if self.kind == "flag":
            return bool(value)
        if isinstance(value, list):
            return tuple(parse(text, where) for text in value)  # type: ignore[misc]
        if self.choices is not None and value not in self.choices:
            raise pytest.UsageError(f"{where} must be one of {', '.join(self.choices)}, got {value!r}")
        return parse(value, where)  # type: ignore[misc]


OPTIONS: tuple[Option, ...] = (
    Option(BENCH, "Score prediction files with this benchmark (built-in name or alias, or a path to a benchmark "
           "YAML)", metavar="NAME", ini=False),
    Option(BENCH_LIST, "List the available benchmarks and exit", kind="flag", ini=False),
    Option(BENCH_REPORT, "Write the JSON accuracy report to this path", metavar="PATH", field="report_path"),
    Option(BENCH_PROFILE, "Scoring profile: 'default' (the documented intent, reference bugs fixed) or "
           "'upstream' (the reference implementation's verdicts exactly). Default: default", kind="choice",
           choices=PROFILES, field="profile"),
    Option(BENCH_GOLD, "Gold answers in a separate file, joined to prediction rows by row id", metavar="PATH",
           field="gold"),
    Option(BENCH_MIN_ACCURACY, "Gate: overall accuracy (0..1) must be at least this", kind="fraction",
           metavar="X", field="min_accuracy"),
    Option(BENCH_THRESHOLD, "Gate on any number in the report: KEY=X (at least X) or KEY<=X (at most X), e.g. "
           "groups.category.Algebra=0.4 (repeatable)", kind="thresholds", metavar="KEY=X", field="thresholds"),
    Option(BENCH_BASELINE, "An earlier JSON report of the same benchmark to compare against", metavar="PATH",
           field="baseline"),
    Option(BENCH_MAX_DROP, "Gate: with a baseline, accuracy may fall by at most this (absolute, 0..1)",
           kind="fraction", metavar="D", field="max_drop"),
    Option(BENCH_OPTION, "Override a benchmark option: KEY=VALUE, VALUE read as YAML (repeatable)",
           kind="key_values", metavar="KEY=VALUE", field="benchmark_options"),
    Option(BENCH_FIELD, "Read the benchmark's field FIELD from the file's column COLUMN: FIELD=COLUMN, e.g. "
           "prediction=model_output (repeatable; applied before the required-field check; also `fields:` in "
           "the benchmark YAML)", kind="field_pairs", metavar="FIELD=COLUMN", field="fields"),
    Option(BENCH_FROM, "The prediction files were written by this harness (lm-eval --log_samples, lmms-eval, "
           "inspect_ai logs, lighteval details, OpenCompass predictions/results, VLMEvalKit): read its records, "
           "one row per response; --bench-field values become paths into its records (doc.answer, "
           "filtered_resps[0]). Default: detected from the file where it says", kind="choice",
           choices=HARNESS_NAMES, metavar="HARNESS", field="bench_from"),
    Option(BENCH_NO_SHAPE_CHECK, "Score a file whose rows look made for another benchmark (multiple-choice rows "
           "given to a benchmark that reads no option columns) instead of stopping before the first row",
           kind="flag", field="no_shape_check"),
    Option(BENCH_SHOW, "How many wrong rows the terminal summary lists. Default: 10", kind="count", metavar="N",
           field="show"),
    Option(BENCH_LIMIT, "Score only the first N rows of each prediction file (for quick checks)", kind="count",
           metavar="N", field="limit"),
    Option(BENCH_MARGIN, "Gate: with a baseline, fail only when the paired 95% interval shows a drop larger "
           "than M (non-inferiority); an interval straddling -M is 'inconclusive' and passes, with the minimum "
           "detectable effect in the summary", kind="fraction", metavar="M", field="margin"),
    Option(BENCH_GROUP_GATES, "Apply --bench-max-drop / --bench-noninferiority-margin to every group too "
           "(Holm-corrected across groups)", kind="flag", field="group_gates"),
    Option(BENCH_MARKDOWN, "Write a markdown summary here (also appended to $GITHUB_STEP_SUMMARY when that is "
           "set)", metavar="PATH", field="markdown"),
    Option(BENCH_HTML, "Write a static, self-contained HTML report here", metavar="PATH", field="html"),
    Option(BENCH_OMIT_TEXT, "Leave each row's response, question and judge exchanges out of the report (for very "
           "large runs; verdicts, extracted answers and gold stay)", kind="flag", field="omit_text"),
    Option(BENCH_PROGRESS, "Seconds between progress reports (rows/s, ETA, accuracy so far). Default: 0.2 "
           "(one updating line on a terminal), 10 (a plain line otherwise); off with -qq", kind="seconds",
           metavar="SECONDS", field="progress_every"),
    Option(BENCH_RESCORE_CHECK, "After the run, score every row again and fail if any verdict differs "
           "(non-determinism check)", kind="flag", field="rescore_check"),
    Option(BENCH_SELECT, "Run only some rows of an earlier report: 'failing:REPORT' (rows not correct there) or "
           "'flipped:REPORT' (rows that flipped against that report's baseline)", kind="selection",
           metavar="failing|flipped:REPORT", field="select", ini=False),
    Option(BENCH_RESUME, "Resume a run that died: score only the rows its journal (REPORT.journal, written beside "
           "the JSON report as rows are scored) lacks; the report is the one an uninterrupted run writes",
           metavar="JOURNAL", field="resume", ini=False),
    Option(BENCH_STREAM, "Streamed mode for big files: 'on' scores each prediction file in chunks of 1,000 rows, "
           "each row still its own test report, JUnit case and report row; 'off' keeps every row a test item; "
           "'auto' streams when a file holds more than 20,000 rows. Default: auto", kind="choice",
           choices=STREAM_MODES, field="stream"),
    Option(BENCH_FLIPS, "How many flipped rows the terminal summary lists. Default: 10", kind="count",
           metavar="N", field="flips"),
    Option(BENCH_ISOLATION, "'process': score each row in a warm child process that is killed and replaced when "
           "the row overruns its time limit; 'none': score in the test process. Default: the benchmark's YAML",
           kind="choice", choices=ISOLATIONS, field="isolation"),
    Option(BENCH_MAX_MEMORY, "Megabytes one row's scoring may allocate; past it the row is an error (0: no "
           f"ceiling). Default: {DEFAULT_MAX_MEMORY_MB}", kind="count", metavar="MB", field="max_memory"),
    Option(BENCH_MAX_INPUT_MB, "Megabytes one input may inflate to: an archive member (.eval, .xlsx), or the "
           "decoded rows of a .parquet file; checked from the file's own directory or footer before inflating, "
           f"and counted while inflating; past it the run stops before scoring (0: no ceiling). Default: "
           f"{DEFAULT_MAX_INPUT_MB}", kind="count", metavar="MB", field="max_input_mb"),
    Option(BENCH_MAX_DEPTH, "How deeply one JSON record of an input file may nest (objects and lists); a deeper "
           f"record is refused before it is parsed. Default: {DEFAULT_MAX_DEPTH}", kind="positive", metavar="N",
           field="max_depth"),
    Option(BENCH_SHARD, "Score only shard I of N (I/N, 1-based): rows are dealt round-robin in file order; merge "
           "the shard reports with `answerbench merge`", kind="shard", metavar="I/N", field="shard"),
    Option(BENCH_SAMPLES_BY, "Rows sharing this field's value are samples of one question (items QID[s1], "
           "QID[s2], ...; the report adds avg@k, pass@j, pass^j, maj@k and a questions section, intervals over "
           "questions). A prediction that is a list of responses is k samples of its row without it. Default: "
           "the benchmark YAML's samples_by", metavar="FIELD", field="samples_by"),
    Option(BENCH_MIN_PASS, "Gate with samples: every question passes at least M of its samples (M/K: only "
           "questions with K samples are held to it, others are listed apart; M: every question)",
           kind="min_pass", metavar="M/K", field="min_pass"),
    Option(BENCH_CLUSTER, "Rows sharing this field's value form one cluster: the headline 95% interval is a "
           "cluster bootstrap over them (without samples). Default: the benchmark YAML's cluster",
           metavar="FIELD", field="cluster"),
    Option(BENCH_JUDGE_MODEL, "LLM judge model for benchmarks that use one (CRAG-MM, atomic, LiveXivVQA "
           "fallback), reached through the openai client; key from $OPENAI_API_KEY", metavar="MODEL",
           field="judge.model"),
    Option(BENCH_JUDGE_BASE_URL, "OpenAI-compatible API root of the judge (default $OPENAI_BASE_URL, else "
           "OpenAI)", metavar="URL", field="judge.base_url"),
    Option(BENCH_JUDGE_CACHE, "SQLite cache of judge replies: a path, or 'off'. Default: "
           "~/.cache/pytest-answerbench/judge-cache.sqlite3", metavar="PATH|off", field="judge.cache"),
    Option(BENCH_JUDGE_OFFLINE, "Use only cached judge replies; a row whose reply is not cached is an error",
           kind="flag", field="judge.offline"),
    Option(BENCH_JUDGE_CONCURRENCY, "Judge requests in flight at once per process. Default: 16",
           kind="positive", metavar="N", field="judge.concurrency"),
    Option(BENCH_JUDGE_TIMEOUT, "Seconds one judge HTTP attempt may take in all (connect, wait, the whole "
           "reply). Default: 60", kind="seconds",
           metavar="SECONDS", field="judge.timeout"),
    Option(BENCH_JUDGE_MAX_RETRIES, "Retries of a failed judge call (429, 5xx, timeouts). Default: 4",
           kind="count", metavar="N", field="judge.max_retries"),
    Option(BENCH_NO_JUDGE, "Do not use a judge even if one is configured (rows score as the benchmark does "
           "without one; a row that needs one is an error, counted before scoring)", kind="flag",
           field="judge.disabled"),
    Option(BENCH_JUDGE_SELFTEST, "The judge self-test (reward-hacking replies with wrong answers, sent through the "
           "benchmark's prompt): 'auto' before a judged run (answered from the judge cache after the first "
           "time), 'only' to run it and stop, 'off'. Default: auto", kind="choice", choices=SELFTEST_MODES,
           field="judge.selftest"),
    Option(BENCH_JUDGE_STRICT, "Stop before scoring (usage error) when the judge self-test finds the judge "
           "accepts any of its probes", kind="flag", field="judge.strict"),
    Option(BENCH_VERIFIER, "'judge': send the rows the rules leave undecided (no answer located, unparsed, a size "
           "bound) to the judge with a verifier prompt (olympiad, imo, atomic; default profile); 'off' (default)",
           kind="choice", choices=VERIFIERS, field="verifier"),
)


def add_options(parser: pytest.Parser) -> None:
    """Register every row of ``OPTIONS``: its command-line option and, unless command-line only, its ini key."""
    group = parser.getgroup("answerbench", "score benchmark prediction files (pytest-answerbench)")
    for opt in OPTIONS:
        kwargs: dict[str, Any] = {"dest": opt.dest, "help": opt.help.replace("%", "%%"), "default": None}
        if opt.kind == "flag":
            kwargs["action"] = "store_true"
        elif opt.kind in ("thresholds", "key_values", "field_pairs"):
            kwargs["action"] = "append"
        elif opt.choices is not None:
            kwargs["choices"] = opt.choices
        elif opt.kind != "text":
            kwargs["type"] = _typed(opt)
        if opt.metavar is not None:
            kwargs["metavar"] = opt.metavar
        group.addoption(opt.flag, **kwargs)
        if opt.ini:
            ini_type = opt.ini_type
            parser.addini(opt.dest, opt.help, type=ini_type,
                          default=False if ini_type == "bool" else [] if ini_type == "linelist" else "")


def _typed(opt: Option) -> Callable[[str], Any]:
    """The argparse ``type=`` of an option: its parser, errors naming the flag."""
    def parse(text: str) -> Any:
        return opt.parse(text, opt.flag)

    parse.__name__ = opt.dest  # argparse names the type in its own messages
    return parse


@dataclass(frozen=True)
class JudgeSettings:
    """The arguments of the run's ``OpenAIJudge``. None: the judge's own default (``judge.py``), the one place
    those defaults are written (the help texts quote them; tests/plugin/test_options.py checks they agree)."""

    model: str
    base_url: str | None = None
    cache: str | None = None  # a path, "off", or None: the default cache file
    offline: bool = False
    concurrency: int | None = None
    timeout: float | None = None
    max_retries: int | None = None
    selftest: str = "auto"  # the judge self-test (judge/selftest.py): auto, only, off
    strict: bool = False  # a judge the self-test finds accepting any probe stops the run


@dataclass(frozen=True)
class Settings:
    """Everything a ``--bench`` run was asked for, resolved once."""

    bench: str
    profile: str = "default"
    report_path: str | None = None  # the JSON report's
    gold: str | None = None
    min_accuracy: float | None = None
    thresholds: tuple[Threshold, ...] = ()
    baseline: str | None = None
    max_drop: float | None = None
    benchmark_options: dict[str, Any] = field(default_factory=dict)  # --bench-option: the scorer's options
    fields: tuple[tuple[str, str], ...] = ()  # (benchmark field, file column): --bench-field, ini, YAML fields:
    bench_from: str | None = None  # --bench-from: the harness that wrote the prediction files
    no_shape_check: bool = False  # --bench-no-shape-check: inputs.shape.FieldCheck does not stop a file by its shape
    show: int = 10
    limit: int | None = None
    shard: tuple[int, int] | None = None  # (index from 1, count)
    isolation: str = "none"
    max_memory: int = DEFAULT_MAX_MEMORY_MB  # megabytes a row's scoring may allocate (memguard.py); 0: no ceiling
    max_input_mb: int = DEFAULT_MAX_INPUT_MB  # megabytes one archive member / parquet file may inflate to; 0: none
    max_depth: int = DEFAULT_MAX_DEPTH  # how deeply one JSON record may nest (bounded.py)
    margin: float | None = None
    group_gates: bool = False
    markdown: str | None = None
    html: str | None = None
    omit_text: bool = False  # --bench-omit-text: no response/question/judge text in the report rows
    progress_every: float | None = None  # None: the default for the terminal (progress.Progress)
    rescore_check: bool = False
    select: tuple[str, str] | None = None  # ("failing"|"flipped", report path)
    resume: str | None = None  # --bench-resume: the journal of the run to resume (report/journal.py)
    stream: str = "auto"  # --bench-stream: auto, on, off (stream.py)
    flips: int = 10
    row_limit: float | None = None  # seconds a row may take, from whichever source sets it
    timeout: float | None = None  # the YAML's per-row timeout, when no --timeout/ini/env sets one
    judge: JudgeSettings | None = None  # None: no judge
    verifier: str | None = None  # "judge": the opt-in verifier of undecided rows (judge/verifier.py)
    samples_by: str | None = None  # --bench-samples-by / YAML samples_by: the question field of samples
    min_pass: tuple[int, int | None] | None = None  # --bench-min-pass M/K
    cluster: str | None = None  # --bench-cluster / YAML cluster: the field rows cluster by

    @property
    def gates(self) -> GateSettings:
        """The gates asked for, as the report builds them (report/gates.py); a ``--bench-select`` run's gates
        judge a subset and say so."""
        subset = f"{self.select[0]} rows of {self.select[1]}" if self.select else None
        return GateSettings(min_accuracy=self.min_accuracy, thresholds=self.thresholds, max_drop=self.max_drop,
                            margin=self.margin, group_gates=self.group_gates, subset=subset,
                            min_pass=self.min_pass)

    @property
    def has_gates(self) -> bool:
        return (self.min_accuracy is not None or bool(self.thresholds) or self.max_drop is not None
                or self.margin is not None or self.rescore_check or self.min_pass is not None)


def _given(value: Any) -> bool:
    return value is not None and value != [] and value != "" and value is not False


def read_option(config: pytest.Config, opt: Option) -> tuple[Any, str]:
    """(value, where) of one option: the command line (already parsed by its type), else its ini key
    (parsed here); (None, "") when neither gives it."""
    value = config.getoption(opt.dest)
    if _given(value):
        return (opt.parse(value, opt.flag) if isinstance(value, list) else value), opt.flag
    if not opt.ini:
        return None, ""
    value = config.getini(opt.dest)
    if not _given(value):
        return None, ""
    where = f"ini key {opt.dest}"
    return opt.parse(value, where), where


def resolve_settings(config: pytest.Config, spec: Any) -> Settings:
    """Resolve every option with CLI > ini > benchmark YAML precedence; raise UsageError naming the source."""
    kw: dict[str, Any] = {"bench": config.getoption("bench")}
    judge: dict[str, Any] = {}
    where: dict[str, str] = {}
    for opt in OPTIONS:
        if opt.field is None:
            continue
        value, source = read_option(config, opt)
        if value is None:
            continue
        group, _, name = opt.field.rpartition(".")
        (judge if group == "judge" else kw)[name] = value
        where[name] = source
    # the benchmark YAML's gate: comes after the command line and the ini file
    for key in ("min_accuracy", "max_drop"):
        if key not in kw and spec.gate.get(key) is not None:
            value = spec.gate[key]
            kw[key] = _fraction(value, f"{spec.path}: gate.{key}") if isinstance(value, str) else float(value)
    if "thresholds" not in kw:
        kw["thresholds"] = tuple(_threshold(f"{key}={value}", f"{spec.path}: gate.thresholds")
                                 for key, value in (spec.gate.get("thresholds") or {}).items())
    kw["fields"] = tuple({**dict(spec.fields), **dict(kw.get("fields", ()))}.items())
    _check_outputs(config, kw, where)
    if kw["thresholds"]:
        from .report.gates import threshold_key_problem  # deferred for start-up cost: only with thresholds

        for threshold in kw["thresholds"]:
            problem = threshold_key_problem(threshold.key, spec.groups, with_baseline="baseline" in kw) or \
                _metric_key_problem(threshold.key, spec, kw.get("profile") or "default")
            if problem:
                raise pytest.UsageError(f"{where.get('thresholds', f'{spec.path}: gate.thresholds')}: {problem}")
    options = dict(kw.pop("benchmark_options", ()))
    if options:
        from . import scorers  # deferred for start-up cost: the registry is needed only with --bench-option
        from .spec import SpecError

        try:
            scorers.get(spec.scorer).validate_options({**spec.options, **options}, where["benchmark_options"])
        except SpecError as exc:
            raise pytest.UsageError(str(exc)) from None
    kw["benchmark_options"] = options
    for gate, flag in (("margin", BENCH_MARGIN), ("max_drop", BENCH_MAX_DROP)):
        if kw.get(gate) is not None and not kw.get("baseline"):
            raise pytest.UsageError(f"{flag} requires {BENCH_BASELINE} (an earlier JSON report)")
    kw.setdefault("isolation", spec.isolation)
    kw.setdefault("samples_by", spec.samples_by)
    kw.setdefault("cluster", spec.cluster)
    disabled = judge.pop("disabled", False)
    if disabled or not judge.get("model"):
        kw["judge"] = None
        problem = None if disabled or own_judge(config) else _judge_needed(
            spec, {**spec.options, **options}, kw.get("profile") or "default")
        if problem:
            raise pytest.UsageError(problem)
    else:
        kw["judge"] = JudgeSettings(**judge)
    _check_verifier(kw, where, spec)
    if config.getoption("timeout", None) is None and not _ini_timeout(config) and not os.environ.get(
            "PYTEST_TIMEOUT"):
        kw["timeout"] = spec.timeout
        kw["row_limit"] = spec.timeout
    else:
        kw["row_limit"] = _outer_timeout(config)
    return Settings(**kw)


def _check_verifier(kw: dict[str, Any], where: dict[str, str], spec: Any) -> None:
    """--bench-verifier (ini, YAML ``verifier:``): 'off' is no verifier; 'judge' needs a judge and the default
    profile (the references have no verifier). On a benchmark other than those of ``judge.verifier.BENCHMARKS``
    it does nothing (``scoring.verified``)."""
    source = where.get("verifier") or f"{spec.path}: verifier"
    verifier = kw.get("verifier", spec.verifier)
    kw["verifier"] = None if verifier in (None, "off") else verifier
    if kw["verifier"] is None:
        return
    if kw.get("profile", "default") != "default":
        raise pytest.UsageError(f"{source} judge: the upstream profile reproduces references that have no "
                                "verifier; use the default profile")
    if kw.get("judge") is None:
        raise pytest.UsageError(f"{source} judge needs a judge ({BENCH_JUDGE_MODEL}, and "
                                f"{BENCH_JUDGE_BASE_URL} for a local server)")


def own_judge(config: pytest.Config) -> bool:
    """A conftest.py (or plugin) of the user's defines a ``bench_judge`` fixture: the run has a judge without
    ``--bench-judge-model``."""
    own = (f"{__package__}.fixtures", f"{__package__}.plugin")  # the plugin's own bench_judge, by name (fixtures.py
    # imports this module: importing it here would be a cycle)
    return any(getattr(plugin, "bench_judge", None) is not None and getattr(plugin, "__name__", None) not in own
               for plugin in config.pluginmanager.get_plugins())


def _judge_needed(spec: Any, options: dict[str, Any], profile: str) -> str | None:
    """Why a benchmark that needs an LLM judge for some rows cannot run without one (it would score anyway,
    half its rows errors and a headline that looks like a result), before scoring; None when its options say
    how to score without a judge (``without_judge``) or it needs none. ``--bench-no-judge`` skips this check."""
    from . import scorers  # deferred for start-up cost: only a run without a judge asks

    module = scorers.get(spec.scorer).module
    instead = getattr(module, "JUDGELESS", None)
    if instead is None:
        return None
    value = options.get("without_judge", getattr(module, "WITHOUT_JUDGE_DEFAULT", {}).get(profile, "error"))
    if value != "error":
        return None
    return (f"{BENCH} {spec.name} needs an LLM judge for the rows exact rules cannot decide, and none is "
            f"configured: set {BENCH_JUDGE_MODEL} MODEL (see README, Judges); or score by the rules alone with "
            f"{BENCH_OPTION} without_judge={instead}; or {BENCH_NO_JUDGE} to score anyway, those rows as errors")


def _benchmark_metric_names(spec: Any, profile: str) -> list[str] | None:
    """The metrics a benchmark reports on no rows (CRAG-MM's ``truthfulness_score``); None when its scorer's
    metrics need rows."""
    from . import scorers  # deferred for start-up cost: only a run gating on a metric asks its names
    from .verdict import ScoreContext

    try:
        return list(scorers.get(spec.scorer).metrics([], ScoreContext(benchmark=spec.name, profile=profile,
                                                                      options=dict(spec.options))))
    except Exception:  # a scorer whose metrics need rows: nothing to check against
        return None


def _metric_key_problem(key: str, spec: Any, profile: str) -> str | None:
    """A ``metrics.NAME`` threshold whose NAME is a near miss of a metric the benchmark always reports (its
    ``metrics`` on no rows: CRAG-MM's ``truthfulness_score``), with "did you mean", before scoring. Names that
    depend on the rows (VMCBench's categories, the sample figures: ``samples_problem``) are known only later,
    and are not checked here."""
    head, _, name = key.partition(".")
    if head != "metrics" or not name or _sample_figure(name):
        return None
    import difflib

    names = _benchmark_metric_names(spec, profile)
    if names is None or any(name == known or name.startswith(f"{known}.") for known in names):
        return None
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.75)
    if not close:
        return None
    return (f"{key!r}: benchmark {spec.name} reports no metric {name!r}; did you mean 'metrics.{close[0]}'? "
            f"(its metrics: {', '.join(names)})")


_SAMPLE_FIGURE = lazy_compile(r"(avg|pass|maj)([@^])(\d+)(_ci95|_se)?|k_max|questions_all_(correct|wrong)(_ci95)?")


def _sample_figure(name: str) -> Any:
    """A match when a metric name is one of the sample figures (report.samples.metric_names' kinds)."""
    return _SAMPLE_FIGURE.fullmatch(name)


_LIKE_SAMPLE_FIGURE = lazy_compile(r"(?i)(avg|pass?|maj)[@^]?\d+(_ci95|_se)?$|.*[@^]\d")


def _like_sample_figure(name: str) -> bool:
    """A sample figure, or a near miss of one (``pas@8``, ``Pass@8``, ``maj4``): checked against the layout."""
    return bool(_sample_figure(name) or _LIKE_SAMPLE_FIGURE.match(name))


def _source(config: pytest.Config, field: str, default: str) -> str:
    """Where the value of the option setting ``field`` came from (the flag, ``ini key NAME``), else ``default``
    (the benchmark YAML)."""
    opt = next(o for o in OPTIONS if o.field == field)
    return read_option(config, opt)[1] or default


def samples_problem(config: pytest.Config, settings: Settings, spec: Any, plan: Any) -> str | None:
    """What about the run's samples can be told before scoring (None: nothing): a ``samples_by`` field no row
    has, rows of two sample shapes (``inputs.InputPlan``), ``--bench-min-pass`` on files without samples, and a
    ``metrics.*`` threshold naming a sample figure the files' layout cannot give (``pass@16`` on 8 samples),
    with "did you mean". The last two read every row once, and only when such a gate is asked for."""
    problem = plan.samples_by_problem(_source(config, "samples_by", f"{spec.path}: samples_by")) or \
        plan.mixed_samples_problem()
    if problem:
        return problem
    figures = [t for t in settings.thresholds if t.key.startswith("metrics.") and _like_sample_figure(t.key[8:])]
    bench_names = (_benchmark_metric_names(spec, settings.profile) or []) if figures else []
    figures = [t for t in figures if t.key[8:] not in bench_names]  # a benchmark's own metric of that form
    if settings.min_pass is None and not figures:
        return None
    sizes = plan.sample_counts()
    none = ("no row of the files is a sample of a question (no samples_by field, no list of responses as the "
            "prediction, no integer sample); rows sharing a field's value are samples of one question with "
            f"{BENCH_SAMPLES_BY} FIELD")
    if settings.min_pass is not None and not sizes:
        m, k = settings.min_pass
        return (f"{_source(config, 'min_pass', BENCH_MIN_PASS)} {m}{'' if k is None else f'/{k}'} holds each "
                f"question to M of its samples, but {none}")
    if not figures or settings.shard is not None or settings.select is not None:
        return None  # a shard's or a --bench-select subset's questions have fewer samples than the files'
    from .report.samples import metric_names  # deferred for start-up cost: only a run gating on samples

    where = _source(config, "thresholds", f"{spec.path}: gate.thresholds")
    k, k_max = (min(sizes), max(sizes)) if sizes else (0, 0)
    names = metric_names(k, k_max) if sizes else []
    for threshold in figures:
        name = threshold.key[8:]
        if name in names:
            continue
        if not sizes:
            return f"{where}: {threshold.key!r}: the report will have no sample figures: {none}"
        match = _sample_figure(name)
        same_kind = f"{match[1]}{match[2]}{k}{match[4] or ''}" if match and match[1] else None
        if same_kind not in names:
            import difflib

            close = difflib.get_close_matches(name, names, n=1, cutoff=0.5)
            same_kind = close[0] if close else None
        hint = f"; did you mean 'metrics.{same_kind}'?" if same_kind else ""
        layout = f"{k}" if k == k_max else f"{k} to {k_max}"
        shown = ", ".join(n for n in names if n[:3] in ("avg", "pas", "maj") and "_" not in n)
        return (f"{where}: {threshold.key!r}: the files hold {len(sizes)} questions of {layout} samples (k={k}), "
                f"so the report has no {name!r}{hint} (sample figures: {shown})")
    return None


def _check_outputs(config: pytest.Config, kw: dict[str, Any], where: dict[str, str]) -> None:
    """Every file the run will write (``report.outputs.OUTPUTS`` and ``--junitxml``) is refused before any row is
    scored when it cannot be written there (``report.io.unwritable``: the one check, which tries a file rather
    than guessing from permissions), or when it is one of the run's inputs (a prediction, gold, baseline or
    ``--bench-select`` file, also through a symlink or a hard link: ``report.outputs.same_file``).

    A ``--bench-select`` run whose report path is the report it selects from writes its report beside it instead
    (``NAME.subset.json``, README "CI gates against a baseline"): the whole run's report stays as it was.
    """
    from . import _compat  # deferred for start-up cost: only a --bench run checks its outputs
    from .inputs.plan import prediction_paths
    from .report.outputs import OUTPUTS, output_problems, same_file, subset_path

    if _compat.is_worker(config):  # only the controller (or the serial process) writes
        return
    base = config.invocation_params.dir
    select = kw.get("select")
    if select and kw.get("report_path") and same_file(Path(base, kw["report_path"]), Path(base, select[1])):
        kw["report_path"] = str(subset_path(kw["report_path"]))
    outputs = [(where[out.field], str(kw[out.field]), Path(base, kw[out.field])) for out in OUTPUTS
               if kw.get(out.field)]
    junit = _compat.junit_path(config)
    if junit:
        outputs.append(("--junitxml", str(junit), Path(os.path.abspath(junit))))
    inputs = [(f"a prediction file ({BENCH})", path) for path in prediction_paths(config.args, base)]
    inputs += [(f"the {what} ({where[key]})", Path(base, kw[key])) for key, what in (
        ("gold", "gold file"), ("baseline", "baseline report")) if kw.get(key)]
    if select:
        inputs.append((f"the report selected from ({BENCH_SELECT})", Path(base, select[1])))
    problems = output_problems(outputs, inputs)
    if problems:
        raise pytest.UsageError("; ".join(problems))


def _outer_timeout(config: pytest.Config) -> float | None:
    """pytest-timeout's per-test limit as it resolves it (command line, environment, ini), or None."""
    for value in (config.getoption("timeout", None), os.environ.get("PYTEST_TIMEOUT"), _ini_timeout(config)):
        if value not in (None, ""):
            try:
                return float(value) or None
            except ValueError:
                return None
    return None


def _ini_timeout(config: pytest.Config) -> Any:
    try:
        return config.getini("timeout")
    except ValueError:  # pytest-timeout not loaded (-p no:timeout)
        return None
