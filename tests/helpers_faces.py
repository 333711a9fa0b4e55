"""The fixture game of the face tests: a small game of every kind of component (cards,
hex tiles, tokens, a die, pawns, reference cards) written into a temporary project that uses
the shipped layouts/default.toml and layouts/symbols.toml, and read back."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path
from typing import Any

from cardstock.catalog.load import load_game
from cardstock.core.issues import Issues

REPO = Path(__file__).resolve().parents[1]

LONG = " ".join(["Each player draws two cards, then discards one of them face down."] * 9)
HUGE = " ".join(["This sentence is far too long to fit on any playing card at any size."] * 120)
# one row of the card table (a TOML inline table is one line, however long)
FISH = (
    '{ id = "fish", name = \'Fish & <Chips> "1"\', count = 2, element = "fire", power = 3, '
    'text = "Deal {{ power }} :fire: damage. **Bold** and *italic*." }'
)

GAME = f'''
id = "fixture"
title = "Fixture"
version = "1.2.3"
players = {{ min = 2, max = 4 }}

[print]
card_size = "poker"
bleed = "3mm"
safe = "3mm"

[icons.fire]
label = "Fire"
symbol = "flame"
color = "#c0392b"

[icons.water]
label = "Water"
symbol = "drop"
color = "#1e5fa8"

[icons.odd]
label = "Odd"
symbol = "no-such-symbol"

[backs.deck]
title = "Fixture"
subtitle = "a test deck"
color = "#223344"
icon = "fire"

[backs.ref]
title = "Reference"
color = "#333333"

[[sets]]
id = "cards"
name = "Cards"
kind = "card"
group = "Cards"
back = "deck"
fields = {{ element = {{ type = "icon" }}, power = {{ type = "int" }}, text = {{ type = "text" }} }}
rows = [
  {FISH},
  {{ id = "long", name = "Long", count = 1, element = "water", text = "{LONG}" }},
  {{ id = "huge", name = "Huge", count = 1, text = "{HUGE}" }},
  {{ id = "typo", name = "Typo", count = 1, text = "Deal {{{{ powr }}}} damage." }},
]

[[sets]]
id = "tiles"
name = "Tiles"
kind = "tile"
group = "Tiles"
size = "hex"
fields = {{ element = {{ type = "icon" }}, border = {{ type = "icon" }} }}
rows = [ {{ id = "fire-tile", name = "Fire", count = 3, element = "fire", border = "water" }} ]

[[sets]]
id = "tokens"
name = "Tokens"
kind = "token"
group = "Tokens"
fields = {{ points = {{ type = "int" }}, icon = {{ type = "icon" }} }}
rows = [ {{ id = "five", name = "Five", count = 4, points = 5, icon = "water" }} ]

[[sets]]
id = "dice"
name = "Dice"
kind = "die"
group = "Dice"
fields = {{ faces = {{ type = "list", required = true }} }}
rows = [ {{ id = "d6", name = "Die", count = 1, faces = "1|2|3|:fire: Fire|:water: Water|Six" }} ]

[[sets]]
id = "pawns"
name = "Pawns"
kind = "pawn"
group = "Pawns"
fields = {{ color = {{ type = "color", required = true }} }}
rows = [ {{ id = "red-pawn", name = "Red pawn", count = 2, color = "#b3261e" }} ]

[[sets]]
id = "refs"
name = "Reference"
kind = "reference"
group = "Reference"
back = "ref"
fields = {{ front = {{ type = "str" }}, reverse = {{ type = "str" }} }}
rows = [ {{ id = "ref", name = "Quick Reference", count = 2, front = "front", reverse = "back" }} ]

[tables.scores]
title = "Scores"
columns = ["Tiles", "Points"]
rows = [[1, "one"], [2, "three"], [3, "six"]]
'''

QUICKREF_FRONT = """# {{ game.title }} turn
1. Draw a card.
2. Play up to {{ count(kind='token') }} tokens.

| {{ tables.scores.columns | join(' | ') }} |
|---|---|
{% for row in tables.scores.rows %}| {{ row[0] }} | {{ row[1] }} |
{% endfor %}
"""

QUICKREF_BACK = "# Scoring\n\n- Fire :fire: beats water.\n> Ties share.\n"


def make_project(tmp: Path, faces_toml: str = "", game: str = GAME) -> Path:
    root = tmp / "project"
    (root / "catalog" / "fixture").mkdir(parents=True)
    (root / "catalog" / "fixture" / "game.toml").write_text(game, encoding="utf-8")
    (root / "layouts" / "fixture" / "quickref").mkdir(parents=True)
    shutil.copy(REPO / "layouts" / "default.toml", root / "layouts" / "default.toml")
    shutil.copy(REPO / "layouts" / "symbols.toml", root / "layouts" / "symbols.toml")
    (root / "layouts" / "fixture" / "quickref" / "front.md.j2").write_text(
        QUICKREF_FRONT, encoding="utf-8"
    )
    (root / "layouts" / "fixture" / "quickref" / "back.md.j2").write_text(
        QUICKREF_BACK, encoding="utf-8"
    )
    if faces_toml:
        (root / "layouts" / "fixture" / "faces.toml").write_text(
            textwrap.dedent(faces_toml), encoding="utf-8"
        )
    return root


def load(root: Path):
    issues = Issues()
    cat = load_game(root, "fixture", issues)
    assert cat is not None, [i.render() for i in issues]
    return cat


def comp(cat, cid):
    return next(c for c in cat.components if c.id == cid)


def drawn_text(ops: Any) -> str:
    """Every text a face's drawing ops set, groups included, joined by spaces."""
    out: list[str] = []
    for op in ops:
        if isinstance(getattr(op, "text", None), str):
            out.append(op.text)
        out.append(drawn_text(getattr(op, "ops", ())))
    return " ".join(t for t in out if t)
