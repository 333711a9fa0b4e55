"""cardstock's own words on what it makes follow the language of the build: a French
game's sheets say in French how to print them (`cardstock.core.toolwords`,
docs/languages.md "cardstock's own words"), and a duplex printer, simulated, reads the
French footer to turn each sheet over and finds every back behind its own front."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from conftest import ROOT, job_of, validate
from helpers_languages import GAME as DEMO
from helpers_languages import fill_po, french_demo
from helpers_printer import Printer, check_pieces, face_sizes, one_flip, read
from pypdf import PdfReader

from cardstock.catalog.pseudo import pseudo
from cardstock.catalog.resolve import facts, printed
from cardstock.cli import main
from cardstock.core.stage import BuildOptions
from cardstock.core.toolwords import (
    LOCALE,
    ToolWords,
    catalog_path,
    messages,
    shipped,
    tool_words,
)
from cardstock.impose.calibration import calibration_pdf
from cardstock.impose.cut import Machine, cut_pdf, load_machines
from cardstock.impose.pnp import build_pnp

GAME = "atmosfear"
# the English words a footer of a PnP file writes (beside numbers and names)
ENGLISH_FOOTER = (
    "print at 100%",
    "actual size",
    "flip on the",
    "backs of page",
    "print on its reverse",
    "blank reverse",
    "single-sided",
    "or more, margin",
)


def french(tmp_path: Path) -> Any:
    """Atmosfear in French, as a build loads it."""
    options = BuildOptions(out=tmp_path, lang="fr", only=frozenset({"pnp"}))
    catalogs, issues = validate(ROOT, [f"{GAME}-fr"], options)
    assert not [i for i in issues.items if i.level == "error"], issues.items
    (catalog,) = catalogs
    assert catalog.lang == "fr"
    return catalog


def texts(data: bytes) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(data)).pages)


@pytest.fixture(scope="module")
def french_game(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """Atmosfear in French, read once for the module."""
    return french(tmp_path_factory.mktemp("french-game"))


@pytest.fixture(scope="module")
def french_sheets(
    tmp_path_factory: pytest.TempPathFactory, french_game: Any
) -> Callable[[str], tuple[Any, bytes]]:
    """duplex -> (Atmosfear in French, its A4 PnP file printed for that duplex): the game
    read once for the module, each file built once, on the first test that reads it."""
    out = tmp_path_factory.mktemp("french")
    catalog = french_game
    made: dict[str, bytes] = {}

    def sheets(duplex: str) -> tuple[Any, bytes]:
        if duplex not in made:
            options = BuildOptions(out=out / duplex, duplex=duplex, papers=("a4",))
            (artifact,) = build_pnp(job_of(catalog, options)).artifacts
            made[duplex] = artifact.path.read_bytes()
        return catalog, made[duplex]

    return sheets


@pytest.fixture(scope="module")
def french_text(french_sheets: Callable[[str], tuple[Any, bytes]]) -> Callable[[str], str]:
    """duplex -> the text pypdf reads from every page of that French PnP file, read once for
    the module (two tests read the file of the default duplex)."""
    read_: dict[str, str] = {}

    def text(duplex: str) -> str:
        if duplex not in read_:
            read_[duplex] = texts(french_sheets(duplex)[1])
        return read_[duplex]

    return text


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_every_back_of_the_french_sheets_lands_behind_its_front_read_from_the_french_footer(
    french_sheets: Callable[[str], tuple[Any, bytes]],
    french_text: Callable[[str], str],
    duplex: str,
) -> None:
    catalog, data = french_sheets(duplex)
    sheets = read(data)
    words = catalog.tool_words
    assert words.lang == "fr" and not words.missing
    # the flip the footer names is French, and the printer reads it from cardstock's catalog
    flip = words(f"flip on the {duplex} edge")
    assert flip != f"flip on the {duplex} edge"
    assert flip in french_text(duplex)
    assert one_flip(sheets) == duplex
    sizes, backs = face_sizes(catalog)
    assert check_pieces(sheets, sizes, backs, Printer(duplex)) == sum(
        c.count for c in catalog.components if c.id in backs
    )


def test_no_english_footer_words_remain_in_the_french_sheets(
    french_sheets: Callable[[str], tuple[Any, bytes]], french_text: Callable[[str], str]
) -> None:
    default = BuildOptions(out=Path("x")).duplex
    assert default == "long"  # the sheets a build with default options prints
    catalog, _ = french_sheets(default)
    printed = french_text(default)
    assert catalog.tool_words("print at 100% / actual size") in printed
    for english in ENGLISH_FOOTER:
        assert english not in printed, english
    # a French page number and decimal comma: "page 3/20", "2,0 mm"
    assert re.search(r"page \d+/\d+", printed)
    assert re.search(r"\d,\d mm", printed)


def cut_footer(catalog: Any, machine: Machine) -> str:
    """The text of a one-page cut sheet's footer (a page with no piece on it) and title."""
    data = b"".join(bytes(chunk) for chunk in cut_pdf(catalog, machine, [[]], "a4"))
    pdf = PdfReader(io.BytesIO(data))
    assert pdf.metadata is not None
    return " ".join(pdf.pages[0].extract_text().split()) + " | " + str(pdf.metadata.title)


