"""`cardstock check --mutate`: the mutation test run on the games asked for.

The edits and the report are the rules room's (`rules.mutate_edits`, `rules.mutate`); what
judges an edit is here, because it is the same read → validate → check the command runs,
with the checks of the later rooms (`stages.CHECKS`). Each edit's files are placed in the
door (`core.files.placed`): nothing is copied or written.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path

from ..core.cache import Cache, open_cache
from ..core.files import placed
from ..core.issues import InputError
from ..core.stage import Job
from ..layout.faces import KeptFaces
from ..layout.ops import Face
from ..rules.mutate import (
    Judge,
    MutationReport,
    coverage_checked,
    public,
    render,
    render_checked,
    run,
)
from ..rules.mutate_edits import edits, game_files
from ..rules.mutate_owned import named, scope, uncited, unknown_cards
from ..rules.provenance.stated import cited_at
from ..rules.report import GameReport, run_checks
from ..rules.sources import load_source, sources_folder
from ..rules.verdicts import FAIL, WARN
from ..stages import CHECKS
from ..validate import validate
from .common import EXIT_INPUT, EXIT_OK, EXIT_RULES, print_issues, safe

# the checks that judge how a face prints (colour, bleed, safe zone), not what it says: an
# edit they alone find is not caught, and they are not run
PRINT_SECTION = "print"
# setup runs per player count for each edited game (an edit that breaks the setup breaks it
# in almost every run; `--runs` sets it)
MUTATE_RUNS = 100


WORDS = tuple(p for p in CHECKS if p.section != PRINT_SECTION)


class BaselineFaces(KeptFaces):
    """The unedited game's faces, kept in memory for every edit (`freeze` after the
    unedited game's check): an edit lays out only the faces it changes, and those are not
    kept for the next edit."""

    def __init__(self) -> None:
        super().__init__()
        self.frozen = False

    def add(self, key: bytes, face: Face) -> None:
        if not self.frozen:
            super().add(key, face)

    def freeze(self) -> None:
        self.finished()
        self.frozen = True


def failures(report: GameReport) -> frozenset[str]:
    """What `--strict` fails on in a game's check: every finding of a failed or warning
    check (an acknowledged warning is not one), or its summary when it lists none."""
    out: set[str] = set()
    for c in report.checks:
        if c.status in (FAIL, WARN):
            out |= {f"{c.rule}: {i.render()}" for i in c.findings} or {f"{c.rule}: {c.summary}"}
    return frozenset(out)


def judge_of(
    root: Path,
    game: str,
    cache: Cache,
    *,
    seed: int,
    runs: int,
    sources: Path | None,
    only: set[str] | None = None,
) -> Judge:
    """The check of `game` with some files placed: what it fails on (see `failures`);
    a refused input fails with its every error. The first call (the unedited game) keeps
    its faces for the others."""
    kept = BaselineFaces()

    def judge(texts: Mapping[Path, bytes]) -> frozenset[str]:
        with placed(texts):
            found = validate(root, [game], cache, kept=kept)
            if found.issues.errors or not found.catalogs:
                return frozenset(f"input: {i.render()}" for i in found.issues.errors) or (
                    frozenset({"input: the game could not be read"})
                )
            job = Job(found.catalogs[0], found.faces[game])
            try:
                report = run_checks([job], WORDS, seed=seed, runs=runs, sources=sources, only=only)
            except InputError as exc:
                return frozenset(f"input: {i.render()}" for i in exc.issues)
        if not texts:
            kept.freeze()
        return failures(report.games[0])

    return judge


def mutate_games(
    args: argparse.Namespace, only: set[str] | None = None
) -> tuple[list[MutationReport], int, list[str]]:
    """Each game's mutation test, the exit status of reading them, and (with `--coverage`)
    each game's sources' facts stated and checked, as text."""
    cache = open_cache()
    try:
        found = validate(args.root, args.games or None, cache)
        if found.issues.errors:
            print_issues(found.issues)
            return [], EXIT_INPUT, []
        reports, covered = [], []
        for catalog in found.catalogs:
            sources = game_files(catalog)
            judge = judge_of(
                args.root,
                catalog.id,
                cache,
                seed=args.seed,
                runs=args.runs or MUTATE_RUNS,
                sources=sources_folder(args.sources),
                only=only,
            )
            rules = catalog.rules
            owned = [
                (d, scope(d, catalog.game, catalog.components))
                for d in (rules.designer_values if rules is not None else [])
            ]
            reports.append(
                run(
                    catalog.id,
                    sources.texts,
                    edits(catalog, sources),
                    judge,
                    rules.accept if rules is not None else [],
                    rules.accept_lines if rules is not None else [],
                    rules.file if rules is not None else None,
                    owned=owned,
                    owned_lines=rules.designer_value_lines if rules is not None else [],
                )
            )
            if rules is not None:
                lines = rules.designer_value_lines
                reports[-1].owned_stale += unknown_cards(
                    rules.designer_values, lines, catalog.components
                )
            if rules is not None and rules.designer_values and (rules.seed or rules.text):
                text, _ = load_source(
                    rules.seed or rules.text or "",
                    own=rules.text_path,
                    root=args.root,
                    folder=sources_folder(args.sources),
                )
                if text is not None:
                    lines = rules.designer_value_lines
                    reports[-1].owned_stale += uncited(rules.designer_values, lines, text)
                    reports[-1].owned_stale += named(
                        rules.designer_values, lines, catalog.components, text, catalog.game.sets
                    )
            if args.coverage:
                job = Job(catalog, found.faces[catalog.id])
                plain = run_checks(
                    [job], (), only={"source"}, sources=sources_folder(args.sources), coverage=True
                )
                facts = coverage_checked(reports[-1], plain.games[0].coverage, cited_at(catalog))
                covered.append(render_checked(catalog.id, facts, verbose=args.verbose))
        return reports, EXIT_OK, covered
    finally:
        cache.close()


def cmd_mutate(args: argparse.Namespace, only: set[str] | None = None) -> int:
    """`check --mutate`: print each game's mutation test (judged by the parts `only` names,
    by default every check); exit 1 on a survivor no accept entry justifies, or on an accept
    entry that matches nothing."""
    reports, status, covered = mutate_games(args, only)
    if status != EXIT_OK:
        return status
    if args.json:
        json.dump([public(r) for r in reports], sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(safe("\n\n".join(render(r, verbose=args.verbose) for r in reports)))
        if covered:
            print()
            print(safe("\n".join(covered)))
    return EXIT_OK if all(r.ok for r in reports) else EXIT_RULES
