"""The validation stage: every input a build reads is checked before anything is written.

Each case breaks one input of a copy of the fixture game (its catalog, or a copy of a shared
layout file in the project) and builds it: the build exits 2, prints the exact
`path:line: field: message` once, and leaves no output folder behind.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT, validate

from cardstock.core.project import shipped_layouts

Edit = Callable[[Path], None]


def _copy_shared(root: Path, relative: str) -> Path:
    """The project's own copy of a shipped layout file or folder (it then replaces it)."""
    target = root / "layouts" / relative
    source = shipped_layouts() / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    if source.is_dir():
        shutil.copytree(source, target)
    else:
        shutil.copy(source, target)
    return target


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _write(relative: str, text: str) -> Edit:
    def edit(root: Path) -> None:
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")

    return edit


def _csv(old: str, new: str) -> Edit:
    return lambda root: _replace(root / "catalog" / "mini" / "cards.csv", old, new)


def _sheet(name: str, old: str, new: str) -> Edit:
    def edit(root: Path) -> None:
        _copy_shared(root, "sheets")
        _replace(root / "layouts" / "sheets" / name, old, new)

    return edit


def _symbols(old: str, new: str) -> Edit:
    def edit(root: Path) -> None:
        _replace(_copy_shared(root, "symbols.toml"), old, new)

    return edit


def _png_that_is_not(root: Path) -> None:
    (root / "catalog" / "mini" / "art" / "blaze.png").write_bytes(b"GIF89a not a png at all")
    _replace(root / "catalog" / "mini" / "cards.csv", "art/blaze.svg", "art/blaze.png")


RULES = '[[counts]]\nname = "every card"\nmatch = { set = "cards" }\ncount = "six"\n'

