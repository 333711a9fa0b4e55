"""Runs every check for the games asked and returns a report; renders it as text or JSON.

`run_checks(catalogs, …)` is what `build.py check` prints and what `build` calls before it
writes anything. Checks come from four places:

- the game's rules.toml: declared counts, constraints, the setup procedure (simulated);
- the checks of a game's words the rules room makes itself, which need no rules file
  (`checks.own.OWN`), and the checks other rooms provide (listed in
  `cardstock.stages.CHECKS`: print safety from the face layouts, rulebook consistency from
  the books), each a `Provider` whose `run(job) -> list[Issue]` fails its check with an
  error-level issue. Both are reported section by section (`provided`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.cache import code_key, key_of
from ..core.issues import InputError, Issue, Level
from ..core.stage import Job
from ..core.toolwords import ENGLISH, ToolWords
from .checks.own import OWN
from .checks.unchecked import could_check
from .keyed import Reads, entry_key, entry_reads, text_field_names
from .reading.reads import forget
from .verdicts import ACK, FAIL, PASS, SKIP, WARN, Check, Provider

# The rules' models, the setup simulator and the source text's coverage are imported where
# a game's rules.toml is checked, so that a game without one never loads them.
if TYPE_CHECKING:
    from ..catalog.load import Catalog
    from .provenance.coverage import Coverage
    from .setup.results import SetupResult
    from .setup.steps import SetupModel
    from .verdicts import Outcome


SECTIONS = {
    "rules": "Rules file",
    "counts": "Declared counts",
    "constraints": "Constraints",
    "facts": "Facts the rulebook states",
    "examples": "Examples of play",
    "setup": "Setup",
    "source": "The source rulebook",
    "texts": "Texts a player reads",
    "print": "Print safety",
    "rulebook": "Rulebook consistency",
    "other": "Other checks",
}


class GameReport:
    """A game's rules check: its checks, the simulated setup and the source's coverage (one
    a game, never compared: a plain class)."""

    __slots__ = ("id", "title", "players", "checks", "setup", "coverage")

    def __init__(self, id: str, title: str, players: tuple[int, int]) -> None:
        self.id = id
        self.title = title
        self.players = players
        self.checks: list[Check] = []
        self.setup: SetupResult | None = None
        self.coverage: list[Coverage] = []

    @property
    def ok(self) -> bool:
        return all(c.status != FAIL for c in self.checks)

    def tally(self) -> dict[str, int]:
        out = {PASS: 0, FAIL: 0, WARN: 0, SKIP: 0, ACK: 0}
        for c in self.checks:
            out[c.status] += 1
        return out

    def public(self) -> dict[str, Any]:
        from .setup.results import setup_json

        return {
            "id": self.id,
            "title": self.title,
            "ok": self.ok,
            "tally": self.tally(),
            "checks": [c.public() for c in self.checks],
            "setup": setup_json(self.setup) if self.setup else None,
            "coverage": [coverage_json(c) for c in self.coverage],
        }


class CheckReport:
    """The rules check of every game a command asked for (one a command, never compared: a
    plain class)."""

    __slots__ = ("games", "seed", "runs")

    def __init__(self, games: list[GameReport], seed: int, runs: int | None) -> None:
        self.games = games
        self.seed = seed
        self.runs = runs

    @property
    def ok(self) -> bool:
        return all(g.ok for g in self.games)

    def failed_games(self) -> list[str]:
        return [g.id for g in self.games if not g.ok]

    def game(self, game_id: str) -> GameReport:
        return next(g for g in self.games if g.id == game_id)

    def public(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "seed": self.seed,
            "runs": self.runs,
            "games": [g.public() for g in self.games],
        }


# ---------------------------------------------------------------- running


def _from_outcome(
    section: str, located: Any, file: str, outcome: Outcome, seed: str | None = None
) -> Check:
    rule = located.rule
    level: Level = "warning" if getattr(rule, "level", "error") == "warning" else "error"
    findings = []
    cite = rule.cite.label(seed) if getattr(rule, "cite", None) is not None else None
    source = f"; source {cite}" if cite else ""
    for p in outcome.problems:
        if p.component is not None or p.at is not None:
            # a finding at a card or another place names the rule, where it is written and its
            # source line
            said = (
                f" ({section[:-1]} '{rule.title()}', {file}:{located.line}{source})"
                if section in ("facts", "examples") or cite
                else ""
            )
            if p.component is not None:
                findings.append(
                    Issue(p.component.file, p.component.line, p.field, p.message + said, level)
                )
            else:
                assert p.at is not None
                findings.append(Issue(p.at[0], p.at[1], located.where, p.message + said, level))
        else:
            said = f" (source {cite})" if cite else ""  # every rule's finding names its source line
            findings.append(Issue(file, located.line, located.where, p.message + said, level))
    summary = outcome.summary
    from .choices import shown  # a rule's models, read only where a game has rules

    if section not in ("facts", "examples"):  # a finding that repeats the summary, as before
        summary = next(
            (i.message for i in findings if i.message.startswith(summary + " (")), summary
        )
    return Check(
        section=section,
        rule=rule.title(),
        status=PASS if outcome.ok else (FAIL if level == "error" else WARN),
        summary=summary,
        file=file,
        line=located.line,
        components=[c.id for c in outcome.components],
        findings=findings,
        cite=rule.cite.public(seed) if rule.cite is not None else None,
        choice=shown(rule.choice),
    )


RULE_PARTS = ("counts", "constraints", "facts", "examples", "setup", "source", "texts")


# The sections of the checks that are no rule of the rules file, in the order reported
PROVIDED_SECTIONS = ("print", "rulebook", "facts")


def provided(providers: Sequence[Provider]) -> list[Provider]:
    """The checks that are no rule of the rules file, in the order they are reported: the
    room's own (`OWN`) with those other rooms provide, section by section
    (`PROVIDED_SECTIONS`, any other last), the room's own first within a section."""

    def rank(p: Provider) -> int:
        return (
            PROVIDED_SECTIONS.index(p.section)
            if p.section in PROVIDED_SECTIONS
            else len(PROVIDED_SECTIONS)
        )

    return sorted([*OWN, *providers], key=rank)


