"""Box types and piece shapes are registered in one place each, and the layout schema, the
reference (docs/layouts.md), the painter's dispatch and the print-safety check derive from
those registries. A new box type follows the recipe of docs/extending.md: one module and
one line in the registry, and every one of those places knows it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import get_args

from conftest import FIXTURES, ROOT

from cardstock.layout import boxtypes
from cardstock.layout.art import shapes
from cardstock.layout.language.reference import BOX_TYPES, LAYOUT_KEYS
from cardstock.layout.language.schema import BoxType, LayoutSpec
from cardstock.layout.painting.painter import Painter


def test_every_box_type_is_one_registered_module_and_the_schema_and_reference_read_the_registry():
    assert set(get_args(BoxType)) == set(boxtypes.names())
    assert list(BOX_TYPES) == list(boxtypes.names())
    for name in boxtypes.names():
        kind = boxtypes.box_kind(name)
        assert isinstance(kind, boxtypes.BoxKind)
        assert BOX_TYPES[name] == kind.doc
        assert not hasattr(Painter, "_" + name), (
            f"Painter draws {name!r} itself instead of through the registry"
        )
    assert {n for n in boxtypes.names() if boxtypes.draws_content(n)} == {
        "text",
        "icon",
        "icons",
        "pips",
        "qr",
    }


def test_every_shape_is_registered_and_the_schema_and_reference_read_the_registry():
    assert set(get_args(LayoutSpec.model_fields["shape"].annotation.__args__[0])) == {
        "auto",
        *shapes.SHAPES,
    }
    assert LAYOUT_KEYS["shape"].kind == ", ".join(["auto", *shapes.SHAPES])
    for name, shape in shapes.SHAPES.items():
        # a shape without an outline of its own is composed from panels, by one of the flags
        # `layout.painting.panels.compose` reads
        assert (shape.geometry is None) == (shape.die_net or shape.standee), name
        assert not (shape.die_net and shape.standee), name
    text = (ROOT / "docs" / "layouts.md").read_text(encoding="utf-8")
    assert all(f"| `{name}` | {shape.doc} |" in text for name, shape in shapes.SHAPES.items())


def test_shape_names_are_not_compared_outside_the_registry():
    """The places that once compared shape names read the registry's flags instead."""
    readers = [
        "render/pdf.py",
        "render/svg.py",
        "render/png.py",
        "exports/tts.py",
        "impose/pnp.py",
        "impose/pack.py",
        "impose/bleed.py",
        "layout/faces.py",
        "impose/leftover.py",
        "impose/table.py",
        "layout/painting/painter.py",
        "layout/boxtypes/icons.py",
    ]
    for rel in readers:
        source = (ROOT / "cardstock" / rel).read_text(encoding="utf-8")
        for name in ("rect", "hex", "circle", "net", "standee", "path"):
            compared = re.search(rf'[=!]= "{name}"|in \([^)]*"{name}"', source)
            assert compared is None, (rel, compared.group(0) if compared else "")


TOY = '''
"""A toy box type for the test: a diamond filling the box."""

from __future__ import annotations

from cardstock.layout.boxtypes import BoxKind
from cardstock.layout.ops import Path, polygon_path, r


def draw(painter, lay, box, ctx, geo, rect):
    x, y, w, h = rect
    p = painter.paint_args(lay, box, ctx)
    points = [(x + w / 2, y), (x + w, y + h / 2), (x + w / 2, y + h), (x, y + h / 2)]
    outline = polygon_path([(r(a), r(b)) for a, b in points])
    return [Path(outline, p["fill"], p["stroke"], p["stroke_width"])]


BOX = BoxKind(
    doc="a diamond touching the middle of each side of the box", draw=draw, keys=("fill", "stroke")
)
'''

RUN = """
import json, sys
sys.path.insert(0, sys.argv[1])
import toybox
from cardstock.layout import boxtypes
boxtypes.BOX_TYPES["diamond"] = lambda: toybox.BOX  # the recipe's registry line

from pathlib import Path
from cardstock.docs import json_schema, layouts_markdown
from cardstock.core.issues import Issues
from cardstock.layout.faces import Faces
from cardstock.layout.ops import Path as PathOp
from cardstock.catalog.load import load_game

root = Path(sys.argv[2])
cat = load_game(root, "mini", Issues())
faces = Faces(cat)
face = faces.face(faces.records.of(next(c for c in cat.components if c.id == "damage")), "front")
diamonds = [op for op in face.walk() if isinstance(op, PathOp) and op.fill == "#ff00aa"]
schema = json_schema("faces")
print(json.dumps({
    "drawn": [op.d for op in diamonds],
    "errors": [i.render() for i in face.findings if i.level == "error"],
    "schema": schema["$defs"]["BoxSpec"]["properties"]["type"],
    "docs": [line for line in layouts_markdown().splitlines() if "diamond" in line],
}))
"""


def test_a_new_box_type_is_one_module_and_one_registry_line(tmp_path):
    """Follows docs/extending.md in a fresh process: the toy module lives outside the
    package, the registry gains one entry before anything reads it, and a game's layout
    can use the new type at once (validated, drawn, in the schema and the reference)."""
    (tmp_path / "mods").mkdir()
    (tmp_path / "mods" / "toybox.py").write_text(textwrap.dedent(TOY))
    root = tmp_path / "project"
    import shutil

    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    (root / "layouts" / "mini").mkdir(parents=True)
    (root / "layouts" / "mini" / "faces.toml").write_text(
        '[layouts.token.boxes.gem]\ntype = "diamond"\nframe = "trim"\nwidth = "40%"\nheight = '
        '"40%"\nfill = "#ff00aa"\n'
    )
    done = subprocess.run(
        [sys.executable, "-c", RUN, str(tmp_path / "mods"), str(root)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["errors"] == []
    (d,) = found["drawn"]
    assert [c[0] for c in d] == ["M", "L", "L", "L", "Z"]
    assert "diamond" in json.dumps(found["schema"])
    assert any(line.startswith("| `diamond` | a diamond touching") for line in found["docs"])
    assert any(line.startswith("| `fill` ") and "diamond" in line for line in found["docs"])


def test_without_the_registry_line_the_type_is_refused_at_its_line(tmp_path, cli):
    root = tmp_path / "project"
    import shutil

    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    (root / "layouts" / "mini").mkdir(parents=True)
    (root / "layouts" / "mini" / "faces.toml").write_text(
        '[layouts.token.boxes.gem]\ntype = "diamond"\n'
    )
    result = cli("--root", str(root), "check", "mini")
    assert result.code == 2
    assert "layouts/mini/faces.toml:2: layouts.token.boxes.gem.type:" in result.err
    assert all(name in result.err for name in boxtypes.names())
    assert not Path(root / "output").exists()
