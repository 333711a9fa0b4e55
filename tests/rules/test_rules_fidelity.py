"""The rule errors a fidelity read of the built rulebooks found against their sources, each
read back from what a player gets (the rulebook PDF, the quick-reference sides, the card
faces), and the order of every rulebook: the rules first, the worked examples the source
lacks, the pictures of the components in an appendix at the end."""

from __future__ import annotations

import re

import pytest
from rules_texts import GAMES, catalog, rulebook_text, svg_text
from rules_texts import quickref_text as marked_up


def body(game: str) -> str:
    """The rulebook without its contents list and its appendix."""
    text = rulebook_text(game)
    start = text.index("Designer's notes") + len(
        "Designer's notes"
    )  # the contents list ends with the notes, the appendix
    start = text.index("Appendix: the components", start) + len("Appendix: the components")
    end = text.rindex("Appendix: the components")
    return text[start:end]


def quickref_text(game: str) -> str:
    """The quick-reference sides as read: the markup's bold marks dropped."""
    return marked_up(game).replace("**", "")


def section(game: str, heading: str, until: str) -> str:
    text = body(game)
    start = text.rindex(heading)
    return text[start : text.index(until, start + len(heading))]


# ---------------------------------------------------------------- Alpha/Omega


def test_alpha_omega_the_first_opponent_card_neither_attacks_nor_uses_abilities() -> None:
    phase = section("alpha-omega-cards", "1. Opponent phase", "2. Draw phase")
    assert "can neither attack nor use its ability" in phase
    assert "usually has nothing to attack" not in phase
    row = next(
        r for r in catalog("alpha-omega-cards").game.tables["turn"].rows if r[1] == "Opponent"
    )
    assert "the game's first cannot" in row[2] and "the game's first cannot" in row[3]


def test_alpha_omega_one_card_a_turn_unless_a_card_says_otherwise_and_the_cards_that_do() -> None:
    play = section("alpha-omega-cards", "3. Play phase", "4. Action phase")
    assert "unless a card says otherwise" in play
    by_id = {c.id: c for c in catalog("alpha-omega-cards").components}
    for cid in ("ambriel", "watch-and-pray"):
        assert by_id[cid].name in play
    assert (
        "also play" in by_id["ambriel"].fields["text"]
        and "second card" in by_id["watch-and-pray"].fields["benefit"]
    )
    assert "Play up to 1 card, unless a card says otherwise" in quickref_text("alpha-omega-cards")


def test_alpha_omega_quick_reference_gives_the_calling_option() -> None:
    assert "Calling: instead of steps 2 to 4, you may draw a Calling card" in quickref_text(
        "alpha-omega-cards"
    )


def test_alpha_omega_campaign_replay_and_score_are_marked_as_the_designers() -> None:
    variations = section("alpha-omega-cards", "Variations", "Designer's notes")
    campaign = variations[variations.index("Campaign Mode") :]
    assert campaign.index("Designer's addition:") < campaign.index(
        "play it again after each success"
    )
    assert campaign.index("Designer's addition:") < campaign.index(
        "one point per Objective achieved"
    )


# ---------------------------------------------------------------- Alter Ego


def test_alter_ego_the_only_loss_is_a_hostage_from_an_empty_pool() -> None:
    win = section("alter-ego", "Winning and losing", "Other endings")
    assert "taken hostage or killed" not in body("alter-ego")
    assert (
        "The villains win the moment a civilian must be taken hostage and its pool is empty" in win
    )
    assert "kills nothing more that round" in win and "a designer's choice" in win


def test_alter_ego_quick_reference_says_how_the_game_is_won_and_lost() -> None:
    text = quickref_text("alter-ego")
    assert "Heroes win: last Arch Villain falls" in text
    assert "Villains win: a hostage due from an empty pool" in text


# ---------------------------------------------------------------- Atmosfear


def test_atmosfear_only_the_chosen_one_roll_is_rerolled_by_the_source_the_rest_is_marked() -> None:
    setup = section("atmosfear", "Setting up", "Playing a round")
    assert "Ties for highest on any roll" not in setup
    assert "re-roll only when players tie while choosing the Chosen One" in setup
    assert "see the designer's notes" in setup
    assert "Ties on other rolls: tied players roll again" in rulebook_text("atmosfear")


def test_atmosfear_a_harbinger_still_loses_to_trumps_gates_and_duels() -> None:
    faces = svg_text("atmosfear")
    assert "beaten within its Realm only by its own Fear" not in faces
    assert faces.count("to a Gate's roll-off and to a Duel") == 6


def test_atmosfear_a_player_who_declines_to_trump_plays_any_other_card() -> None:
    lead = section("atmosfear", "Leading and following", "Who wins a trick")
    assert "or decline to, and play any other card instead" in lead
    assert "discard: it cannot take the trick" in lead


def test_atmosfear_worked_examples_of_the_black_hole_the_fear_and_a_duel() -> None:
    text = body("atmosfear")
    hole = section("atmosfear", "The Black Hole, worked through", "Fear against the Harbinger")
    assert "the trick is swallowed" in hole and "a trump voids the Black Hole" in hole
    fear = section("atmosfear", "Fear against the Harbinger", "A Duel")
    assert re.search(r"Purple Harbinger \(rank 12, crowned", fear) and "Purple Fear, rank 1" in fear
    duel = text[text.rindex("A Duel") :]
    assert "the higher roll takes the trick" in duel and "void" in duel


# ---------------------------------------------------------------- Alpha & Omega tiles


def test_tiles_a_worked_whole_turn() -> None:
    turn = section("alpha-omega-tiles", "A whole turn", "Designer's notes")
    for step in ("Place.", "Move.", "Draw.", "Pass."):
        assert step in turn
    assert (
        "She places 2 tiles" in turn
        and "She moves 2 steps" in turn
        and "draws back up to 3" in turn
    )
    assert "it is played at once" in turn


# ---------------------------------------------------------------- every game


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_come_first_and_the_component_pictures_in_an_appendix(game: str) -> None:
    text = rulebook_text(game)
    appendix = text.rindex("Appendix: the components")
    assert text.rindex("Designer's notes") < appendix
    assert "In the box:" in text[appendix:] and "In the box:" not in text[:appendix]
    assert "Every face is pictured in the appendix at the end of this book" in text[:appendix]


# ---------------------------------------------------------------- The Vortex


def test_vortex_rogations_are_played_in_step_2_after_the_vortex_card() -> None:
    text = body("vortex")
    assert "at the start of a round" not in text
    assert (
        "Rogations (48 cards) are rites you perform in step 2 of a round, after the Vortex card is "
        "turned" in text
    )


def test_vortex_not_every_rogation_asks_something_of_the_field() -> None:
    text = body("vortex")
    assert "Each Rogation asks something of your field" not in text
    free = [
        c.name
        for c in catalog("vortex").components
        if c.set == "rogations" and not c.fields.get("min_devotees") and not c.fields.get("compare")
    ]
    assert free == ["Alms"]
    assert (
        "Most Rogations ask something of your field" in text
        and "Alms asks nothing of your field and can always be played" in text
    )


def test_vortex_the_sources_bacchanalia_and_burial_rites_example() -> None:
    text = body("vortex")
    assert (
        "Example. The first player performs Bacchanalia and the next one Burial Rites. They "
        "contradict each other, so the first "
        "takes precedence: the first player still has a Frenzy step, with 2 Frenzy actions instead "
        "of 1"
    ) in text
