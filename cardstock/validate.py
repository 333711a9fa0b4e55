"""Every input a build or a rules check reads, checked in one pass before anything is
written: read everything, collect every problem, report them all once (MkDocs' build is
the model).

`validate` reads the games' catalogs (game files, tables, rules files), then asks each
room to check what it will read:

- the catalog: bounds on counts and sizes, every art file it names (`catalog.check`);
- the layouts and symbols each game draws with, the templates they write, a layout for
  every component (`layout.checks.layouts`, on the game's `Faces`);
- the rulebook and quick-reference templates (`books.check.templates`);
- each stage this build runs, its own inputs (the stage record's `check`: sheets and
  printer profiles, print-shop presets);
- the downloads page's template, when the build writes the page (`site.page.check_page`);
- the playtesters' notes the page, the changelog and proofs show (`catalog.feedback`, when
  the project keeps any);
- the build's own options (the output folder).

A problem many games share is listed once. The stages that follow assume what is checked
here and do not check it again. Each game's `Faces` is made here, once: validation, the
rules check and every stage read the same layouts and lay out each face once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from . import fonts
from .books import check as books_check
from .catalog import check as catalog_check
from .catalog.languages import EDITIONS, build_games
from .catalog.load import Catalog
from .catalog.text import Text
from .catalog.variants import load_with_languages
from .core.cache import Cache
from .core.issues import Issue, Issues
from .core.project import keeps_notes
from .core.stage import BuildOptions
from .core.tomlpos import TomlReads
from .layout.art.ownicons import game_library
from .layout.art.symbols import library
from .layout.checks import layouts as layout_check
from .layout.faces import Faces, KeptFaces
from .layout.language.load import load_layouts, shared_files
from .rules.reader import load_rules
from .site.page import check_page
from .stages import PAGE, PARTS, STAGES, Stage


class Validated:
    """The games as read and checked: each catalog with its faces, and every problem (a
    holder the build reads once: a plain class)."""

    __slots__ = ("catalogs", "faces", "issues")

    def __init__(self, catalogs: list[Catalog] | None = None) -> None:
        self.catalogs: list[Catalog] = [] if catalogs is None else catalogs
        self.faces: dict[str, Faces] = {}
        self.issues = Issues()


def validate(
    root: Path,
    games: list[str] | None,
    cache: Cache,
    options: BuildOptions | None = None,
    stages: Sequence[Stage] = (),
    *,
    page: bool = False,
    kept: KeptFaces | None = None,
    edition: str | None = None,
) -> Validated:
    """Every input of `games` (all by default) checked; see the module's docstring. With
    `options` (a build), the stages' inputs and the build's options are checked too;
    without (a rules check), only what the rules check reads. `kept`: the faces a `--watch`
    process kept from its build before; `edition`: a rules check's `--edition` (a build's
    is its options')."""
    found: list[Issue] = check_options(options) if options is not None else []
    variants = build_games(
        root,
        [],
        options.lang if options is not None else None,
        options.edition if options is not None else edition,
    )[2]
    catalogs, loaded = load_with_languages(root, games, load_rules, variants, _layout_words)
    found += loaded
    out = Validated(catalogs)
    if catalogs:
        symbols = library(root)  # read when a face first draws a symbol
        found += symbols.problems()
        found += fonts.use_project_fonts(
            root, cache=cache
        )  # a project's own fonts join the built-in ones first
        found += _font_files()
        if options is not None:
            found += _output_folder(options.out)
            found += _notes(root, catalogs)
            if page:
                found += check_page(root, catalogs, options.out, cache)
        reads = TomlReads()  # the layout files the games share, read once in this pass
        for catalog in catalogs:
            faces = Faces(
                catalog,
                cache,
                layouts=load_layouts(
                    root, catalog.game.id, shared_files(catalog), reads, catalog.wording
                ),
                library=game_library(catalog, symbols),
                kept=kept,
            )
            out.faces[catalog.id] = faces
            found += catalog_check.check(catalog)
            found += layout_check.check(faces, reads)
            found += books_check.templates(catalog)
        for stage in stages:
            if stage.check is not None and options is not None:
                found += stage.check(catalogs, options)
    out.issues.extend(unique(found))
    return out


