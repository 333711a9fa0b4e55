"""A template line that renders a rule fact still says the fact's form around it
(`cardstock.rules.reading.rendered_forms.unsaid`): a rendered name may stand for a few words of
the form, never for the rest of it."""

from __future__ import annotations

from types import SimpleNamespace

from read_catalog import read_catalog

from cardstock.rules.reading.rendered_forms import unaliased, unsaid

FORM = (
    "{value} taking your Draw, Play and Action phases, you may draw one Calling card and stop there"
)


def _fact(*forms: str) -> SimpleNamespace:
    return SimpleNamespace(
        id="calling-stop",
        name="a Calling replaces a turn",
        value="rather than",
        typed=None,
        forms=lambda: list(forms),
    )


def _findings(line: str, *forms: str) -> list[str]:
    catalog = read_catalog(template_raw_lines=[("rulebook.md.j2", 7, line)])
    return [p.message for p in unsaid(_fact(*forms), catalog)]


HEADER = "{% trans may=fact('calling-may').value, rather=fact('calling-stop').value %}"


def test_a_line_saying_the_form_with_rendered_names_in_it_passes() -> None:
    line = (
        HEADER + "{{ rather }} taking your Draw, Play and Action phases, you {{ may }} draw "
        "one {{ calling }} card and stop there.{% endtrans %}"
    )
    assert _findings(line, FORM) == []


def test_a_sentence_retyped_after_a_rendered_name_fails_with_what_it_says() -> None:
    line = (
        HEADER + "{{ rather }} taking your Draw, Play and Action phases, you {{ may }} draw "
        "one {{ calling }} card and then play as usual, never stopping.{% endtrans %}"
    )
    (found,) = _findings(line, FORM)
    assert "rulebook.md.j2:7 renders fact('calling-stop')" in found
    assert "card and then play as usual never stopping" in found


def test_a_rendered_name_stands_for_at_most_three_words_of_the_form() -> None:
    form = "{value} draw one Calling card there"
    named = "{% trans rather=fact('calling-stop').value %}{{ rather }} draw {{ n }} "
    assert _findings(named + "there.{% endtrans %}", form) == []  # "one Calling card"
    (found,) = _findings(named + "and play on, or stop.{% endtrans %}", form)
    assert "draw … and play on" in found


def test_a_form_that_starts_a_sentence_must_start_one() -> None:
    form = "^The {value} gathers the trick"
    header = "{% trans won=fact('calling-stop').value, c=plural(n, _('card'), _('cards')) %}"
    said = header + "Play {{ c }}. **Then.** The {{ won }} gathers the trick.{% endtrans %}"
    assert _findings(said, form) == []
    (found,) = _findings(
        said.replace("The {{ won }}", "The player on the left of the {{ won }}"), form
    )
    assert "the player on the left of the {calling-stop} gathers the trick" in found
    assert "the rulebook states 'rather than' as 'The rather than gathers the trick'" in found


def test_a_possessive_in_the_form_matches_the_line() -> None:
    line = (
        "{% trans instead=fact('calling-stop').value %}it attacks the other players' "
        "{{ good }} cards {{ instead }} the Opponents.{% endtrans %}"
    )
    assert _findings(line, "attacks the other players' Good cards {value} the Opponents") == []


def test_an_icon_in_the_line_does_not_cut_the_sentence_shown() -> None:
    line = (
        "{% trans no=fact('calling-stop').value %}Draw tiles; one :minus-two: {{ m }} or "
        ":switch: {{ s }} tile in a starting hand.{% endtrans %}"
    )
    (found,) = _findings(line, "{value} :minus-two: -2 or :switch: Switch tile in a starting hand")
    assert "one … or … tile in a starting hand" in found


ALIAS = "{% set rather = fact('calling-stop').value %}"


def _findings_after(*lines: str) -> list[str]:
    """Findings of the lines read as a template file is (`unaliased`), numbered from 1."""
    read = [("rulebook.md.j2", n, line) for n, line in enumerate(unaliased(list(lines)), 1)]
    catalog = read_catalog(template_raw_lines=read)
    return [p.message for p in unsaid(_fact(FORM), catalog)]


def test_a_name_set_to_a_fact_value_is_held_to_its_form_where_it_is_rendered() -> None:
    retyped = "{{ rather }} taking your Draw, Play and Action phases, draw a card and never stop."
    (found,) = _findings_after(ALIAS, "", retyped)
    assert "rulebook.md.j2:3 renders fact('calling-stop')" in found
    assert "draw a card and never stop" in found


