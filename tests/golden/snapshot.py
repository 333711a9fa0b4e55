"""The golden snapshot of the fixture game `tests/fixtures/catalog/mini`: every file a build
of it writes, in a form a person can read in a diff.

The build is two runs of the command line, as a user would type them (`BUILDS`): the default
parts (SVG faces, rulebook and booklets, print-and-play sheets, quick reference, calibration
sheets, downloads page), then the on-request exports (`--only cards,tts` with every
print-shop service in `--for`). The project it builds is the fixture's catalog, the
fixture's rulebook and quick-reference templates (`tests/fixtures/layouts/mini/`) and
`reference-set.toml` (beside this file) appended to its game.toml: a quick-reference card
and the rule tables the templates print. (The other tests copy catalog/mini without its
layouts, where a reference card would have no templates, so the card is added here.)

The snapshot mirrors the build's `output/` folder under `tests/golden/mini/`, one file per
file written:

- SVG: one element a line; CSV, OBJ and other text: as written; the downloads page
  (index.html) too, less the sizes it shows of PDF, PNG, ZIP and JSON files (they depend
  on the compression libraries);
- JSON: indented, with the build's own output folder replaced by `<output>` should a file
  name it (none does: the Tabletop Simulator object names its files by file name);
- PDF (`<name>.pdf.txt`): per page its boxes and its content stream, then every form it
  draws (each face stored once) in the order first drawn, decompressed, a face's form
  numbered (`/FormXob.Face(1)`) rather than named by its content hash, so that a changed
  face shows as the lines that changed; images as their size and a hash of their pixels;
  the document's id and dates left out;
- PNG (`<name>.png.txt`): its size and pixel mode, its mean colour, and a thumbnail of at
  most `THUMB` cells a side (grey over white, and the alpha channel when it has one) as hex
  text, compared with a tolerance (`png_problems`), so that a library release that
  antialiases an edge a little differently passes and a moved or changed drawing does not;
  the PNG bytes themselves are never compared;
- ZIP (`<name>.zip.txt`): its members, sorted, each with its compression and date and
  either "same bytes as" the file of that name beside the zip or, if it differs, its own
  snapshot;
- any other file (`<name>.txt`): its size and sha256 (the fonts copied beside the SVGs);
- the manifest, with the byte counts and hashes left out for the files whose snapshot is
  not their bytes (PDF, PNG, ZIP, JSON, index.html); the other files' hashes stay and pin
  their bytes.

`build(dir)` builds the fixture into `dir`; `snapshot(out)` turns a build into
{path under tests/golden/mini: text}; `family(name)` says which output family a file
belongs to. `regen.py` writes the snapshot, `tests/test_golden.py` compares a fresh build.
"""

from __future__ import annotations

import fnmatch
import hashlib
import io
import json
import os
import re
import shutil
import zipfile
from pathlib import Path
from typing import Any, BinaryIO
from urllib.parse import quote

from PIL import Image, ImageStat
from pypdf import PdfReader
from pypdf.generic import DictionaryObject, IndirectObject

HERE = Path(__file__).resolve().parent
FIXTURE = HERE.parent / "fixtures" / "catalog" / "mini"
LAYOUTS = HERE.parent / "fixtures" / "layouts" / "mini"
EXTRA = HERE / "reference-set.toml"
GOLDEN = HERE / "mini"
GAME = "mini"
SHOPS = ("mpc", "tgc", "drivethru", "printerstudio")
COMMON = ["build", "--jobs", "1", "--paper", "all"]
BUILDS = (COMMON, [*COMMON, "--only", "cards,tts", "--for", ",".join(SHOPS)])
PLACEHOLDER = "<output>"

