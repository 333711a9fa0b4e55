"""One `cardstock pull` is bounded as a whole, not only table by table, since the server and
the game file may both come from someone else: a table sent in stacked or unknown
encodings is refused before its body is read (one layer of gzip or deflate is inflated a
bounded step at a time), the tables one pull downloads hold `MAX_PULL_BYTES` in all, its
downloads end within `TIMEOUTS_PER_PULL` times `--timeout`, and the copy it checks the
tables in holds at most `MAX_STAGED_BYTES` and `MAX_STAGED_FILES`, told from the files'
sizes (a hard link counted in full) and counted again as it is made. Each refusal is said
at its line, exit 2, and nothing is written in the project; an honest pull is pinned. The
sheets are served for real (the HTTPS server of `test_pull`); the bounds are lowered here
so that a few small files pass them."""

from __future__ import annotations

import gzip
import os
import re
import tempfile
import time
import zlib
from pathlib import Path

import pytest
from helpers_bounds import files_below
from helpers_pull import CSV, _serve, online
from playtest_project import GAME, project

from cardstock.cli import main, pull

NOTE = b"id,name,text\nfrom-the-designer,From the Designer,Written on a train.\n"


@pytest.fixture
def served(tmp_path, monkeypatch):
    """The starter on the test's HTTPS server: its deck a sheet (`/sheet.csv`), its note a
    second one (`/note.csv`); the temporary copy a pull checks is made inside the test's
    folder. Yields the project, the routes, and the game file's lines of both tables."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    for base, routes, _ in _serve(tmp_path, monkeypatch):
        root = project(tmp_path / "p")
        sheet = online(root, f"{base}/sheet.csv")
        routes["/sheet.csv"] = (200, CSV, sheet.read_bytes())
        routes["/note.csv"] = (200, CSV, NOTE)
        game = root / "catalog" / GAME / "game.toml"
        text = re.sub(
            r"^rows = \[\n.*?^\]\n",
            f'table = "{base}/note.csv"\n',
            game.read_text(),
            count=1,
            flags=re.M | re.S,
        )
        game.write_text(text)
        lines = text.splitlines()
        at = [n for n, line in enumerate(lines, 1) if line.startswith(f'table = "{base}')]
        assert len(at) == 2, text
        yield root, routes, at


def refused(root: Path, capsys, said: str, *args: str) -> str:
    """`pull` refuses, exit 2, saying `said`, and writes nothing in the project."""
    before = files_below(root)
    capsys.readouterr()
    assert main(["--root", str(root), "pull", "--yes", *args]) == 2
    err = capsys.readouterr().err
    assert said in err, err
    assert "internal error" not in err
    assert files_below(root) == before
    return err


def deck(root: Path) -> Path:
    return root / "catalog" / GAME / "pinned" / "deck.csv"


# ------------------------------------------------------------------------ encodings


def test_a_table_and_its_note_pulled_together_are_both_pinned(served, capsys):
    root, routes, _ = served
    assert main(["--root", str(root), "pull", "--yes"]) == 0
    assert deck(root).read_bytes() == routes["/sheet.csv"][2]
    assert (deck(root).parent / "note.csv").read_bytes() == NOTE


@pytest.mark.parametrize(
    "encoding, encode",
    [
        ("gzip", gzip.compress),
        ("deflate", zlib.compress),
        ("deflate", lambda data: zlib.compress(data, wbits=-zlib.MAX_WBITS)),
    ],
    ids=["gzip", "deflate", "raw deflate"],
)
def test_a_table_sent_in_one_layer_of_gzip_or_deflate_is_inflated(served, capsys, encoding, encode):
    root, routes, _ = served
    status, headers, body = routes["/sheet.csv"]
    routes["/sheet.csv"] = (status, {**headers, "Content-Encoding": encoding}, encode(body))
    assert main(["--root", str(root), "pull", "--yes"]) == 0
    assert deck(root).read_bytes() == body


@pytest.mark.parametrize(
    "encoding, encode",
    [
        ("gzip, gzip", lambda data: gzip.compress(gzip.compress(data))),
        ("gzip,deflate", lambda data: zlib.compress(gzip.compress(data))),
        ("br", lambda data: data),
        ("compress", lambda data: data),
    ],
    ids=["gzip twice", "gzip then deflate", "br", "compress"],
)
def test_a_table_sent_in_stacked_or_unknown_encodings_is_refused_before_it_is_read(
    served, capsys, encoding, encode
):
    root, routes, (line, _) = served
    status, headers, body = routes["/sheet.csv"]
    routes["/sheet.csv"] = (status, {**headers, "Content-Encoding": encoding}, encode(body))
    err = refused(root, capsys, f"catalog/{GAME}/game.toml:{line}: sets[0].table: ")
    assert "the server sent the table encoded as " in err
    assert "one layer of gzip or deflate" in err


def test_a_compressed_table_past_the_bound_is_refused_as_it_inflates(served, capsys):
    root, routes, _ = served
    bomb = gzip.compress(b"name\n" + b"\0" * (64 * 1024 * 1024), compresslevel=1)
    routes["/sheet.csv"] = (200, {**CSV, "Content-Encoding": "gzip"}, bomb)
    refused(root, capsys, "more than a table may be")


def test_a_compressed_table_cut_short_is_refused(served, capsys):
    root, routes, _ = served
    status, headers, body = routes["/sheet.csv"]
    cut = gzip.compress(body)[:-12]
    routes["/sheet.csv"] = (status, {**headers, "Content-Encoding": "gzip"}, cut)
    refused(root, capsys, "the compressed table ends before its end")


# ------------------------------------------------------------- the bytes of one pull


def test_the_tables_of_one_pull_are_bounded_in_all(served, capsys, monkeypatch):
    root, routes, (_, note_line) = served
    # room for the deck, not for the note after it (raising=False: without the bound the
    # pull would pin both, and the test says so)
    monkeypatch.setattr(pull, "MAX_PULL_BYTES", len(routes["/sheet.csv"][2]) + 10, raising=False)
    err = refused(root, capsys, f"catalog/{GAME}/game.toml:{note_line}: sets[1].table: ")
    assert "cardstock's bound on what one pull downloads" in err, err
    assert "sets[0].table" not in err, err


# ------------------------------------------------------------- the time of one pull


def dripping(asked: list[str]) -> object:
    """A server that sends its head at once, then a byte a second (8 at most)."""

    def answer(handler) -> None:
        asked.append(handler.path)
        try:
            handler.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\n")
            handler.wfile.write(b"Content-Length: 8\r\n\r\n")
            handler.wfile.flush()
            for byte in b"name\nab\n":
                time.sleep(1)
                handler.wfile.write(bytes([byte]))
                handler.wfile.flush()
        except OSError:  # the client gave up
            pass

    return answer


def test_the_downloads_of_one_pull_end_when_its_time_is_spent(served, capsys, monkeypatch):
    root, routes, (line, _) = served
    asked: list[str] = []
    routes["/sheet.csv"] = routes["/note.csv"] = dripping(asked)
    # the whole pull given half of `--timeout 2`: the deck's download is cut at 1 s
    monkeypatch.setattr(pull, "TIMEOUTS_PER_PULL", 0.5, raising=False)
    err = refused(
        root, capsys, f"catalog/{GAME}/game.toml:{line}: sets[0].table: ", "--timeout", "2"
    )
    assert "not downloaded: the pull's downloads took over 1 s in all" in err, err
    assert "sets[1].table" not in err and asked == ["/sheet.csv"]  # the note was not tried


def test_no_download_starts_once_the_pulls_time_is_spent(served, capsys, monkeypatch):
    root, routes, (line, _) = served
    asked: list[str] = []
    routes["/sheet.csv"] = routes["/note.csv"] = dripping(asked)
    monkeypatch.setattr(pull, "TIMEOUTS_PER_PULL", 0, raising=False)
    err = refused(root, capsys, f"catalog/{GAME}/game.toml:{line}: sets[0].table: ")
    assert "cardstock's bound on one pull (0 × `--timeout`)" in err, err
    assert asked == []


# ------------------------------------------------------------ the copy a pull checks in


def checks(monkeypatch) -> list[Path]:
    """The copies a pull checked (none when it was refused before)."""
    seen: list[Path] = []

    def checked(staged: Path, game: str) -> int:
        seen.append(staged)
        return 0

    monkeypatch.setattr(pull, "_check", checked)
    return seen


def linked(root: Path, size: int, links: int) -> None:
    """A sparse file of `size` bytes in the game's art, and `links` hard links to it: no
    room taken in the project, `links + 1` times `size` in a copy."""
    art = root / "catalog" / GAME / "art"
    with open(art / "unused.bin", "wb") as f:
        f.truncate(size)
    for i in range(links):
        os.link(art / "unused.bin", art / f"unused-{i}.bin")


def test_the_copy_a_pull_checks_in_is_bounded_in_bytes_told_from_the_sizes(
    served, capsys, monkeypatch
):
    root, *_ = served
    linked(root, 1024 * 1024, 4)
    monkeypatch.setattr(pull, "MAX_STAGED_BYTES", 3 * 1024 * 1024, raising=False)
    seen = checks(monkeypatch)
    err = refused(root, capsys, f"catalog/{GAME}: the copy the pulled tables are checked in ")
    assert "would hold more than 3 MB of files, a sparse or hard-linked file counted" in err
    assert seen == []


def test_the_copy_a_pull_checks_in_is_bounded_as_it_is_made(served, capsys, monkeypatch):
    root, *_ = served
    linked(root, 1024 * 1024, 4)
    monkeypatch.setattr(pull, "MAX_STAGED_BYTES", 3 * 1024 * 1024, raising=False)
    monkeypatch.setattr(pull, "_told", lambda *args: None, raising=False)  # sizes that lied
    seen = checks(monkeypatch)
    refused(root, capsys, "would hold more than 3 MB of files")
    assert seen == []


def test_the_copy_a_pull_checks_in_is_bounded_in_files(served, capsys, monkeypatch):
    root, *_ = served
    many = root / "catalog" / GAME / "many"
    many.mkdir()
    for i in range(60):
        (many / f"{i}.txt").touch()
    monkeypatch.setattr(pull, "MAX_STAGED_FILES", 50, raising=False)
    seen = checks(monkeypatch)
    refused(root, capsys, "would hold more than 50 files and folders")
    assert seen == []


def test_a_copy_within_the_bounds_is_checked_and_pinned(served, capsys, monkeypatch):
    root, *_ = served
    linked(root, 1024 * 1024, 1)
    monkeypatch.setattr(pull, "MAX_STAGED_BYTES", 3 * 1024 * 1024, raising=False)
    assert main(["--root", str(root), "pull", "--yes"]) == 0
    assert deck(root).is_file()
