"""Translations of a game's texts, one gettext `.po` file per language.

What a player reads of a component — its name and every field of type `text` (or a `str`
field declared `translate = true`) —
and the game's title and description are the *texts* of a game. Each has a key, its
message context in the `.po` file: `<component id>.<field>` (`gatekeeper.name`,
`realm-red-duel.text`), or `game.title`, `game.description`. A translation lives in
`catalog/<game>/translations/<lang>.po`, beside the tables it translates, and names the
source text it was made from (the entry's `msgid`), so a source text edited after the
translation was made is found *stale* rather than printed as if it still said the same.

The file is read with Babel's `.po` reader (`babel.messages.pofile`): translators' tools
(Poedit, Weblate, Lokalize, OmegaT) open and write the same files. `cardstock translate`
writes them (`extract` the template, `update` one language). Nothing is silent: each text a
language lacks, leaves as the source wrote it, or translated from an older source text is a
finding (`report`), and the build prints the source text in its place with a warning. What
is wrong with an entry's translation is located at its msgstr, where the translator fixes
it (Babel gives an entry's msgid line only: `msgstr_lines` finds the msgstr's after it), and
what is wrong with one form of a plural entry at that form's own `msgstr[n]`
(`Entry.form_line`); what is wrong with the entry itself (its source text, its key) at its
msgid.

A `.po` file is bounded as a table is: no larger than any file cardstock reads
(`core.files`), at most `MAX_ENTRIES` entries (counted in its bytes before it is parsed)
and each text of an entry at most `MAX_TEXT` characters, as a CSV cell is; past a bound the
file or the entry is refused at its line, and none of it is used.

The file's `Plural-Forms` header is checked as it is read (`po_plurals`).
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from dataclasses import replace as dc_replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jinja2 import TemplateError
from jinja2.ext import extract_from_ast

from ..core.files import Unreadable, present, read_bytes
from ..core.files import issue as unreadable_issue
from ..core.issues import Issue, Level
from ..core.names import child
from ..core.templating import plain
from ..core.toolwords import CONTEXT as TOOL_CONTEXT
from ..core.toolwords import messages
from .languages import TRANSLATIONS, TRANSLATIONS_TEMPLATE
from .po_plurals import PLURAL_FORMS, forms_problem, plural_line, plural_problem
from .text import Text
from .wording import DESIGNER, PILES_TABLE, PREFIXES, pile_words, stats_labels, wording_texts

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog as PoCatalog

    from .fields import FieldSpec
    from .load import Catalog

# field types whose values a player reads as words (a list's items: "a | b | c")
TEXT_TYPES = frozenset({"str", "text", "list"})
LIST_SEPARATOR = " | "
FOLDER = TRANSLATIONS  # beside the game's tables: catalog/<game>/translations/<lang>.po
TEMPLATE = TRANSLATIONS_TEMPLATE  # what `cardstock translate extract` writes there
# a text of an entry (msgid, msgstr, a plural form, msgctxt): at most as long as a CSV cell
# (131,072 characters, Python's csv reader's limit, which the tables are read with)
MAX_TEXT = 131_072
# entries of one file: four texts for each of the 50,000 components a game may have
# (`load.MAX_COMPONENTS`), far above any real game; Babel parses this many in seconds
MAX_ENTRIES = 200_000


@dataclass(frozen=True)
class Entry:
    """One translated text as the `.po` file holds it."""

    key: str
    was: str  # the source text the translation was made from (the entry's msgid)
    text: str  # the translation ("" when not translated yet)
    fuzzy: bool
    # the line of its msgstr (a plural entry's first form, `msgstr[0]`): where what is wrong
    # with the translation is located, the line a translator fixes it at
    line: int | None
    forms: tuple[str, ...] = ()  # a plural entry's forms (msgstr[0], msgstr[1], …)
    was_plural: str = ""  # and the source plural it was made from (msgid_plural)
    same: bool = False  # flagged `#, same`: the source's words on purpose (a name)
    # a translator's comment `# numbers changed: <why>`: the translation may state other
    # numbers than its source (a measure said in the language's units); None: no such comment
    numbers_changed: str | None = None
    # the line of its msgid (where Babel locates an entry): where what is wrong with the
    # entry itself is located (a source text changed since, a key no text has, a fuzzy
    # mark); None: `line`'s
    msgid_line: int | None = None
    # the lines of its msgstr statements, a plural entry's one per form: `form_line`
    form_lines: tuple[int, ...] = ()

    def form_line(self, form: int) -> int | None:
        """Where form `form` of the translation is written (0: the first or only form): the
        line of its own `msgstr[form]`, else of its first msgstr (`line`)."""
        return _form_line(self.form_lines, form, self.line)


@dataclass
class Translation:
    """One language's `.po` file, read: its entries by key."""

    lang: str
    file: str  # as messages show it
    entries: dict[str, Entry] = field(default_factory=dict)  # the catalog's texts, by key
    # the templates' words, by the words themselves (entries without a msgctxt)
    messages: dict[str, Entry] = field(default_factory=dict)
    plural_forms: str = ""  # the file's Plural-Forms header: which form a count takes
    # cardstock's own words the game words its own way (`msgctxt "cardstock"`), by msgid,
    # and where each entry is written
    tool: dict[str, str] = field(default_factory=dict)
    # (its msgid's line, its msgstr statements' lines): `tool_line`
    tool_lines: dict[str, tuple[int | None, tuple[int, ...]]] = field(default_factory=dict)
    # … and a plural message of cardstock's, by its singular: the language's every form
    tool_forms: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def entry(self, text: Text) -> Entry | None:
        return (self.messages if text.template else self.entries).get(text.key)

    def tool_line(self, msgid: str, form: int | None = None) -> int | None:
        """Where the game's words for cardstock's message `msgid` are written: its msgid's
        line (`form` None: what is wrong with the entry), or the line of its msgstr
        statement `form` (0: the first or only; what is wrong with those words)."""
        at, forms = self.tool_lines.get(msgid, (None, ()))
        return at if form is None else _form_line(forms, form, at)


