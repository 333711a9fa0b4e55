"""`cardstock --watch`: a build, then a rebuild whenever a file the build reads changes,
until Ctrl-C."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from ..core.stage import BuildOptions
from .building import build_once
from .common import EXIT_OK

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

    from ..layout.faces import KeptFaces

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
