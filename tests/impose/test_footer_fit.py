"""A sheet's footer too long for its line never loses its page number or its note (the
duplex flip) in silence: it shrinks down to the least footer size, takes a second line
where the band holds two, leaves off what may go (the bleed, the paper, the game's name,
"print at 100%") and says so, located at the sheet file's `[footer]`, and when even the
page number and note cannot fit, says that too. Built with the pseudo-language (`qps`) on
the starter project, the PDFs read back with pypdf."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardstock import fonts
from cardstock.cli import main
from cardstock.impose.footer import MIN_SIZE, SEP, FooterReport, fit_footer
from cardstock.init import init_project

LONG = "Demo: the Long Night of the Eclipse and the Seven Moons, Collector Edition"
FLIP = "[flîp öñ thé löñg édgé"  # "flip on the long edge" in the pseudo-language


def width(text: str, size: float) -> float:
    return fonts.string_width(text, "sans", size)


def test_a_footer_that_fits_is_one_line_at_its_own_size() -> None:
    parts = ["Game  v1", "page 1/2", "A4"]
    fitted = fit_footer(parts, [2], "sans", 5.5, 500.0, 6.875)
    assert fitted.lines == (SEP.join(parts),) and fitted.size == 5.5 and fitted.fits


def test_a_footer_too_long_leaves_off_the_droppable_parts_first_never_the_note() -> None:
    parts = [
        "Game  v1",
        "page 2/4",
        "A4",
        "print at 100%",
        "backs of page 1, flip on the long edge",
    ]
    room = width(SEP.join([parts[1], parts[3], parts[4]]), MIN_SIZE) + 1
    fitted = fit_footer(parts, [2, 0, 3], "sans", 5.5, room, 6.875)
    assert fitted.fits and fitted.size == MIN_SIZE
    assert fitted.left_off == ("A4", "Game  v1")
    assert fitted.lines == (SEP.join([parts[1], parts[3], parts[4]]),)


def test_a_footer_that_cannot_fit_keeps_its_note_and_says_it_does_not_fit() -> None:
    parts = ["Game  v1", "page 2/4", "backs of page 1, flip on the long edge"]
    fitted = fit_footer(parts, [0], "sans", 5.5, 40.0, 6.875)
    assert not fitted.fits and fitted.lines == (SEP.join(parts[1:]),)
    report = FooterReport("game-pnp-a4.pdf")
    report.add("layouts/sheets/cards.toml", 2, fitted, parts[2])
    (issue,) = report.issues()
    assert (issue.file, issue.field, issue.level) == (
        "layouts/sheets/cards.toml",
        "footer",
        "warning",
    )
    assert "game-pnp-a4.pdf: page 2" in issue.message and parts[2] in issue.message


def test_a_band_tall_enough_for_two_lines_takes_a_second_line_set_larger() -> None:
    parts = ["A Long Game Title  v1", "page 2/4", "backs of page 1, flip on the long edge"]
    room = width(SEP.join(parts), MIN_SIZE) * 0.8  # one line would not fit even at 4.5pt
    fitted = fit_footer(parts, [0], "sans", 10.0, room, 12.5)
    assert len(fitted.lines) == 2 and fitted.size > MIN_SIZE and not fitted.left_off
    assert SEP.join(fitted.lines) == SEP.join(parts)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The starter project, its game given a long title and its own card sheet."""
    root = tmp_path_factory.mktemp("footer") / "proj"
    init_project(root, "Demo")
    game = root / "catalog" / "demo" / "game.toml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace('title = "Demo"', f'title = "{LONG}"', 1), encoding="utf-8")
    (root / "layouts" / "sheets").mkdir()
    shared = Path(__file__).resolve().parents[2] / "layouts" / "sheets" / "cards.toml"
    (root / "layouts" / "sheets" / "cards.toml").write_text(shared.read_text(encoding="utf-8"))
    return root


def built(root: Path, font_size: str, capsys: pytest.CaptureFixture[str]) -> tuple[list[str], str]:
    """The qps sheets on A4 with the card sheet's footer at `font_size`: each page's footer
    lines (the text after the last card), and what the build printed."""
    sheet = root / "layouts" / "sheets" / "cards.toml"
    text = re.sub(r'(?m)^font_size = ".*"', f'font_size = "{font_size}"', sheet.read_text())
    sheet.write_text(text, encoding="utf-8")
    args = ["--root", str(root), "--jobs", "1", "--only", "pnp", "--lang", "qps", "--paper", "a4"]
    assert main([*args, "--force"]) == 0
    said = capsys.readouterr()
    pdf = PdfReader(root / "output" / "demo-qps" / "demo-qps-pnp-a4.pdf")
    footers = []
    for page in pdf.pages:  # the footer is drawn last: its lines end the page's text
        lines = page.extract_text().splitlines()
        at = max(i for i, line in enumerate(lines) if "[pågé" in line)
        wrapped = "v0.1.0" in lines[at - 1] and not lines[at].startswith("[Démö")
        footers.append("\n".join(lines[at - 1 if wrapped else at : at + 1]))
    return footers, said.out + said.err


def test_a_qps_footer_too_long_keeps_every_flip_note_and_is_reported_at_its_sheet(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    footers, said = built(project, "5.5pt", capsys)
    backs = [f for f in footers if "[båçks öf pågé" in f]
    assert backs and all(FLIP in f for f in backs)
    fronts = [f for f in footers if f not in backs]
    assert fronts and all("[blééd" not in f and "Çölléçtör" in f for f in fronts)
    assert all("Çölléçtör" not in f for f in backs)  # a longer note: the title went too
    warning = re.search(r"layouts/sheets/cards\.toml:(\d+): footer: warning: (.*)", said)
    assert warning, said
    line = (project / "layouts" / "sheets" / "cards.toml").read_text().splitlines()
    assert line[int(warning.group(1)) - 1] == "[footer]"
    for gone in ("demo-qps-pnp-a4.pdf", "Çölléçtör", "[blééd"):
        assert gone in warning.group(2)


def test_a_qps_footer_in_a_band_for_two_lines_wraps_and_keeps_every_part(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    footers, said = built(project, "8pt", capsys)
    assert "footer: warning" not in said
    for f in footers:  # the title on the first line, the page number on the second
        assert "Çölléçtör" in f.split("\n")[0] and "[pågé" in f.split("\n")[1]
    backs = [f for f in footers if "[båçks öf pågé" in f]
    assert backs and all(FLIP in f for f in backs)


@pytest.mark.parametrize("how", ["file", "link out of the project"])
def test_a_footer_warning_finds_its_sheets_line_through_the_one_reading_door(
    tmp_path: Path, how: str
) -> None:
    from cardstock.impose.footer import Fitted

    root = tmp_path / "project"
    sheets = root / "layouts" / "sheets"
    sheets.mkdir(parents=True)
    text = 'name = "cards"\n\n[footer]\nsize = "6pt"\n'
    if how == "file":
        (sheets / "cards.toml").write_text(text)
    else:  # the same text outside: the door reads no file a link leads out to
        (tmp_path / "elsewhere.toml").write_text(text)
        (sheets / "cards.toml").symlink_to(tmp_path / "elsewhere.toml")
    report = FooterReport("demo-pnp-a4.pdf")
    report.add("layouts/sheets/cards.toml", 1, Fitted(("a",), 5.0, ("title",), False), "")
    (warning,) = report.issues(root)
    assert warning.line == (3 if how == "file" else None)
