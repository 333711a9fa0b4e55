"""A stand-in catalog for the template checks' tests: nothing but what its load has read
(`cardstock.rules.reading.reads`), as the checks would have read it from the game's templates."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from cardstock.rules.reading.reads import reads_of

if TYPE_CHECKING:
    from cardstock.catalog.load import Catalog


class ReadCatalog:
    """A catalog as far as a template check asks for it: only what its load read."""


def read_catalog(**reads: Any) -> Catalog:
    """A catalog whose load has read `reads` (`Reads` fields: `template_raw_lines`, …)."""
    catalog = cast("Catalog", ReadCatalog())  # stands in for one, as far as it is asked
    held = reads_of(catalog)
    for name, value in reads.items():
        assert hasattr(held, name), name
        setattr(held, name, value)
    return catalog
