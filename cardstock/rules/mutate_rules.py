"""rules.toml's `[mutate]` as the rules' model reads it (`MutateRules`, `Accept`): what
the mutation test (`rules.mutate`, `cardstock check --mutate`) leaves alone and accepts.
Apart from the test itself, so that reading a game's rules does not load the edits'
machinery (`mutate_edits`), which only the test uses."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field, model_validator

from .filters import Strict
from .mutate_owned import DesignerValues

if TYPE_CHECKING:
    from .mutate_edits import Edit


class Accept(Strict):
    """A surviving edit the designer accepts, and why (`[[mutate.accept]]`)."""

    at: str | None = Field(
        default=None,
        description="The survivor's file:line as the report prints it, or the file alone.",
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
        return self

    def matches(self, e: Edit) -> bool:
        if self.at is not None and self.at.strip() not in (e.at, e.shown):
            return False
        return self.edit is None or self.edit.lower() in e.describe().lower()


class MutateRules(Strict):
    """rules.toml's `[mutate]`: what the mutation test leaves alone and accepts."""

    hidden: list[str] = Field(
        default=[],
        description="Columns of the component tables no player reads (the designer's "
        "notes), which the mutation test does not edit.",
        examples=[["derivation"]],
    )
    accept: list[Accept] = Field(
        default=[],
        description="Surviving edits the designer accepts, each with the reason.",
        examples=[[{"at": "layouts/vortex/rulebook.md.j2:12", "reason": "flavour, not a rule"}]],
    )
    designer_values: list[DesignerValues] = Field(
        default=[],
        description="Table cells whose values the designer chose because the source states "
        "none: a surviving number or swap edit of them (or, for `texts`, a number, word or "
        "name edited inside a card's own prose, or two texts swapped) is reported as the "
        "designer's own value (`mutate_owned`).",
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