def parts(providers: Sequence[Provider]) -> list[str]:
    """Names `only` accepts: the rules file's parts and every provided check."""
    return [*RULE_PARTS, *(p.name for p in provided(providers))]


def check_game(
    job: Job,
    providers: Sequence[Provider],
    *,
    seed: int = 1,
    runs: int | None = None,
    only: set[str] | None = None,
    strict: bool = False,
    sources: Path | None = None,
    coverage: bool = False,
    gate: bool = False,
) -> GameReport:
    catalog = job.catalog
    g = catalog.game
    report = GameReport(catalog.id, g.title, (g.players.min, g.players.max))
    rules = catalog.rules
    reads = Reads(job, repr((seed, runs, job.options)), sources)

    def wanted(part: str) -> bool:
        return only is None or part in only

    if not any(wanted(p) for p in RULE_PARTS) or catalog.lang is not None:
        pass  # a game in another language has the rules of its own, checked there
    elif rules is None:
        report.checks.append(
            Check(
                "rules",
                "the game declares its rules",
                PASS,
                f"no {catalog.display(catalog.folder / 'rules.toml')}, nothing to check; "
                f"{could_check(catalog)} (docs/rules-format.md)",
            )
        )
    else:
        report.checks += _rule_checks(catalog, rules, wanted, sources, reads)
        if wanted("setup"):
            _setup_checks(job, rules, report, seed, runs)
    if rules is not None and wanted("source") and (rules.seed or rules.text) and not catalog.lang:
        report.checks += _source_checks(catalog, report, sources, full=coverage)
    chosen = [p for p in provided(providers) if wanted(p.name)]
    ran = {p.name: kept_provider(p, job, reads) for p in sorted(chosen, key=lambda p: not p.draws)}
    report.checks += [ran[p.name] for p in chosen]
    if rules is not None and wanted("texts") and not catalog.lang:
        report.checks += reads.kept("texts", None, lambda: _texts_checks(catalog, sources))
    if rules is not None:
        acknowledge(report, rules)
    forget(catalog)  # what the facts read once for this load
    if strict:
        guesses = {p.name for p in chosen if p.guess}  # their warnings --strict leaves be
        for c in report.checks:
            if c.status == WARN and (c.provider is None or c.provider not in guesses):
                c.status, c.summary = FAIL, STRICT.format(summary=c.summary)
    return report


