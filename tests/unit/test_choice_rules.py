"""The multiple-choice reader's rule tables and decision steps (``pytest_answerbench/choice/``) against their own
invariants: every record's derived pre-check, lower-case twin and candidate starts agree with its pattern; the
decision's steps are unique and in the documented order; a record added to a table is read with its own
pre-check; the package's modules import one another without cycles and never import pytest."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from conftest import read_jsonl
from pytest_answerbench.choice import decide, infer_choice, rules
from pytest_answerbench.choice.decide import STEPS, read
from pytest_answerbench.choice.optionset import option_set
from pytest_answerbench.choice.reader import Reader
from pytest_answerbench.choice.rules import CONCLUSIONS, MARKERS, RULES, Marker, RuleSet
from pytest_answerbench.choice.scan import Needs, Scan, lower_twin
from pytest_answerbench.text.fold import fold_safe
from pytest_answerbench.text.patterns import matches_at as _matches_at
from pytest_answerbench.text.patterns import occurrences as _occurrences


def _examples(n: int) -> int:
    """``n`` examples under the ``thorough`` profile (conftest.py); a fifth of them under ``ci``, the default, which
    keeps the suite within its time on 2 cores (each of these runs once per rule or pattern)."""
    return max(n // 5, 20) if settings.get_current_profile_name() == "ci" else n


PACKAGE = Path(decide.__file__).parent
DATA = Path(__file__).parents[1] / "data"
ALL_MARKERS = (*MARKERS, *CONCLUSIONS)
SCANS = [value for value in vars(rules).values() if isinstance(value, Scan)]
RECORDS = [*ALL_MARKERS, *SCANS]
LOSS = {"A": "The loss decreases monotonically", "B": "The loss increases",
        "C": "The loss first decreases then increases", "D": "The loss stays constant"}


def _corpus_flat_texts() -> list[str]:
    """Every reply of the labelled corpora as the reader scans it (normalised, markup flattened)."""
    texts = []
    for path in sorted(DATA.glob("choice_*.jsonl")):
        for row in read_jsonl(path):
            if isinstance(row["response"], str) and row["response"].strip():
                optset = option_set(tuple((str(k), str(v)) for k, v in row["options"].items()))
                texts.append(Reader(row["response"], optset).flat)
    return texts


CORPUS_FLAT = _corpus_flat_texts()
_AROUND = st.text(alphabet=st.sampled_from("aAbBcCiIsS .,:;!?\n\t()*'答选是"), max_size=12)


def _check_on(record: Marker | Scan, text: str) -> None:
    """What the reader assumes of ``record`` holds on ``text`` (a flat text it could scan): every match passes the
    pre-check, the lower-case twin finds the same spans, the candidate starts hold every match's start."""
    spans = [m.span() for m in record.pattern.finditer(text)]
    if not fold_safe(text):
        return  # the reader runs the pattern itself on such a text: nothing derived is used
    low = text.lower()
    if spans and record.needs is not None:
        assert record.needs(low), (record.name, text, spans)
        if text.isascii():
            assert record.needs(low, ascii=True), (record.name, text, spans)
    if record.low is not None:
        assert [m.span() for m in record.low.finditer(low)] == spans, (record.name, text)
    starts = getattr(record, "starts", None)
    if starts is not None:
        target, pattern = (low, record.low) if record.low is not None else (text, record.pattern)
        assert [m.span() for m in _matches_at(pattern, target, starts(low))] == spans, (record.name, text)


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.name)
def test_each_rule_agrees_with_its_pre_check_twin_and_starts_on_the_corpora(record):
    matched = 0
    for text in CORPUS_FLAT:
        _check_on(record, text)
        matched += record.pattern.search(text) is not None
    assert matched  # every rule occurs in the labelled corpora, so the check above is not vacuous


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.name)
@settings(max_examples=_examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_each_rule_agrees_with_its_pre_check_twin_and_starts_on_generated_text(record, data):
    # a rule holds a lazily compiled pattern (text/patterns.py); Hypothesis takes a compiled one
    core = data.draw(st.from_regex(re.compile(record.pattern.pattern, record.pattern.flags)), label="match")
    text = data.draw(_AROUND, label="before") + core + data.draw(_AROUND, label="after")
    assume(fold_safe(text))
    _check_on(record, text)


def test_the_answer_marker_is_read_with_any_space_before_one():
    """Found by the pre-check invariant: "the correct\\none is" was skipped (its pre-check wanted "correct one")."""
    options = {"A": "cat", "B": "dog", "C": "cow"}
    for text in ("I looked at it. The correct\none is B, clearly not A.", "The correct one is B, clearly not A."):
        found = infer_choice(text, options)
        assert (found.letter, found.method) == ("B", "answer-marker"), text


def test_marker_names_are_unique_and_the_tables_hold_what_the_reader_reads():
    names = [m.name for m in ALL_MARKERS]
    assert len(names) == len(set(names))
    assert {m.tier for m in MARKERS} == {2, 3} and {m.tier for m in CONCLUSIONS} == {1}
    assert RULES.markers == MARKERS and RULES.conclusions == CONCLUSIONS
    with pytest.raises(ValueError, match="repeated: choose"):
        RuleSet(MARKERS + (next(m for m in MARKERS if m.name == "choose"),))
    with pytest.raises(ValueError, match="repeated: conclusion"):
        RULES.with_marker(CONCLUSIONS[0])


def test_twins_are_derived_from_each_record():
    for marker in ALL_MARKERS:
        if marker.pattern.flags & re.I:
            assert marker.low is not None and not marker.low.flags & re.I, marker.name
        else:
            assert marker.low is None, marker.name  # a case-sensitive part: the pattern runs on the text itself
    assert [m.name for m in ALL_MARKERS if m.low is None] == ["answer-then-letter", "closing-option", "chinese-answer",
                                                                "statement-is", "stated-label"]
    conclusion = CONCLUSIONS[0]
    assert conclusion.low.pattern.startswith("(?=[") and conclusion.lead  # its first characters lead the twin
    with pytest.raises(ValueError, match="lower case"):
        lower_twin(re.compile(r"\bthe\s+[A-J]\b", re.I))
    with pytest.raises(ValueError, match="IGNORECASE"):
        lower_twin(re.compile(r"\bthe\b"))
    with pytest.raises(ValueError, match="lead"):
        Marker(name="x", method="answer-marker", tier=2, pattern=re.compile("x"), needs=Needs.any("x"), lead="x")
    assert lower_twin(re.compile(r"\S+\W\bso\B\\s", re.I)).pattern == r"\S+\W\bso\B\\s"  # escapes are no letters


def test_needs_reads_words_groups_alternatives_and_a_pattern():
    needs = Needs.any("so", "因此") | Needs.all(("is",), ("it", "that")) | Needs.match(re.compile(r"no\s*[,.]"))
    assert needs("so b") and needs("因此 b") and needs("it is b") and needs("no, b")
    assert not needs("it was b") and not needs("is b") and not needs("nothing")
    assert not needs("因此 b", ascii=True)  # an ASCII text holds no Chinese word
    assert needs.words == ("so", "因此", "is", "it", "that")
    with pytest.raises(ValueError, match="one pattern"):
        Needs.match(re.compile("a")) | Needs.match(re.compile("b"))
    # the shapes with a closure of their own: one word, one word of each of two groups
    assert Needs.any("final")("the final answer") and not Needs.any("final")("the answer")
    assert Needs.any("答案")("答案是B") and not Needs.any("答案")("答案是B", ascii=True)
    both = Needs.all(("sp", "antw"), ("respuesta", "antwort", "réponse"))
    assert both("la respuesta es b") and both("die antwort ist c") and not both("la spuesta")
    # "réponse" holds neither "sp" nor "antw"
    assert not both("la réponse est c") and not both("the answer", ascii=True)
    assert both.test is not Needs.any("x").test and both("die antwort", ascii=True)


def _verdict_marker(needs: Needs) -> Marker:
    return Marker(name="verdict", method="verdict-marker", tier=2, pattern=re.compile(r"\bmy\s+verdict\s*:", re.I),
                  needs=needs, introduces_options_cancels=True)


def test_a_marker_added_to_the_table_is_read_with_its_own_pre_check():
    optset = option_set(tuple(LOSS.items()))
    text = "The curve drops, then rises after epoch 40. My verdict: C, given the curve."
    assert read(text, optset).letter is None  # the default rules have no such marker
    first = RULES.with_marker(_verdict_marker(Needs.any("verdict")), before="final-answer")
    found = read(text, optset, first)
    assert (found.letter, found.method) == ("C", "verdict-marker")
    # inserted first, it moves no other marker's pre-check: the corpus reads exactly as before
    for row in read_jsonl(DATA / "choice_corpus.jsonl"):
        if isinstance(row["response"], str) and "verdict" not in row["response"].lower() and row["response"].strip():
            rows_set = option_set(tuple((str(k), str(v)) for k, v in row["options"].items()))
            assert read(row["response"], rows_set, first) == read(row["response"], rows_set), row["id"]
    # its own pre-check decides whether it runs: a pre-check its matches cannot pass keeps it silent on a
    # fold-safe text (the reader trusts the record), and a text the pre-check cannot vouch for runs the pattern
    wrong = RULES.with_marker(_verdict_marker(Needs.any("zzz")), before="final-answer")
    assert read(text, optset, wrong).letter is None
    unsafe = text.replace("rises", "r\u0131ses")  # the dotless i folds onto "i": the pre-check is skipped
    assert (read(unsafe, optset, wrong).letter, read(unsafe, optset, wrong).method) == ("C", "verdict-marker")
    # a conclusion marker goes to the conclusion table and is read as a conclusion
    weak = Marker(name="hence-weak", method="conclusion", tier=1, pattern=re.compile(r"\bergo\b", re.I),
                  needs=Needs.any("ergo"))
    found = read("The curve drops, then rises. Ergo C.", optset, RULES.with_marker(weak, conclusion=True))
    assert (found.letter, found.method) == ("C", "conclusion")


def test_the_steps_are_unique_and_in_the_documented_order():
    names = [step.name for step in STEPS]
    assert len(names) == len(set(names))
    assert names == ["empty", "sole", "both", "commitments", "strong-phrases", "weak-commitments", "self-correction",
                     "odd-one-out", "withdrawn", "hedge",
                     "retracted", "truncated", "walk", "closing-statement", "commitment", "elimination", "special-option", "refusal",
                     "none-among", "loop", "option-text", "lone-letter", "key-word", "so-clause", "nothing"]
    documented = re.findall(r"^\d+\. ``([a-z-]+)``", decide.__doc__, re.M)
    assert documented == names
    # the last step always answers, so the decision never runs off the end
    assert STEPS[-1].run(decide.Decision(Reader("x", option_set((("A", "a"),))))).method == "none"


def test_the_content_tie_breakers_are_named_in_order():
    from pytest_answerbench.choice.content import FINDERS, TIE_BREAKERS

    assert [name for name, _ in FINDERS] == ["texts", "label-letters", "numbers", "chinese-verdicts", "times-and-dates",
                                                 "labelled-values"]
    assert [name for name, _ in TIE_BREAKERS] == ["ends-unsure", "concluding-sentence", "concluding-clause",
                                                  "after-the-turn", "stated-not-defined", "main-clause",
                                                  "compared-against", "context-numbers", "count-then-parts", "outside-brackets"]


def _imports(path: Path) -> list[tuple[str, bool]]:
    """(module imported, whether at module level) for each import in ``path``, relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(node) for node in tree.body}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = {1: "pytest_answerbench.choice.", 2: "pytest_answerbench."}.get(node.level, "")
            module = base + (node.module or "")
            if node.level == 1 and not node.module:
                found += [(base + a.name, id(node) in top) for a in node.names]
            else:
                found.append((module.rstrip("."), id(node) in top))
        elif isinstance(node, ast.Import):
            found += [(a.name, id(node) in top) for a in node.names]
    return found


def test_the_package_has_no_import_cycle_no_function_level_import_and_no_pytest():
    modules = {p.stem: p for p in PACKAGE.glob("*.py")}
    assert {"__init__", "rules", "decide", "reader", "content", "fast", "optionset"} <= set(modules)
    graph = {}
    for name, path in modules.items():
        imported = _imports(path)
        assert all(level for _, level in imported), f"{name}.py imports inside a function"
        assert not any(m.split(".")[0] in ("pytest", "_pytest") for m, _ in imported), f"{name}.py imports pytest"
        inside = {m.rsplit(".", 1)[-1] for m, _ in imported if m.startswith("pytest_answerbench.choice.")}
        # the package stands alone, but for the shared word tables (text/numbers.py: data, no logic) and the loop
        # at the end of a degenerate reply (text/loops.py, which the maths reader reads the same way), the
        # patterns compiled on first use (text/patterns.py, the package-wide stand-in for re.compile) and the
        # condition for case-insensitive scans of the lower-cased text (text/fold.py, shared with the maths reader)
        assert not any(m.startswith("pytest_answerbench.") and not m.startswith("pytest_answerbench.choice")
                       and m not in ("pytest_answerbench.text.numbers", "pytest_answerbench.text.loops",
                                     "pytest_answerbench.text.patterns", "pytest_answerbench.text.fold")
                       for m, _ in imported), f"{name}.py reaches outside the choice package"
        graph[name] = inside - {name}
    assert all(target in modules for targets in graph.values() for target in targets)
    order: list[str] = []
    state: dict[str, str] = {}

    def visit(node: str, path: tuple[str, ...]) -> None:
        if state.get(node) == "done":
            return
        assert state.get(node) != "open", f"import cycle: {' -> '.join((*path, node))}"
        state[node] = "open"
        for target in sorted(graph[node]):
            visit(target, (*path, node))
        state[node] = "done"
        order.append(node)

    for module in sorted(graph):
        visit(module, ())
    assert "__init__" not in {t for targets in graph.values() for t in targets}  # nothing imports the package root


# The verdicts next to option letters are compiled per option set (optionset._LetterPatterns), each with the word
# lists of rules.py as its pre-check or candidate starts, and a lower-case twin.
LETTER_SETS = [option_set((("A", "cat"), ("B", "dog"), ("C", "cow"), ("D", "pig"))),
               option_set((("1", "one"), ("2", "two"), ("3", "three")))]


def _check_verdicts_on(optset, text: str) -> None:
    """What ``Reader._scan_mentions`` assumes of the option set's verdict patterns holds on ``text``."""
    pats = optset.pats
    if not fold_safe(text):
        return
    low = text.lower()
    after = [m.span() for m in pats.neg_after.finditer(text)]
    if after:  # "A and C are wrong": the hint words and the option set's quick pattern both see it
        assert any(w in low for w in rules.NEG_WORD_HINTS), text
        assert optset.ruled_out_hint.search(low), text
    assert [m.span() for m in pats.neg_after_low.finditer(low)] == after, text
    before = [m.span() for m in pats.neg_before.finditer(text)]
    hints = rules.NEG_BEFORE_ASCII if text.isascii() else rules.NEG_BEFORE_HINTS
    starts = _occurrences(low, hints)  # a match starts where one of its leading words does
    assert [m.span() for m in _matches_at(pats.neg_before_low, low, starts)] == before, text
    assert [m.span() for m in pats.affirm_low.finditer(low)] == [m.span() for m in pats.affirm.finditer(text)], text


@pytest.mark.parametrize("kind", ["neg_after", "neg_before", "affirm"])
@pytest.mark.parametrize("optset", LETTER_SETS, ids=["ABCD", "123"])
@settings(max_examples=_examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_each_verdict_pattern_agrees_with_its_hints_and_twin_on_generated_text(kind, optset, data):
    core = data.draw(st.from_regex(getattr(optset.pats, kind)), label="match")
    text = data.draw(_AROUND, label="before") + core + data.draw(_AROUND, label="after")
    assume(fold_safe(text))
    _check_verdicts_on(optset, text)


def test_each_verdict_pattern_agrees_with_its_hints_and_twin_on_the_corpora():
    found = 0
    for optset in LETTER_SETS[:1]:
        for text in CORPUS_FLAT:
            _check_verdicts_on(optset, text)
            found += optset.pats.neg_after.search(text) is not None
    assert found