# Which family of outputs each written file belongs to (a path under output/, `*` also
# matches `/`); tests/test_golden.py has one test per family.
FAMILIES: dict[str, tuple[str, ...]] = {
    "manifest": ("manifest.json",),
    "downloads page": ("index.html",),
    "calibration": ("calibration-*.pdf",),
    "svg": (f"{GAME}/svg/*",),
    "pnp": (f"{GAME}/{GAME}-pnp-*.pdf",),
    "printed": (f"{GAME}/{GAME}-printed.json",),
    "rulebook": (f"{GAME}/{GAME}-rulebook.pdf",),
    "booklet": (f"{GAME}/{GAME}-rulebook-booklet-*.pdf",),
    "rulebook web page": (f"{GAME}/rules/*",),
    "rulebook e-book": (f"{GAME}/{GAME}-rulebook.epub",),
    "quickref": (f"{GAME}/{GAME}-quickref-*.pdf",),
    "cards": (f"{GAME}/cards/*",),
    "tts": (f"{GAME}/tts/*",),
    **{
        f"print-shop/{s}": (f"{GAME}/print-shop/{s}/*", f"{GAME}/print-shop/{GAME}-{s}.zip")
        for s in SHOPS
    },
}

# files snapshot as their own text (their bytes, or for SVG one element a line)
TEXT = (".svg", ".csv", ".html", ".obj", ".txt")
# A PNG thumbnail has THUMB cells on its long side, and a cell (0..255) may move by up to
# TOLERANCE. On a poker card's 821 x 1121 PNG a cell is about 12 pixels square: the whole
# drawing moved by half a pixel moves a cell by at most 11, by a whole pixel 22, a slight
# blur 5; one digit of the rules text changed (1 -> 2) moves one by about 40.
THUMB = 96
TOLERANCE = 24
MEAN_TOLERANCE = 2  # the most a mean channel (0..255) may move
_SUFFIXES = (".pdf", ".png", ".zip", ".json", ".epub")


# ---------------------------------------------------------------------------------- build


def project(root: Path) -> Path:
    """The fixture as a project of its own under `root` (see the module docstring)."""
    shutil.copytree(FIXTURE, root / "catalog" / GAME)
    shutil.copytree(LAYOUTS, root / "layouts" / GAME)
    toml = root / "catalog" / GAME / "game.toml"
    toml.write_text(
        toml.read_text(encoding="utf-8") + EXTRA.read_text(encoding="utf-8"), encoding="utf-8"
    )
    return root


def run(root: Path, args: list[str]) -> None:
    from cardstock.cli import main

    os.environ.setdefault("CARDSTOCK_NO_SERVER", "1")
    code = main(["--root", str(root), *args])
    if code != 0:
        raise RuntimeError(f"`cardstock --root {root} {' '.join(args)}` exited {code}")


def build(root: Path) -> Path:
    """Build the fixture game as a project under `root` (every part, every export);
    returns its output folder."""
    project(root)
    for args in BUILDS:
        run(root, list(args))
    return root / "output"


def written(out: Path) -> list[str]:
    """Every file the build wrote under `out`, as posix paths (not its hidden cache)."""
    return sorted(
        p.relative_to(out).as_posix()
        for p in out.rglob("*")
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(out).parts)
    )


def source(name: str) -> str:
    """The output path a snapshot file describes (`a.pdf.txt` -> `a.pdf`)."""
    stem = name.removesuffix(".txt")
    return stem if stem != name and "." in Path(stem).name and not stem.endswith(TEXT) else name


def family(name: str) -> str | None:
    """The family of an output path or of a snapshot file's name."""
    path = source(name)
    for fam, patterns in FAMILIES.items():
        if any(fnmatch.fnmatchcase(path, p) for p in patterns):
            return fam
    return None


# ------------------------------------------------------------------------------------ PDF


def _value(obj: Any) -> Any:
    obj = obj.get_object() if isinstance(obj, IndirectObject) else obj
    if isinstance(obj, list):
        return [_value(v) for v in obj]
    return obj


def _boxes(page: DictionaryObject) -> str:
    names = ("/MediaBox", "/CropBox", "/BleedBox", "/TrimBox", "/ArtBox", "/Rotate")
    return " ".join(f"{n[1:]}={_value(page[n])}" for n in names if n in page)


def _stream(data: bytes) -> str:
    return data.decode("latin-1").rstrip("\n")


