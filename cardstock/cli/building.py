"""One build from the command line: recalled from the cache when nothing changed, else
run by `cardstock.build` under the two-step Ctrl-C; its report printed, its exit code
returned."""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core import output
from ..core.cache import open_cache
from ..core.issues import InputError
from ..core.output import WriteError
from ..core.stage import BuildOptions
from ..core.workers import interruptible
from ..plan import Keys, Outcome, Request, default_jobs, recall
from .common import EXIT_INPUT, EXIT_OK, EXIT_RULES, print_issues, safe
from .report import Progress, report

if TYPE_CHECKING:
    from ..layout.faces import KeptFaces


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
                build = _pipeline(options)
                outcome = build(
                    request, progress=show.update, notice=wait_notice, keys=keys, kept=kept
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
    code = report(outcome, options)
    _say_pins(args)
    # a command that makes one part says itself what its outcome means (a proof or a
    # changelog is written even for a game whose rules check fails)
    return judge(outcome) if judge is not None and code in (EXIT_OK, EXIT_RULES) else code


def _say_pins(args: argparse.Namespace) -> None:
    """Each table that lives online, said with the age of the pinned copy the build read
    (`catalog.remote`): a build never goes online, `cardstock pull` does. A copy changed
    since its pull is not said to be the pulled one (its warning says what differs)."""
    from ..catalog.remote import edited_since, pinned_file, read_pins
    from ..core.names import child, plain_name
    from ..core.project import discover

    for game in args.games or discover(args.root):
        if plain_name(game) is not None:  # no game: the build said so
            continue
        folder = child(args.root / "catalog", game)
        pins, _ = read_pins(folder, args.root)
        for pin in pins.values():
            # read_pins kept only the pins whose file is a plain name of pinned/
            if edited_since(pin, pinned_file(folder, pin.file), args.root) is not None:
                print(
                    safe(
                        f"{game}: {pin.set} read from catalog/{game}/{pin.file}, changed "
                        f"since it was pulled from {pin.url} (see its warning)"
                    )
                )
                continue
            print(
                safe(
                    f"{game}: {pin.set} read from the copy of {pin.url} pulled {pin.age()} "
                    f"({pin.pulled[:10]}); `cardstock pull {game}` takes it as it is now"
                )
            )


def _pipeline(options: BuildOptions) -> Callable[..., Outcome]:
    """`cardstock.build`'s `build`: the whole pipeline, imported once something must be
    built, with the checks of the inputs of the stages `options` selects (validation asks
    each of them in a build that has a game: `Stage.check`; a sheets-only build's is the
    sheets' module, with ReportLab). The first import runs with the cyclic garbage
    collector paused: importing makes modules, classes and functions that live as long as
    the process, and leaves next to no garbage in cycles, so the collections it would set
    off (about 80 as a sheets-only build imports it) only scan what stays. What the import
    made is then frozen (`gc.freeze`), as `build` freezes what exists when it starts."""
    if "cardstock.build" in sys.modules or not gc.isenabled():
        from ..build import build

        return build
    gc.disable()
    try:
        from ..build import build
        from ..stages import selected

        for stage in selected(options):
            _ = stage.check  # imports the stage's module
    finally:
        gc.freeze()
        gc.enable()
    return build


def _recalled(request: Request, keys: Keys) -> Outcome | None:
    """The same build made before (`plan.recall`), with the output folder held while its
    files are checked; None when something must be built."""
    if not request.options.out.is_dir():
        return None
    cache = open_cache()
    try:
        output.lock(request.options.out, wait_notice)
        return recall(request, cache, keys)
    finally:
        cache.close()
        output.unlock(request.options.out)


def wait_notice(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
