"""Privacy by module, read from the package's source with ``ast``, and texts that stay inside the repository.

* A module's ``_private`` names are used by that module only. No module imports another module's ``_private``
  name (``from .x import _foo``, ``from ..x import _foo``, ``from pytest_answerbench.x import _foo``) or reads it
  as an attribute of the module (``x._foo``). A name that modules of the package share has no underscore; a
  package's ``__init__`` is a module like the others. Module names are not names: a ``_module.py`` (``_compat``,
  ``_version``, ``harnesses/_base``) is a package-internal module any module of the package may import.
* No module but ``_compat.py`` reads or writes a ``_private`` attribute that the package does not define: the
  internals of pytest, junitxml, xdist and pytest-timeout are reached there only, and tests/plugin/test_compat.py
  lists each one it may touch (``INTERNALS``) with a probe.
* Docstrings, comments, tools and docs name nothing outside the repository (a folder beside the checkout, an
  issue number of the tracker that steered the work).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "pytest_answerbench"

# Private attributes of objects outside the package read by modules other than _compat.py, each with its reason.
FOREIGN_PRIVATE = {
    ("evalguard", "sys._getframe"),  # the frame that called compile/eval/exec (CPython's documented accessor)
    ("maths.parse", "parser._interp"),  # ANTLR's prediction mode, set through the runtime's documented attribute
}


def _dotted(path: Path, root: Path) -> str:
    """``pkg/sub/__init__.py`` -> ``pkg.sub``, ``pkg/sub/b.py`` -> ``pkg.sub.b``."""
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules(package: Path = PACKAGE) -> dict[str, Path]:
    return {_dotted(path, package.parent): path for path in sorted(package.rglob("*.py"))}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name.strip("_") != ""


def _target(module: str, is_init: bool, node: ast.ImportFrom, top: str) -> str | None:
    """The package module an ``ImportFrom`` reads from, or None for another library."""
    if node.level == 0:
        return node.module if (node.module or "").split(".")[0] == top else None
    package = module.split(".") if is_init else module.split(".")[:-1]
    return ".".join(package[: len(package) - node.level + 1] + ([node.module] if node.module else []))


def crossings(package: Path = PACKAGE) -> list[str]:
    """``file:line: what`` for every use of another module's ``_private`` name."""
    modules = _modules(package)
    top = package.name
    out = []
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        is_init = path.name == "__init__.py"
        aliases: dict[str, str] = {}  # a name bound to a module of the package -> that module
        where = f"{path.relative_to(package.parent)}"
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                target = _target(module, is_init, node, top)
                if target is None:
                    continue
                for alias in node.names:
                    full = f"{target}.{alias.name}"
                    if full in modules:
                        aliases[alias.asname or alias.name] = full
                    elif _private(alias.name) and target != module:
                        out.append(f"{where}:{node.lineno}: imports {alias.name} from {target}")
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in modules:
                        aliases[alias.asname or alias.name.split(".")[0]] = alias.asname and alias.name or top
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and _private(node.attr):
                owner = _module_of(node.value, aliases, modules)
                if owner is not None and owner != module and f"{owner}.{node.attr}" not in modules:
                    out.append(f"{where}:{node.lineno}: uses {owner}.{node.attr}")
    return out


def _module_of(expr: ast.expr, aliases: dict[str, str], modules: dict[str, Path]) -> str | None:
    if isinstance(expr, ast.Name):
        return aliases.get(expr.id)
    if isinstance(expr, ast.Attribute):
        base = _module_of(expr.value, aliases, modules)
        if base is not None and f"{base}.{expr.attr}" in modules:
            return f"{base}.{expr.attr}"
    return None


def test_no_module_uses_another_modules_private_names():
    found = crossings()
    assert not found, ("a module uses another module's _private names: make the name public in its module "
                       "(drop the underscore), or keep it where it is used\n" + "\n".join(found))


def _write(root: Path, files: dict[str, str]) -> Path:
    package = root / "pkg"
    for name, text in files.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return package


def test_the_check_sees_every_way_of_reaching_a_private_name(tmp_path):
    package = _write(tmp_path, {
        "__init__.py": "",
        "_shared.py": "_HIDDEN = 1\nSHARED = 2\n",
        "a.py": "_helper = 1\n",
        "sub/__init__.py": "from .b import _inner\n",
        "sub/b.py": "_inner = 1\n_own = 2\nx = _own\n",
        "sub/c.py": ("from ..a import _helper\n"
                     "from pkg.a import _helper as h\n"
                     "from .. import a\n"
                     "from .. import _shared\n"
                     "import pkg.sub.b\n"
                     "y = a._helper + _shared.SHARED + _shared._HIDDEN + pkg.sub.b._own\n"),
    })
    found = sorted(crossings(package))
    assert found == [
        "pkg/sub/__init__.py:1: imports _inner from pkg.sub.b",
        "pkg/sub/c.py:1: imports _helper from pkg.a",
        "pkg/sub/c.py:2: imports _helper from pkg.a",
        "pkg/sub/c.py:6: uses pkg._shared._HIDDEN",
        "pkg/sub/c.py:6: uses pkg.a._helper",
        "pkg/sub/c.py:6: uses pkg.sub.b._own",
    ]


