"""Hostile workbooks written with the standard library: a sheet of more cells than cardstock
reads, and a sheet that inflates to more bytes than it reads. Each is an Office Open XML
package (`[Content_Types].xml`, the package's and the workbook's relationships, the workbook
and its one sheet, named "Cards") that openpyxl opens."""

from __future__ import annotations

import struct
import zipfile
import zlib
from pathlib import Path

SHEET = "xl/worksheets/sheet1.xml"
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships"
OFFICE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PARTS = {
    "[Content_Types].xml": (
        '<?xml version="1.0"?>'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" '
        'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" ContentType="application/'
        'vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        f'<Override PartName="/{SHEET}" ContentType="application/'
        'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>'
    ),
    "_rels/.rels": (
        f'<?xml version="1.0"?><Relationships xmlns="{RELATIONSHIPS}">'
        f'<Relationship Id="rId1" Type="{OFFICE}/officeDocument" Target="xl/workbook.xml"/>'
        "</Relationships>"
    ),
    "xl/workbook.xml": (
        f'<?xml version="1.0"?><workbook xmlns="{MAIN}" xmlns:r="{OFFICE}">'
        '<sheets><sheet name="Cards" sheetId="1" r:id="rId1"/></sheets></workbook>'
    ),
    "xl/_rels/workbook.xml.rels": (
        f'<?xml version="1.0"?><Relationships xmlns="{RELATIONSHIPS}">'
        f'<Relationship Id="rId1" Type="{OFFICE}/worksheet" Target="worksheets/sheet1.xml"/>'
        "</Relationships>"
    ),
}


def _cell(ref: str, value: str | int) -> str:
    """A cell as openpyxl's write-only workbook writes it: text inline, numbers as such."""
    if isinstance(value, int):
        return f'<c r="{ref}" t="n"><v>{value}</v></c>'
    return f'<c r="{ref}" t="inlineStr"><is><t>{value}</t></is></c>'


def many_cells_xlsx(path: Path, rows: int = 200_000, columns: int = 10) -> None:
    """A workbook whose sheet holds a header ("id", "name", "count", "x0"…) and `rows` rows
    of `columns` filled cells each ("c0", "C", 1, 1…)."""
    assert columns <= 26  # one letter a column
    letters = [chr(ord("A") + i) for i in range(columns)]
    header: list[str | int] = ["id", "name", "count", *[f"x{i}" for i in range(columns - 3)]]
    lines = ['<row r="1">', *(_cell(f"{c}1", v) for c, v in zip(letters, header, strict=True))]
    lines.append("</row>")
    for r in range(2, rows + 2):
        row: list[str | int] = [f"c{r - 2}", "C", *([1] * (columns - 2))]
        lines.append(f'<row r="{r}">')
        lines += [_cell(f"{c}{r}", v) for c, v in zip(letters, row, strict=True)]
        lines.append("</row>")
    sheet = f'<worksheet xmlns="{MAIN}"><sheetData>{"".join(lines)}</sheetData></worksheet>'
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in PARTS.items():
            z.writestr(name, text)
        z.writestr(SHEET, sheet)


def _entry(name: bytes, crc: int, packed: int, size: int) -> bytes:
    """The fields a zip file's local header and its directory entry share, from the
    version needed on: deflated, 1 January 1980."""
    return struct.pack("<HHHHHIII", 20, 0, zipfile.ZIP_DEFLATED, 0, 0x21, crc, packed, size)


def inflating_xlsx(path: Path, unzipped: int = 3 << 30) -> None:
    """A workbook of a megabyte or so whose sheet inflates to `unzipped` bytes and more
    (blank space inside a row: valid XML all the way), `unzipped` below 4 GiB.

    The sheet's deflate stream is flushed whole (`Z_FULL_FLUSH`) after its head and after
    each block of 16 MiB of blanks, so every whole block deflates to the same bytes: they are
    deflated once and written as often as the blanks need. The archive (local headers, data,
    directory) is written here, the parts deflated by zlib as zipfile deflates them."""
    assert unzipped < 1 << 32
    head = (
        f'<?xml version="1.0"?><worksheet xmlns="{MAIN}"><sheetData><row r="1">'
        '<c r="A1" t="inlineStr"><is><t>id</t></is></c>'
    ).encode()
    tail = b"</row></sheetData></worksheet>"
    block = b" " * (1 << 24)
    whole, rest = divmod(unzipped, len(block))
    deflate = zlib.compressobj(1, zlib.DEFLATED, -15)
    packed_head = deflate.compress(head) + deflate.flush(zlib.Z_FULL_FLUSH)
    packed_block = deflate.compress(block) + deflate.flush(zlib.Z_FULL_FLUSH)
    packed_tail = deflate.compress(block[:rest] + tail) + deflate.flush(zlib.Z_FINISH)
    crc = zlib.crc32(head)
    for _ in range(whole):
        crc = zlib.crc32(block, crc)
    crc = zlib.crc32(block[:rest] + tail, crc)
    size = len(head) + unzipped + len(tail)
    packed = len(packed_head) + whole * len(packed_block) + len(packed_tail)
    directory = []
    with path.open("wb") as f:
        for name, text in PARTS.items():
            data = text.encode()
            small = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -15)
            deflated = small.compress(data) + small.flush()
            entry = _entry(name.encode(), zlib.crc32(data), len(deflated), len(data))
            directory.append((name.encode(), entry, f.tell()))
            f.write(b"PK\x03\x04" + entry + struct.pack("<HH", len(name), 0) + name.encode())
            f.write(deflated)
        entry = _entry(SHEET.encode(), crc, packed, size)
        directory.append((SHEET.encode(), entry, f.tell()))
        f.write(b"PK\x03\x04" + entry + struct.pack("<HH", len(SHEET), 0) + SHEET.encode())
        f.write(packed_head)
        for _ in range(whole):
            f.write(packed_block)
        f.write(packed_tail)
        start = f.tell()
        for named, entry, offset in directory:
            f.write(b"PK\x01\x02" + struct.pack("<H", 20) + entry)
            f.write(struct.pack("<HHHHHII", len(named), 0, 0, 0, 0, 0, offset) + named)
        end = f.tell()
        count = len(directory)
        f.write(struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, end - start, start, 0))