def pdf_text(path: Path | BinaryIO, name: str | None = None) -> str:
    """A PDF's pages and forms as readable text (see the module docstring)."""
    reader = PdfReader(path)
    out = [f"# {name or Path(str(path)).name}: {len(reader.pages)} pages"]
    forms: dict[str, Any] = {}
    images: dict[str, Any] = {}

    def collect(resources: Any) -> None:
        xobjects = _value(resources).get("/XObject", {}) if resources is not None else {}
        for key in sorted(xobjects):
            obj = _value(xobjects[key])
            kind = obj.get("/Subtype")
            if kind == "/Form" and key not in forms:
                forms[key] = obj
                collect(obj.get("/Resources"))
            elif kind == "/Image" and key not in images:
                images[key] = obj

    streams = []
    for number, page in enumerate(reader.pages, start=1):
        out.append(f"\n## page {number}: {_boxes(page)}")
        contents = page.get_contents()
        streams.append(_stream(contents.get_data()) if contents is not None else "")
        out.append(streams[-1])
        collect(page.get("/Resources"))
    # forms in the order they are first drawn, a face's form numbered in that order instead
    # of named by its content hash: a changed face then shows as the lines that changed in
    # its form (the hash stays visible once per placement, in its `/Face <</K (...)` mark)
    order: list[str] = []
    texts = {key: _stream(form.get_data()) for key, form in forms.items()}

    def drawn(text: str) -> None:
        for key in _DO.findall(text):
            if key in forms and key not in order:
                order.append(key)
                drawn(texts[key])

    for text in streams:
        drawn(text)
    order += sorted(set(forms) - set(order))
    for key in order:
        form = forms[key]
        states = sorted(_value(form.get("/Resources", {})).get("/ExtGState", {}))
        out.append(
            f"\n## form {key}: BBox={_value(form['/BBox'])} Matrix={_value(form.get('/Matrix'))} "
            f"ExtGState={states}"
        )
        out.append(texts[key])
    for key in sorted(images):
        image = images[key]
        digest = hashlib.sha256(image.get_data()).hexdigest()[:16]
        out.append(f"\n## image {key}: {image['/Width']}x{image['/Height']} sha256:{digest}")
    text = "\n".join(out) + "\n"
    faces = [key for key in order if _FACE_FORM.fullmatch(key)]
    return _FACE_FORM.sub(
        lambda m: (
            f"/FormXob.Face({faces.index(m.group(0)) + 1})" if m.group(0) in faces else m.group(0)
        ),
        text,
    )


_DO = re.compile(r"(/[^\s/\[\]()<>{}%]+)\s+Do\b")
_FACE_FORM = re.compile(r"/FormXob\.Face[0-9a-f]{16}(?![0-9a-f])")


# ------------------------------------------------------------------------------------ PNG


def _grid(image: Image.Image) -> list[str]:
    data, w = image.tobytes(), image.width  # one byte a cell (mode L)
    return [data[y * w : (y + 1) * w].hex() for y in range(image.height)]


def png_text(data: bytes) -> str:
    """A PNG's size, mode, mean colour and thumbnail (see the module docstring)."""
    with Image.open(io.BytesIO(data)) as im:
        im.load()
        mode, (w, h) = im.mode, im.size
        has_alpha = "A" in im.getbands() or "transparency" in im.info
        rgba = im.convert("RGBA")
    mean = " ".join(f"{v:.0f}" for v in ImageStat.Stat(rgba).mean)
    tw, th = (
        (THUMB, max(1, round(h * THUMB / w))) if w >= h else (max(1, round(w * THUMB / h)), THUMB)
    )
    tw, th = min(tw, w), min(th, h)
    over_white = Image.alpha_composite(Image.new("RGBA", rgba.size, (255, 255, 255, 255)), rgba)
    gray = over_white.convert("L").resize((tw, th), Image.Resampling.BOX)
    out = [
        f"png {w}x{h} {mode}",
        f"mean RGBA {mean}",
        f"gray over white {tw}x{th} (box average, 00 black .. ff white)",
        *_grid(gray),
    ]
    if has_alpha:
        alpha = rgba.getchannel("A").resize((tw, th), Image.Resampling.BOX)
        out += [f"alpha {tw}x{th} (00 clear .. ff opaque)", *_grid(alpha)]
    return "\n".join(out) + "\n"


