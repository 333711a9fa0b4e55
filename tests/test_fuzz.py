"""Fuzzing: damaged copies of the shipped games never crash cardstock.

A seeded mutator damages one input of a copy of a shipped game (or of the fixture game, for
art): bytes flipped, a file cut short, a CSV cell or row changed, a TOML value or key
changed, a table turned into a damaged XLSX workbook, a rule template edited, an art file
corrupted; and hostile inputs of the classes a downloaded project may hold: template
payloads that would exhaust memory or time or print object text (in a card text cell or a
template file), SVG bombs (`<use>` that multiplies, a sea of elements or CSS, deep nesting,
entity expansion), table bombs (YAML aliases, deep JSON, an inflating or overfull XLSX),
TOML bombs (many keys, long dotted keys, deep arrays), and control characters in CSV
headers and TOML titles. Each case is validated in this process (and, for some,
rules-checked and its faces drawn to SVG), under a time limit; a few cases run a whole build
with --force in a subprocess. A case passes when nothing raises, nothing hangs (20 s of
processor time or 120 s of waiting is a hang), no message holds a raw control character, and
every error names where it is (`path[:line]: field: message`); the cases past 10 s of
processor time are named in the printed figures, not failed (no test asserts a speed).

The suite runs a fixed sample of the first 100 cases (the first case of every class and of
every game, and every 16th case); CARDSTOCK_FULL=1 runs all 100, and a bigger budget runs by
hand:

    CARDSTOCK_FUZZ_CASES=2000 .venv/bin/python -m pytest tests/test_fuzz.py -q -s

which prints the figures (cases, exit-2 cases, internal errors, hangs, slowest case).
"""

from __future__ import annotations

import csv
import io
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import FIXTURES, FULL, GAMES, ROOT, job_of, validate
from helpers_bounds import (
    deep_toml,
    dotted_toml_keys,
    inflating_xlsx,
    many_cells_xlsx,
    many_css_rules_svg,
    many_elements_svg,
    nested_use_svg,
    yaml_alias_bomb,
)

from cardstock.core.issues import InputError
from cardstock.core.stage import BuildOptions

# about 8 of each class in the full run; the long run by hand is in docs/validation.md
CASES = int(os.environ.get("CARDSTOCK_FUZZ_CASES", "100"))
SEED = int(os.environ.get("CARDSTOCK_FUZZ_SEED", "20261122"))
CASE_SECONDS = 20  # a case that takes longer, in processor time, is a hang
WAIT_SECONDS = 120  # a case that waits longer (on a pipe, a lock) is a hang too
SLOW_SECONDS = 10.0  # a case past this much processor time is named in the printed figures
CHECK_EVERY = 4  # every so many cases, when the case validates cleanly, also runs the rules check
BUILDS = 3  # whole builds in a subprocess

# `path[:line]: ...` where a path is relative to the project, or a shipped layout file,
# or the command line
RAW_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
LOCATED = re.compile(r"^(command line|(cardstock:)?[\w.@+-][\w./@+-]*(\[[^\]]*\])?(:\d+)?): \S")

VALUES_TOML = [
    '"x"',
    "-1",
    "0",
    "1e400",
    "true",
    "[]",
    "{}",
    '"63.5furlongs"',
    '"#zzzzzz"',
    "nan",
    "inf",
    '"{{ 1/0 }}"',
    "99999999999999",
    '"../../etc/passwd"',
    '"no-such-thing"',
    '""',
    '"{% for %}"',
    '"{{ nope }}"',
    '"' + "x" * 3000 + '"',
    '"\\u202e"',
    "[1, [2, [3]]]",
    "{ a = { b = 1 } }",
]
VALUES_CELL = [
    "",
    "-1",
    "0",
    "1e309",
    "99999999999999",
    "abc",
    "ü\u202eé",
    ":nosuch:",
    "{{ 1/0 }}",
    "{{ nope }}",
    "{% for %}",
    "\x00",
    "x" * 5000,
    "art/missing.png",
    '"',
    "nan",
    "1000000000000",
    "{{ name * 3 }}",
    "**bold *and italic***",
    "| a | b |",
    "\t",
    "::faces nope",
    "0.5",
    "yes",
    "#ffffff",
]
TEMPLATE_BITS = [
    "{{",
    "{% if x %}",
    "{{ nosuch }}",
    "{{ 1/0 }}",
    "{{ component('nope') }}",
    "{{ count(kind='x') }}",
    "{% for i in range(10) %}x{% endfor %}",
    "::faces",
    "{{ game.title * 3 }}",
    "{% endif %}",
    "{{ faces() }}",
    "{{ table('nope') }}",
    "}}",
    "{# unclosed",
    "{{ players.counts | join(', ') }}",
]
SVG_BITS = [
    'opacity="abc"',
    'viewBox="0 0 nan inf"',
    'transform="scale(x)"',
    'd="M x y"',
    'points="1 2 a"',
    'width="."',
    'fill="url(#g)"',
    'stroke-width="1e400"',
    'viewBox="0 0 0 0"',
    'r="-5"',
]


