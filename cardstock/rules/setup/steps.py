"""The setup procedure as data: the step kinds of a game's `[setup]`, and its variants.

A game's `[setup]` lists steps (`do = "shuffle"`, `do = "deal"`, …) over piles of physical
copies. Every copy of every component starts in the pile `box`; steps move copies between
piles. Piles named in `player_piles` exist once per player; a step that names one runs for
each player in turn (or only the first player, with `who = "first"`). `simulator.py` runs
the steps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import Field, PrivateAttr, model_validator

from ..choices import Choice, departs
from ..filters import Filter, Strict
from ..sources import SeedRef

BOX = "box"
# the most runs a player count a rules file may ask for (each is a whole setup dealt): more
# would keep `check` busy for minutes on a file from anywhere
MOST_RUNS_ASKED = 100_000
# the most steps a setup, and the most variants it may have: each variant is simulated for
# every player count, each step runs in every run (a real setup has a few dozen steps)
MOST_STEPS = 200
MOST_VARIANTS = 20

_TYPED = re.compile(
    r"(?<![\w{\-−])\d+(?:/\d+)?(?![\w}])|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b",
    re.I,
)
_SLOT = re.compile(r"\{([a-z_]+)\}")


def fill_words(say: str, step: Any) -> str:
    """`say` with each `{name}` replaced by the step's value of that name."""

    def one(m: re.Match[str]) -> str:
        value = getattr(step, m.group(1), None)
        return m.group(0) if value is None else str(value)

    return _SLOT.sub(one, say)


CountValue = int | str  # a number, or the name of a value rolled by an earlier step


class Step(Strict):
    do: str
    say: str | None = None  # the rulebook's words for this step: "each player draws {count} cards"
    cite: SeedRef | None = None  # the source line the step comes from
    who: Literal["each", "first"] | None = None  # for steps on player piles
    choice: str | Choice | None = None  # the designer's number, or a departure (`choices`)
    _departed: tuple[str, Any] | None = PrivateAttr(default=None)  # (attribute, source's value)

    piles_read: ClassVar[tuple[str, ...]] = ()  # attribute names holding piles taken from
    piles_written: ClassVar[tuple[str, ...]] = ()
    filters: ClassVar[tuple[str, ...]] = ()
    keys: ClassVar[tuple[str, ...]] = ()  # attributes naming a field or attribute
    counts: ClassVar[tuple[str, ...]] = ()  # attributes holding a CountValue
    redraws: ClassVar[bool] = False

    @model_validator(mode="after")
    def _slots(self) -> Step:
        for m in _SLOT.finditer(self.say or ""):
            name = m.group(1)
            if name not in type(self).model_fields or name in (
                "do",
                "say",
                "cite",
                "who",
                "choice",
            ):
                slots = ", ".join("{" + a + "}" for a in type(self).counts) or "none"
                raise ValueError(f"say: {{{name}}} is not a number of this step; it has: {slots}")
        return self

    @model_validator(mode="after")
    def _departure(self) -> Step:
        """A `choice = { value, why }`: the step's first number (`count`, or `upto` …) is
        the designer's from here on; the source's stays for the cite (`source_number`)."""
        chosen = departs(self.choice)
        if chosen is None:
            return self
        held = [a for a in type(self).counts if getattr(self, a, None) is not None]
        if not held:
            raise ValueError(f"choice.value: a {self.do} step has no number to depart from")
        self._departed = (held[0], getattr(self, held[0]))
        object.__setattr__(self, held[0], chosen.value)
        return self

    def source_number(self, attr: str) -> Any:
        """The step's number `attr` as the source states it (a departure's own aside)."""
        if self._departed is not None and self._departed[0] == attr:
            return self._departed[1]
        return getattr(self, attr, None)

    def words(self) -> str:
        """The step's words with its own numbers in them: `say` is written with `{count}`
        (`{upto}`, `{at_least}`) where the number stands, so the words follow the count."""
        if not self.say:
            return self.do
        return fill_words(self.say, self)

    def label(self) -> str:
        return self.words()

    def typed_numbers(self) -> list[str]:
        """Numbers typed into `say` instead of a `{count}`: each can go stale."""
        plain = re.sub(r"\{[a-z_]+\}", " ", self.say or "")
        plain = re.sub(r"^\s*\d+(?:\.\d+)*[.)]+\s", " ", plain)  # a list's own numbering
        return [m.group(0) for m in _TYPED.finditer(plain)]


class Shuffle(Step):
    do: Literal["shuffle"]
    pile: str

    piles_read: ClassVar = ("pile",)


MOVE_NAMES = ("move", "deal", "draw", "reveal", "set_aside", "give", "return")


class Move(Step):
    """Move `count` copies (default: all) matching `match` from the top of `from` to `to`.
    `deal`, `draw`, `reveal`, `set_aside`, `give` and `return` are the same step, named for
    the reader."""

    do: Literal["move", "deal", "draw", "reveal", "set_aside", "give", "return"]
    from_: str = Field(alias="from")
    to: str
    match: Filter | None = None
    count: CountValue | None = None

    piles_read: ClassVar = ("from_",)
    piles_written: ClassVar = ("to",)
    filters: ClassVar = ("match",)
    counts: ClassVar = ("count",)


