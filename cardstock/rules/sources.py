"""Where a rule comes from: a line of the source rulebook and a paraphrase, never a quote.

    seed = "003_1b021a8c980fb258.txt"                  # rules.toml, top level: a file in
                                                       # the sources folder (--sources, else
                                                       # the first of FOLDERS that holds it)
    text = "notes/rules.md"                            # or the designer's own text, a file of
                                                       # the project (relative to the game folder)
    cite = { line = 17, also = [18], says = "there are six Key cards" }
    choice = "one card per player at the largest count" # a designer's choice, no source line

Facts carry over from a source rulebook; its sentences do not. `says` is the rule in the
designer's own words, and `line` (with `also`, further lines the same rule rests on) lets a
reader find the original and lets the checker hold every number the rule states against the
numbers those lines state (`cardstock.rules.provenance.coverage`).

A source text is read through the one door (`cardstock.core.files`): the designer's own text
inside the project, a seed inside the sources folder the command line names or, without one,
inside the first folder of `FOLDERS` (beside or in the project) that holds it, so a cite is
checked wherever its source is present.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import Field

from ..core.files import Unreadable, present, read_text, shown
from .filters import Strict

SOURCES_ENV = (
    "CARDSTOCK_SOURCES"  # the folder seed rulebooks are looked up in, when --sources is not given
)
# Where a seed is looked for when no folder is given, relative to the project's root: the
# project's own `sources/`, and the `shared/seeds/` folder kept beside its checkout.
FOLDERS = (Path("sources"), Path("..") / "shared" / "seeds")


class SeedRef(Strict):
    """A source line (and the lines `also` names) and what it says, paraphrased."""

    seed: str | None = None  # file name in the sources folder; default: rules.toml's `seed`
    line: int = Field(ge=1)
    also: list[int] = []  # further lines the same statement rests on
    says: str = Field(min_length=1)

    @property
    def lines(self) -> list[int]:
        return [self.line, *(n for n in self.also if n != self.line)]

    def public(self, default_seed: str | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seed": self.seed or default_seed,
            "line": self.line,
            "says": self.says,
        }
        if self.also:
            out["also"] = list(self.also)
        return out

    def label(self, default_seed: str | None) -> str:
        where = ",".join(str(n) for n in self.lines)
        return f"{self.seed or default_seed or 'source'}:{where}"


@dataclass(frozen=True)
class SourceText:
    """A source rulebook's lines, as the cites count them (from 1)."""

    name: str  # as cites name it: the seed's file name, or the designer's path as written
    shown: str  # how messages name the file
    lines: tuple[str, ...]

    def line(self, n: int) -> str | None:
        return self.lines[n - 1] if 1 <= n <= len(self.lines) else None


def sources_folder(given: Path | None) -> Path | None:
    """The folder seed rulebooks are looked up in: --sources, else $CARDSTOCK_SOURCES; None
    leaves each seed to be looked for in `FOLDERS` (`load_source`)."""
    if given is not None:
        return given
    env = os.environ.get(SOURCES_ENV)
    return Path(env) if env else None


def load_source(
    name: str, *, own: Path | None, root: Path, folder: Path | None
) -> tuple[SourceText | None, str | None]:
    """The source text a rules file names: its own `text` (a project file; `own` is its path)
    or a `seed` in the sources `folder` (None: the first of `FOLDERS` that holds it). (None,
    why) when it cannot be had."""
    if own is not None:
        path, base = own, root
    elif folder is None:
        found = _found(name, root)
        if found is None:
            looked = ", ".join(f.as_posix() for f in FOLDERS)
            return (
                None,
                f"the source {name} is in no sources folder ({looked}): "
                f"give --sources DIR (or set {SOURCES_ENV})",
            )
        return load_source(name, own=None, root=root, folder=found)
    else:
        path, base = folder / name, folder
        if Path(name).name != name:
            return None, f"a seed is a file name in the sources folder, not a path: {name!r}"
    if not present(path):
        return (
            None,
            f"the source {name} is not in "
            f"{shown(path.parent, root) if own is not None else folder}",
        )
    try:
        text = read_text(path, base)
    except Unreadable as exc:
        return None, f"cannot read the source {name}: {exc}"
    return SourceText(
        name, shown(path, root) if own is not None else path.as_posix(), tuple(text.splitlines())
    ), None


def _found(name: str, root: Path) -> Path | None:
    """The first of `FOLDERS` (under `root`) that holds the seed `name`, if any."""
    if Path(name).name != name:
        return None
    return next(
        (root / f for f in FOLDERS if present(root / f / name)),
        None,
    )


__all__ = ["FOLDERS", "SOURCES_ENV", "SeedRef", "SourceText", "load_source", "sources_folder"]
