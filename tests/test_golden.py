"""A build of the fixture game writes exactly its golden snapshot (tests/golden/mini/, see
tests/golden/snapshot.py): every file of the default build and of the on-request exports,
each in a readable form. One test per family of outputs, so a failure names the family that
drifted; a difference is printed as a unified diff per file. When the change is intended,
run `tests/golden/regen.py`, look at the outputs and commit the result."""

from __future__ import annotations

import difflib
import io
from pathlib import Path

import pytest
from golden.snapshot import (
    BUILDS,
    FAMILIES,
    GAME,
    GOLDEN,
    PLACEHOLDER,
    SHOPS,
    build,
    family,
    pdf_text,
    png_problems,
    png_text,
    project,
    run,
    same,
    snapshot,
    stored,
)
from PIL import Image, ImageChops, ImageDraw, ImageFilter

REGEN = (
    "if the change is intended: .venv/bin/python tests/golden/regen.py, look at the outputs it "
    "names, commit tests/golden/mini"
)
SHOWN = 8  # files whose diff a failure prints in full; the others are named


@pytest.fixture(scope="module")
def golden() -> dict[str, str]:
    want = stored()
    assert want, f"no snapshot in {GOLDEN}; {REGEN}"
    return want


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """One build of the fixture (the default parts, then the exports) and its snapshot."""
    out = build(tmp_path_factory.mktemp("golden"))
    return out, snapshot(out)


def _diff(name: str, want: str, got: str, limit: int = 60) -> str:
    lines = list(
        difflib.unified_diff(
            want.splitlines(), got.splitlines(), f"golden/{name}", f"built/{name}", lineterm="", n=2
        )
    )
    more = f"\n… {len(lines) - limit} more diff lines" if len(lines) > limit else ""
    return "\n".join(lines[:limit]) + more


def _differences(name: str, want: str, got: str) -> str:
    if name.endswith(".png.txt"):
        return "\n".join(
            [
                f"{name}: the picture moved beyond the tolerance:",
                *(f"  {p}" for p in png_problems(want, got)),
                _diff(name, want, got, limit=16),
            ]
        )
    return _diff(name, want, got)


def _check(fam: str, golden: dict[str, str], built: dict[str, str]) -> None:
    want = {n: t for n, t in golden.items() if family(n) == fam}
    got = {n: t for n, t in built.items() if family(n) == fam}
    assert want, f"the golden holds no {fam} files; {REGEN}"
    problems = [f"missing from the build: {n}" for n in sorted(set(want) - set(got))]
    problems += [f"not in the golden: {n}" for n in sorted(set(got) - set(want))]
    differ = [n for n in sorted(set(want) & set(got)) if not same(n, want[n], got[n])]
    problems += [_differences(n, want[n], got[n]) for n in differ[:SHOWN]]
    if differ[SHOWN:]:
        problems.append(
            f"… and {len(differ) - SHOWN} more files differ: " + ", ".join(differ[SHOWN:])
        )
    if problems:  # the message alone: the diff and the regen command
        pytest.fail(
            "\n\n".join([f"the {fam} output differs from its golden:"] + problems + [REGEN]),
            pytrace=False,
        )


def test_every_file_the_build_writes_has_a_golden(golden, fresh):
    _, built = fresh
    strays = [n for n in sorted(set(built) | set(golden)) if family(n) is None]
    assert not strays, (
        f"files of no family (add them to FAMILIES in tests/golden/snapshot.py): {strays}"
    )
    assert sorted(built) == sorted(golden), "\n".join(
        [f"missing from the build: {n}" for n in sorted(set(golden) - set(built))]
        + [f"not in the golden: {n}" for n in sorted(set(built) - set(golden))]
        + [REGEN]
    )
    assert {family(n) for n in golden} == set(FAMILIES)  # every family has a golden


def test_the_manifest_matches_its_golden(golden, fresh):
    _check("manifest", golden, fresh[1])


def test_the_downloads_page_matches_its_golden_html(golden, fresh):
    _check("downloads page", golden, fresh[1])


def test_the_calibration_sheets_match_their_golden_text(golden, fresh):
    _check("calibration", golden, fresh[1])


def test_every_svg_face_matches_its_golden_drawing(golden, fresh):
    _check("svg", golden, fresh[1])


def test_the_print_and_play_sheets_match_their_golden_text(golden, fresh):
    _check("pnp", golden, fresh[1])


