"""A command loads the code of what it is asked for, and no other: `import cardstock.cli`
loads none of the pipeline, and a build of the print-and-play sheets alone loads no SVG,
PNG, Tabletop Simulator, changelog or proof code (the stage table imports each stage's
module when the stage runs, `cardstock.stages`).

Each case runs in a new Python process and reads that process's `sys.modules`: a test of
which modules are loaded, never of how long loading takes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

# What the command line may not load before it knows the command: the pipeline and the
# libraries only the pipeline needs.
NOT_AT_START = (
    "cardstock.build",
    "cardstock.stages",
    "cardstock.validate",
    "cardstock.catalog.load",
    "cardstock.layout.faces",
    "pydantic",
    "reportlab",
    "jinja2",
    "PIL",
    "svgwrite",
)

# What a build of the print-and-play sheets alone may not load: the other stages' code.
NOT_FOR_PNP = (
    "cardstock.render.stage",
    "cardstock.render.svg",
    "cardstock.render.png",
    "cardstock.exports.tts",
    "cardstock.exports.ttsmesh",
    "cardstock.exports.ttpg",
    "cardstock.exports.cards",
    "cardstock.exports.presets",
    "cardstock.site.changelog",
    "cardstock.site.stats",
    "cardstock.site.charts",
    "cardstock.impose.proof",
    "cardstock.impose.cut",
    "cardstock.impose.tuckbox",
    "cardstock.books.epub",
    "cardstock.books.xhtml",
    "svgwrite",
    "matplotlib",
    "pypdfium2",
)

# Prints the modules the process holds after running the code given, as JSON.
PROBE = """
import json, sys
{code}
print(json.dumps(sorted(sys.modules)))
"""


def modules_after(code: str, tmp: Path) -> set[str]:
    """The modules a new interpreter holds after running `code` (its cache in `tmp`)."""
    env = {**os.environ, "CARDSTOCK_CACHE": str(tmp / "cache")}
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(code=code)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp,
        check=True,
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def loaded(names: tuple[str, ...], modules: set[str]) -> list[str]:
    """Which of `names` (a module, or a package with its submodules) are in `modules`."""
    return sorted(m for m in modules for n in names if m == n or m.startswith(n + "."))


def test_importing_the_command_line_loads_no_pipeline(tmp_path: Path) -> None:
    modules = modules_after("import cardstock.cli", tmp_path)
    assert "cardstock.cli" in modules
    assert loaded(NOT_AT_START, modules) == []


def test_a_sheets_only_build_loads_no_other_stage(tmp_path: Path) -> None:
    # alter-ego has a rulebook, so its rules check lays the book out (typesetting, not the
    # web page or the EPUB); one process (--jobs 1) so every module shows in this one.
    args = [
        "--root",
        str(ROOT),
        "build",
        "alter-ego",
        "--only",
        "pnp",
        "--paper",
        "letter",
        "--jobs",
        "1",
        "--out",
        str(tmp_path / "out"),
    ]
    code = (
        "import contextlib, io\n"
        "from cardstock.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main({args!r}) == 0\n"
    )
    modules = modules_after(code, tmp_path)
    assert (tmp_path / "out" / "alter-ego" / "alter-ego-pnp-letter.pdf").is_file()
    assert {"cardstock.impose.pnp", "cardstock.books.rulebook"} <= modules
    assert loaded(NOT_FOR_PNP, modules) == []
