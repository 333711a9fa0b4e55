"""The no-break spaces French sets around its punctuation are put into what a template
makes: before `:`, `;`, `!`, `?` and `»`, after `«`, so no printed line begins with one of
them, while addresses, times, Markdown's marks and inline icons are left as they are."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from cardstock.core.punctuation import NBSP, spaced


@pytest.mark.parametrize(
    "written, printed",
    [
        ("Joueurs: 2", f"Joueurs{NBSP}: 2"),
        ("un pli ; il change", f"un pli{NBSP}; il change"),
        ("**Nombre de joueurs:** 2 à 6", f"**Nombre de joueurs{NBSP}:** 2 à 6"),
        ("« Ami »", f"«{NBSP}Ami{NBSP}»"),
        ("Vraiment ? Oui !", f"Vraiment{NBSP}? Oui{NBSP}!"),
        (f"déjà{NBSP}: bien", f"déjà{NBSP}: bien"),  # set once, never twice
    ],
)
def test_french_sets_a_no_break_space_before_its_high_punctuation(written, printed):
    assert spaced(written, "fr") == printed
    assert spaced(printed, "fr") == printed


@pytest.mark.parametrize(
    "kept",
    ["https://example.org/a?b=1", "à 10:30", "![image](x.png)", "| :-- |", ":green: Vert"],
)
def test_what_is_not_a_sentences_punctuation_is_left_as_written(kept):
    assert spaced(kept, "fr") == kept


def test_other_languages_and_canadas_french_keep_their_own_rules():
    assert spaced("Players: 2; go!", "en") == "Players: 2; go!"
    assert spaced("Joueurs: 2 ; go!", "fr-CA") == f"Joueurs{NBSP}: 2 ; go!"


def test_no_line_of_the_french_rulebook_begins_with_its_punctuation(default_build: Path):
    pdf = default_build / "atmosfear-fr" / "atmosfear-fr-rulebook.pdf"
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert [line for line in text.splitlines() if re.match(r"\s*[;:!?»]", line)] == []
    # the template's own colons ("**{{ topic }}:**") are spaced as French sets them
    assert "Nombre de joueurs :" in text
