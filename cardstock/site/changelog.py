"""The `changelog` stage: what changed in a game between two versions, for playtesters.

    output/<game>/changelog/<game>-changelog.md     the changes as Markdown
    output/<game>/changelog/<game>-changelog.html   the same as a page (the downloads page links it)
    output/<game>/changelog/img/<id>-before.png, -after.png   thumbnails of each changed face

The versions are git commits (`cardstock changelog FROM[..TO]`; without TO, the project's
files as they are now), read through `cardstock.core.revision`. Cards are matched by their
id (an `id` column, else the id made from the name); a card whose id changed with its name
is matched to the removed card of its set whose other fields are the same (else to the one
that was at its place in its set), so a renamed card is a change,
not a removal and an addition. A change is a field diff (old value → new value), with the
face before and after; a card whose fields are the same but whose print changed (its
layout, an icon, its art, a font) says so. Edits that only change whitespace are left out.
The rules file's facts and the setup are compared key by key.
"""

from __future__ import annotations

import html
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..catalog.feedback import read_notes
from ..core import md_text as md
from ..core.files import Unreadable
from ..core.issues import Issue
from ..core.names import child
from ..core.output import Artifact, artifact
from ..core.revision import RevisionError, materialise
from ..core.stage import Job, Span, StageResult
from ..core.tomlpos import read_toml
from ..layout.faces import Faces
from ..layout.fingerprints import changes, faces_at, printed
from ..render.png import face_pngs
from .notes import noted_cards

if TYPE_CHECKING:
    from ..catalog.load import Catalog

THUMB_DPI = 60
ROW_KEYS = ("name",)  # besides the fields


def _norm(value: Any) -> Any:
    """A value with its whitespace made plain (whitespace-only edits compare equal)."""
    if isinstance(value, str):
        return " ".join(value.split())
    if isinstance(value, (list, tuple)):
        return [_norm(v) for v in value]
    if isinstance(value, dict):
        return {k: _norm(v) for k, v in value.items()}
    return value


def _shown(value: Any) -> str:
    if value is None or value == "":
        return "(empty)"
    if isinstance(value, (list, tuple)):
        return " | ".join(str(v) for v in value)
    return str(value)


def _row(comp: Any) -> dict[str, Any]:
    return {"name": comp.name, "count": comp.count, **comp.fields}


@dataclass
class CardChange:
    id: str
    name: str
    kind: str  # added | removed | changed
    fields: list[tuple[str, str, str]] = field(default_factory=list)  # (field, before, after)
    print_only: list[str] = field(default_factory=list)  # what changed in its print besides fields
    was: str | None = None  # the id it had before (a renamed card)


def _flat(data: Any, at: str = "") -> dict[str, Any]:
    """A TOML document as key path → value; a list of tables by each table's name."""
    out: dict[str, Any] = {}
    if isinstance(data, dict):
        for k, v in data.items():
            out.update(_flat(v, f"{at}.{k}" if at else str(k)))
    elif isinstance(data, list) and data and all(isinstance(v, dict) for v in data):
        for i, v in enumerate(data):
            label = v.get("name") or v.get("id") or i + 1
            out.update(
                _flat(
                    {kk: vv for kk, vv in v.items() if kk not in ("name", "id")}, f"{at}[{label}]"
                )
            )
    else:
        out[at] = _norm(data)
    return out


def _rules(root: Path, game: str) -> dict[str, Any]:
    path = child(root / "catalog", game) / "rules.toml"
    if not path.is_file():
        return {}
    found, _problem = read_toml(path, f"catalog/{game}/rules.toml", root)
    return _flat(found[0]) if found else {}


