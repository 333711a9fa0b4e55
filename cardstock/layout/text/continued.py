"""Text that continues: a text box with `overflow = "continue"` whose text does not fit at
its `min_size` is split into parts, each drawn on a card of its own.

    split(text, fits)            the parts: between paragraphs, then between words
    draw(...)                    one part of a box's text, with its mark ("2/3 · Name")
    parts_of(notes)              how many parts a face's boxes found (1: none continues)
    printing(faces, ...)         the faces as the stages printing them see them: parts and all
    later_parts(faces)           each continued card's parts after its first (a book's gallery)
    part_component(comp, i, n)   the component a part is printed as (`Faces.printed`)

The split is worked out where the box is drawn, from the box's own size and style: each
part holds the most whole paragraphs that fit; a paragraph longer than a part is broken
between words (never inside one, nor inside a **bold** or *italic* span), its first words
filling the part it starts on. Every part is set at the box's `min_size`, so the parts
read alike, and the last line of the box is kept for the mark: the part's number, the
count and the card's name, in the words of the build's language (`core.toolwords`).

A part after the first is drawn on the layout the box's `continue_layout` names, when it
names one (`part_layout`), in that layout's text box of the box's name: the first part is
split to the card's box and the others to that one (`Room`).

The first part is the component's own face; its other parts are components made from it
(`part_component`) that only the stages printing faces receive (`Faces.printed`): the
rules check, counts and setup see the catalog's one card. Each part's note says which
part it is (`continued 2/3`), so the face of the first part, kept in the cache, tells how
many parts the card has without laying it out again.

One card's text continues onto at most `PARTS_MAX` parts, and a game's continued texts add
at most `GAME_PARTS_MAX` cards, with their copies within the game's `MAX_COMPONENTS`: the
row that passes a bound is refused (`printed`, `Faces.refused`) before any part is laid out.
"""

from __future__ import annotations

import bisect
import copy
import dataclasses
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ... import fonts
from ...catalog.load import MAX_COMPONENTS
from ...catalog.schema import Component
from ...core.issues import Issue
from ..ops import Text, r

if TYPE_CHECKING:
    from ...catalog.load import Catalog
    from ...catalog.printing import ComponentPrint
    from ...catalog.resolve import Records
    from ...core.markup import Block
    from ..boxtypes.services import Services
    from ..ops import Note
    from ..resolved import Box, Layout
    from .words import Fit, TextStyle


class Printing(Protocol):
    """What `printing` reads of a game's faces (`faces.Faces`, which imports this module)."""

    catalog: Catalog
    layouts: Any
    parts: dict[str, tuple[int, int]]
    records: Records
    refused: Issue | None  # the card whose parts took the game past its bound (`printed`)

    def face(self, record: ComponentPrint, side: str, *, bleed: bool = True) -> Any: ...


F = TypeVar("F", bound=Printing)

CONTINUE = "continue"  # the `overflow` value
KEY = "continue_layout"  # the box key naming the layout the parts after the first are on
FROM = "continued_from"  # the context key of a part drawn on `continue_layout`: (layout, box)
BACK = "back"  # the `continue_on` value for a card's own back
ON_BACK = "(text continued)"  # a printed card's `back` when its text continues on it
PART = "continued_part"  # the context key of a part: (part, parts), set by `Faces`
MARK = "{part}/{parts} · {name}"  # the mark each part prints (a message of cardstock's)
PARTS_MAX = 200  # parts one card's text may continue onto (more: an error)
# cards a game's continued texts may add after their own (more: an error at the row that
# passes it, `printed`): each is a face laid out and kept like any other, and a part of a
# long text costs about its whole text (6 ms and 120 KB a part of a 120,000-character
# text); 60 such texts of 166 parts each (about 10,000 cards) took 42 s of CPU and 2.5 GB
GAME_PARTS_MAX = 1_000
PROBLEM = re.compile(r"^continued (\d+)/(\d+)$")
_PARAGRAPH = re.compile(r"\n[ \t]*\n")
_SPACE = re.compile(r"\s+")
_EMPHASIS = re.compile(r"\*\*|\*")  # what opens and closes **bold** and *italic*


def continues(painter: Services, lay: Layout, box: Box, ctx: dict[str, Any]) -> bool:
    """Whether the box's text continues onto other cards when it does not fit."""
    return str(painter.raw(lay, box, "overflow", ctx, "")) == CONTINUE


