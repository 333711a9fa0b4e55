"""The command line: parses options, runs a command, prints issues once, sets the exit code.

Exit codes: 0 success, 1 a rules check failed, 2 bad input (catalog, layout or options).

A build asks `cardstock.plan.recall` first: a build with nothing changed is answered from
the cache without importing the pipeline. Each command imports the rooms it runs when it
runs (a build the whole pipeline, `list` the catalog), so the command starts light.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from .. import __version__
from ..core.issues import InputError
from . import arguments, commands
from .common import (
    EXIT_INPUT,
    EXIT_INTERNAL,
    EXIT_PIPE,
    find_root,
    game_ids,
    print_issues,
    safe,
)

Command = Callable[[argparse.Namespace], int]

# Each command: its name, its line in `cardstock --help`, the options it takes, what runs it.
COMMANDS: tuple[tuple[str, str, Callable[[argparse.ArgumentParser], None], Command], ...] = (
    (
        "build",
        "build every game (the default command)",
        arguments.build_arguments,
        commands.cmd_build,
    ),
    (
        "preview",
        "serve the output folder to the browser and refresh it on each edit, until Ctrl-C",
        arguments.preview_arguments,
        commands.cmd_preview,
    ),
    (
        "list",
        "list the games and their component totals, read from the game files and tables "
        "(no rules file is read)",
        arguments.no_arguments,
        commands.cmd_list,
    ),
    (
        "catalog",
        "print one game's validated catalog",
        arguments.catalog_arguments,
        commands.cmd_catalog,
    ),
    (
        "check",
        "check the games' own rules: counts, constraints, setup, print safety",
        arguments.check_arguments,
        commands.cmd_check,
    ),
    (
        "check-deck",
        "check a custom deck list (CSV) against the deck-building limits",
        arguments.check_deck_arguments,
        commands.cmd_check_deck,
    ),
    (
        "stats",
        "the numbers behind each deck of a game, and the odds its setup deals",
        arguments.stats_arguments,
        commands.cmd_stats,
    ),
    (
        "init",
        "write a small, complete project to start your own game from",
        arguments.init_arguments,
        commands.cmd_init,
    ),
    (
        "ci",
        "write the CI files that check, build and publish the project (GitHub, GitLab)",
        arguments.ci_arguments,
        commands.cmd_ci,
    ),
    (
        "proof",
        "contact sheets of every face with problems outlined, and fit-report.csv",
        arguments.proof_arguments,
        commands.cmd_proof,
    ),
    (
        "changelog",
        "what changed between two versions of the games (git), as Markdown and HTML",
        arguments.changelog_arguments,
        commands.cmd_changelog,
    ),
    (
        "pull",
        "download the tables that live online, check them, show what changed, then pin them",
        arguments.pull_arguments,
        commands.cmd_pull,
    ),
    (
        "feedback",
        "playtesters' notes by card, and imported from a form's export",
        arguments.feedback_arguments,
        commands.cmd_feedback,
    ),
    (
        "translate",
        "write the .po files translators open: every text of a game, per language",
        arguments.translate_arguments,
        commands.cmd_translate,
    ),
    (
        "drawing",
        "write a layout as a drawing to open in Inkscape, its fields marked",
        arguments.drawing_arguments,
        commands.cmd_drawing,
    ),
    (
        "schema",
        "print a JSON Schema of game.toml or of a layout file, for editors",
        arguments.schema_arguments,
        commands.cmd_schema,
    ),
)


NAMES = tuple(name for name, _, _, _ in COMMANDS)


def parser(only: str | None = None) -> arguments.Parser:
    """The whole command line: the global options, then one subcommand of `COMMANDS`. With
    `only` (a command's name), that command's parser alone: all that parsing a command line
    naming it needs, without making the other twelve commands' parsers and options; the
    help that lists every command is the whole parser's."""
    p = arguments.Parser(
        prog="cardstock",
        description="Build print-and-play files from a game catalog.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="version", version=f"cardstock {__version__}")
    p.add_argument(
        "--root",
        type=Path,
        default=None,
        help="project folder holding catalog/ (default: found from here)",
    )
    p.add_argument("--debug", action="store_true", help="show a traceback for internal errors")
    # every command's name in the usage, as argparse would list them, whichever were made
    sub = p.add_subparsers(dest="command", metavar="{" + ",".join(NAMES) + "}")
    for name, help_line, add_arguments, func in COMMANDS:
        if only is not None and name != only:
            continue
        command = p.add_command(sub, name, help_line)
        add_arguments(command)
        command.set_defaults(func=func)
        if name == "build":
            # `cardstock --help` shows the build's options too: `cardstock [GAME...] [options]`
            # builds
            p.epilog = (
                "With no command, cardstock builds: cardstock [GAME...] [options]. "
                "The build's options:\n\n"
            )
            p.more_help = command.format_help
    p.set_defaults(commands=NAMES)  # the command names, which decide the default command
    return p


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # `cardstock [GAME...] [options]` means `cardstock build …`.
    start = _after_globals(argv)
    command = None  # the help or the version asked for: the whole parser answers
    if not any(a in ("-h", "--help", "--version") for a in argv[:start]):
        if start >= len(argv) or argv[start] not in NAMES:
            argv = argv[:start] + ["build"] + argv[start:]
        command = argv[start]
    args = parser(command).parse_args(argv)
    args.root = (args.root or find_root(Path.cwd())).resolve()
    if getattr(args, "games", None):  # `cardstock check .`: a folder names its games
        args.games = game_ids(args.root, args.games, Path.cwd())
    if isinstance(getattr(args, "game", None), str):
        args.game = (game_ids(args.root, [args.game], Path.cwd()) or [args.game])[0]
    if not hasattr(args, "func"):
        parser().print_help()
        return EXIT_INPUT
    try:
        code: int = args.func(args)
        sys.stdout.flush()  # here, so a reader that went away is noticed while it can be handled
        return code
    except InputError as exc:  # bad input that stopped a command at once, wherever it was met
        print_issues(exc.issues, written=exc.written)
        return EXIT_INPUT
    except BrokenPipeError:  # `cardstock … | head`: the reader has all it wanted
        _silence_stdout()
        return EXIT_PIPE
    except KeyboardInterrupt:
        print("interrupted; nothing half-written was kept", file=sys.stderr)
        return 130
    except Exception as exc:  # an internal error: short message, traceback with --debug
        if args.debug:
            raise
        print(
            safe(f"internal error: {type(exc).__name__}: {exc} (run with --debug for details)"),
            file=sys.stderr,
        )
        return EXIT_INTERNAL


def run() -> NoReturn:
    """The `cardstock` command (and `python -m cardstock`, build.py): `main`, then exit. The
    process ends here, so what it made is frozen first (`gc.freeze`): the full collection
    CPython makes as it exits would otherwise look through all of it (about 0.15 s after
    an edit's build, for a process whose memory the system takes back at once)."""
    from ..core.importpath import confine  # before any command imports a library

    confine()
    code = main()
    gc.freeze()
    sys.exit(code)


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real descriptor (captured output)
        pass


GLOBAL_WITH_VALUE = ("--root",)


GLOBAL_FLAGS = ("--debug", "--version", "-h", "--help")


def _after_globals(argv: list[str]) -> int:
    """Index of the first argument after the global options (`--root X`, `--debug`)."""
    i = 0
    while i < len(argv):
        if argv[i] in GLOBAL_WITH_VALUE:
            i += 2
        elif argv[i].startswith("--root="):
            i += 1
        elif argv[i] in GLOBAL_FLAGS:
            i += 1
        else:
            break
    return i
