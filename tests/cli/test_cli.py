"""The command line as a newcomer meets it first: printing just what you need (`--set`, `--cards`,
`--pages`), a `--help` that lists every build option and part, and readable slugs."""

from __future__ import annotations

import json

import pytest
from conftest import ROOT
from pypdf import PdfReader

from cardstock.cli import parser


def pnp(cli, mini, *extra: str):
    result = cli(
        "--root",
        str(mini.root),
        "build",
        "mini",
        "--jobs",
        "1",
        "--paper",
        "letter",
        "--only",
        "pnp",
        *extra,
    )
    path = mini.root / "output" / "mini" / "mini-pnp-letter.pdf"
    return result, path


def words(path) -> str:
    return " ".join(p.extract_text() for p in PdfReader(path).pages)


def test_cards_selects_components_for_a_test_print(cli, mini):
    result, path = pnp(cli, mini, "--cards", "ember,flood")
    assert result.code == 0, result.err
    text = words(path)
    assert "Ember" in text and "Flood" in text
    assert "Spring" not in text and "Blaze" not in text


def test_set_selects_whole_sets(cli, mini):
    result, path = pnp(cli, mini, "--set", "dice")
    assert result.code == 0, result.err
    text = words(path)
    assert "Ember" not in text
    listed = json.loads((mini.root / "output" / "manifest.json").read_text())["artifacts"]
    (entry,) = [a for a in listed if a["path"] == "mini/mini-pnp-letter.pdf"]
    assert entry["pages"] == len(PdfReader(path).pages)


def test_pages_keeps_only_the_pages_asked_for(cli, mini):
    result, path = pnp(cli, mini)
    everything = PdfReader(path)
    assert len(everything.pages) >= 3
    first = everything.pages[0].extract_text()
    result, path = pnp(cli, mini, "--pages", "1-2")
    assert result.code == 0, result.err
    kept = PdfReader(path)
    assert len(kept.pages) == 2
    page = kept.pages[0].extract_text()
    assert page.split("page 1/")[0] == first.split("page 1/")[0]  # the same sheet, renumbered
    assert "page 1/2" in page


def test_a_bad_page_list_is_bad_input(cli, mini):
    result, _ = pnp(cli, mini, "--pages", "2-1")
    assert result.code == 2
    assert "command line: --pages: the range '2-1' is not a range of pages from 1 on" in result.err


def test_help_lists_every_build_option_and_every_part(capsys):
    import re

    import pytest

    for argv in (["--help"],):
        with pytest.raises(SystemExit):
            parser().parse_args(argv)
    top = capsys.readouterr().out
    with pytest.raises(SystemExit):
        parser().parse_args(["build", "--help"])
    build = capsys.readouterr().out
    flags = set(re.findall(r"(?<![\w-])--[a-z][a-z-]+", build))
    assert {"--paper", "--only", "--set", "--cards", "--pages", "--gutterfold"} <= flags
    assert flags <= set(re.findall(r"(?<![\w-])--[a-z][a-z-]+", top))
    from cardstock.stages import PARTS

    for part in PARTS:
        assert part in top


def test_a_name_with_accents_gives_a_readable_id(cli, mini):
    mini.replace("cards.csv", "flood,Flood,", ",Café Brawl,")
    result = cli("--root", str(mini.root), "catalog", "mini", "--json")
    assert result.code == 0, result.err
    ids = [c["id"] for c in json.loads(result.out)["components"]]
    assert "cafe-brawl" in ids


def test_the_command_freezes_the_collector_before_the_process_exits(monkeypatch):
    """`cardstock` (the console script, `python -m cardstock`, build.py) runs `main` and
    exits with its code; what the process made is frozen first, so the collection Python
    makes as it exits does not look through all of it."""
    import gc

    from cardstock import cli

    order = []
    monkeypatch.setattr(cli, "main", lambda: order.append("main") or 3)
    monkeypatch.setattr(gc, "freeze", lambda: order.append("freeze"))
    with pytest.raises(SystemExit) as stopped:
        cli.run()
    assert stopped.value.code == 3 and order == ["main", "freeze"]


def test_every_way_to_start_cardstock_goes_through_run():
    import tomllib

    assert (
        tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]["cardstock"]
        == "cardstock.cli:run"
    )
    for path in (ROOT / "build.py", ROOT / "cardstock" / "__main__.py"):
        assert "run()" in path.read_text(encoding="utf-8")


def test_the_reading_fonts_the_command_line_offers_are_the_books_own():
    from cardstock.books.fonts import READING_FONTS as BOOKS
    from cardstock.cli.arguments import READING_FONTS as OFFERED

    assert OFFERED == BOOKS


def test_a_folder_on_the_command_line_names_its_games(cli, mini, monkeypatch):
    """`cardstock check .` where a designer stands: the project's folder is every game,
    a game's catalog folder that game; a folder of no game is reported, not guessed."""
    monkeypatch.chdir(mini.root)
    everything = cli("check", ".", "--only", "counts")
    assert everything.code == 0, everything.err
    assert "mini passes" in everything.out
    monkeypatch.chdir(mini.folder)
    one = cli("check", ".", "--only", "counts")
    assert one.code == 0, one.err
    assert "the game passed the rules check" in one.out
    (mini.root / "elsewhere").mkdir()
    stray = cli("check", "../../elsewhere", "--only", "counts")
    assert stray.code == 2
    assert "unknown game '../../elsewhere'" in stray.err
