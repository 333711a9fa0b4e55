"""Colour vision: the Machado 2009 simulation, CIEDE2000, and the `colour-vision` check,
which warns where sets are told apart only by colours a colour-blind player sees as one."""

from __future__ import annotations

import pytest
from playtest_project import GAME, project

from cardstock.cli import main
from cardstock.layout.safety.vision import delta_e, delta_e_lab, merged_in, parse, simulate


# Sharma, Wu and Dalal (2005), table 1: pairs of Lab colours and their CIEDE2000
@pytest.mark.parametrize(
    "one, two, expected",
    [
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, -1.0, 2.0), (50.0, 0.0, 0.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((22.7233, 20.0904, -46.694), (23.0331, 14.973, -42.5619), 2.0373),
    ],
)
def test_ciede2000_matches_the_published_test_data(one, two, expected):
    assert delta_e_lab(one, two) == pytest.approx(expected, abs=1e-4)


def test_red_and_green_merge_for_protanopes_and_deuteranopes_but_not_for_tritanopes():
    red, green = parse("#a93226"), parse("#386830")
    assert delta_e(red, green) > 40
    for d in ("protanopia", "deuteranopia"):
        assert delta_e(simulate(red, d), simulate(green, d)) < 10
    assert delta_e(simulate(red, "tritanopia"), simulate(green, "tritanopia")) > 10
    assert (
        delta_e(simulate(red, "protanopia"), simulate(parse("#2e86c1"), "protanopia")) > 10
    )  # red and blue stay apart
    assert simulate((1.0, 1.0, 1.0), "protanopia") == pytest.approx(
        (1.0, 1.0, 1.0), abs=1e-3
    )  # white stays white


TEAMS = """
[[sets]]
id = "{id}"
name = "{name}"
kind = "card"
group = "{name}"
back = "deck"
layout = "{id}"
rows = [ {{ name = "{name} one" }}, {{ name = "{name} two" }} ]
"""

LAYOUT = """
[layouts.{id}]
[layouts.{id}.boxes.band]
type = "rect"
frame = "bleed"
fill = "{colour}"
[layouts.{id}.boxes.title]
type = "text"
top = "40%"
text = "{{{{ name }}}}"
size = "14pt"
align = "center"
{more}
"""


def teams(root, one, two, marks=("", "")):
    game = root / "catalog" / GAME / "game.toml"
    faces = root / "layouts" / GAME / "faces.toml"
    text, layouts = game.read_text(), faces.read_text()
    for (sid, name, colour), more in zip((one, two), marks):
        text += TEAMS.format(id=sid, name=name)
        layouts += LAYOUT.format(id=sid, colour=colour, more=more)
    game.write_text(text)
    faces.write_text(layouts)
    rules = root / "catalog" / GAME / "rules.toml"  # four more cards, so the counts still hold
    rules.write_text(
        rules.read_text().replace(
            'match = { set = "deck" }\ncount = 16', 'match = { set = "deck" }\ncount = 16', 1
        )
    )


def check(root, capsys):
    capsys.readouterr()
    code = main(["--root", str(root), "check", "--runs", "10", "--only", "colour-vision", "-v"])
    said = capsys.readouterr()
    assert code == 0, said.err  # warnings: the check passes
    return said.out


@pytest.mark.parametrize("red, green", [("#a93226", "#386830"), ("#d35400", "#488800")])
def test_two_sets_told_apart_only_by_red_and_green_are_flagged(tmp_path, capsys, red, green):
    root = project(tmp_path / "p")
    teams(root, ("reds", "Reds", red), ("greens", "Greens", green))
    said = check(root, capsys)
    assert "set 'greens' and set 'reds' differ only by colour" in said
    assert "protanopia" in said and "deuteranopia" in said


@pytest.mark.parametrize(
    "marks",
    [
        (
            '[layouts.reds.boxes.sign]\ntype = "icon"\nsymbol = "sun"\nleft = "5mm"\ntop = "5mm"\n'
            'width = "8mm"\nheight = "8mm"',
            "",
        ),
        (
            '[layouts.reds.boxes.sign]\ntype = "text"\ntext = "RED"\nbottom = "5mm"\n'
            'height = "6mm"',
            '[layouts.greens.boxes.sign]\ntype = "text"\ntext = "GREEN"\nbottom = "5mm"\nheight = '
            '"6mm"',
        ),
    ],
)
def test_an_icon_or_a_word_of_its_own_tells_the_sets_apart(tmp_path, capsys, marks):
    root = project(tmp_path / "p")
    teams(root, ("reds", "Reds", "#a93226"), ("greens", "Greens", "#386830"), marks)
    assert "differ only by colour" not in check(root, capsys)


