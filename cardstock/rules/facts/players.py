"""The `players` fact: the player range the rulebook states is game.toml's and the one
the setup is simulated for."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import Field

from ...catalog.schema import Component, Game
from ..verdicts import Outcome, Problem
from .base import Fact

if TYPE_CHECKING:
    from ...catalog.load import Catalog
    from ..sources import SourceText


class PlayersFact(Fact):
    """The player range the rulebook states: game.toml's `players`, and the counts the setup
    is simulated for, must be that range."""

    reads: ClassVar[tuple[str, ...] | None] = ("game", "data", "rules", "named")

    kind: Literal["players"] = "players"
    min: int = Field(ge=1)
    max: int = Field(ge=1)

    def check(
        self, components: list[Component], game: Game
    ) -> Outcome:  # pragma: no cover - needs the catalog
        raise NotImplementedError

    def check_catalog(
        self, catalog: Catalog, file: str, line: int | None, source: SourceText | None = None
    ) -> Outcome:
        g = catalog.game.players
        game_file = catalog.display(catalog.folder / "game.toml")
        problems: list[Problem] = []
        if (g.min, g.max) != (self.min, self.max):
            problems.append(
                Problem(
                    f"{self.name}: the rulebook states {self.min}–{self.max} players, "
                    f"game.toml players allows {g.min}–{g.max}",
                    at=(game_file, catalog.line("players")),
                )
            )
        setup = getattr(catalog.rules, "setup", None)
        for n in getattr(setup, "players", None) or []:
            if not self.min <= n <= self.max:
                problems.append(
                    Problem(
                        f"{self.name}: the rulebook states {self.min}–{self.max} players, "
                        f"the setup is simulated for {n}",
                        at=(file, getattr(setup, "line", None)),
                    )
                )
        if problems:
            return Outcome(False, problems[0].message, [], problems)
        return Outcome(True, f"{self.min}–{self.max} players")