@dataclass
class Case:
    number: int
    game: str
    mutation: str
    root: Path
    note: str = ""


@dataclass
class Tally:
    cases: int = 0
    input_errors: int = 0
    checked: int = 0
    drawn: int = 0
    internal: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    unlocated: list[str] = field(default_factory=list)
    slow: list[str] = field(default_factory=list)  # cases past `SLOW_SECONDS` of processor time
    slowest: float = 0.0
    kinds: dict[str, int] = field(default_factory=dict)  # cases of each mutation class


# ---------------------------------------------------------------- the mutator


def _files(root: Path, game: str, suffixes: tuple[str, ...]) -> list[Path]:
    folders = [root / "catalog" / game, root / "layouts" / game]
    return sorted(
        p
        for f in folders
        if f.is_dir()
        for p in f.rglob("*")
        if p.is_file() and p.name.endswith(suffixes)
    )


def _pick(rng: random.Random, items: list[Path]) -> Path | None:
    return rng.choice(items) if items else None


def byte_flip(rng: random.Random, root: Path, game: str) -> str:
    path = _pick(rng, _files(root, game, (".toml", ".csv", ".j2", ".svg")))
    assert path is not None
    data = bytearray(path.read_bytes())
    for _ in range(rng.randint(1, 4)):
        if data:
            data[rng.randrange(len(data))] = rng.randrange(256)
    path.write_bytes(bytes(data))
    return path.name


def truncate(rng: random.Random, root: Path, game: str) -> str:
    path = _pick(rng, _files(root, game, (".toml", ".csv", ".j2", ".svg")))
    assert path is not None
    data = path.read_bytes()
    path.write_bytes(data[: rng.randrange(len(data) + 1)])
    return path.name


def _read_csv(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.reader(f))


def _write_csv(path: Path, rows: list[list[str]]) -> None:
    with path.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)


def csv_cell(rng: random.Random, root: Path, game: str) -> str:
    path = _pick(rng, _files(root, game, (".csv",)))
    if path is None:
        return toml_value(rng, root, game)
    rows = _read_csv(path)
    r = rng.randrange(len(rows))
    if not rows[r]:
        return path.name
    c = rng.randrange(len(rows[r]))
    rows[r][c] = rng.choice(VALUES_CELL)
    _write_csv(path, rows)
    return f"{path.name} row {r + 1} column {c + 1}"


def csv_row(rng: random.Random, root: Path, game: str) -> str:
    path = _pick(rng, _files(root, game, (".csv",)))
    if path is None:
        return toml_key(rng, root, game)
    rows = _read_csv(path)
    r = rng.randrange(len(rows))
    how = rng.choice(["drop", "duplicate", "short", "long", "swap-header", "blank"])
    if how == "drop":
        del rows[r]
    elif how == "duplicate":
        rows.insert(r, list(rows[r]))
    elif how == "short":
        rows[r] = rows[r][: max(0, len(rows[r]) - rng.randint(1, 3))]
    elif how == "long":
        rows[r] = rows[r] + ["extra"] * rng.randint(1, 3)
    elif how == "swap-header" and len(rows[0]) > 1:
        i, j = rng.sample(range(len(rows[0])), 2)
        rows[0][i], rows[0][j] = rows[0][j], rows[0][i]
    else:
        rows.insert(r, [])
    _write_csv(path, rows)
    return f"{path.name} {how} row {r + 1}"


