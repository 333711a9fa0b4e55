"""The one door from a name to a path: every name that comes from a project or from the
network (a game's id, a set's id, a language code, a pinned copy's file, a file name an
import is kept under) passes through here before it is joined to a folder.

A name is plain when it names one entry of one folder and nothing else:

- it is a non-empty string, at most `MAX_BYTES` bytes as UTF-8 (a file name the code
  builds from such names, `<game>-<shop>.zip`, may have up to `NAME_MAX`, the most a
  file system takes);
- it is not `.` or `..`, and holds no `/` or `\\` (no way up or down a folder);
- it holds no NUL, control character or bidirectional override (nothing a terminal acts
  on, nothing that hides what a file is called);
- it holds none of `:*?"<>|` (a drive prefix such as `C:`, or a name Windows refuses);
- it neither starts with `-` (a command line reads it as an option) nor ends with a
  space or a dot (Windows drops them, so two names would be one file).

    plain_name(text)     what keeps `text` from being a plain name (None: it is one)
    child(folder, name)  `folder / name`, for a plain name only (`NotPlain` otherwise)

A reader of input calls `plain_name` where it knows the name's file, line and field and
reports the problem there as an `Issue`; `child` then makes the path, and refuses (never
quietly joins) a name that no reader checked, so a new caller cannot forget the rule.
"""

from __future__ import annotations

import re
from pathlib import Path

MAX_BYTES = 120  # a name read from input
NAME_MAX = 255  # a name joined by `child`: the most bytes a file system takes in one name
# C0 and C1 controls (NUL included), DEL, and the bidirectional overrides and isolates
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_SEPARATORS = ("/", "\\")
_RESERVED = ':*?"<>|'


class NotPlain(ValueError):
    """A name `child` was asked to join that is not a plain name; the message says why."""


def plain_name(text: object, most: int = MAX_BYTES) -> str | None:
    """What keeps `text` from being a plain name of at most `most` bytes (see the
    module's docstring), in words a message can quote; None when it is one."""
    if not isinstance(text, str):
        return f"a name is text, not {type(text).__name__}"
    if not text:
        return "an empty name"
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > most:
        return f"a name of {size} bytes (at most {most})"
    if text in (".", ".."):
        return f"{text!r} names a folder, not an entry of one"
    if any(s in text for s in _SEPARATORS):
        return "a name may not hold '/' or '\\' (it would lead into another folder)"
    if _CONTROL.search(text):
        return "a name may not hold NUL, control characters or direction overrides"
    reserved = sorted({c for c in text if c in _RESERVED})
    if reserved:
        return f"a name may not hold {' '.join(reserved)} (a drive, or a name Windows refuses)"
    if text.startswith("-"):
        return "a name may not start with '-' (a command line reads it as an option)"
    if text != text.rstrip(" ."):
        return "a name may not end with a space or a dot"
    return None


def child(folder: Path, name: str) -> Path:
    """`folder / name` when `name` is a plain name; raises `NotPlain` otherwise. The
    readers of input check names with `plain_name` and report them first: a `NotPlain`
    here is a name no reader checked."""
    problem = plain_name(name, NAME_MAX)
    if problem is not None:
        raise NotPlain(f"{name!r}: {problem}")
    return folder / name
