"""docs/architecture.md's module map names every module of the package, one line each, and
names nothing that is not there; its tables of the rules room's rooms and of the layout
room's rooms name each room once, with its purpose, and nothing else; the rules and layout
packages' docstrings name each of their rooms."""

from __future__ import annotations

import ast
import re

from conftest import ROOT


def test_every_module_of_the_package_is_in_the_architecture_map_once():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(cardstock/[^`]+\.py)` \| (.+) \|$", text, re.M)
    listed = [path for path, _ in rows]
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "cardstock").rglob("*.py")}
    modules -= {m for m in modules if m.startswith("cardstock/starter/")}
    assert sorted(set(modules) - set(listed)) == [], "modules missing from the module map"
    assert sorted(set(listed) - modules) == [], "the map names modules that do not exist"
    assert len(listed) == len(set(listed)), "a module is listed twice"
    assert all(line.strip() for _, line in rows)


def rules_rooms_listed(text: str) -> list[tuple[str, str]]:
    """The rows of the architecture's table of the rules room's rooms: (folder, purpose)."""
    table = text.split("<!-- rules-rooms -->\n", 1)[1].split("<!-- /rules-rooms -->", 1)[0]
    return re.findall(r"^\| `(rules/[^`]*)` \| (.*?) ?\|$", table, re.M)


def test_the_rules_rooms_table_reads_each_row():
    text = "<!-- rules-rooms -->\n| `rules/` | top |\n| `rules/a/` |  |\n<!-- /rules-rooms -->"
    assert rules_rooms_listed(text) == [("rules/", "top"), ("rules/a/", "")]


def test_every_room_of_the_rules_room_has_its_line_and_every_line_a_room():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    rows = rules_rooms_listed(text)
    listed = [room for room, _ in rows]
    package = ROOT / "cardstock" / "rules"
    rooms = {"rules/"} | {f"rules/{p.parent.name}/" for p in package.glob("*/__init__.py")}
    assert sorted(rooms - set(listed)) == [], "rooms of the rules room without their line"
    assert sorted(set(listed) - rooms) == [], "lines that name no room of the rules room"
    assert len(listed) == len(set(listed)), "a room is listed twice"
    assert all(purpose.strip() for _, purpose in rows), "a room without its purpose"


def test_the_rules_packages_docstring_names_each_of_its_rooms():
    import cardstock.rules

    package = ROOT / "cardstock" / "rules"
    doc = cardstock.rules.__doc__ or ""
    missing = [
        p.parent.name for p in package.glob("*/__init__.py") if f"`{p.parent.name}/`" not in doc
    ]
    assert missing == []


def layout_rooms_listed(text: str) -> list[tuple[str, str]]:
    """The rows of the architecture's table of the layout room's rooms: (folder, purpose)."""
    table = text.split("<!-- layout-rooms -->\n", 1)[1].split("<!-- /layout-rooms -->", 1)[0]
    return re.findall(r"^\| `(layout/[^`]*)` \| (.*?) ?\|$", table, re.M)


def test_the_layout_rooms_table_reads_each_row():
    text = "<!-- layout-rooms -->\n| `layout/` | top |\n| `layout/a/` |  |\n<!-- /layout-rooms -->"
    assert layout_rooms_listed(text) == [("layout/", "top"), ("layout/a/", "")]


def test_every_room_of_the_layout_room_has_its_line_and_every_line_a_room():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    rows = layout_rooms_listed(text)
    listed = [room for room, _ in rows]
    package = ROOT / "cardstock" / "layout"
    rooms = {"layout/"} | {f"layout/{p.parent.name}/" for p in package.glob("*/__init__.py")}
    assert sorted(rooms - set(listed)) == [], "rooms of the layout room without their line"
    assert sorted(set(listed) - rooms) == [], "lines that name no room of the layout room"
    assert len(listed) == len(set(listed)), "a room is listed twice"
    assert all(purpose.strip() for _, purpose in rows), "a room without its purpose"


def test_the_layout_packages_docstring_names_each_of_its_rooms():
    import cardstock.layout

    package = ROOT / "cardstock" / "layout"
    doc = cardstock.layout.__doc__ or ""
    missing = [
        p.parent.name for p in package.glob("*/__init__.py") if f"`{p.parent.name}/`" not in doc
    ]
    assert missing == []


def test_every_room_of_the_layout_room_says_what_it_is_in_its_docstring():
    package = ROOT / "cardstock" / "layout"
    for init in package.glob("*/__init__.py"):
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        assert doc.strip(), init.parent.name


def test_the_readme_is_for_users_and_short():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text) <= 15_000
    first = text.split("---", 1)[0]
    assert ".venv/bin/cardstock" in first and "bash tests/run" in first  # the two commands open it
