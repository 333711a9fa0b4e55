"""The words a game prints that are not a component's fields: a back's title, a choice's
value, the cells of its `[tables]` and the words written in its layout files. Each is a
text of the game (`text.Text`) with its own key, so a language's `.po` file gives
it like any other:

| text | key |
|---|---|
| a back's title, subtitle | `back.<back>.title`, `back.<back>.subtitle` |
| a set's name, group | `set.<set>.name`, `set.<set>.group` (its `{field}` kept) |
| an icon's label | `icon.<icon>.label` |
| a designer's choice | `designer.<n>.topic`, `.choice`, `.reason` (numbered from 1) |
| a value of a `choice` field | `choice.<field>.<value>` |
| a table's title, note | `table.<table>.title`, `table.<table>.note` |
| a table's heading, cell | `table.<table>.<row>.<column>` (numbered from 1; row 0 is the heading) |
| a layout box's `text` | `layout.<layout>.<box>` (only a text with words outside `{{ }}`) |
| a field's label in a list of facts | `label.<field>` (`cardstock.layout.labels`) |
| a field's label the stats page quotes | `label.<field>` (`stats_labels`) |
| a rules.toml fact's value a template prints | `fact.<id>` (`translations.fact_texts`) |
| a setup step's words, a variant's name | `setup.<step>`, `setup.variant.<n>` (`setup_texts`) |
| a pile a setup picture names by its id | `setup.pile.<id>` (`setup_texts`) |

What the game does stays the source's: a table's cells are looked up by their source
words (`cell('limits', 'cards each player adds to a trick')`), a choice's value is compared
as the source writes it (`border == 'brass'`); only what is printed changes
(`printed_table`, `said`, `printed_group`). The layouts' words are read by the layout
room (`cardstock.layout.labels.layout_words`), which the catalog comes before. The words
the rulebook's own code writes (its cover, contents and component list) are cardstock's
own, not the game's: messages of cardstock's catalog (`cardstock.core.toolwords`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..core.patterns import fill
from .kinds import kind_said
from .text import Text

if TYPE_CHECKING:
    from .load import Catalog
    from .schema import Component
PREFIXES = (
    "back.",
    "set.",
    "choice.",
    "designer.",
    "table.",
    "layout.",
    "label.",
    "fact.",
    "icon.",
    "setup.",
)
DESIGNER = ("topic", "choice", "reason")
LABEL = "label."  # a field's label: label.<field>
# The fields the stats page sorts a deck by (a copy of `icons` counts once per icon) and
# those it spreads (`cardstock.rules.stats.decks`), and the built-in attributes it also sorts by
# when a deck's copies differ in them.
CATEGORICAL = ("choice", "bool", "icon", "icons")
NUMERIC = ("int", "number")
ATTRIBUTES = ("group",)


PILES_TABLE = "piles"  # `[tables.piles]`: a pile's id, then the name it is shown by


def pile_words(pile: str) -> str:
    """A pile's id in words, as a setup picture names a pile the game names nowhere else:
    "draw-pile" is "Draw pile"."""
    words = pile.replace("-", " ").replace("_", " ")
    return words[:1].upper() + words[1:]


def humanize(name: str) -> str:
    """A field's name made readable: `suit_icon` is "Suit icon"."""
    return name.replace("_", " ").replace("-", " ").strip().capitalize()


def field_label(catalog: Catalog, set_id: str, field: str) -> str:
    """A field's label as the language prints it: `label.<field>` of its translation, else
    the field's `label` in the game file, else its name made readable."""
    spec = catalog.field_specs(set_id).get(field)
    given = spec.label if spec is not None else None
    return catalog.wording.get(LABEL + field) or given or humanize(field)


