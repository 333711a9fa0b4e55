"""The cards a game's continued texts add are bounded for the whole game, not only for one
card (`continued.GAME_PARTS_MAX`), and with each copy of each they count against the
game's components (`MAX_COMPONENTS`): the row whose parts take the game past a bound is
one error at its line (exit 2), found before any part is laid out, and nothing is
written (docs/layouts.md, "Text that continues"; docs/catalog-format.md, the bounds)."""

from __future__ import annotations

import csv
import io
import random
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES, main
from helpers_bounds import MEMORY_MB, bounded_build

from cardstock.init import init_project
from cardstock.layout import faces as faces_module
from cardstock.layout.text import continued

WORDS = "each opponent discards a card of their choice then you draw one and shuffle".split()


def _text(chars: int, seed: int) -> str:
    """About `chars` characters of rule words, one paragraph."""
    rnd = random.Random(seed)
    out: list[str] = []
    while sum(len(w) + 1 for w in out) < chars:
        out.append(rnd.choice(WORDS))
    return " ".join(out)


def _project(root: Path, rows: list[tuple[str, int]]) -> Path:
    """The mini game with a continuing card body and `rows` (id, count) of long text."""
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    game = root / "catalog" / "mini" / "game.toml"
    cards = 6 + sum(count for _id, count in rows)
    toml = game.read_text(encoding="utf-8")
    game.write_text(toml.replace('"6 cards"', f'"{cards} cards"'), encoding="utf-8")
    buf = io.StringIO()
    for i, (cid, count) in enumerate(rows):
        text = _text(3_000, seed=i)
        csv.writer(buf, lineterminator="\n").writerow(
            [cid, cid.title(), count, "Fire", 4, "fire", text, "", "no", ""]
        )
    with (root / "catalog" / "mini" / "cards.csv").open("a", encoding="utf-8") as f:
        f.write(buf.getvalue())
    (root / "layouts" / "mini").mkdir(parents=True)
    (root / "layouts" / "mini" / "faces.toml").write_text(
        '[layouts.card.boxes.body]\ntext = "{{ text }}"\noverflow = "continue"\n',
        encoding="utf-8",
    )
    return root


def _line_of(root: Path, cid: str) -> int:
    lines = (root / "catalog" / "mini" / "cards.csv").read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if line.startswith(f"{cid},"))


def _parts_laid_out(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the parts after the first that get laid out, as they are."""
    seen: list[str] = []
    real = faces_module._lay_out

    def counting(st: Any, record: Any, side: str, bleed: bool) -> Any:
        comp = record.shown.component
        if comp.id in st.parts:
            seen.append(comp.id)
        return real(st, record, side, bleed)

    monkeypatch.setattr(faces_module, "_lay_out", counting)
    return seen


def test_continued_cards_of_a_game_within_its_bound_all_print(tmp_path, capsys):
    root = _project(tmp_path, [("longa", 1), ("longb", 1)])
    assert main(["--root", str(root), "check"]) == 0, capsys.readouterr().err


def test_the_row_whose_parts_pass_the_games_bound_is_one_error_and_none_is_laid_out(
    tmp_path, capsys, monkeypatch
):
    monkeypatch.setattr(continued, "GAME_PARTS_MAX", 6)  # each long row adds 4 cards
    laid = _parts_laid_out(monkeypatch)
    root = _project(tmp_path, [("longa", 1), ("longb", 1), ("longc", 1)])
    assert main(["--root", str(root), "build", "--only", "printed,pnp"]) == 2
    err = capsys.readouterr().err
    errors = [line for line in err.splitlines() if "cardstock lets them add" in line]
    assert len(errors) == 1, err
    at = f"catalog/mini/cards.csv:{_line_of(root, 'longb')}: layout box body: "
    assert errors[0].startswith(at + "the text continues onto "), err
    assert "would add 8 cards, more than the 6 cardstock lets them add" in errors[0]
    assert "internal error" not in err and "Traceback" not in err
    assert laid == []  # refused before a part is laid out
    assert not (root / "output").exists()


def test_the_copies_of_continued_cards_count_against_the_games_components(
    tmp_path, capsys, monkeypatch
):
    monkeypatch.setattr(continued, "MAX_COMPONENTS", 12)  # the game has 6 copies and 4 more
    root = _project(tmp_path, [("longa", 4)])
    assert main(["--root", str(root), "check"]) == 2
    err = capsys.readouterr().err
    assert f"catalog/mini/cards.csv:{_line_of(root, 'longa')}: layout box body: " in err
    assert "4 copies of each take the game past the most cardstock prints in one game" in err
    assert "(12 components, each copy counted)" in err
    assert "internal error" not in err


def test_a_game_bound_of_continued_cards_stops_the_check_as_soon_as_it_is_passed(
    tmp_path, capsys, monkeypatch
):
    monkeypatch.setattr(continued, "GAME_PARTS_MAX", 6)  # each long row adds 4 cards
    fronts: list[str] = []
    real = faces_module._lay_out

    def counting(st: Any, record: Any, side: str, bleed: bool) -> Any:
        fronts.append(record.shown.component.id)
        return real(st, record, side, bleed)

    monkeypatch.setattr(faces_module, "_lay_out", counting)
    rows = [(f"long{i}", 1) for i in range(6)]
    root = _project(tmp_path, rows)
    assert main(["--root", str(root), "check"]) == 2
    assert "cardstock lets them add" in capsys.readouterr().err
    # the long rows after the one refused (long1) are not laid out to learn their parts
    assert "long1" in fronts
    assert not {"long2", "long3", "long4", "long5"} & set(fronts)


def test_sixty_rows_of_long_continued_text_are_refused_under_the_cpu_and_memory_limits(tmp_path):
    # the starter's note set, its rows a table of 60 texts of 120,000 characters, each
    # continuing onto some 170 cards: 42 s of CPU and 2.5 GB to pass, before the bound
    root = tmp_path / "project"
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    game = root / "catalog" / "moon-race" / "game.toml"
    toml = game.read_text(encoding="utf-8")
    rows = re.compile(r'^rows = \[\n  \{ id = "from-the-designer".*?\n\]\n', re.M | re.S)
    assert rows.search(toml)
    game.write_text(rows.sub('table = "notes.csv"\n', toml), encoding="utf-8")
    text = " ".join(f"word{i % 10}" for i in range(20_000))
    table = "name,text\n" + "".join(f"N{i},{text}\n" for i in range(60))
    (root / "catalog" / "moon-race" / "notes.csv").write_text(table, encoding="utf-8")
    result = bounded_build(root)
    assert result.code == 2, result.err
    assert result.peak_mb < MEMORY_MB, result.peak_mb
    errors = [line for line in result.err.splitlines() if line.startswith("catalog/")]
    assert len(errors) == 1, result.err
    assert errors[0].startswith("catalog/moon-race/notes.csv:"), result.err
    assert f"more than the {continued.GAME_PARTS_MAX:,} cardstock lets them add" in errors[0]
    assert "Traceback" not in result.err and "internal error" not in result.err
    assert not (root / "output").exists()
