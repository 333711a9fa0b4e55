"""A designer's choice on a fact or a setup step: `choice = "…"`, or a departure from the
source in one line, `choice = { value = 6, why = "…" }`.

A choice written as a text says the value is the designer's, where the source leaves it
open: the value is not held to the cited line. A choice written as a table departs from a
source that states another value: `value` is what the game now holds, `why` the reason,
and the fact's own value (a setup step's number) stays what the source states, beside its
cite, and is still held to the cited line. So a house rule (hands of 6 where the source
deals 7) is one written line, and the check shows both values.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from .filters import Strict


class Choice(Strict):
    """A departure from the source: the designer's value and why (see the module)."""

    value: Any = Field(description="the value the game holds in place of the source's")
    why: str = Field(min_length=1, description="why the game departs from its source")

    def __str__(self) -> str:
        return f"{self.why} (the designer's value: {self.value!r})"


def departs(choice: str | Choice | None) -> Choice | None:
    """The departure a `choice` states, or None for none (or a choice the source leaves open)."""
    return choice if isinstance(choice, Choice) else None


def shown(choice: str | Choice | None) -> str | None:
    """A choice as the report shows it."""
    return None if choice is None else str(choice)


__all__ = ["Choice", "departs", "shown"]
