"""`catalog/<game>/signed.toml` → the texts a player reads, as the designer signed them.

`cardstock check GAME --sign` writes the file; the designer adds, to each text with words
of its own, the lines of the rules' source it restates (`cites`) or why it is the
designer's own (`own`: a heading, a caption, flavour, a choice the source leaves open).
`rules.signed` holds what it reads; `signed.compare` holds the game's texts to it. See
docs/rules-format.md ("Signed texts").
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..core.files import present
from ..core.issues import Issue, Issues
from ..core.tomlpos import KeyLines, line_for, read_toml
from ..core.validation import toml_loc, validated

FILE = "signed.toml"
# the rule the signatures' check reports under (`signed.check`), as `--mutate` tells apart
# what only the signatures catch
RULE = "every text a player reads is as signed against its source"


class SignedText(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    at: str = Field(
        description="The file the text is in, as the project names it.",
        examples=["layouts/vortex/rulebook.md.j2"],
    )
    key: str | None = Field(
        default=None,
        description="Where in that file: a TOML key path, a table's row and column, a "
        "translation's context or words. None for a template line (its place is its order "
        "among the file's lines).",
        examples=["tables.round.rows[1][2]"],
    )
    says: str = Field(
        description="The text as signed: a template line as written, a value, a cell.",
        examples=["Draw up to 7 cards, or discard any number and draw none this round."],
    )
    cites: list[int] = Field(
        default=[],
        description="The lines of the rules' source (`seed` or `text`) the text restates.",
        examples=[[17, 18]],
    )
    own: str | None = Field(
        default=None,
        description="Why the text is the designer's own, not the source's: a heading, a "
        "caption, flavour, a choice the source leaves open.",
        examples=["a heading"],
    )


class SignedModel(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    text: list[SignedText] = Field(
        default=[], description="Every signed text, in the order of the files it is in."
    )


@dataclass(frozen=True, slots=True)
class Signature:
    """One signed text as the check holds it (`SignedText`'s fields; a game of 10,000 cards
    has about 40,000 of them, held for the whole build: a slotted object each, not a
    validated model with its dictionaries, and the file names shared)."""

    at: str
    key: str | None
    says: str
    cites: tuple[int, ...]
    own: str | None


@dataclass
class Signed:
    """A game's signed.toml, read: its texts, and where each is written (looked up only when
    a finding names it: a file that holds as signed is never scanned for its lines, and a
    scanned one keeps only its texts' lines)."""

    file: str  # as messages show it
    texts: list[Signature] = field(default_factory=list)
    key_lines: Mapping[Any, int] = field(default_factory=dict)
    _lines: array[int] | None = field(default=None, repr=False)  # each text's line, 0: none

    def line(self, i: int) -> int | None:
        """The line of the `i`-th text's table."""
        if self._lines is None:
            lines = self.key_lines
            tables = (
                lines.picked(_text_table)
                if isinstance(lines, KeyLines)
                else {p: n for p, n in lines.items() if _text_table(p)}
            )
            self._lines = array(
                "l",
                (line_for(tables, toml_loc(("text", n))) or 0 for n in range(len(self.texts))),
            )
            self.key_lines = {}
        return self._lines[i] or None if 0 <= i < len(self._lines) else None


def _text_table(path: Any) -> bool:
    """Is `path` the texts' array or one text's table (what `Signed.line` falls back on)?"""
    return 0 < len(path) <= 2 and path[0] == "text"


def _signature(t: SignedText, names: dict[str, str]) -> Signature:
    return Signature(names.setdefault(t.at, t.at), t.key, t.says, tuple(t.cites), t.own)


def _texts(
    data: dict[str, Any], shown: str, lines: Mapping[Any, int]
) -> tuple[list[Signature] | None, list[Issue]]:
    """The file's data validated as `SignedModel`, each text as it is made a `Signature`
    and its table let go of: a game of 50,000 cards signs 150,000 texts, whose validated
    models all at once took about 90 MB beside the file's data. None and every problem,
    located, when something is wrong."""
    entries = data.get("text")
    if not isinstance(entries, list):  # none (a file of no texts), or the model says why not
        problems = validated(SignedModel, data, shown, lines)[1]
        return (None if problems else []), problems
    problems = validated(SignedModel, {**data, "text": []}, shown, lines)[1]
    names: dict[str, str] = {}
    texts: list[Signature] = []
    for i in range(len(entries)):
        entry, entries[i] = entries[i], None
        text, wrong = validated(SignedText, entry, shown, lines, ("text", i))
        if text is not None:
            texts.append(_signature(text, names))
        problems += wrong
    return (None if problems else texts), problems


def read_signed(
    folder: Path, root: Path, shown: str, issues: Issues, cards: int = 0
) -> Signed | None:
    """The game folder's signed.toml (None when it has none, or with issues added when it
    cannot be read or holds a mistake): its bounds grow with the game's `cards`, each of
    which has texts of its own signed."""
    path = folder / FILE
    if not present(path):
        return None
    read, problem = read_toml(path, shown, root, cards)
    if read is None:
        issues.extend([problem] if problem else [])
        return None
    data, lines = read
    texts, problems = _texts(data, shown, lines)
    issues.extend(problems)
    if texts is None:
        return None
    out = Signed(shown, texts, lines)
    for i, t in enumerate(out.texts):
        if t.cites and t.own is not None:
            issues.add(shown, out.line(i), f"text[{i}]", "give `cites` or `own`, not both")
        bad = [n for n in t.cites if n < 1]
        if bad:
            issues.add(
                shown, out.line(i), f"text[{i}].cites", f"a line number is 1 or more, not {bad[0]}"
            )
    return out


__all__ = ["FILE", "RULE", "Signature", "Signed", "SignedModel", "SignedText", "read_signed"]
