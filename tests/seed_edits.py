"""Seed-breaking edits, generated from the shipped games: the kinds of change a careless
designer (or a reviewer looking for a gap) makes to a catalog, each against what the
game's source rulebook states.

`edits(game)` lists them for one game; `test_rules_seed_edits.py` applies each to a copy of
the game and runs the checker. The kinds:

- **setup number** — a setup step's count (`count`, `upto`, `at_least`) one more or one less;
- **player range** — game.toml's `players.min` or `players.max` one more or one less;
- **table number** — every number in every table of game.toml, a number cell or a number
  written inside a cell's words ("Draw 1 Good card"), one more (an exchange rate, a scoring
  row's points, a hand size, a rank);
- **row name** — a table row's name that the source names (the hierarchy's "The Black
  Hole"), respelled;
- **row swap** — two neighbouring rows of a table exchange everything but their first cell
  (two tie-breakers, two timings, two scoring rows swapped);
- **scoring row** — a row whose cells say who it is for given to one player only;
- **card name** — a component the source names, respelled;
- **card number** — a number field of a component the source names, one more;
- **card timing** — the choice fields of two components the source names swapped (the
  Gate's and the Black Hole's powers);
- **fact value** — a number a cited fact of rules.toml states, one more (caught by its
  source line).

Each edit carries the values it changes, so a test can ask that the failing message name
both. Edits that change nothing a rule could see are not generated: the same value written
another way, a row whose neighbour holds the same cells.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"


@dataclass(frozen=True)
class Edit:
    game: str
    kind: str
    what: str  # a reader's description: "table limits, row 'Frenzy actions in a round': 1 -> 2"
    file: str  # the file changed, relative to the game folder
    old: str  # the exact text replaced (once)
    new: str
    before: str  # the value before, as a message would show it
    after: str  # … and after
    pairs: tuple[
        tuple[str, str], ...
    ] = ()  # other (before, after) pairs the edit changes: a swap's every cell

    @property
    def id(self) -> str:
        return f"{self.game}: {self.kind}: {self.what}"


def _text(game: str, name: str) -> str:
    return (ROOT / "catalog" / game / name).read_text(encoding="utf-8")


def _seed_words(game: str) -> str | None:
    """The source rulebook's words, lower-cased and spaced, or None when it is not here."""
    seed = tomllib.loads(_text(game, "rules.toml")).get("seed")
    path = SEEDS / seed if seed else None
    if path is None or not path.is_file():
        return None
    return " " + " ".join(re.findall(r"[a-z0-9]+", path.read_text(encoding="utf-8").lower())) + " "


def _named(words: str | None, name: str) -> bool:
    """Does the source name `name` (its words, parenthesised remarks aside)?"""
    bare = re.sub(r"\([^)]*\)", " ", name)
    ws = re.findall(r"[a-z0-9]+", bare.lower())
    return (
        bool(words)
        and bool(ws)
        and any(len(w) > 2 for w in ws)
        and f" {' '.join(ws)} " in (words or "")
    )


def respell(name: str) -> str:
    """A name no rulebook gives: the two middle letters of its longest word swapped."""
    words = re.findall(r"[A-Za-z]{3,}", re.sub(r"\([^)]*\)", " ", name)) or re.findall(
        r"[A-Za-z]{3,}", name
    )
    if not words:
        return name + "x"
    w = max(words, key=len)
    for i in range(
        len(w) // 2 - 1, len(w) - 1
    ):  # the first pair from the middle whose swap changes the word
        swapped = w[:i] + w[i + 1] + w[i] + w[i + 2 :]
        if swapped.lower() != w.lower():
            return name.replace(w, swapped, 1)
    return name.replace(w, w + "x", 1)


def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _show(v: Any) -> str:
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def _bump(v: Any) -> Any:
    return v + 1 if isinstance(v, int) else round(v + 0.5, 3) if isinstance(v, float) else v


def _row_line(cells: list[Any]) -> str:
    return "[" + ", ".join(json.dumps(c, ensure_ascii=False) for c in cells) + "]"


