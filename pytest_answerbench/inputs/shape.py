"""The shape check of a prediction file: do its first rows fit the benchmark asked for? (``FieldCheck``)

Pure (no pytest). One message instead of a verdict (or an error) per row when most rows lack the benchmark's
required fields, or when most rows are multiple-choice rows given to a benchmark that is not multiple-choice.
Which benchmarks are multiple-choice is read from their definitions (``is_multiple_choice``), not listed here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from ..scorers._mc import is_missing

if TYPE_CHECKING:
    from ..spec import BenchmarkSpec

__all__ = ["FieldCheck", "choice_columns", "column_list", "is_multiple_choice", "option_letter_gold"]


class FieldCheck:
    """The check of a file's first rows against the benchmark asked for, one message instead of a verdict (or an
    error) per row.

    Required fields: when most rows lack them, the file is the wrong one (or its columns are named differently):
    the message names the missing fields, the columns the file has, and the benchmarks whose fields fit.

    Shape (``shape``; off with ``--bench-no-shape-check``): when the benchmark is not multiple-choice but most
    rows are multiple-choice rows (a one-letter gold naming an option column of the row, as VMCBench and
    LiveXivVQA rows are), the file meets the required fields of, say, ``olympiad`` (``prediction``, ``answer``)
    yet would be scored silently as maths: the message names what was seen, the benchmark asked for, and the
    built-in multiple-choice benchmarks whose required fields the rows meet. Which benchmarks are multiple-choice
    is read from their definitions (``is_multiple_choice``), not listed here.
    """

    SAMPLE = 100  # rows looked at before deciding

    def __init__(self, display: str, spec: "BenchmarkSpec", shape: bool = True,
                 fields: tuple[tuple[str, str], ...] = ()):
        self.display = display
        self.spec = spec
        self.fields = fields  # --bench-field (field, column) pairs: a column the file lacks is named first
        self.rows = 0
        self.lacking = 0
        self.missing: dict[str, None] = {}  # the missing fields, in the order met
        self.columns: dict[str, None] = {}
        # rows shaped as multiple-choice (whether the benchmark is multiple-choice itself is asked only of a file
        # whose rows mostly are: it reads the built-in definitions)
        self.choice_rows: int | None = 0 if shape else None
        self.choice_example: tuple[str, list[str]] | None = None  # (gold, option columns) of the first such row

    def add(self, row: dict[str, Any], missing: list[str]) -> bool:
        """Count one readable row (its fields already renamed); True once enough rows were seen."""
        if self.rows >= self.SAMPLE:
            return True
        self.rows += 1
        self.columns.update(dict.fromkeys(map(str, row)))
        if missing:
            self.lacking += 1
            self.missing.update(dict.fromkeys(missing))
        if self.choice_rows is not None:
            options = option_letter_gold(self.spec.gold_of(row), row)
            if options:
                self.choice_rows += 1
                if self.choice_example is None:
                    self.choice_example = options
        return self.rows >= self.SAMPLE

    def problem(self) -> str | None:
        if not self.rows:
            return None
        if self.lacking * 2 > self.rows:
            return self._missing_problem()
        if self.choice_rows is not None and self.choice_rows * 2 > self.rows and not is_multiple_choice(self.spec):
            return self._shape_problem()
        return None

    def _missing_problem(self) -> str:
        from ..spec import builtin_specs  # deferred for start-up cost: read only when a file does not fit

        columns = dict.fromkeys(self.columns, "")
        fit = [name for name, other in sorted(builtin_specs().items())
               if other.required and not other.missing_fields(columns)]
        shown = column_list(self.columns)
        missing = {name for m in self.missing for name in m.split(" or ")}
        unmapped = [f"--bench-field {field}={column} names a column the file does not have ({column!r}); "
                    for field, column in self.fields if field in missing and column not in self.columns]
        return (f"{self.display}: {''.join(unmapped)}{self.lacking} of the first {self.rows} rows lack the fields benchmark "
                f"{self.spec.name} requires: missing {', '.join(repr(m) for m in self.missing)}; the file has "
                f"the columns {shown or '(none)'}; benchmarks whose required fields fit: "
                f"{', '.join(fit) or 'none'}. If a column holds a required field under another name, map it: "
                f"--bench-field FIELD=COLUMN (e.g. --bench-field prediction=model_output)")

    def _shape_problem(self) -> str:
        from ..spec import builtin_specs  # deferred for start-up cost: read only when a file does not fit

        columns = dict.fromkeys(self.columns, "")
        choice = {name: other for name, other in sorted(builtin_specs().items()) if _declares_choice(other)}
        fit = [name for name, other in choice.items() if not other.missing_fields(columns)]
        gold, options = self.choice_example or ("?", [])
        if fit:
            fits = f"multiple-choice benchmarks whose required fields the rows meet: {', '.join(fit)}"
        else:
            fits = (f"no multiple-choice benchmark's required fields are all there (the multiple-choice "
                    f"benchmarks: {', '.join(choice) or 'none'})")
        return (f"{self.display}: {self.choice_rows} of the first {self.rows} rows are multiple-choice rows (a "
                f"one-letter gold naming an option column of the row, e.g. gold {gold!r} with the columns "
                f"{', '.join(options)}), but benchmark {self.spec.name} is not multiple-choice (its definition reads "
                f"no option columns); {fits}. Use one of them (--bench NAME), or score the file with {self.spec.name} "
                f"anyway: --bench-no-shape-check")


def column_list(columns: Iterable[str], limit: int = 40) -> str:
    """A file's columns for a message: the first ``limit``, in the order met, "..." when there are more."""
    names = list(columns)
    return ", ".join(names[:limit]) + (", ..." if len(names) > limit else "")


