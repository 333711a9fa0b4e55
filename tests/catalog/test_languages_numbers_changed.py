"""A translation may state a number differently when the translator says why, entry by
entry, in a `.po` translator comment: `# numbers changed: <why>`. German measures a
"twelve-inch" move as "30 Zentimeter"; French repeats a "1" for emphasis. Without the
comment (or with no reason in it) a changed number stays an error; the comment never
accepts a dropped icon; and it survives `translate update`."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po, write_po
from helpers_languages import GAME, fill_po, french_demo

from cardstock.cli import main

# the starter's cards, as a ported miniatures game words them
MEASURED = "Move a twelve-inch ruler's length."
ONCE = "Take 1 card from the discard pile."
SAID = {
    "dawn.text": "Avance de 30 centimètres.",
    "dusk.text": "Prends 1 carte, et 1 seule, de la défausse.",
}
REASONS = {
    "dawn.text": "numbers changed: twelve inches are said as 30 cm in French",
    "dusk.text": "numbers changed: the French repeats the 1 for emphasis",
}


def project(tmp_path: Path) -> Path:
    root = french_demo(tmp_path / "proj")
    cards = root / "catalog" / GAME / "cards.csv"
    text = cards.read_text(encoding="utf-8")
    text = text.replace("Play on any Sun card.", MEASURED).replace("Play on any Moon card.", ONCE)
    cards.write_text(text, encoding="utf-8")
    assert run(root, "translate", "update", GAME, "--lang", "fr") == 0
    fill_po(root, SAID, lambda msgid: "FR " + msgid)
    return root


def run(root: Path, *args: str) -> int:
    return main(["--root", str(root), *args])


def po_path(root: Path) -> Path:
    return root / "catalog" / GAME / "translations" / "fr.po"


def comment(root: Path, comments: dict[str, str]) -> None:
    """Give entries a translator comment, as Poedit or a text editor writes it."""
    with po_path(root).open("rb") as f:
        po = read_po(f)
    for m in po:
        if m.context in comments:
            m.user_comments = [comments[m.context]]
    with po_path(root).open("wb") as f:
        write_po(f, po)


def check(root: Path, capsys) -> tuple[int, str]:
    capsys.readouterr()
    code = run(root, "check", GAME, "--lang", "fr")
    return code, capsys.readouterr().err


def test_a_changed_number_is_an_error_that_says_how_to_accept_it(tmp_path, capsys):
    code, err = check(project(tmp_path), capsys)
    assert code == 1
    assert "dawn.text: [fr] the translation states ['30'] where the source states []" in err
    assert "dusk.text: [fr] the translation states ['1', '1'] where the source states ['1']" in err
    assert "# numbers changed: <why>" in err


def test_a_reason_in_the_entrys_comment_accepts_its_numbers(tmp_path, capsys):
    root = project(tmp_path)
    comment(root, REASONS)
    code, err = check(root, capsys)
    assert code == 0, err
    assert "the translation states" not in err
    assert run(root, "build", GAME, "--lang", "fr", "--only", "svg") == 0
    faces = (root / "output" / f"{GAME}-fr" / "svg").glob("*.svg")
    assert "30 centimètres" in "".join(p.read_text("utf-8") for p in faces)


def test_the_acceptance_is_per_entry_and_needs_a_reason(tmp_path, capsys):
    root = project(tmp_path)
    comment(root, {"dawn.text": REASONS["dawn.text"], "dusk.text": "numbers changed:"})
    code, err = check(root, capsys)
    assert code == 1
    assert "dawn.text" not in err
    assert "dusk.text: [fr] the translation states ['1', '1']" in err
    assert "the `# numbers changed:` comment gives no reason" in err


def test_the_comment_accepts_numbers_not_a_dropped_icon(tmp_path, capsys):
    root = project(tmp_path)
    fill_po(root, {"noon.text": "Prends 2 étincelles si tu la joues sur une plus forte."})
    comment(root, {"noon.text": "numbers changed: two sparks, said in words"})
    code, err = check(root, capsys)
    assert code == 1
    assert "noon.text: [fr] the translation states ['2'] where the source states [':spark:']" in err
    assert "accepts other numbers, not other icons or placeholders" in err


def test_translate_update_keeps_the_comment(tmp_path, capsys):
    root = project(tmp_path)
    comment(root, REASONS)
    assert run(root, "translate", "update", GAME, "--lang", "fr") == 0
    assert "# numbers changed: twelve inches are said as 30 cm" in po_path(root).read_text("utf-8")
    assert check(root, capsys)[0] == 0