_NUMBER_IN_WORDS = re.compile(r"(?<![\w.$/-])(\d+)(?![\w/]|\.\d)")


def _table_rows(text: str) -> Iterator[tuple[str, str, list[Any], list[str]]]:
    """(table, the row's line as written, its cells, the table's columns) for every table row
    written on a line of its own."""
    table: str | None = None
    columns: list[str] = []
    for line in text.splitlines():
        head = re.match(r"^\[tables\.([\w-]+)\]\s*$", line)
        if head:
            table, columns = head.group(1), []
            continue
        if line.startswith("[") and not line.startswith("[tables."):
            table = None
            continue
        if table is None:
            continue
        if line.startswith("columns"):
            columns = tomllib.loads(line)["columns"]
            continue
        row = re.match(r"^\s+(\[.*\]),\s*$", line)
        if row:
            try:
                cells = tomllib.loads("r = " + row.group(1))["r"]
            except tomllib.TOMLDecodeError:
                continue
            yield table, line, cells, columns


def _edits_of_tables(game: str, words: str | None) -> Iterator[Edit]:
    text = _text(game, "game.toml")
    rows = list(_table_rows(text))
    for table, line, cells, columns in rows:
        key = _show(cells[0])
        for i, cell in enumerate(cells):
            col = columns[i] if i < len(columns) else str(i)
            where = f"table {table}, row {key!r}, {col}"
            if _num(cell):
                new = list(cells)
                new[i] = _bump(cell)
                yield Edit(
                    game,
                    "table number",
                    f"{where}: {_show(cell)} -> {_show(new[i])}",
                    "game.toml",
                    line,
                    line.replace(line.strip().rstrip(","), _row_line(new)),
                    _show(cell),
                    _show(new[i]),
                )
            elif isinstance(cell, str):
                for m in _NUMBER_IN_WORDS.finditer(cell):
                    bumped = str(int(m.group(1)) + 1)
                    new = list(cells)
                    new[i] = cell[: m.start()] + bumped + cell[m.end() :]
                    yield Edit(
                        game,
                        "table number",
                        f"{where}: {m.group(1)!r} in its words -> {bumped}",
                        "game.toml",
                        line,
                        line.replace(line.strip().rstrip(","), _row_line(new)),
                        m.group(1),
                        bumped,
                    )
        if isinstance(cells[0], str) and _named(words, cells[0]):
            new = [respell(cells[0]), *cells[1:]]
            yield Edit(
                game,
                "row name",
                f"table {table}, row {key!r} renamed {new[0]!r}",
                "game.toml",
                line,
                line.replace(line.strip().rstrip(","), _row_line(new)),
                key,
                str(new[0]),
            )
    by_table: dict[str, list[tuple[str, list[Any]]]] = {}
    for table, line, cells, _ in rows:
        by_table.setdefault(table, []).append((line, cells))
    for table, lines in by_table.items():
        for (la, a), (lb, b) in zip(lines, lines[1:]):
            if len(a) != len(b) or a[1:] == b[1:] or len(a) < 2:
                continue
            new_a, new_b = [a[0], *b[1:]], [b[0], *a[1:]]
            changed = [i for i in range(1, len(a)) if a[i] != b[i]]  # the cells the swap changes
            k = changed[0]
            old = la + "\n" + lb
            swapped = (
                la.replace(la.strip().rstrip(","), _row_line(new_a))
                + "\n"
                + lb.replace(lb.strip().rstrip(","), _row_line(new_b))
            )
            if old in text:
                yield Edit(
                    game,
                    "row swap",
                    f"table {table}: rows {_show(a[0])!r} and {_show(b[0])!r} swap their cells",
                    "game.toml",
                    old,
                    swapped,
                    _show(a[k]),
                    _show(b[k]),
                    tuple((_show(a[i]), _show(b[i])) for i in changed[1:])
                    + ((_show(a[0]), _show(b[0])),),
                )
    for table, line, cells, _ in rows:  # a scoring row given to one player only
        for i, cell in enumerate(cells):
            if isinstance(cell, str) and re.fullmatch(
                r"(?i)(every|each|all) players?|everyone|all", cell.strip()
            ):
                new = list(cells)
                new[i] = "the Red player only"
                yield Edit(
                    game,
                    "scoring row",
                    f"table {table}, row {_show(cells[0])!r}: {cell!r} -> 'the Red player only'",
                    "game.toml",
                    line,
                    line.replace(line.strip().rstrip(","), _row_line(new)),
                    cell,
                    "the Red player only",
                )