# (case, edit of the project, extra build options, the exact line expected)
CASES: list[tuple[str, Edit, list[str], str]] = [
    (
        "catalog",
        _csv("ember,Ember,2", "ember,Ember,two"),
        [],
        "catalog/mini/cards.csv:2: count: expected a whole number, got 'two'",
    ),
    (
        "rules",
        _write("catalog/mini/rules.toml", RULES),
        [],
        "catalog/mini/rules.toml:4: counts[0].count: expected a whole number, got 'six'",
    ),
    (
        "layout key",
        _write("layouts/mini/faces.toml", '[layouts.card.boxes.title]\ncolour = "#ff0000"\n'),
        [],
        "layouts/mini/faces.toml:2: layouts.card.boxes.title.colour: unknown key; expected one of: "
        "font, fallback, size, min_size, "
        "leading, color, align, valign, wrap, max_lines, shrink_first, markup, para_space, "
        "type, when, frame, "
        "left, top, right, bottom, "
        "width, height, z, rotate, fill, stroke, stroke_width, radius, dash, opacity, inset, ink, "
        "text, "
        "style, padding, rule, "
        "field, underline, overflow, continue_on, continue_layout, icon, symbol, count, icons, "
        "arrange, art, fit, position, placeholder, "
        "pattern, drawn, part",
    ),
    (
        "layout value",
        _write("layouts/mini/faces.toml", '[layouts.card.boxes.title]\ntop = "6 furlongs"\n'),
        [],
        "layouts/mini/faces.toml:2: layouts.card.boxes.title.top: "
        "unknown unit 'furlongs' in '6 furlongs'; expected one of pt, in, mm, cm, pc, px or a "
        "percentage such as '50%'",
    ),
    (
        "layout colour",
        _write("layouts/mini/faces.toml", '[layouts.card.boxes.title]\nfill = "reddish"\n'),
        [],
        "layouts/mini/faces.toml:2: layouts.card.boxes.title.fill: expected a colour '#rrggbb', "
        "a CSS colour name ('crimson'), a theme colour "
        "(accent, ink, muted, paper, rule, tab, white) or 'none', got 'reddish'",
    ),
    (
        "layout template",
        _write("layouts/mini/faces.toml", '[layouts.card.boxes.title]\ntext = "{{ name "\n'),
        [],
        "layouts/mini/faces.toml:2: layouts.card.boxes.title.text: template syntax error: "
        "unexpected end of template, "
        "expected 'end of print statement'.",
    ),
    (
        "symbol",
        _symbols('fire = "flame"', 'fire = "no-such-symbol"'),
        [],
        "layouts/symbols.toml:11: aliases.fire: names the symbol 'no-such-symbol', which the "
        "library does not define",
    ),
    (
        "sheet",
        _sheet("cards.toml", 'gap = "3mm"', 'gap = "3mm"\nbogus = 1'),
        [],
        "layouts/sheets/cards.toml:32: gutterfold.bogus: unknown key; expected one of: gap",
    ),
    (
        "printer profile",
        _sheet("printers.toml", 'back_offset = "0mm,0mm"', 'back_offset = "0mm"'),
        [],
        "layouts/sheets/printers.toml:18: printers.exact.back_offset: expected an offset 'X,Y' "
        "such as '1.2mm,-0.5mm', got '0mm'",
    ),
    (
        "template syntax",
        _write("layouts/mini/rulebook.md.j2", "# {{ game.title }}\n\n{% if players %}\nno end\n"),
        [],
        "layouts/mini/rulebook.md.j2:4: rulebook: template syntax error: Unexpected end of "
        "template. Jinja was looking "
        "for the following tags: 'elif' or 'else' or 'endif'. The innermost block that needs to be "
        "closed is 'if'.",
    ),
    (
        "unknown template name",
        _write("layouts/mini/rulebook.md.j2", "# {{ game.title }}\n\n{{ gmae.version }}\n"),
        [],
        "layouts/mini/rulebook.md.j2:3: rulebook: the template names 'gmae', which it is not "
        "given; it has: beside, by_name, cell, component, "
        "component_list, components, contents, count, cover, designer_choices, example, faces, "
        "fact, game, glossary, group_of, groups, icon, icons, index, kinds, ngettext, number, "
        "page_break, percent, players, plural, rules, said, see, select, sets, setup_picture, "
        "setup_step, spelt, table, tables, totals",
    ),
    (
        "missing font",
        _write("layouts/mini/faces.toml", '[styles.title]\nfont = "comic-sans"\n'),
        [],
        "layouts/mini/faces.toml:2: styles.title.font: unknown font 'comic-sans'; "
        "the fonts are: sans, sans-bold, sans-italic, serif, serif-bold, serif-italic, mono",
    ),
    (
        "missing art",
        _csv("art/blaze.svg", "art/missing.png"),
        [],
        "catalog/mini/cards.csv:3: art: art file not found: catalog/mini/art/missing.png",
    ),
    (
        "art of the wrong type",
        _png_that_is_not,
        [],
        "catalog/mini/cards.csv:3: art: catalog/mini/art/blaze.png: the art file is not a PNG "
        "image (its first bytes say otherwise)",
    ),
    (
        "bad option",
        lambda root: None,
        ["--back-offset", "1.2furlongs,0mm"],
        "command line: --back-offset: unknown unit 'furlongs' in '1.2furlongs'; expected one of "
        "pt, in, mm, cm, pc, px",
    ),
    (
        "unknown printer",
        lambda root: None,
        ["--printer", "nope"],
        "cardstock:layouts/sheets/printers.toml: printers: unknown printer 'nope'; the profiles "
        "are: exact",
    ),
    (
        "huge count",
        _csv("ember,Ember,2", "ember,Ember,1000000000000"),
        [],
        "catalog/mini/cards.csv:2: count: expected a count of at most 10000 (cardstock's limit for "
        "one component), got '1000000000000'",
    ),
]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    return root


@pytest.mark.parametrize("case, edit, options, expected", CASES, ids=[c[0] for c in CASES])
def test_a_broken_input_of_every_kind_exits_2_before_anything_is_written(
    project, cli, case, edit, options, expected
):
    edit(project)
    result = cli("--root", str(project), "build", "--jobs", "1", *options)
    lines = result.err.splitlines()
    assert result.code == 2, result.err
    assert expected in lines, result.err
    assert lines.count(expected) == 1
    assert "Traceback" not in result.err and "internal error" not in result.err
    assert not (project / "output").exists()