def choice_columns(spec: "BenchmarkSpec") -> list[str]:
    """The option columns (single capital letters: ``A``, ``B``, ...) a benchmark's definition reads."""
    named = [name for req in spec.required + spec.optional for name in req.split("|")]
    return [name for name in dict.fromkeys(named) if _is_option_column(name)]


def is_multiple_choice(spec: "BenchmarkSpec") -> bool:
    """Does the benchmark score multiple-choice rows? It does when its definition reads option columns (two or
    more of ``A``, ``B``, ...: livexiv, vmcbench_dev/test in benchmarks/), when its options use a ``choice``
    extractor or matcher (a ``scorer: generic`` YAML, which reads the row's A..J without declaring them), or
    when its scorer is the scorer of such a built-in benchmark (a user's YAML with ``scorer: vmcbench``)."""
    if _declares_choice(spec):
        return True
    from ..spec import builtin_specs  # deferred for start-up cost: asked only of a file of multiple-choice rows

    return spec.scorer in {other.scorer for other in builtin_specs().values() if _declares_choice(other)}


def _declares_choice(spec: "BenchmarkSpec") -> bool:
    return len(choice_columns(spec)) >= 2 or _uses_choice(spec.options)


def _uses_choice(value: Any) -> bool:
    if isinstance(value, dict):
        return value.get("type") == "choice" or any(_uses_choice(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_uses_choice(v) for v in value)
    return False


def _is_option_column(name: Any) -> bool:
    return isinstance(name, str) and len(name) == 1 and "A" <= name <= "Z"


def option_letter_gold(gold: Any, row: dict[str, Any]) -> tuple[str, list[str]] | None:
    """(gold, option columns) when the row is a multiple-choice row: its gold is one letter naming an option
    column the row fills, and the row fills at least two option columns (``A`` and another). None otherwise: a
    maths gold that is a single letter (a point ``A``, a variable ``x``) without option columns is not one."""
    if not isinstance(gold, str):
        return None
    letter = gold.strip().upper()
    if not _is_option_column(letter):
        return None
    options = [name for name, value in row.items()
               if _is_option_column(name) and not is_missing(value, blank=True)]
    if len(options) < 2 or "A" not in options or letter not in options:
        return None
    return gold.strip(), sorted(options)
