"""The verdict a scorer returns for one row, and the context it is called with.

Scorers are pure: ``score(row, ctx) -> Verdict``. Nothing here imports pytest.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

CORRECT = "correct"
WRONG = "wrong"
TIMEOUT = "timeout"
ERROR = "error"
MISS = "miss"
STATUSES = (CORRECT, WRONG, TIMEOUT, ERROR, MISS)
#: The status of a row an incomplete run never scored (report/build.py): only in reports with ``incomplete``,
#: never a scorer's verdict, so not in ``STATUSES``.
NOT_RUN = "not_run"

PROFILES = ("default", "upstream")

#: ``Verdict.extra`` key a scorer sets (to the reason, as text) on a verdict its rules left undecided, e.g. a text
#: answer they cannot compare: the opt-in verifier (``judge/verifier.py``) may decide such rows, and only these.
UNDECIDED = "undecided"
#: Methods that leave a row undecided without the marker, by prefix: no committed answer located
#: (``no-answer``), an answer that could not be parsed (``unparsed (...)``), a size bound (``bound:<name>``).
UNDECIDED_METHODS = {"no-answer": "no committed answer located", "unparsed": "the answer could not be parsed",
                     "bound:": "a size bound stopped the comparison"}


@dataclass(frozen=True)
class Verdict:
    """What a scorer decided about one row.

    Attributes:
        status: one of ``correct``, ``wrong``, ``timeout``, ``error``, ``miss``.
        score: the row's score in 0..1 (partial credit allowed; ``correct`` means full credit).
        extracted: the answer taken from the prediction, or None.
        method: which rule decided (short, stable, machine-readable).
        detail: free text for humans.
        gold: the gold answer as the scorer read it (for reports), or None.
        extra: JSON-serialisable benchmark-specific data (judge token counts, random-pick flags, ...).
    """

    status: str
    score: float = 0.0
    extracted: str | None = None
    method: str = ""
    detail: str = ""
    gold: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def correct(self) -> bool:
        return self.status == CORRECT

    def leaves_undecided(self) -> str | None:
        """Why the rules reached no verdict on this row (the ``undecided`` marker in ``extra``, or a method of
        :data:`UNDECIDED_METHODS`), or None when they did. Correct verdicts are always decided."""
        if self.status == CORRECT:
            return None
        marked = self.extra.get(UNDECIDED) if isinstance(self.extra, Mapping) else None
        if marked:
            return str(marked)
        method = self.method if isinstance(self.method, str) else ""  # a user's dict verdict may hold None
        for prefix, reason in UNDECIDED_METHODS.items():
            if method.startswith(prefix):
                return reason
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "score": self.score,
            "correct": self.correct,
            "extracted": self.extracted,
            "gold": self.gold,
            "method": self.method,
            "detail": self.detail,
            "extra": dict(self.extra),
        }

    @classmethod
    def graded(cls, ok: bool, **kw: Any) -> "Verdict":
        """A correct (score 1) or wrong (score 0) verdict."""
        return cls(CORRECT if ok else WRONG, 1.0 if ok else 0.0, **kw)

    @classmethod
    def partial(cls, score: float, **kw: Any) -> "Verdict":
        """A verdict with partial credit: correct only at full score."""
        score = float(score)
        return cls(CORRECT if score >= 1.0 else WRONG, score, **kw)

    @classmethod
    def error(cls, reason: str, **kw: Any) -> "Verdict":
        kw.setdefault("method", "error")
        return cls(ERROR, 0.0, detail=reason, **kw)

    @classmethod
    def timeout(cls, seconds: float | None, **kw: Any) -> "Verdict":
        kw.setdefault("method", "timeout")
        limit = f" after {seconds:g}s" if seconds else ""
        return cls(TIMEOUT, 0.0, detail=f"scoring stopped{limit}", **kw)


@dataclass(frozen=True)
class ScoreContext:
    """Everything a scorer may use besides the row itself.

    Attributes:
        benchmark: the benchmark's canonical name (``vmcbench_dev``).
        profile: ``default`` (seed intent, bugs fixed) or ``upstream`` (reference verdicts exactly).
        options: the benchmark's ``options:`` from its YAML, overridden by ``--bench-option``.
        row_id: the row's id (seed for any deterministic pseudo-random choice).
        judge: a judge object (see ``judge/__init__.py``) or None when no judge is configured.
        timeout: seconds the scorer may spend on this row, or None.
    """

    benchmark: str
    profile: str = "default"
    options: Mapping[str, Any] = field(default_factory=dict)
    row_id: str = ""
    judge: Any = None
    timeout: float | None = None

    @property
    def upstream(self) -> bool:
        return self.profile == "upstream"
