"""The commands: each takes the parsed options and returns the exit code."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import shlex
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.cache import open_cache
from ..core.issues import InputError, Issue, escaped
from ..core.stage import BuildOptions
from ..plan import Outcome
from .arguments import build_parser
from .building import build_once
from .common import EXIT_INPUT, EXIT_OK, EXIT_RULES, load_catalogs, print_issues, safe
from .options import build_options, language_problems
from .watch import watch

if TYPE_CHECKING:
    from ..catalog.load import Catalog


def cmd_list(args: argparse.Namespace) -> int:
    """`cardstock list`: each game's title, players and component counts, read from its
    game file and tables alone (a list says nothing of the rules, so reads none)."""
    from ..catalog.kinds import kind_count

    catalogs, code = load_catalogs(args, None, rules=False)
    if code:
        return code
    width = max(len(c.id) for c in catalogs)
    for cat in catalogs:
        t = cat.totals()
        kinds = ", ".join(kind_count(k, n) for k, n in t["by_kind"].items())
        players = cat.game.players
        print(
            escaped(
                f"{cat.id:<{width}}  {cat.game.title}  ({players.min}-{players.max} players)  "
                f"{t['all']} components: {kinds}"
            )
        )
    return EXIT_OK


def cmd_catalog(args: argparse.Namespace) -> int:
    catalogs, code = load_catalogs(args, [args.game])
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


def cmd_build(args: argparse.Namespace) -> int:
    options, problems = build_options(args)
    if options is None:
        print_issues(problems)
        return EXIT_INPUT
    if args.watch:
        return watch(args, options)
    return build_once(args, options)


def cmd_preview(args: argparse.Namespace) -> int:
    """`cardstock preview`: the watch, with the output folder served to the browser (the
    server is imported only for this command)."""
    from .preview import preview

    return preview(args)


def _asked_build(
    args: argparse.Namespace, part: str
) -> tuple[argparse.Namespace, BuildOptions | None, list[Issue]]:
    """The build a command that makes one part runs: the part alone, for the games asked,
    also when their rules check fails (a proof or a changelog is wanted most then)."""
    argv = [
        *args.games,
        "--only",
        f"{part},page",
        "--force",
        "--paper",
        getattr(args, "paper", "letter"),
    ]
    if getattr(args, "out", None):
        argv += ["--out", str(args.out)]
    if getattr(args, "lang", None):
        argv += ["--lang", str(args.lang)]
    if getattr(args, "edition", None):
        argv += ["--edition", str(args.edition)]
    built = build_parser().parse_args(argv)
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
    from ..core.revision import RevisionError, resolve
    from ..core.stage import Span

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
    from ..core.stage import Job
    from ..rules import parts, render, run_checks
    from ..rules.report import render_coverage
    from ..rules.sources import sources_folder
    from ..stages import CHECKS
    from ..validate import validate

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
                        f"unknown part(s) {', '.join(unknown)}; "
                        f"expected: {', '.join(parts(CHECKS))}",
                    )
                ]
            )
            return EXIT_INPUT
    if args.mutate:
        from .mutating import cmd_mutate

        return cmd_mutate(args, only)
    if args.since:
        from .since import cmd_since

        return cmd_since(args)
    if args.lang and (wrong := language_problems(args.lang)):
        print_issues(wrong)
        return EXIT_INPUT
    cache = open_cache()
    try:
        games = _with_editions(args.root, args.games, args.edition)
        found = validate(args.root, games, cache, edition=args.edition)
        if found.issues:
            print_issues(found.issues)
        if found.issues.errors:
            return EXIT_INPUT
        if not found.catalogs:
            print(f"no games found under {args.root / 'catalog'}", file=sys.stderr)
            return EXIT_INPUT
        catalogs, lang_code = _languages_first(found.catalogs, args)
        if not catalogs:
            return lang_code
        jobs = [Job(c, found.faces[c.id]) for c in catalogs]
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
    except InputError as exc:  # bad input that stops the reading or the check at once (a
        print_issues(exc.issues)  # template over the sandbox's bounds, a spent budget)
        return EXIT_INPUT
    finally:
        cache.close()
    if args.json:
        json.dump(report.public(), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(safe(render(report, verbose=args.verbose)))
        if args.coverage:
            print()
            print(safe(render_coverage(report, verbose=args.verbose)))
    return max(lang_code, EXIT_OK if report.ok else EXIT_RULES)


def _with_editions(root: Path, games: list[str], asked: str | None) -> list[str] | None:
    """The games a rules check reads: those named (None: every game), each followed by
    its editions `--edition` asks for (docs/editions.md)."""
    if not asked:
        return games or None
    from ..catalog.languages import with_editions
    from ..core.project import discover

    return with_editions(root, games or discover(root), {}, asked)


def _languages_first(
    catalogs: list[Catalog], args: argparse.Namespace
) -> tuple[list[Catalog], int]:
    """With `--lang`: each language's report printed, then the games whose own language the
    list names (`all` names only the languages a game ships besides its own), which are
    checked as a check without `--lang` checks them, and the languages' exit code. Without:
    every game, and 0."""
    if not args.lang:
        return catalogs, EXIT_OK
    code = _check_languages(catalogs, args.lang, args.strict)
    asked = {x.strip() for x in args.lang.split(",")}
    own = [c for c in catalogs if args.lang != "all" and c.game.language in asked]
    return ([] if code == EXIT_INPUT else own), code


def _check_languages(catalogs: list[Catalog], asked: str, strict: bool) -> int:
    """`check --lang`: each language's report (`cli.translate`)."""
    from .translate import check_languages

    issues, reports, code = check_languages(catalogs, asked, strict)
    if issues:  # the errors lead; each language's report and verdict follow them
        print_issues(issues)
        sys.stderr.flush()
    for text in reports:
        print(safe(text))
    return code


