"""Line numbers for TOML key paths.

`tomllib` gives values without positions, so this reader walks the same text once more and
maps every key path to the 1-based line that first names it: tables and arrays of tables
(`("sets",)` is the first `[[sets]]`, `("sets", 0)` its header), dotted and quoted keys,
inline tables, and every element of an array (`(*path, i)`, the line the element starts on).
Strings of every kind (basic, literal, multi-line) and comments are skipped as TOML reads
them, so brackets, quotes or `#` inside them do not count and a key after a multi-line
string has its own line. A lookup falls back to the nearest known parent.

The text is expected to be valid TOML (callers read it with `tomllib` first); on text that
is not, the reader stops where it cannot go on and returns what it found so far.

Before `tomllib` reads a file, `toml_problem` bounds what would make it slow: at most
`MAX_TOML_BYTES`, `MAX_TOML_KEYS` keys, `MAX_KEY_PARTS` parts in one dotted key (tomllib
takes time that grows with the square of that), and arrays and inline tables nested at
most `MAX_TOML_DEPTH` deep. After, `control_issue` refuses a file whose key or string
holds a character no text of a project may (`core.files.CONTROL`, as a table's cell): a
NUL written `\\u0000` would reach the SVG, HTML and EPUB files made from it.
"""

from __future__ import annotations

import json
import re
import tomllib
import zlib
from bisect import bisect_left
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from .cache import Cache, cache_dir, code_key, digest, key_of, open_cache
from .files import CONTROL, Unreadable, control_named, issue, read_text
from .issues import Issue

T = TypeVar("T")

if TYPE_CHECKING:
    import pathlib

Path = tuple[str | int, ...]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")

MAX_TOML_BYTES = 4 * 1024 * 1024  # one TOML file (a game's whole layout file is a few dozen KB)
MAX_TOML_KEYS = 50_000  # keys (`=` signs) in one file
MAX_KEY_PARTS = 64  # parts of one dotted key or table name
MAX_TOML_DEPTH = 64  # arrays and inline tables within each other

# what the bounds scan stops at: string and comment delimiters and the punctuation of keys
_TOML_MARKS = re.compile(r'"""|\'\'\'|["\'#=,{}\[\].\n]')


def toml_problem(text: str, max_keys: int = MAX_TOML_KEYS) -> tuple[int, str] | None:
    """Where and why `text` is too large for cardstock to read as TOML (see the module's
    docstring): (line, message), or None. One pass over its punctuation, strings and
    comments skipped."""
    found = _toml_bound(text, max_keys)
    return None if found is None else (text.count("\n", 0, found[0]) + 1, found[1])


def _toml_bound(text: str, max_keys: int = MAX_TOML_KEYS) -> tuple[int, str] | None:
    keys = parts = depth = 0
    closing: str | None = None  # the end of the string or comment the scan is in
    for m in _TOML_MARKS.finditer(text):
        mark = m.group()
        if closing is not None:
            if mark == closing and closing[0] == '"' and _escaped(text, m.start()):
                continue  # \" inside a basic string
            if mark == closing or (mark == "\n" and closing in ('"', "'")):
                closing = None
            continue
        if mark in ('"""', "'''", '"', "'"):
            closing = mark
        elif mark == "#":
            closing = "\n"
        elif mark == ".":
            parts += 1
            if parts >= MAX_KEY_PARTS:
                return (
                    m.start(),
                    f"a key has more than {MAX_KEY_PARTS} dotted parts, cardstock's limit",
                )
            continue
        elif mark == "=":
            keys += 1
            if keys > max_keys:
                return (
                    m.start(),
                    f"the file has more than {max_keys:,} keys, cardstock's limit for one "
                    "TOML file",
                )
        elif mark in "[{":
            depth += 1
            if depth > MAX_TOML_DEPTH:
                return (
                    m.start(),
                    f"arrays and tables nest more than {MAX_TOML_DEPTH} deep, cardstock's limit",
                )
        elif mark in "]}":
            depth = max(0, depth - 1)
        parts = 0
    return None


