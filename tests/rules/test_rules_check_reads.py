"""What the rules check reads of a catalog is read once for the check, kept by the rules room
beside the catalog (`cardstock.rules.reading.reads`, never on the `Catalog`), and let go of after
it: the stages that follow in the same build hold none of it (the names a template's lines
render are the whole template context, a dict of every component). A component's name is
looked for as a whole word only on a line that holds it, so a game of many cards does not
make a pattern for every card's name."""

from __future__ import annotations

import dataclasses
import gc

from conftest import copy_project, load_games

from cardstock.catalog.load import Catalog
from cardstock.core.stage import Job
from cardstock.layout.faces import Faces
from cardstock.rules import report
from cardstock.rules.facts import typed
from cardstock.rules.facts.rule import template_lines
from cardstock.rules.reading import reads
from cardstock.rules.reading.phrases import templates
from cardstock.rules.report import check_game

READS = tuple(f.name for f in dataclasses.fields(reads.Reads))
FACTS = {"facts"}  # the rules check's facts: the part that reads the templates


GAME = "alpha-omega-tiles"


def tiles(root, typed=""):
    """The tiles game with its layouts, `typed` added as a line of its rulebook: its catalog."""
    copy_project(root, (GAME,))
    book = root / "layouts" / GAME / "rulebook.md.j2"
    book.write_text(book.read_text(encoding="utf-8") + typed, encoding="utf-8")
    (catalog,), issues = load_games(root, [GAME])
    assert not issues.errors
    return catalog


def outcome(report):
    return [(c.section, c.rule, c.status, c.summary, c.line) for c in report.checks]


def test_the_check_lets_go_of_what_it_read_and_checks_the_same_when_run_again(
    tmp_path, monkeypatch
):
    catalog = tiles(tmp_path)
    held = {}
    forget = reads.forget

    def noted(of):
        kept = reads.held(of)
        held.update({name: getattr(kept, name) for name in READS} if kept else {})
        forget(of)

    monkeypatch.setattr(report, "forget", noted)
    first = check_game(Job(catalog, Faces(catalog)), (), only=FACTS)
    # the check did read the templates' lines and the names they render ...
    assert held["template_raw_lines"] and held["template_names"] and held["template_reads"]
    # ... and holds none of it once it is over
    assert reads.held(catalog) is None
    second = check_game(Job(catalog, Faces(catalog)), (), only=FACTS)
    assert outcome(second) == outcome(first)


def test_what_the_check_reads_is_no_attribute_of_the_catalog():
    fields = {f.name for f in dataclasses.fields(Catalog)}
    assert not fields & {*READS, "translations_read"}
    assert not hasattr(Catalog, "forget_reads")


def test_a_copy_of_a_catalog_reads_anew_and_a_catalog_let_go_of_leaves_nothing_held(tmp_path):
    catalog = tiles(tmp_path)
    mine = reads.reads_of(catalog)
    assert reads.reads_of(catalog) is mine
    copy = dataclasses.replace(catalog)
    assert reads.reads_of(copy) is not mine and reads.held(copy) is not None
    held = len(reads._KEPT)
    del copy
    gc.collect()
    assert len(reads._KEPT) == held - 1
    assert reads.held(catalog) is mine


def test_a_name_is_looked_for_as_a_whole_word_only_on_a_line_that_holds_it(tmp_path, monkeypatch):
    catalog = tiles(tmp_path, "\nThe Snake waits in the middle.\n")
    asked = []
    whole_name = typed.whole_name

    def noted(name):
        asked.append(name)
        return whole_name(name)

    monkeypatch.setattr(typed, "whole_name", noted)
    check_game(Job(catalog, Faces(catalog)), (), only=FACTS)
    lines = [
        text for path, _ in templates(catalog) for _, text in template_lines(path, catalog.root)
    ]
    names = {c.name for c in catalog.components if c.name and len(c.name) >= 4}
    assert "The Snake" in asked  # the typed name is looked for (and found: a finding)
    assert all(any(name in text for text in lines) for name in asked)
    assert len(set(asked)) < len(names)