@pytest.mark.parametrize("name", list(load_machines(ROOT)[0]))
def test_a_french_cut_sheet_names_its_machine_in_french(french_game: Any, name: str) -> None:
    machine = load_machines(ROOT)[0][name]
    printed = cut_footer(french_game, machine)
    said = french_game.tool_words(machine.doc)
    assert said != machine.doc  # cardstock's French catalog words every shipped machine
    assert machine.doc not in printed, printed
    assert printed.count(said) == 2, printed  # the footer and the PDF's title
    assert "print then cut" not in printed and "cut file" not in printed


def test_every_shipped_machine_is_worded_in_cardstocks_catalog() -> None:
    """A machine added to layouts/cut-machines.toml needs its `doc` in cardstock.pot (and
    then in every shipped language, by the test above that checks each message)."""
    known = {m[0] for m in messages()}
    for machine in load_machines(ROOT)[0].values():
        assert machine.doc in known, machine.name


def test_a_machine_cardstock_has_no_words_for_is_named_as_its_file_writes_it(
    french_game: Any,
) -> None:
    machine = replace(load_machines(ROOT)[0]["cricut"], doc="Brother ScanNCut, scan to cut")
    printed = cut_footer(french_game, machine)
    assert "Brother ScanNCut, scan to cut" in printed
    assert french_game.tool_words("print then cut: {machine}", machine="") in printed


def test_the_calibration_sheet_speaks_the_language_it_is_made_in() -> None:
    words = tool_words("fr")
    printed = texts(calibration_pdf("a4", "short", (0.0, 0.0), words))
    assert words("Duplex calibration") in printed
    assert words("flip on the short edge") in printed
    assert words("front").upper() in printed and words("back").upper() in printed
    for english in ("Duplex calibration", "Hold the sheet", "print at 100%", "flip on the"):
        assert english not in printed, english


def test_french_is_shipped() -> None:
    assert "fr" in shipped()
    assert (LOCALE / "cardstock.pot").is_file()


@pytest.mark.parametrize("lang", shipped())
def test_each_shipped_language_translates_every_message_with_its_placeholders(
    lang: str,
) -> None:
    with catalog_path(lang).open("rb") as f:
        po = read_po(f)
    given = {m.id if isinstance(m.id, str) else m.id[0]: m for m in po if m.id}
    for message in messages():
        entry = given.get(message[0])
        assert entry is not None and entry.string and not entry.fuzzy, message
        strings = entry.string if isinstance(entry.string, tuple) else (str(entry.string),)
        for said in strings:  # the same placeholders as the English
            assert sorted(re.findall(r"\{\w+\}", said)) == sorted(
                re.findall(r"\{\w+\}", message[-1])
            ), message


def test_a_language_cardstock_has_no_words_in_prints_english_and_says_so() -> None:
    words = tool_words("sv")
    assert words.missing
    assert words("print at 100% / actual size") == "print at 100% / actual size"
    assert not tool_words("fr").missing and not tool_words("en").missing


def test_a_game_may_word_a_message_its_own_way_before_cardstocks_catalog() -> None:
    own = {"print at 100% / actual size": "imprimer sans mise à l'échelle"}
    words = tool_words("fr", own)
    assert words("print at 100% / actual size") == "imprimer sans mise à l'échelle"
    assert words("flip on the long edge") == tool_words("fr")("flip on the long edge")


def test_the_pseudo_language_covers_cardstocks_words() -> None:
    words = tool_words("qps", made=pseudo)
    said = words("backs of page {n}: print on its reverse, {flip}", n=2, flip="x")
    assert said.startswith("[") and "2" in said and "print" not in said
    assert words.count("{n} card", "{n} cards", 3).startswith("[3 ")


