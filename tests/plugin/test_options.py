"""The option table (pytest_answerbench/options.py) row by row: each option is documented, has an ini key
unless it is per-invocation, and the command line and a real ini file resolve to the same Settings."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from pytest_answerbench.options import OPTIONS, Option, Settings

ROOT = Path(__file__).resolve().parents[2]

# A conftest that resolves the run's settings exactly as the plugin does, writes them, and ends the run
# before anything is collected or scored.
DUMP_SETTINGS = """
import pytest
from pytest_answerbench.options import resolve_settings
from pytest_answerbench.spec import resolve_benchmark

@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    settings = resolve_settings(config, resolve_benchmark(config.getoption("bench")))
    with open("settings.txt", "w", encoding="utf-8") as fh:
        fh.write(repr(settings))
    return 0
"""

# dest -> (the value as command-line arguments, the same value as ini text); a flag's ini text is "true"
VALUES: dict[str, tuple[list[str], str]] = {
    "bench_report": (["r.json"], "r.json"),
    "bench_profile": (["upstream"], "upstream"),
    "bench_gold": (["g.jsonl"], "g.jsonl"),
    "bench_min_accuracy": (["0.25"], "0.25"),
    "bench_threshold": (["accuracy=0.5", "counts.timeout<=2"], "\n    accuracy=0.5\n    counts.timeout<=2"),
    "bench_baseline": (["b.json"], "b.json"),
    "bench_max_drop": (["0.1"], "0.1"),
    "bench_option": (["variant=starter_kit", "on_judge_failure=exact_match"],
                     "\n    variant=starter_kit\n    on_judge_failure=exact_match"),
    "bench_field": (["prediction=model_output", "answer=truth"], "\n    prediction=model_output\n    answer=truth"),
    "bench_from": (["lm-eval"], "lm-eval"),
    "bench_show": (["3"], "3"),
    "bench_limit": (["5"], "5"),
    "bench_noninferiority_margin": (["0.05"], "0.05"),
    "bench_markdown": (["s.md"], "s.md"),
    "bench_html": (["r.html"], "r.html"),
    "bench_flips": (["4"], "4"),
    "bench_isolation": (["process"], "process"),
    "bench_max_memory": (["512"], "512"),
    "bench_max_input_mb": (["64"], "64"),
    "bench_max_depth": (["50"], "50"),
    "bench_shard": (["2/3"], "2/3"),
    "bench_judge_model": (["other-model"], "other-model"),
    "bench_judge_base_url": (["http://127.0.0.1:9/v1"], "http://127.0.0.1:9/v1"),
    "bench_judge_cache": (["off"], "off"),
    "bench_judge_concurrency": (["3"], "3"),
    "bench_judge_timeout": (["2.5"], "2.5"),
    "bench_judge_max_retries": (["1"], "1"),
    "bench_judge_selftest": (["off"], "off"),
    "bench_progress_every": (["2.5"], "2.5"),
    "bench_verifier": (["judge"], "judge"),
    "bench_samples_by": (["interaction_id"], "interaction_id"),
    "bench_min_pass": (["3/4"], "3/4"),
    "bench_cluster": (["image_id"], "image_id"),
    "bench_stream": (["on"], "on"),
}
# what every run of the comparison gives, so that options needing another one take effect
# (crag_mm without a judge model stops before scoring unless told how to score without one: without_judge)
BASE = {"--bench-judge-model": "m", "--bench-baseline": "base.json", "--bench-option": "without_judge=exact_match"}

INI_ROWS = [opt for opt in OPTIONS if opt.ini]


def _settings(pytester: pytest.Pytester, args: list[str], ini: str = "") -> str:
    pytester.makeini(f"[pytest]\n{ini}\n")
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "--bench", "crag_mm", *args, "preds.jsonl")
    assert result.ret == 0, result.stderr.str()
    return (pytester.path / "settings.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("opt", INI_ROWS, ids=[opt.dest for opt in INI_ROWS])
def test_command_line_and_ini_file_give_the_same_settings(pytester: pytest.Pytester, opt: Option):
    pytester.makeconftest(DUMP_SETTINGS)
    base = [arg for flag, value in BASE.items() if flag != opt.flag for arg in (flag, value)]
    if opt.kind == "flag":
        cli, ini = [opt.flag], f"{opt.dest} = true"
    else:
        values, text = VALUES[opt.dest]
        cli = [arg for value in values for arg in (opt.flag, value)]
        ini = f"{opt.dest} = {text}"
    without = _settings(pytester, base)
    from_cli = _settings(pytester, [*base, *cli])
    from_ini = _settings(pytester, base, ini)
    assert from_cli == from_ini
    assert from_cli != without  # the option takes effect, through both sources


def test_every_ini_option_has_a_value_in_the_comparison():
    assert {opt.dest for opt in INI_ROWS if opt.kind != "flag"} == set(VALUES)


def test_command_line_only_options_are_the_per_invocation_ones():
    assert {opt.flag for opt in OPTIONS if not opt.ini} == {"--bench", "--bench-list", "--bench-select", "--bench-resume"}


def test_every_option_sets_one_settings_field_or_acts_before_settings_exist():
    fields = set(inspect.signature(Settings).parameters)
    from pytest_answerbench.options import JudgeSettings

    judge_fields = set(inspect.signature(JudgeSettings).parameters) | {"disabled"}
    for opt in OPTIONS:
        if opt.field is None:
            assert opt.flag in ("--bench", "--bench-list")
        elif opt.field.startswith("judge."):
            assert opt.field.split(".", 1)[1] in judge_fields
        else:
            assert opt.field in fields, opt.flag
    named = [opt.field for opt in OPTIONS if opt.field]
    assert len(named) == len(set(named))


def _help_entries(pytester: pytest.Pytester) -> tuple[list[str], list[str]]:
    """The plugin's options and ini keys as ``pytest --help`` lists them: the flags of its option group and the
    ``bench_*`` names of the ini section."""
    pytester.makeini("[pytest]\n")
    lines = pytester.runpytest("--help").stdout.lines
    start = lines.index("score benchmark prediction files (pytest-answerbench):")
    flags = []
    for line in lines[start + 1:]:
        if line and not line.startswith(" "):
            break  # the next group's heading
        match = re.match(r"^  (--[\w-]+)", line)
        if match:
            flags.append(match.group(1))
    ini = [m.group(1) for line in lines if (m := re.match(r"^  (bench_\w+) \(", line))]
    return flags, ini


def test_every_option_pytest_help_lists_is_in_the_options_page(pytester: pytest.Pytester):
    """docs/options.md is the reference: each flag of the plugin's --help group, and each of its ini keys, is named
    there in backticks (a flag with its value, `--bench-report PATH`, or alone); no option the page names as the
    plugin's is missing from --help."""
    flags, ini = _help_entries(pytester)
    assert flags == [opt.flag for opt in OPTIONS]  # the parse found the whole group
    assert ini == [opt.dest for opt in OPTIONS if opt.ini]
    page = (ROOT / "docs" / "options.md").read_text(encoding="utf-8")
    assert [f for f in flags if not re.search(rf"`{re.escape(f)}[` ]", page)] == []
    assert [k for k in ini if f"`{k}`" not in page] == []
    named = set(re.findall(r"`(--bench[\w-]*)", page))
    assert named - set(flags) == set()


