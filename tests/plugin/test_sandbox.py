"""The bubblewrap sandbox of MEGA-Bench's ``program_judge`` (``pytest_answerbench/sandbox.py``), attacked with real
programs in real subprocesses on the real ``bwrap`` (issue 23, section 1).

Every attack runs with the child's audit hook off (``guard=False``): the operating-system sandbox must hold by
itself. Each one must leave no trace outside, read no canary and end within the row's limit; the attacks run as
the user running the tests and, when that is root, once more as an unprivileged user (``nobody`` through
``setpriv``) with a driver that loads ``sandbox.py`` in the system's Python. Without ``bwrap`` the row is an
``error`` naming bubblewrap.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import pytest

from conftest import load_report, write_jsonl
from pytest_answerbench import sandbox, score_row
from pytest_answerbench.scorers.megabench import program
from pytest_answerbench.scorers.megabench.judged import NeedsResource

needs_bwrap = pytest.mark.skipif(shutil.which("bwrap") is None,
                                 reason="bubblewrap (bwrap) is not installed: apt-get install bubblewrap")

CHECKOUT_CANARY = "checkout-canary-" + "7f3a1c9e"  # in this file, which the sandbox must not read
ENV_CANARY = "sk-canary-env-" + "41d2b7"
HOME_CANARY = "home-canary-" + "c0ffee17"
SLACK = 30.0  # generous: the run must end near its limit, not at a particular time on a busy machine
ROW_LIMIT = program.TIMEOUT + program.STARTUP_ALLOWANCE + SLACK

# ------------------------------------------------------------------------------------------------ attacks
# Tokens replaced per run: OUTSIDE (a world-writable host folder), HOME_FILE (a canary in the user's home),
# CHECKOUT_FILE (this file), PORT (a TCP listener on 127.0.0.1), ABSTRACT (an abstract unix socket), HOST_PID.

ATTACKS = {
    "write through dir_fd": """
import os
for d in [OUTSIDE, HOME, "/", "/usr/lib", "/dev", "/dev/shm", "/proc", "/answerbench", "/etc"]:
    try:
        fd = os.open(d, os.O_RDONLY)
    except OSError as e:
        print("no folder", d, e.errno)
        continue
    try:
        f = os.open("escape", os.O_CREAT | os.O_WRONLY, 0o666, dir_fd=fd)
        os.write(f, b"x")
        print("escaped into", d)
    except OSError as e:
        print("refused", d, e.errno)
print("done")
""",
    "rename, link, replace, symlink out": """
import os
open("inner", "w").write("x")
for target in [OUTSIDE + "/moved", HOME + "/moved", "/moved", "/usr/lib/moved", "/dev/shm/moved", "/proc/moved"]:
    for name, call in (("rename", os.rename), ("replace", os.replace), ("link", os.link), ("symlink", os.symlink)):
        try:
            call("inner", target)
            print("escaped", name, target)
        except OSError as e:
            print("refused", name, target, e.errno)
print("done")
""",
    "mkfifo, mknod, mkdir through dir_fd": """
import os, stat
for d in [OUTSIDE, HOME, "/", "/dev", "/dev/shm", "/usr/lib"]:
    calls = (("mkfifo", lambda p: os.mkfifo(p)), ("mknod fifo", lambda p: os.mknod(p, 0o600 | stat.S_IFIFO)),
             ("mknod char", lambda p: os.mknod(p, 0o666 | stat.S_IFCHR, os.makedev(1, 3))),
             ("mkdir", lambda p: os.mkdir(p)))
    for name, call in calls:
        try:
            call(os.path.join(d, "node"))
            print("escaped", name, d)
        except OSError as e:
            print("refused", name, d, e.errno)
    try:
        os.mkdir("made", dir_fd=os.open(d, os.O_RDONLY))
        print("escaped mkdir dir_fd", d)
    except OSError as e:
        print("refused mkdir dir_fd", d, e.errno)
print("done")
""",
    "setxattr": """
import os
for p in [OUTSIDE, HOME, "/", "/usr/lib", "/dev", "/answerbench/child.py"]:
    try:
        os.setxattr(p, "user.escape", b"1")
        print("escaped setxattr", p)
    except OSError as e:
        print("refused", p, e.errno)
print("done")
""",
    "ctypes through gc, then raw system calls": """
