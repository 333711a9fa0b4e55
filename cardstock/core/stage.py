"""The contract every stage and every rules check shares: what it is given and what it
returns.

    run(job: Job) -> StageResult            a stage of one game (`job.catalog`)
    run(job: BuildJob) -> StageResult       a stage that belongs to no single game
    check(job: Job) -> list[Issue]          a rules check a room provides (GameCheck)

A `Job` carries one game's catalog, its faces (laid out once, `cardstock.layout.faces`),
the cache and the build's options. Stages and checks import this module, never the build
(`cardstock.build`) or the table of stages (`cardstock.stages`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .issues import Issue
from .output import Artifact

if TYPE_CHECKING:
    from ..catalog.load import Catalog
    from ..layout.faces import Faces
    from .cache import Cache


# What a build is asked rather than what a stage writes: which stages run (`only`), whether
# a failed check stops them (`force`), where the files go (`out`) and which games are made
# (`lang`, `edition`). No stage's key holds them.
ASKED = frozenset({"only", "force", "out", "lang", "edition"})


@dataclass(frozen=True, eq=False)
class Since:
    """An earlier version of the project, as `--changed-since` names it: the name given
    (a git revision or a saved manifest), and each game's printed fingerprints then
    (`cardstock.layout.fingerprints`); `digest` stands for them in the build's keys."""

    ref: str
    digest: str
    games: dict[str, Any]


@dataclass(frozen=True)
class Span:
    """The versions `cardstock changelog FROM[..TO]` compares: commits (TO None: the
    project's files as they are now)."""

    ref: str  # as given, for the changelog's title
    before: str  # a commit
    after: str | None = None  # a commit, or None for the working files


@dataclass(frozen=True)
class BuildOptions:
    """What a build was asked for: the output folder and every option a stage reads."""

    out: Path
    papers: tuple[str, ...] = ("letter", "a4")
    duplex: str = "long"  # long | short | none
    gutterfold: bool = False
    bleed: bool = True
    back_offset: tuple[float, float] = (0.0, 0.0)  # points, applied to backs pages
    only: frozenset[str] | None = None  # stage names; None means all
    force: bool = False  # build even when the rules check fails
    printer: str | None = None  # a printer profile in layouts/sheets/printers.toml
    guides: bool = False  # also write SVG faces with their trim and safe lines (svg/guides/)
    dpi: int = 300  # raster exports (cards, tts, print-shop)
    cmyk: bool = False  # export PDFs with DeviceCMYK colours
    services: tuple[str, ...] = ()  # print-shop presets to write (--for)
    tts_base_url: str | None = None  # where the TTS images will be hosted (else named by file name)
    cut: str | None = None  # print-then-cut sheets for this cutting machine (--cut)
    # what goes on the print-and-play sheets (empty: everything)
    select_sets: tuple[str, ...] = ()  # --set: set ids
    select_cards: tuple[str, ...] = ()  # --cards: component ids
    pages: tuple[int, ...] = ()  # --pages: page numbers of the PnP PDF, from 1
    changed_since: Since | None = None  # --changed-since: only the cards changed since then
    cvd: bool = False  # proof sheets: also as seen with each colour-vision deficiency
    changelog: Span | None = None  # the changelog stage: which versions it compares
    large_print: bool = False  # --large-print: also a large-print rulebook (body text >= 14 pt)
    card_words: bool = False  # --card-words: its component list prints each face's words
    reading_font: str | None = None  # --reading-font: rulebooks set in a font made for legibility
    lang: str | None = None  # --lang: the languages built ("de,fr", "all"); None: all shipped
    # --edition: the editions built besides the colour one ("ink-saver,high-contrast");
    # None: those each game file lists (`layout.editions`)
    edition: str | None = None

    def fingerprint(self, names: Iterable[str] | None = None) -> str:
        """The options that change what a stage writes, as text for a key: the `names` a
        stage declares it reads (`stages.Stage.options`), or (None) every option the whole
        build was asked with but `ASKED`. The rulebook's editions are left out when not
        asked, so a build without them keeps its keys."""
        if names is None:
            names = [k for k in self.__dataclass_fields__ if k not in ASKED]
        editions = ("large_print", "card_words", "reading_font")
        data = {k: getattr(self, k) for k in names if k not in editions or getattr(self, k)}
        if data.get("changed_since") is not None:
            data["changed_since"] = self.changed_since.digest if self.changed_since else None
        if data.get("changelog") is not None:
            data["changelog"] = asdict(self.changelog) if self.changelog else None
        return json.dumps(data, sort_keys=True, default=str)


class StageResult:
    """What one stage made: the files it wrote and the problems that did not stop it (one a
    stage, never compared: a plain class)."""

    __slots__ = ("artifacts", "findings")

    def __init__(
        self, artifacts: list[Artifact] | None = None, findings: list[Issue] | None = None
    ) -> None:
        self.artifacts: list[Artifact] = [] if artifacts is None else artifacts
        # problems that do not stop the build
        self.findings: list[Issue] = [] if findings is None else findings


class Job:
    """One game's work: its catalog, its faces (which hold the cache), the build's options
    (a rules check run by `cardstock check` has none), and whether the build prints the
    game's rulebook (`prints_book`: a stage that takes the check's layout of the book from
    the cache runs; without one, the check lays the book out for its findings alone). One
    a game and build, never compared: a plain class."""

    __slots__ = ("catalog", "faces", "options", "prints_book", "texts")

    def __init__(
        self,
        catalog: Catalog,
        faces: Faces,
        options: BuildOptions | None = None,
        prints_book: bool = False,
    ) -> None:
        self.catalog = catalog
        self.faces = faces
        self.options = options
        self.prints_book = prints_book
        # what the game's check and its stages render alike, once a build, by name (the
        # rulebook's text: `books.rulebook._text`)
        self.texts: dict[str, Any] = {}

    @property
    def cache(self) -> Cache:
        return self.faces.cache

    def printing(self) -> Job:
        """The job as a stage that prints faces sees it: its catalog holds each card whose
        text continues followed by its other parts (`layout.faces.Faces.printing`); the
        rules check, the counts and the rulebook see the game's catalog as it is."""
        faces = self.faces.printing()
        if faces is self.faces:
            return self
        job = Job(faces.catalog, faces, self.options, self.prints_book)
        job.texts = self.texts
        return job

    @property
    def build(self) -> BuildOptions:
        """The build's options (a stage always has them)."""
        assert self.options is not None, "a stage runs in a build"
        return self.options


class BuildJob:
    """The work of a stage that belongs to no single game (the calibration sheets); never
    compared: a plain class."""

    __slots__ = ("root", "options")

    def __init__(self, root: Path, options: BuildOptions) -> None:
        self.root = root
        self.options = options


GameStage = Callable[[Job], StageResult]
BuildStage = Callable[[BuildJob], StageResult]
GameCheck = Callable[[Job], list[Issue]]

__all__ = [
    "BuildJob",
    "BuildOptions",
    "Since",
    "Span",
    "BuildStage",
    "GameCheck",
    "GameStage",
    "Job",
    "StageResult",
]
