"""Line numbers for TOML key paths.

`tomllib` gives values without positions, so this scanner maps every key path it can see
(tables, arrays of tables, dotted keys, inline tables and multi-line arrays of inline
tables) to the line that defines it. A lookup falls back to the nearest known parent.
"""

from __future__ import annotations

import re
from typing import Sequence

Path = tuple[str | int, ...]

_BARE = r"[A-Za-z0-9_-]+"
_KEY = rf'(?:{_BARE}|"[^"]*"|\'[^\']*\')'
_DOTTED = rf"{_KEY}(?:\s*\.\s*{_KEY})*"
_HEADER = re.compile(rf"^\s*(\[\[?)\s*({_DOTTED})\s*\]\]?")
_ASSIGN = re.compile(rf"^\s*({_DOTTED})\s*=\s*(.*)$")
_INLINE_KEY = re.compile(rf"(?:^|[{{,])\s*({_DOTTED})\s*=")


def _split_key(dotted: str) -> list[str]:
    parts = re.findall(_KEY, dotted)
    return [p[1:-1] if p[:1] in "\"'" else p for p in parts]


_STRING_OR_COMMENT = re.compile(r'"(?:\\.?|[^"\\])*("?)' + r"|'[^']*('?)" + r"|#.*")


def _blank(m: re.Match) -> str:
    text = m.group()
    if text[0] == "#":
        return ""
    closed = bool(m.group(1) or m.group(2))
    return text[0] + " " * (len(text) - (2 if closed else 1)) + text[0]


def _strip_strings(text: str) -> str:
    """Blank out string contents and comments so brackets inside them are not counted."""
    if '"' not in text and "'" not in text and "#" not in text:
        return text
    return _STRING_OR_COMMENT.sub(_blank, text)


def key_lines(text: str) -> dict[Path, int]:
    """Map each key path found in TOML `text` to its 1-based line number."""
    lines: dict[Path, int] = {}
    counts: dict[Path, int] = {}  # array-of-tables path -> last index
    current: Path = ()
    array_path: Path | None = None  # inside a multi-line array value
    array_index = -1
    depth = 0

    def resolve(parts: list[str]) -> Path:
        out: list[str | int] = []
        for p in parts:
            out.append(p)
            if tuple(out) in counts:
                out.append(counts[tuple(out)])
        return tuple(out)

    for lineno, raw in enumerate(text.splitlines(), start=1):
        code = _strip_strings(raw)
        if array_path is not None:
            stripped = code.strip()
            if depth == 1 and stripped.startswith("{"):
                array_index += 1
                lines.setdefault(array_path + (array_index,), lineno)
                for km in _INLINE_KEY.finditer(code):
                    lines.setdefault(array_path + (array_index, *_split_key(km.group(1))), lineno)
            elif depth == 1 and stripped and not stripped.startswith("]"):
                array_index += stripped.count(",") or 1
            depth += code.count("[") + code.count("{") - code.count("]") - code.count("}")
            if depth <= 0:
                array_path = None
            continue
        header = _HEADER.match(code)
        if header:
            parts = _split_key(header.group(2))
            if header.group(1) == "[[":
                base = resolve(parts[:-1]) + (parts[-1],)
                counts[base] = counts.get(base, -1) + 1
                lines.setdefault(base, lineno)
                current = base + (counts[base],)
            else:
                current = resolve(parts)
            lines.setdefault(current, lineno)
            continue
        assign = _ASSIGN.match(code)
        if not assign:
            continue
        keys = _split_key(assign.group(1))
        for depth_ in range(1, len(keys) + 1):  # dotted keys define their parents too
            lines.setdefault(current + tuple(keys[:depth_]), lineno)
        path = current + tuple(keys)
        value = assign.group(2)
        if value.startswith("{"):
            for km in _INLINE_KEY.finditer(value):
                lines.setdefault(path + tuple(_split_key(km.group(1))), lineno)
        opened = value.count("[") + value.count("{") - value.count("]") - value.count("}")
        if value.startswith("[") and opened > 0:
            array_path, array_index, depth = path, -1, opened
            inner = value[1:].strip()
            if inner.startswith("{"):
                array_index = 0
                lines.setdefault(path + (0,), lineno)
    return lines


def line_for(lines: dict[Path, int], path: Sequence[str | int]) -> int | None:
    """The line of `path`, or of its nearest parent that the scanner saw."""
    p = tuple(path)
    while p:
        if p in lines:
            return lines[p]
        p = p[:-1]
    return None


def read_toml(path, shown: str):
    """Read a TOML file: ((data, key lines), None), or (None, Issue) saying where it is broken.

    Every TOML file cardstock reads (game files, rules, layouts, symbols, sheets) comes
    through here, so a syntax error reads the same everywhere: `path:line: not valid TOML: …`.
    """
    import tomllib

    from .issues import Issue

    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+)", str(exc))
        return None, Issue(shown, int(m.group(1)) if m else None, "", f"not valid TOML: {str(exc).split(' (at')[0]}")
    except (OSError, UnicodeDecodeError) as exc:
        return None, Issue(shown, None, "", f"cannot read the file: {exc}")
    except RecursionError:
        return None, Issue(shown, None, "", "not valid TOML: arrays or tables nest too deeply to be read")
    return (data, key_lines(text)), None
