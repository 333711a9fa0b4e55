"""A tool from the npm registry for the tests that check cardstock's pages and books with
it (axe-core, DAISY Ace): installed once into a cache folder outside the repository
($CARDSTOCK_TEST_CACHE, else ~/.cache/cardstock-tests), one folder a package and version.
A test asking for it is skipped, saying why, where npm or the registry is missing."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

# npm is told not to fetch the browsers some packages download as they install: the tests
# run Debian's Chromium (Puppeteer's own is not used, nor Electron's desktop runner)
NO_BROWSERS = {"PUPPETEER_SKIP_DOWNLOAD": "1", "ELECTRON_SKIP_BINARY_DOWNLOAD": "1"}


def npm_tool(package: str, version: str, entry: str) -> Path:
    """The file `entry` (relative to the install's node_modules folder: a script, or a
    command under `.bin/`) of `package` at `version`, installed the first time it is asked
    for."""
    cache = Path(os.environ.get("CARDSTOCK_TEST_CACHE") or Path.home() / ".cache/cardstock-tests")
    folder = cache / f"{package.strip('@').replace('/', '-')}-{version}"
    found = folder / "node_modules" / entry
    if found.is_file():
        return found
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip(f"npm is not installed: {package} cannot be fetched")
    folder.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(
        [npm, "install", "--prefix", str(folder), "--no-audit", "--no-fund", "--silent",
         f"{package}@{version}"],
        capture_output=True, text=True, timeout=600, env={**os.environ, **NO_BROWSERS},
    )  # fmt: skip
    if not found.is_file():
        said = f"npm exit {proc.returncode}: {proc.stderr[-300:]}"
        pytest.skip(f"{package} could not be installed from the npm registry ({said})")
    return found
