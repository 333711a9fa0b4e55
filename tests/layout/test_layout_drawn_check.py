"""The rules check reads the faces a drawing draws as it reads written ones: a rule text
too long for the drawn frame it flows in fails the check at its row, and the same text
set to continue (`overflow = "continue"` on the drawn box) passes it; a drawn text past
the safe line is found at its element's line of the drawing."""

from __future__ import annotations

from helpers_drawn import drawn_project, edit_drawing, element_line

LONG = " ".join(["Deal 1 damage to a rival of your choice and then draw a card."] * 14)


def long_text(root):
    cards = root / "catalog" / "mini" / "cards.csv"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("Deal 1 damage. :fire:", LONG), encoding="utf-8")
    return root


def test_a_drawn_text_that_does_not_fit_fails_the_rules_check_at_its_row(cli, tmp_path):
    root = long_text(drawn_project(tmp_path))
    checked = cli("--root", str(root), "check", "mini")
    assert checked.code == 1, checked.err
    said = checked.out + checked.err
    assert (
        "catalog/mini/cards.csv:2: text: the 'text' text does not fit in layout 'cards' even "
        "at the minimum size 6pt"
    ) in said, said


def test_a_drawn_text_set_to_continue_passes_the_rules_check(cli, tmp_path):
    faces = '\n[layouts.cards.boxes.text]\noverflow = "continue"\n'
    root = long_text(drawn_project(tmp_path, faces=faces))
    checked = cli("--root", str(root), "check", "mini")
    said = checked.out + checked.err
    assert "does not fit" not in said, said


def test_a_drawn_text_past_the_safe_line_is_found_at_its_element(cli, tmp_path):
    root = drawn_project(tmp_path)
    edit_drawing(root, 'x="29.5"', 'x="33.5"')  # the suit's frame moved 4mm to the right
    checked = cli("--root", str(root), "check", "mini")
    line = element_line(root, 'id="flowRoot1"')
    said = checked.out + checked.err
    assert (
        f"layouts/mini/card.svg:{line}: layouts.cards.boxes.suit: warning: what the box draws "
        "reaches 3.0mm outside the safe zone"
    ) in said, said
