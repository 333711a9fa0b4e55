"""The build's command-line options made into `BuildOptions`: each bad value an Issue, not a
traceback (page lists, offsets, print shops, `--changed-since`)."""

from __future__ import annotations

import argparse
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from ..core.issues import Issue
from ..core.language import codes
from ..core.stage import BuildOptions
from ..core.units import UnitError, parse_offset

# how a value of `--changed-since` starts when it is a path, never a git revision
_AS_PATH = tuple(f"{dots}{sep}" for dots in (".", "..") for sep in {"/", os.sep})


def language_problems(asked: str | None) -> list[Issue]:
    """Each code of `--lang` that is no language code (`core.language`), as an Issue."""
    return [Issue("command line", None, "--lang", p) for p in codes(asked or "")[1]]


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
    problems += language_problems(getattr(args, "lang", None))
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
                "only into its own output folder (remove it, or name the folder to write into "
                "with --out)",
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
        large_print=getattr(args, "large_print", False),
        card_words=getattr(args, "card_words", False),
        reading_font=getattr(args, "reading_font", None),
        lang=getattr(args, "lang", None),
        edition=getattr(args, "edition", None),
    ), []


def changed_since(root: Path, ref: str, games: list[str]) -> tuple[Any | None, list[Issue]]:
    """`--changed-since REF`: each game's printed fingerprints at REF — a saved build's
    manifest.json (or a <game>-printed.json) when REF is a file, else a git revision of
    the project (`cardstock.layout.fingerprints`).

    A REF that names both a file and a git revision (a saved build named `HEAD` at the
    project's top) is refused as ambiguous, never read as one of them silently: `./HEAD`
    names the file (a REF starting with `./`, `../` or `/` is a path, never a revision, and
    git is not asked), `HEAD^{commit}` or the commit's full id the revision."""
    from ..core.revision import RevisionError
    from ..core.stage import Since
    from ..layout.fingerprints import at_revision, from_saved

    where = _saved_file(root, ref)
    try:
        if where is not None:
            clash = _also_a_revision(root, ref)
            if clash is not None:
                return None, [Issue("command line", None, "--changed-since", clash)]
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


def _saved_file(root: Path, ref: str) -> Path | None:
    """The file `ref` names, relative to the current folder, else to the project; None
    when it names no file."""
    where = Path(ref)
    if not where.is_absolute():
        where = Path.cwd() / where if (Path.cwd() / where).is_file() else root / where
    return where if where.is_file() else None


def _also_a_revision(root: Path, ref: str) -> str | None:
    """What to say when `ref`, which names a file, names a git revision of the project too;
    None when it does not (or is written as a path)."""
    from ..core.revision import RevisionError, resolve

    if Path(ref).is_absolute() or ref.startswith(_AS_PATH):
        return None
    try:
        commit = resolve(root, ref)
    except RevisionError:  # no revision of that name (or no repository to hold one)
        return None
    return (
        f"{ref}: names both a file and the git revision {ref} (commit {commit[:12]}); "
        f"write ./{ref} for the saved build, or {ref}^{{commit}} or the commit's full id "
        f"{commit} for the revision"
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
    from ..exports.presets import load_presets

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
