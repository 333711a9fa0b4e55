"""The downloads page works from a 360 px phone to a desktop: opened in headless Chromium
inside a frame of each width, it never scrolls sideways, and on the phone its download
tables reflow (no header row; each download on its own lines). Both widths are measured once
for the module (`fit`): one Chromium, the page in a frame of each width side by side."""

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

# the page in a frame of each width, side by side; each frame's figures are written to the
# body once it has loaded, `data-fit-<width>="<scroll width> <inner width> <thead display>
# <empty cells shown>"` (a download's cells with nothing in them, such as a web page's paper,
# that are still displayed)
PROBE = """<!doctype html><html><body style="margin:0">{frames}
<script>
document.querySelectorAll("iframe").forEach(function (f) {{
  f.addEventListener("load", function () {{
    var w = f.contentWindow, d = w.document;
    var head = d.querySelector("thead");
    var shown = Array.prototype.filter.call(d.querySelectorAll("td[data-label]"), function (td) {{
      return td.textContent.trim() === "" && w.getComputedStyle(td).display !== "none";
    }}).length;
    document.body.setAttribute("data-fit-" + f.dataset.width, [d.documentElement.scrollWidth,
      w.innerWidth, head ? w.getComputedStyle(head).display : "no-table", shown].join(" "));
  }});
}});
</script></body></html>"""
FRAME = (
    '<iframe src="index.html" data-width="{width}"'
    ' style="width:{width}px;height:800px;border:0"></iframe>'
)
WIDTHS = (360, 1280)


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
                "svg,quickref,rulebook,page",
                "--jobs",
                "1",
            ]
        )
        == 0
    )
    return project / "output"


def measure(site: Path, widths: tuple[int, ...]) -> dict[int, tuple[int, int, str, int]]:
    """(scroll width, inner width, the header row's display, empty cells shown) of the page
    in a frame of each width, in one Chromium."""
    probe = site / "probe.html"
    frames = "".join(FRAME.format(width=width) for width in widths)
    probe.write_text(PROBE.format(frames=frames), encoding="utf-8")
    with tempfile.TemporaryDirectory() as profile:
        dom = subprocess.run(
            [
                CHROMIUM or "chromium",
                *FLAGS,
                f"--user-data-dir={profile}",
                "--allow-file-access-from-files",
                f"--window-size={sum(widths) + 100},900",
                "--virtual-time-budget=5000",
                "--dump-dom",
                probe.as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=120,
        ).stdout
    measured = {}
    for width in widths:
        found = re.search(rf'data-fit-{width}="(\d+) (\d+) ([\w-]+) (\d+)"', dom)
        assert found, dom[-500:]
        measured[width] = (
            int(found.group(1)),
            int(found.group(2)),
            found.group(3),
            int(found.group(4)),
        )
    return measured


@pytest.fixture(scope="module")
def fit(site) -> Callable[[int], tuple[int, int, str, int]]:
    """`measure` of the page at each width, made once for the module."""
    measured = measure(site, WIDTHS)
    return measured.__getitem__


@pytest.mark.parametrize("width", WIDTHS)
def test_the_page_never_scrolls_sideways(fit, width):
    scroll, inner, _, _ = fit(width)
    assert inner == width
    assert scroll <= inner


def test_on_a_phone_the_download_tables_reflow_and_on_a_desktop_they_stay_tables(fit):
    assert fit(360)[2] == "none"
    assert fit(1280)[2] == "table-header-group"


def test_on_a_phone_a_download_shows_no_label_for_what_it_does_not_have(fit, site):
    # the rulebook's web page and e-book have no paper and no pages: on a desktop their
    # cells stay (the table's columns), on a phone the empty cells and their labels go
    assert 'data-label="Paper"></td>' in (site / "index.html").read_text(encoding="utf-8")
    assert fit(1280)[3] > 0
    assert fit(360)[3] == 0


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
