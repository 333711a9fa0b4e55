"""`[[mutate.designer_values]]`: cells of a component table the designer chose because the
source states none. On the starter of `cardstock init`: a declaration naming an unknown
column, a text column or an unknown card is bad input of the mutation test at its line
(a plain check reads past it); a number or swap edit of a declared cell is an edit of the
designer's own value, listed apart from the accepted and the surviving edits and never
counted among the edits that contradict a stated fact; a declaration that explains no
survivor, or claims a cell whose value edit a check catches, is stale."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest
from conftest import load_games
from helpers_edits import without_designer_values

from cardstock.core.issues import Issues
from cardstock.init import init_project
from cardstock.rules.mutation.designer import DesignerValues, scope, unknown_cards
from cardstock.rules.mutation.edits import Edit, apply, edits, game_files
from cardstock.rules.mutation.report import Finding, Judge, public, render, run, summary_line
from cardstock.rules.mutation.settings import Accept, read_settings

GAME = "moon-race"
SOURCE = '{ line = 5, says = "the source gives no card\'s power" }'


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("owned") / "moon-race"
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    without_designer_values(root, GAME)  # each test declares its own
    return root


def with_rules(project: Path, tmp_path: Path, text: str) -> Path:
    copy = tmp_path / "p"
    shutil.copytree(project, copy)
    with (copy / "catalog" / GAME / "rules.toml").open("a", encoding="utf-8") as f:
        f.write(text)
    return copy


def declaration(columns: str, rows: str = "") -> str:
    more = f"rows = {rows}\n" if rows else ""
    return (
        f'\n[[mutate.designer_values]]\ntable = "deck"\ncolumns = {columns}\n{more}'
        f'source = {SOURCE}\nreason = "the designer set every power"\n'
    )


def errors_of(root: Path) -> list[str]:
    """The errors of the game's `[mutate]`, as the mutation test reads it (a plain check
    reads the game without one)."""
    (catalog,), issues = load_games(root, [GAME])
    assert not issues.errors, [i.render() for i in issues.errors]
    found = Issues()
    read_settings(catalog, found)
    return [i.render() for i in found.errors]


def test_an_unknown_column_is_bad_input_at_its_line(project: Path, tmp_path: Path) -> None:
    copy = with_rules(project, tmp_path, declaration('["power", "speed"]'))
    lines = (copy / "catalog" / GAME / "rules.toml").read_text(encoding="utf-8").splitlines()
    at = lines.index('columns = ["power", "speed"]') + 1
    found = errors_of(copy)
    assert len(found) == 1, found
    assert found[0].startswith(
        f"catalog/{GAME}/rules.toml:{at}: mutate.designer_values[0].columns: "
        "set 'deck' has no column 'speed'"
    )
    assert "power" in found[0]  # the columns it could name


def test_the_mutation_test_refuses_an_unknown_table_with_exit_2_and_a_check_reads_past_it(
    project: Path, tmp_path: Path
) -> None:
    copy = with_rules(project, tmp_path, declaration('["power"]').replace('"deck"', '"decks"'))
    said = []
    for mutate in ([], ["--mutate"]):
        out = subprocess.run(
            [sys.executable, "-m", "cardstock", "check", GAME, "--runs", "5", *mutate],
            cwd=copy,
            capture_output=True,
            text=True,
            timeout=300,
        )
        said.append((out.returncode, out.stdout + out.stderr))
    (plain, plain_out), (mutated, mutated_out) = said
    assert plain != 2 and "designer_values" not in plain_out, plain_out
    assert mutated == 2, mutated_out
    assert "mutate.designer_values[0].table: no set 'decks'" in mutated_out
    assert "edits caught" not in mutated_out and "Traceback" not in mutated_out


def test_a_text_or_name_column_is_refused_and_an_unknown_card_is_a_mutation_finding(
    project: Path, tmp_path: Path
) -> None:
    copy = with_rules(project, tmp_path, declaration('["text", "name"]', '["dawn", "sunset"]'))
    found = errors_of(copy)
    assert any("columns: column 'text' of 'deck' is a text field" in f for f in found), found
    assert any("set 'deck' has no column 'name'" in f for f in found), found
    assert not any("sunset" in f for f in found), found  # a removed card breaks no build
    (catalog,), _ = load_games(project, [GAME])
    (st,) = unknown_cards([entry(["power"], ["dawn", "sunset"])], [40], catalog.components)
    assert (st.line, st.message) == (40, "rows: no card 'sunset' in deck")


def fake_judge(catch: list[Edit], texts: Mapping[Path, str], finding: str = "edit") -> Judge:
    """A check whose facts fail on the edits of `catch` only, each with a finding that
    starts with `finding`."""
    made = {tuple(sorted(apply(texts, e).items())): k for k, e in enumerate(catch)}

    def judge(placed_texts: Mapping[Path, bytes]) -> frozenset[Finding]:
        k = made.get(tuple(sorted(placed_texts.items())))
        return frozenset({Finding(f"{finding} {k} caught", "facts", True)} if k is not None else ())

    return judge


def owned_of(root: Path, entry: DesignerValues) -> list[tuple[DesignerValues, object]]:
    (catalog,), issues = load_games(root, [GAME])
    assert not issues.errors
    return [(entry, scope(entry, catalog.game, catalog.components))]


def entry(
    columns: list[str],
    rows: list[str] | None = None,
    left_out: list[str] | None = None,
    kinds: list[str] | None = None,
) -> DesignerValues:
    return DesignerValues.model_validate(
        {
            "table": "deck",
            "columns": columns,
            "rows": rows or [],
            "except_rows": left_out or [],
            "edits": kinds or ["number", "swap"],
            "source": {"line": 5, "says": "no card's power"},
            "reason": "the designer's",
        }
    )


def test_survivors_of_declared_cells_are_classified_and_the_caught_count_is_not_raised(
    project: Path,
) -> None:
    (catalog,), _ = load_games(project, [GAME])
    sources = game_files(catalog)
    every = edits(catalog, sources)
    power = [
        e for e in every if e.where.startswith("column power") and e.kind in ("number", "swap")
    ]
    word = next(e for e in every if e.kind == "word")
    chosen = [*power, word]
    caught = [e for e in power if e.kind == "number" and e.before == "9"]  # Midnight's, > max
    owned = owned_of(project, entry(["power"], ["dawn", "noon", "eclipse", "dusk", "tide"]))
    accepts = [Accept(at=word.at, edit=f"{word.before!r} -> {word.after!r}", reason="flavour")]
    report = run(
        GAME,
        sources.texts,
        chosen,
        fake_judge(caught, sources.texts),
        accepts,
        [30],
        f"catalog/{GAME}/rules.toml",
        owned=owned,  # type: ignore[arg-type]
        owned_lines=[40],
    )
    swaps_with_midnight = [e for e in power if e.kind == "swap" and "9" in (e.before, e.after)]
    assert report.caught == len(caught) == 1
    assert [o.edit for o in report.owned] == [
        e for e in power if e not in caught and e not in swaps_with_midnight
    ]
    assert [o.edit for o in report.survivors] == swaps_with_midnight  # Midnight is not declared
    assert [o.edit for o in report.accepted] == [word]
    n, stated = len(chosen), len(chosen) - len(report.owned) - 1
    assert report.stated() == (stated, 1) == (len(swaps_with_midnight) + 1, 1)
    assert summary_line(report) == (
        f"1 of {n} edits caught by a fact; of the {stated} edits that contradict a stated "
        f"fact, 1 caught by a fact ({100 / stated:.1f} %), {stated - 1} survive; "
        f"{len(report.owned)} edit a designer's own value the source does not state "
        f"(catalog/{GAME}/rules.toml:40; 0 of them caught), listed apart; 1 accepted"
    )
    text = render(report)
    assert f"  designer's values ({len(report.owned)}):" in text
    assert f"— designer's value, catalog/{GAME}/rules.toml:40" in text
    assert not report.owned_stale and not report.ok  # Midnight's swaps still survive
    assert len(public(report)["designer_values"]) == len(report.owned)  # type: ignore[arg-type]


def test_a_declaration_a_check_holds_or_that_explains_nothing_is_stale(project: Path) -> None:
    (catalog,), _ = load_games(project, [GAME])
    sources = game_files(catalog)
    power = [e for e in edits(catalog, sources) if e.where == "column power"]
    midnight = next(e for e in power if e.before == "9")
    report = run(
        GAME,
        sources.texts,
        power,
        fake_judge([midnight], sources.texts),
        rules_file=f"catalog/{GAME}/rules.toml",
        owned=owned_of(project, entry(["power"])),  # type: ignore[arg-type]
        owned_lines=[40],
    )
    (st,) = report.owned_stale
    assert "a check holds" in st.message and midnight.at in st.message and not report.ok
    assert f"catalog/{GAME}/rules.toml:40: mutate.designer_values[0]: a check holds" in render(
        report
    )
    count = [e for e in edits(catalog, sources) if e.where == "column count"]
    nothing = run(
        GAME,
        sources.texts,
        count,
        fake_judge(count, sources.texts),
        owned=owned_of(project, entry(["suit_icon"])),  # type: ignore[arg-type]
        owned_lines=[40],
    )
    (st,) = nothing.owned_stale
    assert "explains no edit" in st.message and not nothing.ok


def test_declared_values_are_ok_like_accepted_ones(project: Path) -> None:
    (catalog,), _ = load_games(project, [GAME])
    sources = game_files(catalog)
    power = [e for e in edits(catalog, sources) if e.where == "column power" and e.before != "9"]
    report = run(
        GAME,
        sources.texts,
        power,
        fake_judge([], sources.texts),
        owned=owned_of(project, entry(["power"], left_out=["midnight"])),  # type: ignore[arg-type]
        owned_lines=[40],
    )
    assert report.ok and not report.survivors and len(report.owned) == len(power) == 5
    assert report.caught == 0


def test_a_declaration_citing_a_line_the_source_lacks_is_stale() -> None:
    from cardstock.rules.mutation.designer import uncited
    from cardstock.rules.sources import SourceText

    source = SourceText("seed.txt", "seed.txt", ("Components:", "XX Moon cards"))
    fine, past = entry(["power"]), entry(["power"])
    fine.source.line, past.source.line = 2, 7
    (st,) = uncited([fine, past], [40, 46], source)
    assert (st.index, st.line) == (1, 46)
    assert st.message == "source: seed.txt has no line 7 (2 lines)"


def test_a_swap_only_declaration_explains_swaps_and_a_caught_one_more_leaves_it_current(
    project: Path,
) -> None:
    """Copies whose sum a total holds: one copy more is caught, which face has how many is
    the designer's (`edits = ["swap"]`)."""
    (catalog,), _ = load_games(project, [GAME])
    sources = game_files(catalog)
    power = [e for e in edits(catalog, sources) if e.where.startswith("column power")]
    numbers = [e for e in power if e.kind == "number"]
    swaps = [e for e in power if e.kind == "swap"]
    assert numbers and swaps
    report = run(
        GAME,
        sources.texts,
        power,
        fake_judge(numbers[:1], sources.texts),  # a total catches one more of the first
        rules_file=f"catalog/{GAME}/rules.toml",
        owned=owned_of(project, entry(["power"], kinds=["swap"])),  # type: ignore[arg-type]
        owned_lines=[40],
    )
    assert [o.edit for o in report.owned] == swaps
    assert [o.edit for o in report.survivors] == numbers[1:]  # a number edit is not explained
    assert not report.owned_stale


