"""The card counts `layouts/print-shops.toml` gives (a service's `deck_sizes`, a tuck box's
`cards`) are bounded by `exports.shopcheck.MAX_DECK`: a larger one is refused at the
value's line by the validation pass, exit 2, and nothing is written; the bound itself is
a count the file may say."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT
from helpers_bounds import files_below

from cardstock.cli import main
from cardstock.exports.presets import load_presets
from cardstock.exports.shopcheck import MAX_DECK

SHIPPED = (ROOT / "layouts" / "print-shops.toml").read_text(encoding="utf-8")
MPC_DECKS = (
    "deck_sizes = [18, 36, 55, 72, 90, 108, 126, 144, 162, 180, 198, 216, 234, 396, 504, 612]"
)
BOX = 'cards = 36, inside = "2.5in x 3.5in"'


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """The mini game in a project of its own, one folder below the test's folder."""
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    (root / "layouts").mkdir()
    return root


def presets_with(root: Path, old: str, new: str) -> int:
    """The shipped presets written to the project with the first `old` made `new`; the
    line that holds `new`."""
    assert old in SHIPPED
    text = SHIPPED.replace(old, new, 1)
    (root / "layouts" / "print-shops.toml").write_text(text, encoding="utf-8")
    return next(i for i, row in enumerate(text.splitlines(), 1) if new in row)


def build_refused(root: Path, capsys, services: str) -> str:
    """The messages of a print-shop build that must exit 2, with no internal error and
    nothing written anywhere in the test's folder."""
    before = files_below(root.parent)
    capsys.readouterr()
    code = main(["--root", str(root), "--for", services, "--only", "print-shop", "--jobs", "1"])
    said = capsys.readouterr()
    assert "internal error" not in said.out + said.err
    assert code == 2, said.err
    assert files_below(root.parent) == before
    assert not (root / "output").exists()
    return said.err


@pytest.mark.parametrize("huge", [MAX_DECK + 1, 10**22])
def test_a_deck_size_above_the_bound_is_refused_at_its_line(project, capsys, huge):
    line = presets_with(project, MPC_DECKS, MPC_DECKS.replace("612]", f"612, {huge}]"))
    err = build_refused(project, capsys, "mpc")
    said = (
        f"layouts/print-shops.toml:{line}: services.mpc.deck_sizes[16]: a deck holds at most "
        f"{MAX_DECK:,} cards (cardstock's bound), got {huge:,}"
    )
    assert said in err, err


def test_a_deck_size_below_one_is_refused_by_its_index(project, capsys):
    line = presets_with(project, MPC_DECKS, MPC_DECKS.replace("[18,", "[-5, 18,"))
    err = build_refused(project, capsys, "mpc")
    assert (
        f"layouts/print-shops.toml:{line}: services.mpc.deck_sizes[0]: "
        "a deck holds at least 1 card, got -5"
    ) in err, err


@pytest.mark.parametrize("huge", [MAX_DECK + 1, 10**22])
def test_a_tuck_box_holding_more_than_the_bound_is_refused_at_its_line(project, capsys, huge):
    line = presets_with(project, BOX, BOX.replace("36", str(huge)))
    err = build_refused(project, capsys, "tgc")
    assert (
        f"layouts/print-shops.toml:{line}: services.tgc.tuckboxes[0].cards: a deck holds at "
        f"most {MAX_DECK:,} cards (cardstock's bound), got {huge:,}"
    ) in err, err


def test_the_bound_itself_is_a_count_the_file_may_say(project):
    presets_with(project, MPC_DECKS, MPC_DECKS.replace("612]", f"612, {MAX_DECK}]"))
    services, problems = load_presets(project)
    assert problems == []
    assert services["mpc"].deck_sizes[-1] == MAX_DECK


def test_the_bound_is_above_every_count_the_shipped_services_say():
    services, problems = load_presets(ROOT)
    assert problems == []
    counts = [n for s in services.values() for n in s.deck_sizes]
    counts += [box.cards for s in services.values() for box in s.tuckboxes]
    assert counts and max(counts) * 10 < MAX_DECK
