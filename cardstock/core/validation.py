"""Pydantic validation errors → `Issue`s with plain-language messages."""

from __future__ import annotations

import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, Field, ValidationError

from .issues import Issue
from .tomlpos import KeyLines, line_for, read_toml

Loc = tuple[Any, ...]


def _unwrap(ann: Any) -> Any:
    while True:
        origin = typing.get_origin(ann)
        if origin is typing.Annotated:
            ann = typing.get_args(ann)[0]
        elif origin is typing.Union or str(origin) == "types.UnionType":
            args = [a for a in typing.get_args(ann) if a is not type(None)]
            ann = args[0] if args else ann
            if not args:
                return ann
        else:
            return ann


def _model_at(model: type[BaseModel], loc: Sequence[Any]) -> type[BaseModel] | None:
    ann: Any = model
    for part in loc:
        ann = _unwrap(ann)
        origin = typing.get_origin(ann)
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            found = None
            for name, info in ann.model_fields.items():
                if part in (name, info.alias):
                    found = info.annotation
            if found is None:
                return None
            ann = found
        elif origin is list:
            ann = typing.get_args(ann)[0]
        elif origin is dict:
            ann = typing.get_args(ann)[1]
        else:
            return None
    ann = _unwrap(ann)
    return ann if isinstance(ann, type) and issubclass(ann, BaseModel) else None


def allowed_keys(model: type[BaseModel]) -> list[str]:
    return [info.alias or name for name, info in model.model_fields.items()]


SHOWN_MAX = 80  # characters of a value quoted in a message


def _shown(value: Any) -> str:
    if isinstance(value, (dict, list)):
        return f"a {'table' if isinstance(value, dict) else 'list'}"
    text = repr(value)
    if len(text) > SHOWN_MAX:  # a pasted paragraph or a 300-digit number: its start is enough
        return f"{text[: SHOWN_MAX - 20]}… ({len(str(value)):,} characters)"
    return text


# what each plain kind of Pydantic error expected, said before the value it got
EXPECTED = {
    **dict.fromkeys(("int_parsing", "int_type", "int_from_float"), "expected a whole number"),
    **dict.fromkeys(("float_parsing", "float_type"), "expected a number"),
    "finite_number": "expected a finite number",
    **dict.fromkeys(("bool_parsing", "bool_type"), "expected yes or no (true/false)"),
    "string_type": "expected text",
    "list_type": "expected a list",
    **dict.fromkeys(
        ("dict_type", "model_type", "model_attributes_type"), "expected a table of keys"
    ),
}
# what the kinds that say the same whatever the value said
SAID = {
    "string_too_short": "expected some text, got an empty value",
    "too_short": "expected at least one entry",
}


def message(err: Mapping[str, Any], model: type[BaseModel] | None = None) -> str:
    """A message that says what was expected, for one Pydantic error."""
    kind = err["type"]
    value = err.get("input")
    if kind == "missing" or (value is None and kind.endswith(("_type", "_error"))):
        return "a value is required here"
    if kind in EXPECTED:
        return f"{EXPECTED[kind]}, got {_shown(value)}"
    if kind in SAID:
        return SAID[kind]
    if kind == "extra_forbidden":
        loc = err.get("loc", ())
        parent = _model_at(model, loc[:-1]) if model else None
        if parent is not None:
            return f"unknown key; expected one of: {', '.join(allowed_keys(parent))}"
        return "unknown key"
    if kind in BOUNDS:
        return BOUNDS[kind](err, _shown(value))
    if kind == "literal_error":
        return f"expected one of {(err.get('ctx') or {}).get('expected')}, got {_shown(value)}"
    if kind == "string_pattern_mismatch":
        return _pattern_message(str((err.get("ctx") or {}).get("pattern", "")), _shown(value))
    if kind == "value_error":
        return str(err.get("msg", "")).removeprefix("Value error, ")
    return str(err.get("msg", kind))


def _is_count(err: Mapping[str, Any]) -> bool:
    loc = err.get("loc", ())
    return bool(loc) and loc[-1] == "count"


def _greater_than(err: Mapping[str, Any], shown: str) -> str:
    if _is_count(err):
        return f"expected a count of 1 or more, got {shown}"
    return f"expected a number greater than {(err.get('ctx') or {}).get('gt')}, got {shown}"


def _at_least(err: Mapping[str, Any], shown: str) -> str:
    least = int_if_whole((err.get("ctx") or {}).get("ge"))
    return f"expected a number of at least {least}, got {shown}"


def _at_most(err: Mapping[str, Any], shown: str) -> str:
    most = int_if_whole((err.get("ctx") or {}).get("le"))
    if _is_count(err):
        return (
            f"expected a count of at most {most} (cardstock's limit for one component), got {shown}"
        )
    return f"expected a number of at most {most}, got {shown}"


