"""The command line: parses options, runs a command, prints issues once, sets the exit code.

Exit codes: 0 success, 1 a rules check failed, 2 bad input (catalog, layout or options).

A build asks `cardstock.plan.recall` first: a build with nothing changed is answered from
the cache without importing the pipeline. Each command imports the rooms it runs when it
runs (a build the whole pipeline, `list` the catalog), so the command starts light.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import hashlib
import json
import os
import shlex
import shutil
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from . import __version__
from .core import output
from .core.cache import open_cache
from .core.issues import InputError, Issue, Issues, escaped
from .core.output import WriteError, fmt_bytes
from .core.stage import BuildOptions
from .core.units import UnitError, parse_offset
from .core.workers import interruptible
from .plan import BUILD_CHECK_RUNS, Keys, Outcome, Request, UnitReport, default_jobs, recall

if TYPE_CHECKING:
    from .catalog.load import Catalog
    from .layout.faces import KeptFaces

EXIT_OK, EXIT_RULES, EXIT_INPUT, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_PIPE = 141  # as a shell reports a command stopped by SIGPIPE


def _safe(text: str) -> str:
    """Text made from a project's files, line by line with control characters escaped
    (`core.issues.escaped`): a title or a name cannot drive the terminal."""
    return "\n".join(escaped(line) for line in text.split("\n"))


def find_root(start: Path) -> Path:
    """The nearest folder at or above `start` that has a catalog/ folder (else `start`)."""
    for folder in (start, *start.parents):
        if (folder / "catalog").is_dir():
            return folder
    return start


def print_issues(
    issues: Sequence[Issue] | Issues, stream: TextIO | None = None, *, written: bool = False
) -> None:
    """Each issue, then how many errors there are and what that left unwritten: nothing,
    or (`written`: found after the build wrote its files) the downloads page."""
    stream = stream or sys.stderr
    for issue in issues:
        print(issue.render(), file=stream)
    errors = sum(1 for i in issues if i.level == "error")
    if errors:
        left = (
            "the other files were written, the downloads page was not"
            if written
            else "nothing was written"
        )
        print(f"{errors} error{'s' if errors != 1 else ''}; {left}.", file=stream)


def _load(args: argparse.Namespace, games: list[str] | None) -> tuple[list[Catalog], int]:
    """The games' catalogs (game files, tables, rules files), or the exit code of bad
    input (every problem printed once)."""
    from .catalog.load import load_games
    from .rules.model import load_rules

    catalogs, issues = load_games(args.root, games or None, load_rules)
    if issues:
        print_issues(issues)
    if issues.errors:
        return catalogs, EXIT_INPUT
    if not catalogs:
        print(f"no games found under {args.root / 'catalog'}", file=sys.stderr)
        return catalogs, EXIT_INPUT
    return catalogs, EXIT_OK


def cmd_list(args: argparse.Namespace) -> int:
    from .catalog.kinds import kind_count

    catalogs, code = _load(args, None)
    if code:
        return code
    width = max(len(c.id) for c in catalogs)
    for cat in catalogs:
        t = cat.totals()
        kinds = ", ".join(kind_count(k, n) for k, n in t["by_kind"].items())
        players = cat.game.players
        print(
            escaped(
                f"{cat.id:<{width}}  {cat.game.title}  ({players.min}-{players.max} players)  {t['all']} components: {kinds}"
            )
        )
    return EXIT_OK


def cmd_catalog(args: argparse.Namespace) -> int:
    catalogs, code = _load(args, [args.game])
    if code:
        return code
    cat = catalogs[0]
    if args.json:
        json.dump(cat.public(), sys.stdout, indent=2, ensure_ascii=False, sort_keys=False)
        sys.stdout.write("\n")
        return EXIT_OK
    g = cat.game
    print(escaped(f"{g.title} {g.version}  ({g.players.min}-{g.players.max} players)"))
    reading = cat.reading()
    if reading:
        print("\nRead with (game.toml):")
        for line in reading:
            print(escaped(f"  {line}"))
    group = None
    for c in cat.components:
        if c.group != group:
            group = c.group
            print("\n" + escaped(f"{group}  ({cat.total(group=group)})"))
        mark = "  *" if c.designer_choice else ""
        print(escaped(f"  {c.count:>3} × {c.name}  [{c.kind}, {c.id}]{mark}"))
    t = cat.totals()
    print(f"\n{t['all']} components; * marks a designer's choice")
    return EXIT_OK


def build_options(args: argparse.Namespace) -> tuple[BuildOptions | None, list[Issue]]:
    """Command-line options → BuildOptions; a bad value is an Issue, not a traceback."""
    problems: list[Issue] = []
    papers = ("letter", "a4") if args.paper == "all" else (args.paper,)
    offset = (0.0, 0.0)
    if args.back_offset:
        try:
            offset = parse_offset(args.back_offset)
        except UnitError as exc:
            problems.append(Issue("command line", None, "--back-offset", str(exc)))
    only = frozenset(x.strip() for x in args.only.split(",") if x.strip()) if args.only else None
    services, more = _export_options(args)
    problems += more
    pages: tuple[int, ...] = ()
    if getattr(args, "pages", None):
        try:
            pages = page_numbers(args.pages)
        except ValueError as exc:
            problems.append(Issue("command line", None, "--pages", str(exc)))
    since = None
    if getattr(args, "changed_since", None):
        since, more = changed_since(args.root, args.changed_since, list(args.games or ()))
        problems += more
    out = args.out.resolve() if args.out else args.root / "output"
    if args.out is None and (out.is_symlink() or (out.exists() and not out.is_dir())):
        problems.append(
            Issue(
                "output",
                None,
                "",
                "a link or a file, not a folder cardstock made; it writes "
                "only into its own output folder (remove it, or name the folder to write into with --out)",
            )
        )
    if problems:
        return None, problems
    return BuildOptions(
        out=out,
        papers=papers,
        duplex=args.duplex,
        gutterfold=args.gutterfold,
        bleed=not args.no_bleed,
        back_offset=offset,
        only=only,
        force=args.force,
        printer=args.printer,
        dpi=args.dpi,
        cmyk=args.cmyk,
        services=services,
        tts_base_url=args.tts_base_url,
        cut=args.cut,
        select_sets=_ids(getattr(args, "sets", None)),
        select_cards=_ids(getattr(args, "cards", None)),
        pages=pages,
        guides=args.guides,
        changed_since=since,
        cvd=getattr(args, "cvd", False),
    ), []


def changed_since(root: Path, ref: str, games: list[str]) -> tuple[Any | None, list[Issue]]:
    """`--changed-since REF`: each game's printed fingerprints at REF — a saved build's
    manifest.json (or a <game>-printed.json) when REF is a file, else a git revision of
    the project (`cardstock.layout.printed`)."""
    from .core.revision import RevisionError
    from .core.stage import Since
    from .layout.printed import at_revision, from_saved

    where = Path(ref)
    if not where.is_absolute():  # relative to here, else to the project
        where = Path.cwd() / where if (Path.cwd() / where).is_file() else root / where
    try:
        if where.is_file():
            found = from_saved(root, where)
        else:
            found, _commit = at_revision(root, ref, games or None)
    except (RevisionError, ValueError) as exc:
        return None, [
            Issue(
                "command line",
                None,
                "--changed-since",
                f"{ref}: {exc} (expected a git revision, or a saved build's manifest.json)",
            )
        ]
    digest = hashlib.sha256(json.dumps(found, sort_keys=True).encode()).hexdigest()
    return Since(ref, digest, found), []


def _changed_lines(outcome: Outcome, options: BuildOptions) -> None:
    """What `--changed-since` found, one line a game (from each game's changed.csv)."""
    from .core.files import Unreadable, read_text

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
                    f"{r.game}: {n} card{'s' if n != 1 else ''} changed since {since.ref}; listed in {a.relative(options.out)}"
                )
            else:
                print(
                    f"{r.game}: nothing it prints changed since {since.ref}; no sheet was written"
                )


