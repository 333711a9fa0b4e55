"""A print-and-play file with no printed backs at all — a game whose sets are all
single-sided — prints on one side: no blank reverse follows its pages. A game that mixes
decks with backs and single-sided pieces keeps its backs pages and the blank reverses that
keep its two-sided printing in step."""

from __future__ import annotations

from pypdf import PdfReader


def build(cli, mini, *more: str) -> list[str]:
    """The letter sheets' pages, as text (footer included)."""
    result = cli(
        "--root", str(mini.root), "build", "mini", "--jobs", "1", "--paper", "letter",
        "--only", "pnp", *more,
    )  # fmt: skip
    assert result.code == 0, result.err
    pdf = mini.root / "output" / "mini" / "mini-pnp-letter.pdf"
    return [" ".join(page.extract_text().split()) for page in PdfReader(pdf).pages]


def single_sided(mini) -> None:
    """The deck's cards lose their back: every set of the game is single-sided."""
    mini.replace("game.toml", 'back = "deck"', "single_sided = true")


def test_a_game_whose_sets_are_all_single_sided_prints_no_blank_reverses(cli, mini):
    mixed = build(cli, mini)
    single_sided(mini)
    pages = build(cli, mini)
    assert not any("blank reverse" in text or "backs of page" in text for text in pages)
    fronts = [t for t in mixed if "backs of page" not in t and "blank reverse of" not in t]
    assert len(pages) == len(fronts)  # the same fronts, each page once


def test_single_sided_pieces_printed_alone_print_on_one_side(cli, mini):
    pages = build(cli, mini, "--set", "tokens")
    assert len(pages) == 1 and "blank reverse" not in pages[0]


def test_a_game_mixing_backs_and_single_sided_pieces_keeps_its_backs(cli, mini):
    pages = build(cli, mini)
    assert any("backs of page 1" in text for text in pages)  # the cards' backs
    blanks = [n for n, text in enumerate(pages, start=1) if "blank reverse of page" in text]
    assert blanks and all(f"page {n} is its blank reverse" in pages[n - 2] for n in blanks)