class DrawUntil(Step):
    """Draw one at a time until `count` copies matching `accept` are drawn. A rejected copy
    is set aside and shuffled back once the count is reached (`reject = "set_aside"`), or
    shuffled straight back and may come again (`reject = "reshuffle"`)."""

    do: Literal["draw_until"]
    from_: str = Field(alias="from")
    to: str
    count: CountValue
    accept: Filter
    reject: Literal["set_aside", "reshuffle"] = "set_aside"
    max_attempts: int = Field(default=1000, ge=1)

    piles_read: ClassVar = ("from_",)
    piles_written: ClassVar = ("to",)
    filters: ClassVar = ("accept",)
    counts: ClassVar = ("count",)
    redraws: ClassVar = True


class RedrawUntil(Step):
    """Draw a hand of `count`; while fewer than `at_least` of it match `require`, shuffle the
    hand back and draw again (a mulligan)."""

    do: Literal["redraw_until"]
    from_: str = Field(alias="from")
    to: str
    count: CountValue
    require: Filter
    at_least: int = Field(default=1, ge=1)
    max_attempts: int = Field(default=100, ge=1)

    piles_read: ClassVar = ("from_",)
    piles_written: ClassVar = ("to",)
    filters: ClassVar = ("require",)
    counts: ClassVar = ("count",)
    redraws: ClassVar = True

    @model_validator(mode="after")
    def _possible(self) -> RedrawUntil:
        if isinstance(self.count, int) and self.at_least > self.count:
            raise ValueError(
                f"at_least ({self.at_least}) is more than the hand of {self.count}: "
                "the redraw could never end"
            )
        return self


class Choose(Step):
    """Choose `count` copies matching `match` from `from` at random, wherever they are in the
    pile (or `count` of each value of `per`: one Arch Villain of each type)."""

    do: Literal["choose"]
    from_: str = Field(alias="from")
    to: str
    match: Filter | None = None
    count: CountValue = 1
    per: str | None = None

    piles_read: ClassVar = ("from_",)
    piles_written: ClassVar = ("to",)
    filters: ClassVar = ("match",)
    keys: ClassVar = ("per",)
    counts: ClassVar = ("count",)


class Assign(Step):
    """Give each player every copy of `count` values of `by` (a Devotee colour, a pawn
    colour), no value to two players, chosen at random."""

    do: Literal["assign"]
    from_: str = Field(alias="from")
    to: str
    by: str
    match: Filter | None = None
    count: int = Field(default=1, ge=1)

    piles_read: ClassVar = ("from_",)
    piles_written: ClassVar = ("to",)
    filters: ClassVar = ("match",)
    keys: ClassVar = ("by",)


class Roll(Step):
    """Roll a die component (one of its `field` faces at random) and keep the face as `as`,
    for later steps' counts."""

    do: Literal["roll"]
    die: str  # a component id
    field: str = "faces"
    as_: str = Field(alias="as", pattern=r"^[a-z_][a-z0-9_]*$")


class Refill(Step):
    """Draw from `from` until `to` holds `upto` copies."""

    do: Literal["refill"]
    from_: str = Field(alias="from")
    to: str
    upto: CountValue

    piles_read: ClassVar = ("from_",)
    piles_written: ClassVar = ("to",)
    counts: ClassVar = ("upto",)


STEP_KINDS: dict[str, type[Step]] = {
    "shuffle": Shuffle,
    **{name: Move for name in MOVE_NAMES},
    "draw_until": DrawUntil,
    "redraw_until": RedrawUntil,
    "choose": Choose,
    "assign": Assign,
    "roll": Roll,
    "refill": Refill,
}


class Setup(Strict):
    """`[setup]` without its steps (validated one by one by kind, see `model.py`)."""

    players: list[int] | None = None  # counts to simulate; default: the game's min..max
    # runs per player count; default: as many as the report's figures need (at most 10,000)
    runs: int | None = Field(default=None, ge=1, le=MOST_RUNS_ASKED)
    player_piles: list[str] = []
    report: list[str] | None = None  # piles whose size after setup is reported
    steps: list[dict[str, Any]] = Field(min_length=1, max_length=MOST_STEPS)
    # other setups a rulebook offers, each simulated too
    variants: list[Variant] = Field(default=[], max_length=MOST_VARIANTS)


class TableValue(Strict):
    """A number read from one of the game's `[tables.*]`: the value the rulebook prints."""

    table: str
    row: Any
    column: str | None = None  # default: the last column


class StepChange(Strict):
    step: int = Field(ge=1)  # the step's number, counting from 1 as the report does
    count: int | TableValue | None = None
    upto: int | TableValue | None = None


class Variant(Strict):
    """`[[setup.variants]]`: a named variant of the setup (a short game's smaller deal),
    as changes to numbered steps; a value may come from a table the rulebook prints."""

    name: str
    change: list[StepChange] = Field(min_length=1)


@dataclass
class SetupModel:
    """The validated setup: settings plus typed steps with their rules.toml lines."""

    players: list[int] | None
    runs: int | None  # None: as many as the figures need (`proportions.enough_runs`)
    player_piles: list[str]
    report: list[str] | None
    steps: list[Step]
    lines: list[int | None]
    line: int | None  # of [setup]
