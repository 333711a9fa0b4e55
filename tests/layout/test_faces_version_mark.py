"""The version mark a face prints is honest: its hash covers what the face draws, so
editing a quick-reference table changes that card's mark and no other; it is printed on
fronts only, so a deck's backs stay identical from one version to the next."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import distinct_faces, load_games

from cardstock.layout.ops import Text

ROOT = Path(__file__).resolve().parents[2]


def copy_game(tmp_path: Path, game: str) -> Path:
    shutil.copytree(ROOT / "catalog" / game, tmp_path / "catalog" / game)
    shutil.copytree(ROOT / "layouts" / game, tmp_path / "layouts" / game)
    return tmp_path


def faces(root: Path, game: str) -> dict:
    (cat,), issues = load_games(root, [game])
    assert not issues.errors
    return dict(distinct_faces(cat))


def mark_of(face, version: str = "0.1.0") -> str | None:
    found = [
        op.text
        for op in face.walk()
        if isinstance(op, Text) and op.text.startswith(f"v{version} · ")
    ]
    assert len(found) <= 1
    return found[0] if found else None


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_editing_only_a_quick_reference_table_changes_only_that_cards_mark(tmp_path):
    root = copy_game(tmp_path, "atmosfear")
    before = {stem: mark_of(f) for stem, f in faces(root, "atmosfear").items()}
    assert (
        before["quickref"]
        and before["quickref-reverse"]
        and before["quickref"] != before["quickref-reverse"]
    )
    # the reverse's table (a layout template) ...
    edit(
        root / "layouts" / "atmosfear" / "quickref" / "dice.md.j2",
        "| {{ _(\"Deck %(after)s the deal\", after=fact('deck-after-deal').value) }} |",
        '| {{ _("Cards left to draw") }} |',
    )
    after = {stem: mark_of(f) for stem, f in faces(root, "atmosfear").items()}
    assert after["quickref-reverse"] != before["quickref-reverse"]
    assert {s: m for s, m in after.items() if s != "quickref-reverse"} == {
        s: m for s, m in before.items() if s != "quickref-reverse"
    }
    # ... and the front's table (a catalog table)
    edit(
        root / "catalog" / "atmosfear" / "game.toml",
        '[11, "Lair", "Character", "—", "brass"]',
        '[11, "Den", "Character", "—", "brass"]',
    )
    again = {stem: mark_of(f) for stem, f in faces(root, "atmosfear").items()}
    assert again["quickref"] != after["quickref"]
    assert again["quickref-reverse"] == after["quickref-reverse"]


def test_different_reference_cards_print_different_marks():
    (cat,), _ = load_games(ROOT, ["alpha-omega-tiles"])
    refs = {
        stem: mark_of(f)
        for stem, f in distinct_faces(cat)
        if stem.startswith("quickref") or "ref" in stem
    }
    marks = [m for m in refs.values() if m]
    assert len(marks) >= 2 and len(set(marks)) == len(marks)


def test_backs_carry_no_mark_and_stay_identical_across_versions(tmp_path):
    root = copy_game(tmp_path, "atmosfear")
    before = faces(root, "atmosfear")
    edit(root / "catalog" / "atmosfear" / "game.toml", 'version = "0.1.0"', 'version = "0.2.0"')
    after = faces(root, "atmosfear")
    backs = [s for s in before if s.startswith("back-")]
    assert backs
    for stem in backs:
        assert mark_of(before[stem]) is None
        assert after[stem].key == before[stem].key  # the very same drawing
    fronts = [s for s in before if not s.startswith("back-") and mark_of(before[s])]
    assert len(fronts) > 70
    for stem in fronts:
        assert mark_of(after[stem], "0.2.0") is not None
