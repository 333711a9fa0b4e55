"""Names are ordered as a reader of the game's language looks them up: CLDR's tailoring
for the language applied to the Unicode default order (core/collation.py,
cardstock/locale/collation.toml; docs/languages.md, "Each language's order")."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import load_games

from cardstock.books.content import rulebook_text
from cardstock.core import collation
from cardstock.core.localized import collated
from cardstock.init import init_project
from cardstock.rules.stats.decks import deck_stats

# Each tailored language: words in the order its readers look them up, which the default
# order (the root) does not give.
ORDERS = {
    "es": ["nube", "Nube", "ñandú", "Ñu", "oso"],
    "sv": ["apa", "zebra", "ål", "Ål", "äpple", "öga"],
    "fi": ["vesi", "zeta", "åri", "äiti", "öljy"],
    "da": ["zebra", "æble", "øl", "ål", "Aarhus"],
    "no": ["zebra", "ære", "øl", "ål", "Aasen"],
    "pl": ["cyrk", "ćma", "lody", "łąka", "zupa", "źle", "żaba"],
    "cs": ["cizí", "čaj", "hrad", "chata", "Chata", "iglú", "rak", "řeka", "sud", "šum"],
    "sk": ["az", "äno", "hrad", "chata", "iglu", "on", "ôsmy"],
    "et": ["sala", "šokk", "zooloog", "žürii", "tall", "vesi", "õun", "äke", "öö", "üks", "xenon"],
    "lt": ["cukrus", "čia", "ilgas", "yla", "jūra", "sala", "šuo", "zuikis", "žuvis"],
    "tr": ["cuma", "çay", "ılık", "Istanbul", "ishak", "İzmir", "ot", "öz", "su", "şu", "un", "ün"],
    "hr": ["cvijet", "čaj", "ćup", "dan", "džep", "đak", "lopta", "ljubav", "nos", "njiva"],
}


def default_text() -> str:
    """The default table's Latin entries (every character below U+0370, combining marks
    included): what these words read of it, in a table pyuca reads in a blink."""
    text = collation._default_table().decode("utf-8")
    kept = []
    for line in text.splitlines():
        points = line.split(";", 1)[0].split("#", 1)[0].split()
        if line.startswith("@") or (
            points and all(re.fullmatch(r"[0-9A-F]+", p) and int(p, 16) < 0x370 for p in points)
        ):
            kept.append(line)
    return "\n".join(kept) + "\n"


@pytest.fixture(scope="module")
def latin() -> str:
    return default_text()


def ordered(words: list[str], collator: Any) -> list[str]:
    shuffled = list(words)
    random.Random(7).shuffle(shuffled)
    return collated(shuffled, str, collator=collator)


@pytest.mark.parametrize("lang", sorted(ORDERS))
def test_a_tailored_language_orders_its_letters_as_its_readers_do(lang: str, latin: str) -> None:
    rules = collation.rules_for(lang)
    assert rules is not None
    table = collation.tailor(latin, rules)
    assert not isinstance(table, collation.Problem), table
    words = ORDERS[lang]
    assert ordered(words, collation.load(table.encode())) == words
    # the root order puts them otherwise: the tailoring is what orders them
    assert ordered(words, collation.load(latin.encode())) != words


def test_every_language_of_the_data_file_names_its_source_and_applies(latin: str) -> None:
    entries = collation.entries()
    for lang, entry in entries.items():
        if "same_as" in entry:
            assert entry["same_as"] in entries and set(entry) == {"same_as"}, lang
            continue
        assert set(entry) <= {"cldr", "rules", "omits"}, lang
        assert entry["cldr"] == f"common/collation/{lang}.xml"
        table = collation.tailor(latin, entry["rules"])
        assert not isinstance(table, collation.Problem), (lang, table)
    assert set(ORDERS) == {lang for lang, e in entries.items() if "same_as" not in e}


def test_a_region_or_a_sister_language_reads_the_languages_rules() -> None:
    assert collation.rules_for("sv-FI") == collation.rules_for("sv_SE") == collation.rules_for("sv")
    assert collation.rules_for("nb") == collation.rules_for("nn") == collation.rules_for("no")
    assert collation.rules_for("bs") == collation.rules_for("hr")


@pytest.mark.parametrize("lang", ["de", "fr", "en", None, "qps"])
def test_a_language_without_rules_keeps_the_default_order(lang: str | None) -> None:
    assert collation.rules_for(lang) is None
    words = ["Zebra", "Äpfel", "apfel", "Öl", "Eau", "Éclair", "ñu", "nube"]
    assert collated(words, str, lang) == [
        "apfel",
        "Äpfel",
        "Eau",
        "Éclair",
        "ñu",
        "nube",
        "Öl",
        "Zebra",
    ]


@pytest.mark.parametrize(
    "rules",
    [
        "&t<<<þ/h",
        "&[before 2]a<b",
        "<a",
        "&a<",
        "[caseFirst upper]&a<b",
        "&a<'x'",
        "&[before 1]a<<b",
    ],
)
def test_rules_in_notation_cardstock_does_not_read_are_a_problem(rules: str, latin: str) -> None:
    assert isinstance(collation.tailor(latin, rules), collation.Problem)


def test_a_relation_orders_after_what_precedes_it_at_its_level(latin: str) -> None:
    # a later reset to the same letter goes right after it, before what an earlier one put
    table = collation.tailor(latin, "&a<x &a<y &[before 1]b<v &[before 1]b<w")
    assert not isinstance(table, collation.Problem)
    words = ["a", "y", "x", "v", "w", "b"]
    assert ordered(words, collation.load(table.encode())) == words


def test_a_tailored_table_is_made_once_then_read_from_the_cache(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, latin: str
) -> None:
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(collation, "_default_table", lambda: latin.encode("utf-8"))
    rules = "&N<ñ<<<Ñ"
    made = collation.kept_table(rules)
    assert isinstance(made, bytes)

    def not_again(default: str, rules: str) -> str:
        raise AssertionError("made twice")

    monkeypatch.setattr(collation, "tailor", not_again)
    assert collation.kept_table(rules) == made
    assert sorted((tmp_path / "cache").iterdir()) == sorted(
        (tmp_path / "cache").glob("cache.sqlite*")
    )


# ---------------------------------------------------------------- through a project

SWEDISH = {"Dawn": "Öga", "Noon": "Ål", "Eclipse": "Äpple", "Dusk": "Zebra", "Tide": "Apa"}
LISTED = """{% for face in by_name(select(set='deck')) %}
- {{ face.name }}
{% endfor %}
"""


def swedish_game(root: Path) -> Path:
    init_project(root, "Demo")
    game = root / "catalog" / "demo" / "game.toml"
    text = game.read_text(encoding="utf-8")
    text = text.replace('version = "0.1.0"', 'version = "0.1.0"\nlanguage = "sv"')
    game.write_text(text.replace('["Sun", "Moon"]', '["Zon", "Ängel"]'), encoding="utf-8")
    cards = root / "catalog" / "demo" / "cards.csv"
    text = cards.read_text(encoding="utf-8").replace(",Sun,", ",Zon,").replace(",Moon,", ",Ängel,")
    for english, swedish in SWEDISH.items():
        text = text.replace(f"\n{english},", f"\n{swedish},")
    cards.write_text(text, encoding="utf-8")
    (root / "layouts" / "demo" / "rulebook.md.j2").write_text(LISTED, encoding="utf-8")
    return root


def test_a_swedish_game_lists_its_names_in_swedish_order(tmp_path: Path) -> None:
    (catalog,), issues = load_games(swedish_game(tmp_path / "proj"), ["demo"])
    assert catalog.game.language == "sv"
    # the rulebook's list of cards (`by_name`)
    text, problems = rulebook_text(catalog)
    assert text is not None, problems
    listed = [line[2:] for line in text.splitlines() if line.startswith("- ")]
    assert listed == ["Apa", "Midnight", "Zebra", "Ål", "Äpple", "Öga"]
    # the stats page's table of the deck's groups (labels the data makes, "Suit: {suit}")
    (deck,) = [d for d in deck_stats(catalog) if d.id == "deck"]
    groups = next(t for t in deck.tallies if t.field == "group")
    assert list(groups.counts) == ["Suit: Zon", "Suit: Ängel"]