def test_a_project_output_folder_is_left_as_it_was(project, cli):
    """A broken input found on a rebuild leaves the earlier build's files untouched."""
    assert cli("--root", str(project), "build", "--jobs", "1", "--only", "svg").code == 0
    before = {p: p.read_bytes() for p in (project / "output").rglob("*") if p.is_file()}
    _write("layouts/mini/faces.toml", '[layouts.card.boxes.title]\ntop = "6 furlongs"\n')(project)
    assert cli("--root", str(project), "build", "--jobs", "1").code == 2
    after = {p: p.read_bytes() for p in (project / "output").rglob("*") if p.is_file()}
    assert after == before


def test_a_layout_mistake_every_card_hits_is_one_issue(project, cli):
    _write("layouts/mini/faces.toml", '[layouts.card]\nextends = "nothing"\n')(project)
    result = cli("--root", str(project), "build", "--jobs", "1")
    assert result.code == 2
    assert result.err.splitlines() == [
        "layouts/mini/faces.toml:2: layouts.card.extends: unknown layout 'nothing'; the layouts "
        "are: " + ", ".join(sorted(_layout_names())),
        "1 error; nothing was written.",
    ]


def _layout_names() -> list[str]:
    import tomllib

    data = tomllib.loads((shipped_layouts() / "default.toml").read_text(encoding="utf-8"))
    return list(data["layouts"])


def test_a_missing_layout_is_one_issue_saying_how_many_components_need_it(project):
    default = _copy_shared(project, "default.toml")
    text = default.read_text(encoding="utf-8")
    for old, new in (
        ("[layouts.card]", "[layouts.poster]"),
        ("[layouts.card.", "[layouts.poster."),
        ('extends = "card"', 'extends = "poster"'),
    ):
        assert old in text
        text = text.replace(old, new)
    default.write_text(text, encoding="utf-8")
    _, issues = validate(project, ["mini"])
    assert [i.render() for i in issues] == [
        "layouts/default.toml: there is no layout 'card' (needed by 4 components, first 'ember')",
    ]


def test_the_shipped_games_validate_cleanly():
    from cardstock.core.stage import BuildOptions

    catalogs, issues = validate(ROOT, None, BuildOptions(out=ROOT / "output"))
    assert len(catalogs) == 5
    assert [i.render() for i in issues] == []


def test_a_rules_check_validates_every_input_too(project, cli):
    _write("layouts/mini/faces.toml", '[layouts.card.boxes.title]\ncolour = "#ff0000"\n')(project)
    result = cli("--root", str(project), "check")
    assert result.code == 2
    assert result.err.startswith(
        "layouts/mini/faces.toml:2: layouts.card.boxes.title.colour: unknown key"
    )


def test_a_layout_template_that_fails_on_every_face_is_one_finding_naming_the_count(project, cli):
    """A name only known when a face is drawn: bad input (exit 2), reported once with the
    number of faces it hit and the first of them."""
    _write("layouts/mini/faces.toml", '[layouts.card.boxes.title]\ntext = "{{ nosuch }}"\n')(
        project
    )
    result = cli("--root", str(project), "check", "mini")
    assert result.code == 2
    found = [
        line.strip() for line in result.err.splitlines() if "layouts.card.boxes.title.text" in line
    ]
    assert found == [
        "layouts/mini/faces.toml:2: layouts.card.boxes.title.text: the template names something "
        "that does not exist: "
        "'nosuch' is undefined (drawing 4 faces, first component 'ember')",
    ]


def test_a_symbol_file_that_does_not_load_is_one_problem_not_one_per_icon(project, cli):
    _symbols('fire = "flame"', "fire = []")(project)
    result = cli("--root", str(project), "build", "--jobs", "1")
    assert result.code == 2
    assert result.err.splitlines() == [
        "layouts/symbols.toml:11: aliases.fire: expected text, got a list",
        "1 error; nothing was written.",
    ]


def test_a_long_value_is_quoted_by_its_start_and_length(project, cli):
    _csv("ember,Ember,2,Fire", "ember,Ember,2," + "Fire" * 50)(project)
    result = cli("--root", str(project), "build", "--jobs", "1")
    assert result.code == 2
    first = result.err.splitlines()[0]
    assert first.startswith(
        "catalog/mini/cards.csv:2: suit: expected one of 'Fire' or 'Water', got 'FireFire"
    )
    assert first.endswith("… (200 characters)") and len(first) < 200
