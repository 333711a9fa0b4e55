"""A name that comes from a project or from the network becomes a path only through one
door, `cardstock.core.names`: `plain_name` says what keeps a text from being one entry of
one folder, and `child(folder, name)` joins only such a name.

The rule is held by reading the code, not a list of places: every path join in
`cardstock/` — `folder / x`, `folder.joinpath(x)`, `os.path.join(folder, x)`,
`Path(folder, x)` — whose joined part is made from a variable of an input kind
(`INPUT_NAMES`: a game's id, a set's id, a language code, a print shop's name, a card's
id) fails the test: such a name is joined with `child`, whose call is no join. Ids a
pydantic model has already held to a slug (`catalog.id`, a component's `id`) are read
through attributes named `id`, which are not of an input kind."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ROOT

from cardstock.core.names import MAX_BYTES, NAME_MAX, NotPlain, child, plain_name

PACKAGE = ROOT / "cardstock"
# the names of the variables and attributes that hold a name read from input
INPUT_NAMES = frozenset(
    {
        "game",
        "game_id",
        "gid",
        "set_id",
        "lang",
        "language",
        "card_id",
        "sid",
        "service",
    }
)


def _leaves(expr: ast.AST) -> Iterator[str]:
    """The variables and attributes an expression's value is made from: `game`, `r.set`
    (its last name only: `catalog.game.id` is an `id`), the values an f-string formats
    and a call's arguments (not the function called)."""
    if isinstance(expr, ast.Name):
        yield expr.id
    elif isinstance(expr, ast.Attribute):
        yield expr.attr
    elif isinstance(expr, ast.Call):
        for arg in [*expr.args, *(k.value for k in expr.keywords)]:
            yield from _leaves(arg)
    else:
        for part in ast.iter_child_nodes(expr):
            yield from _leaves(part)


def _joined(node: ast.AST) -> list[ast.expr]:
    """The parts a node joins onto a path (none when it is no path join)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        return [node.right]
    if not isinstance(node, ast.Call):
        return []
    f = node.func
    if isinstance(f, ast.Attribute) and f.attr == "joinpath":
        return list(node.args)
    if isinstance(f, ast.Attribute) and f.attr == "join" and ast.unparse(f.value) == "os.path":
        return list(node.args[1:])
    if isinstance(f, ast.Name) and f.id in ("Path", "PurePath", "PurePosixPath"):
        return list(node.args[1:])
    return []


def unguarded_joins(source: str) -> list[tuple[int, str]]:
    """Each path join of `source` whose joined part is made from an input name: (line,
    the join as written)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        for part in _joined(node):
            if INPUT_NAMES & set(_leaves(part)):
                found.append((getattr(node, "lineno", 0), ast.unparse(node)))
    return sorted(found)


def test_no_path_is_joined_from_an_input_name_but_through_the_door():
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{line}: {code}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, code in unguarded_joins(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "join these with cardstock.core.names.child:\n" + "\n".join(found)


def test_the_reading_finds_every_kind_of_join_made_from_an_input_name():
    source = "\n".join(
        [
            "import os",
            "def f(root, game, lang, r, catalog):",
            '    a = root / "catalog" / game / "game.toml"',
            '    b = root / "translations" / f"{lang}.po"',
            "    c = os.path.join(root, game)",
            "    d = root.joinpath(str(r.set_id))",
            "    e = Path(root, lang)",
            '    ok = child(root / "catalog", game) / "game.toml"',
            "    ok = root / catalog.game.id / f'{catalog.id}.pdf'",
            "    ok = width / game_count",
        ]
    )
    assert [line for line, _ in unguarded_joins(source)] == [3, 4, 5, 6, 7]


HOSTILE = [
    "",
    ".",
    "..",
    "../x",
    "a/b",
    "a\\b",
    "x/../../game.toml",
    "deck\x00.csv",
    "deck\n.csv",
    "deck\x1b[2J",
    "deck\u202egpj.exe",
    "C:deck",
    "deck:stream",
    'de"ck',
    "-deck",
    "--root",
    "deck.",
    "deck ",
    "d" * (NAME_MAX + 1),
]


@pytest.mark.parametrize("name", HOSTILE)
def test_a_name_that_is_not_one_entry_of_one_folder_is_refused_in_words(name):
    problem = plain_name(name)
    assert isinstance(problem, str) and problem
    with pytest.raises(NotPlain):
        child(Path("folder"), name)


@pytest.mark.parametrize(
    "name",
    [
        "d" * (MAX_BYTES + 1),
        "é" * (MAX_BYTES // 2 + 1),  # few letters, but more bytes than a name may have
    ],
)
def test_a_name_read_from_input_is_short_though_a_file_name_built_from_it_may_be_longer(name):
    assert plain_name(name) == f"a name of {len(name.encode())} bytes (at most {MAX_BYTES})"
    assert child(Path("folder"), name + "-rulebook.pdf") == Path("folder") / f"{name}-rulebook.pdf"


@pytest.mark.parametrize("value", [None, 5, 1.5, True, ["deck"], {"a": 1}, b"deck"])
def test_a_name_that_is_not_text_is_refused_by_its_type(value):
    assert plain_name(value) == f"a name is text, not {type(value).__name__}"


@pytest.mark.parametrize(
    "name", ["deck", "moon-race", "pt-BR", "deck.csv", "notes 2024.csv", "été", "d" * MAX_BYTES]
)
def test_a_plain_name_is_joined_as_it_is(name):
    assert plain_name(name) is None
    assert child(Path("folder"), name) == Path("folder") / name
