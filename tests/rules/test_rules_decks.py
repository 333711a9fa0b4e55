"""`build.py check-deck GAME DECK.csv`: a player's custom deck is checked against the
published copy limits, every row it names, and the deck's size, with messages at file:line."""

from __future__ import annotations

import json

from conftest import FIXTURES, ROOT

DECKS = FIXTURES / "decks"


def deck(cli, name, *extra):
    return cli("--root", str(ROOT), "check-deck", "alpha-omega-cards", str(DECKS / name), *extra)


def test_a_custom_good_deck_within_the_published_limits_is_valid(cli):
    result = deck(cli, "alpha-omega-good-valid.csv")
    assert result.code == 0, result.out + result.err
    assert (
        result.out
        == "tests/fixtures/decks/alpha-omega-good-valid.csv: a valid Good deck: 21 cards, 12 "
        "different\n"
    )


def test_every_broken_row_is_named_with_its_line(cli):
    result = deck(cli, "alpha-omega-good-broken.csv")
    assert result.code == 1
    shown = "tests/fixtures/decks/alpha-omega-good-broken.csv"
    assert result.out.splitlines() == [
        f"{shown}:4: count: 2 × Holy Trinity, but its published limit is 1",
        f"{shown}:5: card: no card 'Gabriell' in Alpha/Omega; did you mean 'Gabriel'?",
        f"{shown}:6: card: 'Abigor' belongs to Opponent (set opponent); a Good deck may hold only "
        "cards matching set good",
        f"{shown}:8: count: 5 × Prayer (rows 7, 8 add up), but its published limit is 4",
        f"{shown}: 4 problems; this Good deck breaks the deck-building rules",
    ]


def test_a_deck_too_small_to_draw_a_starting_hand_is_refused(cli):
    result = deck(cli, "alpha-omega-good-too-small.csv")
    assert result.code == 1
    assert (
        "alpha-omega-good-too-small.csv: the deck holds 3 cards; a Good deck needs at least 7"
        in result.out
    )


def test_an_unreadable_deck_list_is_bad_input(cli, tmp_path):
    result = deck(cli, "alpha-omega-good-unreadable.csv")
    assert result.code == 2
    assert (
        result.out
        == "tests/fixtures/decks/alpha-omega-good-unreadable.csv:2: count: expected a whole number "
        "of copies, got 'one'\n"
    )
    missing = deck(cli, "no-such-deck.csv")
    assert missing.code == 2
    assert "no-such-deck.csv: the table file does not exist" in missing.out
    headless = tmp_path / "deck.csv"
    headless.write_text("title,copies\nMichael,1\n")
    result = cli("--root", str(ROOT), "check-deck", "alpha-omega-cards", str(headless))
    assert result.code == 2
    assert "deck.csv:1: the header needs a column naming the card: card or id or name" in result.out


def test_a_json_deck_whose_cell_is_no_text_is_bad_input_at_its_row(cli, tmp_path):
    listed = tmp_path / "deck.json"
    listed.write_text(json.dumps([{"card": ["Michael", "Gabriel"], "count": 2}]))
    result = cli("--root", str(ROOT), "check-deck", "alpha-omega-cards", str(listed))
    assert result.code == 2
    assert "deck.json:1: card: expected a card's id or name, got a list" in result.out
    assert "internal error" not in result.out
    counted = tmp_path / "counted.json"  # a JSON number of copies is read as one
    counted.write_text(json.dumps([{"card": "Michael", "count": 1}]))
    result = cli("--root", str(ROOT), "check-deck", "alpha-omega-cards", str(counted))
    assert result.code == 1 and "the deck holds 1 cards" in result.out


def test_a_game_without_custom_decks_says_so(cli, tmp_path):
    result = cli(
        "--root", str(ROOT), "check-deck", "atmosfear", str(DECKS / "alpha-omega-good-valid.csv")
    )
    assert result.code == 2
    assert (
        result.err
        == "atmosfear declares no custom decks (no [decks] in catalog/atmosfear/rules.toml)\n"
    )


def test_the_json_result_lists_cards_and_findings(cli):
    result = deck(cli, "alpha-omega-good-broken.csv", "--json")
    assert result.code == 1
    data = json.loads(result.out)
    assert data["ok"] is False and data["deck"] == "good" and data["name"] == "Good deck"
    assert data["cards"] == {"michael": 1, "holy-trinity": 2, "prayer": 5}
    assert [(f["line"], f["field"]) for f in data["findings"]] == [
        (4, "count"),
        (5, "card"),
        (6, "card"),
        (8, "count"),
    ]


def test_the_limit_comes_from_the_published_catalog(shipped, cli):
    game = shipped("alpha-omega-cards")
    game.replace("good.csv", "holy-trinity,Holy Trinity,1,1,", "holy-trinity,Holy Trinity,2,2,")
    result = cli(
        "--root",
        str(game.root),
        "check-deck",
        "alpha-omega-cards",
        str(DECKS / "alpha-omega-good-broken.csv"),
    )
    assert result.code == 1
    assert "Holy Trinity" not in result.out  # two are published now, so two are allowed
    assert "5 × Prayer (rows 7, 8 add up), but its published limit is 4" in result.out
