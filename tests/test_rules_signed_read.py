"""A game's signed.toml is read text by text: each text is validated as it is made a
signature and its table let go of, so a game of many cards never holds every text's
validated model at once. What is wrong is reported as a whole model's validation would
report it: the same line, key and message for each problem."""

from __future__ import annotations

from pathlib import Path

from cardstock.core.issues import Issues
from cardstock.core.validation import read_model
from cardstock.rules import signed_file
from cardstock.rules.signed_file import SignedModel, read_signed

GOOD = '[[text]]\nat = "layouts/g/rulebook.md.j2"\nsays = "Draw two cards."\ncites = [3]\n\n'
BAD = (
    GOOD
    + '[[text]]\nat = "catalog/g/game.toml"\nkey = 7\nsays = "A heading"\nown = "a heading"\n\n'
    + '[[text]]\nat = "catalog/g/game.toml"\nsays = "x"\nwhy = "?"\ncites = ["two"]\n\n'
    + '[[text]]\nsays = "no file"\n'
)


def project(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "catalog" / "g"
    folder.mkdir(parents=True)
    (folder / "signed.toml").write_text(text, encoding="utf-8")
    return folder


def read(tmp_path: Path, text: str) -> tuple[object, list[str]]:
    folder = project(tmp_path, text)
    issues = Issues()
    signed = read_signed(folder, tmp_path, "catalog/g/signed.toml", issues, cards=10)
    return signed, [i.render() for i in issues]


def test_each_text_is_read_into_a_signature(tmp_path, monkeypatch):
    whole = []
    monkeypatch.setattr(
        SignedModel, "model_validate", lambda data, **k: whole.append(data) or SignedModel()
    )
    signed, problems = read(tmp_path, GOOD * 3)
    assert problems == []
    assert [t.says for t in signed.texts] == ["Draw two cards."] * 3
    assert signed.texts[0].cites == (3,) and signed.texts[0].at == "layouts/g/rulebook.md.j2"
    assert all(not data.get("text") for data in whole)  # never every text at once


def test_a_mistake_is_reported_as_the_whole_files_validation_reports_it(tmp_path):
    signed, problems = read(tmp_path, BAD)
    assert signed is None
    folder = tmp_path / "catalog" / "g"
    whole, expected = read_model(
        folder / "signed.toml", "catalog/g/signed.toml", tmp_path, SignedModel
    )
    assert whole is None
    assert problems == [i.render() for i in expected]
    assert any("text[1].key" in p for p in problems)
    assert any("text[2].why" in p and "unknown key" in p for p in problems)
    assert any("text[3].at" in p for p in problems)


def test_a_file_without_texts_signs_none_and_a_text_that_is_not_a_list_is_a_mistake(tmp_path):
    signed, problems = read(tmp_path, "")
    assert problems == [] and signed is not None and signed.texts == []
    signed, problems = read(tmp_path / "b", 'text = "all of them"\n')
    assert signed is None and len(problems) == 1 and "text" in problems[0]


def test_the_reader_keeps_no_table_of_a_text_it_made_a_signature(tmp_path, monkeypatch):
    seen = {}
    texts = signed_file._texts

    def kept(data, shown, lines):
        out = texts(data, shown, lines)
        seen["left"] = data["text"]
        return out

    monkeypatch.setattr(signed_file, "_texts", kept)
    read(tmp_path, GOOD * 4)
    assert seen["left"] == [None] * 4
