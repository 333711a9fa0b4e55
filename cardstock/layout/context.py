"""What layout templates see: a component's record (`catalog.printing.ComponentPrint`,
its fields, words and texts as the catalog resolved them) with the game's icons, the
theme and the colour helpers, rendered in the sandbox (undefined names are errors,
reported as Issues)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from jinja2 import TemplateError, nodes
from jinja2.sandbox import SandboxedEnvironment

from ..catalog.fields import COLOR_PATTERN
from ..catalog.printing import ComponentPrint, FieldText
from ..catalog.resolve import VERSION_DIGITS, base_context, resolve
from ..catalog.schema import Component
from ..core.colors import named_color
from ..core.issues import Issue
from ..core.templating import BoundedSandbox, environment, finalize, template_message

if TYPE_CHECKING:
    from ..catalog.load import Catalog

COLOR = re.compile(COLOR_PATTERN)


# ---------------------------------------------------------------- colours


def _rgb(color: str) -> tuple[int, int, int]:
    c = str(named_color(color)).strip().lstrip("#")
    if len(c) != 6:
        raise ValueError(f"expected a colour '#rrggbb', got {color!r}")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def _hex(rgb: Iterable[float]) -> str:
    return "#" + "".join(f"{max(0, min(255, round(v))):02x}" for v in rgb)


def mix(a: str, b: str, t: float = 0.5) -> str:
    """Blend colour a toward colour b by t (0 → a, 1 → b)."""
    if type(a) is str and type(b) is str and type(t) in (float, int):
        return _mix(a, b, t)
    return _mix.__wrapped__(a, b, t)


# The print-safety check blends and measures the same few colours on every face: results
# for plain string (and number) arguments are remembered; anything else a template passes
# is worked out as it comes, so it fails with the same message.
@lru_cache(maxsize=4096)
def _mix(a: str, b: str, t: float) -> str:
    ra, rb = _rgb(a), _rgb(b)
    return _hex(tuple(x + (y - x) * float(t) for x, y in zip(ra, rb)))


def tint(color: str, t: float = 0.5) -> str:
    """Lighten toward white by t."""
    return mix(color, "#ffffff", t)


def shade(color: str, t: float = 0.5) -> str:
    """Darken toward black by t."""
    return mix(color, "#000000", t)


def luminance(color: str) -> float:
    """The WCAG 2 relative luminance of a colour, 0 to 1."""

    def lin(c: float) -> float:
        c /= 255.0
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = _rgb(color)
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def readable(color: str, dark: str = "#1f1f24", light: str = "#ffffff") -> str:
    """The one of `dark` and `light` that reads better on `color`."""
    lum = luminance(color)
    contrast_light = 1.05 / (lum + 0.05)
    contrast_dark = (lum + 0.05) / (luminance(dark) + 0.05)
    return light if contrast_light >= contrast_dark else dark


def contrast(a: str, b: str) -> float:
    """The WCAG 2 contrast ratio of two colours, 1 to 21."""
    if type(a) is str and type(b) is str:
        return _contrast(a, b)
    return _contrast.__wrapped__(a, b)


@lru_cache(maxsize=4096)
def _contrast(a: str, b: str) -> float:
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def legible(ink: str, under: str, ratio: float = 4.6) -> str:
    """`ink` darkened (or lightened) by the least that makes it stand out `ratio`:1 from
    `under`: the ink's own way first (darker on a light ground), else the other way; the
    better of black and white when neither gets there. Keeps a colour's hue as far as it can."""
    if contrast(ink, under) >= ratio:
        return ink
    lighter = luminance(ink) > luminance(under)
    for toward in ("#ffffff", "#000000") if lighter else ("#000000", "#ffffff"):
        for step in range(1, 101):
            candidate = mix(ink, toward, step / 100)
            if contrast(candidate, under) >= ratio:
                return candidate
    return readable(under, "#000000", "#ffffff")


HELPERS = {
    "mix": mix,
    "tint": tint,
    "shade": shade,
    "readable": readable,
    "luminance": luminance,
    "contrast": contrast,
    "legible": legible,
}


