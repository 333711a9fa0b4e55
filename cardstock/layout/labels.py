"""The labels a layout's generic list of facts prints (`Suit: Sun`, the `facts` and
`all_facts` of a layout's context), and those a box prints by name (`labels.mission`): each
a text of the game, `label.<field>`, so a language's `.po` file gives it like the words of
a layout box.

A label is the field's `label` in the game file, else its name made readable
(`suit_icon` → "Suit icon"). Only the fields a list of facts prints on some face are texts
(a layout that names `facts` or `all_facts` in a box's text, for a component it lays out),
and the fields a box names in `labels`, so a game whose layouts do neither has no label to
translate.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..catalog.resolve import facts, printed
from ..catalog.text import Text
from ..catalog.wording import has_words, humanize
from ..core.issues import Issue
from .faces import front_layout_name, own_back, reverse_layout_name
from .language.load import LayoutSet, box_texts, load_layouts, shared_files

if TYPE_CHECKING:
    from ..catalog.load import Catalog

KEY = "label."  # a label's key: label.<field>
_LISTS = re.compile(r"\b(?:all_)?facts\b")
_NAMES = re.compile(r"\blabels(?:\.(\w+)|\[\s*['\"]([\w-]+)['\"]\s*\])")  # labels.<field>


def layout_words(catalog: Catalog, issues: list[Issue]) -> list[Text]:
    """Every text of the game's layouts: each box's own words (`load.box_texts`) and
    each label a list of facts prints. What the translations read a game's layouts
    with (`catalog.translations.all_texts`)."""
    layouts = load_layouts(catalog.root, catalog.game.id, shared_files(catalog))
    issues.extend(i for i in layouts.issues if i.level == "error")  # a file that is not read
    return box_texts(layouts) + label_texts(catalog, layouts)


def label_texts(catalog: Catalog, layouts: LayoutSet) -> list[Text]:
    """The label of each field a list of facts prints or a box names (`labels.<field>`),
    once, in the order first listed."""
    lists: dict[str, bool] = {}
    names_of: dict[str, set[str]] = {}

    def texts(name: str) -> list[str]:
        lay = layouts.resolve(name)
        boxes = lay.boxes if lay is not None else []
        return [b.values["text"] for b in boxes if isinstance(b.values.get("text"), str)]

    def listing(name: str) -> bool:
        if name not in lists:
            lists[name] = any(_LISTS.search(t) for t in texts(name))
        return lists[name]

    def naming(name: str) -> set[str]:
        """The fields a layout's boxes print the label of (`labels.power`)."""
        if name not in names_of:
            names_of[name] = {a or b for t in texts(name) for a, b in _NAMES.findall(t)}
        return names_of[name]

    game_file = catalog.display(catalog.folder / "game.toml")
    where = {s.id: n for n, s in enumerate(catalog.game.sets)}
    out: dict[str, Text] = {}
    for comp in catalog.components:
        names = {front_layout_name(catalog, comp, layouts)}
        if own_back(catalog, comp):
            names.add(reverse_layout_name(catalog, comp, layouts))
        listed = any(listing(n) for n in names)
        named: set[str] = set().union(*(naming(n) for n in names))
        if not listed and not named:
            continue
        specs = catalog.field_specs(comp.set)
        shown = printed(catalog, comp) if listed else None
        keys = [f["name"] for f in facts(catalog, shown, frozenset())] if shown else []
        for key in keys + [k for k in specs if k in named]:
            label = specs[key].label or humanize(key)
            if KEY + key in out or not has_words(label):
                continue
            n = where[comp.set]
            line = catalog.line("sets", n, "fields", key) or catalog.line("sets", n)
            out[KEY + key] = Text(KEY + key, label, game_file, line)
    return list(out.values())
