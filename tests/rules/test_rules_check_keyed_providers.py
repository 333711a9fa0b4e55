"""Each check that is no rule of the rules file (the rules room's own and those the later
rooms provide, `stages.CHECKS`) is kept by the parts of the input it declares it reads
(`cardstock.rules.keyed`): an edit of a part it does not read leaves it unchecked and its
verdict is what a check from an empty cache finds; an edit of a part it reads checks it
again. Each edit below is of one part; the checks run again are counted (`keyed.RUNS`)."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import copy_project, load_games

from cardstock.books import rulebook
from cardstock.core.cache import open_cache
from cardstock.core.stage import Job
from cardstock.layout.faces import Faces
from cardstock.rules import keyed
from cardstock.rules.report import CheckReport, check_game, provided, render
from cardstock.stages import CHECKS

PROVIDED = {p.name for p in provided(CHECKS)}
# the checks that read the game's faces
FACES = {"print-safety", "footers", "colour-vision", "greyscale"}


@dataclass
class Checked:
    """A game's provided checks as printed, the checks run rather than read back, and how
    many times the rulebook was laid out."""

    report: str
    ran: set[str]
    laid_out: int


@dataclass
class Kept:
    """A copy of a shipped game checked once: its folder (`root`), the files as shipped
    (`shipped`) and the cache that first check filled (`cache`)."""

    game: str
    root: Path
    shipped: Path
    cache: Path

    def check(self, cache_dir: Path) -> Checked:
        (catalog,), issues = load_games(self.root, [self.game])
        assert not issues.errors
        cache = open_cache(cache_dir)
        keyed.RUNS.clear()
        before = rulebook.STATS.renders
        try:
            report = check_game(Job(catalog, Faces(catalog, cache)), CHECKS, only=PROVIDED)
        finally:
            cache.close()
        printed = render(CheckReport([report], 1, None))
        return Checked(printed, set(keyed.RUNS), rulebook.STATS.renders - before)

    def edited(self, tmp_path: Path, path: str, old: str, new: str) -> tuple[Checked, Checked]:
        """The check after one edit of the file at `path` (in the project) with the first
        check's cache, and the check of the same files from an empty cache."""
        shutil.rmtree(self.root)
        shutil.copytree(self.shipped, self.root)
        shutil.copytree(self.cache, tmp_path / "kept")
        file = self.root / path
        text = file.read_text(encoding="utf-8")
        assert text.count(old) == 1
        file.write_text(text.replace(old, new), encoding="utf-8")
        return self.check(tmp_path / "kept"), self.check(tmp_path / "fresh")


def kept(factory: pytest.TempPathFactory, game: str) -> Kept:
    base = factory.mktemp(game)
    shipped = copy_project(base / "shipped", (game,))
    shutil.copytree(shipped, base / "p")
    first = Kept(game, base / "p", shipped, base / "cache")
    assert first.check(first.cache).ran == PROVIDED
    return first


@pytest.fixture(scope="module")
def alter_ego(tmp_path_factory: pytest.TempPathFactory) -> Kept:
    return kept(tmp_path_factory, "alter-ego")


@pytest.fixture(scope="module")
def tiles(tmp_path_factory: pytest.TempPathFactory) -> Kept:
    return kept(tmp_path_factory, "alpha-omega-tiles")


def test_an_edit_of_a_rule_no_face_shows_checks_again_only_what_reads_the_rules(
    alter_ego: Kept, tmp_path: Path
) -> None:
    after, fresh = alter_ego.edited(
        tmp_path,
        "catalog/alter-ego/rules.toml",
        'contains = "$1"\ncite = { line = 41',
        'contains = "$2"\ncite = { line = 41',
    )
    readers = {"backs", "card-texts", "prose-words", "rulebook", "setup-says", "setup-who"}
    assert after.ran == readers
    assert after.report == fresh.report
    assert after.laid_out == 0  # the rulebook's text does not show the fact


def test_an_edit_of_a_rule_a_reference_card_prints_checks_the_faces_again(
    tiles: Kept, tmp_path: Path
) -> None:
    after, fresh = tiles.edited(
        tmp_path,
        "catalog/alpha-omega-tiles/rules.toml",
        'id = "score-every-neighbour"\nname = "a pawn\'s tile scores against each tile next '
        'to it"\nvalue = "every"',
        'id = "score-every-neighbour"\nname = "a pawn\'s tile scores against each tile next '
        'to it"\nvalue = "each"',
    )
    assert FACES <= after.ran
    assert not after.ran & {"colour-only", "icon-names", "distinct-names", "prose-counts"}
    assert after.report == fresh.report


def test_an_edit_of_a_face_layout_checks_again_only_what_reads_the_layouts(
    alter_ego: Kept, tmp_path: Path
) -> None:
    after, fresh = alter_ego.edited(
        tmp_path,
        "layouts/alter-ego/faces.toml",
        'top = "47%"\nheight = "5.2mm"\nsize = "7pt"',
        'top = "47%"\nheight = "5.2mm"\nsize = "7.5pt"',
    )
    assert after.ran == FACES | {"rulebook", "icon-names"}
    assert after.report == fresh.report


def test_an_edit_of_a_cards_text_checks_again_what_reads_the_texts_and_the_faces(
    alter_ego: Kept, tmp_path: Path
) -> None:
    after, fresh = alter_ego.edited(
        tmp_path,
        "catalog/alter-ego/equipment.csv",
        "it counts as one :might: icon this turn.",
        "it counts as one :might: icon for this turn.",
    )
    assert after.ran == FACES | {"card-texts", "colour-only", "prose-words", "rulebook"}
    assert after.report == fresh.report
    assert after.laid_out == 0  # the rulebook shows no card's text


def test_an_edit_of_a_cards_count_checks_again_all_but_what_reads_the_game_file_alone(
    alter_ego: Kept, tmp_path: Path
) -> None:
    after, fresh = alter_ego.edited(
        tmp_path,
        "catalog/alter-ego/henchmen.csv",
        "chain-lasher,Chain Lasher,2,",
        "chain-lasher,Chain Lasher,3,",
    )
    assert after.ran == PROVIDED - {"icon-names", "distinct-names"}
    assert after.report == fresh.report
    assert after.laid_out == 1  # the component list counts the cards
