"""`cardstock check --lang` leads with its errors: the issues come first (errors before
warnings), then each language's report, which ends in one verdict for the language — a
translation that changes a number FAILS, and nothing before that says it passed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from helpers_languages import GAME, fill_po, french_demo

from cardstock.cli import main

NOON = "noon.text"  # 'Take a :spark: when you play this on a higher card.'


def project(tmp_path: Path, given: dict[str, str]) -> Path:
    root = french_demo(tmp_path / "proj")
    assert main(["--root", str(root), "translate", "update", GAME, "--lang", "fr"]) == 0
    fill_po(root, given, lambda msgid: "FR " + msgid)
    return root


def check(root: Path) -> tuple[int, list[str]]:
    """`check --lang fr` as a terminal shows it: its two streams as one, in order."""
    done = subprocess.run(
        [sys.executable, "-m", "cardstock", "--root", str(root), "check", GAME, "--lang", "fr"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
    )
    return done.returncode, [line for line in done.stdout.splitlines() if line.strip()]


def test_a_failing_language_leads_with_its_error_and_never_says_passed(tmp_path: Path) -> None:
    # the translator dropped the icon: a changed number or icon is an error
    root = project(tmp_path, {NOON: "Prends une étincelle si tu la joues sur une plus forte."})
    code, lines = check(root)
    assert code == 1
    assert f": {NOON}: " in lines[0] and "the translation states" in lines[0], lines
    assert lines[-1] == "[fr] demo-fr FAILS: 1 error in the translation (listed first)"
    assert not any("pass" in line for line in lines), lines


def test_a_language_that_passes_says_so_once_at_the_end(tmp_path: Path) -> None:
    code, lines = check(project(tmp_path, {}))
    assert code == 0
    assert lines[-1] == "[fr] demo-fr passes"
    assert [line for line in lines if "pass" in line] == [lines[-1]]


def test_the_games_own_language_asked_is_checked_as_the_game_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = french_demo(tmp_path / "proj")
    assert main(["--root", str(root), "check", GAME]) == 0
    plain = capsys.readouterr().out
    assert main(["--root", str(root), "check", GAME, "--lang", "en"]) == 0
    assert capsys.readouterr().out == plain  # the game's own words: its ordinary report
    french = main(["--root", str(root), "check", GAME, "--lang", "fr"])
    alone = capsys.readouterr().out
    assert main(["--root", str(root), "check", GAME, "--lang", "en,fr"]) == french
    assert capsys.readouterr().out == alone + plain  # the language's report, then the game's
