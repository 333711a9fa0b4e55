"""A card's own words, for a reader who cannot see its picture: what its face prints, read
back from the laid-out face (`layout.ops`), in the language the face was laid out in.

    card_words(catalog, face)                      "1. Red Fear. Fear · Red Realm. Rank 1, …"
    card_words(catalog, face, leave_out=("Red Fear",))   the same without the caption's name
    die_faces(catalog, component)                  "1, 2, 3, 4, 5, 6": a die's faces
    face_words(catalog, component, face, name)     a picture's words: the face's, else a
                                                   die's faces, after its name when no
                                                   caption gives it ("" for neither)
    alt_text(component)                            "Big Sal (Arch Villain: Mafia), 1 card":
                                                   a face that prints no words, described

Each text box of the face (the boxes' notes say where each one is) is one phrase, its lines
joined as a reader reads them and its inline icons said by their labels; the phrases come
in reading order (top to bottom, a row left to right). A phrase the face prints twice (a
corner index repeated upside down) is said once, the version mark not at all (it is the
build's, not the card's), and a phrase equal to one of `leave_out` (the name a caption
beside the picture already gives) is left out. Text outside every box (an SVG picture's
own lettering, the faces of a die's net) follows the boxes, what each group of the drawing
holds (a die's face) an item of a list; an icon outside every text box is a picture, not a
word.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import fonts
from ..catalog.kinds import kind_said
from ..core.markup import spans
from ..core.toolwords import ENGLISH, ToolWords
from ..layout.context import version_mark
from ..layout.ops import Face, Group, Icon, Matrix, Note, Text, multiply

if TYPE_CHECKING:
    from ..catalog.load import Catalog
    from ..catalog.schema import Component

_ENDS = (".", "!", "?", ":", ";", "…", "。", "！", "？", "؟")
_CLOSE = (".", ",", ";", ":", "!", "?", ")", "…")  # what follows a word without a space
_SLACK = 1.5  # points a run may stand outside its box's rectangle (rounding, descenders)


@dataclass(frozen=True, slots=True)
class _Run:
    """A run of text or an icon as the face draws it: `x`, `baseline` and `end` in the
    coordinates of the group it is drawn in; (`px`, `py`) a point inside it on the face."""

    words: str
    x: float
    baseline: float
    end: float
    size: float
    px: float
    py: float
    icon: bool
    group: tuple[int, ...] = ()  # the place in the face's drawing of the group it is in


def _apply(m: Matrix | None, x: float, y: float) -> tuple[float, float]:
    if m is None:
        return x, y
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _then(outer: Matrix | None, inner: Matrix | None) -> Matrix | None:
    """The transform of a group drawn inside another (`inner` applied first)."""
    if inner is None:
        return outer
    if outer is None:
        return inner
    return multiply(outer, inner)


def _runs(
    ops: Iterable[Any],
    labels: dict[str, str],
    m: Matrix | None = None,
    group: tuple[int, ...] = (),
) -> Iterator[_Run]:
    """Every text run and icon of `ops` in drawing order, with a point of it on the face."""
    for n, op in enumerate(ops):
        if isinstance(op, Group):
            yield from _runs(op.ops, labels, _then(m, op.transform), (*group, n))
        elif isinstance(op, Text) and op.text.strip():
            end = op.x + fonts.string_width(op.text, op.font, op.size)
            px, py = _apply(m, (op.x + end) / 2, op.y - op.size * 0.3)
            yield _Run(op.text, op.x, op.y, end, op.size, px, py, False, group)
        elif isinstance(op, Icon):
            label = labels.get(op.symbol, "")
            px, py = _apply(m, op.x + op.size / 2, op.y + op.size / 2)
            yield _Run(label, op.x, op.y + op.size, op.x + op.size, op.size, px, py, True, group)


def _labels(catalog: Catalog) -> dict[str, str]:
    """Each symbol the game's icons draw → the icon's label (as the web page names it)."""
    out: dict[str, str] = {}
    for name, icon in catalog.game.icons.items():
        out.setdefault(icon.symbol or name, icon.label or name.replace("-", " ").capitalize())
    return out


def _phrase(runs: list[_Run]) -> str:
    """A box's runs as one line of words: a space where the face leaves one between two
    runs, between two lines and around an icon."""
    out = ""
    last: _Run | None = None
    for run in runs:
        if last is not None and out and not out.endswith(" "):
            gap = run.x - last.end
            new_line = abs(run.baseline - last.baseline) > 0.2 * run.size
            after_icon = last.icon and not run.words.startswith(_CLOSE)
            if new_line or run.icon or after_icon or gap > 0.12 * run.size:
                out += " "
        out += run.words
        last = run
    return " ".join(out.split())


def _inside(note: Note, run: _Run) -> bool:
    return (
        note.x0 - _SLACK <= run.px <= note.x1 + _SLACK
        and note.y0 - _SLACK <= run.py <= note.y1 + _SLACK
    )


@dataclass(frozen=True, slots=True)
class _Box:
    """A box of the face that prints words: its top, bottom and left edge, and its words."""

    top: float
    bottom: float
    left: float
    words: str


def _area(note: Note) -> float:
    return (note.x1 - note.x0) * (note.y1 - note.y0)


def _boxes(face: Face, labels: dict[str, str]) -> list[_Box]:
    """Each box of the face that prints words, in reading order, and last the words
    outside every box."""
    notes = [n for n in face.notes if n.size > 0 and n.x1 > n.x0 and n.y1 > n.y0]
    held: dict[int, list[_Run]] = {}
    loose: list[_Run] = []
    for run in _runs(face.ops, labels):
        holding = [i for i, n in enumerate(notes) if _inside(n, run)]
        # the smallest box holding it: a corner index may lie inside the body's rectangle
        where = min(holding, key=lambda i: _area(notes[i])) if holding else None
        if where is not None:
            held.setdefault(where, []).append(run)
        elif not run.icon:  # an icon outside the text is a picture, not a word
            loose.append(run)
    boxes = [_Box(notes[i].y0, notes[i].y1, notes[i].x0, _phrase(runs)) for i, runs in held.items()]
    out = _reading_order(boxes)
    if loose:
        out.append(_Box(face.height, face.height, 0.0, _listed(loose)))
    return out


def _listed(runs: list[_Run]) -> str:
    """Runs outside every box as words: the runs of one group (a die's face, drawn as a
    group of its own) one phrase, the phrases of different groups a list ("Red, Blue")."""
    phrases: list[list[_Run]] = []
    for run in runs:
        if phrases and phrases[-1][-1].group == run.group:
            phrases[-1].append(run)
        else:
            phrases.append([run])
    return ", ".join(p for p in map(_phrase, phrases) if p)


def _reading_order(boxes: list[_Box]) -> list[_Box]:
    """Boxes top to bottom; boxes beside each other (their heights overlapping by half the
    smaller one) left to right."""
    rows: list[list[_Box]] = []
    for box in sorted(boxes, key=lambda b: (b.top + b.bottom) / 2):
        if rows:
            top = min(b.top for b in rows[-1])
            bottom = max(b.bottom for b in rows[-1])
            overlap = min(box.bottom, bottom) - max(box.top, top)
            if overlap >= 0.5 * min(box.bottom - box.top, bottom - top):
                rows[-1].append(box)
                continue
        rows.append([box])
    return [b for row in rows for b in sorted(row, key=lambda b: b.left)]


def _mark(catalog: Catalog) -> re.Pattern[str]:
    """The version mark a face prints (`layout.context.version_mark`), whatever its digest."""
    return re.compile(re.escape(version_mark(catalog, "")) + r"[0-9a-f]{6}")


def _said(phrases: Iterable[str]) -> str:
    """Phrases as one text: a full stop between two unless the first ends a sentence."""
    out = ""
    for p in phrases:
        if out:
            out += " " if out.endswith(_ENDS) else ". "
        out += p
    return out


def card_words(catalog: Catalog, face: Face | None, leave_out: Iterable[str] = ()) -> str:
    """The words `face` (a laid-out face, with its drawing) prints, as one text in reading
    order; "" for a face that prints none (or None: no face)."""
    if face is None:
        return ""
    mark = _mark(catalog)
    seen = {" ".join(s.split()).casefold() for s in leave_out if s}
    phrases: list[str] = []
    for box in _boxes(face, _labels(catalog)):
        words = box.words
        key = words.casefold()
        if not words or key in seen or mark.fullmatch(words):
            continue
        seen.add(key)
        phrases.append(words)
    return _said(phrases)


def die_faces(catalog: Catalog, c: Component) -> str:
    """A die's faces as its catalog gives them ("1, 2, 3, 4, 5, 6"), each face its words,
    or the labels of the icons it shows when it has none; "" for a component without
    faces. What a die's picture stands for when its faces print no words (pips)."""
    faces = c.fields.get("faces")
    if not isinstance(faces, list):
        return ""
    icons = catalog.game.icons
    said: list[str] = []
    for face in faces:
        parts = spans(str(face))
        words = " ".join("".join(p.text for p in parts if p.icon is None).split())
        shown = [p.icon for p in parts if p.icon]
        labels = [
            str(icons[i].label)
            if i in icons and icons[i].label
            else i.replace("-", " ").capitalize()
            for i in shown
        ]
        said.append(words or " ".join(labels))
    return ", ".join(w for w in said if w)


