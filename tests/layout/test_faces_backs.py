"""Backs per card and double-sided cards: a row may choose its back (a `back` column), and
a set with `double_sided = true` draws both sides from the row's own fields. Read back
from the print-and-play PDF, each back sits behind its own front (the mirrored place on
the backs page) and shows that row's content; gutterfold and the SVG stage carry both."""

from __future__ import annotations

from conftest import GameCopy
from pypdf import PdfReader

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

LAYOUTS = """[layouts.heroes]
extends = "card"

[layouts.heroes.boxes.body]
text = "{{ front }}"

[layouts.heroes-back]
extends = "card"

[layouts.heroes-back.boxes.body]
text = "{{ secret }}"
"""


def two_kinds_of_back(mini: GameCopy) -> None:
    mini.replace("game.toml", '[[sets]]\nid = "tokens"', HEROES)
    mini.replace("cards.csv", "bonus,designer_choice", "bonus,designer_choice,back")
    mini.replace("cards.csv", "art/blaze.svg,yes,text", "art/blaze.svg,yes,text,gold")
    folder = mini.root / "layouts" / "mini"
    folder.mkdir(parents=True)
    (folder / "faces.toml").write_text(LAYOUTS)


def placed_text(page) -> list[tuple[str, tuple[float, ...]]]:
    """(text, frame) of every run on a page, the frame being the matrix that places the
    face it is on (face space, origin at its trim's corner, to the page)."""
    runs: list[tuple[str, tuple[float, ...]]] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            runs.append((text.strip(), tuple(round(v, 1) for v in cm)))

    page.extract_text(visitor_text=visit)
    return runs


def origin_of(runs, text: str) -> tuple[float, ...]:
    (found,) = {m for t, m in runs if t == text}
    return found


def corner(frame: tuple[float, ...], a: float, b: float) -> tuple[float, float]:
    """Where the face point (a, b) lands on the page."""
    return (frame[0] * a + frame[2] * b + frame[4], frame[1] * a + frame[3] * b + frame[5])


def behind(front: tuple[float, ...], back: tuple[float, ...], width: float) -> bool:
    """Whether the back, on a sheet turned over on its long edge (every page portrait),
    lies behind the front: the back's corner (0, 0) behind the front's (w, 0), its
    (0, h) behind the front's (w, h), as a card turned over side to side."""
    for b in (0.0, 50.0):
        x, y = corner(back, 0.0, b)
        fx, fy = corner(front, POKER_WIDTH, b)
        if abs((width - x) - fx) > 0.2 or abs(y - fy) > 0.2:
            return False
    return True


def build(cli, mini, *extra: str) -> None:
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
        "svg,pnp",
        *extra,
    )
    assert result.code == 0, result.err


def sheet_pair(reader: PdfReader, text: str) -> tuple[list, list]:
    """The placed runs of the fronts page that shows `text` and of the backs page after it
    (cards with different backs may go to rows or pages of their own)."""
    for i in range(0, len(reader.pages) - 1, 2):
        front = placed_text(reader.pages[i])
        if any(t == text for t, _ in front):
            return front, placed_text(reader.pages[i + 1])
    raise AssertionError(f"no fronts page shows {text!r}")


def test_each_back_sits_behind_its_own_front_and_shows_its_rows_content(cli, mini):
    two_kinds_of_back(mini)
    build(cli, mini)
    reader = PdfReader(mini.root / "output" / "mini" / "mini-pnp-letter.pdf")
    width = float(reader.pages[0].mediabox.width)

    # a row that chose the golden back: that back, mirrored across the sheet, behind it
    front, back = sheet_pair(reader, "Blaze")
    assert behind(origin_of(front, "Blaze"), origin_of(back, "Golden"), width)

    # a double-sided card: its own second side, mirrored, with that row's hidden text
    for name, face_text, secret in (
        ("Ada", "Ada plays fair.", "Ada hides a knife."),
        ("Bo", "Bo is honest.", "Bo is the traitor."),
    ):
        front, back = sheet_pair(reader, name)
        f, b = origin_of(front, name), origin_of(back, name)
        assert behind(f, b, width)
        assert origin_of(front, face_text) == f
        assert origin_of(back, secret) == b
        assert secret not in {t for t, _ in front}

    # the other cards keep the deck's back
    front, back = sheet_pair(reader, "Ember")
    assert "Mini" in {t for t, _ in back}


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
        texts = {t for t, _ in placed_text(page)}
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
    assert (
        "catalog/mini/cards.csv:3: back: unknown back 'silver'; the game declares: deck"
        in result.err
    )
