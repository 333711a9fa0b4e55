"""`cardstock check --mutate` on a small project of this test's own (the starter of
`cardstock init`, with a second deck of the same columns and a card fact): edits of every
kind are made, in a fixed order; the ones the check must catch are caught; the report's count
line and survivor lines have their stated form; accept entries justify a survivor, and one
that matches nothing is a finding."""

from __future__ import annotations

import csv
import io
import re
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest
from conftest import ROOT, load_games
from helpers_edits import full_rules, judged

from cardstock.catalog.load import Catalog
from cardstock.core.files import placed, read_text
from cardstock.init import init_project
from cardstock.rules.mutation.edits import KINDS, Change, Edit, apply, edits, game_files
from cardstock.rules.mutation.report import Finding, Judge, render, run, summary_line
from cardstock.rules.mutation.settings import Accept

GAME = "moon-race"
PROMO = """
[[sets]]
id = "promo"
name = "Promo cards"
kind = "card"
group = "Suit: {suit}"
back = "deck"
table = "promo.csv"
fields.suit = { type = "choice", choices = ["Sun", "Moon"], required = true }
fields.suit_icon = { type = "icon", label = "Suit" }
fields.power = { type = "int", min = 1, max = 9, required = true }
fields.text = { type = "text" }
fields.art = { type = "art" }

[tables.turn]
title = "A turn"
columns = ["Step", "Who"]
rows = [
  ["Play a card face up", "in turn order"],
]
"""
FACT = """
[[facts]]
kind = "card"
name = "Dawn has power 2"
card = "dawn"
fields = { power = 2 }
"""
# `N of M edits caught by a fact`, then of the edits that contradict a stated fact how many
# a fact catches, and how many survive
COUNT_LINE = re.compile(
    r"^\s*(\d+) of (\d+) edits caught by a fact; of the (\d+) edits that contradict a stated "
    r"fact, (\d+) caught by a fact \([\d.]+ %\), (\d+) survive(; .+)?$",
    re.M,
)
SURVIVOR = re.compile(r"^    (\S+):(\d+): (number|name|word|swap|move): .+ -> .+$")


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("mutate") / "moon-race"
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    full_rules(root)
    folder = root / "catalog" / GAME
    with (folder / "game.toml").open("a", encoding="utf-8") as f:
        f.write(PROMO)
    header = (folder / "cards.csv").read_text(encoding="utf-8").splitlines()[0]
    (folder / "promo.csv").write_text(
        f"{header}\nComet,2,Sun,sun,4,Take a :spark: first.,\n", encoding="utf-8"
    )
    with (folder / "rules.toml").open("a", encoding="utf-8") as f:
        f.write(FACT)
    return root


def catalog_of(root: Path) -> Catalog:
    catalogs, issues = load_games(root, [GAME])
    assert not issues.errors, [i.render() for i in issues.errors]
    return catalogs[0]


def test_edits_of_every_kind_are_made_in_the_same_order_every_time(project: Path) -> None:
    catalog = catalog_of(project)
    first, again = edits(catalog), edits(catalog_of(project))
    assert [e.describe() for e in first] == [e.describe() for e in again]
    assert [e.at for e in first] == [e.at for e in again]
    # the starter's backs say only its title, no rule of it has a `phase` and its templates
    # compute nothing: no back, heading or arithmetic edits
    # (tests/rules/test_mutate_placed_edits.py makes them on shipped games); continued edits
    # need the parts the layout prints (tests/rules/test_mutate_continued_parts.py), and no
    # card's prose restates a rule stated wherever it stands (test_mutate_added_cards.py)
    unmade = {"back", "heading", "arithmetic", "continued", "added"}
    assert {e.kind for e in first} == set(KINDS) - unmade
    files = [e.shown for e in first if e.kind in ("number", "name", "word")]
    order = list(dict.fromkeys(files))
    assert order == sorted(order, key=order.index) and files == sorted(files, key=order.index)
    assert order[:2] == [f"catalog/{GAME}/game.toml", f"catalog/{GAME}/rules.toml"]
    described = [e.describe() for e in first]
    assert "number: column power: '2' -> '3'" in described  # Dawn's power
    assert "word: tables.turn.rows[0][1]: 'in turn order' -> 'all at once'" in described
    assert any(
        d.startswith("word: tables.turn.rows[0][0]: 'face up' -> 'face down'") for d in described
    )
    assert any(e.kind == "name" and e.before == "Dawn" and e.after != "Dawn" for e in first)
    move = next(e for e in first if e.kind == "move")
    assert move.shown == f"catalog/{GAME}/cards.csv" and move.after == f"catalog/{GAME}/promo.csv"


