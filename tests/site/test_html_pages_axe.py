"""Every HTML page cardstock writes passes axe-core with no violation of any impact (issue
76), in headless Chromium at a desktop's and a phone's width: the downloads page, each
game's rulebook web page and stats page, a translated edition's (Atmosfear in French) and
the pseudo-language's, the changelog, the downloads page with playtesters' notes, the page
`cardstock preview` serves and the page it shows before the first build.

The pages are found, not listed: every `.html` file under the output folders of three
builds: the five shipped games with the default parts, and Atmosfear's stats pages (the
run's shared build, `default_build` in tests/conftest.py; Atmosfear's French edition is
built by default); Atmosfear in French and in the pseudo-language (the run's shared
`language_build`); and the starter project of `cardstock init` with its example notes, a
changelog and the page its preview serves.
axe-core and the pseudo-language's tag are as tests/helpers_axe.py says.

The pages of one kind come from one template (each edition's rulebook page, each
edition's stats page, each build's downloads page): by default two pages of each kind are
checked, its first and its last by path, one at each width (a kind of one page: that page at
both), so every kind is seen at both widths (`spread`); CARDSTOCK_FULL=1 checks every page at
both. Each English game's rulebook page is checked in the default run too, by
tests/books/test_rulebook_readers.py. One browser opens them all (the `axe` fixture)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from conftest import FULL, ROOT, spread
from helpers_axe import WIDTHS, needs_chromium
from helpers_preview import Preview
from playtest_project import GAME as STARTER
from playtest_project import build, edit_row, project

from cardstock.catalog.pseudo import CODE as PSEUDO
from cardstock.cli import main
from cardstock.cli.live import PLACEHOLDER

GAMES = sorted(p.name for p in (ROOT / "catalog").iterdir() if (p / "game.toml").is_file())
SHOWN = "atmosfear"  # the game built in the pseudo-language (it ships French too)


def _cardstock(*args: str) -> None:
    assert main(["--root", *args]) == 0, args


@pytest.fixture(scope="module")
def outputs(
    tmp_path_factory: pytest.TempPathFactory, default_build: Path, language_build: Path
) -> dict[str, Path]:
    """The output folder of each build the pages come from, by name. The games' build and
    the languages' are the run's shared ones, copied: the probe writes its pages beside each
    page it checks."""
    base = tmp_path_factory.mktemp("pages")
    shutil.copytree(default_build, base / "games")
    shutil.copytree(language_build, base / "pseudo")
    starter = project(base / "starter")
    edit_row(starter, "Dawn", "power", "4")
    _cardstock(str(starter), "changelog", "HEAD")
    assert build(starter) == 0
    preview = Preview(starter, parts=None)
    try:
        status, _, served = preview.get("/")
    finally:
        preview.close()
    assert status == 200 and b"/live.js" in served
    (starter / "output" / "served-by-preview.html").write_bytes(served)
    (starter / "output" / "before-the-first-build.html").write_text(PLACEHOLDER, "utf-8")
    return {"games": base / "games", "pseudo": base / "pseudo", "starter": starter / "output"}


def _pages(outputs: dict[str, Path]) -> list[Path]:
    return sorted(page for out in outputs.values() for page in out.rglob("*.html"))


def _kind(page: Path, out: Path) -> str:
    """The page's path in its output folder with the edition's folder (and the edition's
    name in the file's) left out: the template it comes from."""
    parts = page.relative_to(out).parts
    return "/".join(parts[1:]).replace(parts[0], "*") if len(parts) > 1 else parts[0]


def _checked(outputs: dict[str, Path]) -> list[tuple[Path, str]]:
    """The (page, width) pairs checked: each kind's first and last page (every page in the
    full run) spread over the widths."""
    kinds: dict[str, list[Path]] = {}
    for out in outputs.values():
        for page in _pages({"": out}):
            kinds.setdefault(_kind(page, out), []).append(page)
    checked = []
    for pages in kinds.values():
        pages.sort()
        sample = pages if FULL else sorted({pages[0], pages[-1]})
        checked += spread(sample, sorted(WIDTHS))
    return checked


def test_every_kind_of_page_is_among_the_pages_checked(outputs):
    """The pages found are the ones each build is known to write, each kind in each
    language built, so a page the builds stop writing is noticed."""
    found = {
        f"{name}/{page.relative_to(out)}"
        for name, out in outputs.items()
        for page in _pages({name: out})
    }
    games = outputs["games"]
    rulebooks = {p.parent.parent.name for p in games.glob("*/rules/index.html")}
    assert rulebooks == {*GAMES, f"{SHOWN}-fr"}
    stats = {p.parent.parent.name for p in games.glob("*/stats/index.html")}
    assert {SHOWN, f"{SHOWN}-fr"} <= stats and stats <= rulebooks
    assert {
        "games/index.html",
        "pseudo/index.html",
        f"pseudo/{SHOWN}-{PSEUDO}/rules/index.html",
        f"pseudo/{SHOWN}-{PSEUDO}/stats/index.html",
        "starter/index.html",
        f"starter/{STARTER}/changelog/{STARTER}-changelog.html",
        "starter/served-by-preview.html",
        "starter/before-the-first-build.html",
    } <= found
    starter = (outputs["starter"] / "index.html").read_text("utf-8")
    assert 'class="notes"' in starter and "-changelog.html" in starter


def test_every_kind_is_checked_at_every_width_and_in_full_every_page(outputs):
    checked = _checked(outputs)
    found = set(_pages(outputs))
    pages = {page for page, _ in checked}
    assert pages == found if FULL else pages <= found

    def kind(page: Path) -> str:
        return next(_kind(page, out) for out in outputs.values() if page.is_relative_to(out))

    seen = {(kind(page), width) for page, width in checked}
    assert seen == {(kind(page), width) for page in found for width in WIDTHS}


@needs_chromium
@pytest.mark.parametrize("width", sorted(WIDTHS))
def test_no_page_has_any_axe_violation(outputs, axe, width):
    found = {}
    pages = [page for page, at in _checked(outputs) if at == width]
    assert pages
    for page in pages:
        violations = axe.violations(page, WIDTHS[width])
        if violations:
            said = [f"{v['id']} ({v['impact']}): {v['nodes']}" for v in violations]
            found[str(page)] = said
    assert found == {}


@needs_chromium
def test_the_probe_finds_a_page_without_landmarks_or_with_an_unknown_language(outputs, axe):
    """The probe itself: the stats page with its landmarks taken away, or in a language
    no list holds, is caught; the pseudo-language's own tag is not."""
    page = outputs["pseudo"] / f"{SHOWN}-{PSEUDO}" / "stats" / "index.html"
    text = page.read_text("utf-8")
    assert f'<html lang="{PSEUDO}">' in text
    broken = page.with_name("broken.html")
    try:
        bare = re.sub(r"</?(header|main|nav)>", "", text.replace(f'lang="{PSEUDO}"', 'lang="qqx"'))
        broken.write_text(bare, "utf-8")
        ids = {v["id"] for v in axe.violations(broken, WIDTHS["desktop"])}
    finally:
        broken.unlink()
    assert {"region", "html-lang-valid"} <= ids
