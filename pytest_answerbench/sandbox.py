"""The operating-system sandbox for code we are asked to run (MEGA-Bench's ``program_judge``): a Python script of
the standard library only, run by this interpreter inside bubblewrap (``bwrap``, the sandbox Flatpak uses).

What the script sees (:func:`bwrap_options` has the exact list):

* new user, mount, PID, network, IPC, UTS and cgroup namespaces; inside it is uid/gid 65534 (``nobody``) with no
  capabilities, and may not make further user namespaces (``--disable-userns``);
* a root of its own, read-only: this interpreter's executable, its standard library and library folder, the
  system's shared libraries (``/usr/lib``, ``/lib``...) and ``/etc/ld.so.cache``; the interpreter's
  ``site-packages`` hidden under an empty read-only folder; no home folder, no checkout, no ``/etc`` beyond that
  file, no ``/proc`` and no ``/sys`` at all, a minimal ``/dev``;
* one writable folder, ``/work`` (also its working folder, ``HOME`` and ``TMPDIR``): a tmpfs capped at
  ``disk_bytes``, gone when the sandbox ends;
* an empty environment but ``PATH``, ``HOME``, ``TMPDIR`` and ``LANG``; bwrap itself starts with an empty
  environment too (its PID 1 inside is readable there, and would otherwise carry ours);
* no network but a loopback of its own; a seccomp filter that refuses new processes and threads, ``ptrace``,
  the kernel keyrings, mounts and namespaces, ``bpf``, ``perf_event_open``, ``userfaultfd``, ``io_uring``
  (x86-64 and AArch64; elsewhere the process limit the script sets is the only bound on processes).

When the wall time runs out, the sandbox's PID 1 is killed: the kernel then kills every process of the
namespace, and bwrap ends only after they are gone, so nothing is left running. Run by root, bwrap is started
as nobody when nobody can read this interpreter (the sandbox is then nobody outside too, and the process limit
binds); otherwise as root, and the sandbox's uid maps to root's outside, without any capability (hence no
``/proc`` inside, and the seccomp filter for processes).

Without bubblewrap (``bwrap`` on ``PATH``, version 0.8.0 or newer) or where it cannot make its namespaces, this
raises :class:`SandboxUnavailable` with what to install or enable: there is no weaker fallback. Only the
standard library is used here, so a test can load this file in another interpreter.
"""

from __future__ import annotations

import json
import os
import platform
import select
import shutil
import signal
import struct
import subprocess
import sys
import sysconfig
import threading
import time
from dataclasses import dataclass

__all__ = ["SANDBOX_UID", "SandboxUnavailable", "TOOL", "WORK", "Run", "bwrap_options", "run_script"]

TOOL = "bwrap"  # looked up on PATH each time (tests point PATH elsewhere to take it away)
INSTALL = ("install bubblewrap 0.8.0 or newer (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install "
           "bubblewrap; Arch: pacman -S bubblewrap)")
SANDBOX_UID = 65534
WORK = "/work"
SCRIPT = "/answerbench/child.py"
ENVIRONMENT = {"PATH": "/usr/bin:/bin", "HOME": WORK, "TMPDIR": WORK, "LANG": "C.UTF-8"}
SYSTEM_LIBRARIES = ("/usr/lib", "/usr/lib64", "/usr/lib32", "/lib", "/lib64", "/lib32", "/etc/ld.so.cache")
KILL_GRACE = 10.0  # seconds for the kernel to empty a killed namespace before bwrap's group is killed too


class SandboxUnavailable(RuntimeError):
    """No working bubblewrap here: the message says what to install or enable."""


@dataclass(frozen=True)
class Run:
    """What came back from a sandboxed script: ``timed_out`` when the wall time ran out (then it was killed)."""

    stdout: bytes
    returncode: int
    timed_out: bool
    overflowed: bool = False  # it wrote more than ``max_output`` bytes (then it was killed)


# ----------------------------------------------------------------------------------------------- seccomp

# (AUDIT_ARCH value, system calls refused with EPERM by number, refuse x32 numbers too). Numbers: the kernel's
# asm/unistd_64.h (x86-64) and asm-generic/unistd.h (AArch64).
_REFUSED = ("clone", "fork", "vfork", "clone3", "ptrace", "add_key", "request_key", "keyctl", "unshare", "setns",
            "mount", "umount2", "pivot_root", "open_tree", "move_mount", "fsopen", "fsmount", "bpf",
            "perf_event_open", "userfaultfd", "io_uring_setup")
