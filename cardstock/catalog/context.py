"""The context every rule template sees (rulebooks and quick-reference cards alike).

Counts and names are typed once, in the catalog; templates read them from here. Helpers
that are asked for something the catalog does not have raise Jinja2's `UndefinedError`,
so a typo in a template is reported as an Issue (see `cardstock.core.templating.render`)
instead of printing a blank or a wrong number.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from jinja2.exceptions import UndefinedError

from ..core.localized import collated, number, percent, plural_words, source_words
from .kinds import kind_word
from .load import Catalog
from .wording import NUMBER_WORDS, printed_group, printed_table, said


def _known(what: str, values: Iterable[Any]) -> str:
    shown = sorted({str(v) for v in values})
    if len(shown) > 12:
        shown = shown[:12] + [f"… ({len(shown) - 12} more)"]
    return f"no {what}; the catalog has: {', '.join(shown) or 'none'}"


def spelt_number(catalog: Catalog, n: float) -> str:
    """`n` spelt out in the catalog's language ("three", "trois"), from cardstock's own
    words; a number past the words (13 and more) in digits, as the language writes them."""
    if isinstance(n, float) and n.is_integer():
        n = int(n)
    if isinstance(n, int) and not isinstance(n, bool) and 0 <= n < len(NUMBER_WORDS):
        return catalog.tool_words(NUMBER_WORDS[n])
    return number(n, catalog.lang or catalog.game.language, 0)


class Spelt:
    """`spelt(3)` (or `spelt[3]`, as a template's own list of words was read): a number in
    words in the build's language ("three", "trois"), from cardstock's own catalog."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    def __call__(self, n: float) -> str:
        return spelt_number(self.catalog, n)

    def __getitem__(self, n: float) -> str:
        return spelt_number(self.catalog, n)


class Found(list[Any]):
    """What `select()` found: a list whose missing items are reported in words (Jinja's own
    message would be "list object has no element 0")."""

    def __init__(self, items: Iterable[Any], asked: str) -> None:
        super().__init__(items)
        self.asked = asked

    def __getitem__(self, index: Any) -> Any:
        try:
            return super().__getitem__(index)
        except IndexError:
            found = f"only {len(self)}" if self else "none"
            number = index + 1 if isinstance(index, int) and index >= 0 else index
            raise UndefinedError(
                f"{self.asked} asks for face number {number}, but the catalog has {found}"
            ) from None


def _dump(value: Any) -> Any:
    if value is None:
        return None
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        return dump(by_alias=True)
    return value


def markup_cell(value: Any) -> str:
    """One table cell as markup text: no line breaks, no column bars."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return " ".join(str(value).replace("|", "/").split())


def markup_table(columns: list[Any], rows: list[list[Any]]) -> str:
    """Columns and rows → the `| a | b |` block markup (the first row is the header)."""
    lines = ["| " + " | ".join(markup_cell(c) for c in columns) + " |"]
    lines.append("|" + "|".join("---" for _ in columns) + "|")
    for row in rows:
        lines.append("| " + " | ".join(markup_cell(c) for c in row) + " |")
    return "\n".join(lines)


def template_context(catalog: Catalog) -> dict[str, Any]:
    """Names and helpers for rulebook and quick-reference templates.

    - `game`: the game file as a dict (`game.title`, `game.players.min`, …)
    - `players`: `{min, max, counts}` where `counts` lists every allowed player count
    - `tables`: the game's `[tables.*]` as dicts; `table(name)` renders one as markup
    - `components`: the public dicts of every distinct face (as `build.py catalog --json`)
    - `totals`: `{all, by_kind, by_group}`
    - `groups`: `[{group, set, kind, count, faces}]` in catalog order
    - `sets`: `[{id, name, kind, count, faces, description}]` in catalog order
    - `designer_choices` (each with its `key`, the source topic), `icons` (id → {label,
      symbol, color}), `rules` (or None)
    - `count(group=, kind=, id=, set=)`, `component(id)`, `select(...)` (list of dicts),
      `cell(table, row, column)` → one value of a table, `setup_step(do, to=, source=)`
      → a step of the rules' setup procedure as a dict, `fact(id)` and `example(id)` → a
      checked fact and a recomputed example of play from rules.toml,
      `icon(name)` → `:name:`, `kinds(n, kind)` → "3 dice", `plural(n, one, many)`,
      `see(title)` → a heading's words (a rulebook adds its page),
      `said(component, field)` → a choice field's value as the language prints it,
      `spelt(n)` → a number in words in the language ("three"; 13 and more in digits),
      `group_of(component)` → its group as the language prints it (`set.<set>.group`)
    """
    game = catalog.game
    comps = [c.public() for c in catalog.components]
    source = {name: t.model_dump() for name, t in game.tables.items()}
    tables = {name: printed_table(name, t, catalog.wording) for name, t in source.items()}
    found = _component_helpers(catalog, comps)
    shown = _table_helpers(source, tables)
    rules = _rules_helpers(catalog, comps)
    words = _word_helpers(catalog)
    return {
        "game": game.model_dump(by_alias=True),
        "players": {
            "min": game.players.min,
            "max": game.players.max,
            "counts": list(range(game.players.min, game.players.max + 1)),
        },
        "tables": tables,
        "components": comps,
        "totals": catalog.totals(),
        "groups": _groups(comps),
        "sets": _sets(catalog, comps),
        "designer_choices": _designer_choices(catalog),
        "icons": {k: v.model_dump() for k, v in game.icons.items()},
        "rules": _dump(getattr(catalog, "rules", None)),
        "count": found["count"],
        "select": found["select"],
        "component": found["component"],
        "table": shown["table"],
        "cell": shown["cell"],
        "setup_step": rules["setup_step"],
        "fact": rules["fact"],
        "example": rules["example"],
        "icon": words["icon"],
        "kinds": words["kinds"],
        "plural": words["plural"],
        "said": words["said"],
        "group_of": words["group_of"],
        "see": words["see"],
        "spelt": Spelt(catalog),
        **_language_helpers(catalog),
        **_reading_helpers(catalog.lang or catalog.game.language),
    }


def _designer_choices(catalog: Catalog) -> list[dict[str, Any]]:
    """The designer's choices as printed in the catalog's language, each with its `key`:
    its topic as the game file writes it, the same in every language, so a template finds
    a choice by its source words as `cell` finds a table's row."""
    choices = catalog.game.designer_choices
    keys = catalog.source_topics or tuple(d.topic for d in choices)
    return [{**d.model_dump(), "key": key} for d, key in zip(choices, keys, strict=True)]


def _reading_helpers(lang: str) -> dict[str, Any]:
    """`number`, `percent` and `by_name`: a number written, and faces ordered, as a reader
    of the build's language expects (`core.localized`): "12.5%" and "12,5 %"."""

    def written(value: float, digits: int = 0) -> str:
        return number(value, lang, digits)

    def share(value: float, digits: int = 0) -> str:
        return percent(value, lang, digits)

    def by_name(faces: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
        return collated(faces, lambda face: str(face["name"]), lang)

    return {"number": written, "percent": share, "by_name": by_name}


def _language_helpers(catalog: Catalog) -> dict[str, Any]:
    """`gettext`, `_` and `ngettext` in a game's other language: the words its templates
    mark (`{% trans %}`) as that language gives them (`catalog.words`), else as written.
    A sentence said of a count (`ngettext`, `{% pluralize %}`) takes the form the
    translation's plural entry gives for that count (`core.localized.plural_words`).
    In the game's own language the environment's `gettext` (which prints what is written)
    serves, and `ngettext` takes the singular for the counts that language says in the
    singular (0 and 1 in French, 1 in English)."""
    source = catalog.game.language
    if catalog.lang is None:
        said = source_words(source)

        def counted_source(singular: str, plural: str, n: int, **values: Any) -> str:
            return said(singular, plural, n) % {"num": n, **values}

        return {"ngettext": counted_source}
    given = catalog.words
    counted = plural_words(catalog.lang, catalog.plurals, catalog.plural_forms, source)

    def gettext(message: str, **values: Any) -> str:
        return str(given.get(message) or message) % values

    def ngettext(singular: str, plural: str, n: int, **values: Any) -> str:
        # the translation's form for n (its Plural-Forms), else the source's words
        return counted(singular, plural, n) % {"num": n, **values}

    return {"gettext": gettext, "_": gettext, "ngettext": ngettext}


def _component_helpers(catalog: Catalog, comps: list[dict[str, Any]]) -> dict[str, Any]:
    """`count`, `select` and `component`: the catalog's faces looked up by their filters;
    a filter value the catalog does not have is an error, not an empty answer."""
    by_id = {c["id"]: c for c in comps}
    filters = {
        "group": {c["group"] for c in comps},
        "kind": {c["kind"] for c in comps},
        "id": set(by_id),
        "set": {s.id for s in catalog.game.sets},
    }

    def _match(**match: str | None) -> list[dict[str, Any]]:
        for key, value in match.items():
            if value is not None and value not in filters[key]:
                raise UndefinedError(_known(f"{key} {value!r}", filters[key]))
        return [c for c in comps if all(v is None or c[k] == v for k, v in match.items())]

    def count(
        group: str | None = None,
        kind: str | None = None,
        id: str | None = None,
        set: str | None = None,
    ) -> int:
        """Physical copies matching every filter given (all components when none is)."""
        return sum(c["count"] for c in _match(group=group, kind=kind, id=id, set=set))

    def select(
        group: str | None = None,
        kind: str | None = None,
        id: str | None = None,
        set: str | None = None,
    ) -> list[dict[str, Any]]:
        """The distinct faces matching every filter, in catalog order."""
        asked = ", ".join(
            f"{k}={v!r}"
            for k, v in (("group", group), ("kind", kind), ("id", id), ("set", set))
            if v is not None
        )
        return Found(_match(group=group, kind=kind, id=id, set=set), f"select({asked})")

    def component(id: str) -> dict[str, Any]:
        if id not in by_id:
            raise UndefinedError(_known(f"component with id {id!r}", by_id))
        return by_id[id]

    return {"count": count, "select": select, "component": component}


def _table_helpers(
    source: dict[str, dict[str, Any]], tables: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """`table` and `cell`: the game's `[tables.*]` as markup, or one value of one, as the
    language prints them (`tables`); a column or row is found by its `source` words."""

    def table(
        name: str, title: bool = False, note: bool = True, columns: list[str] | None = None
    ) -> str:
        """A `[tables.NAME]` as markup: optional bold title line, the table (all columns, or
        only those named, in the order named), its note."""
        if name not in tables:
            raise UndefinedError(_known(f"table {name!r}", tables))
        t = tables[name]
        index = list(range(len(t["columns"])))
        if columns is not None:
            names = [str(c).lower() for c in source[name]["columns"]]
            index = []
            for col in columns:
                if str(col).lower() not in names:
                    raise UndefinedError(_known(f"column {col!r} in table {name!r}", t["columns"]))
                index.append(names.index(str(col).lower()))
        parts = []
        if title:
            parts.append(f"**{t['title']}**\n")
        parts.append(
            markup_table(
                [t["columns"][i] for i in index], [[row[i] for i in index] for row in t["rows"]]
            )
        )
        if note and t.get("note"):
            parts.append(f"\n> {t['note']}")
        return "\n".join(parts)

    def cell(name: str, row: Any, column: str | None = None) -> Any:
        """One value of a `[tables.NAME]`: the row whose first cell is `row` (compared as
        text, ignoring case), in `column` (default: the last column)."""
        if name not in tables:
            raise UndefinedError(_known(f"table {name!r}", tables))
        t = source[name]
        col = len(t["columns"]) - 1
        if column is not None:
            names = [str(c).lower() for c in t["columns"]]
            if str(column).lower() not in names:
                raise UndefinedError(_known(f"column {column!r} in table {name!r}", t["columns"]))
            col = names.index(str(column).lower())
        for i, r in enumerate(t["rows"]):
            if str(r[0]).strip().lower() == str(row).strip().lower():
                value = tables[name]["rows"][i][col]
                return int(value) if isinstance(value, float) and value.is_integer() else value
        raise UndefinedError(_known(f"row {row!r} in table {name!r}", [r[0] for r in t["rows"]]))

    return {"table": table, "cell": cell}


def table_cell(catalog: Catalog) -> Any:
    """`cell(table, row, column)` for a face's templates, as rulebook templates have it: one
    value of a `[tables.*]` as the language prints it, found by its source words. The
    tables are read when a template first asks, not for a face that never does."""
    helper: list[Any] = []

    def cell(name: str, row: Any, column: str | None = None) -> Any:
        if not helper:
            source = {n: t.model_dump() for n, t in catalog.game.tables.items()}
            tables = {n: printed_table(n, t, catalog.wording) for n, t in source.items()}
            helper.append(_table_helpers(source, tables)["cell"])
        return helper[0](name, row, column)

    return cell


def _rules_helpers(catalog: Catalog, comps: list[dict[str, Any]]) -> dict[str, Any]:
    """`setup_step`, `fact` and `example`: what rules.toml says, as the checker proves it."""
    rules = getattr(catalog, "rules", None)
    return {
        "setup_step": _setup_step_helper(rules),
        **_fact_helpers(catalog, rules, {c["id"]: c for c in comps}),
    }


def _setup_step_helper(rules: Any) -> Any:
    """`setup_step`: one step of the rules' setup procedure, found by what it does."""
    steps = list(getattr(getattr(rules, "setup", None), "steps", None) or [])

    def setup_step(
        do: str, to: str | None = None, source: str | None = None, nth: int = 1
    ) -> dict[str, Any]:
        """The `nth` step of the rules' setup procedure (rules.toml) doing `do` (deal, draw,
        give, choose, …), optionally into pile `to` / from pile `source`, as a dict
        (`setup_step('deal', to='hand').count`). The numbers the checker proves."""
        found = []
        for step in steps:
            d = step.model_dump(by_alias=True) if hasattr(step, "model_dump") else dict(step)
            if (
                d.get("do") == do
                and (to is None or d.get("to") == to)
                and (source is None or d.get("from") == source)
            ):
                found.append(d)
        if len(found) < nth:
            if rules is None:
                raise UndefinedError("the game has no rules.toml, so its setup steps are unknown")
            known = [f"{getattr(s, 'do', '?')} to {getattr(s, 'to', '-')}" for s in steps]
            raise UndefinedError(
                _known(
                    f"setup step {do!r}"
                    + (f" to {to!r}" if to else "")
                    + (f" from {source!r}" if source else "")
                    + (f" (number {nth})" if nth > 1 else ""),
                    known,
                )
            )
        return found[nth - 1]

    return setup_step


def _fact_helpers(catalog: Catalog, rules: Any, by_id: dict[str, Any]) -> dict[str, Any]:
    """`fact` and `example`: rules.toml's checked facts and recomputed examples by id."""
    game = catalog.game
    facts = {loc.rule.id: loc.rule for loc in getattr(rules, "facts", None) or [] if loc.rule.id}
    examples = {loc.rule.id: loc.rule for loc in getattr(rules, "examples", None) or []}

    def fact(id: str) -> dict[str, Any]:
        """A `[[facts]]` entry of rules.toml by its id, as a dict; a card fact adds its
        `component` (as `component(id)` gives it). What the rulebook states, checked."""
        if id not in facts:
            raise UndefinedError(_known(f"fact {id!r} in rules.toml", facts))
        found: dict[str, Any] = facts[id].data(catalog.components, game)
        value = found.get("value")
        if isinstance(value, str):  # a rule word as the language prints it (`fact.<id>`)
            found["value"] = catalog.wording.get(f"fact.{id}", value)
        return found

    def example(id: str) -> dict[str, Any]:
        """An `[[examples]]` entry recomputed from the catalog: every claim's value by its
        id, `name`, and `cards` (name -> component dict, or a list of them)."""
        if id not in examples:
            raise UndefinedError(_known(f"example {id!r} in rules.toml", examples))
        ex = examples[id]
        values, problems, _used = ex.evaluate(catalog.components, game)
        if problems:
            raise UndefinedError(
                f"example {id!r} does not work out with this catalog: {problems[0].message}"
            )
        cards: dict[str, Any] = {}
        for name, ids in ex.cards.items():
            cards[name] = by_id[ids] if isinstance(ids, str) else [by_id[i] for i in ids]
        return {"id": ex.id, "name": ex.name, "cards": cards, **values}

    return {"fact": fact, "example": example}


def _word_helpers(catalog: Catalog) -> dict[str, Any]:
    """`icon`, `kinds` and `plural`: words a template writes around its numbers."""
    icons = catalog.game.icons

    def icon(name: str) -> str:
        if name not in icons:
            raise UndefinedError(_known(f"icon {name!r}", icons))
        return f":{name}:"

    def kinds(n: int, kind: str) -> str:
        return f"{n} {kind_word(kind, n)}"

    def plural(n: int, one: str, many: str | None = None) -> str:
        return f"{n} {one if n == 1 else (many or one + 's')}"

    def said_of(component: dict[str, Any], field: str) -> Any:
        fields = component.get("fields", {})
        if field not in fields:
            raise UndefinedError(_known(f"field {field!r} in {component.get('id')!r}", fields))
        return said(fields, catalog.wording)[field]

    by_id = {c.id: c for c in catalog.components}

    def group_of(component: dict[str, Any]) -> str:
        found = by_id.get(str(component.get("id")))
        if found is None:
            raise UndefinedError(_known(f"component with id {component.get('id')!r}", by_id))
        return printed_group(catalog, found)

    def see(title: str) -> str:
        # a heading referred to: its words here (a card, the rules check); a rulebook adds
        # the page it is on (`books.content.rulebook_context`)
        if not isinstance(title, str) or not title.strip():
            raise UndefinedError("see() needs the words of one of the rulebook's headings")
        return " ".join(title.split())

    return {
        "icon": icon,
        "kinds": kinds,
        "plural": plural,
        "said": said_of,
        "group_of": group_of,
        "see": see,
    }


def _groups(comps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Runs of faces of one group and set, in catalog order, with their copies and faces."""
    groups: list[dict[str, Any]] = []
    for c in comps:
        if not groups or groups[-1]["group"] != c["group"] or groups[-1]["set"] != c["set"]:
            groups.append(
                {"group": c["group"], "set": c["set"], "kind": c["kind"], "count": 0, "faces": 0}
            )
        groups[-1]["count"] += c["count"]
        groups[-1]["faces"] += 1
    return groups


def _sets(catalog: Catalog, comps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each set of the game with its copies and distinct faces, in catalog order."""
    sets = []
    for s in catalog.game.sets:
        mine = [c for c in comps if c["set"] == s.id]
        count = sum(c["count"] for c in mine)
        sets.append(
            {
                "id": s.id,
                "name": s.name,
                # the name for its count, as a component list gives it (`one` for a single one)
                "listed": s.one if count == 1 and s.one else s.name,
                "kind": s.kind,
                "description": s.description,
                "count": count,
                "faces": len(mine),
            }
        )
    return sets
