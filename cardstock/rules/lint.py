"""Colour-only distinctions, found from catalog data alone.

Whatever a game tells apart by colour must also be told apart by a symbol, so the cards
work printed in greyscale and for colour-blind players. A "colour-coded set" is:

- the icons one icon field takes across one component set (the six Realm symbols);
- the icons named inline (`:red:`) in one field of one component (the Ruling Die's faces);
- the values of a `color` field across one component set (each colour needs a symbol);
- the backs that share a title, subtitle and icon (only their colour would differ).

Within such a set, coloured icons must have pairwise distinct symbols.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from ..catalog.load import INLINE_ICON
from ..core.issues import Issue
from ..core.stage import Job

ADVICE = "give each its own symbol so the set reads in greyscale and for colour-blind players"


def colour_only(job: Job) -> list[Issue]:
    """Findings (errors) for every colour-only distinction in the catalog."""
    catalog: Any = job.catalog  # (read loosely: the checks below take what they find)
    game = catalog.game
    path = catalog.folder / "game.toml"
    shown = catalog.display(path)
    out: list[Issue] = []
    reported: set[tuple[str, ...]] = set()

    def at(*loc: Any) -> int | None:
        result: int | None = catalog.line(*loc)
        return result

    def check_icons(icons: set[str], context: str) -> None:
        by_symbol: dict[str, list[str]] = defaultdict(list)
        for name in sorted(icons):
            icon = game.icons.get(name)
            if icon is not None and icon.color:
                by_symbol[icon.symbol].append(name)
        for symbol, names in by_symbol.items():
            colours = sorted({game.icons[n].color.lower() for n in names})
            key = tuple(names)
            if len(names) < 2 or len(colours) < 2 or key in reported:
                continue
            reported.add(key)
            last = names[-1]
            out.append(
                Issue(
                    shown,
                    at("icons", last, "symbol"),
                    f"icons.{last}.symbol",
                    f"icons {', '.join(names)} ({context}) differ only by colour ({', '.join(colours)}): they share the symbol {symbol!r}; {ADVICE}",
                )
            )

    for index, s in enumerate(game.sets):
        fields = game.fields_of(s)
        members = [c for c in catalog.components if c.set == s.id]
        icon_fields = [k for k, spec in fields.items() if spec.type in ("icon", "icons")]
        for key in icon_fields:
            used: set[str] = set()
            for c in members:
                v = c.fields.get(key)
                used.update(v if isinstance(v, list) else ([v] if v else []))
            check_icons(used, f"field {key!r} of set {s.id!r}")
        for key, spec in fields.items():
            if spec.type not in ("text", "str", "list"):
                continue
            for c in members:
                v = c.fields.get(key)
                text = " ".join(map(str, v)) if isinstance(v, list) else (v or "")
                inline = set(INLINE_ICON.findall(str(text)))
                if len(inline) > 1:
                    check_icons(inline, f"{key} of {c.id}")
        for key, spec in fields.items():
            if spec.type != "color":
                continue
            colours = {str(c.fields.get(key)).lower() for c in members if c.fields.get(key)}
            if len(colours) < 2:
                continue
            if not icon_fields:
                out.append(
                    Issue(
                        shown,
                        at("sets", index, "fields", key) or at("sets", index),
                        f"sets[{index}].fields.{key}",
                        f"set {s.id!r} tells its components apart by the colour field {key!r} ({', '.join(sorted(colours))}) and has no icon field; add an icon field: {ADVICE}",
                    )
                )
                continue
            seen: dict[tuple[str, ...], tuple[str, Any]] = {}
            for c in members:
                colour = c.fields.get(key)
                if not colour:
                    continue
                symbols = []
                for f in icon_fields:
                    v = c.fields.get(f)
                    for name in v if isinstance(v, list) else ([v] if v else []):
                        if name in game.icons:
                            symbols.append(game.icons[name].symbol)
                sig = tuple(sorted(symbols))
                if sig in seen and seen[sig][0] != str(colour).lower():
                    other = seen[sig][1]
                    out.append(
                        Issue(
                            c.file,
                            c.line,
                            key,
                            f"{c.id} ({colour}) and {other.id} ({other.fields.get(key)}) differ only by colour: both show {', '.join(sig) or 'no symbol'}; {ADVICE}",
                        )
                    )
                else:
                    seen.setdefault(sig, (str(colour).lower(), c))

    used_backs = {s.back for s in game.sets if s.back}
    looks: dict[tuple[Any, ...], list[str]] = defaultdict(list)
    for name, back in game.backs.items():
        if name in used_backs:
            symbol = game.icons[back.icon].symbol if back.icon in game.icons else None
            looks[(back.title, back.subtitle, symbol, back.art)].append(name)
    for names in looks.values():
        colours = {game.backs[n].color.lower() for n in names}
        if len(names) > 1 and len(colours) > 1:
            last = names[-1]
            out.append(
                Issue(
                    shown,
                    at("backs", last, "color") or at("backs", last),
                    f"backs.{last}",
                    f"backs {', '.join(names)} differ only by colour ({', '.join(sorted(colours))}); give each its own title, subtitle or icon",
                )
            )
    return out
