"""A build imports only what the outputs it was asked for need. After a cold PnP-only build
of a generated deck (the bench's 73-card case, in a fresh interpreter, as a user runs it),
the modules of the parts not asked for are not loaded: no books, exports, SVG writer or
site page template rendering, no Markdown parser (the deck's text has no markup a shortcut
cannot read), no SVG or XML reader (the game has no SVG art, icons or outlines). A second
fresh process with the same user cache reads the shipped layouts, symbol library and
template facts back instead of making them again."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

# (the package `cardstock.books` itself only holds where books are kept, and is imported
# by the build to say so; the modules that make books are not needed)
NOT_NEEDED = (
    "cardstock.books.rulebook", "cardstock.books.document", "cardstock.books.bookcache", "cardstock.books.context", "cardstock.exports",
    "cardstock.render.svg", "cardstock.render.stage", "cardstock.impose.booklet", "cardstock.impose.calibration",
    "cardstock.layout.svgart", "cardstock.rules.setup", "cardstock.rules.constraints",
    "markdown_it", "svgwrite", "pypdf", "openpyxl", "yaml", "xml.etree.ElementTree",
)

PROBE = """
import json, os, sys
sys.path.insert(0, sys.argv[1])
from cardstock.cli import main
code = main(["--root", sys.argv[2], "--out", sys.argv[3], "--paper", "letter", "--only", "pnp", "--jobs", "1"])
from cardstock import shippedcache, templating, tomlpos
print(json.dumps({
    "code": code,
    "modules": sorted(sys.modules),
    "shipped": dict(shippedcache.STATS),
    "toml": [tomlpos.READ_STATS.parsed, tomlpos.READ_STATS.cached],
    "facts": [templating.FACT_STATS.compiled, templating.FACT_STATS.read],
    "template code": [templating.CODE_STATS.compiled, templating.CODE_STATS.read],
    "pydantic plugins": os.environ.get("PYDANTIC_DISABLE_PLUGINS"),
}))
"""


def _bench_game(root: Path) -> None:
    spec = importlib.util.spec_from_file_location("cardstock_bench_run", ROOT / "bench" / "run.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    bench.synthetic_game(root, "bench", [(f"Card {i}", 1) for i in range(73)])


def _build(root: Path, out: Path, cache: Path) -> dict:
    env = {"PATH": "/usr/bin:/bin", "CARDSTOCK_CACHE": str(cache), "HOME": str(cache.parent)}
    proc = subprocess.run([sys.executable, "-c", PROBE, str(ROOT), str(root), str(out)],
                          capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_a_pnp_build_loads_only_what_pnp_needs_and_a_second_process_reads_the_shipped_work_back(tmp_path):
    root = tmp_path / "project"
    _bench_game(root)
    cache = tmp_path / "user-cache"

    first = _build(root, tmp_path / "out1", cache)
    assert first["code"] == 0
    assert (tmp_path / "out1" / "bench" / "bench-pnp-letter.pdf").stat().st_size > 10_000
    loaded = set(first["modules"])
    assert sorted(m for m in NOT_NEEDED if m in loaded) == []
    assert {"cardstock.impose.pnp", "cardstock.render.pdf", "cardstock.rules.facelint"} <= loaded  # it did build
    assert first["shipped"] == {"symbols made": 1, "layouts made": 1, "layout-values made": 1}
    assert first["facts"][0] > 20 and first["toml"][0] >= 5
    assert first["pydantic plugins"] == "__all__"  # no search of the installed distributions for plugins

    second = _build(root, tmp_path / "out2", cache)  # a new process, the user cache warm
    assert second["shipped"] == {"symbols read": 1, "layouts read": 1, "layout-values read": 1}
    # the layout and symbol files' Pydantic models are made only to read a file
    assert {"cardstock.layout.layoutfile", "cardstock.layout.symbolfile"} <= loaded
    assert {"cardstock.layout.layoutfile", "cardstock.layout.symbolfile"}.isdisjoint(second["modules"])
    assert second["facts"][0] == 0 and second["facts"][1] > 0  # template facts read back, none parsed
    # the code of every layout template and `when` expression read back: Jinja compiles nothing
    assert first["template code"][0] > 0 and second["template code"] == [0, first["template code"][0]]
    assert second["toml"][0] == 1 and second["toml"][1] >= 4  # only the game's own game.toml is parsed
    # the same PDF either way
    assert (tmp_path / "out1" / "bench" / "bench-pnp-letter.pdf").read_bytes() == (tmp_path / "out2" / "bench" / "bench-pnp-letter.pdf").read_bytes()
