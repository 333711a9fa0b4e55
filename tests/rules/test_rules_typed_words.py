"""Rule words typed into the rule templates (issue #42): with `words = true`, a `typed` fact
finds every word of the fact vocabulary (`rule_words.toml`'s opposites: first / last, may /
must, face up / face down …) typed in a template sentence that renders no fact, at the
template's file and line, naming the word and the rule fact it shadows. An `allow` entry
keeps a sentence that is no rule with the words around the word and why; the entry matches
where it stands, so the same sentence with the word turned round is a finding again. A word
typed inside the form (`says`) of a fact the line renders is held by that fact's own check.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import GAMES
from helpers_edits import STARTER, failures, failures_edited, games_copy, starter

PARTS = {"facts"}
TYPED = "the templates type no rule word"
PLAYING = "On your turn, play one card whose suit matches the last card played, or draw one card."


def _starter(tmp_path: Path, rules: str, playing: str = PLAYING) -> Path:
    """The starter of `cardstock init` with `rules` added to its rules.toml and its
    rulebook's Playing section cut to the sentence `playing`."""
    root = starter(tmp_path, rules=rules, full=True)
    book = root / "layouts" / STARTER / "rulebook.md.j2"
    lines = book.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("On your turn"))
    lines[at] = playing
    book.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def _line_of(root: Path, text: str) -> int:
    book = root / "layouts" / STARTER / "rulebook.md.j2"
    return next(n for n, line in enumerate(book.read_text().splitlines(), 1) if text in line)


def _typed(allow: str = "") -> str:
    """A `typed` fact with `words = true` and `allow` its one entry (the starter renders its
    setup's "each player" from a fact, so nothing else need be kept)."""
    kept = f"allow = [{allow}]\n" if allow else ""
    return f'\n[[facts]]\nkind = "typed"\nwords = true\nname = "{TYPED}"\n{kept}'


def test_a_typed_rule_word_is_a_finding_at_its_file_and_line(tmp_path: Path) -> None:
    root = _starter(tmp_path, _typed())
    n = _line_of(root, "On your turn")
    found = failures(root, STARTER, PARTS)
    hits = [f for f in found if f"rulebook.md.j2:{n} types the rule word 'last'" in f]
    assert hits, "\n".join(found) or "the check passed"
    assert "its opposite: 'first'" in hits[0] and "renders no fact" in hits[0]


def test_the_finding_names_the_rule_fact_whose_vocabulary_holds_the_word(
    tmp_path: Path,
) -> None:
    fact = (
        '\n[[facts]]\nkind = "rule"\nid = "follow-last"\nname = "you follow the last card"\n'
        'value = "last"\nopposites = ["first"]\nsays = "the {value} card played"\n'
    )
    typed_sentence = "Play a card that matches the last card played."
    found = failures(_starter(tmp_path, _typed() + fact, typed_sentence), STARTER, PARTS)
    # the rule fact finds its own word typed where its `says` puts it, and the word lint
    # names the fact the typed word shadows
    assert any("types the rule word 'last'" in f and "'follow-last'" in f for f in found), found


def test_an_allow_entry_keeps_the_sentence_with_its_reason(tmp_path: Path) -> None:
    allow = '{ says = "matches the last card played", why = "a test: the sentence is kept" }'
    root = _starter(tmp_path, _typed(allow))
    assert [f for f in failures(root, STARTER, PARTS) if TYPED in f] == []


def test_the_allowed_sentence_with_its_word_turned_round_is_caught(tmp_path: Path) -> None:
    allow = '{ says = "matches the last card played", why = "a test: the sentence is kept" }'
    turned = PLAYING.replace("the last card", "the first card")
    root = _starter(tmp_path, _typed(allow), turned)
    n = _line_of(root, "On your turn")
    found = [f for f in failures(root, STARTER, PARTS) if TYPED in f]
    assert any(f"rulebook.md.j2:{n} types the rule word 'first'" in f for f in found), found
    assert any("allow[0] ('matches the last card played') matches no" in f for f in found), found


def test_an_allow_entry_covers_only_the_words_it_stands_around(tmp_path: Path) -> None:
    # the entry keeps the first 'last'; the second, outside its words, is still a finding
    allow = '{ says = "matches the last card played", why = "a test" }'
    sentence = PLAYING.replace("or draw one card.", "or draw the last card.")
    found = failures(_starter(tmp_path, _typed(allow), sentence), STARTER, PARTS)
    ours = [f for f in found if f.startswith(f"{TYPED}:")]  # not the starter's own typed fact
    assert sum("types the rule word 'last'" in f for f in ours) == 1, found


