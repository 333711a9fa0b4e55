"""The signed-texts check reads a table one cell at a time: it keeps a text for each cell it
may hold to a signature and lets the cell's region go, so a game of many cards never holds a
region for every cell of its tables (at 50,000 cards those were 300,000 regions, the
largest part of the build's peak memory). The texts it finds are the ones the game's whole
list of regions gives."""

from __future__ import annotations

import gc
from pathlib import Path

from cardstock.core.cache import open_cache
from cardstock.init import init_project
from cardstock.rules import player_texts, signed
from cardstock.rules.player_texts import Region, game_files
from cardstock.validate import validate

GAME = "moon-race"
ROWS = 600


def grown_starter(tmp_path: Path):
    """The starter of `cardstock init`, its card table grown to ROWS more cards."""
    root = tmp_path / GAME
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    table = root / "catalog" / GAME / "cards.csv"
    lines = table.read_text(encoding="utf-8").splitlines()
    header, model = lines[0], next(x for x in lines[1:] if x and not x.startswith("#"))
    name = model.split(",")[header.split(",").index("name")]
    more = [model.replace(name, f"{name} {i}", 1) for i in range(ROWS)]
    table.write_text("\n".join([*lines, *more]) + "\n", encoding="utf-8")
    found = validate(root, [GAME], open_cache(tmp_path / "cache"))
    return found.catalogs[0]


def live_regions() -> int:
    return sum(1 for o in gc.get_objects() if isinstance(o, Region))


def test_the_check_never_holds_every_cell_of_a_table(tmp_path, monkeypatch):
    catalog = grown_starter(tmp_path)
    cells = len([r for r in game_files(catalog).regions if r.column is not None])
    assert cells > 3 * ROWS
    gc.collect()
    seen: list[int] = []
    real = player_texts.table_cells

    def counted(*args, **kwargs):
        for n, region in enumerate(real(*args, **kwargs)):
            if n % 200 == 199:
                seen.append(live_regions())
            yield region

    monkeypatch.setattr(player_texts, "table_cells", counted)
    found = signed.texts(catalog)
    assert found and seen
    assert max(seen) < 50  # a handful at a time, never a table's worth


def test_the_texts_are_those_the_whole_list_of_regions_gives(tmp_path):
    catalog = grown_starter(tmp_path)
    regions = [r for r in game_files(catalog).regions if r.column is not None]
    prose = {r.column for r in regions if len(r.text.split()) >= 4}
    cells = {
        (r.shown, f"{r.row_id or r.row}: {r.column}")
        for r in regions
        if r.column in prose and not r.number
    }
    found = {(t.at, t.key) for t in signed.texts(catalog) if t.key and ": " in t.key}
    assert cells and cells <= found
