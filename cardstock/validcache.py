"""Validated catalogs remembered between builds, so an edit to one game re-reads only it.

A build validates every input of every game it is asked for (`cardstock.validate`). Most
of that work is per game: loading its catalog and checking it against its layouts. Here
each game's outcome (its catalog and the problems found, none of them an error) is kept in
`output/.cache/validated/<game>.pickle` under a key made of everything that validation
reads for that game: its catalog folder, the layouts it sees, the project's fonts, the
code and library versions (`pipeline.unit_key`), the build options and the project's
path. A key that differs in any byte is a miss, and the game is loaded and checked again;
a game with an error is never remembered. The inputs every game shares (symbols, the page
template, sheets, printers) are checked again only when a file they are read from, the
code, the options or the project's fonts changed (`_shared.json`, when they had no
error), and a rule or page template whose text is unchanged is not parsed again (its
result is kept in `templates.json`, by the code, its place and its text).

The problems are returned in the order `validate()` gives them, so a build prints the same
text whether a game came from the cache or not. Entries are pickled and sealed with this
user's key (`cardstock.usercache.seal`); one that came with a downloaded project is never
unpickled, so it cannot run code.
"""

from __future__ import annotations

import hashlib
import pickle
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Optional

from .issues import Issue, Issues
from .usercache import seal, unseal
from .records import record

if TYPE_CHECKING:
    from .load import Catalog
    from .stage import BuildOptions

# Bumped when the shape of an entry changes (the code key changes anyway with the code).
FORMAT = 2


@record
class Validated:
    """What `validate_games` found, and which games it had to load and check afresh."""

    catalogs: list["Catalog"]
    issues: Issues
    fresh: list[str]  # the games loaded and checked in this call (the others were recalled)
    pending: dict[str, bytes] = field(default_factory=dict)  # entries to store once the build goes on
    shared_fresh: bool = False  # were the shared inputs checked in this call (not recalled)?
    pending_files: dict[str, bytes] = field(default_factory=dict)  # more files to store, by name
    kept: dict[str, tuple[list[Issue], list[Issue]]] = field(default_factory=dict)  # a pending game's problems
    keys: dict[str, str] = field(default_factory=dict)  # a pending game's key

    def __init__(self, catalogs: list['Catalog'], issues: Issues, fresh: list[str], pending: Optional[dict[str, bytes]] = None, shared_fresh: bool = False, pending_files: Optional[dict[str, bytes]] = None, kept: Optional[dict[str, tuple[list[Issue], list[Issue]]]] = None, keys: Optional[dict[str, str]] = None) -> None:
        pending = dict() if pending is None else pending
        pending_files = dict() if pending_files is None else pending_files
        kept = dict() if kept is None else kept
        keys = dict() if keys is None else keys
        self.catalogs = catalogs
        self.issues = issues
        self.fresh = fresh
        self.pending = pending
        self.shared_fresh = shared_fresh
        self.pending_files = pending_files
        self.kept = kept
        self.keys = keys


def _path(out: Path, game: str) -> Path:
    return out / ".cache" / "validated" / f"{game}.pickle"


def game_key(root: Path, game: str, options: "BuildOptions") -> str:
    """Everything the validation of `game` reads, hashed."""
    from .pipeline import unit_key

    parts = [f"validated-{FORMAT}", str(root), unit_key(root, game, "validate", options)]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


# (output folder, game) -> (the entry's bytes' sha256, key, catalog, loaded, checked) of this
# process's last build: a `--watch` rebuild takes an unchanged game's catalog object as it
# is (with the layouts, faces and renderings that hang on it, all keyed by the same
# inputs) instead of unpickling it again — while the entry on disk is still those bytes
_IN_MEMORY: dict[tuple[str, str], tuple[str, str, "Catalog", list[Issue], list[Issue]]] = {}


def _recall(out: Path, game: str, key: str) -> Optional[tuple["Catalog", list[Issue], list[Issue]]]:
    try:
        raw = _path(out, game).read_bytes()
    except OSError:
        return None
    digest = hashlib.sha256(raw).hexdigest()
    held = _IN_MEMORY.get((str(out), game))
    if held is not None and held[0] == digest and held[1] == key:
        return held[2], list(held[3]), list(held[4])
    found = _unpickled(raw, key)
    if found is not None:
        _IN_MEMORY[(str(out), game)] = (digest, key, *found)
    return found


def _unpickled(raw: bytes, key: str) -> Optional[tuple["Catalog", list[Issue], list[Issue]]]:
    try:
        sealed = unseal(raw)
        if sealed is None:  # not sealed by this user: never unpickled (it could run code)
            return None
        data = pickle.loads(sealed)
    except Exception:  # missing, damaged or from another version: not remembered
        return None
    if not isinstance(data, dict) or data.get("key") != key:
        return None
    return data["catalog"], data["loaded"], data["checked"]


SHARED_FILE, TEMPLATES_FILE = "_shared.json", "templates.json"


def _issues_from(data: object) -> Optional[list[Issue]]:
    if not isinstance(data, list):
        return None
    try:
        return [Issue(**i) for i in data]
    except TypeError:
        return None


def _issues_json(issues: list[Issue]) -> list[dict[str, object]]:
    from dataclasses import asdict

    return [asdict(i) for i in issues]


