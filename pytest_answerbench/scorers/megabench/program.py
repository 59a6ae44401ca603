"""MEGA-Bench's ``program_judge`` (reference: ``metrics/scoring/program_judge.py``): the model's program runs on
each test case of the row's ``eval_context["test_case"]`` (a list, or one case as an object); the score is the
share of cases whose output, right-stripped, equals the expected text right-stripped.

This executes model-written code, so it runs only when the benchmark option ``allow_code_execution`` is true
(``--bench-option allow_code_execution=true`` or the YAML's ``options:``); otherwise the row is an error naming
that option. Each case runs in a fresh ``python -I -S`` child (``_sandbox_child.py``) inside the bubblewrap
sandbox of ``pytest_answerbench/sandbox.py`` (own namespaces, read-only view of the interpreter only, no
network, no home or checkout, a :data:`LIMITS` ``disk_bytes`` tmpfs as its only writable folder), with the
CPU, memory, file-size, process and open-file limits below as a second layer, and a wall time of the
reference's 2 s plus :data:`STARTUP_ALLOWANCE` for the sandbox and interpreter to start. Without bubblewrap
the row is an error naming it (:class:`~.judged.NeedsResource`); there is no weaker fallback. Outcomes as the
reference's: a case that runs out of time, crashes or prints something else fails.

What the sandbox protects is the machine, not the score against code written to cheat it (such code can
reach the child's result channel).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ...sandbox import SandboxUnavailable, run_script
from .judged import NeedsResource

__all__ = ["CodeExecutionNotAllowed", "LIMITS", "program_judge", "run_program"]

OPT_IN = "allow_code_execution"
TIMEOUT = 2.0
STARTUP_ALLOWANCE = 1.0
LIMITS = {"cpu_seconds": 3, "memory_bytes": 512 * 1024 * 1024, "file_bytes": 1024 * 1024,
          "disk_bytes": 16 * 1024 * 1024, "output_bytes": 16 * 1024 * 1024}
_CHILD = Path(__file__).with_name("_sandbox_child.py")


class CodeExecutionNotAllowed(Exception):
    """``program_judge`` needs the benchmark option ``allow_code_execution``."""


def run_program(code: str, input_lines: Any, timeout: float = TIMEOUT, limits: dict[str, int] | None = None,
                main: bool | None = None, guard: bool = True) -> str:
    """The program's captured output for one test case, or an ``ERROR...`` text as the reference gives.
    ``guard=False`` leaves out the child's audit hook (tests show the sandbox holds without it).

    Raises:
        NeedsResource: no working bubblewrap here (the message says what to install).
    """
    limits = {**LIMITS, **(limits or {})}
    payload = {"code": code, "input": list(input_lines),  # a string's characters, as the reference joins them
               "main": ('if __name__ == "__main__":' in code) if main is None else main,
               "limits": limits, "guard": guard}
    try:
        run = run_script(_CHILD.read_bytes(), json.dumps(payload).encode(), timeout + STARTUP_ALLOWANCE,
                         limits["disk_bytes"], limits["output_bytes"])
    except SandboxUnavailable as exc:
        raise NeedsResource(f"metric 'program_judge' runs the model's code only inside a sandbox: {exc}") from None
    if run.timed_out:
        return "ERROR: Code execution exceeded the time limit."
    if run.overflowed:
        return f"ERROR: the program's output is larger than {limits['output_bytes']} bytes."
    try:
        return str(json.loads(run.stdout.decode("utf-8", "replace"))["output"])
    except (ValueError, KeyError, TypeError):
        return "ERROR: No output was produced before timeout."


def program_judge(response: Any, eval_context: Any, task_info: Any = None, allowed: bool = False) -> float:
    """The share of test cases the program passes (0 with no test case).

    Raises:
        CodeExecutionNotAllowed: without the opt-in. What the reference raises on bad test cases (0 through
        ``match_context``).
    """
    if not allowed:
        raise CodeExecutionNotAllowed(
            f"metric 'program_judge' runs the model's code: set the benchmark option {OPT_IN} "
            f"(--bench-option {OPT_IN}=true) to allow it (bubblewrap sandbox)")
    if not sys.platform.startswith("linux"):
        raise NeedsResource("metric 'program_judge' needs Linux for its sandbox (bubblewrap)")
    cases = eval_context["test_case"]
    if isinstance(cases, dict):
        cases = [cases]
    if not cases:
        return 0
    passed = 0
    for case in cases:
        if not isinstance(response, str):
            raise TypeError("the program is not text")
        output = run_program(response, case["input"])
        passed += output == case["expected"].rstrip()
    return passed / len(cases)
