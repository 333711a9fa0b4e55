"""The contract every build stage shares: the options it is given and the result it returns.

A per-game stage is `build(catalog, options) -> StageResult`; a stage that belongs to no
single game (the calibration sheet) is `build(options, root) -> StageResult`. Stages import
this module, never the runner (`cardstock.pipeline`).
"""

from __future__ import annotations

import json

from dataclasses import dataclass, asdict, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional

from .issues import Issue
from .output import Artifact

if TYPE_CHECKING:
    from ..catalog.load import Catalog


EXPORT_OPTIONS = ("dpi", "cmyk", "services", "tts_base_url")  # read by the on-request export stages only


@dataclass(frozen=True)
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

    def fingerprint(self, exports: bool = True) -> str:
        """The options that change what a stage writes (not `only` or `force`); without
        `exports`, the options only the export stages read are left out too."""
        skip = {"only", "force", "out"} | (set() if exports else set(EXPORT_OPTIONS))
        data = {k: v for k, v in asdict(self).items() if k not in skip}
        return json.dumps(data, sort_keys=True, default=str)


@dataclass
class StageResult:
    artifacts: list[Artifact] = field(default_factory=list)
    findings: list[Issue] = field(default_factory=list)  # problems that do not stop the build


# A per-game stage and a stage run once per build.
Stage = Callable[["Catalog", BuildOptions], StageResult]
GlobalStage = Callable[[BuildOptions, Optional[Path]], StageResult]

__all__ = ["BuildOptions", "GlobalStage", "Stage", "StageResult"]
