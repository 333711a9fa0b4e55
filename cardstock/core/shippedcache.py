"""What cardstock makes of its own shipped files (the symbol library, the default layouts),
kept in the user cache (cardstock.core.usercache) so a new process reads it back instead of
making it again.

An entry is keyed by a hash of the file's bytes, of the source of the modules that turn it
into what is kept, and of Python's and the libraries' versions: a changed file, a changed
reader or an upgraded library makes another key, so a stale entry is never read. Entries
are pickled and sealed with this user's key (`usercache.seal`), so a file put in the cache
folder by anyone else is never unpickled. Only files under the shipped layouts folder are
kept: a project's own files (its game's content) are read afresh by every process.
"""

from __future__ import annotations

import functools
import hashlib
import sys
from collections import Counter
from pathlib import Path
from typing import Callable, Optional, Sequence, TypeVar, cast

T = TypeVar("T")

CACHE_VERSION = 1  # bump when what is stored changes
STATS: Counter[str] = Counter()  # "<kind> made" / "<kind> read": for tests to count


def is_shipped(path: Path) -> bool:
    """Whether `path` is one of the layout files cardstock itself ships."""
    from .project import shipped_layouts

    try:
        return path.resolve().is_relative_to(shipped_layouts().resolve())
    except OSError:
        return False


@functools.lru_cache(maxsize=None)
def code_stamp(modules: tuple[str, ...]) -> bytes:
    """A hash of Python's version and of the source and version of each module named: what
    a value made by that code depends on besides its input. cardstock's own modules are
    found without being imported (they have no version of their own): a module that reads
    a file only when there is one to read (`cardstock.layout.layoutfile`) stays unloaded
    when the user cache has the read file."""
    import importlib
    import importlib.util

    h = hashlib.sha256(f"{sys.version}\0{CACHE_VERSION}\0".encode())
    for name in modules:
        if name.startswith("cardstock.") and name not in sys.modules:
            spec = importlib.util.find_spec(name)
            file, version = (spec.origin if spec is not None else None), ""
        else:
            module = importlib.import_module(name)
            file, version = module.__file__, str(getattr(module, "__version__", ""))
        h.update(name.encode() + b"\0")
        with open(str(file), "rb") as f:
            h.update(f.read())
        h.update(version.encode() + b"\0")
    return h.digest()


def _entry(kind: str, shown: str, raw: bytes, modules: Sequence[str], extra: str) -> Path:
    from .usercache import cache_dir

    key = hashlib.sha256(f"{kind}\0{shown}\0{extra}\0".encode() + code_stamp(tuple(modules)) + raw).hexdigest()
    return cache_dir() / "shipped" / f"{kind}-{key}.pickle"


def remembered(kind: str, path: Path, shown: str, make: Callable[[], T], modules: Sequence[str], extra: str = "") -> T:
    """`make()` for the file at `path` (named `shown` in messages), read back from the user
    cache when cardstock ships that file and an entry for its bytes, for the code in
    `modules` (module names) and for `extra` (whatever else `make` reads, as text) is there."""
    if not is_shipped(path):
        return make()
    try:
        raw = path.read_bytes()
    except OSError:
        return make()
    entry = _entry(kind, shown, raw, modules, extra)
    found = _read(entry)
    if found is not None:
        STATS[f"{kind} read"] += 1
        return cast(T, found)
    value = make()
    STATS[f"{kind} made"] += 1
    _write(entry, value)
    return value


def _read(entry: Path) -> Optional[object]:
    import pickle

    from .usercache import unseal

    try:
        data = unseal(entry.read_bytes())
        return None if data is None else pickle.loads(data)
    except Exception:  # noqa: BLE001 - a missing or damaged entry is made again
        return None


def _write(entry: Path, value: object) -> None:
    import pickle

    from .output import write_atomic
    from .usercache import seal

    try:
        write_atomic(entry, seal(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)))
    except Exception:  # noqa: BLE001 - a cache that cannot be written costs time, not output
        pass


__all__ = ["STATS", "code_stamp", "is_shipped", "remembered"]
