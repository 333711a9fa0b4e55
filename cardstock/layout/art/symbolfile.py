"""The symbol library file's schema (`layouts/symbols.toml`): the Pydantic models it is
validated with. Imported only when a library file is read (`cardstock.layout.art.symbols`):
the library cardstock ships comes back from the user cache already read, so a build that
uses it never makes these classes. `cardstock.layout.art.symbols` still names them.
"""

# No `from __future__ import annotations`: Pydantic is handed this module's annotations as
# objects (as text, each field's would be compiled and evaluated as its model is made).
from pydantic import BaseModel, ConfigDict, Field


class PartSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    d: str | None = None
    circles: list[list[float]] = []  # [cx, cy, r] or [cx, cy, rx, ry]
    rects: list[list[float]] = []  # [x, y, w, h] or [x, y, w, h, radius]
    stars: list[list[float]] = []  # [cx, cy, outer, inner, points] (+ rotation degrees)
    polygons: list[list[float]] = []  # [x1, y1, x2, y2, ...]
    stroke: float = Field(default=0.0, ge=0)  # stroke width in symbol units; 0 fills
    rule: str = Field(default="nonzero", pattern="^(nonzero|evenodd)$")
    opacity: float = Field(default=1.0, gt=0, le=1)


class SymbolSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    label: str | None = None
    parts: list[PartSpec] = Field(min_length=1)


class SymbolFile(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    symbols: dict[str, SymbolSpec] = {}
    aliases: dict[str, str] = {}
