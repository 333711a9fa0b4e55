"""`cardstock check --mutate`: the mutation test asked from the command line and printed
(`cardstock.mutate` runs it)."""

from __future__ import annotations

import argparse
import json
import sys

from ..mutate import Asked, mutate_games
from ..rules.mutation.report import public, render
from .common import EXIT_INPUT, EXIT_OK, EXIT_RULES, print_issues, safe


def cmd_mutate(args: argparse.Namespace, only: set[str] | None = None) -> int:
    """`check --mutate`: print each game's mutation test (judged by the parts `only` names,
    by default every check); exit 1 on a survivor no accept entry justifies, or on an accept
    entry that matches nothing."""
    asked = Asked(
        args.root,
        tuple(args.games or ()),
        seed=args.seed,
        runs=args.runs or 0,
        sources=args.sources,
        coverage=bool(args.coverage),
        verbose=bool(args.verbose),
    )
    done = mutate_games(asked, only)
    if done.issues.errors:
        print_issues(done.issues)
        return EXIT_INPUT
    if args.json:
        json.dump([public(r) for r in done.reports], sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(safe("\n\n".join(render(r, verbose=args.verbose) for r in done.reports)))
        if done.covered:
            print()
            print(safe("\n".join(done.covered)))
    return EXIT_OK if all(r.ok for r in done.reports) else EXIT_RULES
