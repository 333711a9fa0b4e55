"""Names the game file uses that must point at something: its backs, icons, schemas,
fields and the files it names (art, layout files), each checked once, located at the key.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..core.files import present
from ..core.files import shown as shown_path
from ..core.issues import Issues
from .art import art_problem
from .kinds import KINDS
from .schema import ComponentSet, Game

ART_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")


def check_references(
    game: Game,
    folder: Path,
    root: Path,
    shown: str,
    at: Callable[..., int | None],
    issues: Issues,
) -> None:
    """Names that must point at something the game file or folder defines."""
    icons = sorted(game.icons)
    for key, back in game.backs.items():
        if back.icon and back.icon not in game.icons:
            issues.add(
                shown,
                at("backs", key, "icon"),
                f"backs.{key}.icon",
                unknown("icon", back.icon, icons),
            )
        if back.art:
            problem = art_path_problem(folder, root, back.art)
            if problem:
                issues.add(shown, at("backs", key, "art"), f"backs.{key}.art", problem)
    for i, s in enumerate(game.sets):
        _set_references(game, i, s, shown, at, issues)
    for text, icon in game.clean.emoji.items():
        if icon not in game.icons:
            issues.add(
                shown,
                at("clean", "emoji", text),
                "clean.emoji",
                f"maps {text!r} to the icon {icon!r}, which the game does not declare; it "
                f"declares: {', '.join(icons) or 'none'}",
            )


def _set_references(
    game: Game,
    i: int,
    s: ComponentSet,
    shown: str,
    at: Callable[..., int | None],
    issues: Issues,
) -> None:
    """The names one set uses: its backs, schema, and the fields its group and id
    patterns name."""
    kind = KINDS[s.kind]
    where = f"sets[{i}]"
    one_side = s.double_sided or s.single_sided
    if s.back is None and kind.needs_back and not one_side and s.back_column is None:
        issues.add(
            shown,
            at("sets", i),
            f"{where}.back",
            f"a set of {s.kind}s needs a 'back'; the game declares backs: "
            f"{', '.join(sorted(game.backs)) or 'none'} (or write single_sided = true for "
            f"{s.kind}s printed on one side, with no back)",
        )
    if s.single_sided and (s.back is not None or s.double_sided or s.back_column is not None):
        issues.add(
            shown,
            at("sets", i, "single_sided"),
            f"{where}.single_sided",
            "a single-sided set has no back: leave out 'back', 'back_column' and "
            "'double_sided', or single_sided",
        )
    if s.back is not None and s.back not in game.backs:
        issues.add(
            shown,
            at("sets", i, "back"),
            f"{where}.back",
            unknown("back", s.back, sorted(game.backs)),
        )
    if s.schema_name is not None and s.schema_name not in game.schemas:
        issues.add(
            shown,
            at("sets", i, "schema"),
            f"{where}.schema",
            unknown("schema", s.schema_name, sorted(game.schemas)),
        )
        return
    for value, chosen in s.back_values.items():
        if chosen not in game.backs:
            issues.add(
                shown,
                at("sets", i, "back_values", value),
                f"{where}.back_values",
                unknown("back", chosen, sorted(game.backs)),
            )
    fields = game.fields_of(s)
    for name in s.group_fields():
        if name not in fields:
            issues.add(
                shown,
                at("sets", i, "group"),
                f"{where}.group",
                f"the group names the field {{{name}}}, which the set does not declare; its "
                f"fields are: {', '.join(fields) or 'none'}",
            )
    for name in s.id_fields():
        if name not in fields and name not in ("set", "id", "name"):
            issues.add(
                shown,
                at("sets", i, "ids"),
                f"{where}.ids",
                f"the id pattern names {{{name}}}, which is neither 'set', 'id', 'name' nor a "
                f"field of the set; its fields are: {', '.join(fields) or 'none'}",
            )


def unknown(what: str, name: str, known: list[str]) -> str:
    return f"unknown {what} {name!r}; the game declares: {', '.join(known) or 'none'}"


def resolved(path: Path) -> tuple[Path | None, str | None]:
    """`path` with its symbolic links followed, or why it cannot be (a loop, say)."""
    try:
        return path.resolve(), None
    except (OSError, RuntimeError) as exc:  # RuntimeError: a symlink loop (Python < 3.13)
        return (
            None,
            "cannot follow the file's symbolic links "
            f"({getattr(exc, 'strerror', None) or 'a symbolic link loop'})",
        )


def layout_file_problem(root: Path, value: str) -> str | None:
    """Why a set's `layout_file` (a path from the project folder) cannot be read, or None."""
    name = value.strip()
    if not name.lower().endswith(".toml"):
        return (
            "expected a layout file (.toml) of the project, such as "
            f"'layouts/shared/cards.toml', got {value!r}"
        )
    target, problem = resolved(root / name)
    if target is None:
        return f"{problem}: {name}"
    try:
        target.relative_to(root.resolve())
    except ValueError:
        return f"the layout file {value!r} leaves the project folder"
    if not present(target):
        return f"layout file not found: {name} (a path from the project folder, where catalog/ is)"
    return None


def art_path_problem(folder: Path, root: Path, value: str) -> str | None:
    """Why an art file a value names (a path from the game folder) cannot be drawn, or None."""
    target, problem = resolved(folder / value)
    if target is None:
        return f"{problem}: {value}"
    try:
        target.relative_to(folder.resolve())
    except ValueError:
        return (
            f"the art path {value!r} leaves the game folder; expected a file inside "
            f"{shown_path(folder, root)}/"
        )
    if target.suffix.lower() not in ART_SUFFIXES:
        return f"art must be PNG, JPEG or SVG, got {value!r}"
    if not present(target):
        return f"art file not found: {shown_path(target, root)}"
    problem = art_problem(target, root)
    return f"{shown_path(target, root)}: {problem}" if problem else None