def test_a_word_of_the_form_of_a_fact_the_line_renders_is_held_by_that_fact(
    tmp_path: Path,
) -> None:
    fact = (
        '\n[[facts]]\nkind = "rule"\nid = "draw-when"\nname = "you draw before you play"\n'
        'value = "draw"\nopposites = ["discard"]\nsays = "{value} one card before you play"\n'
    )
    rendered = "On your turn, {{ fact('draw-when').value }} one card before you play."
    root = _starter(tmp_path, _typed() + fact, rendered)
    assert [f for f in failures(root, STARTER, PARTS) if TYPED in f] == []
    # turned round, the line no longer says the fact's form: the fact's check catches it
    turned = rendered.replace("before", "after")
    found = failures(_starter(tmp_path / "turned", _typed() + fact, turned), STARTER, PARTS)
    assert any("you draw before you play" in f and "renders fact('draw-when')" in f for f in found)


def test_a_word_outside_the_form_of_a_rendered_fact_is_still_a_finding(tmp_path: Path) -> None:
    fact = (
        '\n[[facts]]\nkind = "rule"\nid = "draw-when"\nname = "you draw before you play"\n'
        'value = "draw"\nopposites = ["discard"]\nsays = "{value} one card before you play"\n'
    )
    line = "{{ fact('draw-when').value }} one card before you play, then the last card."
    found = failures(_starter(tmp_path, _typed() + fact, line), STARTER, PARTS)
    assert any(
        "types the rule word 'last'" in f
        and "outside the words of the facts the line renders (draw-when)" in f
        for f in found
    ), found


def test_a_gettext_placeholder_and_an_icon_code_are_keys_not_words(tmp_path: Path) -> None:
    sentence = "{{ _('Who %(wins)s a trick', wins=game.title) }} :spark: see it."
    root = _starter(tmp_path, _typed(), sentence)
    assert [f for f in failures(root, STARTER, PARTS) if TYPED in f] == []


# ---------------------------------------------------------------- edits of the shipped games
# Template sentences that rendered no fact, a vocabulary word in each turned round: every
# one survived the mutation test (accepted as no rule) before the words lint. `{at}` is the
# line the edited sentence stands on in the template, found there, so the finding must name it.

EDITS = [
    (
        "atm-see-below-turned",
        "atmosfear",
        "layouts/atmosfear/rulebook.md.j2",
        "in the same trick (see below).",
        "in the same trick (see above).",
        ["rulebook.md.j2:{at} types", "'above'", "(its opposite: 'below')"],
    ),
    (
        "atm-open-keys-turned",
        "atmosfear",
        "layouts/atmosfear/rulebook.md.j2",
        "**Open Keys.**",
        "**Hidden Keys.**",
        ["rulebook.md.j2:{at} types", "'Hidden'"],
    ),
    (
        "aot-next-to-turned",
        "alpha-omega-tiles",
        "layouts/alpha-omega-tiles/rulebook.md.j2",
        "over a tile next to her own pawn",
        "over a tile opposite her own pawn",
        ["rulebook.md.j2:{at} types", "'opposite'"],
    ),
    (
        # a name, not a rule word: the myth's allow entries keep "its scales into Earth"
        # where it stands, not a second Earth typed elsewhere on the line
        "aot-myth-name-elsewhere",
        "alpha-omega-tiles",
        "layouts/alpha-omega-tiles/rulebook.md.j2",
        "Its breath turned into Air",
        "Its breath turned into Earth",
        ["rulebook.md.j2:{at} types", "types the name 'Earth'"],
    ),
    (
        "ae-you-can-turned",
        "alter-ego",
        "layouts/alter-ego/rulebook.md.j2",
        "about it. You can.",
        "about it. You cannot.",
        ["rulebook.md.j2:{at} types", "'cannot'"],
    ),
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("typed-words"), GAMES)


@pytest.mark.parametrize("e", EDITS, ids=[e[0] for e in EDITS])
def test_a_template_word_turned_round_fails_at_its_line(
    project: Path, e: tuple[str, str, str, str, str, list[str]]
) -> None:
    _, game, file, old, new, words = e
    template = (project / file).read_text(encoding="utf-8").splitlines()
    at = next(n for n, line in enumerate(template, 1) if old in line)
    words = [w.format(at=at) for w in words]
    lines = failures_edited(project, game, [(file, old, new)], PARTS)
    hits = [f for f in lines if "type no number or name" in f and all(w in f for w in words)]
    assert hits, "\n".join(lines) or "the check passed"