def _blank_none(value: Any) -> Any:
    """An empty field prints nothing, never "None"; anything else goes through the
    sandbox's own finalize, which refuses to print a function's or an object's repr."""
    return "" if value is None else finalize(value)


_LAYOUT: BoundedSandbox | None = None


def make_env() -> BoundedSandbox:
    """The environment layout values are rendered with (the colour helpers, an empty field
    printed as nothing): one for the process, so a layout's texts, compiled for the first
    face, stay compiled for every face and every later build of a `--watch` process."""
    global _LAYOUT
    if _LAYOUT is None:
        _LAYOUT = environment(**HELPERS)
        _LAYOUT.finalize = _blank_none
    return _LAYOUT


# ---------------------------------------------------------------- component context


PENDING_DIGEST = "0" * VERSION_DIGITS  # stands in for the face's hash while the rest is drawn


def version_mark(catalog: Catalog, digest: str = PENDING_DIGEST) -> str:
    """The mark a face prints: the game's version and the first digits of the hash of what
    the face draws (`version_mark.paint_marked` fills the digest in once the face's other ops
    exist)."""
    return f"v{catalog.game.version} \u00b7 {digest[:VERSION_DIGITS]}"


def version_code(shown: ComponentPrint, digest: str = PENDING_DIGEST) -> str:
    """What a card's QR code holds: the game's `[playtest] code` with the game, the card's
    id and its version filled in (the record's pieces, as `catalog.resolve` cuts them,
    joined by the version's digits)."""
    return digest[:VERSION_DIGITS].join(shown.code)


def component_context(
    catalog: Catalog, comp: Component, theme: dict[str, str], env: SandboxedEnvironment, side: str
) -> tuple[dict[str, Any], list[Issue]]:
    """The context a component's face templates see, with its text fields rendered (the
    component resolved here: `Faces` hands `face_context` the record it keeps)."""
    return face_context(catalog, resolve(catalog, comp, theme, env), theme, side)


def face_context(
    catalog: Catalog, record: ComponentPrint, theme: dict[str, str], side: str
) -> tuple[dict[str, Any], list[Issue]]:
    """The context one side of a component's face templates see, read from its record
    (`catalog.printing.ComponentPrint`): its texts as that side renders them, and what a
    generic layout lists of it (facts, accents, its first stat)."""
    shown = record.shown
    ctx = dict(record.context)
    ctx.update(base_context(catalog, theme))  # none of the component's own names is one of these
    ctx.update(
        fields=dict(ctx["fields"]),
        said=dict(shown.said),
        labels=dict(shown.of_set.labels),
        side=side,
    )
    printed_side = record.sides[side]
    texts: list[str] = []
    text_fields: list[str] = []
    for key, v in printed_side.texts.items():
        ctx[key] = v
        ctx["fields"][key] = v
        if v.strip():
            texts.append(v)
            text_fields.append(key)
    ctx["texts"] = texts
    ctx["text_fields"] = text_fields
    listed = record.listed
    acc = listed.accents
    ctx["facts"] = [dict(f) for f in listed.facts]
    ctx["all_facts"] = [dict(f) for f in listed.all_facts]
    ctx["accents"] = [{"icon": i or None, "color": c} for i, c in acc]
    colored = [(i, c) for i, c in acc if c]
    ctx["accent"] = colored[0][1] if colored else theme.get("accent", "#3d4250")
    ctx["accent_icon"] = next((i for i, _ in colored if i), None) or next(
        (i for i, _ in acc if i), None
    )
    ctx["stat"] = dict(listed.stat) if listed.stat is not None else None
    ctx["art_file"] = listed.art_file
    ctx["version_mark"] = version_mark(catalog)
    ctx["version_code"] = version_code(record)
    return ctx, list(printed_side.problems)