def rules_changes(
    before: dict[str, Any], after: dict[str, Any]
) -> tuple[list[tuple[str, str, str]], list[tuple[str, str, str]]]:
    """(facts, setup): each (key, before, after) that differs, whitespace aside."""
    keys = sorted(set(before) | set(after))
    diff = [
        (k, _shown(before.get(k)), _shown(after.get(k)))
        for k in keys
        if before.get(k) != after.get(k)
    ]
    return [d for d in diff if not d[0].startswith("setup")], [
        d for d in diff if d[0].startswith("setup")
    ]


def card_changes(old: Faces | None, new: Faces) -> list[CardChange]:
    """Cards added, removed and changed from `old` to `new` (see the module's docstring)."""
    before = {c.id: c for c in old.catalog.components} if old is not None else {}
    after = {c.id: c for c in new.catalog.components}
    added = [i for i in after if i not in before]
    removed = [i for i in before if i not in after]
    renamed: dict[
        str, str
    ] = {}  # new id → old id: the same set and the same other fields, else the same place
    if old is not None:

        def places_in(catalog: Catalog) -> dict[str, tuple[str, int]]:
            """Each component's place: its set and its index among the set's components."""
            seen: dict[str, int] = {}
            out: dict[str, tuple[str, int]] = {}
            for c in catalog.components:
                out[c.id] = (c.set, seen.get(c.set, 0))
                seen[c.set] = seen.get(c.set, 0) + 1
            return out

        def rest(comp: Any) -> Any:
            return (comp.set, repr(_norm({k: v for k, v in _row(comp).items() if k != "name"})))

        taken: set[str] = set()  # the old ids renamed so far
        by_rest = {rest(before[i]): i for i in removed}
        for i in added:
            was = by_rest.get(rest(after[i]))
            if was is not None and was not in taken:
                renamed[i] = was
                taken.add(was)
        old_places, new_places = places_in(old.catalog), places_in(new.catalog)
        places = {old_places[i]: i for i in removed if i not in taken}
        for i in added:
            was = places.get(new_places[i])
            if i not in renamed and was is not None:
                renamed[i] = was
    prints = {c.id: c for c in changes(printed(old), printed(new))} if old is not None else {}
    out: list[CardChange] = []
    for cid, comp in after.items():
        was_id = renamed.get(cid, cid)
        then = before.get(was_id)
        if then is None:
            out.append(CardChange(cid, comp.name, "added"))
            continue
        a, b = _norm(_row(then)), _norm(_row(comp))
        diff = [
            (k, _shown(_row(then).get(k)), _shown(_row(comp).get(k)))
            for k in sorted(set(a) | set(b), key=lambda k: (k not in ROW_KEYS, k))
            if a.get(k) != b.get(k)
        ]
        seen = prints.get(cid)
        rows = set(a) | set(b) | {"size", "back"}
        other = [w for w in (seen.what if seen else ()) if w not in rows and w != "new"]
        if diff or other or cid != was_id:
            out.append(
                CardChange(
                    cid, comp.name, "changed", diff, other, was_id if was_id != cid else None
                )
            )
    gone = set(renamed.values())
    out += [CardChange(i, before[i].name, "removed") for i in removed if i not in gone]
    return out


@dataclass
class Log:
    game: str
    title: str
    span: str
    cards: list[CardChange]
    facts: list[tuple[str, str, str]]
    setup: list[tuple[str, str, str]]
    images: dict[tuple[str, str], str]  # (id, "before" | "after") → path relative to the changelog
    # each card's playtest notes (`site.notes.noted_cards`), with `since` on each note: how
    # its version stands to this changelog's ("before": made on the version changed here)
    notes: dict[str, dict[str, Any]] = field(default_factory=dict)


def _note_line(n: dict[str, Any]) -> str:
    """A note as one line: who and when, the text, tags, and where its version stands."""
    who = ", ".join(x for x in (n["who"], n["when"]) if x)
    tags = f" [{', '.join(n['tags'])}]" if n["tags"] else ""
    status = f" ({n['status']})" if n["status"] != "open" else ""
    since = {
        "before": f" — made on {n['version']}, the version before these changes",
        "older": f" — made on an older version ({n['version']})",
    }.get(n["since"], "")
    return f"{who + ': ' if who else ''}{n['text']}{tags}{status}{since}"


