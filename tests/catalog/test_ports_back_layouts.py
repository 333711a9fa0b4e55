"""Backs ported from a Squib project's per-deck back sheet: one layout of the game's own
draws every back from the back's keys (`back.title`, `back.color`, `back.art`), shared by
`back-<id>` layouts through `extends`, and starts empty; a layout named like the shipped
`card-back` changes it box by box instead: the shipped boxes stay in their order and a
box the game adds is drawn after them, covering the shipped title, as
docs/catalog-format.md says."""

from __future__ import annotations

import re
from pathlib import Path

GAME = """id = "rush"
title = "Rush"
version = "1.0"
players = { min = 1, max = 2 }

[backs.hero]
title = "hero side"
color = "#1a3c6e"

[backs.boss]
title = "boss side"
color = "#6e1a33"

[[sets]]
id = "moves"
name = "Moves"
kind = "card"
group = "Moves"
back = "hero"
rows = [{ name = "Dash" }]

[[sets]]
id = "threats"
name = "Threats"
kind = "card"
group = "Threats"
back = "boss"
rows = [{ name = "Stomp" }]
"""

OWN = """[layouts.plain-back.boxes.background]
type = "rect"
frame = "bleed"
fill = "{{ back.color }}"
[layouts.plain-back.boxes.title]
type = "text"
font = "sans-bold"
text = "{{ back.title }}"
[layouts.back-hero]
extends = "plain-back"
[layouts.back-boss]
extends = "plain-back"
"""


def project(root: Path, faces: str) -> Path:
    (root / "catalog" / "rush").mkdir(parents=True)
    (root / "catalog" / "rush" / "game.toml").write_text(GAME, encoding="utf-8")
    (root / "layouts" / "rush").mkdir(parents=True)
    (root / "layouts" / "rush" / "faces.toml").write_text(faces, encoding="utf-8")
    return root


def texts(root: Path, back: str) -> list[str]:
    svg = (root / "output" / "rush" / "svg" / f"back-{back}.svg").read_text(encoding="utf-8")
    return re.findall(r"<text[^>]*>([^<]*)", svg)


def test_backs_share_a_layout_of_their_own_that_starts_empty(cli, tmp_path):
    root = project(tmp_path, OWN)
    result = cli("--root", str(root), "build", "rush", "--only", "svg", "--jobs", "1")
    assert result.code == 0, result.err
    assert texts(root, "hero") == ["hero side"]
    assert texts(root, "boss") == ["boss side"]
    svg = (root / "output" / "rush" / "svg" / "back-boss.svg").read_text(encoding="utf-8")
    assert "#6e1a33" in svg


def test_a_background_added_to_card_back_covers_the_shipped_title(cli, tmp_path):
    faces = """[layouts.card-back.boxes.background]
type = "rect"
frame = "bleed"
fill = "#0a0a0a"
"""
    root = project(tmp_path, faces)
    result = cli("--root", str(root), "build", "rush", "--only", "svg", "--jobs", "1")
    assert result.code == 0, result.err
    svg = (root / "output" / "rush" / "svg" / "back-hero.svg").read_text(encoding="utf-8")
    # the shipped title is still there, drawn before (under) the box the game added
    assert texts(root, "hero") == ["hero side"]
    assert svg.index(">hero side<") < svg.rindex('fill="#0a0a0a"')
