"""The Vortex states each rule word once: the rulebook and quick references render deck names
and rule words from the catalog (`sets`, `fact('id').value`), and a rule word turned round in
a table, a note or a card's text fails the fact that holds it to its source line."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ROOT, SEEDS, load_games, run_checks

GAME = "vortex"
PARTS = {"counts", "constraints", "facts", "examples", "source"}
JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)


def typed_text() -> str:
    """What the game's rule templates type, with every Jinja tag blanked."""
    found = sorted((ROOT / "layouts" / GAME).rglob("*.md.j2"))
    assert found, "no rule templates"
    return "\n".join(JINJA.sub(" ", p.read_text(encoding="utf-8")) for p in found)


def test_the_vortex_templates_type_no_deck_name() -> None:
    (catalog,), issues = load_games(ROOT, [GAME])
    assert not issues.errors
    text = typed_text()
    names = [s.name for s in catalog.game.sets]
    assert names, "the game has no sets"
    typed = [n for n in names if re.search(rf"\b{re.escape(n)}\b", text)]
    assert not typed, f"typed instead of rendered from the sets: {typed}"


@pytest.mark.parametrize(
    "word", ["face up", "face down", "face-up", "face-down", "may", "must", "revealed"]
)
def test_the_vortex_templates_render_each_rule_word_from_its_fact(word: str) -> None:
    assert not re.search(rf"\b{re.escape(word)}\b", typed_text(), re.IGNORECASE)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    root = tmp_path_factory.mktemp("single-source")
    shutil.copytree(ROOT / "catalog" / GAME, root / "catalog" / GAME)
    yield root


# (file, the words as shipped, the same words turned round, the fact that must fail)
TURNED = [
    (
        "game.toml",
        "the one played first takes",
        "the one played last takes",
        "clash-first",
    ),
    (
        "game.toml",
        "Vortex cards take precedence over",
        "Rogations take precedence over",
        "vortex-precedence",
    ),
    (
        "game.toml",
        "unrevealed Frenzy, or discard a revealed Frenzy",
        "unrevealed Frenzy, or discard an unrevealed Frenzy",
        "discard-revealed",
    ),
    ("game.toml", "is turned face up and counts", "is turned face down and counts", "face-up"),
    ("game.toml", "the lower card is converted:", "the higher card is converted:", "reason-loser"),
    ("game.toml", "Highest total wins", "Lowest total wins", "win"),
    ("game.toml", "the winner's stat minus the other", "the winner's stat plus the other", "lead"),
    (
        "rogations.csv",
        "The field limit of 5 still holds",
        "The field limit of 6 still holds",
        "field",
    ),
    (
        "rogations.csv",
        "Draw 2 cards from your draw pile",
        "Draw 3 cards from your draw pile",
        "rogation-prose",
    ),
    # line 48: a comparison asks for more or for less; Muster is the one Rogation asking fewer
    ("rogations.csv", ",fewer,In this round's", ",more,In this round's", "rogation-comparisons"),
    # line 50: Burial Rites makes every other player skip the Frenzy step
    ("rogations.csv", "Every other player skips", "Every player skips", "burial-rites-others"),
    (
        "vortex.csv",
        "Refill to 8 cards instead of 7",
        "Refill to 8 cards instead of 6",
        "hand",
    ),
]


@pytest.mark.needs_seeds
@pytest.mark.parametrize("file, before, after, fact", TURNED, ids=[t[3] for t in TURNED])
def test_a_rule_word_turned_round_fails_the_fact_that_holds_it(
    project: Path, file: str, before: str, after: str, fact: str
) -> None:
    path = project / "catalog" / GAME / file
    original = path.read_text(encoding="utf-8")
    assert original.count(before) == 1, f"{before!r} is not in {file} once"
    path.write_text(original.replace(before, after), encoding="utf-8")
    try:
        catalogs, issues = load_games(project, [GAME])
        assert not issues.errors, [i.render() for i in issues]
        report = run_checks(catalogs, only=PARTS, sources=SEEDS).game(GAME)
    finally:
        path.write_text(original, encoding="utf-8")
    rules = {f.rule.id: f.rule.name for f in catalogs[0].rules.facts if f.rule.id}
    failed = [c.rule for c in report.checks if c.status == "fail"]
    assert rules[fact] in failed, f"{fact} did not fail; failed: {failed}"
