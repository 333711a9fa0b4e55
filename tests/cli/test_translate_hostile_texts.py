"""`cardstock translate` writes `.pot`/`.po` files from a project's texts, which may be
hostile: each file must read back with Babel to exactly the entries written, and writing
must stay inside the bounds a hostile project is held to (`helpers_bounds`).

- The game is named by its id in the header comment and `Project-Id-Version`: Babel
  writes the comment's lines raw (a title holding a line break would start entries of its
  own) and replaces words such as PROJECT in it. On update the file's own header comment
  (a translator's, or anyone's) is replaced by cardstock's, for the same reasons.
- A text holding a run of characters without white space longer than a word is written
  unwrapped (Babel's wrapping takes time in the square of such a run's length); ordinary
  files are wrapped as before.
- Babel's fuzzy matching on update (each new text against each translated one) is only
  asked for while its work stays under `translate.FUZZY_WORK`."""

from __future__ import annotations

import argparse
import csv
import json
import random
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog as PoCatalog
from babel.messages.pofile import read_po
from helpers_bounds import bounded_command
from helpers_languages import GAME, fill_po, french_demo

from cardstock.cli import main, translate
from cardstock.cli.common import load_catalogs

POT = f"catalog/{GAME}/translations/messages.pot"
PO = f"catalog/{GAME}/translations/fr.po"
HEADER = f"# Texts of the game {GAME}, for translators (cardstock)."


def read(root: Path, path: str) -> PoCatalog:
    with (root / path).open("rb") as f:
        return read_po(f)


def entries(po: PoCatalog) -> set[tuple[str | None, object]]:
    return {(m.context, tuple(m.id) if isinstance(m.id, list) else m.id) for m in po if m.id}


def expected(root: Path) -> set[tuple[str | None, object]]:
    """Every text of the game, as an entry of its `.po` files: (msgctxt, msgid)."""
    catalogs, code = load_catalogs(argparse.Namespace(root=root), [GAME])
    assert code == 0
    return {
        (None if t.template else t.key, (t.source, t.plural) if t.plural else t.source)
        for t in translate.every_text(catalogs[0], [])
    }


def set_title(root: Path, title: str) -> None:
    game = root / "catalog" / GAME / "game.toml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace('title = "Demo"', f"title = {json.dumps(title)}", 1))


