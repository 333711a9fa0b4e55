"""Every text a player reads is as signed (issue #42): `catalog/<game>/signed.toml` lists
each text of the game a player reads — a rulebook or quick-reference template line, a value
of game.toml or rules.toml a player reads, a cell of a table's prose column, a translation —
with the source lines it restates. A text reworded, added or deleted fails the check with
what was signed, what it reads now and the source lines; `check --sign` signs the texts as
they are and keeps each one's cites. A rule sentence no fact holds is no longer free.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from conftest import GAMES, ROOT, SEEDS, copy_project
from helpers_edits import STARTER, failures, failures_edited, starter

from cardstock.rules.signed_file import RULE

PARTS = {"texts"}
SOURCES = {"sources": SEEDS}


def _signed(root: Path, game: str) -> Path:
    return root / "catalog" / game / "signed.toml"


def test_the_starter_of_cardstock_init_is_signed_and_cites_its_own_rules_text(tmp_path) -> None:
    root = starter(tmp_path)
    assert failures(root, STARTER, PARTS, ran=[RULE]) == []
    text = _signed(root, STARTER).read_text(encoding="utf-8")
    assert 'says = "Moon Race"' in text  # the title the project was made with
    assert "cites = [4]" in text  # "Deal {count} cards to each player." restates rules.md:4


def test_a_template_sentence_reworded_fails_with_the_words_signed_and_the_source_lines(
    tmp_path,
) -> None:
    root = starter(tmp_path)
    found = failures_edited(
        root,
        STARTER,
        [(f"layouts/{STARTER}/rulebook.md.j2", "take a token (or a coin)", "take a card")],
        PARTS,
    )
    assert len(found) == 1, found
    assert f"layouts/{STARTER}/rulebook.md.j2:" in found[0]
    assert "take a card" in found[0] and "take a token (or a coin)" in found[0]
    # the starter's source is its own rules.md: the finding quotes the lines signed against
    assert "signed as restating rules.md line 6 'On your turn," in found[0]
    assert f"cardstock check {STARTER} --sign" in found[0]


def test_a_designers_own_value_changed_fails_with_the_declarations_reason_and_source(
    tmp_path,
) -> None:
    """A table cell the source states nothing of, declared the designer's own
    (`[[mutate.designer_values]]`), is signed like a text: a new value fails until signed
    again, and the finding gives the declaration's reason and its source line."""
    root = starter(tmp_path)
    cards = f"catalog/{STARTER}/cards.csv"
    found = failures_edited(
        root, STARTER, [(cards, "Dawn,3,Sun,sun,2,", "Dawn,3,Sun,sun,4,")], PARTS
    )
    assert len(found) == 1, found
    assert f"{cards}:3: Dawn: power: reads '4' where it was signed as '2'" in found[0]
    rules = (root / "catalog" / STARTER / "rules.toml").read_text(encoding="utf-8")
    assert "signed as the designer's value (" in found[0]
    assert "the designer picks each card's power and copies" in found[0]  # the entry's reason
    assert "source line 3: the rules count the deck and each suit" in found[0]
    assert "the designer picks each card's power and copies" in rules
    assert "if the new value is the one meant, sign it again" in found[0]


def test_a_line_added_to_a_template_is_not_signed(tmp_path) -> None:
    root = starter(tmp_path)
    found = failures_edited(
        root,
        STARTER,
        [(f"layouts/{STARTER}/rulebook.md.j2", "# Playing\n", "# Playing\n\nPass left.\n")],
        PARTS,
    )
    assert len(found) == 1, found
    assert "is not signed: 'Pass left.'" in found[0]


def test_a_signed_line_deleted_is_reported_where_it_stood(tmp_path) -> None:
    root = starter(tmp_path)
    template = root / "layouts" / STARTER / "rulebook.md.j2"
    lines = template.read_text(encoding="utf-8").splitlines(keepends=True)
    gone = next(i for i, line in enumerate(lines) if line.startswith("1. Shuffle all"))
    template.write_text("".join(lines[:gone] + lines[gone + 1 :]), encoding="utf-8")
    found = failures(root, STARTER, PARTS)
    assert len(found) == 1, found
    assert f"rulebook.md.j2:{gone + 1}: text: a signed text is gone: " in found[0]
    assert "1. Shuffle all" in found[0]
    assert "rules.md line 3" in found[0]


