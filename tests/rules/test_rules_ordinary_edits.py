"""Ordinary edits in a copy of each shipped game (a sentence put another way, a section of
advice, the designer's own table reordered, a house rule, the cover's words) need at most
one written line each to pass the check, and an edit that needs one fails only where it
changed something, its finding printing the line when the line is a comment it names. The
check is run without the setup simulation (what these edits leave alone), on one copy of the
five games for the module.

By default a game's edits that fit together are made at once and checked once (the edits
that pass, and then the three that type rule words, with each one's words on a line of its
own): an edit passes when that check finds nothing, and an edit that types rule words
passes when every finding of that check names the line of exactly one of the three edits,
each edit's findings printing one line to write, at that line, and the check with the three
lines written finds nothing. Anything else, and every edit in the full run
(`CARDSTOCK_FULL=1`), is checked alone, so a failure names its own edit."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import FULL, GAMES, SEEDS
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


def _house(game: str) -> list[Change]:
    """The game's house rule: a choice that departs from one rule fact, with the reason."""
    fact, word = HOUSE_RULES[game]
    old = f'id = "{fact}"\n'
    return [(_rules(game), old, old + HOUSE.format(value=word) + "\n")]


def _cover(game: str) -> list[Change]:
    """The cover's words put another way (the rulebook's cover and the game's listing print
    the description)."""
    return [(_game(game), 'description = "', 'description = "Made for an evening with friends. ')]


# each game's edits that pass with no line written
PASSING = {
    game: [edit for _, edit in REWORDED[game]] + [_house(game), _cover(game)] for game in GAMES
}


def _made(project: Path, changes: list[Change]) -> dict[str, str] | None:
    """Each file `changes` change, with the changes made one after the other; None unless
    each change's text is there, as often as in the file as shipped (so each replaces what
    it would alone)."""
    shipped: dict[str, str] = {}
    texts: dict[str, str] = {}
    for f, old, new in changes:
        if f not in shipped:
            shipped[f] = texts[f] = (project / f).read_text(encoding="utf-8")
        if old not in texts[f] or texts[f].count(old) != shipped[f].count(old):
            return None
        texts[f] = texts[f].replace(old, new, 1)
    return texts


def _fit(project: Path, edits: list[list[Change]]) -> dict[str, str] | None:
    """The files `edits` change when they fit together: made one after the other (`_made`),
    what each change wrote still there once all are made; else None."""
    texts = _made(project, [c for e in edits for c in e])
    if texts is None or any(new not in texts[f] for e in edits for f, _, new in e):
        return None
    return texts


def _failures_of(project: Path, game: str, texts: dict[str, str]) -> list[str]:
    """The findings of the check of `game` with each file of `texts` holding its text."""
    whole = [(f, (project / f).read_text(encoding="utf-8"), text) for f, text in texts.items()]
    return failures_edited(project, game, whole, PARTS, **OPTIONS)


# the findings of the checks of several edits at once, by the project, the game and the edits
_AT_ONCE: dict[tuple[str, str, str], list[str]] = {}


def _passes_at_once(project: Path, game: str, edit: list[Change]) -> bool:
    """Whether the check of `edit` made with the game's other passing edits that fit with it
    (`_fit`, taken in order) finds nothing."""
    group: list[list[Change]] = []
    for other in PASSING[game]:
        trial = [*group, other]
        if _fit(project, trial if edit in trial else [*trial, edit]):
            group = trial
    texts = _fit(project, group)
    if edit not in group or texts is None:
        return False
    key = (str(project), game, repr(group))
    if key not in _AT_ONCE:
        _AT_ONCE[key] = _failures_of(project, game, texts)
    return _AT_ONCE[key] == []


def _passes(project: Path, game: str, edit: list[Change]) -> None:
    """The check passes the game with `edit` made: at once with the game's other passing
    edits that fit when that check finds nothing, else (and in the full run) alone."""
    if FULL or not _passes_at_once(project, game, edit):
        assert failures_edited(project, game, edit, PARTS, **OPTIONS) == []