def _export_options(args: argparse.Namespace) -> tuple[tuple[str, ...], list[Issue]]:
    """The print-shop services asked for with --for (checked against the presets), and
    problems with --dpi."""
    problems: list[Issue] = []
    if not 10 <= args.dpi <= 1200:
        problems.append(
            Issue(
                "command line",
                None,
                "--dpi",
                f"expected a resolution from 10 to 1200 dots per inch, got {args.dpi}",
            )
        )
    if not args.services:
        return (), problems
    from .exports.presets import load_presets

    presets, issues = load_presets(args.root)
    problems += issues
    asked = tuple(dict.fromkeys(x.strip() for x in args.services.split(",") if x.strip()))
    unknown = [s for s in asked if s not in presets]
    if unknown and presets:
        problems.append(
            Issue(
                "command line",
                None,
                "--for",
                f"unknown print shop(s) {', '.join(unknown)}; expected: {', '.join(presets)}",
            )
        )
    return asked, problems


def _ids(text: str | None) -> tuple[str, ...]:
    return tuple(dict.fromkeys(x.strip() for x in (text or "").split(",") if x.strip()))


def page_numbers(text: str) -> tuple[int, ...]:
    """ "1,3-4" → (1, 3, 4); a ValueError says what is wrong."""
    out: list[int] = []
    for part in (p.strip() for p in text.split(",")):
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ValueError(f"expected page numbers and ranges like 1,3-4, got {part!r}")
        a, b = int(first), int(last) if dash else int(first)
        if a < 1 or b < a or b - a > 10_000:
            raise ValueError(f"the range {part!r} is not a range of pages from 1 on")
        out += range(a, b + 1)
    return tuple(sorted(set(out)))


