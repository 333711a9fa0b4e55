"""A card's text a translation gives is the translator's to fix: when it is a template the
sandbox refuses (a name it may not read, a text past its bounds), the problem is reported
once, at the msgstr of the `.po` file's entry that gives the text (where the translator
fixes it), with the field's name and the sandbox's message, as bad input (exit 2) before
anything is written. A text the language prints in the source's words is reported at its
row of the table, as it always is."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers_languages import GAME, fill_po, french_demo

from cardstock.cli import main

PO = f"catalog/{GAME}/translations/fr.po"
CARDS = f"catalog/{GAME}/cards.csv"
# the starter's first card, Dawn, on the table's line 3
DAWN_ROW = f"{CARDS}:3: text: "
REFUSED = {
    "a name the sandbox refuses": (
        "{{ name.__class__ }}",
        "the text tried something templates may not do: access to attribute '__class__'",
    ),
    "a text past the sandbox's bounds": (
        "{{ 'x' * 3000000000 }}",
        "the text goes over a limit: the template builds a text or list longer than",
    ),
}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = french_demo(tmp_path / "proj")
    assert main(["--root", str(root), "translate", "update", GAME, "--lang", "fr"]) == 0
    return root


def run(capsys: pytest.CaptureFixture[str], root: Path, *args: str) -> tuple[int, str]:
    """The exit code and what was printed, the project's path left out."""
    code = main(["--root", str(root), *args])
    captured = capsys.readouterr()
    return code, (captured.out + captured.err).replace(f"{root}/", "")


def entry_line(root: Path, key: str) -> int:
    """The line of the msgstr of the `.po` entry whose msgctxt is `key`, where what is
    wrong with its translation is located."""
    lines = (root / PO).read_text(encoding="utf-8").splitlines()
    at = lines.index(f'msgctxt "{key}"') + 1  # 0-based: the next line, the msgid's
    assert lines[at].startswith("msgid ")
    at = next(n for n in range(at, len(lines)) if lines[n].startswith("msgstr "))
    return at + 1


@pytest.mark.parametrize("template,said", REFUSED.values(), ids=list(REFUSED))
def test_a_translated_text_the_sandbox_refuses_is_reported_at_its_po_entry(
    project: Path, capsys: pytest.CaptureFixture[str], template: str, said: str
) -> None:
    fill_po(project, {"dawn.text": template})
    told = f"{PO}:{entry_line(project, 'dawn.text')}: text: {said}"
    code, printed = run(capsys, project, "build", "--lang", "fr", "--only", "pnp")
    assert code == 2, printed
    assert printed.count(told) == 1, printed
    assert DAWN_ROW not in printed, printed
    assert not (project / "output").exists()
    code, printed = run(capsys, project, "check", "--lang", "fr")
    assert code == 2, printed
    assert printed.count(told) == 1, printed
    assert DAWN_ROW not in printed, printed
    assert f"(drawing {PO}" not in printed, printed  # its place is said once, not as a face


def test_a_source_text_the_sandbox_refuses_is_reported_at_its_row_in_every_language(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cards = project / CARDS
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("Play on any Sun card.", "{{ name.__class__ }}"))
    code, printed = run(capsys, project, "build", "--lang", "en,fr", "--only", "pnp")
    assert code == 2, printed
    assert printed.count(f"{DAWN_ROW}the text tried something templates may not do") == 1
    assert not re.search(rf"{re.escape(PO)}:\d+: text: ", printed), printed
    assert not (project / "output").exists()