def test_colours_everyone_tells_apart_are_not_flagged(tmp_path, capsys):
    root = project(tmp_path / "p")
    teams(root, ("darks", "Darks", "#1b2631"), ("lights", "Lights", "#f9e79f"))
    assert "differ only by colour" not in check(root, capsys)


def test_proof_cvd_reports_the_sets_and_strict_fails_on_them(tmp_path, capsys):
    root = project(tmp_path / "p")
    teams(root, ("reds", "Reds", "#a93226"), ("greens", "Greens", "#386830"))
    capsys.readouterr()
    assert main(["--root", str(root), "proof", "--cvd", "--strict"]) == 1
    assert "set 'greens' and set 'reds' differ only by colour" in capsys.readouterr().err


def test_cards_of_one_set_told_apart_only_by_a_colour_field_are_flagged(tmp_path, capsys):
    root = project(tmp_path / "p")
    game = root / "catalog" / GAME / "game.toml"
    game.write_text(
        game.read_text()
        + TEAMS.format(id="flags", name="Flag").replace(
            'rows = [ { name = "Flag one" }, { name = "Flag two" } ]',
            'fields.flag = { type = "color" }\nrows = [ { name = "Flag", flag = "#a93226", count = '
            '2 }, { name = "Flag", id = "flag-b", flag = "#386830" } ]',
        )
    )
    faces = root / "layouts" / GAME / "faces.toml"
    faces.write_text(faces.read_text() + LAYOUT.format(id="flags", colour="{{ flag }}", more=""))
    said = check(root, capsys)
    assert "card 'flag-b' and card 'flag' differ only by colour" in said


def test_a_looks_shape_leaves_out_only_the_colours_of_what_it_draws():
    from cardstock.layout.ops import Group, Icon, Path, Rect, SymbolPart, Text
    from cardstock.layout.safety.vision import shape_key

    part = (SymbolPart((("M", 0.0, 0.0), ("L", 100.0, 100.0), ("Z",))),)

    def look(fill, ink, icon, y=10.0, symbol="fire"):
        return [
            Rect(0, 0, 60, 90, fill=fill),
            Group((Text(5, y, "Ember", "sans", 9, ink),), None, None),
            Icon(5, 40, 12, symbol, icon, part),
            Path((("M", 1.0, 1.0), ("L", 2.0, 2.0)), stroke=ink),
        ]

    assert shape_key(look("#c0392b", "#000000", "#ffffff")) == shape_key(
        look("#27ae60", "#222222", "#ff0000")
    )
    assert shape_key(look("#c0392b", "#000000", "#ffffff")) != shape_key(
        look("#c0392b", "#000000", "#ffffff", y=11.0)
    )
    assert shape_key(look("#c0392b", "#000000", "#ffffff")) != shape_key(
        look("#c0392b", "#000000", "#ffffff", symbol="water")
    )
    assert shape_key(look("#c0392b", "#000000", "#ffffff")) != shape_key(
        look(None, "#000000", "#ffffff")
    )  # no fill is not a fill


# A palette in which some colours merge for colour-blind players (reds and greens) and
# some do not (blues, a yellow), painted on cards that differ by nothing else.
FLAGS = ("#a93226", "#386830", "#d35400", "#488800", "#2e86c1", "#f4d03f", "#A93226")
INKS = ("#000000", "#7b241c", "#1e5631")


def colour_only_deck(root):
    """The starter with a set of cards that differ only by their two colour fields: every
    colouring of the palette, each on two cards (one face, two cards)."""
    rows = ", ".join(
        f'{{ name = "Flag", id = "flag-{i}-{j}-{copy}", flag = "{flag}", ink = "{ink}" }}'
        for i, flag in enumerate(FLAGS)
        for j, ink in enumerate(INKS)
        for copy in range(2)
    )
    game = root / "catalog" / GAME / "game.toml"
    game.write_text(
        game.read_text()
        + TEAMS.format(id="flags", name="Flag").replace(
            'rows = [ { name = "Flag one" }, { name = "Flag two" } ]',
            'fields.flag = { type = "color" }\nfields.ink = { type = "color" }\n'
            f"rows = [ {rows} ]",
        )
    )
    faces = root / "layouts" / GAME / "faces.toml"
    more = '[layouts.flags.boxes.mark]\ntype = "text"\ntext = "F"\ncolor = "{{ ink }}"\n'
    faces.write_text(faces.read_text() + LAYOUT.format(id="flags", colour="{{ flag }}", more=more))