def test_the_rulebook_matches_its_golden_text(golden, fresh):
    _check("rulebook", golden, fresh[1])


def test_the_rulebook_booklets_match_their_golden_text(golden, fresh):
    _check("booklet", golden, fresh[1])


def test_the_quick_reference_sheets_match_their_golden_text(golden, fresh):
    _check("quickref", golden, fresh[1])


def test_the_card_files_match_their_golden(golden, fresh):
    _check("cards", golden, fresh[1])


def test_the_tabletop_simulator_export_matches_its_golden(golden, fresh):
    _check("tts", golden, fresh[1])


@pytest.mark.parametrize("shop", SHOPS)
def test_each_print_shop_upload_matches_its_golden(golden, fresh, shop):
    _check(f"print-shop/{shop}", golden, fresh[1])


def test_no_golden_depends_on_where_the_build_ran(golden, fresh):
    out, built = fresh
    assert not [n for n, t in built.items() if str(out.parent) in t]
    tts = golden[f"{GAME}/tts/Saves/Saved Objects/{GAME}.json"]
    assert (
        f'"FaceURL": "{GAME}-deck-' in tts
        and PLACEHOLDER not in tts
        and "/tmp" not in tts
        and "file:" not in tts
    )


def test_the_snapshot_of_a_pdf_shows_each_page_and_each_face_once(golden):
    text = golden[f"{GAME}/{GAME}-pnp-letter.pdf.txt"]
    pages = int(text.split(": ", 1)[1].split(" pages", 1)[0])  # the header says how many
    assert pages == 4  # cards, their backs, the pieces and the pieces' blank reverse
    assert text.count("\n## page ") == pages
    forms = [line for line in text.splitlines() if line.startswith("## form ")]
    assert forms and len(forms) == len(set(forms))
    # each drawn form is listed, and no listed form goes undrawn
    for line in forms:
        name = line.split()[2].rstrip(":")
        assert f"{name} Do" in text
    assert "/CreationDate" not in text and "/ID" not in text
    # the cards PDF and the print-shop PDFs show their trim and bleed boxes
    for name in (f"{GAME}/cards/{GAME}-cards.pdf.txt", f"{GAME}/print-shop/drivethru/deck.pdf.txt"):
        assert all(
            "TrimBox=" in line and "BleedBox=" in line
            for line in golden[name].splitlines()
            if line.startswith("## page ")
        )


def test_a_png_golden_allows_slight_rendering_noise_but_not_a_changed_picture(fresh):
    out, built = fresh
    name = f"{GAME}/cards/png/ember-front.png"
    with Image.open(out / name) as im:
        im.load()

    def text(picture: Image.Image) -> str:
        buf = io.BytesIO()
        picture.save(buf, "PNG")
        return png_text(buf.getvalue())

    assert text(im) == built[f"{name}.txt"]
    assert not png_problems(
        text(im), text(im.filter(ImageFilter.GaussianBlur(0.7)))
    )  # softer edges
    assert not png_problems(text(im), text(ImageChops.offset(im, 1, 1)))  # a pixel over
    marked = im.copy()
    ImageDraw.Draw(marked).rectangle((300, 500, 360, 540), fill="black")  # a word's worth of ink
    assert png_problems(text(im), text(marked))
    assert png_problems(text(im), text(im.resize((im.width - 2, im.height))))  # another size


def test_a_changed_face_shows_as_a_diff_of_its_drawing(tmp_path):
    project(tmp_path)
    pnp = [*BUILDS[0], "--only", "pnp"]
    run(tmp_path, pnp)
    out = tmp_path / "output" / GAME / f"{GAME}-pnp-letter.pdf"
    before = pdf_text(out)
    csv = tmp_path / "catalog" / GAME / "cards.csv"
    csv.write_text(
        csv.read_text(encoding="utf-8").replace("Deal 1 damage.", "Deal 2 damage."),
        encoding="utf-8",
    )
    run(tmp_path, pnp)
    diff = _diff(f"{GAME}-pnp-letter.pdf.txt", before, pdf_text(out))
    # the face's two placements (its key) and the line of its drawing that changed; its
    # version mark holds the face's hash
    assert diff.count("\n-/Face <</K (") == 2 and diff.count("\n+/Face <</K (") == 2
    assert (
        "\n-BT " in diff and "(Deal 1 damage. ) Tj ET" in diff and "(Deal 2 damage. ) Tj ET" in diff
    )
    assert len(diff.splitlines()) < 40
