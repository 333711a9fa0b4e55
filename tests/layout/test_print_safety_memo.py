"""What the print-safety check of a box costs a face through the box memo
(`cardstock.layout.painting.memo`): a box drawn afresh (a card's own title) is checked as it is,
with no key made for its findings; a box drawn from the memo finds its findings again by
the drawing it was kept as and the fills under it; art drawn in a clip path is measured
only when text or an icon lies on it. The tests count the work, never its time, and
compare every face's findings with the check run on every box."""

from __future__ import annotations

from collections import Counter

from conftest import load_games
from helpers_generated import generated_catalog, generated_game

from cardstock.core.cache import memory_cache
from cardstock.layout.faces import Faces
from cardstock.layout.ops import Group, Op
from cardstock.layout.painting import memo as boxmemo
from cardstock.layout.safety import ground as paints
from cardstock.layout.safety import measures as printsafe

N = 40


def _game(tmp_path):
    return generated_catalog(tmp_path, N)


def _faces(cat) -> list[tuple[object, ...]]:
    return [(c.id, side, f) for c, side, f in Faces(cat, memory_cache()).each()]


def test_a_box_drawn_afresh_on_every_card_keeps_no_findings_and_measures_once(
    tmp_path, monkeypatch
):
    cat = _game(tmp_path)
    kept: list[tuple[int, object]] = []
    real_keep = boxmemo._Table.keep

    def keep(self, key, value, again=None):
        kept.append((id(self), key))
        return real_keep(self, key, value, again)

    extents = Counter[str]()
    real_extent = boxmemo._extent

    def extent(box, drawn):
        extents[box.name] += 1
        return real_extent(box, drawn)

    monkeypatch.setattr(boxmemo._Table, "keep", keep)
    monkeypatch.setattr(boxmemo, "_extent", extent)
    faces = Faces(cat, memory_cache())
    got = [(c.id, side, f) for c, side, f in faces.each()]
    assert faces.boxes is not None
    checked = [key for table, key in kept if table == id(faces.boxes.checked)]
    # every card's title is its own: its drawing is kept by its name, its findings
    # under no key (they could only be met again on the card the title is drawn for);
    # the boxes every card shares, and the stat and the rules text (10 values each), are
    # kept the second time they are met
    assert [key for table, key in kept if table == id(faces.boxes.drawn)]
    assert len(checked) < N
    assert extents["title"] == 0
    # the check still runs on each title and finds what the check of every box finds
    assert faces.boxes.checks >= N
    plain = Faces(cat, memory_cache())
    plain.boxes = None
    assert got == [(c.id, side, f) for c, side, f in plain.each()]


def _clip_groups_measured(monkeypatch) -> Counter[str]:
    """The groups drawn in a clip path whose fills are worked out, by where."""
    measured: Counter[str] = Counter()
    for module, name in ((boxmemo, "boxmemo"), (paints, "paints")):
        real = module.fills

        def counted(ops, *args, real=real, name=name):
            ops = list(ops)
            measured[name] += sum(1 for op in ops if isinstance(op, Group) and op.clip)
            return real(ops, *args)

        monkeypatch.setattr(module, "fills", counted)
    return measured


def test_art_no_text_lies_on_is_not_measured_for_the_contrast_of_text(tmp_path, monkeypatch):
    cat = _game(tmp_path)
    measured = _clip_groups_measured(monkeypatch)
    got = _faces(cat)
    # the placeholder art of each card is drawn in a clip path, its rays turned by the
    # card; no text or icon lies within it, so what it paints is never worked out (the
    # deck back's lattice, under the back's title, is: once, for the one back)
    assert measured["boxmemo"] == 0 and measured["paints"] <= 1
    monkeypatch.undo()
    plain = Faces(cat, memory_cache())
    plain.boxes = None
    assert got == [(c.id, side, f) for c, side, f in plain.each()]


ON_THE_ART = """\
[layouts.card.boxes.type_line]
top = "14mm"
color = "#b8b8b8"
"""


