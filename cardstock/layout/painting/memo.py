"""Each distinct box drawn and checked once per game and build (`BoxMemo`).

Most boxes of a game's faces draw the same thing on many faces: a frame, a background,
a banner in one of a few faction colours, a deck back. What a box draws is decided by the
box itself (its layout's keys), the face's geometry, and the values its templated keys
render to for this face; the `BoxMemo` of a game keeps each box's ops (and the notes it
made) under exactly that, so a box shared by thousands of faces is laid out once. The
print-safety findings of a box (`measures.face_check`) depend on what it drew and the
face's geometry, and for a box of content (text, icons) on the fills painted under what it
draws too (not those elsewhere on the face: a placeholder's rays, which differ on every
card, leave the findings of the text below them alone): they are kept under those. A box
drawn afresh is checked with no such key made: its key would hold what decides its
drawing, met for the first time, so nothing can be kept under it yet; what the check found
waits in the box's entry and is kept under its key when the box is drawn from the memo
again. A box of one card (its own title) costs its check and nothing more.

A box is kept only when drawing it raised no issue (an issue names the face it was met on,
so it is met again on each face), and never for a type that reads the face's context
directly rather than through the painter (`art`: its placeholder is seeded by the
component's id). A text box that may hold a part of text that continues is kept under its
part and the keys of the other boxes it reads (`continued.read_with`) too, and under the
card's name once its text turns out to continue (each part's mark prints it). A memo that
fills up keeps only the entries used since it last filled:
the shared boxes stay, the one-off ones go, and memory stays bounded. A box dropped that
way and met again (a rules text that recurs every few thousand cards, with each card's own
name drawn in between) is kept from then on in a table of its own, which one-off boxes
never reach (`_Table`): it is drawn twice, not on every card.

What a box draws afresh (a box not kept, or met for the first time) is made of ops that
other faces' boxes often draw too: the art placeholder's frame, clip, disc and symbol for
each colour, a line of text at the same place. Each such op is exchanged for the equal
one met before (`share`, at most `SHARED_MAX` kept; an image only for one naming the same
file), and so are a face's tuple of notes (`notes`) and its findings (`findings`: a contrast
too low under a text that differs on every face is found on each), so the drawings a game
keeps (`layout/faces.RETAIN_MAX`) hold each distinct op once, not once a face. When that
table fills, the ops met again are carried into the next one: an op that many faces draw
afresh (a fact's label in a rules text) stays one object for the whole build, which the
memos kept by identity (the colour-vision look's, the fills', a set's common drawing) find.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from jinja2 import meta

from ...core.templating import BoundedSandbox
from ..art.shapes import Geometry
from ..boxtypes import draws_content
from ..context import called, plain_value, render_value
from ..ops import Ellipse, Group, Icon, Image, Note, Op, Text
from ..resolved import Box, Layout
from ..safety.ground import clipped, fills, meeting
from ..safety.measures import FaceCheck, marks
from ..text import continued
from ..text.fit import Paragraphs
from ..text.splits import Splits

if TYPE_CHECKING:
    from ...core.issues import Issue
    from ..language.load import LayoutSet


class Painter(Protocol):
    """The painter as the memo sees it (`painter.Painter`, which holds the memo: named here as
    a Protocol so the two modules do not import each other)."""

    layouts: LayoutSet
    env: Any
    issues: list[Issue]
    notes: list[Note]
    rendered: tuple[Box, dict[str, Any]] | None

    def box(self, lay: Layout, box: Box, ctx: dict[str, Any], geo: Geometry) -> list[Op]: ...

    def count(self, box: Box, ops: Sequence[Op]) -> None: ...


MEMO_MAX = 1024  # entries of each table before the one-off ones are dropped
AGAIN_MAX = 4096  # entries of boxes met again after a table dropped them (`_Table.again`)
GONE_MAX = 65536  # keys a table dropped, remembered by their hashes (`_Table`)
SHARED_MAX = 4096  # distinct ops (and tuples of notes) `share` keeps before starting again
UNKEPT = frozenset({"art"})  # box types that read the face's context themselves
PAINTLESS = frozenset({Text, Icon})  # ops that paint no area (`ground.fills` skips them)


T = TypeVar("T")
V = TypeVar("V")


def _is_template(value: Any) -> bool:
    return type(value) is str and ("{{" in value or "{%" in value)


class _Table(Generic[V]):
    """What the memo keeps by key (what a box drew, what its check found), bounded twice.
    A key goes first into `recent` (`MEMO_MAX` entries); when it fills, only the entries
    met again since it last filled stay: the boxes every face shares stay, the one-off
    ones (a card's own name) go. A box whose values recur further apart than that (a
    deck's rule texts, each on one card in a few thousand) would be dropped each time
    before it is met again, and drawn on every card: the hashes of the keys `recent`
    dropped are remembered (`GONE_MAX`), and a key met again after it was dropped is
    kept in `again` (`AGAIN_MAX` entries), which a one-off box never reaches. A table
    whose keys grow from another's (the checks, from the boxes drawn) is told which of
    its two a key goes to (`keep`'s `again`), and remembers no keys of its own."""

    def __init__(self) -> None:
        self.recent: dict[tuple[Any, ...], V] = {}
        self.again: dict[tuple[Any, ...], V] = {}
        self._gone: set[int] = set()
        self._used: set[tuple[Any, ...]] = set()  # keys met again since a table last filled
        self.hit_again = False  # whether `get` found its key in `again`

    def get(self, key: tuple[Any, ...]) -> V | None:
        hit = self.recent.get(key)
        self.hit_again = hit is None and bool(self.again)
        if self.hit_again:
            hit = self.again.get(key)
        if hit is not None:
            self._used.add(key)
        return hit

    def keep(self, key: tuple[Any, ...], value: V, again: bool | None = None) -> bool:
        """Keep `value` under `key`; whether it went into `again`."""
        told = again is not None
        if again is None:
            again = bool(self._gone) and hash(key) in self._gone
        table, bound = (self.again, AGAIN_MAX) if again else (self.recent, MEMO_MAX)
        if len(table) >= bound:
            kept = {k: v for k, v in table.items() if k in self._used}
            if len(kept) >= bound // 2:  # everything goes: the table starts again
                kept = {}
            if not again and not told:
                if len(self._gone) >= GONE_MAX:
                    self._gone.clear()
                self._gone.update(hash(k) for k in table if k not in kept)
            table.clear()
            table.update(kept)
            self._used.clear()
        table[key] = value
        return again


class BoxMemo:
    """The boxes of one game's faces, each drawn once (see the module's docstring).
    `draws` and `checks` count the boxes really drawn and checked (what the tests count)."""

    def __init__(self) -> None:
        # key -> (ops, notes, the layout and the box, whose ids the key holds, and what
        # its check found last: `Seen`)
        self.drawn: _Table[tuple[tuple[Op, ...], tuple[Note, ...], Any, Any, Seen]] = _Table()
        self.checked: _Table[tuple[tuple[Issue, ...], tuple[Note, ...]]] = _Table()
        self.last: tuple[Any, ...] | None = None  # the key of the box drawn last, if kept
        self.last_again = False  # whether it is kept in `drawn.again` (so are its checks)
        self.fresh = False  # whether the box drawn last was drawn afresh (`check`)
        self.seen: Seen | None = None  # the `Seen` of the box drawn last, if kept
        # the keys of boxes whose text continues: kept by the card's name too (`draw`)
        self.split: set[tuple[Any, ...]] = set()
        self._names: dict[int, tuple[Box, Reads | None]] = {}  # by box (`_reads`)
        self._shared: dict[Any, Any] = {}  # an op (a tuple of notes, ...) -> the equal one kept
        self._before: dict[Any, Any] = {}  # `_shared` as it was when it last filled (`_kept`)
        self._filled: dict[int, tuple[Op, tuple[Any, ...]]] = {}  # by op (`_fills`)
        # a frame's key (`_frame_shape`) -> the box and its findings
        self._frames: dict[tuple[Any, ...], tuple[Box, Any, tuple[Issue, ...], tuple[Note, ...]]]
        self._frames = {}
        # the words of each paragraph the game's text boxes fit, made once (`Painter.fit`)
        self.paragraphs = Paragraphs()
        # the continued texts of its faces, each read and split once (`Painter.splits`)
        self.splits = Splits()
        self.draws = 0
        self.checks = 0

    def draw(
        self, painter: Painter, lay: Layout, box: Box, ctx: dict[str, Any], geo: Geometry
    ) -> list[Op]:
        """The box's ops, as `painter.box` draws them; drawn only the first time what
        decides them is met in this build."""
        self.last, self.fresh, self.seen = None, False, None
        kind = box.get("type")
        part = kind == "text" and continued.may_hold_part(box, ctx)
        inputs = _inputs(self._reads(painter, box), ctx) if kind not in UNKEPT else None
        if part and inputs is not None:
            inputs = self._continued(painter, box, ctx, inputs)  # what else a part reads
        if kind in UNKEPT or (part and inputs is None):
            self.draws += 1
            return self.share(painter.box(lay, box, ctx, geo))
        rendered = None
        if inputs is not None:  # keyed by the plain values its templates read
            key: tuple[Any, ...] = (id(lay), id(box), geo, "reads", inputs)
        else:  # keyed by what its templates render to
            rendered = _rendered(painter, box, ctx)
            if rendered is None:
                self.draws += 1
                return self.share(painter.box(lay, box, ctx, geo))
            key = (id(lay), id(box), geo, "values", _values_key(rendered))
        if key in self.split:  # its text prints in parts, each marked with the card's name
            key = (*key, "name", ctx.get("name"))
        hit = self.drawn.get(key)
        if hit is not None and hit[2] is lay and hit[3] is box:
            painter.count(box, hit[0])  # drawn on this face too
            painter.notes.extend(hit[1])
            self.last, self.last_again = key, self.drawn.hit_again
            self.seen = hit[4]
            return list(hit[0])
        issues, notes = len(painter.issues), len(painter.notes)
        painter.rendered = (box, rendered) if rendered is not None else None
        try:
            ops = self.share(painter.box(lay, box, ctx, geo))
        finally:
            painter.rendered = None
        self.draws += 1
        if len(painter.issues) == issues:
            made = tuple(painter.notes[notes:])
            if part and key not in self.split and continued.parts_of(made) > 1:
                self.split.add(key)  # the same inputs split alike; the mark names the card
                key = (*key, "name", ctx.get("name"))
            self.seen = Seen()
            self.last_again = self.drawn.keep(key, (tuple(ops), made, lay, box, self.seen))
            self.last, self.fresh = key, True
        return ops

    def _continued(
        self, painter: Painter, box: Box, ctx: dict[str, Any], inputs: tuple[Any, ...]
    ) -> tuple[Any, ...] | None:
        """The inputs of a text box that may hold a part of text that continues: its own,
        those of the boxes it reads besides, and its part (`continued.read_with`); None
        when one of them cannot be told. The card's name, which the mark of a part
        prints, is added to the key of a box whose text turned out to continue (`split`)."""
        read = continued.read_with(painter.layouts, box, ctx)
        if read is None:
            return None
        others = tuple(_inputs(self._reads(painter, b), ctx) for b in read[0])
        if any(o is None for o in others):
            return None
        return (inputs, others, read[1])

    def check(
        self, painter: Painter, check: FaceCheck, box: Box, before: list[Op], drawn: list[Op]
    ) -> None:
        """`check(box, before, drawn)` (a face's print-safety check), run once for what
        decides a box's findings: for a frame its ops (and the face's geometry), for a
        box of content also the smallest type allowed and the fills painted before it
        that reach under what it draws (`ground.meets`). The findings are replayed on the
        faces after. A box drawn afresh (`fresh`: what decides its drawing is met for the
        first time, a card's own title) is checked as it is and no key is made for it: what
        it found waits in its drawing's entry (`Seen`) and is kept under its key only if
        the box is drawn from the memo again, so a box of one card costs its check alone.
        A box drawn from the memo over the very fills (the same objects, `_fills`) its
        entry last found its findings over finds them there, with no key made either."""
        key: tuple[Any, ...] | None = self.last
        content = draws_content(box.get("type"))
        seen = self.seen
        if key is None and drawn and not content:  # a frame drawn afresh (an art box's)
            self._frame(painter, check, box, before, drawn)
            return
        if key is None or seen is None or not drawn:
            check.catch_up(before, self._fills)  # the fills of the ops faces share kept
            self.checks += 1
            check(box, before, drawn)
            return
        if content or self.fresh:
            check.catch_up(before, self._fills)
        if self.fresh:
            found = self._run(check, painter, box, before, drawn)
            seen.extent = check.extent if content else None
            seen.last, seen.kept = (check.minimum, _under(check, seen.extent), found), False
            return
        if content and seen.extent is _UNMEASURED:
            seen.extent = _extent(box, drawn)
        under = _under(check, seen.extent) if content else ()
        last = seen.last
        if last is not None and last[0] == check.minimum and _same(last[1], under):
            _replay(painter, last[2])
            return
        if content:
            key = (key, check.minimum, _keyed(under))
        hit = self.checked.get(key)
        if hit is None and last is not None and not seen.kept:  # its check when drawn afresh
            first = (key[0], last[0], _keyed(last[1])) if content else key
            self.checked.keep(first, last[2], self.last_again)
            hit = last[2] if first == key else None
        if hit is None:
            hit = self._run(check, painter, box, before, drawn)
            self.checked.keep(key, hit, self.last_again)
        else:
            _replay(painter, hit)
        seen.last, seen.kept = (check.minimum, under, hit), True

    def _frame(
        self, painter: Painter, check: FaceCheck, box: Box, before: list[Op], drawn: list[Op]
    ) -> None:
        """The check of a frame drawn afresh (an art box's), kept by what it measures of
        the frame's ops (`_frame_shape`)."""
        key = (id(check.lay), id(box), check.geo, "frame", _frame_shape(drawn))
        framed = self._frames.get(key)
        if framed is not None and framed[0] is box and framed[1] is check.lay:
            _replay(painter, framed[2:])
            return
        made = self._run(check, painter, box, before, drawn)
        if len(self._frames) >= MEMO_MAX:
            self._frames.clear()
        self._frames[key] = (box, check.lay, *made)

    def _run(
        self, check: Any, painter: Any, box: Any, before: Any, drawn: Any
    ) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        """Run `check` once, counted; the findings and notes it added to `painter`."""
        issues, notes = len(painter.issues), len(painter.notes)
        self.checks += 1
        check(box, before, drawn)
        return tuple(painter.issues[issues:]), tuple(painter.notes[notes:])

    def _fills(self, ops: list[Op]) -> list[Any]:
        """`ground.fills(ops)`, each op's kept by the op (by identity, with the op, so
        an id is never reused): the ops the boxes of a game's faces share are the same
        objects on every face (`share`), each measured once. A group drawn in a clip path
        is kept as a `ground.Clipped`, measured only when a box of content lies within
        its clip (a placeholder's rays, turned on every card, are not measured while no
        text lies on the art); text and icons paint no area."""
        known = self._filled
        out: list[Any] = []
        for op in ops:
            if type(op) in PAINTLESS:
                continue
            hit = known.get(id(op))
            if hit is None or hit[0] is not op:
                if len(known) >= SHARED_MAX:
                    known.clear()
                lazy = clipped(op)
                hit = known[id(op)] = (op, (lazy,) if lazy is not None else tuple(fills((op,))))
            out += hit[1]
        return out

    def share(self, ops: list[Op]) -> list[Op]:
        """`ops`, each exchanged for the equal op met before (in this game's faces) when
        there is one. Equal ops draw the same: an op's fields are all it draws from, but
        an `Image`'s file path is not compared (its key is the file's content), and the
        path is what a drawing names: an image, and a group holding one, are exchanged
        only for one naming the same files."""
        return [self._one(op) for op in ops]

    def _one(self, op: Op) -> Op:
        if isinstance(op, Image):
            return self._kept((op, op.path))[0]
        if isinstance(op, Group) and any(isinstance(o, (Image, Group)) for o in op.ops):
            op = Group(tuple(map(self._one, op.ops)), op.clip, op.transform)
            return self._kept((op, _paths(op)))[0]
        found: Op | None = self._shared.get(op)
        if found is None:
            if isinstance(op, Group):  # its ops shared with the same ops drawn outside a group
                op = Group(tuple(map(self._one, op.ops)), op.clip, op.transform)
            found = self._kept(op, missed=True)  # (the group equals the one looked up)
        return found

    def _kept(self, value: T, missed: bool = False) -> T:
        """The value equal to `value` kept before, else `value`, kept from now on. When
        the table fills it becomes the one before (`_before`) and a new one starts: a
        value met again is found there and carried over, so the ops every face draws
        stay one object for the whole build while the one-off ones (a card's own title)
        go after two fillings. `missed`: the caller has just looked `value` up in the
        table and not found it there (an op is hashed afresh at each look-up)."""
        shared = self._shared
        found: T | None = None if missed else shared.get(value)
        if found is None:
            found = self._before.get(value)
            if found is None:
                found = value
            if len(shared) >= SHARED_MAX:
                self._before, self._shared = shared, {}
                shared = self._shared
            shared[found] = found
        return found

    def notes(self, notes: tuple[Note, ...]) -> tuple[Note, ...]:
        """A face's notes, as the equal tuple of notes of a face before when there is one
        (most faces of a layout find the same in the same boxes)."""
        return self._kept(notes)

    def findings(self, found: tuple[Issue, ...]) -> tuple[Issue, ...]:
        """A face's findings, as the equal tuple of a face before when there is one, and
        each finding the equal one found before: a box whose findings are not kept (its
        text differs on every face) finds the same thing on many faces, a contrast below
        the minimum, say, which each face would otherwise hold in a message of its own.
        `bad_input` is not compared in an `Issue`, so it is part of the key."""
        one = tuple(self._kept((i, i.bad_input))[0] for i in found)
        return self._kept((one, tuple(i.bad_input for i in one)))[0]

    def _reads(self, painter: Painter, box: Box) -> Reads | None:
        """The names of the context the box's templated keys read (`_names`), worked out
        once a box."""
        known = self._names.get(id(box))
        if known is None or known[0] is not box:
            known = self._names[id(box)] = (box, _names(painter, box))
        return known[1]


Extent = tuple[float, float, float, float]
_UNMEASURED = ("unmeasured",)


class Seen:
    """What the check of a box drawn alike (one entry of `BoxMemo.drawn`) found last:
    `extent`, the box around what it draws (`_extent`), and `last`, the smallest type
    allowed, the fills under it (`_under`: the objects themselves, compared by identity)
    and the findings and notes (`BoxMemo._run`); `kept` tells whether those are kept in
    `BoxMemo.checked` (not yet when the box was drawn afresh)."""

    __slots__ = ("extent", "last", "kept")

    def __init__(self) -> None:
        self.extent: Extent | None | tuple[str] = _UNMEASURED
        self.last: tuple[float, tuple[Any, ...], tuple[tuple[Any, ...], tuple[Any, ...]]] | None
        self.last = None
        self.kept = False


def _under(check: FaceCheck, extent: Any) -> tuple[Any, ...]:
    """The fills painted so far on the face that may show under `extent` (`ground.meets`;
    none under a box that draws no text or icon)."""
    if extent is None or extent is _UNMEASURED:
        return ()
    return tuple(meeting(check.under, extent))


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    """Whether two tuples hold the same objects, in order."""
    return len(a) == len(b) and all(x is y for x, y in zip(a, b))


def _keyed(under: tuple[Any, ...]) -> tuple[Any, ...]:
    """The fills under a box as a key of its findings holds them: what each paints, where."""
    return tuple((p.op, p.m, p.box) for p in under)


def _extent(box: Box, drawn: list[Op]) -> Extent | None:
    """The box around every text run, icon (and pip) a content box draws, as the
    print-safety check measures it (`FaceCheck.placement`); None when it draws none."""
    boxes = [m.box for m in marks(drawn)]
    if box.get("type") == "pips":
        boxes += [
            (e.cx - e.rx, e.cy - e.ry, e.cx + e.rx, e.cy + e.ry)
            for e in drawn
            if isinstance(e, Ellipse)
        ]
    if not boxes:
        return None
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def _frame_shape(ops: Sequence[Op]) -> tuple[Any, ...]:
    """What the print-safety check measures of a frame's ops (`measures.frame_points`):
    each op, but of a group that clips only its clip and transform (what it draws lies
    inside its clip). A placeholder's rays, turned on every card inside the same clip,
    measure alike."""
    out: list[Any] = []
    for op in ops:
        if isinstance(op, Group):
            out.append(
                ("clip", op.clip, op.transform)
                if op.clip
                else ("group", op.transform, _frame_shape(op.ops))
            )
        else:
            out.append(op)
    return tuple(out)


def _paths(group: Group) -> tuple[str, ...]:
    """The file paths of the images in a group, at any depth, in drawing order."""
    out: list[str] = []
    for op in group.ops:
        if isinstance(op, Image):
            out.append(op.path)
        elif isinstance(op, Group):
            out.extend(_paths(op))
    return tuple(out)


def _templates(painter: Painter, box: Box) -> list[str]:
    """The box's templated values: its own keys', else its style's."""
    values = box.values
    style = values.get("style")
    named = painter.layouts.styles.get(style, {}) if style else {}
    out: list[str] = []
    for key in (*values, *(k for k in named if k not in values)):
        value = values.get(key)
        if value is None:
            value = named.get(key)
        if _is_template(value):
            out.append(str(value))
    return out


# The names a box's templates read, sorted, and the names they call (None: they call a
# method too, which may change the value it is called on)
Reads = tuple[tuple[str, ...], frozenset[str] | None]


def _names(painter: Painter, box: Box) -> Reads | None:
    """Every name of the context the box's templates read (Jinja's undeclared variables),
    sorted, and what they call (`context.called`); None when one of them does not parse
    (it is rendered, and fails, as it is). Each text is read once by the environment
    (`BoundedSandbox.compiled`), which compiles it from that tree, and its names found once
    (boxes of many layouts share a text)."""
    found: set[str] = set()
    calls: set[str] | None = set()
    env = painter.env
    try:
        for text in _templates(painter, box):
            if isinstance(env, BoundedSandbox):
                found |= env.compiled("n", text)
                names = called(env, text)
                calls = calls | names if calls is not None and names is not None else None
            else:
                found |= meta.find_undeclared_variables(env.parse(text))
                calls = None
    except Exception:  # a template error of any kind: the drawing reports it
        return None
    return tuple(sorted(found)), frozenset(calls) if calls is not None else None


_ABSENT = ("absent",)


def _inputs(reads: Reads | None, ctx: dict[str, Any]) -> tuple[Any, ...] | None:
    """The values of the names a box reads in the context as a key (`plain_value`), when
    each is plain data: what a template prints from those depends on nothing else; None
    when one is anything else (a helper, an object): the box is then keyed by what its
    templates render to. A box whose templates call a method or a value of the context
    (which may change what it is given) is keyed this way by strings and numbers only."""
    if reads is None:
        return None
    names, calls = reads
    scalars = calls is None or any(name in ctx for name in calls)
    out: list[Any] = []
    for name in names:
        value = ctx.get(name, _ABSENT)
        if value is _ABSENT:
            out.append(_ABSENT)
            continue
        if scalars and type(value) not in SCALARS:
            return None
        got = plain_value(value)
        if got is None:
            return None
        out.append(got)
    return tuple(out)


SCALARS = frozenset({str, int, float, bool, type(None)})


def _rendered(painter: Painter, box: Box, ctx: dict[str, Any]) -> dict[str, Any] | None:
    """What each templated key of the box (its own, else its style's) renders to for this
    face; None when one of them fails (the box is then drawn as it is, and its problem
    reported by the drawing)."""
    values = box.values
    style = values.get("style")
    named = painter.layouts.styles.get(style, {}) if style else {}
    out: dict[str, Any] = {}
    for key in (*values, *(k for k in named if k not in values)):
        value = values.get(key)
        if value is None:
            value = named.get(key)
        if not _is_template(value):
            continue
        got, err = render_value(painter.env, value, ctx)
        if err is not None:
            return None
        out[key] = got
    return out


def _values_key(rendered: dict[str, Any]) -> tuple[Any, ...]:
    """The rendered values as a key: strings as they are, anything else by its type and its
    repr (so 1, 1.0 and True, which compare equal, are kept apart)."""
    return tuple(
        (k, v if type(v) is str else (type(v).__name__, repr(v))) for k, v in rendered.items()
    )


def _replay(painter: Any, found: tuple[Any, ...]) -> None:
    """Add findings and notes kept from a check (`BoxMemo._run`) to `painter`."""
    painter.issues.extend(found[0])
    painter.notes.extend(found[1])