def back_context(catalog: Catalog, back_id: str, theme: dict[str, str]) -> dict[str, Any]:
    b = catalog.game.backs[back_id]
    ctx = base_context(catalog, theme)
    ctx.update(
        back={
            "id": back_id,
            "title": b.title,
            "subtitle": b.subtitle,
            "color": b.color,
            "icon": b.icon,
            "art": b.art,
        },
        side="back",
        name=b.title,
        id=f"back-{back_id}",
        accent=b.color,
        accent_icon=b.icon,
        accents=[{"icon": b.icon, "color": b.color}],
        texts=[],
        text_fields=[],
        facts=[],
        all_facts=[],
        stat=None,
        fields={},
        art_file=b.art,
        version_mark="",
        version_code="",  # a back many cards share names none of them
        back_version_mark=version_mark(catalog),  # backs print no mark unless a layout asks
    )
    return ctx


# ---------------------------------------------------------------- compiled templates

# a template that only prints one variable or one key of it, e.g. "{{ name }}", "{{ stat.value }}"
ONE_NAME = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)\s*\}\}\Z")
JINJA_CONSTANTS = frozenset({"true", "false", "none", "True", "False", "None"})
# values Jinja prints as str(value) (no autoescaping, no finalize)
PLAIN_TYPES = frozenset({str, int, float, bool, type(None)})


# a condition that tests one variable or one key of it: "name", "game.qr", "name is none",
# "stat is not none"
ONE_TEST = re.compile(
    r"\s*([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?(\s+is(\s+not)?\s+none)?\s*\Z"
)


_UNKNOWN = object()
_TESTED = frozenset({str, int, float, bool, type(None), FieldText, dict, list})


def _one_test(text: str, ctx: dict[str, Any]) -> Any:
    """What the condition `text` gives when it reads one variable of plain data, or one
    key of a dict variable (`game.qr`), alone or tested with `is none` / `is not none`:
    the value itself, or the test's answer, as Jinja gives them. `_UNKNOWN` for any other
    condition, or a name the context lacks (Jinja then evaluates it, and reports it)."""
    m = ONE_TEST.match(text)
    if m is None or m.group(1) in JINJA_CONSTANTS or m.group(1) not in ctx:
        return _UNKNOWN
    value = ctx[m.group(1)]
    if m.group(2) is not None:  # a key of a dict, which Jinja reads as an attribute
        if type(value) is not dict or hasattr(value, m.group(2)) or m.group(2) not in value:
            return _UNKNOWN
        value = value[m.group(2)]
    if type(value) not in _TESTED:
        return _UNKNOWN
    if m.group(3) is None:
        return value
    return (value is None) != bool(m.group(4))


def _evaluate(env: SandboxedEnvironment, kind: str, text: str, ctx: dict[str, Any]) -> Any:
    """Render a template ("t") or evaluate an expression ("e"); each text is compiled once
    per environment (`BoundedSandbox.compiled`: layouts repeat it for every face). A
    template that prints one variable, or a condition that tests one, reads the variable
    from the context when it holds plain data (what Jinja would print or test is then
    known without a template context)."""
    if kind == "e":
        found = _one_test(text, ctx)
        if found is not _UNKNOWN:
            return found
    if kind == "t":
        m = ONE_NAME.match(text)
        if m:  # "{{ name }}", "{{ stat.value }}": Jinja would print str(value)
            value = _one_test(m.group(1), ctx)
            if value is None and env.finalize is not None:
                return ""
            if type(value) in PLAIN_TYPES or type(value) is FieldText:
                return str(value)
    if not isinstance(env, BoundedSandbox):
        run: Any = env.from_string(text) if kind == "t" else env.compile_expression(text)
        return run.render(ctx) if kind == "t" else run(**ctx)
    key = _remembered_key(env, kind, text, ctx)
    if key is not None:
        found = _REMEMBERED.get(key, _UNKNOWN)
        if found is not _UNKNOWN:
            return found
    run = env.compiled(kind, text)
    out = run.render(ctx) if kind == "t" else run(**ctx)
    if key is not None and type(out) in PLAIN_TYPES:
        if len(_REMEMBERED) >= REMEMBERED_MAX:
            _REMEMBERED.clear()
        _REMEMBERED[key] = out
    return out


