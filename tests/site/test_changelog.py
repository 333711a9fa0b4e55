"""`cardstock changelog FROM[..TO]` writes what changed between two versions of a game, as
Markdown and HTML: cards added, removed and changed (by id, a renamed card as a change),
each change a field diff with before and after thumbnails, rules facts and setup changes,
whitespace-only edits left out; the downloads page links it."""

from __future__ import annotations

import html
import re

from playtest_project import GAME, edit_row, git, project

from cardstock.cli import main


def changelog(root, *args):
    return main(["--root", str(root), "changelog", *args])


def read_html(root):
    return (root / "output" / GAME / "changelog" / f"{GAME}-changelog.html").read_text()


def card_item(page, cid):
    """The HTML of one card's entry: from its id to the next card's, or the section's end."""
    start = page.index(f'id="card-{cid}"')
    ends = [
        i
        for i in (
            page.find('id="card-', start + 1),
            page.find("<h2", start),
            page.find("</body>", start),
        )
        if i > 0
    ]
    return page[start : min(ends)]


def test_a_changed_card_is_named_with_its_old_and_new_text_and_its_pictures(tmp_path):
    root = project(tmp_path / "p")
    edit_row(root, "Dusk", "text", "Play on any Moon card, or on a Sun card at night.")
    edit_row(root, "Midnight", "power", "7")
    assert changelog(root, "HEAD") == 0
    page = read_html(root)
    dusk = card_item(page, "dusk")
    assert (
        "<del>Play on any Moon card.</del>" in dusk
        and "<ins>Play on any Moon card, or on a Sun card at night.</ins>" in dusk
    )
    midnight = card_item(page, "midnight")
    assert "power: <del>9</del> → <ins>7</ins>" in midnight
    for cid in ("dusk", "midnight"):
        for when in ("before", "after"):
            png = root / "output" / GAME / "changelog" / "img" / f"{cid}-{when}.png"
            assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
            assert f'src="img/{cid}-{when}.png"' in card_item(page, cid)
    assert "card-dawn" not in page and "card-tide" not in page  # unchanged cards are not listed
    assert (
        '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    )  # a phone shows it at its own width
    assert "<title>Moon Race: changes</title>" in page
    md = (root / "output" / GAME / "changelog" / f"{GAME}-changelog.md").read_text()
    assert "text: Play on any Moon card. → Play on any Moon card, or on a Sun card at night." in md
    index = (root / "output" / "index.html").read_text()
    assert f'href="{GAME}/changelog/{GAME}-changelog.html"' in index


def test_renames_whitespace_additions_removals_and_setup(tmp_path):
    root = project(tmp_path / "p")
    edit_row(root, "Tide", "name", "Riptide")  # its id comes from its name
    edit_row(root, "Dawn", "text", "  Play on any   Sun card.")  # whitespace only
    path = root / "catalog" / GAME / "cards.csv"
    lines = [
        line for line in path.read_text().splitlines(keepends=True) if not line.startswith("Noon,")
    ]
    path.write_text("".join(lines) + "Comet,1,Moon,moon,4,Draw a card.,\n")
    rules = root / "catalog" / GAME / "rules.toml"
    rules.write_text(rules.read_text().replace("count = 3\n", "count = 4\n", 1))
    assert changelog(root, "HEAD") == 0
    page = read_html(root)
    riptide = card_item(page, "riptide")
    assert (
        "(was <code>tide</code>)" in riptide
        and "name: <del>Tide</del> → <ins>Riptide</ins>" in riptide
    )
    assert "card-dawn" not in page
    added = page.split("<h2>Added cards</h2>")[1].split("</ul>")[0]
    removed = page.split("<h2>Removed cards</h2>")[1].split("</ul>")[0]
    assert (
        "card-comet" in added and "card-noon" in removed and "card-riptide" not in added + removed
    )
    setup = html.unescape(page.split("<h2>Setup</h2>")[1])
    # the starter's first `count = 3` is a setup step's: named by its key, 3 → 4
    assert re.search(r"<code>setup\.steps\[\d+\]\.count</code>: <del>3</del> → <ins>4</ins>", setup)


def test_two_commits_are_compared_without_the_working_files(tmp_path):
    root = project(tmp_path / "p")
    edit_row(root, "Tide", "power", "7")
    git(root, "commit", "-qam", "second playtest")
    edit_row(root, "Dawn", "power", "1")  # not committed: not in HEAD~1..HEAD
    assert changelog(root, "HEAD~1..HEAD") == 0
    page = read_html(root)
    assert "power: <del>6</del> → <ins>7</ins>" in card_item(page, "tide")
    assert "card-dawn" not in page
    assert changelog(root, "nosuchrev") == 2