def _typed(project: Path, game: str) -> dict[str, tuple[list[Change], tuple[str, str]]]:
    """The edits of `game` that type rule words, by name: each edit's changes and `where`
    (its file and the words it typed). The closing word replaces the whole rulebook, so it
    comes before the advice, which goes before its first heading."""
    book = (project / _book(game)).read_text(encoding="utf-8")
    heading = next(line for line in book.splitlines() if line.startswith("# "))
    card = sorted((project / "layouts" / game / "quickref").glob("*.md.j2"))[0]
    shown = str(card.relative_to(project))
    text = card.read_text(encoding="utf-8")
    return {
        "closing": (
            [(_book(game), book, book.rstrip("\n") + f"\n\n{CLOSING}\n")],
            (_book(game), CLOSING),
        ),
        "advice": (
            [(_book(game), heading, f"# Advice\n\n{ADVICE}\n\n{heading}")],
            (_book(game), ADVICE),
        ),
        "tip": ([(shown, text, text.rstrip("\n") + f"\n\n{TIP}\n")], (shown, TIP)),
    }


# whether the edits that type rule words passed with their lines at once, by project and game
_TYPED_AT_ONCE: dict[tuple[str, str], bool] = {}


def _typed_pass_at_once(project: Path, game: str) -> bool:
    """Whether the three edits of `game` that type rule words (`_typed`), made at once, each
    pass with the one line its findings print: the words of each are on one line; every
    finding of the check names the line (`file:n:`) of exactly one edit; each edit's
    findings are not empty and print one line to write, at that line; and with each edit's
    line written the check finds nothing."""
    key = (str(project), game)
    if key in _TYPED_AT_ONCE:
        return _TYPED_AT_ONCE[key]
    _TYPED_AT_ONCE[key] = False
    edits = _typed(project, game)
    texts = _made(project, [c for changes, _ in edits.values() for c in changes])
    if texts is None or any(texts[f].count(words) != 1 for _, (f, words) in edits.values()):
        return False
    at = {}  # each edit's line, as a finding names it
    for name, (_, (file, words)) in edits.items():
        (n,) = [n for n, line in enumerate(texts[file].splitlines(), 1) if words in line]
        at[name] = f"{file}:{n}:"
    found = _failures_of(project, game, texts)
    if any(sum(place in f for place in at.values()) != 1 for f in found):
        return False
    accepted = dict(texts)
    for name, (_, (file, words)) in edits.items():
        mine = [f for f in found if at[name] in f]
        lines = {m.groups() for f in mine if (m := OWN.search(f))}
        if not mine or len(lines) != 1:
            return False
        ((own, printed, line),) = lines
        if f"{printed}:{line}:" != at[name]:
            return False
        accepted[file] = accepted[file].replace(words, own + words, 1)
    _TYPED_AT_ONCE[key] = _failures_of(project, game, accepted) == []
    return _TYPED_AT_ONCE[key]


def _passes_with_at_most_one_line(project: Path, game: str, name: str) -> None:
    """The edit `name` of `_typed` fails only at its `where` (its file and the words it
    typed), every finding printing the one line that accepts them; with that line written,
    it passes. By default read from the three edits made at once (`_typed_pass_at_once`)
    when they hold it there; else, and in the full run, the edit is checked alone."""
    if not FULL and _typed_pass_at_once(project, game):
        return
    edit, where = _typed(project, game)[name]
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
    _passes(project, game, edit)


@pytest.mark.parametrize("game", GAMES)
def test_a_section_of_advice_passes_with_the_one_line_its_findings_print(
    project: Path, game: str
) -> None:
    _passes_with_at_most_one_line(project, game, "advice")


@pytest.mark.parametrize("game", GAMES)
def test_a_tip_on_a_quick_reference_passes_with_the_one_line_its_findings_print(
    project: Path, game: str
) -> None:
    _passes_with_at_most_one_line(project, game, "tip")


@pytest.mark.parametrize("game", GAMES)
def test_a_closing_word_of_advice_passes_with_the_one_line_its_findings_print(
    project: Path, game: str
) -> None:
    _passes_with_at_most_one_line(project, game, "closing")


@pytest.mark.parametrize("game", GAMES)
def test_a_house_rule_departs_from_the_source_in_one_line(project: Path, game: str) -> None:
    _passes(project, game, _house(game))


@pytest.mark.parametrize("game", GAMES)
def test_the_covers_words_put_another_way_pass(project: Path, game: str) -> None:
    _passes(project, game, _cover(game))


def test_each_game_is_edited_ten_ways() -> None:
    generic = 5  # advice, a tip, a closing word, a house rule, the cover's words
    assert {g: len(e) + generic for g, e in REWORDED.items()} == {g: 10 for g in GAMES}
