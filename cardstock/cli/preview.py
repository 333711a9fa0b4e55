"""`cardstock preview`: `--watch` with the output folder served to the browser
(`cli.serve`). Each build's changed files and, when it fails, what it printed are told to
the open pages, which fetch again what changed and show the failure over the page."""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import sys
from typing import TYPE_CHECKING, TextIO

from ..core.stage import BuildOptions
from .arguments import build_parser
from .building import build_once
from .common import EXIT_INPUT, print_issues
from .options import build_options
from .serve import Builds, PreviewServer, changed_files, output_files
from .watch import watch

if TYPE_CHECKING:
    from ..layout.faces import KeptFaces

# What the preview builds unless asked for other parts: the faces and the sheets (with the
# downloads page), which an edit rebuilds fastest; `--only` names others.
PARTS = "svg,pnp"


def preview(args: argparse.Namespace) -> int:
    """Serve the output folder, print its address, and rebuild on each change until
    Ctrl-C, which stops the watcher and the server."""
    built = _build_args(args)
    options, problems = build_options(built)
    if options is None:
        print_issues(problems)
        return EXIT_INPUT
    builds = Builds()
    server = PreviewServer(options.out, builds)
    server.serve()
    print(f"preview: {server.url}", flush=True)
    print(
        "(serves the output folder to this computer's browser only; the address is its key)",
        file=sys.stderr,
    )
    try:
        return watch(built, options, build=Told(builds).build)
    finally:
        server.stop()


def _build_args(args: argparse.Namespace) -> argparse.Namespace:
    """The build the preview runs: the games and options asked, the parts asked (else
    `PARTS`) and always the downloads page, the page the preview opens on."""
    argv = [*args.games, "--jobs", str(args.jobs), "--only", f"{args.only or PARTS},page"]
    if args.out:
        argv += ["--out", str(args.out)]
    if args.force:
        argv.append("--force")
    built = build_parser().parse_args(argv)
    built.root, built.debug = args.root, args.debug
    return built


class Told:
    """Runs each build of the watch and tells the pages about it: the output files it
    changed (their times and sizes before and after), and for a failed build what it
    printed on stderr — the located messages, as the terminal shows them."""

    def __init__(self, builds: Builds) -> None:
        self.builds = builds

    def build(self, args: argparse.Namespace, options: BuildOptions, kept: KeptFaces) -> int:
        before = output_files(options.out)
        printed = Tee(sys.stderr)
        with contextlib.redirect_stderr(printed):
            code = build_once(args, options, kept=kept)
        changed = changed_files(before, output_files(options.out))
        self.builds.publish(code == 0, changed, "" if code == 0 else plain(printed.getvalue()))
        return code


class Tee(io.StringIO):
    """A stream that keeps what is written to it and passes it on to `echo` (the
    terminal, which keeps its progress line: `isatty` is the terminal's)."""

    def __init__(self, echo: TextIO) -> None:
        super().__init__()
        self.echo = echo

    def write(self, s: str) -> int:
        self.echo.write(s)
        return super().write(s)

    def flush(self) -> None:
        self.echo.flush()

    def isatty(self) -> bool:
        return self.echo.isatty()


_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def plain(text: str) -> str:
    """Terminal output as a page shows it: without escape sequences, and of each line
    what is left after its last carriage return (the progress line rewrites itself)."""
    lines = (line.rsplit("\r", 1)[-1].rstrip() for line in _ESCAPES.sub("", text).split("\n"))
    return "\n".join(line for line in lines if line).strip()
