"""Face-level incremental rebuilds, proved by counting: a face is laid out again only when
something it reads changed. The build keeps each game's laid-out faces in
output/.cache/faces/, so a new build (a cold process with a warm cache, or `--watch`)
reads the others back; the counts come from `cardstock.layout.faces.STATS`."""

from __future__ import annotations

import shutil
from pathlib import Path

from pypdf import PdfReader

from cardstock.cli import main
from cardstock.layout import faces


def generated_game(root: Path, n: int, game: str = "gen") -> Path:
    """A project with one game of `n` distinct cards sharing one deck back, using the
    layouts cardstock ships (no layouts/ folder). Returns the table's path."""
    folder = root / "catalog" / game
    folder.mkdir(parents=True)
    (folder / "game.toml").write_text(
        f'''id = "{game}"
title = "Generated"
version = "1.0"
players = {{ min = 2, max = 4 }}

[backs.deck]
title = "Generated"
color = "#223344"

[[sets]]
id = "cards"
name = "Cards"
kind = "card"
group = "Deck"
back = "deck"
table = "cards.csv"
fields.strength = {{ type = "int" }}
fields.text = {{ type = "text" }}
''',
        encoding="utf-8",
    )
    rows = ["id,name,count,strength,text"]
    rows += [f'c{i},Card {i},1,{i % 10},"Deal {i % 5 + 1} damage, then draw a card."' for i in range(n)]
    table = folder / "cards.csv"
    table.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return table


def build(root: Path, out: Path, *more: str) -> None:
    code = main(["--root", str(root), "build", "--out", str(out), "--jobs", "1", "--paper", "letter", "--only", "pnp", *more])
    assert code == 0


def pdf_text(path: Path) -> str:
    return "".join(page.extract_text() for page in PdfReader(path).pages)


def test_a_one_card_edit_lays_out_exactly_one_face_again(tmp_path):
    table = generated_game(tmp_path, 12)
    out = tmp_path / "output"
    pdf = out / "gen" / "gen-pnp-letter.pdf"

    faces.STATS.reset()
    build(tmp_path, out)
    assert faces.STATS.laid_out == 13  # 12 fronts and the one back they share
    assert "Card 7" in pdf_text(pdf)

    # one cell of one row: only that card's front is laid out; the PDF is rewritten
    table.write_text(table.read_text(encoding="utf-8").replace("c7,Card 7,", "c7,Card Seven,"), encoding="utf-8")
    faces.STATS.reset()
    build(tmp_path, out)
    assert faces.STATS.laid_out == 1
    assert faces.STATS.from_store >= 12  # the others come back from output/.cache/faces/
    text = pdf_text(pdf)
    assert "Card Seven" in text and "Card 7" not in text and "Card 11" in text


def test_a_change_every_face_reads_lays_out_every_face_again(tmp_path):
    generated_game(tmp_path, 5)
    out = tmp_path / "output"
    build(tmp_path, out)
    game = tmp_path / "catalog" / "gen" / "game.toml"
    game.write_text(game.read_text(encoding="utf-8").replace('version = "1.0"', 'version = "1.1"'), encoding="utf-8")
    faces.STATS.reset()
    build(tmp_path, out)
    assert faces.STATS.laid_out == 6  # the version mark is on every face


def test_without_the_cache_every_face_is_laid_out_and_the_pdf_is_the_same(tmp_path):
    generated_game(tmp_path, 6)
    out = tmp_path / "output"
    build(tmp_path, out)
    first = (out / "gen" / "gen-pnp-letter.pdf").read_bytes()
    shutil.rmtree(out)
    faces.use_store(None)  # nothing of the first build in memory either
    faces.STATS.reset()
    build(tmp_path, out)
    assert faces.STATS.laid_out == 7 and faces.STATS.from_store == 0
    # and a PDF drawn from faces read back from the cache is byte-identical to a fresh one
    table = tmp_path / "catalog" / "gen" / "cards.csv"
    table.write_text(table.read_text(encoding="utf-8") + "", encoding="utf-8")
    (out / ".cache" / "gen--pnp.json").unlink()  # the unit must run again, its faces must not
    faces.STATS.reset()
    build(tmp_path, out)
    assert faces.STATS.laid_out == 0
    assert (out / "gen" / "gen-pnp-letter.pdf").read_bytes() == first


def generated_rulebook(root: Path, chapters: int, game: str = "gen") -> None:
    """A rulebook template of `chapters` chapters (about two pages each at half-letter):
    headings for the contents, paragraphs and lists."""
    folder = root / "layouts" / game
    folder.mkdir(parents=True, exist_ok=True)
    parts = ["{{ contents() }}\n"]
    for i in range(1, chapters + 1):
        parts.append(f"# Chapter {i}\n\nWhat happens in part {i} of a round, and who acts first.\n\n")
        for j in range(1, 5):
            parts.append(f"## Rule {i}.{j}\n\n" + "On your turn draw one card, play the cards you can pay for, then discard to your hand limit. " * 6)
            parts.append("\n\n- the first point\n- a second point, a little longer than the first\n- the third point\n\n")
    (folder / "rulebook.md.j2").write_text("".join(parts), encoding="utf-8")
