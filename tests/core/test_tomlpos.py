"""Error lines in TOML files: `tomlpos.key_lines` finds every key `tomllib` reads, each at
the line that first names it, whatever TOML construct surrounds it.

The property test writes random TOML documents — tables, dotted and quoted headers, arrays
of tables with sub-tables, dotted and quoted keys, inline tables, arrays over several lines
with comments, strings of all four kinds holding brackets, quotes and `#`, line ends of
either kind — noting the line of each key as it writes it. Each document must read with
`tomllib` to exactly the noted key set, and `key_lines` must give exactly the noted lines.
The default run writes 60 documents, the same ones each time; CARDSTOCK_FULL=1 writes 300
new ones."""

from __future__ import annotations

import shutil
import tomllib
from typing import Any

from conftest import FIXTURES, FULL
from hypothesis import given, settings
from hypothesis import strategies as st

from cardstock.core.tomlpos import KeyLines, Path, key_lines, line_for, read_toml, read_toml_value


def all_paths(value: Any, prefix: Path = ()) -> set[Path]:
    """Every key path in a `tomllib` result; list elements are indexed."""
    out: set[Path] = {prefix} if prefix else set()
    if isinstance(value, dict):
        for k, v in value.items():
            out |= all_paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out |= all_paths(v, prefix + (i,))
    return out


# ---------------------------------------------------------------- a document writer

SCALARS = [
    "42",
    "-17",
    "+1_000",
    "0x1F",
    "3.5",
    "-2e-3",
    "inf",
    "nan",
    "true",
    "false",
    "1979-05-27",
    "1979-05-27 07:32:00",
    "1979-05-27T07:32:00Z",
    "07:32:00",
]
# pieces of string content that would mislead a scanner reading lines
BARE = ["a", "b2", "key_x", "K-9", "1", "0a", "true", "inf", "1979-05-27"]
TRICKY = ["a", "b c", "#", "[", "]", "{", "}", "=", "x = 1", ",", "[[t]]", "é", "."]