def _texts_checks(catalog: Catalog, sources: Path | None) -> list[Check]:
    """The texts' provenance and the translations' numbers (`cardstock.rules.provenance`)."""
    from .provenance.check import checks

    return checks(catalog, sources)


def _rule_checks(
    catalog: Catalog,
    rules: Any,
    wanted: Callable[[str], bool],
    sources: Path | None,
    reads: Reads,
) -> list[Check]:
    """A check for each declared count, constraint, fact and example of the parts wanted,
    each kept by its entry and what its kind reads (`keyed`); a fact that cites its source
    is held to the source's lines when the text can be had (from the sources folder, or the
    game's own text)."""
    from .sources import load_source

    checks: list[Check] = []
    name = rules.text or rules.seed
    loaded: list[Any] = []

    def source() -> Any:  # read only when a fact is checked rather than read back
        if not loaded:
            loaded.append(
                load_source(name, own=rules.text_path, root=catalog.root, folder=sources)[0]
                if name
                else None
            )
        return loaded[0]

    if wanted("counts") and not rules.counts:
        checks.append(
            Check(
                "counts",
                "the rulebook's counts are declared",
                PASS,
                "rules.toml declares no [[counts]], nothing to check; [[counts]] could hold "
                "the totals of its sets",
                rules.file,
            )
        )
    seed = rules.seed or rules.text
    texts = text_field_names(catalog)
    for section, loc in [
        *(("counts", loc) for loc in (rules.counts if wanted("counts") else [])),
        *(("constraints", loc) for loc in (rules.constraints if wanted("constraints") else [])),
        *(("facts", loc) for loc in (rules.facts if wanted("facts") else [])),
        *(("examples", loc) for loc in (rules.examples if wanted("examples") else [])),
    ]:
        shown = reads.stable(loc.rule)
        checks += reads.kept(
            f"{section} {rules.file}:{loc.line}",
            entry_reads(section, loc.rule, texts, shown),
            partial(_entry_check, section, loc, catalog, source, seed),
            *entry_key(loc, rules.file, seed, shown),
        )
    return checks


def _entry_check(
    section: str, loc: Any, catalog: Catalog, source: Callable[[], Any], seed: str | None
) -> list[Check]:
    """The check of one rule entry: what its rule finds in the catalog."""
    found: Outcome
    if section == "facts":
        found = loc.rule.check_catalog(catalog, catalog.rules.file, loc.line, source())
    elif section == "examples":
        found = loc.rule.check(catalog.components, catalog.game)
    else:
        found = loc.rule.check(catalog.components)
    return [_from_outcome(section, loc, catalog.rules.file, found, seed)]


def warm_checks(jobs: Sequence[Job]) -> None:
    """Load what the checks of `jobs` load in each process that runs one, when at least two
    of them simulate a setup (a build about to fork workers that check games side by side,
    `build._one_pool`): the simulator and its results' modules, imported once before the
    fork instead of once in each worker."""
    if sum(1 for job in jobs if getattr(job.catalog.rules, "setup", None) is not None) >= 2:
        from .setup import results, simulator  # noqa: F401


def _setup_checks(job: Job, rules: Any, report: GameReport, seed: int, runs: int | None) -> None:
    """The setup simulated (its figures kept in `report.setup`), its words, and each
    variant of it simulated too."""
    if rules.setup is None:
        report.checks.append(
            Check(
                "setup",
                "the setup procedure completes",
                PASS,
                "rules.toml has no [setup], nothing to simulate; [setup] could deal it for "
                "each player count",
                rules.file,
            )
        )
        return
    from .setup.results import setup_check
    from .setup.simulator import player_counts

    counts = player_counts(job.catalog)
    result = _simulated(job, rules.setup, counts, seed, runs)
    report.setup = result
    report.checks.append(setup_check(result, counts, rules.file, rules.setup.line))
    report.checks.append(_setup_words(rules))
    for name, variant, line in rules.setup_variants:
        check = setup_check(_simulated(job, variant, counts, seed, runs), counts, rules.file, line)
        check.rule = f"{check.rule} ({name})"
        report.checks.append(check)


