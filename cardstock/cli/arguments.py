"""The options of each command, added to its argparse parser one group at a time, and the
argument types they parse with."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..plan import BUILD_CHECK_RUNS


def _at_least(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least `minimum`."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"expected {minimum} or more, got {value}")
        return value

    return parse


_positive, _seed = _at_least(1), _at_least(0)


class Parser(argparse.ArgumentParser):
    """The command's parser: its help ends with the build's options, formatted only when
    the help is shown (not on every start). It keeps what was added to it, in order —
    each option (`added`) and each command (`commands`: name, help line, parser) — for
    docs/commands.md (`cli.docpage`), from what `add_argument` and `add_parser` return."""

    more_help: Callable[[], str] | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.added: list[argparse.Action] = []  # before argparse adds --help through it
        self.commands: list[tuple[str, str, Parser]] = []
        super().__init__(*args, **kwargs)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = super().add_argument(*args, **kwargs)
        self.added.append(action)
        return action

    def add_command(self, commands: Any, name: str, help_line: str) -> Parser:
        """A subcommand's parser, added to `commands` (what `add_subparsers` returned)."""
        sub = commands.add_parser(name, help=help_line)
        assert isinstance(sub, Parser)  # a subcommand's parser is of its parent's class
        self.commands.append((name, help_line, sub))
        return sub

    def format_help(self) -> str:
        if self.more_help is not None:
            self.epilog, self.more_help = (self.epilog or "") + self.more_help(), None
        return super().format_help()


def _games(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "games",
        nargs="*",
        metavar="GAME",
        help="game ids, or folders: the project's for every game, a game's for it (default: all)",
    )


def _out(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--out", type=Path, default=None, help="output folder (default: output/ in the project)"
    )


def build_arguments(b: argparse.ArgumentParser) -> None:
    """`cardstock build`'s options, in the order its help lists them."""
    _games(b)
    _sheet_arguments(b)
    _part_arguments(b)
    _out(b)
    _check_arguments(b)
    _export_arguments(b)
    _reader_arguments(b)
    b.add_argument(
        "--lang",
        metavar="LANGS",
        help="the languages to build, comma-separated codes (the game's own included only "
        "when named; `qps`: the pseudo-language); default: the game's own and every "
        "language it ships. Each language's files carry its code: atmosfear-de-pnp-a4.pdf",
    )
    b.add_argument(
        "--edition",
        metavar="EDITIONS",
        help="also build the game in these editions, comma-separated: `ink-saver` (little "
        "ink: fills lightened, backs outlined), `high-contrast` (text at 7:1, thicker rules); "
        "besides those its game file's `editions` lists. Each edition's files carry its "
        "name: atmosfear-ink-saver-pnp-a4.pdf (docs/editions.md)",
    )
    b.add_argument(
        "--jobs", type=int, default=0, metavar="N", help="parallel processes (default: all cores)"
    )
    b.add_argument(
        "--watch", action="store_true", help="rebuild when a catalog or layout file changes"
    )


# what --reading-font accepts: books.fonts.READING_FONTS, written here so that the command
# line starts without ReportLab (tests/cli/test_cli.py holds the two to each other)
READING_FONTS = ("atkinson-hyperlegible",)


def _reader_arguments(b: argparse.ArgumentParser) -> None:
    """Rulebooks for every reader: a large-print edition, a font made for legibility."""
    b.add_argument(
        "--large-print",
        action="store_true",
        help="also write a large-print rulebook and quick references "
        "(text at least 14 pt, laid out anew, not scaled)",
    )
    b.add_argument(
        "--card-words",
        action="store_true",
        help="with --large-print: print each face's words beside its picture in the "
        "large-print rulebook's component list",
    )
    b.add_argument(
        "--reading-font",
        choices=READING_FONTS,
        default=None,
        help="set rulebooks and quick references in a font made for legibility",
    )


def build_parser() -> argparse.ArgumentParser:
    """A parser of `cardstock build`'s options alone, for the commands that run a build of
    one part (`proof`, `changelog`)."""
    b = argparse.ArgumentParser(prog="cardstock build")
    build_arguments(b)
    return b