_SYSCALLS = {
    "x86_64": (0xC000003E, True, {
        "clone": 56, "fork": 57, "vfork": 58, "clone3": 435, "ptrace": 101, "add_key": 248, "request_key": 249,
        "keyctl": 250, "unshare": 272, "setns": 308, "mount": 165, "umount2": 166, "pivot_root": 155,
        "open_tree": 428, "move_mount": 429, "fsopen": 430, "fsmount": 432, "bpf": 321, "perf_event_open": 298,
        "userfaultfd": 323, "io_uring_setup": 425}),
    "aarch64": (0xC00000B7, False, {
        "clone": 220, "clone3": 435, "ptrace": 117, "add_key": 217, "request_key": 218, "keyctl": 219,
        "unshare": 97, "setns": 268, "mount": 40, "umount2": 39, "pivot_root": 41, "open_tree": 428,
        "move_mount": 429, "fsopen": 430, "fsmount": 432, "bpf": 280, "perf_event_open": 241,
        "userfaultfd": 282, "io_uring_setup": 425}),
}
_LD_W_ABS, _JEQ, _JGE, _RET = 0x20, 0x15, 0x35, 0x06
_ALLOW, _EPERM = 0x7FFF0000, 0x00050000 | 1
_X32_BIT = 0x40000000


def seccomp_filter(machine: str | None = None) -> bytes | None:
    """The classic-BPF program (``struct sock_filter`` array) bwrap loads with ``--seccomp``, or None on an
    architecture without a table here. Any other architecture's calls (e.g. i386 ones from a 64-bit process)
    are refused as a whole."""
    table = _SYSCALLS.get(machine or platform.machine())
    if table is None:
        return None
    arch, x32, numbers = table
    calls = sorted({numbers[name] for name in _REFUSED if name in numbers})
    body = [(_JGE, _X32_BIT)] if x32 else []
    body += [(_JEQ, number) for number in calls]
    # 0 load arch, 1 native? skip 2, 2 refuse, 3 load number, body..., allow, refuse
    program: list[tuple[int, int, int, int]] = [(_LD_W_ABS, 0, 0, 4), (_JEQ, 1, 0, arch), (_RET, 0, 0, _EPERM),
                                                (_LD_W_ABS, 0, 0, 0)]
    refuse = len(program) + len(body) + 1
    for code, k in body:
        program.append((code, refuse - len(program) - 1, 0, k))  # jump offsets are 8 bits: a short table
    program += [(_RET, 0, 0, _ALLOW), (_RET, 0, 0, _EPERM)]
    return b"".join(struct.pack("=HBBI", *instruction) for instruction in program)


# ------------------------------------------------------------------------------------------ what is bound

def _ancestor_in(path: str, chosen: list[str]) -> bool:
    return any(path == other or path.startswith(other.rstrip("/") + "/") for other in chosen)


def interpreter_paths() -> tuple[list[tuple[str, str]], list[str]]:
    """(``--symlink``/``--ro-bind`` pairs as (kind, path), folders to hide) for this interpreter: its
    executable, standard library and library folder, and the system's shared libraries, each at its real path;
    the ``site-packages`` folders under them hidden."""
    wanted = [os.path.realpath(sys.executable)]
    # the base interpreter's standard library: in a virtual environment, platstdlib names the environment's own
    # lib/pythonX.Y, which holds only its site-packages (and may lie inside the checkout, as .ci/run's venv does)
    base = {"base": sys.base_prefix, "platbase": sys.base_exec_prefix}
    wanted += [os.path.realpath(sysconfig.get_path(key, vars=base)) for key in ("stdlib", "platstdlib")]
    libdir = sysconfig.get_config_var("LIBDIR")
    if libdir:
        wanted.append(os.path.realpath(libdir))
    links: list[tuple[str, str]] = []
    for path in SYSTEM_LIBRARIES:
        if os.path.islink(path) and os.path.dirname(path) == "/":
            links.append(("symlink", path))  # /lib -> usr/lib on merged-/usr systems; the loader's path needs it
        elif os.path.exists(path):
            wanted.append(os.path.realpath(path))
    chosen: list[str] = []
    for path in sorted({p for p in wanted if os.path.exists(p)}, key=len):
        if not _ancestor_in(path, chosen):
            chosen.append(path)
    hidden = sorted({os.path.realpath(sysconfig.get_path(key)) for key in ("purelib", "platlib")})
    hidden = [path for path in hidden if os.path.isdir(path) and _ancestor_in(path, chosen)]
    return links + [("ro-bind", path) for path in chosen], hidden


