"""The high-contrast edition: every text run of every shipped game's faces stands out 7:1
(WCAG AAA) from what is painted under it, measured as the print-safety lint measures its
4.5:1 (`safety.measures`: the ground under the run's centre and its quarters, over what
was drawn before it), and none lies over art."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import GAMES, ROOT

from cardstock.catalog.load import load_games
from cardstock.layout.faces import Faces
from cardstock.layout.ops import Face, Group, Matrix, Text, multiply
from cardstock.layout.safety.ground import IDENTITY, Box, Paint, fills, path_points, points_box
from cardstock.layout.safety.measures import least_contrast, marks

AAA = 7.0


def text_contrasts(face: Face) -> list[tuple[str, float | None]]:
    """Each text run of the face with its contrast as the lint measures it (None: over
    an image), in drawing order."""
    drawn: list[Paint] = []
    out: list[tuple[str, float | None]] = []

    def walk(ops: tuple[object, ...], m: Matrix, clip: Box | None) -> None:
        for op in ops:
            if isinstance(op, Group):
                inner = multiply(m, op.transform) if op.transform else m
                box = points_box(path_points(op.clip), inner) if op.clip else None
                if box is not None and clip is not None:  # within both clips
                    box = (
                        max(box[0], clip[0]),
                        max(box[1], clip[1]),
                        min(box[2], clip[2]),
                        min(box[3], clip[3]),
                    )
                walk(op.ops, inner, box if box is not None else clip)
            elif isinstance(op, Text):
                for mark in marks((op,), m):
                    got = least_contrast(mark, drawn)
                    out.append((op.text, None if got is None else got[0]))
            else:  # what a group's clip keeps of a fill, as the lint bounds it
                drawn.extend(fills((op,), m, clip))

    walk(face.ops, IDENTITY, None)
    return out


def faces_of(game: str, edition: str | None) -> Faces:
    (catalog,), issues = load_games(ROOT, [game])
    assert not issues.errors
    return Faces(replace(catalog, edition=edition))


@pytest.mark.parametrize("game", GAMES)
def test_every_text_run_of_the_high_contrast_edition_stands_out_7_to_1(game: str) -> None:
    faces = faces_of(game, "high-contrast")
    low = [
        (comp.id, side, text, ratio)
        for comp, side, face in faces.each()
        for text, ratio in text_contrasts(face)
        if ratio is None or ratio < AAA
    ]
    assert low == []


def test_the_colour_edition_has_runs_below_7_to_1_which_the_measure_finds() -> None:
    faces = faces_of("atmosfear", None)
    ratios = [r for _c, _s, face in faces.each() for _t, r in text_contrasts(face)]
    assert any(r is not None and r < AAA for r in ratios)
