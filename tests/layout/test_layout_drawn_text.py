"""Where a drawn text prints: a plain `<text>` keeps the baseline the designer drew it on,
at its drawn size and when a long value shrinks it to fit (`valign = "baseline"`); a
flowed text sets from the top of the frame it flows in."""

from __future__ import annotations

from pathlib import Path

from helpers_drawn import boxes, drawn_project

from cardstock.catalog.load import load_game
from cardstock.core.issues import Issues
from cardstock.layout.faces import Faces
from cardstock.layout.language.load import load_layouts

PT_PER_MM = 72 / 25.4
DRAWN_BASELINE_MM = 10.5  # the `name` text of tests/fixtures/drawn/inkscape.svg: y="10.5"


def texts(ops):
    for op in ops:
        if hasattr(op, "font") and hasattr(op, "size"):
            yield op
        yield from texts(getattr(op, "ops", ()))


def name_runs(root: Path) -> dict[str, tuple[float, float]]:
    """Each card's name as printed: (size, baseline in mm from the trim's top)."""
    issues = Issues()
    catalog = load_game(root, "mini", issues)
    assert catalog is not None
    faces = Faces(catalog, layouts=load_layouts(root, "mini"))
    out = {}
    for cid in ("ember", "blaze"):
        comp = next(c for c in catalog.components if c.id == cid)
        face = faces.face(faces.records.of(comp), "front")
        assert face is not None
        runs = [op for op in texts(face.ops) if op.font == "serif-bold"]
        assert len({op.y for op in runs}) == 1, cid  # one line
        out[cid] = (runs[0].size, runs[0].y / PT_PER_MM)
    return out


def test_a_plain_drawn_text_shrunk_to_fit_keeps_its_drawn_baseline(tmp_path):
    root = drawn_project(tmp_path)
    cards = root / "catalog" / "mini" / "cards.csv"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(
        text.replace("ember,Ember,", "ember,Ember of the Long Unending Storm,"), encoding="utf-8"
    )
    runs = name_runs(root)
    assert runs["blaze"][0] == 12.0 and runs["ember"][0] < 12.0  # shrunk, on one line
    for cid, (_, baseline) in runs.items():
        assert abs(baseline - DRAWN_BASELINE_MM) < 0.01, (cid, baseline)


def test_a_plain_drawn_text_is_set_on_its_baseline_and_a_flowed_one_from_the_top(tmp_path):
    found = boxes(drawn_project(tmp_path))
    assert found["name"]["valign"] == "baseline"  # a plain <text>
    assert found["suit"]["valign"] == "top"  # a <flowRoot>
    assert found["text"]["valign"] == "top"  # shape-inside


def test_the_layout_file_still_sets_a_drawn_texts_alignment(tmp_path):
    root = drawn_project(tmp_path, faces='[layouts.cards.boxes.name]\nvalign = "middle"\n')
    assert boxes(root)["name"]["valign"] == "middle"
