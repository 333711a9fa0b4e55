"""A playtest copy says which version each card is: with `[playtest] qr = true` every front
carries a QR code of the game, the card's id and its version, the same six digits its
version mark prints; the code changes when, and only when, what the card prints changes;
print-shop uploads leave marks and codes off unless the game asks (docs/playtest.md)."""

from __future__ import annotations

import io
import json

import pypdfium2
import pytest
import zxingcpp
from playtest_project import GAME, build, cards, edit_row, project

from cardstock.cli import main


def ask_for_codes(root, code=None):
    game = root / "catalog" / GAME / "game.toml"
    extra = "\n[playtest]\nqr = true\n" + (f'code = "{code}"\n' if code else "")
    game.write_text(game.read_text() + extra)


def codes_printed(root) -> list[str]:
    """Every QR code on the first page of the Letter sheets, read from its pixels."""
    pdf = pypdfium2.PdfDocument(root / "output" / GAME / f"{GAME}-pnp-letter.pdf")
    image = pdf[0].render(scale=300 / 72).to_pil()
    return sorted(b.text for b in zxingcpp.read_barcodes(image))


def versions(root) -> dict[str, str]:
    printed = root / "output" / GAME / f"{GAME}-printed.json"
    data = json.loads(printed.read_text())
    return {cid: card["front"]["version"] for cid, card in data["cards"].items()}


@pytest.fixture(scope="module")
def coded(tmp_path_factory):
    root = project(tmp_path_factory.mktemp("qr") / "p")
    ask_for_codes(root)
    assert build(root, "--only", "pnp,printed") == 0
    return root


def test_each_printed_code_names_the_game_the_card_and_the_version_its_mark_prints(coded):
    found = codes_printed(coded)
    now = versions(coded)
    assert found, "no QR code was read from the printed sheet"
    for text in found:
        game, rest = text.split("/")
        card, version = rest.split("@")
        assert game == GAME and now[card] == version
    # the first page holds the Sun cards in their counts: each copy carries its own code
    assert found.count(f"{GAME}/dawn@{now['dawn']}") == 3
    sheet = pypdfium2.PdfDocument(coded / "output" / GAME / f"{GAME}-pnp-letter.pdf")
    text = sheet[0].get_textpage().get_text_range()
    assert f"v0.1.0 · {now['dawn']}" in text  # the mark and the code say the same version


def test_a_code_changes_exactly_when_what_its_card_prints_changes(tmp_path):
    root = project(tmp_path / "p")
    ask_for_codes(root)
    assert build(root, "--only", "pnp,printed") == 0
    before = versions(root)
    edit_row(root, "Dawn", "power", "4")
    path = cards(root)
    lines = path.read_text().splitlines(keepends=True)
    # Tide's and Midnight's rows swapped: a moved row prints the same cards
    lines[-1], lines[-2] = lines[-2], lines[-1]
    path.write_text("".join(lines))
    assert build(root, "--only", "pnp,printed") == 0
    after = versions(root)
    assert after["dawn"] != before["dawn"]
    assert {k: v for k, v in after.items() if k != "dawn"} == {
        k: v for k, v in before.items() if k != "dawn"
    }
    assert f"{GAME}/dawn@{after['dawn']}" in codes_printed(root)


def test_a_code_may_be_an_address_with_the_card_and_version_filled_in(tmp_path):
    root = project(tmp_path / "p")
    ask_for_codes(root, "https://example.org/form?card={card}&v={version}")
    assert build(root, "--only", "pnp,printed") == 0
    now = versions(root)
    assert f"https://example.org/form?card=dawn&v={now['dawn']}" in codes_printed(root)


def test_a_game_that_does_not_ask_prints_no_code_and_the_same_faces(tmp_path):
    root = project(tmp_path / "p")
    assert build(root, "--only", "pnp,printed") == 0
    assert codes_printed(root) == []
    plain = versions(root)
    ask_for_codes(root)
    assert build(root, "--only", "pnp,printed") == 0
    assert versions(root) == plain  # the code is left out of the version it carries


def test_a_code_template_naming_anything_else_is_refused_where_it_is_written(tmp_path, capsys):
    root = project(tmp_path / "p")
    ask_for_codes(root, "{game}/{card}/{colour}")
    assert build(root, "--only", "pnp") == 2
    err = capsys.readouterr().err
    assert f"catalog/{GAME}/game.toml:" in err and "{colour}" in err
    assert not (root / "output" / GAME).exists()


def print_shop_codes(root) -> list[str]:
    found = []
    for png in sorted((root / "output" / GAME / "print-shop").rglob("*.png")):
        from PIL import Image

        found += [b.text for b in zxingcpp.read_barcodes(Image.open(io.BytesIO(png.read_bytes())))]
    return found


def test_print_shop_uploads_carry_no_code_unless_the_game_asks(tmp_path):
    root = project(tmp_path / "p")
    ask_for_codes(root)
    assert build(root, "--only", "print-shop", "--for", "mpc") == 0
    assert list((root / "output" / GAME / "print-shop").rglob("*.png"))
    assert print_shop_codes(root) == []
    game = root / "catalog" / GAME / "game.toml"
    game.write_text(game.read_text() + "uploads = true\n")
    assert build(root, "--only", "print-shop", "--for", "mpc") == 0
    assert any(c.startswith(f"{GAME}/dawn@") for c in print_shop_codes(root))


def test_a_qr_box_whose_text_is_too_long_for_a_code_is_a_located_layout_problem(tmp_path, capsys):
    root = project(tmp_path / "p")
    faces = root / "layouts" / GAME / "faces.toml"
    faces.write_text(
        faces.read_text()
        + '\n[layouts.card.boxes.code]\nwhen = "true"\ntext = "{{ name * 2000 }}"\n'
    )
    assert main(["--root", str(root), "check", GAME]) != 0
    err = capsys.readouterr()
    assert "more than a QR code holds" in err.out + err.err


def test_a_text_far_too_long_for_a_code_is_refused_without_being_encoded(
    tmp_path, capsys, monkeypatch
):
    import segno

    from cardstock.layout.boxtypes.qr import MOST_CHARS

    encoded: list[int] = []
    make_qr = segno.make_qr

    def measured(text: str, **options):
        encoded.append(len(text))
        return make_qr(text, **options)

    monkeypatch.setattr(segno, "make_qr", measured)
    root = project(tmp_path / "p")
    faces = root / "layouts" / GAME / "faces.toml"
    faces.write_text(
        faces.read_text()
        + '\n[layouts.card.boxes.code]\nwhen = "true"\ntext = "{{ name * 100000 }}"\n'
    )
    assert main(["--root", str(root), "check", GAME]) != 0
    err = capsys.readouterr()
    assert "characters are more than a QR code holds" in err.out + err.err
    assert max(encoded, default=0) <= MOST_CHARS  # segno saw no text of 400,000 characters
