"""The `greyscale` check: two values of a field a player tells apart that differ only by
colour, and by less than a visible lightness step (or merge in a colour-vision view), are
a located warning naming the field, the values and a face of each; an icon of each tells
them apart; `[[acknowledge]]` accepts the warning with its reason."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from conftest import GAMES, ROOT
from helpers_faces import make_project

from cardstock.cli import main
from cardstock.core.stage import Job
from cardstock.layout.faces import Faces
from cardstock.layout.safety.greyscale import GREY_STEP, lightness_step
from cardstock.layout.step import lay_out

# a red and a green a black-and-white print makes the same grey (and red-green blindness
# the same colour); the blue is far lighter
RED, GREEN, SKY = "#c0392b", "#3f7f3a", "#9fd3f0"

GAME = """
id = "fixture"
title = "Fixture"
version = "1.0.0"
players = {{ min = 2, max = 4 }}

[print]
card_size = "poker"

[icons.fire]
label = "Fire"
symbol = "flame"

[icons.water]
label = "Water"
symbol = "drop"

[backs.deck]
title = "Fixture"
color = "#223344"

[[sets]]
id = "cards"
name = "Cards"
kind = "card"
group = "Cards"
back = "deck"
layout = "suited"
rows = [
  {{ id = "r1", name = "One", count = 1, suit = "red", ink = "{red}", mark = "{mark_red}" }},
  {{ id = "r2", name = "Two", count = 1, suit = "red", ink = "{red}", mark = "{mark_red}" }},
  {{ id = "g1", name = "One", count = 1, suit = "green", ink = "{green}", mark = "{mark_green}" }},
  {{ id = "g2", name = "Two", count = 1, suit = "green", ink = "{green}", mark = "{mark_green}" }},
  {{ id = "s1", name = "One", count = 1, suit = "sky", ink = "{sky}", mark = "{mark_red}" }},
  {{ id = "s2", name = "Two", count = 1, suit = "sky", ink = "{sky}", mark = "{mark_red}" }},
]

[sets.fields]
suit = {{ type = "choice", choices = ["red", "green", "sky"] }}
ink = {{ type = "color" }}
mark = {{ type = "icon" }}
"""

FACES = """
[layouts.suited]
shape = "rect"

[layouts.suited.boxes.title]
type = "text"
text = "{{ name }}"
top = "2mm"
height = "6mm"

[layouts.suited.boxes.band]
type = "rect"
top = "10mm"
height = "20mm"
fill = "{{ ink }}"

[layouts.suited.boxes.mark]
type = "icon"
icon = "{{ mark }}"
top = "12mm"
left = "5mm"
width = "8mm"
height = "8mm"
color = "#000000"
"""


def project(tmp: Path, *, icons_differ: bool, rules: str = "") -> Path:
    marks = {"mark_red": "fire", "mark_green": "water" if icons_differ else "fire"}
    game = GAME.format(red=RED, green=GREEN, sky=SKY, **marks)
    root = make_project(tmp, FACES, game=game)
    if rules:
        (root / "catalog" / "fixture" / "rules.toml").write_text(rules, encoding="utf-8")
    return root


def warnings(root: Path) -> list[str]:
    from helpers_faces import load

    cat = load(root)
    return [i.render() for i in lay_out(Job(cat, Faces(cat))).values.warnings()]


def test_the_red_and_green_on_purpose_are_a_grey_step_apart_at_most() -> None:
    assert lightness_step(RED, GREEN) < GREY_STEP <= lightness_step(RED, SKY)


def test_two_values_only_a_colour_tells_apart_read_as_one_in_greyscale(tmp_path: Path) -> None:
    found = warnings(project(tmp_path, icons_differ=False))
    # the suit, and the colour field that paints it, each once: red and green alone
    assert [w.split(": ")[1] for w in found] == ["sets[0].fields.suit", "sets[0].fields.ink"]
    line = found[0]
    assert line.startswith("catalog/fixture/game.toml:")
    assert "sets[0].fields.suit" in line
    assert "'red' (r1) and 'green' (g1)" in line
    assert "greyscale" in line and "deuteranopia" in line


def test_an_icon_of_each_value_tells_them_apart(tmp_path: Path) -> None:
    assert warnings(project(tmp_path, icons_differ=True)) == []


def _check(root: Path) -> str:
    """What `cardstock check -v` says of the fixture game."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        main(["--root", str(root), "check", "fixture", "-v"])
    return out.getvalue() + err.getvalue()


def test_the_check_reports_it_and_an_acknowledgment_accepts_it(tmp_path: Path) -> None:
    root = project(tmp_path / "plain", icons_differ=False)
    said = _check(root)
    assert "warning: field 'suit' of set 'cards': 'red' (r1) and 'green' (g1)" in said, said
    ack = (
        '[[acknowledge]]\ncheck = "greyscale"\ncontains = "\'green\'"\n'
        'reason = "the two suits are never in play at once"\n'
    )
    said = _check(project(tmp_path / "ack", icons_differ=False, rules=ack))
    line = GAME.splitlines().index(
        'suit = {{ type = "choice", choices = ["red", "green", "sky"] }}'
    )
    suit = f"catalog/fixture/game.toml:{line + 1}: sets[0].fields.suit: warning:"
    shown = [line.strip() for line in said.splitlines() if suit in line]
    assert len(shown) == 1 and shown[0].startswith(f"acknowledged: {suit}"), shown
    assert shown[0].endswith("— the two suits are never in play at once")


def test_the_shipped_games_find_nothing_in_any_edition(cli) -> None:
    """On the five shipped games, in colour and in both other editions,
    every value of a field a player tells apart has a shape of its own or a grey step
    (docs/print-safety.md, "Greyscale"): the check finds nothing, acknowledged or not."""
    args = ["--root", str(ROOT), "check", "--only", "greyscale"]
    result = cli(*args, "--edition", "ink-saver,high-contrast")
    said = result.out + result.err
    assert result.code == 0, said
    for game in GAMES:
        for edition in (game, f"{game}-ink-saver", f"{game}-high-contrast"):
            assert f"{edition} passes: 1 passed, 0 failed" in said, (edition, said)
    checked = said.count(" passes: 1 passed, 0 failed")
    assert checked == 3 * len(GAMES)
    assert said.count("in each colour-vision view, else differ by a shape: no findings") == checked
    assert "warning" not in said and "acknowledged" not in said, said