_ESCAPES = {
    "b": "\b",
    "t": "\t",
    "n": "\n",
    "f": "\f",
    "r": "\r",
    '"': '"',
    "\\": "\\",
    "e": "\x1b",
}
_ESCAPE = re.compile(r"\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|x[0-9A-Fa-f]{2}|.)")
_LINE_END = re.compile(r"\n")
_SPACE = re.compile(r"[ \t]*")
_BLANKS, _BLANKS_LINES = (
    (" ", "\t"),
    (" ", "\t", "\r", "\n", "#"),
)  # what the two patterns start with
_SPACE_LINES = re.compile(r"(?:[ \t\r\n]+|#[^\n]*)*")  # blanks, line ends and comments
_SCALAR = re.compile(r"[^,\]}\n#]*")  # a number, date, time or boolean runs up to one of these
# The most common values and keys, read in one match as `_Reader.value` and `keyval` read
# them a call at a time: a one-line basic or literal string or a scalar (`_SCALAR`, not
# empty), and a bare key, `=` and such a value. A dotted or quoted key, an array, an inline
# table, a multi-line string, and what the reader would stop at are not matched: the
# reader's own calls read those.
_PLAIN = (
    r"(?:"
    r'(?!""")"(?:[^"\\\n]|\\.)*"'  # a basic string, escapes and all
    r"|(?!''')'[^'\n]*'"  # a literal string
    r"|[^,\]}\n#\"'\[{ \t][^,\]}\n#]*"  # a scalar
    r")"
)
_PLAIN_VALUE = re.compile(_PLAIN)
_PLAIN_KEYVAL = re.compile(r"([A-Za-z0-9_-]+)[ \t]*=[ \t]*" + _PLAIN)


class _Stop(Exception):
    """The text is not TOML the reader can follow any further."""


def _unescape(body: str) -> str:
    if "\\" not in body:  # most strings escape nothing
        return body

    def one(m: re.Match[str]) -> str:
        code = m.group(1)
        if code[0] in "uUx" and len(code) > 1:
            return chr(int(code[1:], 16))
        return _ESCAPES.get(code, code)

    return _ESCAPE.sub(one, body)


