"""Runs the build stages for the games asked and returns what was made; no printing.

Stages after loading are registered by name in `STAGES` as "module:function" strings.
Each stage function has the same small contract:

    def build(catalog: Catalog, options: BuildOptions) -> StageResult

and writes its files only through `cardstock.output.artifact` (temporary file, then rename).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

from .issues import Issue
from .load import Catalog
from .output import Artifact


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


@dataclass
class StageResult:
    artifacts: list[Artifact] = field(default_factory=list)
    findings: list[Issue] = field(default_factory=list)  # problems that do not stop the build


Stage = Callable[[Catalog, BuildOptions], StageResult]

# name -> "module:function"; order is build order.
STAGES: dict[str, str] = {}


def stage(name: str) -> Stage:
    module, func = STAGES[name].split(":")
    return getattr(importlib.import_module(module), func)


def run(catalogs: list[Catalog], options: BuildOptions) -> StageResult:
    """Run every selected stage for every catalog, in order."""
    total = StageResult()
    for cat in catalogs:
        for name in STAGES:
            if options.only is not None and name not in options.only:
                continue
            result = stage(name)(cat, options)
            total.artifacts.extend(result.artifacts)
            total.findings.extend(result.findings)
    return total