class Doc:
    def __init__(self, data: st.DataObject) -> None:
        self.draw = data.draw
        self.chunks: list[str] = []
        self.line = 1
        self.expected: dict[Path, int] = {}

    def write(self, text: str) -> None:
        self.chunks.append(text)
        self.line += text.count("\n")

    def note(self, path: Path) -> None:
        self.expected.setdefault(path, self.line)

    def text(self) -> str:
        return "".join(self.chunks)

    def gap(self) -> None:
        """Nothing, a blank line or a comment line (with its own brackets and quotes)."""
        choice = self.draw(st.sampled_from(["", "\n", '# a [comment] with "quotes" = 1\n']))
        self.write(choice)

    # ------------------------------------------------------------ keys and strings

    def key(self, used: set[str]) -> str:
        """A new simple key as written (bare, "basic" or 'literal'); its name goes in `used`."""
        while True:
            style = self.draw(st.sampled_from(["bare", "basic", "literal"]))
            if style == "bare":
                name = self.draw(st.sampled_from(BARE)) + (str(len(used)) if len(used) > 2 else "")
                written = name
            else:
                name = "".join(
                    self.draw(
                        st.lists(
                            st.sampled_from(TRICKY + ["'" if style == "basic" else '"']), max_size=2
                        )
                    )
                )
                if style == "basic":
                    if self.draw(st.booleans()):
                        name += '"\\'
                    written = (
                        '"'
                        + name.replace("\\", "\\\\").replace('"', '\\"').replace("é", "\\u00e9")
                        + '"'
                    )
                else:
                    written = "'" + name + "'"
            if name not in used:
                used.add(name)
                return written

    def string(self) -> str:
        kind = self.draw(st.sampled_from(["basic", "literal", "ml-basic", "ml-literal"]))
        pieces = self.draw(st.lists(st.sampled_from(TRICKY), max_size=3))
        if kind == "basic":
            return '"' + " ".join(pieces) + ' \\" \\\\"'
        if kind == "literal":
            return "'" + " ".join(pieces) + " \"'"
        lines = [
            " ".join(self.draw(st.lists(st.sampled_from(TRICKY), max_size=3)))
            for _ in range(self.draw(st.integers(0, 2)))
        ]
        if kind == "ml-basic":
            body = "\n".join(lines + ['a \\""" b "" c', "d \\", "  e"])
            return (
                '"""'
                + self.draw(st.sampled_from(["", "\n"]))
                + body
                + self.draw(st.sampled_from(['"""', '""""', '"""""']))
            )
        body = "\n".join(lines + ['f """ g \'\' h'])
        return (
            "'''"
            + self.draw(st.sampled_from(["", "\n"]))
            + body
            + self.draw(st.sampled_from(["'''", "''''"]))
        )

    # ------------------------------------------------------------ values

    def value(self, path: Path, depth: int) -> None:
        kinds = ["scalar", "string"] + (["array", "inline"] if depth < 2 else [])
        kind = self.draw(st.sampled_from(kinds))
        if kind == "scalar":
            self.write(self.draw(st.sampled_from(SCALARS)))
        elif kind == "string":
            self.write(self.string())
        elif kind == "array":
            self.array(path, depth)
        else:
            self.inline_table(path, depth)

    def array(self, path: Path, depth: int) -> None:
        n = self.draw(st.integers(0, 2))
        tall = self.draw(st.booleans())
        self.write("[")
        for i in range(n):
            if tall:
                self.write("\n")
                if self.draw(st.booleans()):
                    self.write("  # an element [follows]\n")
                self.write("  ")
            self.note(path + (i,))
            self.value(path + (i,), depth + 1)
            if i < n - 1 or (tall and self.draw(st.booleans())):
                self.write(",")
                if tall and self.draw(st.booleans()):
                    self.write("  # after, ] }")
        self.write("\n]" if tall and n else "]")

    def inline_table(self, path: Path, depth: int) -> None:
        used: set[str] = set()
        self.write(self.draw(st.sampled_from(["{", "{ "])))
        for i in range(self.draw(st.integers(0, 2))):
            if i:
                self.write(", ")
            self.keyval(path, used, depth + 1)
        self.write(" }")

    def keyval(self, table: Path, used: set[str], depth: int) -> None:
        """`key = value`, the key dotted (each part a new table) or not."""
        parts = [self.key(used)]
        for _ in range(self.draw(st.integers(0, 1)) if depth < 2 else 0):
            parts.append(self.key(set()))
        names = [_name(p) for p in parts]
        for n in range(1, len(names) + 1):
            self.note(table + tuple(names[:n]))
        self.write(
            self.draw(st.sampled_from([".", " . "])).join(parts)
            + self.draw(st.sampled_from(["=", " = "]))
        )
        self.value(table + tuple(names), depth)

    def body(self, table: Path, used: set[str]) -> None:
        for _ in range(self.draw(st.integers(0, 2))):
            self.gap()
            self.keyval(table, used, 0)
            self.write(self.draw(st.sampled_from(["\n", '  # [x] "y"\n', " \n"])))

    # ------------------------------------------------------------ tables

    def header(self, parts: list[str], many: bool) -> None:
        dot = self.draw(st.sampled_from([".", " . "]))
        o, c = ("[[", "]]") if many else ("[", "]")
        pad = self.draw(st.sampled_from(["", " "]))
        self.write(
            f"{o}{pad}{dot.join(parts)}{pad}{c}" + self.draw(st.sampled_from(["\n", " # [[no]]\n"]))
        )

    def document(self) -> str:
        top: set[str] = set()
        self.body((), top)
        for _ in range(self.draw(st.integers(0, 2))):
            self.gap()
            name = self.key(top)
            if self.draw(st.booleans()):  # [name] or [name.sub]
                parts = [name] + ([self.key(set())] if self.draw(st.booleans()) else [])
                path: tuple[str | int, ...] = tuple(_name(p) for p in parts)
                for n in range(1, len(path) + 1):
                    self.note(path[:n])
                self.header(parts, many=False)
                self.body(path, set())
                continue
            for i in range(self.draw(st.integers(1, 2))):  # [[name]], each with sub-tables
                self.note((_name(name),))
                self.note((_name(name), i))
                self.header([name], many=True)
                used: set[str] = set()
                self.body((_name(name), i), used)
                for _ in range(self.draw(st.integers(0, 1))):
                    child = self.key(used)
                    path = (_name(name), i, _name(child))
                    if self.draw(st.booleans()):
                        self.note(path)
                        self.header([name, child], many=False)
                        self.body(path, set())
                    else:
                        for j in range(self.draw(st.integers(1, 2))):
                            self.note(path)
                            self.note(path + (j,))
                            self.header([name, child], many=True)
                            self.body(path + (j,), set())
        return self.text()


def _name(written: str) -> str:
    """The name a written simple key stands for (what tomllib reads)."""
    return tomllib.loads(f"{written} = 1").popitem()[0]


