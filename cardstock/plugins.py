"""Pydantic's plugin loader, imported only when a plugin may run.

The command turns Pydantic's plugins off (`PYDANTIC_DISABLE_PLUGINS`, see
`docs/cold-start.md`); Pydantic then never reads an entry point, yet the first validator
it builds still imports its loader module, and with it `importlib.metadata` (and `email`,
`zipfile`, `csv`, `socket`): about 0.01 s of every build. `defer_loader` puts a stand-in
under the loader's name. Asked for the plugins while they are off, it answers as the
loader does (none); asked while they are on (the variable unset or changed), or for
anything else, it hands over to Pydantic's own loader, which replaces it. So what
Pydantic does is unchanged; only the import is left out when nothing needs it.

`pydantic.plugin._loader` is not public: it is named here only, Pydantic is pinned below 3
in pyproject.toml, and tests/test_library_internals.py checks both the loader's answer
for the switch's values and the hand-over.
"""

from __future__ import annotations

import importlib
import os
import sys
import types
from typing import Any

LOADER = "pydantic.plugin._loader"
SWITCH = "PYDANTIC_DISABLE_PLUGINS"
OFF = ("__all__", "1", "true")  # the values for which Pydantic's loader answers "no plugins"


def defer_loader() -> None:
    """Stand in for Pydantic's plugin loader until a plugin may run (once per process)."""
    if LOADER in sys.modules:
        return
    stand_in = types.ModuleType(LOADER, "cardstock's stand-in for Pydantic's plugin loader (cardstock.plugins)")
    stand_in.get_plugins = get_plugins  # type: ignore[attr-defined]
    stand_in.__getattr__ = _real_attribute  # type: ignore[method-assign]
    sys.modules[LOADER] = stand_in


def get_plugins() -> Any:
    """No plugins while the switch turns them off, as Pydantic's loader answers; else the
    loader's own answer."""
    if os.getenv(SWITCH) in OFF:
        return ()
    return _real().get_plugins()


def _real_attribute(name: str) -> Any:
    if name.startswith("__"):  # what the import system asks of any module (`__path__`)
        raise AttributeError(name)
    return getattr(_real(), name)


def _real() -> types.ModuleType:
    """Pydantic's loader, imported in the stand-in's place."""
    found = sys.modules.get(LOADER)
    if found is not None and getattr(found, "get_plugins", None) is get_plugins:
        del sys.modules[LOADER]
    return importlib.import_module(LOADER)
