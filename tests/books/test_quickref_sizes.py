"""Quick-reference cards are read at the table: their body text is never set below 7 pt
(a side that would need smaller type is cut shorter or split, and the layout says so)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import distinct_faces, load_games

from cardstock.layout.ops import Text

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("alpha-omega-cards", "alpha-omega-tiles", "alter-ego", "atmosfear", "vortex")
MIN_BODY = 7.0


@pytest.mark.parametrize("game", GAMES)
def test_reference_card_text_is_never_below_seven_points(game):
    (cat,), issues = load_games(ROOT, [game])
    assert not issues.errors
    refs = {c.id for c in cat.components if c.kind == "reference"}
    sides = [
        (stem, face) for stem, face in distinct_faces(cat) if stem.removesuffix("-reverse") in refs
    ]
    assert len(sides) == 2 * len(refs) >= 2
    for stem, face in sides:
        body = [
            t
            for t in face.walk()
            if isinstance(t, Text) and not t.text.startswith(f"v{cat.game.version} ·")
        ]
        assert body, stem
        assert min(t.size for t in body) >= MIN_BODY - 1e-6, (stem, min(t.size for t in body))
        assert not [i for i in face.findings if "does not fit" in i.message], stem