def test_text_on_the_art_is_held_against_what_the_art_paints(tmp_path, monkeypatch):
    generated_game(tmp_path, N)
    folder = tmp_path / "layouts" / "gen"
    folder.mkdir(parents=True)
    (folder / "faces.toml").write_text(ON_THE_ART, encoding="utf-8")
    (cat,), issues = load_games(tmp_path, ["gen"])
    assert not issues.errors
    measured = _clip_groups_measured(monkeypatch)
    got = _faces(cat)
    assert measured["paints"] >= N  # each card's art, under the type line
    monkeypatch.undo()
    plain = Faces(cat, memory_cache())
    plain.boxes = None
    each = [(c.id, side, f) for c, side, f in plain.each()]
    assert got == each
    found = {i.field for _, _, f in each for i in f.findings}
    assert "layouts.card.boxes.type_line" in found


def test_where_a_box_was_placed_is_looked_up_for_a_finding_only(tmp_path, monkeypatch):
    clean = _game(tmp_path / "clean")
    looked: Counter[str] = Counter()
    real = printsafe._placed_by

    def placed_by(box):
        looked[box.name] += 1
        return real(box)

    monkeypatch.setattr(printsafe, "_placed_by", placed_by)
    faces = _faces(clean)
    assert not [i for _, _, f in faces for i in f.findings]
    assert not looked  # every box checked, none found wanting: no file or line to name
    generated_game(tmp_path / "moved", N)
    folder = tmp_path / "moved" / "layouts" / "gen"
    folder.mkdir(parents=True)
    (folder / "faces.toml").write_text(
        '[layouts.card.boxes.title]\ntop = "-3mm"\nvalign = "top"\n', encoding="utf-8"
    )
    (moved,), issues = load_games(tmp_path / "moved", ["gen"])
    assert not issues.errors
    found = [i for _, _, f in _faces(moved) for i in f.findings]
    assert looked["title"] >= 1
    assert {(i.field, i.file.endswith("faces.toml")) for i in found} == {
        ("layouts.card.boxes.title", True)
    }


def test_a_box_drawn_alike_over_the_same_fills_finds_its_findings_with_no_key(
    tmp_path, monkeypatch
):
    cat = _game(tmp_path)
    looked: list[int] = []
    real_get = boxmemo._Table.get

    def get(self, key):
        looked.append(id(self))
        return real_get(self, key)

    monkeypatch.setattr(boxmemo._Table, "get", get)
    faces = Faces(cat, memory_cache())
    got = [(c.id, side, f) for c, side, f in faces.each()]
    assert faces.boxes is not None
    # ten boxes of every front are drawn alike on many cards (the frame, the bands, the
    # stat and the rules text by their values): their findings are found again by the
    # fills under them, not looked up under a key on each card
    assert len([t for t in looked if t == id(faces.boxes.checked)]) < N
    assert faces.boxes.checks < 3 * N
    plain = Faces(cat, memory_cache())
    plain.boxes = None
    assert got == [(c.id, side, f) for c, side, f in plain.each()]


class _Counted(dict):
    """The memo's table of shared ops, counting the look-ups that miss and the ops kept."""

    def __init__(self) -> None:
        super().__init__()
        self.missed = 0
        self.kept = 0

    def get(self, key, default=None):
        found = super().get(key, default)
        if found is None and isinstance(key, Op):
            self.missed += 1
        return found

    def __setitem__(self, key, value) -> None:
        if isinstance(key, Op):
            self.kept += 1
        super().__setitem__(key, value)


def test_an_op_drawn_afresh_is_looked_up_once_among_the_ops_faces_share(tmp_path):
    cat = _game(tmp_path)
    faces = Faces(cat, memory_cache())
    assert faces.boxes is not None
    table = faces.boxes._shared = _Counted()
    got = [(c.id, side, f) for c, side, f in faces.each()]
    # each card's title and placeholder art are ops met for the first time: each is
    # looked up once (an op is hashed afresh at each look-up), then kept
    assert table.kept >= 2 * N
    assert table.missed == table.kept
    plain = Faces(cat, memory_cache())
    plain.boxes = None
    assert got == [(c.id, side, f) for c, side, f in plain.each()]