def cmd_build(args: argparse.Namespace) -> int:
    options, problems = build_options(args)
    if options is None:
        print_issues(problems)
        return EXIT_INPUT
    if args.watch:
        return watch(args, options)
    return build_once(args, options)


def build_once(
    args: argparse.Namespace,
    options: BuildOptions,
    judge: Callable[[Outcome], int] | None = None,
    kept: KeptFaces | None = None,
) -> int:
    """One build (`cardstock.build`); its report printed, its exit code returned (or what
    `judge` makes of its outcome, when the build itself succeeded). `kept`: the faces a
    `--watch` process keeps from one build to the next."""
    show = Progress(enabled=sys.stderr.isatty() and not os.environ.get("CI"))
    request = Request(
        args.root,
        tuple(args.games or ()),
        options,
        jobs=args.jobs or default_jobs(),
        check_runs=args.check_runs,
        strict=getattr(args, "strict", False),
    )
    started = time.perf_counter()
    try:
        with interruptible():  # a second Ctrl-C ends the build and its workers at once
            keys = Keys(request.root, options)  # the project's files, hashed once for both
            outcome = _recalled(request, keys)
            if outcome is None:
                from .build import build  # the whole pipeline, once something must be built

                outcome = build(
                    request, progress=show.update, notice=_wait_notice, keys=keys, kept=kept
                )
        outcome.seconds = time.perf_counter() - started
    except InputError as exc:
        show.close()
        print_issues(exc.issues, written=exc.written)
        return EXIT_INPUT
    except WriteError as exc:
        show.close()
        where = exc.path.absolute()  # as written: a link is named, never where it points
        shown = (
            where.relative_to(args.root).as_posix()
            if where.is_relative_to(args.root)
            else str(where)
        )
        what = (
            "cannot write into the output folder"
            if where == options.out.absolute()
            else "cannot write the file"
        )
        if exc.reason == output.LINKED:
            what = "not written"
        print(f"{shown}: {what}: {exc.reason}", file=sys.stderr)
        return EXIT_INPUT
    show.close()
    code = _report(outcome, options)
    # a command that makes one part says itself what its outcome means (a proof or a
    # changelog is written even for a game whose rules check fails)
    return judge(outcome) if judge is not None and code in (EXIT_OK, EXIT_RULES) else code