def texts(catalog: Catalog) -> list[Text]:
    """Every text of the game a player reads, in the catalog's order."""
    game_file = catalog.display(catalog.folder / "game.toml")
    out = [Text("game.title", catalog.game.title, game_file, catalog.line("title"))]
    if catalog.game.description:
        out.append(
            Text(
                "game.description",
                catalog.game.description,
                game_file,
                catalog.line("description"),
            )
        )
    for c in catalog.components:
        specs = catalog.field_specs(c.set)
        out.append(Text(f"{c.id}.name", c.name, c.file, c.line))
        for name, value in c.fields.items():
            spec = specs.get(name)
            if spec is None or not _translated(spec):
                continue
            sep = ""
            if isinstance(value, list) and _has_words(" ".join(map(str, value))):
                value = LIST_SEPARATOR.join(map(str, value))  # a list is one text: "a | b"
                sep = LIST_SEPARATOR
            if isinstance(value, str) and value:
                out.append(Text(f"{c.id}.{name}", value, c.file, c.line, separator=sep))
    return out


# the words of a game's layout files (`layout.<layout>.<box>`): the layout room reads them
# (`cardstock.layout.labels.layout_words`) and a caller passes its reader in, as the catalog
# comes before the layouts and does not read them itself
LayoutWords = Callable[["Catalog", list[Issue]], list[Text]]