import gc
print("cdll objects", sum(type(o).__name__ in ("CDLL", "PyDLL", "LibraryLoader") for o in gc.get_objects()))
import ctypes, platform
libc = ctypes.CDLL(None, use_errno=True)
print("fork", libc.fork())
print("unshare", libc.unshare(0x10000000 | 0x00020000))
print("mount", libc.mount(b"none", b"/", b"tmpfs", 0, None))
if platform.machine() == "x86_64":
    print("raw clone", libc.syscall(56, 17, 0, 0, 0, 0))
fd = libc.open((OUTSIDE + "/ctypes").encode(), 0o101, 0o666)
print("open outside", fd)
print("done")
""",
    "environment and command lines of other processes": """
import os
try:
    listed = {p for p in os.listdir("/proc") if p.isdigit()}
except OSError as e:
    listed = set()
    print("no /proc", e.errno)
pids = sorted({"1", "2", "self", str(os.getppid()), str(HOST_PID)} | listed)
print("pids", pids)
for pid in pids:
    for what in ("environ", "cmdline"):
        try:
            print(pid, what, open("/proc/%s/%s" % (pid, what), "rb").read())
        except OSError as e:
            print(pid, what, "refused", e.errno)
print("own environment", dict(os.environ))
print("done")
""",
    "kernel settings through /proc": """
import os
for path in ["/proc/sys/kernel/core_pattern", "/proc/sys/vm/drop_caches", "/proc/sysrq-trigger",
             "/proc/sys/user/max_user_namespaces", "/sys/kernel/uevent_helper"]:
    try:
        with open(path, "w") as f:
            f.write("|/work/x")
        print("escaped: wrote", path)
    except OSError as e:
        print("refused", path, e.errno)
print("done")
""",
    "files in the home folder and the checkout": """
import os
for path in [HOME_FILE, CHECKOUT_FILE, os.path.expanduser("~/.ssh/authorized_keys"), "/root/.bashrc",
             "/etc/passwd", "/etc/shadow", "/home"]:
    try:
        print(path, open(path).read()[:300])
    except OSError as e:
        print(path, "refused", e.errno)
print("done")
""",
    "sockets to the host": """
import socket
for family, address in ((socket.AF_INET, ("127.0.0.1", PORT)), (socket.AF_INET6, ("::1", PORT)),
                        (socket.AF_UNIX, ABSTRACT)):
    try:
        s = socket.socket(family)
        s.settimeout(2)
        s.connect(address)
        print("escaped: connected", address)
    except OSError as e:
        print("refused", family, e.errno)
print("interfaces", socket.if_nameindex())
print("done")
""",
    "fork bomb": """
import os
n = 0
while True:
    try:
        pid = os.fork()
    except OSError as e:
        print("fork refused after", n, e.errno)
        break
    if pid:
        n += 1
import threading
try:
    threading.Thread(target=print).start()
    print("escaped: thread")
except RuntimeError as e:
    print("thread refused", e)
try:
    import subprocess, sys
    subprocess.run([sys.executable, "-c", "pass"])
    print("escaped: subprocess")
except OSError as e:
    print("subprocess refused", e.errno)
print("done")
""",
    "2 GB write": """
import os
chunk = b"x" * (1 << 20)
total = 0
try:
    i = 0
    while total < 2 * 1024 ** 3:
        with open("f%d" % i, "wb") as f:
            f.write(chunk)
        total += len(chunk)
        i += 1
except OSError as e:
    print("many files stopped after", total, e.errno)
for name in os.listdir("."):
    os.remove(name)
written = 0
try:
    with open("one", "wb") as f:
        for _ in range(2048):
            written += f.write(chunk)
except OSError as e:
    print("one file stopped after", written, e.errno)
print("done")
""",
    "flood the result pipe": """
import os
chunk = b"x" * (1 << 16)
for fd in range(3, 20):
    try:
        while True:
            os.write(fd, chunk)
    except OSError:
        pass
print("done")
""",
    "a process left running": """
import os, time
print(input())
try:
    if os.fork() == 0:
        os.setsid()
        time.sleep(600)
except OSError as e:
    print("daemon refused", e.errno)
