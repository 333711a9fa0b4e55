"""`card-texts`: what a card's own words restate about the card agrees with its fields — a
signed number beside the word of a number field, the card a text names of its own deck, and
a field's values in the card's name. The project is the starter of `cardstock init` with
cards of this test's own."""

from __future__ import annotations

from pathlib import Path

from cardstock.core.cache import memory_cache
from cardstock.core.stage import Job
from cardstock.init import init_project
from cardstock.rules.checks.card_texts import card_texts
from cardstock.rules.checks.own import OWN
from cardstock.validate import validate

GAME = "moon-race"
HEADER = "name,count,suit,suit_icon,power,path,text,shift\n"
FIELDS = 'fields.path = { type = "list" }\nfields.shift = { type = "int", min = -3, max = 3 }\n'
# each card's text and name say what its fields hold
CARDS = [
    ("Dawn", "Sun", 2, "Sun|Moon", "Play it on a Sun card: Power +2 for this turn."),
    ("Noon", "Sun", 5, "Sun", "While Noon is in play, take a :spark: each turn."),
    ("Tide", "Moon", 6, "Moon|Sun", "Play on any card you like, Shift -1 for the others."),
    ("Dusk", "Moon", 3, "Moon", "Play on any Moon card."),
]
SHIFTS = {2: -1}  # the third card's shift (the others' is 0)


def project(tmp_path: Path, cards: list[tuple[str, str, int, str, str]]) -> Path:
    root = tmp_path / GAME
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    folder = root / "catalog" / GAME
    game = (folder / "game.toml").read_text(encoding="utf-8")
    game = game.replace("fields.art = ", FIELDS + "fields.art = ", 1)
    (folder / "game.toml").write_text(game, encoding="utf-8")
    rows = "".join(
        f'"{name}",2,{suit},{suit.lower()},{power},{path},"{text}",{SHIFTS.get(k, 0)}\n'
        for k, (name, suit, power, path, text) in enumerate(cards)
    )
    (folder / "cards.csv").write_text(HEADER + rows, encoding="utf-8")
    return root


def findings(root: Path) -> list[str]:
    found = validate(root, [GAME], memory_cache())
    assert not found.issues.errors, [i.render() for i in found.issues.errors]
    return [i.render() for i in card_texts(Job(found.catalogs[0], found.faces[GAME]))]


def edited(k: int, **change: object) -> list[tuple[str, str, int, str, str]]:
    keys = ("name", "suit", "power", "path", "text")
    out = list(CARDS)
    row = dict(zip(keys, out[k]))
    row.update(change)
    out[k] = (
        str(row["name"]),
        str(row["suit"]),
        int(str(row["power"])),
        str(row["path"]),
        str(row["text"]),
    )
    return out


def test_the_check_is_one_of_the_checks_the_rules_check_runs() -> None:
    assert "card-texts" in [p.name for p in OWN]
    assert next(p for p in OWN if p.name == "card-texts").section != "print"


def test_cards_whose_words_agree_with_their_fields_are_no_finding(tmp_path: Path) -> None:
    assert findings(project(tmp_path, CARDS)) == []


def test_a_signed_number_turned_round_is_located_with_both_values(tmp_path: Path) -> None:
    text = "Play it on a Sun card: Power -2 for this turn."
    found = findings(project(tmp_path, edited(0, text=text)))
    assert len(found) == 1, found
    assert found[0].startswith(f"catalog/{GAME}/cards.csv:2: text: ")
    assert "'Power -2' (-2)" in found[0] and "its power is +2" in found[0]


def test_a_negative_number_made_larger_is_caught_though_its_digit_is_elsewhere(
    tmp_path: Path,
) -> None:
    # shift -1 stated "-2": the word before the number names the field it restates
    text = "Play on any card you like, Shift -2 for the others."
    found = findings(project(tmp_path, edited(2, text=text)))
    assert len(found) == 1, found
    assert "cards.csv:4: text:" in found[0] and "'Shift -2' (-2), but its shift is -1" in found[0]