def all_texts(catalog: Catalog, issues: list[Issue], layout_words: LayoutWords) -> list[Text]:
    """Every text of the game: the catalog's, the words it prints besides
    (`wording.wording_texts`), its layouts' words (`layout_words`), the labels of the
    fields its stats page quotes (`wording.stats_labels`) and its templates' words. The
    words cardstock itself prints (a rulebook's cover and contents, the stats page's own
    words, the sheets' footers) are not the game's: cardstock's catalog gives them
    (`cardstock.core.toolwords`)."""
    words = template_texts(catalog, issues)
    layouts = layout_words(catalog, issues)
    every = texts(catalog) + wording_texts(catalog) + layouts + stats_labels(catalog)
    every += fact_texts(catalog) + setup_texts(catalog) + words
    out: dict[tuple[str, bool], Text] = {}
    for t in every:  # a label both a list of facts and the stats page print: one text
        out.setdefault((t.key, t.template), t)
    return list(out.values())


def _template_files(catalog: Catalog) -> list[Path]:
    """The game's rulebook and quick-reference templates that exist."""
    folder = catalog.root / "layouts" / catalog.game.id
    files = [folder / "rulebook.md.j2"]
    quickref = folder / "quickref"
    if quickref.is_dir() and not quickref.is_symlink():
        files += sorted(quickref.glob("*.j2"))
    return [f for f in files if present(f)]


# a template that prints a fact's value names the fact: `fact('most-tricks').value`
_FACT_CALL = re.compile(r"""\bfact\(\s*['"]([^'"]+)['"]\s*\)""")
FACT = "fact."  # a fact's value as a language prints it: fact.<id>


def fact_texts(catalog: Catalog) -> list[Text]:
    """The value of each fact of rules.toml the game's templates name (`fact('id')`) whose
    value is words (a rule word: "most", "face down"), keyed `fact.<id>`: a language prints
    its own word there, and the rules keep checking the source's."""
    rules = getattr(catalog, "rules", None)
    if rules is None:
        return []
    facts = {loc.rule.id: loc for loc in rules.facts if loc.rule.id}
    named: dict[str, None] = {}
    for path in _template_files(catalog):
        try:
            data = read_bytes(path, catalog.root)
        except Unreadable:
            continue  # reported by `template_texts`
        for found in _FACT_CALL.findall(data.decode("utf-8", "replace")):
            named.setdefault(found, None)
    out: list[Text] = []
    for fid in named:
        loc = facts.get(fid)
        value = getattr(loc.rule, "value", None) if loc is not None else None
        if loc is not None and isinstance(value, str) and _has_words(value):
            out.append(Text(FACT + fid, value, str(rules.file), loc.line))
    return out


SETUP = "setup."  # a setup step's words, setup.<step>; a variant's name, setup.variant.<n>
BOX = "box"  # the pile every copy starts in (`rules.setup.steps.BOX`), never pictured


def setup_texts(catalog: Catalog) -> list[Text]:
    """The words of rules.toml's setup the stats page prints beside its odds: each step's
    `say` that has words, keyed `setup.<step>` (numbered from 1, as the page numbers the
    steps; its `{count}` kept, filled with the step's number in every language), and each
    variant's `name`, keyed `setup.variant.<n>` (from 1). The rules keep the source's."""
    rules = getattr(catalog, "rules", None)
    setup = getattr(rules, "setup", None)
    if rules is None or setup is None:
        return []
    out: list[Text] = []
    for i, step in enumerate(setup.steps, 1):
        said = getattr(step, "say", None)
        line = setup.lines[i - 1] if i - 1 < len(setup.lines) else None
        if isinstance(said, str) and _has_words(said):
            out.append(Text(f"{SETUP}{i}", said, str(rules.file), line))
    for n, (name, _model, line) in enumerate(rules.setup_variants, 1):
        if _has_words(name):
            out.append(Text(f"{SETUP}variant.{n}", name, str(rules.file), line))
    return out + _pile_texts(catalog, setup, str(rules.file))


