"""The README's module map names every module of the package, one line each, and names
nothing that is not there."""

from __future__ import annotations

import re

from conftest import ROOT

LEFT_OUT = {"cardstock/warm.py"}  # being removed


def test_every_module_of_the_package_is_in_the_readme_map_once():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(cardstock/[^`]+\.py)` \| (.+) \|$", text, re.M)
    listed = [path for path, _ in rows]
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "cardstock").rglob("*.py")} - LEFT_OUT
    modules -= {m for m in modules if m.startswith("cardstock/starter/")}
    assert sorted(set(modules) - set(listed)) == [], "modules missing from the README's module map"
    assert sorted(set(listed) - modules) == [], "the map names modules that do not exist"
    assert len(listed) == len(set(listed)), "a module is listed twice"
    assert all(line.strip() for _, line in rows)
