"""Type a print can be read by: nothing on a piece prints under 6 pt, nothing on a reference
card or in a rulebook under 7 pt, and text, icons and frames keep 0.5 mm inside the safe
line. Sizes and positions are read back from PDFs as printed (PDFium's text layer: each
character's size times the scale it is drawn at, and its box from ascent to descent), for
every face of the five shipped games and their rulebooks; the print-safety lint reports each kind of
fault where the layout sets it."""

from __future__ import annotations

import math
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import GAMES, ROOT, each_face, job_of, load_games, render_book

from cardstock.layout.checks.drawn import lint
from cardstock.layout.safety import measures as printsafe
from cardstock.render.png import faces_pdf

MM = 72 / 25.4


def load(root: Path, game: str) -> Any:
    (cat,), issues = load_games(root, [game])
    assert not issues.errors
    return cat


def printed(
    pdf: bytes,
) -> Iterator[tuple[int, str, float, float, tuple[float, float, float, float]]]:
    """(page, character, size as printed, scale it is drawn at, box left, bottom, right,
    top in page points) for every visible character of the PDF; the box runs from the
    font's ascent to its descent, as the print-safety check measures a run."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    doc = pdfium.PdfDocument(pdf)
    for number in range(len(doc)):
        text = doc[number].get_textpage()
        for i in range(raw.FPDFText_CountChars(text)):
            code = raw.FPDFText_GetUnicode(text, i)
            ch = chr(code)
            if ch.isspace() or code in (0, 0xFFFE, 0xFFFF) or raw.FPDFText_IsGenerated(text, i):
                continue
            m = raw.FS_MATRIX()
            raw.FPDFText_GetMatrix(text, i, m)
            scale = math.sqrt(abs(m.a * m.d - m.b * m.c))
            box = raw.FS_RECTF()  # the character's box from its font's ascent to its descent
            raw.FPDFText_GetLooseCharBox(text, i, box)
            yield (
                number,
                ch,
                raw.FPDFText_GetFontSize(text, i) * scale,
                scale,
                (box.left, box.bottom, box.right, box.top),
            )


def faces_by_page(cat: Any) -> tuple[list[Any], list[float]]:
    """Every distinct face of the game, and the type minimum of each (a face several
    components share takes the strictest)."""
    faces: dict[Any, Any] = {}
    minimum: dict[Any, float] = {}
    for comp, _side, face in each_face(cat):
        faces.setdefault(face.key, face)
        minimum[face.key] = max(minimum.get(face.key, 0.0), printsafe.min_type(comp.kind))
    keys = list(faces)
    return [faces[k] for k in keys], [minimum[k] for k in keys]


@pytest.fixture(scope="module", params=GAMES)
def game_faces(
    request,
) -> tuple[
    str,
    Any,
    list[Any],
    list[float],
    list[tuple[int, str, float, float, tuple[float, float, float, float]]],
]:
    cat = load(ROOT, request.param)
    faces, minimum = faces_by_page(cat)
    return request.param, cat, faces, minimum, list(printed(faces_pdf(faces, title="type")))


def test_no_face_of_any_game_prints_type_under_its_minimum(game_faces):
    game, _, faces, minimum, chars = game_faces
    kinds = set(minimum)
    assert chars and len({page for page, *_ in chars}) > len(faces) // 2  # the text layer is read
    small = {
        (page, round(size, 2)) for page, _ch, size, _k, _box in chars if size < minimum[page] - 0.01
    }
    assert not small, f"{game}: pages and sizes under the minimum {sorted(small)[:8]}"
    if 7.0 in kinds:  # reference cards are held to 7 pt: their smallest type is no smaller
        assert min(size for page, _ch, size, _k, _b in chars if minimum[page] == 7.0) >= 7.0 - 0.01


def test_no_character_on_a_rectangular_face_comes_within_half_a_millimetre_of_the_safe_line(
    game_faces,
):
    """The box (ascent to descent) of every character on every rectangular face (cards,
    reference cards, rectangular tiles) lies at least the safe margin and 0.5 mm inside the
    cut."""
    game, cat, faces, _, chars = game_faces
    safe = float(re.sub("mm$", "", cat.game.print.safe)) * MM
    need = safe + printsafe.CLEARANCE - 0.01 * MM
    closest = math.inf
    for page, ch, _size, _k, (left, bottom, right, top) in chars:
        face = faces[page]
        if face.shape != "rect":
            continue
        b = face.bleed
        gaps = (left - b, bottom - b, b + face.width - right, b + face.height - top)
        closest = min(closest, *gaps)
        assert min(gaps) >= need, (
            f"{game} page {page + 1}: {ch!r} {min(gaps) / MM:.2f}mm from the cut"
        )
    assert closest < 20 * MM  # rectangular faces with text were measured


@pytest.mark.parametrize("game", GAMES)
def test_a_rulebook_sets_no_type_under_7pt(game):
    """The reading copy and the booklets: every character set at full size is 7 pt or
    more. Pictures of faces in the gallery are the faces scaled down (their type is held
    to the faces' minimum at full size, above); they are the only scaled text."""
    book = render_book(load(ROOT, game))
    pdfs = [book.reading.data, *(b.data for b in book.booklets.values())]
    for pdf in pdfs:
        chars = list(printed(pdf))
        typeset = [
            (page, ch, size) for page, ch, size, scale, _ in chars if scale > 0.9
        ]  # the A4 booklet prints pages at 97.3 %
        assert typeset
        small = sorted(
            {
                (page + 1, round(size, 2))
                for page, _ch, size in typeset
                if size < printsafe.MIN_BOOK_TYPE - 0.01
            }
        )
        assert not small, f"{game}: pages and sizes under 7pt {small[:8]}"
        assert min(size for _, _, size in typeset) < 7.5  # the captions, at the minimum, were found


# ---------------------------------------------------------------- the lint


def copy_game(tmp_path: Path, game: str) -> Path:
    shutil.copytree(ROOT / "catalog" / game, tmp_path / "catalog" / game)
    shutil.copytree(ROOT / "layouts" / game, tmp_path / "layouts" / game)
    return tmp_path


def append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + "\n" + text, encoding="utf-8")


