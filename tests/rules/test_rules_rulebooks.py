"""The rules the shipped rulebooks state, read back from the generated texts.

Each test names a rule a rulebook must state rightly and asserts on the text a player
actually gets: the rulebook PDF (read with pypdf), the quick-reference sides, the
card faces as SVG, or the catalog's own marking of designer's choices.
"""

from __future__ import annotations

from rules_texts import catalog, quickref_text, rulebook_text, svg_text


def section(text: str, heading: str, until: str | None = None) -> str:
    """The text from a heading (its last occurrence: the contents list comes first) to the
    next heading given. The appendix of component pictures at the end is left out."""
    if "Appendix: the components" in text:
        text = text[: text.rindex("Appendix: the components")]
    start = text.rindex(heading)
    end = text.index(until, start) if until else len(text)
    return text[start:end]


def test_atmosfear_action_powers_work_when_led_or_followed() -> None:
    faces = svg_text("atmosfear")
    assert "Led in the Leading Realm" not in faces
    actions = [c for c in catalog("atmosfear").components if c.fields.get("type") == "Action"]
    assert len(actions) == 30
    assert all(
        str(c.fields["text"]).startswith("Played in the Leading Realm, led or followed:")
        for c in actions
    )
    assert faces.count("Played in the Leading Realm, led or followed:") == 30


def test_atmosfear_quick_and_the_dead_is_one_option_of_three() -> None:
    text = rulebook_text("atmosfear")
    variant = section(text, "Variant: The Quick and the Dead")
    assert "one of these three options" in variant
    assert "not all of them at once" in variant
    for option in ("Short hands.", "Early finish.", "Open Keys."):
        assert option in variant


def test_atmosfear_realm_colours_and_die_faces_are_marked_as_choices() -> None:
    cat = catalog("atmosfear")
    realms = [c for c in cat.components if c.set == "realms"]
    assert realms and all({"realm", "symbol"} <= set(c.designer_choice) for c in realms)
    ruling = next(c for c in cat.components if c.id == "ruling-die")
    assert "faces" in ruling.designer_choice


def test_alter_ego_display_powers_are_usable_after_recoup() -> None:
    text = rulebook_text("alter-ego")
    assert "this turn" not in section(text, "What your display gives", "Winning and losing")
    assert "at least one Community card in your display" in text
    assert "at least one Family card in your display" in text
    assert "having played at least one" not in text


def test_alter_ego_quickref_says_defeated_icons_need_a_matching_display_card() -> None:
    assert "Hero icons count only with a matching card in your display" in quickref_text(
        "alter-ego"
    )


def test_alpha_omega_opponents_win_by_the_seed_rule_and_the_override_says_so() -> None:
    text = rulebook_text("alpha-omega-cards")
    win = section(text, "How to win", "Setting up")
    assert "Opponents' total Strength is greater than Good's, the Opponents have won" in win
    assert "If the Opponents get that far ahead" not in text
    assert "Long Fight (overrides the source's rule)" in text
    assert "because the source's own example of play carries on with the Opponents ahead" in text
    assert "The rule of the source stands" in section(text, "Designer's notes")
    assert "the Opponents win when their Strength is greater than Good's" in quickref_text(
        "alpha-omega-cards"
    )


def test_alpha_omega_campaign_mode_ends_and_works_with_one_objective() -> None:
    text = rulebook_text("alpha-omega-cards")
    campaign = text[text.index("Play the Objectives in order") :][:600]  # the variants row
    assert (
        "Designer's addition: with a single Objective card, play it again after each success"
        in campaign
    )
    assert "the campaign ends when the Good deck is exhausted or the Opponents win" in campaign


def test_vortex_designer_notes_print_no_internal_names() -> None:
    text = rulebook_text("vortex")
    notes = section(text, "Designer's notes")
    assert "min_devotees" not in notes and "(compare)" not in notes
    assert "more (or fewer) of them than each opponent has" in notes


def test_tiles_rules_settle_first_player_steps_short_hands_and_the_example() -> None:
    text = rulebook_text("alpha-omega-tiles")
    notes = section(text, "Designer's notes")
    for topic in (
        "First player:",
        "What a step is:",
        "One tile left in hand:",
        "The scoring example:",
    ):
        assert topic in notes
    assert "That pawn scores 2" in text
    assert "goes first" in section(text, "Your turn", "Placing tiles")
    assert "A step takes a pawn onto a tile that shares an edge" in section(text, "Moving pawns")
    assert "A player left with fewer tiles than a turn asks for places what they have" in section(
        text, "The end of the game"
    )