def test_a_private_module_and_a_modules_own_names_are_allowed(tmp_path):
    package = _write(tmp_path, {
        "__init__.py": "from . import _compat\n",
        "_compat.py": "def fence():\n    return 1\n",
        "a.py": "from . import _compat\n_mine = _compat.fence()\n\ndef f():\n    return _mine\n",
        "sub/__init__.py": "from .. import _compat\nPUBLIC = _compat.fence\n",
    })
    assert crossings(package) == []


# -- private attributes of other libraries' objects ---------------------------------------------------------------

def _defined_attributes() -> set[str]:
    """Every ``_private`` name the package defines: top-level names, class members, attributes it assigns."""
    out = set()
    for path in _modules().values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                out.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                out.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                out.add(node.attr)
    return {name for name in out if _private(name)}


def foreign_private_attributes() -> list[tuple[str, str, str]]:
    """(module, line, ``expr._name``) for every private attribute of a non-package object read outside _compat."""
    ours = _defined_attributes()
    out = []
    for module, path in _modules().items():
        if module == "pytest_answerbench._compat":
            continue
        short = module.removeprefix("pytest_answerbench.")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and _private(node.attr) and node.attr not in ours:
                text = ast.unparse(node)
                if (short, text) not in FOREIGN_PRIVATE:
                    out.append((f"{path.relative_to(ROOT)}:{node.lineno}", text, short))
    return out


def test_only_compat_reaches_other_libraries_private_attributes():
    found = foreign_private_attributes()
    assert not found, ("a private attribute of pytest's, xdist's or another library's objects outside _compat.py: "
                       "move it behind a function there and list it in INTERNALS (tests/plugin/test_compat.py)\n"
                       + "\n".join(f"{where}: {text}" for where, text, _ in found))


def test_the_allowed_foreign_attributes_are_still_used():
    """An entry of FOREIGN_PRIVATE whose use went away is removed from it, so the list stays the truth."""
    used = set()
    for module, path in _modules().items():
        short = module.removeprefix("pytest_answerbench.")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and (short, ast.unparse(node)) in FOREIGN_PRIVATE:
                used.add((short, ast.unparse(node)))
    assert used == FOREIGN_PRIVATE


def test_compat_internals_are_listed_in_test_compat():
    """The names _compat.py may touch are one list, tests/plugin/test_compat.py's ``INTERNALS``; its private
    attribute entries are the ones this file's check leaves to _compat.py."""
    from test_compat import INTERNALS

    attributes = {entry.split()[1] for entry in INTERNALS if entry.startswith("attribute ")}
    assert attributes and all(_private(name) for name in attributes)
    assert not attributes & _defined_attributes()  # pytest's and CPython's, not the package's own


# -- texts that stay inside the repository ------------------------------------------------------------------------

OUTSIDE = [
    (re.compile(r"\.\./shared\b"), "a folder beside the checkout"),
    (re.compile(r"\b[Ii]ssues? #?\d+|\bissue-\d+"), "an issue number of the tracker"),
    (re.compile(r"/work/"), "a path of the machine the work was done on"),
]


def _texts() -> list[Path]:
    paths = [*PACKAGE.rglob("*.py"), *(ROOT / "tools").glob("*.py"), *(ROOT / "docs").glob("*.md"),
             ROOT / "README.md", ROOT / "tests" / "README.md"]
    return sorted(path for path in paths if path.is_file())


def test_texts_name_nothing_outside_the_repository():
    found = [f"{path.relative_to(ROOT)}:{number}: {why}: {line.strip()[:100]}"
             for path in _texts()
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             for pattern, why in OUTSIDE if pattern.search(line)]
    assert len(_texts()) > 100 and not found, "\n".join(found)


def test_the_outside_patterns_catch_what_they_name():
    lines = ["(../shared/GRADING.md, rule 1)", "(issue 23 section 6)", "issue-22 rules", "Issues 15",
             "--mirror /work/.mirror"]
    assert all(any(p.search(line) for p, _ in OUTSIDE) for line in lines)
    assert not any(p.search("see docs/shared.md, the issues it fixed, 2 tissue 3") for p, _ in OUTSIDE)


# A README section named in a docstring, comment or page: "README, "Library API"", ""Outcomes and exit status" in
# the README". The README was split into docs/: a section that moved is named by its page instead.
README_SECTION = re.compile(r"""README(?:\.md)?(?:'s)?[,:]?\s+\(?["“]([^"”]+)["”]|["“]([^"”]+)["”] in the README""")


def _headings(path: Path) -> set[str]:
    return {line.lstrip("#").strip() for line in path.read_text(encoding="utf-8").splitlines()
            if line.startswith("#")}


def test_readme_sections_named_in_texts_exist():
    headings = _headings(ROOT / "README.md")
    named = []
    for path in _texts():
        text = path.read_text(encoding="utf-8")
        for match in README_SECTION.finditer(text):
            section = " ".join((match.group(1) or match.group(2)).split())
            line = text.count("\n", 0, match.start()) + 1
            named.append((f"{path.relative_to(ROOT)}:{line}", section))
    missing = [f"{where}: README has no section {section!r}" for where, section in named
               if not any(heading.startswith(section) for heading in headings)]
    assert len(named) > 5 and not missing, "\n".join(missing)


def test_the_readme_section_pattern_reads_both_forms():
    text = 'the API (README.md, "Library API"); see "Outcomes and exit status" in the README; README: "Exit\n'
    assert [m.group(1) or m.group(2) for m in README_SECTION.finditer(text)] == ["Library API",
                                                                                 "Outcomes and exit status"]
