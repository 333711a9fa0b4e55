"""HTML typed into a rulebook or quick-reference template — as a porter brings it from a
web page (`<b>`, `<br>`, `<span class=...>`) — is not read as markup: the check warns at
the template's line, as card text does for HTML in a cell."""

from __future__ import annotations

RULEBOOK = "layouts/mini/rulebook.md.j2"
PORTED = (
    "\n# From the old site\n\n"
    'Each player draws <b>five</b> cards.<br>\nThen <span class="hint">{{ game.title }}</span> '
    "begins.\n"
)


def project(mini, extra: str) -> int:
    """The mini game with a rulebook of a few lines, then `extra`: the number of the line
    `extra` starts on."""
    text = "# {{ game.title }}\n\nPlay {{ count(set='cards') }} cards, then score.\n"
    path = mini.root / RULEBOOK
    path.parent.mkdir(parents=True)
    path.write_text(text + extra, encoding="utf-8")
    return text.count("\n") + 1


def test_html_in_a_rulebook_template_is_a_warning_at_its_line(cli, mini):
    first = project(mini, PORTED)
    result = cli("--root", str(mini.root), "check", "mini")
    draws, span = first + 3, first + 4
    lines = [line.strip() for line in result.out.splitlines() if " is HTML" in line]
    assert lines == [
        f"{RULEBOOK}:{draws}: text: warning: <b> is HTML, which a rulebook does not read (it "
        "prints as typed); use **bold**, *italic*, a blank line for a new paragraph or a line "
        "ending in a backslash for a line break",
        f"{RULEBOOK}:{draws}: text: warning: </b> is HTML, which a rulebook does not read (it "
        "prints as typed); use **bold**, *italic*, a blank line for a new paragraph or a line "
        "ending in a backslash for a line break",
        f"{RULEBOOK}:{draws}: text: warning: <br> is HTML, which a rulebook does not read (it "
        "prints as typed); use **bold**, *italic*, a blank line for a new paragraph or a line "
        "ending in a backslash for a line break",
        f'{RULEBOOK}:{span}: text: warning: <span class="hint"> is HTML, which a rulebook does '
        "not read (it prints as typed); use **bold**, *italic*, a blank line for a new "
        "paragraph or a line ending in a backslash for a line break",
        f"{RULEBOOK}:{span}: text: warning: </span> is HTML, which a rulebook does not read "
        "(it prints as typed); use **bold**, *italic*, a blank line for a new paragraph or a "
        "line ending in a backslash for a line break",
    ], result.out


def test_markdown_and_comparisons_in_a_template_are_not_html(cli, mini):
    project(
        mini,
        "\nA hand of **five** cards; fewer than 3 < 4 players, see <https://example.org>.\n"
        "{% if players.max > 2 %}More than two{% endif %}\n",
    )
    result = cli("--root", str(mini.root), "check", "mini")
    assert result.code == 0, result.out
    assert " is HTML" not in result.out