def _too_long(err: Mapping[str, Any], shown: str) -> str:
    ctx = err.get("ctx") or {}
    return (
        f"expected at most {ctx.get('max_length')} entries (cardstock's limit), "
        f"got {ctx.get('actual_length')}"
    )


def _text_too_long(err: Mapping[str, Any], shown: str) -> str:
    most = (err.get("ctx") or {}).get("max_length")
    given = err.get("input")
    got = f"{len(given):,}" if isinstance(given, str) else "more"
    return f"expected a text of at most {most} characters (cardstock's limit), got {got}"


# the kinds of a bound a number, a text or a list broke, each with what it expected
BOUNDS: dict[str, Callable[[Mapping[str, Any], str], str]] = {
    "greater_than": _greater_than,
    "greater_than_equal": _at_least,
    "less_than_equal": _at_most,
    "too_long": _too_long,
    "string_too_long": _text_too_long,
}


def _pattern_message(pattern: str, shown: str) -> str:
    """What a text that did not match `pattern` was expected to be, for the patterns of
    cardstock's own kinds (ids, colours, versions), else the pattern itself."""
    if "a-z0-9" in pattern:
        return (
            "expected an id of lowercase letters, digits and single hyphens (like "
            f"'fire-tile'), got {shown}"
        )
    if pattern.startswith("^#"):
        return (
            f"expected a colour like '#a83232' or a CSS colour name such as 'crimson', got {shown}"
        )
    if pattern.startswith("^\\d"):
        return f"expected a version like '1.0' or '1.2.3', got {shown}"
    return f"got {shown}, which does not match {pattern}"


def int_if_whole(x: Any) -> Any:
    """3.0 → 3, for messages; anything else as it is."""
    return int(x) if isinstance(x, float) and x.is_integer() else x


def toml_loc(loc: Loc) -> Loc:
    """A Pydantic error location as a key path of the TOML file.

    Pydantic adds validator names like "function-after[...]" to some locations.
    """
    return tuple(p for p in loc if not (isinstance(p, str) and "[" in p and "]" in p))


def issues_from(
    exc: ValidationError,
    file: str,
    line_of: Callable[[Loc], int | None],
    field_of: Callable[[Loc], str],
    model: type[BaseModel] | None = None,
) -> Iterable[Issue]:
    """One Issue per error in `exc`, located by the callbacks."""
    for err in exc.errors(include_url=False):
        loc = tuple(err.get("loc", ()))
        yield Issue(file, line_of(loc), field_of(loc), message(err, model))


def dotted(loc: Loc) -> str:
    """("sets", 2, "kind") → "sets[2].kind"."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


M = TypeVar("M", bound=BaseModel)


def validated(
    model: type[M], data: Any, shown: str, lines: Mapping[Any, int], at: Loc = ()
) -> tuple[M | None, list[Issue]]:
    """`data` read from the TOML file `shown` (with its key `lines`) as a `model`: the model,
    or None and one located Issue for each thing wrong. `at`: the key path `data` is at in
    the file, when it is one item of it (validated one at a time)."""
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        return None, list(
            issues_from(
                exc,
                shown,
                lambda loc: line_for(lines, (*at, *loc)),
                lambda loc: dotted((*at, *loc)),
                model,
            )
        )


def read_model(
    path: Path, shown: str, root: Path | None, model: type[M]
) -> tuple[tuple[M, KeyLines] | None, list[Issue]]:
    """A TOML file read through the one door (`read_toml`, within its bounds) and validated
    as `model`: the model with the file's key lines (for messages
    about what the model cannot check), or None and every problem, located."""
    read, problem = read_toml(path, shown, root)
    if read is None:
        return None, [problem] if problem else []
    data, lines = read
    found, problems = validated(model, data, shown, lines)
    return ((found, lines) if found is not None else None), problems


def constructed(model: type[M]) -> Callable[[], M]:
    """A field's `default_factory` giving `model` with every key at its default, made with
    `model_construct` (Pydantic validates no default: `validate_default` is off), so that
    `model` builds no validator of its own: the model holding the field builds `model`'s
    schema within its own when it first reads a file. (`Field(default=model())` builds
    `model` as the module loads; `default_factory=model` builds it at first use, a second
    time.) Every model given has no validator that would change a default."""
    return lambda: model.model_construct()


def default_in_schema(model: type[BaseModel]) -> Callable[[dict[str, Any]], None]:
    """The JSON Schema extra of a field whose default is `constructed(model)`: the schema
    shows that default as `Field(default=model())` would."""

    def extra(schema: dict[str, Any]) -> None:
        schema["default"] = model.model_construct().model_dump(mode="json")

    return extra


def model_field(model: type[BaseModel], description: str, **more: Any) -> Any:
    """A field holding a `model` whose keys all have defaults: made by `constructed` when
    the file leaves it out, and shown in the schema with that default (`more`: the rest
    of `Field`'s keywords, `examples`)."""
    return Field(
        default_factory=constructed(model),
        json_schema_extra=default_in_schema(model),
        description=description,
        **more,
    )
