"""The faces' SVGs link each picture they draw from `svg/pictures/`, where it is written
once, named by its content: a picture on every card is one file, not a copy inside each
card's SVG. The e-book's copies still embed theirs (an EPUB holds what it shows), and the
copies with guides link from their own folder's parent."""

from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

from conftest import ROOT
from PIL import Image as PILImage

from cardstock.cli import main

FIXTURE = ROOT / "tests" / "fixtures" / "catalog" / "mini"


def _project(tmp_path: Path) -> tuple[Path, bytes]:
    """The mini game, every card but Blaze showing one PNG picture."""
    root = tmp_path / "proj"
    shutil.copytree(FIXTURE, root / "catalog" / "mini")
    picture = root / "catalog" / "mini" / "art" / "photo.png"
    PILImage.new("RGB", (300, 420), (180, 90, 30)).save(picture)
    cards = root / "catalog" / "mini" / "cards.csv"
    text = cards.read_text(encoding="utf-8")
    for card in ("ember,Ember", "spring,Spring", "flood,Flood"):
        row = next(line for line in text.splitlines() if line.startswith(card + ","))
        assert row.count(",,") >= 1  # the row's empty art cell, after its text
        text = text.replace(row, row.replace(",,", ",art/photo.png,", 1))
    cards.write_text(text, encoding="utf-8")
    return root, picture.read_bytes()


def _hrefs(svg: Path) -> list[str]:
    return re.findall(r'<image [^>]*href="([^"]*)"', svg.read_text(encoding="utf-8"))


def test_each_picture_is_written_once_and_every_face_links_it(tmp_path):
    root, data = _project(tmp_path)
    assert main(["--root", str(root), "build", "--only", "svg", "--force"]) == 0
    folder = root / "output" / "mini" / "svg"
    name = hashlib.sha256(data).hexdigest() + ".png"
    assert sorted(p.name for p in (folder / "pictures").iterdir()) == [name]
    assert (folder / "pictures" / name).read_bytes() == data
    for stem in ("ember", "spring", "flood"):
        assert _hrefs(folder / f"{stem}.svg") == [f"pictures/{name}"], stem
    assert all(not href.startswith("data:") for svg in folder.glob("*.svg") for href in _hrefs(svg))


def test_the_copies_with_guides_link_the_same_file_from_their_folder(tmp_path):
    root, data = _project(tmp_path)
    assert main(["--root", str(root), "build", "--only", "svg", "--guides", "--force"]) == 0
    guides = root / "output" / "mini" / "svg" / "guides"
    name = hashlib.sha256(data).hexdigest() + ".png"
    assert _hrefs(guides / "ember.svg") == [f"../pictures/{name}"]
    assert (guides / f"../pictures/{name}").resolve().is_file()


def test_a_picture_no_face_draws_any_more_is_removed(tmp_path):
    root, data = _project(tmp_path)
    assert main(["--root", str(root), "build", "--only", "svg", "--force"]) == 0
    cards = root / "catalog" / "mini" / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace("art/photo.png", ""), "utf-8")
    assert main(["--root", str(root), "build", "--only", "svg", "--force"]) == 0
    pictures = root / "output" / "mini" / "svg" / "pictures"
    assert not pictures.exists() or not any(pictures.iterdir())
