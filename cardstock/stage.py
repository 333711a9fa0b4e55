"""The contract every build stage shares: the options it is given and the result it returns.

A per-game stage is `build(catalog, options) -> StageResult`; a stage that belongs to no
single game (the calibration sheet) is `build(options, root) -> StageResult`. Stages import
this module, never the runner (`cardstock.pipeline`).
"""

from __future__ import annotations

import json

from dataclasses import asdict, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional

from .issues import Issue
from .output import Artifact
from .records import record

if TYPE_CHECKING:
    from .load import Catalog


EXPORT_OPTIONS = ("dpi", "cmyk", "services", "tts_base_url")  # read by the on-request export stages only


@record(frozen=True)
class BuildOptions:
    out: Path
    papers: tuple[str, ...] = ("letter", "a4")
    duplex: str = "long"  # long | short | none
    gutterfold: bool = False
    bleed: bool = True
    back_offset: tuple[float, float] = (0.0, 0.0)  # points, applied to backs pages
    only: Optional[frozenset[str]] = None  # stage names; None means all
    force: bool = False  # build even when the rules check fails
    printer: Optional[str] = None  # a printer profile in layouts/sheets/printers.toml
    guides: bool = False  # also write SVG faces with their trim and safe lines (svg/guides/)
    dpi: int = 300  # raster exports (cards, tts, print-shop)
    cmyk: bool = False  # export PDFs with DeviceCMYK colours
    services: tuple[str, ...] = ()  # print-shop presets to write (--for)
    tts_base_url: Optional[str] = None  # where the TTS images will be hosted (else file:///)
    # what goes on the print-and-play sheets (empty: everything)
    select_sets: tuple[str, ...] = ()  # --set: set ids
    select_cards: tuple[str, ...] = ()  # --cards: component ids
    pages: tuple[int, ...] = ()  # --pages: page numbers of the PnP PDF, from 1

    def __init__(self, out: Path, papers: tuple[str, ...] = ('letter', 'a4'), duplex: str = 'long', gutterfold: bool = False, bleed: bool = True, back_offset: tuple[float, float] = (0.0, 0.0), only: Optional[frozenset[str]] = None, force: bool = False, printer: Optional[str] = None, guides: bool = False, dpi: int = 300, cmyk: bool = False, services: tuple[str, ...] = (), tts_base_url: Optional[str] = None, select_sets: tuple[str, ...] = (), select_cards: tuple[str, ...] = (), pages: tuple[int, ...] = ()) -> None:
        vars(self).update(out=out, papers=papers, duplex=duplex, gutterfold=gutterfold, bleed=bleed, back_offset=back_offset, only=only, force=force, printer=printer, guides=guides, dpi=dpi, cmyk=cmyk, services=services, tts_base_url=tts_base_url, select_sets=select_sets, select_cards=select_cards, pages=pages)

    def fingerprint(self, exports: bool = True) -> str:
        """The options that change what a stage writes (not `only` or `force`); without
        `exports`, the options only the export stages read are left out too."""
        skip = {"only", "force", "out"} | (set() if exports else set(EXPORT_OPTIONS))
        data = {k: v for k, v in asdict(self).items() if k not in skip}
        return json.dumps(data, sort_keys=True, default=str)


@record
class StageResult:
    artifacts: list[Artifact] = field(default_factory=list)
    findings: list[Issue] = field(default_factory=list)  # problems that do not stop the build

    def __init__(self, artifacts: Optional[list[Artifact]] = None, findings: Optional[list[Issue]] = None) -> None:
        artifacts = list() if artifacts is None else artifacts
        findings = list() if findings is None else findings
        self.artifacts = artifacts
        self.findings = findings


# A per-game stage and a stage run once per build.
Stage = Callable[["Catalog", BuildOptions], StageResult]
GlobalStage = Callable[[BuildOptions, Optional[Path]], StageResult]

__all__ = ["BuildOptions", "GlobalStage", "Stage", "StageResult"]
