"""docs/commands.md, made from the command line's own parser: every command and option
with its help text and an example, so the page cannot drift from the code.

    python -m cardstock.cli.docpage            write docs/commands.md
    python -m cardstock.cli.docpage --check    exit 1 when docs/commands.md differs

`tests/test_docs_keys.py` fails when an option has no help text or no example here, and
when the page is not what `commands_markdown()` makes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..core.output import write_atomic
from . import parser
from .arguments import Parser

PAGE = Path(__file__).resolve().parents[2] / "docs" / "commands.md"

# An example of each option, keyed by (command, option or argument name); "" is the
# options every command takes. The test fails when the parser has one this lacks.
EXAMPLES: dict[tuple[str, str], str] = {
    ("", "--version"): "cardstock --version",
    ("", "--root"): "cardstock --root ~/games/moon-race check",
    ("", "--debug"): "cardstock --debug build",
    ("build", "games"): "cardstock build atmosfear vortex",
    ("build", "--paper"): "cardstock --paper a4",
    ("build", "--duplex"): "cardstock --duplex short",
    ("build", "--gutterfold"): "cardstock --gutterfold --only pnp",
    ("build", "--no-bleed"): "cardstock --no-bleed --only pnp",
    ("build", "--guides"): "cardstock --guides --only svg",
    ("build", "--back-offset"): "cardstock --back-offset 1.2mm,-0.5mm",
    ("build", "--only"): "cardstock --only pnp,rulebook",
    ("build", "--set"): "cardstock --only pnp --set heroes",
    ("build", "--cards"): "cardstock --only pnp --cards dawn,dusk",
    ("build", "--pages"): "cardstock --only pnp --pages 1-2",
    ("build", "--changed-since"): "cardstock --changed-since HEAD --only pnp",
    ("build", "--out"): "cardstock --out /tmp/moon-race-print",
    ("build", "--force"): "cardstock --force",
    ("build", "--strict"): "cardstock --strict",
    ("build", "--printer"): "cardstock --printer office-laser",
    ("build", "--check-runs"): "cardstock --check-runs 200",
    ("build", "--dpi"): "cardstock --only cards --dpi 600",
    ("build", "--cut"): "cardstock --cut silhouette",
    ("build", "--cmyk"): "cardstock --only cards --cmyk",
    ("build", "--for"): "cardstock --for mpc,tgc",
    ("build", "--tts-base-url"): "cardstock --only tts --tts-base-url https://example.org/tts/",
    ("build", "--large-print"): "cardstock --only rulebook --large-print",
    ("build", "--card-words"): "cardstock --only rulebook --large-print --card-words",
    ("build", "--reading-font"): "cardstock --reading-font atkinson-hyperlegible",
    ("build", "--jobs"): "cardstock --jobs 2",
    ("build", "--lang"): "cardstock --lang de,qps --only pnp",
    ("build", "--edition"): "cardstock --edition ink-saver --only pnp,quickref",
    ("proof", "--edition"): "cardstock proof moon-race --edition high-contrast",
    ("check", "--edition"): "cardstock check moon-race --edition ink-saver",
    ("build", "--watch"): "cardstock --watch --only pnp",
    ("preview", "games"): "cardstock preview moon-race",
    ("preview", "--only"): "cardstock preview --only svg,pnp",
    ("preview", "--out"): "cardstock preview --out /tmp/moon-race-preview",
    ("preview", "--force"): "cardstock preview --force",
    ("preview", "--jobs"): "cardstock preview --jobs 2",
    ("catalog", "game"): "cardstock catalog moon-race",
    ("catalog", "--json"): "cardstock catalog moon-race --json",
    ("check", "games"): "cardstock check moon-race",
    ("check", "--json"): "cardstock check --json",
    ("check", "--strict"): "cardstock check --strict",
    ("check", "--seed"): "cardstock check --seed 7",
    ("check", "--runs"): "cardstock check --runs 1000",
    ("check", "--verbose"): "cardstock check -v",
    ("check", "--only"): "cardstock check --only counts,setup",
    ("check", "--coverage"): "cardstock check --coverage",
    ("check", "--mutate"): "cardstock check moon-race --mutate",
    ("check", "--since"): "cardstock check moon-race --since v0.2",
    ("check", "--sources"): "cardstock check --sources ~/rulebooks",
    ("check", "--lang"): "cardstock check moon-race --lang de,qps",
    ("translate", "action"): "cardstock translate extract moon-race",
    ("pull", "games"): "cardstock pull moon-race",
    ("pull", "--dry-run"): "cardstock pull --dry-run",
    ("pull", "--yes"): "cardstock pull moon-race --yes",
    ("pull", "--accept"): "cardstock pull --accept 5d41402abc4b2a76b9719d911017c592",
    ("pull", "--timeout"): "cardstock pull --timeout 120",
    ("feedback", "games"): "cardstock feedback moon-race",
    ("feedback", "--import"): "cardstock feedback --import ~/Downloads/playtest-form.csv",
    ("feedback", "--game"): "cardstock feedback --import form.csv --game moon-race",
    ("feedback", "--json"): "cardstock feedback --json",
    ("translate", "game"): "cardstock translate update moon-race",
    ("translate", "--lang"): "cardstock translate update moon-race --lang de",
    ("stats", "game"): "cardstock stats moon-race",
    ("stats", "--json"): "cardstock stats moon-race --json",
    ("stats", "--runs"): "cardstock stats moon-race --runs 10000",
    ("check-deck", "game"): "cardstock check-deck moon-race my-deck.csv",
    ("check-deck", "deck_file"): "cardstock check-deck moon-race my-deck.csv",
    ("check-deck", "--deck"): "cardstock check-deck moon-race my-deck.csv --deck tournament",
    ("check-deck", "--json"): "cardstock check-deck moon-race my-deck.csv --json",
    ("init", "dir"): "cardstock init moon-race",
    ("init", "--name"): 'cardstock init . --name "Moon Race"',
    ("init", "--bare"): 'cardstock init . --bare --name "Moon Race"',
    ("ci", "--force"): "cardstock ci --force",
    ("proof", "games"): "cardstock proof moon-race",
    ("proof", "--cvd"): "cardstock proof --cvd",
    ("proof", "--strict"): "cardstock proof --strict",
    ("proof", "--paper"): "cardstock proof --paper a4",
    ("proof", "--out"): "cardstock proof --out /tmp/proofs",
    ("proof", "--lang"): "cardstock proof moon-race --lang qps",
    ("changelog", "range"): "cardstock changelog v0.2..v0.3",
    ("changelog", "games"): "cardstock changelog HEAD moon-race",
    ("changelog", "--out"): "cardstock changelog HEAD --out /tmp/notes",
    ("drawing", "game"): "cardstock drawing moon-race card",
    ("drawing", "layout"): "cardstock drawing moon-race card-back",
    ("drawing", "--out"): "cardstock drawing moon-race card --out ~/card.svg",
    ("schema", "file"): "cardstock schema game > game.schema.json",
}


def option_name(action: argparse.Action) -> str:
    """How the page and `EXAMPLES` name an option: its long flag, else its argument name."""
    longs = [o for o in action.option_strings if o.startswith("--")]
    return longs[0] if longs else (action.option_strings or [action.dest])[0]


def documented_actions(p: Parser) -> list[argparse.Action]:
    """A parser's options and arguments, as added, without `--help`."""
    return [a for a in p.added if "--help" not in a.option_strings]