def _pile_texts(catalog: Catalog, setup: Any, file: str) -> list[Text]:
    """The name of each pile a setup picture may show that the game names nowhere else
    (no set of its id, no row of `[tables.piles]`): its id in words ("draw-pile" is "Draw
    pile"), keyed `setup.pile.<id>`, so a language names it as it names any text. Words
    that are one of cardstock's own messages ("Pack", "Hand") are not the game's: cardstock
    translates them (a game's `.po` may give its own words for them, `core.toolwords`)."""
    own = {m[0] for m in messages()}
    named = {s.id for s in catalog.game.sets}
    table = catalog.game.tables.get(PILES_TABLE)
    named |= {str(row[0]) for row in (table.rows if table is not None else []) if row}
    shown: list[str] = list(setup.report or [])
    if setup.report is None:
        for step in setup.steps:
            shown += [
                v for a in ("from_", "to", "pile") if isinstance(v := getattr(step, a, None), str)
            ]
    out: list[Text] = []
    for pile in dict.fromkeys(shown):
        if pile not in named and pile != BOX and pile_words(pile) not in own:
            out.append(Text(f"{SETUP}pile.{pile}", pile_words(pile), file, setup.line))
    return out


def template_texts(catalog: Catalog, issues: list[Issue]) -> list[Text]:
    """The words the game's rulebook and quick-reference templates mark for translation
    (`{% trans %}…{% endtrans %}`, `_("…")`), each once, in file order. The templates are
    parsed, never run: the tree is the one the template check and the rendering read
    (`templating.plain`, parsed once a process), its messages found by Jinja2's
    `extract_from_ast` and matched to gettext's keywords by Babel's `extract`, as Jinja2's
    own Babel extractor does (which would parse and lex the file again). A template whose
    syntax does not read gives no words (the template check reports it)."""
    from babel.messages.extract import extract

    out: dict[str, Text] = {}
    for path in _template_files(catalog):
        shown = catalog.display(path)
        try:
            data = read_bytes(path, catalog.root)
        except Unreadable as exc:
            issues.append(unreadable_issue(shown, exc))
            continue
        try:
            try:
                tree = plain().compiled("p", data.decode("utf-8"))
            except TemplateError:
                continue
            found = list(extract(_messages_of(tree), io.BytesIO(data)))
        except Exception as exc:  # noqa: BLE001 - the template's syntax, reported as its own
            issues.append(Issue(shown, getattr(exc, "lineno", None), "", f"cannot read: {exc}"))
            continue
        for line, message, _comments, _context in found:
            said, plural = (message[0], message[1]) if isinstance(message, tuple) else (message, "")
            if isinstance(said, str) and said and said not in out:
                plural = plural if isinstance(plural, str) else ""
                out[said] = Text(said, said, shown, line, template=True, plural=plural)
    return list(out.values())


def _messages_of(tree: Any) -> Any:
    """An extraction method for Babel's `extract` giving the messages of a parsed template
    (Jinja2's `extract_from_ast`), with no translator comments (none are asked for). Typed
    Any: Babel's type for a method says it yields a context, where `extract` reads the
    comments."""

    def method(
        _file: Any, keywords: Any, _tags: Any, options: Any = None
    ) -> Iterator[tuple[int, str, Any, list[str]]]:
        for line, func, message in extract_from_ast(tree, tuple(keywords)):
            yield line, func, message, []

    return method


def _translated(spec: FieldSpec) -> bool:
    """Whether a field's values are texts each language gives."""
    if spec.translate is not None:
        return spec.translate and spec.type in TEXT_TYPES
    return spec.type == "text"


def path_of(catalog: Catalog, lang: str) -> Path:
    """Where the `.po` file of `lang` lives (`lang` a language code: `core.names.child`
    refuses any other name)."""
    return child(catalog.folder / FOLDER, f"{lang}.po")