def stats_labels(catalog: Catalog) -> list[Text]:
    """The label of each field the stats page quotes (`cardstock.site.stats`), once, in
    the order of the sets: a categorical or numeric field of a set with components, and a
    built-in attribute (`group`) where the set's components differ in it."""
    game_file = catalog.display(catalog.folder / "game.toml")
    out: dict[str, Text] = {}
    for n, s in enumerate(catalog.game.sets):
        comps = [c for c in catalog.components if c.set == s.id]
        if not comps:
            continue
        named: list[tuple[str, str | None, int | None]] = []
        for attr in ATTRIBUTES:
            if len({getattr(c, attr) for c in comps}) > 1:
                named.append((attr, None, catalog.line("sets", n, attr) or catalog.line("sets", n)))
        for key, spec in catalog.field_specs(s.id).items():
            if spec.type in CATEGORICAL + NUMERIC:
                line = catalog.line("sets", n, "fields", key) or catalog.line("sets", n)
                named.append((key, spec.label, line))
        for key, given, line in named:
            label = given or humanize(key)
            if LABEL + key not in out and has_words(label):
                out[LABEL + key] = Text(LABEL + key, label, game_file, line)
    return list(out.values())


def has_words(text: str) -> bool:
    """Whether a text has something to translate (not a bare number or symbol)."""
    return any(ch.isalpha() for ch in text)


def wording_texts(catalog: Catalog) -> list[Text]:
    """Every back, set name, choice value and table word of the game (its layouts' words
    the layout room gathers: `cardstock.layout.labels.layout_words`)."""
    return _game_words(catalog) + _table_words(catalog)


def _game_words(catalog: Catalog) -> list[Text]:
    """The words of the game file: backs, designer's choices, icon labels and sets."""
    game_file = catalog.display(catalog.folder / "game.toml")
    out: list[Text] = []
    for bid, back in catalog.game.backs.items():
        for name in ("title", "subtitle"):
            value = getattr(back, name)
            if isinstance(value, str) and has_words(value):
                line = catalog.line("backs", bid, name)
                out.append(Text(f"back.{bid}.{name}", value, game_file, line))
    for n, d in enumerate(catalog.game.designer_choices):
        for name in DESIGNER:
            value = getattr(d, name)
            if isinstance(value, str) and has_words(value):
                line = catalog.line("designer_choices", n, name)
                out.append(Text(f"designer.{n + 1}.{name}", value, game_file, line))
    for iid, icon in catalog.game.icons.items():
        if isinstance(icon.label, str) and has_words(icon.label):
            line = catalog.line("icons", iid, "label")
            out.append(Text(f"icon.{iid}.label", icon.label, game_file, line))
    return out + _set_words(catalog, game_file)


def _set_words(catalog: Catalog, game_file: str) -> list[Text]:
    """Each set's name, its one card's name and group, and the choices its fields offer
    (each choice once in the game)."""
    out: list[Text] = []
    seen: set[str] = set()
    for i, s in enumerate(catalog.game.sets):
        if has_words(s.name):
            out.append(Text(f"set.{s.id}.name", s.name, game_file, catalog.line("sets", i, "name")))
        if s.one is not None and has_words(s.one):
            out.append(Text(f"set.{s.id}.one", s.one, game_file, catalog.line("sets", i, "one")))
        if has_words(re.sub(r"\{[^{}]*\}", "", s.group)):
            line = catalog.line("sets", i, "group")
            out.append(Text(f"set.{s.id}.group", s.group, game_file, line))
        for field, spec in catalog.field_specs(s.id).items():
            for value in spec.choices or [] if spec.type == "choice" else []:
                key = f"choice.{field}.{value}"
                if key not in seen and has_words(value):
                    seen.add(key)
                    out.append(Text(key, value, game_file, catalog.line("sets", i)))
    return out


def _table_words(catalog: Catalog) -> list[Text]:
    game_file = catalog.display(catalog.folder / "game.toml")
    out: list[Text] = []
    for name, t in catalog.game.tables.items():
        line = catalog.line("tables", name)
        words = [("title", t.title), ("note", t.note)]
        words += [(f"0.{c + 1}", col) for c, col in enumerate(t.columns)]
        for r, row in enumerate(t.rows):
            words += [(f"{r + 1}.{c + 1}", cell) for c, cell in enumerate(row)]
        for where, value in words:
            if isinstance(value, str) and has_words(value):
                out.append(Text(f"table.{name}.{where}", value, game_file, line))
    return out


def worded_layouts(raw: dict[str, dict[str, Any]], wording: dict[str, str]) -> None:
    """Put a language's layout words (`layout.<layout>.<box>`) into merged layouts."""
    for key, text in wording.items():
        parts = key.split(".")
        if len(parts) == 3 and parts[0] == "layout":
            box = raw.get(parts[1], {}).get("boxes", {}).get(parts[2])
            if box is not None and "text" in box["values"]:
                box["values"]["text"] = text


