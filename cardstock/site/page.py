"""output/index.html: a static downloads page for every game, built from the manifest.

The page works opened from disk or from any web server: every link is relative, there is
no script, and the faces are the SVG files themselves. `page_key` says what the page
depends on, so a build that changed none of it leaves the page alone (and needs no
catalog loaded to know it).
"""

from __future__ import annotations

import json
import os
import posixpath
import re
import struct
from collections.abc import Set
from dataclasses import asdict, dataclass, field, is_dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from jinja2 import TemplateError, TemplateNotFound, TemplateSyntaxError, select_autoescape
from jinja2.exceptions import SecurityError

from .. import __version__
from ..catalog.kinds import kind_said
from ..catalog.pseudo import CODE as PSEUDO
from ..catalog.pseudo import pseudo
from ..core.cache import Cache, code_key, key_of
from ..core.files import Unreadable, read_head
from ..core.issues import InputError, Issue
from ..core.language import babel_name
from ..core.output import Artifact, artifact
from ..core.project import files_in, hash_files, shared_layout
from ..core.templating import (
    BoundedSandbox,
    FileLoader,
    UnreadableTemplate,
    environment,
    error_line,
    template_message,
)
from ..core.toolwords import ToolWords
from ..core.units import POINTS_PER, UnitError, parse_length
from . import manifest
from .pagewords import (
    BACK,
    CALIBRATION,
    EDITION_NAMES,
    FACES,
    INTRO,
    KIND_LABELS,
    LANGUAGES,
    MADE,
    NOTE_COUNT,
    NOTES_SHOWN,
    OLDER,
    PAPERS,
    PLAYERS,
    REVERSE,
    SHOWN,
    TITLE,
    TOOLS,
    VERSION,
    page_words,
    said_of,
    said_size,
    section_words,
    words_from,
)

if TYPE_CHECKING:
    from ..catalog.load import Catalog

LISTED = {
    "rulebook-html",
    "rulebook-epub",
    "cards-csv",
    "tts-json",
    "ttpg-manifest",
    "print-shop-zip",
    "changelog-html",
    "stats-html",
}  # downloads that are not PDFs
# The most faces a game's gallery shows (its deck backs are shown besides): a page of one
# picture per face of a game of many thousands would be megabytes no one scrolls through.
GALLERY_MAX = 1000


def _stem(path: str) -> str:
    """A manifest path's file name without its suffix (`Path(path).stem`, on the string:
    the page asks it of every face's file)."""
    return posixpath.splitext(posixpath.basename(path))[0]


def _thumbnails(entries: list[dict[str, Any]], made: Set[str] | None) -> dict[str, str]:
    """SVG face path → the PNG of the same face from the cards export, where the build
    made it (`made`: the paths the build wrote or kept; None: any listed), so the page
    shows the faces as the build drew them, never a PNG of an older face (`svg/<id>.svg`
    → `cards/png/<id>-front.png`, `svg/<id>-reverse.svg` → `<id>-back.png`,
    `svg/back-<b>.svg` → `back-<b>.png`)."""
    pngs = {
        e["path"]
        for e in entries
        if e["kind"] == "card-png" and (made is None or e["path"] in made)
    }
    out = {}
    for e in entries:
        if e["kind"] != "svg":
            continue
        folder, stem = posixpath.dirname(posixpath.dirname(e["path"])), _stem(e["path"])
        name = (
            stem
            if stem.startswith("back-")
            else f"{stem[:-8]}-back"
            if stem.endswith("-reverse")
            else f"{stem}-front"
        )
        png = posixpath.join(folder, "cards", "png", f"{name}.png")
        if png in pngs:
            out[e["path"]] = png
    return out


_SVG_ROOT = re.compile(rb"<svg\b[^>]*>")
_SIZE_ATTRS = {
    name: re.compile(rb"\s" + name + rb"""\s*=\s*["']([^"']*)["']""")
    for name in (b"width", b"height")
}
PNG_START = b"\x89PNG\r\n\x1a\n"


# Each picture's size by the hash of its bytes (the manifest's `sha256`), for as long as the
# process lives: a `--watch` process's page after an edit reads only the pictures whose
# bytes changed. Emptied when it reaches SIZES_MAX pictures.
_SIZES: dict[str, tuple[int, int] | None] = {}
SIZES_MAX = 100_000


