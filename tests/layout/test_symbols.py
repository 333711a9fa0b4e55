"""The vector symbol library: every symbol parses, every symbol a shipped catalog names is
drawn, SVG path data (arcs included) is read exactly, and mistakes are Issues with lines."""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdf
import pytest
from conftest import load_games
from reportlab.pdfgen.canvas import Canvas

from cardstock.layout.art.symbols import PathError, library, load_library, parse_path
from cardstock.layout.faces import unknown_symbols
from cardstock.layout.ops import Face, Icon
from cardstock.render.pdf import PdfFaces
from cardstock.render.svg import svg_bytes

REPO = Path(__file__).resolve().parents[2]


def test_the_shipped_library_loads_without_issues():
    lib = library(REPO)
    assert lib.issues == []
    assert len(lib.symbols) >= 60
    for sym in lib.symbols.values():
        for part in sym.parts:
            assert part.d[0][0] == "M"
            coords = [v for cmd in part.d for v in cmd[1:]]
            assert all(-5 <= v <= 105 for v in coords), sym.name  # drawn in the 0..100 square


def test_every_symbol_a_shipped_catalog_names_is_in_the_library():
    catalogs, _ = load_games(REPO)
    assert catalogs
    lib = library(REPO)
    for cat in catalogs:
        assert unknown_symbols(cat, lib) == [], cat.id


@pytest.mark.parametrize(
    "name",
    [
        "drop",
        "ghost",
        "cauldron",
        "ankh",
        "skull",
        "moon",
        "crown",
        "key",
        "gate",
        "die",
        "cloud",
        "flame",
        "globe",
        "scroll",
        "spade",
        "wind",
        "mountain",
        "snake",
        "wave",
        "leaf",
        "sun",
    ],
)
def test_the_symbols_the_issue_lists_exist(name):
    assert library(REPO).get(name) is not None


def test_aliases_name_existing_symbols():
    lib = library(REPO)
    assert lib.get("fire").name == "flame"
    assert lib.get("cycle").name == "transform"


def test_path_data_is_normalised_to_absolute_moves_lines_and_curves():
    d = parse_path(
        "m10 10 h20 v20 l-20 0 z M50 50 C60 40 70 40 80 50 S100 60 90 70 Q80 80 70 70 T50 70"
    )
    assert d[0] == ("M", 10.0, 10.0)
    assert d[1] == ("L", 30.0, 10.0) and d[2] == ("L", 30.0, 30.0) and d[3] == ("L", 10.0, 30.0)
    assert d[4] == ("Z",)
    s = d[7]  # S reflects the previous control point
    assert s[:3] == ("C", 90.0, 60.0)
    assert d[-1][-2:] == (50.0, 70.0)
    assert {cmd[0] for cmd in d} <= {"M", "L", "C", "Z"}


def test_arcs_become_curves_that_stay_on_the_circle():
    d = parse_path("M10 50 A40 40 0 1 0 90 50 A40 40 0 1 0 10 50 Z")
    assert d[-2][-2:] == (10.0, 50.0)
    for cmd in d:
        if cmd[0] == "C":
            x, y = cmd[5], cmd[6]
            assert math.hypot(x - 50, y - 50) == pytest.approx(40, abs=0.01)


@pytest.mark.parametrize("bad", ["10 10 L 20 20", "M10", "M10 10 L20 20 Z 5", "M10 10 X20"])
def test_bad_path_data_is_refused_with_a_reason(bad):
    with pytest.raises(PathError):
        parse_path(bad)


def test_a_bad_symbol_is_an_issue_at_its_line(tmp_path):
    f = tmp_path / "symbols.toml"
    f.write_text(
        '[symbols.ok]\nparts = [{ d = "M0 0 L10 10 Z" }]\n\n[symbols.bad]\nparts = [\n  { d = "L10 '
        '10" },\n]\n\n[symbols.worse]\nshape = 1\n'
    )
    lib = load_library(f, "layouts/symbols.toml", tmp_path)
    assert lib.get("ok") is None  # a structural error stops the file ...
    assert any(i.line == 10 and "shape" in i.field for i in lib.issues)
    f.write_text(
        '[symbols.ok]\nparts = [{ d = "M0 0 L10 10 Z" }]\n\n[symbols.bad]\nparts = [\n  { d = "L10 '
        '10" },\n]\n'
    )
    lib = load_library(f, "layouts/symbols.toml", tmp_path)
    assert (
        lib.get("ok") is not None and lib.get("bad") is None
    )  # ... a bad path leaves only that symbol out
    (issue,) = lib.issues
    assert issue.line == 6 and issue.field == "symbols.bad.parts[0]" and "'M'" in issue.message


def test_both_backends_draw_a_symbol_from_the_same_parts():
    sym = library(REPO).get("key")
    face = Face.build(100, 100, 0, "rect", (Icon(10, 10, 80, "key", "#9aa0a6", sym.parts),))
    root = ET.fromstring(svg_bytes(face))
    group = next(
        g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "icon icon-key"
    )
    assert len(list(group)) == len(sym.parts)
    assert group.get("transform") == "translate(10 10) scale(0.8)"
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(200, 200), invariant=1)
    PdfFaces(c).draw(face, 50, 50)
    c.showPage()
    c.save()
    content = (
        pypdf.PdfReader(io.BytesIO(buf.getvalue()))
        .pages[0]
        .get_contents()
        .get_data()
        .decode("latin-1")
    )
    assert (
        ".8 0 0 .8 10 10 cm" in content
    )  # the icon's square: at (10, 10), 80 of the symbol's 100 units
    assert content.count(" c ") == 4 and "Do" not in content  # the ring: four curves; no picture


def test_a_library_file_is_parsed_again_only_when_its_bytes_change(tmp_path, monkeypatch):
    import cardstock.layout.art.symbols as symbols

    parsed = []
    real = symbols.read_model

    def counting(*args, **kwargs):
        parsed.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(symbols, "read_model", counting)
    f = tmp_path / "symbols.toml"
    f.write_text('[symbols.one]\nparts = [{ d = "M0 0 L10 10 Z" }]\n')
    first = load_library(f, "layouts/symbols.toml", tmp_path)
    again = load_library(f, "layouts/symbols.toml", tmp_path)
    assert len(parsed) == 1
    assert again.names() == first.names() == ["one"]
    f.write_text('[symbols.two]\nparts = [{ d = "M0 0 L10 10 Z" }]\n')  # the same size
    assert load_library(f, "layouts/symbols.toml", tmp_path).names() == ["two"]
    assert len(parsed) == 2