def acknowledge(report: GameReport, rules: Any) -> None:
    """Move the warnings a game acknowledges (rules.toml [[acknowledge]]) out of the
    findings, with their reasons; report an acknowledgment that matches nothing."""
    used = [False] * len(rules.acknowledge)
    for c in report.checks:
        kept: list[Issue] = []
        for issue in c.findings:
            hit = next(
                (
                    k
                    for k, a in enumerate(rules.acknowledge)
                    if issue.level == "warning" and a.matches(c.rule, c.provider, issue.render())
                ),
                None,
            )
            if hit is None:
                kept.append(issue)
            else:
                used[hit] = True
                c.acknowledged.append((issue, rules.acknowledge[hit].reason))
        c.findings = kept
        if c.acknowledged and c.status == WARN and not kept:
            c.status, c.summary = ACK, f"{len(c.acknowledged)} acknowledged"
    for k, a in enumerate(rules.acknowledge):
        if not used[k]:
            report.checks.append(
                Check(
                    "rules",
                    f"acknowledgment of {a.check!r} is still needed",
                    WARN,
                    f"it matches no warning: remove it, or fix its 'check'/'contains' ({a.reason})",
                    rules.file,
                    rules.acknowledge_lines[k] if k < len(rules.acknowledge_lines) else None,
                )
            )


def _setup_words(rules: Any) -> Check:
    """A setup step's words are made from its numbers: a number typed into `say` (rather
    than `{count}`) is a finding at the step."""
    findings = []
    for i, step in enumerate(rules.setup.steps):
        for typed in step.typed_numbers():
            findings.append(
                Issue(
                    rules.file,
                    rules.setup.lines[i],
                    f"setup.steps[{i}].say",
                    f"{typed!r} is typed into the step's words; "
                    f"write {{{step.counts[0] if step.counts else 'count'}}} so the words follow "
                    "the step's own number",
                )
            )
    return Check(
        "setup",
        "each setup step's words are made from its own numbers",
        FAIL if findings else PASS,
        f"{len(findings)} typed number{'s' if len(findings) != 1 else ''}"
        if findings
        else f"{len(rules.setup.steps)} steps",
        rules.file,
        rules.setup.line,
        findings=findings,
    )


def _source_checks(
    catalog: Catalog, report: GameReport, sources: Path | None, *, full: bool
) -> list[Check]:
    """The rules held against their source text (`cardstock.rules.provenance.coverage`): every cited
    rule agrees with its lines; every number and name of the source is covered (a warning,
    or with `full` — `check --coverage` — a failure)."""
    from .provenance.coverage import agreement, statements
    from .provenance.coverage import coverage as source_coverage
    from .sources import load_source

    rules = catalog.rules
    name = rules.text or rules.seed
    source, problem = load_source(name, own=rules.text_path, root=catalog.root, folder=sources)
    if source is None:
        return [
            Check(
                "source",
                "the rules agree with their source",
                SKIP,
                problem or "no source",
                rules.file,
            )
        ]
    stated = statements(catalog)
    found = [
        Issue(st.statement.file, st.statement.line, st.statement.rule.split(" ", 1)[0], st.message)
        for st in agreement(source, stated)
    ]
    checks = [
        Check(
            "source",
            f"every cited rule states what {source.name} states on its lines",
            FAIL if found else PASS,
            f"{len(found)} disagreement{'s' if len(found) != 1 else ''}"
            if found
            else f"{sum(1 for st in stated if st.source == source.name)} rules agree",
            rules.file,
            findings=found,
        )
    ]
    cov = source_coverage(source, stated, rules.asides)
    report.coverage.append(cov)
    missing = [i for i in cov.items if not i.covered]
    level: Level = "error" if full else "warning"
    findings = [
        Issue(
            source.shown,
            i.line,
            i.what,
            f"{i.what} {i.text!r} is stated here and no rule of {rules.file} covers it "
            "(cite this line, or set it aside with a reason)",
            level,
        )
        for i in missing
    ]
    nums, names, steps = cov.tally("number"), cov.tally("name"), cov.tally("step")
    summary = (
        f"numbers {nums[0]}/{nums[1]}, names {names[0]}/{names[1]}, "
        f"steps {steps[0]}/{steps[1]} covered"
    )
    status = PASS if not missing else (FAIL if full else WARN)
    checks.append(
        Check(
            "source",
            f"every number and name {source.name} states is covered",
            status,
            summary,
            rules.file,
            findings=findings,
        )
    )
    return checks


