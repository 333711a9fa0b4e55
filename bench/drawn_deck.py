"""The drawn-layout case's two projects (bench/run.py, case `drawn-<n>`; issue #89): one
deck of `n` distinct cards, each face drawn on a layout with twelve marked fields, once
from a drawing (an Inkscape-style SVG, its fields marked by label) and once from the
written layout that places the same twelve boxes by hand. Each face of one costs what the
same face of the other does, but for reading the drawing."""

from pathlib import Path

FIELDS = [f"f{i}" for i in range(1, 11)]  # ten numbers, with the name and the text: twelve
W, H = 63.5, 88.9  # the card, in millimetres (poker size)
# (mark, left, top, width, height) of each marked box, in millimetres; a marked rectangle
# sets its field's text in the layouts' default style, as the written boxes do
BOXES = [("name", 4.0, 4.0, 55.5, 8.0), ("text", 6.0, 58.0, 51.5, 20.0)] + [
    (f, 4.0 + (i % 5) * 11.3, 16.0 + (i // 5) * 10.0, 10.0, 8.0) for i, f in enumerate(FIELDS)
]


def drawn_decks(root: Path, n: int) -> tuple[Path, Path]:
    """The two projects under `root`: (drawn, written)."""
    return _project(root / "drawn", n, drawn=True), _project(root / "written", n, drawn=False)


def _project(root: Path, n: int, drawn: bool) -> Path:
    folder = root / "catalog" / "bench"
    folder.mkdir(parents=True, exist_ok=True)
    fields = "\n".join(f'fields.{f} = {{ type = "int" }}' for f in FIELDS)
    (folder / "game.toml").write_text(
        f"""id = "bench"
title = "Bench drawn"
version = "1.0"
players = {{ min = 2, max = 4 }}

[backs.deck]
title = "Bench"
color = "#223344"

[[sets]]
id = "cards"
name = "Cards"
kind = "card"
group = "Deck"
back = "deck"
layout = "bench"
table = "cards.csv"
fields.text = {{ type = "text" }}
{fields}
""",
        encoding="utf-8",
    )
    rows = ["id,name,count,text," + ",".join(FIELDS)]
    for i in range(n):
        numbers = ",".join(str((i + k) % 10) for k in range(len(FIELDS)))
        text = f"Deal {i % 5 + 1} damage to any opponent, then draw a card."
        rows.append(f'c{i},Card {i},1,"{text}",{numbers}')
    (folder / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    layouts = root / "layouts" / "bench"
    layouts.mkdir(parents=True, exist_ok=True)
    if drawn:
        (layouts / "bench.svg").write_text(_drawing(), encoding="utf-8")
        faces = '[layouts.bench]\ndrawn = "bench.svg"\npage = "trim"\n'
    else:
        faces = _written()
    (layouts / "faces.toml").write_text(faces, encoding="utf-8")
    return root


def _drawing() -> str:
    """The card drawn: a ground, then each marked box as a rectangle labelled by its field,
    in millimetres as Inkscape saves a document whose user unit is the millimetre."""
    marks = "\n".join(
        f'    <rect id="rect{n + 2}" inkscape:label="{m}" x="{x}" y="{y}" width="{w}" '
        f'height="{h}" style="fill:none" />'
        for n, (m, x, y, w, h) in enumerate(BOXES)
    )
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<svg width="{W}mm" height="{H}mm" viewBox="0 0 {W} {H}" version="1.1" id="svg1"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns="http://www.w3.org/2000/svg">
  <g inkscape:label="Card" inkscape:groupmode="layer" id="layer1">
    <rect id="rect1" x="0" y="0" width="{W}" height="{H}" style="fill:#f4efe1" />
{marks}
  </g>
</svg>
'''


def _written() -> str:
    """The same card written: the ground and the twelve boxes placed by hand."""
    out = [
        "[layouts.bench.boxes.ground]",
        'type = "rect"',
        'frame = "trim"',
        f'width = "{W}mm"',
        f'height = "{H}mm"',
        'fill = "#f4efe1"',
        "",
    ]
    for m, x, y, w, h in BOXES:
        out += [
            f"[layouts.bench.boxes.{m}]",
            'type = "text"',
            'frame = "trim"',
            f'left = "{x}mm"',
            f'top = "{y}mm"',
            f'width = "{w}mm"',
            f'height = "{h}mm"',
            f'text = "{{{{ {m} }}}}"',
            'align = "center"',
            "",
        ]
    return "\n".join(out)