def read_translation(catalog: Catalog, lang: str, issues: list[Issue]) -> Translation:
    """The `.po` file of `lang` (empty when there is none: every text is then missing).
    A file that cannot be read or parsed is an error located at its line."""
    path = path_of(catalog, lang)
    shown = catalog.display(path)
    out = Translation(lang, shown)
    if not present(path):
        return out
    try:
        data = read_bytes(path, catalog.root)
    except Unreadable as exc:
        issues.append(unreadable_issue(shown, exc))
        return out
    if (many := data.count(b'msgid "')) > MAX_ENTRIES:
        issues.append(
            Issue(
                shown,
                None,
                "",
                f"the file holds {many:,} entries; at most {MAX_ENTRIES:,} are read (a game's "
                "texts are far fewer): split the game, or remove the entries no text needs",
            )
        )
        return out
    if (problem := forms_problem(data)) is not None:
        issues.append(Issue(shown, plural_line(data), PLURAL_FORMS, problem))
        return out
    po = _parse(data, lang, shown, issues)
    if po is None:
        return out
    if (problem := plural_problem(po.plural_expr, po.num_plurals)) is not None:
        issues.append(Issue(shown, plural_line(data), PLURAL_FORMS, problem))
    else:
        out.plural_forms = po.plural_forms
    strings = msgstr_lines(data, [m.lineno for m in po if m.id])
    for message in po:
        if not message.id:
            continue  # the header
        forms = strings.get(message.lineno or 0, ())
        string_line = _form_line(forms, 0, message.lineno)
        if (too_long := _too_long(message)) is not None:
            part, form, problem = too_long
            context = message.context or ""
            where = context if len(context) <= MAX_TEXT else "msgctxt"
            line = _form_line(forms, form, message.lineno) if part == "msgstr" else message.lineno
            issues.append(Issue(shown, line, where, problem))
            continue
        key = message.context or ""
        if key == TOOL_CONTEXT:
            _tool_entry(out, message, (message.lineno, forms))
            continue
        entry = _entry(key, message.id, message.string, message.fuzzy, string_line)
        entry = dc_replace(
            entry,
            same="same" in message.flags,
            numbers_changed=numbers_changed(message),
            msgid_line=message.lineno,
            form_lines=forms,
        )
        (out.entries if key else out.messages)[entry.key] = entry
    return out


def msgstr_lines(data: bytes, msgid_lines: list[int | None]) -> dict[int, tuple[int, ...]]:
    """The lines of each entry's msgstr statements (one, or a plural entry's `msgstr[0]`,
    `msgstr[1]`, … in order), by the line of its msgid as Babel's reader gives it
    (`Message.lineno`, from 1), which gives no other: the lines after the msgid's that
    start a msgstr, up to the next entry's. The file's lines are split as Babel's reader
    splits them (at line feeds, each stripped), so the lines counted are the ones it
    counted; a file it read has nothing but the msgid's own lines (its continuations, a
    `msgid_plural`), and blank ones, between an entry's msgid and its msgstr."""
    wanted = {line for line in msgid_lines if line is not None}
    out: dict[int, tuple[int, ...]] = {}
    after: int | None = None  # the msgid line whose msgstr statements are being read
    for number, line in enumerate(io.BytesIO(data), 1):
        if number in wanted:
            after = number
        elif after is not None and line.decode("utf-8", "replace").strip().startswith("msgstr"):
            out[after] = (*out.get(after, ()), number)
    return out


def _form_line(lines: tuple[int, ...], form: int, fallback: int | None) -> int | None:
    """The line of an entry's msgstr `form` (0: the first or only), else `fallback`."""
    return lines[form] if form < len(lines) else (lines[0] if lines else fallback)


NUMBERS_CHANGED = "numbers changed:"  # a translator's comment that accepts other numbers


def numbers_changed(message: Any) -> str | None:
    """The reason a `.po` entry's translator comment gives for stating other numbers than
    its source (`# numbers changed: twelve inches are 30 cm`), "" when it gives none, None
    when there is no such comment."""
    for comment in message.user_comments:
        text = str(comment).strip()
        if text.lower().startswith(NUMBERS_CHANGED):
            return text[len(NUMBERS_CHANGED) :].strip()
    return None