def cmd_init(args: argparse.Namespace) -> int:
    from ..init import init_project
    from . import ci

    folder = Path(args.dir)
    written: list[Path] = []
    more: list[Path] = []
    workflows, issues = ci.plan(folder, force=False, keep=True)  # before anything is written
    if not issues:
        written, issues = init_project(folder, args.name, args.bare)
    if not issues:
        more, issues = ci.write(workflows)
        written += more
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
    if more:
        print(
            "with CI files that check, build and publish it to Pages on GitHub and GitLab "
            "(docs/publishing.md)"
        )
    for rel in workflows.kept:
        print(safe(f"kept your own {rel} (cardstock ci --force replaces it)"))
    for line in ci.unknown_source(workflows):
        print(safe(line))
    step = "" if folder.resolve() == Path.cwd().resolve() else f"cd {shlex.quote(str(folder))} && "
    print(f"next: {step}{own_command(folder)}   (checks the rules and builds into output/)")
    return EXIT_OK


def cmd_ci(args: argparse.Namespace) -> int:
    """`cardstock ci [--force]`: the project's GitHub Actions workflow and GitLab CI file."""
    from . import ci

    if not (args.root / "catalog").is_dir():
        print_issues(
            [
                Issue(
                    str(args.root),
                    None,
                    "",
                    "holds no catalog/ folder: cardstock ci writes the CI files of a project "
                    "(run it in one, or start one with cardstock init)",
                )
            ]
        )
        return EXIT_INPUT
    todo, issues = ci.plan(args.root, force=args.force, keep=False)
    if not issues:
        written, issues = ci.write(todo)
    if issues:
        print_issues(issues)
        return EXIT_INPUT
    for line in ci.report(todo, written):
        print(safe(line))
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


def cmd_pull(args: argparse.Namespace) -> int:
    """`cardstock pull`: imported when it runs, so no other command loads the HTTP client."""
    from .pull import cmd_pull as run

    return run(args)


def cmd_feedback(args: argparse.Namespace) -> int:
    """`cardstock feedback`: imported when it runs (`cli.feedback`)."""
    from .feedback import cmd_feedback as run

    return run(args)


def cmd_translate(args: argparse.Namespace) -> int:
    """`cardstock translate`: imported when it runs, so other commands load none of the
    translators' tools (`cli.translate`)."""
    from .translate import cmd_translate as run

    return run(args)


def cmd_drawing(args: argparse.Namespace) -> int:
    """`cardstock drawing`: imported when it runs (`cli.drawing`)."""
    from .drawing import cmd_drawing as run

    return run(args)


def cmd_schema(args: argparse.Namespace) -> int:
    from ..docs import json_schema

    print(json.dumps(json_schema(args.file), indent=2, sort_keys=True))
    return EXIT_OK


def cmd_check_deck(args: argparse.Namespace) -> int:
    """Check a player's custom deck list against the game's deck-building limits."""
    from ..rules.checks.deck_limits import check_deck

    catalogs, code = load_catalogs(args, [args.game])
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
                f"{result.file}: {n} problem{'s' if n != 1 else ''}; "
                f"this {result.name} breaks the deck-building rules"
            )
        else:
            print(
                f"{result.file}: a valid {result.name}: {result.total} cards, "
                f"{len(result.cards)} different"
            )
    if result.input_errors:
        return EXIT_INPUT
    return EXIT_OK if result.ok else EXIT_RULES


def cmd_stats(args: argparse.Namespace) -> int:
    """`cardstock stats GAME`: each deck's numbers and the odds of each setup step, as text
    or JSON (`cardstock.site.stats`; the page is the `stats` stage: `--only stats`)."""
    from ..site.stats import RUNS, stats_output

    catalogs, code = load_catalogs(args, [args.game])
    if code:
        return code
    runs = RUNS if args.runs is None else args.runs
    print(safe(stats_output(catalogs[0], runs=runs, as_json=args.json)), end="")
    return EXIT_OK
