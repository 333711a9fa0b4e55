"""Every way of breaking a shipped game that its seed rulebook forbids is caught by `check`.

Each case copies one shipped catalog, changes it the way a careless edit would — a named
card dropped and the deck padded back to its total, a value an example of play depends on,
a rule table, a card's text — and runs the checker in-process (counts, constraints, facts
and examples; no simulation, no rulebook layout, so the suite stays fast). The check must
fail, and a failing finding must name the broken fact and say what the rulebook states.
The first case also runs the real command line to see exit status 1.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import load_games, run_checks

ROOT = Path(__file__).resolve().parents[2]
PARTS = {"counts", "constraints", "facts", "examples"}
# what a Python value looks like when it leaks into a message meant for a designer
REPR = re.compile(
    r"\bNone\b|\bNoneType\b|\bTrue\b(?! Convert)|\bFalse\b|\[['\"]|object has no|has no "
    r"element|<[a-z_.]+ object"
)


@dataclass
class Mutation:
    game: str
    what: str
    edits: list[tuple[str, str, str]]  # (file, old, new): old must occur in the file
    names: list[str]  # each must appear in a failing check's rule or findings
    padded: bool = False  # the deck is padded back: every declared count still holds
    extra: dict[str, str] = field(default_factory=dict)


MUTATIONS = [
    # ---- Alpha/Omega
    Mutation(
        "alpha-omega-cards",
        "Raphael dropped, the Good deck padded back to 72",
        [
            ("good.csv", "raphael,Raphael,1,1,Person", "#raphael,Raphael,1,1,Person"),
            (
                "good.csv",
                "heavenly-armor,Heavenly Armor,3,3,",
                "heavenly-armor,Heavenly Armor,4,4,",
            ),
        ],
        ["Raphael", "no component with id 'raphael'"],
        padded=True,
    ),
    Mutation(
        "alpha-omega-cards",
        "Azrael's Strength 7 -> 6",
        [
            (
                "good.csv",
                "azrael,Azrael,1,1,Person,Supernatural,cloud,7,",
                "azrael,Azrael,1,1,Person,Supernatural,cloud,6,",
            ),
        ],
        [
            "Azrael",
            "strength: the rulebook states 7, the catalog has 6",
            "= 8, the catalog gives 7",
        ],
    ),
    Mutation(
        "alpha-omega-cards",
        "the Black Blade made defensive",
        [
            (
                "opponent.csv",
                "black-blade,Black Blade,2,2,Item,,spade,3,,yes,",
                "black-blade,Black Blade,2,2,Item,,spade,3,,no,",
            ),
        ],
        ["Black Blade", "offensive: the rulebook states yes, the catalog has no"],
    ),
    Mutation(
        "alpha-omega-cards",
        "an achievement worth 4 points instead of 5",
        [
            (
                "game.toml",
                '["never having become a Lured Player", 5]',
                '["never having become a Lured Player", 4]',
            ),
        ],
        [
            "Achievement Scoring",
            "row never having become a Lured Player, column Points: the rulebook states 5, the "
            "table has 4",
        ],
    ),
    Mutation(
        "alpha-omega-cards",
        "the Lured Player trigger 3 rounds -> 2",
        [
            (
                "game.toml",
                '["consecutive rounds in which you lose a Good Person to the Opponents", 3]',
                '["consecutive rounds in which you lose a Good Person to the Opponents", 2]',
            ),
        ],
        ["Lured", "the rulebook states 3, the table has 2"],
    ),
    Mutation(
        "alpha-omega-cards",
        "Crystal Sea shows 3 cards instead of 5",
        [
            (
                "good.csv",
                "crystal-sea,Crystal Sea,1,1,Event,,scroll,,,,,,,,,5,",
                "crystal-sea,Crystal Sea,1,1,Event,,scroll,,,,,,,,,3,",
            ),
        ],
        ["Crystal Sea", "amount: the rulebook states 5, the catalog has 3"],
    ),
    Mutation(
        "alpha-omega-cards",
        "Abigor's Strength 7 -> 8: the first example no longer adds up",
        [
            (
                "opponent.csv",
                "abigor,Abigor,1,1,Person,Supernatural,fire,7,",
                "abigor,Abigor,1,1,Person,Supernatural,fire,8,",
            ),
        ],
        ["Round 1", "abigor.strength - hit = -1, the catalog gives 0"],
    ),
    # the example of play's attacks bound Strengths it does not state (seed 000, lines 219-254)
    Mutation(
        "alpha-omega-cards",
        "Apollyon made stronger than Jehudiel, who defeats him in one attack",
        [
            (
                "good.csv",
                "apollyon,Apollyon,1,1,Person,Supernatural,cloud,6,",
                "apollyon,Apollyon,1,1,Person,Supernatural,cloud,7,",
            ),
        ],
        ["jehudiel_beats_apollyon", "(jehudiel.strength 6, apollyon.strength 7)"],
    ),
    Mutation(
        "alpha-omega-cards",
        "Heaven weaker than Michael, whom the Opponents attack instead of it",
        [
            (
                "good.csv",
                "heaven,Heaven,1,1,Place,,earth,9,",
                "heaven,Heaven,1,1,Place,,earth,2,",
            ),
        ],
        ["michael_next", "(michael.strength 7, heaven.strength 2)"],
    ),
    Mutation(
        "alpha-omega-cards",
        "Asmodee stronger than Michael, who defeats him in one attack",
        [
            (
                "opponent.csv",
                "asmodee,Asmodee,1,1,Person,Supernatural,fire,6,",
                "asmodee,Asmodee,1,1,Person,Supernatural,fire,8,",
            ),
        ],
        ["michael_beats_asmodee", "(michael.strength 7, asmodee.strength 8)"],
    ),
    Mutation(
        "alpha-omega-cards",
        "Watch and Pray's benefit, once each round, said to end at once",
        [
            (
                "callings.csv",
                "as a second card.,rest of the game,",
                "as a second card.,at once,",
            ),
        ],
        ["Watch and Pray's duration is at once", "says 'each round'"],
    ),
    # ---- Alpha & Omega tiles
    Mutation(
        "alpha-omega-tiles",
        "the scoring table's opposite of Water is Earth, not Fire",
        [
            (
                "game.toml",
                '["Water", "Fire", "Water", "Air, Earth"]',
                '["Water", "Earth", "Water", "Air, Fire"]',
            ),
        ],
        [
            "opposite",
            "row Water, column -1 each: the rulebook states Fire, the table has Earth",
            "a pawn on Water",
        ],
    ),
    Mutation(
        "alpha-omega-tiles",
        "3 steps a turn instead of 2",
        [
            ("game.toml", '["steps moved each turn", 2]', '["steps moved each turn", 3]'),
        ],
        ["2 steps", "the rulebook states 2, the table has 3"],
    ),
    Mutation(
        "alpha-omega-tiles",
        "a Switch tile swapped for a third -2 tile",
        [
            (
                "game.toml",
                '{ id = "minus-two", name = "-2", count = 2,',
                '{ id = "minus-two", name = "-2", count = 3,',
            ),
            (
                "game.toml",
                '{ id = "switch", name = "Switch", count = 2,',
                '{ id = "switch", name = "Switch", count = 1,',
            ),
        ],
        ["Switch tiles: expected 2, the catalog has 1"],
    ),
    # ---- Alter Ego
    Mutation(
        "alter-ego",
        "the Family card draws 1 card instead of 2",
        [
            (
                "game.toml",
                'icon = "family", amount = 2, text = "Support phase: draw 2 cards.',
                'icon = "family", amount = 1, text = "Support phase: draw 1 card.',
            ),
        ],
        ["Family", "amount: the rulebook states 2, the catalog has 1", "'draw 2 cards'"],
    ),
    Mutation(
        "alter-ego",
        "the display table gives $2 for a Job card",
        [
            ("game.toml", '["Job", "Equip", "$1",', '["Job", "Equip", "$2",'),
        ],
        ["Job card gives $1", "the rulebook states '$1'"],
    ),
    Mutation(
        "alter-ego",
        "Hook-Hand Harvey carries no gang icon",
        [
            (
                "henchmen.csv",
                "hook-hand-harvey,Hook-Hand Harvey,2,2,1,0,might speed intellect,community "
                "might,sadists,",
                "hook-hand-harvey,Hook-Hand Harvey,2,2,1,0,might speed intellect,community might,,",
            ),
        ],
        ["Sam's turn", "the Henchman carries one gang icon", "= 1, the catalog gives 0"],
    ),
    Mutation(
        "alter-ego",
        "Hook-Hand Harvey needs Stealth instead of Speed",
        [
            (
                "henchmen.csv",
                "hook-hand-harvey,Hook-Hand Harvey,2,2,1,0,might speed intellect,",
                "hook-hand-harvey,Hook-Hand Harvey,2,2,1,0,might stealth intellect,",
            ),
        ],
        ["Sam's turn", "Sam's own Hero cards match two icons"],
    ),
    # ---- Atmosfear
    Mutation(
        "atmosfear",
        "the Quick and the Dead deals 7 cards",
        [
            ("game.toml", '["cards dealt to each player", 6]', '["cards dealt to each player", 7]'),
        ],
        ["Quick and the Dead", "the rulebook states 6, the table has 7"],
    ),
    Mutation(
        "atmosfear",
        "the Gatekeeper renamed",
        [
            (
                "game.toml",
                '{ id = "gatekeeper", name = "The Gatekeeper",',
                '{ id = "gatekeeper", name = "The Warden",',
            ),
        ],
        ["Gatekeeper", "the rulebook calls it The Gatekeeper, the catalog The Warden"],
    ),
    Mutation(
        "atmosfear",
        "the Duel listed as an immediate power in the hierarchy",
        [
            (
                "game.toml",
                '[2, "The Duel", "Action", "delayed", "silver"]',
                '[2, "The Duel", "Action", "immediate", "silver"]',
            ),
        ],
        [
            "hierarchy",
            "says The Duel has Power immediate, the card The Duel (Red)",
            "has power delayed",
        ],
    ),
    Mutation(
        "atmosfear",
        "the Lair ranked 10: the example's Gate no longer ranks 11",
        [
            ("realms.csv", "red-lair,Red Lair,1,Red,red,11,", "red-lair,Red Lair,1,Red,red,10,"),
            (
                "realms.csv",
                "red-familiar,Red Familiar,1,Red,red,10,",
                "red-familiar,Red Familiar,1,Red,red,11,",
            ),
        ],
        ["a trick", "rolled.rank = 11, the catalog gives 10"],
    ),
    # ---- The Vortex
    Mutation(
        "vortex",
        "Burial Rites dropped, the Rogations padded back to 48",
        [
            ("rogations.csv", "burial-rites,Burial Rites,4,", "#burial-rites,Burial Rites,4,"),
            ("rogations.csv", "bacchanalia,Bacchanalia,4,", "bacchanalia,Bacchanalia,8,"),
        ],
        ["Burial Rites", "no component with id 'burial-rites'"],
        padded=True,
    ),
    Mutation(
        "vortex",
        "Red scores a whole point per dead Devotee",
        [
            (
                "game.toml",
                '["each dead Devotee of another colour in the Vortex", 0.5, "the Red player only"]',
                '["each dead Devotee of another colour in the Vortex", 1, "the Red player only"]',
            ),
        ],
        ["half a point", "the rulebook states 1, 1, 0.5, the table has 1, 1, 1"],
    ),
    Mutation(
        "vortex",
        "a Red Devotee no longer strongest in Attack",
        [
            (
                "devotees.csv",
                "ember-brute,Ember Brute,3,Red,red,3,6,4,7,",
                "ember-brute,Ember Brute,3,Red,red,3,8,4,5,",
            ),
        ],
        [
            "every Red Devotee is strongest in Attack",
            "Ember Brute: the rulebook calls Red strongest in attack",
            "attack 5",
        ],
    ),
    Mutation(
        "vortex",
        "a Fire lead of 4 needed to kill",
        [
            ("game.toml", '["Fire lead that kills", 3]', '["Fire lead that kills", 4]'),
        ],
        [
            "Fire lead of 3 kills",
            "the rulebook states 1, 2, 3, the table has 1, 2, 4",
            "Red's Fire kills",
        ],
    ),
    Mutation(
        "vortex",
        "a field of 6 Devotees",
        [
            (
                "game.toml",
                '["Devotees/Zealots in your field", 5]',
                '["Devotees/Zealots in your field", 6]',
            ),
        ],
        [
            "a field holds at most 5",
            "the rulebook states 5, table limits, row 'Devotees/Zealots in your field', "
            "Value has 6",
        ],
    ),
]


def _copy_game(root: Path, game: str) -> None:
    """A shipped game's catalog and layouts (the facts read its templates and faces)."""
    shutil.copytree(ROOT / "catalog" / game, root / "catalog" / game)
    shutil.copytree(ROOT / "layouts" / game, root / "layouts" / game)