def printed_table(name: str, table: dict[str, Any], wording: dict[str, str]) -> dict[str, Any]:
    """A `[tables.NAME]` (as a dict) as the language prints it: each word translated."""

    def said(where: str, value: Any) -> Any:
        return wording.get(f"table.{name}.{where}", value) if isinstance(value, str) else value

    return {
        **table,
        "title": said("title", table["title"]),
        "note": said("note", table.get("note")),
        "columns": [said(f"0.{c + 1}", v) for c, v in enumerate(table["columns"])],
        "rows": [
            [said(f"{r + 1}.{c + 1}", v) for c, v in enumerate(row)]
            for r, row in enumerate(table["rows"])
        ],
    }


def said(fields: dict[str, Any], wording: dict[str, str]) -> dict[str, Any]:
    """A component's fields as the language prints them: each choice's value translated
    (`choice.<field>.<value>`), every other field as it is."""
    return {
        k: wording.get(f"choice.{k}.{v}", v) if isinstance(v, str) else v for k, v in fields.items()
    }


def printed_group(catalog: Catalog, comp: Component) -> str:
    """A component's group as the language prints it: the set's `group` pattern translated
    (`set.<set>.group`; a pattern of fields alone, `{faction}`, as it is) and filled with
    the fields as the language prints them. The group
    itself (`comp.group`) stays the source's: templates and rules find components by it."""
    return group_said(catalog, comp, catalog.set(comp.set).group)


def group_said(catalog: Catalog, comp: Component, source: str) -> str:
    """`printed_group`, given the set's own `group` pattern (`source`)."""
    pattern = catalog.wording.get(f"set.{comp.set}.group")
    if pattern is None:
        if catalog.lang is None:
            return comp.group  # the source's own language
        # a pattern of fields alone (`{faction}`) has no words to translate, but its
        # values are said in the language as a worded pattern's are
        if has_words(re.sub(r"\{[^{}]*\}", "", source)):
            return comp.group  # not translated yet: the source's words, as it gives them
        pattern = source
    values = {"name": comp.name, "id": comp.id, **said(comp.fields, catalog.wording)}
    values = {k: ", ".join(map(str, v)) if isinstance(v, list) else v for k, v in values.items()}
    try:
        return fill(pattern, values)
    except (KeyError, IndexError, ValueError):  # a field the row leaves empty
        return comp.group


# ---------------------------------------------------------------- words the books' code writes
# cardstock's own messages (`cardstock/locale/cardstock.pot`), said through the catalog's
# `tool_words`: a game's translation need not give them (it may, `msgctxt "cardstock"`)

CONTENTS = "Contents"
RULES_TITLE = "{title} \u2014 Rules"
VERSION = "Rules · version {version}"
IN_THE_BOX = "In the box: {total}, {kinds}."
COMPONENTS = ("{n} component", "{n} components")
PLAYERS = ("For {n} player", "For {n} players")
PLAYERS_RANGE = "For {low} to {high} players"
# the numbers a rule template spells out (`spelt(3)`, "three"); a larger one is written in digits
NUMBER_WORDS = (
    "zero", "one", "two", "three", "four", "five", "six",
    "seven", "eight", "nine", "ten", "eleven", "twelve",
)  # fmt: skip


def book_word(catalog: Catalog, message: str, **values: Any) -> str:
    """`message` as the catalog's language prints it (`catalog.tool_words`), values filled."""
    return catalog.tool_words(message, **values)


def players_line(catalog: Catalog) -> str:
    """ "For 2 to 4 players", in the catalog's language."""
    p = catalog.game.players
    if p.min == p.max:
        return catalog.tool_words.count(*PLAYERS, p.min)
    return catalog.tool_words(PLAYERS_RANGE, low=p.min, high=p.max)


def components_line(catalog: Catalog, n: int) -> str:
    """ "40 components", in the catalog's language."""
    return catalog.tool_words.count(*COMPONENTS, n)


def said_count(catalog: Catalog, kind: str, n: int) -> str:
    """ "3 dice", the kind's count in the catalog's language."""
    return kind_said(catalog.tool_words, kind, n)
