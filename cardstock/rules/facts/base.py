"""What every fact kind shares: the keys of a `[[facts]]` entry, and how a stated value is
shown in a message and compared with the catalog's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import PrivateAttr, model_validator

from ...catalog.schema import Component, Game
from ..choices import Choice, departs
from ..filters import Strict
from ..reading.phrases import show as show  # how a stated value is shown, read by every fact kind
from ..sources import SeedRef, SourceText
from ..verdicts import Outcome

if TYPE_CHECKING:
    from ...catalog.load import Catalog


def _empty(v: Any) -> bool:
    return v is None or (isinstance(v, str) and not v.strip())


def same(a: Any, b: Any) -> bool:
    """Equal as a rulebook means it: 3 == 3.0, '3' == 3, text ignoring case and spaces."""
    if _empty(a) and _empty(b):
        return True
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return float(a) == float(b)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return " ".join(str(a).split()).lower() == " ".join(str(b).split()).lower()


class Fact(Strict):
    """Keys every fact accepts. `reads`: the parts of a game's input a kind's check reads
    (`keyed.SCOPES`; "named": the text fields the fact names), by which its verdict is kept;
    None: all of them."""

    reads: ClassVar[tuple[str, ...] | None] = None

    kind: str
    id: str | None = None  # how templates ask for it: fact('id')
    name: str  # what the rulebook states, shown in the report
    cite: SeedRef | None = None
    choice: str | Choice | None = None  # a designer's choice the rulebook states (`choices`)
    level: Literal["error", "warning"] = "error"  # a warning reports and blocks only under --strict
    _source_value: Any = PrivateAttr(default=None)  # the source's value a `choice` departs from

    @model_validator(mode="after")
    def _departure(self) -> Fact:
        """A `choice = { value, why }`: the fact holds the designer's value from here on,
        and keeps the one it states (the source's) for its cite (`source_value`)."""
        chosen = departs(self.choice)
        if chosen is None:
            return self
        if "value" not in type(self).model_fields:
            raise ValueError(
                f"choice.value: a {self.kind} fact states no single value to depart from"
            )
        self._source_value = getattr(self, "value", None)
        object.__setattr__(self, "value", chosen.value)
        if "source" in type(self).model_fields and getattr(self, "source", None) is None:
            object.__setattr__(self, "source", str(self._source_value))
        opposites = getattr(self, "opposites", None)
        if isinstance(opposites, list):  # the source's word is now what the game must not say
            turned = [str(self._source_value) if same(o, chosen.value) else o for o in opposites]
            object.__setattr__(self, "opposites", turned)
        return self

    @property
    def source_value(self) -> Any:
        """The value the source states, where a `choice` departs from it; else None."""
        return self._source_value

    field_params: ClassVar[tuple[str, ...]] = ()  # parameters naming fields (checked at load)

    def title(self) -> str:
        return self.name

    def field_keys(self) -> list[str]:
        return []

    def check(
        self, components: list[Component], game: Game
    ) -> Outcome:  # pragma: no cover - abstract
        raise NotImplementedError

    def check_catalog(
        self, catalog: Catalog, file: str, line: int | None, source: SourceText | None = None
    ) -> Outcome:
        """The check with the whole catalog at hand (its rules, its game.toml lines); `file`
        and `line` are where the fact is written. Most kinds need only the components."""
        return self.check(catalog.components, catalog.game)

    def data(self, components: list[Component], game: Game) -> dict[str, Any]:
        """What templates see as fact('id')."""
        return self.model_dump(by_alias=True, exclude={"cite", "choice"})
