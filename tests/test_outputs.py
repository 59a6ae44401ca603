"""Outputs and gates as data: the ``OUTPUTS`` table read by options, run and cli; ``GateSettings`` one record
with one default per gate; and (with pytester) no output ever overwrites an input (issue 23, section 3)."""

from __future__ import annotations

import dataclasses

from pytest_answerbench import cli
from pytest_answerbench.options import OPTIONS, Settings
from pytest_answerbench.report import GateSettings, build_report, gate_report, make_row
from pytest_answerbench.report.outputs import OUTPUTS
from pytest_answerbench.spec import resolve_benchmark
from pytest_answerbench.verdict import Verdict


def test_every_output_is_an_option_setting_a_settings_field():
    by_flag = {opt.flag: opt for opt in OPTIONS}
    fields = {f.name for f in dataclasses.fields(Settings)}
    for out in OUTPUTS:
        assert by_flag[out.flag].field == out.field and out.field in fields
    # answerbench compare and render offer every output that has a command-line name, and nothing else
    parser = cli._parser()
    for command in ("compare", "render"):
        sub = parser._subparsers._group_actions[0].choices[command]  # argparse keeps no public map of them
        offered = {s for action in sub._actions for s in action.option_strings if s in ("--markdown", "--html")}
        assert offered == {out.cli for out in OUTPUTS if out.cli}


def _report(rows_scores, groups=True):
    spec = resolve_benchmark("vmcbench_dev")
    rows = [make_row(row_id=str(i), file="p.jsonl", line=i + 1,
                     verdict=Verdict("correct" if s else "wrong", float(s)),
                     fields={"category": "MMStar" if i % 2 else "OCR"} if groups else None)
            for i, s in enumerate(rows_scores)]
    return build_report(spec=spec, profile="default", rows=rows)


def test_group_gates_are_off_unless_asked_in_every_entry_point():
    assert GateSettings().group_gates is False and Settings(bench="x").gates.group_gates is False
    assert cli._parser().parse_args(["compare", "a.json", "b.json"]).group_gates is False
    base, new = _report([1] * 20), _report([1] * 10 + [0] * 10)
    plain, _ = gate_report(new, GateSettings(max_drop=0.05), baseline=base)
    grouped, _ = gate_report(new, GateSettings(max_drop=0.05, group_gates=True), baseline=base)
    assert [g.get("group") for g in plain if g["name"] == "max_drop"] == [None]
    assert sorted(tuple(g["group"]) for g in grouped if g.get("group")) == [("category", "MMStar"),
                                                                           ("category", "OCR")]


def test_settings_hand_the_report_their_gates_as_one_record():
    settings = Settings(bench="x", min_accuracy=0.5, max_drop=0.1, margin=0.02, group_gates=True)
    assert settings.gates == GateSettings(min_accuracy=0.5, max_drop=0.1, margin=0.02, group_gates=True)


def test_gates_of_a_subset_say_so():
    report = _report([1, 0, 1])
    gates, _ = gate_report(report, GateSettings(min_accuracy=0.9, subset="failing rows of report.json"))
    assert gates[0]["message"].startswith("subset (failing rows of report.json): min_accuracy:")
