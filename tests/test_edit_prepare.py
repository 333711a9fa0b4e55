"""`--watch` prepares the next rebuild while it waits: the modules the asked-for stages
import only when they run (the SVG writer, the booklets' PDF reader) are imported in the
watching process, so the workers each rebuild forks start with them instead of importing
them on every edit. Checked in a fresh interpreter by the modules loaded."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

PROBE = """
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from cardstock import pipeline
from cardstock.stage import BuildOptions
only = frozenset(sys.argv[2].split(",")) if sys.argv[2] else None
before = set(sys.modules)
pipeline.prepare(BuildOptions(out=Path(sys.argv[3]), papers=("letter",), only=only))
fonts = sorted(sys.modules["reportlab.pdfbase.pdfmetrics"].getRegisteredFontNames()) if "reportlab.pdfbase.pdfmetrics" in sys.modules else []
print(json.dumps({"before": sorted(before), "after": sorted(sys.modules), "fonts": fonts}))
"""


def prepared(only: str, tmp: Path) -> tuple[set[str], set[str], list[str]]:
    proc = subprocess.run([sys.executable, "-c", PROBE, str(ROOT), only, str(tmp / "out")], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    found = json.loads(proc.stdout.strip().splitlines()[-1])
    assert not (tmp / "out").exists()  # nothing written
    return set(found["before"]), set(found["after"]), found["fonts"]


def test_preparing_a_full_build_imports_what_its_stages_import_when_they_run(tmp_path: Path) -> None:
    before, after, fonts = prepared("", tmp_path)
    wanted = {"svgwrite", "pypdf", "cardstock.impose.booklet", "cardstock.books.rulebook", "cardstock.render.stage", "cardstock.impose.pnp"}
    assert not wanted & before
    assert wanted <= after
    # the books' TrueType faces are parsed and registered (the cards draw with them too)
    from cardstock.fonts import FACES

    assert {FACES[name].pdf_name for name in ("sans", "sans-bold", "sans-italic", "serif-bold")} <= set(fonts)


def test_preparing_a_pnp_build_imports_no_books(tmp_path: Path) -> None:
    before, after, _ = prepared("pnp", tmp_path)
    assert "cardstock.impose.pnp" in after
    assert not {"cardstock.books.rulebook", "pypdf", "svgwrite"} & after
