"""`check --sources DIR` holds every cited rule fact to its source lines, as
$CARDSTOCK_SOURCES does: the folder given on the command line reaches the rule facts' own
check, not only the coverage of the source."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SEEDS, copy_project

pytestmark = pytest.mark.needs_seeds

EDITED = 'cite = { line = 49, says = "after the lead, play moves round the table clockwise" }'


def _check(cli, root, *extra: str):
    """The rule facts and the source coverage only: the setup simulation proves nothing
    about a fact's cited lines."""
    return cli("--root", str(root), "check", "atmosfear", "--only", "facts,source", *extra)


def _project(tmp_path: Path) -> Path:
    return copy_project(tmp_path / "proj", ("atmosfear",))


def test_a_rule_fact_cited_to_the_wrong_line_fails_with_the_sources_option(
    tmp_path, cli, monkeypatch
):
    monkeypatch.delenv("CARDSTOCK_SOURCES", raising=False)
    root = _project(tmp_path)
    rules = root / "catalog" / "atmosfear" / "rules.toml"
    text = rules.read_text(encoding="utf-8")
    assert EDITED in text
    rules.write_text(text.replace(EDITED, EDITED.replace("line = 49", "line = 3")), "utf-8")
    result = _check(cli, root, "--sources", str(SEEDS))
    assert result.code == 1
    assert "trick-order" in result.out or "a trick goes round clockwise" in result.out


def test_the_unedited_game_passes_with_the_sources_option(tmp_path, cli, monkeypatch):
    monkeypatch.delenv("CARDSTOCK_SOURCES", raising=False)
    assert _check(cli, _project(tmp_path), "--sources", str(SEEDS)).code == 0
