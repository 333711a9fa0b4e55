"""docs/architecture.md's module map names every module of the package, one line each, and
names nothing that is not there."""

from __future__ import annotations

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


def test_the_readme_is_for_users_and_short():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text) <= 15_000
    first = text.split("---", 1)[0]
    assert ".venv/bin/cardstock" in first and "bash tests/run" in first  # the two commands open it
