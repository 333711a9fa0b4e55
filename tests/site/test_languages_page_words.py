"""The words cardstock itself prints on a rulebook (its cover, contents and component list)
and on the stats page are cardstock's own: messages of its catalog
(`cardstock/locale/cardstock.pot`), translated once for every game, never texts a game's
translator must give again. A game may still word one its own way (`msgctxt
"cardstock"` in its `.po` file), and its words win."""

from __future__ import annotations

import html
import re
from pathlib import Path

from babel.messages.pofile import read_po, write_po
from conftest import ROOT, validate
from helpers_languages import GAME as DEMO
from helpers_languages import french_demo
from pypdf import PdfReader

from cardstock.catalog import wording
from cardstock.catalog.kinds import KIND_WORDS, kind_said
from cardstock.cli import main
from cardstock.core.stage import BuildOptions
from cardstock.core.toolwords import messages, tool_words
from cardstock.site.stats import DOWNLOADS, WORDS

BOOK = (
    wording.CONTENTS,
    wording.RULES_TITLE,
    wording.VERSION,
    wording.IN_THE_BOX,
    wording.PLAYERS_RANGE,
    wording.PLAYERS[0],
    wording.COMPONENTS[0],
)
KINDS = tuple(f"{{n}} {one}" for one, _ in KIND_WORDS.values())
OWN = (*BOOK, *KINDS, *WORDS)


def msgids(path: Path) -> set[str]:
    """Every message a `.po` or `.pot` file names (a plural one by both its forms)."""
    with path.open("rb") as f:
        po = read_po(f)
    out: set[str] = set()
    for m in po:
        if m.id:
            out |= {m.id} if isinstance(m.id, str) else set(m.id)
    return out


def test_every_word_of_a_rulebooks_own_and_of_the_stats_page_is_a_message_of_cardstock() -> None:
    known = {form for m in messages() for form in m}
    assert [w for w in OWN if w not in known] == []
    assert {wording.PLAYERS[1], wording.COMPONENTS[1]} <= known


def test_a_kinds_count_is_said_in_the_language_of_the_words() -> None:
    fr = tool_words("fr")
    assert kind_said(fr, "die", 3) == "3 dés"
    assert kind_said(fr, "die", 1) == "1 dé"
    assert kind_said(tool_words("en"), "die", 3) == "3 dice"
    assert kind_said(fr, "card", 2000, "2 000") == "2 000 cartes"


def test_a_games_translation_no_longer_holds_cardstocks_own_words(tmp_path: Path) -> None:
    root = french_demo(tmp_path / "proj")
    assert main(["--root", str(root), "translate", "extract", DEMO]) == 0
    assert main(["--root", str(root), "translate", "update", DEMO, "--lang", "fr"]) == 0
    folder = root / "catalog" / DEMO / "translations"
    for written in (folder / "messages.pot", folder / "fr.po"):
        assert msgids(written) & set(OWN) == set(), written
    shipped = ROOT / "catalog" / "atmosfear" / "translations" / "fr.po"
    assert msgids(shipped) & set(OWN) == set()


def _french(tmp_path: Path, own: str = "") -> Path:
    """The demo in French, its rulebook given a contents page, every text translated
    ("FR …"), `own` appended to its `.po` file, built into `out/` (its rulebook and
    stats page); the project's root."""
    root = french_demo(tmp_path / "proj")
    book = root / "layouts" / DEMO / "rulebook.md.j2"
    text = book.read_text(encoding="utf-8")
    book.write_text(text.replace("{{ cover() }}", "{{ cover() }}\n{{ contents() }}"), "utf-8")
    assert main(["--root", str(root), "translate", "update", DEMO, "--lang", "fr"]) == 0
    path = root / "catalog" / DEMO / "translations" / "fr.po"
    with path.open("rb") as f:
        po = read_po(f)
    for m in po:
        if m.id and isinstance(m.id, str):
            m.string = "FR " + m.id
    with path.open("wb") as f:
        write_po(f, po)
    path.write_text(path.read_text(encoding="utf-8") + own, encoding="utf-8")
    args = ["--root", str(root), "--jobs", "1", "--lang", "fr", "--out", str(root / "out")]
    assert main([*args, "--only", "rulebook,stats", DEMO]) == 0
    return root


