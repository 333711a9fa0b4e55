"""Each component of a catalog resolved once into the record its faces print
(`printing.ComponentPrint`): its words as the language prints them (`printed`), what its
face templates see (`base_context` and its own names), its text fields rendered for each
side, its size in points, its QR code's text, a die's faces read as markup, a reference
card's quick-reference texts and the place of its deck back. What draws faces is handed
each component's record (`Records`) and gives it to the layout (`layout.faces.Faces.face`),
which reads its attributes: the catalog's and core's work on a component is done here, in
one pass, before the layout is entered, not one field at a time while a face is drawn. The
layout hands in its theme and its template environment: the catalog comes before the
layout and imports none of it.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from ..core.files import present
from ..core.issues import InputError, Issue
from ..core.markup import spans
from ..core.patterns import fill
from ..core.template_budget import spent
from ..core.templating import render
from ..core.units import UnitError, parse_size
from .context import table_cell
from .fields import slugify
from .printing import ComponentPrint, FieldText, Listed, Printed, QuickRef, SetPrint, SideText
from .ruletext import quickref_name_problem, quickref_template, render_quickref
from .wording import group_said, humanize, said

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from collections.abc import Set as AbstractSet

    from jinja2.sandbox import SandboxedEnvironment

    from .fields import FieldSpec
    from .load import Catalog
    from .schema import Component

SIDES = ("front", "back")
VERSION_DIGITS = 6  # the digits of a face's hash its version mark and QR code print
# stands in for the version digits while a QR code's text is filled (no pattern or value
# holds a NUL), as long as the digits, so the pattern's bound counts the same characters
_DIGITS = "\x00" * VERSION_DIGITS
_CARD = "\x01"  # stands in for a card's id in the game's code pattern, filled once
DIE_FACES = 6  # a die net's panels
FACES_FIELD = "faces"  # the field a die's faces are listed in
# the records `Records` keeps: what draws faces asks for one component's sides one after
# the other, so a few are enough, and a game of any size keeps no more
RECORDS_KEPT = 64
# a game of at most this many components whose faces are all kept keeps all its records
# (about 3.5 KB each, measured on the 2,000-card bench deck)
RECORDS_ALL_MAX = 20_000


class Records:
    """The records of one catalog's components (`resolve`), each resolved when it is
    asked for, with the layouts' `theme` and `env`. The last `kept` are kept (by default
    `RECORDS_KEPT`), by the component itself (a component met under another's id is
    resolved anew): a game whose faces are kept keeps its records too, so each stage
    reads them without resolving again; a bigger one never holds them all at once."""

    def __init__(
        self,
        catalog: Catalog,
        theme: dict[str, str],
        env: SandboxedEnvironment,
        kept: int = RECORDS_KEPT,
    ) -> None:
        self.catalog = catalog
        self.theme = theme
        self.env = env
        self.most = max(kept, 1)
        self._kept: dict[int, ComponentPrint] = {}

    def of(self, comp: Component) -> ComponentPrint:
        """The record of `comp`: resolved now, or kept from a moment ago."""
        found = self._kept.get(id(comp))
        if found is None or found.shown.component is not comp:
            found = resolve(self.catalog, comp, self.theme, self.env)
            if len(self._kept) >= self.most:
                del self._kept[next(iter(self._kept))]
            self._kept[id(comp)] = found
        return found

    def each(self, components: Iterable[Component] | None = None) -> Iterator[ComponentPrint]:
        """The records of `components` (the catalog's, when None), one at a time."""
        for comp in self.catalog.components if components is None else components:
            yield self.of(comp)


def printed(catalog: Catalog, comp: Component) -> Printed:
    """`comp` as its face prints it (`printing.Printed`), its set's part made once for
    the catalog (`set_prints`)."""
    of_set = set_prints(catalog)[comp.set]
    return Printed(
        comp,
        of_set,
        group_said(catalog, comp, of_set.set.group),
        said(comp.fields, catalog.wording),
        catalog.tool_words("yes"),
    )


def set_prints(catalog: Catalog) -> dict[str, SetPrint]:
    """Each set's `SetPrint`, made together when a face of the catalog is first printed
    (a game has a few sets) and kept with the catalog (`Catalog.prints`)."""
    sets = catalog.prints.sets
    if not sets:
        for s in catalog.game.sets:
            specs = catalog.field_specs(s.id)
            labels = {
                k: catalog.wording.get(f"label.{k}") or f.label or humanize(k)
                for k, f in specs.items()
            }
            stat_labels = {k: f.label or humanize(k) for k, f in specs.items()}
            sets[s.id] = SetPrint(s, specs, labels, stat_labels, frozenset(s.group_fields()))
    return sets


def base_context(catalog: Catalog, theme: dict[str, str]) -> dict[str, Any]:
    """What every face template of the game sees: the game's names, its icons, the
    layouts' theme and the `cell` helper."""
    g = catalog.game
    return {
        "game": {
            "id": g.id,
            "title": g.title,
            "version": g.version,
            "description": g.description,
            "qr": g.playtest.qr,
        },
        "icons": {
            k: {"id": k, "label": i.label, "symbol": i.symbol, "color": i.color}
            for k, i in g.icons.items()
        },
        "theme": dict(theme),
        "cell": table_cell(catalog),  # a table's word a face prints (`cell('hierarchy', …)`)
    }


def resolve(
    catalog: Catalog, comp: Component, theme: dict[str, str], env: SandboxedEnvironment
) -> ComponentPrint:
    """The record of everything `comp`'s faces print (`printing.ComponentPrint`); `theme`
    and `env` are the layouts' colours and template environment its texts render with."""
    shown = printed(catalog, comp)
    own: dict[str, Any] = {}
    own.update(comp.fields)
    own.update(
        name=comp.name,
        id=comp.id,
        group=comp.group,
        group_said=shown.group_said,  # what a player reads in the build's language
        count=comp.count,
        kind=comp.kind,
        set=comp.set,
        set_name=shown.of_set.set.name,
        fields=dict(comp.fields),
        said=dict(shown.said),  # choices as the language prints them
        # each field's label as the language prints it, for the words a face names a stat by
        labels=dict(shown.of_set.labels),
    )
    return ComponentPrint(
        shown,
        own,
        _sides(catalog, shown, own, theme, env),
        listed(catalog, shown),
        _size(comp.size),
        _code(catalog, comp),
        _die_faces(comp.fields.get(FACES_FIELD) or []),
        _quickrefs(catalog, comp) if comp.kind == "reference" else {},
        back_places(catalog).get(comp.back) if comp.back is not None else None,
    )


def listed(catalog: Catalog, shown: Printed) -> Listed:
    """What a generic layout lists of a component (`printing.Listed`)."""
    comp, specs = shown.component, shown.of_set.specs
    group_fields = shown.of_set.group_fields
    acc = accents(catalog, shown)
    coded = {i for i, _ in acc[:1] if i}
    return Listed(
        tuple(
            f
            for f in facts(catalog, shown, group_fields)
            if not (f["type"] == "icon" and f["value"] in coded)
        ),
        tuple(facts(catalog, shown, frozenset())),
        tuple(acc),
        _first_stat(comp, specs, shown.of_set.stat_labels, group_fields),
        # the picture the default layouts draw: the first art field that holds a file
        next(
            (
                comp.fields.get(k)
                for k, spec in specs.items()
                if spec.type == "art" and comp.fields.get(k)
            ),
            None,
        ),
    )


def _slug(text: str) -> str:
    return slugify(str(text))


def accents(catalog: Catalog, shown: Printed) -> list[tuple[str, str | None]]:
    """(icon id or "", colour) pairs a component is colour-coded by, most important first:
    colour fields, icon fields, then choice/str fields whose value names a declared icon."""
    game = catalog.game
    comp, specs = shown.component, shown.of_set.specs
    out: list[tuple[str, str | None]] = []
    first_icon = ""
    for key, spec in specs.items():
        v = comp.fields.get(key)
        if v is None:
            continue
        if spec.type == "icon":
            first_icon = first_icon or v
        elif spec.type == "icons" and v:
            first_icon = first_icon or v[0]
    for key, spec in specs.items():
        v = comp.fields.get(key)
        if v is not None and spec.type == "color":
            out.append((first_icon, v))
    for key, spec in specs.items():
        v = comp.fields.get(key)
        if v is None:
            continue
        ids = [v] if spec.type == "icon" else (list(v) if spec.type == "icons" else [])
        if spec.type in ("choice", "str") and _slug(v) in game.icons:
            ids = [_slug(v)]
        for icon_id in ids:
            icon = game.icons.get(icon_id)
            if icon is not None:
                out.append((icon_id, icon.color))
    return out


def facts(catalog: Catalog, shown: Printed, skip: AbstractSet[str]) -> list[dict[str, Any]]:
    """The fields a generic layout lists: label and display text (icons inline)."""
    comp, specs = shown.component, shown.of_set.specs
    out = []
    for key, spec in specs.items():
        if key in skip:
            continue
        v = comp.fields.get(key)
        if v is None or v is False or v == [] or spec.type in ("text", "art", "color", "list"):
            continue
        if (
            spec.default is not None
            and v == spec.default
            and spec.type in ("int", "number", "bool")
        ):
            continue  # an unchanged default (0 hostages, no bonus) is not worth printing
        # as the language prints it (`labels.label_texts`: `label.<field>`)
        label = shown.of_set.labels[key]
        if spec.type == "icon":
            text = f":{v}:"
        elif spec.type == "icons":
            text = " ".join(f":{i}:" for i in v)
        elif spec.type == "bool":
            text = shown.yes
        elif isinstance(v, float) and v.is_integer():
            text = str(int(v))
        elif spec.type == "choice":
            text = str(shown.said[key])
        else:
            text = str(v)
        icon = key.replace("_", "-") if key.replace("_", "-") in catalog.game.icons else None
        out.append(
            {"name": key, "label": label, "value": v, "text": text, "type": spec.type, "icon": icon}
        )
    return out


def _first_stat(
    comp: Component,
    specs: dict[str, FieldSpec],
    labels: dict[str, str],
    group_fields: AbstractSet[str],
) -> dict[str, Any] | None:
    """The component's first number field that does not name its group, for the `stat`
    the default layouts show (None when it has none)."""
    for key, spec in specs.items():
        v = comp.fields.get(key)
        if spec.type in ("int", "number") and v is not None and key not in group_fields:
            return {
                "name": key,
                "label": labels[key],
                "value": int(v) if float(v).is_integer() else v,
            }
    return None


def _sides(
    catalog: Catalog,
    shown: Printed,
    own: dict[str, Any],
    theme: dict[str, str],
    env: SandboxedEnvironment,
) -> dict[str, SideText]:
    """Each side's text fields: one record for both sides when no text is a template."""
    comp = shown.component
    templated = any(
        spec.type == "text" and isinstance(v, str) and ("{{" in v or "{%" in v)
        for key, spec in shown.of_set.specs.items()
        for v in (comp.fields.get(key),)
    )
    if not templated:
        texts = {
            key: FieldText(v)
            for key, spec in shown.of_set.specs.items()
            for v in (comp.fields.get(key),)
            if spec.type == "text" and isinstance(v, str)
        }
        alike = SideText(texts, ())
        return dict.fromkeys(SIDES, alike)
    # what a text's template sees: the component's names over the game's (`base_context`;
    # none of its own names is one of the game's, so only a field of the same name is hidden)
    ctx = {**own, **base_context(catalog, theme)}
    return {side: _side(shown, ctx, env, side, catalog.written_at) for side in SIDES}


def _side(
    shown: Printed,
    base: dict[str, Any],
    env: SandboxedEnvironment,
    side: str,
    written_at: dict[str, tuple[str, int]],
) -> SideText:
    """The text fields as `side` prints them: text fields are templates too ("ability
    text can use catalog values"), each seeing the ones before it as printed. A text a
    translation gives is reported where it was written (`written_at`: its `.po` entry)."""
    comp = shown.component
    ctx = dict(base)
    ctx["fields"] = dict(base["fields"])
    ctx["side"] = side
    texts: dict[str, FieldText] = {}
    problems: list[Issue] = []
    for key, spec in shown.of_set.specs.items():
        v = comp.fields.get(key)
        if spec.type == "text" and isinstance(v, str):
            if "{{" in v or "{%" in v:
                where = written_at.get(f"{comp.id}.{key}", (comp.file, comp.line))
                v = _render_text(v, ctx, where, key, env, problems)
            v = FieldText(v)
            ctx[key] = v
            ctx["fields"][key] = v
            texts[key] = v
    return SideText(texts, tuple(problems))


def _render_text(
    v: str,
    ctx: dict[str, Any],
    where: tuple[str, int | None],
    key: str,
    env: SandboxedEnvironment,
    issues: list[Issue],
) -> str:
    """A text field that is a template, rendered; what goes wrong goes to `issues` (bad
    input when it is an error) located at `where` (the file and line that write the
    text), and the text is then kept as it is written."""
    file, line = where
    try:
        out, issue = render(v, ctx, file=file, line=line, field=key, env=env)
    except InputError as exc:  # a breach of the sandbox or its bounds, already located
        if spent():  # every later text would be refused alike: reported once, here
            raise
        out, issue = v, exc.issues[0]
    except Exception as exc:  # the text's own arithmetic failed ({{ 1/0 }}), not a bug
        out, issue = (
            v,
            Issue(file, line, key, f"the text cannot be rendered ({type(exc).__name__}): {exc}"),
        )
    if issue is not None:  # a text that cannot be rendered is bad input
        issues.append(dataclasses.replace(issue, bad_input=issue.level == "error"))
    return out


def _size(text: str) -> tuple[float, float]:
    """The component's size in points; a size that does not parse (reported by the
    catalog's check) is drawn as a poker card."""
    try:
        return parse_size(text)
    except UnitError:
        return parse_size("poker")


def _code(catalog: Catalog, comp: Component) -> tuple[str, ...]:
    """What a card's QR code holds (the game's `[playtest] code` with the game, the card's
    id and its version filled in, URL-encoded in an https:// address), cut where the
    version's digits go: the face joins the pieces with its own digits."""
    pattern = catalog.game.playtest.code
    card = quote(comp.id, safe="") if pattern.startswith("https://") else comp.id
    return tuple(code_pattern(catalog).replace(_CARD, card).split(_DIGITS))


def code_pattern(catalog: Catalog) -> str:
    """The game's `[playtest] code` filled once for the catalog (`Catalog.prints`): the
    game's id in place, a mark where each card's id goes and one where its digits go."""
    prints = catalog.prints
    if prints.code is None:
        pattern = catalog.game.playtest.code
        game = catalog.game.id
        if pattern.startswith("https://"):
            game = quote(game, safe="")
        prints.code = fill(pattern, {"game": game, "card": _CARD, "version": _DIGITS})
    return prints.code


def face_parts(text: str) -> dict[str, Any]:
    """What a die net's panel prints of one face: the face as written, its words, its
    icons and its number (a face of digits alone)."""
    sp = spans(text)
    icons = [s.icon for s in sp if s.icon]
    label = " ".join("".join(s.text for s in sp if s.icon is None).split())
    number = int(label) if re.fullmatch(r"-?\d+", label) and not icons else None
    return {"face": text, "face_text": label, "face_icons": icons, "face_number": number}


def _die_faces(values: Any) -> tuple[dict[str, Any], ...] | None:
    """The parts of a die's six faces (`face_parts`), an empty face for each one missing;
    None when the field is empty or holds anything but texts (six empty faces)."""
    if not values or not isinstance(values, (list, tuple, str)):
        return None
    if not all(isinstance(v, str) for v in values):
        return None
    return tuple(face_parts(v) for v in (list(values) + [""] * DIE_FACES)[:DIE_FACES])


def _quickrefs(catalog: Catalog, comp: Component) -> dict[str, QuickRef]:
    """A reference card's two sides, each rendered once (a breach of the sandbox's bounds
    kept, to be raised where the face is drawn)."""
    out = {}
    for side in SIDES:
        try:
            text, problems = _quickref(catalog, comp, side)
            out[side] = QuickRef(text, tuple(problems))
        except InputError as exc:
            out[side] = QuickRef("", (), exc)
    return out


def _quickref(catalog: Catalog, comp: Component, side: str) -> tuple[str, list[Issue]]:
    """A reference card side's text, rendered by the rulebook's renderer with its context
    so cards and booklets read the same."""
    key = "front" if side == "front" else "reverse"
    name = comp.fields.get(key)
    if not name:
        return "", [
            Issue(comp.file, comp.line, key, f"a reference card needs a '{key}' template name")
        ]
    problem = quickref_name_problem(str(name))
    if problem is not None:  # bad input, found where the face is drawn
        return "", [Issue(comp.file, comp.line, key, problem, bad_input=True)]
    path = quickref_template(catalog, str(name))
    if not present(path):
        return "", [
            Issue(comp.file, comp.line, key, f"no quick-reference template {catalog.display(path)}")
        ]
    text_out, problems = render_quickref(catalog, str(name))
    return (text_out or ""), list(problems)


def back_places(catalog: Catalog) -> dict[str, tuple[str, int | None]]:
    """Where the game file writes each deck back, found together when a face is first
    printed and kept with the catalog (`Catalog.prints`)."""
    backs = catalog.prints.backs
    if not backs and catalog.game.backs:
        game_file = catalog.display(catalog.folder / "game.toml")
        for back in catalog.game.backs:
            backs[back] = (game_file, catalog.line("backs", back))
    return backs