def mutated(tmp_path: Path, m: Mutation) -> Path:
    _copy_game(tmp_path, m.game)
    for name, old, new in m.edits:
        p = tmp_path / "catalog" / m.game / name
        text = p.read_text(encoding="utf-8")
        assert old in text, f"{old!r} is not in {m.game}/{name}: the mutation is stale"
        p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


def failing_text(root: Path, game: str) -> tuple[bool, str, bool]:
    """(the check passed, every failing rule and finding as text, the counts held)."""
    catalogs, issues = load_games(root, [game])
    assert not issues.errors, [i.render() for i in issues]
    report = run_checks(catalogs, only=PARTS).game(game)
    failed = [c for c in report.checks if c.status == "fail"]
    text = "\n".join(
        f"{c.rule}: {c.summary}\n" + "\n".join(i.render() for i in c.findings) for c in failed
    )
    counts_ok = all(c.status != "fail" for c in report.checks if c.section == "counts")
    return report.ok, text, counts_ok


def test_every_shipped_game_passes_unchanged(tmp_path) -> None:
    for game in sorted({m.game for m in MUTATIONS}):
        _copy_game(tmp_path, game)
        ok, text, _ = failing_text(tmp_path, game)
        assert ok, text


@pytest.mark.parametrize("m", MUTATIONS, ids=[f"{m.game}: {m.what}" for m in MUTATIONS])
def test_a_mutation_the_seed_forbids_fails_the_check(tmp_path, m: Mutation) -> None:
    root = mutated(tmp_path, m)
    ok, text, counts_ok = failing_text(root, m.game)
    assert not ok, f"{m.what}: the check passed"
    for name in m.names:
        assert name in text, f"{m.what}: no failing finding says {name!r}:\n{text}"
    if m.padded:
        assert counts_ok, f"{m.what}: the padding should keep every declared count:\n{text}"
    assert not REPR.search(text), f"a Python value leaks into the message:\n{text}"


