"""The layouts cardstock ships are parsed once and kept, parsed, in the user cache under a
hash of their bytes: a later process reads them back, a changed file is parsed again, and a
project's own files are never kept there (a cold build parses the game's content afresh).
Within one process a file read twice is parsed once, and every reader gets its own copy."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardstock.core import project, tomlpos
from conftest import ROOT


def counts() -> tuple[int, int, int]:
    s = tomlpos.READ_STATS
    return s.parsed, s.remembered, s.cached


def delta(before: tuple[int, int, int]) -> tuple[int, int, int]:
    now = counts()
    return now[0] - before[0], now[1] - before[1], now[2] - before[2]


def new_process() -> None:
    """What a new process starts with: nothing remembered in memory."""
    tomlpos.forget()


@pytest.fixture
def shipped(tmp_path, monkeypatch) -> Path:
    """A copy of the shipped layouts standing in for cardstock's own, and an empty user cache."""
    folder = tmp_path / "shipped"
    shutil.copytree(ROOT / "layouts", folder, ignore=shutil.ignore_patterns("alpha*", "alter*", "atmos*", "vortex"))
    monkeypatch.setattr(project, "shipped_layouts", lambda: folder)
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    new_process()
    yield folder
    new_process()


def test_a_shipped_layout_is_parsed_once_then_read_back_by_a_new_process(shipped, tmp_path):
    path = shipped / "default.toml"
    before = counts()
    (data, lines), problem = tomlpos.read_toml(path, "cardstock:layouts/default.toml")
    assert problem is None
    assert delta(before) == (1, 0, 0)
    assert len(list((tmp_path / "cache" / "toml").glob("*.marshal"))) == 1

    new_process()
    before = counts()
    (again, again_lines), _ = tomlpos.read_toml(path, "cardstock:layouts/default.toml")
    assert delta(before) == (0, 0, 1)  # read back from the user cache, not parsed
    assert again == data and again_lines == lines
    # what was read back is what parsing gives: a key's line is the line that names it
    text = path.read_text(encoding="utf-8").splitlines()
    some = next(k for k in lines if len(k) == 2 and isinstance(k[1], str))
    assert some[1] in text[lines[some] - 1]


def test_a_changed_shipped_layout_is_parsed_again(shipped):
    path = shipped / "sheets" / "cards.toml"
    (data, _), _ = tomlpos.read_toml(path, "cardstock:layouts/sheets/cards.toml")
    text = path.read_text(encoding="utf-8")
    path.write_text(text + '\n[changed]\nnote = "a new table"\n', encoding="utf-8")

    new_process()
    before = counts()
    (changed, lines), _ = tomlpos.read_toml(path, "cardstock:layouts/sheets/cards.toml")
    assert delta(before) == (1, 0, 0)
    assert changed["changed"] == {"note": "a new table"}
    assert lines[("changed", "note")] == len(text.splitlines()) + 3
    assert {k: v for k, v in changed.items() if k != "changed"} == data


def test_a_projects_own_files_are_never_kept_in_the_user_cache(shipped, tmp_path):
    own = tmp_path / "project" / "catalog" / "g" / "game.toml"
    own.parent.mkdir(parents=True)
    own.write_text('id = "g"\ntitle = "G"\n', encoding="utf-8")
    tomlpos.read_toml(own, "catalog/g/game.toml")
    assert not (tmp_path / "cache" / "toml").exists()

    new_process()
    before = counts()
    (data, _), _ = tomlpos.read_toml(own, "catalog/g/game.toml")
    assert delta(before) == (1, 0, 0)  # parsed again in the new process
    assert data == {"id": "g", "title": "G"}