def test_a_line_moved_is_one_finding_not_one_for_every_line_after_it(tmp_path) -> None:
    root = starter(tmp_path)
    template = root / "layouts" / STARTER / "rulebook.md.j2"
    text = template.read_text(encoding="utf-8")
    template.write_text(text.replace("# Overview\n", "") + "# Overview\n", encoding="utf-8")
    found = failures(root, STARTER, PARTS)
    assert len(found) == 2, found  # gone from the top, not signed at the end
    assert any("a signed text is gone: '# Overview'" in f for f in found)
    assert any("is not signed: '# Overview'" in f for f in found)


def test_a_setup_step_s_words_and_a_card_s_text_are_held_by_their_keys(tmp_path) -> None:
    root = starter(tmp_path)
    found = failures_edited(
        root,
        STARTER,
        [
            (f"catalog/{STARTER}/rules.toml", 'say = "Shuffle it."', 'say = "Sort it."'),
            (
                f"catalog/{STARTER}/cards.csv",
                "passes one card to the left",
                "passes one card right",
            ),
        ],
        PARTS,
    )
    assert len(found) == 2, found
    step = next(f for f in found if "setup.steps[1].say" in f)
    assert "reads 'Sort it.' where it was signed as 'Shuffle it.'" in step
    card = next(f for f in found if "cards.csv" in f)
    assert "Tide: text" in card
    assert "rules.md line 11" in card


def test_signing_again_keeps_the_cites_of_a_text_it_finds_changed(tmp_path, cli) -> None:
    root = starter(tmp_path)
    rules = root / "catalog" / STARTER / "rules.toml"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace("Shuffle it.", "Shuffle it well."),
        encoding="utf-8",
    )
    assert failures(root, STARTER, PARTS) != []
    result = cli("--root", str(root), "check", STARTER, "--sign")
    assert result.code == 0, result.err
    assert f"wrote catalog/{STARTER}/signed.toml" in result.out
    text = _signed(root, STARTER).read_text(encoding="utf-8")
    assert re.search(r'says = "Shuffle it well\."\ncites = \[3\]\n', text), text
    assert failures(root, STARTER, PARTS) == []


def test_a_cite_past_the_end_of_the_source_fails_at_its_signature(tmp_path) -> None:
    root = starter(tmp_path)
    signed = _signed(root, STARTER)
    signed.write_text(
        signed.read_text(encoding="utf-8").replace("cites = [4]", "cites = [400]", 1),
        encoding="utf-8",
    )
    found = failures(root, STARTER, PARTS)
    assert len(found) == 1, found
    assert "signed.toml:" in found[0] and "line 400 is past the end of rules.md" in found[0]


def test_a_signed_text_that_cites_nothing_is_a_warning_naming_its_signature(tmp_path) -> None:
    from conftest import load_games, run_checks

    root = starter(tmp_path)
    signed = _signed(root, STARTER)
    signed.write_text(
        signed.read_text(encoding="utf-8").replace("cites = [4]\n", "", 1), encoding="utf-8"
    )
    catalogs, _ = load_games(root, [STARTER])
    check = next(c for c in run_checks(catalogs, only=PARTS).games[0].checks if c.rule == RULE)
    assert check.status == "warn"
    assert [i.level for i in check.findings] == ["warning"]
    assert "cites no line of the source and gives no `own`" in check.findings[0].message


@pytest.mark.parametrize(
    ("added", "message"),
    [
        ("cites = [0]", "text[0].cites: a line number is 1 or more, not 0"),
        ('cites = [3]\nown = "flavour"', "text[0]: give `cites` or `own`, not both"),
        ('seen = "yes"', "text[0].seen"),
    ],
)
def test_a_mistake_in_signed_toml_is_bad_input_at_its_line(tmp_path, cli, added, message) -> None:
    root = starter(tmp_path)
    signed = _signed(root, STARTER)
    text = signed.read_text(encoding="utf-8")
    first = text.index("\n", text.index("says = "))  # the first text's `says` line ends here
    text = text[:first] + "\n" + added + text[first:].replace('own = "the game\'s name"\n', "", 1)
    signed.write_text(text, encoding="utf-8")
    result = cli("--root", str(root), "check", STARTER)
    assert result.code == 2, result.out + result.err
    assert f"catalog/{STARTER}/signed.toml:" in result.err and message in result.err
    assert "Traceback" not in result.err


