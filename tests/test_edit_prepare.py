"""`--watch` prepares the next rebuild while it waits: the modules the asked-for stages
import only when they run (the SVG writer, the booklets' PDF reader) are imported in the
watching process, so the workers each rebuild forks start with them instead of importing
them on every edit. Checked in a fresh interpreter by the modules loaded."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import ROOT, copy_project

PROBE = """
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from cardstock import pipeline
from cardstock.core.stage import BuildOptions
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
    wanted = {"svgwrite", "pypdf", "cardstock.books.booklet", "cardstock.books.rulebook", "cardstock.render.stage", "cardstock.impose.pnp"}
    assert not wanted & before
    assert wanted <= after
    # the books' TrueType faces are parsed and registered (the cards draw with them too)
    from cardstock.fonts import FACES

    assert {FACES[name].pdf_name for name in ("sans", "sans-bold", "sans-italic", "serif-bold")} <= set(fonts)


def test_preparing_a_pnp_build_imports_no_books(tmp_path: Path) -> None:
    before, after, _ = prepared("pnp", tmp_path)
    assert "cardstock.impose.pnp" in after
    assert not {"cardstock.books.rulebook", "pypdf", "svgwrite"} & after


def test_a_watch_rebuild_after_preparing_writes_what_a_fresh_build_writes(tmp_path: Path) -> None:
    """The watcher prepared (imported, registered fonts) between its builds; its rebuild,
    spread over two workers, writes the same bytes as a build from nothing."""
    import csv
    import io
    import shutil
    import signal
    import time

    from cardstock.cli import main

    game = "alpha-omega-cards"
    root = copy_project(tmp_path / "proj", (game,))
    out = root / "output"
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "build.py"), "--root", str(root), "build", "--watch", "--jobs", "2", "--paper", "letter"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    table = root / "catalog" / game / "good.csv"
    try:
        deadline = time.monotonic() + 120
        while not (out / "index.html").is_file() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
        assert (out / "index.html").is_file(), "the first build"
        time.sleep(1.5)  # the first build done, the watcher prepared
        raw = table.read_text(encoding="utf-8")
        card = next(r for r in csv.DictReader(io.StringIO(raw)) if r["text"] and '"' not in r["text"])
        table.write_text(raw.replace(card["text"], card["text"] + " (edited)", 1), encoding="utf-8")
        assert proc.stderr is not None
        for line in proc.stderr:  # until the rebuild says it is done
            if line.startswith("(rebuilt ") or time.monotonic() > deadline:
                break
    finally:
        proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 0, stderr
    fresh = tmp_path / "fresh"
    assert main(["--root", str(root), "build", "--out", str(fresh), "--jobs", "1", "--paper", "letter"]) == 0

    def files(folder: Path) -> dict[str, bytes]:
        return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file() and ".cache" not in p.relative_to(folder).parts}

    made, want = files(out), files(fresh)
    assert made.keys() == want.keys()
    assert [name for name in want if made[name] != want[name]] == []
    assert b"(edited)" in b"".join(made[n] for n in made if n.endswith(".svg"))
