"""A drawing as a back: one drawing (marking only the names every face has) draws the
fronts of one set and the deck back of another, each face filling the marks from its own
side (a card's accent on the fronts, the back's colour on the back)."""

from __future__ import annotations

from helpers_drawn import NAVY, built_fails, drawn_project, share

TEAL = (0x2A, 0x9D, 0x8F)
FIRE = (0xC0, 0x39, 0x2B)
BAND = (200, 90, 800, 140)  # the rectangle plain.svg labels accent[fill]

RELICS = """
[backs.vault]
title = "Vault"
color = "#2a9d8f"

[[sets]]
id = "relics"
name = "Relics"
kind = "card"
group = "Relics"
back = "vault"
rows = [
  { id = "crown", name = "Crown", count = 1 },
]
"""


def two_sets(tmp_path, faces: str):
    root = drawn_project(tmp_path, "plain.svg", faces)
    game = root / "catalog" / "mini" / "game.toml"
    game.write_text(game.read_text(encoding="utf-8") + RELICS, encoding="utf-8")
    return root


def test_one_drawing_is_one_sets_fronts_and_another_sets_deck_back(cli, tmp_path):
    root = two_sets(tmp_path, '\n[layouts.back-vault]\ndrawn = "card.svg"\n')
    built = cli("--root", str(root), "build", "--jobs", "1", "--only", "cards")
    assert built.code == 0, built.err
    png = root / "output" / "mini" / "cards" / "png"
    for face in ("ember-front.png", "back-vault.png"):
        assert share(png / face, NAVY, (60, 50, 90, 80)) > 0.9, face  # the drawn ground
    assert share(png / "ember-front.png", FIRE, BAND) > 0.9  # the card's accent
    assert share(png / "back-vault.png", TEAL, BAND) > 0.9  # the back's colour
    # the relics' own fronts keep the shipped card layout: no drawn ground
    assert share(png / "crown-front.png", NAVY, (60, 50, 90, 80)) < 0.1


def test_a_back_drawing_marking_a_field_of_the_front_set_is_bad_input(cli, tmp_path):
    root = two_sets(tmp_path, '\n[layouts.back-vault]\ndrawn = "card.svg"\n')
    drawing = root / "layouts" / "mini" / "card.svg"
    text = drawing.read_text(encoding="utf-8")
    drawing.write_text(text.replace('inkscape:label="name"', 'inkscape:label="suit"'), "utf-8")
    err = built_fails(cli, root)
    assert "layouts/mini/card.svg:" in err and "suit: names no field" in err, err