def _recalled(request: Request, keys: Keys) -> Outcome | None:
    """The same build made before (`plan.recall`), with the output folder held while its
    files are checked; None when something must be built."""
    if not request.options.out.is_dir():
        return None
    cache = open_cache()
    try:
        output.lock(request.options.out, _wait_notice)
        return recall(request, cache, keys)
    finally:
        cache.close()
        output.unlock(request.options.out)


def _wait_notice(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def _report(outcome: Outcome, options: BuildOptions) -> int:
    """Print what a build found and made; the exit code."""
    for issue in outcome.warnings:
        print(issue.render(), file=sys.stderr)
    for game in outcome.failed:
        print(_safe(outcome.checks[game].text), file=sys.stderr)
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

    from .core.scripts import glyphs_once

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
    return EXIT_RULES if outcome.failed else EXIT_OK


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
        f"built {ran} of {len(reports)} parts in {seconds:.2f}s ({len(reports) - ran} unchanged) into {out}"
    )


# `--watch` waits for the system to report a change (watchfiles: inotify on Linux, the
# platform's own notifications elsewhere), then gathers the changes that follow within
# WATCH_SETTLE_MS (an editor may save in steps) and rebuilds.
WATCHED = ("catalog", "layouts", "fonts")
WATCH_SETTLE_MS = 30
WATCH_IDLE_MS = 200  # how often the idle watcher looks up (its first look starts the first build)


def watch(args: argparse.Namespace, options: BuildOptions) -> int:
    """Rebuild whenever a file the build reads changes (Ctrl-C stops). After each rebuild,
    says on stderr how long after the change the files were written."""
    from watchfiles import watch as changes

    from .layout.faces import KeptFaces

    root = args.root
    kept = KeptFaces()  # each build's faces, for the next one

    def wanted(_change: Any, path: str) -> bool:
        """Only the project's inputs: not output/, not hidden files or caches."""
        try:
            parts = Path(path).relative_to(root).parts
        except ValueError:
            return False
        return (
            bool(parts)
            and parts[0] in WATCHED
            and not any(p.startswith(".") or p == "__pycache__" for p in parts)
        )

    print(f"watching {', '.join(f + '/' for f in WATCHED)}; Ctrl-C stops", file=sys.stderr)
    first = True
    try:
        # the watcher reports an empty batch once it runs: the first build starts then, so
        # a change made while it builds is seen afterwards
        for batch in changes(
            root,
            watch_filter=wanted,
            debounce=1000,
            step=WATCH_SETTLE_MS,
            yield_on_timeout=True,
            rust_timeout=WATCH_IDLE_MS,
            raise_interrupt=True,
        ):
            if not batch and not first:
                continue
            seen = time.perf_counter()
            code = build_once(args, options, kept=kept)
            if batch:
                changed = sorted({path for _, path in batch})
                shown = ", ".join(_shown(root, c) for c in changed[:3]) + (
                    f" and {len(changed) - 3} more" if len(changed) > 3 else ""
                )
                print(
                    f"(rebuilt {time.perf_counter() - seen:.2f}s after the change to {shown})",
                    file=sys.stderr,
                    flush=True,
                )
            if code:
                print(
                    f"(build failed with exit status {code}; waiting for the next change)",
                    file=sys.stderr,
                )
            first = False
    except KeyboardInterrupt:
        return EXIT_OK
    return EXIT_OK


def _shown(root: Path, path: str) -> str:
    p = Path(path)
    return p.relative_to(root).as_posix() if p.is_relative_to(root) else path


def _asked_build(
    args: argparse.Namespace, part: str
) -> tuple[argparse.Namespace, BuildOptions | None, list[Issue]]:
    """The build a command that makes one part runs: the part alone, for the games asked,
    also when their rules check fails (a proof or a changelog is wanted most then)."""
    argv = [
        "build",
        *args.games,
        "--only",
        f"{part},page",
        "--force",
        "--paper",
        getattr(args, "paper", "letter"),
    ]
    if getattr(args, "out", None):
        argv += ["--out", str(args.out)]
    built = parser().parse_args(argv)
    built.root, built.debug = args.root, args.debug
    options, problems = build_options(built)
    return built, options, problems


