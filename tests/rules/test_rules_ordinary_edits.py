"""Ordinary edits in a copy of each shipped game (a sentence put another way, a section of
advice, the designer's own table reordered, a house rule, the cover's words) need at most
one written line each to pass the check, and an edit that needs one fails only where it
changed something, its finding printing the line when the line is a comment it names. The
check is run without the setup simulation (what these edits leave alone), once an edit, on
one copy of the five games for the module."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import GAMES, SEEDS
from helpers_edits import failures_edited, games_copy

# every part of `check` that reads what these edits change: all but the setup simulation
PARTS = {
    "counts", "constraints", "facts", "examples", "source", "texts", "prose-counts",
    "prose-words", "distinct-names", "card-texts", "setup-says", "setup-who", "rulebook",
}  # fmt: skip
OPTIONS = {"sources": SEEDS} if SEEDS.is_dir() else {}
Change = tuple[str, str, str]

# an advice paragraph in ordinary words, some of which are rule words elsewhere
ADVICE = "In your first round, keep two cards back; a player can wait for a better moment."
CLOSING = "A last word: play the first game open-handed, then a second one as written."
TIP = "Tip: the first time you play, read this card aloud to everyone."
HOUSE = 'choice = {{ value = "{value}", why = "a house rule of our table" }}'
OWN = re.compile(r"write (\{# own: [^#]* #\}) at the start of ([^:]+):(\d+)")


def _book(game: str) -> str:
    return f"layouts/{game}/rulebook.md.j2"


def _rules(game: str) -> str:
    return f"catalog/{game}/rules.toml"


def _game(game: str) -> str:
    return f"catalog/{game}/game.toml"


def _rows(game: str, first: str, second: str) -> Change:
    """Two neighbouring rows of a table of the game file exchanged (`first` above `second`)."""
    return (_game(game), f"{first}\n{second}\n", f"{second}\n{first}\n")


# (what the designer does, the changes) that pass with no line written
REWORDED: dict[str, list[tuple[str, list[Change]]]] = {
    "vortex": [
        (
            "a sentence put another way",
            [
                (
                    _book("vortex"),
                    "keep the types {{ apart }} for easier sorting later.",
                    "keep the types {{ apart }}, which makes sorting easier later.",
                )
            ],
        ),
        (
            "a clause moved to the front",
            [
                (
                    _book("vortex"),
                    "The turned-up {{ vortex_cards }} form {{ own }}, {{ shown }}, beside the "
                    "Vortex deck.",
                    "Beside the Vortex deck, the turned-up {{ vortex_cards }} form {{ own }}, {{ "
                    "shown }}.",
                )
            ],
        ),
        (
            "joining words changed",
            [
                (
                    _book("vortex"),
                    "they score, but do {{ out }} your deck.",
                    "they do score, but they do {{ out }} your deck.",
                )
            ],
        ),
        (
            "the designer's own limits reordered",
            [
                _rows(
                    "vortex", '  ["Frenzy actions in a round", 1],', '  ["Crusades in a round", 1],'
                )
            ],
        ),
        (
            "the scoring rows reordered",
            [
                _rows(
                    "vortex",
                    '  ["each True Convert (a Devotee of another colour you own)", 1, "every '
                    'player"],',
                    '  ["each Fearful in your Fearful pile", 1, "every player"],',
                )
            ],
        ),
    ],
    "alpha-omega-cards": [
        (
            "a sentence put another way",
            [
                (
                    _book("alpha-omega-cards"),
                    "whoever sits {{ multiplayer_next }} you now runs through",
                    "whoever sits {{ multiplayer_next }} you then runs through",
                )
            ],
        ),
        (
            "a clause moved to the front",
            [
                (
                    _book("alpha-omega-cards"),
                    "It attacks or uses its ability straight away, {{ if_it_can }}.",
                    "Straight away, {{ if_it_can }}, it attacks or uses its ability.",
                )
            ],
        ),
        (
            "joining words changed",
            [
                (
                    _book("alpha-omega-cards"),
                    "There is no limit to how many cards you {{ hand_unlimited }} hold.",
                    "There is no limit to how many cards that you {{ hand_unlimited }} hold.",
                )
            ],
        ),
        (
            "the designer's own scoring rows reordered",
            [
                _rows(
                    "alpha-omega-cards",
                    '  ["each Good Person card still in a teammate\'s play when the game ends", '
                    "1],",
                    '  ["each Calling you achieved", 3],',
                )
            ],
        ),
        (
            "two more scoring rows reordered",
            [
                _rows(
                    "alpha-omega-cards",
                    '  ["each Good Person card still in your own play when the game ends", 2],',
                    '  ["each Good Person card still in a teammate\'s play when the game ends", '
                    "1],",
                )
            ],
        ),
    ],
    "alpha-omega-tiles": [
        (
            "a sentence put another way",
            [
                (
                    _book("alpha-omega-tiles"),
                    "and because every pawn {{ must_move }} keep moving, you {{ cannot }} simply",
                    "and since every pawn {{ must_move }} keep moving, you {{ cannot }}",
                )
            ],
        ),
        (
            "joining words changed",
            [
                (
                    _book("alpha-omega-tiles"),
                    "Empty spaces and tiles without an element score like this:",
                    "Empty spaces, and tiles without an element, score like this:",
                )
            ],
        ),
        (
            "a clause moved",
            [
                (
                    _book("alpha-omega-tiles"),
                    "You have exactly {{ steps }} steps each turn, and you {{ must_move }} use "
                    "both.",
                    "Each turn you have exactly {{ steps }} steps, and you {{ must_move }} use "
                    "both.",
                )
            ],
        ),
        (
            "the designer's own table of opposites reordered",
            [
                _rows(
                    "alpha-omega-tiles",
                    '  ["Fire", "Water", "Water"],',
                    '  ["Water", "Fire", "Fire"],',
                )
            ],
        ),
        (
            "two more rows of opposites reordered",
            [
                _rows(
                    "alpha-omega-tiles",
                    '  ["Water", "Fire", "Fire"],',
                    '  ["Earth", "Air", "Air"],',
                )
            ],
        ),
    ],
    "alter-ego": [
        (
            "a sentence put another way",
            [
                (
                    _book("alter-ego"),
                    "Your family has your back. Draw {{ cards }}",
                    "Your family has got your back. Draw {{ cards }}",
                )
            ],
        ),
        (
            "joining words changed",
            [
                (
                    _book("alter-ego"),
                    "the gang it works for, and the {{ benefit }} you keep when you defeat it.",
                    "the gang that it works for, and the {{ benefit }} that you keep when you "
                    "defeat it.",
                )
            ],
        ),
        (
            "a clause moved",
            [
                (
                    _book("alter-ego"),
                    "Sort the remaining {{ ego_cards }} by type into piles {{ beside }} the {{ "
                    "hero_cards }}.",
                    "Sort the remaining {{ ego_cards }} into piles by type {{ beside }} the {{ "
                    "hero_cards }}.",
                )
            ],
        ),
        (
            "the designer's own table of benefits reordered",
            [
                _rows(
                    "alter-ego",
                    '  ["Family", "+1 card drawn in Support"],',
                    '  ["$", "+$1 in Equip"],',
                )
            ],
        ),
        (
            "two more benefits reordered",
            [
                _rows(
                    "alter-ego",
                    '  ["$", "+$1 in Equip"],',
                    '  ["Display", "+1 card into your display in Recoup"],',
                )
            ],
        ),
    ],
    "atmosfear": [
        (
            "a sentence put another way",
            [
                (
                    _book("atmosfear"),
                    "The rest of the pack stays {{ down }} as the deck.",
                    "The rest of the pack then stays {{ down }}, as the deck.",
                )
            ],
        ),
        (
            "joining words changed",
            [
                (
                    _book("atmosfear"),
                    "Then all Keys are turned over, and the player",
                    "Then all Keys are turned over and then the player",
                )
            ],
        ),
        (
            "a clause moved",
            [
                (
                    _book("atmosfear"),
                    "Within a Realm, a {{ higher }} rank {{ beats }} every rank beneath it.",
                    "A {{ higher }} rank {{ beats }} every rank beneath it within a Realm.",
                )
            ],
        ),
        (
            "the designer's own numbers reordered",
            [
                _rows(
                    "atmosfear",
                    '  ["cards each player adds to a trick", 1],',
                    '  ["Key cards the winner of a round takes", 1],',
                )
            ],
        ),
        (
            "two more of its numbers reordered",
            [
                _rows(
                    "atmosfear",
                    '  ["Key cards a cheat loses", 1],',
                    '  ["cards dealt at a time to each tied player in the Gatekeeper quick-draw", '
                    "1],",
                )
            ],
        ),
    ],
}

# the rule fact each game departs from as a house rule, and the designer's word for it
HOUSE_RULES = {
    "vortex": ("may-sort", "must"),
    "alpha-omega-cards": ("attack-waiting", "must"),
    "alpha-omega-tiles": ("win-highest", "lowest"),
    "alter-ego": ("turn-order", "counter-clockwise"),
    "atmosfear": ("trick-order", "counter-clockwise"),
}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("ordinary"), GAMES)


def _passes_with_at_most_one_line(
    project: Path, game: str, edit: list[Change], where: tuple[str, str]
) -> None:
    """The edit fails only at `where` (its file and the words it typed), every finding
    printing the one line that accepts them; with that line written, it passes."""
    found = failures_edited(project, game, edit, PARTS, **OPTIONS)
    assert found, "the edit types rule words: the check must name them"
    lines = {m.groups() for f in found if (m := OWN.search(f))}
    assert len(lines) == 1, found
    ((own, file, n),) = lines
    assert file == where[0] and all(f"{file}:{n}:" in f for f in found), found
    text = (project / file).read_text(encoding="utf-8")
    for f, old, new in edit:  # the line as edited
        if f == file:
            text = text.replace(old, new, 1)
    line = text.splitlines()[int(n) - 1]
    assert where[1] in line, (line, where)
    accepted = [(f, old, new.replace(where[1], own + where[1], 1)) for f, old, new in edit]
    assert failures_edited(project, game, accepted, PARTS, **OPTIONS) == []


@pytest.mark.parametrize("game", GAMES)
def test_the_game_passes_as_shipped(project: Path, game: str) -> None:
    assert failures_edited(project, game, [], PARTS, **OPTIONS) == []


@pytest.mark.parametrize(
    ("game", "what", "edit"),
    [pytest.param(g, w, e, id=f"{g}: {w}") for g, edits in REWORDED.items() for w, e in edits],
)
def test_an_edit_that_states_no_new_rule_passes_as_it_is(
    project: Path, game: str, what: str, edit: list[Change]
) -> None:
    assert failures_edited(project, game, edit, PARTS, **OPTIONS) == [], what


@pytest.mark.parametrize("game", GAMES)
def test_a_section_of_advice_passes_with_the_one_line_its_findings_print(
    project: Path, game: str
) -> None:
    book = (project / _book(game)).read_text(encoding="utf-8")
    heading = next(line for line in book.splitlines() if line.startswith("# "))
    edit = [(_book(game), heading, f"# Advice\n\n{ADVICE}\n\n{heading}")]
    _passes_with_at_most_one_line(project, game, edit, (_book(game), ADVICE))


@pytest.mark.parametrize("game", GAMES)
def test_a_tip_on_a_quick_reference_passes_with_the_one_line_its_findings_print(
    project: Path, game: str
) -> None:
    card = sorted((project / "layouts" / game / "quickref").glob("*.md.j2"))[0]
    shown = str(card.relative_to(project))
    text = card.read_text(encoding="utf-8")
    edit = [(shown, text, text.rstrip("\n") + f"\n\n{TIP}\n")]
    _passes_with_at_most_one_line(project, game, edit, (shown, TIP))


@pytest.mark.parametrize("game", GAMES)
def test_a_closing_word_of_advice_passes_with_the_one_line_its_findings_print(
    project: Path, game: str
) -> None:
    book = (project / _book(game)).read_text(encoding="utf-8")
    edit = [(_book(game), book, book.rstrip("\n") + f"\n\n{CLOSING}\n")]
    _passes_with_at_most_one_line(project, game, edit, (_book(game), CLOSING))


@pytest.mark.parametrize("game", GAMES)
def test_a_house_rule_departs_from_the_source_in_one_line(project: Path, game: str) -> None:
    fact, word = HOUSE_RULES[game]
    old = f'id = "{fact}"\n'
    departed = (_rules(game), old, old + HOUSE.format(value=word) + "\n")
    assert failures_edited(project, game, [departed], PARTS, **OPTIONS) == []


@pytest.mark.parametrize("game", GAMES)
def test_the_covers_words_put_another_way_pass(project: Path, game: str) -> None:
    # the rulebook's cover and the game's listing print the description
    edit = [(_game(game), 'description = "', 'description = "Made for an evening with friends. ')]
    assert failures_edited(project, game, edit, PARTS, **OPTIONS) == []


def test_each_game_is_edited_ten_ways() -> None:
    generic = 5  # advice, a tip, a closing word, a house rule, the cover's words
    assert {g: len(e) + generic for g, e in REWORDED.items()} == {g: 10 for g in GAMES}
