"""axe-core run on a page in headless Chromium, for the tests of the pages cardstock writes.

axe-core comes from the npm registry, installed once outside the repository
(`npm_tool`, tests/helpers_npm.py); a test is skipped, saying why, where npm or the
registry is missing.

One language tag is added to the ones axe-core knows: `qps`, cardstock's pseudo-language
(docs/languages.md). BCP 47 holds it valid (the range qaa-qtz is reserved for local use in
the IANA subtag registry), but axe-core's list has only the assigned ISO 639 codes. The
pseudo-language is a check for translators, not an edition a reader is given; every other
tag is still held to axe-core's list."""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

import pytest
from conftest import CHROMIUM
from helpers_npm import npm_tool

from cardstock.catalog.pseudo import CODE as PSEUDO

AXE_VERSION = "4.14.1"
WIDTHS = {"desktop": 1280, "phone": 375}

needs_chromium = pytest.mark.skipif(
    CHROMIUM is None and not os.environ.get("CI"),
    reason="chromium is installed by tests/run; never skipped in CI",
)


def axe_script() -> Path:
    """axe.min.js, installed the first time it is asked for (tests/helpers_npm.py)."""
    return npm_tool("axe-core", AXE_VERSION, "axe-core/axe.min.js")


# what runs in the page once it and axe-core have loaded: every `<details>` opened, as a
# reader may, the pseudo-language's tag added to the valid ones, axe-core run
RUN = """(() => {{
document.querySelectorAll("details").forEach(d => {{ d.open = true; }});
axe.configure({{checks: [{{id: "valid-lang", options: {{attributes: ["lang", "xml:lang"],
  value: axe.utils.validLangs().concat(["{pseudo}"])}}}}]}});
return axe.run(document, {{resultTypes: ["violations"]}}).then(r => JSON.stringify(
  r.violations.map(v => ({{id: v.id, impact: v.impact,
    nodes: v.nodes.map(n => n.target.join(" ")).slice(0, 5)}}))));
}})()"""


class Axe:
    """One headless Chromium (driven over the DevTools protocol, tests/cli/test_preview.py's
    `Browser`) in which page after page is opened in one tab and checked: a test file
    starts the browser once, not once a page."""

    def __init__(self, profile: Path) -> None:
        from helpers_preview import Browser

        self.browser = Browser(profile)
        self.browser.open("about:blank")
        self.script = axe_script()

    def violations(self, page: Path, width: int) -> list[dict[str, object]]:
        """axe-core's violations of the page in a viewport `width` pixels wide (the page is
        copied beside itself with axe-core added, so its own links resolve)."""
        probe = page.with_name(f"axe-{width}-{page.stem}.html")
        text = page.read_text(encoding="utf-8")
        added = f'<script src="{self.script.as_uri()}"></script></body>'
        probe.write_text(text.replace("</body>", added), encoding="utf-8")
        browser = self.browser
        try:
            metrics = {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False}
            browser.send("Emulation.setDeviceMetricsOverride", metrics)
            browser.send("Page.navigate", {"url": probe.as_uri()})
            loaded = (
                f"location.href === {json.dumps(probe.as_uri())} && "
                "document.readyState === 'complete' && typeof axe === 'object'"
            )
            deadline = time.monotonic() + 180
            while browser.evaluate(loaded) is not True:
                assert time.monotonic() < deadline, f"{page} did not load"
                time.sleep(0.05)
            found = browser.evaluate(RUN.format(pseudo=PSEUDO))
        finally:
            probe.unlink()
        assert isinstance(found, str), found
        result: list[dict[str, object]] = json.loads(found)
        return result

    def close(self) -> None:
        self.browser.close()


def axe_violations(page: Path, width: int) -> list[dict[str, object]]:
    """axe-core's violations of one page, in a browser of its own (`Axe` checks several)."""
    with tempfile.TemporaryDirectory() as profile:
        axe = Axe(Path(profile))
        try:
            return axe.violations(page, width)
        finally:
            axe.close()
