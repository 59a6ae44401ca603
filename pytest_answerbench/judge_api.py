"""What a scorer may ask of a judge (``ctx.judge``), independent of how the judge is reached.

Scorers call ``ctx.judge.ask(messages)`` and get the reply text, or a JudgeError when no verdict could be had
(the row then becomes ``status="error"``, never a wrong answer). The OpenAI-compatible implementation lives in
``judge.py``; tests and users may pass any object with the same ``ask``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, Sequence

__all__ = ["Judge", "JudgeError", "ScriptedJudge"]

Message = dict  # {"role": "system"|"user"|"assistant", "content": str}


class JudgeError(Exception):
    """The judge could not give a reply (network, HTTP status, malformed body, offline cache miss)."""


class Judge(Protocol):
    model: str

    def ask(self, messages: Sequence[Message], **params: Any) -> str:
        """The judge's reply text for one conversation. Raises JudgeError."""
        ...


@dataclass
class ScriptedJudge:
    """A judge that replies from a script, for tests and dry runs.

    ``replies`` is consumed in order; ``calls`` records every conversation asked.
    """

    replies: list[str]
    model: str = "scripted"
    calls: list[Sequence[Message]] = field(default_factory=list)

    def ask(self, messages: Sequence[Message], **params: Any) -> str:
        self.calls.append(list(messages))
        if not self.replies:
            raise JudgeError("scripted judge has no reply left")
        return self.replies.pop(0)