def bwrap_options(disk_bytes: int, script_fd: int, seccomp_fd: int | None, info_fd: int) -> list[str]:
    """bwrap's options (everything but the command), in the order bwrap applies them."""
    options = ["--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent", "--new-session",
               "--uid", str(SANDBOX_UID), "--gid", str(SANDBOX_UID), "--hostname", "sandbox", "--cap-drop", "ALL"]
    binds, hidden = interpreter_paths()
    for kind, path in binds:
        options += ["--symlink", os.readlink(path), path] if kind == "symlink" else ["--ro-bind", path, path]
    for path in hidden:
        options += ["--tmpfs", path, "--remount-ro", path]
    # No /proc at all: started by root, the sandbox's uid maps to root outside, and a procfs mounted inside lets
    # such a process write the host's kernel settings (/proc/sys/kernel/core_pattern: tests/plugin/test_sandbox.py).
    options += ["--ro-bind-data", str(script_fd), SCRIPT, "--dev", "/dev",
                "--size", str(int(disk_bytes)), "--tmpfs", WORK, "--remount-ro", "/dev", "--remount-ro", "/",
                "--chdir", WORK, "--clearenv"]
    for name, value in ENVIRONMENT.items():
        options += ["--setenv", name, value]
    if seccomp_fd is not None:
        options += ["--seccomp", str(seccomp_fd)]
    return options + ["--info-fd", str(info_fd)]


# ------------------------------------------------------------------------------------------------ running

def _pipe_with(data: bytes) -> int:
    """The read end of a pipe already holding ``data`` (written whole: it must fit the pipe's buffer)."""
    read, write = os.pipe()
    try:
        if len(data) > 60000:
            raise ValueError("sandbox: data for a pipe must be under 60000 bytes")
        os.write(write, data)
    finally:
        os.close(write)
    return read


def _find_tool() -> str:
    found = shutil.which(TOOL)
    if found is None:
        raise SandboxUnavailable(f"no sandbox tool: `{TOOL}` is not on PATH; {INSTALL}")
    return found


def _run(tool: str, script: bytes, stdin: bytes, timeout: float, disk_bytes: int, as_nobody: bool,
         max_output: int) -> tuple[Run, bytes]:
    fds = [_pipe_with(script)]
    program = seccomp_filter()
    seccomp_fd = _pipe_with(program) if program is not None else None
    if seccomp_fd is not None:
        fds.append(seccomp_fd)
    info_read, info_write = os.pipe()
    fds.append(info_write)
    options = bwrap_options(disk_bytes, fds[0], seccomp_fd, info_write)
    fds.append(_pipe_with(b"".join(option.encode() + b"\0" for option in options)))
    command = [tool, "--args", str(fds[-1]), os.path.realpath(sys.executable), "-I", "-S", SCRIPT]
    deadline = time.monotonic() + timeout
    try:
        identity = {"user": SANDBOX_UID, "group": SANDBOX_UID, "extra_groups": []} if as_nobody else {}
        proc = subprocess.Popen(command, env={}, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, pass_fds=fds, start_new_session=True, cwd="/", **identity)
    finally:
        for fd in fds:
            os.close(fd)
    init = None
    try:
        init = _sandbox_init(info_read, timeout)
        outcome, out, err = _collect(proc, stdin, deadline, max_output)
        if outcome != "done":
            _kill(proc, init)
            return Run(b"", -signal.SIGKILL, outcome == "timeout", outcome == "overflow"), err
    finally:
        os.close(info_read)
        if proc.poll() is None:
            _kill(proc, init)
        if init is not None:
            os.close(init)
        proc.stdout.close()
        proc.stderr.close()
    return Run(out, proc.returncode, False), err


def _feed(pipe, data: bytes) -> None:
    try:
        pipe.write(data)
    except OSError:  # the sandbox ended (or was killed) before reading it all
        pass
    try:
        pipe.close()
    except OSError:
        pass