def _sheet_arguments(b: argparse.ArgumentParser) -> None:
    """How the print-and-play sheets are laid out: paper, duplex, bleed, guides, offset."""
    b.add_argument(
        "--paper",
        choices=("letter", "a4", "all"),
        default="all",
        help="paper for sheets and booklets (default: all)",
    )
    b.add_argument(
        "--duplex",
        choices=("long", "short", "none"),
        default="long",
        help="how backs register: long-edge or short-edge duplex, or none for fronts only",
    )
    b.add_argument(
        "--gutterfold",
        action="store_true",
        help="front and back side by side with a fold line between",
    )
    b.add_argument("--no-bleed", action="store_true", help="cut-on-the-line sheets without bleed")
    b.add_argument(
        "--guides",
        action="store_true",
        help="also write each SVG face with its trim and safe lines, in svg/guides/",
    )
    b.add_argument(
        "--back-offset",
        metavar="X,Y",
        help="printer offset applied to backs pages, e.g. 1.2mm,-0.5mm",
    )


def _part_arguments(b: argparse.ArgumentParser) -> None:
    """Which parts, and which cards and pages of the sheets, the build makes."""
    b.add_argument(
        "--only",
        metavar="PARTS",
        help="comma-separated parts to build: calibration, svg, rulebook, pnp, quickref, "
        "board, printed, page; "
        "and, built only when asked for: tuckbox, cards, tts, ttpg, print-shop, cut, "
        "reprint, changed, proof, changelog (cut with --cut, reprint and changed with "
        "--changed-since, changelog through `cardstock changelog`)",
    )
    b.add_argument(
        "--set",
        dest="sets",
        metavar="IDS",
        help="print-and-play sheets: only these sets (comma-separated set ids)",
    )
    b.add_argument(
        "--cards",
        metavar="IDS",
        help="print-and-play sheets: only these components (comma-separated ids)",
    )
    b.add_argument(
        "--pages",
        metavar="LIST",
        help="print-and-play sheets: only these PDF pages, e.g. 1 or 1-2,5 "
        "(with duplex, page 2 is the back of page 1)",
    )
    b.add_argument(
        "--changed-since",
        metavar="REF",
        help="print-and-play sheets of only the cards whose print changed since REF "
        "(a git revision, or a saved build's manifest.json), and changed.csv",
    )


def _check_arguments(b: argparse.ArgumentParser) -> None:
    """The build's rules check, and the printer whose offset it applies."""
    b.add_argument("--force", action="store_true", help="build even when a rules check fails")
    b.add_argument(
        "--strict",
        action="store_true",
        help="a rules warning the game does not acknowledge fails the check too",
    )
    b.add_argument(
        "--printer",
        metavar="NAME",
        help="a printer profile from layouts/sheets/printers.toml (its back offset)",
    )
    b.add_argument(
        "--check-runs",
        type=_positive,
        default=BUILD_CHECK_RUNS,
        metavar="N",
        help=f"setup simulations per player count in the build's rules check "
        f"(default {BUILD_CHECK_RUNS}; `check` runs the game's own number, or as many "
        f"as the report's figures need)",
    )


def _export_arguments(b: argparse.ArgumentParser) -> None:
    """The exports: PNG resolution, cutting machines, CMYK, print shops, Tabletop Simulator."""
    b.add_argument(
        "--dpi",
        type=int,
        default=300,
        metavar="N",
        help="pixels per inch of PNG exports (cards, tts, ttpg; default 300)",
    )
    b.add_argument(
        "--cut",
        metavar="MACHINE",
        help="print-then-cut sheets and cut files for a cutting machine of "
        "layouts/cut-machines.toml (shipped: silhouette, cameo5, cricut)",
    )
    b.add_argument(
        "--cmyk",
        action="store_true",
        help="write export PDFs (cards, print-shop) in DeviceCMYK colours",
    )
    b.add_argument(
        "--for",
        dest="services",
        metavar="SHOPS",
        help="print-shop presets to write: mpc, tgc, drivethru, printerstudio (comma-separated)",
    )
    b.add_argument(
        "--tts-base-url",
        metavar="URL",
        help="where the Tabletop Simulator images will be hosted (default: named by file, "
        "found in Tabletop Simulator's Mods folder)",
    )


def preview_arguments(pv: argparse.ArgumentParser) -> None:
    """`cardstock preview`: which games and parts its builds make, and where."""
    _games(pv)
    pv.add_argument(
        "--only",
        metavar="PARTS",
        help="comma-separated parts to build, as the build's --only (default: svg,pnp, the "
        "faces and the sheets); the downloads page (page) is always built",
    )
    _out(pv)
    pv.add_argument("--force", action="store_true", help="build even when a rules check fails")
    pv.add_argument(
        "--jobs", type=int, default=0, metavar="N", help="parallel processes (default: all cores)"
    )


def catalog_arguments(c: argparse.ArgumentParser) -> None:
    c.add_argument("game", metavar="GAME", help="the game's id")
    c.add_argument("--json", action="store_true", help="print the documented JSON shape")


