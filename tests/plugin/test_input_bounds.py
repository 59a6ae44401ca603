"""Bounded readers end to end: a zip member inflating to 1 GiB, a 2-million-row parquet bomb and a record nested
100,000 deep each stop before scoring with a message naming the bound and the option raising it, in bounded
memory; repeated member names stop too. The bombs are built here, small on disk (a deflate stream of zeros, a
parquet file of one dictionary-encoded value repeated). Memory is the peak resident size of a real child process
(``RUSAGE_CHILDREN`` read by a fresh driver process): a memory bound, never a time one.
"""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import textwrap
import zipfile
import zlib
from pathlib import Path

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench.bounded import DEFAULT_MAX_DEPTH
from pytest_answerbench.options import BENCH, BENCH_LIMIT, BENCH_MAX_DEPTH, BENCH_MAX_INPUT_MB, BENCH_REPORT

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parents[1] / "data" / "harnesses"
PEAK_MB = 300  # the child's peak resident size may not pass this
GIB = 1 << 30
FAST = ("-p", "no:cacheprovider", "--bench-isolation", "none", BENCH_REPORT, "report.json")

pa = pytest.importorskip("pyarrow", reason="the parquet extra (pyarrow) is part of the test extra")
pq = pytest.importorskip("pyarrow.parquet")


# -- the bombs ---------------------------------------------------------------------------------------------------

def deflate_zip(path: Path, members: list[tuple[str, bytes, int]], declared: dict[str, int] | None = None) -> None:
    """A zip whose member NAME inflates to PIECE repeated COUNT times, written without inflating it: PIECE is
    deflated once as a block that refers to nothing before it, and the block is repeated. ``declared`` puts
    another inflated size in the zip's directory (a directory that lies)."""
    out, central = bytearray(), bytearray()
    for name, piece, count in members:
        crc = 0
        for _ in range(count):
            crc = zlib.crc32(piece, crc)
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        data = (packer.compress(piece) + packer.flush(zlib.Z_FULL_FLUSH)) * count + b"\x03\x00"
        size = (declared or {}).get(name, len(piece) * count)
        encoded = name.encode()
        offset = len(out)
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0, crc, len(data), size, len(encoded), 0)
        out += encoded + data
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0, crc, len(data), size,
                               len(encoded), 0, 0, 0, 0, 0, offset) + encoded
    count = len(members)
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, len(central), len(out), 0)
    path.write_bytes(bytes(out + central + end))


def inspect_members(sample: bytes = b"", count: int = 0) -> list[tuple[str, bytes, int]]:
    header = json.dumps({"version": 2, "status": "success", "eval": {"task": "t"}}).encode()
    return [("header.json", header, 1), ("samples/1_epoch_1.json", sample or b"0" * (1 << 20), count or 1024)]


def parquet_bomb(path: Path, rows: int = 2_000_000, value: str = "x" * 2048) -> None:
    """vmcbench rows whose question is one long value, dictionary- and run-length-encoded: a few hundred KB on
    disk, ``rows * len(value)`` bytes decoded."""
    import numpy as np

    def repeated(text: str) -> object:
        return pa.DictionaryArray.from_arrays(pa.array(np.zeros(rows, dtype=np.int8)), pa.array([text]))

    columns = {"question": value, "A": "a", "B": "b", "C": "c", "D": "d", "answer": "B", "category": "x",
               "prediction": "B"}
    pq.write_table(pa.table({name: repeated(text) for name, text in columns.items()}), path, row_group_size=rows)


def deep(depth: int) -> str:
    return "[" * depth + "]" * depth


# -- the child process and its peak ------------------------------------------------------------------------------

DRIVER = textwrap.dedent("""
    import json, resource, subprocess, sys
    done = subprocess.run([sys.executable, "-m", "pytest", *sys.argv[1:]], capture_output=True, text=True)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(json.dumps({"code": done.returncode, "peak": peak, "out": done.stdout, "err": done.stderr}))
""")


