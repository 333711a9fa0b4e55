"""The one-line footers of tuck boxes, board tiles and cut sheets (`impose.footer.one_line`)
never lose the part that names their page in silence: too long for their line, they shrink
to their least size, then leave off the other parts in a set order, and the build says
which, located at the game file's `title`. Built with the pseudo-language (`qps`) on the
starter project given a long title; the PDFs read back with pypdf."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardstock import fonts
from cardstock.cli import main
from cardstock.impose.footer import SEP, one_line, title_report
from cardstock.init import init_project

LONG = "Demo: the Long Night of the Eclipse and the Seven Moons, Collector Edition"


@pytest.mark.parametrize("start", [7.0, 6.5, 7.3, 10.1])
@pytest.mark.parametrize("least", [4.5, 4.4, 6.0])
def test_a_footer_that_fits_is_set_at_the_largest_quarter_point_step_that_fits(
    start: float, least: float
) -> None:
    """From its size down, a quarter point at a time, to its least: the first size whose
    line fits its room, found for rooms that fit at every step, at none and between."""
    parts = ["A Long Game Title  v1", "page 3 of 12, cut file game-cameo5-letter-3.svg"]
    text = SEP.join(parts)
    steps = [start - 0.25 * k for k in range(200) if start - 0.25 * k >= least - 1e-9]
    widths = [fonts.string_width(text, "sans", size) for size in steps]
    rooms = [widths[0] + 1, widths[-1] - 0.01, *(w + 0.001 for w in widths), *widths]
    for room in rooms:
        fitted = one_line(parts, [], "sans", start, room, least)
        expected = next((size for size, w in zip(steps, widths) if w <= room), None)
        if expected is None:
            assert not fitted.fits, room
        else:
            assert fitted.fits and fitted.size == expected, room


def test_a_one_line_footer_keeps_the_part_naming_its_page_and_leaves_the_rest_in_order() -> None:
    parts = ["A Long Game Title  v1", "tile B2 of 3 x 3", "overlap 10 mm", "A4"]
    room = fonts.string_width(SEP.join(parts[1:3]), "sans", 6.0) + 1
    fitted = one_line(parts, [3, 0, 2], "sans", 7.0, room, 6.0)
    assert fitted.fits and fitted.size == 6.0 and len(fitted.lines) == 1
    assert fitted.left_off == ("A4", "A Long Game Title  v1")
    assert fitted.lines[0] == SEP.join(parts[1:3])
    tiny = one_line(parts, [3, 0, 2], "sans", 7.0, 10.0, 6.0)
    assert not tiny.fits and tiny.lines == (parts[1],)  # it runs past its room, kept


def test_a_one_line_footers_report_is_located_at_the_games_title() -> None:
    class Game:
        folder = Path("catalog/g")

        def line(self, *path: str) -> int | None:
            return 7 if path == ("title",) else None

        def display(self, path: Path) -> str:
            return path.as_posix()

    report = title_report(Game(), "g-board-a4.pdf", 6.0, "Give it room: a larger paper")  # type: ignore[arg-type]  # a stand-in
    fitted = one_line(["Game", "tile A1", "A4"], [2, 0], "sans", 7.0, 10.0, 6.0)
    report.add("catalog/g/game.toml", 3, fitted, "")
    (issue,) = report.issues()
    assert (issue.file, issue.line, issue.field, issue.level) == (
        "catalog/g/game.toml",
        7,
        "footer",
        "warning",
    )
    assert "g-board-a4.pdf: page 3" in issue.message and "6pt" in issue.message
    assert "a larger paper" in issue.message


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The starter, its title long, built in qps on A4: tuck boxes and Silhouette cut
    sheets; the project and what the build printed."""
    root = tmp_path_factory.mktemp("one-line") / "proj"
    init_project(root, "Demo")
    game = root / "catalog" / "demo" / "game.toml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace('title = "Demo"', f'title = "{LONG}"', 1), encoding="utf-8")
    args = ["--root", str(root), "--jobs", "1", "--lang", "qps", "--paper", "a4", "--force"]
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(err):
        code = main([*args, "--only", "tuckbox,cut", "--cut", "silhouette"])
    assert code == 0, err.getvalue()
    return root, err.getvalue()


@pytest.mark.parametrize(("pdf", "kept"), [("demo-qps-tuckbox-a4.pdf", "[tüçk böx: [Démö àé]")])
def test_a_long_footer_keeps_its_page_and_the_build_says_what_it_left_off(
    built: tuple[Path, str], pdf: str, kept: str
) -> None:
    root, said = built
    text = PdfReader(root / "output" / "demo-qps" / pdf).pages[0].extract_text()
    footer = text.splitlines()[-1]
    assert kept in footer and "Çölléçtör" not in footer
    title_line = next(
        n for n, line in enumerate(game_lines(root), start=1) if line.startswith("title = ")
    )
    name = Path(pdf).name
    warning = re.search(
        rf"catalog/demo/game\.toml:(\d+): footer: warning: {re.escape(name)}: (.*)", said
    )
    assert warning, said
    assert int(warning.group(1)) == title_line
    assert "left off" in warning.group(2) and "Çölléçtör" in warning.group(2)


def test_a_cut_sheets_footer_too_long_for_one_line_takes_two_before_losing_the_title(
    built: tuple[Path, str],
) -> None:
    root, said = built
    text = PdfReader(root / "output" / "demo-qps" / "cut/demo-qps-silhouette-a4.pdf").pages[0]
    upper, lower = text.extract_text().splitlines()[-2:]
    assert "Çölléçtör" in upper and "[pågé 1 öf" in lower  # every part kept, on two lines
    assert "warning: demo-qps-silhouette" not in said  # nothing left off, nothing to warn of


def game_lines(root: Path) -> list[str]:
    return (root / "catalog" / "demo" / "game.toml").read_text(encoding="utf-8").splitlines()


def test_the_check_reports_what_a_build_says_of_a_long_footer_without_building(
    built: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    root, said = built
    built_says = re.findall(r"catalog/demo/game\.toml:\d+: footer: warning: .*", said)
    assert len(built_says) == 1, said  # the tuck boxes' PDF on A4 (cut sheets take two lines)
    capsys.readouterr()
    before = sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    main(["--root", str(root), "check", "demo", "--lang", "qps"])
    checked = capsys.readouterr().out
    assert [w for w in built_says if w not in checked] == [], checked
    # the same finding on the paper the build was not asked for
    assert "footer: warning: demo-qps-tuckbox-letter.pdf: page 1:" in checked
    assert "warning: demo-qps-silhouette" not in checked  # two lines, as built
    after = sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    assert after == before  # nothing built, nothing written