def _png_parts(text: str) -> tuple[list[str], list[int], list[list[list[int]]]]:
    """(lines compared exactly, mean channels, thumbnails) of a PNG snapshot: its first
    line, `mean RGBA r g b a`, then thumbnails, each a header line and rows of hex cells."""
    lines = text.splitlines()
    exact, means = [lines[0], lines[1].split(" ")[1]], [int(v) for v in lines[1].split()[2:]]
    grids: list[Any] = []
    for line in lines[2:]:
        if " " in line:
            exact.append(line)
            grids.append([])
        else:
            grids[-1].append([int(line[i : i + 2], 16) for i in range(0, len(line), 2)])
    return exact, means, grids


def png_problems(want: str, got: str) -> list[str]:
    """How a PNG snapshot differs from its golden beyond the tolerance (empty: the same):
    the first line and the headers exactly, each thumbnail cell within TOLERANCE, each mean
    channel within MEAN_TOLERANCE."""
    try:
        w_exact, w_means, w_grids = _png_parts(want)
        g_exact, g_means, g_grids = _png_parts(got)
    except (ValueError, IndexError) as exc:
        return [f"unreadable PNG snapshot: {exc!r}"]
    if w_exact != g_exact:
        return [
            "the size, mode or thumbnails differ: "
            + "; ".join(f"{a!r} -> {b!r}" for a, b in zip(w_exact, g_exact) if a != b)
        ]
    problems = []
    moved = [abs(a - b) for a, b in zip(w_means, g_means)]
    if len(w_means) != len(g_means) or max(moved, default=0) > MEAN_TOLERANCE:
        problems.append(
            f"the mean colour moved from {w_means} to {g_means} (tolerance {MEAN_TOLERANCE})"
        )
    for header, a, b in zip(w_exact[2:], w_grids, g_grids):
        worst, where, over = 0, (0, 0), 0
        if [len(r) for r in a] != [len(r) for r in b]:
            problems.append(f"{header.split(' (')[0]}: the rows differ in number or length")
            continue
        for y, (ra, rb) in enumerate(zip(a, b)):
            for x, (va, vb) in enumerate(zip(ra, rb)):
                d = abs(va - vb)
                over += d > TOLERANCE
                if d > worst:
                    worst, where = d, (x, y)
        if worst > TOLERANCE:
            problems.append(
                f"{header.split(' (')[0]}: {over} cell(s) moved by more than {TOLERANCE}, the most "
                f"by {worst} at x={where[0]}, y={where[1]}"
            )
    return problems


def same(name: str, want: str, got: str) -> bool:
    """Whether a file's snapshot matches its golden (PNG thumbnails with a tolerance)."""
    return want == got or (name.endswith(".png.txt") and not png_problems(want, got))


# ------------------------------------------------------------------------------- the rest


def _roots(out: Path) -> list[str]:
    paths = {out.as_posix(), out.resolve().as_posix()}
    return sorted(paths | {quote(p) for p in paths}, key=len, reverse=True)


def _placed(text: str, out: Path) -> str:
    for root in _roots(out):
        text = text.replace(root, PLACEHOLDER)
    return text


def describe(rel: str, data: bytes, out: Path) -> tuple[str, str]:
    """(snapshot name, text) for the file `rel` of a build in `out` holding `data`."""
    suffix = Path(rel).suffix.lower()
    if suffix == ".pdf":
        return f"{rel}.txt", pdf_text(io.BytesIO(data), Path(rel).name)
    if suffix == ".png":
        return f"{rel}.txt", png_text(data)
    if suffix in (".zip", ".epub"):  # an EPUB is a zip: its members, not deflate's bytes
        return f"{rel}.txt", zip_text(rel, data, out)
    if suffix == ".json":
        text = json.dumps(
            json.loads(_placed(data.decode("utf-8"), out)), indent=2, ensure_ascii=False
        )
        return rel, text + "\n"
    if suffix in TEXT:
        text = _normal(rel, data, out)
        # one element a line, so that a diff shows the element that changed (the manifest
        # holds each file's hash, so the bytes are compared too)
        return rel, text.replace("><", ">\n<") if suffix == ".svg" else text
    return f"{rel}.txt", f"{len(data)} bytes sha256:{hashlib.sha256(data).hexdigest()}\n"


