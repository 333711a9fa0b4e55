"""A template line that renders a rule fact still says the fact's form around it
(`cardstock.rules.rendered_forms.unsaid`): a rendered name may stand for a few words of
the form, never for the rest of it."""

from __future__ import annotations

from types import SimpleNamespace

from cardstock.rules.rendered_forms import unsaid

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
    catalog = SimpleNamespace(template_raw_lines=[("rulebook.md.j2", 7, line)])
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
        "one {{ calling }} card and then play as usual.{% endtrans %}"
    )
    (found,) = _findings(line, FORM)
    assert "rulebook.md.j2:7 renders fact('calling-stop')" in found
    assert "card and then play as usual" in found


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