def test_a_count_takes_the_languages_own_form() -> None:
    fr, en = tool_words("fr"), tool_words("en")
    assert (en.count("{n} card", "{n} cards", 1), en.count("{n} card", "{n} cards", 0)) == (
        "1 card",
        "0 cards",
    )
    assert fr.count("{n} card", "{n} cards", 0) == "0 carte"  # French says 0 in the singular
    assert fr.count("{n} card", "{n} cards", 2) == "2 cartes"


def test_a_game_built_in_a_language_without_cardstocks_words_gets_one_finding(
    tmp_path: Path,
) -> None:
    root = french_demo(tmp_path / "proj")
    game = root / "catalog" / DEMO / "game.toml"
    game.write_text(game.read_text(encoding="utf-8").replace('["fr"]', '["sv"]'))
    options = BuildOptions(out=tmp_path / "out", lang="sv", only=frozenset({"pnp"}))
    catalogs, issues = validate(root, [f"{DEMO}-sv"], options)
    said = [i for i in issues.items if "no catalog of its own words" in i.message]
    assert len(said) == 1, said
    assert said[0].level == "warning" and "'sv'" in said[0].message
    (catalog,) = catalogs
    assert catalog.tool_words.missing and catalog.tool_words("yes") == "yes"


def _translate_labels(root: Path, given: dict[str, str]) -> None:
    """The demo's French file, begun by `cardstock translate update`, with `given`
    (key → French) filled in."""
    assert main(["--root", str(root), "translate", "update", DEMO, "--lang", "fr"]) == 0
    fill_po(root, given)


def test_a_fields_label_in_a_list_of_facts_is_a_text_each_language_gives(
    tmp_path: Path,
) -> None:
    root = french_demo(tmp_path / "proj")
    _translate_labels(root, {"label.suit_icon": "Couleur", "label.power": "Force"})
    options = BuildOptions(out=tmp_path / "out", lang="fr", only=frozenset({"svg"}))
    catalogs, _issues = validate(root, [f"{DEMO}-fr"], options)
    (catalog,) = catalogs
    card = next(c for c in catalog.components if "power" in c.fields)
    labels = {f["name"]: f["label"] for f in facts(catalog, printed(catalog, card), set())}
    assert labels["suit_icon"] == "Couleur" and labels["power"] == "Force"
    # the French face prints the French label, not the game file's
    assert (
        main(
            [
                "--root",
                str(root),
                "build",
                f"{DEMO}-fr",
                "--only",
                "svg",
                "--out",
                str(tmp_path / "out"),
            ]
        )
        == 0
    )
    face = (tmp_path / "out" / f"{DEMO}-fr" / "svg" / f"{card.id}.svg").read_text(encoding="utf-8")
    assert "Force" in face and ">Power<" not in face


def test_a_label_left_untranslated_is_reported_missing(tmp_path: Path) -> None:
    root = french_demo(tmp_path / "proj")
    _translate_labels(root, {"label.suit_icon": "Couleur"})
    options = BuildOptions(out=tmp_path / "out", lang="fr", only=frozenset({"svg"}))
    _catalogs, issues = validate(root, [f"{DEMO}-fr"], options)
    missing = [i for i in issues.items if i.field == "label.power"]
    assert len(missing) == 1 and "not translated" in missing[0].message
    assert "'Power'" in missing[0].message  # the source label is printed instead
    assert not [i for i in issues.items if i.field == "label.suit_icon"]


def test_a_french_booklets_note_names_its_flip_as_the_printer_reads_it() -> None:
    from helpers_printer import Sheet

    from cardstock.books.booklet import booklet_order, note_text

    back = next(side for side in booklet_order(8) if side.face == "back")
    for edge in ("long", "short"):
        said = note_text(back, 2, edge, tool_words("fr"))
        assert "flip" not in said and "sheet" not in said
        assert Sheet(1, 612.0, 792.0, text=said).flip() == edge


