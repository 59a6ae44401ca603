"""The documentation's shape: README.md is a guide read top to bottom, docs/*.md the reference.

* README stays a guide: short (``README_MAX_LINES``), its sections in the guide's order, the quick start's three
  commands as ``.ci/run`` runs them, and a link to every reference page, so no page of docs/ is orphaned.
* Every link of README.md and docs/*.md (``[text](target)``, and a ``docs/NAME.md`` named in code) points to a file
  of the repository that exists, and a ``#fragment`` to a heading of that file.
* No doc names an issue number or a file outside the repository (the project's working notes are not shipped).

The options themselves are checked against ``pytest --help`` in tests/plugin/test_options.py, and the examples
are run in tests/plugin/test_docs_examples.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
README_MAX_LINES = 450

#: The guide's sections (``## `` headings), in the order a newcomer reads them; others may sit between.
GUIDE = ["Quick start", "What you can score", "Outcomes and exit status", "CI gates against a baseline",
         "Scoring other harnesses' files", "Many samples per question", "Judges", "Writing your own benchmark",
         "Library API", "Reference"]

#: The quick start's commands, exactly: .ci/run installs and runs them as written here.
QUICK_START = ['pip install -e ".[test]"', "pytest --bench olympiad benchmarks/olympiad/sample.jsonl",
               "pytest -n auto"]

#: What a user's copy of the project does not have: issue numbers of the project's tracker, and the working
#: notes kept beside the repository.
FORBIDDEN = [r"\bissues? \d+", r"\.\./shared", r"\bshared/", r"CONTRACT\.md", r"GRADING\.md", r"STYLE\.md",
             r"PERF_NOTES\.md", r"architecture-review"]

LINK = re.compile(r"\]\(([^)\s]+)\)")
CODE_DOC = re.compile(r"`(docs/[\w.-]+\.md)(?:#[\w-]+)?`")


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _headings(text: str, level: str = "#") -> list[str]:
    """Markdown headings outside fenced blocks (a ``# comment`` in a shell or YAML block is none)."""
    out, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(rf"^{re.escape(level)}+ ", line):
            out.append(line.lstrip("#").strip())
    return out


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[`*]", "", heading).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _links(path: Path) -> list[tuple[int, str, Path]]:
    """(line, target, the folder it is relative to) of every relative link of a markdown file, fenced blocks left
    out: a link is relative to its file, a ``docs/NAME.md`` in code to the repository."""
    out, fenced = [], False
    for number, line in enumerate(_text(path).splitlines(), 1):
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        out += [(number, t, path.parent) for t in LINK.findall(line) if not re.match(r"^[a-z]+:", t)]
        out += [(number, t, ROOT) for t in CODE_DOC.findall(line)]
    return out


def test_the_readme_is_a_guide_of_at_most_450_lines():
    lines = _text(README).count("\n")
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines: move reference material to docs/"


def test_the_readme_has_the_guides_sections_in_order():
    sections = _headings(_text(README), "##")
    sections = [s for s in sections if not s.startswith("#")]
    found = [s for s in sections if s in GUIDE]
    assert found == GUIDE, f"README's sections: {sections}"


def test_the_quick_start_gives_the_three_commands_as_ci_runs_them():
    section = _text(README).split("\n## Quick start\n", 1)[1].split("\n## ", 1)[0]
    commands = [line.strip().split("  #", 1)[0].strip() for line in section.splitlines() if line.startswith("    ")]
    assert commands == QUICK_START
    ci = _text(ROOT / ".ci" / "run")
    assert 'pip install --upgrade -e ".[test]"' in ci and f"\n{QUICK_START[1]} -q\n" in ci
    assert f"\n{QUICK_START[2]}\n" in ci


def test_the_readme_links_every_reference_page():
    linked = {(base / target.split("#", 1)[0]).resolve() for _, target, base in _links(README)}
    assert [p.name for p in DOCS if p.resolve() not in linked] == []


@pytest.mark.parametrize("path", [README, *DOCS], ids=lambda p: p.name)
def test_every_link_points_to_a_file_of_the_repository_and_a_heading_in_it(path: Path):
    broken = []
    for number, target, base in _links(path):
        file, _, fragment = target.partition("#")
        dest = (base / file).resolve() if file else path
        if not dest.is_relative_to(ROOT) or not dest.exists():
            broken.append(f"{path.name}:{number}: {target} (no such file in the repository)")
        elif fragment and dest.suffix == ".md" and fragment not in {_slug(h) for h in _headings(_text(dest))}:
            broken.append(f"{path.name}:{number}: {target} (no heading #{fragment} in {dest.name})")
    assert broken == []


@pytest.mark.parametrize("path", [README, *DOCS], ids=lambda p: p.name)
def test_no_doc_names_an_issue_number_or_a_file_outside_the_repository(path: Path):
    found = [f"{path.name}:{number}: {match.group(0)!r}"
             for number, line in enumerate(_text(path).splitlines(), 1)
             for pattern in FORBIDDEN for match in re.finditer(pattern, line, re.IGNORECASE)]
    assert found == []


def test_the_checks_see_what_they_check():
    """The helpers find what the tests rely on: headings outside fences only, links and slugs as GitHub makes
    them, and the forbidden names in a line that holds them."""
    sample = "# Title\n```sh\n# not a heading\n```\n## Model code runs only in a sandbox\n"
    assert _headings(sample) == ["Title", "Model code runs only in a sandbox"]
    assert _slug("Scoring other harnesses' files") == "scoring-other-harnesses-files"
    assert _slug("The `answerbench` command: saved reports") == "the-answerbench-command-saved-reports"
    assert LINK.findall("see [the page](docs/safety.md#memory-ceiling) and [x](https://a.b)") == [
        "docs/safety.md#memory-ceiling", "https://a.b"]
    line = "fixed in issue 22 (see ../shared/corpora and CONTRACT.md)"
    assert [p for p in FORBIDDEN if re.search(p, line, re.IGNORECASE)] == FORBIDDEN[:4]
    assert not [p for p in FORBIDDEN if re.search(p, "the issue is the 2 shared libraries in _shared.py")]
