"""A card's text that continues onto a second card is read whole, and `check --mutate` edits
the words its later parts print as edits of their own (`continued`). On a copy of Vortex,
a designer adds a Rogation whose long prose goes on onto a second card (its layout's body
box set to `overflow = "continue"`): the rule its last part restates, turned round, fails
`check` naming the card's line, the source line and both values; the mutation test places
its edits of that part by the card and part, and leaves the card's first part and the
other texts that state the same rule as they were. A text that goes on on the card's own
back (`continue_on = "back"`, the Rogations printed on one side) is placed by the card and
its back."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SEEDS
from helpers_edits import failures, games_copy

from cardstock.core.cache import open_cache
from cardstock.mutate import continued_parts
from cardstock.rules.mutation.changes import apply
from cardstock.rules.mutation.edits import edits, game_files
from cardstock.validate import validate

pytestmark = pytest.mark.needs_seeds

GAME = "vortex"
SEED = "004_ac253e6d7088f8d2.txt"
TABLE = f"catalog/{GAME}/rogations.csv"
PARTS = {"facts", "prose-words"}
LAST = "Take one more Devotee from your hand face up in front of you."
RELIC = (
    'relic,Relic,4,1,2,,"An old relic, first kept in a box of cedar wood, passes from believer to '
    "believer among the faithful of the city.\n\nNobody remembers who found it, and nobody "
    "agrees on what it is: some say it hums at night, others that it is only a stone with a "
    f'story.\n\nTake back one Devotee from your discard pile. {LAST}",count min_devotees\n'
)


def _with_relic(root: Path, box: str) -> Path:
    """`root`, a copy of Vortex, with the Rogations' body box given `box` (its keys) and the
    Relic added before Penance."""
    faces = root / "layouts" / GAME / "faces.toml"
    text = faces.read_text(encoding="utf-8")
    head = "[layouts.rogations.boxes.body]\n"
    assert head in text
    faces.write_text(text.replace(head, head + box), encoding="utf-8")
    table = root / TABLE
    rows = table.read_text(encoding="utf-8")
    assert "penance,Penance," in rows
    table.write_text(rows.replace("penance,Penance,", RELIC + "penance,Penance,"), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = games_copy(tmp_path_factory.mktemp("continued"), [GAME])
    return _with_relic(root, 'overflow = "continue"\nmin_size = "10pt"\n')


def _found(project: Path, old: str, new: str) -> list[str]:
    table = project / TABLE
    text = table.read_text(encoding="utf-8")
    try:
        table.write_text(text.replace(old, new, 1), encoding="utf-8")
        return failures(project, GAME, PARTS, sources=SEEDS)
    finally:
        table.write_text(text, encoding="utf-8")


def test_a_rule_turned_round_in_a_new_cards_second_part_fails_at_the_cards_line(
    project: Path,
) -> None:
    before = failures(project, GAME, PARTS, sources=SEEDS)
    found = [
        f for f in _found(project, LAST, LAST.replace("face up", "face down")) if f not in before
    ]
    assert any(
        f"{TABLE}:" in f and "'face down'" in f and "'face up'" in f and f"{SEED}:" in f
        for f in found
    ), found


def test_the_mutation_test_places_the_second_parts_edits_by_card_and_part(project: Path) -> None:
    cache = open_cache(project / ".cache")
    try:
        found = validate(project, [GAME], cache)
        (catalog,) = found.catalogs
        parts = continued_parts(found.faces[GAME])
        sources = game_files(catalog)
        every = edits(catalog, sources, parts)
    finally:
        cache.close()
    assert [(p.card, p.part, p.parts) for p in parts] == [("Relic", 2, 2)]
    assert "from your hand face up" in " ".join(parts[0].said.split())
    placed = [e for e in every if e.kind == "continued"]
    assert placed and all(
        e.shown == TABLE and e.where.startswith("Relic, part 2/2") for e in placed
    )
    turned = [e for e in placed if (e.before, e.after) == ("face up", "face down")]
    assert len(turned) == 1
    # the same words in the game's other texts, and the card's first part, stay as they were
    first = [e for e in every if e.shown == TABLE and "relic, first kept" in e.context]
    assert first and {e.kind for e in first} == {"word"}
    assert [e for e in every if e.kind == "word" and e.before.lower() == "face up"]
    # and the edit, made as the mutation test makes it, fails the check at the card's line
    (path,) = {c.path for c in turned[0].changes}
    before = failures(project, GAME, PARTS, sources=SEEDS)
    saved = path.read_text(encoding="utf-8")
    try:
        path.write_bytes(apply(sources.texts, turned[0])[path])
        after = failures(project, GAME, PARTS, sources=SEEDS)
    finally:
        path.write_text(saved, encoding="utf-8")
    new = [f for f in after if f not in before]
    assert any(f"{TABLE}:" in f and "'face down'" in f and f"{SEED}:" in f for f in new), new


@pytest.fixture(scope="module")
def on_its_back(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same Relic in a copy of Vortex whose Rogations print on one side, their body's
    text going on on the card's own back (`continue_on = "back"`)."""
    root = games_copy(tmp_path_factory.mktemp("continued-back"), [GAME])
    game = root / "catalog" / GAME / "game.toml"
    text = game.read_text(encoding="utf-8")
    deck = 'back = "devotion"\ntable = "rogations.csv"\n'
    assert deck in text
    game.write_text(
        text.replace(deck, 'single_sided = true\ntable = "rogations.csv"\n'), encoding="utf-8"
    )
    return _with_relic(root, 'overflow = "continue"\ncontinue_on = "back"\nmin_size = "10pt"\n')


def test_the_mutation_test_places_the_edits_a_cards_back_prints_by_card_and_back(
    on_its_back: Path,
) -> None:
    cache = open_cache(on_its_back / ".cache")
    try:
        found = validate(on_its_back, [GAME], cache)
        assert not found.issues.errors, [i.render() for i in found.issues]
        (catalog,) = found.catalogs
        parts = continued_parts(found.faces[GAME])
        every = edits(catalog, game_files(catalog), parts)
    finally:
        cache.close()
    assert [(p.card, p.on_back) for p in parts] == [("Relic", True)]
    assert "from your hand face up" in " ".join(parts[0].said.split())
    placed = [e for e in every if e.kind == "continued"]
    assert placed and all(e.shown == TABLE and e.where.startswith("Relic, back") for e in placed)
    assert [e for e in placed if (e.before, e.after) == ("face up", "face down")]
    first = [e for e in every if e.shown == TABLE and "relic, first kept" in e.context]
    assert first and {e.kind for e in first} == {"word"}