time.sleep(600)
""",
}


class Targets:
    """The host side of the attacks: folders and files that must stay untouched, listeners that must see
    nothing."""

    def __init__(self, home: Path, outside: Path):
        self.home, self.outside = home, outside
        self.home_file = home / "secret.txt"
        self.home_file.write_text(HOME_CANARY)
        self.home_before = sorted(p.name for p in home.iterdir())
        self.core_pattern = Path("/proc/sys/kernel/core_pattern").read_text()
        self.tcp = socket.socket()
        self.tcp.bind(("127.0.0.1", 0))
        self.tcp.listen(8)
        self.abstract_name = "\0answerbench-canary-" + uuid.uuid4().hex
        self.unix = socket.socket(socket.AF_UNIX)
        self.unix.bind(self.abstract_name)
        self.unix.listen(8)

    def program(self, name: str, host_pid: int) -> str:
        tokens = {"OUTSIDE": repr(str(self.outside)), "HOME_FILE": repr(str(self.home_file)),
                  "HOME": repr(str(self.home)), "CHECKOUT_FILE": repr(str(Path(__file__).resolve())),
                  "PORT": str(self.tcp.getsockname()[1]), "ABSTRACT": repr(self.abstract_name),
                  "HOST_PID": str(host_pid)}
        code = ATTACKS[name]
        for token in sorted(tokens, key=len, reverse=True):
            code = code.replace(token, tokens[token])
        return code

    def assert_untouched(self) -> None:
        assert Path("/proc/sys/kernel/core_pattern").read_text() == self.core_pattern
        assert list(self.outside.iterdir()) == []
        assert os.listxattr(self.outside) == []
        assert sorted(p.name for p in self.home.iterdir()) == self.home_before
        assert self.home_file.read_text() == HOME_CANARY
        for listener in (self.tcp, self.unix):
            listener.setblocking(False)
            with pytest.raises(BlockingIOError):
                listener.accept()
        for name in ("escape", "moved", "node", "made"):
            assert not os.path.lexists(f"/{name}") and not os.path.lexists(f"/dev/shm/{name}")

    def close(self) -> None:
        self.tcp.close()
        self.unix.close()


def check_output(name: str, output: str, elapsed: float) -> None:
    """What each attack's output must show (besides :meth:`Targets.assert_untouched`)."""
    assert elapsed < ROW_LIMIT, (name, elapsed)
    for canary in (CHECKOUT_CANARY, ENV_CANARY, HOME_CANARY):
        assert canary not in output, (name, output)
    assert "escaped" not in output, (name, output)
    ended = name in ("a process left running", "flood the result pipe") or output.endswith("done")
    assert ended, (name, output)  # it ran to its end
    if name == "fork bomb":
        assert "fork refused after 0" in output and "thread refused" in output, output
    elif name == "2 GB write":
        many = int(output.split("many files stopped after ")[1].split()[0])
        one = int(output.split("one file stopped after ")[1].split()[0])
        assert many <= program.LIMITS["disk_bytes"] and one <= program.LIMITS["file_bytes"], output
    elif name == "a process left running":
        assert output == "ERROR: Code execution exceeded the time limit."
    elif name == "flood the result pipe":
        assert output == f"ERROR: the program's output is larger than {program.LIMITS['output_bytes']} bytes."
    elif name == "ctypes through gc, then raw system calls":
        assert "cdll objects 0" in output
        for call in ("fork", "unshare", "mount", "open outside"):
            assert f"{call} -1" in output, output
    elif name == "environment and command lines of other processes":
        assert "OPENAI_API_KEY" not in output and "refused" in output
        assert "own environment {'PATH': '/usr/bin:/bin', 'HOME': '/work', 'TMPDIR': '/work', 'LANG': 'C.UTF-8'" \
            in output, output
    elif name == "sockets to the host":
        assert "interfaces [(1, 'lo')]" in output
    elif name == "files in the home folder and the checkout":
        assert "/etc/shadow refused" in output and "/home refused" in output


