"""Shared helpers for the plugin's end-to-end tests (run pytest as a user would, through pytester)."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any, Callable, Iterable

import pytest

# The tests live in unit/ (pure: no pytest run inside) and plugin/ (pytester runs); a few share helpers across
# the two (``from test_render import ...``): both folders are importable from either.
for _folder in ("unit", "plugin"):
    _path = str(Path(__file__).resolve().parent / _folder)
    if _path not in sys.path:
        sys.path.insert(0, _path)

# pytester's in-process runs restore sys.modules afterwards, so whatever a run imports is imported again by
# the next one. Import the plugin's modules and what Hypothesis' terminal summary pulls in once, here.
import hypothesis.internal.observability  # noqa: F401,E402
import pytest_answerbench.choice  # noqa: F401,E402
import pytest_answerbench.scorers.vmcbench  # noqa: F401,E402
import pytest_answerbench.run  # noqa: F401,E402


def _import_once() -> None:
    """Every module of the package, and the LaTeX parser built on SymPy and the antlr runtime (both imported
    lazily by the plugin): a first parse inside an in-process run would load antlr4 there, the run's end would
    drop it, and a second copy would be loaded later (maths/parse.py rebuilds its parser then; test_maths_fastpaths
    covers that case on its own)."""
    import importlib
    import pkgutil

    for module in pkgutil.walk_packages(pytest_answerbench.__path__, "pytest_answerbench."):
        importlib.import_module(module.name)
    from pytest_answerbench.maths.parse import sympy_parse_latex

    sympy_parse_latex("\\frac{1}{2}")


_import_once()

pytest_plugins = ["pytester"]

MC_OPTIONS = {"A": "a cat", "B": "a dog", "C": "a horse", "D": "a bird"}


def sigint_as_a_terminal_gives() -> None:
    """``preexec_fn`` for a child a test will interrupt: SIGINT back to its default, so the child's Python raises
    KeyboardInterrupt on it. A suite started in the background by a non-interactive shell (``.ci/run &``) inherits
    SIGINT ignored, and a child inheriting that would never see the Ctrl-C the test sends."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def mc_row(index: int, prediction: str, answer: str = "B", category: str = "MMStar", **extra: Any) -> dict:
    """A VMCBench-shaped row."""
    return {"index": index, "question": "What animal is shown?", **MC_OPTIONS, "answer": answer,
            "category": category, "prediction": prediction, **extra}


def read_jsonl(path: Path) -> list[dict]:
    """The rows of a JSONL test corpus (blank lines skipped)."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def olympiad_disagreements(rows: Iterable[dict]) -> dict[str, str]:
    """Rows of a hand-labelled OlympiadBench corpus (rows plus ``label``, ``why``) where the default profile's
    verdict differs from the grader's, id -> what the profile said."""
    from pytest_answerbench import score_row

    out = {}
    for row in rows:
        fields = {k: v for k, v in row.items() if k not in ("label", "why")}
        verdict = score_row("olympiad", fields, profile="default", timeout=10.0)
        if verdict.status not in ("correct", "wrong") or verdict.correct is not row["label"]:
            out[row["id"]] = f"label={row['label']} got {verdict.status} ({verdict.method}, {verdict.extracted!r})"
    return out


def olympiad_status(pred: str, gold: str, **cells: Any) -> str:
    """The default OlympiadBench verdict's status for one reply against one gold (``cells``: unit, error, ...)."""
    from pytest_answerbench import score_row

    return score_row("olympiad", {"prediction": pred, "final_answer": [gold], **cells}, profile="default",
                     timeout=20).status


def imo_status(pred: str, gold: str) -> str:
    """The default IMO-AnswerBench verdict's status for one reply against one Short Answer."""
    from pytest_answerbench import score_row

    row = {"Problem ID": "p", "Short Answer": gold, "prediction": pred}
    return score_row("imo", row, profile="default", timeout=20).status


def both_defaults_accept(response: str, gold: str, question: str | None = None) -> bool:
    """The verdict of the olympiad and imo default profiles on one reply (asserting they agree)."""
    from pytest_answerbench import score_row

    asked = {"question": question} if question else {}
    verdicts = {score_row(bench, fields, profile="default").correct for bench, fields in (
        ("olympiad", {"prediction": response, "answer": gold, **asked}),
        ("imo", {"Problem ID": "p", "Short Answer": gold, "prediction": response, **asked}))}
    assert len(verdicts) == 1, "olympiad and imo disagree"
    return verdicts.pop()


def write_jsonl(path: Path, rows: Iterable[Any]) -> Path:
    lines = [r if isinstance(r, str) else json.dumps(r, ensure_ascii=False) for r in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def bench_env(pytester: pytest.Pytester):
    """A pytester directory with an empty ini (so the project's own pytest settings do not leak in)."""
    pytester.makeini("[pytest]\n")
    return pytester


class BuiltOnce:
    """Files that several tests start from, made by real runs once per process and copied into each test's folder.

    ``into(key, env, build)`` runs ``build(env)`` the first time ``key`` is asked for (the runs write their files
    into ``env.path``), keeps a copy of every file the build added, and from then on copies those files into the
    asking test's folder instead of running the build again. Each test gets its own copies, so it may edit them;
    a build must depend on nothing but its key (the same runs whichever test comes first)."""

    def __init__(self, store: Path) -> None:
        self._store = store
        self._kept: dict[str, Path] = {}

    def into(self, key: str, env: pytest.Pytester, build: Callable[[pytest.Pytester], object]) -> pytest.Pytester:
        kept = self._kept.get(key)
        if kept is None:
            before = {p for p in env.path.rglob("*") if p.is_file()}
            build(env)
            kept = self._store / key
            for made in (p for p in env.path.rglob("*") if p.is_file() and p not in before):
                copy = kept / made.relative_to(env.path)
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(made, copy)
            self._kept[key] = kept
        else:
            shutil.copytree(kept, env.path, dirs_exist_ok=True)
        return env


@pytest.fixture(scope="session")
def built_once(tmp_path_factory: pytest.TempPathFactory) -> BuiltOnce:
    """The process's :class:`BuiltOnce` (reports made by several runs, shared by a file's tests)."""
    return BuiltOnce(tmp_path_factory.mktemp("built_once"))


def load_report(pytester: pytest.Pytester, name: str = "report.json") -> dict:
    return json.loads((pytester.path / name).read_text(encoding="utf-8"))