def commands(p: Parser) -> list[tuple[str, str, Parser]]:
    """Each subcommand: its name, its one-line help and its parser."""
    return list(p.commands)


def _takes(action: argparse.Action) -> str:
    if action.choices:
        return " or ".join(f"`{c}`" for c in action.choices)
    if action.nargs == 0:
        return ""
    metavar = action.metavar or action.dest.upper()
    return f"`{metavar if isinstance(metavar, str) else ' '.join(metavar)}`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _table(command: str, p: Parser) -> list[str]:
    actions = documented_actions(p)
    if not actions:
        return ["No options.", ""]
    rows = [
        f"| `{' '.join(a.option_strings) or a.dest}` | {_takes(a)} | {_cell(a.help or '')} "
        f"| `{_cell(EXAMPLES.get((command, option_name(a)), ''))}` |"
        for a in actions
    ]
    return ["| option | takes | meaning | example |", "|---|---|---|---|", *rows, ""]


def commands_markdown() -> str:
    """docs/commands.md: the global options, then each command with its options."""
    p = parser()
    lines = [
        "# Command-line reference",
        "",
        "<!-- Generated by `python -m cardstock.cli.docpage` from the command line's parser; "
        "do not edit by hand. -->",
        "",
        "`cardstock [--root DIR] [--debug] COMMAND [options]`. With no command, cardstock",
        "builds: `cardstock [GAME...] [options]` is `cardstock build [GAME...] [options]`.",
        "Every command takes `-h` (`--help`), which prints what this page says. The keys of",
        "the files these commands read are in `docs/catalog-reference.md` and",
        "`docs/layouts.md`.",
        "",
        "## Options for every command",
        "",
        "Given before the command: `cardstock --root ../moon-race check`.",
        "",
        *_table("", p),
    ]
    for name, help_line, sub in commands(p):
        lines += [f"## `cardstock {name}`", "", f"{help_line[:1].upper()}{help_line[1:]}.", ""]
        lines += _table(name, sub)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    text = commands_markdown()
    if "--check" in args:
        same = PAGE.is_file() and PAGE.read_text(encoding="utf-8") == text
        print(
            "docs/commands.md is up to date"
            if same
            else "docs/commands.md differs from the code: run python -m cardstock.cli.docpage"
        )
        return 0 if same else 1
    write_atomic(PAGE, text.encode("utf-8"))
    print(f"wrote {PAGE}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
