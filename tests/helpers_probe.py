"""A probe project for the sheet tests: the mini fixture game with 24 double-sided poker
cards added (12 reverses of their own, two copies of each), as issue #45 describes."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES, load_games

# 24 poker cards, each with a reverse of its own (12 designs, two copies of each)
PROBE = (
    """
[[sets]]
id = "probe"
name = "Probe"
kind = "card"
group = "Probe"
double_sided = true
fields = { secret = { type = "text" } }
rows = [
"""
    + "".join(
        f'  {{ id = "probe-{k}", name = "Probe {k}", count = 2, secret = "reverse {k}" }},\n'
        for k in range(1, 13)
    )
    + "]\n"
)


def probe_catalog(root: Path):
    """The mini game with the probe set added, copied under `root` and loaded."""
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    path = root / "catalog" / "mini" / "game.toml"
    path.write_text(path.read_text(encoding="utf-8") + PROBE, encoding="utf-8")
    (cat,), issues = load_games(root, ["mini"])
    assert not issues.errors, [i.render() for i in issues]
    return cat
