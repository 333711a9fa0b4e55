"""Every feature is findable: each key of the project's TOML files, each column option,
each layout key and each command-line option has a described entry in the docs with a
small example. The keys and options are listed from the code (the models, the layout
registry, the argparse parser), so a new one without an entry fails here."""

from __future__ import annotations

import re
import shlex
import tomllib

import pytest
from conftest import ROOT

from cardstock.catalog.fields import BACK_COLUMN, FIELD_TYPES, RESERVED_COLUMNS
from cardstock.cli import parser
from cardstock.cli.docpage import EXAMPLES, commands, documented_actions, option_name
from cardstock.docs import REFERENCE_FILES, key_example, key_name, model_tables, models_in
from cardstock.layout.language.reference import BOX_KEYS, LAYOUT_KEYS

DOCS = ROOT / "docs"


def _keys():
    """(file, table path, key, field) for every key of every table of every file."""
    for ref in REFERENCE_FILES:
        for path, model in model_tables(ref.model, "", ref.elsewhere):
            for name, info in model.model_fields.items():
                yield ref.path, path, key_name(name, info), info


def _cli_options():
    """(command, option name, action) for every option of the global parser and each
    command ("" is the global parser)."""
    p = parser()
    for action in documented_actions(p):
        yield "", option_name(action), action
    for name, _, sub in commands(p):
        for action in documented_actions(sub):
            yield name, option_name(action), action


def test_every_key_of_every_project_file_has_a_description_and_an_example():
    missing = []
    for file, path, key, info in _keys():
        where = f"{file} {path + '.' if path else ''}{key}"
        if not (info.description and info.description.strip()):
            missing.append(f"{where}: no description= in its Field")
        holds_tables = bool(models_in(info.annotation))
        example = key_example(key, info)
        if example is None and not holds_tables:
            missing.append(f"{where}: no examples= in its Field")
        if example is not None:
            parsed = tomllib.loads(example)  # an example is a line of TOML as written
            assert list(parsed) == [key], where
    assert not missing, "\n".join(missing)


def test_the_reference_page_lists_every_key_under_its_table():
    page = (DOCS / "catalog-reference.md").read_text(encoding="utf-8")
    sections = re.split(r"^## ", page, flags=re.M)
    for file, path, key, _ in _keys():
        section = next(s for s in sections if s.startswith(f"`{file}`"))
        table = section.split(f"### `{path}`\n", 1)[1] if path else section
        assert f"\n| `{key}` |" in table.split("\n### ", 1)[0], f"{file} {path} {key}"


def test_tables_documented_by_hand_name_each_of_their_keys():
    """Sections a hand-written page describes (rules.toml's setup, decks, asides; a print
    shop's tuck boxes) name each key their model reads."""
    for ref in REFERENCE_FILES:
        for model, page in ref.elsewhere.items():
            text = (ROOT / page).read_text(encoding="utf-8")
            for name, info in model.model_fields.items():
                key = key_name(name, info)
                assert re.search(rf"\b{re.escape(key)}\b", text), f"{page}: {key}"


def test_every_field_type_and_reserved_column_is_in_the_catalog_format():
    text = (DOCS / "catalog-format.md").read_text(encoding="utf-8")
    types = text.split("### Field types", 1)[1].split("\n### ", 1)[0]
    for name in FIELD_TYPES:
        assert re.search(rf"^\|[^|\n]*`{name}`", types, re.M), f"field type {name}"
    reserved = text.split("### Reserved columns", 1)[1].split("\n## ", 1)[0]
    for name in (*RESERVED_COLUMNS, BACK_COLUMN):
        assert f"| `{name}` |" in reserved, f"reserved column {name}"


def test_the_features_once_found_only_in_the_schema_are_described():
    """Backs chosen by a column's value, emoji and text replacement at load, nested YAML
    names and the ids pattern are each described with an example in the reference, which
    docs/catalog-format.md links to; it no longer says emoji are refused outright."""
    reference = (DOCS / "catalog-reference.md").read_text(encoding="utf-8")
    for example in (
        'back_column = "',
        "back_values = {",
        'emoji = { "',
        'replace = { "',
        'secret = "back.name"',
        'ids = "{set}-{name}"',
    ):
        assert example in reference, example
    text = (DOCS / "catalog-format.md").read_text(encoding="utf-8")
    assert "docs/catalog-reference.md" in text and "docs/commands.md" in text
    assert "back_column = " in text and "emoji = {" in text
    assert "declare an icon in `[icons]` and write\n  `:name:` instead;" not in text


def test_every_layout_key_has_a_meaning_and_an_example():
    for name, key in {**LAYOUT_KEYS, **BOX_KEYS}.items():
        assert key.doc.strip() and key.example.strip(), name
    page = (DOCS / "layouts.md").read_text(encoding="utf-8")
    for name in (*LAYOUT_KEYS, *BOX_KEYS):
        assert re.search(rf"^\| `{name}`", page, re.M), name


def test_every_command_line_option_has_help_and_an_example():
    listed = set()
    for command, name, action in _cli_options():
        listed.add((command, name))
        assert action.help and action.help.strip(), f"cardstock {command} {name}: no help="
        assert (command, name) in EXAMPLES, f"cardstock {command} {name}: no example"
    assert set(EXAMPLES) == listed, "examples of options the parser no longer has"
    page = (DOCS / "commands.md").read_text(encoding="utf-8")
    for name, _, _ in commands(parser()):
        assert f"## `cardstock {name}`" in page, name


def _after_globals(argv: list[str]) -> int:
    """Where the command starts, after `--debug` and `--root DIR`."""
    i = 0
    while i < len(argv) and argv[i] in ("--debug", "--root"):
        i += 2 if argv[i] == "--root" else 1
    return i


@pytest.mark.parametrize(("command", "option"), sorted(EXAMPLES))
def test_each_command_line_example_parses_and_sets_its_option(command, option):
    """An example is a command as typed (with no command, cardstock builds); it parses,
    and gives the option it stands for a value."""
    p = parser()
    argv = shlex.split(EXAMPLES[command, option].split(" > ")[0])
    assert argv.pop(0) == "cardstock"
    if option == "--version":
        with pytest.raises(SystemExit):
            p.parse_args(argv)
        return
    start = _after_globals(argv)
    if start >= len(argv) or argv[start] not in p.get_default("commands"):
        argv = argv[:start] + ["build"] + argv[start:]
    args = p.parse_args(argv)
    assert args.command == (command or args.command)
    dest = next(a.dest for c, n, a in _cli_options() if (c, n) == (command, option))
    assert getattr(args, dest) not in (None, False, []), EXAMPLES[command, option]


def test_the_readme_links_each_reference_from_your_own_game():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    own = readme.split("## Your own game", 1)[1].split("\n## ", 1)[0]
    for page in (
        "docs/catalog-format.md",
        "docs/catalog-reference.md",
        "docs/layouts.md",
        "docs/commands.md",
        "docs/rules-format.md",
    ):
        assert page in own, page