def coverage_json(cov: Coverage) -> dict[str, Any]:
    return {
        "source": cov.source.name,
        "full": cov.full,
        "tally": {
            w: dict(zip(("covered", "total"), cov.tally(w))) for w in ("number", "name", "step")
        },
        "items": [
            {
                "what": i.what,
                "text": i.text,
                "line": i.line,
                "covered": i.covered,
                "by": i.covered_by,
                "aside": i.aside,
            }
            for i in cov.items
        ],
    }


def render_coverage(report: CheckReport, *, verbose: bool = False) -> str:
    """Per source: which numbers, names and numbered steps are covered, by which rule, and
    which are not (with --verbose every item; else the tally and what is missing)."""
    out: list[str] = []
    for g in report.games:
        if not g.coverage:
            skipped = next(
                (c for c in g.checks if c.section == "source" and c.status == SKIP), None
            )
            out.append(f"{g.id}: no source text{': ' + skipped.summary if skipped else ''}")
            continue
        for cov in g.coverage:
            nums, names, steps = cov.tally("number"), cov.tally("name"), cov.tally("step")
            verdict = "full" if cov.full else "NOT FULL"
            out.append(
                f"{g.id} — {cov.source.shown}: coverage {verdict}: numbers {nums[0]}/{nums[1]}, "
                f"names {names[0]}/{names[1]}, numbered steps {steps[0]}/{steps[1]}"
            )
            for i in cov.items:
                if i.covered and not verbose:
                    continue
                how = (
                    ("set aside: " + i.aside)
                    if i.aside and not i.covered_by
                    else (", ".join(i.covered_by) if i.covered_by else "NOT COVERED")
                )
                out.append(f"    {cov.source.name}:{i.line}  {i.what:<6} {i.text:<24} {how}")
    return "\n".join(out)


def _simulated(
    job: Job, setup: SetupModel, counts: list[int], seed: int, runs: int | None
) -> SetupResult:
    """`simulate`, or its figures kept from a build whose simulation read the same: the
    setup, the seed, the runs, the player counts and what the steps read of the catalog
    (`simulator.reads`: counts, filter matches, grouping values, die faces). An edit to what no
    step reads (a card's text) keeps them. `seconds` is then the time the kept run took."""
    from .setup.results import figures, from_figures
    from .setup.simulator import reads, simulate

    components = job.catalog.components
    key = key_of(
        "setup",
        code_key(),
        repr(setup),
        repr(counts),
        str(seed),
        str(runs or setup.runs or "as many as its figures need"),
        json.dumps(reads(components, setup), sort_keys=True, default=str),
    )
    kept = job.cache.get_json("setup", key)
    if kept is not None:
        try:
            return from_figures(kept, setup, seed, runs or setup.runs or None)
        except (KeyError, TypeError, ValueError):
            pass
    result = simulate(components, setup, counts, seed=seed, runs=runs)
    job.cache.put_json("setup", key, figures(result))
    return result


def kept_provider(provider: Provider, job: Job, reads: Reads) -> Check:
    """`run_provider`'s verdict, kept by what the check declares it reads (`keyed`)."""
    return reads.kept(provider.name, provider.reads, lambda: [run_provider(provider, job)])[0]


def run_provider(provider: Provider, job: Job) -> Check:
    section, title, name = provider.section, provider.title, provider.name
    try:
        found = list(provider.run(job))
    except InputError:  # bad input met while checking (a template over the sandbox's bounds)
        raise
    except Exception as exc:  # another room's bug must not hide the rest of the report
        return Check(
            section,
            title,
            FAIL,
            f"the check {name} stopped with {type(exc).__name__}: {exc}",
            provider=name,
        )
    bad = [i for i in found if i.bad_input and i.level == "error"]
    if bad:  # the input itself is wrong (found only while checking): exit 2, not a failed check
        raise InputError(bad)
    status, summary = provider_verdict(found)
    return Check(section, title, status, summary, findings=found, provider=name)


# A provider's summary, in cardstock's words (`core.toolwords`, `cardstock.pot`)
FINDINGS, WARNINGS = ("{n} finding", "{n} findings"), ("{n} warning", "{n} warnings")
NO_FINDINGS = "no findings"
STRICT = "{summary} (a warning; --strict fails it)"