def cmd_proof(args: argparse.Namespace) -> int:
    """`cardstock proof [GAME...]`: contact sheets with problems outlined, fit-report.csv;
    `--cvd` adds the colour-vision sheets and their check; `--strict` fails on a problem."""
    built, options, problems = _asked_build(args, "proof")
    if options is None:
        print_issues(problems)
        return EXIT_INPUT
    options = dataclasses.replace(options, cvd=args.cvd)

    def judge(outcome: Outcome) -> int:
        found = [f for r in outcome.reports if r.stage == "proof" for f in r.findings]
        for r in outcome.reports:
            for a in r.artifacts:
                if a.kind in ("proof", "fit-report"):
                    print(f"proof: {a.relative(options.out)}")
        print(f"{len(found)} problem{'s' if len(found) != 1 else ''} found")
        return EXIT_RULES if args.strict and found else EXIT_OK

    return build_once(built, options, judge)


def cmd_changelog(args: argparse.Namespace) -> int:
    """`cardstock changelog FROM[..TO] [GAME...]`: what changed between two versions (TO:
    the files as they are now), as Markdown and HTML."""
    from .core.revision import RevisionError, resolve
    from .core.stage import Span

    first, dots, last = args.range.partition("..")
    try:
        span = Span(
            args.range,
            resolve(args.root, first or "HEAD"),
            resolve(args.root, last) if dots and last else None,
        )
    except RevisionError as exc:
        print_issues([Issue("command line", None, "REF", f"{args.range}: {exc}")])
        return EXIT_INPUT
    built, options, problems = _asked_build(args, "changelog")
    if options is None:
        print_issues(problems)
        return EXIT_INPUT
    options = dataclasses.replace(options, changelog=span)

    def judge(outcome: Outcome) -> int:
        for r in outcome.reports:
            for a in r.artifacts:
                if a.kind in ("changelog", "changelog-html"):
                    print(f"changelog: {a.relative(options.out)}")
        return EXIT_OK

    return build_once(built, options, judge)