def run_child(cwd: Path, *args: str) -> dict:
    """pytest ARGS in a child of a fresh driver: its exit code, output and peak resident megabytes."""
    (cwd / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-c", DRIVER, *args, *FAST], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=900)
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def bombs(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("bombs")
    deflate_zip(folder / "bomb.eval", inspect_members())
    # a real workbook (VLMEvalKit's) whose shared strings inflate to 1 GiB: openpyxl reads that member whole as it
    # opens the workbook, so it is checked before anything opens it, detection included
    with zipfile.ZipFile(DATA / "Qwen2-VL-7B_VMCBench_DEV.xlsx") as workbook:
        members = [(info.filename, workbook.read(info), 1) for info in workbook.infolist()
                   if info.filename != "xl/sharedStrings.xml"]
    deflate_zip(folder / "bomb.xlsx", members + [("xl/sharedStrings.xml", b"0" * (1 << 20), 1024)])
    deflate_zip(folder / "liar.eval", inspect_members(), declared={"samples/1_epoch_1.json": 1000})
    parquet_bomb(folder / "bomb.parquet")
    return folder


def _copy(bombs: Path, name: str, to: Path) -> None:
    (to / name).write_bytes((bombs / name).read_bytes())


# -- size --------------------------------------------------------------------------------------------------------

def test_the_bombs_are_small_on_disk(bombs):
    for name in ("bomb.eval", "bomb.xlsx", "liar.eval", "bomb.parquet"):
        assert (bombs / name).stat().st_size < 2 << 20, name


@pytest.mark.parametrize(("name", "bench"), [("bomb.eval", "olympiad"), ("bomb.xlsx", "vmcbench_dev")])
def test_a_member_inflating_to_1_gib_stops_before_scoring_in_bounded_memory(bombs, tmp_path, name, bench):
    _copy(bombs, name, tmp_path)
    done = run_child(tmp_path, BENCH, bench, name)
    assert done["code"] == pytest.ExitCode.USAGE_ERROR, done["out"] + done["err"]
    member = "samples/1_epoch_1.json" if name.endswith(".eval") else "xl/sharedStrings.xml"
    assert (f"{name}: member {member} inflates to 1024 MB, over the 256 MB ceiling on one input (raise it with "
            f"{BENCH_MAX_INPUT_MB} MB, or 0 for none)") in done["err"]
    assert str(tmp_path) not in done["err"]
    assert done["peak"] < PEAK_MB, f"peak {done['peak']:.0f} MB"
    assert not (tmp_path / "report.json").exists()  # nothing was scored


def test_a_member_whose_directory_lies_is_never_inflated_past_what_it_says(bombs, tmp_path):
    # the directory says 1000 bytes: zipfile stops there, the checksum then fails, and the run stops
    _copy(bombs, "liar.eval", tmp_path)
    done = run_child(tmp_path, BENCH, "olympiad", "liar.eval")
    assert done["code"] == pytest.ExitCode.USAGE_ERROR, done["out"] + done["err"]
    assert "liar.eval: member samples/1_epoch_1.json cannot be read" in done["err"]
    assert done["peak"] < PEAK_MB, f"peak {done['peak']:.0f} MB"


def test_a_two_million_row_parquet_bomb_stops_before_scoring_in_bounded_memory(bombs, tmp_path):
    _copy(bombs, "bomb.parquet", tmp_path)
    done = run_child(tmp_path, BENCH, "vmcbench_dev", "bomb.parquet")
    assert done["code"] == pytest.ExitCode.USAGE_ERROR, done["out"] + done["err"]
    assert "bomb.parquet: its first " in done["err"]
    assert (f"rows decode to more than 256 MB, the ceiling on one input (raise it with {BENCH_MAX_INPUT_MB} MB, "
            "or 0 for none)") in done["err"]
    assert done["peak"] < PEAK_MB, f"peak {done['peak']:.0f} MB"
    assert not (tmp_path / "report.json").exists()


def test_the_parquet_bomb_with_a_limit_decodes_only_the_rows_asked_for(bombs, tmp_path):
    _copy(bombs, "bomb.parquet", tmp_path)
    done = run_child(tmp_path, BENCH, "vmcbench_dev", "bomb.parquet", BENCH_LIMIT, "10")
    assert done["code"] == pytest.ExitCode.OK, done["out"] + done["err"]
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert report["total"] == 10 and report["correct"] == 10
    assert done["peak"] < PEAK_MB, f"peak {done['peak']:.0f} MB"


def test_the_ceiling_is_an_option_and_an_ini_key(bench_env):
    # 600 rows of 2 KB: 1.2 MB decoded; a 1 MB ceiling stops it, the default reads it
    parquet_bomb(bench_env.path / "preds.parquet", rows=600)
    stopped = bench_env.runpytest_inprocess(BENCH, "vmcbench_dev", "preds.parquet", BENCH_MAX_INPUT_MB, "1", *FAST)
    assert stopped.ret == pytest.ExitCode.USAGE_ERROR
    assert "preds.parquet: its first 512 rows decode to more than 1.0 MB" in stopped.stderr.str()
    bench_env.makeini("[pytest]\nbench_max_input_mb = 1\n")
    from_ini = bench_env.runpytest_inprocess(BENCH, "vmcbench_dev", "preds.parquet", *FAST)
    assert from_ini.ret == pytest.ExitCode.USAGE_ERROR
    bench_env.makeini("[pytest]\n")
    read = bench_env.runpytest_inprocess(BENCH, "vmcbench_dev", "preds.parquet", *FAST)
    assert read.ret == pytest.ExitCode.OK and load_report(bench_env)["total"] == 600
    unbounded = bench_env.runpytest_inprocess(BENCH, "vmcbench_dev", "preds.parquet", BENCH_MAX_INPUT_MB, "0", *FAST)
    assert unbounded.ret == pytest.ExitCode.OK


def test_an_archive_naming_a_member_twice_stops_naming_it(bench_env):
    sample = json.loads((DATA / "inspect_gsm8k.json").read_text(encoding="utf-8"))["samples"][0]
    text = json.dumps(sample).encode()
    header = json.dumps({"version": 2, "status": "success", "eval": {"task": "t"}}).encode()
    deflate_zip(bench_env.path / "twice.eval", [("header.json", header, 1), ("samples/1_epoch_1.json", text, 1),
                                                ("samples/1_epoch_1.json", text, 1)])
    result = bench_env.runpytest_inprocess(BENCH, "olympiad", "twice.eval", *FAST)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert ("twice.eval: the archive names a member more than once: samples/1_epoch_1.json (2 times)"
            in result.stderr.str())
    assert not (bench_env.path / "report.json").exists()


# -- depth -------------------------------------------------------------------------------------------------------

def _inspect_log(record: object) -> dict:
    log = json.loads((DATA / "inspect_gsm8k.json").read_text(encoding="utf-8"))
    log["samples"][1]["metadata"] = {"deep": record}
    return log


def _opencompass(record: object) -> dict:
    rows = json.loads((DATA / "opencompass_gsm8k.json").read_text(encoding="utf-8"))
    rows["1"]["extra"] = record
    return rows


def test_a_log_nested_100000_deep_stops_before_scoring_in_bounded_memory(tmp_path):
    (tmp_path / "log.json").write_text(json.dumps(_inspect_log("DEEP")).replace('"DEEP"', deep(100_000)),
                                       encoding="utf-8")
    done = run_child(tmp_path, BENCH, "olympiad", "log.json")
    assert done["code"] == pytest.ExitCode.USAGE_ERROR, done["out"] + done["err"]
    # 100,000 levels under the log, its samples, a sample, its metadata
    assert (f"log.json: nested 100004 levels deep, over the ceiling of {DEFAULT_MAX_DEPTH} (raise it with "
            f"{BENCH_MAX_DEPTH} N)") in done["err"]
    assert "INTERNALERROR" not in done["out"] + done["err"] and "RecursionError" not in done["out"] + done["err"]
    assert done["peak"] < PEAK_MB, f"peak {done['peak']:.0f} MB"


@pytest.mark.parametrize("kind", ["opencompass", "json rows"])
def test_a_document_nested_100000_deep_stops_before_scoring(bench_env, kind):
    if kind == "opencompass":
        name, bench = "preds.json", "olympiad"
        text = json.dumps(_opencompass("DEEP")).replace('"DEEP"', deep(100_000))
    else:
        name, bench = "preds.json", "vmcbench_dev"
        text = json.dumps([mc_row(1, "B"), {**mc_row(2, "B"), "extra": "DEEP"}]).replace('"DEEP"', deep(100_000))
    (bench_env.path / name).write_text(text, encoding="utf-8")
    result = bench_env.runpytest_inprocess(BENCH, bench, name, *FAST)
    assert result.ret == pytest.ExitCode.USAGE_ERROR, result.stdout.str()
    assert f"over the ceiling of {DEFAULT_MAX_DEPTH} (raise it with {BENCH_MAX_DEPTH} N)" in result.stderr.str()
    assert "INTERNALERROR" not in result.stdout.str() + result.stderr.str()


def _lm_eval_lines() -> list[str]:
    return (DATA / "samples_gsm8k_2026-11-27T21-00-00.000000.jsonl").read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("kind", ["lm-eval", "jsonl rows", "inspect .eval"])
def test_one_record_nested_100000_deep_is_its_own_error_row(bench_env, kind):
    if kind == "lm-eval":
        name, bench = "samples_gsm8k_2026-11-27T21-00-00.000000.jsonl", "olympiad"
        lines = _lm_eval_lines()
        lines[1] = lines[1][:-1] + ', "deep": ' + deep(100_000) + "}"
        (bench_env.path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        where = f"{name}:2"
    elif kind == "jsonl rows":
        name, bench = "preds.jsonl", "vmcbench_dev"
        lines = [json.dumps(mc_row(i, "B")) for i in range(1, 4)]
        lines[1] = lines[1][:-1] + ', "deep": ' + deep(100_000) + "}"
        (bench_env.path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        where = f"{name}:2"
    else:
        name, bench = "log.eval", "olympiad"
        log = json.loads((DATA / "inspect_gsm8k.json").read_text(encoding="utf-8"))
        header = json.dumps({key: value for key, value in log.items() if key != "samples"}).encode()
        samples = [json.dumps(sample).encode() for sample in log["samples"]]
        samples[1] = samples[1][:-1] + b', "deep": ' + deep(100_000).encode() + b"}"
        deflate_zip(bench_env.path / name, [("header.json", header, 1)] + [
            (f"samples/{sample['id']}_epoch_{sample['epoch']}.json", text, 1)
            for sample, text in zip(log["samples"], samples)])
        where = f"{name}:2"
    result = bench_env.runpytest_inprocess(BENCH, bench, name, *FAST)
    assert "INTERNALERROR" not in result.stdout.str() + result.stderr.str()
    rows = load_report(bench_env)["rows"]
    errored = [row for row in rows if row["status"] == "error"]
    assert len(errored) == 1 and len(rows) >= 3, [(r["id"], r["status"]) for r in rows]
    assert errored[0]["detail"].startswith(where)
    assert f"over the ceiling of {DEFAULT_MAX_DEPTH} (raise it with {BENCH_MAX_DEPTH} N)" in errored[0]["detail"]


def test_the_depth_ceiling_is_an_option(bench_env):
    rows = [mc_row(1, "B"), {**mc_row(2, "B"), "extra": json.loads(deep(150))}]
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    default = bench_env.runpytest_inprocess(BENCH, "vmcbench_dev", "preds.jsonl", *FAST)
    assert [r["status"] for r in load_report(bench_env)["rows"]] == ["correct", "error"]
    assert default.ret == pytest.ExitCode.TESTS_FAILED
    raised = bench_env.runpytest_inprocess(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_MAX_DEPTH, "200", *FAST)
    assert raised.ret == pytest.ExitCode.OK  # read at collection and again when scored, under the same ceiling
    assert [r["status"] for r in load_report(bench_env)["rows"]] == ["correct", "correct"]
