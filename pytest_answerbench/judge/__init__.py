"""The judge: what a scorer may ask of one (``protocol.py``), the OpenAI-compatible client (``openai.py``) with
its persistent reply cache (``cache.py``), and a fake OpenAI-compatible server for tests (``testing.py``).

The protocol's names are imported from here: ``from pytest_answerbench.judge import JudgeError, ScriptedJudge``.
"""

from __future__ import annotations

from typing import Any

from .protocol import *  # noqa: F401,F403 - the protocol's names are this package's public names
from .protocol import __all__

# The OpenAI judge is offered here (README and docs/judges.md import it so), imported on first use: the scorers
# import the protocol above and must not load the client's module.


def __getattr__(name: str) -> Any:
    if name == "OpenAIJudge":
        from .openai import OpenAIJudge

        return OpenAIJudge
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