def _normal(rel: str, data: bytes, out: Path) -> str:
    """A text file's text with the build's folder replaced by PLACEHOLDER and, on the
    downloads page, the sizes of the files whose bytes the snapshot leaves out."""
    text = _placed(data.decode("utf-8"), out)
    if rel.endswith(".html"):
        text = _SIZE_CELL.sub(
            lambda m: (
                m.group(1)
                + (_LEFT_OUT if m.group(2).lower().endswith(_SUFFIXES) else m.group(3))
                + "<"
            ),
            text,
        )
    return text


def exact(rel: str, data: bytes, out: Path) -> bool:
    """Whether the snapshot of a file holds its bytes (else the manifest's hash of it is
    left out)."""
    return rel.lower().endswith(TEXT) and _normal(rel, data, out) == data.decode("utf-8")


_SIZE_CELL = re.compile(r'(<a href="([^"]+)">(?:(?!</tr>).)*?data-label="Size">)([^<]*)<', re.S)
_LEFT_OUT = "(size left out)"


def zip_text(rel: str, data: bytes, out: Path) -> str:
    beside = (out / rel).parent
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        infos = sorted(z.infolist(), key=lambda i: i.filename)
        lines = [f"# {Path(rel).name}: {len(infos)} members (name, compression, date, content)"]
        for info in infos:
            member = z.read(info)
            method = {zipfile.ZIP_STORED: "stored", zipfile.ZIP_DEFLATED: "deflated"}.get(
                info.compress_type, f"method {info.compress_type}"
            )
            date = "{:04d}-{:02d}-{:02d} {:02d}:{:02d}:{:02d}".format(*info.date_time)
            twin = beside / info.filename
            head = f"{info.filename}  {method}  {date}"
            if twin.is_file() and twin.read_bytes() == member:
                lines.append(f"{head}  same bytes as {twin.relative_to(out).as_posix()}")
            else:
                _, text = describe(info.filename, member, out)
                lines.append(f"{head}  differs from the file beside the zip; its snapshot:")
                lines += [f"    {line}" for line in text.splitlines()]
    return "\n".join(lines) + "\n"


def manifest_text(path: Path, inexact: set[str] | None = None) -> str:
    """The manifest without the byte counts and hashes of the files in `inexact` (by
    default every PDF, PNG, ZIP and JSON file)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    for entry in data.get("artifacts", []):
        where = str(entry.get("path", ""))
        if where in inexact if inexact is not None else where.lower().endswith(_SUFFIXES):
            entry.pop("bytes", None)
            entry.pop("sha256", None)
    data.pop("generated", None)
    return json.dumps(data, indent=2, sort_keys=True) + "\n"


def snapshot(out: Path) -> dict[str, str]:
    """{path under tests/golden/mini: text} for every file in a build's output folder."""
    files: dict[str, str] = {}
    inexact: set[str] = set()
    for rel in written(out):
        if rel != "manifest.json":
            data = (out / rel).read_bytes()
            name, text = describe(rel, data, out)
            files[name] = text
            inexact |= set() if exact(rel, data, out) else {rel}
    if (out / "manifest.json").is_file():
        files["manifest.json"] = manifest_text(out / "manifest.json", inexact)
    return dict(sorted(files.items()))


def stored() -> dict[str, str]:
    """The snapshot kept in tests/golden/mini."""
    return {
        p.relative_to(GOLDEN).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(GOLDEN.rglob("*"))
        if p.is_file()
    }