def _book_lines(root: Path) -> set[str]:
    """Every line of the French rulebook, as its text reads (a heading is a line)."""
    book = PdfReader(root / "out" / f"{DEMO}-fr" / f"{DEMO}-fr-rulebook.pdf")
    return {line.strip() for p in book.pages for line in (p.extract_text() or "").splitlines()}


def _stats_page(root: Path) -> str:
    return (root / "out" / f"{DEMO}-fr" / "stats" / "index.html").read_text(encoding="utf-8")


def test_a_french_rulebook_and_stats_page_take_cardstocks_french_with_nothing_in_the_games_po(
    tmp_path: Path,
) -> None:
    root = _french(tmp_path)
    po = root / "catalog" / DEMO / "translations" / "fr.po"
    assert msgids(po) & set(OWN) == set()  # the game's translator gave none of these
    fr = tool_words("fr")
    assert fr(wording.CONTENTS) != wording.CONTENTS
    lines = _book_lines(root)
    assert fr(wording.CONTENTS) in lines and wording.CONTENTS not in lines
    page = _stats_page(root)
    assert f">{fr(DOWNLOADS)}</a>" in page and f">{DOWNLOADS}</a>" not in page
    assert fr(wording.CONTENTS) not in page  # the page's words are the page's, not the book's
    # the HTML rulebook's faces say the words the French faces print ("FR Power 2"), a
    # face without words its count in French ("…, 1 carte"), never in English
    rules = (root / "out" / f"{DEMO}-fr" / "rules" / "index.html").read_text(encoding="utf-8")
    alts = [html.unescape(a) for a in re.findall(r'alt="([^"]*)"', rules)]
    assert alts and not [a for a in alts if re.search(r", \d+ cards?$", a)]
    assert [a for a in alts if "FR " in a]


def test_a_games_own_words_for_the_rulebook_and_stats_page_win(tmp_path: Path) -> None:
    own = (
        '\nmsgctxt "cardstock"\nmsgid "Contents"\nmsgstr "Table des matières"\n'
        '\nmsgctxt "cardstock"\nmsgid "Downloads"\nmsgstr "Fichiers à imprimer"\n'
        '\nmsgctxt "cardstock"\nmsgid "{n} component"\nmsgid_plural "{n} components"\n'
        'msgstr[0] "{n} pièce"\nmsgstr[1] "{n} pièces"\n'
    )
    root = _french(tmp_path, own)
    lines = _book_lines(root)
    assert "Table des matières" in lines
    said = " ".join(lines)
    assert " pièces" in said and tool_words("fr").count(*wording.COMPONENTS, 2)[2:] not in said
    assert tool_words("fr")(wording.CONTENTS) not in lines
    page = _stats_page(root)
    assert ">Fichiers à imprimer</a>" in page
    assert f">{tool_words('fr')(DOWNLOADS)}</a>" not in page


def test_a_games_forms_of_a_plural_message_must_keep_its_placeholders(tmp_path: Path) -> None:
    root = french_demo(tmp_path / "proj")
    assert main(["--root", str(root), "translate", "update", DEMO, "--lang", "fr"]) == 0
    path = root / "catalog" / DEMO / "translations" / "fr.po"
    own = (
        '\nmsgctxt "cardstock"\nmsgid "{n} die"\nmsgid_plural "{n} dice"\n'
        'msgstr[0] "un dé"\nmsgstr[1] "{n} dés"\n'
    )
    path.write_text(path.read_text(encoding="utf-8") + own, encoding="utf-8")
    options = BuildOptions(out=tmp_path / "out", lang="fr", only=frozenset({"rulebook"}))
    catalogs, issues = validate(root, [f"{DEMO}-fr"], options)
    said = [i for i in issues.items if i.field == "cardstock"]
    lines = path.read_text(encoding="utf-8").split("\n")
    assert [(i.level, i.line) for i in said] == [("error", lines.index('msgstr[0] "un dé"') + 1)]
    assert "'un dé'" in said[0].message and "['n']" in said[0].message
