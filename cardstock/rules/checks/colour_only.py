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
from typing import TYPE_CHECKING, Any

from ...catalog.load import INLINE_ICON
from ...core.issues import Issue
from ...core.stage import Job

if TYPE_CHECKING:
    from ...catalog.load import Catalog

ADVICE = "give each its own symbol so the set reads in greyscale and for colour-blind players"


def colour_only(job: Job) -> list[Issue]:
    """Findings (errors) for every colour-only distinction in the catalog."""
    check = _ColourCheck(job.catalog)
    for index, s in enumerate(check.game.sets):
        check.set_of_components(index, s)
    check.backs()
    return check.out


class _ColourCheck:
    """The colour-only findings of one catalog, gathered set by set, then the backs."""

    def __init__(self, catalog: Catalog):  # (read loosely: the checks take what they find)
        self.catalog = catalog
        self.game = catalog.game
        self.shown: str = catalog.display(catalog.folder / "game.toml")
        self.out: list[Issue] = []
        self.reported: set[tuple[str, ...]] = set()  # icon sets already found

    def at(self, *loc: Any) -> int | None:
        result: int | None = self.catalog.line(*loc)
        return result

    def set_of_components(self, index: int, s: Any) -> None:
        """One component set: its icon fields, the icons named inline in its texts, and
        its colour fields."""
        fields = self.game.fields_of(s)
        members = [c for c in self.catalog.components if c.set == s.id]
        icon_fields = [k for k, spec in fields.items() if spec.type in ("icon", "icons")]
        for key in icon_fields:
            used: set[str] = set()
            for c in members:
                v = c.fields.get(key)
                used.update(v if isinstance(v, list) else ([v] if v else []))
            self.icons(used, f"field {key!r} of set {s.id!r}")
        for key, spec in fields.items():
            if spec.type not in ("text", "str", "list"):
                continue
            for c in members:
                v = c.fields.get(key)
                text = " ".join(map(str, v)) if isinstance(v, list) else (v or "")
                inline = set(INLINE_ICON.findall(str(text)))
                if len(inline) > 1:
                    self.icons(inline, f"{key} of {c.id}")
        for key, spec in fields.items():
            if spec.type == "color":
                self.colour_field(index, s, key, members, icon_fields)

    def icons(self, icons: set[str], context: str) -> None:
        """Coloured icons of one colour-coded set that share a symbol."""
        icon_of = self.game.icons
        by_symbol: dict[str, list[str]] = defaultdict(list)
        for name in sorted(icons):
            icon = icon_of.get(name)
            if icon is not None and icon.color:
                by_symbol[icon.symbol or name].append(name)  # the load sets the id when unset
        for symbol, names in by_symbol.items():
            colours = sorted({(icon_of[n].color or "").lower() for n in names})
            key = tuple(names)
            if len(names) < 2 or len(colours) < 2 or key in self.reported:
                continue
            self.reported.add(key)
            last = names[-1]
            self.out.append(
                Issue(
                    self.shown,
                    self.at("icons", last, "symbol"),
                    f"icons.{last}.symbol",
                    f"icons {', '.join(names)} ({context}) differ only by colour "
                    f"({', '.join(colours)}): they share the symbol {symbol!r}; {ADVICE}",
                )
            )

    def colour_field(
        self, index: int, s: Any, key: str, members: list[Any], icon_fields: list[str]
    ) -> None:
        """A set's colour field: a set with several colours needs an icon field, and two
        components of different colours must not show the same symbols."""
        colours = {str(c.fields.get(key)).lower() for c in members if c.fields.get(key)}
        if len(colours) < 2:
            return
        if not icon_fields:
            self.out.append(
                Issue(
                    self.shown,
                    self.at("sets", index, "fields", key) or self.at("sets", index),
                    f"sets[{index}].fields.{key}",
                    f"set {s.id!r} tells its components apart by the colour field {key!r} "
                    f"({', '.join(sorted(colours))}) and has no icon field; "
                    f"add an icon field: {ADVICE}",
                )
            )
            return
        seen: dict[tuple[str, ...], tuple[str, Any]] = {}
        for c in members:
            colour = c.fields.get(key)
            if not colour:
                continue
            symbols = []
            for f in icon_fields:
                v = c.fields.get(f)
                for name in v if isinstance(v, list) else ([v] if v else []):
                    if name in self.game.icons:
                        symbols.append(self.game.icons[name].symbol or name)
            sig = tuple(sorted(symbols))
            if sig in seen and seen[sig][0] != str(colour).lower():
                other = seen[sig][1]
                self.out.append(
                    Issue(
                        c.file,
                        c.line,
                        key,
                        f"{c.id} ({colour}) and {other.id} ({other.fields.get(key)}) differ "
                        f"only by colour: both show {', '.join(sig) or 'no symbol'}; {ADVICE}",
                    )
                )
            else:
                seen.setdefault(sig, (str(colour).lower(), c))

    def backs(self) -> None:
        """Backs in use that share a title, subtitle, icon and art: only colour differs."""
        game = self.game
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
                self.out.append(
                    Issue(
                        self.shown,
                        self.at("backs", last, "color") or self.at("backs", last),
                        f"backs.{last}",
                        f"backs {', '.join(names)} differ only by colour "
                        f"({', '.join(sorted(colours))}); give each its own title, subtitle "
                        "or icon",
                    )
                )
