"""Each component of a catalog resolved once into the record its faces print
(`printing.ComponentPrint`): its words as the language prints them (`printed`), what its
face templates see (`base_context` and its own names), its text fields rendered for each
side, its size in points, its QR code's text, a die's faces read as markup, a reference
card's quick-reference texts and the place of its deck back. The layout asks for a
component's record once (`layout.faces.Faces.record`) and reads its attributes, so the
catalog's and core's work on a component is done here, in one pass, not one field at a
time while a face is drawn. The layout hands in its theme and its template environment:
the catalog comes before the layout and imports none of it.
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
from ..core.templating import render
from ..core.units import UnitError, parse_size
from .context import table_cell
from .printing import ComponentPrint, FieldText, Printed, QuickRef, SetPrint, SideText
from .ruletext import quickref_name_problem, quickref_template, render_quickref
from .wording import humanize, printed_group, said

if TYPE_CHECKING:
    from jinja2.sandbox import SandboxedEnvironment

    from .load import Catalog
    from .schema import Component

SIDES = ("front", "back")
VERSION_DIGITS = 6  # the digits of a face's hash its version mark and QR code print
# stands in for the version digits while a QR code's text is filled (no pattern or value
# holds a NUL), as long as the digits, so the pattern's bound counts the same characters
_DIGITS = "\x00" * VERSION_DIGITS
DIE_FACES = 6  # a die net's panels
FACES_FIELD = "faces"  # the field a die's faces are listed in


def printed(catalog: Catalog, comp: Component) -> Printed:
    """`comp` as its face prints it (`printing.Printed`), its set's part made once for
    the catalog."""
    of_set = catalog.prints.sets.get(comp.set)
    if of_set is None:
        of_set = catalog.prints.sets[comp.set] = _set_print(catalog, comp.set)
    return Printed(
        comp,
        of_set,
        printed_group(catalog, comp),
        said(comp.fields, catalog.wording),
        catalog.tool_words("yes"),
    )


def _set_print(catalog: Catalog, set_id: str) -> SetPrint:
    s = catalog.set(set_id)
    specs = catalog.field_specs(set_id)
    labels = {
        k: catalog.wording.get(f"label.{k}") or f.label or humanize(k) for k, f in specs.items()
    }
    stat_labels = {k: f.label or humanize(k) for k, f in specs.items()}
    return SetPrint(s, specs, labels, stat_labels, frozenset(s.group_fields()))


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
    ctx: dict[str, Any] = {}
    ctx.update(comp.fields)
    ctx.update(base_context(catalog, theme))
    ctx.update(
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
        ctx,
        _sides(shown, ctx, env),
        _size(comp.size),
        _code(catalog, comp),
        _die_faces(comp.fields.get(FACES_FIELD) or []),
        _quickrefs(catalog, comp) if comp.kind == "reference" else {},
        _back_at(catalog, comp.back),
    )


def _sides(shown: Printed, ctx: dict[str, Any], env: SandboxedEnvironment) -> dict[str, SideText]:
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
    return {side: _side(shown, ctx, env, side) for side in SIDES}


def _side(shown: Printed, base: dict[str, Any], env: SandboxedEnvironment, side: str) -> SideText:
    """The text fields as `side` prints them: text fields are templates too ("ability
    text can use catalog values"), each seeing the ones before it as printed."""
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
                v = _render_text(v, ctx, comp, key, env, problems)
            v = FieldText(v)
            ctx[key] = v
            ctx["fields"][key] = v
            texts[key] = v
    return SideText(texts, tuple(problems))


def _render_text(
    v: str,
    ctx: dict[str, Any],
    comp: Component,
    key: str,
    env: SandboxedEnvironment,
    issues: list[Issue],
) -> str:
    """A text field that is a template, rendered; what goes wrong goes to `issues` (bad
    input when it is an error), and the text is then kept as it is written."""
    try:
        out, issue = render(v, ctx, file=comp.file, line=comp.line, field=key, env=env)
    except InputError as exc:  # a breach of the sandbox or its bounds, already located
        out, issue = v, exc.issues[0]
    except Exception as exc:  # the text's own arithmetic failed ({{ 1/0 }}), not a bug
        out, issue = (
            v,
            Issue(
                comp.file,
                comp.line,
                key,
                f"the text cannot be rendered ({type(exc).__name__}): {exc}",
            ),
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
    template = catalog.game.playtest.code
    names = {"game": catalog.game.id, "card": comp.id}
    if template.startswith("https://"):
        names = {k: quote(v, safe="") for k, v in names.items()}
    return tuple(fill(template, {**names, "version": _DIGITS}).split(_DIGITS))


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
    None when the field holds anything but texts."""
    if not isinstance(values, (list, tuple, str)) or not all(isinstance(v, str) for v in values):
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


def _back_at(catalog: Catalog, back: str | None) -> tuple[str, int | None] | None:
    """Where the game file writes the component's deck back (None: it has none there)."""
    if back is None or back not in catalog.game.backs:
        return None
    return catalog.display(catalog.folder / "game.toml"), catalog.line("backs", back)
