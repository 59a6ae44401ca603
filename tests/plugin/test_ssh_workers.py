"""Workers on other hosts: the multi-host example of docs/running.md ("Several hosts"), run as it stands against a
real sshd on 127.0.0.1, and the same rules with local xdist gateways that run in another directory (``popen//chdir=``).

The sshd (Debian's ``openssh-server``; ``.ci/run`` installs it) is started once for the module, as the current
user, with its own host key, config, port and authorized key in a temporary folder. Its forced command stands in
for another machine: a home directory of its own (a temporary folder) and a ``python3`` that is this test run's
interpreter. On the controller's side, ``ssh`` and ``scp`` on PATH are wrappers that read the module's
``ssh_config``, where the host alias ``gpu2`` (the example's) is 127.0.0.1 on that port. The tests skip, saying why,
only where sshd cannot be installed or started.
"""

from __future__ import annotations

import getpass
import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench.options import BENCH, BENCH_MIN_ACCURACY, BENCH_REPORT

RUNNING = Path(__file__).resolve().parents[2] / "docs" / "running.md"
SFTP_SERVERS = ("/usr/lib/openssh/sftp-server", "/usr/libexec/openssh/sftp-server", "/usr/libexec/sftp-server")


def readme_multi_host_example() -> str:
    """The one shell block of docs/running.md that starts an ssh worker."""
    blocks = [b for b in re.findall(r"```sh\n(.*?)```", RUNNING.read_text(encoding="utf-8"), re.S) if "--tx ssh=" in b]
    assert len(blocks) == 1, "docs/running.md should have exactly one shell example with an ssh worker"
    return blocks[0]


def _rows() -> list[dict]:
    """40 VMCBench rows, every fourth one wrong (accuracy 0.75)."""
    return [mc_row(i, "(C)" if i % 4 == 0 else "(B)", category=["MMStar", "MMMU"][i % 2]) for i in range(40)]


def _comparable(report: dict) -> dict:
    report = dict(report)
    for key in ("seconds", "parallel"):
        report.pop(key, None)
    return report


