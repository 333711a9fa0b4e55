"""A starter project in a git repository of its own, for the tests of the playtest loop
(`--changed-since`, `changelog`, `proof`): made with `cardstock init`, committed, and
edited by the tests."""

from __future__ import annotations

import csv
import io
import subprocess
from pathlib import Path

from cardstock.cli import main

GAME = "moon-race"


def git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def project(root: Path) -> Path:
    """The starter game at `root`, committed as the repository's first version."""
    assert main(["init", str(root), "--name", "Moon Race"]) == 0
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "first playtest")
    return root


def cards(root: Path) -> Path:
    return root / "catalog" / GAME / "cards.csv"


def edit_row(root: Path, name: str, column: str, value: str) -> None:
    """Set one cell of a one-line row of the starter's cards.csv (its comment line kept)."""
    path = cards(root)
    lines = path.read_text().splitlines(keepends=True)
    header = next(csv.reader([lines[0]]))
    out = []
    for line in lines:
        row = next(csv.reader([line])) if line.strip() and not line.startswith("#") else None
        if row and row[0] == name:
            row[header.index(column)] = value
            buffer = io.StringIO()
            csv.writer(buffer, lineterminator="\n").writerow(row)
            line = buffer.getvalue()
        out.append(line)
    path.write_text("".join(out))


def build(root: Path, *args: str) -> int:
    return main(["--root", str(root), "build", "--jobs", "1", "--paper", "letter", *args])
