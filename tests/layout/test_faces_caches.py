"""The caches that make face layout and PDF drawing fast must not change what is drawn:
remembered template results equal fresh Jinja renders, content keys are the same in every
process, shared deck backs are the faces each card would get, and the PDF drawer's
graphics-state bookkeeping paints every op in its own colour and opacity."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from conftest import faces_of, job_of, lay_out
from helpers_faces import load, make_project
from PIL import Image as PILImage
from reportlab.pdfgen.canvas import Canvas

from cardstock import fonts
from cardstock.catalog.load import load_game
from cardstock.core.issues import Issues
from cardstock.layout import context
from cardstock.layout.checks.drawn import lint
from cardstock.layout.ops import (
    Face,
    Group,
    Icon,
    Image,
    Rect,
    SymbolPart,
    Text,
    content_key,
    rect_path,
)
from cardstock.render.pdf import PdfFaces, path_code, pdf_num

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent


# ---------------------------------------------------------------- templates

TEMPLATES = [
    "{{ v }}",
    "{{ v }} and {{ w }}",
    "{{ tint(c, 0.5) }}",
    "{% for x in v %}[{{ x }}]{% endfor %}",
    "{{ v | string | length }}",
    "{{ d.a if d else 'none' }}",
]
VALUES = [1, 1.0, True, "1", None, -0.0, 0.0, [1, 2], (1, 2), {"a": 1}, "text"]


@pytest.mark.parametrize("template", TEMPLATES)
def test_remembered_template_results_equal_fresh_renders(template):
    env = context.make_env()
    fresh = context.make_env()
    for _ in range(2):  # the second round is answered from the memo
        for v in VALUES:
            ctx = {"v": v, "w": v, "c": "#336699", "d": {"a": v}}
            try:
                expected = fresh.from_string(template).render(**ctx)
            except Exception:  # e.g. a loop over a number: an error, every time
                out, err = context.render_value(env, template, ctx)
                assert out is None and err, (template, v)
                continue
            assert context.render_value(env, template, ctx) == (expected, None), (template, v)


def test_context_values_hide_helpers_of_the_same_name():
    env = context.make_env()
    for _ in range(2):
        assert context.render_value(
            env, "{{ range }} {{ tint }}", {"range": "12m", "tint": "pale"}
        ) == ("12m pale", None)
        assert context.render_value(env, "{{ tint(c, 0.5) }}", {"c": "#000000"}) == (
            "#808080",
            None,
        )
        assert context.eval_condition(env, "range", {"range": 0}) == (False, None)


def test_conditions_are_remembered_by_value():
    env = context.make_env()
    for _ in range(2):
        assert context.eval_condition(env, "stat is not none", {"stat": {"value": 3}}) == (
            True,
            None,
        )
        assert context.eval_condition(env, "stat is not none", {"stat": None}) == (False, None)
        assert context.eval_condition(env, "x", {"x": 0}) == (False, None)
        assert context.eval_condition(env, "x", {"x": 0.5}) == (True, None)
        assert context.eval_condition(env, "x", {}) == (
            False,
            None,
        )  # undefined is false, as before


def test_templates_with_side_effects_are_not_remembered():
    env = context.make_env()
    append, size = "{{ seen.append(1) }}", "{{ seen | length }}"
    for _ in range(2):
        ctx = {"seen": []}
        context.render_value(env, append, ctx)
        assert context.render_value(env, size, ctx) == ("1", None)


def test_template_errors_are_reported_every_time():
    env = context.make_env()
    for _ in range(2):
        out, err = context.render_value(env, "{{ missing }}", {})
        assert out is None and "'missing' is undefined" in err
        out, err = context.render_value(env, "{{ tint(c, 0.5) }}", {"c": "reddish"})
        assert out is None and "the template failed" in err


# ---------------------------------------------------------------- content keys


def _ops() -> tuple:
    part = SymbolPart((("M", 0.0, 0.0), ("L", 100.0, 100.0), ("Z",)), 4.0)
    return (
        Rect(1.0, 2.0, 30.0, 40.0, fill="#ff0000", radius=2.5),
        Text(3.0, 12.5, "Héllo", "sans", 9.0, "#111111"),
        Group(
            (Icon(5.0, 5.0, 10.0, "star", "#222222", (part,)),),
            rect_path(0, 0, 50, 50),
            (1.0, 0.0, 0.0, 1.0, 2.0, 3.0),
        ),
        Image(0.0, 0.0, 10.0, 10.0, "/some/where/art.png", "abc123", "image/png"),
    )


def test_content_keys_are_the_same_in_every_process():
    code = (
        "import sys; sys.path[:0] = sys.argv[1:];"  # the checkout, the helpers, this folder
        "from test_faces_caches import _ops; from cardstock.layout.ops import Face;"
        "print(Face.build(100, 200, 9, 'rect', _ops()).key)"
    )
    keys = set()
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        done = subprocess.run(
            [sys.executable, "-c", code, str(ROOT), str(ROOT / "tests"), str(HERE)],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        keys.add(done.stdout.strip())
    keys.add(Face.build(100, 200, 9, "rect", _ops()).key)
    assert len(keys) == 1


def test_content_keys_follow_the_drawing_not_the_image_path():
    ops = _ops()
    moved = ops[:3] + (Image(0.0, 0.0, 10.0, 10.0, "/elsewhere/art.png", "abc123", "image/png"),)
    changed = (Rect(1.0, 2.0, 30.0, 40.001, fill="#ff0000", radius=2.5),) + ops[1:]
    assert content_key(ops) == content_key(moved)
    assert content_key(ops) != content_key(changed)
    assert content_key((1,)) != content_key((1.0,)) != content_key((True,))


# ---------------------------------------------------------------- fonts


def test_missing_glyphs_lists_each_uncovered_character_once_in_order():
    assert fonts.missing_glyphs("plain text\n\twith spaces", "sans") == []
    assert fonts.missing_glyphs("a\u4e2d b \u4e2d\U0001f600", "sans") == ["\u4e2d", "\U0001f600"]


def test_string_widths_are_the_fonts_own():
    from reportlab.pdfbase import pdfmetrics

    for _ in range(2):
        assert fonts.string_width("Fish & Chips", "sans-bold", 9.5) == pdfmetrics.getFont(
            fonts.register("sans-bold")
        ).stringWidth("Fish & Chips", 9.5)


# ---------------------------------------------------------------- shared backs


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return make_project(tmp_path_factory.mktemp("speed"))


def test_cards_that_share_a_back_share_one_back_face(project):
    cat = load(project)
    cards = [c for c in cat.components if c.back == "deck" and c.kind == "card"]
    assert len(cards) >= 2
    backs = [lay_out(cat, c, "back") for c in cards]
    assert all(b is backs[0] for b in backs)
    # what a fresh process (no memo) lays out for the last card is the same drawing
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[2]);"
        "from pathlib import Path; from helpers_faces import load; from conftest import lay_out;"
        "cat = load(Path(sys.argv[3])); c = [c for c in cat.components if c.id == sys.argv[4]][0];"
        "print(lay_out(cat, c, 'back').key)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(ROOT), str(ROOT / "tests"), str(project), cards[-1].id],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == backs[0].key


def test_cards_that_share_a_back_hold_one_input_key_and_their_fronts_their_own(project):
    cat = load(project)
    faces = faces_of(cat)
    cards = [c for c in cat.components if c.back == "deck" and c.kind == "card"]
    backs = [faces.key(faces.records.of(c), "back", True) for c in cards]
    assert all(k is backs[0] for k in backs)  # one key kept, not one a card
    assert backs[0] != faces.key(
        faces.records.of(cards[0]), "back", False
    )  # bleed and trim keyed apart
    fronts = {faces.key(faces.records.of(c), "front", True) for c in cards}
    assert len(fronts) == len(cards)


def test_lint_is_the_same_twice(project):
    cat = load(project)
    assert lint(job_of(cat)) == lint(job_of(cat))


# ---------------------------------------------------------------- PDF drawing


def test_pdf_numbers_and_paths():
    assert [pdf_num(v) for v in (0.0, -0.0, 3.0, -12.5, 0.001, 1e-7, 1234567.0, 0.1234567)] == [
        "0",
        "0",
        "3",
        "-12.5",
        "0.001",
        "0",
        "1234567",
        "0.123457",
    ]
    assert (
        path_code((("M", 1.0, 2.0), ("L", 3.5, -4.0), ("C", 1.0, 2.0, 3.0, 4.0, 5.0, 6.0), ("Z",)))
        == "n 1 2 m 3.5 -4 l 1 2 3 4 5 6 c h"
    )


def _pixels(face: Face, folder: Path) -> object:
    if shutil.which("pdftoppm") is None and not os.environ.get("CI"):
        pytest.skip("pdftoppm (poppler-utils) is installed by tests/run; never skipped in CI")
    from PIL import Image as PILImage  # Pillow comes with ReportLab

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(face.width, face.height), invariant=1)
    PdfFaces(c).draw(face, 0, 0)
    c.showPage()
    c.save()
    (folder / "face.pdf").write_bytes(buf.getvalue())
    subprocess.run(
        [
            "pdftoppm",
            "-png",
            "-r",
            "72",
            "-singlefile",
            str(folder / "face.pdf"),
            str(folder / "face"),
        ],
        capture_output=True,
        timeout=60,
        check=True,
    )
    return PILImage.open(folder / "face.png").convert("RGB")


def test_each_op_is_painted_in_its_own_colour_and_opacity(tmp_path):
    """Settings made inside a group end with it, a later op sets what it needs even when
    an earlier op left the same colour at another opacity, and text is opaque after a
    translucent shape."""
    ops = (
        Rect(0.0, 0.0, 20.0, 20.0, fill="#ff0000"),  # A: red
        Group((Rect(20.0, 0.0, 20.0, 20.0, fill="#0000ff"),), None, None),  # B: blue, in a group
        Rect(40.0, 0.0, 20.0, 20.0, fill="#0000ff"),  # C: blue again, after the group
        Group((Rect(60.0, 0.0, 20.0, 20.0, fill="#000000", opacity=0.5),), None, None),  # D: grey
        Rect(80.0, 0.0, 20.0, 20.0, fill="#000000"),  # E: black, opaque
        Rect(100.0, 0.0, 20.0, 20.0, fill="#000000", opacity=0.5),  # F: grey, no group
        Rect(120.0, 0.0, 20.0, 20.0, fill="#000000"),  # G: opaque again
        Rect(
            140.0, 0.0, 20.0, 20.0, fill="#ffffff", stroke="#00ff00", stroke_width=8.0, opacity=0.5
        ),  # H
        Rect(
            160.0, 0.0, 20.0, 20.0, fill="#ffffff", stroke="#00ff00", stroke_width=8.0
        ),  # I: opaque stroke
    )
    img = _pixels(Face.build(180, 20, 0, "rect", ops), tmp_path)

    def at(x: float) -> tuple[int, int, int]:
        return img.getpixel((int(x), 10))

    def near(got, want, tol=40):
        return all(abs(g - w) <= tol for g, w in zip(got, want))

    assert near(at(10), (255, 0, 0))
    assert near(at(30), (0, 0, 255))
    assert near(at(50), (0, 0, 255))
    assert near(at(70), (128, 128, 128))
    assert near(at(90), (0, 0, 0))
    assert near(at(110), (128, 128, 128))
    assert near(at(130), (0, 0, 0))
    assert near(at(141), (128, 255, 128))  # the translucent green stroke over white paper
    assert near(at(161), (0, 255, 0))


def test_a_component_met_under_an_id_another_had_is_keyed_anew_on_every_side(project):
    cat = load(project)
    faces = faces_of(cat)
    card = next(c for c in cat.components if c.back == "deck" and c.kind == "card")
    front, back = (
        faces.key(faces.records.of(card), "front", True),
        faces.key(faces.records.of(card), "back", False),
    )
    renamed = replace(card, name=card.name + " II")  # the same id, another row
    assert faces.key(faces.records.of(renamed), "front", True) != front
    assert (
        faces.key(faces.records.of(renamed), "back", False) == back
    )  # a deck back reads none of the row
    assert faces.key(faces.records.of(card), "front", True) == front


# ---------------------------------------------------------------- copies of a game


def _mini_copy(root: Path, art: str = "") -> Any:
    """The mini fixture game at `root`, its cards drawing their art; with `art`, Blaze's art
    is that PNG file of the copy."""
    shutil.copytree(HERE.parent / "fixtures" / "catalog" / "mini", root / "catalog" / "mini")
    faces = root / "layouts" / "mini" / "faces.toml"
    faces.parent.mkdir(parents=True)
    faces.write_text('[layouts.card.boxes.art]\nart = "{{ art }}"\n', encoding="utf-8")
    if art:
        PILImage.new("RGB", (30, 42), "#336699").save(root / "catalog" / "mini" / "art" / art)
        table = root / "catalog" / "mini" / "cards.csv"
        text = table.read_text(encoding="utf-8")
        table.write_text(text.replace("art/blaze.svg", f"art/{art}"), encoding="utf-8")
    issues = Issues()
    catalog = load_game(root, "mini", issues)
    assert catalog is not None, [i.render() for i in issues]
    return catalog


def _images(ops: Any) -> list[Image]:
    found: list[Image] = []
    for op in ops:
        if isinstance(op, Image):
            found.append(op)
        found += _images(getattr(op, "ops", ()))
    return found


def test_copies_of_a_game_without_pictures_share_its_faces_and_with_them_draw_their_own(
    tmp_path: Path,
) -> None:
    def key(catalog: Any) -> bytes:
        faces = faces_of(catalog)
        blaze = next(c for c in catalog.components if c.id == "blaze")
        return faces.key(faces.records.of(blaze), "front", True)

    first, second = _mini_copy(tmp_path / "a"), _mini_copy(tmp_path / "b")
    assert key(first) == key(second)  # vector art only: one face for every copy
    first, second = _mini_copy(tmp_path / "c", "blaze.png"), _mini_copy(tmp_path / "d", "blaze.png")
    assert key(first) != key(second)  # a picture is drawn from its own copy's file
    for catalog in (first, second):
        blaze = next(c for c in catalog.components if c.id == "blaze")
        (picture,) = _images(lay_out(catalog, blaze, "front").ops)
        assert Path(picture.path).is_relative_to(catalog.root)
