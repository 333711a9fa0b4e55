"""The printed texts no check reads, by file and key, and those the designer declares their
own (`own_texts`, one line each in rules.toml).

Every text of game.toml and of the game's faces.toml that a player reads is read by some
check, or it is listed on one report line ("Texts a player reads"), so what the checker
cannot vouch for is in plain view:

- `sets[i].name`, `.description`, `.rows`: `distinct-names`, `prose-counts`,
  `prose-words`, `card-texts`;
- `tables.NAME.rows`, `.note`: `prose-words` (every cell), `prose-counts`, the facts that
  name the table;
- `tables.NAME.title`: a `names` fact whose `caption` is the table;
- `tables.NAME.columns[j]`: a fact that names the table and that column (`column`,
  `columns`);
- `designer_choices[i].topic`, `.choice`: `prose-counts`, `prose-words`, `names` facts;
- `backs.NAME.title`, `.subtitle`: `backs`, `prose-words`;
- `icons.NAME.label`, `.symbol`: `icon-names`;
- `description`: `prose-words`;
- faces.toml `layouts.L.boxes.B.text`: a `face_shows` fact of that layout and box, or a
  rule fact's `{ file, key }` place; a text that types no word outside its tags prints
  fields, read where they are.
- a number a rule template computes (`reading.computed.computations`, listed as
  "TEMPLATE computes NAME", the template named from the game's layouts folder and NAME the
  `{% set %}`'s name or the expression printed): a `value` fact's `template` place.

The game's `title` is read by no check. A text the designer declares their own is a
pattern of `own_texts` (`"game.toml tables.*.title"`: the file, a space, a key pattern,
`*` any part of a key, as `[provenance]` writes them); a pattern that matches no text is
listed too, as stale.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..player_texts import toml_values
from ..reading.computed import computations

if TYPE_CHECKING:
    from ...catalog.load import Catalog

GAME_KEYS = [
    "title",
    "description",
    "sets.*.name",
    "sets.*.description",
    "tables.*.title",
    "tables.*.columns",
    "tables.*.note",
    "designer_choices.*.topic",
    "designer_choices.*.choice",
    "backs.*.title",
    "backs.*.subtitle",
    "icons.*.label",
    "icons.*.symbol",
]
FACE_KEYS = ["layouts.*.boxes.*.text"]
# game.toml keys whose every text a check reads (see the module's table)
ALWAYS = re.compile(
    r"^(description|sets\[\d+\]\.(name|description)|tables\.[^.]+\.note"
    r"|designer_choices\[\d+\]\.(topic|choice)|backs\.[^.]+\.(title|subtitle)"
    r"|icons\.[^.]+\.(label|symbol))$"
)


def _named(data: Any, keys: tuple[str, ...]) -> Iterator[tuple[str, Any]]:
    """Every (key, value) of `keys` anywhere in a fact's parameters, walked as dumped."""
    if isinstance(data, dict):
        for k, v in data.items():
            if k in keys:
                yield k, v
            yield from _named(v, keys)
    elif isinstance(data, list):
        for v in data:
            yield from _named(v, keys)


def _readers(catalog: Catalog) -> tuple[set[str], set[tuple[str, str]], set[str], set[str]]:
    """What the rules file's facts read: the tables named as captions, the (table, column)
    pairs named, and the faces.toml keys (`layouts.L.boxes.B.text`) and the numbers a
    template computes ("TEMPLATE computes NAME") their places name."""
    captions: set[str] = set()
    columns: set[tuple[str, str]] = set()
    faces: set[str] = set()
    computed: set[str] = set()
    rules = catalog.rules
    for loc in rules.facts if rules is not None else []:
        fact = loc.rule
        dumped = fact.model_dump() if hasattr(fact, "model_dump") else {}
        caption = dumped.get("caption")
        if isinstance(caption, str):
            captions.add(caption)
        if dumped.get("kind") == "face_shows":
            faces.add(f"layouts.{dumped.get('layout')}.boxes.{dumped.get('box')}.text")
        for place in _places(dumped):
            table = place.get("table")
            if isinstance(table, str):
                for _k, v in _named(place, ("column", "columns", "strongest_column")):
                    for c in v if isinstance(v, (list, dict)) else [v]:
                        columns.add((table, str(c).lower()))
                    if isinstance(v, dict):
                        columns |= {(table, str(x).lower()) for x in v.values()}
            if place.get("file") == "faces.toml" and isinstance(place.get("key"), str):
                faces.add(place["key"])
            if isinstance(place.get("template"), str) and isinstance(place.get("computes"), str):
                what = " ".join(place["computes"].split())
                computed.add(f"{place['template']} computes {what}")
    return captions, columns, faces, computed