def on_back(component: Component) -> bool:
    """Whether the card's text continues on its back (as `printed` gives the card)."""
    return component.back == ON_BACK


def may_hold_part(box: Box, ctx: dict[str, Any]) -> bool:
    """Whether a text box may draw a part of text that continues: its `overflow` is (or a
    template may make it) "continue", or the face is a part (`ctx[PART]`, `ctx[FROM]`)."""
    said = box.get("overflow")
    return bool(ctx.get(FROM) or ctx.get(PART)) or (said is not None and said != "report")


def read_with(layouts: Any, box: Box, ctx: dict[str, Any]) -> tuple[list[Box], Any] | None:
    """What a text box that may hold a part (`may_hold_part`) is drawn from besides its
    own keys (`BoxMemo` keys its drawing by it): the other boxes whose keys it reads (the
    card's box, when it receives a part on the layout `continue_layout` names; that
    layout's box, when it is the card's box that names one), and the part and the layout
    and box it receives text from. None when this cannot be told: a `continue_layout`
    that a template makes. (The card's name, which a part's mark prints, matters only
    when the text does continue: `BoxMemo` adds it then.)"""
    came = ctx.get(FROM)
    boxes: list[Box] = []
    for name, own in ((came[0] if came else None, False), (box.get(KEY), True)):
        if not name:
            continue
        if own and "{" in str(name):
            return None
        lay = layouts.resolve(str(name))
        boxes += [b for b in lay.boxes if b.name == box.name] if lay is not None else []
    return boxes, (ctx.get(PART), came)


def drawn_as(component: Component, side: str) -> Component:
    """The component a side of a card is drawn from, as far as its face can tell: a
    front whose text continues on its back draws what the catalog's card draws (its
    printed `back`, `ON_BACK`, is read by its back alone; only a set printing no back can
    continue on it), so it is keyed, and laid out once, as that card."""
    if side == "front" and on_back(component):
        return dataclasses.replace(component, back=None)
    return component


def part_of(
    parts: dict[str, tuple[int, int]], component: Component, side: str
) -> tuple[int, int] | None:
    """Which part of its text a side of a card prints (None: the first, or no part)."""
    if side == "back":
        return (2, 2) if on_back(component) else None
    return parts.get(component.id)


def problem(part: int, parts: int) -> str:
    """The note a part's box makes: which part it is, of how many."""
    return f"continued {part}/{parts}"


def part_layout(
    faces: Printing, component: Component, side: str, name: str, ctx: dict[str, Any]
) -> str:
    """The layout a side of a card is drawn on (`name`, unless it is a part), its part set
    in `ctx`: a part after the first is drawn on the layout its box's `continue_layout`
    names, when it names one (`ctx[FROM]`: the layout and box the text is the card's in)."""
    part = part_of(faces.parts, component, side)
    ctx[PART] = part
    lay = faces.layouts.resolve(name) if part is not None and part[0] > 1 else None
    for box in lay.boxes if lay is not None else []:
        if box.get("overflow") == CONTINUE and box.get(KEY):
            ctx[FROM] = (name, box.name)
            return str(box.get(KEY))
    return name


def parts_of(notes: Iterable[Note]) -> int:
    """How many parts the face's continued text has (1: none of its boxes continues)."""
    most = 1
    for note in notes:
        for said in note.problems:
            m = PROBLEM.match(said)
            if m:
                most = max(most, int(m.group(2)))
    return most


def part_id(component_id: str, part: int, parts: int) -> str:
    """The id a card's part prints under: the card's own for the first part,
    `<id>-2of3` for the others."""
    return component_id if part == 1 else f"{component_id}-{part}of{parts}"


def part_component(component: Component, part: int, parts: int) -> Component:
    """The component a card's part is printed as: the card, under the part's id."""
    return dataclasses.replace(component, id=part_id(component.id, part, parts))


def printing(faces: F, layout_name: Callable[..., str]) -> F:
    """The faces for the stages that print them: the same faces (a copy sharing every
    table of faces, keys and parts), of the catalog `printed` gives; `faces` itself when
    no card continues."""
    catalog = printed(faces, layout_name)
    if catalog is faces.catalog:
        return faces
    view = copy.copy(faces)
    view.catalog = catalog
    return view


