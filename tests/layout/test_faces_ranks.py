"""Faces a player reads at the table: on Atmosfear's Realm cards, whose rank is printed
upright top left and upside down bottom right, a 6 and a 9 are underlined in both places
(and no other rank is), so a card seen upside down is not misread."""

from __future__ import annotations

from pathlib import Path

from conftest import distinct_faces, load_games

from cardstock.layout.ops import Rect, Text

ROOT = Path(__file__).resolve().parents[2]


def underlined(face, digits: str) -> tuple[int, int]:
    """(runs reading `digits` with a bar of their colour just under the baseline, all such runs)."""
    ops = list(face.walk())
    runs = [t for t in ops if isinstance(t, Text) and t.text == digits]
    bars = [o for o in ops if isinstance(o, Rect)]
    return sum(
        1
        for t in runs
        if any(
            b.fill == t.color and t.y < b.y < t.y + 0.3 * t.size and abs(b.x - t.x) < 0.01
            for b in bars
        )
    ), len(runs)


def test_a_six_and_a_nine_are_underlined_in_both_indexes_and_no_other_rank_is():
    (cat,), _ = load_games(ROOT, ["atmosfear"])
    faces = dict(distinct_faces(cat))
    checked = set()
    for comp in cat.components:
        rank = comp.fields.get("rank")
        if comp.set != "realms" or rank is None:
            continue
        bars, runs = underlined(faces[comp.id], str(rank))
        assert runs == 2, comp.id  # the upright and the upside-down index
        assert bars == (2 if rank in (6, 9) else 0), comp.id
        checked.add(rank)
    assert {6, 9} <= checked and len(checked) >= 10