def test_a_declared_value_survives_listed_apart_and_is_not_counted_as_a_stated_fact(
    project: Path,
) -> None:
    """A declared cell's edit that no check catches survives as the designer's value: listed
    apart, never among the caught nor among the edits that contradict a stated fact, and
    the command passes; a declared cell a rule check holds leaves the declaration stale."""
    (catalog,), _ = load_games(project, [GAME])
    sources = game_files(catalog)
    power = [e for e in edits(catalog, sources) if e.where == "column power" and e.before != "9"]
    owned = owned_of(project, entry(["power"], left_out=["midnight"]))
    report = run(
        GAME,
        sources.texts,
        power,
        fake_judge([], sources.texts),
        rules_file=f"catalog/{GAME}/rules.toml",
        owned=owned,  # type: ignore[arg-type]
        owned_lines=[40],
    )
    assert report.caught == 0 and len(power) == 5 and not report.survivors
    assert [o.edit for o in report.owned] == power
    assert not report.owned_stale and report.ok
    # none of the five states a fact: they are the designer's own values
    assert summary_line(report) == (
        "0 of 5 edits caught by a fact; of the 0 edits that contradict a stated fact, 0 caught "
        "by a fact (100.0 %), 0 survive; 5 edit a designer's own value the source does not "
        f"state (catalog/{GAME}/rules.toml:40; 0 of them caught), listed apart"
    )
    held = run(
        GAME,
        sources.texts,
        power,
        fake_judge(power, sources.texts, "a total of the deck"),
        rules_file=f"catalog/{GAME}/rules.toml",
        owned=owned,  # type: ignore[arg-type]
        owned_lines=[40],
    )
    (st,) = held.owned_stale
    assert "a check holds" in st.message
    # caught or not, an edit of a declared cell is listed apart and not counted as stated
    assert [o.caught for o in held.owned] == [True] * 5 and held.stated() == (0, 0)
    assert "(catalog/moon-race/rules.toml:40; 5 of them caught)" in summary_line(held)
