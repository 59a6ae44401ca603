"""The child side of ``program.py``: run as ``python -I -S`` inside the bubblewrap sandbox
(``pytest_answerbench/sandbox.py``: namespaces, read-only root, a size-capped ``/work`` tmpfs as its working
folder, seccomp filter). It is not the boundary; it adds a second layer and MEGA-Bench's harness.

It reads ``{"code", "input", "main", "limits", "guard"}`` as JSON from stdin, then, before the model's code runs:
refuses to go on as root, lowers its resource limits (CPU seconds, address space, file size, no new process,
open files), points stdin, stdout and stderr at /dev/null, and (``guard``, on unless a test turns it off to
show the sandbox holds alone) installs an audit hook that refuses sockets, new processes, ``ctypes``, and
writes, renames or deletions outside the working folder: clearer messages for the usual attempts. Then it runs
the code as MEGA-Bench's ``CodeTester.target`` does: ``input()`` answers the test's lines, ``sys.stdout`` is
captured, ``exec`` with ``__name__ == "__main__"`` when the code has a main block and otherwise with separate
globals and locals. It writes ``{"output": ...}`` (the captured text, right-stripped, or ``ERROR during
execution: ...``) as JSON to its original stdout.

Only the Python standard library is used (``-S``; the sandbox shows no site-packages).
"""

import builtins
import io
import json
import os
import resource
import signal
import sys


def _limit(which, value):
    soft, hard = resource.getrlimit(which)
    value = value if hard == resource.RLIM_INFINITY else min(value, hard)
    resource.setrlimit(which, (value, value))


def _apply_limits(limits):
    _limit(resource.RLIMIT_CPU, int(limits["cpu_seconds"]))
    _limit(resource.RLIMIT_AS, int(limits["memory_bytes"]))
    _limit(resource.RLIMIT_FSIZE, int(limits["file_bytes"]))
    _limit(resource.RLIMIT_NOFILE, 64)
    _limit(resource.RLIMIT_CORE, 0)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the file-size limit fails instead of killing
    # No process may be started: the process count of this user (in its namespace) is at least 1 already.
    _limit(resource.RLIMIT_NPROC, 0)


_BLOCKED_PREFIXES = ("socket.", "subprocess.", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.system",
                     "os.kill", "os.killpg", "pty.", "_posixsubprocess.")
_BLOCKED_EVENTS = {"os.forkpty", "os.startfile", "ctypes.dlopen", "ctypes.dlsym", "ctypes.cdata",
                   "resource.setrlimit", "os.chroot", "sys.remote_exec"}
_PATH_EVENTS = {"os.remove": 0, "os.rename": 0, "os.rmdir": 0, "os.mkdir": 0, "os.chmod": 0, "os.chown": 0,
                "os.truncate": 0, "os.link": 0, "os.symlink": 1, "os.utime": 0, "shutil.rmtree": 0,
                "os.replace": 0}


def _install_hook(home):
    home = os.path.realpath(home)

    def inside(path):
        try:
            real = os.path.realpath(os.fsdecode(path) if not isinstance(path, int) else home)
        except Exception:
            return False
        return real == home or real.startswith(home + os.sep)

    def hook(event, args):
        if event in _BLOCKED_EVENTS or event.startswith(_BLOCKED_PREFIXES):
            raise PermissionError(f"sandbox: {event} is not allowed")
        if event == "import" and args and str(args[0]).split(".")[0] in ("ctypes", "_ctypes", "cffi"):
            raise PermissionError("sandbox: ctypes is not allowed")
        if event == "open" and len(args) >= 3:
            path, mode, flags = args[0], args[1], args[2]
            writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (isinstance(flags, int) and (
                flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND)))
            if writing and not isinstance(path, int) and not inside(path):
                raise PermissionError(f"sandbox: writing outside the working folder ({path!r})")
        index = _PATH_EVENTS.get(event)
        if index is not None and args and not inside(args[index]):
            raise PermissionError(f"sandbox: {event} outside the working folder")

    sys.addaudithook(hook)


def main():
    payload = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    result_fd = os.dup(1)
    if os.getuid() == 0 or os.geteuid() == 0:
        os.write(result_fd, json.dumps({"output": "ERROR: the sandbox runs programs as root; refused"}).encode())
        return
    _apply_limits(payload["limits"])
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False))
    if payload.get("guard", True):
        _install_hook(os.getcwd())
    lines = iter(("\n".join(payload["input"]) + "\n").splitlines())

    def fake_input(prompt=""):
        return next(lines)  # StopIteration when the lines run out, as the reference's mock

    builtins.input = fake_input
    captured = io.StringIO()
    real_stdout = sys.stdout
    sys.stdout = captured
    try:
        if payload["main"]:
            exec(payload["code"], {"__name__": "__main__", "__builtins__": builtins})
        else:
            exec(payload["code"], {"__name__": "megabench_program", "__builtins__": builtins}, {})
    except Exception as exc:
        output = f"ERROR during execution: {exc}"
    else:
        output = captured.getvalue().rstrip()
    finally:
        sys.stdout = real_stdout
    os.write(result_fd, json.dumps({"output": output}).encode())


if __name__ == "__main__":
    main()
