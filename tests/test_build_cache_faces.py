"""Face-level incremental rebuilds, proved by counting: a face is laid out again only when
something it reads changed. The cache keeps each laid-out face under a key of what it
reads, so a new build (a new process, or `--watch`) reads the others back; the counts are
the build's own (`Outcome.laid_out`)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from helpers_generated import generated_game
from pypdf import PdfReader

from cardstock.build import build as run_build
from cardstock.core.cache import Cache
from cardstock.core.issues import InputError
from cardstock.core.stage import BuildOptions
from cardstock.layout.faces import KeptFaces
from cardstock.layout.ops import Face
from cardstock.plan import Outcome, Request


def build(root: Path, out: Path, *more: str) -> Outcome:
    """A one-process build of the Letter sheets (more: `--only` parts, or none)."""
    only = frozenset(more) if more else frozenset({"pnp"})
    return run_build(
        Request(root, (), BuildOptions(out=out, papers=("letter",), only=only), jobs=1)
    )


def pdf_text(path: Path) -> str:
    return "".join(page.extract_text() for page in PdfReader(path).pages)


def test_a_one_card_edit_lays_out_exactly_one_face_again(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    table = generated_game(tmp_path, 12)
    out = tmp_path / "output"
    pdf = out / "gen" / "gen-pnp-letter.pdf"

    assert build(tmp_path, out).laid_out == {"gen": 13}  # 12 fronts and the one back they share
    assert "Card 7" in pdf_text(pdf)

    # one cell of one row: only that card's front is laid out; the PDF is rewritten
    table.write_text(
        table.read_text(encoding="utf-8").replace("c7,Card 7,", "c7,Card Seven,"), encoding="utf-8"
    )
    assert build(tmp_path, out).laid_out == {"gen": 1}
    text = pdf_text(pdf)
    assert "Card Seven" in text and "Card 7" not in text and "Card 11" in text


def test_a_change_every_face_reads_lays_out_every_face_again(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    generated_game(tmp_path, 5)
    out = tmp_path / "output"
    build(tmp_path, out)
    game = tmp_path / "catalog" / "gen" / "game.toml"
    game.write_text(
        game.read_text(encoding="utf-8").replace('version = "1.0"', 'version = "1.1"'),
        encoding="utf-8",
    )
    assert build(tmp_path, out).laid_out == {"gen": 6}  # the version mark is on every face


def test_without_the_cache_every_face_is_laid_out_and_the_pdf_is_the_same(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    generated_game(tmp_path, 6)
    out = tmp_path / "output"
    build(tmp_path, out)
    first = (out / "gen" / "gen-pnp-letter.pdf").read_bytes()
    shutil.rmtree(tmp_path / "cache")
    shutil.rmtree(out)
    assert build(tmp_path, out).laid_out == {"gen": 7}
    # and a PDF drawn from faces read back from the cache is byte-identical to a fresh one
    (out / "gen" / "gen-pnp-letter.pdf").unlink()  # the stage must run again, its faces need not
    again = build(tmp_path, out)
    assert again.laid_out == {"gen": 0}
    assert (out / "gen" / "gen-pnp-letter.pdf").read_bytes() == first


def test_a_watch_process_takes_the_faces_of_its_build_before_from_memory(tmp_path, monkeypatch):
    """`--watch` hands each build the faces of the build before (`KeptFaces`): after an edit
    the unchanged faces are neither laid out nor read back from the cache, and the sheets
    are the bytes a build without them makes."""
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    table = generated_game(tmp_path, 12)
    out = tmp_path / "output"
    request = Request(
        tmp_path, (), BuildOptions(out=out, papers=("letter",), only=frozenset({"pnp"})), jobs=1
    )
    kept = KeptFaces()
    assert run_build(request, kept=kept).laid_out == {"gen": 13}
    assert len(kept) == 13

    read: list[str] = []
    get = Cache.get
    monkeypatch.setattr(
        Cache, "get", lambda self, kind, key: (read.append(kind), get(self, kind, key))[1]
    )
    table.write_text(
        table.read_text(encoding="utf-8").replace("c7,Card 7,", "c7,Card Seven,"), encoding="utf-8"
    )
    assert run_build(request, kept=kept).laid_out == {"gen": 1}
    assert (
        read.count("face") == 1
    )  # only for the edited card's face, which it did not hold (12 without `kept`)
    watched = (out / "gen" / "gen-pnp-letter.pdf").read_bytes()
    assert "Card Seven" in pdf_text(out / "gen" / "gen-pnp-letter.pdf")

    monkeypatch.setattr(Cache, "get", get)
    shutil.rmtree(out)
    run_build(request)
    assert (out / "gen" / "gen-pnp-letter.pdf").read_bytes() == watched


def test_kept_faces_hold_only_what_the_last_finished_build_asked_for():
    face_a, face_b = Face("a", 10, 10, 0, "rect", ()), Face("b", 10, 10, 0, "rect", ())
    kept = KeptFaces()
    kept.add(b"a", face_a)
    kept.add(b"b", face_b)
    kept.finished()
    assert kept.get(b"a") is face_a  # asked for by this build: kept for the next
    kept.finished()
    assert kept.get(b"b") is None  # the build that just finished did not ask for it: gone
    assert kept.get(b"a") is face_a
    kept.finished()
    kept.finished()  # a finished build that asked for nothing
    assert kept.get(b"a") is None
    assert len(kept) == 0


def test_a_build_stopped_by_bad_input_leaves_the_kept_faces(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    table = generated_game(tmp_path, 4)
    request = Request(
        tmp_path,
        (),
        BuildOptions(out=tmp_path / "output", papers=("letter",), only=frozenset({"pnp"})),
        jobs=1,
    )
    kept = KeptFaces()
    run_build(request, kept=kept)
    good = table.read_text(encoding="utf-8")
    table.write_text(good.replace("c2,Card 2,", "c2,,"), encoding="utf-8")  # a card without a name
    with pytest.raises(InputError):
        run_build(request, kept=kept)
    assert len(kept) == 5

    read: list[str] = []
    get = Cache.get
    monkeypatch.setattr(
        Cache, "get", lambda self, kind, key: (read.append(kind), get(self, kind, key))[1]
    )
    table.write_text(
        good.replace("c3,Card 3,", "c3,Card Three,"), encoding="utf-8"
    )  # fixed, and one card edited
    assert run_build(request, kept=kept).laid_out == {"gen": 1}
    assert read.count("face") == 1  # the other faces were still kept