def check_arguments(k: argparse.ArgumentParser) -> None:
    """`cardstock check`: which games and parts, the simulation, the report's detail."""
    _games(k)
    k.add_argument("--json", action="store_true", help="print the report as JSON")
    k.add_argument(
        "--strict",
        action="store_true",
        help="a warning the game does not acknowledge fails its check (exit 1)",
    )
    k.add_argument(
        "--seed", type=_seed, default=1, help="seed of the setup simulation (default: 1)"
    )
    k.add_argument(
        "--runs",
        type=_positive,
        default=None,
        metavar="N",
        help="setup runs per player count, made exactly (default: the game's setup.runs, "
        "else as many as the report's figures need, at most 10000)",
    )
    k.add_argument(
        "--verbose",
        "-v",
        action="store_true",
        help="list every finding and where each rule is written",
    )
    k.add_argument(
        "--only",
        metavar="PARTS",
        help="comma-separated parts: counts, constraints, facts, examples, setup, source, "
        "texts (provenance and translations' numbers), or a provider "
        "(colour-only, print-safety, …)",
    )
    k.add_argument(
        "--coverage",
        action="store_true",
        help="list, per source rulebook, which of its numbers and names the rules cover; "
        "anything not covered fails; with --mutate, facts stated / facts checked (breaking "
        "each fails a check)",
    )
    k.add_argument(
        "--mutate",
        action="store_true",
        help="make every single edit of what a player reads (numbers, names, rule words, "
        "rows swapped or moved), check each, and print how many a fact catches of those "
        "that contradict a stated fact (the designer's own values listed apart)",
    )
    k.add_argument(
        "--since",
        metavar="REV",
        help="list every text a player reads changed since git revision REV, with where it "
        "comes from and the facts that hold it (the review before a print run)",
    )
    k.add_argument(
        "--lang",
        metavar="LANGS",
        help="check translations instead: per language (comma-separated codes, `all` for "
        "every language the game ships besides its own, `qps` for the pseudo-language) what "
        "is missing, stale or untranslated, and whether each text still fits its box; the "
        "game's own language, when the list names it, gets the report a check without "
        "`--lang` prints, after the others'",
    )
    k.add_argument(
        "--edition",
        metavar="EDITIONS",
        help="also check the game in these editions, comma-separated: `ink-saver`, "
        "`high-contrast`; print safety and contrast measured on each edition's own faces "
        "(docs/editions.md)",
    )
    k.add_argument(
        "--sources",
        type=Path,
        metavar="DIR",
        default=None,
        help="the folder the seed rulebooks rules.toml names are in (default: $CARDSTOCK_SOURCES, "
        "else the project's sources/ or ../shared/seeds, whichever holds the seed)",
    )


def check_deck_arguments(d: argparse.ArgumentParser) -> None:
    d.add_argument("game", metavar="GAME", help="the game's id")
    d.add_argument(
        "deck_file", metavar="DECK.csv", help="the deck list: a CSV or XLSX of cards and counts"
    )
    d.add_argument(
        "--deck",
        default=None,
        metavar="KIND",
        help="which of the game's [decks] (when it has several)",
    )
    d.add_argument("--json", action="store_true", help="print the result as JSON")


def stats_arguments(st: argparse.ArgumentParser) -> None:
    st.add_argument("game", metavar="GAME", help="the game's id")
    st.add_argument(
        "--json", action="store_true", help="print the numbers as JSON (what stats.json holds)"
    )
    st.add_argument(
        "--runs",
        type=_positive,
        default=None,
        metavar="N",
        help="simulated deals of each setup step and player count to hold the odds against "
        "(default: 2000, as the page; fewer, as many for every step, where they would move "
        "and draw more copies than the page's work allows; the output says how many)",
    )


def init_arguments(it: argparse.ArgumentParser) -> None:
    it.add_argument(
        "dir", nargs="?", default=".", metavar="DIR", help="the project folder (default: here)"
    )
    it.add_argument(
        "--name",
        metavar="GAME",
        default=None,
        help="the game's title; its id is made from it (default: the folder's name)",
    )
    it.add_argument(
        "--bare",
        action="store_true",
        help="only a game file, a one-row table to replace and a rulebook that lists the "
        "components: no example icons, art or rules to delete (for a project of your own)",
    )


def ci_arguments(ci: argparse.ArgumentParser) -> None:
    ci.add_argument(
        "--force",
        action="store_true",
        help="replace a CI file that is already there and differs from what cardstock writes",
    )


