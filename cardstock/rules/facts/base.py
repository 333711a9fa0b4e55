"""What every fact kind shares: the keys of a `[[facts]]` entry, and how a stated value is
shown in a message and compared with the catalog's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from ...catalog.schema import Component, Game
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
    """Keys every fact accepts."""

    kind: str
    id: str | None = None  # how templates ask for it: fact('id')
    name: str  # what the rulebook states, shown in the report
    cite: SeedRef | None = None
    choice: str | None = None  # a designer's choice the rulebook states
    level: Literal["error", "warning"] = "error"  # a warning reports and blocks only under --strict

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
