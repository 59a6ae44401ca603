"""inputs/ without pytest: the plan of a run's rows (ids, shards, duplicates, problems, figures of the files)."""

from __future__ import annotations

import json
from pathlib import Path

from pytest_answerbench.inputs import InputPlan, RowIds
from pytest_answerbench.spec import resolve_benchmark


def _write(path: Path, rows: list) -> Path:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows), encoding="utf-8")
    return path


def test_row_ids_number_repeats_and_name_rows_without_an_id_by_line():
    ids = RowIds()
    taken = [ids.take("1", 1)[0], ids.take("1", 2)[0], ids.take(None, 3)[0], ids.take("a::b", 4)[0],
             ids.take("1", 5)[0]]
    assert taken == ["1", "1#2", "line3", "a:b", "1#3"]


def test_the_plan_gives_every_row_with_its_line_and_problem_and_deals_shards(tmp_path: Path):
    spec = resolve_benchmark("olympiad")
    rows = [{"id": "q1", "prediction": "1", "answer": "1"}, "{not json", {"id": "q3", "prediction": "2"},
            {"id": "q4", "out": "3", "answer": "3"}]
    path = _write(tmp_path / "p.jsonl", rows)
    plan = InputPlan(spec, [path], root=tmp_path, fields=(("prediction", "out"),))
    planned = list(plan.rows(path, "p.jsonl"))
    assert [(p.name, p.line) for p in planned] == [("q1", 1), ("line2", 2), ("q3", 3), ("q4", 4)]
    assert planned[0].problem is None and planned[3].problem is None  # q4's prediction read from "out"
    assert "p.jsonl:2: not valid JSON" in planned[1].problem
    assert "p.jsonl:3: missing required field 'final_answer or answer'" in planned[2].problem
    assert plan.rows_held() == [("p.jsonl", 4)] and plan.rows_in_files() == 4
    assert plan.rows_by_line()["p.jsonl"][4]["prediction"] == "3"
    shard = InputPlan(spec, [path, path], root=tmp_path, shard=(2, 3))
    names = [p.line for f in shard.paths for p in shard.rows(f, "p.jsonl")]
    assert names == [2, 1, 4]  # rows 2, 5, 8 of the 8 dealt over both files


def test_replay_starts_afresh(tmp_path: Path):
    spec = resolve_benchmark("olympiad")
    path = _write(tmp_path / "p.jsonl", [{"id": "1", "prediction": "1", "answer": "1"}] * 2)
    plan = InputPlan(spec, [path], root=tmp_path)
    list(plan.rows(path, "p.jsonl"))
    first = list(plan.duplicates)
    assert plan.replay() == {"p.jsonl::1": ("1", "p.jsonl", 1), "p.jsonl::1#2": (plan.replay()["p.jsonl::1#2"][0],
                                                                               "p.jsonl", 2)}
    assert plan.duplicates == first and len(first) == 1