def test_one_process_parses_a_file_once_and_each_reader_gets_its_own_copy(shipped, tmp_path):
    own = tmp_path / "rules.toml"
    own.write_text('[limits]\nhand = 7\nnames = ["a", "b"]\nwhen = 2024-05-01\n', encoding="utf-8")
    path = shipped / "symbols.toml"
    before = counts()
    (first, _), _ = tomlpos.read_toml(path, "s")
    first.clear()  # a reader that changes what it got
    (second, _), _ = tomlpos.read_toml(path, "s")
    assert delta(before) == (1, 1, 0)
    assert second and second != first

    # a file with a date cannot be kept as it is: it is parsed each time, and read right
    for _ in range(2):
        (dated, _), _ = tomlpos.read_toml(own, "rules.toml")
        assert dated["limits"]["hand"] == 7 and str(dated["limits"]["when"]) == "2024-05-01"


def test_broken_toml_still_reads_as_an_issue_with_its_line(shipped):
    path = shipped / "default.toml"
    path.write_text(path.read_text(encoding="utf-8") + "\n[broken\n", encoding="utf-8")
    for _ in range(2):
        read, problem = tomlpos.read_toml(path, "cardstock:layouts/default.toml")
        assert read is None
        assert problem.render().startswith("cardstock:layouts/default.toml:")
        assert "not valid TOML" in problem.render()


# ---------------------------------------------------------------- what is made of shipped files

from cardstock.core import shippedcache, templating
from cardstock import validate  # noqa: E402
from cardstock.layout import spec, symbols  # noqa: E402

SQUARE = '\n[symbols.cold-square]\nlabel = "Cold square"\nparts = [{ rects = [[10, 10, 80, 80]] }]\n'


def made(kind: str) -> tuple[int, int]:
    return shippedcache.STATS[f"{kind} made"], shippedcache.STATS[f"{kind} read"]


def moved(kind: str, before: tuple[int, int]) -> tuple[int, int]:
    now = made(kind)
    return now[0] - before[0], now[1] - before[1]


def test_the_shipped_symbol_library_is_read_once_then_read_back_and_again_when_it_changes(shipped, tmp_path):
    path, shown = shipped / "symbols.toml", "cardstock:layouts/symbols.toml"
    before = made("symbols")
    first = symbols.load_library(path, shown)
    assert moved("symbols", before) == (1, 0) and first.issues == []
    again = symbols.load_library(path, shown)
    assert moved("symbols", before) == (1, 1)
    assert again == first and again is not first and again.get("fire") == first.get("flame")

    path.write_text(path.read_text(encoding="utf-8") + SQUARE, encoding="utf-8")
    changed = symbols.load_library(path, shown)
    assert moved("symbols", before) == (2, 1)
    assert changed.get("cold-square") is not None and first.get("cold-square") is None


def test_a_cache_entry_not_sealed_by_this_user_is_never_unpickled(shipped, tmp_path):
    import pickle

    path, shown = shipped / "symbols.toml", "cardstock:layouts/symbols.toml"
    symbols.load_library(path, shown)
    (entry,) = (tmp_path / "cache" / "shipped").glob("symbols-*.pickle")
    entry.write_bytes(b"\0" * 32 + pickle.dumps("planted"))  # someone else's bytes, no valid seal
    before = made("symbols")
    lib = symbols.load_library(path, shown)
    assert moved("symbols", before) == (1, 0) and lib.get("fire") is not None


def test_a_projects_own_symbol_library_is_read_afresh_each_time(shipped, tmp_path):
    own = tmp_path / "project" / "layouts" / "symbols.toml"
    own.parent.mkdir(parents=True)
    own.write_text(SQUARE, encoding="utf-8")
    before = made("symbols")
    for _ in range(2):
        assert symbols.load_library(own, "layouts/symbols.toml").get("cold-square") is not None
    assert moved("symbols", before) == (0, 0)
    assert not (tmp_path / "cache" / "shipped").exists()