def picture_size(out: Path, path: str, sha256: str | None = None) -> tuple[int, int] | None:
    """The size in CSS pixels of a picture the page shows (a manifest path under `out`),
    from its file's start: a PNG's header, an SVG's `width` and `height`; None when they
    cannot be read. The page gives each `<img>` these, so it does not shift as they load.
    `sha256`: the hash of the file's bytes the manifest lists, when it is known; a picture
    of the same bytes is read once a process (one that could not be read, each time)."""
    if sha256 and sha256 in _SIZES:
        return _SIZES[sha256]
    size = _read_size(out, path)
    if sha256 and size is not None:
        if len(_SIZES) >= SIZES_MAX:
            _SIZES.clear()
        _SIZES[sha256] = size
    return size


def _read_size(out: Path, path: str) -> tuple[int, int] | None:
    try:
        head = read_head(out / path, out, 4096)
    except Unreadable:
        return None
    if head.startswith(PNG_START) and head[12:16] == b"IHDR":
        w, h = struct.unpack(">II", head[16:24])
        return (w, h) if w and h else None
    root = _SVG_ROOT.search(head)
    if root is None:
        return None
    sizes = []
    for pattern in _SIZE_ATTRS.values():
        found = pattern.search(root.group(0))
        try:
            length = parse_length(found.group(1).decode("ascii")) if found else 0.0
        except (UnitError, UnicodeDecodeError):
            return None
        sizes.append(round(length / POINTS_PER["px"]))
    return (sizes[0], sizes[1]) if sizes[0] > 0 and sizes[1] > 0 else None


@dataclass
class GameStatus:
    """What the rules checker said of a game, for the page."""

    ok: bool | None = None  # None: not checked in this build
    lines: list[str] = field(default_factory=list)  # e.g. setup figures per player count


def game_info(cat: Catalog, status: GameStatus) -> dict[str, Any]:
    """What the page shows of a game besides its files, as plain JSON data, so the page can
    still list the game after a build of other games (the build keeps it in the cache by
    the content of the game's files)."""
    totals = cat.totals()
    words = cat.tool_words
    players = f"{cat.game.players.min}–{cat.game.players.max}"
    kinds = ", ".join(kind_said(words, k, n) for k, n in totals["by_kind"].items())
    meta = " · ".join(
        (
            words(VERSION, version=cat.game.version),
            words(PLAYERS, players=players),
            words.count("{n} component", "{n} components", totals["all"]) + f" ({kinds})",
        )
    )
    return {
        "id": cat.id,
        "title": cat.game.title,
        "version": cat.game.version,
        "description": cat.game.description or "",
        "players": players,
        "components": totals["all"],
        "kinds": kinds,
        "meta": meta,  # "Version 1.0 · 2–4 players · 40 components (36 cards, 4 dice)"
        "words": said_of(words),  # the page's messages in the game's language
        "names": [[c.id, c.name] for c in cat.components],
        # each deck back's words, as the gallery names its picture
        "backs": [
            [b, " · ".join(w for w in (back.title, back.subtitle) if w)]
            for b, back in cat.game.backs.items()
        ],
        "status": {"ok": status.ok, "lines": list(status.lines)},
        # the game it is a language of (its own id when it is the source) and that language
        "source": cat.game.id,
        "lang": cat.lang or cat.game.language,
        # the edition it is drawn in (docs/editions.md), for a game in one
        **({"edition": cat.edition} if cat.edition else {}),
    }


def _unknown_game(game: str) -> dict[str, Any]:
    """A game the manifest lists but no build has described (an output folder from an
    older cardstock): its files are still offered."""
    return {
        "id": game,
        "title": game,
        "version": "",
        "description": "",
        "players": "?",
        "components": 0,
        "kinds": "",
        "names": [],
        "status": {"ok": None, "lines": []},
        "meta": "",
    }


def _edition_name(words: ToolWords, edition: object) -> str:
    """An edition's name in the language of `words` (an unknown one by its id)."""
    name = str(edition)
    return words(EDITION_NAMES[name]) if name in EDITION_NAMES else name


def _paper(words: ToolWords, paper: str | None) -> str:
    """A paper's name as the page shows it, in the language of `words` ("A4")."""
    return words(PAPERS[paper]) if paper in PAPERS else paper or ""


