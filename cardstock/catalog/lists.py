"""YAML and JSON tables: a list of rows (mappings), read one row at a time.

A row's nested mappings become dotted columns (`back.name`); a cell holds one value or a
list of values. A YAML file's aliases may make at most `MAX_YAML_NODES` values in all,
and lists may nest at most `MAX_DEPTH` deep (`cells`).

A YAML table longer than the rows asked for is found so by libyaml's events alone, and its
rows before the stop are composed from those events (`_rows_past`, `_libyaml_loader`):
PyYAML's pure-Python parser takes about 100 µs a row. Any other YAML table, and every
one when PyYAML has no libyaml, is read by the pure-Python parser, with the same result.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping
from typing import Any

from ..core.issues import Issues
from .cells import (
    MAX_DEPTH,
    Row,
    Table,
    clean_cell,
    control_problem,
    decoded_text,
    without_surrogates,
)

MAX_YAML_NODES = 1_000_000  # values a YAML file makes, each alias counted as what it repeats


def _too_many_values() -> str:
    return (
        f"its aliases make more than {MAX_YAML_NODES:,} values, cardstock's limit for one YAML file"
    )


def _yaml_problem(
    node: Any,
    sizes: dict[int, int] | None = None,
    depth: int = 1,
    known: Mapping[int, int] | None = None,
) -> str | None:
    """Why a composed YAML node is too large or too deep to read (an alias counted as all
    the values it repeats), or None: worked out once per node, before any value is made.
    `sizes` receives each node's values by its id; `known` has those of nodes counted
    before (the anchored nodes of a document's earlier rows, whose list is at depth 1)."""
    import yaml

    sizes = {} if sizes is None else sizes
    known = {} if known is None else known

    def size(child: Any) -> int:
        return sizes.get(id(child), known.get(id(child), 0))

    stack: list[tuple[Any, int, bool]] = [(node, depth, False)]
    while stack:
        current, depth, done = stack.pop()
        key = id(current)
        if done:
            sizes[key] = 1 + sum(size(c) for c in _yaml_children(current))
            if sizes[key] > MAX_YAML_NODES:
                return _too_many_values()
            continue
        if key in sizes or key in known:
            continue
        if not isinstance(current, (yaml.SequenceNode, yaml.MappingNode)):
            sizes[key] = 1
            continue
        if depth > MAX_DEPTH:
            return (
                f"its lists and mappings nest more than {MAX_DEPTH} deep, cardstock's limit "
                "for a table"
            )
        sizes[key] = 0  # in progress: a recursive alias counts nothing more
        stack.append((current, depth, True))
        stack.extend(
            (c, depth + 1, False)
            for c in _yaml_children(current)
            if id(c) not in sizes and id(c) not in known
        )
    return None


def _yaml_children(node: Any) -> list[Any]:
    """A list node's items, or a mapping node's keys and values."""
    import yaml

    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return [n for kv in node.value for n in kv]


class _Unfit(ValueError):
    """A value no cell can hold (the message says why)."""


def _scalar(value: Any, depth: int = 0) -> Any:
    """A YAML/JSON cell as the row models read it: scalars as text, lists as lists."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        raise _Unfit(
            "a cell holds one value or a list of values, not a list of mappings (or "
            f"mappings nested more than {MAX_NESTING} deep)"
        )
    if isinstance(value, list):
        if depth >= MAX_DEPTH:
            raise _Unfit(
                f"the cell's lists nest more than {MAX_DEPTH} deep, cardstock's limit for a table"
            )
        return [_scalar(v, depth + 1) for v in value]
    if value is None:
        return ""
    return clean_cell(value)


MAX_NESTING = 16  # levels of mappings inside a row


def _flat(item: dict[Any, Any], prefix: str = "", depth: int = 0) -> list[tuple[str, Any]]:
    """A row's keys, a nested mapping's as paths: `back: {name: …}` is the column
    `back.name` (which a set maps to a field: columns = { secret = "back.name" })."""
    out: list[tuple[str, Any]] = []
    for key, value in item.items():
        name = prefix + str(key).strip()
        if isinstance(value, dict) and value and depth < MAX_NESTING:
            out += _flat(value, name + ".", depth + 1)
        else:
            out.append((name, "" if isinstance(value, dict) and not value else value))
    return out


def _rows_from_items(
    display: str, items: list[tuple[int, Any]], issues: Issues, stopped: int | None = None
) -> Table | None:
    """A list of mappings, each with its line → a table; the header is every key in order
    of first appearance, located at the first row. A value no cell can hold is kept
    aside in the row's `unread`, for a reader of its column to report."""
    if not items:
        issues.add(display, None, "", "the table is empty: expected a list of rows")
        return None
    columns: list[str] = []
    rows: list[Row] = []
    for line, item in items:
        if not isinstance(item, dict):
            issues.add(
                display,
                line,
                "",
                f"expected a row of 'column: value' pairs, got {type(item).__name__}",
            )
            continue
        cells: dict[str, Any] = {}
        unread: dict[str, str] = {}
        for name, value in _flat(item):
            if name not in columns:
                columns.append(name)
            try:
                cell = _scalar(value)
            except _Unfit as exc:
                unread[name] = str(exc)
                continue
            for text in cell if isinstance(cell, list) else [cell]:
                problem = control_problem(str(text))
                if problem:
                    issues.add(display, line, name, problem)
                    cell = without_surrogates(cell)
            cells[name] = cell
        rows.append(Row(display, line, cells, unread or None))
    return Table(display, items[0][0], columns, rows, stopped)


def read_yaml(
    data: bytes,
    display: str,
    issues: Issues,
    max_rows: int | None = None,
    key: str | None = None,
) -> Table | None:
    """A YAML list of rows as a table; with `max_rows`, the read stops at the first row
    past it (see `Table.stopped`); with `key`, the list is the one under that key (a
    dotted path) of a document that holds more than the rows."""
    import yaml

    text = decoded_text(data, display, issues)
    if text is None:
        return None
    try:
        read = _yaml_rows(text, max_rows) if key is None else _yaml_keyed(text, key)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        issues.add(display, line, "", f"the YAML cannot be read: {exc.problem or exc.context}")
        return None
    except yaml.YAMLError as exc:
        issues.add(display, None, "", f"the YAML cannot be read: {exc}")
        return None
    if isinstance(read, str):
        issues.add(display, None, "", f"the YAML cannot be read: {read}")
        return None
    if isinstance(read, _Unkeyed):
        issues.add(display, read.line, "table_key", read.message)
        return None
    if isinstance(read, int) or read is None:
        hint = _keys_hint(yaml.safe_load(text)) if isinstance(read, int) else ""
        issues.add(
            display,
            read,
            "",
            "expected a list of rows, each a mapping such as '- name: Ember'" + hint,
        )
        return None
    items, stopped = read
    return _rows_from_items(display, items, issues, stopped)


class _Unkeyed:
    """A `table_key` the document does not have: where, and what it has instead."""

    def __init__(self, line: int | None, message: str) -> None:
        self.line, self.message = line, message


def _is_rows(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _keys_hint(data: Any) -> str:
    """For a document that is a mapping, the keys whose values look like rows, as the
    set's `table_key` would name them (one level down too: `data.cards`); nothing when
    none does."""
    if not isinstance(data, dict):
        return ""
    found = [str(k) for k, v in data.items() if _is_rows(v)]
    found += [
        f"{k}.{k2}"
        for k, v in data.items()
        if isinstance(v, dict)
        for k2, v2 in v.items()
        if _is_rows(v2)
    ]
    if not found:
        return ""
    return (
        f"; the file is a mapping, and its rows are under {', '.join(map(repr, found))}: "
        f'name the key in the set, table_key = "{found[0]}"'
    )


def _walk(data: Any, key: str) -> tuple[Any, str | None]:
    """The value under a dotted `key` of a document, or why there is none."""
    value = data
    for depth, part in enumerate(key.split(".")):
        if not isinstance(value, dict):
            where = ".".join(key.split(".")[:depth]) or "the document"
            return None, f"{where!r} is not a mapping, so it has no key {part!r}"
        if part not in value:
            has = ", ".join(repr(str(k)) for k in value) or "no keys"
            return None, f"no key {part!r} in the file; it has {has}"
        value = value[part]
    return value, None


def _yaml_keyed(text: str, key: str) -> _YamlRead | _Unkeyed:
    """The rows under `key` of a YAML document read whole (bounded first, as any other
    document that is not a plain list is)."""
    import yaml

    node = yaml.compose(text, Loader=yaml.SafeLoader)
    problem = _yaml_problem(node) if node is not None else None
    if problem is not None:
        return problem
    if node is None:
        return None
    data = yaml.safe_load(text)
    value, missing = _walk(data, key)
    if missing is not None:
        return _Unkeyed(node.start_mark.line + 1, missing)
    for part in key.split("."):  # the same path through the nodes, for each row's line
        node = next(v for k, v in node.value if k.value == part)
    if not isinstance(node, yaml.SequenceNode) or not isinstance(value, list):
        return _Unkeyed(node.start_mark.line + 1, f"the value of {key!r} is not a list of rows")
    return [(child.start_mark.line + 1, v) for child, v in zip(node.value, value)], None


# What reading a YAML table found: its rows (line, value) and where the read stopped; a
# problem (too large or deep); or the line where a document that is not a list starts
# (None: no document at all).
_YamlRead = tuple[list[tuple[int, Any]], int | None] | str | int | None


def _yaml_rows(text: str, max_rows: int | None) -> _YamlRead:
    """The rows of a YAML table. A document that is a plain list is read one row at a
    time, each row's values counted (aliases as what they repeat) before it is built, so
    the read stops at the first row past `max_rows` or the count's limit, and only the
    nodes an alias may name again are kept; any other document is read whole, to say
    what it is instead. Raises the YAML's own errors, in the order reading it whole
    would: one in building a row's values waits until every row is composed. The events
    come from libyaml when it found the list past `max_rows` (`_rows_past`), else from
    PyYAML's Python parser."""
    import yaml

    fast = max_rows is not None and _rows_past(text, max_rows)
    loader = _libyaml_loader()(text) if fast else yaml.SafeLoader(text)
    try:
        if not (loader.check_event(yaml.StreamStartEvent) and _plain_list_ahead(loader)):
            return _yaml_whole(text)
        loader.get_event()  # the list's start
        items: list[tuple[int, Any]] = []
        known: dict[int, int] = {}  # anchored nodes (kept by the loader) -> their values
        total = 1  # the list itself
        stopped: int | None = None
        failed: Exception | None = None  # building a row's values failed
        while not loader.check_event(yaml.SequenceEndEvent):
            if max_rows is not None and len(items) >= max_rows:
                stopped = loader.peek_event().start_mark.line + 1
                break
            anchors = len(loader.anchors)
            node = loader.compose_node(None, None)
            sizes: dict[int, int] = {}
            problem = _yaml_problem(node, sizes, 2, known)
            total += sizes.get(id(node), known.get(id(node), 0))
            if problem is None and total > MAX_YAML_NODES:
                problem = _too_many_values()
            if problem is not None:
                return problem
            new = len(loader.anchors) - anchors  # the row's own anchors, last in the dict
            for anchored in itertools.islice(reversed(loader.anchors.values()), new):
                known[id(anchored)] = sizes.get(id(anchored), 0)
            if failed is None:
                try:
                    items.append((node.start_mark.line + 1, loader.construct_document(node)))
                except Exception as exc:  # noqa: BLE001 - raised once every row is composed
                    failed = exc
        if stopped is None:
            _single_document_ends(loader)
        if failed is not None:
            raise failed
        return items, stopped
    finally:
        loader.dispose()


def _libyaml_parser() -> Any:
    """libyaml's event parser (`CParser` of PyYAML's libyaml module, `yaml.cyaml`), or None
    when PyYAML was built without it: then every YAML table is read by the pure-Python
    parser, as correctly but about ten times slower."""
    try:
        from yaml.cyaml import CParser
    except ImportError:
        return None
    return CParser


def _libyaml_loader() -> Any:
    """A loader that takes its events from libyaml and builds nodes and values with PyYAML's
    own Python composer, safe constructor and resolver: the nodes and values of a text
    libyaml parses without an error are those the pure-Python `SafeLoader` makes (only
    the events are parsed in C). Used for a table known to be past its rows' limit."""
    import yaml

    parser = _libyaml_parser()
    composer = yaml.composer.Composer
    constructor = yaml.constructor.SafeConstructor
    resolver = yaml.resolver.Resolver

    def init(self: Any, text: str) -> None:
        parser.__init__(self, text)  # libyaml's parser, over the text
        composer.__init__(self)
        constructor.__init__(self)
        resolver.__init__(self)

    return type(
        "LibyamlEventsLoader", (parser, composer, constructor, resolver), {"__init__": init}
    )


def _rows_past(text: str, max_rows: int) -> bool:
    """Whether the YAML is a plain list (no anchor or tag) holding more than `max_rows`
    rows, as libyaml's events say, read up to the first row past `max_rows` and no
    further: no node or value is made, so a table of a million rows is found too long in
    a fraction of a second. False (the table is then read as any other) when libyaml is
    missing, when the text holds a character PyYAML refuses anywhere (it says so before
    reading a row), or when libyaml meets an error first, so every error is the one the
    pure-Python parser gives."""
    import yaml

    parser_type = _libyaml_parser()
    if parser_type is None or yaml.reader.Reader.NON_PRINTABLE.search(text):
        return False
    parser = parser_type(text)
    opening = (yaml.StreamStartEvent, yaml.DocumentStartEvent, yaml.SequenceStartEvent)
    starts = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
    ends = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
    try:
        for kind in opening:
            event = parser.get_event()
            if not isinstance(event, kind):
                return False
        if event.anchor is not None or event.tag is not None:
            return False
        depth = 0  # inside the current row
        rows = 0
        while True:
            event = parser.get_event()
            if depth == 0:
                if event is None or isinstance(event, yaml.SequenceEndEvent):
                    return False  # the list ended within the limit
                rows += 1
                if rows > max_rows:
                    return True
            if isinstance(event, starts):
                depth += 1
            elif isinstance(event, ends):
                depth -= 1
    except yaml.YAMLError:
        return False


def _plain_list_ahead(loader: Any) -> bool:
    """Past the stream's and document's start, whether the document is a list without an
    anchor or tag (read a row at a time; anything else is read whole)."""
    import yaml

    loader.get_event()  # the stream's start
    if not loader.check_event(yaml.DocumentStartEvent):
        return False
    loader.get_event()
    if not loader.check_event(yaml.SequenceStartEvent):
        return False
    event = loader.peek_event()
    return event.anchor is None and event.tag is None


def _single_document_ends(loader: Any) -> None:
    """The list's and its document's end, then the stream's: another document after it
    is an error, as `yaml.compose` makes it."""
    import yaml

    loader.get_event()  # the list's end
    end = loader.get_event()  # the document's end
    if not loader.check_event(yaml.StreamEndEvent):
        event = loader.get_event()
        raise yaml.composer.ComposerError(
            "expected a single document in the stream",
            end.start_mark,
            "but found another document",
            event.start_mark,
        )


def _yaml_whole(text: str) -> _YamlRead:
    """A YAML table that is not a plain list, read whole (see `_yaml_rows`)."""
    import yaml

    # the node tree gives every row's line; the loader then builds its values
    node = yaml.compose(text, Loader=yaml.SafeLoader)
    problem = _yaml_problem(node) if node is not None else None
    if problem is not None:
        return problem
    data = yaml.safe_load(text)
    if node is None or not isinstance(node, yaml.SequenceNode) or not isinstance(data, list):
        return node.start_mark.line + 1 if node is not None else None
    return [(child.start_mark.line + 1, value) for child, value in zip(node.value, data)], None


def read_json(
    data: bytes,
    display: str,
    issues: Issues,
    max_rows: int | None = None,
    key: str | None = None,
) -> Table | None:
    """A JSON list of rows as a table, decoded a row at a time: with `max_rows`, the read
    stops at the first row past it (see `Table.stopped`); with `key`, the list is the one
    under that key (a dotted path) of an object that holds more than the rows."""
    text = decoded_text(data, display, issues)
    if text is None:
        return None
    reading = _JsonRows(text)
    try:
        if key is not None:
            start = reading.under(key, display, issues)
            if start is None:
                return None
            ok, stopped = reading.rows(display, issues, max_rows, start)
        else:
            ok, stopped = reading.rows(display, issues, max_rows)
    except json.JSONDecodeError as exc:
        issues.add(display, exc.lineno, "", f"the JSON cannot be read: {exc.msg}")
        return None
    except RecursionError:
        issues.add(
            display,
            reading.line_at(reading.at),
            "",
            "the JSON cannot be read: its lists nest more deeply than cardstock reads "
            f"({MAX_DEPTH} deep for a table)",
        )
        return None
    if not ok:
        return None
    return _rows_from_items(display, reading.items, issues, stopped)


class _JsonRows:
    """A JSON list of rows, decoded one row at a time, each row's line counted forwards."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.decoder = json.JSONDecoder()
        self.counted = [0, 1]  # an index, and the line it is on
        self.at = 0  # where the row being read starts
        self.items: list[tuple[int, Any]] = []

    def line_at(self, index: int) -> int:
        text, counted = self.text, self.counted
        if index < counted[0]:
            return text.count("\n", 0, index) + 1
        counted[1] += text.count("\n", counted[0], index)
        counted[0] = index
        return counted[1]

    def skip(self, index: int) -> int:
        text = self.text
        while index < len(text) and text[index] in " \t\r\n":
            index += 1
        return index

    def under(self, key: str, display: str, issues: Issues) -> int | None:
        """Where the value under a dotted `key` starts, each object on the way scanned key
        by key (a value passed over is decoded, not kept); None when there is none (said
        in `issues`)."""
        text, i = self.text, self.skip(0)
        for depth, part in enumerate(key.split(".")):
            where = ".".join(key.split(".")[:depth]) or "the document"
            if i >= len(text) or text[i] != "{":
                issues.add(
                    display,
                    self.line_at(i),
                    "table_key",
                    f"{where!r} is not an object, so it has no key {part!r}",
                )
                return None
            i, seen = self.skip(i + 1), []
            while i < len(text) and text[i] != "}":
                name, i = self.decoder.raw_decode(text, i)
                i = self.skip(i)
                if i >= len(text) or text[i] != ":":
                    raise json.JSONDecodeError("Expecting ':' delimiter", text, i)
                i = self.skip(i + 1)
                if name == part:
                    break
                seen.append(repr(str(name)))
                i = self.skip(self.decoder.raw_decode(text, i)[1])
                if i < len(text) and text[i] == ",":
                    i = self.skip(i + 1)
            else:
                has = ", ".join(seen) or "no keys"
                issues.add(
                    display,
                    self.line_at(i),
                    "table_key",
                    f"no key {part!r} in {where}; it has {has}",
                )
                return None
        return i

    def rows(
        self, display: str, issues: Issues, max_rows: int | None, start: int | None = None
    ) -> tuple[bool, int | None]:
        """Decode the rows into `items`. Returns whether the list is whole (a broken one is
        said in `issues`) and the line of the first row past `max_rows`, where the read
        stopped (None: all were read). From `start` (a list under a key), the text after
        the list is the rest of its object, not checked here."""
        text = self.text
        i = self.skip(start or 0)
        if i >= len(text) or text[i] != "[":
            hint = ""
            if start is None and i < len(text) and text[i] == "{":
                try:
                    hint = _keys_hint(json.loads(text))
                except (json.JSONDecodeError, RecursionError):
                    hint = ""
            issues.add(
                display,
                self.line_at(i),
                "",
                'expected a list of rows: [ {"name": "Ember", …}, … ]' + hint,
            )
            return False, None
        i = self.skip(i + 1)
        if i < len(text) and text[i] == "]":
            i += 1
        else:
            while True:
                self.at = i
                if max_rows is not None and len(self.items) >= max_rows:
                    return True, self.line_at(i)
                value, end = self.decoder.raw_decode(text, i)
                self.items.append((self.line_at(i), value))
                i = self.skip(end)
                if i < len(text) and text[i] == ",":
                    i = self.skip(i + 1)
                    continue
                if i < len(text) and text[i] == "]":
                    i += 1
                    break
                issues.add(display, self.line_at(i), "", "expected ',' or ']' after a row")
                return False, None
        if start is None and self.skip(i) != len(text):
            issues.add(
                display, self.line_at(self.skip(i)), "", "unexpected text after the list of rows"
            )
            return False, None
        return True, None
