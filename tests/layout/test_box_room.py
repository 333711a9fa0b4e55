"""A layout box the written lengths leave no room on the face (its `left` and `right`, or
`top` and `bottom`, crossing or meeting; one edge at the frame's far side; a `width` of
0) is refused by validation at the line of the key that decides it, naming the box and
the values: exit 2, nothing written, once however many layouts extend it. One a template
places is refused where a face is drawn, naming the first card it was drawn for. A box
of a small but positive size, and a line 0 thick, are drawn; a box only the defaults
cardstock ships place, on a face smaller than they are made for, is a warning."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_edits import starter

from cardstock.cli import main

GAME = "moon-race"
RECT = 'type = "rect"\nfill = "#000000"\n'


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return starter(tmp_path)


def add_box(root: Path, lines: str) -> int:
    """The starter's card layout with one more box, `squeezed`; the line of its first key
    after its type and fill."""
    faces = root / "layouts" / GAME / "faces.toml"
    text = faces.read_text()
    faces.write_text(text + "\n[layouts.card.boxes.squeezed]\n" + RECT + lines)
    return text.count("\n") + 5


def run(root: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["--root", str(root), *args])
    out = capsys.readouterr()
    return code, out.out + out.err


def build(root: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    return run(root, capsys, "build", "--jobs", "1", "--paper", "letter")


@pytest.mark.parametrize(
    "written, offset, key, said",
    [
        (
            'left = "60%"\nright = "50%"\n',
            1,
            "right",
            "left '60%' and right '50%' leave the box 'squeezed' no width (-5.75mm, in a safe "
            "frame 57.50mm wide on a 63.50mm x 88.90mm face); give it a width above 0",
        ),
        (
            'top = "50mm"\nbottom = "40mm"\n',
            1,
            "bottom",
            "top '50mm' and bottom '40mm' leave the box 'squeezed' no height (-7.10mm, in a "
            "safe frame 82.90mm high",
        ),
        (
            'left = "30mm"\nright = "50%"\nwidth = "40mm"\n',  # both edges: the width unread
            1,
            "right",
            "left '30mm' and right '50%' leave the box 'squeezed' no width (-1.25mm",
        ),
        ('top = "100%"\n', 0, "top", "top '100%' leaves the box 'squeezed' no height (0.00mm"),
        ('right = "2mm"\nwidth = "0mm"\n', 1, "width", "width '0mm' leaves the box 'squeezed'"),
    ],
    ids=["edges-crossing", "top-and-bottom", "edges-and-width", "an-edge-at-the-far-side", "0"],
)
def test_a_box_its_written_lengths_leave_no_room_is_refused_at_the_deciding_key(
    root, capsys, written, offset, key, said
):
    line = add_box(root, written)
    code, out = run(root, capsys, "check")
    assert code == 2, out
    found = [row for row in out.splitlines() if "no width" in row or "no height" in row]
    assert len(found) == 1, out  # once, though `note` extends `card` and draws it too
    assert found[0].startswith(
        f"layouts/{GAME}/faces.toml:{line + offset}: layouts.card.boxes.squeezed.{key}: {said}"
    ), out
    code, out = build(root, capsys)
    assert code == 2 and "nothing was written" in out, out
    assert "Traceback" not in out and "internal error" not in out
    assert not (root / "output").exists()


def test_edges_in_the_bleed_frame_are_measured_in_it(root, capsys):
    line = add_box(root, 'frame = "bleed"\nleft = "35mm"\nright = "35mm"\n')
    code, out = run(root, capsys, "check")
    assert code == 2
    assert (
        f"faces.toml:{line + 2}: layouts.card.boxes.squeezed.right: left '35mm' and right "
        "'35mm' leave the box 'squeezed' no width (-0.50mm, in a bleed frame 69.50mm wide" in out
    )


def test_a_box_of_a_small_but_positive_size_is_drawn(root, capsys):
    add_box(root, 'left = "49%"\nright = "50%"\ntop = "10mm"\nheight = "0.1mm"\n')
    code, out = build(root, capsys)
    assert code == 0, out
    assert "squeezed" not in out


def test_a_line_0_thick_is_drawn_and_one_whose_edges_cross_is_not(root, capsys):
    faces = root / "layouts" / GAME / "faces.toml"
    written = faces.read_text()
    box = '\n[layouts.card.boxes.rule]\ntype = "line"\ntop = "50%"\nbottom = "{}"\n'
    faces.write_text(written + box.format("50%"))
    code, out = build(root, capsys)
    assert code == 0, out
    faces.write_text(written + box.format("60%"))
    code, out = run(root, capsys, "check")
    assert code == 2
    assert "layouts.card.boxes.rule.bottom: top '50%' and bottom '60%' leave the box 'rule'" in out


def test_a_box_a_template_leaves_no_room_is_refused_where_a_face_is_drawn(root, capsys):
    line = add_box(root, 'left = "{{ 60 if id == \'noon\' else 10 }}%"\nright = "50%"\n')
    code, out = build(root, capsys)
    assert code == 2, out
    found = [row for row in out.splitlines() if "no width" in row]
    assert found == [
        f"layouts/{GAME}/faces.toml:{line}: layouts.card.boxes.squeezed.left: left '60%' and "
        "right '50%' leave the box 'squeezed' no width (-5.75mm, in a safe frame 57.50mm wide "
        "on a 63.50mm x 88.90mm face); give it a width above 0 (drawing component 'noon')"
    ], out
    assert "Traceback" not in out and "internal error" not in out
    assert not (root / "output").exists()


def test_a_box_only_the_shipped_defaults_place_on_a_small_card_is_a_warning(tmp_path, capsys):
    root = starter(tmp_path)
    game = root / "catalog" / GAME / "game.toml"
    game.write_text(game.read_text().replace('"poker"', '"24mm x 40mm"', 1))
    code, out = run(root, capsys, "check")
    assert code != 2, out  # the texts that do not fit fail the rules check: not bad input
    assert (
        "cardstock:layouts/default.toml:139: layouts.card.boxes.title.right: warning: left "
        "'9.3mm' and right '9.3mm' leave the box 'title' no width (-0.60mm" in out
    ), out
    assert "set the box's edges in the game's layout file to draw it" in out


def test_a_box_drawn_only_when_its_condition_holds_is_a_warning(root, capsys):
    """Its `when` may keep it off every face of this size (a box for larger cards in a
    layout several sizes share): the check says so, and the build goes on."""
    line = add_box(root, 'left = "60%"\nright = "50%"\nwhen = "id == \'noon\'"\n')
    code, out = run(root, capsys, "check")
    assert code != 2, out
    assert (
        f"layouts/{GAME}/faces.toml:{line + 1}: layouts.card.boxes.squeezed.right: warning: left "
        "'60%' and right '50%' leave the box 'squeezed' no width" in out
    ), out


LINE = '\n[layouts.card.boxes.dot]\ntype = "line"\nstroke = "#000000"\n'


@pytest.mark.parametrize(
    "written, key, said",
    [
        (
            'left = "50%"\nright = "50%"\ntop = "50%"\nbottom = "50%"\n',
            "bottom",
            "left '50%', right '50%', top '50%' and bottom '50%' leave the line 'dot' no "
            "width and no height, a point that draws nothing (in a safe frame 57.50mm x "
            "82.90mm on a 63.50mm x 88.90mm face); give it a width or a height above 0",
        ),
        (
            'width = "0mm"\nheight = "0mm"\n',
            "height",
            "width '0mm' and height '0mm' leave the line 'dot' no width and no height",
        ),
    ],
    ids=["edges-meeting-both-ways", "sizes-of-0"],
)
def test_a_line_0_long_on_both_axes_is_refused_as_a_point(root, capsys, written, key, said):
    faces = root / "layouts" / GAME / "faces.toml"
    text = faces.read_text()
    faces.write_text(text + LINE + written)
    line = (
        text.count("\n")
        + 5
        + written.split("\n").index(
            next(row for row in written.split("\n") if row.startswith(f"{key} ="))
        )
    )
    code, out = run(root, capsys, "check")
    assert code == 2, out
    found = [row for row in out.splitlines() if "boxes.dot" in row]
    assert len(found) == 1, out
    assert found[0].startswith(f"layouts/{GAME}/faces.toml:{line}: layouts.card.boxes.dot.{key}: ")
    assert said in found[0], out
    code, out = build(root, capsys)
    assert code == 2 and "nothing was written" in out, out
    assert not (root / "output").exists()


@pytest.mark.parametrize(
    "written",
    [
        'left = "10mm"\nright = "10mm"\nheight = "0mm"\n',
        'width = "0mm"\ntop = "10mm"\nbottom = "10mm"\n',
    ],
    ids=["across", "down"],
)
def test_a_line_0_thick_on_one_axis_and_long_on_the_other_is_drawn(root, capsys, written):
    faces = root / "layouts" / GAME / "faces.toml"
    faces.write_text(faces.read_text() + LINE + written)
    code, out = build(root, capsys)
    assert code == 0, out
    assert "no width" not in out and "no height" not in out and "a point" not in out


DIE = """
[[sets]]
id = "dice"
name = "Dice"
kind = "die"
group = "Dice"
fields = { faces = { type = "list", required = true } }
rows = [{ id = "d6", name = "Die", faces = "1|2|3|4|5|6" }]
"""
PAWN = """
[[sets]]
id = "pawns"
name = "Pawns"
kind = "pawn"
group = "Pawns"
rows = [{ id = "runner", name = "Runner" }]
"""
# (the set, its panel layout, lengths that have room on a card but not on the panel, what
# the message says of the room and the panel)
PANELS = [
    (
        DIE,
        "die-face",
        'left = "8mm"\nright = "6mm"\n',
        "(-0.56mm, in a safe frame 13.44mm wide on a 16.00mm x 16.00mm panel 'die-face' of "
        "the die net 'die'); give it a width above 0",
    ),
    (
        PAWN,
        "pawn-panel",
        'left = "12mm"\nright = "10mm"\n',
        "(-1.00mm, in a safe frame 21.00mm wide on a 25.00mm x 40.00mm panel 'pawn-panel' "
        "of the standee 'pawn'); give it a width above 0",
    ),
]


def panel_box(root: Path, panel: str, lines: str, more: str = "") -> int:
    """The box `squeezed`, with `lines` for its place, added to the card's layout and, with
    `more`, to `panel`; the line of its `right` in the panel's."""
    add_box(root, lines)
    faces = root / "layouts" / GAME / "faces.toml"
    text = faces.read_text()
    faces.write_text(text + f"\n[layouts.{panel}.boxes.squeezed]\n" + RECT + lines + more)
    return text.count("\n") + 6