@settings(max_examples=300 if FULL else 60, deadline=None, derandomize=not FULL)
@given(st.data())
def test_every_key_tomllib_reads_is_found_at_its_line(data):
    doc = Doc(data)
    text = doc.document()
    if data.draw(st.booleans()):  # Windows line ends count the same
        text = text.replace("\n", "\r\n")
    assert all_paths(tomllib.loads(text)) == set(doc.expected), text
    assert key_lines(text) == doc.expected, text


# ---------------------------------------------------------------- examples


def test_a_key_after_a_multi_line_string_has_its_own_line():
    text = 'id = "x"\ndescription = """\nFirst [line].\nA "quoted" # word.\n"""\nversion = 2\n'
    lines = key_lines(text)
    assert lines[("description",)] == 2
    assert lines[("version",)] == 6
    assert line_for(lines, ("version", "major")) == 6


def test_elements_of_arrays_of_inline_tables_and_their_keys():
    text = 'rows = [\n  { id = "a" },\n  # a comment\n  { id = "b", art.file = "b.png" },\n]\n'
    lines = key_lines(text)
    assert [lines[("rows", i)] for i in (0, 1)] == [2, 4]
    assert lines[("rows", 1, "art", "file")] == 4


def test_text_that_is_not_toml_gives_the_keys_named_before_it_breaks():
    assert key_lines('a = 1\nb = "open\nc = 3\n') == {("a",): 1, ("b",): 2}
    assert key_lines("[t]\nx = 1\n[[t\ny = 2\n") == {("t",): 1, ("t", "x"): 2}


def test_a_catalog_error_after_a_multi_line_description_names_its_own_line(cli, tmp_path):
    game = tmp_path / "catalog" / "mini"
    shutil.copytree(FIXTURES / "catalog" / "mini", game)
    toml = game / "game.toml"
    text = toml.read_text(encoding="utf-8")
    text = text.replace(
        'title = "Mini"\n',
        'title = "Mini"\ndescription = """\n[Draft] a small game\nplayers = 3\n"""\nplayers_note = '
        "1\n",
        1,
    )
    toml.write_text(text, encoding="utf-8")
    line = text.splitlines().index("players_note = 1") + 1
    result = cli("--root", str(tmp_path), "catalog", "mini", "--json")
    assert result.code == 2
    assert f"catalog/mini/game.toml:{line}: players_note:" in result.err
    assert not (tmp_path / "output").exists()
    assert result.out == ""


def test_a_value_picked_from_a_toml_file_follows_the_file_as_it_is_edited(tmp_path):
    path = tmp_path / "game.toml"
    path.write_text('language = "en"\nlanguages = ["de"]\n', encoding="utf-8")

    def pick(data):
        return data["language"], list(data["languages"])

    assert read_toml_value(path, "game.toml", tmp_path, pick) == ("en", ["de"])
    assert read_toml_value(path, "game.toml", tmp_path, pick) == ("en", ["de"])  # kept parse
    path.write_text('language = "fr"\nlanguages = []\n', encoding="utf-8")
    assert read_toml_value(path, "game.toml", tmp_path, pick) == ("fr", [])
    path.write_text('language = "fr\n', encoding="utf-8")
    assert read_toml_value(path, "game.toml", tmp_path, pick) is None


def test_each_reader_of_a_kept_parse_gets_data_of_its_own_to_change(tmp_path):
    path = tmp_path / "rules.toml"
    path.write_text(
        'name = "x"\nwhen = 2026-11-25\n[[facts]]\nsays = ["a", "b"]\n[table]\nn = 1\n',
        encoding="utf-8",
    )
    first, _ = read_toml(path, "rules.toml", tmp_path)
    assert first is not None
    data = first[0]
    expected = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data == expected
    data["facts"][0]["says"].append("c")  # a reader changes what it was given
    data["table"]["n"] = 2
    del data["name"]
    again, _ = read_toml(path, "rules.toml", tmp_path)  # the kept parse, not read again
    assert again is not None and again[0] == expected
    assert again[0]["facts"] is not data["facts"]


def _read_afresh(path, root, monkeypatch) -> tuple[Any, int]:
    """`read_toml` as a new process reads `path` (no parse kept in memory): its data and
    how many times `tomllib` parsed a text."""
    from cardstock.core import tomlpos

    parses = []
    real = tomllib.loads

    def counted(text: str, **kwargs: Any) -> Any:
        parses.append(text)
        return real(text, **kwargs)

    monkeypatch.setattr(tomlpos, "_PARSED", {})
    monkeypatch.setattr(tomlpos.tomllib, "loads", counted)  # type: ignore[attr-defined]
    found, problem = read_toml(path, path.name, root)
    monkeypatch.undo()
    assert problem is None and found is not None
    return found, len(parses)