def proof_arguments(pf: argparse.ArgumentParser) -> None:
    _games(pf)
    pf.add_argument(
        "--cvd",
        action="store_true",
        help="also the sheets as seen with protanopia, deuteranopia and tritanopia, "
        "and the colour-vision check",
    )
    pf.add_argument("--strict", action="store_true", help="exit 1 when any problem is found")
    pf.add_argument(
        "--paper",
        choices=("letter", "a4"),
        default="letter",
        help="paper of the contact sheets (default: letter)",
    )
    pf.add_argument(
        "--lang",
        metavar="LANGS",
        help="the languages whose faces to proof, comma-separated codes (`qps`: the "
        "pseudo-language, whose proof shows which boxes a longer translation overflows); "
        "default: the game's own and every language it ships",
    )
    pf.add_argument(
        "--edition",
        metavar="EDITIONS",
        help="also proof the faces of these editions, comma-separated: `ink-saver`, "
        "`high-contrast` (docs/editions.md)",
    )
    _out(pf)


def changelog_arguments(cl: argparse.ArgumentParser) -> None:
    cl.add_argument(
        "range",
        metavar="FROM[..TO]",
        help="git revisions; without TO, up to the files as they are now",
    )
    _games(cl)
    _out(cl)


def drawing_arguments(d: argparse.ArgumentParser) -> None:
    """`cardstock drawing GAME LAYOUT [--out FILE]`."""
    d.add_argument("game", metavar="GAME", help="the game whose layout is written")
    d.add_argument("layout", metavar="LAYOUT", help="the layout's name, e.g. card")
    d.add_argument(
        "--out",
        metavar="FILE",
        default=None,
        help="the SVG file to write (default: layouts/<game>/<layout>.svg); never one there",
    )


def schema_arguments(sc: argparse.ArgumentParser) -> None:
    sc.add_argument(
        "file",
        choices=("game", "faces"),
        help="game: catalog/<game>/game.toml; faces: layouts/<game>/faces.toml",
    )


def pull_arguments(p: argparse.ArgumentParser) -> None:
    """`cardstock pull [GAME...] [--dry-run | --yes | --accept HASH] [--timeout S]`."""
    p.add_argument("games", nargs="*", metavar="GAME", help="the games (default: all)")
    how = p.add_mutually_exclusive_group()
    _one_of(
        p,
        how,
        "--dry-run",
        action="store_true",
        help="download, check and show what changed, and print its review hash, but keep "
        "the pinned copies as they are",
    )
    _one_of(
        p,
        how,
        "--yes",
        action="store_true",
        help="pin what is downloaded without asking (for scripts; at a terminal pull asks)",
    )
    _one_of(
        p,
        how,
        "--accept",
        metavar="HASH",
        help="pin only if what is downloaded now is what the dry run that printed this "
        "review hash showed; else pin nothing",
    )
    p.add_argument(
        "--timeout",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="give up on a table whose whole download, redirects included, takes longer "
        "than this many seconds (default 30)",
    )


def _one_of(p: argparse.ArgumentParser, group: Any, *names: str, **kwargs: Any) -> None:
    """An option of a group of which one at most may be given, kept for docs/commands.md
    as `Parser.add_argument` keeps the others."""
    action = group.add_argument(*names, **kwargs)
    if isinstance(p, Parser):
        p.added.append(action)


def feedback_arguments(f: argparse.ArgumentParser) -> None:
    """`cardstock feedback [GAME...] [--import FORM] [--game GAME] [--json]`."""
    f.add_argument("games", nargs="*", metavar="GAME", help="the games (default: all)")
    f.add_argument(
        "--import",
        dest="import_file",
        metavar="FORM",
        help="keep the rows of a form's export (CSV, TSV, XLSX, YAML, JSON) in "
        "playtest/feedback/<FORM's name>.csv, its headers mapped by [playtest] columns",
    )
    f.add_argument("--game", metavar="GAME", help="with --import: the game every row is about")
    f.add_argument("--json", action="store_true", help="the listing as JSON")


def translate_arguments(t: argparse.ArgumentParser) -> None:
    """`cardstock translate ACTION GAME`: write the template or one language's file."""
    t.add_argument(
        "action",
        choices=("extract", "update"),
        help="extract: write translations/messages.pot, every text of the game untranslated; "
        "update: create or bring up to date translations/LANG.po from the game's texts "
        "(a changed source text is marked fuzzy, its old text kept)",
    )
    t.add_argument("game", metavar="GAME", help="the game's id")
    t.add_argument(
        "--lang",
        metavar="LANG",
        help="the language to update (update: default every language the game ships)",
    )


def no_arguments(_p: argparse.ArgumentParser) -> None:
    """A command without options of its own (`list`)."""
