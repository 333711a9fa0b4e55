"""What every command shares: the exit codes, printing issues once, text from a project's
files made safe for a terminal, finding the project and loading its games."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ..core.issues import Issue, Issues, escaped

if TYPE_CHECKING:
    from ..catalog.load import Catalog


EXIT_OK, EXIT_RULES, EXIT_INPUT, EXIT_INTERNAL = 0, 1, 2, 3


EXIT_PIPE = 141  # as a shell reports a command stopped by SIGPIPE


def safe(text: str) -> str:
    """Text made from a project's files, line by line with control characters escaped
    (`core.issues.escaped`): a title or a name cannot drive the terminal."""
    return "\n".join(escaped(line) for line in text.split("\n"))


def find_root(start: Path) -> Path:
    """The nearest folder at or above `start` that has a catalog/ folder (else `start`)."""
    for folder in (start, *start.parents):
        if (folder / "catalog").is_dir():
            return folder
    return start


def game_ids(root: Path, names: Sequence[str], cwd: Path) -> list[str]:
    """The game ids the command line names, where a name may be a folder as a designer
    types it from where they stand: the project's own folder (`cardstock check .` at its
    top) stands for every game, a game's catalog/ or layouts/ folder (`.` inside
    catalog/vortex) for that game. Any other name is kept as typed, for the catalog to
    report if no game has it."""
    games = root / "catalog", root / "layouts"
    out: list[str] = []
    for name in names:
        folder = cwd / name
        if not (name in (".", "..") or "/" in name or "\\" in name) or not folder.is_dir():
            out.append(name)
            continue
        where = folder.resolve()
        if where == root:
            return []  # the whole project: every game
        out.append(where.name if where.parent in games else name)
    return list(dict.fromkeys(out))


def print_issues(
    issues: Sequence[Issue] | Issues, stream: TextIO | None = None, *, written: bool = False
) -> None:
    """Each issue, then how many errors there are and what that left unwritten: nothing,
    or (`written`: found after the build wrote its files) the downloads page."""
    stream = stream or sys.stderr
    for issue in issues:
        print(issue.render(), file=stream)
    errors = sum(1 for i in issues if i.level == "error")
    if errors:
        left = (
            "the other files were written, the downloads page was not"
            if written
            else "nothing was written"
        )
        print(f"{errors} error{'s' if errors != 1 else ''}; {left}.", file=stream)


def load_catalogs(
    args: argparse.Namespace, games: list[str] | None, *, rules: bool = True
) -> tuple[list[Catalog], int]:
    """The games' catalogs (game files, tables and, with `rules`, rules files), or the
    exit code of bad input (every problem printed once). Without `rules` no rules.toml is
    read and the rules' code is not imported: a command that says nothing of the rules
    (`cardstock list`) neither pays for them nor stops at their mistakes."""
    from ..catalog.load import RulesReader, load_games

    reader: RulesReader | None = None
    if rules:
        from ..rules.model import load_rules

        reader = load_rules
    catalogs, issues = load_games(args.root, games or None, reader)
    if issues:
        print_issues(issues)
    if issues.errors:
        return catalogs, EXIT_INPUT
    if not catalogs:
        print(f"no games found under {args.root / 'catalog'}", file=sys.stderr)
        return catalogs, EXIT_INPUT
    return catalogs, EXIT_OK


def written_through_link(catalog: Catalog, target: Path, what: str) -> bool:
    """Whether writing `target` (a file of the game's own folder) would go through a link;
    if so the refusal is printed, located (`what`: what cardstock writes there)."""
    from ..init import first_link

    linked = first_link(catalog.root, [target.relative_to(catalog.root).as_posix()])
    if linked is None:
        return False
    print_issues(
        [
            Issue(
                catalog.display(linked),
                None,
                "",
                f"is a link: cardstock writes {what} only into the game's own folder",
            )
        ]
    )
    return True
