"""The command line: parses options, runs stages, prints issues once, sets the exit code.

Exit codes: 0 success, 1 a rules check failed, 2 bad input (catalog, layout or options).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Callable, Optional, Sequence

from . import __version__
from .issues import Issue, Issues
from .load import Catalog, discover, load_games

EXIT_OK, EXIT_RULES, EXIT_INPUT, EXIT_INTERNAL = 0, 1, 2, 3


def find_root(start: Path) -> Path:
    """The nearest folder at or above `start` that has a catalog/ folder (else `start`)."""
    for folder in (start, *start.parents):
        if (folder / "catalog").is_dir():
            return folder
    return start


def print_issues(issues: Sequence[Issue] | Issues, stream=None) -> None:
    stream = stream or sys.stderr
    for issue in issues:
        print(issue.render(), file=stream)
    errors = sum(1 for i in issues if i.level == "error")
    if errors:
        print(f"{errors} error{'s' if errors != 1 else ''}; nothing was written.", file=stream)


def _load(args: argparse.Namespace, games: Optional[list[str]]) -> tuple[list[Catalog], int]:
    catalogs, issues = load_games(args.root, games or None)
    if issues:
        print_issues(issues)
    if issues.errors:
        return catalogs, EXIT_INPUT
    if not catalogs:
        print(f"no games found under {args.root / 'catalog'}", file=sys.stderr)
        return catalogs, EXIT_INPUT
    return catalogs, EXIT_OK


_PLURALS = {"die": "dice", "reference": "reference cards"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word if n == 1 else _PLURALS.get(word, word + 's')}"


def cmd_list(args: argparse.Namespace) -> int:
    catalogs, code = _load(args, None)
    if code:
        return code
    width = max(len(c.id) for c in catalogs)
    for cat in catalogs:
        t = cat.totals()
        kinds = ", ".join(_plural(n, k) for k, n in t["by_kind"].items())
        players = cat.game.players
        print(f"{cat.id:<{width}}  {cat.game.title}  ({players.min}-{players.max} players)  {t['all']} components: {kinds}")
    return EXIT_OK


def cmd_catalog(args: argparse.Namespace) -> int:
    catalogs, code = _load(args, [args.game])
    if code:
        return code
    cat = catalogs[0]
    if args.json:
        json.dump(cat.public(), sys.stdout, indent=2, ensure_ascii=False, sort_keys=False)
        sys.stdout.write("\n")
        return EXIT_OK
    g = cat.game
    print(f"{g.title} {g.version}  ({g.players.min}-{g.players.max} players)")
    group = None
    for c in cat.components:
        if c.group != group:
            group = c.group
            print(f"\n{group}  ({cat.total(group=group)})")
        mark = "  *" if c.designer_choice else ""
        print(f"  {c.count:>3} × {c.name}  [{c.kind}, {c.id}]{mark}")
    t = cat.totals()
    print(f"\n{t['all']} components; * marks a designer's choice")
    return EXIT_OK


def cmd_build(args: argparse.Namespace) -> int:
    catalogs, code = _load(args, args.games)
    if code:
        return code
    for cat in catalogs:
        print(f"{cat.id}: catalog valid, {cat.totals()['all']} components")
    print("renderers are not part of this build yet: nothing was written to output/")
    return EXIT_OK


Command = Callable[[argparse.Namespace], int]


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cardstock", description="Build print-and-play files from a game catalog.")
    p.add_argument("--version", action="version", version=f"cardstock {__version__}")
    p.add_argument("--root", type=Path, default=None, help="project folder holding catalog/ (default: found from here)")
    p.add_argument("--debug", action="store_true", help="show a traceback for internal errors")
    sub = p.add_subparsers(dest="command")

    b = sub.add_parser("build", help="build every game (the default command)")
    b.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: all)")
    b.set_defaults(func=cmd_build)

    ls = sub.add_parser("list", help="list the games and their component totals")
    ls.set_defaults(func=cmd_list)

    c = sub.add_parser("catalog", help="print one game's validated catalog")
    c.add_argument("game", metavar="GAME")
    c.add_argument("--json", action="store_true", help="print the documented JSON shape")
    c.set_defaults(func=cmd_catalog)
    return p


def main(argv: Optional[Sequence[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # `cardstock [GAME...] [options]` means `cardstock build …`.
    p = parser()
    commands = p._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    start = _after_globals(argv)
    if not any(a in ("-h", "--help", "--version") for a in argv[:start]):
        if start >= len(argv) or argv[start] not in commands:
            argv = argv[:start] + ["build"] + argv[start:]
    args = p.parse_args(argv)
    args.root = (args.root or find_root(Path.cwd())).resolve()
    if not hasattr(args, "func"):
        p.print_help()
        return EXIT_INPUT
    try:
        return args.func(args)
    except KeyboardInterrupt:
        print("interrupted; nothing half-written was kept", file=sys.stderr)
        return 130
    except Exception as exc:  # an internal error: short message, traceback with --debug
        if args.debug:
            raise
        print(f"internal error: {type(exc).__name__}: {exc} (run with --debug for details)", file=sys.stderr)
        return EXIT_INTERNAL


GLOBAL_WITH_VALUE = ("--root",)


def _after_globals(argv: list[str]) -> int:
    """Index of the first argument after the global options (`--root X`, `--debug`)."""
    i = 0
    while i < len(argv) and argv[i].startswith("-"):
        if argv[i] in GLOBAL_WITH_VALUE:
            i += 1
        i += 1
    return i


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
