"""What a template makes is held to the rule a table's cell is (`core.files.CONTROL`): a
control character other than tab and line feed (C0, DEL, C1), U+FFFE, U+FFFF or a lone
surrogate, made by a string escape in an expression (`{{ "\\x01" }}`) or typed into a
template file's own text, is refused at the line of the template that made it, as bad input
(`InputError`), before anything is made from the text; the rendered rulebook's check sees
it too (`books.bounds.bound_problems`). Tab, line feed and ordinary Unicode pass unchanged,
and cardstock's own renders that mark their text with control characters (the rules
checker's, in `plain()`) keep them."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardstock.books.bounds import bound_problems
from cardstock.core.issues import InputError
from cardstock.core.templating import Breach, check_template, environment, plain, render
from cardstock.layout.context import render_value

# each kind of character a cell is refused for, as a template's string escape writes it
KINDS = {
    "NUL": ("\\x00", "U+0000"),
    "C0": ("\\x01", "U+0001"),
    "escape": ("\\x1b", "U+001B"),
    "DEL": ("\\x7f", "U+007F"),
    "C1": ("\\x85", "U+0085"),
    "C1-last": ("\\x9f", "U+009F"),
    "U+FFFE": ("\\ufffe", "U+FFFE"),
    "U+FFFF": ("\\uffff", "U+FFFF"),
    "high surrogate": ("\\ud800", "U+D800"),
    "low surrogate": ("\\udfff", "U+DFFF"),
}
ESCAPES = pytest.mark.parametrize(("escape", "code"), KINDS.values(), ids=list(KINDS))
HONEST = "Tab\there, é à ö, 中文, 😀 — fine\nand a second line"


def refused(text: str, line: int | None, field: str = "rulebook") -> InputError:
    with pytest.raises(InputError) as caught:
        render(text, {"x": 1}, file="made.md.j2", line=line, field=field)
    return caught.value


@ESCAPES
def test_a_card_text_that_makes_the_character_is_refused_at_its_row(escape, code):
    issue = refused(f'Play {{{{ "{escape}" }}}} on any card.', 3, "text").issues[0]
    assert (issue.file, issue.line, issue.field) == ("made.md.j2", 3, "text")
    assert (
        f"makes the {'control ' if int(code[2:], 16) <= 0x9F else ''}character" in (issue.message)
        or "NUL" in issue.message
    )
    assert code in issue.message or code == "U+0000"
    assert f'"{escape}"' in issue.message  # the escape to remove


@ESCAPES
def test_a_rulebook_that_makes_the_character_is_refused_at_the_line_that_makes_it(escape, code):
    text = f'# Rules\n\nFirst line.\nA {{{{ "{escape}" }}}} made here.\nLast line.\n'
    issue = refused(text, None).issues[0]
    assert (issue.line, issue.field) == (4, "rulebook")
    assert code in issue.message or code == "U+0000"


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('a\nb\n{{ "x" ~ "\\x01" }}\n', 3),  # a `~` concatenation
        ('a\n{{ "xa"|replace("a", "\\uffff") }}\n', 2),  # a filter's result
        ('a\nb\n{% filter replace("a", "\\x7f") %}\nabc{% endfilter %}\n', 3),  # a block's
        ('a\n{% macro m() %}m{{ "\\ud800" }}{% endmacro %}\nb\n{{ m() }}\n', 2),  # a macro
        ('a\n{% set s %}\n{{ "\\x85" }}{% endset %}\n\n{{ s }}\n', 3),  # a `{% set %}` block
        ('a\n{{ "%c"|format(1) }}\n', 2),  # a format
        ('a\n{% for c in ["\\ufffe"] %}\n{{ c }}\n{% endfor %}\n', 3),  # a loop's item
    ],
)
def test_every_way_a_template_makes_the_character_is_refused_at_its_line(text, line):
    assert refused(text, None).issues[0].line == line


@pytest.mark.parametrize("char", ["\x01", "\x7f", "\x9f", "\ufffe", "\uffff", "\ud800"])
def test_a_template_that_holds_the_character_typed_is_refused_at_its_line(char, tmp_path):
    text = f"# Rules\n\nFirst line.\nA literal {char} here.\n"
    issue = refused(text, None).issues[0]
    assert issue.line == 4
    assert "holds the" in issue.message
    if char == "\ud800":
        return  # a file cannot hold it: not UTF-8, refused as the file is read
    path = tmp_path / "rulebook.md.j2"
    path.write_text(text, encoding="utf-8")
    checked = check_template(path, "rulebook.md.j2", set(), "rulebook", tmp_path)
    assert [(i.line, i.bad_input) for i in checked] == [(4, True)]
    assert f"U+{ord(char):04X}" in checked[0].message


@ESCAPES
def test_a_layout_value_that_makes_the_character_is_bad_input(escape, code):
    env = environment()  # as the layouts' environment is made
    value, message = render_value(env, f'{{{{ name }}}}{{{{ "{escape}" }}}}', {"name": "Dawn"})
    assert value is None
    assert isinstance(message, Breach)  # raised as bad input where the face is drawn
    assert code in message or code == "U+0000"


def test_an_honest_text_renders_unchanged_and_one_escape_more_is_refused():
    assert render(HONEST + '{{ "\\t" }}', {}, file="f", line=1, field="text") == (
        HONEST + "\t",
        None,
    )
    env = environment()
    assert render_value(env, "{{ t }}\n{{ '\\n' }}", {"t": HONEST}) == (HONEST + "\n\n", None)
    assert bound_problems(HONEST, "rulebook.md.j2", lambda: HONEST) == []
    refused(HONEST + '{{ "\\x0b" }}', None)  # a vertical tab is no line feed


def test_cardstocks_own_marked_renders_keep_their_marks_where_render_refuses_them():
    marked = "\x05{{ '\\x02' ~ x ~ '\\x03' }}\x06"
    assert plain().compiled("t", marked).render(x=1) == "\x05\x021\x03\x06"
    assert "holds the control character U+0005" in refused(marked, None).issues[0].message


def test_the_rendered_rulebook_check_refuses_the_character_at_the_template_line():
    template = "# Rules\n\nFirst line.\nA {{ word }} line.\n"
    text = "# Rules\n\nFirst line.\nA \ufffe line.\n"
    found = bound_problems(text, "layouts/g/rulebook.md.j2", lambda: template)
    assert [(i.file, i.line, i.field, i.bad_input) for i in found] == [
        ("layouts/g/rulebook.md.j2", 4, "text", True)
    ]
    assert "U+FFFE" in found[0].message


def test_the_rule_is_the_cells_rule():
    """The characters refused are exactly a cell's (`catalog.cells.control_problem`)."""
    from cardstock.catalog.cells import control_problem

    for n in [*range(0x00, 0xA1), 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xFFFD, 0xFFFE, 0xFFFF]:
        char = chr(n)
        cell = control_problem(char) is not None
        try:
            render("{{ c }}", {"c": char}, file="f", line=1, field="text")
            made = False
        except InputError:
            made = True
        assert made == cell, hex(n)


