"""The last step of a build: list every file written in the manifest, then write the
downloads page (or reuse the one a previous build left, when nothing it shows changed).

The CLI calls `publish` once the per-game stages are done; it prints nothing."""

from __future__ import annotations

from dataclasses import dataclass


from pathlib import Path
import time
from typing import TYPE_CHECKING, AbstractSet, Optional, Sequence

from . import manifest, page

if TYPE_CHECKING:
    from ..catalog.load import Catalog
    from ..core.output import Artifact
    from ..pipeline import UnitReport


@dataclass(frozen=True)
class Checked:
    """One game's rules-check outcome as the page shows it."""

    ok: bool
    text: str  # the checker's report, as `cardstock check` prints it


def status_lines(text: str) -> list[str]:
    """The checker's report for one game as lines for the downloads page (title line dropped)."""
    return [line.strip() for line in text.splitlines()[1:] if line.strip()]


@dataclass(frozen=True)
class Published:
    """What `publish` did about the page: its unit report (rewritten or reused), or None
    when the build did not touch the page."""

    page: Optional["UnitReport"]


def page_wanted(only: Optional[AbstractSet[str]], out: Path) -> bool:
    """Does this build write the downloads page? A whole build and `--only page` do; a
    build of other parts only (`--only cards`) refreshes a page the folder already has, so
    the page never goes on offering the files as they were before (it is rewritten only
    when what it shows changed)."""
    return only is None or "page" in only or (out / page.PAGE_FILE).is_file()


def publish(root: Path, out: Path, artifacts: Sequence["Artifact"], checks: dict[str, Checked], buildable: Sequence[str],
            catalogs: Optional[Sequence["Catalog"]], with_page: bool = True) -> Optional[Published]:
    """Write the manifest and (with `with_page`) the downloads page. None when the page
    must be rewritten but no catalogs were given (the caller loads them and calls again)."""
    from .. import pipeline

    if not with_page:
        manifest.write(out, list(artifacts))
        return Published(None)
    status = {g: page.GameStatus(c.ok, status_lines(c.text)) for g, c in checks.items()}
    entries = manifest.merged(out, list(artifacts))
    listed = [entries[k] for k in sorted(entries) if entries[k]["kind"] != "page"]  # the page lists itself: not a dependency
    seen = page.remembered(out)
    if catalogs is None:
        # no catalog loaded (the no-op path): the games as the last page described them,
        # when their catalogs are still the ones it saw
        inputs = (pipeline.read_cache(out, None, "page-inputs", "inputs") or {}).get("games", {})
        if any(g not in seen or inputs.get(g) != pipeline.catalog_key(root, g) for g in buildable):
            return None
        infos = {**seen, **{g: {**seen[g], "status": {"ok": status[g].ok, "lines": list(status[g].lines)}} for g in buildable if g in status}}
        context = page.page_context([], listed, status, infos)
    else:
        context = page.page_context([c for c in catalogs if c.id in buildable], listed, status, seen)
    key = page.page_key(root, context)
    report = pipeline.cached(out, None, "page", key)
    if report is None:
        if catalogs is None:
            return None
        started = time.perf_counter()
        made = page.write_page(root, out, [c for c in catalogs if c.id in buildable], status, context)
        report = pipeline.UnitReport(None, "page", (made,), (), time.perf_counter() - started, False)
        pipeline.remember(out, report, key)
    if catalogs is not None:  # what the page says of these games holds for their catalogs as they are
        described = dict((pipeline.read_cache(out, None, "page-inputs", "inputs") or {}).get("games", {}))
        now = {**described, **{c.id: pipeline.catalog_key(root, c.id) for c in catalogs if c.id in buildable}}
        if now != described:
            pipeline.write_cache(out, None, "page-inputs", "inputs", {"games": now})
    for a in report.artifacts:  # the page is listed in the manifest too: one write for all
        entries[a.relative(out)] = manifest.entry(out, a)
    manifest.save(out, entries)
    return Published(report)