def test_a_games_own_po_file_overrides_cardstocks_words_for_that_game(tmp_path: Path) -> None:
    root = french_demo(tmp_path / "proj")
    _translate_labels(root, {})
    path = root / "catalog" / DEMO / "translations" / "fr.po"
    own = (
        '\nmsgctxt "cardstock"\nmsgid "print at 100% / actual size"\n'
        'msgstr "imprimer sans mise à l\'échelle"\n'
    )
    path.write_text(path.read_text(encoding="utf-8") + own, encoding="utf-8")
    # bringing the file up to date keeps the game's own words (not made obsolete)
    assert main(["--root", str(root), "translate", "update", DEMO, "--lang", "fr"]) == 0
    assert '#~ msgctxt "cardstock"' not in path.read_text(encoding="utf-8")
    options = BuildOptions(out=tmp_path / "out", lang="fr", only=frozenset({"pnp"}))
    catalogs, issues = validate(root, [f"{DEMO}-fr"], options)
    (catalog,) = catalogs
    words = catalog.tool_words
    assert words("print at 100% / actual size") == "imprimer sans mise à l'échelle"
    assert words("flip on the long edge") == tool_words("fr")("flip on the long edge")
    # the entry is cardstock's, not a text of the game: never reported unused
    assert not [i for i in issues.items if i.field == "cardstock" or "names no text" in i.message]


def _with_own_words(tmp_path: Path, own: str) -> tuple[Any, list[Any], list[str]]:
    """The demo game in French with `own` (entries of its own words for cardstock's
    messages) added to its .po file, validated as a build: the catalog, the findings about
    those words, and the file's lines (a line number counts from 1)."""
    root = french_demo(tmp_path / "proj")
    _translate_labels(root, {})
    path = root / "catalog" / DEMO / "translations" / "fr.po"
    path.write_text(path.read_text(encoding="utf-8") + own, encoding="utf-8")
    options = BuildOptions(out=tmp_path / "out", lang="fr", only=frozenset({"pnp"}))
    catalogs, issues = validate(root, [f"{DEMO}-fr"], options)
    said = [i for i in issues.items if i.field == "cardstock"]
    return catalogs, said, path.read_text(encoding="utf-8").split("\n")


def test_a_games_words_for_cardstock_must_keep_the_messages_placeholders(
    tmp_path: Path,
) -> None:
    catalogs, said, lines = _with_own_words(
        tmp_path,
        '\nmsgctxt "cardstock"\nmsgid "page {n}/{total}"\nmsgstr "feuillet {page}"\n'
        '\nmsgctxt "cardstock"\nmsgid "print gently"\nmsgstr "imprimer doucement"\n',
    )
    # what is wrong with the words at their msgstr, a message cardstock has not at its msgid
    assert [(i.level, i.line) for i in said] == [
        ("error", lines.index('msgstr "feuillet {page}"') + 1),
        ("warning", lines.index('msgid "print gently"') + 1),
    ]
    assert said[0].file == "catalog/demo/translations/fr.po"
    assert "['page']" in said[0].message and "['n', 'total']" in said[0].message
    assert "no message of cardstock's own" in said[1].message
    (catalog,) = catalogs
    assert catalog.tool_words("page {n}/{total}", n=1, total=2) == "page 1/2"


def test_a_wrong_form_of_a_games_plural_words_for_cardstock_is_at_its_own_msgstr(
    tmp_path: Path,
) -> None:
    _, said, lines = _with_own_words(
        tmp_path,
        '\nmsgctxt "cardstock"\nmsgid "{n} card"\nmsgid_plural "{n} cards"\n'
        'msgstr[0] "{n} carte"\nmsgstr[1] "des cartes"\n',
    )
    assert [(i.level, i.line) for i in said] == [
        ("error", lines.index('msgstr[1] "des cartes"') + 1)
    ]
    assert "'des cartes'" in said[0].message, said[0].message


def test_the_downloads_page_names_each_calibration_sheets_language() -> None:
    from cardstock.site.page import _calibration_label, language_name

    assert _calibration_label("calibration-a4.pdf", "a4") == "Duplex calibration sheet"
    french = _calibration_label("calibration-fr-letter.pdf", "letter")
    assert french == f"Duplex calibration sheet ({language_name('fr')})"


def test_a_counted_tool_word_takes_each_of_a_languages_three_forms():
    polish = ToolWords("pl", plurals={"{n} card": ("{n} karta", "{n} karty", "{n} kart")})
    said = [polish.count("{n} card", "{n} cards", n) for n in (1, 2, 5, 22, 25)]
    assert said == ["1 karta", "2 karty", "5 kart", "22 karty", "25 kart"]


def test_a_counted_tool_word_says_zero_as_french_does():
    french = ToolWords("fr", plurals={"{n} card": ("{n} carte", "{n} cartes")})
    assert [french.count("{n} card", "{n} cards", n) for n in (0, 1, 2)] == [
        "0 carte",
        "1 carte",
        "2 cartes",
    ]
