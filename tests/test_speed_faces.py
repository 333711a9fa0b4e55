"""Face-level incremental rebuilds, proved by counting: a face is laid out again only when
something it reads changed. The build keeps each game's laid-out faces in
output/.cache/faces/, so a new build (a cold process with a warm cache, or `--watch`)
reads the others back; the counts come from `cardstock.layout.faces.STATS`."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path
from types import ModuleType

from pypdf import PdfReader

from cardstock.cli import main
from cardstock.layout import faces
from conftest import ROOT


def _bench() -> ModuleType:
    """bench/run.py, whose project generators the bench and these tests share."""
    spec = importlib.util.spec_from_file_location("cardstock_bench_run", ROOT / "bench" / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BENCH = _bench()


def generated_game(root: Path, n: int, game: str = "gen") -> Path:
    """A project with one game of `n` distinct cards ("Card 0" …) sharing one deck back,
    using the layouts cardstock ships (no layouts/ folder). Returns the table's path."""
    BENCH.synthetic_game(root, game, [(f"Card {i}", 1) for i in range(n)])
    return Path(root / "catalog" / game / "cards.csv")


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
    BENCH.rulebook_template(root / "layouts" / game, chapters)