def test_the_shipped_default_layouts_are_merged_once_and_a_games_own_layouts_still_apply(shipped, tmp_path):
    root = tmp_path / "project"
    (root / "layouts" / "own").mkdir(parents=True)
    (root / "layouts" / "own" / "faces.toml").write_text('[theme]\nink = "#102030"\n', encoding="utf-8")
    before = made("layouts")
    plain = spec.load_layouts(root, "plain")
    assert moved("layouts", before) == (1, 0)
    own = spec.load_layouts(root, "own")
    again = spec.load_layouts(root, "plain")
    assert moved("layouts", before) == (1, 2)
    assert own.theme["ink"] == "#102030" and own.theme_origins["ink"][0] == "layouts/own/faces.toml"
    assert own.files == ("cardstock:layouts/default.toml", "layouts/own/faces.toml")
    # the game's file changed its own set only: the defaults read back are as first made
    assert again.theme == plain.theme and plain.theme["ink"] == "#23232b" and again.raw == plain.raw
    assert again.resolve("card") is not None and again.issues == [] and again.files == ("cardstock:layouts/default.toml",)

    (shipped / "default.toml").write_text(
        (shipped / "default.toml").read_text(encoding="utf-8").replace('ink = "#23232b"', 'ink = "#000001"'), encoding="utf-8")
    assert spec.load_layouts(root, "plain").theme["ink"] == "#000001"
    assert moved("layouts", before) == (2, 2)


def test_what_the_template_parser_says_of_a_text_is_kept_and_read_back(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    env = templating.environment()
    texts = ["{{ name | upper }}", "{{ name ", "{% if stat %}{{ stat }}{% endif %}"]

    def syntax_in_a_new_process() -> list:
        templating._FACTS.clear()
        validate._SYNTAX.clear()
        return [validate._syntax(env, "t", t) for t in texts]

    start = templating.FACT_STATS.compiled, templating.FACT_STATS.read
    first = syntax_in_a_new_process()
    assert first[0] is None and first[2] is None and "unexpected end of template" in first[1]
    assert (templating.FACT_STATS.compiled - start[0], templating.FACT_STATS.read - start[1]) == (3, 0)
    assert syntax_in_a_new_process() == first
    assert (templating.FACT_STATS.compiled - start[0], templating.FACT_STATS.read - start[1]) == (3, 3)
    # an expression is another fact than a template of the same text
    assert validate._syntax(env, "e", "name ") is None
    assert templating.FACT_STATS.compiled - start[0] == 4


def test_a_rules_claim_is_checked_once_per_text_and_fails_the_same_when_read_back(tmp_path, monkeypatch):
    from pydantic import ValidationError

    from cardstock.rules.examples import Claim

    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    messages = []
    for _ in range(2):
        templating._FACTS.clear()  # a new process
        start = templating.FACT_STATS.compiled, templating.FACT_STATS.read
        assert Claim(value="count(cards) + 1").value == "count(cards) + 1"
        with pytest.raises(ValidationError) as err:
            Claim(value="count(cards) +")
        messages.append(str(err.value))
        messages.append((templating.FACT_STATS.compiled - start[0], templating.FACT_STATS.read - start[1]))
    assert "not a valid expression" in messages[0] and messages[0] == messages[2]
    assert messages[1] == (2, 0) and messages[3] == (0, 2)  # worked out once, then read back


def test_a_mistake_in_the_shipped_defaults_is_reported_the_same_when_its_check_is_read_back(shipped, tmp_path, cli):
    from cardstock.init import init_project

    root = tmp_path / "proj"
    init_project(root, "Demo")
    assert not (root / "layouts" / "default.toml").exists()  # the project uses the shipped defaults
    text = (shipped / "default.toml").read_text(encoding="utf-8")
    import re

    header = re.search(r"^\[layouts\.card\.boxes\.[a-z-]+\]\n", text, re.M)
    assert header is not None
    (shipped / "default.toml").write_text(text[:header.end()] + 'font = "no-such-font"\n' + text[header.end():], encoding="utf-8")

    def check_in_a_new_process():
        new_process()
        validate._VALUES.clear()
        spec._cached.cache_clear()
        symbols._cached.cache_clear()
        return cli("--root", str(root), "check")

    before = made("layout-values")
    first = check_in_a_new_process()
    assert first.code == 2 and "cardstock:layouts/default.toml:" in first.err and "unknown font 'no-such-font'" in first.err
    assert moved("layout-values", before) == (1, 0)
    again = check_in_a_new_process()
    assert (again.code, again.err) == (first.code, first.err)
    assert moved("layout-values", before) == (1, 1)