def test_a_text_naming_another_card_of_its_deck_instead_of_its_own_fails(
    tmp_path: Path,
) -> None:
    text = "While Dusk is in play, take a :spark: each turn."
    found = findings(project(tmp_path, edited(1, text=text)))
    assert len(found) == 1, found
    assert "cards.csv:3: text: warning: Noon's text names 'Dusk'" in found[0]
    assert "not 'Noon'" in found[0]


def test_a_text_naming_itself_and_another_card_is_left_alone(tmp_path: Path) -> None:
    text = "While Noon is in play, Dusk gives a :spark: each turn."
    assert findings(project(tmp_path, edited(1, text=text))) == []


def test_a_name_stating_its_own_list_field_in_another_order_fails(tmp_path: Path) -> None:
    cards = [
        (f"Path: {path.replace('|', ', ')}", suit, power, path, text)
        for _, suit, power, path, text in CARDS
    ]
    cards = [(n, s, p, path, "Play on any card.") for n, s, p, path, _ in cards]
    assert findings(project(tmp_path / "plain", cards)) == []
    swapped = list(cards)
    swapped[0] = (cards[0][0], cards[0][1], cards[0][2], "Moon|Sun", cards[0][4])
    found = findings(project(tmp_path / "edited", swapped))
    assert len(found) == 1, found
    assert "cards.csv:2: name: warning: 'Path: Sun, Moon' states path Sun, Moon" in found[0]
    assert "the card's path is Moon | Sun" in found[0]


def test_a_name_stating_another_choice_value_fails(tmp_path: Path) -> None:
    cards = [
        (f"{suit} {name}", suit, power, path, "Play on any card.")
        for name, suit, power, path, _ in CARDS
    ]
    assert findings(project(tmp_path / "plain", cards)) == []
    cards[1] = ("Sun Noon", "Moon", 5, "Sun", "Play on any card.")
    found = findings(project(tmp_path / "edited", cards))
    assert found == [
        f"catalog/{GAME}/cards.csv:3: name: warning: 'Sun Noon' states suit Sun, but the "
        "card's suit is Moon"
    ]


def test_names_that_mostly_hold_other_values_restate_nothing(tmp_path: Path) -> None:
    # a name may hold a field's word for another reason (the Air tile bordered by Earth)
    cards = [
        ("Moon Dawn", "Sun", 2, "Sun", "Play on any card."),
        ("Moon Noon", "Sun", 5, "Sun", "Play on any card."),
        ("Sun Tide", "Moon", 6, "Moon", "Play on any card."),
    ]
    assert findings(project(tmp_path, cards)) == []


def test_an_icon_beside_its_own_label_is_no_finding(tmp_path: Path) -> None:
    text = "While Noon is in play, take a :spark: Spark each turn."
    assert findings(project(tmp_path, edited(1, text=text))) == []


def test_an_icon_beside_another_icons_label_fails(tmp_path: Path) -> None:
    # the icon says Spark, the word beside it says Moon (another icon's label)
    text = "While Noon is in play, take a :spark: Moon each turn."
    found = findings(project(tmp_path, edited(1, text=text)))
    assert found == [
        f"catalog/{GAME}/cards.csv:3: text: warning: Noon's text says ':spark: Moon': the "
        "word beside an icon is another icon's label, not its own"
    ]


def test_a_name_with_an_article_is_named_in_lower_case_inside_a_sentence(
    tmp_path: Path,
) -> None:
    cards = list(CARDS)
    cards[1] = ("The Noon", "Sun", 5, "Sun", "While the Noon is in play, take a :spark: each turn.")
    assert findings(project(tmp_path / "own", cards)) == []
    # the text moved to Dusk names the Noon, a card of its deck, and not Dusk
    cards[3] = ("Dusk", "Moon", 3, "Moon", "While the Noon is in play, take a :spark: each turn.")
    found = findings(project(tmp_path / "moved", cards))
    assert (
        len(found) == 1 and "cards.csv:5: text: warning: Dusk's text names 'The Noon'" in found[0]
    ), found