def findings(root: Path, game: str, pattern: str) -> list[Any]:
    return [i for i in lint(job_of(load(root, game))) if re.search(pattern, i.message)]


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_games_pass_the_type_and_clearance_lint(game):
    assert (
        findings(
            ROOT, game, r"pt, below the|clearance|too close to the safe line|outside the safe zone"
        )
        == []
    )


def test_small_type_is_reported_at_the_key_that_set_it(tmp_path):
    root = copy_game(tmp_path, "vortex")
    append(
        root / "layouts" / "vortex" / "faces.toml",
        '[layouts.devotees.boxes.rule_text]\ntype = "text"\ntop = "60%"\nheight = "4mm"\n'
        'text = "Reason"\nsize = "5.5pt"\nmin_size = "5.5pt"\n',
    )
    found = findings(root, "vortex", r"pt, below the")
    assert [i.field for i in found] == ["layouts.devotees.boxes.rule_text"]
    assert found[0].file == "layouts/vortex/faces.toml" and found[0].level == "warning"
    assert "5.5pt, below the 6pt" in found[0].message


def test_a_reference_card_is_held_to_7pt_where_a_card_may_print_6_5pt(tmp_path):
    root = copy_game(tmp_path, "atmosfear")
    faces = root / "layouts" / "atmosfear" / "faces.toml"
    append(
        faces,
        '[layouts.reference.boxes.note]\ntype = "text"\ntop = "50%"\nheight = "5mm"\ntext = '
        '"note"\nsize = "6.5pt"\nmin_size = "6.5pt"\n\n'
        '[layouts.realms.boxes.note]\ntype = "text"\ntop = "50%"\nheight = "5mm"\ntext = "note"\n'
        'size = "6.5pt"\nmin_size = "6.5pt"\n',
    )
    found = findings(root, "atmosfear", r"pt, below the")
    assert {i.field for i in found} == {"layouts.reference.boxes.note"}
    assert "below the 7pt" in found[0].message


def test_text_a_hair_inside_the_safe_line_is_reported_with_how_far_to_move_it(tmp_path):
    """The cards' version marks as they were, on the safe line (their glyphs a hair inside)."""
    root = copy_game(tmp_path, "alter-ego")
    append(
        root / "layouts" / "alter-ego" / "faces.toml", '[layouts.card.boxes.mark]\nbottom = "0mm"\n'
    )
    found = findings(root, "alter-ego", r"clearance")
    assert found and all(i.field.endswith(".boxes.mark") for i in found)
    within = float(
        re.search(r"comes within ([\d.]+)mm of the safe line", found[0].message).group(1)
    )
    assert 0 < within < 0.5 and re.search(r"move it 0\.\d\dmm inward", found[0].message)


def test_a_frame_on_the_safe_line_is_reported_and_one_that_bleeds_is_not(tmp_path):
    """The cards' inner panel as it was, 2.8 mm from the cut (the frame's edge 0.2 mm off
    the 3 mm safe line); a band that runs off the card is a background."""
    root = copy_game(tmp_path, "vortex")
    append(
        root / "layouts" / "vortex" / "faces.toml",
        '[layouts.devotees.boxes.panel]\nleft = "2.8mm"\nright = "2.8mm"\ntop = "2.8mm"\nbottom = '
        '"2.8mm"\n\n'
        '[layouts.devotees.boxes.band]\ntype = "rect"\nframe = "bleed"\ntop = "40%"\nheight = '
        '"2mm"\nfill = "#cccccc"\n',
    )
    found = findings(root, "vortex", r"too close to the safe line")
    assert [i.field for i in found] == ["layouts.devotees.boxes.panel"]
    assert "0.70mm too close" in found[0].message


def test_a_ring_on_a_round_token_is_measured_on_its_circle(tmp_path):
    """A ring drawn with curves is measured by the points it passes through, not by its
    control points (which lie outside a circle): 3.6 mm in passes, 3.3 mm does not."""
    root = copy_game(tmp_path, "alter-ego")
    faces = root / "layouts" / "alter-ego" / "faces.toml"
    append(faces, '[layouts.token.boxes.ring]\ninset = "3.8mm"\n')
    assert findings(root, "alter-ego", r"too close to the safe line") == []
    append(faces, '[layouts.token.boxes.face]\ninset = "3.3mm"\n')
    found = findings(root, "alter-ego", r"too close to the safe line")
    assert {i.field for i in found} == {"layouts.token.boxes.face"}
