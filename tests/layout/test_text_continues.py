"""Text that continues: a text box with `overflow = "continue"` whose text does not fit at
its least size is printed as parts, each on a card of its own (or on the card's back), split
between paragraphs and then between words. The parts print together in every output, their
text joined is the card's text, and the rules check still counts one card."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import zipfile
from pathlib import Path

import pypdf
import pytest
from conftest import FIXTURES, load_games, main

from cardstock.layout.faces import Faces
from cardstock.layout.text.continued import split

LONG = [
    "When this card enters play, each opponent discards a card of their choice. Then, if "
    "you hold more cards than any other player, draw one card and shuffle the discard pile "
    "back into the deck.",
    "At the start of your turn, you may reveal a Water card from your hand. If you do, heal "
    "2 and every opponent with fewer than three cards in hand takes 1 damage for each card "
    "they lack.",
    "If the deck runs out while this card is in play, the player with the most sparks wins "
    "at once; ties are broken in favour of the player who played this card most recently, "
    "then by seat order.",
    "Once per round, when another player draws their last card, you may give them one card "
    "from your hand face down; they must play it on their next turn if they can.",
    "A player who passes three turns in a row reveals their hand; each other player names "
    "one card in it, and the revealing player discards every card so named.",
    "This card cannot be discarded by an effect another player controls, and it counts as "
    "both a Fire and a Water card whenever a rule asks for the colour of a hand.",
]
TEXT = "\n\n".join(LONG)  # about three times what the card's body holds at its least size
ONE_WORD = re.compile(r"\S+")
MARK = re.compile(r"(\d+)/(\d+) · Long Rule")


def _norm(text: str) -> str:
    return " ".join(text.split())


# ---------------------------------------------------------------- the split


def _capacity(chars: int):
    """A part holds `chars` characters of text (blank lines between paragraphs count 2)."""
    return lambda text: len(text) <= chars


@pytest.mark.parametrize("chars", [60, 150, 400, 1000])
def test_the_parts_joined_are_the_text_and_each_fits(chars):
    parts = split(TEXT, _capacity(chars))
    assert _norm(" ".join(parts)) == _norm(TEXT)
    assert all(len(p) <= chars for p in parts)
    assert len(parts) >= len(TEXT) // chars


@pytest.mark.parametrize("chars", [37, 60, 150, 400])
def test_a_part_ends_between_words_never_inside_one(chars):
    words = set(ONE_WORD.findall(TEXT))
    for part in split(TEXT, _capacity(chars)):
        assert set(ONE_WORD.findall(part)) <= words


def test_a_paragraph_that_fits_a_part_whole_is_not_broken():
    # each paragraph fits a part alone, two do not: one paragraph a part
    longest = max(len(p) for p in LONG)
    assert split(TEXT, _capacity(longest + 10)) == LONG


def test_a_paragraph_longer_than_a_part_fills_the_part_it_starts_on():
    short, long = "Short first.", " ".join(LONG)
    parts = split(f"{short}\n\n{long}", _capacity(120))
    assert parts[0].startswith(short + "\n\n") and len(parts[0]) > len(short) + 40
    assert _norm(" ".join(parts)) == _norm(f"{short} {long}")


def test_a_bold_span_is_never_split_between_parts():
    text = "Read this: **every word of this bold span stays on one card** and then more words."
    for part in split(text, _capacity(40)):
        assert part.count("**") % 2 == 0


def test_a_word_longer_than_a_part_still_moves_the_text_on():
    parts = split("a " + "x" * 50 + " b", _capacity(10))
    assert parts == ["a", "x" * 50, "b"]


# ---------------------------------------------------------------- a build


def _project(root: Path, *, back: bool = False, text: str = TEXT) -> Path:
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    game = root / "catalog" / "mini" / "game.toml"
    toml = game.read_text(encoding="utf-8").replace('choice = "6 cards"', 'choice = "7 cards"')
    if back:
        toml = toml.replace(
            'back = "deck"\ntable = "cards.csv"', 'single_sided = true\ntable = "cards.csv"'
        )
    game.write_text(toml, encoding="utf-8")
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerow(
        ["longrule", "Long Rule", 1, "Fire", 4, "fire", text, "", "no", ""]
    )
    with (root / "catalog" / "mini" / "cards.csv").open("a", encoding="utf-8") as f:
        f.write(buf.getvalue())
    (root / "layouts" / "mini").mkdir(parents=True)
    on = 'continue_on = "back"\n' if back else ""
    (root / "layouts" / "mini" / "faces.toml").write_text(
        f'[layouts.card.boxes.body]\ntext = "{{{{ text }}}}"\noverflow = "continue"\n{on}',
        encoding="utf-8",
    )
    (root / "layouts" / "mini" / "rulebook.md.j2").write_text(
        "# Mini\n\n# Components\n\n{{ component_list() }}\n", encoding="utf-8"
    )
    return root


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    root = _project(tmp_path_factory.mktemp("continues"))
    code = main(
        [
            "--root",
            str(root),
            "build",
            "--only",
            "pnp,cards,print-shop,tts,ttpg,rulebook,proof,printed",
            "--for",
            "drivethru",
            "--paper",
            "a4",
            "--dpi",
            "40",
        ]
    )
    assert code == 0
    return root / "output" / "mini"


def _pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


def _parts(text: str) -> list[tuple[int, int, str]]:
    """Each part of Long Rule's body found in a PDF's text: (part, parts, its words)."""
    found = re.findall(
        r"Long Rule\nDeck: Fire\n((?:(?!Deck: Fire).)*?)\n(\d+)/(\d+) · Long Rule", text, re.S
    )
    return [(int(i), int(n), _norm(body)) for body, i, n in found]


def _joined_once(parts: list[tuple[int, int, str]]) -> str:
    """The parts of one copy of the card, in order, checked to come together (a face a
    PDF draws twice on its page, as the print-shop files draw their bleed, counts once)."""
    parts = [p for i, p in enumerate(parts) if i == 0 or p != parts[i - 1]]
    count = parts[0][1]
    assert count >= 3  # three times what the box holds
    assert [p[0] for p in parts[:count]] == list(range(1, count + 1))
    return " ".join(p[2] for p in parts[:count])


@pytest.mark.parametrize(
    "pdf",
    [
        "mini-pnp-a4.pdf",
        "cards/mini-cards.pdf",
        "print-shop/drivethru/deck.pdf",
        "mini-rulebook.pdf",
    ],
)
def test_every_pdf_prints_the_parts_together_and_their_text_is_the_cards(built, pdf):
    assert _joined_once(_parts(_pdf_text(built / pdf))) == _norm(TEXT)


def test_the_per_card_files_name_each_part(built):
    names = sorted(p.name for p in (built / "cards" / "png").glob("longrule*"))
    assert names == ["longrule-2of3-front.png", "longrule-3of3-front.png", "longrule-front.png"]


def test_tabletop_simulator_deals_each_part_as_a_card(built):
    save = json.loads(
        (built / "tts" / "Saves" / "Saved Objects" / "mini.json").read_text(encoding="utf-8")
    )
    (deck,) = [o for o in save["ObjectStates"][0]["ContainedObjects"] if o["Name"] == "Deck"]
    names = [c["Nickname"] for c in deck["ContainedObjects"]]
    assert names.count("Long Rule") == 3 and len(names) == 6 + 3  # six cards, one in 3 parts


def test_tabletop_playground_deals_each_part_as_a_card(built):
    template = json.loads(
        (built / "ttpg" / "Templates" / "mini-cards.json").read_text(encoding="utf-8")
    )
    assert len(template["Indices"]) == 6 + 3
    assert list(template["CardNames"].values()).count("Long Rule") == 3


def test_the_printed_fingerprints_hold_each_part(built):
    cards = json.loads((built / "mini-printed.json").read_text(encoding="utf-8"))["cards"]
    parts = [c for c in cards if c.startswith("longrule")]
    assert parts == ["longrule", "longrule-2of3", "longrule-3of3"]
    assert len({cards[c]["front"]["hash"] for c in parts}) == 3


def test_the_fit_report_lists_each_part(built):
    rows = list(csv.DictReader((built / "proof" / "fit-report.csv").open(encoding="utf-8")))
    said = [(r["card"], r["problems"]) for r in rows if r["box"] == "card.body"]
    assert ("longrule", "continued 1/3") in said
    assert ("longrule-2of3", "continued 2/3") in said
    assert ("longrule-3of3", "continued 3/3") in said


def test_the_e_book_shows_each_part_after_the_card(built):
    with zipfile.ZipFile(built / "mini-rulebook.epub") as book:
        names = book.namelist()
        chapter = next(
            book.read(n).decode()
            for n in names
            if n.endswith(".xhtml") and "Long Rule" in book.read(n).decode()
        )
    shown = [
        n for n in ("longrule", "longrule-2of3", "longrule-3of3") if f"faces/{n}.svg" in chapter
    ]
    assert shown == ["longrule", "longrule-2of3", "longrule-3of3"]
    assert chapter.index("faces/longrule.svg") < chapter.index("faces/longrule-2of3.svg")
    assert all(f"EPUB/faces/{n}.svg" in names for n in shown)


def test_the_rulebook_counts_the_card_once(built):
    text = _pdf_text(built / "mini-rulebook.pdf")
    assert "In the box: 18 components, 7 cards, 10 tokens, 1 die." in text
    assert "Deck: Fire — 1 card" in text


def test_the_rules_check_and_the_counts_see_one_card(built, capsys):
    root = built.parent.parent
    assert main(["--root", str(root), "check", "mini"]) == 0
    assert main(["--root", str(root), "list"]) == 0
    out = capsys.readouterr().out
    assert "passed" in out and "FAIL" not in out
    assert re.search(r"\b7 cards\b", out)


# ---------------------------------------------------------------- on the back


def _build(root: Path, *only: str) -> int:
    return main(["--root", str(root), "build", "--only", ",".join(only), "--paper", "a4"])


def test_text_continues_on_the_back_of_a_single_sided_card(tmp_path):
    half = "\n\n".join(LONG[:4])  # two sides' worth
    root = _project(tmp_path, back=True, text=half)
    assert _build(root, "pnp") == 0
    pages = pypdf.PdfReader(root / "output" / "mini" / "mini-pnp-a4.pdf").pages
    front, back = pages[0].extract_text(), pages[1].extract_text()
    assert "1/2 · Long Rule" in front and "2/2 · Long Rule" in back
    parts = _parts(front + "\n" + back)
    assert [p[:2] for p in parts] == [(1, 2), (2, 2)]
    assert " ".join(p[2] for p in parts) == _norm(half)


def test_text_too_long_for_both_sides_is_reported(tmp_path, capsys):
    root = _project(tmp_path, back=True)
    assert main(["--root", str(root), "check", "mini"]) == 1
    assert "continues on the back and still does not fit" in capsys.readouterr().out


@pytest.mark.parametrize("double", [True, False])
def test_the_back_of_a_set_that_prints_one_is_refused(tmp_path, capsys, double):
    root = _project(tmp_path, back=True)
    game = root / "catalog" / "mini" / "game.toml"
    toml = game.read_text(encoding="utf-8")
    toml = toml.replace("single_sided = true", "double_sided = true" if double else 'back = "deck"')
    game.write_text(toml, encoding="utf-8")
    assert _build(root, "pnp") == 2
    err = capsys.readouterr().err
    assert re.search(
        r"layouts/mini/faces\.toml:4: layouts\.card\.boxes\.body\.continue_on: the text "
        r"continues on the back, but set 'cards' prints",
        err,
    )
    assert not (root / "output" / "mini").exists()


# ---------------------------------------------------------------- on a layout of the designer's

MORE = """
[layouts.more]
shape = "rect"