def test_a_toml_text_parsed_once_is_read_from_the_cache_by_the_next_process(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "rules.toml"
    text = 'z = 1\na = 2.5\n"é" = ["x", -0.0, inf]\n[[facts]]\nkind = "rule"\nok = true\n'
    path.write_text(text, encoding="utf-8")
    (first, lines), parsed = _read_afresh(path, tmp_path, monkeypatch)
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    (again, lines_again), parsed_again = _read_afresh(path, tmp_path, monkeypatch)
    assert (parsed, parsed_again) == (1, 0)
    assert again == first == tomllib.loads(text)
    assert list(again) == ["z", "a", "é", "facts"]  # the file's order of keys, not sorted
    assert [type(v) for v in again["é"]] == [str, float, float]
    assert dict(lines_again) == dict(lines)  # the key lines still read from the text
    path.write_text(text.replace("z = 1", "z = 3"), encoding="utf-8")
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    (edited, _), parsed_edited = _read_afresh(path, tmp_path, monkeypatch)
    assert parsed_edited == 1 and edited["z"] == 3


def test_a_toml_file_holding_a_date_is_parsed_by_each_process(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "game.toml"
    path.write_text('name = "x"\nwhen = 2026-11-25\n', encoding="utf-8")
    for _ in range(2):
        (data, _lines), parsed = _read_afresh(path, tmp_path, monkeypatch)
        monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
        assert parsed == 1 and data == tomllib.loads(path.read_text(encoding="utf-8"))


def test_a_kept_toml_parse_read_again_is_marked_used_so_pruning_keeps_it(tmp_path, monkeypatch):
    import sqlite3
    import time

    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "game.toml"
    path.write_text('name = "x"\n', encoding="utf-8")
    _read_afresh(path, tmp_path, monkeypatch)  # parsed and kept
    db = tmp_path / "cache" / "cache.sqlite"
    with sqlite3.connect(db) as c:
        c.execute("UPDATE entries SET used = 1 WHERE kind = 'toml'")  # last used long ago
    c.close()
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    _found, parsed = _read_afresh(path, tmp_path, monkeypatch)
    with sqlite3.connect(db) as c:
        used = c.execute("SELECT used FROM entries WHERE kind = 'toml'").fetchall()
    c.close()
    assert parsed == 0 and used == [(int(time.time() // 86400),)]


def _lines_afresh(path, root, monkeypatch) -> tuple[dict[Any, int], int]:
    """The key lines of `path` as a new process finds them when a message asks (no parse
    kept in memory), and how many times a text was scanned for them."""
    from cardstock.core import tomlpos

    scans = []
    real = tomlpos.key_lines

    def counted(text: str) -> Any:
        scans.append(text)
        return real(text)

    monkeypatch.setattr(tomlpos, "_PARSED", {})
    monkeypatch.setattr(tomlpos, "key_lines", counted)
    found, problem = read_toml(path, path.name, root)
    assert problem is None and found is not None
    lines = dict(found[1])
    monkeypatch.undo()
    return lines, len(scans)


def test_key_lines_asked_once_are_read_from_the_cache_by_the_next_process(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "rules.toml"
    text = (
        'name = "x"\n\n[[facts]]\nkind = "rule"\n"quoted.key" = 1\n'
        '[[facts]]\nsays = [\n  "a",\n  "b",\n]\n'
    )
    path.write_text(text, encoding="utf-8")
    first, scanned = _lines_afresh(path, tmp_path, monkeypatch)
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    again, scanned_again = _lines_afresh(path, tmp_path, monkeypatch)
    assert (scanned, scanned_again) == (1, 0)
    assert again == first == key_lines(text)
    assert again[("facts", 1, "says", 1)] == 9  # an index stays an index, a name a name
    assert again[("facts", 0, "quoted.key")] == 5


def test_an_edited_toml_text_is_scanned_for_its_own_lines(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "rules.toml"
    path.write_text('name = "x"\n[[facts]]\nkind = "rule"\n', encoding="utf-8")
    before, _ = _lines_afresh(path, tmp_path, monkeypatch)
    path.write_text('# a comment\n\nname = "x"\n[[facts]]\nkind = "rule"\n', encoding="utf-8")
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    after, scanned = _lines_afresh(path, tmp_path, monkeypatch)
    assert scanned == 1
    assert (before[("facts", 0, "kind")], after[("facts", 0, "kind")]) == (3, 5)


def test_a_toml_file_whose_lines_no_one_asks_is_not_scanned(tmp_path, monkeypatch):
    from cardstock.core import tomlpos

    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "game.toml"
    path.write_text('name = "x"\n', encoding="utf-8")
    scans = []
    monkeypatch.setattr(tomlpos, "_PARSED", {})
    monkeypatch.setattr(tomlpos, "key_lines", lambda text: scans.append(text) or {})
    found, _ = read_toml(path, path.name, tmp_path)
    assert found is not None and found[0] == {"name": "x"} and scans == []


def test_keys_after_strings_that_end_in_escapes_or_open_a_multi_line_one_have_their_lines():
    text = (
        'a = "x\\"]"\n'  # an escaped quote, then a bracket inside the string
        "b = '''\n"  # a multi-line literal string, not an empty one
        "c = 1\n"
        "'''\n"
        'd = ""\n'
        'e = """x"""\n'
        "f = [ \"\\\\\", '#' ]\n"  # a string ending in an escaped backslash
        "g = 1 # h = 2\n"
        'i = """\n'
        'j = "\n'
        '"""\n'
        "k = 'it''s'\n"  # not TOML: the reader stops there
        "l = 2\n"
    )
    assert key_lines(text) == {
        ("a",): 1,
        ("b",): 2,
        ("d",): 5,
        ("e",): 6,
        ("f",): 7,
        ("f", 0): 7,
        ("f", 1): 7,
        ("g",): 8,
        ("i",): 9,
        ("k",): 12,
    }


def test_a_toml_text_longer_than_the_keep_bound_is_read_but_not_kept(tmp_path, monkeypatch):
    from cardstock.core import tomlpos

    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(tomlpos, "_PARSED", {})
    monkeypatch.setattr(tomlpos, "PARSED_KEEP_MAX", 40)
    small, large = tmp_path / "small.toml", tmp_path / "large.toml"
    small.write_text('a = "x"\n', encoding="utf-8")
    large.write_text("".join(f'k{i} = "{i}"\n' for i in range(10)), encoding="utf-8")
    for path in (small, large):
        found, problem = read_toml(path, path.name, tmp_path)
        assert problem is None and found is not None
    assert found[0]["k9"] == "9"
    assert set(tomlpos._PARSED) == {small}


def test_picked_key_lines_are_those_asked_for_and_the_rest_are_not_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    text = '[[text]]\nat = "a"\n\n[[text]]\nat = "b"\nsays = "c"\n'
    lines = KeyLines(text)
    picked = lines.picked(lambda p: len(p) == 2 and p[0] == "text")
    assert picked == {("text", 0): 1, ("text", 1): 4}
    assert lines._lines == {}  # nothing kept: the whole map is made again if asked for
    assert lines[("text", 1, "says")] == 6


def test_a_long_text_waits_for_its_lines_compressed_and_gives_the_same_lines(tmp_path, monkeypatch):
    """A file that grows with a game's cards (a signed.toml) is held for the whole build
    for its lines, which only a finding asks for: past `KEPT_PLAIN_MAX` characters the
    text waits compressed, and its lines are the ones the text gives."""
    from cardstock.core import tomlpos

    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    text = "".join(f'[[text]]\nat = "é{i}"\nsays = "line {i}"\n\n' for i in range(4000))
    assert len(text) > tomlpos.KEPT_PLAIN_MAX
    long_, short = KeyLines(text), KeyLines(text[:200])
    assert isinstance(long_._text, bytes) and len(long_._text) < len(text) / 4
    assert short._text == text[:200]  # a short text is held as it is
    picked = long_.picked(lambda p: len(p) == 2 and p[0] == "text")
    assert picked[("text", 3999)] == 4 * 3999 + 1
    assert dict(long_) == key_lines(text)


def test_a_file_of_more_keys_than_one_toml_file_may_hold_is_refused_with_its_limit(tmp_path):
    """However a file came to hold them, more keys than `MAX_TOML_KEYS` are refused before
    tomllib reads the file, with the limit named; at the limit the file is read."""
    from cardstock.core import tomlpos

    keys = tomlpos.MAX_TOML_KEYS
    path = tmp_path / "rules.toml"
    path.write_text("".join(f'k{i} = "{i}"\n' for i in range(keys + 1)), encoding="utf-8")
    found, problem = read_toml(path, path.name, tmp_path)
    assert found is None and f"more than {keys:,} keys" in problem.message
    path.write_text("".join(f'k{i} = "{i}"\n' for i in range(keys)), encoding="utf-8")
    found, problem = read_toml(path, path.name, tmp_path)
    assert problem is None and found is not None and found[0][f"k{keys - 1}"] == str(keys - 1)