def later_parts(faces: Any) -> dict[str, tuple[Component, ...]]:
    """Each continued card's parts after its first, by the card's id, as the printing
    stages receive them (`Faces.printing`): for what shows a game's cards (a rulebook's
    gallery) but counts them as the catalog does."""
    out: dict[str, list[Component]] = {}
    card = ""
    for comp in faces.printing().catalog.components:
        if comp.id in faces.parts:
            out.setdefault(card, []).append(comp)
        else:
            card = comp.id
    return {k: tuple(v) for k, v in out.items()}


def printed(faces: Printing, layout_name: Callable[..., str]) -> Catalog:
    """The catalog as the stages that print faces see it: each card whose text continues
    followed by its other parts (`part_component`), which `faces` lays out with their part
    of the text (`Faces.parts`). The catalog itself when no card continues. Only a card
    whose front layout has a box that continues is laid out to learn it (`layout_name`:
    the front layout's name, `faces.front_layout_name`). The card whose parts take the
    game past its room for them (`_Room`) is refused (`faces.refused`, an error at its
    row) as soon as its first part tells its count: no part is added, and no card after
    it is laid out here."""
    catalog, found = faces.catalog, faces.parts
    if faces.refused is not None or not _any_continues(faces.layouts):
        return catalog  # past the game's bound (reported), or no text continues
    if any(c.id in found for c in catalog.components):
        return catalog  # these are the printing faces already
    continuing: dict[str, Box | None] = {}  # layout name -> its box whose text continues
    components: list[Component] = []
    changed = False
    room = _Room(catalog)
    for comp in catalog.components:
        components.append(comp)
        name = layout_name(catalog, comp, faces.layouts)
        if name not in continuing:
            lay = faces.layouts.resolve(name)
            boxes = lay.boxes if lay is not None else []
            continuing[name] = next((b for b in boxes if b.get("overflow") == CONTINUE), None)
        box = continuing[name]
        # the drawing's notes tell the parts (an outline has none): read back if need be
        face = faces.face(faces.records.of(comp), "front") if box is not None else None
        count = parts_of(face.notes) if face is not None else 1
        if box is not None and count > 1 and box.get("continue_on", "cards") == BACK:
            components[-1] = dataclasses.replace(comp, back=ON_BACK)
            changed = True
            continue
        if box is not None and count > 1 and not room.takes(comp, count - 1):
            faces.refused = room.refusal(comp, box, count - 1)
            found.clear()  # no part is printed: the check reports the game's bad input
            return catalog
        for part in range(2, count + 1):
            made = part_component(comp, part, count)
            found[made.id] = (part, count)
            components.append(made)
            changed = True
    if not changed:
        return catalog
    return dataclasses.replace(catalog, components=components)


class _Room:
    """The room a game has left for the cards its continued texts add (`printed`): at most
    `GAME_PARTS_MAX` of them, and with each copy of each the game's components at most
    `MAX_COMPONENTS` (the bound its rows are read under)."""

    def __init__(self, catalog: Catalog) -> None:
        self.parts = 0  # cards the continued texts added so far
        self.copies = sum(c.count for c in catalog.components)  # what the game prints
        self.why = ""

    def takes(self, comp: Component, more: int) -> bool:
        """Add the card's `more` later parts, printed `comp.count` times each: False when
        they take the game past either bound (nothing is added then)."""
        if self.parts + more > GAME_PARTS_MAX:
            self.why = (
                f"the game's continued texts would add {self.parts + more:,} cards, more than "
                f"the {GAME_PARTS_MAX:,} cardstock lets them add to one game"
            )
        elif self.copies + more * comp.count > MAX_COMPONENTS:
            self.why = (
                f"{comp.count:,} copies of each take the game past the most cardstock prints "
                f"in one game ({MAX_COMPONENTS:,} components, each copy counted)"
            )
        else:
            self.parts += more
            self.copies += more * comp.count
            return True
        return False

    def refusal(self, comp: Component, box: Box, more: int) -> Issue:
        """The error at the row of the card whose parts the game has no room for, named
        as a face's drawing names it (`faces.DRAWING`)."""
        field = box.get("field")
        return Issue(
            comp.file,
            comp.line,
            str(field) if field and "{" not in str(field) else f"layout box {box.name}",
            f"the text continues onto {more:,} more cards here, and {self.why}; shorten the "
            "texts that continue, or give their box more room or a smaller min_size "
            f"(drawing component {comp.id!r})",
            bad_input=True,
        )


