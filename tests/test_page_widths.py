"""The downloads page works from a 360 px phone to a desktop: opened in headless Chromium
inside a frame of each width, it never scrolls sideways, and on the phone its download
tables reflow (no header row; each download on its own lines). Each width is measured once
for the module (`fit`): one Chromium a width, read by every test of that width."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import CHROMIUM, FLAGS, ROOT

pytestmark = pytest.mark.skipif(
    CHROMIUM is None and not os.environ.get("CI"),
    reason="chromium is installed by tests/run; never skipped in CI",
)

PROBE = """<!doctype html><html><body style="margin:0">
<iframe id="f" src="index.html" style="width:{width}px;height:800px;border:0"></iframe>
<script>
document.getElementById("f").addEventListener("load", function () {{
  var w = this.contentWindow, d = w.document;
  var head = d.querySelector("thead");
  document.body.setAttribute("data-fit", [d.documentElement.scrollWidth, w.innerWidth,
    head ? w.getComputedStyle(head).display : "no-table"].join(" "));
}});
</script></body></html>"""


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    project = tmp_path_factory.mktemp("site")
    shutil.copytree(ROOT / "catalog" / "atmosfear", project / "catalog" / "atmosfear")
    shutil.copytree(ROOT / "layouts" / "atmosfear", project / "layouts" / "atmosfear")
    from cardstock.cli import main

    assert (
        main(
            [
                "--root",
                str(project),
                "build",
                "atmosfear",
                "--only",
                "svg,quickref,page",
                "--jobs",
                "1",
            ]
        )
        == 0
    )
    return project / "output"


def measure(site: Path, width: int) -> tuple[int, int, str]:
    probe = site / f"probe-{width}.html"
    probe.write_text(PROBE.format(width=width), encoding="utf-8")
    with tempfile.TemporaryDirectory() as profile:
        dom = subprocess.run(
            [
                CHROMIUM,
                *FLAGS,
                f"--user-data-dir={profile}",
                "--allow-file-access-from-files",
                "--window-size=1400,900",
                "--virtual-time-budget=5000",
                "--dump-dom",
                probe.as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=120,
        ).stdout
    found = re.search(r'data-fit="(\d+) (\d+) ([\w-]+)"', dom)
    assert found, dom[-500:]
    return int(found.group(1)), int(found.group(2)), found.group(3)


@pytest.fixture(scope="module")
def fit(site) -> Callable[[int], tuple[int, int, str]]:
    """`measure` of the page at a width, made once a width for the module."""
    measured: dict[int, tuple[int, int, str]] = {}

    def at(width: int) -> tuple[int, int, str]:
        if width not in measured:
            measured[width] = measure(site, width)
        return measured[width]

    return at


@pytest.mark.parametrize("width", [360, 1280])
def test_the_page_never_scrolls_sideways(fit, width):
    scroll, inner, _ = fit(width)
    assert inner == width
    assert scroll <= inner


def test_on_a_phone_the_download_tables_reflow_and_on_a_desktop_they_stay_tables(fit):
    assert fit(360)[2] == "none"
    assert fit(1280)[2] == "table-header-group"


def test_the_phone_layout_is_a_real_picture(site, tmp_path):
    shot = tmp_path / "phone.png"
    with tempfile.TemporaryDirectory() as profile:
        proc = subprocess.run(
            [
                CHROMIUM,
                *FLAGS,
                f"--user-data-dir={profile}",
                f"--screenshot={shot}",
                "--window-size=360,1200",
                (site / "index.html").as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert shot.is_file() and shot.stat().st_size > 20_000