def unique(issues: Iterable[Issue]) -> list[Issue]:
    """Issues without repeats, in the order first found."""
    return list(dict.fromkeys(issues))


# The options that only change what some parts make, by the flag that sets them: given to a
# build that makes none of those parts, such a flag would change nothing.
MODIFIERS = {
    "cmyk": "--cmyk",
    "dpi": "--dpi",
    "tts_base_url": "--tts-base-url",
    "services": "--for",
    "guides": "--guides",
    "gutterfold": "--gutterfold",
    "duplex": "--duplex",
    "back_offset": "--back-offset",
    "printer": "--printer",
    "select_sets": "--set",
    "select_cards": "--cards",
    "pages": "--pages",
}


def check_options(options: BuildOptions) -> list[Issue]:
    """The build's own options the command line could not check alone: the parts `--only`
    names exist, each with the option it cannot run without, and every modifier given (an
    option that differs from its default) changes something this build makes; otherwise
    the message names the parts to add."""
    editions = {x.strip() for x in (options.edition or "").split(",")} - {""}
    if editions - set(EDITIONS):
        return [
            Issue(
                "command line",
                None,
                "--edition",
                f"unknown edition(s) {', '.join(sorted(editions - set(EDITIONS)))}; "
                f"expected: {', '.join(EDITIONS)}",
            )
        ]
    unknown = sorted(options.only - set(PARTS)) if options.only is not None else []
    if unknown:
        return [
            Issue(
                "command line",
                None,
                "--only",
                f"unknown part(s) {', '.join(unknown)}; expected: {', '.join(PARTS)}",
            )
        ]
    default = BuildOptions(out=options.out)
    running = [s for s in STAGES if s.wanted(options)]
    found = [
        Issue("command line", None, "--only", f"{s.name} needs {s.requires}")
        for s in running
        if s.requires and s.asked_by and getattr(options, s.asked_by) is None
    ]
    for name, flag in MODIFIERS.items():
        if getattr(options, name) == getattr(default, name) or any(
            name in s.options for s in running
        ):
            continue
        parts = [s.name for s in STAGES if name in s.options]
        making = ", ".join(
            [s.name for s in running]
            + ([PAGE] if options.only is not None and PAGE in options.only else [])
        )
        found.append(
            Issue(
                "command line",
                None,
                flag,
                f"changes only {_either(parts)}, and this build makes {making or 'none of them'}; "
                f"add {_either(parts)} to --only (or leave out {flag})",
            )
        )
    return found


def _either(parts: list[str]) -> str:
    """ "cards" / "cards or tts" / "pnp, quickref or calibration"."""
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} or {parts[-1]}"


def _font_files() -> list[Issue]:
    """The shipped fonts every face measures its text with are installed."""
    return [
        Issue(
            f"cardstock:fonts/{face.file}",
            None,
            "",
            f"the font file of {face.name!r} is missing; reinstall cardstock",
        )
        for face in fonts.FACES.values()
        if not face.own and not face.path.is_file()
    ]


def _layout_words(catalog: Catalog, issues: list[Issue]) -> list[Text]:
    """The words a game's layouts print (`layout.labels.layout_words`), read for a build that
    makes another language and imported then."""
    from .layout.labels import layout_words

    return layout_words(catalog, issues)


def _notes(root: Path, catalogs: Sequence[Catalog]) -> list[Issue]:
    """What is wrong with the playtesters' notes the project keeps (none without a notes
    folder, `keeps_notes`)."""
    if not keeps_notes(root):
        return []
    from .catalog.feedback import read_notes

    return read_notes(root, catalogs)[1]


def _output_folder(out: Path) -> list[Issue]:
    """The output folder is a folder, or can be made: nothing in its path is a file."""
    for folder in (out, *out.parents):
        if folder.exists():
            if not folder.is_dir():
                return [
                    Issue(
                        "command line",
                        None,
                        "--out",
                        f"cannot write into {out}: {folder} is a file, not a folder",
                    )
                ]
            return []
    return []


__all__ = ["Validated", "check_options", "validate", "unique"]