def test_looks_told_apart_only_by_colour_are_compared_once_a_colouring(
    tmp_path, capsys, monkeypatch
):
    """The findings are those of comparing every look with every earlier look of its shape
    (worked out here pair by pair with `merged_in`), and each distinct colour is simulated
    once, however many looks paint with it."""
    from cardstock.layout.safety import vision

    root = project(tmp_path / "p")
    colour_only_deck(root)
    looks: list[dict[str, list[tuple[object, ...]]]] = []
    real_colour_only = vision._colour_only

    def colour_only(by_shape):
        looks.append(by_shape)
        return real_colour_only(by_shape)

    simulated: list[tuple[float, float, float]] = []
    real_simulate = vision.simulate

    def simulate_counted(rgb, deficiency):
        simulated.append(rgb)
        return real_simulate(rgb, deficiency)

    monkeypatch.setattr(vision, "_colour_only", colour_only)
    monkeypatch.setattr(vision, "simulate", simulate_counted)
    said = check(root, capsys)
    simulations = len(simulated)  # the check's (`merged_in` below simulates again)
    (by_shape,) = looks
    expected = []
    for group in by_shape.values():
        for i, (label, *_where, colours) in enumerate(group):
            for other, *_rest, other_colours in group[:i]:
                if other_colours == colours:
                    continue
                hit, pairs = merged_in(other_colours, colours)
                if hit:
                    shown = ", ".join(f"{a} and {b}" for a, b in pairs[:3])
                    expected.append(
                        f"{label} and {other} differ only by colour ({shown}), which read "
                        f"as one with {', '.join(hit)} "
                    )
    found = [line.strip() for line in said.splitlines() if "differ only by colour" in line]
    assert len(expected) > len(FLAGS)  # the palette has colours that merge, often
    assert len(found) == len(expected)
    for line, start in zip(found, expected):
        assert start in line
    colours = {c.lower() for group in by_shape.values() for *_, cs in group for c in cs if c}
    assert simulations <= len(vision.DEFICIENCIES) * len(colours)


def test_a_sets_common_drawing_is_found_by_identity_without_hashing_its_ops(monkeypatch):
    from cardstock.layout.ops import Rect
    from cardstock.layout.safety import vision

    frame, band, title = Rect(0, 0, 10, 10, fill="#ff0000"), Rect(1, 1, 5, 5), Rect(2, 2, 3, 3)
    hashed: list[int] = []
    real = Rect.__hash__
    monkeypatch.setattr(Rect, "__hash__", lambda self: hashed.append(1) or real(self))
    # the boxes a set's faces share are the same ops on each face: found without a hash
    assert vision._shared((frame, band), [title, frame, band]) == (frame, band)
    assert hashed == []
    # an equal op drawn anew is found too, and each op as often as both draw it
    again = Rect(1, 1, 5, 5)
    assert vision._shared((frame, band), [frame, again]) == (frame, band)
    assert vision._shared((frame, band, band), [band, frame]) == (frame, band)
    assert vision._shared((frame, title), [frame]) == (frame,)


def test_ops_faces_share_are_read_once_even_inside_a_group_made_for_each_face(monkeypatch):
    """Generated art is a group made for each face around a ground and rays every face of
    its turn and palette shares: each op object is left without its colours once, and
    each face's look is the one worked out from its whole drawing."""
    from cardstock.layout.ops import Group, Path, Rect, Text
    from cardstock.layout.safety import vision

    frame = Rect(0, 0, 60, 90, fill="#2c3e50")
    ground = Rect(5, 5, 50, 40, fill="#f2d7d5")
    rays = tuple(
        Path((("M", 30.0, 25.0), ("L", float(x), 0.0), ("L", float(x) + 4, 0.0), ("Z",)), fill=c)
        for x, c in ((0, "#e6b0aa"), (20, "#d98880"), (40, "#e6b0aa"))
    )
    faces = [
        (
            frame,
            Group((ground, *rays, Text(8, 20, f"Card {n}", "sans", 9, "#000000")), None, None),
        )
        for n in range(30)
    ]
    read: list[object] = []
    real_blank = vision._blank
    monkeypatch.setattr(vision, "_blank", lambda op: read.append(op) or real_blank(op))
    blanks = vision._Blanks()
    looks = [blanks.look(ops) for ops in faces]
    assert len({id(op) for op in read}) == len(read)  # no op read twice
    assert len(read) == 2 + len(rays) + len(faces)  # frame, ground, rays, each face's words
    monkeypatch.setattr(vision, "_blank", real_blank)
    assert looks == [(vision.shape_key(ops), tuple(vision._colours(ops, []))) for ops in faces]
    assert len({shape for shape, _ in looks}) == len(faces)  # each face's words its own