class _Reader:
    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0
        self.ends = [m.start() for m in _LINE_END.finditer(text)]  # where each line ends
        self.lines: dict[Path, int] = {}
        self.counts: dict[Path, int] = {}  # array-of-tables path -> its last index

    # ------------------------------------------------------------ characters

    @property
    def line(self) -> int:
        """The cursor's line, 1-based (looked up when a key is noted, not counted as it moves)."""
        return bisect_left(self.ends, self.i) + 1

    def peek(self, n: int = 1) -> str:
        return self.s[self.i : self.i + n]

    def skip_space(self, newlines: bool = False) -> None:
        """Skip spaces and tabs, and with `newlines` also line ends and comments."""
        if self.s[self.i : self.i + 1] not in (_BLANKS_LINES if newlines else _BLANKS):
            return  # nothing to skip (most calls): no pattern run
        m = (_SPACE_LINES if newlines else _SPACE).match(self.s, self.i)
        assert m is not None  # both patterns match the empty string
        self.i = m.end()

    def skip_comment(self) -> None:
        end = self.s.find("\n", self.i)
        self.i = len(self.s) if end < 0 else end

    def expect(self, token: str) -> None:
        if self.peek(len(token)) != token:
            raise _Stop
        self.i += len(token)

    # ------------------------------------------------------------ keys

    def string(self) -> str:
        """A string of any kind at the cursor; returns its value (as a key would read it)."""
        for quote in ('"""', "'''"):
            if self.peek(3) == quote:
                end = self.s.find(quote, self.i + 3)
                while quote == '"""' and end > 0 and _escaped(self.s, end):
                    end = self.s.find(quote, end + 1)
                if end < 0:
                    raise _Stop
                while self.s[end + 3 : end + 4] == quote[0]:  # up to two quotes end the content
                    end += 1
                body = self.s[self.i + 3 : end]
                self.i = end + 3
                return body if quote[0] == "'" else _unescape(body)
        quote = self.s[self.i : self.i + 1]
        end = self.s.find(quote, self.i + 1)
        while quote == '"' and end > 0 and _escaped(self.s, end):
            end = self.s.find(quote, end + 1)
        if end < 0 or "\n" in self.s[self.i : end]:
            raise _Stop
        body = self.s[self.i + 1 : end]
        self.i = end + 1
        return body if quote == "'" else _unescape(body)

    def key(self) -> list[str]:
        """A dotted key: its parts, unquoted."""
        parts: list[str] = []
        while True:
            self.skip_space()
            if self.s[self.i : self.i + 1] in ('"', "'"):
                parts.append(self.string())
            else:
                m = _BARE_KEY.match(self.s, self.i)
                if m is None:
                    raise _Stop
                parts.append(m.group())
                self.i = m.end()
            self.skip_space()
            if self.s[self.i : self.i + 1] != ".":
                return parts
            self.i += 1

    # ------------------------------------------------------------ values

    def note(self, path: Path, line: int) -> None:
        self.lines.setdefault(path, line)

    def value(self, path: Path) -> None:
        ch = self.s[self.i : self.i + 1]
        if ch in ('"', "'"):
            self.string()
        elif ch == "[":
            self.array(path)
        elif ch == "{":
            self.inline_table(path)
        else:
            m = _SCALAR.match(self.s, self.i)
            if m is None or m.end() == self.i:
                raise _Stop
            self.i = m.end()

    def array(self, path: Path) -> None:
        self.i += 1
        index = 0
        while True:
            self.skip_space(newlines=True)
            if self.s[self.i : self.i + 1] == "]":
                self.i += 1
                return
            self.note(path + (index,), self.line)
            plain = _PLAIN_VALUE.match(self.s, self.i)
            if plain is None:
                self.value(path + (index,))
            else:
                self.i = plain.end()
            index += 1
            self.skip_space(newlines=True)
            if self.s[self.i : self.i + 1] == ",":
                self.i += 1
            elif self.s[self.i : self.i + 1] != "]":
                raise _Stop

    def inline_table(self, path: Path) -> None:
        self.i += 1
        while True:
            self.skip_space(newlines=True)
            if self.s[self.i : self.i + 1] == "}":
                self.i += 1
                return
            self.keyval(path)
            self.skip_space(newlines=True)
            if self.s[self.i : self.i + 1] == ",":
                self.i += 1
            elif self.s[self.i : self.i + 1] != "}":
                raise _Stop

    def keyval(self, table: Path) -> None:
        plain = _PLAIN_KEYVAL.match(self.s, self.i)
        if plain is not None:
            self.note(table + (plain.group(1),), self.line)
            self.i = plain.end()
            return
        line = self.line
        parts = self.key()
        for n in range(1, len(parts) + 1):  # a dotted key defines its parents too
            self.note(table + tuple(parts[:n]), line)
        self.expect("=")
        self.skip_space()
        self.value(table + tuple(parts))

    # ------------------------------------------------------------ tables

    def resolve(self, parts: list[str]) -> Path:
        """A header's key parts → the path, through the last entry of each array of tables."""
        out: list[str | int] = []
        for part in parts:
            out.append(part)
            if tuple(out) in self.counts:
                out.append(self.counts[tuple(out)])
        return tuple(out)

    def header(self) -> Path:
        line = self.line
        many = self.peek(2) == "[["
        self.i += 2 if many else 1
        parts = self.key()
        self.expect("]]" if many else "]")
        for n in range(1, len(parts)):
            self.note(self.resolve(parts[:n]), line)
        if not many:
            table = self.resolve(parts)
            self.note(table, line)
            return table
        base = self.resolve(parts[:-1]) + (parts[-1],)
        self.counts[base] = self.counts.get(base, -1) + 1
        self.note(base, line)
        self.note(base + (self.counts[base],), line)
        return base + (self.counts[base],)

    def document(self) -> dict[Path, int]:
        table: Path = ()
        try:
            while True:
                self.skip_space(newlines=True)
                if self.i >= len(self.s):
                    break
                if self.peek() == "[":
                    table = self.header()
                else:
                    self.keyval(table)
                self.skip_space()
                if self.peek() == "#":
                    self.skip_comment()
                if self.i < len(self.s) and self.peek() not in "\r\n":
                    raise _Stop
        except (_Stop, ValueError, IndexError):
            pass
        return self.lines


