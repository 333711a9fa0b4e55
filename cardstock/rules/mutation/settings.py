"""rules.toml's `[mutate]`, read and checked by the mutation test alone (`Settings`): the
surviving edits the designer accepts and the designer's own values. The rules' model keeps
the table as written (`Rules.mutate`) and checks none of it, so that a build and a plain
`check` load nothing of the test; `check --mutate` reads it here, every problem at its
rules.toml line, before any edit is made."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import Field, ValidationError, model_validator

from ...core.issues import Issues
from ...core.tomlpos import line_for
from ...core.validation import dotted, issues_from, model_field, toml_loc
from ..filters import Strict
from .designer import DesignerValues, problems

if TYPE_CHECKING:
    from ...catalog.load import Catalog
    from .edits import Edit


_AT_LINE = re.compile(r":\d+$")  # an `at` that names a line of its file


class Accept(Strict):
    """A surviving edit the designer accepts, and why (`[[mutate.accept]]`)."""

    at: str | None = Field(
        default=None,
        description="The survivor's file:line as the report prints it (then with `edit`), "
        "or the file alone.",
        examples=["layouts/vortex/rulebook.md.j2:12"],
    )
    edit: str | None = Field(
        default=None,
        description="Text of the edit as the report prints it (`'first' -> 'last'`).",
        examples=["'first' -> 'last'"],
    )
    reason: str = Field(
        min_length=1,
        description="Why the edit may survive.",
        examples=["flavour, not a rule"],
    )

    @model_validator(mode="after")
    def _something(self) -> Accept:
        if not (self.at or self.edit):
            raise ValueError("an accept entry names the survivor: give 'at', 'edit' or both")
        if self.edit is None and self.at is not None and _AT_LINE.search(self.at.strip()):
            raise ValueError(
                "an entry at a line names the edit too ('edit'): a file's lines move, and by "
                "its line alone it would accept whatever edit comes to stand there"
            )
        return self

    def matches(self, e: Edit) -> bool:
        if self.at is not None and self.at.strip() not in (e.at, e.shown):
            return False
        return self.edit is None or self.edit.lower() in e.describe().lower()


class MutateRules(Strict):
    """rules.toml's `[mutate]`: what the mutation test accepts, and the designer's values."""

    accept: list[Accept] = Field(
        default=[],
        description="Surviving edits the designer accepts, each with the reason.",
        examples=[[{"at": "layouts/vortex/rulebook.md.j2:12", "reason": "flavour, not a rule"}]],
    )
    designer_values: list[DesignerValues] = Field(
        default=[],
        description="Table cells whose values the designer chose because the source states "
        "none: a number or swap edit of them (or, for `texts`, a number, word or name edited "
        "inside a card's own prose, or two texts swapped) is an edit of the designer's own "
        "value, listed apart and not counted among the edits that contradict a stated fact "
        "(`mutation.designer`).",
        examples=[
            [
                {
                    "table": "henchmen",
                    "columns": ["rescue"],
                    "source": {"line": 12, "says": "no Henchman listed"},
                    "reason": "the designer's own cards",
                }
            ]
        ],
    )


class MutateFile(Strict):
    """rules.toml as the mutation test reads it: its `[mutate]` table alone."""

    mutate: MutateRules = model_field(
        MutateRules,
        "What `cardstock check --mutate` accepts (surviving edits, each with the reason) and "
        "the designer's own values it lists apart; read when the mutation test runs.",
        examples=[{"accept": [{"at": "layouts/vortex/rulebook.md.j2:12", "reason": "flavour"}]}],
    )


@dataclass
class Settings:
    """A game's `[mutate]`, checked: each entry with its rules.toml line."""

    file: str | None = None  # rules.toml as shown
    accept: list[Accept] = field(default_factory=list)
    accept_lines: list[int | None] = field(default_factory=list)
    designer_values: list[DesignerValues] = field(default_factory=list)
    designer_value_lines: list[int | None] = field(default_factory=list)


def read_settings(catalog: Catalog, issues: Issues) -> Settings:
    """The catalog's `[mutate]` checked against its game (its sets, their columns); each
    problem added to `issues` at its rules.toml line (then the settings are empty)."""
    rules = catalog.rules
    if rules is None:
        return Settings()
    before = len(issues.errors)

    def at(*loc: Any) -> int | None:
        return line_for(rules.lines, toml_loc(loc))

    try:
        read = MutateFile.model_validate({"mutate": rules.mutate}).mutate
    except ValidationError as exc:
        issues.extend(
            issues_from(exc, rules.file, lambda loc: at(*loc), lambda loc: dotted(toml_loc(loc)))
        )
        return Settings(rules.file)
    for i, entry in enumerate(read.designer_values):
        for key, message in problems(entry, catalog.game, catalog.components):
            where = ("mutate", "designer_values", i, key)
            issues.add(rules.file, at(*where), dotted(where), message)
    if len(issues.errors) > before:
        return Settings(rules.file)
    n, d = len(read.accept), len(read.designer_values)
    return Settings(
        rules.file,
        read.accept,
        [at("mutate", "accept", i) for i in range(n)],
        read.designer_values,
        [at("mutate", "designer_values", i) for i in range(d)],
    )
