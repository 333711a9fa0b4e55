"""The rules checker's `footers` check: `lint(job)`.

The one-line footers of the tuck boxes, the board tiles and the print-then-cut sheets
(`cardstock.impose.footer.one_line`) shrink, then leave parts off, when a longer language
or a long game title makes them too long for their line; a build warns of it, located at
the game file's `title`. This check says the same without building: each page's footer is
fitted (its parts, its room on the page) by the function the drawing itself calls, and
nothing is drawn. The pages are laid out as a build with the default options lays them
out: both papers the game prints on, the printer's margin, every cutting machine of the
project's `layouts/cut-machines.toml`; the faces are read for their outlines only.
"""

from __future__ import annotations

from pathlib import Path

from ..core.issues import Issue
from ..core.stage import BuildOptions, Job

# what the check lays pages out as: it runs outside a build only (`cardstock check`)
CHECK_OPTIONS = BuildOptions(out=Path("output"))


def lint(job: Job) -> list[Issue]:
    if job.options is not None:  # a build: its imposing stages fit the footers they draw and
        return []  # report them themselves, so fitting them here would do it twice
    from . import board, cut, tuckbox

    catalog, faces = job.catalog, job.faces
    options = CHECK_OPTIONS
    return [
        *tuckbox.footer_findings(catalog, options),
        *board.footer_findings(catalog, faces, options),
        *cut.footer_findings(catalog, faces, options),
    ]
