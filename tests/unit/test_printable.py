"""``text.printable.printable``: the one escaping of file-borne text before it is printed (ids, file names,
answers, golds), used by every output of a run and of the ``answerbench`` commands."""

from __future__ import annotations

import pytest

from pytest_answerbench.text.printable import UNPRINTABLE, printable


@pytest.mark.parametrize("raw, shown", [
    ("plain text", "plain text"),
    ("\\frac{1}{2}", "\\frac{1}{2}"),  # backslashes as written (LaTeX)
    ("a\nb", "a\\nb"),
    ("a\rb", "a\\rb"),
    ("a\tb", "a\\tb"),
    ("\x1b[31mred\x1b[0m", "\\x1b[31mred\\x1b[0m"),
    ("bell\x07 nul\x00 del\x7f", "bell\\x07 nul\\x00 del\\x7f"),
    ("c1\x85next \x9b", "c1\\x85next \\x9b"),
    ("line\u2028para\u2029", "line\\u2028para\\u2029"),
    ("\u202eevil\u202c \u2066iso\u2069 \u200emark\u200f \u061c", "\\u202eevil\\u202c \\u2066iso\\u2069 "
                                                                 "\\u200emark\\u200f \\u061c"),
    ("lone \ud800 surrogate", "lone \ufffd surrogate"),
    ("::add-mask::SECRET", "\\x3a:add-mask::SECRET"),
    ("   ::stop-commands::T", "   \\x3a:stop-commands::T"),
    ("\u3000::warning::x", "\u3000\\x3a:warning::x"),  # any blank before the command, as the runner trims it
    ("id ::error:: inside", "id ::error:: inside"),  # a '::' inside a line starts nothing
    ("\n::stop-commands::T", "\\n::stop-commands::T"),
    (":single", ":single"),
    ("ünïcödé 数学 ½", "ünïcödé 数学 ½"),
    (42, "42"),
    (None, "None"),
])
def test_printable(raw, shown):
    assert printable(raw) == shown
    assert not UNPRINTABLE.search(printable(raw))
    assert printable(printable(raw)) == printable(raw)  # escaping twice changes nothing more


def test_every_control_character_is_escaped():
    for code in [*range(0x20), *range(0x7f, 0xa0), 0x2028, 0x2029, *range(0x202a, 0x202f), *range(0x2066, 0x206a)]:
        shown = printable(f"a{chr(code)}b")
        assert len(shown) > 3 and shown.startswith("a\\") and shown.endswith("b"), hex(code)


def test_unchanged_text_is_the_same_object():
    text = "nothing to escape here"
    assert printable(text) is text


def test_a_command_property_keeps_its_leading_colons():
    # inside a workflow command (file=, title=) a leading '::' starts nothing: GitHub's escaping applies there
    assert printable("::x\n", line_start=False) == "::x\\n"