def test_a_word_the_rendered_person_rule_holds_is_caught_by_its_fact(project: Path) -> None:
    # Alpha & Omega cards: "across all players" is part of fact 'person-once''s form
    edit = (
        "layouts/alpha-omega-cards/rulebook.md.j2",
        "per game** across all players",
        "per game** across the first player",
    )
    lines = failures_edited(project, "alpha-omega-cards", [edit], PARTS)
    assert any("renders fact('person-once')" in f and "across all players" in f for f in lines), (
        "\n".join(lines) or "the check passed"
    )


def test_the_starter_renders_its_rule_words_and_passes_its_own_word_lint(tmp_path: Path) -> None:
    root = starter(tmp_path, full=True)
    rules = (root / "catalog" / STARTER / "rules.toml").read_text(encoding="utf-8")
    assert 'kind = "typed"' in rules and "words = true" in rules
    assert failures(root, STARTER, {"facts", "source"}) == []


@pytest.mark.parametrize(
    ("old", "new", "word"),
    [
        ("the {{ fact('match-last').value }} card played", "the first card played", "first"),
        ("{{ fact('first-out-wins').value }}, and sparks", "loses, and sparks", "loses"),
        (
            "cards to {{ fact('deal-each-player').value }}.",
            "cards to the active player.",
            "the active player",
        ),
    ],
)
def test_a_rule_word_typed_into_the_starters_rulebook_is_a_finding(
    tmp_path: Path, old: str, new: str, word: str
) -> None:
    root = starter(tmp_path, full=True)
    book = f"layouts/{STARTER}/rulebook.md.j2"
    found = failures_edited(root, STARTER, [(book, old, new)], PARTS)
    assert any(f"types the rule word '{word}'" in f for f in found), found


def test_an_allow_entrys_words_are_found_where_each_entry_alone_finds_them() -> None:
    """A fact's `allow` entries are made into patterns once for all the lines it reads
    (`Phrases`): on any line they stand where each entry, looked for alone, stands."""
    from cardstock.rules.reading.typed_rule_words import Phrases, spans

    entries = ["see below", "the last", "face-up", "%(n)s cards", "", "The  LAST"]
    lines = [
        "See below: the last card, face up, goes to the last player.",
        "Draw %(n)s cards; the lasting one stays face-up (see   below).",
        "nothing here",
        "The last’s :fire: last",
    ]
    phrases = Phrases(entries)
    for line in lines:
        alone = [(k, a, b) for k, x in enumerate(entries) for a, b in spans(line, x)]
        assert phrases.spans(line) == alone
    assert phrases.spans(lines[0])  # the lines do hold some of the entries


def test_a_phrase_stands_where_its_pattern_finds_it_and_is_compiled_only_for_a_line_with_it() -> (
    None
):
    """`spans` looks a phrase's pattern up only for a line whose words hold the phrase's
    words in a row: on every line it finds what the pattern itself finds, and a phrase no
    line holds is never compiled."""
    from cardstock.core.patterns import compiled
    from cardstock.rules.reading.typed_rule_words import _low, _phrase_pattern, spans

    phrases = ["see below", "the last", "face-up", "$3 o'clock", "last card", "d’or", "n"]
    lines = [
        "See below: the last card, face up, goes to the last player.",
        "Draw %(n)s cards; the lasting one stays face-up (see   below).",
        "At $3 o'clock the-last card-- is the LAST, cardlast last cards.",
        "La carte d’or, d'or; n’est pas :n: n.",
        "",
    ]
    for phrase in phrases:
        pattern = _phrase_pattern(phrase)
        assert pattern is not None
        for line in lines:
            assert spans(line, phrase) == [m.span() for m in pattern.finditer(_low(line))]
    unseen = "quokka wombat 4417"
    before = compiled.cache_info().misses
    assert all(spans(line, unseen) == [] for line in [*lines, "quokka wombat", "4417 quokka"])
    assert compiled.cache_info().misses == before  # no pattern made for it
    assert spans("A quokka, wombat: 4417!", unseen) == [(2, 22)]
    assert compiled.cache_info().misses == before + 1
