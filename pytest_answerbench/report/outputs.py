"""The files a run (or ``answerbench compare``/``render``) writes from a report, one row each in ``OUTPUTS``.

Pure (no pytest). ``options.py`` reads the table for the output paths it checks before scoring, ``run.py`` for
what it writes at the end, ``cli.py`` for the ``--markdown``/``--html`` options of ``compare`` and ``render``. A new
format (say CSV) is one row here, a ``Settings`` field and an ``Option`` row in options.py.

:func:`output_problems` is the one check of where outputs go, for the plugin and every ``answerbench`` command
alike: an output is never one of the inputs (:func:`same_file`: the same inode, through a symlink or a hard link,
or the same resolved path), never another output's file, and writable (``io.unwritable``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from .io import unwritable, write_json, write_text
from .render import html_report, markdown_summary

__all__ = ["OUTPUTS", "Output", "output_problems", "same_file"]


@dataclass(frozen=True)
class Output:
    """One output: the pytest option, the ``Settings`` field holding its path, the label of messages and of
    the summary's "generated answerbench ..." line, how the text is made from ``(report, comparison, flips)``
    (None: the JSON report itself, written as the run goes), and the ``answerbench`` option (None: pytest only).
    """

    flag: str
    field: str
    label: str
    render: Callable[[Mapping[str, Any], Mapping[str, Any] | None, int], str] | None = None
    cli: str | None = None

    def write(self, path: str | os.PathLike[str], report: Mapping[str, Any], comparison: Mapping[str, Any] | None,
              flips: int = 10) -> None:
        """Write this output of ``report`` to ``path`` (atomically: report/io.py)."""
        if self.render is None:
            write_json(path, report)
        else:
            write_text(path, self.render(report, comparison, flips))


OUTPUTS: tuple[Output, ...] = (
    Output("--bench-report", "report_path", "JSON report"),
    Output("--bench-markdown", "markdown", "markdown summary",
           lambda report, comparison, flips: markdown_summary(report, comparison, top=flips), cli="--markdown"),
    Output("--bench-html", "html", "HTML report", lambda report, comparison, flips: html_report(report, comparison),
           cli="--html"),
)


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Are ``a`` and ``b`` one file: the same inode when both exist (a hard link, a symlink, another spelling
    of the path), else the same path once symlinks are resolved."""
    try:
        first, second = os.stat(a), os.stat(b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)
    return (first.st_dev, first.st_ino) == (second.st_dev, second.st_ino)


def output_problems(outputs: Sequence[tuple[str, str, str | os.PathLike[str]]],
                    inputs: Sequence[tuple[str, str | os.PathLike[str]]]) -> list[str]:
    """Why the outputs cannot be written, one message each (empty: they can), checked before anything is read
    or written.

    ``outputs`` are ``(option, path as the user gave it, path)``, ``inputs`` ``(what it is, path)``; ``path`` is
    the file itself (absolute, or relative to the working folder). Messages name a file as the user gave it.
    """
    problems = [f"{option} {shown} is also {what}: an output never replaces an input; write it to another path"
                for option, shown, path in outputs for what, source in inputs if same_file(path, source)]
    for i, (option, shown, path) in enumerate(outputs):
        problems += [f"{option} {shown} is also the file of {other}: each output needs a path of its own"
                     for other, _, earlier in outputs[:i] if same_file(path, earlier)]
    problems += [f"{option} {problem}" for option, shown, path in outputs if (problem := unwritable(path, shown))]
    return problems


def subset_path(path: str | os.PathLike[str]) -> Path:
    """Where the report of a ``--bench-select`` run goes when its report path is the report it selects from:
    beside it, ``NAME.subset.json`` (README, "CI gates against a baseline")."""
    path = Path(path)
    return path.with_name(f"{path.stem}.subset{path.suffix or '.json'}")