def _any_continues(layouts: Any) -> bool:
    """Whether a box of any of the layouts says `overflow = "continue"` (a layout that
    extends another holds no box its files do not write)."""
    return any(
        box["values"].get("overflow") == CONTINUE
        for raw in layouts.raw.values()
        for box in raw["boxes"].values()
    )


def back_problems(catalog: Catalog, layouts: Any, layout_name: Callable[..., str]) -> list[Issue]:
    """A box whose text continues on the back, drawn on the cards of a set that prints a
    back already (a deck back, or both sides of a double-sided set): once a box and set,
    at the line that says `continue_on`. Only a set with `single_sided = true` has a back
    free for the text."""
    out: list[Issue] = []
    if not _any_continues(layouts):
        return out
    seen: set[tuple[str, str]] = set()
    for comp in catalog.components:
        name = layout_name(catalog, comp, layouts)
        s = catalog.set(comp.set)
        if (name, s.id) in seen or s.single_sided:
            continue
        seen.add((name, s.id))
        lay = layouts.resolve(name)
        for box in lay.boxes if lay is not None else []:
            if box.get("overflow") == CONTINUE and box.get("continue_on") == BACK:
                file, line = box.where("continue_on")
                prints = "both sides" if s.double_sided else f"the back {comp.back!r}"
                out.append(
                    Issue(
                        file,
                        line,
                        f"layouts.{name}.boxes.{box.name}.continue_on",
                        f"the text continues on the back, but set {s.id!r} prints {prints} "
                        'there; continue it onto cards (continue_on = "cards"), or print '
                        "the set on one side (single_sided = true)",
                    )
                )
    return out


def layout_problems(layouts: Any) -> list[Issue]:
    """A box's `continue_layout` that names no layout, or a layout without a text box of
    the box's name to receive the text: once a box, at the line that names the layout."""
    out: list[Issue] = []
    seen: set[tuple[str, int | None]] = set()  # a box a layout inherits is the one box
    for name in layouts.names():
        lay = layouts.resolve(name)
        for box in lay.boxes if lay is not None else []:
            target = box.get(KEY)
            if not target or box.get("overflow") != CONTINUE or box.where(KEY) in seen:
                continue
            seen.add(box.where(KEY))
            there = layouts.resolve(target)
            got = {b.name: b for b in there.boxes}.get(box.name) if there is not None else None
            if there is None:
                said = f"there is no layout {target!r}; the layouts are: " + ", ".join(
                    sorted(layouts.names())
                )
            elif got is None or got.get("type") != "text":
                said = (
                    f"layout {target!r} has no text box {box.name!r} to receive the text "
                    f"that continues; add [layouts.{target}.boxes.{box.name}] with "
                    'type = "text", or name a layout that has one'
                )
            else:
                continue
            file, line = box.where(KEY)
            out.append(Issue(file, line, f"layouts.{name}.boxes.{box.name}.{KEY}", said))
    return out


# ---------------------------------------------------------------- splitting


def _breaks(paragraph: str) -> list[int]:
    """Where a paragraph may be broken: after each run of white space, outside a **bold**
    or *italic* span and outside a [styled]{…} span. One pass: the marks met so far are
    counted as it goes, word by word."""
    out = []
    doubles = singles = square = curly = 0  # `**` and `*` met; `[` less `]`, `{` less `}`
    at = 0
    for m in _SPACE.finditer(paragraph):
        word = paragraph[at : m.start()]
        for mark in _EMPHASIS.findall(word):
            if mark == "**":
                doubles += 1
            else:
                singles += 1
        square += word.count("[") - word.count("]")
        curly += word.count("{") - word.count("}")
        if doubles % 2 == 0 and singles % 2 == 0 and square == 0 and curly == 0:
            out.append(m.end())
        at = m.end()
    return out


