"""A drawn layout in a per-language build: the words a drawing writes around a field (an
unmarked text holding `{{ … }}`) are a text of the game's `.po` file, and the language's
build prints the translation in the drawn style, beside the English build."""

from __future__ import annotations

from pathlib import Path

from helpers_languages import GAME, fill_po, french_demo

from cardstock.cli import main

# an unmarked text of the starter's deck.svg, under the title band: words around a field
WORDS = """    <text
       xml:space="preserve"
       style="font-size:2.82222px;font-family:sans-serif;text-anchor:middle;fill:#23232b"
       x="31.75"
       y="15.5"
       id="text4"><tspan
         sodipodi:role="line"
         id="tspan4"
         x="31.75"
         y="15.5">Suit {{ said.suit }}</tspan></text>
  </g>
</svg>"""


def drawn_demo(root: Path) -> Path:
    french_demo(root)
    game = root / "catalog" / GAME / "game.toml"
    text = game.read_text(encoding="utf-8")
    deck = 'table = "cards.csv"\n'
    assert deck in text
    game.write_text(text.replace(deck, deck + 'layout = "deck-drawn"\n'), encoding="utf-8")
    drawing = root / "layouts" / GAME / "deck.svg"
    svg = drawing.read_text(encoding="utf-8")
    assert svg.rstrip().endswith("</g>\n</svg>")
    drawing.write_text(svg.rstrip()[: -len("</g>\n</svg>")].rstrip() + "\n" + WORDS, "utf-8")
    return root


def test_a_drawings_words_are_translated_in_the_languages_build(tmp_path: Path) -> None:
    root = drawn_demo(tmp_path / "proj")
    assert main(["--root", str(root), "translate", "update", GAME]) == 0
    po = (root / "catalog" / GAME / "translations" / "fr.po").read_text(encoding="utf-8")
    assert 'msgctxt "layout.deck-drawn.text4"' in po and "layouts/demo/deck.svg:" in po
    fill_po(
        root,
        {"layout.deck-drawn.text4": "Couleur {{ said.suit }}", "choice.suit.Sun": "Soleil"},
        lambda source: "FR " + source,
    )
    assert main(["--root", str(root), "build", "--jobs", "1", "--only", "svg"]) == 0
    out = root / "output"
    french = (out / "demo-fr" / "svg" / "dawn.svg").read_text(encoding="utf-8")
    english = (out / "demo" / "svg" / "dawn.svg").read_text(encoding="utf-8")
    assert "Couleur Soleil" in french and "Suit" not in french
    assert "Suit Sun" in english