def unchanged_noted(log: Log) -> list[dict[str, Any]]:
    """The noted cards this changelog does not list as added, changed or removed."""
    listed = {c.id for c in log.cards}
    return [card for cid, card in log.notes.items() if cid not in listed]


def card_groups(log: Log) -> list[tuple[str, list[CardChange]]]:
    """The added, changed and removed cards under their headings, the empty groups left out
    (the Markdown and the HTML changelog list the same groups)."""
    groups = [
        (heading, [c for c in log.cards if c.kind == kind])
        for heading, kind in (("Added", "added"), ("Changed", "changed"), ("Removed", "removed"))
    ]
    return [(heading, cards) for heading, cards in groups if cards]


def markdown(log: Log) -> str:
    """The changelog as Markdown: every text of the project in it shown as written
    (`core.md_text`), so no note or card text becomes markup, a link or HTML."""
    t = md.text
    lines = [f"# {t(log.title)}: changes {t(log.span)}", ""]
    if not log.cards and not log.facts and not log.setup:
        lines += ["Nothing changed.", ""]
    for heading, cards in card_groups(log):
        lines += [f"## {heading} cards", ""]
        for c in cards:
            renamed = f" (was {md.code(c.was)})" if c.was else ""
            lines.append(f"- **{t(c.name)}** ({md.code(c.id)}){renamed}")
            for f, a, b in c.fields:
                lines.append(f"  - {t(f)}: {t(a, 4)} → {t(b, 4)}")
            for w in c.print_only:
                lines.append(f"  - its print: {t(w, 4)}")
            pics = " ".join(
                md.link(when, log.images[(c.id, when)], image=True)
                for when in ("before", "after")
                if (c.id, when) in log.images
            )
            if pics:
                lines.append(f"  - {pics}")
            for n in log.notes.get(c.id, {}).get("notes", []):
                lines.append(f"  - note: {t(_note_line(n), 4)}")
        lines.append("")
    lines += _unchanged_noted_md(log)
    for heading, rows in (("Rules facts", log.facts), ("Setup", log.setup)):
        if rows:
            lines += [f"## {heading}", ""]
            lines += [f"- {md.code(k)}: {t(a, 2)} → {t(b, 2)}" for k, a, b in rows] + [""]
    return "\n".join(lines).rstrip("\n") + "\n"


def _unchanged_noted_md(log: Log) -> list[str]:
    """The Markdown lines of the noted cards this changelog does not list otherwise."""
    others = unchanged_noted(log)
    if not others:
        return []
    lines = ["## Notes on cards not changed here", ""]
    for card in others:
        pic = log.images.get((card["id"], "after"))
        lines.append(
            f"- **{md.text(card['name'])}** ({md.code(card['id'])}, {md.text(card['version'])})"
        )
        if pic:
            lines.append(f"  - {md.link('after', pic, image=True)}")
        lines += [f"  - note: {md.text(_note_line(n), 4)}" for n in card["notes"]]
    return [*lines, ""]