def _places(dumped: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The fact itself and every table of its parameters that names a table, a file or a
    template."""
    if "table" in dumped or "file" in dumped:
        yield dumped
    stack: list[Any] = [v for v in dumped.values()]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if "table" in v or "file" in v or "template" in v:
                yield v
            stack += list(v.values())
        elif isinstance(v, list):
            stack += v


def _matches(pattern: str, file: str, key: str) -> bool:
    """Does an `own_texts` pattern ("FILE KEY", `*` any part of a key) name the text?"""
    p_file, _, p_key = pattern.partition(" ")
    if p_file != file:
        return False
    rx = "^" + ".*".join(re.escape(part) for part in p_key.strip().split("*")) + "$"
    return re.match(rx, key) is not None


def printed_texts(catalog: Catalog) -> list[tuple[str, str]]:
    """(file, key) of every text of game.toml and faces.toml this module lists, and of
    every number a rule template computes ("quickref/dice.md.j2", "computes pack")."""
    out = [
        ("game.toml", key)
        for key, _v, _line in toml_values(
            catalog.folder / "game.toml",
            catalog.display(catalog.folder / "game.toml"),
            catalog.root,
            GAME_KEYS,
        )
    ]
    faces = catalog.root / "layouts" / catalog.id / "faces.toml"
    if faces.is_file():
        out += [
            ("faces.toml", key)
            for key, value, _line in toml_values(
                faces, catalog.display(faces), catalog.root, FACE_KEYS
            )
            if _typed_words(value)
        ]
    out += [(template, f"computes {what}") for template, what in computations(catalog)]
    return out


def _typed_words(template: str) -> bool:
    """Does a box's text type words of its own (outside its tags, icon codes aside)? One
    that only renders fields prints what the checks of those fields read."""
    bare = re.sub(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}|:[\w-]+:", " ", template, flags=re.S)
    return re.search(r"[^\W\d_]", bare) is not None


def unread(catalog: Catalog) -> tuple[list[str], list[str], list[str]]:
    """(the texts no check reads and no `own_texts` pattern declares, those declared, the
    patterns that declare nothing), each text as "FILE KEY"."""
    captions, columns, faces, computed = _readers(catalog)
    tables = catalog.game.tables
    left: list[tuple[str, str]] = []
    for file, key in printed_texts(catalog):
        if key.startswith("computes "):
            if f"{file} {key}" not in computed:
                left.append((file, key))
            continue
        if file == "faces.toml":
            if key not in faces:
                left.append((file, key))
            continue
        if ALWAYS.match(key):
            continue
        m = re.match(r"^tables\.([^.]+)\.(title|columns\[(\d+)\])$", key)
        if m and m.group(2) == "title" and m.group(1) in captions:
            continue
        if m and m.group(3) is not None:
            t = tables.get(m.group(1))
            j = int(m.group(3))
            if t is not None and j < len(t.columns):
                if (m.group(1), str(t.columns[j]).lower()) in columns:
                    continue
        left.append((file, key))
    own = list(catalog.rules.own_texts) if catalog.rules is not None else []
    declared = [f"{f} {k}" for f, k in left if any(_matches(p, f, k) for p in own)]
    undeclared = [f"{f} {k}" for f, k in left if not any(_matches(p, f, k) for p in own)]
    stale = [p for p in own if not any(_matches(p, f, k) for f, k in left)]
    return undeclared, declared, stale


__all__ = ["printed_texts", "unread"]
