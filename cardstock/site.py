"""output/index.html: a static downloads page for every game, built from the manifest.

The page works opened from disk or from any web server: every link is relative, there is
no script, and the faces are the SVG files themselves. `page_key` says what the page
depends on, so a build that changed none of it leaves the page alone (and needs no
catalog loaded to know it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
import hashlib
import json
from typing import TYPE_CHECKING, Any, Optional

from . import __version__, manifest
from .kinds import kind_count
from .output import Artifact, artifact, fmt_bytes
from .project import files_in, hash_files, shared_layout
from .units import PAPER_LABELS

if TYPE_CHECKING:
    from .load import Catalog

KIND_LABELS = {
    "pnp": "Print-and-play sheets",
    "rulebook": "Rulebook",
    "booklet": "Rulebook booklet",
    "quickref": "Quick-reference cards",
    "cards-pdf": "Card files: one face per page (PDF)",
    "cards-csv": "Card files: list of PNG faces with counts",
    "tts-json": "Tabletop Simulator saved object",
    "print-shop-zip": "Print-shop upload",
}
LISTED = {"cards-csv", "tts-json", "print-shop-zip"}  # downloads that are not PDFs


def _thumbnails(entries: list[dict]) -> dict[str, str]:
    """SVG face path → the PNG of the same face from the cards export, where it was built
    (`svg/<id>.svg` → `cards/png/<id>-front.png`, `svg/<id>-reverse.svg` →
    `<id>-back.png`, `svg/back-<b>.svg` → `back-<b>.png`)."""
    pngs = {e["path"] for e in entries if e["kind"] == "card-png"}
    out = {}
    for e in entries:
        if e["kind"] != "svg":
            continue
        folder, stem = Path(e["path"]).parent.parent, Path(e["path"]).stem
        name = stem if stem.startswith("back-") else f"{stem[:-8]}-back" if stem.endswith("-reverse") else f"{stem}-front"
        png = (folder / "cards" / "png" / f"{name}.png").as_posix()
        if png in pngs:
            out[e["path"]] = png
    return out


@dataclass
class GameStatus:
    """What the rules checker said of a game, for the page."""

    ok: Optional[bool] = None  # None: not checked in this build
    lines: list[str] = field(default_factory=list)  # e.g. setup figures per player count


def page_context(catalogs: list["Catalog"], entries: list[dict], status: dict[str, GameStatus]) -> dict[str, Any]:
    games = []
    for cat in catalogs:
        mine = [e for e in entries if e["game"] == cat.id]
        downloads = [
            {
                "href": e["path"],
                "label": KIND_LABELS.get(e["kind"], e["kind"]) + (f" ({Path(e['path']).stem.removeprefix(cat.id + '-')})" if e["kind"] == "print-shop-zip" else ""),
                "paper": PAPER_LABELS.get(e["paper"] or "", e["paper"] or ""),
                "pages": e["pages"],
                "size": fmt_bytes(e["bytes"]),
            }
            for e in mine
            if (e["path"].endswith(".pdf") and e["kind"] != "print-shop") or e["kind"] in LISTED
        ]
        order = list(KIND_LABELS.values())
        downloads.sort(key=lambda d: (order.index(d["label"]) if d["label"] in order else 99, d["paper"], d["href"]))
        names = {c.id: c.name for c in cat.components}
        position = {c.id: i for i, c in enumerate(cat.components)}

        def catalog_order(path: str) -> tuple[int, int, str]:
            """Fronts in the catalog's order, then the backs (file names do not sort as a
            designer numbers cards: c10 before c2)."""
            stem = Path(path).stem
            return (1, 0, stem) if stem.startswith("back-") else (0, position.get(stem, len(position)), stem)

        faces = sorted((e["path"] for e in mine if e["kind"] == "svg"), key=catalog_order)
        thumbs = _thumbnails(mine)
        gallery = [{"src": thumbs.get(f, f), "alt": names.get(Path(f).stem, Path(f).stem.replace("-", " "))} for f in faces]
        cover = next((g for g in gallery if not Path(g["src"]).stem.startswith("back-")), gallery[0] if gallery else None)
        totals = cat.totals()
        games.append(
            {
                "id": cat.id,
                "title": cat.game.title,
                "version": cat.game.version,
                "description": cat.game.description or "",
                "players": f"{cat.game.players.min}–{cat.game.players.max}",
                "components": totals["all"],
                "kinds": ", ".join(kind_count(k, n) for k, n in totals["by_kind"].items()),
                "downloads": downloads,
                "gallery": gallery,
                "cover": cover,
                "status": status.get(cat.id, GameStatus()),
            }
        )
    others = [
        {"href": e["path"], "label": "Duplex calibration sheet", "paper": PAPER_LABELS.get(e["paper"] or "", ""), "pages": e["pages"], "size": fmt_bytes(e["bytes"])}
        for e in entries
        if e["game"] is None and e["path"].endswith(".pdf")
    ]
    return {"games": games, "tools": others, "version": __version__}


def render_page(root: Path, context: dict[str, Any]) -> str:
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

    env = Environment(
        loader=FileSystemLoader(str(shared_layout(root, "site")[0])),
        autoescape=select_autoescape(["html", "j2"], default=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    return env.get_template("index.html.j2").render(**context)


def page_key(root: Path, out: Path, games: list[str], status: dict[str, GameStatus]) -> str:
    """A hash of everything the page shows: the games' catalogs, their check status, the
    manifest as it stands, the page template and the code."""
    from .pipeline import catalog_key, code_key

    h = hashlib.sha256()
    h.update(code_key().encode())
    site, _ = shared_layout(root, "site")
    h.update(hash_files(files_in(site), site).encode())
    for game in games:
        h.update(game.encode() + catalog_key(root, game).encode())
    h.update(json.dumps({g: [s.ok, s.lines] for g, s in sorted(status.items())}).encode())
    try:
        h.update((out / manifest.MANIFEST).read_bytes())
    except FileNotFoundError:
        pass
    return h.hexdigest()


def write_page(root: Path, out: Path, catalogs: list["Catalog"], status: dict[str, GameStatus]) -> Artifact:
    """Write output/index.html from the manifest as it stands after this build."""
    html = render_page(root, page_context(catalogs, manifest.read(out), status))
    return artifact(None, "page", out / "index.html", html.encode("utf-8"))
