"""A game of many distinct faces is laid out once and drawn without holding every drawing
in memory: above `RETAIN_MAX` faces, a game's `Faces` keeps each face's outline (size,
shape, cut) and reads its drawing back from the cache when a page draws it. What many
pages share is still stored once in the PDF."""

from __future__ import annotations

from collections import Counter

from conftest import load_games
from helpers_generated import generated_game
from pypdf import PdfReader

from cardstock.catalog.load import MAX_COMPONENTS
from cardstock.cli import main
from cardstock.core.cache import open_cache
from cardstock.layout import faces as faces_module
from cardstock.layout.faces import Faces


def unlaid_big_game(tmp_path, monkeypatch):
    """A generated game of 120 cards (121 faces) above a lowered `RETAIN_MAX`, no face laid
    out yet: (catalog, faces)."""
    monkeypatch.setattr(faces_module, "RETAIN_MAX", 50)
    generated_game(tmp_path, 120)
    (cat,), issues = load_games(tmp_path, ["gen"])
    assert not issues.errors
    faces = Faces(cat, open_cache(tmp_path / "cache"))
    assert not faces.retain
    return cat, faces


def test_the_bound_counts_distinct_faces_a_deck_back_every_card_shares_once(tmp_path, monkeypatch):
    generated_game(tmp_path, 120)  # 120 fronts and the one back they share
    (cat,), issues = load_games(tmp_path, ["gen"])
    assert not issues.errors
    cache = open_cache(tmp_path / "cache")
    monkeypatch.setattr(faces_module, "RETAIN_MAX", 121)
    assert Faces(cat, cache).retain
    monkeypatch.setattr(faces_module, "RETAIN_MAX", 120)
    assert not Faces(cat, cache).retain


def test_the_largest_game_keeps_every_drawing_of_its_cards_and_a_deck_back():
    # reading a drawing back costs each stage that draws it more than keeping it
    assert faces_module.RETAIN_MAX >= MAX_COMPONENTS + 1


def test_above_the_bound_a_game_keeps_outlines_and_reads_drawings_back(tmp_path, monkeypatch):
    cat, faces = unlaid_big_game(tmp_path, monkeypatch)
    drawn = [f for _, _, f in faces.each()]
    assert all(f.ops for f in drawn)  # each face, as asked for, has its drawing
    kept = list(faces._faces.values())
    assert len(kept) == 121 and not any(f.ops for f in kept)  # what stays in memory: outlines
    outline = faces.outline(faces.records.of(cat.components[7]), "front")
    assert outline is not None and not outline.ops
    assert faces.full(outline) == drawn[14]  # the drawing read back is the one laid out
    assert faces.laid_out == 121


def test_a_big_game_builds_with_every_card_and_one_shared_back(tmp_path, monkeypatch):
    monkeypatch.setattr(faces_module, "RETAIN_MAX", 100)
    n = 400
    generated_game(tmp_path, n)
    out = tmp_path / "output"
    code = main(
        ["--root", str(tmp_path), "build", "--out", str(out), "--jobs", "1", "--paper", "letter"]
    )
    assert code == 0
    assert len(list((out / "gen" / "svg").glob("*.svg"))) == n + 1
    # the back every card shares is one Form XObject, drawn on every backs page
    reader = PdfReader(out / "gen" / "gen-pnp-letter.pdf")
    used: Counter = Counter()
    for page in reader.pages:
        xobjects = page["/Resources"].get("/XObject", {})
        for name, ref in xobjects.items():
            if "Face" in name:
                used[(name, ref.idnum)] += 1
    (name, _), pages = used.most_common(1)[0]
    assert pages >= n // 9  # every backs page (9 cards a Letter page at most)
    assert len({ref for (nm, ref) in used if nm == name}) == 1


def big_game(tmp_path, monkeypatch):
    """`unlaid_big_game`, each face laid out once as the rules check does."""
    cat, faces = unlaid_big_game(tmp_path, monkeypatch)
    assert len([f for _, _, f in faces.each()]) == 240
    return cat, faces


def counted_reads(monkeypatch) -> list[int]:
    """From now on, one item for each drawing read back from the cache."""
    decoded: list[int] = []
    lines = faces_module.FaceLines  # type: ignore[attr-defined]
    real = lines.loads

    def loads(self, data):
        decoded.append(1)
        return real(self, data)

    monkeypatch.setattr(lines, "loads", loads)
    return decoded


