"""Provenance: a text's source lines are stated once per kind of text, by a `[provenance]`
pattern in rules.toml or a `{# source N #}` comment at a template line's start; a line past
the source's end fails the check where it is stated, and the texts each names are found by
their key or line."""

from __future__ import annotations

from pathlib import Path

from helpers_edits import STARTER as GAME
from helpers_edits import failures, starter

from cardstock.core.cache import memory_cache
from cardstock.rules.provenance.stated import provenance
from cardstock.rules.provenance.texts import texts
from cardstock.validate import validate

PATTERNS = '\n[provenance]\n"cards.csv *: text" = [10, 11]\n"rules.toml setup.*" = [3]\n'


def test_each_text_takes_the_lines_of_the_pattern_or_comment_that_names_it(
    tmp_path: Path,
) -> None:
    root = starter(tmp_path, rules=PATTERNS)
    found = validate(root, [GAME], memory_cache())
    assert not found.issues.errors, [i.render() for i in found.issues.errors]
    catalog = found.catalogs[0]
    of = provenance(catalog)
    by = {(t.at.rsplit("/", 1)[1], t.key, t.line): of(t) for t in texts(catalog)}
    tide = next(v for (f, k, _), v in by.items() if f == "cards.csv" and k == "Tide: text")
    assert tide.cites == (10, 11) and "rules.toml:" in tide.by
    say = next(v for (f, k, _), v in by.items() if k == "setup.steps[1].say")
    assert say.cites == (3,)
    playing = next(v for (f, k, _), v in by.items() if f == "rulebook.md.j2" and v.cites)
    assert playing.cites == (6, 7)  # the starter's `{# source 6, 7 #}`
    title = next(v for (f, k, _), v in by.items() if k == "title")
    assert title.own  # named by no pattern: the designer's own


def test_a_line_past_the_sources_end_fails_where_it_is_stated(tmp_path: Path) -> None:
    root = starter(tmp_path, rules='\n[provenance]\n"cards.csv *: text" = [99]\n')
    book = root / "layouts" / GAME / "rulebook.md.j2"
    book.write_text(
        book.read_text(encoding="utf-8").replace("{# source 6, 7 #}", "{# source 6, 70 #}"),
        encoding="utf-8",
    )
    found = failures(root, GAME, {"texts"})
    assert any(
        f"catalog/{GAME}/rules.toml:" in f and "line 99 is past the end of rules.md" in f
        for f in found
    ), found
    assert any(
        f"layouts/{GAME}/rulebook.md.j2:" in f and "line 70 is past the end" in f for f in found
    ), found


def test_the_starters_provenance_is_within_its_source(tmp_path: Path) -> None:
    assert failures(starter(tmp_path), GAME, {"texts"}) == []