def provider_verdict(
    found: Sequence[Issue], words: ToolWords = ENGLISH, strict: bool = False
) -> tuple[str, str]:
    """A provider's status and summary by its findings, in `words`' language."""
    errors = [i for i in found if i.level == "error"]
    if errors:
        return FAIL, words.count(*FINDINGS, len(errors))
    if found:
        said = words.count(*WARNINGS, len(found))
        return (FAIL, words(STRICT, summary=said)) if strict else (WARN, said)
    return PASS, words(NO_FINDINGS)


def run_checks(
    jobs: Sequence[Job],
    providers: Sequence[Provider],
    *,
    seed: int = 1,
    runs: int | None = None,
    only: set[str] | None = None,
    strict: bool = False,
    sources: Path | None = None,
    coverage: bool = False,
) -> CheckReport:
    """Every check for every game. `runs` overrides each game's setup.runs; `only` keeps
    the named parts (see `parts()`); `strict` makes every warning not acknowledged fail
    its check."""
    return CheckReport(
        [
            check_game(
                j,
                providers,
                seed=seed,
                runs=runs,
                only=only,
                strict=strict,
                sources=sources,
                coverage=coverage,
            )
            for j in jobs
        ],
        seed,
        runs,
    )


# ---------------------------------------------------------------- rendering


MARK = {PASS: "ok", FAIL: "FAIL", WARN: "warn", SKIP: "skip", ACK: "ack"}


# The verdict line of a game, in cardstock's words
VERDICT = {True: "{game} passes: {passed} passed, {failed} failed", False: "{game} FAILS: "
           "{passed} passed, {failed} failed"}  # fmt: skip
TALLY = {WARN: "{n} warned", ACK: "{n} acknowledged", SKIP: "{n} skipped"}
# every message a report says in a language (the providers' titles are the stages')
WORDS = (*SECTIONS.values(), NO_FINDINGS, STRICT, *VERDICT.values(), *TALLY.values())
COUNTED = (FINDINGS, WARNINGS)


def render(report: CheckReport, *, verbose: bool = False, words: ToolWords = ENGLISH) -> str:
    """The report as `cardstock check` prints it. `words`: a language edition's check, said
    in its language where cardstock has the words (its sections, the providers' titles and
    summaries, each game's verdict); a finding is the English its check gives."""
    out: list[str] = []
    for g in report.games:
        out.append(f"{g.id} — {g.title} ({g.players[0]}–{g.players[1]} players)")
        section = None
        for c in g.checks:
            if c.section != section:
                section = c.section
                out.append(f"  {words(SECTIONS.get(section, section))}")
                if section == "setup" and g.setup is not None:
                    from .setup.results import setup_lines

                    out.extend(setup_lines(g.setup))
            where = f"  [{c.where}]" if c.where and (verbose or c.status == PASS) else ""
            n = len(c.components)
            involved = (
                f" ({n} components)"
                if c.status == PASS and n > 1 and str(n) not in c.summary
                else ""
            )
            told = c.status == FAIL and any(i.message == c.summary for i in c.findings)
            said, rule = c.summary, c.rule
            if c.provider and words is not ENGLISH and c.status in (PASS, WARN, FAIL):
                rule = words(c.rule)
                strict = c.status == FAIL and all(i.level != "error" for i in c.findings)
                said = provider_verdict(c.findings, words, strict)[1]
            summary = "" if told else f": {said}"  # the finding below says it, with its place
            out.append(f"    {MARK[c.status]:<4}  {rule}{summary}{involved}{where}")
            limit = None if verbose else 12
            shown = c.findings if limit is None else c.findings[:limit]
            for issue in shown:
                out.append(f"          {issue.render()}")
            if limit is not None and len(c.findings) > limit:
                out.append(
                    f"          … and {len(c.findings) - limit} more (--json lists them all)"
                )
            for issue, why in c.acknowledged:
                out.append(f"          acknowledged: {issue.render()} — {why}")
        t = g.tally()
        extra = "".join(", " + words(w, n=t[k]) for k, w in TALLY.items() if t[k])
        said = words(VERDICT[g.ok], game=g.id, passed=t[PASS], failed=t[FAIL])
        out.append(f"  {said}{extra}")
        out.append("")
    failed = report.failed_games()
    if failed:
        out.append(
            f"{len(failed)} of {len(report.games)} games failed the rules check: "
            f"{', '.join(failed)}"
        )
    else:
        n = len(report.games)
        out.append(f"{f'all {n} games' if n != 1 else 'the game'} passed the rules check")
    return "\n".join(out)
