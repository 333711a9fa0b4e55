"""One edit of the mutation test: the changes it makes to a game's files, and the files'
bytes once it is made (`edits` lists the edits, `placed` the edits of backs, legends and
headings)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Change:
    """Replace `path`'s text from `start` to `end` with `new`."""

    path: Path
    start: int
    end: int
    new: str


@dataclass(frozen=True)
class Edit:
    """One edit of the game: its kind, where the report shows it, what it changes."""

    kind: str  # a name of KINDS
    shown: str  # the file, as the report names it
    line: int
    where: str  # what it edits: "tables.round.rows[2][3]", "column attack", "template text"
    before: str
    after: str
    changes: tuple[Change, ...]
    context: str = ""  # the words around a change inside a longer text

    @property
    def at(self) -> str:
        return f"{self.shown}:{self.line}"

    def describe(self) -> str:
        around = f" in {self.context!r}" if self.context else ""
        return f"{self.kind}: {self.where}: {self.before!r} -> {self.after!r}{around}"


def apply(texts: Mapping[Path, str], edit: Edit) -> dict[Path, bytes]:
    """The edited files' new bytes (only the files the edit changes)."""
    out: dict[Path, bytes] = {}
    for path in dict.fromkeys(c.path for c in edit.changes):
        text = texts[path]
        for c in sorted(
            (c for c in edit.changes if c.path == path), key=lambda c: (c.start, c.end)
        )[::-1]:
            text = text[: c.start] + c.new + text[c.end :]
        out[path] = text.encode("utf-8")
    return out


__all__ = ["Change", "Edit", "apply"]
