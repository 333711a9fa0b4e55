"""A game's checker is its rules.toml alone, and it stays small beside what it checks: no file
of signed texts (`signed.toml`) is in the repository or in the project `cardstock init`
writes; the five shipped games' checker files hold at most half of the 31,500 lines their
rules and signed texts once held; the starter's rules file is no longer than its own game
files."""

from __future__ import annotations

from pathlib import Path

from conftest import GAMES, ROOT
from helpers_edits import STARTER, starter

# the lines the five games' rules.toml and signed.toml held before the facts replaced the
# signed texts; their checker files now hold at most half of it
BEFORE = 31_500
CHECKER = ("rules.toml", "signed.toml")  # the files the checker reads and a build does not
# the folders of a checkout that are not the project's own (a virtualenv, git, a build)
NOT_OURS = {".venv", ".git", "output", "build", "dist"}


def lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def checker_lines(folder: Path) -> int:
    return sum(lines(folder / name) for name in CHECKER if (folder / name).is_file())


def game_lines(folder: Path) -> int:
    """The lines of a game's own files: its game.toml and its tables."""
    return lines(folder / "game.toml") + sum(lines(p) for p in sorted(folder.glob("*.csv")))


def signed_files(root: Path) -> list[Path]:
    return [
        p
        for top in sorted(root.iterdir())
        if top.is_dir() and top.name not in NOT_OURS and not top.name.startswith(".")
        for p in top.rglob("signed.toml")
    ]


def test_no_file_of_signed_texts_is_in_the_repository() -> None:
    assert signed_files(ROOT) == []


def test_the_five_games_checker_files_hold_at_most_half_the_lines_they_held() -> None:
    per_game = {g: checker_lines(ROOT / "catalog" / g) for g in GAMES}
    assert len(per_game) == 5 and all(per_game.values()), per_game
    assert sum(per_game.values()) <= BEFORE // 2, per_game


def test_init_writes_no_signed_texts_and_a_rules_file_no_longer_than_its_game(
    tmp_path: Path,
) -> None:
    root = starter(tmp_path)
    folder = root / "catalog" / STARTER
    assert signed_files(root) == []
    assert 0 < checker_lines(folder) <= game_lines(folder), (
        checker_lines(folder),
        game_lines(folder),
    )


def test_a_signed_file_or_a_long_rules_file_is_found(tmp_path: Path) -> None:
    """The measures above can fail: a signed.toml anywhere is listed, and its lines count."""
    root = starter(tmp_path)
    folder = root / "catalog" / STARTER
    (folder / "signed.toml").write_text("x = 1\n" * (game_lines(folder) + 1), encoding="utf-8")
    assert signed_files(root) == [folder / "signed.toml"]
    assert checker_lines(folder) > game_lines(folder)