def _escaped(text: str, at: int) -> bool:
    """Whether the quote at `at` is escaped by an odd number of backslashes before it."""
    n = 0
    while at - n - 1 >= 0 and text[at - n - 1] == "\\":
        n += 1
    return n % 2 == 1


def key_lines(text: str) -> dict[Path, int]:
    """Map each key path in TOML `text` to the 1-based line that first names it."""
    return _Reader(text).document()


# A text longer than this waits for its lines compressed: a big file (a rules.toml of many
# facts, a layout file of many boxes) is held for the whole build, and its lines are asked
# for only when a finding names one of its keys.
KEPT_PLAIN_MAX = 64 * 1024


class KeyLines(Mapping[Path, int]):
    """The lines of a TOML text's key paths (`key_lines`), found when first asked for:
    lines are for messages, and a build without a problem in a file never asks. A file
    that is asked (a rules file: each fact's report names its line) has them kept in the
    cache by its text (`kept_lines`), so the next process does not scan it again."""

    def __init__(self, text: str) -> None:
        self._text: str | bytes | None = (
            zlib.compress(text.encode("utf-8", "surrogatepass"), 1)
            if len(text) > KEPT_PLAIN_MAX
            else text
        )
        self._lines: dict[Path, int] = {}

    def _source(self) -> str:
        """The text the lines are read from (this object holds it compressed when long)."""
        text = self._text
        if isinstance(text, bytes):
            return zlib.decompress(text).decode("utf-8", "surrogatepass")
        return text or ""

    def _found(self) -> dict[Path, int]:
        if self._text is not None:
            self._lines, self._text = kept_lines(self._source()), None
        return self._lines

    def __getitem__(self, path: Path) -> int:
        return self._found()[path]

    def __contains__(self, path: object) -> bool:
        return path in self._found()

    def __iter__(self) -> Iterator[Path]:
        return iter(self._found())

    def __len__(self) -> int:
        return len(self._found())

    def picked(self, pick: Callable[[Path], bool]) -> dict[Path, int]:
        """The lines of the key paths `pick` takes. Unless the lines were asked for
        before, the whole map is made only for this and not kept: a big file whose messages
        need the lines of a few kinds of key (a rules file's facts) does not hold a line
        for every key it has."""
        lines = self._lines if self._text is None else kept_lines(self._source())
        return {p: n for p, n in lines.items() if pick(p)}


def kept_lines(text: str) -> dict[Path, int]:
    """`key_lines(text)`, read from the cache when a process scanned the same text before
    (by the same code; kind "toml-lines", each key path as a JSON list of its names and
    indices, which JSON tells apart), else scanned and kept."""
    key = key_of("toml-lines", code_key(), digest(text.encode("utf-8", "surrogatepass")))
    cache = _cache()
    found = _lines_of(cache.get_json("toml-lines", key))
    if found is not None:
        cache.flush()  # the day the entry was used, so it is not pruned
        return found
    lines = key_lines(text)
    data = json.dumps([[list(path), line] for path, line in lines.items()], ensure_ascii=False)
    cache.put("toml-lines", key, data.encode("utf-8"))
    cache.flush()
    return lines


def _lines_of(kept: Any) -> dict[Path, int] | None:
    """The key lines a cache entry of kind "toml-lines" holds (written by `kept_lines`
    alone, under a key of the text); None for anything else."""
    if not isinstance(kept, list):
        return None
    try:
        return {tuple(path): int(line) for path, line in kept}
    except (TypeError, ValueError):
        return None


def line_for(lines: Mapping[Path, int], path: Sequence[str | int]) -> int | None:
    """The line of `path`, or of its nearest parent that the scanner saw."""
    p = tuple(path)
    while p:
        if p in lines:
            return lines[p]
        p = p[:-1]
    return None