def test_help_texts_quote_the_defaults_they_describe():
    from pytest_answerbench.judge import OpenAIJudge

    judge = inspect.signature(OpenAIJudge).parameters
    settings = inspect.signature(Settings).parameters
    quoted = {"bench_judge_concurrency": judge["concurrency"].default,
              "bench_judge_timeout": judge["timeout"].default,
              "bench_judge_max_retries": judge["max_retries"].default,
              "bench_show": settings["show"].default, "bench_flips": settings["flips"].default}
    by_dest = {opt.dest: opt for opt in OPTIONS}
    for dest, default in quoted.items():
        assert by_dest[dest].help.endswith(f"Default: {default:g}"), dest


BAD_INI = {"bench_min_accuracy": "1.5", "bench_threshold": "accuracy", "bench_option": "no-equals-sign",
           "bench_show": "-1", "bench_profile": "strict", "bench_isolation": "thread", "bench_shard": "4/3",
           "bench_judge_concurrency": "0", "bench_judge_timeout": "soon", "bench_judge_max_retries": "x",
           "bench_judge_selftest": "sometimes"}


@pytest.mark.parametrize("dest", sorted(BAD_INI))
def test_a_bad_ini_value_is_a_usage_error_naming_the_ini_key(pytester: pytest.Pytester, dest: str):
    pytester.makeconftest(DUMP_SETTINGS)
    pytester.makeini(f"[pytest]\n{dest} = {BAD_INI[dest]}\nbench_judge_model = m\n")
    result = pytester.runpytest("--bench", "crag_mm", "preds.jsonl")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*ini key {dest}*"])
