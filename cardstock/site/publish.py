"""The last step of a build: list every file written in the manifest, then write the
downloads page (or reuse the one a previous build left, when nothing it shows changed).

The CLI calls `publish` once the per-game stages are done; it prints nothing."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Optional, Sequence

from . import manifest, page

if TYPE_CHECKING:
    from ..load import Catalog
    from ..output import Artifact


@dataclass(frozen=True)
class Checked:
    """One game's rules-check outcome as the page shows it."""

    ok: bool
    text: str  # the checker's report, as `cardstock check` prints it


def status_lines(text: str) -> list[str]:
    """The checker's report for one game as lines for the downloads page (title line dropped)."""
    return [line.strip() for line in text.splitlines()[1:] if line.strip()]


def publish(root: Path, out: Path, artifacts: Sequence["Artifact"], checks: dict[str, Checked], buildable: Sequence[str],
            catalogs: Optional[Sequence["Catalog"]], with_page: bool = True) -> bool:
    """Write the manifest and (with `with_page`) the downloads page. False when the page
    must be rewritten but no catalogs were given (the caller loads them and calls again)."""
    from .. import pipeline

    manifest.write(out, list(artifacts))
    if not with_page:
        return True
    status = {g: page.GameStatus(c.ok, status_lines(c.text)) for g, c in checks.items()}
    key = page.page_key(root, out, list(buildable), status)
    report = pipeline.cached(out, None, "page", key)
    if report is None:
        if catalogs is None:
            return False
        made = page.write_page(root, out, [c for c in catalogs if c.id in buildable], status)
        report = pipeline.UnitReport(None, "page", (made,), (), 0.0, False)
        pipeline.remember(out, report, key)
    manifest.write(out, list(report.artifacts))  # the page is listed in the manifest too
    return True
