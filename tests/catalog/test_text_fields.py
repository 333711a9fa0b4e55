"""The text model of card faces: a line break in a cell is a line break, an empty field
prints nothing, coloured and sized spans have one syntax, markup that is not understood is
reported instead of printed, and a field cannot hide a name the layouts use."""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def build(cli, mini) -> None:
    result = cli(
        "--root",
        str(mini.root),
        "build",
        "mini",
        "--jobs",
        "1",
        "--paper",
        "letter",
        "--only",
        "svg",
    )
    assert result.code == 0, result.out + result.err


def texts(mini, stem: str) -> list[tuple[str, float, dict]]:
    root = ET.parse(mini.root / "output" / "mini" / "svg" / f"{stem}.svg").getroot()
    return [(t.text or "", float(t.get("y", "nan")), t.attrib) for t in root.iter(f"{SVG}text")]


def faces_toml(mini, text: str) -> None:
    folder = mini.root / "layouts" / "mini"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "faces.toml").write_text(text)


def test_a_line_break_in_a_cell_starts_a_new_line(cli, mini):
    mini.replace("cards.csv", '"Discard your hand, then draw 3."', '"Discard.\nDraw 3."')
    build(cli, mini)
    found = {t: y for t, y, _ in texts(mini, "flood")}
    assert "Discard." in found and "Draw 3." in found  # two runs, not "Discard. Draw 3."
    assert found["Draw 3."] > found["Discard."]


def test_an_empty_field_prints_nothing(cli, mini):
    faces_toml(mini, '[layouts.card.boxes.type_line]\ntext = "art: [{{ art }}]"\n')
    build(cli, mini)
    lines = [t for t, _, _ in texts(mini, "ember") if t.startswith("art:")]
    assert lines == ["art: []"]


def test_a_span_sets_colour_and_size(cli, mini):
    mini.replace("cards.csv", "Heal 2.", "Heal [2 now]{color=#ff0000 size=150%}.")
    build(cli, mini)
    runs = texts(mini, "spring")
    (heal,) = [a for t, _, a in runs if t.startswith("Heal")]
    (big,) = [a for t, _, a in runs if t == "2 now"]
    assert big["fill"] == "#ff0000"
    assert float(big["font-size"]) == float(heal["font-size"]) * 1.5
    assert not [t for t, _, _ in runs if "{" in t or "[" in t]


def test_html_in_card_text_is_reported_not_printed(cli, mini):
    mini.replace("cards.csv", "Heal 2.", "Heal <b>2</b>.")
    build(cli, mini)
    assert not [t for t, _, _ in texts(mini, "spring") if "<" in t]
    result = cli("--root", str(mini.root), "check", "mini", "--runs", "5")
    assert (
        "catalog/mini/cards.csv:5: text: warning: <b> is HTML, which card text does not read"
        in result.out
    )


def test_a_field_named_like_a_template_name_is_refused_at_load(cli, mini):
    mini.replace("game.toml", "fields.strength =", "fields.tint =")
    result = cli("--root", str(mini.root), "catalog", "mini")
    assert result.code == 2
    assert "the field 'tint' would hide the colour helper tint() in layout templates" in result.err


def test_every_name_a_face_template_sees_is_registered(mini):
    """The registry of template names is the context's own keys (so it cannot drift)."""
    from conftest import load_games

    from cardstock.catalog.fields import RESERVED_COLUMNS, TEMPLATE_NAMES
    from cardstock.layout.context import component_context, make_env

    (catalog,), _ = load_games(mini.root, ["mini"])
    comp = next(c for c in catalog.components if c.set == "cards")
    ctx, _ = component_context(catalog, comp, {}, make_env(), "front")
    own = set(catalog.field_specs("cards"))
    assert set(ctx) - own - set(RESERVED_COLUMNS) <= set(TEMPLATE_NAMES)
    assert set(make_env().globals) <= set(TEMPLATE_NAMES)


def test_a_line_break_holds_in_inline_text_and_never_shows_its_mark(cli, mini):
    mini.replace("cards.csv", '"Discard your hand, then draw 3."', '"Discard.\nDraw 3."')
    # card text in boxes made for one short line: allowed to shrink under the type minimum
    # (the print-safety check warns), as the test is about line breaks
    faces_toml(
        mini,
        '[layouts.card.boxes.type_line]\ntext = "{{ text }}"\nmarkup = "inline"\n'
        'max_lines = 0\nmin_size = "4pt"\n'
        '\n[layouts.card.boxes.mark]\ntext = "{{ text }}"\nmarkup = "none"\nmin_size = "3pt"\n',
    )
    build(cli, mini)
    runs = texts(mini, "flood")
    assert not [t for t, _, _ in runs if "\\" in t]
    inline = [(t, y) for t, y, _ in runs if t in ("Discard.", "Draw 3.")]
    assert len({y for _, y in inline}) >= 2  # the break holds in the inline box too


def test_a_template_sees_a_text_field_without_the_hidden_break_mark(cli, mini):
    # the case that failed: each line of a multi-line field in italics, written line by
    # line; the lines ended in the hidden mark `\`, which escaped the closing `*`
    mini.replace("cards.csv", '"Discard your hand, then draw 3."', '"Discard.\nDraw 3."')
    faces_toml(
        mini,
        "[layouts.card.boxes.body]\n"
        "text = '''{% for line in text.splitlines() %}*{{ line }}*  \n{% endfor %}\n\n"
        "*{{ text }}*{{ ' (ends well)' if text.endswith('3.') else '' }}'''\n",
    )
    build(cli, mini)
    runs = texts(mini, "flood")
    assert not [t for t, _, _ in runs if "\\" in t or "*" in t]
    italic = [(t, y) for t, y, a in runs if a.get("font-style") == "italic"]
    assert [t for t, _ in italic].count("Discard.") == 2  # line by line, and whole
    assert "(ends well)" in " ".join(t for t, _, _ in runs)
    ys = {t: y for t, y in italic}
    assert ys["Draw 3."] > ys["Discard."]  # the break still holds