def test_a_game_without_signed_toml_is_warned_with_how_many_texts_are_unsigned(tmp_path) -> None:
    from conftest import load_games, run_checks

    root = starter(tmp_path)
    _signed(root, STARTER).unlink()
    catalogs, _ = load_games(root, [STARTER])
    check = next(c for c in run_checks(catalogs, only=PARTS).games[0].checks if c.rule == RULE)
    assert check.status == "warn"
    assert re.fullmatch(
        rf"no signed\.toml: \d+ texts a player reads are not signed "
        rf"\(cardstock check {STARTER} --sign\)",
        check.summary,
    )


@pytest.mark.parametrize("inside", [True, False])
def test_signing_never_writes_through_a_link(tmp_path, cli, inside) -> None:
    root = starter(tmp_path)
    signed = _signed(root, STARTER)
    target = (root / "notes" if inside else tmp_path / "elsewhere") / "signed.toml"
    target.parent.mkdir()
    kept = signed.read_text(encoding="utf-8")
    target.write_text(kept, encoding="utf-8")
    signed.unlink()
    os.symlink(target, signed)
    result = cli("--root", str(root), "check", STARTER, "--sign")
    assert result.code == 2, result.out
    # a link inside the project is read, never written through; one leading out is not read
    assert ("is a link" if inside else "leads out of the project") in result.err
    assert target.read_text(encoding="utf-8") == kept


# ---------------------------------------------------------------- the shipped games


@pytest.mark.needs_seeds
def test_every_shipped_game_s_texts_are_as_signed_and_each_cites_or_says_why_not() -> None:
    from conftest import load_games, run_checks

    catalogs, issues = load_games(ROOT, list(GAMES))
    assert not issues.errors
    report = run_checks(catalogs, only=PARTS, **SOURCES)
    for game in report.games:
        check = next(c for c in game.checks if c.rule == RULE)
        assert check.status == "pass", (game.id, [i.render() for i in check.findings][:5])


@pytest.mark.needs_seeds
def test_a_rulebook_sentence_no_fact_holds_is_caught_with_its_source_line(tmp_path) -> None:
    """The Vortex's note that every face is pictured in the appendix holds no fact; a
    sentence beside the setup steps does, and an edit of it is reported once, by the fact."""
    root = copy_project(tmp_path, ("vortex",))
    template = "layouts/vortex/rulebook.md.j2"
    found = failures_edited(
        root,
        "vortex",
        [(template, "Every face is pictured in the appendix at the end", "No face is pictured")],
        PARTS,
        **SOURCES,
    )
    assert len(found) == 1, found
    assert "No face is pictured" in found[0] and "Every face is pictured" in found[0]


@pytest.mark.needs_seeds
def test_a_line_a_broken_fact_already_reports_is_not_reported_again(tmp_path) -> None:
    root = copy_project(tmp_path, ("vortex",))
    found = failures_edited(
        root,
        "vortex",
        [("layouts/vortex/rulebook.md.j2", "then draw back {{ upto }}", "then draw back exactly")],
        {"facts", "texts"},
        **SOURCES,
    )
    assert found, "the edit is caught"
    assert not any(f.startswith(RULE) for f in found), found


@pytest.mark.needs_seeds
def test_a_translation_reworded_fails_at_its_po_entry(tmp_path) -> None:
    root = copy_project(tmp_path, ("atmosfear",))
    po = root / "catalog" / "atmosfear" / "translations" / "fr.po"
    text = po.read_text(encoding="utf-8")
    entry = re.search(r'msgstr "([^"]{30,})"', text)
    assert entry, "fr.po has a one-line translation to reword"
    po.write_text(text.replace(entry.group(0), 'msgstr "Tout autre chose."', 1), encoding="utf-8")
    found = failures(root, "atmosfear", PARTS, **SOURCES)
    assert len(found) == 1, found
    assert "fr.po:" in found[0] and "Tout autre chose." in found[0]


def test_the_signature_check_is_a_part_check_only_accepts(cli) -> None:
    result = cli("--root", str(ROOT), "check", "--only", "texts", "--json", GAMES[0])
    assert result.code == 0, result.err + result.out
    checks = json.loads(result.out)["games"][0]["checks"]
    assert [c["rule"] for c in checks] == [RULE]