[layouts.more.boxes.heading]
type = "text"
top = "3mm"
height = "6mm"
left = "3mm"
right = "3mm"
size = "8pt"
text = "{{ name }}, continued"

[layouts.more.boxes.body]
type = "text"
top = "10mm"
bottom = "3mm"
left = "3mm"
right = "3mm"
size = "7pt"
min_size = "6pt"
text = "(the text that continues)"
"""


def _on_layout(root: Path, named: str = "more", more: str = MORE, text: str = TEXT) -> Path:
    _project(root, text=text)
    faces = root / "layouts" / "mini" / "faces.toml"
    toml = faces.read_text(encoding="utf-8") + f'continue_layout = "{named}"\n' + more
    faces.write_text(toml, encoding="utf-8")
    return root


def _named_parts(text: str) -> list[tuple[int, int, str]]:
    """Each part after the first of Long Rule's body on the layout `more`: (part, parts,
    its words), read between the heading and the mark."""
    found = re.findall(
        r"Long Rule, continued\n((?:(?!Long Rule).)*?)\n(\d+)/(\d+) · Long Rule", text, re.S
    )
    return [(int(i), int(n), _norm(body)) for body, i, n in found]


def test_the_parts_after_the_first_are_drawn_on_the_layout_the_box_names(tmp_path):
    root = _on_layout(tmp_path)
    assert _build(root, "pnp,cards") == 0
    for pdf in ("mini-pnp-a4.pdf", "cards/mini-cards.pdf"):
        text = _pdf_text(root / "output" / "mini" / pdf)
        first = [p for p in _parts(text) if p[0] == 1]
        later = _named_parts(text)
        assert len(first) == 1 and later  # the card on its layout, the rest on `more`
        count = first[0][1]
        assert [p[:2] for p in later] == [(i, count) for i in range(2, count + 1)]
        assert " ".join([first[0][2]] + [p[2] for p in later]) == _norm(TEXT)
        assert "(the text that continues)" not in text  # the box receives the card's text
    # the named layout's bigger box holds what the card's own layout needed 3 parts for
    assert count == 2
    names = sorted(p.name for p in (root / "output" / "mini" / "cards" / "png").glob("longrule*"))
    assert names == ["longrule-2of2-front.png", "longrule-front.png"]


@pytest.mark.parametrize(
    ("named", "more", "said"),
    [
        ("plain", MORE, "there is no layout 'plain'; the layouts are: "),
        (
            "more",
            MORE.replace("boxes.body]", "boxes.words]"),
            "layout 'more' has no text box 'body' to receive the text that continues",
        ),
        (
            "more",
            MORE.replace('type = "text"\ntop = "10mm"', 'type = "art"\ntop = "10mm"'),
            "layout 'more' has no text box 'body' to receive the text that continues",
        ),
    ],
)
def test_a_continue_layout_that_cannot_receive_the_text_is_refused(
    tmp_path, capsys, named, more, said
):
    root = _on_layout(tmp_path, named, more)
    assert _build(root, "pnp") == 2
    err = capsys.readouterr().err
    line = re.escape("layouts/mini/faces.toml:4: layouts.card.boxes.body.continue_layout: ")
    assert re.search(line + re.escape(said), err), err
    assert err.count("continue_layout:") == 1, err
    assert not (root / "output" / "mini").exists()


def test_text_continued_on_the_back_is_drawn_on_the_layout_the_box_names(tmp_path):
    half = "\n\n".join(LONG[:4])  # two sides' worth
    root = _project(tmp_path, back=True, text=half)
    faces = root / "layouts" / "mini" / "faces.toml"
    faces.write_text(
        faces.read_text(encoding="utf-8") + 'continue_layout = "more"\n' + MORE, encoding="utf-8"
    )
    assert _build(root, "pnp") == 0
    pages = pypdf.PdfReader(root / "output" / "mini" / "mini-pnp-a4.pdf").pages
    front, back = pages[0].extract_text(), pages[1].extract_text()
    (first,) = _parts(front)
    (second,) = _named_parts(back)
    assert first[:2] == (1, 2) and second[:2] == (2, 2)
    assert f"{first[2]} {second[2]}" == _norm(half)


@pytest.mark.parametrize("on", ["cards", "back"])
def test_the_rules_check_finds_a_later_part_past_the_safe_line(tmp_path, capsys, on):
    # the layout of the parts after the first sets its text 2mm past the safe line
    more = MORE.replace('left = "3mm"\nright = "3mm"\nsize', 'left = "-2mm"\npadding = "0mm"\nsize')
    if on == "back":
        root = _project(tmp_path, back=True, text="\n\n".join(LONG[:4]))
        faces = root / "layouts" / "mini" / "faces.toml"
        faces.write_text(
            faces.read_text(encoding="utf-8") + 'continue_layout = "more"\n' + more,
            encoding="utf-8",
        )
    else:
        root = _on_layout(tmp_path, more=more)
    assert main(["--root", str(root), "check", "mini", "--strict"]) == 1
    out = capsys.readouterr().out
    found = [t.strip() for t in out.splitlines() if "layouts.more.boxes.body: " in t]
    assert found and all(t.startswith("layouts/mini/faces.toml:") for t in found), out
    assert "reaches 2.0mm outside the safe zone (3.0mm inside the cut)" in found[0], out


def test_a_front_whose_text_continues_on_its_back_is_laid_out_once(tmp_path):
    root = _project(tmp_path, back=True, text="\n\n".join(LONG[:4]))
    (catalog,), issues = load_games(root, ["mini"])
    assert not issues.errors, [i.render() for i in issues]
    faces = Faces(catalog)
    view = faces.printing()  # lays out the card's front to learn it has two parts
    card = next(c for c in view.catalog.components if c.id == "longrule")
    assert card.back is not None  # printed with a back: the text's second part
    got = view.laid_out + view.from_cache
    front = view.face(view.records.of(card), "front")
    assert view.laid_out + view.from_cache == got  # the front already laid out, not again
    assert front is not None and "1/2 · Long Rule" in [getattr(o, "text", "") for o in front.ops]
    back = view.face(view.records.of(card), "back")
    assert view.laid_out + view.from_cache == got + 1
    assert back is not None and "2/2 · Long Rule" in [getattr(o, "text", "") for o in back.ops]


def test_a_box_that_may_continue_is_drawn_once_for_cards_that_read_alike(tmp_path):
    # three cards of one short text: the box that would continue a longer one draws it once,
    # as the same box drawn with its text reported instead does
    draws = {}
    for overflow in ("continue", "report"):
        root = _project(tmp_path / overflow, text="Draw a card, then pass one card to the left.")
        faces_toml = root / "layouts" / "mini" / "faces.toml"
        toml = faces_toml.read_text(encoding="utf-8")
        faces_toml.write_text(toml.replace("continue", overflow), encoding="utf-8")
        with (root / "catalog" / "mini" / "cards.csv").open("a", encoding="utf-8") as f:
            for twin in ("one", "two"):
                text = "Draw a card, then pass one card to the left."
                f.write(f'twin-{twin},Twin {twin},1,Fire,4,fire,"{text}",,no,\n')
        (catalog,), issues = load_games(root, ["mini"])
        assert not issues.errors, [i.render() for i in issues]
        faces = Faces(catalog)
        fronts = [c.id for c, side, _ in faces.printing().each() if side == "front"]
        assert fronts == [c.id for c in catalog.components]  # no text continues
        assert faces.boxes is not None
        draws[overflow] = faces.boxes.draws
    assert draws["continue"] == draws["report"], draws


def test_a_game_keeping_outlines_only_prints_every_part(tmp_path, monkeypatch):
    """Above `RETAIN_MAX` a face is kept as its outline; the parts a card's text continues
    onto are still found (from the drawing's notes, read back) and printed."""
    from cardstock.layout import faces as faces_module

    monkeypatch.setattr(faces_module, "RETAIN_MAX", 1)
    root = _project(tmp_path)
    assert _build(root, "svg", "printed") == 0
    out = root / "output" / "mini"
    assert sorted(p.name for p in (out / "svg").glob("longrule*")) == [
        "longrule-2of3.svg",
        "longrule-3of3.svg",
        "longrule.svg",
    ]
    cards = json.loads((out / "mini-printed.json").read_text(encoding="utf-8"))["cards"]
    assert {"longrule-2of3", "longrule-3of3"} <= set(cards)
