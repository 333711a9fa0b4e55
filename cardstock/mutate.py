"""The mutation test run on a project's games (`cardstock check --mutate`): what judges an
edit, and each game's run.

The edits and the report are the mutation test's room's (`rules.mutation`); what judges an
edit is here, because it is the same read → validate → check a plain `cardstock check`
runs, with the checks of the later rooms (`stages.CHECKS`) beside the rules room's own, and
so is which of their parts name what an edit contradicts (`FACT_PARTS`). Each edit's files
are placed in the door (`core.files.placed`): nothing is copied or written. The game's
`[mutate]` is read and checked here, before any edit (`rules.mutation.settings`). The
command line (`cli.commands`) asks and prints; this module only runs and reports.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .core.cache import Cache, open_cache
from .core.files import placed
from .core.issues import InputError, Issues
from .core.stage import Job
from .core.template_budget import spending
from .layout.checks.drawn import once_per_place
from .layout.faces import Faces, KeptFaces
from .layout.ops import Face, Text, walk
from .layout.text.continued import later_parts, on_back
from .rules.mutation.designer import named, scope, uncited, unknown_cards
from .rules.mutation.edits import Part, edits, game_files
from .rules.mutation.report import (
    Finding,
    Judge,
    MutationReport,
    coverage_checked,
    render_checked,
    run,
)
from .rules.mutation.settings import Settings, read_settings
from .rules.provenance.stated import cited_at
from .rules.report import GameReport, provided, run_checks
from .rules.sources import load_source, sources_folder
from .rules.verdicts import FAIL, WARN
from .stages import CHECKS
from .validate import validate

if TYPE_CHECKING:
    from .catalog.load import Catalog

# the checks that judge how a face prints (colour, bleed, safe zone), not what it says: an
# edit they alone find is not caught, and they are not run
PRINT_SECTION = "print"
# setup runs per player count for each edited game (an edit that breaks the setup breaks it
# in almost every run; `--runs` sets it)
MUTATE_RUNS = 100


WORDS = tuple(p for p in provided(CHECKS) if p.section != PRINT_SECTION)
# what validation refuses, as a part
INPUT = "input"
# the parts whose findings name what an edit contradicts: the rules file's own checks (a
# count, a constraint, a fact, an example, the setup, the source's lines), every provider
# run (each holds a text to the data or to a rule) and the validation of the input. Not
# `texts` (a translation that still says the English's old words finds an edit because a
# text changed) nor `rules` (an acknowledgment the edit leaves unmatched).
FACT_PARTS = frozenset(
    {
        "counts",
        "constraints",
        "facts",
        "examples",
        "setup",
        "source",
        INPUT,
        *(p.name for p in WORDS),
    }
)


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


def failures(report: GameReport) -> frozenset[Finding]:
    """What `--strict` fails on in a game's check: every finding of a failed or warning
    check (an acknowledged warning is not one), or its summary when it lists none; each
    with its part (the provider, else the rules file's part) and whether it is a fact's."""
    out: set[Finding] = set()
    for c in report.checks:
        if c.status in (FAIL, WARN):
            part = c.provider or c.section
            texts = {f"{c.rule}: {i.render()}" for i in c.findings} or {f"{c.rule}: {c.summary}"}
            out |= {Finding(text, part, part in FACT_PARTS) for text in texts}
    return frozenset(out)


def refused(issues: Iterable[Any]) -> frozenset[Finding]:
    """Each error of the input, as a finding of the validation."""
    return frozenset(Finding(f"input: {i.render()}", INPUT, True) for i in issues)


def drawing_refused(job: Job) -> frozenset[Finding]:
    """The bad input met while laying out the game's faces (a face layout's template that
    cannot be rendered, a font it names that is not there): what the print checks, which
    the mutation test does not run, would refuse the game for, exit 2. An unchanged face is
    the unedited game's, kept (`BaselineFaces`)."""
    met = [i for _c, _s, face in job.faces.outlines() for i in face.findings]
    return refused(once_per_place([i for i in met if i.bad_input and i.level == "error"]))


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
    its faces for the others. Each call is a check of its own, its templates' renders
    spending a budget of their own (`template_budget.spending`), as a build's do."""
    kept = BaselineFaces()

    def judge(texts: Mapping[Path, bytes]) -> frozenset[Finding]:
        with placed(texts), spending():
            found = validate(root, [game], cache, kept=kept)
            if found.issues.errors or not found.catalogs:
                return refused(found.issues.errors) or frozenset(
                    {Finding("input: the game could not be read", INPUT, True)}
                )
            job = Job(found.catalogs[0], found.faces[game])
            try:
                report = run_checks([job], WORDS, seed=seed, runs=runs, sources=sources, only=only)
            except InputError as exc:
                return refused(exc.issues)
            drawn = drawing_refused(job)
            if drawn:
                return drawn
        if not texts:
            kept.freeze()
        return failures(report.games[0])

    return judge