def _noted(
    words: ToolWords,
    noted: list[dict[str, Any]],
    pictures: dict[str, str],
    out: Path | None,
    hashes: dict[str, str | None] | None = None,
) -> list[dict[str, Any]]:
    """A game's noted cards (`site.notes`) as the page shows them: each with its picture
    and its size, how many of its notes are open, and each older note said as such."""
    return [
        {
            **card,
            "src": pictures.get(card["id"]),
            "size": picture_size(
                out, pictures[card["id"]], (hashes or {}).get(pictures[card["id"]])
            )
            if out is not None and card["id"] in pictures
            else None,
            "said": _note_count(words, card),
            "notes": [
                {**n, "older_said": words(OLDER, version=n["version"], now=card["version"])}
                for n in card["notes"]
            ],
        }
        for card in noted
    ]


def _note_count(words: ToolWords, card: dict[str, Any]) -> str:
    """How many notes a card has and how many are open, and how many the page shows when
    it has no room for them all (`site.notes.shown_on_page`)."""
    shown, count = len(card["notes"]), card.get("count", len(card["notes"]))
    said = words(NOTE_COUNT, open=card["open"], all=count)
    return said if shown == count else f"{said} · {words(NOTES_SHOWN, shown=shown)}"


def _picture_name(stem: str, names: dict[str, str], backs: dict[str, str], words: ToolWords) -> str:
    """A face's picture named in the section's language: a component's front by its name,
    its reverse (`<id>-reverse`) and a deck's back (`back-<back>`) said as such."""
    if stem in names:
        return names[stem]
    if stem.endswith("-reverse") and stem[:-8] in names:
        return words(REVERSE, name=names[stem[:-8]])
    back = stem.removeprefix("back-")
    if stem.startswith("back-") and back in backs:
        return words(BACK, words=backs[back])
    return stem.replace("-", " ")