def _edits_of_players(game: str) -> Iterator[Edit]:
    text = _text(game, "game.toml")
    m = re.search(r"^players = \{ min = (\d+), max = (\d+) \}$", text, re.M)
    if not m:
        return
    lo, hi = int(m.group(1)), int(m.group(2))
    for a, b in ((lo - 1, hi), (lo + 1, hi), (lo, hi + 1), (lo, hi - 1)):
        if 1 <= a <= b:
            yield Edit(
                game,
                "player range",
                f"players {lo}–{hi} -> {a}–{b}",
                "game.toml",
                m.group(0),
                f"players = {{ min = {a}, max = {b} }}",
                f"{lo}–{hi}",
                f"{a}–{b}",
            )


def _edits_of_setup(game: str) -> Iterator[Edit]:
    text = _text(game, "rules.toml")
    blocks = re.split(r"(?m)^(?=\[\[setup\.steps\]\]|\[\[|\[)", text)
    step = 0
    for block in blocks:
        if not block.startswith("[[setup.steps]]"):
            continue
        step += 1
        for m in re.finditer(r"(?m)^(count|upto|at_least) = (\d+)$", block):
            n = int(m.group(2))
            for v in (n + 1, n - 1):
                if v < 1:
                    continue
                old = block
                new = block[: m.start()] + f"{m.group(1)} = {v}" + block[m.end() :]
                yield Edit(
                    game,
                    "setup number",
                    f"setup step {step}, {m.group(1)} {n} -> {v}",
                    "rules.toml",
                    old,
                    new,
                    str(n),
                    str(v),
                )


def _components(game: str) -> Iterator[tuple[str, str, dict[str, Any], str, str]]:
    """(file, the row as written, its fields, its id, its name) for every component row."""
    folder = ROOT / "catalog" / game
    for path in sorted(folder.glob("*.csv")):
        lines = path.read_text(encoding="utf-8").splitlines()
        header: list[str] | None = None
        import csv

        for line in lines:
            if not line.strip() or line.startswith("#"):
                continue
            cells = next(csv.reader([line]))
            if header is None:
                header = cells
                continue
            row = dict(zip(header, cells))
            yield path.name, line, row, row.get("id", ""), row.get("name", "")
    text = _text(game, "game.toml")
    for line in text.splitlines():
        m = re.match(r"^\s+\{ id = \"([\w-]+)\", name = \"([^\"]+)\",(.*)\},?\s*$", line)
        if m:
            try:
                row = tomllib.loads("r = " + line.strip().rstrip(","))["r"]
            except tomllib.TOMLDecodeError:
                continue
            yield "game.toml", line, row, m.group(1), m.group(2)


_ATTRS = {"id", "name", "count", "limit", "designer_choice", "text", "derivation"}


