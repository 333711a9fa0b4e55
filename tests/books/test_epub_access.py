"""An e-book that says what it offers a reader (issue 76): the EPUB Accessibility 1.1
metadata of each rulebook's EPUB, true to what the book holds, its landmarks, the role of
its contents page, and colours that survive a reading system without CSS variables.

The metadata is read against the rules of EPUB Accessibility 1.1 (the schema.org
properties and their vocabularies) here, and by DAISY Ace (from the npm registry, in
Debian's Chromium, installed once into $CARDSTOCK_TEST_CACHE, else
~/.cache/cardstock-tests) where it can run; that test is skipped, saying why, where not."""

from __future__ import annotations

import json
import os
import re
import subprocess
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest
from conftest import CHROMIUM, ROOT, load_games
from helpers_npm import npm_tool

from cardstock.books.epub import Access
from cardstock.books.xhtml import luminance

ACE_VERSION = "1.4.6"
OPF = "{http://www.idpf.org/2007/opf}"
XHTML = "{http://www.w3.org/1999/xhtml}"
EPUB_NS = "{http://www.idpf.org/2007/ops}"
# the vocabularies EPUB Accessibility 1.1 takes the schema.org properties' values from
ACCESS_MODES = {"auditory", "chartOnVisual", "chemOnVisual", "colorDependent", "diagramOnTactile",
                "diagramOnVisual", "mathOnVisual", "musicOnVisual", "tactile", "textOnVisual",
                "textual", "visual"}  # fmt: skip
FEATURES = {"alternativeText", "annotations", "ARIA", "audioDescription", "bookmarks",
            "braille", "captions", "ChemML", "describedMath", "displayTransformability",
            "highContrastAudio", "highContrastDisplay", "index", "largePrint", "latex",
            "longDescription", "MathML", "none", "pageBreakMarkers", "pageNavigation",
            "printPageNumbers", "readingOrder", "rubyAnnotations", "signLanguage",
            "structuralNavigation", "synchronizedAudioText", "tableOfContents",
            "taggedPDF", "tactileGraphic", "tactileObject", "timingControl",
            "transcript", "ttsMarkup", "unlocked"}  # fmt: skip
HAZARDS = {"flashing", "noFlashingHazard", "motionSimulation", "noMotionSimulationHazard",
           "sound", "noSoundHazard", "unknown", "none"}  # fmt: skip
GAMES = sorted(p.name for p in (ROOT / "catalog").iterdir() if (p / "game.toml").is_file())


@pytest.fixture(scope="module")
def books(default_build: Path) -> dict[str, Path]:
    """Each shipped game's EPUB and the French Atmosfear's, as the run's shared build of the
    games wrote them (`default_build`)."""
    found = {g: default_build / g / f"{g}-rulebook.epub" for g in [*GAMES, "atmosfear-fr"]}
    assert all(book.is_file() for book in found.values()), found
    return found


def _read(path: Path, name: str) -> str:
    with zipfile.ZipFile(path) as z:
        return z.read(f"EPUB/{name}").decode("utf-8")


def _meta(path: Path) -> dict[str, list[str]]:
    """The package's `<meta property=…>` values, by property."""
    root = ET.fromstring(_read(path, "package.opf"))
    out: dict[str, list[str]] = {}
    for m in root.iter(f"{OPF}meta"):
        if m.get("property"):
            out.setdefault(m.get("property", ""), []).append(m.text or "")
    return out


@pytest.mark.parametrize("game", [*GAMES, "atmosfear-fr"])
def test_the_epub_declares_its_accessibility_as_epub_accessibility_asks(books, game):
    meta = _meta(books[game])
    for prop in ("accessMode", "accessModeSufficient", "accessibilityFeature"):
        assert meta.get(f"schema:{prop}"), prop
    assert set(meta["schema:accessMode"]) <= ACCESS_MODES
    for modes in meta["schema:accessModeSufficient"]:
        assert set(modes.split(",")) <= ACCESS_MODES, modes
    assert set(meta["schema:accessibilityFeature"]) <= FEATURES
    assert meta["schema:accessibilityHazard"] == ["none"]
    (summary,) = meta["schema:accessibilitySummary"]
    assert len(summary) > 80
    # a conformance claim only where someone evaluated the book: nobody has
    assert "dcterms:conformsTo" not in meta and "a11y:certifiedBy" not in meta


