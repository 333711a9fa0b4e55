"""What the stats page and its charts quote of a game's data (its fields' names and
values) is printed as the language's translation says it, through the keys a face's list
of facts reads (`label.<field>`, `choice.<field>.<value>`, `set.<set>.group`:
`cardstock.site.quoted`); a label the translation lacks is printed in the source language
with a finding, like every missing text. The starter game "Demo", shipping French."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from conftest import validate
from helpers_languages import GAME as DEMO
from helpers_languages import fill_po, french_demo

from cardstock.cli import main
from cardstock.core.stage import BuildOptions
from cardstock.site.stats import BY, CHART_BY, charts, saying, stats_data, stats_page

FRENCH = {
    "label.suit": "Couleur",
    "label.suit_icon": "Emblème",
    "label.power": "Force",
    "label.group": "Famille",
    "choice.suit.Sun": "Soleil",
    "choice.suit.Moon": "Lune",
    "set.deck.group": "Couleur {suit}",
    "icon.sun.label": "Soleil",
    "icon.moon.label": "Lune",
}


def french(tmp_path: Path, given: dict[str, str]) -> tuple[Any, list[Any]]:
    """The demo in French, its `.po` file begun by `translate update` and `given` filled
    in: the catalog as a build loads it, and the problems found."""
    root = french_demo(tmp_path / "proj")
    assert main(["--root", str(root), "translate", "update", DEMO, "--lang", "fr"]) == 0
    fill_po(root, given)
    options = BuildOptions(out=tmp_path / "out", lang="fr", only=frozenset({"stats"}))
    catalogs, issues = validate(root, [f"{DEMO}-fr"], options)
    (catalog,) = catalogs
    return catalog, issues.items


def page_and_charts(catalog: Any) -> tuple[str, str]:
    data = stats_data(catalog, runs=0)
    say = saying(catalog)
    page = html.unescape(stats_page(data, say))
    svgs = html.unescape(" ".join(s.decode("utf-8") for s in charts(data, say).values()))
    return page, svgs


def test_the_stats_page_and_charts_print_the_translations_labels_and_values(
    tmp_path: Path,
) -> None:
    catalog, _ = french(tmp_path, FRENCH)
    page, svgs = page_and_charts(catalog)
    say = saying(catalog)
    assert f"<h3>{say(BY, field='Couleur')}</h3>" in page  # "Selon Couleur"
    assert '<th scope="col">Couleur</th>' in page and '<th scope="col">Force</th>' in page
    assert "<td>Soleil</td>" in page and "<td>Lune</td>" in page
    assert "<td>Couleur Soleil</td>" in page  # the group, as the set's French pattern fills it
    assert "Famille" in page and "Emblème" in page
    for english in ("suit", "Sun", "Moon", "power", "Suit: Sun"):
        assert f">{english}<" not in page, english
    deck = catalog.game.sets[0].name
    assert say(CHART_BY, deck=deck, field="Couleur") in svgs  # a chart's title
    ticks = re.findall(r"<text [^>]*>([^<]*)</text>", svgs)  # every word a chart draws
    assert "Soleil" in ticks and "Sun" not in ticks and "copies" not in ticks


def test_a_label_the_stats_page_quotes_is_missing_until_translated(tmp_path: Path) -> None:
    given = {k: v for k, v in FRENCH.items() if k != "label.group"}
    catalog, issues = french(tmp_path, given)
    missing = [i for i in issues if i.field == "label.group"]
    assert len(missing) == 1 and "not translated" in missing[0].message
    assert "'Group'" in missing[0].message  # the source label, printed in its place
    assert missing[0].file == f"catalog/{DEMO}/translations/fr.po" and missing[0].line
    page, _ = page_and_charts(catalog)
    assert '<th scope="col">Group</th>' in page and "Famille" not in page


def test_an_icon_field_is_quoted_by_the_icon_label_the_translation_gives(tmp_path: Path) -> None:
    """An `icon` field's values are printed as their icons' labels (`icon.<icon>.label`),
    not as the icons' ids: "Soleil" for `sun` in French, "Sun" in the source."""
    given = {**FRENCH, "icon.sun.label": "Astre du jour", "icon.moon.label": "Astre de nuit"}
    catalog, issues = french(tmp_path, given)
    assert not [i for i in issues if "icon.sun.label" in str(i)]
    page, _ = page_and_charts(catalog)
    assert "<td>Astre du jour</td>" in page and "<td>Astre de nuit</td>" in page
    assert "<td>sun</td>" not in page and "<td>moon</td>" not in page
    assert catalog.game.icons["sun"].label == "Astre du jour"  # legends and rulebooks too