def face_words(
    catalog: Catalog,
    c: Component,
    face: Face | None,
    caption: str = "",
    label: str | None = None,
) -> str:
    """The words a face's picture stands for, in every reading edition (the tagged PDF's
    `Figure`, the web page's and the e-book's `alt`): the words the face prints, leaving out
    `caption` (the name a caption beside it gives); for a face that prints none, a die's
    faces (its pips), after its name unless a caption gives it; "" for neither (then the
    picture is named from the catalog, `alt_text`)."""
    said = card_words(catalog, face, (caption,) if caption else ())
    if said:
        return said
    faces = die_faces(catalog, c)
    if not faces or caption:
        return faces
    return f"{label or c.name}. {faces}"


def alt_text(
    c: Component,
    label: str | None = None,
    words: ToolWords = ENGLISH,
    group: str | None = None,
    count: bool = True,
) -> str:
    """What a face shows, in words from the catalog: its name, its group when that says
    more (`group`: as the language prints it; the component's own when None), how many
    copies of what kind in cardstock's words ("Big Sal (Arch Villain: Mafia), 1 card";
    not `count`: without the copies)."""
    name = label or c.name
    shown = c.group if group is None else group
    group = f" ({shown})" if shown and shown not in (name, c.name) else ""
    return f"{name}{group}, {kind_said(words, c.kind, c.count)}" if count else f"{name}{group}"


__all__ = ["alt_text", "card_words", "die_faces", "face_words"]