def test_the_command_line_exits_1_and_names_the_fact(tmp_path, cli) -> None:
    root = mutated(tmp_path, MUTATIONS[0])
    result = cli("--root", str(root), "check", "alpha-omega-cards", "--only", "facts")
    assert result.code == 1
    assert "Raphael is a Good Angel of Strength 6" in result.out
    assert "catalog/alpha-omega-cards/rules.toml:" in result.out


def test_the_quick_and_the_dead_deal_is_simulated_from_the_table_the_rulebook_prints(
    tmp_path,
) -> None:
    m = Mutation(
        "atmosfear",
        "the short deal grown to 13 cards",
        [
            (
                "game.toml",
                '["cards dealt to each player", 6]',
                '["cards dealt to each player", 13]',
            ),
        ],
        [],
    )
    root = mutated(tmp_path, m)
    catalogs, issues = load_games(root, ["atmosfear"])
    assert not issues.errors
    report = run_checks(catalogs, only={"setup"}, runs=20).game("atmosfear")
    normal, variant = [c for c in report.checks if c.section == "setup" and "words" not in c.rule]
    assert normal.status == "pass"
    assert variant.status == "fail" and "(the Quick and the Dead, short hands)" in variant.rule
    assert "6 players" in variant.summary
    assert any("6 × 13 = 78" in i.message or "78" in i.message for i in variant.findings), [
        i.message for i in variant.findings
    ]
