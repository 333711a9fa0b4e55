"""What a build prints: its warnings and failed checks, the table of what it made, the
progress line on a terminal, and the exit code its outcome means."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from ..core.output import fmt_bytes
from ..core.stage import BuildOptions
from ..plan import Outcome, UnitReport
from .common import EXIT_OK, EXIT_RULES, safe


def report(outcome: Outcome, options: BuildOptions) -> int:
    """Print what a build found and made; the exit code."""
    for issue in outcome.warnings:
        print(issue.render(), file=sys.stderr)
    for note in outcome.notes:
        print(safe(note))
    for game in outcome.failed:
        print(safe(outcome.checks[game].text), file=sys.stderr)
        if options.force:
            print(
                f"{game}: the rules check failed; building anyway because of --force\n",
                file=sys.stderr,
            )
        else:
            print(
                f"{game}: the rules check failed, so nothing was written for it "
                f"(see `cardstock check {game}`; --force builds anyway)\n",
                file=sys.stderr,
            )

    from ..core.scripts import glyphs_once

    for finding in glyphs_once(f for report in outcome.reports for f in report.findings):
        print(finding.render(), file=sys.stderr)
    print_summary(
        outcome.reports,
        options.out,
        outcome.seconds,
        page=outcome.page,
        page_kept=outcome.page_kept,
    )
    if options.changed_since is not None:
        _changed_lines(outcome, options)
    _ink_lines(outcome, options)
    return EXIT_RULES if outcome.failed else EXIT_OK


INKED = ("pnp", "quickref", "booklet")  # the files printed at home, whose ink is reported


def _ink_lines(outcome: Outcome, options: BuildOptions) -> None:
    """The ink coverage of each sheet, quick reference and booklet of a game built in an
    edition, and of the game's colour one beside it (`render.ink`), one line a file: its
    pages' mean and the most any page prints."""
    from ..catalog.languages import EDITIONS

    made = {r.game for r in outcome.reports if r.game is not None}
    shown = {f"{g}-{e}" for g in made for e in EDITIONS} & made
    shown |= {g for g in made for e in EDITIONS if f"{g}-{e}" in made}
    if not shown:  # no game in an edition: the renderer is not loaded
        return
    from ..render.ink import file_coverage

    for r in outcome.reports:
        if r.game not in shown:
            continue
        for a in r.artifacts:
            if a.kind not in INKED or not a.path.is_file():
                continue
            pages = file_coverage(a.path)
            if pages:
                print(
                    f"{a.relative(options.out)}: ink {100 * sum(pages) / len(pages):.1f}% of "
                    f"the page (the most on one page: {100 * max(pages):.1f}%)"
                )


def _changed_lines(outcome: Outcome, options: BuildOptions) -> None:
    """What `--changed-since` found, one line a game (from each game's changed.csv)."""
    from ..core.files import Unreadable, read_text

    since = options.changed_since
    assert since is not None
    for r in outcome.reports:
        if r.stage != "changed" or r.game is None:
            continue
        for a in r.artifacts:
            try:
                n = len(read_text(a.path, options.out).splitlines()) - 1
            except Unreadable:
                continue
            if n:
                print(
                    f"{r.game}: {n} card{'s' if n != 1 else ''} changed since {since.ref}; "
                    f"listed in {a.relative(options.out)}"
                )
            else:
                print(
                    f"{r.game}: nothing it prints changed since {since.ref}; no sheet was written"
                )


class Progress:
    """One updating line on a terminal; silent when output is not a terminal (CI, pipes)."""

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.width = 0

    def update(self, report: UnitReport, done: int, total: int) -> None:
        if not self.enabled:
            return
        state = "cached" if report.cached else f"{report.seconds:.2f}s"
        line = f"[{done}/{total}] {report.game or 'all'} {report.stage} ({state})"
        sys.stderr.write("\r" + line.ljust(self.width))
        sys.stderr.flush()
        self.width = max(self.width, len(line))

    def close(self) -> None:
        if self.enabled and self.width:
            sys.stderr.write("\r" + " " * self.width + "\r")
            sys.stderr.flush()


def print_summary(
    reports: list[UnitReport],
    out: Path,
    seconds: float,
    page: Any | None = None,
    page_kept: bool = False,
) -> None:
    """A table of what was built: artifact, pages, size, time; the downloads page last
    (`page`: its file, when the build wrote or kept it)."""
    rows = []
    for r in reports:
        for a in r.artifacts:
            if a.kind in ("svg", "svg-guides"):
                continue
            rel = a.relative(out)
            rows.append(
                (
                    rel,
                    str(a.pages or ""),
                    fmt_bytes(a.bytes),
                    "cached" if r.cached else f"{r.seconds:.2f}s",
                )
            )
        svgs = [a for a in r.artifacts if a.kind == "svg"]
        if svgs:
            size = sum(a.bytes for a in svgs)
            rows.append(
                (
                    f"{r.game}/svg/ ({len(svgs)} faces)",
                    "",
                    fmt_bytes(size),
                    "cached" if r.cached else f"{r.seconds:.2f}s",
                )
            )
    if page is not None:
        rows.append(
            (page.relative(out), "", fmt_bytes(page.bytes), "cached" if page_kept else "written")
        )
    if rows:
        width = max(len(r[0]) for r in rows)
        print(f"{'artifact':<{width}}  {'pages':>5}  {'size':>9}  {'time':>7}")
        for name, pages, shown, t in rows:
            print(f"{name:<{width}}  {pages:>5}  {shown:>9}  {t:>7}")
    ran = sum(1 for r in reports if not r.cached)
    if not reports and page is not None:  # `--only page`: the page is the one part
        state = "is up to date" if page_kept else "was written"
        print(f"the downloads page {state} ({seconds:.2f}s) in {out}")
        return
    print(
        f"built {ran} of {len(reports)} parts in {seconds:.2f}s "
        f"({len(reports) - ran} unchanged) into {out}"
    )