def test_an_edit_changes_only_its_text_and_hidden_columns_are_never_edited(project: Path) -> None:
    catalog = catalog_of(project)
    sources = game_files(catalog)
    for e in edits(catalog, sources):
        assert not e.where.startswith(("column id", "column art"))
        new = apply(sources.texts, e)
        assert new and all(new[p] != sources.texts[p].encode() for p in new)
        if e.kind in ("number", "name", "word"):
            (c,) = e.changes
            assert sources.texts[c.path][c.start : c.end] == e.before
    swap = next(e for e in edits(catalog, sources) if e.kind == "swap")
    assert len(swap.changes) == 2


def test_a_swap_exchanges_two_cells_and_leaves_every_row_whole(project: Path) -> None:
    """A swap moves a cell's text between a quoted cell and a plain one (the starter's
    text column holds a line break and commas): the table still reads as the same rows,
    with exactly those two cells exchanged, so no swap is caught as a broken table."""
    catalog = catalog_of(project)
    sources = game_files(catalog)
    swaps = [e for e in edits(catalog, sources) if e.kind == "swap"]
    crossing = 0
    for e in swaps:
        (path,) = {c.path for c in e.changes}
        before = list(csv.reader(io.StringIO(sources.texts[path])))
        after = list(csv.reader(io.StringIO(apply(sources.texts, e)[path].decode("utf-8"))))
        assert len(after) == len(before) and [len(r) for r in after] == [len(r) for r in before]
        changed = [
            (r, k)
            for r, row in enumerate(before)
            for k, cell in enumerate(row)
            if after[r][k] != cell
        ]
        (ra, ka), (rb, kb) = changed
        assert ka == kb and (after[ra][ka], after[rb][kb]) == (before[rb][kb], before[ra][ka])
        crossing += any(c in before[ra][ka] + before[rb][kb] for c in ',"\n')
    assert crossing, "no swap moved a text that needs quotes: the case is not tried"


def test_a_placed_file_is_read_as_placed_and_then_as_it_is(project: Path) -> None:
    path = project / "catalog" / GAME / "cards.csv"
    before = read_text(path, project)
    with placed({path: b"name,count\n"}):
        assert read_text(path, project) == "name,count\n"
    assert read_text(path, project) == before


def fake_judge(catch: list[Edit], texts: Mapping[Path, str], texts_only: int = 0) -> Judge:
    """A check whose facts fail on the edits of `catch` only (the first `texts_only` of them
    found by a part that names no fact instead), and that always warns about one thing the
    unedited game has too."""
    made = {tuple(sorted(apply(texts, e).items())): k for k, e in enumerate(catch)}
    old = Finding("an old warning", "facts", True)

    def judge(placed_texts: Mapping[Path, bytes]) -> frozenset[Finding]:
        k = made.get(tuple(sorted(placed_texts.items())))
        if k is None:
            return frozenset({old})
        part = "texts" if k < texts_only else "facts"
        return frozenset({old, Finding(f"edit {k} caught", part, part == "facts")})

    return judge


def test_caught_means_a_finding_the_unedited_game_does_not_have(project: Path) -> None:
    catalog = catalog_of(project)
    sources = game_files(catalog)
    chosen = [e for e in edits(catalog, sources) if e.kind == "number"][:6]
    report = run(GAME, sources.texts, chosen, fake_judge(chosen[:2], sources.texts))
    assert [o.caught for o in report.outcomes] == [True, True, False, False, False, False]
    assert report.outcomes[0].found == [Finding("edit 0 caught", "facts", True)]
    assert [o.edit for o in report.survivors] == chosen[2:]
    text = render(report)
    m = COUNT_LINE.search(text)
    assert m and m.group(1, 2, 3, 4, 5) == ("2", "6", "6", "2", "4")
    assert summary_line(report) == (
        "2 of 6 edits caught by a fact; of the 6 edits that contradict a stated fact, "
        "2 caught by a fact (33.3 %), 4 survive"
    )
    lines = text.splitlines()
    at = lines.index("  survivors (4):")
    for line, e in zip(lines[at + 1 : at + 5], chosen[2:]):
        assert SURVIVOR.match(line), line
        assert line == f"    {e.at}: {e.describe()}"