def page(log: Log) -> str:
    e = html.escape
    parts = [
        f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{e(log.title)}: changes</title>",
        "<style>body{font:15px/1.4 sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
        "li{margin:.6em 0}del{color:#a33}ins{color:#262;text-decoration:none}"
        "img{height:140px;margin:.3em .6em 0 0;"
        "border:1px solid #ccc}.when{font-size:12px;color:#666}"
        "li.note{list-style:square}li.note em{color:#666}</style></head><body><main>",
        f"<h1>{e(log.title)}: changes {e(log.span)}</h1>",
    ]
    if not log.cards and not log.facts and not log.setup:
        parts.append("<p>Nothing changed.</p>")
    for heading, cards in card_groups(log):
        parts.append(f"<h2>{heading} cards</h2><ul>")
        for c in cards:
            renamed = f" (was <code>{e(c.was)}</code>)" if c.was else ""
            parts.append(
                f'<li id="card-{e(c.id)}"><strong>{e(c.name)}</strong> '
                f"(<code>{e(c.id)}</code>){renamed}<ul>"
            )
            for f, a, b in c.fields:
                parts.append(f"<li>{e(f)}: <del>{e(a)}</del> → <ins>{e(b)}</ins></li>")
            for w in c.print_only:
                parts.append(f"<li>its print: {e(w)}</li>")
            parts.append("</ul>")
            for when in ("before", "after"):
                if (c.id, when) in log.images:
                    parts.append(
                        '<figure style="display:inline-block;margin:0">'
                        f'<img src="{e(log.images[(c.id, when)])}" alt="{e(c.name)} {when}">'
                        f'<figcaption class="when">{when}</figcaption></figure>'
                    )
            parts += _notes_html(log.notes.get(c.id, {}).get("notes", []))
            parts.append("</li>")
        parts.append("</ul>")
    others = unchanged_noted(log)
    if others:
        parts.append("<h2>Notes on cards not changed here</h2><ul>")
        for card in others:
            parts.append(
                f'<li id="card-{e(card["id"])}"><strong>{e(card["name"])}</strong> '
                f"(<code>{e(card['id'])}</code>, {e(card['version'])})"
            )
            pic = log.images.get((card["id"], "after"))
            if pic:
                parts.append(f'<figure style="margin:0"><img src="{e(pic)}" alt=""></figure>')
            parts += _notes_html(card["notes"])
            parts.append("</li>")
        parts.append("</ul>")
    for heading, rows in (("Rules facts", log.facts), ("Setup", log.setup)):
        if rows:
            parts.append(f"<h2>{heading}</h2><ul>")
            parts += [
                f"<li><code>{e(k)}</code>: <del>{e(a)}</del> → <ins>{e(b)}</ins></li>"
                for k, a, b in rows
            ]
            parts.append("</ul>")
    parts.append("</main></body></html>\n")
    return "\n".join(parts)


def _notes_html(notes: list[dict[str, Any]]) -> list[str]:
    """A card's notes as a list, each marked where its version stands."""
    if not notes:
        return []
    items = []
    for n in notes:
        line = html.escape(_note_line({**n, "since": ""}))
        if n["since"] == "before":
            line += (
                f" <em>(made on {html.escape(n['version'])}, the version before these changes)</em>"
            )
        elif n["since"] == "older":
            line += f" <em>(made on an older version, {html.escape(n['version'])})</em>"
        items.append(f'<li class="note">{line}</li>')
    return ["<ul>", *items, "</ul>"]


def _thumbs(
    faces: Faces | None, ids: list[str], when: str, folder: Path, game: str
) -> tuple[list[Artifact], dict[tuple[str, str], str]]:
    """PNG thumbnails of the fronts of `ids` (when they exist in `faces`)."""
    if faces is None:
        return [], {}
    comps = {c.id: c for c in faces.catalog.components}
    drawn = [
        (i, faces.full(f))
        for i in ids
        if i in comps
        for f in [faces.face(faces.records.of(comps[i]), "front")]
        if f is not None
    ]
    made, names = [], {}
    for (cid, _face), png in zip(
        drawn, face_pngs([f for _, f in drawn], THUMB_DPI, title="changelog thumbnails")
    ):
        rel = f"img/{cid}-{when}.png"
        made.append(artifact(game, "changelog-image", folder / rel, png))
        names[(cid, when)] = rel
    return made, names


