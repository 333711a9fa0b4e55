"""Every text of a project cardstock puts into a Markdown file reads as the characters it
holds: no HTML, entity, link, emphasis, heading or list is made of a card's name or a
playtester's note, a link whose target is not http, https, mailto or relative is never
live, and each module that writes a Markdown file goes through the one helper,
`cardstock.core.md_text` (docs/playtest.md, "Notes in the changelog")."""

from __future__ import annotations

import ast
import html
import re

from conftest import ROOT
from markdown_it import MarkdownIt
from playtest_project import GAME, edit_row, git, project
from test_csv_cells import imports, modules, writes_file_named

from cardstock.cli import main
from cardstock.core import md_text

HOSTILE = (
    "<script>alert(1)</script> <img src=x onerror=alert(2)> [x](javascript:alert(3)) "
    "**loud** &lt;b&gt; `tick`\n# Heading\n- item\n1. first\n    indented\n\n---\n|a|b|"
)


def rendered(markdown: str) -> str:
    """The page a Markdown reader makes, raw HTML let through as most readers let it."""
    return MarkdownIt("commonmark", {"html": True}).enable("table").render(markdown)


def words(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def test_a_hostile_text_is_shown_as_the_characters_it_holds():
    page = rendered(f"- note: {md_text.text(HOSTILE, 2)}\n")
    for made in ("<script", "<img", "<a ", "<strong", "<code", "<h1", "<ol", "<hr", "<table"):
        assert made not in page, made
    assert page.count("<li>") == 1
    shown = words(page)
    for part in ("<script>alert(1)</script>", "onerror=alert(2)>", "[x](javascript:alert(3))"):
        assert part in shown
    assert "**loud** &lt;b&gt; `tick`" in shown and "# Heading" in shown and "- item" in shown


def test_a_link_is_live_only_to_a_safe_target():
    unsafe = (
        "javascript:alert(1)",
        "JaVaScRiPt:alert(1)",
        " java\tscript:x",
        "data:x",
        "vbscript:x",
    )
    for target in unsafe:
        assert "href" not in rendered(md_text.link("x", target)), target
    assert '<a href="https://example.org/a%20b">x</a>' in rendered(
        md_text.link("x", "https://example.org/a b")
    )
    picture = md_text.link("a", "img/a (1).png", image=True)
    assert '<img src="img/a%20%281%29.png"' in rendered(picture)


def test_a_code_span_holds_any_text_on_one_line():
    assert rendered(md_text.code("a``b\n# c")) == "<p><code>a``b # c</code></p>\n"


def test_the_changelog_shows_a_hostile_note_as_written(tmp_path):
    root = project(tmp_path / "p")
    (root / "playtest" / "feedback" / "notes.csv").write_text(
        "card,who,note\ndawn,<b>Ana</b>," + '"' + HOSTILE.replace('"', '""') + '"\n'
    )
    git(root, "add", "-A")
    git(root, "commit", "-qm", "notes")
    edit_row(root, "Dawn", "power", "4")
    assert main(["--root", str(root), "changelog", "HEAD"]) == 0
    folder = root / "output" / GAME / "changelog"
    page = rendered((folder / f"{GAME}-changelog.md").read_text(encoding="utf-8"))
    for made in ("<script", 'href="javascript', "<strong>loud", "<h1>Heading", "<b>"):
        assert made not in page, made
    assert not re.search(r"<[^>]*onerror", page)
    assert "<script>alert(1)</script>" in words(page) and "<b>Ana</b>: " in words(page)
    assert '<img src="img/dawn-before.png"' in page  # the changelog's own pictures stay live
    assert "<script>" not in (folder / f"{GAME}-changelog.html").read_text(encoding="utf-8")


# Modules that write a Markdown file made of cardstock's own words, never a project's.
NOT_PROJECT_MARKDOWN = {
    "cardstock/cli/docpage.py": "docs/commands.md, from the command line's own help",
    "cardstock/docs.py": "docs/layouts.md and docs/catalog-reference.md, from the code",
    "cardstock/init.py": "copies the starter project's own files",
}


def test_every_module_that_writes_markdown_makes_it_with_the_helper():
    unescaped = [
        name
        for name, tree in modules()
        if writes_file_named(tree, (".md",))
        and not imports(tree, "core.md_text")
        and name not in NOT_PROJECT_MARKDOWN
    ]
    assert unescaped == []
    assert all((ROOT / name).is_file() for name in NOT_PROJECT_MARKDOWN)
    changelog = ast.parse((ROOT / "cardstock/site/changelog.py").read_text(encoding="utf-8"))
    assert imports(changelog, "md_text")