TOML_LINE = re.compile(r"^(\s*)([A-Za-z0-9_.\"-]+)(\s*=\s*)(.*)$")


def _toml_lines(rng: random.Random, root: Path, game: str) -> tuple[Path, list[str], list[int]]:
    path = _pick(rng, _files(root, game, (".toml",)))
    assert path is not None
    lines = path.read_text(encoding="utf-8").splitlines()
    keyed = [i for i, line in enumerate(lines) if TOML_LINE.match(line)]
    return path, lines, keyed


def toml_value(rng: random.Random, root: Path, game: str) -> str:
    path, lines, keyed = _toml_lines(rng, root, game)
    if not keyed:
        return path.name
    i = rng.choice(keyed)
    m = TOML_LINE.match(lines[i])
    assert m
    lines[i] = f"{m.group(1)}{m.group(2)}{m.group(3)}{rng.choice(VALUES_TOML)}"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return f"{path.name}:{i + 1} value"


def toml_key(rng: random.Random, root: Path, game: str) -> str:
    path, lines, keyed = _toml_lines(rng, root, game)
    if not keyed:
        return path.name
    i = rng.choice(keyed)
    m = TOML_LINE.match(lines[i])
    assert m
    how = rng.choice(["typo", "drop", "duplicate", "table"])
    if how == "typo":
        key = m.group(2)
        lines[i] = f"{m.group(1)}{key[:-1] + 'x' if len(key) > 1 else 'zz'}{m.group(3)}{m.group(4)}"
    elif how == "drop":
        del lines[i]
    elif how == "duplicate":
        lines.insert(i, lines[i])
    else:
        lines.insert(
            i,
            "["
            + rng.choice(
                ["print", "icons.zz", "layouts.card.boxes.zz", "theme", "styles.zz", "sets"]
            )
            + "]",
        )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return f"{path.name}:{i + 1} key {how}"


