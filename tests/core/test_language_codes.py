"""A language code is read in one place (`cardstock.core.language`): a BCP 47 tag as Babel
reads one, at most 35 characters. Every command takes the same codes, from game.toml or
`--lang`, whatever their case (`en-gb`, `fr-ca`, `zh-hant-tw`, `sr-latn`, `de-ch-1996`),
and hands Babel its own spelling of them; anything else (a path, a very long code) is
refused with one located message, exit 2, before any file is read by it or written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from babel.core import get_locale_identifier, parse_locale
from conftest import FIXTURES

from cardstock.cli import main
from cardstock.core.language import MAX_LENGTH, babel_name, refused

REGIONAL = ("en-gb", "fr-ca", "zh-hant-tw", "sr-latn", "de-ch-1996")
CODES = (*REGIONAL, "de", "qps", "pt-BR", "zh-Hant", "es-419", "en-US-posix", "sl-rozaj")
NOT_CODES = (
    "../x",
    "x",
    "a" * 300,
    "fr/../../etc",
    "en-abc",
    "en gb",
    "en_GB",
    "EN",
    "en-",
    "zh-Hant-TW-1996-extra",
    "",
    "fr\x00",
)


@pytest.mark.parametrize("code", CODES)
def test_a_code_is_spelt_for_babel_as_babel_reads_it(code):
    assert refused(code) is None
    assert babel_name(code) == get_locale_identifier(parse_locale(code, sep="-"))


@pytest.mark.parametrize("code", NOT_CODES)
def test_what_is_no_code_is_refused_with_a_reason(code):
    problem = refused(code)
    assert problem is not None
    assert (f"at most {MAX_LENGTH}" in problem) == (len(code) > MAX_LENGTH)
    assert len(problem) < 300  # a long code is described, not repeated


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / "mini")
    return tmp_path


def _declare(root: Path, line: str) -> None:
    game = root / "catalog" / "mini" / "game.toml"
    text = game.read_text(encoding="utf-8").replace("players = ", f"{line}\nplayers = ", 1)
    game.write_text(text, encoding="utf-8")


def run(capsys, root: Path, *args: str) -> tuple[int, str]:
    code = main(["--root", str(root), *args])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def _po(root: Path, code: str) -> Path:
    return root / "catalog" / "mini" / "translations" / f"{code}.po"


@pytest.mark.parametrize("code", REGIONAL)
def test_every_command_takes_a_regional_code_on_the_command_line(project, capsys, code):
    for _ in range(2):  # begun, then brought up to date from the file it wrote
        done, said = run(capsys, project, "translate", "update", "mini", "--lang", code)
        assert done == 0, said
    header = _po(project, code).read_text(encoding="utf-8")
    assert f'"Language: {babel_name(code)}\\n"' in header  # as gettext names it
    # and the language's own plural rule, not English's: French says 0 in the singular
    assert ("plural=(n > 1)" in header) == code.startswith("fr")
    done, said = run(capsys, project, "check", "mini", "--lang", code)
    assert done == 0, said
    done, said = run(capsys, project, "build", "--only", "pnp", "--paper", "letter", "--lang", code)
    assert done == 0, said
    assert (project / "output" / f"mini-{code}" / f"mini-{code}-pnp-letter.pdf").is_file()


def test_every_command_takes_the_regional_codes_a_game_ships(project, capsys):
    _declare(project, f"languages = {list(REGIONAL)!r}".replace("'", '"'))
    done, said = run(capsys, project, "translate", "update", "mini")
    assert done == 0, said
    assert all(_po(project, code).is_file() for code in REGIONAL)
    done, said = run(capsys, project, "check", "mini", "--lang", "all")
    assert done == 0, said
    done, said = run(capsys, project, "build", "--only", "pnp", "--paper", "letter")
    assert done == 0, said
    made = sorted(p.name for p in (project / "output").iterdir() if p.is_dir())
    assert made == sorted(["mini", *(f"mini-{code}" for code in REGIONAL)])


COMMANDS = {
    "build": ("build", "--only", "pnp", "--paper", "letter"),
    "check": ("check", "mini"),
    "translate": ("translate", "update", "mini"),
    "proof": ("proof", "mini"),
}


def _nothing_read_or_written(root: Path, said: str) -> None:
    assert "internal error" not in said and "Traceback" not in said
    assert not (root / "output").exists()
    assert not (root / "catalog" / "mini" / "translations").exists()


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("code", ["a" * 300, "../x", "fr/../../../x"])
def test_a_code_on_the_command_line_that_is_none_is_refused_located(project, capsys, command, code):
    (project / "catalog" / "x.po").write_text('msgid ""\nmsgstr ""\n', encoding="utf-8")
    done, said = run(capsys, project, *COMMANDS[command], "--lang", code)
    assert done == 2, said
    assert "command line: --lang: " in said
    _nothing_read_or_written(project, said)


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("key", ["language", "languages"])
@pytest.mark.parametrize("code", ["a" * 300, "../x"])
def test_a_code_in_the_game_file_that_is_none_is_refused_located(
    project, capsys, command, key, code
):
    _declare(project, f'{key} = "{code}"' if key == "language" else f'{key} = ["fr", "{code}"]')
    done, said = run(capsys, project, *COMMANDS[command], *(("--lang", "fr") * (key == "language")))
    assert done == 2, said
    where = "language" if key == "language" else "languages[1]"
    assert f"catalog/mini/game.toml:5: {where}: " in said
    _nothing_read_or_written(project, said)
