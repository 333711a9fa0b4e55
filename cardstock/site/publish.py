"""The last step of a build: list every file written in the manifest, then write the
downloads page (or keep the one a previous build left, when nothing it shows changed).

The build calls `publish` once the per-game stages are done; it prints nothing."""

from __future__ import annotations

from collections.abc import Sequence, Set
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.cache import Cache
from ..core.files import Unreadable, read_bytes
from ..core.output import Artifact
from ..core.project import keeps_notes
from . import manifest, page

if TYPE_CHECKING:
    from ..catalog.load import Catalog


class Checked:
    """One game's rules-check outcome as the page shows it (never compared: a plain class)."""

    __slots__ = ("ok", "text")

    def __init__(self, ok: bool, text: str) -> None:
        self.ok = ok
        self.text = text  # the checker's report, as `cardstock check` prints it


def status_lines(text: str) -> list[str]:
    """The checker's report for one game as lines for the downloads page (title line dropped)."""
    return [line.strip() for line in text.splitlines()[1:] if line.strip()]


def _notes(
    root: Path, out: Path, catalogs: Sequence[Catalog], entries: dict[str, dict[str, Any]]
) -> dict[str, list[dict[str, Any]]]:
    """Each game's noted cards (`site.notes.noted_cards`), each card's version now read from
    the fingerprints this build wrote (`<game>-printed.json`), with the notes the page has
    room for (`site.notes.shown_on_page`); the notes' modules are imported only for a
    project that keeps notes."""
    if not keeps_notes(root):
        return {}
    from ..catalog.feedback import read_notes
    from .notes import card_versions, noted_cards, shown_on_page

    found, _problems = read_notes(root, catalogs)  # validation reported the problems
    if not found:
        return {}
    out_notes: dict[str, list[dict[str, Any]]] = {}
    for cat in catalogs:
        versions: dict[str, str] = {}
        printed = next(
            (p for p, e in entries.items() if e["kind"] == "printed" and e["game"] == cat.id),
            None,
        )
        if printed is not None:
            try:
                versions = card_versions(read_bytes(out / printed, out))
            except (Unreadable, ValueError):
                versions = {}
        cards = noted_cards(found, cat, versions)
        if cards:
            out_notes[cat.id] = cards
    return shown_on_page(out_notes)  # the page's room for them


class Published:
    """What `publish` did about the page: its file, and whether it was kept as it was (None
    when the build did not touch the page). One a build, never compared: a plain class."""

    __slots__ = ("page", "kept")

    def __init__(self, page: Artifact | None, kept: bool = False) -> None:
        self.page = page
        self.kept = kept


def page_wanted(only: Set[str] | None, out: Path) -> bool:
    """Does this build write the downloads page? A whole build and `--only page` do; a
    build of other parts only (`--only cards`) refreshes a page the folder already has, so
    the page never goes on offering the files as they were before (it is rewritten only
    when what it shows changed)."""
    return only is None or "page" in only or (out / page.PAGE_FILE).is_file()


def publish(
    root: Path,
    out: Path,
    artifacts: Sequence[Artifact],
    checks: dict[str, Checked],
    buildable: Sequence[str],
    catalogs: Sequence[Catalog],
    described: dict[str, dict[str, Any]],
    cache: Cache,
    with_page: bool = True,
) -> Published:
    """Write the manifest and (with `with_page`) the downloads page. `catalogs` are the
    games this build loaded; `described` says what earlier builds said of the others
    (`page.game_info`). The page is a unit like the stages: kept when its key — what it
    shows — is the one its file was written under and the file still holds those bytes."""
    if not with_page:
        manifest.write(out, list(artifacts))
        return Published(None)
    status = {g: page.GameStatus(c.ok, status_lines(c.text)) for g, c in checks.items()}
    entries = manifest.merged(out, list(artifacts))
    listed = [
        entries[k] for k in sorted(entries) if entries[k]["kind"] != "page"
    ]  # the page lists itself: not a dependency
    infos = {
        g: {**info, "status": {"ok": status[g].ok, "lines": list(status[g].lines)}}
        if g in status
        else info
        for g, info in described.items()
    }
    built = [c for c in catalogs if c.id in buildable]
    ours = {a.relative(out) for a in artifacts}
    context = page.page_context(
        built, listed, status, infos, out=out, made=ours, notes=_notes(root, out, built, entries)
    )
    key = page.page_key(root, context)
    kept = manifest.recall(out, cache.get_json("unit", key))
    made = kept[0] if kept else page.write_page(root, out, context, cache)
    if not kept:
        cache.put_json("unit", key, {"artifacts": [manifest.entry(out, made)]})
    entries[made.relative(out)] = manifest.entry(
        out, made
    )  # the page is listed in the manifest too: one write for all
    manifest.save(out, entries)
    return Published(made, bool(kept))