@pytest.mark.parametrize("game", [*GAMES, "atmosfear-fr"])
def test_the_metadata_is_true_to_what_the_book_holds(books, game):
    chapter = _read(books[game], "rules.xhtml")
    meta = _meta(books[game])
    pictures = "<img " in chapter or 'role="img"' in chapter
    assert set(meta["schema:accessMode"]) == {"textual", "visual"} if pictures else {"textual"}
    assert "textual" in meta["schema:accessModeSufficient"]  # every picture has its words
    for img in re.findall(r"<img [^>]*>", chapter):
        assert re.search(r' alt="[^"]+"', img), img
    features = set(meta["schema:accessibilityFeature"])
    assert ("alternativeText" in features) == pictures
    assert ("structuralNavigation" in features) == bool(re.search(r"<h[2-4] ", chapter))
    assert "tableOfContents" in features
    (summary,) = meta["schema:accessibilitySummary"]
    tables = "<table" in chapter
    said_tables = ("header cells" in summary) or ("cellules d'en-tête" in summary)
    assert said_tables == tables, summary


def test_the_french_book_summarises_itself_in_french(books):
    (summary,) = _meta(books["atmosfear-fr"])["schema:accessibilitySummary"]
    assert summary.startswith("Les règles du jeu ") and "chapitre" in summary
    english = {"rules", "chapter", "reading", "heading", "nothing", "picture", "header"}
    assert not english & set(re.findall(r"[a-z]+", summary.lower())), summary


def test_a_book_without_pictures_or_tables_declares_none():
    catalogs, _ = load_games(ROOT, ["vortex"])
    said = Access(faces=False, icons=False, tables=False, headings=True).metadata(catalogs[0])
    assert "visual" not in said and "alternativeText" not in said
    assert "header cells" not in said and "tableOfContents" in said
    full = Access(faces=True, icons=True, tables=True, headings=True).metadata(catalogs[0])
    assert ">visual<" in full and "alternativeText" in full and "header cells" in full


@pytest.mark.parametrize("game", [*GAMES, "atmosfear-fr"])
def test_the_navigation_has_landmarks_and_its_contents_their_role(books, game):
    nav = ET.fromstring(_read(books[game], "nav.xhtml"))
    chapter = _read(books[game], "rules.xhtml")
    navs = {n.get(f"{EPUB_NS}type"): n for n in nav.iter(f"{XHTML}nav")}
    assert navs["toc"].get("role") == "doc-toc"
    links = {a.get(f"{EPUB_NS}type"): a for a in navs["landmarks"].iter(f"{XHTML}a")}
    assert "bodymatter" in links and (links["bodymatter"].text or "").strip()
    for a in links.values():
        href = a.get("href", "")
        assert href.startswith("rules.xhtml")
        if "#" in href:
            assert f'id="{href.split("#")[1]}"' in chapter, href
    if 'class="contents"' in chapter:
        assert "toc" in links
        assert re.search(r'<nav class="contents" role="doc-toc"', chapter)


@pytest.mark.parametrize("game", [*GAMES, "atmosfear-fr"])
def test_the_epub_colours_need_no_css_variables(books, game):
    """A reading system that ignores custom properties still sets the table header's white
    text on a dark ground (the colour is written where it is used)."""
    css = _read(books[game], "style.css")
    assert "var(" not in css and "--accent" not in css
    rule = re.search(r"thead th \{([^}]*)\}", css)
    assert rule, css
    ground = re.search(r"background: (#[0-9a-f]{6})", rule.group(1))
    assert ground and "color: #ffffff" in rule.group(1)
    assert 1.05 / (luminance(ground.group(1)) + 0.05) >= 4.5


# --------------------------------------------------------------------------- DAISY Ace


def _ace() -> Path:
    """DAISY Ace's command that runs in Puppeteer (tests/helpers_npm.py installs it without
    a browser of its own: Debian's Chromium runs it)."""
    return npm_tool("@daisy/ace", ACE_VERSION, ".bin/ace-puppeteer")


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is installed by tests/run")
@pytest.mark.parametrize("game", ["atmosfear", "atmosfear-fr"])
def test_daisy_ace_finds_no_serious_or_moderate_problem(books, game, tmp_path):
    env = {**os.environ, "PUPPETEER_EXECUTABLE_PATH": str(CHROMIUM)}
    proc = subprocess.run(
        [str(_ace()), "--force", "--silent", "--outdir", str(tmp_path), str(books[game])],
        capture_output=True, text=True, timeout=600, env=env,
    )  # fmt: skip
    report = tmp_path / "report.json"
    assert report.is_file(), proc.stdout[-1000:] + proc.stderr[-1000:]
    data = json.loads(report.read_text(encoding="utf-8"))
    found = [
        (doc["earl:testSubject"]["url"], a["earl:test"]["dct:title"], a["earl:test"]["earl:impact"])
        for doc in data.get("assertions", [])
        for a in doc.get("assertions", [])
    ]
    assert [f for f in found if f[2] in ("critical", "serious", "moderate")] == [], found
    assert set(data["a11y-metadata"]["present"]) >= {
        "schema:accessMode",
        "schema:accessModeSufficient",
        "schema:accessibilityFeature",
        "schema:accessibilityHazard",
        "schema:accessibilitySummary",
    }
