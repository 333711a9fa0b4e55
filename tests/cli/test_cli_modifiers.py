"""Options that only change some parts (`--cmyk`, `--dpi`, `--for`, `--pages`, …): given to
a build that makes none of those parts, they stop it before anything is written (exit 2)
with a message naming the parts to add; given with such a part, they are accepted."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cardstock.core.stage import BuildOptions
from cardstock.stages import STAGES
from cardstock.validate import MODIFIERS, check_options

# a value other than the default for each modifier
GIVEN: dict[str, Any] = {
    "cmyk": True,
    "dpi": 150,
    "tts_base_url": "https://example.org/game/",
    "services": ("mpc",),
    "guides": True,
    "gutterfold": True,
    "duplex": "short",
    "back_offset": (1.0, 0.0),
    "printer": "office",
    "select_sets": ("deck",),
    "select_cards": ("ember",),
    "pages": (1,),
}


def test_every_modifier_is_read_by_some_stage_and_has_a_value_here():
    assert set(GIVEN) == set(MODIFIERS)
    for name in MODIFIERS:
        assert any(name in s.options for s in STAGES), name


@pytest.mark.parametrize("name", sorted(MODIFIERS))
def test_a_modifier_without_a_part_it_changes_names_the_parts_to_add(name: str):
    users = {s.name for s in STAGES if name in s.options}
    # the parts that need an option of their own (`Stage.requires`) are left out: asked for
    # alone they are another mistake, reported apart
    others = [
        s.name
        for s in STAGES
        if s.name not in users and s.name != "print-shop" and s.requires is None
    ]
    options = replace(
        BuildOptions(out=Path("/tmp/x"), only=frozenset(others)), **{name: GIVEN[name]}
    )
    if name == "services":  # --for always makes the print-shop part: it never stands alone
        assert check_options(options) == []
        return
    (issue,) = check_options(options)
    assert issue.field == MODIFIERS[name] and issue.file == "command line"
    for part in users:
        assert part in issue.message
    assert "to --only" in issue.message
    for part in users:  # with any part it changes, the option is accepted
        with_part = replace(options, only=frozenset([*others, part]))
        found = check_options(with_part)
        # a part that needs an option of its own asks for it, and for nothing else
        assert [i for i in found if not i.message.startswith(f"{part} needs ")] == []


def test_cmyk_alone_builds_nothing_and_says_what_to_add(cli, mini):
    out = mini.root / "out"
    r = cli("--root", str(mini.root), "build", "mini", "--cmyk", "--out", str(out))
    assert r.code == 2
    assert "--cmyk: changes only cards" in r.err and "add cards to --only" in r.err
    assert not out.exists()


def test_cmyk_with_the_cards_part_builds_them_in_cmyk(cli, mini):
    out = mini.root / "out"
    r = cli(
        "--root",
        str(mini.root),
        "build",
        "mini",
        "--only",
        "cards",
        "--cmyk",
        "--dpi",
        "30",
        "--out",
        str(out),
    )
    assert r.code == 0, r.err
    import pypdf

    content = (
        pypdf.PdfReader(out / "mini" / "cards" / "mini-cards.pdf")
        .pages[0]
        .get_contents()
        .get_data()
        .decode("latin-1")
    )
    assert " k\n" in content and " rg\n" not in content  # colours in DeviceCMYK, none in RGB