def _script(path: Path, text: str) -> None:
    path.write_text("#!/bin/sh\n" + text, encoding="utf-8")
    path.chmod(0o755)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def ssh_bin(tmp_path_factory: pytest.TempPathFactory):
    """A running sshd on 127.0.0.1 reachable as host ``gpu2``; yields the folder of the ``ssh``, ``scp`` and
    ``pytest`` commands to put first on PATH."""
    sshd = shutil.which("sshd") or next((p for p in ("/usr/sbin/sshd",) if os.path.exists(p)), None)
    keygen = shutil.which("ssh-keygen")
    client = shutil.which("ssh")
    sftp_server = next((p for p in SFTP_SERVERS if os.path.exists(p)), None)
    if not (sshd and keygen and client and sftp_server):
        pytest.skip("openssh-server is not installed (.ci/run installs it: apt-get install openssh-server)")
    if not os.path.isdir("/run/sshd"):  # sshd's privilege separation directory (systemd creates it at boot)
        try:
            os.makedirs("/run/sshd", mode=0o755)
        except OSError:
            pass  # sshd says whether it needs it
    root = tmp_path_factory.mktemp("sshd")
    home, bin_dir, remote_bin = root / "home", root / "bin", root / "remote-bin"
    for folder in (home, bin_dir, remote_bin):
        folder.mkdir()
    for key in ("host_key", "user_key"):
        subprocess.run([keygen, "-q", "-t", "ed25519", "-N", "", "-f", str(root / key)], check=True)
    shutil.copy(root / "user_key.pub", root / "authorized_keys")
    # the other machine: its own home folder, and pytest-answerbench installed for its python3
    pythonpath = os.environ.get("PYTHONPATH", "")
    _script(remote_bin / "python3", (f"PYTHONPATH={shlex.quote(pythonpath)}; export PYTHONPATH\n" if pythonpath
                                     else "") + f'exec {shlex.quote(sys.executable)} "$@"\n')
    _script(root / "forced-command", f"cd {shlex.quote(str(home))} || exit 1\n"
                                     f"PATH={shlex.quote(str(remote_bin))}:$PATH; export PATH\n"
                                     f'case "$SSH_ORIGINAL_COMMAND" in *sftp*) exec {sftp_server} ;; esac\n'
                                     'exec /bin/sh -c "$SSH_ORIGINAL_COMMAND"\n')
    port = _free_port()
    (root / "sshd_config").write_text(
        f"Port {port}\nListenAddress 127.0.0.1\nHostKey {root / 'host_key'}\nPidFile {root / 'sshd.pid'}\n"
        f"AuthorizedKeysFile {root / 'authorized_keys'}\nStrictModes no\nPasswordAuthentication no\n"
        f"KbdInteractiveAuthentication no\nUsePAM no\nPermitRootLogin yes\n"
        f"Subsystem sftp {sftp_server}\nForceCommand {root / 'forced-command'}\n", encoding="utf-8")
    (root / "ssh_config").write_text(
        f"Host gpu2\n  HostName 127.0.0.1\n  Port {port}\n  User {getpass.getuser()}\n"
        f"  IdentityFile {root / 'user_key'}\n  IdentitiesOnly yes\n  StrictHostKeyChecking no\n"
        f"  UserKnownHostsFile /dev/null\n  BatchMode yes\n  LogLevel ERROR\n", encoding="utf-8")
    config = shlex.quote(str(root / "ssh_config"))
    _script(bin_dir / "ssh", f'exec {shlex.quote(client)} -F {config} "$@"\n')
    _script(bin_dir / "scp", f'exec {shlex.quote(shutil.which("scp") or "scp")} -F {config} "$@"\n')
    _script(bin_dir / "pytest", f'exec {shlex.quote(sys.executable)} -m pytest "$@"\n')

    log = open(root / "sshd.log", "wb")
    server = subprocess.Popen([sshd, "-D", "-e", "-f", str(root / "sshd_config")], stdout=log, stderr=log)
    try:
        deadline = time.monotonic() + 10
        while True:
            probe = subprocess.run([str(bin_dir / "ssh"), "gpu2", "true"], capture_output=True)
            if probe.returncode == 0:
                break
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.skip(f"sshd could not be started: {(root / 'sshd.log').read_text(errors='replace')[-400:]}"
                            f" {probe.stderr.decode(errors='replace')[-200:]}")
            time.sleep(0.1)
        yield bin_dir
    finally:
        server.terminate()
        server.wait(timeout=10)
        log.close()


def test_readme_multi_host_example_runs_as_written(ssh_bin: Path, bench_env: pytest.Pytester):
    """The example of docs/running.md, two popen workers and one ssh worker, gives a serial run's report; run a
    second time (its report file now exists) it works again (xdist alone stopped with "not relative to an rsync
    root").

    About 8 s alone (15 s on a loaded machine): two runs of three workers, one over ssh, are the point."""
    (bench_env.path / "runs").mkdir()
    write_jsonl(bench_env.path / "runs" / "preds.jsonl", _rows())
    env = {**os.environ, "PATH": f"{ssh_bin}{os.pathsep}{os.environ.get('PATH', '')}"}
    example = readme_multi_host_example()
    for attempt in ("first run", "rerun with the report present"):
        done = subprocess.run(["bash", "-euo", "pipefail", "-c", example], cwd=bench_env.path, env=env,
                              capture_output=True, text=True, timeout=180)
        assert done.returncode == 0, f"{attempt}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        assert "INTERNALERROR" not in done.stdout + done.stderr
        report = load_report(bench_env)
        assert report["total"] == 40 and report["accuracy"] == 0.75
        assert report["parallel"]["workers"] == 3, done.stdout[-2000:]  # the ssh worker scored rows too
        assert {r["file"] for r in report["rows"]} == {"runs/preds.jsonl"}
        assert "incomplete" not in report
    serial = bench_env.runpytest(BENCH, "vmcbench_dev", "runs/preds.jsonl", BENCH_REPORT, "serial.json",
                                 BENCH_MIN_ACCURACY, "0.5")
    assert serial.ret == 0
    assert _comparable(report) == _comparable(load_report(bench_env, "serial.json"))


