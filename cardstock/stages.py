"""The stages of a build and the rules checks of a game, each a record in one table.

A stage record says what the stage is called (`--only` names it), what it needs and
writes, how it checks its own inputs before anything is written (`check`, asked by
`cardstock.validate`), when a build runs it, and how long it takes beside the others
(`weight`, used to spread one game's stages over the workers). The build
(`cardstock.build`) reads this table from top to bottom; the rooms that make the stages
never import it, nor the build.

A record names its stage's function through a loader, a function of this module that
imports it, so that a build imports the code of the stages it runs and no other. A new
kind of output is one function in its own room, its loader and one record here
(`docs/extending.md`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from .books import check as book_check
from .catalog.load import Catalog
from .core.issues import Issue
from .core.stage import BuildJob, BuildOptions, BuildStage, GameStage, Job
from .impose import footer_check as footer_lint
from .layout.checks import drawn as face_lint
from .rules.verdicts import Provider

When = Literal["default", "asked"]
InputsCheck = Callable[[list[Catalog], BuildOptions], list[Issue]]


# Where each stage's function is: imported by its loader, when the stage runs (or its inputs
# are checked). Each loader imports a module of an earlier room, as the table would.


def _calibration() -> BuildStage:
    from .impose.calibration import build_calibration

    return build_calibration


def _svg() -> GameStage:
    from .render.stage import build_svgs

    return build_svgs


def _rulebook() -> GameStage:
    from .books.stage import build_rulebook

    return build_rulebook


def _svg_warm() -> None:
    import svgwrite.etree  # noqa: F401 - the writer `render.svg` imports as it serialises

    from .render import svg  # noqa: F401


def _rulebook_warm() -> None:
    from .books import booklet, epub, fonts, rulebook, xhtml  # noqa: F401
    from .core.markup import load_parser

    fonts.register()  # the book family every rulebook is set in
    load_parser()  # every rulebook is Markdown, read by the check and by the stage


def _pnp() -> GameStage:
    from .impose.pnp import build_pnp

    return build_pnp


def _reprint() -> GameStage:
    from .impose.pnp import build_reprint

    return build_reprint


def _quickref() -> GameStage:
    from .impose.pnp import build_quickref

    return build_quickref


def _board() -> GameStage:
    from .impose.board import build_boards

    return build_boards


def _tuckbox() -> GameStage:
    from .impose.tuckbox import build_tuckbox

    return build_tuckbox


def _cards() -> GameStage:
    from .exports.cards import build_cards

    return build_cards


def _tts() -> GameStage:
    from .exports.tts import build_tts

    return build_tts


def _ttpg() -> GameStage:
    from .exports.ttpg import build_ttpg

    return build_ttpg


def _print_shop() -> GameStage:
    from .exports.presets import build_print_shop

    return build_print_shop


def _cut() -> GameStage:
    from .impose.cut import build_cut

    return build_cut


def _printed() -> GameStage:
    from .layout.fingerprints import build_printed

    return build_printed


def _changed() -> GameStage:
    from .layout.fingerprints import build_changed

    return build_changed


def _proof() -> GameStage:
    from .impose.proof import build_proof

    return build_proof


def _stats() -> GameStage:
    from .site.stats import build_stats

    return build_stats


def _changelog() -> GameStage:
    from .site.changelog import build_changelog

    return build_changelog


def _sheet_inputs() -> InputsCheck:
    from .impose.pnp import check_inputs

    return check_inputs


def _printer_inputs() -> InputsCheck:
    from .impose.sheets import printer_problems

    return printer_problems


def _tts_inputs() -> InputsCheck:
    from .exports.tts import check_inputs

    return check_inputs


def _ttpg_inputs() -> InputsCheck:
    from .exports.ttpg import check_inputs

    return check_inputs


def _print_shop_inputs() -> InputsCheck:
    from .exports.presets import check_inputs

    return check_inputs


def _cut_inputs() -> InputsCheck:
    from .impose.cut import check_inputs

    return check_inputs


@dataclass(frozen=True)
class Stage:
    """One stage of a build (see the module's docstring)."""

    name: str
    writes: str  # what it writes, as docs/outputs.md says it
    kinds: tuple[str, ...]  # the manifest's kinds of the files it writes
    needs: str  # what it reads besides the game's catalog and faces
    # Each of the next three imports the stage's module when called and returns its
    # function (see `run_game`): a stage of one game ...
    game: Callable[[], GameStage] | None = None
    build: Callable[[], BuildStage] | None = None  # ... or of the whole build
    inputs: Callable[[], InputsCheck] | None = None  # the check of its inputs
    # "asked": only when `--only` names it, or the option `asked_by` is given
    when: When = "default"
    weight: float = 4.0
    # the build option that also asks for the stage (`--for` asks for print-shop)
    asked_by: str | None = None
    # a stage that cannot run without its `asked_by` option (`--only cut` names no machine):
    # what to give, said when `--only` names the stage without it
    requires: str | None = None
    # the build option that puts another stage in its place (`--changed-since`)
    skipped_by: str | None = None
    # the build options (`BuildOptions` fields) the stage reads, as Sphinx's builders declare
    # their config values: its key holds exactly these, so a change of another option
    # leaves what it made alone (what a build is asked, `core.stage.ASKED`, is no stage's)
    options: tuple[str, ...] = ()
    # loads what the stage's function loads when it first runs in a process (the modules it
    # imports then, the fonts it registers): called once before a build forks workers that
    # would each load it again (`build._one_pool`)
    warm: Callable[[], None] | None = None
    # the stage prints the rulebook whose layout the rules check makes, taking it from the
    # cache (`core.stage.Job.prints_book`): a build without such a stage has its check lay
    # the book out for what that finds, drawing nothing
    prints_book: bool = False

    @property
    def per_game(self) -> bool:
        return self.game is not None

    # The stage's functions, imported when first asked for: a build loads the code of the
    # stages it runs, and no other (a PnP-only build imports no SVG, PNG, export, proof or
    # changelog code). Python imports a module once; asking again costs a dictionary look-up.

    @property
    def run_game(self) -> GameStage | None:
        """The function of a stage of one game: `run_game(job)`."""
        return None if self.game is None else self.game()

    @property
    def run_build(self) -> BuildStage | None:
        """The function of a stage of the whole build: `run_build(job)`."""
        return None if self.build is None else self.build()

    @property
    def check(self) -> InputsCheck | None:
        """The check of the stage's inputs, for the games of a build:
        `check(catalogs, options)`, asked by validation before anything is written."""
        return None if self.inputs is None else self.inputs()

    def wanted(self, options: BuildOptions) -> bool:
        """Does this build run the stage?"""
        if self.skipped_by is not None and getattr(options, self.skipped_by):
            return False
        if self.asked_by is not None and getattr(options, self.asked_by):
            return True
        if options.only is not None:
            return self.name in options.only
        return self.when == "default"


STAGES: tuple[Stage, ...] = (
    Stage(
        "calibration",
        "calibration-<paper>.pdf (and calibration-<lang>-<paper>.pdf in each other language)",
        ("calibration",),
        "the printer profile (layouts/sheets/printers.toml)",
        build=_calibration,
        weight=1.0,
        options=("back_offset", "duplex", "papers", "printer"),
    ),
    Stage(
        "svg",
        "<game>/svg/<id>.svg and the fonts they name",
        ("svg", "svg-guides", "font"),
        "the faces",
        game=_svg,
        weight=1.0,
        warm=_svg_warm,
        options=("bleed", "guides"),
    ),
    # After a card's edit the check reuses the book's findings and this stage typesets the
    # book again: then the longest stage by far, so it gets a process of its own.
    Stage(
        "rulebook",
        "<game>/<game>-rulebook.pdf, -rulebook-booklet-<paper>.pdf, -rulebook.epub and "
        "rules/index.html (with --large-print and --reading-font, those editions too)",
        (
            "rulebook",
            "booklet",
            "rulebook-html",
            "rulebook-epub",
            "rulebook-large-print",
            "quickref-large-print",
            "quickref-reading",
            "rulebook-font",
        ),
        "layouts/<game>/rulebook.md.j2",
        game=_rulebook,
        weight=8.0,
        warm=_rulebook_warm,
        options=("card_words", "duplex", "large_print", "papers", "reading_font"),
        prints_book=True,
    ),
    Stage(
        "pnp",
        "<game>/<game>-pnp-<paper>.pdf",
        ("pnp",),
        "the sheets (layouts/sheets/) and printer profiles",
        game=_pnp,
        inputs=_sheet_inputs,
        weight=4.0,
        skipped_by="changed_since",
        options=(
            "back_offset",
            "bleed",
            "duplex",
            "gutterfold",
            "pages",
            "papers",
            "printer",
            "select_cards",
            "select_sets",
        ),
    ),
    Stage(
        "reprint",
        "<game>/<game>-reprint-<paper>.pdf: the cards changed since --changed-since",
        ("reprint",),
        "the sheets, the printer profiles and the earlier version",
        game=_reprint,
        inputs=_sheet_inputs,
        when="asked",
        weight=2.0,
        asked_by="changed_since",
        requires="--changed-since REF, the version whose cards to compare with",
        options=(
            "back_offset",
            "bleed",
            "changed_since",
            "duplex",
            "gutterfold",
            "pages",
            "papers",
            "printer",
            "select_cards",
            "select_sets",
        ),
    ),
    Stage(
        "quickref",
        "<game>/<game>-quickref-<paper>.pdf",
        ("quickref",),
        "the sheets (layouts/sheets/)",
        game=_quickref,
        inputs=_sheet_inputs,
        weight=1.0,
        options=("back_offset", "bleed", "duplex", "gutterfold", "papers", "printer"),
    ),
    Stage(
        "board",
        "<game>/<game>-board-<paper>.pdf: pieces larger than a page in tiles; "
        "<game>-board-<id>.pdf: each board whole",
        ("board", "board-whole"),
        "the faces, the printer profile's margin",
        game=_board,
        inputs=_printer_inputs,
        weight=1.0,
        options=("bleed", "papers", "printer"),
    ),
    Stage(
        "tuckbox",
        "<game>/<game>-tuckbox-<paper>.pdf: a tuck box for each deck",
        ("tuckbox",),
        "the deck's card size and count, [print] card_thickness, the printer profile's margin",
        game=_tuckbox,
        inputs=_printer_inputs,
        when="asked",
        weight=2.0,
        options=("papers", "printer"),
    ),
    Stage(
        "cards",
        "<game>/cards/: a PNG per face, cards.csv, <game>-cards.pdf, <game>-cards-pairs.pdf",
        ("card-png", "cards-pdf", "cards-pairs", "cards-csv"),
        "the faces",
        game=_cards,
        when="asked",
        weight=6.0,
        options=("bleed", "cmyk", "dpi"),
    ),
    Stage(
        "tts",
        "<game>/tts/: a Tabletop Simulator saved object and its images",
        ("tts-image", "tts-json", "tts-model"),
        "the faces",
        game=_tts,
        inputs=_tts_inputs,
        when="asked",
        weight=6.0,
        options=("dpi", "tts_base_url"),
    ),
    Stage(
        "ttpg",
        "<game>/ttpg/: a Tabletop Playground package (manifest, card templates, textures, "
        "a state, a thumbnail)",
        ("ttpg-manifest", "ttpg-json", "ttpg-image", "ttpg-model"),
        "the faces",
        game=_ttpg,
        inputs=_ttpg_inputs,
        when="asked",
        weight=6.0,
        options=("dpi",),
    ),
    Stage(
        "print-shop",
        "<game>/print-shop/<service>/: each service's upload files",
        ("print-shop", "print-shop-zip"),
        "the presets (layouts/print-shops.toml)",
        game=_print_shop,
        inputs=_print_shop_inputs,
        when="asked",
        weight=6.0,
        asked_by="services",
        options=("services",),
    ),
    Stage(
        "cut",
        "<game>/cut/<game>-<machine>-<paper>.pdf and a cut file (.svg, .dxf) for each page",
        ("cut-sheet", "cut-file"),
        "the faces; --cut names a machine of layouts/cut-machines.toml",
        game=_cut,
        inputs=_cut_inputs,
        when="asked",
        weight=2.0,
        asked_by="cut",
        requires="--cut MACHINE, a machine of layouts/cut-machines.toml to cut on",
        options=("cut", "papers", "printer"),
    ),
    Stage(
        "printed",
        "<game>/<game>-printed.json: what every card prints, as fingerprints",
        ("printed",),
        "the faces",
        game=_printed,
        weight=0.5,
    ),
    Stage(
        "changed",
        "<game>/changed.csv: the cards changed since --changed-since",
        ("changed-csv",),
        "the faces and the earlier version",
        game=_changed,
        when="asked",
        weight=0.5,
        asked_by="changed_since",
        requires="--changed-since REF, the version whose cards to compare with",
        options=("changed_since",),
    ),
    Stage(
        "proof",
        "<game>/proof/: contact sheets (PDF, PNG) and fit-report.csv",
        ("proof", "proof-png", "fit-report"),
        "the faces",
        game=_proof,
        when="asked",
        weight=3.0,
        options=("cvd", "papers"),
    ),
    # A designer's tool, so asked for: `--only stats` (or `cardstock stats GAME`).
    Stage(
        "stats",
        "<game>/stats/: each deck's numbers and the setup's odds (a page, SVG charts, CSV, JSON)",
        ("stats-html", "stats-chart", "stats-csv", "stats-json"),
        "the rules' setup (rules.toml)",
        game=_stats,
        when="asked",
        weight=2.0,
    ),
    Stage(
        "changelog",
        "<game>/changelog/: what changed between two versions (Markdown, HTML, thumbnails)",
        ("changelog", "changelog-html", "changelog-image"),
        "the project at the versions compared (git)",
        game=_changelog,
        when="asked",
        weight=3.0,
        asked_by="changelog",
        requires="the versions to compare, as `cardstock changelog FROM[..TO]` gives them",
        options=("changelog",),
    ),
)

BY_NAME = {s.name: s for s in STAGES}

# Parts `--only` may name besides the stages: the downloads page (written by the build's
# last step, `cardstock.site.publish`).
PAGE = "page"
PARTS = (*BY_NAME, PAGE)


def selected(options: BuildOptions) -> list[Stage]:
    """The stages this build runs, in the table's order."""
    return [s for s in STAGES if s.wanted(options)]


# What the provided checks read (`rules.keyed.SCOPES`), their verdicts kept by it: a face's
# inputs (the game's files, its rows, the layouts and fonts, the reference cards' rendered
# templates, through which alone a face reads the rules), and the rulebook's (its templates
# under the layouts, and what their context reads: the rules, the game file, the rows, the
# faces it pictures). Neither reads the source rulebook; a face reads no rule but through a
# reference card's text.
FACES = ("game", "data", "texts", "layouts", "quickref")
RULEBOOK = ("rules", "game", "data", "texts", "layouts")

# The checks the rooms after the rules room provide to its checker (`cardstock.rules.report`,
# which reports them with its own, `rules.checks.own`), in the order they are reported.
CHECKS: tuple[Provider, ...] = (
    Provider(
        "print-safety",
        "print",
        "text fits, bleed holds only art, safe zone respected",
        face_lint.lint,
        reads=FACES,
    ),
    Provider(
        "footers",
        "print",
        "the one-line footers of tuck boxes, board tiles and cut sheets keep every part",
        footer_lint.lint,
        reads=FACES,
    ),
    Provider(
        "colour-vision",
        "print",
        "sets stay apart for colour-blind players (Machado 2009 simulation, ΔE2000)",
        face_lint.colour_vision,
        reads=FACES,
    ),
    Provider(
        "greyscale",
        "print",
        "the values of a field a player tells apart stay apart in greyscale (ΔL* 15 or "
        "more) and in each colour-vision view, else differ by a shape",
        face_lint.greyscale,
        reads=FACES,
    ),
    Provider(
        "rulebook",
        "rulebook",
        "every component a rulebook names exists; counts come from the catalog",
        book_check.lint,
        reads=RULEBOOK,
    ),
)

__all__ = ["BY_NAME", "CHECKS", "PAGE", "PARTS", "STAGES", "Stage", "selected", "BuildJob", "Job"]
