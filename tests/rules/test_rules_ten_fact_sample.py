"""The reviewer's ten-fact sample (issue #42), drawn again and kept: ten facts the source
rulebooks state, drawn at random, each broken where a player reads it, and each edit must
fail the check with a fact (a count, a constraint) that names it, its source line and both
values.

How the ten are drawn (`test_the_draw_is_reproducible_and_skips_only_what_states_no_rule`):

1. The facts stated are what `cardstock check GAME --coverage --mutate` counts: for each
   seed in file order (000 … 004), the numbers and names of its coverage items, then its
   sentences with no number and no name (`cardstock.rules.provenance.coverage.checked`,
   with no edit).
   They come from the source text alone, so a rule added to the catalog moves no draw.
2. `random.Random(20261126).sample` shuffles the whole list; the draw walks it in order.
3. A fact on a line already drawn is passed over (one source line, one fact), and so is a
   line that states no rule: story, a heading, a component's flavour. Each such line is
   recorded in `NOT_RULES` with why. An example of play counts as a rule: it shows what the
   rules make happen. The fact of a drawn number or name is the rule its line states about it.

Of the first eleven draws one states no rule (001:7, the myth of the Snake); the ten left
are below, each held by a fact or a constraint that names its source line.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import GAMES, SEEDS, seed_files
from helpers_edits import SEED_FILES, Change, batched, failures, games_copy, together

from cardstock.rules.provenance.coverage import checked, coverage
from cardstock.rules.report import RULE_PARTS
from cardstock.rules.sources import SOURCES_ENV, load_source
from cardstock.stages import CHECKS

pytestmark = pytest.mark.needs_seeds

AOC, AOT, AE, ATM, VX = GAMES
# what `cardstock check` runs, but the setup simulation (slow; no edit here is a setup count)
PARTS = (set(RULE_PARTS) - {"setup"}) | {p.name for p in CHECKS}
DRAW_SEED = 20261126

# (seed prefix, line): why the line states no rule, so the draw passes over it
NOT_RULES = {
    (
        "001",
        7,
    ): "the myth of how the Snake's breath, venom, scales and feelings became the elements",
}


@dataclass(frozen=True)
class Edit:
    id: str
    game: str
    fact: str  # the rule the drawn line states, in short
    changes: tuple[Change, ...]
    seed: int  # the drawn source line
    names: str  # the fact, count or constraint the finding names
    before: str  # the value as the finding quotes it before the edit
    after: str  # … and after


def _game(g: str) -> str:
    return f"catalog/{g}/game.toml"


# in the order they were drawn
SAMPLE = [
    Edit(
        "ae-the-last-villain-falling-wins-for-everyone-not-for-one",
        AE,
        "002:60 when the last Arch Villain falls, every player wins together",
        (
            (
                _game(AE),
                "everyone wins together, a Cooperative Victory",
                "only the player who defeated it wins, a Cooperative Victory",
            ),
        ),
        60,
        "when the heroes win, everyone wins together",
        "'everyone wins together'",
        "only the player who defeated it wins",
    ),
    Edit(
        "ae-patrol-puts-one-henchman-into-play-not-two",
        AE,
        "002:33 of the Henchmen drawn one goes into play, the rest are discarded",
        (
            (
                _game(AE),
                "Put one into play with its hostages",
                "Put two into play with their hostages",
            ),
        ),
        33,
        "one Henchman is put into play",
        "states 1",
        "has 2",
    ),
    Edit(
        "aoc-a-person-is-played-once-across-all-players-not-once-each",
        AOC,
        "000:50 a Person card is played once a game, whoever holds it (the Gabriel example)",
        (
            (
                f"layouts/{AOC}/rulebook.md.j2",
                "per game** across all players",
                "per game** by each player",
            ),
        ),
        50,
        "each Person card is played once per game",
        "across all players",
        "by each player",
    ),
    Edit(
        "vx-the-vortex-is-for-at-most-four-players",
        VX,
        "004:15 the game is for 2 to 4 players",
        ((_game(VX), "players = { min = 2, max = 4 }", "players = { min = 2, max = 5 }"),),
        15,
        "The Vortex is for 2 to 4 players",
        "2–4 players",
        "allows 2–5",
    ),
    Edit(
        "vx-a-frenzy-action-lays-one-card-not-two",
        VX,
        "004:56 a Frenzy action lays one card beside one Devotee (or swaps or discards one)",
        ((_game(VX), "Put 1 card face down beside", "Put 2 cards face down beside"),),
        56,
        "one Frenzy action a round, beside one Devotee",
        "states 1",
        "put 2 cards face down",
    ),
    Edit(
        "aoc-a-person-changes-hands-only-when-lured-astray",
        AOC,
        "000:94 control of a Person passes to another player only by its being Lured Astray",
        (
            (
                f"layouts/{AOC}/rulebook.md.j2",
                "{{ lured_only }} it is Lured Astray",
                "{{ lured_only }} its owner agrees",
            ),
        ),
        94,
        "a Person changes hands only when it is Lured Astray",
        "changes hands only when it is Lured Astray",
        "{changes-hands-lured} its owner agrees",
    ),
    Edit(
        "aot-the-switch-tiles-go-into-the-tile-deck",
        AOT,
        "001:55 the Tile Deck is every -2, Switch, Transformation and Element tile",
        (
            (
                _game(AOT),
                'icon = "switch", on_draw = true,',
                'icon = "switch", on_draw = true, in_deck = false,',
            ),
        ),
        55,
        "every -2, Switch, Transformation and Element tile is shuffled into the Tile Deck",
        "expected 0",
        "has 2: switch",
    ),
    Edit(
        "vx-a-fearful-scores-one-point-not-two",
        VX,
        "004:19 each True Convert and each Fearful scores one point",
        (
            (
                _game(VX),
                '["each Fearful in your Fearful pile", 1, "every player"]',
                '["each Fearful in your Fearful pile", 2, "every player"]',
            ),
        ),
        19,
        "a point per True Convert and per Fearful",
        "states 1, 1, 0.5",
        "has 1, 2, 0.5",
    ),
    Edit(
        "aoc-foolishness-strikes-a-second-opponent-person-not-a-good-one",
        AOC,
        "000:249 Foolishness sends Apollyon against Michael and then Metatron, an Opponent Person",
        (
            (
                f"catalog/{AOC}/opponent.csv",
                "then the strongest other Opponent Person card.",
                "then the strongest other Good Person card.",
            ),
        ),
        249,
        "Foolishness's second attack strikes an Opponent Person",
        "states 'Opponent'",
        "says 'Good'",
    ),
    Edit(
        "vx-the-game-has-48-vortex-cards",
        VX,
        "004:17 the game has 48 Vortex cards",
        (
            (
                f"catalog/{VX}/vortex.csv",
                'vortex-bgry,"Vortex: Blue, Green, Red, Yellow",1,',
                'vortex-bgry,"Vortex: Blue, Green, Red, Yellow",2,',
            ),
        ),
        17,
        "Vortex cards",
        "expected 48",
        "has 49",
    ),
]
batched(SAMPLE)


def _population() -> list[tuple[str, int, str, str]]:
    """Every fact the five sources state, as (seed prefix, line, kind, text), in file order."""
    out: list[tuple[str, int, str, str]] = []
    for path in seed_files():
        source, why = load_source(path.name, own=None, root=SEEDS, folder=SEEDS)
        assert source is not None, why
        for kind, line, text, _ in checked(coverage(source, [], []), []).facts:
            out.append((path.name[:3], line, kind, text))
    return out


def test_the_draw_is_reproducible_and_skips_only_what_states_no_rule() -> None:
    expected = [(SEED_FILES[e.game][:3], e.seed) for e in SAMPLE]
    facts = _population()
    drawn: list[tuple[str, int]] = []
    passed_over: list[tuple[str, int]] = []
    for prefix, line, _, _ in random.Random(DRAW_SEED).sample(facts, len(facts)):
        if len(drawn) == len(expected):
            break
        if (prefix, line) in drawn:
            continue
        if (prefix, line) in NOT_RULES:
            passed_over.append((prefix, line))
            continue
        drawn.append((prefix, line))
    assert drawn == expected
    assert passed_over == list(NOT_RULES)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("ten-fact-sample"), GAMES)


def _names_line(finding: str, game: str, line: int) -> bool:
    """Does the finding name `line` of the game's seed ("seed:12,40")?"""
    listed = re.search(re.escape(SEED_FILES[game]) + r":([\d,]+)", finding)
    return listed is not None and str(line) in listed.group(1).split(",")