class _Rest:
    """What is left of a paragraph being split: it starts at `start`, and may end at each
    of `ends[at:]` (its breaks, then the paragraph's end)."""

    def __init__(self, paragraph: str) -> None:
        self.paragraph = paragraph
        self.ends = [*_breaks(paragraph), len(paragraph)]
        self.start = 0
        self.at = 0
        self.tried: dict[tuple[int, str, int, int], bool] = {}

    def __len__(self) -> int:
        """The places the rest may end at (the last of them: the whole rest)."""
        return len(self.ends) - self.at

    def text(self, count: int | None = None) -> str:
        """The rest up to its `count`th end (all of it: None)."""
        end = self.ends[self.at + count - 1] if count else len(self.paragraph)
        return self.paragraph[self.start : end].rstrip()

    def drop(self, count: int) -> None:
        """Move the start past the rest's `count`th end."""
        self.start = self.ends[self.at + count - 1]
        self.at += count

    def most(self, fits: Callable[[str], bool], after: str, guess: int, settle: bool = True) -> int:
        """How many of the rest's ends fit after `after` (the most, `count`, for which
        `fits` takes `after` and `text(count)`), `fits` growing no smaller as `count` grows:
        tried first at as many ends as `guess` characters hold (what the last part broken
        between words held; 0: none yet, the whole rest), then 1, 2, 4, … ends further out
        until the answer lies between the last two tried, then halved between them (the
        whole rest tried first: out from none). Near the guess, what is
        measured is a part or two, never the whole rest, so splitting a text costs in
        proportion to its length. `settle` false: stop at the first count that does not
        fit (all that is asked is whether all of them do)."""
        lo, hi = 0, len(self)  # the answer is between them: `lo` ends fit
        if guess > 0:  # the ends within as many characters as the last part held
            room = self.start + guess - (len(after) + 2 if after else 0)
            guess = max(1, bisect.bisect_right(self.ends, room, self.at) - self.at)
        probe = min(guess, hi) if guess > 0 else hi
        if self.fits(fits, after, probe):
            lo = probe
        else:
            hi = probe - 1
            if not settle:
                return lo
            step = 1
            while guess > 0 and lo < hi:  # the answer is likely just short of the guess
                probe = max(hi + 1 - step, lo + 1)
                if self.fits(fits, after, probe):
                    lo = probe
                    break
                hi, step = probe - 1, step * 2
        step = 1
        while lo < hi:  # out from what fits
            probe = min(lo + step, hi)
            if not self.fits(fits, after, probe):
                hi = probe - 1
                break
            lo, step = probe, step * 2
        while settle and lo < hi:
            mid = (lo + hi + 1) // 2
            if self.fits(fits, after, mid):
                lo = mid
            else:
                hi = mid - 1
        return lo

    def fits(self, fits: Callable[[str], bool], after: str, count: int) -> bool:
        """Whether `after` and the rest up to its `count`th end fit (0: trivially), asked
        of `fits` once (`tried`: a search may reach a count another has tried)."""
        if count <= 0:
            return True
        key = (id(fits), after, self.start, count)
        if key not in self.tried:
            self.tried[key] = fits(_join(after, self.text(count)))
        return self.tried[key]


def _join(*chunks: str) -> str:
    return "\n\n".join(c for c in chunks if c)


def split(
    text: str,
    first: Callable[[str], bool],
    later: Callable[[str], bool] | None = None,
    most: int = 0,
) -> list[str]:
    """The parts of `text`, each fitting unless one word alone does not (the first part
    as `first` says, the others as `later` does, by default the same): whole paragraphs
    while they fit; a paragraph that fits no part whole fills the part it starts on and
    goes on to the next ones, broken between words. `most` (0: no bound): once that many
    parts are made, what is left is one more part, unsplit (more than `most` parts: the
    text needs more)."""
    paragraphs = [p.strip() for p in _PARAGRAPH.split(text.strip()) if p.strip()]
    parts: list[str] = []
    again = later or first

    def fits() -> Callable[[str], bool]:  # what the part being made is measured by
        return later if parts and later is not None else first

    current = ""
    guess = 0  # how many characters the last part broken between words held
    for i, paragraph in enumerate(paragraphs):
        rest = _Rest(paragraph)
        while len(rest):
            if most and len(parts) >= most:
                return [*parts, _join(current, rest.text(), *paragraphs[i + 1 :])]
            if rest.most(fits(), current, guess, settle=False) == len(rest):
                current = _join(current, rest.text())
                break
            if current and rest.most(again, "", guess, settle=False) == len(rest):
                parts.append(current)  # the paragraph goes whole onto the next part
                current = ""
                continue
            count = rest.most(fits(), current, guess)
            if count == 0 and current:  # nothing of it fits after the part's paragraphs
                parts.append(current)
                current = ""
                continue
            count = max(count, 1)  # a word wider than a part still moves the text on
            parts.append(_join(current, rest.text(count)))
            current = ""
            rest.drop(count)
            guess = len(parts[-1])
    if current or not parts:
        parts.append(current)
    return parts