# What a template gave, by the environment, the text and the values of the names it reads
# (`plain_value`): a layout's templates read the same few values on many faces (a
# faction's colour, the fields' names), so each is rendered once for each.
REMEMBERED_MAX = 4096
_REMEMBERED: dict[tuple[Any, ...], Any] = {}


def _remembered_key(
    env: BoundedSandbox, kind: str, text: str, ctx: dict[str, Any]
) -> tuple[Any, ...] | None:
    """The key `_evaluate` remembers what `text` gave under: None when one of the names it
    reads holds anything but plain data (or the text does not parse: it is rendered, and
    fails, as it is)."""
    if kind != "t":
        return None  # a condition: evaluated each time
    try:
        names = env.compiled("n", text)
        calls = called(env, text)
    except Exception:  # a template error of any kind: the rendering reports it
        return None
    if calls is None or any(name in ctx for name in calls):
        return None  # it may change what it is given (`seen.append(1)`): rendered each time
    values: list[Any] = [env, kind, text]
    for name in sorted(names):
        if name not in ctx:
            values.append((name,))  # a global (a helper) or undefined: the same every time
            continue
        got = plain_value(ctx[name])
        if got is None:
            return None
        values.append((name, got))
    return tuple(values)


_CALLS: dict[str, frozenset[str] | None] = {}


def called(env: BoundedSandbox, text: str) -> frozenset[str] | None:
    """The names a template calls, when each call in it is of a name (a helper: `tint`);
    None when it calls anything else (a method, which may change what it is called on)."""
    if text not in _CALLS:
        calls = [c.node for c in env.compiled("p", text).find_all(nodes.Call)]
        if len(_CALLS) >= REMEMBERED_MAX:
            _CALLS.clear()
        _CALLS[text] = (
            frozenset(n.name for n in calls if isinstance(n, nodes.Name))
            if all(isinstance(n, nodes.Name) for n in calls)
            else None
        )
    return _CALLS[text]


def plain_value(value: Any) -> Any:
    """`value` as a key that stands for exactly what a template prints or tests from it: a
    string as it is, a number, boolean or None by its type and repr (1, 1.0 and True
    compare equal), a text field by its type and text, a dict, list or tuple of such values
    by its items (a component's `stat`, `facts` and `texts`). None for anything else (a
    helper, an object): what a template makes of it is not known from its value."""
    kind = type(value)
    if kind is str:
        return value
    if kind in _NUMBERS:
        return (kind.__name__, repr(value))
    if kind is FieldText:
        return ("FieldText", str.__str__(value))
    if kind is dict:
        items = []
        for k, v in value.items():
            got = plain_value(v)
            if type(k) is not str or got is None:
                return None
            items.append((k, got))
        return ("dict", tuple(items))
    if kind is list or kind is tuple:
        out = []
        for v in value:
            got = plain_value(v)
            if got is None:
                return None
            out.append(got)
        return (kind.__name__, tuple(out))
    return None


_NUMBERS = frozenset({int, float, bool, type(None)})


def render_value(
    env: SandboxedEnvironment, value: Any, ctx: dict[str, Any]
) -> tuple[Any, str | None]:
    """Render a layout value: strings with {{ }} or {% %} are templates, others are as-is.
    Returns (value, error message or None)."""
    if not isinstance(value, str) or ("{{" not in value and "{%" not in value):
        return value, None
    try:
        return _evaluate(env, "t", value, ctx), None
    except TemplateError as exc:
        return None, template_message(exc)
    except Exception as exc:  # a helper given a bad value (e.g. tint("red"))
        return None, f"the template failed: {exc}"


def eval_condition(
    env: SandboxedEnvironment, expr: str, ctx: dict[str, Any]
) -> tuple[bool, str | None]:
    try:
        return bool(_evaluate(env, "e", expr, ctx)), None
    except TemplateError as exc:
        return False, template_message(exc)
    except Exception as exc:
        return False, f"the condition failed: {exc}"
