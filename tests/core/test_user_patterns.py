"""The patterns a user writes and cardstock fills in (a set's `group` and `ids`, the
`[playtest] code` of the QR codes, a game's own words for cardstock's messages) go
through one formatter: a field is a name alone, `{{` and `}}` are braces, the pattern and
what it fills to are bounded. Anything else is refused where it is written, at its line,
before anything is written (docs/catalog-format.md, "Patterns")."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import validate
from helpers_languages import GAME as DEMO
from helpers_languages import french_demo

from cardstock.cli import main
from cardstock.core.patterns import FILLED_MAX, PATTERN_MAX, check_pattern, fill
from cardstock.core.stage import BuildOptions
from cardstock.core.toolwords import ToolWords

HOSTILE = [
    "{version:d}",
    "{version:{0}}",
    "{version:>2000000000}",
    "{0}",
    "{}",
    "{version.__class__}",
    "{version[0]}",
    "{version!r}",
    "{version",
    "version}",
    "{game}/{card}@{version}}",
    "{" + "game" * 2 + "{version}}",
    "{version}" + "x" * 10_000,
]


# ---------------------------------------------------------------- the formatter


def test_a_pattern_fills_each_named_field_with_its_value():
    values = {"realm": "Sky", "strength": 3}
    assert fill("Realm: {realm} ({strength})", values) == "Realm: Sky (3)"


def test_doubled_braces_are_braces():
    assert fill("{{{realm}}}", {"realm": "Sky"}) == "{Sky}"


def test_a_field_the_values_do_not_give_is_a_key_error():
    with pytest.raises(KeyError):
        fill("{realm}", {})


@pytest.mark.parametrize("pattern", HOSTILE)
def test_a_field_that_is_not_a_name_alone_is_refused(pattern):
    with pytest.raises(ValueError):
        check_pattern(pattern)
    with pytest.raises(ValueError):
        fill(pattern, {"game": "g", "card": "c", "version": "123456"})


def test_a_pattern_longer_than_its_bound_is_refused():
    check_pattern("x" * PATTERN_MAX)
    with pytest.raises(ValueError, match="characters long"):
        check_pattern("x" * (PATTERN_MAX + 1))


def test_a_pattern_that_fills_past_its_bound_is_refused():
    with pytest.raises(ValueError, match="fills to more than"):
        fill("{a}{a}", {"a": "x" * (FILLED_MAX // 2 + 1)})


def test_a_pattern_may_be_held_to_the_names_it_is_given():
    assert check_pattern("{card}@{version}", ("card", "version"))
    with pytest.raises(ValueError, match=r"unknown name \{name\}"):
        check_pattern("{name}", ("card", "version"))


# ---------------------------------------------------------------- where users write them


def _code(mini, code: str) -> None:
    mini.append("game.toml", f"\n[playtest]\nqr = true\ncode = '{code}'\n")


@pytest.mark.parametrize("code", HOSTILE)
def test_a_hostile_playtest_code_is_refused_at_its_line_before_anything_is_written(mini, cli, code):
    _code(mini, code)
    line = mini.path("game.toml").read_text(encoding="utf-8").splitlines().index(f"code = '{code}'")
    result = cli("--root", str(mini.root), "build", "--only", "svg")
    assert result.code == 2, result.err
    assert f"catalog/mini/game.toml:{line + 1}: playtest.code: " in result.err
    assert "internal error" not in result.err + result.out
    assert not (mini.root / "output").exists()


def test_a_playtest_code_of_plain_names_is_filled_in(mini, cli):
    _code(mini, "{{{game}}}:{card}@{version}")
    result = cli("--root", str(mini.root), "build", "--only", "svg")
    assert result.code == 0, result.err


@pytest.mark.parametrize("key", ["group", "ids"])
@pytest.mark.parametrize("pattern", ["{suit!r}", "{suit:>5}"])
def test_a_set_pattern_that_is_not_names_alone_is_refused_at_its_line(mini, cli, key, pattern):
    if key == "group":
        mini.replace("game.toml", 'group = "Deck: {suit}"', f'group = "Deck: {pattern}"')
    else:
        mini.replace("game.toml", 'group = "Deck: {suit}"', f'group = "Deck"\nids = "{pattern}"')
    result = cli("--root", str(mini.root), "list")
    assert result.code == 2
    assert "catalog/mini/game.toml:" in result.err and f".{key}: " in result.err
    assert "internal error" not in result.err


def test_a_games_words_for_a_message_of_cardstocks_are_filled_by_the_same_formatter():
    words = ToolWords("fr", {"{part}/{parts} · {name}": "{part} sur {parts} · {name}"})
    assert words("{part}/{parts} · {name}", part=1, parts=2, name="X") == "1 sur 2 · X"
    hostile = ToolWords("fr", {"{part}/{parts} · {name}": "{part:>20}/{parts} · {name}"})
    with pytest.raises(ValueError):
        hostile("{part}/{parts} · {name}", part=1, parts=2, name="X")


@pytest.mark.parametrize("words", ["{n:>20} pièce", "{n!r} pièce", "{n} pièce {n:>9}"])
def test_a_games_words_the_formatter_refuses_are_an_error_at_their_line(tmp_path: Path, words):
    root = french_demo(tmp_path / "proj")
    assert main(["--root", str(root), "translate", "update", DEMO, "--lang", "fr"]) == 0
    path = root / "catalog" / DEMO / "translations" / "fr.po"
    own = (
        '\nmsgctxt "cardstock"\nmsgid "{n} component"\nmsgid_plural "{n} components"\n'
        f'msgstr[0] "{words}"\nmsgstr[1] "{{n}} pièces"\n'
    )
    path.write_text(path.read_text(encoding="utf-8") + own, encoding="utf-8")
    options = BuildOptions(out=tmp_path / "out", lang="fr", only=frozenset({"rulebook"}))
    _, issues = validate(root, [f"{DEMO}-fr"], options)
    said = [i for i in issues.items if i.field == "cardstock"]
    lines = path.read_text(encoding="utf-8").split("\n")
    assert [(i.level, i.line) for i in said] == [  # at the refused form's own msgstr
        ("error", lines.index(f'msgstr[0] "{words}"') + 1)
    ]
    assert "a field is a name alone" in said[0].message