@dataclass(frozen=True)
class Asked:
    """What `check --mutate` asks: the games (none: all), the setup's seed and runs (0: the
    test's own, `MUTATE_RUNS`), the folder of source texts, whether to list each source's
    facts stated and checked (`coverage`), and how much to say of them (`verbose`)."""

    root: Path
    games: tuple[str, ...] = ()
    seed: int = 1
    runs: int = 0
    sources: Path | None = None
    coverage: bool = False
    verbose: bool = False


@dataclass
class Mutated:
    """Each game's mutation test, or the problems that stopped reading the games (and
    their `[mutate]`); with `coverage`, each game's sources' facts as text."""

    reports: list[MutationReport]
    issues: Issues
    covered: list[str]


def mutate_games(asked: Asked, only: set[str] | None = None) -> Mutated:
    """Each game's mutation test (judged by the parts `only` names, by default every
    check), or the problems of the input that stop it."""
    cache = open_cache()
    try:
        found = validate(asked.root, list(asked.games) or None, cache)
        issues = Issues()
        settings = [read_settings(catalog, issues) for catalog in found.catalogs]
        issues.extend(found.issues)
        if issues.errors:
            return Mutated([], issues, [])
        reports, covered = [], []
        for catalog, read in zip(found.catalogs, settings, strict=True):
            parts = continued_parts(found.faces[catalog.id])
            reports.append(_one_game(asked, catalog, read, cache, only, parts))
            if asked.coverage:
                job = Job(catalog, found.faces[catalog.id])
                folder = sources_folder(asked.sources)
                plain = run_checks([job], (), only={"source"}, sources=folder, coverage=True)
                facts = coverage_checked(reports[-1], plain.games[0].coverage, cited_at(catalog))
                covered.append(render_checked(catalog.id, facts, verbose=asked.verbose))
        return Mutated(reports, issues, covered)
    finally:
        cache.close()


def continued_parts(faces: Faces) -> list[Part]:
    """Each later part of the game's continued cards, with the words its face prints (the
    `continued` edits are those of its words): the cards a text continues onto, and the
    back of a card whose text continues on its back (`continue_on = "back"`); none when no
    card's text continues."""
    later = later_parts(faces)
    view = faces.printing()
    cards = {c.id: c for c in faces.catalog.components}
    out = []
    for card, comps in later.items():
        c = cards[card]
        for comp in comps:
            part, count = view.parts[comp.id]
            said = _said(view.face(view.records.of(comp), "front"))
            out.append(Part(c.name, c.id, c.file, c.line, part, count, said))
    for comp in view.catalog.components:
        if on_back(comp):
            c = cards[comp.id]
            said = _said(view.face(view.records.of(comp), "back"))
            out.append(Part(c.name, c.id, c.file, c.line, 2, 2, said, on_back=True))
    return out


def _said(face: Face | None) -> str:
    """The words a face prints, its text runs in drawing order."""
    ops = walk(face.ops) if face is not None else iter(())
    return " ".join(op.text for op in ops if isinstance(op, Text))


def _one_game(
    asked: Asked,
    catalog: Catalog,
    read: Settings,
    cache: Cache,
    only: set[str] | None,
    parts: list[Part],
) -> MutationReport:
    """One game's mutation test, with its stale designer's values (`parts`: its continued
    cards' later parts)."""
    sources = game_files(catalog)
    judge = judge_of(
        asked.root,
        catalog.id,
        cache,
        seed=asked.seed,
        runs=asked.runs or MUTATE_RUNS,
        sources=sources_folder(asked.sources),
        only=only,
    )
    owned = [(d, scope(d, catalog.game, catalog.components)) for d in read.designer_values]
    lines = read.designer_value_lines
    report = run(
        catalog.id,
        sources.texts,
        edits(catalog, sources, parts, asked.sources),
        judge,
        read.accept,
        read.accept_lines,
        read.file,
        owned=owned,
        owned_lines=lines,
    )
    report.owned_stale += unknown_cards(read.designer_values, lines, catalog.components)
    rules = catalog.rules
    if rules is not None and read.designer_values and (rules.seed or rules.text):
        text, _ = load_source(
            rules.seed or rules.text or "",
            own=rules.text_path,
            root=asked.root,
            folder=sources_folder(asked.sources),
        )
        if text is not None:
            report.owned_stale += uncited(read.designer_values, lines, text)
            report.owned_stale += named(
                read.designer_values, lines, catalog.components, text, catalog.game.sets
            )
    return report