def _too_long(message: Any) -> tuple[str, int, str] | None:
    """The part of a `.po` entry (msgctxt, msgid, msgstr) longer than a table's cell may
    be, which of its plural forms (0: the first or only), and what is wrong with it; None
    when nothing is."""
    parts = [
        ("msgctxt", 0, message.context),
        *(("msgid", i, x) for i, x in enumerate(_texts_of(message.id))),
        *(("msgstr", i, x) for i, x in enumerate(_texts_of(message.string))),
    ]
    for name, form, text in parts:
        if isinstance(text, str) and len(text) > MAX_TEXT:
            return (
                name,
                form,
                (
                    f"the entry's {name} holds {len(text):,} characters; a text may hold at most "
                    f"{MAX_TEXT:,}, as a table's cell"
                ),
            )
    return None


def _texts_of(value: object) -> tuple[object, ...]:
    """A message's id or string: one text, or its plural forms."""
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def _tool_entry(out: Translation, message: Any, lines: tuple[int | None, tuple[int, ...]]) -> None:
    """A game's own words for one of cardstock's messages (`msgctxt "cardstock"`), kept
    when given and not fuzzy: a plural one only with every form. `lines`: its msgid's
    line and its msgstr statements' lines."""
    msgid, string = message.id, message.string
    if message.fuzzy:
        return
    if isinstance(msgid, str) and isinstance(string, str) and string:
        out.tool[msgid] = string
        out.tool_lines[msgid] = lines
    elif isinstance(msgid, tuple | list) and isinstance(string, tuple | list):
        forms = tuple(str(x or "") for x in string)
        if forms and all(forms):
            out.tool_forms[str(msgid[0])] = forms
            out.tool_lines[str(msgid[0])] = lines


def _entry(key: str, msgid: object, string: object, fuzzy: bool, line: int | None) -> Entry:
    """An entry as read: a plural one (msgid_plural) counts as translated when every form
    is; its `text` is then its first form."""
    if isinstance(msgid, str):
        return Entry(key or msgid, msgid, string if isinstance(string, str) else "", fuzzy, line)
    ids = [str(x) for x in msgid] if isinstance(msgid, (tuple, list)) else [""]
    forms = tuple(str(x or "") for x in string) if isinstance(string, (tuple, list)) else ()
    text = forms[0] if forms and all(forms) else ""
    plural = ids[1] if len(ids) > 1 else ""
    return Entry(key or ids[0], ids[0], text, fuzzy, line, forms, plural)


def _parse(data: bytes, lang: str, shown: str, issues: list[Issue]) -> PoCatalog | None:
    from babel.messages.pofile import PoFileError, read_po

    try:
        return read_po(io.BytesIO(data), locale=None, abort_invalid=True, charset="utf-8")
    except PoFileError as exc:
        what = re.sub(r" on \d+$", "", str(exc.args[0]))  # Babel counts lines from 0
        issues.append(Issue(shown, exc.lineno + 1, "", f"not a readable .po file: {what}"))
    except (UnicodeDecodeError, ValueError) as exc:
        issues.append(Issue(shown, None, "", f"not a readable .po file: {exc}"))
    return None


# ---------------------------------------------------------------- what is missing or stale


# the findings about an entry's translation (an empty msgstr, one that is the source's
# words), located at its msgstr (a plural entry's: the form's own); the others (a source
# text changed since, a fuzzy mark, a key no text has) are about the entry, at its msgid
ON_MSGSTR = frozenset({"missing", "identical"})