def test_a_name_set_to_a_fact_value_and_bound_in_a_header_is_held_too() -> None:
    said = (
        "{% trans r=rather %}{{ r }} taking your Draw, Play and Action phases, you may draw "
        "one Calling card and stop there.{% endtrans %}"
    )
    assert _findings_after(ALIAS, said) == []
    (found,) = _findings_after(ALIAS, said.replace("stop there", "never stop"))
    assert "rulebook.md.j2:2 renders fact('calling-stop')" in found


def test_a_name_a_header_binds_anew_or_set_again_is_not_the_fact() -> None:
    own = "{% trans rather=fact('other').value %}{{ rather }} anything at all.{% endtrans %}"
    again = "{% set rather = 'instead of' %}"
    assert _findings_after(ALIAS, own) == []
    assert _findings_after(ALIAS, again, "{{ rather }} anything at all.") == []


VALUES = {"calling-may": "may", "calling-stop": "rather than"}


def _rendering(line: str, form: str = FORM, **names: object) -> list[str]:
    """Findings of a line the checker can render: its names (and `fact`) given, as a
    template's context and top-level `{% set %}`s give them."""
    known = {"fact": lambda fact_id: {"value": VALUES[fact_id]}, **names}
    catalog = read_catalog(
        template_raw_lines=[("rulebook.md.j2", 7, line)],
        template_names={"rulebook.md.j2": known},
    )
    return [p.message for p in unsaid(_fact(form), catalog)]


def test_a_rendered_name_stands_for_the_words_it_prints() -> None:
    line = (
        HEADER + "{{ rather }} taking your Draw, Play and Action phases, you {{ may }} draw "
        "one {{ calling }} card and stop there.{% endtrans %}"
    )
    assert _rendering(line, calling="Calling") == []


def test_a_word_retyped_right_after_a_rendered_name_fails() -> None:
    # a gap could stand for the four words after it; the name prints one
    line = (
        HEADER + "{{ rather }} taking your Draw, Play and Action phases, you {{ may }} draw "
        "one {{ calling }} deck or two.{% endtrans %}"
    )
    (found,) = _rendering(line, calling="Calling")
    assert "draw one calling deck" in found


def test_another_facts_value_reads_as_it_prints() -> None:
    line = (
        HEADER + "{{ rather }} taking your Draw, Play and Action phases, you {{ may }} draw "
        "one {{ calling }} card and stop there, or not.{% endtrans %}"
    )
    (found,) = _rendering(line, FORM.replace("you may", "you must"), calling="Calling")
    assert "you may draw one calling card" in found


def test_a_sentence_put_another_way_with_the_same_rule_words_passes() -> None:
    form = "^You {value} keep the types apart for easier sorting later."
    line = "{% trans may=fact('calling-stop').value %}You {{ may }} keep the types apart"
    assert _findings(line + ", which makes sorting easier later.{% endtrans %}", form) == []
    (found,) = _findings(line + ", which makes sorting easier first.{% endtrans %}", form)
    assert "which makes sorting easier first" in found


def test_a_number_the_line_renders_is_no_word_of_the_sentence() -> None:
    form = "^Draw back {value} 7 cards."
    line = "{% trans upto=fact('calling-stop').value %}Draw back {{ upto }} {{ hand }} cards."
    assert _findings(line + "{% endtrans %}", form) == []  # the hand is 6 now: its own fact
    (found,) = _findings(line.replace("back", "back 2") + "{% endtrans %}", form)
    assert "draw back 2 {calling-stop}" in found


def test_a_form_that_ends_a_sentence_must_end_one() -> None:
    form = "^you {value} draw one Calling card."
    line = "{% trans rather=fact('calling-stop').value %}You {{ rather }} draw one Calling card"
    assert _findings(line + ". Then stop.{% endtrans %}", form) == []
    (found,) = _findings(line + ", unless you hold one.{% endtrans %}", form)
    assert "draw one calling card unless you hold one" in found


def test_a_fact_with_a_whole_sentence_form_holds_its_line_to_it_not_to_a_short_one() -> None:
    short, whole = "you {value} draw", "^You {value} draw one Calling card."
    line = "{% trans rather=fact('calling-stop').value %}You {{ rather }} draw one Calling card"
    assert _findings(line + ".{% endtrans %}", short, whole) == []
    (found,) = _findings(line + " and then two Good cards.{% endtrans %}", short, whole)
    assert "draw one calling card and then two good cards" in found
    assert "as 'you rather than draw'" in found  # the first form is the one the finding quotes
