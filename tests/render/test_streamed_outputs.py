"""What the starter-layout game's outputs are made of, written once and streamed: a file
written as it is made (the EPUB) lands whole, hashed, and leaves an unchanged file alone;
a face's SVG, written as text, escapes what XML needs escaped; equal rounded coordinates
are one object; the manifest is written as its JSON is made, never held as one text."""

from __future__ import annotations

import hashlib
import json
import tracemalloc
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import BinaryIO

from cardstock.core.output import Artifact, write_streamed
from cardstock.layout.ops import Face, Rect, Text, r
from cardstock.render.svg import svg_bytes
from cardstock.site import manifest

SVG = "{http://www.w3.org/2000/svg}"


def _fill(chunks: list[bytes]):
    def fill(out: BinaryIO) -> None:
        for c in chunks:
            out.write(c)

    return fill


def test_a_streamed_file_holds_what_was_written_and_names_its_size_and_digest(tmp_path: Path):
    chunks = [b"first part ", b"x" * 3_000_000, b" last"]
    path = tmp_path / "book" / "out.epub"
    size, digest = write_streamed(path, _fill(chunks))
    data = b"".join(chunks)
    assert path.read_bytes() == data
    assert (size, digest) == (len(data), hashlib.sha256(data).hexdigest())
    assert [p.name for p in path.parent.iterdir()] == ["out.epub"]  # no temporary file left


def test_a_streamed_file_with_the_same_bytes_is_left_alone_and_other_bytes_replace_it(
    tmp_path: Path,
):
    path = tmp_path / "out.epub"
    write_streamed(path, _fill([b"same bytes"]))
    before = path.stat()
    write_streamed(path, _fill([b"same ", b"bytes"]))
    assert path.stat().st_ino == before.st_ino and path.stat().st_mtime_ns == before.st_mtime_ns
    write_streamed(path, _fill([b"other bytes"]))
    assert path.read_bytes() == b"other bytes"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.epub"]


def test_a_face_svg_escapes_markup_quotes_and_line_ends_as_xml_reads_them():
    said = 'Fish & "Chips" <2>'
    face = Face.build(
        100.0,
        60.0,
        0.0,
        "rect",
        (
            Rect(0.0, 0.0, 100.0, 60.0, fill="#fff"),
            Text(5.0, 20.0, said, "sans", 10.0, "#000"),
            Text(5.0, 40.0, "", "sans", 10.0, "#000"),
        ),
    )
    title = 'A\tcard\nwith <lines> & "quotes"'
    root = ET.fromstring(svg_bytes(face, title=title))
    assert root.find(f"{SVG}title").text == title
    texts = root.findall(f".//{SVG}text")
    assert [t.text for t in texts] == [said, None]  # the empty line closed short
    assert list(texts[0].attrib) == sorted(texts[0].attrib)  # attributes in name order


def test_equal_rounded_coordinates_are_one_object():
    a = r(12.3456789)
    b = r(float("12.3457"))
    assert a == 12.346 and a is b
    assert r(-0.0001) == 0.0 and str(r(-0.0001)) == "0.0"


def _entries(out: Path, count: int) -> list[Artifact]:
    return [
        Artifact("gen", "svg", out / "gen" / "svg" / f"c{n:05d}é.svg", None, None, n, "a" * 64)
        for n in range(count)
    ]


def test_the_manifest_is_the_json_of_its_entries_written_as_it_is_made(tmp_path: Path):
    out = tmp_path / "out"
    made = _entries(out, 400)  # more than one write's text (`TEXT_A_WRITE`)
    path = manifest.write(out, made)
    listed = {"artifacts": [manifest.entry(out, a) for a in made]}
    expected = json.dumps(listed, indent=2, ensure_ascii=False) + "\n"
    assert path.read_bytes() == expected.encode("utf-8")


def test_the_manifest_written_while_a_build_runs_is_the_same_json_without_spaces(tmp_path: Path):
    out = tmp_path / "out"
    made = _entries(out, 600)  # more than one batch of the encoder (`ROWS_AN_ENCODE`)
    path = manifest.add(out, made[:300])
    manifest.add(out, made[300:])
    listed = {"artifacts": [manifest.entry(out, a) for a in made]}
    compact = json.dumps(listed, ensure_ascii=False, separators=(",", ":")) + "\n"
    assert path.read_bytes() == compact.encode("utf-8")
    manifest.forget(out, [("gen", ["pdf"])])  # lists none of them: not written
    assert path.read_bytes() == compact.encode("utf-8")
    manifest.forget(out, [("gen", ["svg"])])
    assert path.read_bytes() == b'{"artifacts":[]}\n'


def test_writing_the_manifest_holds_less_than_twice_its_text_at_once(tmp_path: Path):
    # json.dumps, its "\n" added and its UTF-8 bytes would be three copies of the text;
    # written as it is made, what is held is a block of the file read back to hash it
    out = tmp_path / "out"
    entries = {e["path"]: e for e in (manifest.entry(out, a) for a in _entries(out, 6000))}
    tracemalloc.start()
    try:
        path = manifest.save(out, entries)
        still, most = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert most - still < 2 * path.stat().st_size
