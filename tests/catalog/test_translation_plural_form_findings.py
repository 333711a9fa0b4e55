"""What is wrong with one form of a plural entry's translation is reported at that form's
own `msgstr[n]` line, where the translator fixes it, for every check a translated text
goes through: a `%(name)s` placeholder dropped or added, a `%` that fills nothing, a number
or an icon its source does not state, a form that is the source's words, a form left
empty; and so for a game's own words for cardstock's plural messages (`msgctxt
"cardstock"`). What is wrong with the entry itself (a source changed since) stays at its
msgid. Each case is read from the command's own report, `path:line`."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_languages import GAME, fill_po, french_demo

from cardstock.cli import main

PO = f"catalog/{GAME}/translations/fr.po"
COUNTED = """{{ cover() }}

# Overview

{% for n in [1, 2, 5] %}
- {% trans count=n %}{{ count }} card of 3 :sun:{% pluralize %}{{ count }} cards of 3 :sun:
{%- endtrans %}
{% endfor %}
"""
SINGULAR = "%(count)s card of 3 :sun:"
PLURAL = "%(count)s cards of 3 :sun:"
# three forms, as Polish or Russian has: the file's header names them
RULE = "nplurals=3; plural=(n==1 ? 0 : n<5 ? 1 : 2);"
GOOD = ("%(count)s carte sur 3 :sun:", "%(count)s cartes sur 3 :sun:", "%(count)s cartes, 3 :sun:")
# each check of a form's text: how a form breaks it (given the source form it translates),
# and what the report says of it
WRONG = {
    "a placeholder dropped": (lambda source: "cartes sur 3 :sun:", "drops %(count)s"),
    "a placeholder added": (
        lambda source: "%(count)s cartes sur 3 :sun: %(suit)s",
        "names %(suit)s, not in the msgid",
    ),
    "a lone %": (
        lambda source: "%(count)s cartes sur 3 :sun: %",
        "cannot be filled as its msgid is (incomplete format",
    ),
    "a number changed": (
        lambda source: "%(count)s cartes sur 4 :sun:",
        "states ['4', ':sun:'] where the source states ['3', ':sun:']",
    ),
    "an icon changed": (
        lambda source: "%(count)s cartes sur 3 :moon:",
        "states ['3', ':moon:'] where the source states ['3', ':sun:']",
    ),
    "the source's words": (lambda source: source, "the source text word for word"),
    "a form left empty": (lambda source: "", "not translated; the source text is printed"),
}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """The French demo whose rulebook says a sentence of a count, every other text of its
    fr.po translated, the file naming three plural forms."""
    root = french_demo(tmp_path / "proj")
    (root / "layouts" / GAME / "rulebook.md.j2").write_text(COUNTED, encoding="utf-8")
    assert main(["--root", str(root), "translate", "update", GAME, "--lang", "fr"]) == 0
    fill_po(root, {}, rest=lambda source: f"FR {source}")
    path = root / PO
    text = path.read_text(encoding="utf-8")
    assert "nplurals=2; plural=(n > 1);" in text
    path.write_text(text.replace("nplurals=2; plural=(n > 1);", RULE), encoding="utf-8")
    return root


def said(capsys: pytest.CaptureFixture[str], root: Path, *args: str) -> tuple[int, list[str]]:
    """The exit code and the lines the command printed, the project's path left out."""
    capsys.readouterr()
    code = main(["--root", str(root), *args])
    out = capsys.readouterr()
    return code, (out.out + out.err).replace(f"{root}/", "").splitlines()


def give(root: Path, msgid: str, forms: tuple[str, ...], context: str | None = None) -> list[int]:
    """Write `forms` as the translation of the plural entry whose msgid is `msgid` (adding
    the entry, with `context`, when the file has none); the lines of its `msgstr[n]`,
    counted from 1."""
    path = root / PO
    lines = path.read_text(encoding="utf-8").split("\n")
    quoted = f'msgid "{msgid}"'
    if quoted not in lines:
        plural = msgid.replace("card", "cards")
        lines += ["", f'msgctxt "{context}"', quoted, f'msgid_plural "{plural}"', ""]
    at = lines.index(quoted)
    assert lines[at + 1].startswith("msgid_plural ")
    end = at + 2
    while end < len(lines) and lines[end].startswith("msgstr"):
        end += 1
    strings = [f'msgstr[{i}] "{form}"' for i, form in enumerate(forms)]
    lines[at + 2 : end] = strings
    path.write_text("\n".join(lines), encoding="utf-8")
    return [at + 3 + i for i in range(len(forms))]