def shared_key(root: Path, options: "BuildOptions") -> str:
    """What the shared inputs' check reads: the layouts that belong to no game (the
    project's own, and the shipped ones it uses), the project's fonts, the code, the
    options and where the output goes."""
    from .pipeline import code_key
    from .project import discover, files_in, hash_files, shipped_in_use, shipped_layouts

    layouts = root / "layouts"
    games = set(discover(root))
    own = [p for p in files_in(layouts) if p.relative_to(layouts).parts[0] not in games]
    parts = [f"shared-{FORMAT}", str(root), str(options.out), code_key(), options.fingerprint(exports=True),
             hash_files(own, root), hash_files(shipped_in_use(root), shipped_layouts()), hash_files(files_in(root / "fonts"), root)]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def _shared_checked(root: Path, options: "BuildOptions", found: "Validated") -> list[Issue]:
    """The shared inputs' problems: remembered under `shared_key`, else checked now (and
    remembered once the build goes on, when none is an error)."""
    import json

    from .fonts import use_project_fonts
    from .validate import _shared

    key = shared_key(root, options)
    try:
        data = json.loads((options.out / ".cache" / "validated" / SHARED_FILE).read_text(encoding="utf-8"))
        kept = _issues_from(data.get("issues")) if isinstance(data, dict) and data.get("key") == key else None
    except (OSError, ValueError):
        kept = None
    if kept is not None:
        use_project_fonts(root)  # the project's fonts still join before any face is measured
        return kept
    issues = _shared(root, options)
    found.shared_fresh = True
    if not any(i.level == "error" for i in issues):
        found.pending_files[SHARED_FILE] = json.dumps({"key": key, "issues": _issues_json(issues)}, sort_keys=True).encode()
    return issues


def _template_memo(out: Path) -> dict[str, list[Issue]]:
    import json

    try:
        data = json.loads((out / ".cache" / "validated" / TEMPLATES_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    memo = {}
    for key, value in data.items():
        issues = _issues_from(value)
        if issues is not None:
            memo[key] = issues
    return memo


def validate_games(root: Path, games: Optional[list[str]], options: "BuildOptions") -> Validated:
    """`validate(root, games, options)`, with each game's part recalled when its key is
    unchanged, the shared inputs when theirs is, and each template's check when its text
    is. An unknown game name is left to `validate` to report."""
    import json

    from . import validate as validation

    validation.TEMPLATE_MEMO, validation.TEMPLATES_USED = _template_memo(options.out), set()
    try:
        found = _validate_games(root, games, options)
        memo = {k: _issues_json(v) for k, v in sorted(validation.TEMPLATE_MEMO.items()) if k in validation.TEMPLATES_USED}
        found.pending_files[TEMPLATES_FILE] = json.dumps(memo, sort_keys=True).encode()
        return found
    finally:
        validation.TEMPLATE_MEMO, validation.TEMPLATES_USED = None, set()


def _validate_games(root: Path, games: Optional[list[str]], options: "BuildOptions") -> Validated:
    from .load import load_games
    from .project import discover
    from .validate import _game, unique, validate

    known = discover(root)
    ids = list(games or known)
    if not ids or any(g not in known for g in ids):
        everything, issues = validate(root, games, options)
        return Validated(everything, issues, [c.id for c in everything], shared_fresh=True)
    catalogs: list["Catalog"] = []
    loaded: list[Issue] = []
    checked: list[Issue] = []
    fresh: list[str] = []
    pending: dict[str, bytes] = {}
    shared: Optional[list[Issue]] = None
    result = Validated([], Issues(), fresh, pending)
    for game in ids:
        key = game_key(root, game, options)
        hit = _recall(options.out, game, key)
        if hit is not None:
            catalog, mine_loaded, mine_checked = hit
        else:
            fresh.append(game)
            found, problems = load_games(root, [game])
            mine_loaded = list(problems)
            if not found:
                loaded += mine_loaded
                continue
            catalog = found[0]
            if shared is None:  # the project's fonts join before any face is measured
                shared = _shared_checked(root, options, result)
            mine_checked = _game(catalog, options)
            if not any(i.level == "error" for i in [*mine_loaded, *mine_checked]):
                result.kept[game], result.keys[game] = (list(mine_loaded), list(mine_checked)), key
                pending[game] = seal(pickle.dumps({"key": key, "catalog": _portable(catalog), "loaded": mine_loaded, "checked": mine_checked},
                                                   protocol=pickle.HIGHEST_PROTOCOL))
        catalogs.append(catalog)
        loaded += mine_loaded
        checked += mine_checked
    if shared is None and catalogs:
        shared = _shared_checked(root, options, result)
    result.catalogs = catalogs
    result.issues.extend(unique([*loaded, *(shared or []), *checked]))
    return result


def _portable(catalog: "Catalog") -> "Catalog":
    """The catalog without the caches a process attaches to it (their names begin with an
    underscore, e.g. the face layout state): those are rebuilt lazily where needed."""
    import copy

    twin = copy.copy(catalog)
    for name in [n for n in vars(twin) if n.startswith("_")]:
        delattr(twin, name)
    return twin


def remember(out: Path, validated: Validated) -> None:
    """Store the games validated afresh (call once the build is going ahead)."""
    from .output import write_atomic

    for game, data in sorted(validated.pending.items()):
        write_atomic(_path(out, game), data)
        catalog = next((c for c in validated.catalogs if c.id == game), None)
        if catalog is not None:  # this very object serves the next build of this process
            _IN_MEMORY[(str(out), game)] = (hashlib.sha256(data).hexdigest(), validated.keys[game], catalog, *validated.kept[game])
    for name, data in sorted(validated.pending_files.items()):
        write_atomic(out / ".cache" / "validated" / name, data)


__all__ = ["FORMAT", "Validated", "game_key", "remember", "validate_games"]