def set_texts(root: Path, texts: list[str]) -> None:
    """The demo's cards, one a text, in place of its own."""
    path = root / "catalog" / GAME / "cards.csv"
    with path.open(newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    head, model = rows[0], next(r for r in rows[1:] if r and not r[0].startswith("#"))
    out = [head]
    for i, text in enumerate(texts):
        row = list(model)
        row[head.index("name")], row[head.index("text")] = f"Card{i}", text
        row[head.index("art")] = ""
        out.append(row)
    with path.open("w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(out)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return french_demo(tmp_path / "proj")


# ---------------------------------------------------------------- the header


# separators str.splitlines breaks a line at (Babel's writer split the comment by it) that
# a game file's title may hold: the others are control characters, refused where it is read
SEPARATORS = ["\n", "\u2028", "\u2029"]


@pytest.mark.parametrize("sep", SEPARATORS, ids=[f"U+{ord(s):04X}" for s in SEPARATORS])
def test_a_title_holding_a_line_break_starts_no_entry(project, sep):
    title = f'Evil{sep}msgid "injected"{sep}msgstr "PWNED"{sep}#'
    set_title(project, title)
    assert main(["--root", str(project), "translate", "extract", GAME]) == 0
    assert main(["--root", str(project), "translate", "update", GAME, "--lang", "fr"]) == 0
    want = expected(project)
    assert ("game.title", title) in want  # the title is a text to translate, as before
    for path in (POT, PO):
        po = read(project, path)
        assert entries(po) == want, path
        assert po.project == GAME
        lines = (project / path).read_text(encoding="utf-8").split("\n")
        assert lines[0] == HEADER and lines[1] == 'msgid ""', path


def test_babel_placeholder_words_in_the_title_stay_out_of_the_header(project):
    title = "PROJECT VERSION YEAR ORGANIZATION Translations template " * 3
    set_title(project, title.strip())
    assert main(["--root", str(project), "translate", "extract", GAME]) == 0
    po = read(project, POT)
    assert entries(po) == expected(project)
    assert (project / POT).read_text(encoding="utf-8").split("\n")[0] == HEADER


def test_update_writes_cardstocks_header_whatever_the_file_said(project):
    """A `.po` file's header comment and project are read from the file: kept, Babel would
    split a line of it at U+2028 into entries, and replace each PROJECT in it with the
    file's own project (here 105,000 characters, 15,000 times: gigabytes)."""
    assert main(["--root", str(project), "translate", "update", GAME, "--lang", "fr"]) == 0
    path = project / PO
    text = path.read_text(encoding="utf-8")
    many = "PROJECT" * 15_000
    hostile = f'# note\u2028msgid "injected"\u2028msgstr "PWNED"\u2028#\n# {many}\n'
    text = hostile + text.split("\n", 1)[1]
    text = re.sub(r'"Project-Id-Version: [^"\\]*', f'"Project-Id-Version: {many} 0.1.0', text)
    path.write_text(text, encoding="utf-8")
    assert read(project, PO).project == many
    done = bounded_command(project, "translate", "update", GAME, "--lang", "fr")
    code, err = done.code, done.err
    assert code == 0, err[-2000:]
    po = read(project, PO)
    assert entries(po) == expected(project)
    assert po.project == GAME
    assert path.read_text(encoding="utf-8").split("\n")[0] == HEADER


# ---------------------------------------------------------------- wrapping


def test_a_text_of_one_run_as_long_as_a_cell_is_written_in_bounds(project):
    long = "a" * 131_072  # a table cell's bound, without a space
    set_texts(project, [long, "Play on any Sun card."])
    done = bounded_command(project, "translate", "extract", GAME)
    code, err = done.code, done.err
    assert code == 0, err[-2000:]
    po = read(project, POT)
    assert entries(po) == expected(project)
    assert po.get(long, "card0.text") is not None


def test_punctuation_runs_are_runs_too(project):
    long = "." * 60_000 + " " + "-" * 60_000
    set_texts(project, [long])
    done = bounded_command(project, "translate", "extract", GAME)
    code, err = done.code, done.err
    assert code == 0, err[-2000:]
    assert entries(read(project, POT)) == expected(project)


def _msgid_lines(root: Path, key: str) -> list[str]:
    """The lines of the .pot's entry `key` from its msgid to its msgstr."""
    lines = (root / POT).read_text(encoding="utf-8").split("\n")
    start = lines.index(f'msgctxt "{key}"') + 1
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("msgstr"))
    return lines[start:end]


def test_ordinary_texts_are_still_wrapped(project):
    prose = " ".join(["Draw a card, then discard one of your choice."] * 8)
    word = "x" * translate.LONGEST_RUN  # the longest run still wrapped
    set_texts(project, [prose, f"{word} {prose}"])
    assert main(["--root", str(project), "translate", "extract", GAME]) == 0
    assert entries(read(project, POT)) == expected(project)
    for key in ("card0.text", "card1.text"):
        lines = _msgid_lines(project, key)
        assert len(lines) > 3, lines
        # each line within the width, but the word's own: Babel never breaks a word
        assert all(len(line) <= translate.WIDTH for line in lines if word not in line), lines


def test_a_file_with_a_run_past_the_bound_is_written_unwrapped(project):
    prose = " ".join(["Draw a card, then discard one of your choice."] * 8)
    word = "x" * (translate.LONGEST_RUN + 1)
    set_texts(project, [prose, f"{word} {prose}"])
    assert main(["--root", str(project), "translate", "extract", GAME]) == 0
    po = read(project, POT)
    assert entries(po) == expected(project)
    assert po.get(f"{word} {prose}", "card1.text") is not None
    assert _msgid_lines(project, "card0.text") == [f'msgid "{prose}"']


# ---------------------------------------------------------------- fuzzy matching


def _random_texts(count: int, length: int) -> list[str]:
    pick = random.Random(1)

    def one() -> str:
        return "".join(
            chr(0x4E00 + pick.randrange(3000)) + (" " if j % 40 == 39 else "")
            for j in range(length)
        ).strip()  # a table's cell is read stripped

    return [one() for _ in range(count)]


def test_many_long_new_texts_against_many_old_entries_update_in_bounds(project):
    """Babel compares each new text with each translated entry (difflib): 10 new texts of
    20,000 characters against 10 entries made from them reversed take about 0.25 s a pair."""
    texts = _random_texts(10, 20_000)
    set_texts(project, texts)
    folder = project / PO
    folder.parent.mkdir(parents=True)
    entries_old = "".join(
        f'msgctxt "gone{i}.text"\nmsgid "{text[::-1]}"\nmsgstr "x"\n\n'
        for i, text in enumerate(texts)
    )
    folder.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n"Language: fr\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n' + entries_old,
        encoding="utf-8",
    )
    done = bounded_command(project, "translate", "update", GAME, "--lang", "fr")
    code, err = done.code, done.err
    assert code == 0, err[-2000:]
    po = read(project, PO)
    assert entries(po) == expected(project)
    assert not any(m.fuzzy for m in po if m.id)  # no guess made: too much work
    assert all(not po.get(text, f"card{i}.text").string for i, text in enumerate(texts))
    kept = {m.context: m.string for m in po.obsolete.values()}  # the old ones, obsolete
    assert kept == {f"gone{i}.text": "x" for i in range(10)}


def test_an_ordinary_update_still_guesses_a_changed_texts_translation(project):
    assert main(["--root", str(project), "translate", "update", GAME, "--lang", "fr"]) == 0
    fill_po(project, {"dawn.text": "Jouez sur n'importe quelle carte Soleil."})
    cards = project / "catalog" / GAME / "cards.csv"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("Play on any Sun card.", "Play on any Sun card now."))
    assert main(["--root", str(project), "translate", "update", GAME, "--lang", "fr"]) == 0
    po = read(project, PO)
    assert entries(po) == expected(project)
    entry = po.get("Play on any Sun card now.", "dawn.text")
    assert entry is not None and entry.fuzzy
    assert entry.string == "Jouez sur n'importe quelle carte Soleil."
    # the source it was translated from, kept for the translator to compare (`#|`)
    assert '#| msgid "Play on any Sun card."' in (project / PO).read_text(encoding="utf-8")


def test_the_fuzzy_bound_lets_an_ordinary_update_guess_and_refuses_the_hostile_one():
    def work(new: list[str], old: list[str]) -> int:
        current = PoCatalog(locale="fr")
        for i, text in enumerate(old):
            current.add(text, "x", context=f"old{i}")
        updated = PoCatalog(locale="fr")
        for i, text in enumerate(new):
            updated.add(text, "", context=f"new{i}")
        return translate._fuzzy_work(current, updated)

    ordinary = work(["w" * 100] * 10, ["o" * 100] * 700)
    hostile = work(_random_texts(10, 20_000), ["o" * 20_000] * 10)
    assert ordinary <= translate.FUZZY_WORK < hostile
