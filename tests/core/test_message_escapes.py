"""Messages quote the project's own text with its control characters escaped: a CSV header,
a cell, a title or a key holding an escape sequence, a carriage return, a new line or a
bidirectional override cannot clear the terminal, colour it, print a fake message of its
own or reorder a line."""

from __future__ import annotations

import pytest

from cardstock.core.issues import Issue, escaped

# what a hostile project might hide, and how it is shown
HIDDEN = {
    "\x1b[2J\x1b[H": "\\x1b[2J\\x1b[H",  # clear the screen, cursor home
    "\x1b[31m": "\\x1b[31m",  # colour
    "\r": "\\r",  # back to the start of the line, over the location
    "\nmini.csv:1: all fine": "\\nmini.csv:1: all fine",  # a fake message on a line of its own
    "\u202e": "\\u202e",  # right-to-left override
    "\x9b2J": "\\x9b2J",  # the one-byte control sequence introducer
    "\x07": "\\x07",  # the bell
}


@pytest.mark.parametrize("hidden", HIDDEN)
def test_a_csv_header_with_control_characters_is_shown_escaped(mini, cli, hidden):
    mini.replace(
        "cards.csv", "designer_choice", 'designer_choice,"odd' + hidden.replace('"', '""') + '"'
    )
    result = cli("--root", str(mini.root), "build", "--jobs", "1")
    assert result.code == 2, result.err
    shown = [line for line in result.err.splitlines() if "odd" in line]
    assert shown or "U+000D" in result.err, (
        result.err
    )  # a carriage return is named by the CSV reader itself
    assert all(HIDDEN[hidden] in line for line in shown)
    assert not any(c in result.err for c in "\x1b\r\x07\x9b\u202e")
    assert all(
        line.startswith(("catalog/", "1 error", "2 errors", "3 errors")) or not line
        for line in result.err.splitlines()
    )


@pytest.mark.parametrize("hidden", HIDDEN)
def test_a_title_with_control_characters_is_listed_escaped(mini, cli, hidden):
    escaped_toml = "".join(
        f"\\u{ord(c):04X}"
        if ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F or 0x202A <= ord(c) <= 0x202E
        else c
        for c in hidden
    )
    mini.replace("game.toml", 'title = "Mini"', f'title = "Mini{escaped_toml}"')
    result = cli("--root", str(mini.root), "list")
    assert not any(c in result.out + result.err for c in "\x1b\r\x07\x9b\u202e")
    assert HIDDEN[hidden] in result.out + result.err


def test_every_part_of_an_issue_is_escaped_on_one_line():
    issue = Issue("catalog/g/\x1bcards.csv", 3, "na\rme", "unknown column 'a\nb'")
    assert issue.render() == "catalog/g/\\x1bcards.csv:3: na\\rme: unknown column 'a\\nb'"
    assert escaped("plain text, ünïcödé, emoji 🎲") == "plain text, ünïcödé, emoji 🎲"
