"""The golden snapshot of the fixture game `tests/fixtures/catalog/mini`: what a build of it
writes, in a form a person can read in a diff.

- every SVG face, one element a line;
- each print-and-play PDF as text: per page its boxes and its content stream, then every
  form it draws (each face stored once), decompressed; images as their size and a hash of
  their pixels; the document's id and dates left out;
- the manifest, with the byte counts and hashes of the PDFs left out (their content is
  compared above, and compression may differ between zlib builds).

`build(dir)` builds the fixture into `dir`; `snapshot(out)` turns a build into
{relative path: text}. `regen.py` writes it into `tests/golden/mini/`, and
`tests/test_golden.py` compares a fresh build with it.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from pypdf.generic import DictionaryObject, IndirectObject

HERE = Path(__file__).resolve().parent
FIXTURE = HERE.parent / "fixtures" / "catalog" / "mini"
GOLDEN = HERE / "mini"
BUILD_ARGS = ["build", "--jobs", "1", "--paper", "all", "--only", "svg,pnp"]


def build(root: Path) -> Path:
    """Build the fixture game as a project of its own under `root`; returns its output."""
    from cardstock.cli import main

    os.environ.setdefault("CARDSTOCK_NO_SERVER", "1")
    shutil.copytree(FIXTURE, root / "catalog" / "mini")
    code = main(["--root", str(root), *BUILD_ARGS])
    if code != 0:
        raise RuntimeError(f"the fixture build exited {code}")
    return root / "output"


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


def pdf_text(path: Path) -> str:
    """A PDF's pages and forms as readable text (see the module docstring)."""
    reader = PdfReader(path)
    out = [f"# {path.name}: {len(reader.pages)} pages"]
    forms: dict[str, Any] = {}
    images: dict[str, Any] = {}

    def collect(resources: Any) -> None:
        xobjects = _value(resources).get("/XObject", {}) if resources is not None else {}
        for name in sorted(xobjects):
            obj = _value(xobjects[name])
            kind = obj.get("/Subtype")
            if kind == "/Form" and name not in forms:
                forms[name] = obj
                collect(obj.get("/Resources"))
            elif kind == "/Image" and name not in images:
                images[name] = obj

    for number, page in enumerate(reader.pages, start=1):
        out.append(f"\n## page {number}: {_boxes(page)}")
        contents = page.get_contents()
        out.append(_stream(contents.get_data()) if contents is not None else "")
        collect(page.get("/Resources"))
    for name in sorted(forms):
        form = forms[name]
        states = sorted(_value(form.get("/Resources", {})).get("/ExtGState", {}))
        out.append(f"\n## form {name}: BBox={_value(form['/BBox'])} Matrix={_value(form.get('/Matrix'))} ExtGState={states}")
        out.append(_stream(form.get_data()))
    for name in sorted(images):
        image = images[name]
        digest = hashlib.sha256(image.get_data()).hexdigest()[:16]
        out.append(f"\n## image {name}: {image['/Width']}x{image['/Height']} sha256:{digest}")
    return "\n".join(out) + "\n"


def manifest_text(path: Path) -> str:
    data = json.loads(path.read_text(encoding="utf-8"))
    for entry in data.get("artifacts", []):
        if str(entry.get("path", "")).endswith(".pdf"):
            entry.pop("bytes", None)
            entry.pop("sha256", None)
    data.pop("generated", None)
    return json.dumps(data, indent=2, sort_keys=True) + "\n"


def snapshot(out: Path) -> dict[str, str]:
    """{path under tests/golden/mini: text} for a build's output folder."""
    files: dict[str, str] = {"manifest.json": manifest_text(out / "manifest.json")}
    for svg in sorted((out / "mini" / "svg").glob("*.svg")):
        # one element a line, so that a diff shows the element that changed (the manifest
        # holds each file's hash, so the bytes are compared too)
        files[f"svg/{svg.name}"] = svg.read_text(encoding="utf-8").replace("><", ">\n<")
    for pdf in sorted((out / "mini").glob("*-pnp-*.pdf")):
        files[f"pdf/{pdf.stem}.txt"] = pdf_text(pdf)
    return files


def stored() -> dict[str, str]:
    """The snapshot kept in tests/golden/mini."""
    return {str(p.relative_to(GOLDEN)): p.read_text(encoding="utf-8") for p in sorted(GOLDEN.rglob("*")) if p.is_file()}
