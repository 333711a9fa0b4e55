"""Where a rule comes from: a line of the seed rulebook and a paraphrase, never a quote.

    seed = "003_1b021a8c980fb258.txt"                  # rules.toml, top level
    cite = { line = 17, says = "there are six Key cards" }
    choice = "one card per player at the largest count" # a designer's choice, no seed line

Facts carry over from a seed rulebook; its sentences do not. `says` is the rule in the
designer's own words, and `line` lets a reader find the original.
"""

from __future__ import annotations

from typing import Any, Optional

from pydantic import Field

from .filters import Strict


class SeedRef(Strict):
    """A seed rulebook line and what it says, paraphrased."""

    seed: Optional[str] = None  # file name in the seeds folder; default: rules.toml's `seed`
    line: int = Field(ge=1)
    says: str = Field(min_length=1)

    def public(self, default_seed: Optional[str]) -> dict[str, Any]:
        return {"seed": self.seed or default_seed, "line": self.line, "says": self.says}

    def label(self, default_seed: Optional[str]) -> str:
        return f"{self.seed or default_seed or 'seed'}:{self.line}"