def _collect(proc: subprocess.Popen, stdin: bytes, deadline: float, max_output: int) -> tuple[str, bytes, bytes]:
    """("done" | "timeout" | "overflow", stdout, stderr): like ``communicate``, but no stream may grow past
    ``max_output`` bytes (a program could otherwise fill our memory through its result pipe)."""
    threading.Thread(target=_feed, args=(proc.stdin, stdin), daemon=True).start()
    streams = {proc.stdout.fileno(): bytearray(), proc.stderr.fileno(): bytearray()}
    open_fds = set(streams)
    while open_fds:
        left = deadline - time.monotonic()
        if left <= 0:
            return "timeout", b"", bytes(streams[proc.stderr.fileno()])
        for fd in select.select(list(open_fds), [], [], left)[0]:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                open_fds.discard(fd)
            elif len(streams[fd]) + len(chunk) > max_output:
                return "overflow", b"", bytes(streams[proc.stderr.fileno()])
            else:
                streams[fd] += chunk
    try:
        proc.wait(max(0.0, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        return "timeout", b"", bytes(streams[proc.stderr.fileno()])
    return "done", bytes(streams[proc.stdout.fileno()]), bytes(streams[proc.stderr.fileno()])


def _sandbox_init(info_read: int, timeout: float) -> int | None:
    """A pidfd of the sandbox's PID 1 (bwrap reports its host PID on the info pipe), or None when bwrap ended
    first or said nothing in time."""
    data = b""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([info_read], [], [], left)[0]:
            return None
        chunk = os.read(info_read, 4096)
        if not chunk:
            return None
        data += chunk
        try:
            pid = int(json.loads(data)["child-pid"])
        except (ValueError, KeyError, TypeError):
            continue  # not all of it yet
        try:
            return os.pidfd_open(pid)
        except OSError:
            return None


def _kill(proc: subprocess.Popen, init: int | None) -> None:
    """Kill the sandbox's PID 1 (the kernel then kills the whole namespace and bwrap ends after it), then
    bwrap's own process group if anything is still there."""
    if init is not None:
        try:
            signal.pidfd_send_signal(init, signal.SIGKILL)
        except OSError:
            pass
        try:
            proc.wait(KILL_GRACE)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait()


# (tool, interpreter) -> start bwrap as nobody (root's runs, when nobody can read the interpreter), once checked
_CHECKED: dict[tuple[str, str], bool] = {}
_PROBE = b"import sys\nsys.stdout.write('sandbox ok')\n"


def _probe(tool: str, as_nobody: bool) -> str | None:
    """None when a one-line script runs in the sandbox, else what went wrong."""
    try:
        run, err = _run(tool, _PROBE, b"", 30.0, 1024 * 1024, as_nobody, 1 << 16)
    except OSError as exc:
        return str(exc)
    if run.stdout == b"sandbox ok":
        return None
    return (err.decode("utf-8", "replace").strip().splitlines() or [f"exit status {run.returncode}"])[-1]


def _check(tool: str) -> bool:
    """Whether to start bwrap as nobody, found by running a one-line script (a success is remembered, a failure
    is tried again next time). Run by root, bwrap is started as nobody when that works (nobody can read this
    interpreter): then the sandbox's uid is nobody's outside too, and the process limit binds; otherwise as root.

    Raises:
        SandboxUnavailable: bwrap too old, or no namespaces allowed here (the message names what to do).
    """
    key = (os.path.realpath(tool), os.path.realpath(sys.executable))
    if key in _CHECKED:
        return _CHECKED[key]
    modes = (True, False) if os.geteuid() == 0 else (False,)
    problems = []
    for as_nobody in modes:
        problem = _probe(tool, as_nobody)
        if problem is None:
            _CHECKED[key] = as_nobody
            return as_nobody
        problems.append(problem)
    raise SandboxUnavailable(
        f"the sandbox tool {tool} fails its self-test ({problems[-1]}): {INSTALL}, and allow user namespaces "
        f"(sysctl user.max_user_namespaces > 0, and kernel.unprivileged_userns_clone = 1 where it exists; in "
        f"a container, a seccomp profile that permits them)")


def run_script(script: bytes, stdin: bytes, timeout: float, disk_bytes: int, max_output: int = 16 << 20) -> Run:
    """Run ``script`` (this interpreter, ``-I -S``) in the sandbox with ``stdin``; its stdout once it ends, or
    ``timed_out`` after ``timeout`` seconds of wall time, or ``overflowed`` past ``max_output`` bytes of output
    (in both cases every process of the sandbox is gone when this returns).

    Raises:
        SandboxUnavailable: no bubblewrap, or it cannot make its namespaces here.
    """
    tool = _find_tool()
    as_nobody = _check(tool)
    return _run(tool, script, stdin, timeout, disk_bytes, as_nobody, max_output)[0]
