"""`check --mutate`'s `added` edits: a card the designer adds after a card of more than one
copy, its prose restating a rule turned round, and one copy fewer of the card it copies.
On alpha-omega-cards: each such edit adds one row and keeps every count; a word of a card's
own ability, or one a fact holds only at the places it names, is not turned; and the edit,
made as the mutation test makes it, fails `check` at the new card's line, naming the fact,
the word the card says and the one the fact states."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from conftest import ROOT, SEEDS, load_games
from helpers_edits import failures, games_copy

from cardstock.rules.mutation.edits import Edit, apply, edits, game_files

pytestmark = pytest.mark.needs_seeds

GAME = "alpha-omega-cards"
PARTS = {"facts", "prose-words"}


@pytest.fixture(scope="module")
def added() -> tuple[list[Edit], dict[Path, str]]:
    """The game's `added` edits, as `check --mutate` makes them, and the texts of its files
    (the tests only read them: `apply` returns the edited files)."""
    (catalog,), issues = load_games(ROOT, [GAME])
    assert not issues.errors
    sources = game_files(catalog)
    return [e for e in edits(catalog, sources) if e.kind == "added"], sources.texts


def _rows(text: str) -> dict[str, dict[str, str]]:
    rows = csv.DictReader(io.StringIO(text))
    return {r["id"]: r for r in rows if r.get("count") and not r["id"].startswith("#")}


def test_an_added_card_is_one_copy_taken_from_the_card_it_copies(
    added: tuple[list[Edit], dict[Path, str]],
) -> None:
    made_edits, texts = added
    assert made_edits
    for e in made_edits:
        ((path, new),) = apply(texts, e).items()
        before, after = _rows(texts[path]), _rows(new.decode("utf-8"))
        (made,) = set(after) - set(before)
        source = made.removesuffix("-new")
        assert int(after[source]["count"]) + 1 == int(before[source]["count"])
        assert (
            after[made]["count"] == "1" and after[made]["name"] == before[source]["name"] + " New"
        )
        assert sum(int(r["count"]) for r in after.values()) == sum(
            int(r["count"]) for r in before.values()
        )
        assert after[made]["text"] != before[source]["text"]
        assert e.before.lower() in before[source]["text"].lower()


def test_a_cards_own_ability_is_not_turned(added: tuple[list[Edit], dict[Path, str]]) -> None:
    made_edits, _ = added
    # Loyalty's "cannot be Lured Astray" is held by a fact that names its places: not turned
    assert [e.where.split(" (")[0] for e in made_edits] == ["a card added after Angelic Host"]


def test_an_added_card_turning_a_rule_fails_at_its_line(
    added: tuple[list[Edit], dict[Path, str]], tmp_path_factory: pytest.TempPathFactory
) -> None:
    made_edits, texts = added
    (host,) = made_edits
    assert (host.before, host.after) == ("may", "must")
    project = games_copy(tmp_path_factory.mktemp("added"), [GAME])
    ((path, new),) = apply(texts, host).items()
    target = project / path.relative_to(ROOT)
    before = failures(project, GAME, PARTS, sources=SEEDS)
    target.write_bytes(new)
    line = 1 + new.decode("utf-8").split("angelic-host-new,", 1)[0].count("\n")
    found = [f for f in failures(project, GAME, PARTS, sources=SEEDS) if f not in before]
    assert any(
        f"catalog/{GAME}/good.csv:{line}:" in f and "'must'" in f and "'may'" in f for f in found
    ), found