def cmd_check(args: argparse.Namespace) -> int:
    """Run every rules check; print the report (or JSON); exit 1 when any check fails."""
    from .core.stage import Job
    from .rules import parts, render, run_checks
    from .rules.report import render_coverage
    from .rules.sources import sources_folder
    from .stages import CHECKS
    from .validate import validate

    only = None
    if args.only:
        only = {x.strip() for x in args.only.split(",") if x.strip()}
        unknown = sorted(only - set(parts(CHECKS)))
        if unknown:
            print_issues(
                [
                    Issue(
                        "command line",
                        None,
                        "--only",
                        f"unknown part(s) {', '.join(unknown)}; expected: {', '.join(parts(CHECKS))}",
                    )
                ]
            )
            return EXIT_INPUT
    cache = open_cache()
    try:
        found = validate(args.root, args.games or None, cache)
        if found.issues:
            print_issues(found.issues)
        if found.issues.errors:
            return EXIT_INPUT
        if not found.catalogs:
            print(f"no games found under {args.root / 'catalog'}", file=sys.stderr)
            return EXIT_INPUT
        jobs = [Job(c, found.faces[c.id]) for c in found.catalogs]
        try:
            report = run_checks(
                jobs,
                CHECKS,
                seed=args.seed,
                runs=args.runs,
                only=only,
                strict=getattr(args, "strict", False),
                sources=sources_folder(args.sources),
                coverage=args.coverage,
            )
        except InputError as exc:  # a template that broke the sandbox's bounds
            print_issues(exc.issues)
            return EXIT_INPUT
    finally:
        cache.close()
    if args.json:
        json.dump(report.public(), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(_safe(render(report, verbose=args.verbose)))
        if args.coverage:
            print()
            print(_safe(render_coverage(report, verbose=args.verbose)))
    return EXIT_OK if report.ok else EXIT_RULES


def cmd_init(args: argparse.Namespace) -> int:
    from .init import init_project

    folder = Path(args.dir)
    written, issues = init_project(folder, args.name)
    if issues:
        print_issues(issues)
        return EXIT_INPUT
    games = sorted(
        {
            p.relative_to(folder).parts[1]
            for p in written
            if p.relative_to(folder).parts[0] == "catalog"
        }
    )
    print(f"wrote {len(written)} files into {folder}: the game {', '.join(games)}")
    step = "" if folder.resolve() == Path.cwd().resolve() else f"cd {shlex.quote(str(folder))} && "
    print(f"next: {step}{own_command(folder)}   (checks the rules and builds into output/)")
    return EXIT_OK


def own_command(folder: Path) -> str:
    """How to run this cardstock from `folder` without activating its virtual environment:
    the `cardstock` script beside the running Python (relative when the environment sits
    in the folder, as `.venv/bin/cardstock`), plain `cardstock` when that is the one on
    PATH, else `python -m cardstock` with this Python's path."""
    script = Path(sys.executable).parent / ("cardstock.exe" if os.name == "nt" else "cardstock")
    if not script.is_file():
        return f"{shlex.quote(sys.executable)} -m cardstock"
    found = shutil.which("cardstock")
    if found and Path(found).resolve() == script.resolve():
        return "cardstock"
    try:
        return shlex.quote(str(script.absolute().relative_to(folder.absolute())))
    except ValueError:
        return shlex.quote(str(script.absolute()))


def cmd_schema(args: argparse.Namespace) -> int:
    from .docs import json_schema

    print(json.dumps(json_schema(args.file), indent=2, sort_keys=True))
    return EXIT_OK


def cmd_check_deck(args: argparse.Namespace) -> int:
    """Check a player's custom deck list against the game's deck-building limits."""
    from .rules.decks import check_deck

    catalogs, code = _load(args, [args.game])
    if code:
        return code
    cat = catalogs[0]
    decks = cat.rules.decks if cat.rules is not None else {}
    if not decks:
        print(
            f"{args.game} declares no custom decks (no [decks] in catalog/{args.game}/rules.toml)",
            file=sys.stderr,
        )
        return EXIT_INPUT
    key = args.deck or (next(iter(decks)) if len(decks) == 1 else None)
    if key is None or key not in decks:
        what = f"unknown deck {key!r}" if key else "the game has several decks"
        print(f"{what}; choose one with --deck: {', '.join(decks)}", file=sys.stderr)
        return EXIT_INPUT
    path = Path(args.deck_file)
    result = check_deck(
        cat.components, decks[key], key, path, cat.display(path.resolve()), f"{cat.game.title}"
    )
    if args.json:
        json.dump(result.public(), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        for issue in [*result.input_errors, *result.findings]:
            print(issue.render())
        if result.input_errors:
            print(f"{result.file}: the deck list cannot be read", file=sys.stderr)
        elif result.findings:
            n = len(result.findings)
            print(
                f"{result.file}: {n} problem{'s' if n != 1 else ''}; this {result.name} breaks the deck-building rules"
            )
        else:
            print(
                f"{result.file}: a valid {result.name}: {result.total} cards, {len(result.cards)} different"
            )
    if result.input_errors:
        return EXIT_INPUT
    return EXIT_OK if result.ok else EXIT_RULES


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


class _Parser(argparse.ArgumentParser):
    """The command's parser: its help ends with the build's options, formatted only when
    the help is shown (not on every start)."""

    more_help: Callable[[], str] | None = None

    def format_help(self) -> str:
        if self.more_help is not None:
            self.epilog, self.more_help = (self.epilog or "") + self.more_help(), None
        return super().format_help()


def parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="cardstock",
        description="Build print-and-play files from a game catalog.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="version", version=f"cardstock {__version__}")
    p.add_argument(
        "--root",
        type=Path,
        default=None,
        help="project folder holding catalog/ (default: found from here)",
    )
    p.add_argument("--debug", action="store_true", help="show a traceback for internal errors")
    sub = p.add_subparsers(dest="command")

    b = sub.add_parser("build", help="build every game (the default command)")
    b.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: all)")
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
    b.add_argument(
        "--only",
        metavar="PARTS",
        help="comma-separated parts to build: calibration, svg, rulebook, pnp, quickref, board, printed, page; "
        "and, built only when asked for: tuckbox, cards, tts, print-shop, cut, reprint, changed, proof, changelog",
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
        help="print-and-play sheets: only these PDF pages, e.g. 1 or 1-2,5 (with duplex, page 2 is the back of page 1)",
    )
    b.add_argument(
        "--changed-since",
        metavar="REF",
        help="print-and-play sheets of only the cards whose print changed since REF "
        "(a git revision, or a saved build's manifest.json), and changed.csv",
    )
    b.add_argument(
        "--out", type=Path, default=None, help="output folder (default: output/ in the project)"
    )
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
        help=f"setup simulations per player count in the build's rules check (default {BUILD_CHECK_RUNS}; `check` runs the game's own number, 10000 unless it says)",
    )
    b.add_argument(
        "--dpi",
        type=int,
        default=300,
        metavar="N",
        help="pixels per inch of PNG exports (cards, tts; default 300)",
    )
    b.add_argument(
        "--cut",
        metavar="MACHINE",
        help="print-then-cut sheets and cut files for a cutting machine of layouts/cut-machines.toml (shipped: silhouette, cricut)",
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
        help="where the Tabletop Simulator images will be hosted (default: named by file, found in Tabletop Simulator's Mods folder)",
    )
    b.add_argument(
        "--jobs", type=int, default=0, metavar="N", help="parallel processes (default: all cores)"
    )
    b.add_argument(
        "--watch", action="store_true", help="rebuild when a catalog or layout file changes"
    )
    b.set_defaults(func=cmd_build)
    # `cardstock --help` shows the build's options too: `cardstock [GAME...] [options]` builds
    p.epilog = (
        "With no command, cardstock builds: cardstock [GAME...] [options]. The build's options:\n\n"
    )
    p.more_help = b.format_help

    ls = sub.add_parser("list", help="list the games and their component totals")
    ls.set_defaults(func=cmd_list)

    c = sub.add_parser("catalog", help="print one game's validated catalog")
    c.add_argument("game", metavar="GAME")
    c.add_argument("--json", action="store_true", help="print the documented JSON shape")
    c.set_defaults(func=cmd_catalog)

    k = sub.add_parser(
        "check", help="check the games' own rules: counts, constraints, setup, print safety"
    )
    k.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: all)")
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
        help="setup runs per player count (default: the game's setup.runs, 10000)",
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
        help="comma-separated parts: counts, constraints, setup, source, or a provider (colour-only, print-safety, …)",
    )
    k.add_argument(
        "--coverage",
        action="store_true",
        help="list, per source rulebook, which of its numbers and names the rules cover; anything not covered fails",
    )
    k.add_argument(
        "--sources",
        type=Path,
        metavar="DIR",
        default=None,
        help="the folder the seed rulebooks rules.toml names are in (default: $CARDSTOCK_SOURCES)",
    )
    k.set_defaults(func=cmd_check)

    d = sub.add_parser(
        "check-deck", help="check a custom deck list (CSV) against the deck-building limits"
    )
    d.add_argument("game", metavar="GAME")
    d.add_argument("deck_file", metavar="DECK.csv")
    d.add_argument(
        "--deck",
        default=None,
        metavar="KIND",
        help="which of the game's [decks] (when it has several)",
    )
    d.add_argument("--json", action="store_true", help="print the result as JSON")
    d.set_defaults(func=cmd_check_deck)

    it = sub.add_parser("init", help="write a small, complete project to start your own game from")
    it.add_argument(
        "dir", nargs="?", default=".", metavar="DIR", help="the project folder (default: here)"
    )
    it.add_argument(
        "--name",
        metavar="GAME",
        default=None,
        help="the game's title; its id is made from it (default: the folder's name)",
    )
    it.set_defaults(func=cmd_init)

    pf = sub.add_parser(
        "proof", help="contact sheets of every face with problems outlined, and fit-report.csv"
    )
    pf.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: all)")
    pf.add_argument(
        "--cvd",
        action="store_true",
        help="also the sheets as seen with protanopia, deuteranopia and tritanopia, and the colour-vision check",
    )
    pf.add_argument("--strict", action="store_true", help="exit 1 when any problem is found")
    pf.add_argument(
        "--paper",
        choices=("letter", "a4"),
        default="letter",
        help="paper of the contact sheets (default: letter)",
    )
    pf.add_argument(
        "--out", type=Path, default=None, help="output folder (default: output/ in the project)"
    )
    pf.set_defaults(func=cmd_proof)

    cl = sub.add_parser(
        "changelog",
        help="what changed between two versions of the games (git), as Markdown and HTML",
    )
    cl.add_argument(
        "range",
        metavar="FROM[..TO]",
        help="git revisions; without TO, up to the files as they are now",
    )
    cl.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: all)")
    cl.add_argument(
        "--out", type=Path, default=None, help="output folder (default: output/ in the project)"
    )
    cl.set_defaults(func=cmd_changelog)

    sc = sub.add_parser(
        "schema", help="print a JSON Schema of game.toml or of a layout file, for editors"
    )
    sc.add_argument(
        "file",
        choices=("game", "faces"),
        help="game: catalog/<game>/game.toml; faces: layouts/<game>/faces.toml",
    )
    sc.set_defaults(func=cmd_schema)
    p.set_defaults(commands=tuple(sub.choices))  # the command names, for `main`'s default command
    return p


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # `cardstock [GAME...] [options]` means `cardstock build …`.
    p = parser()
    commands = p.get_default("commands")
    start = _after_globals(argv)
    if not any(a in ("-h", "--help", "--version") for a in argv[:start]):
        if start >= len(argv) or argv[start] not in commands:
            argv = argv[:start] + ["build"] + argv[start:]
    args = p.parse_args(argv)
    args.root = (args.root or find_root(Path.cwd())).resolve()
    if not hasattr(args, "func"):
        p.print_help()
        return EXIT_INPUT
    try:
        code: int = args.func(args)
        sys.stdout.flush()  # here, so a reader that went away is noticed while it can be handled
        return code
    except BrokenPipeError:  # `cardstock … | head`: the reader has all it wanted
        _silence_stdout()
        return EXIT_PIPE
    except KeyboardInterrupt:
        print("interrupted; nothing half-written was kept", file=sys.stderr)
        return 130
    except Exception as exc:  # an internal error: short message, traceback with --debug
        if args.debug:
            raise
        print(
            _safe(f"internal error: {type(exc).__name__}: {exc} (run with --debug for details)"),
            file=sys.stderr,
        )
        return EXIT_INTERNAL


def run() -> NoReturn:
    """The `cardstock` command (and `python -m cardstock`, build.py): `main`, then exit. The
    process ends here, so what it made is frozen first (`gc.freeze`): the full collection
    CPython makes as it exits would otherwise look through all of it (about 0.15 s after
    an edit's build, for a process whose memory the system takes back at once)."""
    from .core.importpath import confine  # before any command imports a library

    confine()
    code = main()
    gc.freeze()
    sys.exit(code)


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real descriptor (captured output)
        pass


GLOBAL_WITH_VALUE = ("--root",)
GLOBAL_FLAGS = ("--debug", "--version", "-h", "--help")


def _after_globals(argv: list[str]) -> int:
    """Index of the first argument after the global options (`--root X`, `--debug`)."""
    i = 0
    while i < len(argv):
        if argv[i] in GLOBAL_WITH_VALUE:
            i += 2
        elif argv[i].startswith("--root="):
            i += 1
        elif argv[i] in GLOBAL_FLAGS:
            i += 1
        else:
            break
    return i


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