def processes_with(marker: str) -> list[str]:
    """Host processes whose command line contains ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker.encode() in (entry / "cmdline").read_bytes():
                    found.append(entry.name)
            except OSError:
                continue
    return found


@pytest.fixture
def targets(tmp_path: Path):
    home = tmp_path / "home"
    outside = tmp_path / "outside"
    home.mkdir()
    outside.mkdir()
    made = Targets(home, outside)
    yield made
    made.close()


@needs_bwrap
@pytest.mark.parametrize("name", list(ATTACKS))
def test_attack_leaves_no_trace_and_reads_no_canary(name: str, targets: Targets, monkeypatch, tmp_path):
    monkeypatch.setenv("OPENAI_API_KEY", ENV_CANARY)  # in the environment a careless spawn would pass on
    monkeypatch.setenv("HOME", str(targets.home))
    marker = f"/answerbench/child-{uuid.uuid4().hex}.py"
    monkeypatch.setattr(sandbox, "SCRIPT", marker)
    started = time.monotonic()
    output = program.run_program(targets.program(name, os.getpid()), ["hi"], main=True, guard=False)
    check_output(name, output, time.monotonic() - started)
    targets.assert_untouched()
    assert processes_with(marker) == []


DAEMON = """
import os, time
try:
    pid = os.fork()
except OSError as e:
    print("fork refused", e.errno)
else:
    if pid == 0:
        os.setsid()
        if os.fork() == 0:
            time.sleep(600)
        os._exit(0)
    print("daemon started")
"""


@needs_bwrap
@pytest.mark.parametrize("main_ends", ["at once", "on the time limit"])
def test_a_daemon_is_gone_after_the_row_even_without_the_seccomp_filter(main_ends: str, monkeypatch):
    # Without the filter, root's sandbox may fork (its uid is root's outside, which the process limit exempts):
    # the namespace must still end with the row.
    monkeypatch.setattr(sandbox, "seccomp_filter", lambda machine=None: None)
    marker = f"/answerbench/child-{uuid.uuid4().hex}.py"
    monkeypatch.setattr(sandbox, "SCRIPT", marker)
    code = DAEMON + ("" if main_ends == "at once" else "time.sleep(600)\n")
    output = program.run_program(code, [], main=True, guard=False)
    if main_ends == "at once":
        assert output in ("daemon started", "fork refused 11"), output
    else:
        assert output == "ERROR: Code execution exceeded the time limit."
    assert processes_with(marker) == []


@needs_bwrap
def test_the_sandbox_runs_as_an_unprivileged_uid_without_proc_or_sys():
    code = ("import os\nprint(os.getuid(), os.geteuid(), os.getgid(), os.getgroups())\n"
            "print(sorted(os.listdir('/')))\n")
    first, root = program.run_program(code, [], guard=False).splitlines()
    uid = sandbox.SANDBOX_UID
    assert first == f"{uid} {uid} {uid} []" or first.startswith(f"{uid} {uid} {uid} ["), first
    assert "'proc'" not in root and "'sys'" not in root and "'home'" not in root and "'work'" in root, root


HONEST = {
    "stdlib and files in its folder": (
        "import json, math, re, collections, decimal, fractions, datetime, heapq, itertools, tempfile, os\n"
        "a, b = map(int, input().split())\n"
        "with open('scratch.txt', 'w') as f:\n    f.write(json.dumps([a, b]))\n"
        "with tempfile.NamedTemporaryFile('w', delete=False) as t:\n    t.write('x')\n"
        "print(sum(json.load(open('scratch.txt'))), math.gcd(a, b), os.path.exists(t.name))\n",
        ["12 18"], "30 6 True"),
    "main block and several lines": (
        "def solve():\n    n = int(input())\n    print(sum(int(input()) for _ in range(n)))\n"
        "if __name__ == \"__main__\":\n    solve()\n", ["3", "1", "2", "3"], "6"),
}


@needs_bwrap
@pytest.mark.parametrize("guard", [True, False])
@pytest.mark.parametrize("name", list(HONEST))
def test_honest_programs_still_pass(name: str, guard: bool):
    code, lines, expected = HONEST[name]
    assert program.run_program(code, lines, guard=guard) == expected


# ------------------------------------------------------------------------------------------ without bwrap

def _row(code: str) -> dict:
    return {"id": "p", "task_name": "code_task", "response": f"Answer: {code}",
            "correct_answer": {"code": "x"}, "eval_context": {"test_case": [{"input": ["1 2"], "expected": "3"}]},
            "metrics": {"field_score_function": {"code": "program_judge"},
                        "aggregation": {"function": "mean", "field_weights": {"code": 1}},
                        "response_parse_function": "answer_string"}}


ADDER = "a, b = map(int, input().split())\nprint(a + b)"


def test_without_bwrap_the_row_is_an_error_naming_bubblewrap(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(NeedsResource, match="apt-get install bubblewrap"):
        program.run_program(ADDER, ["1 2"])
    verdict = score_row("megabench", _row(ADDER), options={"allow_code_execution": True})
    assert verdict.status == "error" and "bubblewrap" in verdict.detail and "bwrap" in verdict.detail, verdict


def test_a_bwrap_that_fails_its_self_test_is_an_error_not_a_fallback(tmp_path, monkeypatch):
    fake = tmp_path / "bwrap"
    fake.write_text("#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    verdict = score_row("megabench", _row(ADDER), options={"allow_code_execution": True})
    assert verdict.status == "error", verdict
    assert "fails its self-test" in verdict.detail and "No permissions to create new namespace" in verdict.detail
    assert "bubblewrap" in verdict.detail


def test_without_bwrap_every_row_is_reported_as_an_error(bench_env, monkeypatch, tmp_path):
    rows = [{**_row(ADDER), "id": f"r{i}"} for i in range(3)]
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    monkeypatch.setenv("PATH", str(tmp_path))
    result = bench_env.runpytest("--bench", "megabench", "preds.jsonl", "--bench-report", "report.json",
                                 "--bench-option", "allow_code_execution=true")
    report = load_report(bench_env)
    assert report["counts"]["error"] == 3 and result.ret != 0
    assert all("apt-get install bubblewrap" in row["detail"] for row in report["rows"]), report["rows"]


# --------------------------------------------------------------------------------- as an unprivileged user

DRIVER = r"""
import importlib.util, json, os, sys, time
spec = importlib.util.spec_from_file_location("sandbox", sys.argv[1])
sandbox = sys.modules["sandbox"] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sandbox)
child = open(sys.argv[2], "rb").read()
job = json.loads(sys.stdin.read())
out = {"uid": os.getuid()}
for name, code in job["programs"].items():
    sandbox.SCRIPT = job["script"]
    payload = {"code": code, "input": ["hi"], "main": True, "limits": job["limits"], "guard": False}
    started = time.monotonic()
    run = sandbox.run_script(child, json.dumps(payload).encode(), job["timeout"], job["limits"]["disk_bytes"],
                             job["limits"]["output_bytes"])
    if run.timed_out:
        output = "ERROR: Code execution exceeded the time limit."
    elif run.overflowed:
        output = "ERROR: the program's output is larger than %d bytes." % job["limits"]["output_bytes"]
    else:
        output = json.loads(run.stdout.decode())["output"]
    out[name] = [output, time.monotonic() - started]
