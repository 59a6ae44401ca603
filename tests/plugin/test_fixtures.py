"""The bench_row / bench_scorer / bench_judge fixtures, overridden in a user's conftest.py."""

from __future__ import annotations

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench.options import BENCH, BENCH_REPORT


def test_override_bench_scorer_returning_bool(bench_env):
    bench_env.makeconftest(
        "import pytest\n"
        "@pytest.fixture(scope='session')\n"
        "def bench_scorer():\n"
        "    return lambda row: row['prediction'].strip().lower() == row['answer'].lower()\n")
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(1, "b"), mc_row(2, " B "), mc_row(3, "(B)")])
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "report.json")
    result.assert_outcomes(passed=2, failed=1)
    assert [r["method"] for r in load_report(bench_env)["rows"]] == ["custom"] * 3


def test_override_bench_scorer_returning_a_verdict_and_using_the_default(bench_env):
    bench_env.makeconftest(
        "import pytest\n"
        "from pytest_answerbench import Verdict, score_row\n"
        "@pytest.fixture(scope='session')\n"
        "def bench_scorer():\n"
        "    def score(row):\n"
        "        if row['prediction'] == 'skip-me':\n"
        "            return Verdict('miss', 0.0, method='abstained')\n"
        "        return score_row('vmcbench_dev', row)\n"
        "    return score\n")
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(1, "(B)"), mc_row(2, "skip-me")])
    # an abstention (miss) is no wrong answer: an expected failure, not a failed test (README: Outcomes)
    bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "report.json").assert_outcomes(
        passed=1, xfailed=1)
    report = load_report(bench_env)
    assert report["counts"]["miss"] == 1 and report["rows"][1]["method"] == "abstained"


def test_override_bench_row_transforms_rows_before_the_builtin_scorer(bench_env):
    bench_env.makeconftest(
        "import pytest\n"
        "@pytest.fixture\n"
        "def bench_row(request):\n"
        "    row = request.node.load_row()\n"
        "    return {**row, 'prediction': row['prediction'].replace('Option', '(').replace('!', ')')}\n")
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(1, "OptionB!"), mc_row(2, "OptionA!")])
    bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "report.json",
                        "--bench-profile", "upstream").assert_outcomes(passed=1, failed=1)
    assert [r["extracted"] for r in load_report(bench_env)["rows"]] == ["B", "A"]


def test_bench_judge_is_none_by_default_and_overridable(bench_env):
    bench_env.makeconftest(
        "import pytest\n"
        "@pytest.fixture(scope='session')\n"
        "def bench_judge():\n"
        "    return 'my-judge'\n"
        "@pytest.fixture(scope='session')\n"
        "def bench_scorer(bench_judge):\n"
        "    return lambda row: bench_judge == 'my-judge'\n")
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(1, "(B)")])
    bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl").assert_outcomes(passed=1)


def test_a_scorer_returning_nonsense_is_an_error_row(bench_env):
    bench_env.makeconftest(
        "import pytest\n"
        "@pytest.fixture(scope='session')\n"
        "def bench_scorer():\n"
        "    return lambda row: 42\n")
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(1, "(B)")])
    bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "report.json")
    row = load_report(bench_env)["rows"][0]
    assert row["status"] == "error" and "returned int" in row["detail"]


def test_a_scorer_that_raises_is_an_error_row_and_the_run_goes_on(bench_env):
    bench_env.makeconftest(
        "import pytest\n"
        "@pytest.fixture(scope='session')\n"
        "def bench_scorer():\n"
        "    def score(row):\n"
        "        if row['index'] == 1:\n"
        "            raise RuntimeError('judge unreachable')\n"
        "        return True\n"
        "    return score\n")
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(1, "(B)"), mc_row(2, "(B)")])
    bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "report.json")
    rows = load_report(bench_env)["rows"]
    assert rows[0]["status"] == "error" and "RuntimeError: judge unreachable" in rows[0]["detail"]
    assert rows[1]["status"] == "correct"


_ITEM_KINDS = """
KINDS = []
def pytest_collection_finish(session):
    KINDS.extend(type(item).__name__ for item in session.items)
def pytest_unconfigure(config):
    with open("kinds.txt", "w") as fh:
        fh.write(" ".join(KINDS))
"""


def test_rows_without_fixture_overrides_skip_the_fixture_machinery(bench_env):
    """No override and no autouse fixture: plain items scored by the session's own scorer, same verdicts."""
    bench_env.makeconftest(_ITEM_KINDS)
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(1, "(B)"), mc_row(2, "A"), "{broken"])
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "report.json")
    result.assert_outcomes(passed=1, failed=1, errors=1)
    assert (bench_env.path / "kinds.txt").read_text().split() == ["FastRowItem"] * 3
    assert [r["status"] for r in load_report(bench_env)["rows"]] == ["correct", "wrong", "error"]


def test_an_autouse_fixture_makes_rows_full_fixture_items_and_runs_for_each_row(bench_env):
    bench_env.makeconftest(_ITEM_KINDS + """
import pytest
RUNS = []
@pytest.fixture(autouse=True)
def count_rows():
    RUNS.append(1)
    yield
def pytest_sessionfinish(session):
    with open("runs.txt", "w") as fh:
        fh.write(str(len(RUNS)))
""")
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(1, "(B)"), mc_row(2, "A")])
    bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl").assert_outcomes(passed=1, failed=1)
    assert (bench_env.path / "kinds.txt").read_text().split() == ["RowItem"] * 2
    assert (bench_env.path / "runs.txt").read_text() == "2"


def test_the_fixtures_find_the_runs_scoring_from_configure_to_unconfigure(bench_env):
    """The run's RowScoring is on the fixtures' stack while the run lasts (it puts itself there from its own
    ``pytest_configure``, plugin.py touching nothing of fixtures.py's), and it is gone when the run ends."""
    from pytest_answerbench import fixtures

    bench_env.makeconftest(
        "import pytest\n"
        "from pytest_answerbench import fixtures\n"
        "def pytest_sessionstart(session):\n"
        "    print('STACK', [s.spec.name for s in fixtures._ACTIVE])\n"
        "@pytest.fixture\n"
        "def bench_row(bench_row):\n"
        "    return dict(bench_row, prediction='(B)')\n")
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(1, "(A)"), mc_row(2, "(C)")])
    before = list(fixtures._ACTIVE)
    result = bench_env.runpytest_inprocess(BENCH, "vmcbench_dev", "preds.jsonl", "-s")
    result.assert_outcomes(passed=2)
    assert "STACK ['vmcbench_dev']" in result.stdout.str()
    assert fixtures._ACTIVE == before