# ---------------------------------------------------------------- remembered


def whole_blocks(
    painter: Services, text: str, markup: str, read: Callable[[str], list[Block]]
) -> list[Block]:
    """The blocks of a text a box that may continue draws, read once for the faces of all
    its parts (`Splits`)."""
    memo = painter.splits
    return memo.blocks(text, markup, read) if memo is not None else read(text)


# ---------------------------------------------------------------- drawing


@dataclasses.dataclass(frozen=True)
class Room:
    """Where a part of the text is set: a box's inner rectangle and its text style."""

    inner: tuple[float, float, float, float]
    style: TextStyle

    def body(self) -> tuple[float, float, float, float]:
        """The room less its last line, kept for the part's mark."""
        x, y, w, h = self.inner
        return (x, y, w, max(1.0, h - self.style.min_size * self.style.leading))

    def least(self) -> TextStyle:
        return dataclasses.replace(self.style, size=self.style.min_size)


def draw(
    painter: Services,
    ctx: dict[str, Any],
    content: str,
    blocks_of: Callable[[str], list[Block]],
    rooms: tuple[Room, Room],
    whole: Fit,
    on_the_back: bool = False,
    field: str = "",
    markup: str = "",
) -> tuple[list[Any], Fit, tuple[str, ...]]:
    """One part of a continued box's text (the part `ctx` names, else the first), set at
    its box's least size above its mark: the ops, the part's fit, and the note's problem.
    `rooms`: where the first part is set and where the others are (the box of the layout
    `continue_layout` names, or the same box). Text that no split helps (one word wider
    than the box) is drawn whole (`whole`, the text fitted into the box as it is) and
    reported as any text that does not fit; so is text that needs more than `PARTS_MAX`
    parts, which is an error besides. The split is worked out once for the faces of all
    the parts (`painter.splits`, under `markup`: how `blocks_of` reads the text)."""

    def fits(room: Room) -> Callable[[str], bool]:
        return lambda t: painter.fit(blocks_of(t), room.body(), room.least()).fits

    def made() -> tuple[str, ...]:
        later = fits(rooms[1]) if rooms[1] != rooms[0] else None
        return tuple(split(content, fits(rooms[0]), later, PARTS_MAX))

    memo = painter.splits
    parts = list(memo.parts((content, markup, rooms), made) if memo is not None else made())
    if len(parts) > PARTS_MAX:
        painter.data_issue(
            field,
            f"the text continues onto more than {PARTS_MAX} parts, cardstock's limit for "
            "one card; shorten it, or give its box more room or a smaller min_size",
            bad_input=True,
        )
        return list(whole.ops), whole, ()
    if on_the_back and len(parts) > 2:  # the back holds the rest, and cannot hold it all
        painter.data_issue(
            field,
            f"the text continues on the back and still does not fit: it needs {len(parts)} "
            "parts and a card has two sides; shorten it, or continue it onto cards "
            '(continue_on = "cards")',
        )
        parts = [parts[0], _join(*parts[1:])]
    given = ctx.get(PART)
    part = int(given[0]) if given else 1
    count = len(parts)
    if count == 1:
        return list(whole.ops), whole, ()
    part = min(max(part, 1), count)
    room = rooms[0] if part == 1 else rooms[1]
    style = room.style
    x, y, w, h = room.inner
    fit = painter.fit(blocks_of(parts[part - 1]), room.body(), room.least())
    words = painter.catalog.tool_words
    mark = words(MARK, part=part, parts=count, name=str(ctx.get("name") or ""))
    width = fonts.string_width(mark, style.font, style.min_size)
    base = y + h - style.min_size * style.leading + fonts.ascent(style.font) * style.min_size
    ops: list[Any] = list(fit.ops)
    ops.append(Text(r(x + w - width), r(base), mark, style.font, style.min_size, style.color))
    return ops, fit, (problem(part, count),)