def located(told: list[str], words: str) -> list[str]:
    """Where each line of the report that says `words` locates it: `path:line`."""
    return [line.split(": ", 1)[0] for line in told if words in line]


@pytest.mark.parametrize("form", [0, 1, 2])
@pytest.mark.parametrize("kind", list(WRONG))
def test_what_is_wrong_with_one_form_is_at_that_forms_own_msgstr(
    project: Path, capsys: pytest.CaptureFixture[str], kind: str, form: int
) -> None:
    wrong, words = WRONG[kind]
    forms = list(GOOD)
    forms[form] = wrong(SINGULAR if form == 0 else PLURAL)
    lines = give(project, SINGULAR, tuple(forms))
    _code, told = said(capsys, project, "check", GAME, "--lang", "fr")
    assert located(told, words) == [f"{PO}:{lines[form]}"], told


def test_a_well_translated_entry_of_three_forms_has_no_finding(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The cases above differ from a translation that passes only by the form broken."""
    give(project, SINGULAR, GOOD)
    code, told = said(capsys, project, "check", GAME, "--lang", "fr", "--strict")
    assert code == 0, told
    assert not [line for line in told if line.startswith(PO)], told


def test_each_wrong_form_is_reported_at_its_own_line(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    forms = (GOOD[0], "cartes sur 3 :sun:", "%(count)s cartes %(suit)s, 3 :sun:")
    lines = give(project, SINGULAR, forms)
    code, told = said(capsys, project, "check", GAME, "--lang", "fr")
    assert code != 0
    assert located(told, "drops %(count)s") == [f"{PO}:{lines[1]}"], told
    assert located(told, "names %(suit)s") == [f"{PO}:{lines[2]}"], told


def test_a_build_locates_a_forms_changed_number_at_its_msgstr_and_writes_nothing(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = give(project, SINGULAR, (*GOOD[:2], "%(count)s cartes, 4 :sun:"))
    code, told = said(capsys, project, "build", "--lang", "fr", "--only", "rulebook")
    assert code == 2, told
    assert located(told, "states ['4', ':sun:']") == [f"{PO}:{lines[2]}"], told
    assert not (project / "output").exists()


def test_a_changed_source_is_still_at_the_entrys_msgid(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = give(project, SINGULAR, GOOD)
    layout = project / "layouts" / GAME / "rulebook.md.j2"
    layout.write_text(COUNTED.replace("cards of 3", "cards out of 3"), encoding="utf-8")
    _code, told = said(capsys, project, "check", GAME, "--lang", "fr")
    msgid = lines[0] - 2  # the msgid, then its msgid_plural, then msgstr[0]
    assert (project / PO).read_text(encoding="utf-8").split("\n")[msgid - 1].startswith("msgid ")
    assert located(told, "the source text changed") == [f"{PO}:{msgid}"], told


# a game's own words for cardstock's plural message `{n} card` / `{n} cards`
TOOL = "{n} card"
TOOL_GOOD = ("{n} carte", "{n} cartes", "{n} de cartes")
TOOL_WRONG = {
    "a placeholder of its own": ("{count} cartes", "names the placeholders ['count']"),
    "a placeholder the formatter refuses": ("{n!r} cartes", "the field holds a conversion"),
}


# the translated game checked, and the game checked in the language: both read its words
ASKED = {"the translated game": (f"{GAME}-fr",), "--lang": (GAME, "--lang", "fr")}


@pytest.mark.parametrize("asked", list(ASKED))
@pytest.mark.parametrize("form", [0, 1, 2])
@pytest.mark.parametrize("kind", list(TOOL_WRONG))
def test_a_wrong_form_of_a_games_words_for_cardstock_is_at_its_own_msgstr(
    project: Path, capsys: pytest.CaptureFixture[str], kind: str, form: int, asked: str
) -> None:
    wrong, words = TOOL_WRONG[kind]
    forms = list(TOOL_GOOD)
    forms[form] = wrong
    lines = give(project, TOOL, tuple(forms), context="cardstock")
    code, told = said(capsys, project, "check", *ASKED[asked])
    assert located(told, words) == [f"{PO}:{lines[form]}"], told
    assert code == 2, told  # bad input, as a build of the language finds it


def test_each_wrong_form_of_a_games_words_for_cardstock_is_reported(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    forms = (TOOL_GOOD[0], "{n!r} cartes", "{count} cartes")
    lines = give(project, TOOL, forms, context="cardstock")
    _code, told = said(capsys, project, "check", f"{GAME}-fr")
    assert located(told, "the field holds a conversion") == [f"{PO}:{lines[1]}"], told
    assert located(told, "names the placeholders ['count']") == [f"{PO}:{lines[2]}"], told
