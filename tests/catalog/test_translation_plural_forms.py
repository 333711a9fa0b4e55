"""A `.po` file's Plural-Forms rule is checked as the file is read, as GNU msgfmt checks
it: gettext must read it, and for every count from 0 to 1,000 it picks one of the file's
`nplurals` forms without dividing by zero. A rule that fails is an error at the header's
line, in the form every bad input takes, and nothing is built (docs/languages.md, "Plural
forms")."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_languages import GAME, french_demo

from cardstock.catalog.po_plurals import MOST_FORMS, plural_problem
from cardstock.cli import main

PO = f"catalog/{GAME}/translations/fr.po"
USUAL = "nplurals=2; plural=(n > 1);"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = french_demo(tmp_path / "proj")
    assert main(["--root", str(root), "translate", "update", GAME, "--lang", "fr"]) == 0
    return root


def given_rule(root: Path, rule: str) -> int:
    """Write `rule` as the file's Plural-Forms; the line of the header that holds it."""
    path = root / PO
    text = path.read_text(encoding="utf-8")
    assert USUAL in text
    path.write_text(text.replace(USUAL, rule), encoding="utf-8")
    return next(n for n, line in enumerate(text.splitlines(), 1) if USUAL in line)


def run(capsys, root: Path, *args: str) -> tuple[int, str]:
    code = main(["--root", str(root), *args])
    captured = capsys.readouterr()
    return code, (captured.out + captured.err).replace(str(root) + "/", "")


@pytest.mark.parametrize(
    "rule, said",
    [
        ("nplurals=2; plural=" + "(" * 26 + "n > 1" + ")" * 26 + ";", "too complex"),
        ("nplurals=2; plural=__import__('os').system('id');", "invalid token"),
        ("nplurals=2; plural=n % 0;", "divides by zero for a count of 0"),
        ("nplurals=2; plural=n;", "picks no form of the file's for a count of 2"),
        ("nplurals=0; plural=0;", "nplurals=0"),
    ],
)
def test_a_rule_gettext_refuses_or_that_fails_a_count_is_an_error_at_its_line(
    project, capsys, rule, said
):
    line = given_rule(project, rule)
    done, out = run(capsys, project, "check", "--lang", "fr")
    assert done == 2, out  # bad input, as a build finds it
    located = [x for x in out.splitlines() if x.startswith(f"{PO}:{line}: Plural-Forms: ")]
    assert len(located) == 1 and said in located[0], out
    assert "internal error" not in out and "Traceback" not in out
    assert "texts translated" not in out  # no report of a file that cannot be used


def test_a_build_stops_at_a_rule_gettext_refuses_and_writes_nothing(project, capsys):
    line = given_rule(project, "nplurals=2; plural=__import__('os').system('id');")
    done, out = run(capsys, project, "build", "--only", "pnp", "--paper", "letter")
    assert done == 2, out
    assert f"{PO}:{line}: Plural-Forms: gettext cannot read the rule" in out
    assert not (project / "output").exists()


@pytest.mark.parametrize(
    "expr, nplurals",
    [
        ("(n > 1)", 2),
        ("(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)", 3),
        ("0", 1),
        ("n > 18 ? 19 : n", MOST_FORMS),  # more forms than any language has, each picked
        ("n == 1 ? 0 : 1", 2),  # an `=` inside the rule
    ],
)
def test_the_rules_of_real_languages_and_a_generous_nplurals_are_read(expr, nplurals):
    assert plural_problem(expr, nplurals) is None


def test_a_rule_that_picks_a_form_past_the_last_for_some_count_is_refused():
    assert "for a count of 20" in (plural_problem("n", MOST_FORMS) or "")
    assert "for a count of 1000" in (plural_problem("n > 999 ? 3 : 0", 3) or "")


@pytest.mark.parametrize(
    "header",
    [
        "nplurals=999999999; plural=0;",
        # the header's text in two quoted pieces, joined as a .po reader joins them
        'nplurals=99999"\n"9999; plural=0;',
    ],
)
def test_more_plural_forms_than_a_file_may_name_are_refused_before_babel_reads_it(
    project, capsys, header
):
    """Babel makes a list of `nplurals` texts for each plural entry it reads: a billion forms
    would fill the memory before the rule is looked at."""
    line = given_rule(project, header)
    path = project / PO
    path.write_text(
        path.read_text(encoding="utf-8")
        + '\nmsgid "one card"\nmsgid_plural "{n} cards"\nmsgstr[0] "une carte"\n',
        encoding="utf-8",
    )
    done, out = run(capsys, project, "build", "--only", "pnp", "--paper", "letter")
    assert done == 2, out
    located = [x for x in out.splitlines() if x.startswith(f"{PO}:{line}: Plural-Forms: ")]
    assert len(located) == 1 and "999,999,999" in located[0], out
    assert f"may name {MOST_FORMS}" in located[0]
    assert not (project / "output").exists()


def test_check_and_build_refuse_a_file_that_cannot_be_used_alike(project, capsys):
    """A `.po` file that cannot be used is bad input whichever command reads it: the same
    located line, once, and exit 2."""
    line = given_rule(project, "nplurals=2; plural=__import__('os').system('id');")
    said = {}
    for command in (["check", "--lang", "fr"], ["build", "--only", "pnp", "--paper", "letter"]):
        done, out = run(capsys, project, *command)
        assert done == 2, out
        said[command[0]] = [x for x in out.splitlines() if x.startswith(f"{PO}:{line}: ")]
    assert len(said["check"]) == 1 and said["check"] == said["build"], said