print(json.dumps(out))
"""


def _unprivileged_python(user: list[str]) -> str | None:
    for candidate in (sys.executable, "/usr/bin/python3"):
        # it must find its own files as that user (an interpreter under /root may start, but not find them)
        probe = "import json, os, sys, sysconfig; open(os.path.realpath(sys.executable), 'rb'); os.listdir(sys.prefix)"
        if subprocess.run([*user, candidate, "-c", probe], capture_output=True).returncode == 0:
            return candidate
    return None


def _driver_run(user: list[str], python: str, seen_owners: set[int] | None = None) -> None:
    """Run every attack through DRIVER (``sandbox.py`` loaded in ``python``, started through ``user``) and check
    it as above; with ``seen_owners``, collect the host uid of the sandbox's processes while one sleeps."""
    # A folder nobody can reach on the host holds the driver, the sandbox and the child, a home, and a
    # world-writable "outside": the sandbox must keep the program out of what its user could write.
    base = Path(tempfile.mkdtemp(prefix="answerbench-driver-"))
    try:
        base.chmod(0o755)
        shutil.copy(sandbox.__file__, base / "sandbox.py")
        shutil.copy(program._CHILD, base / "child.py")
        (base / "driver.py").write_text(DRIVER)
        home, outside = base / "home", base / "outside"
        home.mkdir()
        outside.mkdir()
        for path in (home, outside):
            path.chmod(0o777)
        targets = Targets(home, outside)
        os.chown(targets.home_file, sandbox.SANDBOX_UID, sandbox.SANDBOX_UID)
        targets.home_file.chmod(0o600)
        marker = f"/answerbench/child-{uuid.uuid4().hex}.py"
        # HOST_PID 0: the driver's pid is not visible inside; the driver starts with the canary in its environment
        job = {"programs": {name: targets.program(name, 0) for name in ATTACKS}, "script": marker,
               "limits": program.LIMITS, "timeout": program.TIMEOUT + program.STARTUP_ALLOWANCE}
        env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "OPENAI_API_KEY": ENV_CANARY, "LANG": "C.UTF-8"}
        driver = subprocess.Popen([*user, python, str(base / "driver.py"), str(base / "sandbox.py"),
                                   str(base / "child.py")], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, env=env, cwd=str(base))
        driver.stdin.write(json.dumps(job))
        driver.stdin.close()
        driver.stdin = None  # sent: communicate() below only reads
        while seen_owners is not None and driver.poll() is None and not seen_owners:
            for pid in processes_with(marker):
                try:
                    seen_owners.add(os.stat(f"/proc/{pid}").st_uid)
                except OSError:
                    continue
            time.sleep(0.05)
        out, err = driver.communicate(timeout=600)
        assert driver.returncode == 0, err
        results = json.loads(out)
        results.pop("uid")
        assert set(results) == set(ATTACKS)
        for name, (output, elapsed) in results.items():
            check_output(name, output, elapsed)
        targets.assert_untouched()
        assert processes_with(marker) == []
        targets.close()
    finally:
        shutil.rmtree(base, ignore_errors=True)


