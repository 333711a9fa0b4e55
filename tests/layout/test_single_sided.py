"""Cards printed on one side: a set says `single_sided = true` and needs no back. The case
that failed was a deck of cards with nothing on their reverse, which had to invent a back
(a `[backs]` entry and a backs page printed for nothing)."""

from __future__ import annotations

from pypdf import PdfReader

TOML = "game.toml"


def _footers(mini) -> list[str]:
    pdf = PdfReader(mini.root / "output" / "mini" / "mini-pnp-letter.pdf")
    return [page.extract_text() for page in pdf.pages]


def _build(cli, mini):
    result = cli("--root", str(mini.root), "build", "mini", "--paper", "letter", "--jobs", "1")
    assert result.code == 0, result.out + result.err
    return result


def test_a_single_sided_deck_prints_without_a_backs_page(cli, mini):
    mini.replace(TOML, 'back = "deck"\ntable', "single_sided = true\ntable")
    _build(cli, mini)
    pages = _footers(mini)
    assert not any("backs of page" in text for text in pages)
    # a file with no printed backs at all has no blank reverses either: every page a front
    assert not any("blank reverse" in text for text in pages)
    assert all(
        "page 1/" in pages[0] and f"page {n}/{len(pages)}" in t for n, t in enumerate(pages, 1)
    )
    assert "Ember" in pages[0] and not any("Mini\nMini" in t for t in pages)  # no back face drawn


def test_a_card_set_without_a_back_is_told_of_single_sided(cli, mini):
    mini.replace(TOML, 'back = "deck"\ntable', "table")
    result = cli("--root", str(mini.root), "catalog", "mini")
    assert result.code == 2
    assert (
        "sets[0].back: a set of cards needs a 'back'; the game declares backs: deck (or write "
        "single_sided = true for cards printed on one side, with no back)" in result.err
    )


def test_single_sided_and_a_back_are_refused_together(cli, mini):
    mini.replace(TOML, 'back = "deck"\ntable', 'back = "deck"\nsingle_sided = true\ntable')
    result = cli("--root", str(mini.root), "catalog", "mini")
    assert result.code == 2
    assert "sets[0].single_sided: a single-sided set has no back" in result.err


def test_a_single_sided_deck_goes_to_every_print_shop_without_back_images(cli, mini):
    """Its uploads hold the fronts and no back file (such a build used to stop with an
    internal error, drawing an empty list of backs)."""
    mini.replace(TOML, 'back = "deck"\ntable', "single_sided = true\ntable")
    result = cli("--root", str(mini.root), "build", "mini", "--only", "print-shop", "--jobs", "1")
    assert result.code == 0, result.out + result.err
    uploads = sorted((mini.root / "output" / "mini" / "print-shop").rglob("quantities.csv"))
    assert uploads
    for table in uploads:
        rows = table.read_text(encoding="utf-8").splitlines()[1:]
        assert rows and all(row.split(",")[1] == "" for row in rows), table
        assert not (table.parent / "back.png").exists() and not (table.parent / "back").exists()
