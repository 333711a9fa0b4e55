"""Backs per card and double-sided cards: a row may choose its back (a `back` column), and
a set with `double_sided = true` draws both sides from the row's own fields. Read back
from the print-and-play PDF, each back sits behind its own front (the mirrored place on
the backs page) and shows that row's content; gutterfold and the SVG stage carry both."""

from __future__ import annotations

from pypdf import PdfReader

from conftest import GameCopy

POKER_WIDTH = 63.5 / 25.4 * 72  # the trim width of a poker card, in points

HEROES = '''[backs.gold]
title = "Golden"
color = "#b7950b"

[[sets]]
id = "heroes"
name = "Heroes"
kind = "card"
group = "Heroes"
double_sided = true
fields = { front = { type = "text" }, secret = { type = "text" } }
rows = [
  { id = "ada", name = "Ada", front = "Ada plays fair.", secret = "Ada hides a knife." },
  { id = "bo", name = "Bo", front = "Bo is honest.", secret = "Bo is the traitor." },
]

[[sets]]
id = "tokens"'''

LAYOUTS = '''[layouts.heroes]
extends = "card"

[layouts.heroes.boxes.body]
text = "{{ front }}"

[layouts.heroes-back]
extends = "card"

[layouts.heroes-back.boxes.body]
text = "{{ secret }}"
'''


def two_kinds_of_back(mini: GameCopy) -> None:
    mini.replace("game.toml", '[[sets]]\nid = "tokens"', HEROES)
    mini.replace("cards.csv", "bonus,designer_choice", "bonus,designer_choice,back")
    mini.replace("cards.csv", "art/blaze.svg,yes,text", "art/blaze.svg,yes,text,gold")
    folder = mini.root / "layouts" / "mini"
    folder.mkdir(parents=True)
    (folder / "faces.toml").write_text(LAYOUTS)


def placed_text(page) -> list[tuple[str, float, float]]:
    """(text, x, y) of every run on a page, (x, y) being the origin of the face it is on."""
    runs: list[tuple[str, float, float]] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            runs.append((text.strip(), round(cm[4], 1), round(cm[5], 1)))

    page.extract_text(visitor_text=visit)
    return runs


def origin_of(runs, text: str) -> tuple[float, float]:
    (found,) = {(x, y) for t, x, y in runs if t == text}
    return found


def build(cli, mini, *extra: str) -> None:
    result = cli("--root", str(mini.root), "build", "mini", "--jobs", "1", "--paper", "letter", "--only", "svg,pnp", *extra)
    assert result.code == 0, result.err


def sheet_pair(reader: PdfReader, text: str) -> tuple[list, list]:
    """The placed runs of the fronts page that shows `text` and of the backs page after it
    (cards with different backs may go to rows or pages of their own)."""
    for i in range(0, len(reader.pages) - 1, 2):
        front = placed_text(reader.pages[i])
        if any(t == text for t, _, _ in front):
            return front, placed_text(reader.pages[i + 1])
    raise AssertionError(f"no fronts page shows {text!r}")


def test_each_back_sits_behind_its_own_front_and_shows_its_rows_content(cli, mini):
    two_kinds_of_back(mini)
    build(cli, mini)
    reader = PdfReader(mini.root / "output" / "mini" / "mini-pnp-letter.pdf")
    width = float(reader.pages[0].mediabox.width)

    # a row that chose the golden back: that back, mirrored across the sheet, behind it
    front, back = sheet_pair(reader, "Blaze")
    fx, fy = origin_of(front, "Blaze")
    bx, by = origin_of(back, "Golden")
    assert (by, round(fx + bx + POKER_WIDTH, 0)) == (fy, round(width, 0))

    # a double-sided card: its own second side, mirrored, with that row's hidden text
    for name, face_text, secret in (("Ada", "Ada plays fair.", "Ada hides a knife."), ("Bo", "Bo is honest.", "Bo is the traitor.")):
        front, back = sheet_pair(reader, name)
        fx, fy = origin_of(front, name)
        bx, by = origin_of(back, name)
        assert (by, round(fx + bx + POKER_WIDTH, 0)) == (fy, round(width, 0))
        assert origin_of(front, face_text) == (fx, fy)
        assert origin_of(back, secret) == (bx, by)
        assert secret not in {t for t, _, _ in front}

    # the other cards keep the deck's back
    front, back = sheet_pair(reader, "Ember")
    assert "Mini" in {t for t, _, _ in back}


def test_the_svg_stage_writes_each_second_side_and_each_back(cli, mini):
    two_kinds_of_back(mini)
    build(cli, mini)
    svg = mini.root / "output" / "mini" / "svg"
    assert "Ada hides a knife." in (svg / "ada-reverse.svg").read_text()
    assert "Bo is the traitor." in (svg / "bo-reverse.svg").read_text()
    assert "Golden" in (svg / "back-gold.svg").read_text()
    assert (svg / "back-deck.svg").is_file()
    assert not (svg / "back-heroes.svg").exists()


def test_gutterfold_puts_each_second_side_beside_its_front(cli, mini):
    two_kinds_of_back(mini)
    build(cli, mini, "--gutterfold")
    reader = PdfReader(mini.root / "output" / "mini" / "mini-pnp-letter.pdf")
    for page in reader.pages:
        texts = {t for t, _, _ in placed_text(page)}
        if "Ada plays fair." in texts:
            assert "Ada hides a knife." in texts
            break
    else:
        raise AssertionError("no page shows Ada")


def test_a_row_naming_an_unknown_back_is_located(cli, mini):
    mini.replace("cards.csv", "bonus,designer_choice", "bonus,designer_choice,back")
    mini.replace("cards.csv", "art/blaze.svg,yes,text", "art/blaze.svg,yes,text,silver")
    result = cli("--root", str(mini.root), "catalog", "mini")
    assert result.code == 2
    assert "catalog/mini/cards.csv:3: back: unknown back 'silver'; the game declares: deck" in result.err