def read_toml(
    path: pathlib.Path, shown: str, root: pathlib.Path | None
) -> tuple[tuple[dict[str, Any], KeyLines] | None, Any]:
    """Read a TOML file of the project `root` (or one of cardstock's own): ((data, key
    lines), None), or (None, Issue) saying where it is broken. (The second item is typed
    Any: a caller that found the first None need not check it.)

    Every TOML file cardstock reads (game files, rules, layouts, symbols, sheets) comes
    through here, and is read through the one door (`cardstock.core.files`), so a syntax
    error or a refused file reads the same everywhere: `path:line: not valid TOML: …`.
    """
    try:
        text = read_text(path, root, limit=MAX_TOML_BYTES)
    except Unreadable as exc:
        return None, issue(shown, exc)
    known = _PARSED.get(path)
    if known is not None and known[0] == text:
        return (_copied(known[1]), known[2]), None
    found = _parse(text, shown, MAX_TOML_KEYS)
    if found[0] is not None and len(text) <= PARSED_KEEP_MAX:
        _PARSED[path] = (text, _copied(found[0][0]), found[0][1])
    else:
        _PARSED.pop(path, None)
    return found


def read_toml_value(
    path: pathlib.Path, shown: str, root: pathlib.Path | None, pick: Callable[[dict[str, Any]], T]
) -> T | None:
    """What `pick` makes of a TOML file's data (`read_toml`: read, bounded and parsed the
    same way), None when the file cannot be read as TOML. `pick` only looks at the data,
    which is the parse kept for the file (`_PARSED`), not a copy: a reader that wants two
    values of a big file (a game file's languages) does not copy all of it."""
    try:
        text = read_text(path, root, limit=MAX_TOML_BYTES)
    except Unreadable:
        return None
    known = _PARSED.get(path)
    if known is None or known[0] != text:
        found, _problem = read_toml(path, shown, root)
        return None if found is None else pick(found[0])
    return pick(known[1])


def _copied(value: Any) -> Any:
    """A copy of parsed TOML data its reader may change: each table and array made again,
    the values (strings, numbers, booleans, dates and times, which cannot change) shared.
    About a third of `copy.deepcopy`'s time, which also looks each value up in a memo of
    what it copied (TOML data never holds one object twice)."""
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copied(v) for v in value]
    return value


# Each TOML file's data as last parsed in this process, by its path, with the text it was
# parsed from: a file read again with the same text (a game file the planner and the
# validation both read, every unchanged file of a `--watch` rebuild) is not parsed nor
# scanned for its lines again. Each reader gets a deep copy of its data, its own to change.
# A text longer than `PARSED_KEEP_MAX` characters is not kept: a file that grows with a
# big file (several MB, held three times over as text, parse and copy) is read once a
# build, and a later read takes its parse from the cache.
_PARSED: dict[pathlib.Path, tuple[str, dict[str, Any], KeyLines]] = {}
PARSED_KEEP_MAX = 256 * 1024  # the shipped games' largest TOML file is about 190 KB


def _parse(
    text: str, shown: str, max_keys: int = MAX_TOML_KEYS
) -> tuple[tuple[dict[str, Any], KeyLines] | None, Any]:
    """`text` read as TOML (see `read_toml`): the data kept in the cache when a process
    parsed the same text before (by the same code), else parsed (`_parsed`) and kept. A
    text kept was bounded and parsed without a problem, so it is neither again."""
    key = key_of("toml", code_key(), digest(text.encode("utf-8", "surrogatepass")))
    cache = _cache()
    kept = cache.get_json("toml", key)
    if isinstance(kept, dict):
        found: tuple[tuple[dict[str, Any], KeyLines] | None, Any] = (kept, KeyLines(text)), None
    else:
        found = _parsed(text, shown, max_keys)
        if found[0] is not None and _plain_json(found[0][0]):
            # in the parse's own order of keys (`put_json` sorts them)
            data = json.dumps(found[0][0], ensure_ascii=False, separators=(",", ":"))
            cache.put("toml", key, data.encode("utf-8"))
    # written now (an entry, or the day an entry was last used, so it is not pruned):
    # nothing else flushes this process's cache of TOML data; nothing to write, no write
    cache.flush()
    return found


