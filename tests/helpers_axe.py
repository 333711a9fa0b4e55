"""axe-core run on a page in headless Chromium, for the tests of the pages cardstock writes.

axe-core comes from the npm registry, installed once into a cache folder outside the
repository ($CARDSTOCK_TEST_CACHE, else ~/.cache/cardstock-tests); a test is skipped,
saying why, where npm or the registry is missing.

One language tag is added to the ones axe-core knows: `qps`, cardstock's pseudo-language
(docs/languages.md). BCP 47 holds it valid (the range qaa-qtz is reserved for local use in
the IANA subtag registry), but axe-core's list has only the assigned ISO 639 codes. The
pseudo-language is a check for translators, not an edition a reader is given; every other
tag is still held to axe-core's list."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from conftest import CHROMIUM, FLAGS

from cardstock.catalog.pseudo import CODE as PSEUDO

AXE_VERSION = "4.14.1"
WIDTHS = {"desktop": 1280, "phone": 375}

needs_chromium = pytest.mark.skipif(
    CHROMIUM is None and not os.environ.get("CI"),
    reason="chromium is installed by tests/run; never skipped in CI",
)


def axe_script() -> Path:
    """axe.min.js, installed into the cache folder the first time it is asked for."""
    cache = Path(os.environ.get("CARDSTOCK_TEST_CACHE") or Path.home() / ".cache/cardstock-tests")
    folder = cache / f"axe-core-{AXE_VERSION}"
    script = folder / "node_modules" / "axe-core" / "axe.min.js"
    if not script.is_file():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip("npm is not installed: axe-core cannot be fetched")
        folder.mkdir(parents=True, exist_ok=True)
        proc = subprocess.run(
            [
                npm,
                "install",
                "--prefix",
                str(folder),
                "--no-audit",
                "--no-fund",
                "--silent",
                f"axe-core@{AXE_VERSION}",
            ],
            capture_output=True,
            text=True,
            timeout=300,
        )
        if proc.returncode != 0 or not script.is_file():
            pytest.skip(
                f"axe-core could not be installed from the npm registry: {proc.stderr[-300:]}"
            )
    return script


PROBE = """<script src="{axe}"></script><script>
document.querySelectorAll("details").forEach(d => {{ d.open = true; }});
axe.configure({{checks: [{{id: "valid-lang", options: {{attributes: ["lang", "xml:lang"],
  value: axe.utils.validLangs().concat(["{pseudo}"])}}}}]}});
axe.run(document, {{resultTypes: ["violations"]}}).then(r => {{
  const p = document.createElement("pre"); p.id = "axe-result";
  p.textContent = JSON.stringify(r.violations.map(v => ({{id: v.id, impact: v.impact,
    nodes: v.nodes.map(n => n.target.join(" ")).slice(0, 5)}})));
  document.body.appendChild(p);
}});
</script>"""


def axe_violations(page: Path, width: int) -> list[dict[str, object]]:
    """axe-core's violations of the page in headless Chromium `width` pixels wide, every
    `<details>` of it opened as a reader may (the page is copied beside itself with the
    probe added, so its own links resolve)."""
    probe = page.with_name(f"axe-{width}-{page.stem}.html")
    text = page.read_text(encoding="utf-8")
    script = PROBE.format(axe=axe_script().as_uri(), pseudo=PSEUDO)
    probe.write_text(text.replace("</body>", script + "</body>"), encoding="utf-8")
    try:
        with tempfile.TemporaryDirectory() as profile:
            dom = subprocess.run(
                [
                    str(CHROMIUM),
                    *FLAGS,
                    f"--user-data-dir={profile}",
                    "--allow-file-access-from-files",
                    f"--window-size={width},900",
                    "--virtual-time-budget=20000",
                    "--dump-dom",
                    probe.as_uri(),
                ],
                capture_output=True,
                text=True,
                timeout=180,
            ).stdout
    finally:
        probe.unlink()
    found = re.search(r'<pre id="axe-result">(.*?)</pre>', dom, re.S)
    assert found, dom[-500:]
    return json.loads(html.unescape(found.group(1)))
