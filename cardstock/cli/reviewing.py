"""What `cardstock pull` asks before it pins: the tables it downloaded and the comparison
it printed, accepted by the designer before anything is written (docs/catalog-format.md,
"A table that lives online").

A pull pins only what someone accepted. At a terminal it asks; `--yes` accepts for a
script; with neither, nothing is pinned. A dry run (and a pull nobody could be asked
about) prints the **review hash** of exactly what it showed: the downloaded bytes of every
table it would pin, with its game, file and address, and every line of the comparison.
`pull --accept <hash>` downloads again and pins only when what it has now hashes the same,
so a sheet changed between the review and the pin is never pinned unseen.
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from ..catalog.remote import PINNED, PINS, Pin, pinned_file, pins_toml, sha256
from ..core.issues import Issue, escaped
from ..core.output import write_atomic
from .common import EXIT_INPUT, EXIT_OK, print_issues

HASH_DIGITS = 32  # the review hash's hex digits shown (128 bits of its sha256)


@dataclass(frozen=True)
class Pulled:
    """One game's tables downloaded and checked, ready to pin: the files by name (in the
    game's folder), every pin of pinned.toml, and the comparison lines printed for it."""

    game: str
    folder: Path
    files: dict[str, bytes]
    pins: dict[str, Pin]
    shown: list[str]
    when: str


def review_hash(pulled: list[Pulled]) -> str:
    """The hash of what a pull showed of `pulled`: each game's tables (name, address,
    sha256 of the bytes) and its comparison lines, in order."""
    shown = [
        {
            "game": p.game,
            "tables": [[name, _url(p, name), sha256(p.files[name])] for name in sorted(p.files)],
            "compared": p.shown,
        }
        for p in pulled
    ]
    text = json.dumps(shown, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:HASH_DIGITS]


def _url(p: Pulled, name: str) -> str:
    return next((pin.url for pin in p.pins.values() if pin.file == name), "")


def accepted(pulled: list[Pulled], games: list[str], yes: bool, accept: str | None) -> int | None:
    """Whether `pulled` may be pinned: None when it may, else the exit code, with what
    was said about it. `games`: as the command line named them, for the command to run."""
    digest = review_hash(pulled)
    if accept is not None:
        if accept.strip().lower() == digest:
            return None
        said = (
            f"the tables changed since they were reviewed: what was downloaded now hashes "
            f"to {digest}, not {accept}; nothing was pinned. Review them again: "
            f"`{_command(games, '--dry-run')}`"
        )
        print_issues([Issue("command line", None, "--accept", said)])
        return EXIT_INPUT
    if yes:
        return None
    if _terminal():
        answer = _ask("pin the tables compared above? [y/N] ")
        if answer in ("y", "yes"):
            return None
        print("nothing was pinned")
        return EXIT_OK
    print(
        f"nothing was pinned: no one was asked (no terminal). To pin exactly what is shown "
        f"above: `{_command(games, '--accept', digest)}`; `--yes` pins whatever is "
        "downloaded then",
        file=sys.stderr,
    )
    return EXIT_INPUT


def say_dry_run(pulled: list[Pulled], games: list[str]) -> None:
    """The review hash a dry run ends with, and the command that pins what it showed."""
    digest = review_hash(pulled)
    print(
        f"review hash {digest}: `{_command(games, '--accept', digest)}` pins exactly what "
        "is shown above, and nothing if a table changed"
    )


def _command(games: list[str], *options: str) -> str:
    """The pull of the same games with `options`, as a designer would type it."""
    return " ".join(["cardstock pull", *(escaped(g) for g in games), *options])


def _terminal() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):  # no stdin, or a closed one
        return False


def _ask(question: str) -> str:
    try:
        return input(question).strip().lower()
    except EOFError:
        return ""


def pin(p: Pulled) -> None:
    """Write `p`'s pinned copies, then pinned.toml."""
    for name, data in p.files.items():
        (p.folder / PINNED).mkdir(exist_ok=True)
        write_atomic(pinned_file(p.folder, name), data)
    write_atomic(p.folder / PINS, pins_toml(p.pins).encode())
    print(f"{escaped(p.game)}: pinned {', '.join(sorted(p.files))} (pulled {p.when})")