# The cache the TOML files' data is kept in, opened once a process for its folder
# (`CARDSTOCK_CACHE` may name another between two builds of one process: a test's).
_CACHES: dict[pathlib.Path, Cache] = {}


def _cache() -> Cache:
    folder = cache_dir()
    found = _CACHES.get(folder)
    if found is None:
        for old in _CACHES.values():
            old.close()
        _CACHES.clear()
        found = _CACHES[folder] = open_cache(folder)
    return found


def _plain_json(value: Any) -> bool:
    """Does JSON give `value` back as it is? TOML's tables, arrays, strings, integers,
    floats and booleans it does (a JSON object keeps its keys' order); a date or a time
    it does not, so a file holding one is parsed each time."""
    if isinstance(value, dict):
        return all(_plain_json(v) for v in value.values())
    if isinstance(value, list):
        return all(_plain_json(v) for v in value)
    return isinstance(value, (str, int, float))  # bool is an int


def _parsed(
    text: str, shown: str, max_keys: int = MAX_TOML_KEYS
) -> tuple[tuple[dict[str, Any], KeyLines] | None, Any]:
    """`text` bounded (`toml_problem`) and parsed by `tomllib`."""
    problem = toml_problem(text, max_keys)
    if problem is not None:
        return None, Issue(shown, problem[0], "", f"not read as TOML: {problem[1]}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+)", str(exc))
        return None, Issue(
            shown,
            int(m.group(1)) if m else None,
            "",
            f"not valid TOML: {str(exc).split(' (at')[0]}",
        )
    except RecursionError:
        return None, Issue(
            shown, None, "", "not valid TOML: arrays or tables nest too deeply to be read"
        )
    lines = KeyLines(text)
    bad = control_issue(data, lines, shown)
    if bad is not None:
        return None, bad
    return (data, lines), None


def control_issue(data: dict[str, Any], lines: Mapping[Path, int], shown: str) -> Issue | None:
    """The first key or string of parsed TOML `data` that holds a character `CONTROL`
    refuses, as an issue at its key's line; None when none does."""
    stack: list[tuple[Path, Any]] = [((), data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            for key, item in reversed(value.items()):
                stack.append(((*path, key), item))
        elif isinstance(value, list):
            stack.extend(((*path, i), item) for i, item in reversed(list(enumerate(value))))
        for kind, text in (("value", value), ("key", path[-1] if path else None)):
            found = CONTROL.search(text) if isinstance(text, str) else None
            if found is None or not isinstance(text, str):
                continue
            where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
            at = found.start()  # the text around it, escaped as `repr` shows it
            near = text[max(0, at - 20) : at + 20]
            near = ("…" if at > 20 else "") + near + ("…" if at + 20 < len(text) else "")
            return Issue(
                shown,
                line_for(lines, path),
                where.lstrip("."),
                f"the {kind} {near!r} holds {control_named(found.group())}, which cannot be "
                "printed; remove it",
            )
    return None


Read = Callable[
    ["pathlib.Path", str, "pathlib.Path | None"],
    tuple[tuple[dict[str, Any], KeyLines] | None, Any],
]


class TomlReads:
    """`read_toml` for one validation pass: a file several games read (the shared default
    layouts, a sheet) is read, parsed and scanned for its lines once in the pass. Readers
    share what it gives and never change it; a later pass reads the files again."""

    def __init__(self) -> None:
        self._read: dict[tuple[pathlib.Path, str, pathlib.Path | None], Any] = {}

    def __call__(
        self, path: pathlib.Path, shown: str, root: pathlib.Path | None
    ) -> tuple[tuple[dict[str, Any], KeyLines] | None, Any]:
        key = (path, shown, root)
        if key not in self._read:
            self._read[key] = read_toml(path, shown, root)
        found: tuple[tuple[dict[str, Any], KeyLines] | None, Any] = self._read[key]
        return found
