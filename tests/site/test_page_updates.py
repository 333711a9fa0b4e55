"""When the manifest and the downloads page are written.

The page follows every build that writes files it offers (a build of only some parts into a
new folder writes none), and `--only page` says what it did. The manifest is written once
at the end of a build (after the stale files left it), and the page is rewritten only when
something it shows changed. Counted (`manifest.STATS.saves`, the page's file time and the
build's own report), never by timing; the results are compared with a build from nothing."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import shutil
from html.parser import HTMLParser
from pathlib import Path

from conftest import ROOT

from cardstock.cli import main
from cardstock.site import manifest

GAME = "atmosfear"


def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    shutil.copytree(ROOT / "catalog" / GAME, root / "catalog" / GAME)
    shutil.copytree(ROOT / "layouts" / GAME, root / "layouts" / GAME)
    return root


def build(root: Path, out: Path, capsys) -> str:
    """Build the game in its own language only (a second language's files are saved apart)."""
    capsys.readouterr()
    args = ["--root", str(root), "build", "--out", str(out), "--jobs", "1", "--paper", "letter"]
    assert main([*args, "--lang", "en"]) == 0
    return capsys.readouterr().out


def edit(root: Path, column: str, suffix: str) -> None:
    """Append `suffix` to `column` of the first realm card (read as CSV: a quoted cell
    holds commas of its own)."""
    path = root / "catalog" / GAME / "realms.csv"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    header, cells = csv.reader(lines[:2])
    cells[header.index(column)] += suffix
    row = io.StringIO()
    csv.writer(row, lineterminator="\n").writerow(cells)
    lines[1] = row.getvalue()
    path.write_text("".join(lines), encoding="utf-8")


def listed(out: Path) -> dict[str, str]:
    entries = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["artifacts"]
    for e in entries:  # never a hash its file does not have
        assert hashlib.sha256((out / e["path"]).read_bytes()).hexdigest() == e["sha256"], e["path"]
    return {e["path"]: e["sha256"] for e in entries}


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self.hrefs += [v for k, v in attrs if k == "href" and v]


def links(out: Path) -> list[str]:
    page = Links()
    page.feed((out / "index.html").read_text(encoding="utf-8"))
    return page.hrefs


def test_a_build_of_only_the_card_files_links_them_from_the_existing_page(cli, mini):
    out = mini.root / "out"
    first = cli("--root", str(mini.root), "build", "mini", "--out", str(out))
    assert first.code == 0, first.err
    assert not any("/cards/" in h for h in links(out))  # the card files are built on request only
    r = cli(
        "--root",
        str(mini.root),
        "build",
        "mini",
        "--only",
        "cards",
        "--dpi",
        "30",
        "--out",
        str(out),
    )
    assert r.code == 0, r.err
    hrefs = links(out)
    assert "mini/cards/mini-cards.pdf" in hrefs and "mini/cards/cards.csv" in hrefs
    assert all((out / h).is_file() for h in hrefs if not h.startswith(("http", "#")))
    assert "mini/mini-pnp-letter.pdf" in hrefs  # what the first build made is still offered
    listed = {
        e["path"]: e
        for e in json.loads((out / "manifest.json").read_text(encoding="utf-8"))["artifacts"]
    }
    page = listed["index.html"]
    assert page["bytes"] == (out / "index.html").stat().st_size
    assert "index.html" in r.out  # the summary shows the page was kept in step


def test_a_build_of_only_some_parts_into_a_new_folder_writes_no_page(cli, mini):
    out = mini.root / "out"
    r = cli("--root", str(mini.root), "build", "mini", "--only", "pnp", "--out", str(out))
    assert r.code == 0, r.err
    assert (out / "mini" / "mini-pnp-letter.pdf").is_file()
    assert not (out / "index.html").exists()


def test_only_page_says_it_wrote_the_page(cli, mini):
    out = mini.root / "out"
    r = cli("--root", str(mini.root), "build", "mini", "--only", "page", "--out", str(out))
    assert r.code == 0, r.err
    assert (out / "index.html").is_file()
    assert "built 0 of 0 parts" not in r.out
    assert "the downloads page was written" in r.out and "index.html" in r.out
    again = cli("--root", str(mini.root), "build", "mini", "--only", "page", "--out", str(out))
    assert "the downloads page is up to date" in again.out


def test_an_edit_the_page_does_not_show_writes_the_manifest_once_and_keeps_the_page(
    tmp_path, capsys
):
    root = project(tmp_path)
    out = root / "output"
    build(root, out, capsys)
    page = (out / "index.html").stat().st_mtime_ns
    edit(
        root, "designer_choice", " power"
    )  # a note for the designer: on no face, in no file the page lists
    saves = manifest.STATS.saves
    text = build(root, out, capsys)
    assert manifest.STATS.saves == saves + 2  # the stale files leave it, then one write at the end
    assert "built " in text and (out / "index.html").stat().st_mtime_ns == page
    fresh = tmp_path / "fresh"
    build(root, fresh, capsys)
    assert listed(out) == listed(fresh)
    assert (out / "index.html").read_bytes() == (fresh / "index.html").read_bytes()


def test_an_edit_the_page_shows_rewrites_it(tmp_path, capsys):
    root = project(tmp_path)
    out = root / "output"
    build(root, out, capsys)
    assert "Red Fear Renamed" not in (out / "index.html").read_text(encoding="utf-8")
    edit(root, "name", " Renamed")  # the gallery names each face
    saves = manifest.STATS.saves
    build(root, out, capsys)
    assert manifest.STATS.saves == saves + 2
    assert "Red Fear Renamed" in (out / "index.html").read_text(encoding="utf-8")
    fresh = tmp_path / "fresh"
    build(root, fresh, capsys)
    assert listed(out) == listed(fresh)
    assert (out / "index.html").read_bytes() == (fresh / "index.html").read_bytes()
    nothing = build(root, out, capsys)  # and a no-op build keeps all, without loading a catalog
    assert "built 0 of" in nothing