def test_a_rule_fact_s_value_is_signed_and_quotes_its_fact_s_cite(tmp_path) -> None:
    """A fact's value is what the rulebook renders wherever the rule is read: changed, every
    form still matches it, so its signature catches it, quoting the lines the fact cites."""
    root = starter(tmp_path)
    found = failures_edited(
        root,
        STARTER,
        [(f"catalog/{STARTER}/rules.toml", 'value = "last"', 'value = "next"')],
        PARTS,
    )
    assert len(found) == 1, found
    assert "facts[match-last].value: reads 'next' where it was signed as 'last'" in found[0]
    assert "rules.md line 6" in found[0]


def test_a_fact_added_before_others_renames_no_other_fact_s_signed_value(tmp_path) -> None:
    """A fact's value is signed under the fact's id, not its place among the facts: a new
    fact is one text not signed, not a finding for every fact after it."""
    root = starter(tmp_path)
    added = (
        '[[facts]]\nkind = "rule"\nid = "first-wins"\nname = "the first player out wins"\n'
        'value = "first"\nopposites = ["last"]\nsays = "{value}"\n'
        'cite = { line = 7, says = "the first out wins" }\n\n[[facts]]\n'
    )
    rules = f"catalog/{STARTER}/rules.toml"
    found = failures_edited(root, STARTER, [(rules, "[[facts]]\n", added)], PARTS)
    assert len(found) == 1, found
    assert "facts[first-wins].value: is not signed: 'first'" in found[0]


def test_a_source_sentence_a_caught_edit_of_its_signed_restatement_changed_is_checked() -> None:
    from cardstock.rules.coverage import Coverage, checked
    from cardstock.rules.sources import SourceText

    source = SourceText("rules.md", "rules.md", ("Keep your hand hidden from the others.",))
    cov = Coverage(source, [], frozenset())
    assert checked(cov, []).facts == [("sentence", 1, source.lines[0], False)]
    assert checked(cov, [], signed=frozenset({1})).facts[0][3] is True


def test_a_source_name_a_signed_restatement_states_is_checked_by_a_caught_edit_of_it() -> None:
    """A name of a source line is checked when a signed text citing that line states it and
    an edit of that text was caught (an edit of the name there fails the signature); on a
    table's line only the edited cell's column counts, since a row's cells share a line."""
    from cardstock.rules.coverage import coverage
    from cardstock.rules.mutate import MutationReport, Outcome, coverage_checked
    from cardstock.rules.mutate_edits import Edit
    from cardstock.rules.sources import SourceText

    source = SourceText("rules.md", "rules.md", ("Every round ends with a Grand Crusade.",))
    cov = coverage(source, [], [])
    table = "catalog/g/cards.csv"
    cited = {
        (table, 2): [
            ("dawn: text", [1], "ends the round at once"),
            ("dawn: flavour", [1], "the grand crusade comes"),
        ]
    }

    def names(column: str, caught: bool) -> list[tuple[str, int, str, bool]]:
        edit = Edit("word", table, 2, f"column {column}", "once", "twice", ())
        report = MutationReport("g", [Outcome(edit, ["rule: caught"] if caught else [])])
        return [f for f in coverage_checked(report, [cov], cited)[0].facts if f[0] == "name"]

    assert names("flavour", caught=True) == [("name", 1, "Grand Crusade", True)]
    assert names("text", caught=True) == [("name", 1, "Grand Crusade", False)]  # not stated
    assert names("flavour", caught=False) == [("name", 1, "Grand Crusade", False)]


def test_signed_texts_are_held_as_signatures_sharing_their_file_names(tmp_path) -> None:
    from cardstock.core.issues import Issues
    from cardstock.rules.signed_file import Signature, read_signed

    (tmp_path / "signed.toml").write_text(
        '[[text]]\nat = "cards.csv"\nkey = "a"\nsays = "Draw."\ncites = [3]\n\n'
        '[[text]]\nat = "cards.csv"\nkey = "b"\nsays = "Discard."\nown = "flavour"\n',
        encoding="utf-8",
    )
    issues = Issues()
    signed = read_signed(tmp_path, tmp_path, "signed.toml", issues)
    assert signed is not None and not list(issues)
    first, second = signed.texts
    assert first == Signature("cards.csv", "a", "Draw.", (3,), None)
    assert first.at is second.at
    assert (signed.line(0), signed.line(1)) == (1, 7)
