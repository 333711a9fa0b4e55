"""Named CSS colours are colours: the case that failed was `color = "crimson"` in a game's
[icons] and a layout's fill, both refused as "expected a colour like '#a83232'"."""

from __future__ import annotations

from cardstock.core.colors import CSS_COLORS, named_color


def test_the_table_holds_the_148_css_names_as_the_spec_gives_them():
    assert len(CSS_COLORS) == 148
    assert CSS_COLORS["crimson"] == "#dc143c"
    assert CSS_COLORS["rebeccapurple"] == "#663399"
    assert CSS_COLORS["grey"] == CSS_COLORS["gray"] == "#808080"
    assert named_color(" Crimson ") == "#dc143c"
    assert named_color("#A83232") == "#A83232" and named_color("crimsonish") == "crimsonish"


def _hex(value: str | tuple[int, ...]) -> str:
    """A colour of Pillow's table as `#rrggbb`: Pillow keeps a name's value as text until
    `ImageColor.getrgb` reads it, then as the (r, g, b) it read (another test may have)."""
    if isinstance(value, str):
        return value.lower()
    return "#{:02x}{:02x}{:02x}".format(*value[:3])


def test_pillows_own_table_agrees():
    from PIL import ImageColor

    ImageColor.getrgb("crimson")  # what another test in this process may have done first
    assert {k: _hex(v) for k, v in ImageColor.colormap.items()} == CSS_COLORS


def test_a_named_colour_in_the_catalog_and_in_a_layout_is_drawn(cli, mini):
    mini.replace("game.toml", 'color = "#c0392b"', 'color = "crimson"')
    layouts = mini.root / "layouts" / "mini"
    layouts.mkdir(parents=True)
    (layouts / "faces.toml").write_text(
        '[theme]\nink = "DarkSlateGray"\n\n[layouts.card.boxes.frame]\nfill = "ivory"\n'
        "\n[layouts.card.boxes.body]\ncolor = \"{{ 'navy' }}\"\n"
    )
    mini.replace("cards.csv", "Heal 2.", "Heal [2]{color=teal}.")
    checked = cli("--root", str(mini.root), "check", "mini")
    assert checked.code == 0, checked.out + checked.err
    assert "expected a colour" not in checked.out + checked.err
    built = cli("--root", str(mini.root), "build", "mini", "--only", "svg", "--jobs", "1")
    assert built.code == 0, built.err
    svg = (mini.root / "output" / "mini" / "svg" / "spring.svg").read_text()
    for hex_of in ("#fffff0", "#000080", "#008080"):  # ivory, navy, teal
        assert hex_of in svg
    ember = (mini.root / "output" / "mini" / "svg" / "ember.svg").read_text()
    assert "#dc143c" in ember  # the fire icon's crimson


def test_an_unknown_colour_name_is_still_refused_saying_names_are_welcome(cli, mini):
    mini.replace("game.toml", 'color = "#c0392b"', 'color = "crimsom"')
    result = cli("--root", str(mini.root), "catalog", "mini")
    assert result.code == 2
    assert "a CSS colour name such as 'crimson', got 'crimsom'" in result.err
