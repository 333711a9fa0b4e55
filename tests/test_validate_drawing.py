"""Layout, font and template errors that only drawing the faces can find are bad input:
the build and the check exit 2 (never 1, the failed rules check), print each problem once
with the number of faces it hits, and write nothing into output/."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from conftest import load_games

from cardstock.init import init_project

GAME = "demo"


@pytest.fixture
def project(tmp_path) -> Path:
    root = tmp_path / "proj"
    init_project(root, "Demo")
    return root


def faces(root: Path, text: str) -> int:
    """Add `text` at the end of the starter's own faces.toml (its layouts kept: its sets
    name them); the line of the first key `text` sets."""
    path = root / "layouts" / GAME / "faces.toml"
    kept = path.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
    path.write_text(kept + text, encoding="utf-8")
    return kept.count("\n") + 2


def drawing_card(root: Path) -> set[str]:
    """The layouts that draw the boxes of `card`: itself and every layout extending it,
    read from the starter's own faces.toml."""
    layouts = tomllib.loads((root / "layouts" / GAME / "faces.toml").read_text("utf-8"))
    parents = {name: spec.get("extends") for name, spec in layouts["layouts"].items()}

    def reaches_card(name: str | None) -> bool:
        while name is not None and name != "card":
            name = parents.get(name)
        return name == "card"

    return {name for name in parents if reaches_card(name)}


def card_faces(root: Path) -> list[str]:
    """The ids of the components drawn with `card`'s boxes (its own layout or one extending
    it), in catalog order."""
    (catalog,), issues = load_games(root, [GAME])
    assert not issues.errors, [i.render() for i in issues]
    drawing = drawing_card(root)
    plain = {s.id for s in catalog.game.sets if (s.layout or "card") in drawing}
    return [c.id for c in catalog.components if c.set in plain]


CASES = {
    "undefined name": (
        '[layouts.card.boxes.title]\ntext = "{{ nosuch.attr }}"\n',
        "title.text",
        "'nosuch' is undefined",
    ),
    "unknown font from a template": (
        '[layouts.card.boxes.title]\nfont = "{{ name }}"\n',
        "title.font",
        "unknown font 'Dawn'",
    ),
    "colour from a template": (
        '[layouts.card.boxes.title]\nstroke = "{{ suit }}"\n',
        "title.stroke",
        "expected a colour",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_layout_error_found_while_drawing_exits_2_once_with_its_count(project, cli, case):
    text, field, words = CASES[case]
    at = faces(project, text)
    drawn = card_faces(project)
    built = cli("--root", str(project), "--jobs", "1", "--paper", "letter")
    assert built.code == 2, built.err
    where = f"layouts/{GAME}/faces.toml:{at}: layouts.card.boxes.{field}: "
    lines = [line for line in built.err.splitlines() if line.startswith(where)]
    assert len(lines) == 1, built.err  # once, not once per card
    # nor once per layout: those extending `card` draw the same line of the file
    assert len(drawing_card(project)) > 1
    assert sum(f":{at}: " in line for line in built.err.splitlines()) == 1, built.err
    line = lines[0]
    assert words in line, line
    assert f"(drawing {len(drawn)} faces, first component '{drawn[0]}')" in line
    assert "rules check failed" not in built.err
    assert not (project / "output").exists() or not any((project / "output").rglob("*.pdf"))

    checked = cli("--root", str(project), "check", "--runs", "10")
    assert checked.code == 2
    assert sum(line.startswith(where) for line in checked.err.splitlines()) == 1


def test_a_template_syntax_error_in_a_layout_is_found_by_validation(project, cli):
    at = faces(project, '[layouts.card.boxes.title]\ntext = "{{ name "\n')
    built = cli("--root", str(project), "--jobs", "1")
    assert built.code == 2
    assert (
        f"layouts/{GAME}/faces.toml:{at}: layouts.card.boxes.title.text: template syntax error"
        in built.err
    )
    assert not (project / "output").exists()


def test_an_unknown_font_named_in_a_layout_is_found_by_validation(project, cli):
    faces(project, '[layouts.card.boxes.title]\nfont = "NoSuchFont"\n')
    built = cli("--root", str(project), "--jobs", "1")
    assert built.code == 2
    assert "layouts.card.boxes.title.font: unknown font 'NoSuchFont'" in built.err
    assert not (project / "output").exists()


def test_a_broken_template_in_card_text_is_bad_input(project, cli):
    csv = project / "catalog" / GAME / "cards.csv"
    csv.write_text(
        csv.read_text(encoding="utf-8").replace("Play on any Sun card.", "Play {{ on any"),
        encoding="utf-8",
    )
    built = cli("--root", str(project), "--jobs", "1")
    assert built.code == 2, built.err
    assert f"catalog/{GAME}/cards.csv:3: text: template syntax error" in built.err
    assert not (project / "output").exists()


def test_an_icon_the_game_does_not_declare_in_card_text_is_bad_input(project, cli):
    csv = project / "catalog" / GAME / "cards.csv"
    csv.write_text(
        csv.read_text(encoding="utf-8").replace(
            "Play on any Sun card.", "Play on any :nosuchicon: card."
        ),
        encoding="utf-8",
    )
    built = cli("--root", str(project), "--jobs", "2")
    assert built.code == 2, built.err
    assert sum("names the icon :nosuchicon:" in line for line in built.err.splitlines()) == 1
    assert not (project / "output").exists() or not any((project / "output").rglob("*.pdf"))


def test_text_that_does_not_fit_still_fails_the_rules_check(project, cli):
    csv = project / "catalog" / GAME / "cards.csv"
    csv.write_text(
        csv.read_text(encoding="utf-8").replace(
            "Play on any Sun card.", "Play on any Sun card. " * 60
        ),
        encoding="utf-8",
    )
    built = cli("--root", str(project), "--jobs", "1", "--paper", "letter")
    assert built.code == 1, built.err
    assert "does not fit" in built.err