def test_nothing_is_left_behind_for_a_later_render(tmp_path: Path):
    """A refused text compiled once is refused again: the check is at render, not kept
    in what was compiled (a `--watch` process renders the same text again)."""
    text = 'A {{ "\\x01" }}'
    for _ in range(2):
        assert refused(text, 7, "text").issues[0].line == 7


def test_a_template_saved_with_windows_line_ends_is_read_and_its_character_found(tmp_path):
    """A carriage return is a line break to Jinja2 (it prints none), not a character the
    file is refused for; a U+FFFF typed on its fourth line still is, at that line."""
    text = "# Rules\r\n\r\nFirst {{ x }} line.\r\nA literal \uffff here.\r\n"
    path = tmp_path / "rulebook.md.j2"
    path.write_bytes(text.replace("\uffff", "").encode("utf-8"))
    assert check_template(path, "rulebook.md.j2", {"x"}, "rulebook", tmp_path) == []
    out, issue = render(path.read_text(encoding="utf-8"), {"x": 1}, file="f", line=None, field="r")
    assert issue is None and "\r" not in out and "First 1 line." in out
    path.write_bytes(text.encode("utf-8"))
    checked = check_template(path, "rulebook.md.j2", {"x"}, "rulebook", tmp_path)
    assert [(i.line, i.bad_input) for i in checked] == [(4, True)]
    assert refused(text, None).issues[0].line == 4
