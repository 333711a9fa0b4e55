"""A picture the cards of a deck show in the same box is parsed and drawn once a build:
the faces share its drawing. An EPUB makes each face's SVG as it packs it, so a book of
many cards never holds every face's SVG at once."""

from __future__ import annotations

import hashlib
import zipfile
from io import BytesIO
from pathlib import Path
from types import SimpleNamespace

from cardstock.books import epub
from cardstock.core.cache import memory_cache, open_cache
from cardstock.layout.art import svgart
from cardstock.layout.ops import Face, Rect

ART = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<rect x="1" y="1" width="8" height="8" fill="#336699"/></svg>'
)


def packed_epub(items, container: bytes, package: bytes) -> bytes:
    """The EPUB's bytes, packed in memory as the stage packs it into its file."""
    out = BytesIO()
    epub._zip_to(out, items, container, package)
    return out.getvalue()


def _art(tmp_path: Path, text: str = ART) -> Path:
    path = tmp_path / "art.svg"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_same_file_in_the_same_box_is_parsed_once_and_its_ops_are_shared(tmp_path, monkeypatch):
    parsed: list[bytes] = []
    real = svgart.parse_svg
    monkeypatch.setattr(svgart, "parse_svg", lambda data: parsed.append(data) or real(data))
    path = _art(tmp_path)
    rect = (3.0, 4.0, 50.0, 60.0)
    first, _ = svgart.svg_ops(path, tmp_path, rect)
    second, _ = svgart.svg_ops(path, tmp_path, rect)
    assert len(parsed) == 1
    assert first == second and all(a is b for a, b in zip(first, second))


def test_an_edited_file_or_another_box_is_drawn_again(tmp_path):
    path = _art(tmp_path)
    before, _ = svgart.svg_ops(path, tmp_path, (0.0, 0.0, 10.0, 10.0))
    elsewhere, _ = svgart.svg_ops(path, tmp_path, (5.0, 0.0, 10.0, 10.0))
    assert before != elsewhere
    _art(tmp_path, ART.replace("#336699", "#993366"))
    after, _ = svgart.svg_ops(path, tmp_path, (0.0, 0.0, 10.0, 10.0))
    assert after != before


def test_a_file_that_cannot_be_read_says_so_each_time(tmp_path):
    missing = tmp_path / "gone.svg"
    for _ in range(2):
        ops, problems = svgart.svg_ops(missing, tmp_path, (0.0, 0.0, 10.0, 10.0))
        assert ops == [] and problems and problems[0].startswith("cannot read the file")


def _svgs_counted(monkeypatch) -> list[str]:
    """The e-book's face SVGs made as `<svg id='KEY'/>`; the list holds each face key made."""
    made: list[str] = []

    def fake_svg(face: Face, *, font_url: str, nums: object = None) -> bytes:
        made.append(face.key)
        return f"<svg id='{face.key}'/>".encode()

    monkeypatch.setattr(epub, "svg_bytes", fake_svg)
    return made


def test_an_epub_makes_each_face_svg_when_it_packs_it(monkeypatch):
    made = _svgs_counted(monkeypatch)
    faces = {f"c{n}": Face(f"k{n}", 10.0, 10.0, 0.0, "rect", (Rect(0, 0, 1, 1),)) for n in range(3)}
    # no face is laid out here, and none is kept from a build before (not `--watch`)
    drawn = epub.Drawn(SimpleNamespace(kept=None, cache=memory_cache()))
    drawn.made.update(faces)
    items = drawn.items()
    assert made == []  # listed for the package document, not made yet
    data = packed_epub(items, b"<container/>", b"<package/>")
    assert made == ["k0", "k1", "k2"]
    with zipfile.ZipFile(BytesIO(data)) as z:
        assert z.read("EPUB/faces/c1.svg") == b"<svg id='k1'/>"


def test_an_epub_takes_from_the_cache_each_face_svg_an_earlier_process_made(monkeypatch, tmp_path):
    made = _svgs_counted(monkeypatch)
    faces = {f"c{n}": Face(f"k{n}", 10.0, 10.0, 0.0, "rect", (Rect(0, 0, 1, 1),)) for n in range(3)}
    books = []
    for edited in ("k1", "k9"):  # the second build as after an edit: one face is new
        faces["c1"] = Face(edited, 10.0, 10.0, 0.0, "rect", (Rect(0, 0, 2, 2),))
        cache = open_cache(tmp_path / "cache")  # each build its own, as a new process has
        drawn = epub.Drawn(SimpleNamespace(kept=None, cache=cache))
        drawn.made.update(faces)
        books.append(packed_epub(drawn.items(), b"<container/>", b"<package/>"))
        cache.close()
    assert made == ["k0", "k1", "k2", "k9"]  # the unchanged faces made once, in the first
    with zipfile.ZipFile(BytesIO(books[1])) as z:
        assert z.read("EPUB/faces/c0.svg") == b"<svg id='k0'/>"
        assert z.read("EPUB/faces/c1.svg") == b"<svg id='k9'/>"


def _placeholder(card_id: str) -> list[object]:
    from cardstock.layout.boxtypes.art import placeholder

    star = SimpleNamespace(name="star", parts=())
    painter = SimpleNamespace(
        layouts=SimpleNamespace(theme={"accent": "#3d4250"}),
        catalog=SimpleNamespace(game=SimpleNamespace(icons={})),
        library=SimpleNamespace(get=lambda name: star, fallback=lambda: star),
    )
    return placeholder(painter, {"id": card_id}, (3.0, 4.0, 50.0, 60.0), None)


def test_cards_whose_placeholders_match_hold_one_ground_rays_and_disc():
    turns: dict[int, str] = {}
    for n in range(400):  # two ids whose sunbursts turn alike (the turn comes from the id)
        turn = int(hashlib.sha256(f"c{n}".encode()).hexdigest()[:4], 16) % 360
        if turn in turns:
            one, other = _placeholder(turns[turn]), _placeholder(f"c{n}")
            break
        turns[turn] = f"c{n}"
    assert one == other
    assert all(a is b for a, b in zip(one[:-1], other[:-1]))  # ground, rays, disc, ring
    turned = _placeholder(next(i for t, i in turns.items() if t != turn))
    assert turned[1:11] != one[1:11]  # other rays, drawn for that card


def test_each_turn_of_each_accent_is_drawn_once_in_a_deck_of_many_cards(monkeypatch):
    from cardstock.layout.boxtypes import art

    made: list[int] = []
    real = art._sunburst
    monkeypatch.setattr(art, "_sunburst", lambda *a: made.append(1) or real(*a))
    art._sunburst_ops.cache_clear()
    accents = ("#b03a2e", "#1f618d", "#1e8449", "#9a6a08", "#6c3483")
    for _ in range(2):  # a deck's cards meet every turn of every accent again and again
        for accent in accents:
            for turn in range(360):
                art._sunburst_ops(3.0, 4.0, 50.0, 60.0, turn, accent, "#eeeeee", "#dddddd")
    assert len(made) == len(accents) * 360
    art._sunburst_ops.cache_clear()
