"""Severities: errors fail the check, warnings report and fail only under --strict, and a
game can acknowledge a warning in rules.toml with a reason that the report shows."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

WARNING_FACT = """
[[facts]]
kind = "table"
name = "the Quick and the Dead deals 5 cards"
table = "quick-and-the-dead"
row = "cards dealt to each player"
equals = 5
level = "warning"
choice = "a wish, not a rule"
"""

ACK = """
[[acknowledge]]
check = "the Quick and the Dead deals 5 cards"
contains = "the table has 6"
reason = "kept at six while the variant is play-tested"
"""


def run(cli, root, *extra: str):
    return cli("--root", str(root), "check", "atmosfear", "--only", "facts", *extra)


def test_a_warning_reports_and_passes_but_fails_under_strict(shipped, cli) -> None:
    game = shipped("atmosfear")
    shutil.copytree(ROOT / "layouts" / "atmosfear", game.root / "layouts" / "atmosfear")
    game.append("rules.toml", WARNING_FACT)
    plain = run(cli, game.root)
    assert plain.code == 0
    assert "warn  the Quick and the Dead deals 5 cards" in plain.out
    assert "the rulebook states 5, the table has 6" in plain.out
    strict = run(cli, game.root, "--strict")
    assert strict.code == 1
    assert (
        "FAIL  the Quick and the Dead deals 5 cards" in strict.out
        and "--strict fails it" in strict.out
    )


def test_an_acknowledged_warning_shows_its_reason_and_passes_strict(shipped, cli) -> None:
    game = shipped("atmosfear")
    shutil.copytree(ROOT / "layouts" / "atmosfear", game.root / "layouts" / "atmosfear")
    game.append("rules.toml", WARNING_FACT + ACK)
    result = run(cli, game.root, "--strict")
    assert result.code == 0, result.out
    assert "ack   the Quick and the Dead deals 5 cards: 1 acknowledged" in result.out
    assert "acknowledged: catalog/atmosfear/rules.toml:" in result.out
    assert "— kept at six while the variant is play-tested" in result.out
    data = json.loads(run(cli, game.root, "--strict", "--json").out)
    check = next(
        c for c in data["games"][0]["checks"] if c["rule"] == "the Quick and the Dead deals 5 cards"
    )
    assert check["status"] == "ack" and check["findings"] == []
    assert check["acknowledged"][0]["reason"] == "kept at six while the variant is play-tested"
    assert "the table has 6" in check["acknowledged"][0]["message"]


def test_an_error_cannot_be_acknowledged_and_a_stale_acknowledgment_is_reported(
    shipped, cli
) -> None:
    game = shipped("atmosfear")
    shutil.copytree(ROOT / "layouts" / "atmosfear", game.root / "layouts" / "atmosfear")
    game.append("rules.toml", WARNING_FACT.replace('level = "warning"\n', "") + ACK)
    result = run(cli, game.root)
    assert result.code == 1
    assert "FAIL  the Quick and the Dead deals 5 cards" in result.out
    assert "acknowledgment of 'the Quick and the Dead deals 5 cards' is still needed" in result.out


def test_the_build_with_strict_writes_nothing_for_a_game_with_a_warning(
    shipped, cli, tmp_path
) -> None:
    import shutil
    from pathlib import Path

    game = shipped("atmosfear")
    shutil.copytree(
        Path(__file__).resolve().parents[2] / "layouts" / "atmosfear",
        game.root / "layouts" / "atmosfear",
    )
    game.append("rules.toml", WARNING_FACT)
    out = tmp_path / "out"
    plain = cli("--root", str(game.root), "atmosfear", "--only", "svg", "--out", str(out / "plain"))
    assert plain.code == 0
    assert any((out / "plain" / "atmosfear" / "svg").glob("*.svg"))
    strict = cli(
        "--root",
        str(game.root),
        "atmosfear",
        "--only",
        "svg",
        "--strict",
        "--out",
        str(out / "strict"),
    )
    assert strict.code == 1
    assert not any((out / "strict").rglob("*.svg"))
