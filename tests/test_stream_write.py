"""A sheet file is written from pieces (views into ReportLab's bytes with the retagged font
names between them) rather than from one more copy of the whole file: what lands on disk
is the pieces joined, hashed and sized as one, and a file whose bytes would not change is
left alone."""

from __future__ import annotations

import hashlib
import os

from pypdf import PdfReader

from cardstock.core.output import write_atomic
from cardstock.render.pdf import retagged, unique_subset_tags

from test_stream_pnp import _sheets


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
    assert b"".join(parts) == unique_subset_tags(data) and len(unique_subset_tags(data)) == len(data)