@dataclass(frozen=True)
class Finding:
    """One text a language does not have as it should."""

    kind: str  # "missing", "identical", "stale", "fuzzy", "unused"
    text: Text | None  # None for an entry that names no text of the game
    entry: Entry | None
    form: int = 0  # which form of a plural entry's translation it is about (`ON_MSGSTR`)

    def issue(self, translation: Translation, level: Level = "warning") -> Issue:
        """The finding as a located message: at the `.po` entry when there is one (at its
        msgstr when the finding is about the translation, `ON_MSGSTR`, a plural entry's at
        its `form`'s own; else at its msgid), else at the source text (the fallback the
        build prints is quoted)."""
        lang = translation.lang
        if self.entry is not None:
            line = self.entry.form_line(self.form)
            if self.kind not in ON_MSGSTR and self.entry.msgid_line is not None:
                line = self.entry.msgid_line
            where = translation.file
        else:
            assert self.text is not None
            where, line = self.text.file, self.text.line
        key = self.entry.key if self.entry is not None else (self.text.key if self.text else "")
        return Issue(where, line, key, f"[{lang}] {self.message()}", level)

    def message(self) -> str:
        text, entry = self.text, self.entry
        if self.kind == "missing":
            assert text is not None
            return f"not translated; the source text is printed instead: {text.source!r}"
        if self.kind == "identical":
            return "the translation is the source text word for word (not translated yet?)"
        if self.kind == "stale":
            assert text is not None and entry is not None
            return (
                f"the source text changed since this translation was made: it was "
                f"{entry.was!r}, it is now {text.source!r}"
            )
        if self.kind == "fuzzy":
            return "marked fuzzy (a guess to review); the source text is printed instead"
        return "names no text of the game (a component or field that is gone?)"


@dataclass
class Report:
    """What one language has, lacks and has out of date."""

    lang: str
    total: int
    findings: list[Finding]

    def count(self, kind: str) -> int:
        return sum(1 for f in self.findings if f.kind == kind)

    @property
    def translated(self) -> int:
        lacking = {"missing", "stale", "fuzzy", "identical"}
        return self.total - sum(1 for f in self.findings if f.kind in lacking)

    @property
    def complete(self) -> bool:
        return not self.findings

    def summary(self) -> str:
        parts = [f"{self.translated} of {self.total} texts translated"]
        for kind in ("missing", "stale", "fuzzy", "identical", "unused"):
            n = self.count(kind)
            if n:
                parts.append(f"{n} {kind}")
        return f"[{self.lang}] " + ", ".join(parts)


def report(all_texts: list[Text], translation: Translation) -> Report:
    """Each text `translation` lacks, leaves as it was, or made from another source text,
    and each of its entries that names no text: in the catalog's order, then the file's."""
    findings: list[Finding] = []
    keys = set()
    for t in all_texts:
        keys.add(t.key)
        entry = translation.entry(t)
        forms = (entry.forms or (entry.text,)) if entry is not None else ()
        if entry is None or not entry.text:
            # a plural entry lacks its first empty form
            findings.append(Finding("missing", t, entry, _first(forms, lambda f: not f) or 0))
        elif entry.was != t.source or entry.was_plural != t.plural:
            findings.append(Finding("stale", t, entry))
        elif entry.fuzzy:
            findings.append(Finding("fuzzy", t, entry))
        elif _has_words(t.source) and not entry.same:
            # a form that is the source's words (a plural entry's: its singular or plural)
            said = {t.source, t.plural} - {""}
            if (form := _first(forms, said.__contains__)) is not None:
                findings.append(Finding("identical", t, entry, form))
    for key, entry in [*translation.entries.items(), *translation.messages.items()]:
        if key not in keys:
            findings.append(Finding("unused", None, entry))
    return Report(translation.lang, len(all_texts), findings)


def _first(forms: tuple[str, ...], wrong: Callable[[str], bool]) -> int | None:
    """The index of the first of `forms` that is `wrong`, None when none is."""
    return next((i for i, form in enumerate(forms) if wrong(form)), None)


def _has_words(text: str) -> bool:
    """Whether a text has something to translate (not a bare number or symbol)."""
    return any(ch.isalpha() for ch in text)


