"""How the print-and-play writer writes a sheets file.

It streams: each page (and each reused face's form) is compressed as soon as it is
finished and its page kept in a temporary file until the document is written, so what the
PDF writer holds of its content in memory, as text or compressed, stays the same whatever
the number of pages. Counted through the writer's own document
(`cardstock.render.pdfdoc.held_content`), never as memory or time.

The file is written from pieces (views into ReportLab's bytes with the retagged font names
between them) rather than from one more copy of the whole file: what lands on disk is the
pieces joined, hashed and sized as one, and a file whose bytes would not change is left
alone."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

from helpers_generated import BENCH
from helpers_sheets import held_content
from pypdf import PdfReader

from cardstock.cli import main
from cardstock.core.output import write_atomic
from cardstock.impose import pnp
from cardstock.render.pdfdoc import retagged, unique_subset_tags

# ---------------------------------------------------------------- streaming


_FULL_FACES = pnp._FullFaces


class _Watched:
    """The sheets' own face drawer; before each face is drawn it notes how much finished
    page and form content the document holds uncompressed."""

    def __init__(self, canvas: Any, faces: Any, held: list[tuple[int, int]]) -> None:
        self._inner = _FULL_FACES(canvas, faces)
        self._canvas = canvas
        self._held = held

    def draw(self, face: Any, x: float, y: float, *, reuse: bool = False) -> None:
        self._held.append(held_content(self._canvas))
        self._inner.draw(face, x, y, reuse=reuse)


def _sheets(root: Path, distinct: int, monkeypatch: Any) -> tuple[PdfReader, list[tuple[int, int]]]:
    """Build the Letter sheets of a game of `distinct` cards plus one card printed three
    times (its front is a reused form); the file read back and what was held."""
    rows = [(f"Card {i}", 1) for i in range(distinct)] + [("Thrice", 3)]
    BENCH.synthetic_game(root, "gen", rows)
    held: list[tuple[int, int]] = []
    monkeypatch.setattr(pnp, "_FullFaces", lambda canvas, faces: _Watched(canvas, faces, held))
    out = root / "output"
    assert (
        main(
            [
                "--root",
                str(root),
                "build",
                "--out",
                str(out),
                "--jobs",
                "1",
                "--paper",
                "letter",
                "--only",
                "pnp",
            ]
        )
        == 0
    )
    return PdfReader(out / "gen" / "gen-pnp-letter.pdf"), held


def _content_bytes(reader: PdfReader) -> int:
    """The page content the file holds, decompressed: what a writer keeping text would hold."""
    total = 0
    for page in reader.pages:
        contents = page.get_contents()
        assert contents is not None
        total += len(contents.get_data())
    return total


def test_finished_pages_are_held_compressed_however_many_there_are(tmp_path, monkeypatch):
    small, held_small = _sheets(tmp_path / "small", 20, monkeypatch)
    large, held_large = _sheets(tmp_path / "large", 200, monkeypatch)
    # 8 cards a Letter page, each fronts page followed by its backs page
    assert len(small.pages) == 2 * 3 and len(large.pages) == 2 * 26
    assert len(held_large) == 2 * 203  # every front and every back was drawn
    # what the writer held as text, all through the file: nothing finished
    assert max(text for text, _ in held_small + held_large) == 0
    # and compressed: the two forms (the back, the card printed thrice), the same size in both
    # within a few bytes (the thrice-printed card's id, and so its placeholder art's rays and
    # its version mark, differ between the two games: their compressed sizes differ by chance)
    forms = max(packed for _, packed in held_small)
    assert forms > 0 and abs(max(packed for _, packed in held_large) - forms) <= 0.01 * forms
    # while the file itself holds ever more content (ReportLab alone would have held it all)
    assert _content_bytes(large) > 6 * _content_bytes(small) > 0


def test_the_streamed_sheets_still_store_what_repeats_once(tmp_path, monkeypatch):
    reader, _ = _sheets(tmp_path, 30, monkeypatch)
    forms: dict[str, set[int]] = {}
    for page in reader.pages:
        for name, ref in page["/Resources"].get("/XObject", {}).items():
            forms.setdefault(name, set()).add(ref.idnum)
    # the back all cards share and the front printed three times: one form each
    assert len(forms) == 2 and all(len(refs) == 1 for refs in forms.values())
    # every stream is Flate-compressed once, and decompresses to the page's operators
    ops = []
    for page in reader.pages[:2]:  # cards drawn inline, then their backs page (the back's form)
        raw = page["/Contents"].get_object()
        assert list(raw["/Filter"]) == ["/FlateDecode"]
        ops.append(raw.get_data().decode("latin-1"))
    assert "/Face" in ops[0] and "BT" in ops[0] and " Do" not in ops[0]
    assert ops[1].count(" Do") == 8
    text = reader.pages[0].extract_text() + reader.pages[2].extract_text()
    assert "Card 0" in text and "Card 9" in text


# ---------------------------------------------------------------- writing the file


def test_pieces_land_as_one_file_and_an_unchanged_file_is_left_alone(tmp_path):
    big = bytes(range(256)) * 20_000  # 5 MB, read back in blocks when compared
    view = memoryview(big)
    pieces = [view[:1000], b"XYZ", view[1003:]]
    whole = big[:1000] + b"XYZ" + big[1003:]
    path = tmp_path / "out.bin"
    assert write_atomic(path, pieces) == (len(whole), hashlib.sha256(whole).hexdigest())
    assert path.read_bytes() == whole
    os.utime(path, ns=(1, 1))
    assert write_atomic(path, pieces)[0] == len(whole)
    assert path.stat().st_mtime_ns == 1  # the same bytes: not written again
    write_atomic(path, [view[:1000], b"XYQ", view[1003:]])
    assert path.stat().st_mtime_ns != 1 and path.read_bytes()[1002:1003] == b"Q"


def test_the_sheets_font_names_are_retagged_without_copying_the_file(tmp_path, monkeypatch):
    reader, _ = _sheets(tmp_path, 20, monkeypatch)
    data = (tmp_path / "output" / "gen" / "gen-pnp-letter.pdf").read_bytes()
    fonts = {f["/BaseFont"] for page in reader.pages for f in page["/Resources"]["/Font"].values()}
    tags = {name.split("+")[0] for name in fonts if "+" in name}
    assert len(tags) == len(fonts) > 1  # every embedded subset its own tag
    # the pieces: views into the file's bytes, with a six-letter tag between each two
    parts = retagged(data)
    assert len(parts) % 2 == 1 and len(parts) > 1
    assert all(isinstance(p, memoryview) and p.obj is data for p in parts[::2])
    assert all(isinstance(p, bytes) and len(p) == 6 and p.isupper() for p in parts[1::2])
    assert b"".join(parts) == unique_subset_tags(data) and len(unique_subset_tags(data)) == len(
        data
    )