@pytest.mark.parametrize("game, panel, lines, said", PANELS, ids=["die-net", "standee"])
def test_a_box_with_room_on_the_card_but_none_on_a_panel_is_refused_naming_it(
    tmp_path, capsys, game, panel, lines, said
):
    root = starter(tmp_path, game=game)
    line = panel_box(root, panel, lines)
    code, out = run(root, capsys, "check")
    assert code == 2, out
    found = [row for row in out.splitlines() if "no width" in row]
    assert found == [
        f"layouts/{GAME}/faces.toml:{line}: layouts.{panel}.boxes.squeezed.right: left "
        f"'{lines.split(chr(34))[1]}' and right '{lines.split(chr(34))[3]}' leave the box "
        f"'squeezed' no width {said}"
    ], out  # the card's own box, the same lengths, has room
    code, out = build(root, capsys)
    assert code == 2 and "nothing was written" in out, out
    assert not (root / "output").exists()


@pytest.mark.parametrize("game, panel, lines, said", PANELS[:1], ids=["die-net"])
def test_a_panel_box_drawn_only_when_its_condition_holds_is_a_warning(
    tmp_path, capsys, game, panel, lines, said
):
    root = starter(tmp_path, game=game)
    line = panel_box(root, panel, lines, 'when = "face_number == 6"\n')
    code, out = run(root, capsys, "check")
    assert code != 2, out
    assert (
        f"layouts/{GAME}/faces.toml:{line}: layouts.{panel}.boxes.squeezed.right: warning: "
        f"left '8mm' and right '6mm' leave the box 'squeezed' no width {said}"
    ) in out, out
