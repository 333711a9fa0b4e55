"""Translations as data: `cardstock translate` writes the `.po` files, `check --lang` says
what each language lacks (missing, stale, fuzzy, left as the source, unused), a translation
cannot state another number, and the pseudo-language keeps what a text means."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from helpers_languages import fill_po, french_demo

import cardstock
from cardstock.catalog.pseudo import pseudo
from cardstock.cli import main

GAME = "demo"


def texts(root: Path) -> int:
    """The texts a translation of the demo holds, as `translate extract` lists them in its
    template (read back): the game's own texts, the rule words its rulebook renders from
    facts, its field labels, its icons' labels and the words of the setup steps that say
    them; never the words cardstock prints of its own (a rulebook's cover and contents, the
    stats page's own words): those are cardstock's catalog's (cardstock/locale/),
    translated once for every game."""
    assert main(["--root", str(root), "translate", "extract", GAME]) == 0
    pot = root / "catalog" / GAME / "translations" / "messages.pot"
    with pot.open("rb") as f:
        entries = [m for m in read_po(f) if m.id]
    assert "dawn.text" in {m.context for m in entries}
    with (Path(cardstock.__file__).parent / "locale" / "cardstock.pot").open("rb") as f:
        own = {m.id for m in read_po(f) if m.id}
    assert not own & {m.id for m in entries}
    return len(entries)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = french_demo(tmp_path / "proj")
    return root


def po_path(root: Path, lang: str = "fr") -> Path:
    return root / "catalog" / GAME / "translations" / f"{lang}.po"


def run(root: Path, *args: str) -> int:
    return main(["--root", str(root), *args])


def translate_all(root: Path, words: dict[str, str]) -> None:
    """Fill every entry of fr.po, as a translator's tool would: a translation from `words`
    (by key), else a made-up one that keeps the source's numbers and icons."""
    fill_po(root, words, lambda msgid: "FR " + msgid)


def test_extract_writes_every_text_keyed_by_component_and_field(project: Path) -> None:
    assert run(project, "translate", "extract", GAME) == 0
    pot = project / "catalog" / GAME / "translations" / "messages.pot"
    with pot.open("rb") as f:
        catalog = read_po(f)
    keys = [m.context for m in catalog if m.id]
    assert keys[:2] == ["game.title", "game.description"]
    assert "dawn.name" in keys and "dawn.text" in keys
    dawn = next(m for m in catalog if m.context == "dawn.text")
    assert dawn.id == "Play on any Sun card."
    assert dawn.locations == [("catalog/demo/cards.csv", 3)]


def test_extract_is_deterministic(project: Path) -> None:
    pot = project / "catalog" / GAME / "translations" / "messages.pot"
    run(project, "translate", "extract", GAME)
    first = pot.read_bytes()
    run(project, "translate", "extract", GAME)
    assert pot.read_bytes() == first


def test_a_language_without_translations_reports_each_text_missing(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(project, "translate", "update", GAME) == 0
    assert run(project, "check", "--lang", "fr") == 0  # warnings only
    out, err = capsys.readouterr()
    n = texts(project)
    assert f"[fr] 0 of {n} texts translated, {n} missing" in out
    assert re.search(
        r"catalog/demo/translations/fr\.po:\d+: dawn\.text: warning: \[fr\] not translated; "
        r"the source text is printed instead: 'Play on any Sun card\.'",
        err,
    )
    assert run(project, "check", "--lang", "fr", "--strict") == 1


def test_a_complete_translation_passes_strict(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(project, "translate", "update", GAME)
    translate_all(project, {"dawn.text": "Se joue sur une carte Soleil."})
    assert run(project, "check", "--lang", "all", "--strict") == 0
    out = capsys.readouterr().out
    n = texts(project)
    assert f"[fr] {n} of {n} texts translated" in out


def test_deleting_a_translation_is_reported_with_its_fallback(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(project, "translate", "update", GAME)
    translate_all(project, {"dawn.text": "Se joue sur une carte Soleil."})
    po = po_path(project)
    po.write_text(
        po.read_text(encoding="utf-8").replace(
            'msgstr "Se joue sur une carte Soleil."', 'msgstr ""'
        ),
        encoding="utf-8",
    )
    assert run(project, "check", "--lang", "fr", "--strict") == 1
    out, err = capsys.readouterr()
    n = texts(project)
    assert f"{n - 1} of {n} texts translated, 1 missing" in out
    lines = po.read_text(encoding="utf-8").split("\n")
    line = next(n for n, text in enumerate(lines, 1) if text == 'msgid "Play on any Sun card."')
    line += 1  # at the entry's msgstr, left empty: where the translator writes it
    assert lines[line - 1] == 'msgstr ""'
    assert (
        f"fr.po:{line}: dawn.text: [fr] not translated; the source text is printed instead: "
        "'Play on any Sun card.'" in err
    )


def test_editing_a_source_text_marks_its_translation_stale(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(project, "translate", "update", GAME)
    translate_all(project, {"dawn.text": "Se joue sur une carte Soleil."})
    cards = project / "catalog" / GAME / "cards.csv"
    cards.write_text(
        cards.read_text(encoding="utf-8").replace("Play on any Sun card.", "Play on a Sun card."),
        encoding="utf-8",
    )
    assert run(project, "check", "--lang", "fr") == 0
    _, err = capsys.readouterr()
    assert (
        "dawn.text: warning: [fr] the source text changed since this translation was made: "
        "it was 'Play on any Sun card.', it is now 'Play on a Sun card.'" in err
    )
    # update keeps the old translation as a guess to review (fuzzy) until someone does
    assert run(project, "translate", "update", GAME, "--lang", "fr") == 0
    with po_path(project).open("rb") as f:
        entry = next(m for m in read_po(f) if m.context == "dawn.text")
    assert entry.id == "Play on a Sun card." and entry.fuzzy
    assert entry.string == "Se joue sur une carte Soleil."
    run(project, "check", "--lang", "fr")
    assert "dawn.text: warning: [fr] marked fuzzy" in capsys.readouterr().err


def test_a_translation_left_as_the_source_and_an_unused_entry_are_findings(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(project, "translate", "update", GAME)
    translate_all(project, {"dawn.name": "Dawn"})
    with po_path(project).open("a", encoding="utf-8") as f:
        f.write('\nmsgctxt "gone.name"\nmsgid "Gone"\nmsgstr "Parti"\n')
    run(project, "check", "--lang", "fr")
    err = capsys.readouterr().err
    assert "dawn.name: warning: [fr] the translation is the source text word for word" in err
    assert "gone.name: warning: [fr] names no text of the game" in err


def test_a_translation_cannot_state_another_number_or_icon(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(project, "translate", "update", GAME)
    translate_all(project, {"noon.text": "Prenez 2 :spark: si vous la jouez sur une plus haute."})
    assert run(project, "check", "--lang", "fr") == 1  # an error, not a warning
    err = capsys.readouterr().err
    assert re.search(
        r"fr\.po:\d+: noon\.text: \[fr\] the translation states \['2', ':spark:'\]", err
    )


def test_a_broken_po_file_is_located_bad_input(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    po = po_path(project)
    po.parent.mkdir(parents=True)
    po.write_text('msgctxt "dawn.name"\nmsgid "Dawn"\nmsgstr "Aube"\nthis is not po\n')
    assert run(project, "check", "--lang", "fr") == 2
    err = capsys.readouterr().err
    assert err.count("catalog/demo/translations/fr.po:4: not a readable .po file") == 1, err


def test_translate_refuses_to_write_through_a_link(
    project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (project / "catalog" / GAME / "translations").symlink_to(outside)
    assert run(project, "translate", "extract", GAME) == 2
    assert "is a link" in capsys.readouterr().err
    assert list(outside.iterdir()) == []


def test_the_pseudo_language_needs_no_file_and_checks_the_fit(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(project, "check", "--lang", "qps", "--strict") == 0
    out = capsys.readouterr().out
    n = texts(project)  # the template written after the check: qps reads no file
    assert f"[qps] {n} of {n} texts translated" in out
    assert "[qps] demo-qps" in out and "Print safety" in out


def test_the_pseudo_language_finds_a_box_too_small_for_a_longer_text(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cards = project / "catalog" / GAME / "cards.csv"
    long = "Play on any Sun card and then " + "take a card and pass it on and " * 18 + "rest."
    cards.write_text(
        cards.read_text(encoding="utf-8").replace("Play on any Sun card.", long),
        encoding="utf-8",
    )
    assert run(project, "check", "--strict") == 0  # the source fits
    capsys.readouterr()
    assert run(project, "check", "--lang", "qps") == 1
    out = capsys.readouterr().out
    assert re.search(r"catalog/demo/cards\.csv:3: text: the 'text' text does not fit", out)


@pytest.mark.parametrize(
    "source",
    [
        "Draw 3 cards.",
        "**Swap** hands, then take a :spark:.",
        "- first\\\nsecond {amount}",
        "Take [two]{color=#a93226 size=120%} :spark:.",
    ],
)
def test_pseudo_keeps_numbers_icons_markup_and_placeholders(source: str) -> None:
    made = pseudo(source)
    kept = re.compile(r"\d+|:[a-z-]+:|\{[^}]*\}|\*\*|\\")
    assert kept.findall(made) == kept.findall(source)
    assert made != source and "[" in made and made.endswith("]")
    letters = sum(ch.isalpha() for ch in kept.sub("", source))
    assert sum(ch.isalpha() for ch in kept.sub("", made)) >= letters * 1.35


def test_pseudo_leaves_a_bare_number_alone() -> None:
    assert pseudo("12") == "12"
    assert pseudo("") == ""


def test_fields_translated_are_text_fields_and_those_marked(project: Path) -> None:
    from cardstock.catalog.load import load_games
    from cardstock.catalog.translations import texts

    catalogs, issues = load_games(project, [GAME])
    assert not issues.errors
    keys = {t.key for t in texts(catalogs[0])}
    assert "dawn.text" in keys and "dawn.name" in keys
    assert not any(k.endswith(".suit") for k in keys)  # a choice field is not a text


# ---------------------------------------------------------------- builds per language


def test_a_build_makes_every_output_in_each_shipped_language(project: Path) -> None:
    run(project, "translate", "update", GAME)
    translate_all(project, {"dawn.name": "Aube"})
    out = project / "output"
    assert run(project, "build", "--only", "pnp,svg") == 0
    assert (out / "demo" / "demo-pnp-letter.pdf").is_file()
    assert (out / "demo-fr" / "demo-fr-pnp-letter.pdf").is_file()
    assert (out / "demo-fr" / "svg" / "dawn.svg").is_file()
    svg = (out / "demo-fr" / "svg" / "dawn.svg").read_text(encoding="utf-8")
    assert "Aube" in svg and "Dawn" not in svg
    assert "Dawn" in (out / "demo" / "svg" / "dawn.svg").read_text(encoding="utf-8")
    from pypdf import PdfReader

    text = "".join(
        p.extract_text() for p in PdfReader(out / "demo-fr" / "demo-fr-pnp-a4.pdf").pages
    )
    assert "Aube" in text


def test_lang_chooses_the_languages_built(project: Path) -> None:
    out = project / "output"
    assert run(project, "build", "--only", "pnp", "--lang", "qps") == 0
    assert (out / "demo-qps" / "demo-qps-pnp-letter.pdf").is_file()
    assert not (out / "demo").exists() and not (out / "demo-fr").exists()


def test_a_missing_translation_builds_with_the_source_text_and_says_so(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(project, "build", "--only", "svg") == 0
    err = capsys.readouterr().err
    assert "dawn.name: warning: [fr] not translated; the source text is printed instead" in err
    svg = project / "output" / "demo-fr" / "svg" / "dawn.svg"
    assert "Dawn" in svg.read_text(encoding="utf-8")


def test_a_translation_that_changes_a_number_stops_the_build(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(project, "translate", "update", GAME)
    translate_all(project, {"noon.text": "Prenez 2 :spark: si vous la jouez plus haut."})
    assert run(project, "build", "--only", "pnp") == 2
    assert "noon.text: [fr] the translation states" in capsys.readouterr().err
    assert not (project / "output").exists()


# ---------------------------------------------------------------- the templates' words

TRANSLATABLE = """{{ cover() }}

# {{ _("Overview") }}

{% trans title=game.title, low=players.min, high=players.max, spark=icon('spark') -%}
{{ title }} is a card game for {{ low }} to {{ high }} players; collect {{ spark }} sparks.
{%- endtrans %}

# {{ _("Components") }}

{{ component_list() }}
"""


def test_a_po_file_round_trips_into_the_rulebook(project: Path) -> None:
    """Extract, translate in the file, build: the rulebook prints the translation, with the
    numbers and names from the catalog."""
    from pypdf import PdfReader

    (project / "layouts" / GAME / "rulebook.md.j2").write_text(TRANSLATABLE, encoding="utf-8")
    assert run(project, "translate", "extract", GAME) == 0
    pot = project / "catalog" / GAME / "translations" / "messages.pot"
    with pot.open("rb") as f:
        words = [m.id for m in read_po(f) if m.id and not m.context]
    sentence = "%(title)s is a card game for %(low)s to %(high)s players; collect %(spark)s sparks."
    assert words == ["Overview", sentence, "Components"]  # no words of the book code's own
    assert run(project, "translate", "update", GAME) == 0
    translate_all(
        project,
        {
            "Overview": "Aperçu",
            sentence: "%(title)s se joue de %(low)s à %(high)s ; gagnez des %(spark)s étincelles.",
            "Components": "Matériel",
        },
    )
    assert run(project, "check", "--lang", "fr", "--strict") == 0
    assert run(project, "build", "--only", "rulebook") == 0
    book = project / "output" / "demo-fr" / "demo-fr-rulebook.pdf"
    text = " ".join(p.extract_text() for p in PdfReader(book).pages)
    assert "Aperçu" in text and "Matériel" in text
    assert "FR Demo se joue de 2 à 4" in text
    source = project / "output" / "demo" / "demo-rulebook.pdf"
    text = " ".join(p.extract_text() for p in PdfReader(source).pages)
    assert "Overview" in text and "Demo is a card game for 2 to 4 players" in text


def test_a_template_sentence_left_untranslated_is_reported_at_its_entry(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "layouts" / GAME / "rulebook.md.j2").write_text(TRANSLATABLE, encoding="utf-8")
    run(project, "translate", "update", GAME)
    translate_all(project, {"Components": ""})
    run(project, "check", "--lang", "fr")
    err = capsys.readouterr().err
    assert re.search(r"fr\.po:\d+: Components: warning: \[fr\] not translated", err)


def test_a_language_no_game_has_begun_is_refused_with_how_to_begin(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(project, "build", "--lang", "de", "--only", "pnp") == 2
    assert (
        "catalog/demo/translations/de.po: --lang: demo has no translation into 'de': "
        "`cardstock translate update demo --lang de` begins one" in capsys.readouterr().err
    )
    assert not (project / "output").exists()


def test_a_language_begun_but_not_listed_is_built_when_asked(project: Path) -> None:
    game = project / "catalog" / GAME / "game.toml"
    game.write_text(game.read_text(encoding="utf-8").replace('languages = ["fr"]', ""))
    assert run(project, "translate", "update", GAME, "--lang", "fr") == 0
    assert run(project, "build", "--only", "pnp") == 0
    assert not (project / "output" / "demo-fr").exists()  # not listed: not by default
    assert run(project, "build", "--lang", "fr", "--only", "pnp") == 0
    assert (project / "output" / "demo-fr" / "demo-fr-pnp-a4.pdf").is_file()


def test_a_line_never_starts_at_a_no_break_space(project: Path) -> None:
    """French puts a no-break space before ":" and ";": the colon stays on its word's line."""
    from cardstock.core.markup import Paragraph
    from cardstock.layout.text.fit import plain_blocks

    (block,) = plain_blocks("Le Gardien\u00a0: il gagne le pli.")
    assert isinstance(block, Paragraph) and "\u00a0:" in block.text
    cards = project / "catalog" / GAME / "cards.csv"
    words = "mot " * 11
    cards.write_text(
        cards.read_text(encoding="utf-8").replace(
            "Play on any Sun card.", f"{words}jouez\u00a0: une carte Soleil."
        ),
        encoding="utf-8",
    )
    assert run(project, "build", "--lang", "en", "--only", "svg") == 0
    svg = (project / "output" / "demo" / "svg" / "dawn.svg").read_text(encoding="utf-8")
    lines = re.findall(r">([^<>]+)</tspan>|>([^<>]+)</text>", svg)
    texts = [a or b for a, b in lines]
    assert not any(t.lstrip().startswith(":") for t in texts), texts