# ---------------------------------------------------------------- the translated catalog


@dataclass
class Chosen:
    """What a language prints: each text's translation when it is current, else the source
    text (the report names each such fallback)."""

    values: dict[str, str] = field(default_factory=dict)  # the catalog's texts, by key
    words: dict[str, str] = field(default_factory=dict)  # the templates' words, by msgid
    # the forms of the templates' words said of a count, by singular msgid, and the
    # Plural-Forms header that picks one for a count
    plurals: dict[str, tuple[str, ...]] = field(default_factory=dict)
    plural_forms: str = ""
    # where each of the catalog's texts a translation gives was written, by key: its `.po`
    # file and entry's line (none for a text made, the pseudo-language's)
    written_at: dict[str, tuple[str, int]] = field(default_factory=dict)


def chosen(all_texts: list[Text], translation: Translation) -> Chosen:
    """What the language prints of `all_texts` (see `Chosen`)."""
    out = Chosen(plural_forms=translation.plural_forms)
    for t in all_texts:
        entry = translation.entry(t)
        usable = (
            entry is not None
            and entry.text
            and (entry.was, entry.was_plural) == (t.source, t.plural)
            and not entry.fuzzy
        )
        text = entry.text if usable and entry is not None else t.source
        (out.words if t.template else out.values)[t.key] = text
        if usable and entry is not None and t.plural and entry.forms:
            out.plurals[t.key] = entry.forms
        if usable and entry is not None and entry.line and not t.template:  # a made text: 0
            out.written_at[t.key] = (translation.file, entry.line)
    return out


def _field(text: str | None, value: object) -> object:
    """A field's value in the language: its translation `text`, a list's split on "|"."""
    if text is None or not isinstance(value, str | list):
        return value
    if isinstance(value, list):
        return [part.strip() for part in text.split("|") if part.strip()]
    return text


def translated(catalog: Catalog, given: Chosen, lang: str) -> Catalog:
    """A copy of `catalog` whose texts are those `given`, in the language `lang`. What the
    game does — its ids, numbers, choices, rules, layouts — is the source's."""
    values = given.values
    backs = {
        bid: b.model_copy(
            update={
                name: values.get(f"back.{bid}.{name}", getattr(b, name))
                for name in ("title", "subtitle")
            }
        )
        for bid, b in catalog.game.backs.items()
    }
    sets = [
        s.model_copy(
            update={
                "name": values.get(f"set.{s.id}.name", s.name),
                "one": values.get(f"set.{s.id}.one", s.one),
            }
        )
        for s in catalog.game.sets
    ]
    designer = [
        d.model_copy(
            update={
                name: values.get(f"designer.{n + 1}.{name}", getattr(d, name)) for name in DESIGNER
            }
        )
        for n, d in enumerate(catalog.game.designer_choices)
    ]
    icons = {
        iid: i.model_copy(update={"label": values.get(f"icon.{iid}.label", i.label)})
        for iid, i in catalog.game.icons.items()
    }
    game = catalog.game.model_copy(
        update={
            "designer_choices": designer,
            "icons": icons,
            "title": values.get("game.title", catalog.game.title),
            "description": values.get("game.description", catalog.game.description),
            "backs": backs,
            "sets": sets,
        }
    )
    components = []
    for c in catalog.components:
        fields = {name: _field(values.get(f"{c.id}.{name}"), v) for name, v in c.fields.items()}
        components.append(dc_replace(c, name=values.get(f"{c.id}.name", c.name), fields=fields))
    wording = {k: v for k, v in values.items() if k.startswith(PREFIXES)}
    return dc_replace(
        catalog,
        game=game,
        components=components,
        lang=lang,
        words=given.words,
        plurals=given.plurals,
        plural_forms=given.plural_forms,
        wording=wording,
        written_at=given.written_at,
        source_topics=catalog.source_topics
        or tuple(d.topic for d in catalog.game.designer_choices),
    )