def test_each_judged_edit_spends_a_template_budget_of_its_own(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process's budget spent to the last second, a judge still renders: each judged
    edit is a check of its own, with a budget of its own, so a game of many edits is never
    refused for the renders of all its checks together."""
    from cardstock.core import template_budget
    from cardstock.core.cache import open_cache
    from cardstock.mutate import judge_of

    spent = template_budget._Spent()
    spent.seconds = template_budget.MAX_PROCESS_CPU_SECONDS
    monkeypatch.setattr(template_budget, "_SPENT", spent)
    cache = open_cache()
    try:
        found = judge_of(project, GAME, cache, seed=1, runs=20, sources=None)({})
    finally:
        cache.close()
    assert not [f for f in found if "processor time in all" in f.text], found
    assert template_budget._SPENT is spent  # the process's own, as it was, after the judge


def test_an_accepted_survivor_is_shown_as_accepted_and_a_stale_entry_is_a_finding(
    project: Path,
) -> None:
    catalog = catalog_of(project)
    sources = game_files(catalog)
    chosen = [e for e in edits(catalog, sources) if e.kind == "word"][:3]
    judge = fake_judge([], sources.texts)
    accepts = [
        Accept(
            at=chosen[0].at,
            edit=f"{chosen[0].before!r} -> {chosen[0].after!r}",
            reason="flavour, not a rule",
        ),
        Accept(at="catalog/moon-race/cards.csv:99", edit="'3' -> '4'", reason="nothing there"),
    ]
    report = run(
        GAME, sources.texts, chosen, judge, accepts, [40, 44], f"catalog/{GAME}/rules.toml"
    )
    assert [o.edit for o in report.accepted] == [chosen[0]]
    assert report.accepted[0].accepted == "flavour, not a rule"
    assert len(report.survivors) == len(chosen) - 1
    assert not report.ok and [i for i, _, _ in report.stale] == [1]
    text = render(report)
    n = len(chosen)
    assert summary_line(report) == (
        f"0 of {n} edits caught by a fact; of the {n - 1} edits that contradict a stated fact, "
        f"0 caught by a fact (0.0 %), {n - 1} survive; 1 accepted"
    )
    assert "  accepted (1):" in text and "— flavour, not a rule" in text
    assert f"catalog/{GAME}/rules.toml:44: mutate.accept[1]: matches no surviving edit" in text
    with pytest.raises(ValueError):
        Accept(reason="no survivor named")


def test_an_accept_entry_at_a_line_names_its_edit_so_a_moved_line_accepts_nothing_else(
    project: Path,
) -> None:
    catalog = catalog_of(project)
    sources = game_files(catalog)
    words = [e for e in edits(catalog, sources) if e.kind == "word"]
    first = words[0]
    said = f"{first.before!r} -> {first.after!r}"
    second = next(e for e in words if said not in e.describe())
    with pytest.raises(ValueError, match="names the edit too"):
        Accept(at=first.at, reason="by its line alone")
    # the entry's line now holds another edit: it accepts none, and is stale
    moved = Accept(at=second.at, edit=said, reason="moved")
    report = run(GAME, sources.texts, [second], fake_judge([], sources.texts), [moved], [40])
    assert report.survivors and not report.accepted and len(report.stale) == 1


def test_the_check_catches_a_broken_count_and_a_broken_card_fact(project: Path) -> None:
    """The real read → validate → check: a copy count and Dawn's power are caught."""
    catalog = catalog_of(project)
    sources = game_files(catalog)
    every = edits(catalog, sources)
    power = next(e for e in every if e.describe() == "number: column power: '2' -> '3'")
    count = next(e for e in every if e.where == "column count" and e.shown.endswith("cards.csv"))
    report = judged(project, GAME, [power, count], sources.texts, runs=20)
    assert [o.caught for o in report.outcomes] == [True, True], render(report, verbose=True)
    assert any("Dawn" in f.text or "dawn" in f.text for f in report.outcomes[0].facts())


def test_an_edit_found_only_by_a_part_that_names_no_fact_survives(project: Path) -> None:
    # a translation still saying the English's old number finds the edit of the English
    # (`texts`): that shows a text changed, and no fact names what the edit contradicts
    catalog = catalog_of(project)
    sources = game_files(catalog)
    chosen = [e for e in edits(catalog, sources) if e.kind == "number"][:3]
    report = run(GAME, sources.texts, chosen, fake_judge(chosen, sources.texts, texts_only=1))
    assert [o.caught for o in report.outcomes] == [False, True, True]
    assert [o.edit for o in report.survivors] == chosen[:1]
    assert report.stated() == (3, 2) and dict(report.parts()) == {"facts": 2}
    text = render(report)
    assert f"    {chosen[0].at}: {chosen[0].describe()} (found only by texts:" in text
    assert "  caught by: facts 2" in text


def test_the_command_prints_the_count_line_and_exits_1_on_a_survivor(project: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "cardstock", "check", GAME, "--mutate", "--runs", "20"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert out.returncode in (0, 1), out.stderr
    m = COUNT_LINE.search(out.stdout)
    assert m, out.stdout
    caught, total, stated, held, left = map(int, m.group(1, 2, 3, 4, 5))
    assert total == len(edits(catalog_of(project))) and 0 < caught <= total
    assert 0 < held <= stated <= total and left == stated - held
    lines = out.stdout.splitlines()
    if left:  # the survivors are listed under their count, each as SURVIVOR shows
        at = lines.index(f"  survivors ({left}):")
        assert all(SURVIVOR.match(line) for line in lines[at + 1 : at + 1 + left])
    else:
        assert not any(line.startswith("  survivors (") for line in lines)
    assert out.returncode == (0 if left == 0 else 1)


def test_the_starter_readme_shows_the_mutation_test() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    your_game = text[text.index("## Your own game") :]
    assert "cardstock check moon-race --mutate" in your_game


def test_a_games_own_notes_columns_are_not_edited(project: Path) -> None:
    catalog = catalog_of(project)
    assert any(e.where == "column power" for e in edits(catalog))
    catalog.rules.hidden = ["Power"]
    assert not any(e.where == "column power" for e in edits(catalog))


def test_an_accept_entry_without_a_reason_is_bad_input_of_the_mutation_test_alone(
    project: Path, tmp_path: Path
) -> None:
    import shutil

    copy = tmp_path / "p"
    shutil.copytree(project, copy)
    rules = copy / "catalog" / GAME / "rules.toml"
    at = len(rules.read_text(encoding="utf-8").splitlines()) + 2
    with rules.open("a", encoding="utf-8") as f:
        f.write('\n[[mutate.accept]]\nat = "catalog/moon-race/cards.csv:3"\n')
    _, issues = load_games(copy, [GAME])
    assert not issues.errors, [i.render() for i in issues]  # a plain check reads past it
    out = subprocess.run(
        [sys.executable, "-m", "cardstock", "check", GAME, "--mutate", "--runs", "5"],
        cwd=copy,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 2, out.stdout + out.stderr
    said = out.stdout + out.stderr
    assert f"catalog/{GAME}/rules.toml:{at}: mutate.accept[0].reason:" in said, said
    assert "Traceback" not in said and "edits caught" not in said


def test_the_old_key_of_the_columns_no_player_reads_is_a_located_error(
    project: Path, tmp_path: Path
) -> None:
    import shutil

    copy = tmp_path / "p"
    shutil.copytree(project, copy)
    rules = copy / "catalog" / GAME / "rules.toml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text('[mutate]\nhidden = ["notes"]\n\n' + text, encoding="utf-8")
    _, issues = load_games(copy, [GAME])
    found = [i.render() for i in issues.errors]
    assert found == [
        f"catalog/{GAME}/rules.toml:2: mutate.hidden: the columns no player reads are the "
        "top-level key `hidden_columns`, read by the card-text check as well as the mutation "
        "test: move the list there"
    ], found
    rules.write_text('hidden_columns = ["power"]\n' + text, encoding="utf-8")
    (catalog,), issues = load_games(copy, [GAME])
    assert not issues.errors and catalog.rules.hidden == ["power"]
    assert not any(e.where == "column power" for e in edits(catalog))


def test_no_edit_of_the_starters_rulebook_survives_its_mutation_test(tmp_path: Path) -> None:
    # the starter's rulebook renders its rule words from facts and its `typed` fact (with
    # `words = true`) finds a number or rule word typed there: every edit of it is caught
    root = tmp_path / GAME
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    full_rules(root)
    catalog = catalog_of(root)
    sources = game_files(catalog)
    book = [e for e in edits(catalog, sources) if e.shown.endswith("rulebook.md.j2")]
    assert book, "the starter's rulebook has no edit left to make"
    report = judged(root, GAME, book, sources.texts, runs=20)
    assert all(o.caught for o in report.outcomes), render(report, verbose=True)


def test_an_edit_that_breaks_the_drawing_of_a_face_is_caught_as_bad_input(project: Path) -> None:
    # the print checks, which draw the faces, are not run: the faces an edit changes are
    # still laid out, and a template that cannot be rendered refuses the game, as `check` does
    faces = project / "layouts" / GAME / "faces.toml"
    text = read_text(faces, project)
    broken = text + '\n[layouts.card.boxes.title]\ntext = "{{ name | higher }}"\n'
    shown = f"layouts/{GAME}/faces.toml"
    where = "layouts.card.boxes.title.text"
    e = Edit("word", shown, 1, where, "lower", "higher", (Change(faces, 0, len(text), broken),))
    report = judged(project, GAME, [e], {faces: text}, runs=5)
    (outcome,) = report.outcomes
    assert outcome.caught, render(report)
    # the broken box is drawn by every layout that extends `card`: one finding for each,
    # all of them the template that cannot be rendered
    assert outcome.found, render(report)
    assert all(f.part == "input" and "No filter named 'higher'" in f.text for f in outcome.found), (
        render(report)
    )
    assert len({f.text for f in outcome.found}) == len(outcome.found), render(report)
