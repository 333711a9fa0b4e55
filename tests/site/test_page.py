"""The downloads page (output/index.html), opened in a real headless Chromium."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from conftest import CHROMIUM, FIXTURES, FLAGS, ROOT


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.targets: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.targets.append(value)

    def handle_data(self, data):
        self.text.append(data)


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> Path:
    project = tmp_path_factory.mktemp("site")
    shutil.copytree(FIXTURES / "catalog" / "mini", project / "catalog" / "mini")
    shutil.copytree(ROOT / "layouts", project / "layouts")
    from cardstock.cli import main

    assert main(["--root", str(project), "build", "--jobs", "1"]) == 0
    return project / "output" / "index.html"


def test_every_link_and_image_on_the_page_resolves(page):
    parser = Links()
    parser.feed(page.read_text(encoding="utf-8"))
    local = [t for t in parser.targets if not t.startswith("#")]
    assert any(t.endswith(".pdf") for t in local) and any(t.endswith(".svg") for t in local)
    for target in local:
        assert not urlparse(target).scheme, f"{target} is not relative"
        assert (page.parent / unquote(target)).is_file(), target


def test_the_page_names_the_game_its_downloads_and_its_rules_check(page):
    parser = Links()
    parser.feed(page.read_text(encoding="utf-8"))
    text = " ".join(" ".join(parser.text).split())
    assert "Mini" in text and "1–3 players" in text
    assert "Print-and-play sheets" in text and "US Letter" in text and "A4" in text
    assert "rules check passed" in text
    assert "(6 cards, 10 tokens, 1 die)" in text  # counts in words, as people write them


@pytest.mark.skipif(
    CHROMIUM is None and not os.environ.get("CI"),
    reason="chromium is installed by tests/run; never skipped in CI",
)
def test_the_page_renders_in_headless_chromium_without_console_errors(page, tmp_path):
    shot = tmp_path / "page.png"
    with tempfile.TemporaryDirectory() as profile:  # one Chromium: the picture and the DOM
        proc = subprocess.run(
            [
                CHROMIUM,
                *FLAGS,
                f"--user-data-dir={profile}",
                f"--screenshot={shot}",
                "--window-size=1200,1400",
                "--dump-dom",
                page.as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert proc.returncode == 0, proc.stderr[-2000:]
    console = [
        line
        for line in proc.stderr.splitlines()
        if ":CONSOLE" in line or "Failed to load resource" in line
    ]
    assert console == []
    assert shot.is_file() and shot.stat().st_size > 20_000  # a real picture, not a blank page
    dom = proc.stdout
    assert re.search(r"<h2>Mini</h2>", dom)
    assert dom.count("<img") >= 7


def test_the_gallery_shows_fronts_in_catalog_order_then_backs_and_counts_games_in_words(page):
    import csv

    rows = (FIXTURES / "catalog" / "mini" / "cards.csv").read_text(encoding="utf-8").splitlines()
    order = [r["id"] for r in csv.DictReader(line for line in rows if not line.startswith("#"))]
    parser = Links()
    parser.feed(page.read_text(encoding="utf-8"))
    shown: list[str] = []
    for t in parser.targets:
        stem = Path(unquote(t)).stem
        if t.startswith("mini/svg/") and t.endswith(".svg") and stem not in shown:
            shown.append(stem)
    fronts = [s for s in shown if not s.startswith("back-")]
    assert [s for s in fronts if s in order] == [i for i in order if i in fronts] and len(
        fronts
    ) >= 2
    first_back = next(i for i, s in enumerate(shown) if s.startswith("back-"))
    assert all(s.startswith("back-") for s in shown[first_back:])
    text = " ".join(parser.text)
    assert "1 game." in text and "1 games" not in text


def test_the_gallery_of_a_game_of_many_thousand_faces_shows_the_first_thousand_and_the_backs(
    tmp_path,
):
    from cardstock.site.page import GALLERY_MAX, _unknown_game, page_context, render_page

    n = 60_000  # one picture each would make a page longer than a template may write
    info = {
        **_unknown_game("big"),
        "title": "Big",
        "components": n,
        "names": [[f"c{i}", f"Card {i}"] for i in range(n)],
    }
    entries = [
        {
            "game": "big",
            "kind": "svg",
            "path": f"big/svg/c{i}.svg",
            "paper": None,
            "pages": None,
            "bytes": 900,
        }
        for i in range(n)
    ]
    entries += [
        {
            "game": "big",
            "kind": "svg",
            "path": "big/svg/back-deck.svg",
            "paper": None,
            "pages": None,
            "bytes": 900,
        }
    ]
    html = render_page(tmp_path, page_context([], entries, {}, {"big": info}))
    parser = Links()
    parser.feed(html)
    pictures = [t for t in parser.targets if t.endswith(".svg")]
    assert len(set(pictures)) == GALLERY_MAX + 1
    assert (
        f"big/svg/c{GALLERY_MAX - 1}.svg" in pictures
        and f"big/svg/c{GALLERY_MAX}.svg" not in pictures
    )
    assert "big/svg/back-deck.svg" in pictures  # the deck back after the fronts shown
    text = " ".join(" ".join(parser.text).split())
    assert (
        f"{n + 1} faces, {GALLERY_MAX + 1} of them shown here (every face is in big/svg/)" in text
    )