NOBODY = ["setpriv", f"--reuid={sandbox.SANDBOX_UID}", f"--regid={sandbox.SANDBOX_UID}", "--clear-groups"]


@pytest.fixture
def nobody_python() -> str:
    """As root, with setpriv: an interpreter nobody may run (the driver tests need one)."""
    if os.geteuid() != 0:
        pytest.skip("run as root only: the tests above already ran as an unprivileged user")
    if shutil.which("setpriv") is None:
        pytest.skip("setpriv (util-linux) is needed to run and probe as nobody")
    python = _unprivileged_python(NOBODY)
    if python is None:
        pytest.skip("no Python interpreter that nobody may run (this one and /usr/bin/python3 are out of reach)")
    return python


@needs_bwrap
def test_attacks_as_an_unprivileged_user(nobody_python: str):
    _driver_run(NOBODY, nobody_python)


@needs_bwrap
def test_root_starts_the_sandbox_as_nobody_when_nobody_can_read_the_interpreter(nobody_python: str):
    owners: set[int] = set()
    _driver_run([], nobody_python, owners)
    assert owners == {sandbox.SANDBOX_UID}  # outside too: not root's uid, and the process limit binds


def test_the_seccomp_program_is_well_formed():
    for machine in ("x86_64", "aarch64"):
        data = sandbox.seccomp_filter(machine)
        assert data is not None and len(data) % 8 == 0
        instructions = [data[i:i + 8] for i in range(0, len(data), 8)]
        # every jump lands inside the program
        for index, raw in enumerate(instructions):
            code, jt, jf = raw[0] | raw[1] << 8, raw[2], raw[3]
            if code in (0x15, 0x35):
                assert index + 1 + max(jt, jf) < len(instructions)
    assert sandbox.seccomp_filter("sparc") is None


def test_host_paths_are_bound_read_only_and_site_packages_hidden():
    options = sandbox.bwrap_options(1 << 20, 3, 4, 5)
    binds = [options[i + 1] for i, option in enumerate(options) if option == "--ro-bind"]
    assert "--bind" not in options and "--dev-bind" not in options
    home = os.path.realpath(os.path.expanduser("~"))
    checkout = str(Path(__file__).resolve().parents[2])
    for path in binds:
        assert not (checkout + "/").startswith(path + "/") and not path.startswith(checkout + "/"), path
        assert not (home + "/").startswith(path + "/"), path  # neither the home folder nor a folder above it
    hidden = [options[i + 1] for i, option in enumerate(options) if option == "--tmpfs"]
    import sysconfig

    purelib = os.path.realpath(sysconfig.get_path("purelib"))
    if any(purelib.startswith(path + "/") for path in binds):
        assert purelib in hidden
    assert options[options.index("--size") + 2: options.index("--size") + 4] == ["--tmpfs", sandbox.WORK]
    assert options.index("--remount-ro", options.index("--size")) > options.index("--size")  # / read-only last
    assert options[options.index("--clearenv") + 1:].count("--setenv") == len(sandbox.ENVIRONMENT)