def test_above_the_bound_the_outlines_imposition_asks_for_read_no_drawing_back(
    tmp_path, monkeypatch
):
    cat, faces = big_game(tmp_path, monkeypatch)
    decoded = counted_reads(monkeypatch)
    for comp in cat.components:
        for side in ("front", "back"):
            outline = faces.outline(faces.records.of(comp), side)
            assert outline is not None and not outline.ops
    assert decoded == []  # sheets are planned from the outlines alone
    assert (
        faces.face(faces.records.of(cat.components[3]), "front").ops and len(decoded) == 1
    )  # a face asked for whole is read back


def test_above_the_bound_the_printed_fingerprints_read_a_shared_back_once(tmp_path, monkeypatch):
    from cardstock.layout.fingerprints import printed

    _cat, faces = big_game(tmp_path, monkeypatch)
    decoded = counted_reads(monkeypatch)
    cards = printed(faces)["cards"]
    # each front once; the back the 120 cards share at most once (it may still be among
    # the drawings the faces just read back)
    assert len(decoded) in (120, 121)
    backs = {repr(card["back"]) for card in cards.values()}
    assert len(cards) == 120 and len(backs) == 1 and "None" not in backs
    assert len({card["front"]["hash"] for card in cards.values()}) == 120


def test_above_the_bound_the_colour_vision_check_reads_each_drawing_once(tmp_path, monkeypatch):
    from cardstock.core.stage import Job
    from cardstock.layout.checks.drawn import colour_vision

    cat, faces = big_game(tmp_path, monkeypatch)
    decoded = counted_reads(monkeypatch)
    colour_vision(Job(cat, faces))
    assert len(decoded) in (
        120,
        121,
    )  # each front once (the sets' common drawing and its own look), the back at most once


def test_above_the_bound_the_rules_check_lays_each_face_out_once_and_reads_no_drawing_back(
    tmp_path, monkeypatch
):
    from cardstock.core.stage import Job
    from cardstock.rules.report import check_game, provided
    from cardstock.stages import CHECKS

    cat, faces = unlaid_big_game(tmp_path, monkeypatch)
    decoded = counted_reads(monkeypatch)
    report = check_game(Job(cat, faces), CHECKS)
    assert faces.laid_out == 121  # 120 fronts and the back they share
    # the layout step, run by the first check that reads faces, laid them out; both checks
    # read what it kept; only the shared back came back, once
    assert len(decoded) <= 1
    assert [c.provider for c in report.checks if c.provider] == [
        p.name for p in provided(CHECKS)
    ]  # reported in the table's order


def test_above_the_bound_an_outline_holds_no_drawing_nor_notes_which_come_back_with_the_drawing(
    tmp_path, monkeypatch
):
    cat, faces = big_game(tmp_path, monkeypatch)
    outline = faces.outline(faces.records.of(cat.components[5]), "front")
    assert outline is not None and outline.ops == () and outline.notes == ()
    whole = faces.full(outline)
    assert whole.ops and whole.notes  # what the proof sheets and the fit report read


def test_above_the_bound_a_build_on_two_processes_forks_no_worker_and_makes_the_bytes_of_one(
    tmp_path, monkeypatch
):
    from cardstock.build import Request, build
    from cardstock.core import schedule
    from cardstock.core.stage import BuildOptions

    monkeypatch.setattr(faces_module, "RETAIN_MAX", 100)
    generated_game(tmp_path, 300)
    pools = []
    real_pool = schedule.forked_pool
    monkeypatch.setattr(
        schedule, "forked_pool", lambda *a, **k: pools.append(a[0]) or real_pool(*a, **k)
    )
    made = {}
    for jobs in (1, 2):
        monkeypatch.setenv(
            "CARDSTOCK_CACHE", str(tmp_path / f"cache-{jobs}")
        )  # each build from nothing
        out = tmp_path / f"out-{jobs}"
        outcome = build(
            Request(
                tmp_path,
                (),
                BuildOptions(out=out, papers=("letter",), only=frozenset({"pnp"})),
                jobs=jobs,
            )
        )
        made[jobs] = (outcome.checks["gen"].text, (out / "gen" / "gen-pnp-letter.pdf").read_bytes())
    # a lone game's faces are laid out where they are checked: a worker's would come back
    # through the cache, which costs more CPU than laying them out here
    assert pools == []
    assert made[2] == made[1]
