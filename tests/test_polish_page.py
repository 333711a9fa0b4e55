"""The downloads page follows every build that writes files it offers, `--only page` says
what it did, and each SVG face is titled with what a player calls it."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

from conftest import load_games


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
    r = cli("--root", str(mini.root), "build", "mini", "--only", "cards", "--dpi", "30", "--out", str(out))
    assert r.code == 0, r.err
    hrefs = links(out)
    assert "mini/cards/mini-cards.pdf" in hrefs and "mini/cards/cards.csv" in hrefs
    assert all((out / h).is_file() for h in hrefs if not h.startswith(("http", "#")))
    assert "mini/mini-pnp-letter.pdf" in hrefs  # what the first build made is still offered
    listed = {e["path"]: e for e in json.loads((out / "manifest.json").read_text(encoding="utf-8"))["artifacts"]}
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


def test_every_svg_face_is_titled_with_its_name_not_its_id(cli, mini):
    out = mini.root / "out"
    r = cli("--root", str(mini.root), "build", "mini", "--only", "svg", "--out", str(out))
    assert r.code == 0, r.err
    (cat,), _ = load_games(mini.root, ["mini"])
    names = {c.id: c.name for c in cat.components}
    titles = {}
    for svg in sorted((out / "mini" / "svg").glob("*.svg")):
        title = ET.parse(svg).getroot().find("{http://www.w3.org/2000/svg}title")
        assert title is not None and title.text, svg.name
        titles[svg.stem] = title.text
    for cid, name in names.items():
        assert titles[cid] == f"{name} — {cat.game.title}"
    backs = [t for stem, t in titles.items() if stem.startswith("back-")]
    assert backs and all(t.startswith("Back of ") and t.endswith(cat.game.title) for t in backs)
    assert all(t.split(" — ")[0] != stem for stem, t in titles.items())  # never a bare id
