"""README's and docs' examples, run as written (as sqlite-utils tests its documentation).

Every fenced or indented example of README.md and docs/*.md is extracted:

* ``pytest --bench ...`` commands are run in a temporary folder holding a copy of ``benchmarks/``, with
  ``preds.jsonl`` the named benchmark's shipped sample and ``main-report.json`` a report of that sample, so the
  commands that read "your" predictions or "main's" report run too. ``-n auto`` is left out, and
  ``--bench-limit 4 --bench-isolation none`` added (no child process to start for SymPy's benchmarks): the commands' options are what is checked here (scoring whole samples, and xdist,
  are tested elsewhere; here they would cost 10 s a command on a loaded machine). Each command runs in its own
  process, as a user's would: SymPy's scoring in this process would leave its state to the tests after. A command
  shown in several places runs once (its test names them all), and ``main-report.json`` is made by one run and
  copied to each command that reads it. Commands that need what no temp
  folder has (a judge model, an environment variable) are listed as skipped, and at least the commands named in
  ``MUST_RUN`` have to run. A command must end with exit status 0 or 1 (a gate's verdict on a sample), never a
  usage error, an internal error or an interrupted collection, and must print the answerbench summary.
* YAML blocks with ``scorer:`` are benchmark definitions, loaded with ``load_spec``; the others (CI workflows)
  must parse as YAML mappings; JSON blocks must parse line by line.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
from pathlib import Path

import pytest
import yaml

from pytest_answerbench import load_spec

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
MUST_RUN = {
    "pytest --bench olympiad benchmarks/olympiad/sample.jsonl",
    "pytest --bench benchmarks/examples/short_answer.yaml benchmarks/examples/short_answer.jsonl",
}
HARNESS_FILES = ROOT / "tests" / "data" / "harnesses"
FAST = ("--bench-limit", "4", "--bench-isolation", "none", "-p", "no:cacheprovider")
NEEDS_OUTSIDE = ("--bench-judge-model", "OPENAI_API_KEY=", "$", "ssh=")  # ssh: tests/plugin/test_ssh_workers.py


def _blocks(path: Path) -> list[tuple[str, str, int]]:
    """(language, text, line) of every fenced block and every 4-space indented block outside fences."""
    out = []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        fence = re.match(r"^```(\w*)", lines[i])
        if fence:
            start = i + 1
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                i += 1
            out.append((fence.group(1), "\n".join(lines[start:i]), start + 1))
        elif lines[i].startswith("    ") and (i == 0 or not lines[i - 1].strip()):
            start = i
            while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
                i += 1
            out.append(("indented", "\n".join(line[4:] for line in lines[start:i]).strip("\n"), start + 1))
            continue
        i += 1
    return out


def _commands() -> list[tuple[str, str]]:
    """(where, command) of every ``pytest --bench`` command, continuation lines joined, comments dropped."""
    found = []
    for path in DOCS:
        for lang, text, line in _blocks(path):
            if lang not in ("", "indented", "sh", "bash", "console", "shell"):
                continue
            joined = re.sub(r"\\\n\s*", " ", text)
            for offset, command in enumerate(joined.splitlines()):
                command = command.split(" #", 1)[0].strip()
                if command.startswith("pytest --bench") or re.match(r"^\w+=\S* pytest --bench", command):
                    found.append((f"{path.name}:{line + offset}", command))
    return found


COMMANDS = _commands()
# each distinct command once, named by every place that shows it (README and a reference page may show the same one)
DISTINCT = {command: " ".join(w for w, c in COMMANDS if c == command) for _, command in COMMANDS}


def _yaml_blocks() -> list[tuple[str, str]]:
    return [(f"{p.name}:{line}", text) for p in DOCS for lang, text, line in _blocks(p) if lang in ("yaml", "yml")]


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("docs")
    shutil.copytree(ROOT / "benchmarks", base / "benchmarks")
    shutil.copytree(HARNESS_FILES, base / HARNESS_FILES.relative_to(ROOT))
    return base


def test_the_examples_are_found():
    assert {command for _, command in COMMANDS} >= MUST_RUN
    assert len(_yaml_blocks()) >= 3


def _main_report(name: str):
    def run(pytester: pytest.Pytester) -> None:
        assert pytester.runpytest_subprocess("--bench", name, "preds.jsonl", "--bench-report", "main-report.json",
                                             *FAST).ret in (0, 1)
    return run


@pytest.mark.parametrize("command, where", DISTINCT.items(), ids=list(DISTINCT.values()))
def test_shell_example_runs(pytester: pytest.Pytester, folder: Path, built_once, where: str, command: str):
    if any(marker in command for marker in NEEDS_OUTSIDE):
        assert command not in MUST_RUN
        pytest.skip(f"{where} needs what a test folder has not (a judge model, an ssh host or an environment "
                    "variable)")
    args = shlex.split(command)[1:]
    while "-n" in args:  # see the module docstring
        k = args.index("-n")
        del args[k:k + 2]
    pytester.makeini("[pytest]\n")
    shutil.copytree(folder / "benchmarks", pytester.path / "benchmarks")
    shutil.copytree(folder / "tests", pytester.path / "tests")  # other harnesses' files (README: "Scoring ...")
    name = args[args.index("--bench") + 1]
    sample = pytester.path / "benchmarks" / name / "sample.jsonl"
    if sample.exists():
        shutil.copy(sample, pytester.path / "preds.jsonl")
        if "main-report.json" in args:  # main's report of the sample: one run, copied to each command needing it
            built_once.into(f"docs_main_report_{name}", pytester, _main_report(name))
    missing = [a for a in args if a.endswith((".jsonl", ".yaml", ".eval", ".parquet", ".xlsx")) and not (pytester.path / a).exists()]
    assert not missing, f"{where}: {command!r} names files that exist nowhere: {missing}"
    result = pytester.runpytest_subprocess(*args, *FAST)
    assert result.ret in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED), f"{where}: {command}"
    result.stdout.fnmatch_lines(["*- answerbench -*", "*accuracy *"])
    for out in ("report.json", "summary.md", "report.html", "junit.xml"):
        if out in args:
            assert (pytester.path / out).stat().st_size > 0, f"{where}: {out} not written"


@pytest.mark.parametrize("where, text", _yaml_blocks(), ids=[w for w, _ in _yaml_blocks()])
def test_yaml_example_is_valid(tmp_path: Path, where: str, text: str):
    data = yaml.safe_load(text)
    assert isinstance(data, dict), where
    if "scorer" in data:
        path = tmp_path / "benchmark.yaml"
        path.write_text(text, encoding="utf-8")
        spec = load_spec(path)
        assert spec.name == data["name"]
    else:
        assert "jobs" in data and all("steps" in job for job in data["jobs"].values()), where


def test_json_examples_parse():
    count = 0
    for path in DOCS:
        for lang, text, line in _blocks(path):
            if lang != "json":
                continue
            for k, row in enumerate(text.splitlines()):
                if row.strip():
                    assert isinstance(json.loads(row), dict), f"{path.name}:{line + k}"
                    count += 1
    assert count >= 2


def test_ci_examples_install_from_the_repository_or_a_wheel_not_an_index():
    """pytest-answerbench is not published on an index: a CI example that installs it by name fails."""
    installs = [(where, step["run"]) for where, text in _yaml_blocks() if "jobs" in (yaml.safe_load(text) or {})
                for job in yaml.safe_load(text)["jobs"].values() for step in job["steps"]
                if "pip install" in str(step.get("run", ""))]
    assert installs
    for where, line in installs:
        target = shlex.split(line.split("pip install", 1)[1])[0]
        assert target.startswith(("pytest-answerbench @ git+", ".", "dist/")) or target.endswith(".whl"), where


def test_the_documented_judge_cache_file_is_the_one_created(monkeypatch, tmp_path):
    from pytest_answerbench.judge.cache import default_cache_path

    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    shown = "~/" + str(default_cache_path().relative_to(tmp_path))
    options = (ROOT / "docs" / "options.md").read_text(encoding="utf-8")
    assert f"(default `{shown}`" in options
    assert shown in (ROOT / "docs" / "judges.md").read_text(encoding="utf-8")
    from pytest_answerbench.options import BENCH_JUDGE_CACHE, OPTIONS

    assert shown in next(o.help for o in OPTIONS if o.flag == BENCH_JUDGE_CACHE)


def test_the_guide_copies_its_example_files_from_the_installed_package(pytester: pytest.Pytester):
    """docs/custom-benchmarks.md's copy command gives the paths its commands use, outside a checkout."""
    import subprocess
    import sys

    guide = ROOT / "docs" / "custom-benchmarks.md"
    copies = [text for lang, text, _ in _blocks(guide) if lang == "indented" and text.startswith("python -c ")]
    assert len(copies) == 1
    code = shlex.split(copies[0])[2]
    subprocess.run([sys.executable, "-c", code], cwd=pytester.path, check=True, timeout=60)
    pytester.makeini("[pytest]\n")
    result = pytester.runpytest_subprocess("--bench", "benchmarks/examples/short_answer.yaml",
                                           "benchmarks/examples/short_answer.jsonl", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.OK  # the example's gate holds
    result.assert_outcomes(passed=8, xfailed=4)
