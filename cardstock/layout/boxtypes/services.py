"""What a box type draws with: the painter's services, as a Protocol, and whose face it is.

The box types (`cardstock.layout.boxtypes`) are handed the painter that draws a face
(`cardstock.layout.painting.painter.Painter`), which finds them through their registry. They name it
by the services described here, so that they depend on this page and not on the painter's
module: the registry stays below the painter, with no way back to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ...core.issues import Issue, Level
from ...core.markup import Block
from ..art.shapes import Geometry
from ..art.symbols import Library
from ..resolved import Box, Layout
from ..text.words import Fit, IconRef, TextStyle

if TYPE_CHECKING:
    from ..text.splits import Splits


class Subject:
    """Whose face is being drawn, for messages."""

    __slots__ = ("label", "file", "line", "fields")

    def __init__(
        self, label: str, file: str, line: int | None, fields: tuple[str, ...] = ()
    ) -> None:
        self.label = label  # "component 'red-fear'" or "back 'pack'"
        self.file = file
        self.line = line
        self.fields = fields


class Sheet(Protocol):
    """What box types read of a game's layouts (`load.LayoutSet`): its theme colours, its
    named text styles, and its layouts by name (a box that receives text that continues)."""

    @property
    def theme(self) -> dict[str, str]: ...

    @property
    def styles(self) -> dict[str, dict[str, Any]]: ...

    def resolve(self, name: str) -> Layout | None: ...


class Services(Protocol):
    """The painter as a box type sees it: the game it draws, the values of a box's keys
    (rendered, measured, checked), text fitting, and where findings and problems go."""

    @property
    def catalog(self) -> Any: ...

    @property
    def layouts(self) -> Sheet: ...

    @property
    def library(self) -> Library: ...

    @property
    def subject(self) -> Subject: ...

    @property
    def issues(self) -> list[Issue]: ...

    @property
    def styles(self) -> dict[int, tuple[Any, TextStyle]] | None: ...

    @property
    def splits(self) -> Splits | None: ...

    def note(
        self,
        lay: Any,
        box: Any,
        rect: tuple[float, float, float, float],
        problems: tuple[str, ...] = (),
        *,
        size: float = 0.0,
        min_size: float = 0.0,
        overflow: float = 0.0,
    ) -> None: ...

    def layout_issue(
        self, lay: Layout, box: Box | None, key: str, message: str, level: Level = "error"
    ) -> None: ...

    def data_issue(
        self, fld: str, message: str, level: Level = "error", bad_input: bool = False
    ) -> None: ...

    def raw(
        self, lay: Layout, box: Box, key: str, ctx: dict[str, Any], default: Any = None
    ) -> Any: ...

    def length(
        self,
        lay: Layout,
        box: Box,
        key: str,
        ctx: dict[str, Any],
        default: float,
        extent: float | None = None,
    ) -> float: ...

    def color(
        self, lay: Layout, box: Box, key: str, ctx: dict[str, Any], default: str | None
    ) -> str | None: ...

    def paint_args(
        self, lay: Layout, box: Box, ctx: dict[str, Any], fill_default: str | None = None
    ) -> dict[str, Any]: ...

    def inset(self, lay: Layout, box: Box, ctx: dict[str, Any], geo: Geometry) -> float: ...

    def box_rect(
        self, lay: Layout, box: Box, ctx: dict[str, Any], geo: Geometry
    ) -> tuple[float, float, float, float]: ...

    def icon_ref(self, icon_id: str) -> IconRef | None: ...

    def fit(
        self,
        blocks: Sequence[Block],
        inner: tuple[float, float, float, float],
        style: TextStyle,
    ) -> Fit: ...
