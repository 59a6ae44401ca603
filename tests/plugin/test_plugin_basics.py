"""The plugin's footprint: --help, switching it off, and nothing heavy loaded without --bench."""

from __future__ import annotations

import pytest

from conftest import mc_row, write_jsonl
from pytest_answerbench import options


def test_help_lists_the_option_family(bench_env):
    result = bench_env.runpytest("--help")
    result.stdout.fnmatch_lines([
        "*score benchmark prediction files (pytest-answerbench)*",
        f"*{options.BENCH}=NAME*",
        f"*{options.BENCH_MIN_ACCURACY}=X*",
        f"*{options.BENCH_JUDGE_MODEL}=MODEL*",
        "*bench_min_accuracy (string):*",
    ])


def test_without_bench_nothing_heavy_is_imported(bench_env):
    bench_env.makepyfile(test_probe=(
        "import sys\n"
        "def test_probe():\n"
        "    heavy = [m for m in sys.modules if m.split('.')[0] in ('sympy', 'openai', 'yaml')\n"
        "             or m.startswith(('pytest_answerbench.scorers.', 'pytest_answerbench.run',\n"
        "                              'pytest_answerbench.collect',\n"
        "                              'pytest_answerbench.timers', 'pytest_answerbench._compat'))]\n"
        "    assert heavy == []\n"))
    bench_env.runpytest_subprocess("-p", "no:hypothesispytest").assert_outcomes(passed=1)


def test_plugin_can_be_switched_off(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(1, "(B)")])
    bench_env.makepyfile(test_plain="def test_plain():\n    pass\n")
    result = bench_env.runpytest_subprocess("-p", "no:answerbench", "test_plain.py")
    result.assert_outcomes(passed=1)
    result = bench_env.runpytest_subprocess("-p", "no:answerbench", options.BENCH, "vmcbench_dev", "preds.jsonl")
    assert result.ret == pytest.ExitCode.USAGE_ERROR  # the option does not exist then
    result.stderr.fnmatch_lines(["*unrecognized arguments: --bench*"])


def test_works_without_pytest_timeout(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(1, "(B)"), mc_row(2, "(A)")])
    result = bench_env.runpytest_subprocess("-p", "no:timeout", options.BENCH, "vmcbench_dev", "preds.jsonl")
    result.assert_outcomes(passed=1, failed=1)