def _edits_of_cards(game: str, words: str | None) -> Iterator[Edit]:
    named = [
        (f, line, row, cid, name)
        for f, line, row, cid, name in _components(game)
        if _named(words, name)
    ]
    for f, line, row, cid, name in named:
        new_name = respell(name)
        if f.endswith(".csv"):
            new_line = line.replace(f"{cid},{name},", f"{cid},{new_name},", 1)
        else:
            new_line = line.replace(f'name = "{name}"', f'name = "{new_name}"', 1)
        if new_line != line:
            bare = " ".join(
                re.sub(r"\([^)]*\)", " ", name).split()
            )  # what a table restating it names: "The Duel" for "The Duel (Red)"
            yield Edit(
                game, "card name", f"{cid} renamed {new_name!r}", f, line, new_line, bare, new_name
            )
        chosen = str(row.get("designer_choice") or "").split()
        if "all" in chosen:
            continue  # every value of the card is the designer's: no source states it
        for key, value in row.items():
            if key in _ATTRS or key in chosen:
                continue
            if f.endswith(".csv") and isinstance(value, str) and re.fullmatch(r"-?\d+", value):
                cells = line.split(",")
                idx = list(row).index(key)
                if (
                    idx < len(cells)
                    and cells[idx] == value
                    and '"' not in ",".join(cells[: idx + 1])
                ):
                    cells[idx] = str(int(value) + 1)
                    yield Edit(
                        game,
                        "card number",
                        f"{cid} {key} {value} -> {cells[idx]}",
                        f,
                        line,
                        ",".join(cells),
                        value,
                        cells[idx],
                    )
            elif not f.endswith(".csv") and _num(value):
                bumped = _bump(value)
                new_line = re.sub(
                    rf"\b{re.escape(key)} = {re.escape(_show(value))}\b",
                    f"{key} = {_show(bumped)}",
                    line,
                    count=1,
                )
                if new_line != line:
                    yield Edit(
                        game,
                        "card number",
                        f"{cid} {key} {_show(value)} -> {_show(bumped)}",
                        f,
                        line,
                        new_line,
                        _show(value),
                        _show(bumped),
                    )
    # timings: two named cards of one file whose choice-like field differs, swapped ("power")
    for field in ("power",):
        rows = [
            (f, line, row, cid, name)
            for f, line, row, cid, name in named
            if row.get(field) not in (None, "")
        ]
        seen: set[tuple[str, str]] = set()
        for (fa, la, ra, ia, _), (fb, lb, rb, ib, _) in zip(rows, rows[1:]):
            if fa != fb or ra[field] == rb[field] or not fa.endswith(".csv"):
                continue
            pair = (ra[field], rb[field])
            if pair in seen:
                continue
            seen.add(pair)
            ca, cb = la.split(","), lb.split(",")
            idx = list(ra).index(field)
            if ca[idx] != ra[field] or cb[idx] != rb[field]:
                continue
            ca[idx], cb[idx] = rb[field], ra[field]
            text = _text(game, fa)
            old = la + "\n" + lb
            if old in text:
                yield Edit(
                    game,
                    "card timing",
                    f"{ia} and {ib} swap {field} ({ra[field]} / {rb[field]})",
                    fa,
                    old,
                    ",".join(ca) + "\n" + ",".join(cb),
                    ra[field],
                    rb[field],
                )


def _edits_of_facts(game: str) -> Iterator[Edit]:
    """A number a cited fact states, one more: the source line then disagrees."""
    text = _text(game, "rules.toml")
    for block in re.split(r"(?m)^(?=\[\[)", text):
        if not block.startswith("[[facts]]") or "cite = " not in block or "choice = " in block:
            continue
        name = re.search(r'(?m)^name = "([^"]*)"', block)
        for m in re.finditer(r"(?m)^(value|equals|min|max|each) = (-?\d+)$", block):
            n = int(m.group(2))
            new = block[: m.start()] + f"{m.group(1)} = {n + 1}" + block[m.end() :]
            yield Edit(
                game,
                "fact value",
                f"fact {name.group(1) if name else '?'!r}: {m.group(1)} {n} -> {n + 1}",
                "rules.toml",
                block,
                new,
                str(n),
                str(n + 1),
            )


def edits(game: str) -> list[Edit]:
    words = _seed_words(game)
    out = [
        *_edits_of_setup(game),
        *_edits_of_players(game),
        *_edits_of_tables(game, words),
        *_edits_of_cards(game, words),
        *_edits_of_facts(game),
    ]
    seen: set[tuple[str, str, str]] = set()
    unique = []
    for e in out:
        if (e.file, e.old, e.new) in seen or e.old == e.new:
            continue
        seen.add((e.file, e.old, e.new))
        unique.append(e)
    return unique