def _saved(book) -> bytes:
    """The workbook's bytes, the same on every run (no time stamps), so a seed always
    damages the same bytes."""
    import datetime

    book.properties.created = datetime.datetime(2026, 1, 1)
    buf = io.BytesIO()
    book.save(buf)
    saved = zipfile.ZipFile(io.BytesIO(buf.getvalue()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name in saved.namelist():
            data = saved.read(name)
            if name == "docProps/core.xml":  # openpyxl stamps the time of saving here
                data = re.sub(
                    rb"<dcterms:modified([^>]*)>[^<]*<",
                    rb"<dcterms:modified\1>2026-01-01T00:00:00Z<",
                    data,
                )
            z.writestr(
                zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED
            )
    return out.getvalue()


def xlsx(rng: random.Random, root: Path, game: str) -> str:
    """A CSV table of the game as an XLSX workbook, then damaged."""
    import openpyxl

    folder = root / "catalog" / game
    tables = sorted(folder.glob("*.csv"))
    if not tables:
        return byte_flip(rng, root, game)
    table = rng.choice(tables)
    book = openpyxl.Workbook()
    sheet = book.active
    for row in _read_csv(table):
        sheet.append(row)
    good = _saved(book)
    how = rng.choice(["flip", "cut", "drop-part", "garbage-part", "cell"])
    if how == "flip":
        data = bytearray(good)
        for _ in range(rng.randint(1, 6)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        out = bytes(data)
    elif how == "cut":
        out = good[: rng.randrange(len(good))]
    elif how == "cell":
        sheet.cell(
            row=rng.randint(1, sheet.max_row), column=rng.randint(1, sheet.max_column)
        ).value = rng.choice([None, 1e300, -5, True, "=1/0", "x" * 500, 3.5])
        out = _saved(book)
    else:
        zin = zipfile.ZipFile(io.BytesIO(good))
        victim = rng.choice(zin.namelist())
        zbuf = io.BytesIO()
        with zipfile.ZipFile(zbuf, "w") as z:
            for name in zin.namelist():
                part = zin.read(name)
                if name == victim:
                    if how == "drop-part":
                        continue
                    part = (
                        part[: rng.randrange(len(part) + 1)] if rng.random() < 0.5 else b"<garbage"
                    )
                z.writestr(name, part)
        out = zbuf.getvalue()
    target = table.with_suffix(".xlsx")
    target.write_bytes(out)
    game_file = folder / "game.toml"
    text = game_file.read_text(encoding="utf-8")
    game_file.write_text(text.replace(f'"{table.name}"', f'"{target.name}"'), encoding="utf-8")
    return f"{target.name} {how}"


def template(rng: random.Random, root: Path, game: str) -> str:
    path = _pick(rng, _files(root, game, (".j2",)))
    if path is None:
        return toml_value(rng, root, game)
    lines = path.read_text(encoding="utf-8").splitlines()
    i = rng.randrange(len(lines) + 1)
    lines.insert(i, rng.choice(TEMPLATE_BITS))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return f"{path.name}:{i + 1}"


def art(rng: random.Random, root: Path, game: str) -> str:
    """The fixture game's SVG art damaged, or replaced by a damaged PNG or JPEG."""
    folder = root / "catalog" / game / "art"
    svg = folder / "blaze.svg"
    how = rng.choice(["attribute", "flip", "cut", "png", "jpeg", "nest"])
    if how == "attribute":
        text = svg.read_text(encoding="utf-8")
        svg.write_text(
            text.replace("<circle ", f"<circle {rng.choice(SVG_BITS)} ", 1), encoding="utf-8"
        )
    elif how == "flip":
        data = bytearray(svg.read_bytes())
        data[rng.randrange(len(data))] = rng.randrange(256)
        svg.write_bytes(bytes(data))
    elif how == "cut":
        whole = svg.read_bytes()
        svg.write_bytes(whole[: rng.randrange(len(whole))])
    elif how == "nest":
        depth = rng.choice([100, 5000])
        svg.write_text(
            '<svg xmlns="http://www.w3.org/2000/svg">' + "<g>" * depth + "</g>" * depth + "</svg>",
            encoding="utf-8",
        )
    else:
        from PIL import Image

        buf = io.BytesIO()
        Image.new("RGB", (8, 8), (200, 30, 30)).save(buf, "PNG" if how == "png" else "JPEG")
        data = bytearray(buf.getvalue())
        cut = rng.random() < 0.5
        data = data[: rng.randrange(len(data))] if cut else data
        if not cut:
            data[rng.randrange(len(data))] = rng.randrange(256)
        name = f"art/blaze.{'png' if how == 'png' else 'jpg'}"
        (root / "catalog" / game / name).write_bytes(bytes(data))
        cards = root / "catalog" / game / "cards.csv"
        cards.write_text(
            cards.read_text(encoding="utf-8").replace("art/blaze.svg", name), encoding="utf-8"
        )
    return f"art {how}"


# ---------------------------------------------------------------- hostile inputs

TEMPLATE_BOMBS = [
    "{% set l = [] %}{% for i in range(1000) %}{% set _ = l.append('x' * 3999999) %}{% endfor %}",
    "{{ (['x' * 3999999] * 700)|join }}",
    "{{ ([[1] * 100000] * 100000)|sum(start=[]) }}",
    "{{ [[1] * 3999999] * 3999999 }}",
    "{{ ([[1] * 3999999] * 3999999)|tojson }}",
    "{{ ('x\n' * 1999999)|indent(1000) }}",
    "{% set l = [1] %}{% for i in range(40) %}{% set _ = l.extend(l) %}{% endfor %}",
    "{{ ''.join(['x' * 3999999] * 700) }}",
    "{% set ns = namespace(s='') %}{% for i in range(100000) %}{% set ns.s = ns.s ~ 'x' * 1000 "
    "%}{% endfor %}",
    "{{ ('x ' * 1999999)|urlize }}",
    "{{ ('x ' * 1999999)|wordwrap(1) }}",
    "{{ ('x' * 3999999)|list|sort }}",
    "{{ self }}",
    "{{ '%r'|format(joiner) }}",
    "{{ '' ~ cycler }}",
    "{% for i in [1] %}{{ loop }}{% endfor %}",
    "{{ '{!r}'.format(namespace()) }}",
    "{{ [self]|join }}",
    "{{ " + "(" * 3000 + ")" * 3000 + " }}",
    "{{ a }}" * 12000,
    "{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}",
    "{{ ('<' * 3999999)|striptags }}",
    "{% for i in range(100000) %}{% for j in range(100) %}{% endfor %}{% endfor %}",
    "{{ 'x'|center(10**9) }}",
    "{{ ('x' * 3999999)|pprint|length }}",
    "{{ (range(100000)|list * 40)|unique|list|length }}",
]


def template_bomb(rng: random.Random, root: Path, game: str) -> str:
    """A template payload in a card text cell or a template file."""
    bomb = rng.choice(TEMPLATE_BOMBS)
    tables = [p for p in _files(root, game, (".csv",)) if "text" in (_read_csv(p) or [[]])[0]]
    templates = _files(root, game, (".j2",))
    if tables and (not templates or rng.random() < 0.6):
        path = rng.choice(tables)
        rows = _read_csv(path)
        column = rows[0].index("text")
        body = [
            i
            for i, row in enumerate(rows)
            if i and len(row) > column and not row[0].startswith("#")
        ]
        rows[rng.choice(body)][column] = bomb
        _write_csv(path, rows)
        return f"{path.name} text: {bomb[:40]}"
    path = rng.choice(templates)
    lines = path.read_text(encoding="utf-8").splitlines()
    at = rng.randrange(len(lines) + 1)
    lines.insert(at, bomb)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return f"{path.name}:{at + 1}: {bomb[:40]}"


def _svg_bomb(rng: random.Random) -> tuple[bytes, str]:
    how = rng.choice(["use", "elements", "css", "nest", "entities", "comment"])
    if how == "use":
        levels, fanout = rng.choice([(8, 10), (5, 8), (20, 2), (40, 2)])
        return nested_use_svg(levels, fanout), f"use {levels}x{fanout}"
    if how == "elements":
        n = rng.choice([60_000, 1_000_000])
        return many_elements_svg(n), f"{n} elements"
    if how == "css":
        n = rng.choice([20_000, 200_000])
        return many_css_rules_svg(n), f"{n} CSS rules"
    if how == "nest":
        depth = rng.choice([900, 100_000])
        return (
            '<svg xmlns="http://www.w3.org/2000/svg">'
            + "<g>" * depth
            + "<rect width='1' height='1'/>"
            + "</g>" * depth
            + "</svg>"
        ).encode(), f"nested {depth}"
    if how == "entities":
        ents = '<!ENTITY a0 "lol">' + "".join(
            f'<!ENTITY a{i} "{("&a" + str(i - 1) + ";") * 10}">' for i in range(1, 10)
        )
        return (
            f'<?xml version="1.0"?><!DOCTYPE svg [{ents}]><svg xmlns="http://www.w3.org/2000/svg"><title>&a9;</title></svg>'.encode(),
            "entities",
        )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg"><style>' + "/*" * 400_000 + "</style></svg>"
    ).encode(), "unclosed comments"


def svg_bomb(rng: random.Random, root: Path, game: str) -> str:
    """An SVG bomb as the fixture game's art, as one of its icons, or as an outline."""
    data, how = _svg_bomb(rng)
    folder = root / "catalog" / game
    where = rng.choice(["art", "icon", "outline"])
    if where == "art":
        (folder / "art" / "blaze.svg").write_bytes(data)
    elif where == "icon":
        (folder / "icons").mkdir(exist_ok=True)
        (folder / "icons" / "fire.svg").write_bytes(data)
    else:
        (folder / "outline.svg").write_bytes(data)
        (root / "layouts" / game).mkdir(parents=True, exist_ok=True)
        (root / "layouts" / game / "faces.toml").write_text(
            '[layouts.card]\nshape = "path"\noutline = "outline.svg"\n', encoding="utf-8"
        )
    return f"{where}: {how}"


def table_bomb(rng: random.Random, root: Path, game: str) -> str:
    """The fixture game's table replaced by a bomb of another format."""
    folder = root / "catalog" / game
    how = rng.choice(
        ["yaml", "yaml-deep", "json-deep", "xlsx-inflating", "xlsx-cells", "csv-header"]
    )
    if how == "csv-header":
        cards = folder / "cards.csv"
        hidden = rng.choice(
            ["\x1b[2J\x1b[H", "\x1b]0;title\x07", "\u202e", "\x9b31m", "\x08\x08\x08"]
        )
        cards.write_text(
            cards.read_text(encoding="utf-8").replace(
                "designer_choice", f'designer_choice,"odd{hidden}"', 1
            ),
            encoding="utf-8",
        )
        return how
    name = {"yaml": "cards.yaml", "yaml-deep": "cards.yaml", "json-deep": "cards.json"}.get(
        how, "cards.xlsx"
    )
    game_file = folder / "game.toml"
    game_file.write_text(
        game_file.read_text(encoding="utf-8").replace('table = "cards.csv"', f'table = "{name}"'),
        encoding="utf-8",
    )
    (folder / "cards.csv").unlink()
    if how == "yaml":
        levels = rng.choice([3, 6, 9])
        (folder / name).write_text(yaml_alias_bomb(levels), encoding="utf-8")
    elif how == "yaml-deep":
        depth = rng.choice([30, 5000])
        (folder / name).write_text(
            "- id: a\n  name: A\n  count: 1\n  text: " + "[" * depth + "]" * depth + "\n",
            encoding="utf-8",
        )
    elif how == "json-deep":
        depth = rng.choice([30, 100_000])
        (folder / name).write_text(
            '[{"id": "a", "name": "A", "count": 1, "text": ' + "[" * depth + "]" * depth + "}]",
            encoding="utf-8",
        )
    elif how == "xlsx-inflating":
        inflating_xlsx(folder / name, rng.choice([65 << 20, 1 << 30]))
    else:
        many_cells_xlsx(folder / name, rows=rng.choice([200, 10_001]), columns=10)
    return how


def toml_bomb(rng: random.Random, root: Path, game: str) -> str:
    """Many keys, a long dotted key, deep arrays or a control character in a TOML file."""
    path = _pick(rng, _files(root, game, (".toml",)))
    assert path is not None
    how = rng.choice(["keys", "dotted", "deep", "title"])
    text = path.read_text(encoding="utf-8")
    if how == "keys":
        bomb = dotted_toml_keys(rng.choice([1_000, 60_000]))
    elif how == "dotted":
        bomb = "extra." + ".".join(f"k{i}" for i in range(rng.choice([10, 70, 20_000]))) + " = 1\n"
    elif how == "deep":
        bomb = deep_toml(rng.choice([10, 70, 100_000]))
    else:
        bomb = ""
        text = re.sub(
            r'^(title|name) = "',
            lambda m: m.group(0) + rng.choice(["\\u001b[2J", "\\u202e", "\\r", "\\n"]),
            text,
            count=1,
            flags=re.M,
        )
    head, sep, rest = text.partition("\n[")
    path.write_text(bomb + text if not sep else head + "\n" + bomb + "[" + rest, encoding="utf-8")
    return f"{path.name} {how}"


MUTATIONS: dict[str, Callable[[random.Random, Path, str], str]] = {
    "bytes": byte_flip,
    "truncate": truncate,
    "csv-cell": csv_cell,
    "csv-row": csv_row,
    "toml-value": toml_value,
    "toml-key": toml_key,
    "xlsx": xlsx,
    "template": template,
    "art": art,
    "template-bomb": template_bomb,
    "svg-bomb": svg_bomb,
    "table-bomb": table_bomb,
    "toml-bomb": toml_bomb,
}
KINDS = [
    k for k in MUTATIONS if k in os.environ.get("CARDSTOCK_FUZZ_KINDS", k).split(",")
]  # a subset by hand, to chase one class
FIXTURE_ONLY = ("art", "svg-bomb", "table-bomb")  # mutations written for the fixture game's files


def _draw(number: int) -> tuple[random.Random, str, str]:
    """Case `number`'s random source, class and game (the source goes on to damage it)."""
    rng = random.Random(SEED * 100_003 + number)
    kind = rng.choice(KINDS)
    return rng, kind, "mini" if kind in FIXTURE_ONLY else rng.choice(GAMES)


def case_numbers() -> list[int]:
    """The cases a run makes: all `CASES` in the full run or with CARDSTOCK_FUZZ_CASES set;
    by default the first case of every class and of every game, and every 16th case (which
    is rules-checked and drawn too), the same ones on every run."""
    if FULL or "CARDSTOCK_FUZZ_CASES" in os.environ:
        return list(range(CASES))
    kinds: set[str] = set()
    games: set[str] = set()
    chosen = []
    for number in range(CASES):
        _, kind, game = _draw(number)
        if kind not in kinds or game not in games or number % (4 * CHECK_EVERY) == 0:
            chosen.append(number)
        kinds.add(kind)
        games.add(game)
    return chosen


def make_case(number: int, base: Path) -> Case:
    """Case `number`: a fresh project under `base` with one input damaged."""
    rng, kind, game = _draw(number)
    root = base / f"case-{number}"
    if game == "mini":
        shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    else:
        shutil.copytree(ROOT / "catalog" / game, root / "catalog" / game)
        shutil.copytree(ROOT / "layouts" / game, root / "layouts" / game)
    if rng.random() < 0.15 and kind in ("toml-value", "toml-key", "bytes"):
        shared = rng.choice(
            ["default.toml", "symbols.toml", "sheets/cards.toml", "sheets/printers.toml"]
        )
        (root / "layouts" / shared).parent.mkdir(parents=True, exist_ok=True)
        if shared.startswith("sheets/"):
            shutil.copytree(
                ROOT / "layouts" / "sheets", root / "layouts" / "sheets", dirs_exist_ok=True
            )
        else:
            shutil.copy(ROOT / "layouts" / shared, root / "layouts" / shared)
        game_for_files = "_shared"
        note = _mutate_shared(rng, root, shared, kind)
        return Case(number, game, f"{kind} {game_for_files}", root, note)
    note = MUTATIONS[kind](rng, root, game)
    return Case(number, game, kind, root, note)


def _mutate_shared(rng: random.Random, root: Path, shared: str, kind: str) -> str:
    path = root / "layouts" / shared
    if kind == "bytes":
        data = bytearray(path.read_bytes())
        data[rng.randrange(len(data))] = rng.randrange(256)
        path.write_bytes(bytes(data))
        return f"{shared} byte"
    lines = path.read_text(encoding="utf-8").splitlines()
    keyed = [i for i, line in enumerate(lines) if TOML_LINE.match(line)]
    i = rng.choice(keyed)
    m = TOML_LINE.match(lines[i])
    assert m
    if kind == "toml-value":
        lines[i] = f"{m.group(1)}{m.group(2)}{m.group(3)}{rng.choice(VALUES_TOML)}"
    else:
        lines[i] = f"{m.group(1)}{m.group(2)}x{m.group(3)}{m.group(4)}"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return f"{shared}:{i + 1}"


# ---------------------------------------------------------------- running a case


class _Hang(Exception):
    pass


def _alarm(signum, frame):  # noqa: ARG001
    raise _Hang()


def run_case(case: Case, tally: Tally, check: bool, draw: bool = False) -> None:
    """Validate (and maybe rules-check) the case in this process, under a time limit."""
    from conftest import run_checks

    label = f"case {case.number} ({case.game}, {case.mutation}: {case.note})"
    start = time.perf_counter()
    cpu = time.process_time()
    previous = signal.signal(signal.SIGALRM, _alarm)
    previous_prof = signal.signal(signal.SIGPROF, _alarm)
    signal.alarm(WAIT_SECONDS)  # wall time: a case waiting on something
    signal.setitimer(
        signal.ITIMER_PROF, CASE_SECONDS
    )  # processor time: a case working for ever (load on a shared machine does not count)
    try:
        catalogs, issues = validate(case.root, [case.game], BuildOptions(out=case.root / "output"))
        errors = issues.errors
        for issue in issues:
            if RAW_CONTROL.search(issue.render()):
                tally.unlocated.append(f"{label}: a raw control character in {issue.render()!r}")
        if errors:
            tally.input_errors += 1
            for issue in errors:
                if not LOCATED.match(issue.render()) or not issue.file:
                    tally.unlocated.append(f"{label}: {issue.render()}")
        elif check and catalogs:
            tally.checked += 1
            report = run_checks(catalogs, runs=2)
            for game in report.games:
                for c in game.checks:
                    if "stopped with" in (c.summary or ""):
                        tally.internal.append(f"{label}: {c.summary}")
            if draw:  # as --force would: every face drawn and written, whatever the check said
                from cardstock.render.stage import build_svgs

                tally.drawn += 1
                build_svgs(job_of(catalogs[0], BuildOptions(out=case.root / "output", force=True)))
    except _Hang:
        tally.hangs.append(label)
    except InputError as exc:  # bad input only drawing finds: the command line prints it, exit 2
        tally.input_errors += 1
        for issue in exc.issues:
            if not LOCATED.match(issue.render()) or not issue.file:
                tally.unlocated.append(f"{label}: {issue.render()}")
    except Exception as exc:  # noqa: BLE001 - what the fuzz test looks for
        tally.internal.append(f"{label}: {type(exc).__name__}: {exc}"[:500])
    finally:
        signal.alarm(0)
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGALRM, previous)
        signal.signal(signal.SIGPROF, previous_prof)
    tally.cases += 1
    kind = case.mutation.split()[0]
    tally.kinds[kind] = tally.kinds.get(kind, 0) + 1
    tally.slowest = max(tally.slowest, time.perf_counter() - start)
    if time.process_time() - cpu > SLOW_SECONDS:
        tally.slow.append(f"{label}: {time.process_time() - cpu:.1f} s of processor time")


def test_damaged_games_never_crash_validation_or_the_rules_check(tmp_path):
    tally = Tally()
    for number in case_numbers():
        case = make_case(number, tmp_path)
        run_case(case, tally, check=number % CHECK_EVERY == 0, draw=number % (2 * CHECK_EVERY) == 0)
        shutil.rmtree(case.root, ignore_errors=True)
    print(
        f"\nfuzz: {tally.cases} cases (seed {SEED}), {tally.input_errors} with input errors, "
        f"{tally.checked} rules-checked, {tally.drawn} drawn, "
        f"{len(tally.internal)} internal errors, {len(tally.hangs)} hangs, {len(tally.slow)} past "
        f"{SLOW_SECONDS:g} s, "
        f"{len(tally.unlocated)} unlocated messages, slowest case {tally.slowest:.2f}s"
    )
    print("fuzz: cases by class: " + ", ".join(f"{k} {n}" for k, n in sorted(tally.kinds.items())))
    assert tally.internal == []
    assert tally.hangs == []
    assert tally.unlocated == []
    assert tally.input_errors > tally.cases // 4  # the mutator does damage the games


@pytest.mark.parametrize("number", range(BUILDS))
def test_a_whole_build_of_a_damaged_game_exits_cleanly(tmp_path, number):
    """A few cases as a user meets them: `cardstock build` in its own process."""
    case = make_case(10_000 + number, tmp_path)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDSTOCK_NO_SERVER": "1"}
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "cardstock.cli",
            "--root",
            str(case.root),
            "build",
            case.game,
            "--jobs",
            "1",
            "--only",
            "svg,pnp",
            "--force",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert run.returncode in (0, 1, 2), run.stderr
    assert "Traceback" not in run.stderr and "internal error" not in run.stderr, run.stderr
    if run.returncode == 2:
        lines = [
            line
            for line in run.stderr.splitlines()
            if not re.match(r"^\d+ errors?; nothing was written\.$", line)
        ]
        assert lines and all(LOCATED.match(line) for line in lines), run.stderr
        assert not (case.root / "output" / case.game).exists()