def test_workers_in_another_directory_name_rows_as_the_controller_does(bench_env: pytest.Pytester):
    """A gateway with ``chdir=`` (what an ssh worker always has) runs in a directory where pytest names the file
    differently (``elsewhere/runs/preds.jsonl``): it collects the controller's names, so the run is whole; an
    existing report file and the prediction file, outside any rsync root, reach the worker as given."""
    runs = bench_env.path / "runs"
    runs.mkdir()
    write_jsonl(runs / "preds.jsonl", _rows())
    (bench_env.path / "elsewhere" / "runs").mkdir(parents=True)
    shutil.copy(runs / "preds.jsonl", bench_env.path / "elsewhere" / "runs" / "preds.jsonl")
    (bench_env.path / "report.json").write_text("{}", encoding="utf-8")  # left by an earlier run
    result = bench_env.runpytest_subprocess(BENCH, "vmcbench_dev", "runs/preds.jsonl", BENCH_REPORT, "report.json",
                                            "--dist", "load", "--tx", "popen", "--tx", "popen//chdir=elsewhere")
    assert "INTERNALERROR" not in result.stdout.str() + result.stderr.str()
    assert "Different tests were collected" not in result.stdout.str()
    assert result.ret == pytest.ExitCode.TESTS_FAILED  # wrong rows, no gate
    result.assert_outcomes(passed=30, failed=10)
    report = load_report(bench_env)
    assert report["total"] == 40 and report["correct"] == 30
    assert sorted(int(r["id"]) for r in report["rows"]) == list(range(40))
    assert {r["file"] for r in report["rows"]} == {"runs/preds.jsonl"}
    assert report["parallel"]["workers"] == 2


def test_a_worker_that_finds_other_files_gives_an_incomplete_report(bench_env: pytest.Pytester):
    """A worker whose directory holds other prediction files than the controller's: xdist reports the different
    collections, and the report says that no row was scored instead of an accuracy of 0/0."""
    (bench_env.path / "runs").mkdir()
    write_jsonl(bench_env.path / "runs" / "a.jsonl", _rows()[:4])
    write_jsonl(bench_env.path / "runs" / "b.jsonl", _rows()[4:8])
    (bench_env.path / "elsewhere" / "runs").mkdir(parents=True)
    shutil.copy(bench_env.path / "runs" / "a.jsonl", bench_env.path / "elsewhere" / "runs" / "a.jsonl")
    result = bench_env.runpytest_subprocess(BENCH, "vmcbench_dev", "runs", BENCH_REPORT, "report.json",
                                            "--dist", "load", "--tx", "popen", "--tx", "popen//chdir=elsewhere")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["ERROR: no row was scored from runs/a.jsonl (4 rows), runs/b.jsonl (4 rows): none "
                                 "was collected and run (Different tests were collected between gw? and gw?*"])
    # (xdist names first the worker whose collection came first: either one)
    report = load_report(bench_env)
    assert report["incomplete"] is True  # and every row of the files is accounted for, as not run
    assert report["incomplete_reason"].startswith(
        "no row was scored from runs/a.jsonl (4 rows), runs/b.jsonl (4 rows)")
    assert report["total"] == 8 == report["counts"]["not_run"]


def test_runs_that_score_no_row_on_purpose_stay_complete(bench_env: pytest.Pytester):
    """Deselecting every row, or only collecting, scores no row and is no error: no ``incomplete``."""
    write_jsonl(bench_env.path / "preds.jsonl", _rows()[:6])
    deselected = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "report.json", "-k", "nomatch")
    assert deselected.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    assert "incomplete" not in load_report(bench_env) and "ERROR: no row" not in deselected.stdout.str()
    collected = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "report.json", "--co")
    assert collected.ret == pytest.ExitCode.OK
    assert "incomplete" not in load_report(bench_env)
