"""The stages of a build and the rules checks of a game, each a record in one table.

A stage record says what the stage is called (`--only` names it), what it needs and
writes, how it checks its own inputs before anything is written (`check`, asked by
`cardstock.validate`), when a build runs it, and how long it takes beside the others
(`weight`, used to spread one game's stages over the workers). The build
(`cardstock.build`) reads this table from top to bottom; the rooms that make the stages
never import it, nor the build.

A new kind of output is one function in its own room and one record here
(`docs/extending.md`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from .books import check as book_check
from .books import stage as books_stage
from .catalog.load import Catalog
from .core.issues import Issue
from .core.stage import BuildJob, BuildOptions, BuildStage, GameStage, Job
from .exports import cards, presets, ttpg, tts
from .impose import board, calibration, cut, pnp, proof, sheets, tuckbox
from .layout import lint as face_lint
from .layout import printed, vision
from .render import stage as svg_stage
from .rules import lint as rules_lint
from .rules.report import Provider
from .site import changelog
from .site import stats as deck_stats

When = Literal["default", "asked"]


@dataclass(frozen=True)
class Stage:
    """One stage of a build (see the module's docstring)."""

    name: str
    writes: str  # what it writes, as docs/outputs.md says it
    kinds: tuple[str, ...]  # the manifest's kinds of the files it writes
    needs: str  # what it reads besides the game's catalog and faces
    run_game: GameStage | None = None  # a stage of one game ...
    run_build: BuildStage | None = None  # ... or of the whole build
    # its inputs, for the games of a build
    check: Callable[[list[Catalog], BuildOptions], list[Issue]] | None = None
    # "asked": only when `--only` names it, or the option `asked_by` is given
    when: When = "default"
    weight: float = 4.0
    # the build option that also asks for the stage (`--for` asks for print-shop)
    asked_by: str | None = None
    # the build option that puts another stage in its place (`--changed-since`)
    skipped_by: str | None = None
    # the build options (BuildOptions fields) that change only what this and other stages make
    modifiers: tuple[str, ...] = ()

    @property
    def per_game(self) -> bool:
        return self.run_game is not None

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
        "calibration-<paper>.pdf",
        ("calibration",),
        "the printer profile (layouts/sheets/printers.toml)",
        run_build=calibration.build_calibration,
        weight=1.0,
        modifiers=("duplex", "back_offset", "printer"),
    ),
    Stage(
        "svg",
        "<game>/svg/<id>.svg and the fonts they name",
        ("svg", "svg-guides", "font"),
        "the faces",
        run_game=svg_stage.build_svgs,
        weight=1.0,
        modifiers=("guides",),
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
        run_game=books_stage.build_rulebook,
        weight=8.0,
    ),
    Stage(
        "pnp",
        "<game>/<game>-pnp-<paper>.pdf",
        ("pnp",),
        "the sheets (layouts/sheets/) and printer profiles",
        run_game=pnp.build_pnp,
        check=pnp.check_inputs,
        weight=4.0,
        skipped_by="changed_since",
        modifiers=(
            "duplex",
            "gutterfold",
            "back_offset",
            "printer",
            "select_sets",
            "select_cards",
            "pages",
        ),
    ),
    Stage(
        "reprint",
        "<game>/<game>-reprint-<paper>.pdf: the cards changed since --changed-since",
        ("reprint",),
        "the sheets, the printer profiles and the earlier version",
        run_game=pnp.build_reprint,
        check=pnp.check_inputs,
        when="asked",
        weight=2.0,
        asked_by="changed_since",
        modifiers=(
            "duplex",
            "gutterfold",
            "back_offset",
            "printer",
            "select_sets",
            "select_cards",
            "pages",
        ),
    ),
    Stage(
        "quickref",
        "<game>/<game>-quickref-<paper>.pdf",
        ("quickref",),
        "the sheets (layouts/sheets/)",
        run_game=pnp.build_quickref,
        check=pnp.check_inputs,
        weight=1.0,
        modifiers=("duplex", "gutterfold", "back_offset", "printer"),
    ),
    Stage(
        "board",
        "<game>/<game>-board-<paper>.pdf: pieces larger than a page in tiles; "
        "<game>-board-<id>.pdf: each board whole",
        ("board", "board-whole"),
        "the faces, the printer profile's margin",
        run_game=board.build_boards,
        check=sheets.printer_problems,
        weight=1.0,
        modifiers=("printer",),
    ),
    Stage(
        "tuckbox",
        "<game>/<game>-tuckbox-<paper>.pdf: a tuck box for each deck",
        ("tuckbox",),
        "the deck's card size and count, [print] card_thickness, the printer profile's margin",
        run_game=tuckbox.build_tuckbox,
        check=sheets.printer_problems,
        when="asked",
        weight=2.0,
        modifiers=("printer",),
    ),
    Stage(
        "cards",
        "<game>/cards/: a PNG per face, cards.csv, <game>-cards.pdf, <game>-cards-pairs.pdf",
        ("card-png", "cards-pdf", "cards-pairs", "cards-csv"),
        "the faces",
        run_game=cards.build_cards,
        when="asked",
        weight=6.0,
        modifiers=("cmyk", "dpi"),
    ),
    Stage(
        "tts",
        "<game>/tts/: a Tabletop Simulator saved object and its images",
        ("tts-image", "tts-json", "tts-model"),
        "the faces",
        run_game=tts.build_tts,
        check=tts.check_inputs,
        when="asked",
        weight=6.0,
        modifiers=("dpi", "tts_base_url"),
    ),
    Stage(
        "ttpg",
        "<game>/ttpg/: a Tabletop Playground package (manifest, card templates, textures, "
        "a state, a thumbnail)",
        ("ttpg-manifest", "ttpg-json", "ttpg-image", "ttpg-model"),
        "the faces",
        run_game=ttpg.build_ttpg,
        when="asked",
        weight=6.0,
        modifiers=("dpi",),
    ),
    Stage(
        "print-shop",
        "<game>/print-shop/<service>/: each service's upload files",
        ("print-shop", "print-shop-zip"),
        "the presets (layouts/print-shops.toml)",
        run_game=presets.build_print_shop,
        check=presets.check_inputs,
        when="asked",
        weight=6.0,
        asked_by="services",
        modifiers=("services",),
    ),
    Stage(
        "cut",
        "<game>/cut/<game>-<machine>-<paper>.pdf and a cut file (.svg, .dxf) for each page",
        ("cut-sheet", "cut-file"),
        "the faces; --cut names a machine of layouts/cut-machines.toml",
        run_game=cut.build_cut,
        check=cut.check_inputs,
        when="asked",
        weight=2.0,
        asked_by="cut",
        modifiers=("printer",),
    ),
    Stage(
        "printed",
        "<game>/<game>-printed.json: what every card prints, as fingerprints",
        (printed.PRINTED,),
        "the faces",
        run_game=printed.build_printed,
        weight=0.5,
    ),
    Stage(
        "changed",
        "<game>/changed.csv: the cards changed since --changed-since",
        ("changed-csv",),
        "the faces and the earlier version",
        run_game=printed.build_changed,
        when="asked",
        weight=0.5,
        asked_by="changed_since",
    ),
    Stage(
        "proof",
        "<game>/proof/: contact sheets (PDF, PNG) and fit-report.csv",
        ("proof", "proof-png", "fit-report"),
        "the faces",
        run_game=proof.build_proof,
        when="asked",
        weight=3.0,
    ),
    # A designer's tool, so asked for: `--only stats` (or `cardstock stats GAME`).
    Stage(
        "stats",
        "<game>/stats/: each deck's numbers and the setup's odds (a page, SVG charts, CSV, JSON)",
        ("stats-html", "stats-chart", "stats-csv", "stats-json"),
        "the rules' setup (rules.toml)",
        run_game=deck_stats.build_stats,
        when="asked",
        weight=2.0,
    ),
    Stage(
        "changelog",
        "<game>/changelog/: what changed between two versions (Markdown, HTML, thumbnails)",
        ("changelog", "changelog-html", "changelog-image"),
        "the project at the versions compared (git)",
        run_game=changelog.build_changelog,
        when="asked",
        weight=3.0,
        asked_by="changelog",
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


# The checks other rooms provide to the rules checker (`cardstock.rules.report`), in the
# order they are reported.
CHECKS: tuple[Provider, ...] = (
    Provider(
        "colour-only", "print", "nothing is told apart by colour alone", rules_lint.colour_only
    ),
    Provider(
        "print-safety",
        "print",
        "text fits, bleed holds only art, safe zone respected",
        face_lint.lint,
    ),
    Provider(
        "colour-vision",
        "print",
        "sets stay apart for colour-blind players (Machado 2009 simulation, ΔE2000)",
        vision.lint,
        draws=True,
    ),
    Provider(
        "rulebook",
        "rulebook",
        "every component a rulebook names exists; counts come from the catalog",
        book_check.lint,
    ),
)


__all__ = ["BY_NAME", "CHECKS", "PAGE", "PARTS", "STAGES", "Stage", "selected", "BuildJob", "Job"]