def _hits(lines: list[str], e: Edit) -> list[str]:
    """The findings that name the edit's fact, its seed line and both values."""
    return [
        f
        for f in lines
        if e.names in f
        and _names_line(f, e.game, e.seed)
        and e.before.lower() in f.lower()
        and e.after.lower() in f.lower()
    ]


def _checked(root: Path, e: Edit) -> list[str]:
    """The failures of `e.game` with `e`'s changes made in `root`; every file is restored
    afterwards."""
    files = {f for f, _, _ in e.changes}
    saved = {f: (root / f).read_text(encoding="utf-8") for f in files}
    try:
        for f, old, new in e.changes:
            text = (root / f).read_text(encoding="utf-8")
            assert old in text, f"{old!r} is not in {f}"
            (root / f).write_text(text.replace(old, new, 1), encoding="utf-8")
        return failures(root, e.game, PARTS, sources=SEEDS)
    finally:
        for f, text in saved.items():
            (root / f).write_text(text, encoding="utf-8")


@pytest.mark.parametrize("e", SAMPLE, ids=[e.id for e in SAMPLE])
def test_each_drawn_fact_broken_where_a_player_reads_it_fails_naming_its_source_line(
    project: Path, e: Edit, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SOURCES_ENV, str(SEEDS))
    at_once = together(project, e, PARTS)  # the sample's edits checked at once (helpers_edits)
    if at_once is not None and _hits(at_once, e):
        return
    lines = _checked(project, e)
    assert _hits(lines, e), "\n".join(lines) or "the check passed"


def test_the_sample_is_ten_facts_on_ten_lines_each_edited_once() -> None:
    assert len(SAMPLE) == 10
    assert len({(e.game, e.seed) for e in SAMPLE}) == 10
    assert len({e.id for e in SAMPLE}) == 10