def _game_entry(
    info: dict[str, Any],
    entries: list[dict[str, Any]],
    out: Path | None = None,
    made: Set[str] | None = None,
    noted: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    words = words_from(info.get("words"), str(info.get("lang") or "en"))
    mine = [e for e in entries if e["game"] == info["id"]]
    order = list(KIND_LABELS)
    downloads = [
        {
            # a path holding a space ("Saved Objects") is a valid link
            "href": quote(e["path"], safe="/"),
            "label": (words(KIND_LABELS[e["kind"]]) if e["kind"] in KIND_LABELS else e["kind"])
            + (
                f" ({_stem(e['path']).removeprefix(info['id'] + '-')})"
                if e["kind"] in ("print-shop-zip", "proof")
                else ""
            ),
            "paper": _paper(words, e["paper"]),
            "pages": e["pages"],
            "size": said_size(words, e["bytes"]),
            "rank": order.index(e["kind"]) if e["kind"] in order else 99,
        }
        for e in mine
        if (e["path"].endswith(".pdf") and e["kind"] != "print-shop") or e["kind"] in LISTED
    ]
    downloads.sort(key=lambda d: (d["rank"], d["paper"], d["href"]))
    names = dict((cid, name) for cid, name in info["names"])
    position = {cid: i for i, (cid, _) in enumerate(info["names"])}

    def catalog_order(path: str) -> tuple[int, int, str]:
        """Fronts in the catalog's order, then the backs (file names do not sort as a
        designer numbers cards: c10 before c2)."""
        stem = _stem(path)
        return (
            (1, 0, stem)
            if stem.startswith("back-")
            else (0, position.get(stem, len(position)), stem)
        )

    faces = sorted((e["path"] for e in mine if e["kind"] == "svg"), key=catalog_order)
    thumbs = _thumbnails(mine, made)
    hashes: dict[str, str | None] = {e["path"]: e.get("sha256") for e in mine}
    backs = [f for f in faces if _stem(f).startswith("back-")]
    pictured = [f for f in faces if not _stem(f).startswith("back-")][:GALLERY_MAX] + backs
    gallery = []
    for f in pictured:
        src = thumbs.get(f, f)
        size = picture_size(out, src, hashes.get(src)) if out is not None else None
        gallery.append(
            {
                "src": src,
                "alt": _picture_name(_stem(f), names, dict(info.get("backs") or ()), words),
                "width": size[0] if size else None,
                "height": size[1] if size else None,
            }
        )
    cover = next(
        (g for g in gallery if not _stem(g["src"]).startswith("back-")),
        gallery[0] if gallery else None,
    )
    shown = {k: v for k, v in info.items() if k not in ("names", "words")}
    shown["status"] = GameStatus(info["status"]["ok"], list(info["status"]["lines"]))
    gallery_note = words.count(*FACES, len(faces))
    if len(faces) > len(gallery):
        folder = f"{info['id']}/svg/"
        gallery_note += ", " + words(SHOWN, shown=len(gallery), folder=folder)
    notes = _noted(words, noted or [], {_stem(f): thumbs.get(f, f) for f in faces}, out, hashes)
    return {
        **shown,
        "notes": notes,
        "downloads": downloads,
        "gallery": gallery,
        "faces": len(faces),
        "cover": cover,
        "gallery_note": gallery_note,  # "40 faces", in the game's language
        # its edition's name in the game's language ("économe en encre"), for one in one
        **({"edition_name": _edition_name(words, info["edition"])} if info.get("edition") else {}),
        "said": section_words(words),  # the section's headings, in the game's language
    }


def page_context(
    catalogs: list[Catalog],
    entries: list[dict[str, Any]],
    status: dict[str, GameStatus],
    described: dict[str, dict[str, Any]] | None = None,
    *,
    out: Path | None = None,
    made: Set[str] | None = None,
    notes: dict[str, list[dict[str, Any]]] | None = None,
) -> dict[str, Any]:
    """The page's data: every game that has files in the manifest or was built now, described
    from its catalog when it was loaded in this build, else as `described` says (what an
    earlier build said of it, `game_info`). `out`: the output folder, where the faces'
    sizes are read; `made`: the paths this build wrote or kept (`_thumbnails`)."""
    infos = dict(described or {})
    for cat in catalogs:
        infos[cat.id] = game_info(cat, status.get(cat.id, GameStatus()))
    ids = sorted({e["game"] for e in entries if e["game"]} | {c.id for c in catalogs})
    games = _in_languages(
        [
            _game_entry(infos.get(g) or _unknown_game(g), entries, out, made, (notes or {}).get(g))
            for g in ids
        ]
    )
    words = page_words([str(g.get("lang") or "") for g in games])
    for g in games:  # a game's part of the page is marked when not in the page's language
        g["other_lang"] = g["lang"] if g["lang"] and g["lang"] != words.lang else ""
    others = [
        {
            "href": quote(e["path"], safe="/"),
            "label": _calibration_label(e["path"], e["paper"] or "", words),
            "paper": _paper(words, e["paper"]) if e["paper"] else "",
            "pages": e["pages"],
            "size": said_size(words, e["bytes"]),
        }
        for e in entries
        if e["game"] is None and e["path"].endswith(".pdf")
    ]
    said = {
        "title": words(TITLE),
        "intro": words.count(*INTRO, len(games)),
        "tools": words(TOOLS),
        "made": words(MADE, version=__version__),
        "languages": words(LANGUAGES),
        **section_words(words),
    }
    return {
        "games": games,
        "tools": others,
        "version": __version__,
        "lang": words.lang,  # the language of the page's own words
        "said": said,
    }


def _calibration_label(path: str, paper: str, words: ToolWords | None = None) -> str:
    """A calibration sheet's label, naming its language when it is not the English one
    (`calibration-fr-a4.pdf`: "Duplex calibration sheet (Français)")."""
    stem = Path(path).stem.removeprefix("calibration").removesuffix(paper).strip("-")
    label = words(CALIBRATION) if words else CALIBRATION
    return label + (f" ({language_name(stem)})" if stem else "")


def language_name(lang: str) -> str:
    """A language as its own readers name it ("Français", "Deutsch", "日本語"), from Babel's
    CLDR data, capitalised as a label; the code itself for one CLDR does not know."""
    from babel import Locale, UnknownLocaleError

    if lang == PSEUDO:  # the pseudo-language names itself as it says every word
        return pseudo("Pseudo-language")
    try:
        name = Locale.parse(babel_name(lang)).get_display_name(babel_name(lang))
    except (UnknownLocaleError, ValueError):
        return lang
    return name[:1].upper() + name[1:] if name else lang


def _in_languages(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One entry per game: a game built in several languages or editions is the entry of
    its source language (else of the first built), with `languages` listing every
    language's and edition's entry, that one first, each with its `lang` and `language`
    (the language's own name, then the edition's in that language, `English · ink-saver`,
    `Français · économe en encre`). A game in one
    language and edition has no `languages` list to choose from (empty)."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for e in entries:
        groups.setdefault(str(e.get("source") or e["id"]), []).append(e)
    out = []
    for source, group in groups.items():
        group.sort(key=lambda e: (e["id"] != source, e["id"]))
        for e in group:
            e["lang"] = str(e.get("lang") or "")
            e["language"] = language_name(e["lang"]) if e["lang"] else ""
            if e.get("edition"):  # beside the colour one, under its edition's name
                name = str(e.get("edition_name") or e["edition"])
                e["language"] = " · ".join(x for x in (e["language"], name) if x)
        first = group[0]
        out.append({**first, "languages": group if len(group) > 1 else []})
    return out


PAGE_TEMPLATE = "index.html.j2"
PAGE_FILE = "index.html"  # in the output folder


def render_page(root: Path, context: dict[str, Any], *, only_unusable: bool = False) -> str:
    """The page's HTML, rendered in cardstock's bounded sandbox (a project's own
    `layouts/site/` may come from someone else). A template problem raises InputError
    located at the template's line; with `only_unusable`, only a problem no data could
    avoid does (a syntax error, a breach of the sandbox, a file it includes that is not
    there), and others give "".
    """
    folder, shown = shared_layout(root, "site")
    env = _page_environment(folder, root)
    where = f"{shown}/{PAGE_TEMPLATE}"
    try:
        return env.get_template(PAGE_TEMPLATE).render(**context)
    except (TemplateError, ArithmeticError, RecursionError, ValueError, TypeError) as exc:
        if only_unusable and not isinstance(
            exc, (TemplateSyntaxError, SecurityError, UnreadableTemplate, TemplateNotFound)
        ):
            return ""
        if isinstance(exc, TemplateError):
            message = template_message(exc)
        else:
            message = f"the template cannot be rendered ({type(exc).__name__}): {exc}"
        line = error_line(exc, os.path.normpath(folder / PAGE_TEMPLATE))
        raise InputError([Issue(where, line, "template", message)]) from None


# The page's environment, for its folder of templates (and project): a build renders the
# page twice (`check_page` before anything is written, `write_page` at the end) from the
# same files, which the environment compiles once (`FileLoader`: until a file is edited).
_PAGE_ENV: dict[tuple[Path, Path], BoundedSandbox] = {}


def _page_environment(folder: Path, root: Path) -> BoundedSandbox:
    key = (folder, root)
    env = _PAGE_ENV.get(key)
    if env is None:
        _PAGE_ENV.clear()  # one project's folder at a time
        env = _PAGE_ENV[key] = environment(
            loader=FileLoader(folder, root),
            autoescape=select_autoescape(["html", "j2"], default=True),
        )
    return env


def check_page(root: Path, catalogs: list[Catalog], out: Path, cache: Cache) -> list[Issue]:
    """Render the page once from the manifest as it stands, before anything is built, so a
    template that can never be used (a syntax error, a breach of the sandbox) stops the
    build before a file is written. A problem that may come from data the build has not
    made yet (no cover before the first build) waits for the real page. A template that
    rendered a page before (the same files, the same code) is not tried again."""
    if cache.get_json("unit", template_key(root)) is not None:
        return []
    try:
        render_page(root, page_context(catalogs, manifest.read(out), {}, {}), only_unusable=True)
    except InputError as exc:
        return exc.issues
    return []


def page_key(root: Path, context: dict[str, Any]) -> str:
    """A hash of everything the page shows: its context (`page_context`: the games as the
    page describes them, their check status, the files it lists with their sizes), the
    page template and the code. A build that changed no file the page lists and nothing it
    says of a game (an edit to a card's text, say) leaves the page as it is."""

    def plain(value: Any) -> Any:
        if is_dataclass(value) and not isinstance(value, type):
            return asdict(value)
        raise TypeError(f"{type(value).__name__} is not page data")

    site, _ = shared_layout(root, "site")
    return key_of(
        "page",
        code_key(),
        hash_files(files_in(site), site),
        json.dumps(context, sort_keys=True, default=plain),
    )


def template_key(root: Path) -> str:
    """The page template's files and the code: `check_page` has nothing to find in a
    template that rendered a page before."""
    site, _ = shared_layout(root, "site")
    return key_of("page-template", code_key(), hash_files(files_in(site), site))


def write_page(root: Path, out: Path, context: dict[str, Any], cache: Cache) -> Artifact:
    """Write output/index.html from `context` (`page_context` of the manifest this build
    writes)."""
    html = render_page(root, context)
    cache.put_json("unit", template_key(root), {"rendered": True})  # it renders: see check_page
    return artifact(None, "page", out / PAGE_FILE, html.encode("utf-8"))
