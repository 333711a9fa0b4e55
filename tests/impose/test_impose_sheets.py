"""Sheet layouts are data: layouts/sheets/*.toml are validated, and every mistake comes back
as `path:line: field: message`, never a traceback. Printer profiles live beside them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardstock.core.stage import BuildOptions
from cardstock.core.units import parse_length
from cardstock.impose.sheets import SheetFile, back_offset, choose, load_printers, load_sheets

ROOT = Path(__file__).resolve().parents[2]
MM = parse_length("1mm")


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A project folder holding a copy of the shipped sheets."""
    shutil.copytree(ROOT / "layouts" / "sheets", tmp_path / "layouts" / "sheets")
    return tmp_path


def write(root: Path, name: str, text: str) -> None:
    (root / "layouts" / "sheets" / name).write_text(text, encoding="utf-8")


def rendered(root: Path) -> list[str]:
    return [i.render() for i in load_sheets(root)[1]]


def _stem(chosen: SheetFile | None) -> str:
    assert chosen is not None
    return chosen.stem


def test_shipped_sheets_are_valid_and_cover_every_kind_on_both_papers():
    sheets, issues = load_sheets(ROOT)
    assert not issues, [i.render() for i in issues]
    for kind in ("card", "reference", "tile", "token", "die", "pawn", "board"):
        for paper in ("letter", "a4"):
            assert choose(sheets, game="any", kind=kind, size="poker", paper=paper), (kind, paper)


def test_a_bad_count_names_the_file_line_and_key(root: Path):
    write(
        root,
        "bad.toml",
        'name = "Bad"\npapers = ["letter"]\nkinds = ["card"]\n\n[grid]\ncolumns = 0\n',
    )
    assert rendered(root) == [
        'layouts/sheets/bad.toml:6: grid.columns: expected a whole number of 1 or more, or "auto", '
        "got 0"
    ]


def test_unknown_keys_lengths_without_units_and_small_margins_are_reported_together(root: Path):
    write(
        root,
        "bad.toml",
        "\n".join(
            [
                'name = "Bad"',
                'papers = ["letter", "legal"]',
                'kinds = ["card"]',
                'margin = "3mm"',
                "[marks]",
                'length = "4"',
                "colour = 1",
            ]
        )
        + "\n",
    )
    got = rendered(root)
    assert (
        "layouts/sheets/bad.toml:2: papers: unknown paper 'legal'; expected one of letter, a4, "
        "half-letter, a5" in got
    )
    assert (
        "layouts/sheets/bad.toml:4: margin: expected at least 5mm: home printers cannot print "
        "closer to the paper edge, got 3.0mm" in got
    )
    assert (
        "layouts/sheets/bad.toml:6: marks.length: expected a unit (mm, cm, in, pt, pc, px) after "
        "the number in '4'" in got
    )
    assert any(
        m.startswith(
            "layouts/sheets/bad.toml:7: marks.colour: unknown key; expected one of: crop, length"
        )
        for m in got
    )
    assert len(got) == 4


def test_not_toml_is_one_issue_with_its_line(root: Path):
    write(root, "broken.toml", 'name = "x"\npapers = [\n')
    (issue,) = load_sheets(root)[1]
    assert issue.file == "layouts/sheets/broken.toml" and issue.message.startswith("not valid TOML")


def test_the_most_specific_sheet_wins(root: Path):
    write(
        root,
        "vortex-cutter.toml",
        'name = "Cutter"\npapers = ["letter"]\nkinds = ["card"]\ngames = ["vortex"]\n[marks]\n'
        "registration = true\n",
    )
    write(
        root,
        "mini-cards.toml",
        'name = "Minis"\npapers = ["letter"]\nkinds = ["card"]\nsizes = ["44mm x 63.5mm"]\n',
    )
    sheets, issues = load_sheets(root)
    assert not issues
    assert (
        _stem(choose(sheets, game="vortex", kind="card", size="poker", paper="letter"))
        == "vortex-cutter"
    )
    assert _stem(choose(sheets, game="vortex", kind="card", size="poker", paper="a4")) == "cards"
    assert (
        _stem(choose(sheets, game="atmosfear", kind="card", size="mini", paper="letter"))
        == "mini-cards"
    )
    assert (
        _stem(choose(sheets, game="atmosfear", kind="card", size="poker", paper="letter"))
        == "cards"
    )


def test_printer_profiles_give_the_back_offset(root: Path):
    write(
        root,
        "printers.toml",
        '[printers.laser]\nback_offset = "1.2mm,-0.5mm"\ndefault = true\n\n[printers.inkjet]\n'
        'back_offset = "-2mm,0mm"\n',
    )
    printers, issues = load_printers(root)
    assert not issues and set(printers) == {"laser", "inkjet"}
    out = Path("out")
    offset, _ = back_offset(root, BuildOptions(out=out))
    assert offset == pytest.approx((1.2 * MM, -0.5 * MM))  # the default profile
    given, _ = back_offset(root, BuildOptions(out=out, back_offset=(1.0, 2.0)))
    assert given == (1.0, 2.0)  # --back-offset wins


def test_a_bad_printer_offset_is_located(root: Path):
    write(root, "printers.toml", '[printers.laser]\nback_offset = "1.2mm"\n')
    _, issues = load_printers(root)
    assert [i.render() for i in issues] == [
        "layouts/sheets/printers.toml:2: printers.laser.back_offset: expected an offset 'X,Y' such "
        "as '1.2mm,-0.5mm', got '1.2mm'"
    ]