def _write(
    job: Job, span: Span, old: Faces | None, new: Faces, old_root: Path | None, new_root: Path
) -> StageResult:
    catalog = new.catalog
    cards = card_changes(old, new)
    facts, setup = rules_changes(
        _rules(old_root, catalog.id) if old_root else {}, _rules(new_root, catalog.id)
    )
    folder = Path(job.build.out) / catalog.id / "changelog"
    noted = _noted(job.catalog.root, old, new)
    shown_before = [c.was or c.id for c in cards if c.kind in ("changed", "removed")]
    made, images = _thumbs(old, shown_before, "before", folder, catalog.id)
    listed = {c.id for c in cards}
    shown_after = [c.id for c in cards if c.kind in ("changed", "added")]
    made2, images2 = _thumbs(
        new, shown_after + [i for i in noted if i not in listed], "after", folder, catalog.id
    )
    images.update(images2)
    for c in cards:  # a renamed card's before picture is under its old id
        if c.was and (c.was, "before") in images:
            images[(c.id, "before")] = images.pop((c.was, "before"))
    after = span.after[:10] if span.after else "the working files"
    log = Log(
        catalog.id,
        f"{catalog.game.title}",
        f"from {span.before[:10]} to {after}",
        cards,
        facts,
        setup,
        images,
        noted,
    )
    result = StageResult(made + made2)
    result.artifacts.append(
        artifact(
            catalog.id,
            "changelog",
            folder / f"{catalog.id}-changelog.md",
            markdown(log).encode("utf-8"),
        )
    )
    result.artifacts.append(
        artifact(
            catalog.id,
            "changelog-html",
            folder / f"{catalog.id}-changelog.html",
            page(log).encode("utf-8"),
        )
    )
    return result


def _versions(faces: Faces | None) -> dict[str, str]:
    """Each card's version, as its front's mark prints it."""
    if faces is None:
        return {}
    out = {}
    for comp in faces.catalog.components:
        face = faces.outline(faces.records.of(comp), "front")
        if face is not None and face.version:
            out[comp.id] = face.version
    return out


def _noted(root: Path, old: Faces | None, new: Faces) -> dict[str, dict[str, Any]]:
    """The game's noted cards (the project's notes as they are now), each note with where
    its version stands: "" the card as it prints now, "before" the version this changelog
    starts from, "older" an older one still."""
    found, _problems = read_notes(root, [new.catalog])  # validation reported them
    then = _versions(old)
    cards = noted_cards(found, new.catalog, _versions(new))
    for card in cards:
        for n in card["notes"]:
            before = then.get(card["id"])
            n["since"] = (
                ""
                if not n["older"]
                else "before"
                if before is not None and n["version"] == before
                else "older"
            )
    return {card["id"]: card for card in cards}


def build_changelog(job: Job) -> StageResult:
    """The changelog of one game between the build's two versions (`options.changelog`)."""
    span = job.build.changelog
    assert span is not None, "the changelog stage runs when a changelog is asked for"
    root, game = job.catalog.root, job.catalog.id
    try:
        with tempfile.TemporaryDirectory(prefix="cardstock-log-") as tmp:
            before_root = Path(tmp) / "before"
            materialise(root, span.before, before_root)
            olds, _ = (
                faces_at(before_root, [game])
                if (child(before_root / "catalog", game) / "game.toml").is_file()
                else ([], [])
            )
            old = olds[0] if olds else None
            if span.after is None:
                return _write(job, span, old, job.faces, before_root, root)
            after_root = Path(tmp) / "after"
            materialise(root, span.after, after_root)
            news, problems = faces_at(after_root, [game])
            if not news:
                return StageResult(
                    findings=[
                        Issue(
                            "command line",
                            None,
                            "REF",
                            f"{game} cannot be read at {span.after[:10]}",
                            "warning",
                        )
                    ]
                )
            return _write(job, span, old, news[0], before_root, after_root)
    except (RevisionError, Unreadable) as exc:
        return StageResult(
            findings=[Issue("command line", None, "REF", f"{span.ref}: {exc}", "warning")]
        )


__all__ = ["CardChange", "build_changelog", "card_changes", "markdown", "page", "rules_changes"]
