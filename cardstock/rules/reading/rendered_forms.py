"""A rule fact rendered on a template line is still said there the way its `says` puts it.

A template renders a rule word from its fact (`{% trans may=fact('gatekeeper-any-time').value
%}You {{ may }} play it at any moment…`), and the typed-word lint finds the fact's own
vocabulary typed in its place. What it cannot find is the sentence around the value retyped
("You {{ may }} play it only when you cannot follow"): the value is still rendered, no
opposite is typed, and the rule the line states is no longer the fact's. So every line that
renders a fact's value (bound in its `{% trans %}` header, or `{{ fact('id').value }}` itself)
must say it as one of the fact's `says` forms (`typed` only guides the lint) with the value
where the form puts it; a line that does not is a finding naming the line, the fact's value
and what the line says instead. The line is read as a player reads it: rendered alone, with
the template's context and the names its `{% set %}` and one-line `{% macro %}` lines
give, every other name, count and
fact's value printed as its words (`_line_read`), so a rendered name stands for exactly the words it
prints, and a word retyped right after it is a word the form does not hold. A line the
checker cannot render alone (a name a loop gives, a block spanning lines) is read as the
whole template prints it (`printed_lines`), each time it prints the
value; only a line the template never prints (an `{% if %}` branch not taken) is read with
each rendered thing as a gap that may stand for up to `_GAP_WORDS` words of a form. A form
ending with `.`, `!` or `?` must end a sentence of the line, one ending with `:` or `;` a
clause at that mark (a list's introduction or item), so a clause typed after the value
before the mark fails. A `{% set %}` of the
value on a line of its own states nothing and is not read there; a line after it that
renders the name it set (`{{ hidden }}`, or `h=hidden` in a header) renders the value, and
is held to a form as one that renders it directly (`unaliased`). A template's `{% set %}`
lines are evaluated under one budget (`template_budget.budgeted`), as one render of the
template is: a line past a bound is bad input, reported as the template's render reports
it, at that line (`InputError`, exit 2), and not run again for a later reader.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any, Protocol

from jinja2.exceptions import SecurityError

from ...catalog.context import template_context
from ...catalog.ruletext import TEMPLATE_SUFFIX
from ...core import files
from ...core.issues import InputError, Issue
from ...core.template_budget import budgeted
from ...core.template_words import read_text
from ...core.templating import plain, template_message
from ..verdicts import Problem
from .phrases import templates, words
from .printed_lines import printed_line
from .reads import reads_of
from .rule_carriers import keeps_rule, phrases_of

if TYPE_CHECKING:
    from ...catalog.load import Catalog


class StatedFact(Protocol):
    """What `unsaid` reads of a rule fact (`wording.RuleFact`)."""

    id: str | None
    name: str
    value: str
    typed: list[str] | None

    def forms(self) -> list[str]: ...


_VALUE = "zzrenderedvaluezz"  # stands where the line renders the value, as `words` reads it
_GAP = "zzrenderedgapzz"  # stands where the line renders anything else
_OTHER = re.compile(r"\{\{.*?\}\}")
_TRANS = re.compile(r"\{%-?\s*trans\b(.*?)-?%\}", re.S)
# a gettext call with named arguments, up to where its expression ends, the
# arguments in group 2 (`_("… %(x)s …", x=fact('id').value)`: x is put at `%(x)s`)
# (each part read up to a bound, so a long line is read once, not once for each `_(` in it)
_GETTEXT_ARGS = re.compile(r"\b_\(\s*(['\"])(?:(?!\1).){0,2000}\1\s*,(.{0,500}?)\)\s*(?=\||-?\}\})")
_PLACEHOLDER = re.compile(r"%\((\w+)\)s")  # a name a gettext message puts its value at


def _call_patterns(ident: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """A fact's value asked for (`fact('id').value`, the id as group 1): alone, bound to a
    name in a `{% trans %}` header (the name group 1, the id group 2), and rendered (`{{
    fact('id').value }}`, a filter after it allowed), for ids matching `ident`."""
    call = r"fact\(\s*['\"](" + ident + r")['\"]\s*\)\.value"
    return (
        re.compile(call),
        re.compile(r"(\w+)\s*=\s*" + call),
        re.compile(r"\{\{-?\s*" + call + r"(?:\s*\|[^}]*)?\s*-?\}\}"),
    )


# Any fact's, made once: a line is read with these and each match's id compared, rather
# than a pattern of its own compiled for every fact. An id holding a quote (which these
# would cut at the quote) gets patterns of its own.
_ANY_FACT = _call_patterns(r"[^'\"]*")
_NAME_USED = re.compile(r"\{\{-?\s*(\w+)(?:\s*\|[^}]*)?\s*-?\}\}")
_POSSESSIVE = re.compile(r"'(?= )")
_ICON = re.compile(r":[a-z0-9]+(?:-[a-z0-9]+)*:")  # an inline icon's code (`:minus-two:`)


def _fact_patterns(fact_id: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    if "'" in fact_id or '"' in fact_id:
        return _call_patterns(re.escape(fact_id))
    return _ANY_FACT


def _marked(raw: str, fact_id: str) -> str | None:
    """The line with each place it renders the fact's value replaced by `_VALUE`, or None
    when the line renders it nowhere (a `{% set %}`, a condition); a gettext message that
    puts it at a named placeholder (`%(after)s`) renders it there."""
    _, named, direct = _fact_patterns(fact_id)
    names = {
        m.group(1)
        for header in _TRANS.findall(raw)
        for m in named.finditer(header)
        if m.group(2) == fact_id
    }
    # a gettext call's own placeholder: `_("Deck %(after)s the deal", after=fact('id').value)`
    placeholders = {
        m.group(1)
        for call in _GETTEXT_ARGS.finditer(raw)
        for m in named.finditer(call.group(2))
        if m.group(2) == fact_id
    }
    hits = 0

    def marks(wanted: set[str]) -> Callable[[re.Match[str]], str]:
        def mark(m: re.Match[str]) -> str:  # the id or name matched is group 1
            nonlocal hits
            if m.group(1) not in wanted:
                return m.group()
            hits += 1
            return f" {_VALUE} "

        return mark

    marked = direct.sub(marks({fact_id}), raw)
    if names:
        marked = _NAME_USED.sub(marks(names), marked)
    if placeholders:
        marked = _PLACEHOLDER.sub(marks(placeholders), marked)
    if not hits and not names:
        return None
    return marked


# a line of its own that names something for the lines after it: `{% set x = … %}`, a
# block `{% set x %}…{% endset %}`, or a macro `{% macro m(…) %}…{% endmacro %}`
_SET_LINE = re.compile(
    r"\s*\{%-?\s*(?:set\s+\w+\s*=.*|set\s+\w+\s*-?%\}.*\{%-?\s*endset\s*"
    r"|macro\s+\w+\s*\(.*\{%-?\s*endmacro\s*)-?%\}\s*"
)


def _names(catalog: Catalog, shown_as: str) -> dict[str, Any] | None:
    """The names a template's lines can render: the template context, and each name a
    `{% set %}` (or a one-line `{% set %}…{% endset %}` block or `{% macro %}`) on a line
    of its own gives (in the file's order, so a name set again holds
    its last value; one the checker cannot evaluate is left out); None without a context.
    Made once per template and load of its catalog (`reads.Reads.template_names`)."""
    reads = reads_of(catalog)
    kept = reads.template_names
    if kept is None:
        kept = reads.template_names = {}
    if shown_as not in kept:
        kept[shown_as] = _evaluated(catalog, shown_as)
    return kept[shown_as]


def template_names(catalog: Catalog, shown_as: str) -> dict[str, Any] | None:
    """The names a template's lines can render (`_names`), for the readers of a name's
    value (`computed`)."""
    return _names(catalog, shown_as)


def _evaluated(catalog: Catalog, shown_as: str) -> dict[str, Any] | None:
    reads = reads_of(catalog)
    kept = reads.template_names
    assert kept is not None  # `_names` made it before asking
    if shown_as in reads.template_breaches:  # refused once: not run again
        raise reads.template_breaches[shown_as]
    if "" not in kept:  # the context every template of the game starts from, made once
        try:
            kept[""] = dict(template_context(catalog))
        except Exception:  # noqa: BLE001 - no context, no rendering: gaps stand instead
            kept[""] = None
    start = kept[""]
    if start is None:
        return None
    names = dict(start)
    env = plain()
    lines = [
        (n, raw)
        for shown, n, raw in template_lines(catalog)
        if shown == shown_as and _SET_LINE.fullmatch(raw)
    ]
    at = 0  # the line being evaluated, where a breach is reported

    def evaluate() -> None:
        nonlocal at
        for n, raw in lines:
            at = n
            try:
                module = env.compiled("t", raw.strip()).make_module(names)
            except (SecurityError, MemoryError, RecursionError):
                raise  # a bound of the budget or the sandbox: `budgeted` says which
            except Exception:  # noqa: BLE001 - a name it cannot evaluate stays unknown
                continue
            names.update({k: v for k, v in vars(module).items() if not k.startswith("_")})

    try:  # the template's `{% set %}` lines share one budget, as in one render of it
        budgeted(evaluate)
    except SecurityError as exc:  # bad input, as the template's render reports it
        field = _field(shown_as)
        error = InputError([Issue(shown_as, at, field, template_message(exc, "text"))])
        reads.template_breaches[shown_as] = error
        raise error from None
    return names


def _field(shown_as: str) -> str:
    """The field a rule template's problems are reported under (`ruletext.render_file`'s):
    `rulebook`, or `quickref.<name>` for a quick reference (`layouts/<game>/quickref/`)."""
    path = PurePosixPath(shown_as)
    if path.parent.name == "quickref":
        return f"quickref.{path.name.removesuffix(TEMPLATE_SUFFIX)}"
    return "rulebook"


# each fact's value as a line renders it, bracketed with its id: "\x02id\x03value\x04"
_STOOD = re.compile("\x02([^\x03]*)\x03([^\x04]*)\x04")


def _bracketing(fact: Callable[[str], Any]) -> Callable[[str], Any]:
    """`fact` whose rule word (`.value`) comes bracketed with the fact's id, so one
    rendering of a line shows where each fact's value stands (`_STOOD`)."""

    def bracketed(fact_id: str) -> Any:
        found = fact(fact_id)
        value = found.get("value")
        if isinstance(value, str):
            found = {**found, "value": f"\x02{fact_id}\x03{value}\x04"}
        return found

    return bracketed


def _line_read(catalog: Catalog, shown_as: str, n: int, raw: str) -> str | None:
    """The template line as a player reads it, each fact's value bracketed (`_STOOD`) and
    everything else it renders rendered, so a name stands for exactly the words it prints;
    None when the checker cannot render the line alone (a name a loop or a macro gives, a
    block that spans lines). Rendered once per line and load of its catalog."""
    reads = reads_of(catalog)
    kept = reads.template_reads
    if kept is None:
        kept = reads.template_reads = {}
    if (shown_as, n) not in kept:
        names = _names(catalog, shown_as)
        read: str | None = None
        if names is not None and "fact" in names:
            try:
                out = (
                    plain().compiled("t", raw).render({**names, "fact": _bracketing(names["fact"])})
                )
                # an icon's code is a key, not words; `**` is emphasis
                read = _ICON.sub(" ", str(out).replace("*", " "))
            except Exception:  # noqa: BLE001 - not renderable alone: gaps stand instead
                read = None
        kept[(shown_as, n)] = read
    return kept[(shown_as, n)]


def line_read(catalog: Catalog, shown_as: str, n: int, raw: str) -> str | None:
    """The template line as a player reads it, each fact's value as its words (`_line_read`
    without the brackets); None when it cannot be rendered alone."""
    read = _line_read(catalog, shown_as, n, raw)
    return None if read is None else _STOOD.sub(lambda m: m.group(2), read)


def _read_for(read: str, fact_id: str) -> str:
    """A line's read with `fact_id`'s value marked `_VALUE` and every other fact's value
    as it prints."""

    def one(m: re.Match[str]) -> str:
        return f" {_VALUE} " if m.group(1).lower() == fact_id.lower() else m.group(2)

    return _STOOD.sub(one, read)


def renders(raw: str, fact_id: str) -> bool:
    """Does the template line (as written) render the fact's value where a reader sees it?"""
    return fact_id in raw and _marked(raw, fact_id) is not None


# how many form words one rendered thing may stand for (a name of several words, "1 tile",
# "Transform to Air"): past these, a word after a gap is typed again, so the rest of a form
# cannot hide behind it; a form that spells out a longer name writes the words the line
# types around it (an icon's word, ":teamwork: Teamwork token")
_GAP_WORDS = 3


def _says(
    form_words: str, said: str, starts: set[int] | None = None, ends: set[int] | None = None
) -> bool:
    """Whether `said` (a line as `words` reads it) holds a form's words in a row: the
    value where the form puts it, and each other word typed, or stood for by something
    else the line renders (one or more gaps: a name, a count, another fact), or by
    nothing right after a gap, as a rendered word may be in a form — up to `_GAP_WORDS`
    form words for one gap, so a sentence retyped after a rendered name still fails. Read
    word by word from every place in the line at once (each place a word can be reached
    at, with how many more words the gap before it may stand for), or only from `starts`
    (the first word of each sentence) for a form that starts a sentence; a form that ends
    a sentence must end where one of `ends` (the place after each sentence's last word)
    is, so a condition typed after it ("…play one, unless it is a Fear card.") fails."""
    tokens = said[1:-1].split(" ")  # `words` puts a space before and after the run
    n = len(tokens)
    # where the next form word may start (any word, or the end), and how many more form
    # words the gap just before that place may still stand for
    at = {(j, _GAP_WORDS) for j in (range(n + 1) if starts is None else starts)}
    for w in form_words.split():
        reached: set[tuple[int, int]] = set()
        for j, left in at:
            if j < n and tokens[j] == w:
                reached.add((j + 1, _GAP_WORDS))
            if w == _VALUE:
                continue
            k = j
            while k < n and tokens[k] == _GAP:
                k += 1
                reached.add((k, _GAP_WORDS - 1))
            if j and tokens[j - 1].endswith(_GAP) and left > 0:
                reached.add((j, left - 1))
        if not reached:
            return False
        at = reached
    return ends is None or any(j in ends for j, _ in at)


def template_lines(catalog: Catalog) -> list[tuple[str, int, str]]:
    """(shown path, line number, the line as written) of every rule template of the game,
    each name a `{% set %}` gave a fact's value read as that value (`unaliased`), read
    once per load of its catalog (kept as `reads.Reads.template_raw_lines`)."""
    reads = reads_of(catalog)
    kept = reads.template_raw_lines
    if kept is None:
        kept = []
        for path, shown_as in templates(catalog):
            try:
                text = files.read_text(path, catalog.root)  # held inside the project, bounded
            except files.Unreadable:
                continue
            lines = unaliased(text.splitlines())
            kept += [(shown_as, n, line) for n, line in enumerate(lines, 1)]
        reads.template_raw_lines = kept
    return kept


# `{% set name = fact('id').value %}`: a name for a fact's value, used on the lines after it
_ALIAS = re.compile(r"\{%-?\s*set\s+(\w+)\s*=\s*(fact\(\s*(['\"])[^'\"]*\3\s*\)\.value)\s*-?%\}")


def unaliased(lines: list[str]) -> list[str]:
    """The lines with each use of a name set to a fact's value (`{% set hidden =
    fact('face-down').value %}`) after the line that sets it — rendered (`{{ hidden }}`) or
    bound in a `{% trans %}` header (`h=hidden`) — written as the fact's value itself, so a
    line that renders the value through a name says one of its forms as a line that
    renders it directly must (a word retyped around `{{ hidden }}` is found)."""
    out: list[str] = []
    names: dict[str, str] = {}
    for line in lines:
        if names:
            # a name a `{% trans %}` header of the line binds is its own there
            own = {b.group(1) for h in _TRANS.findall(line) for b in _BINDS.finditer(h)}
            here = {k: v for k, v in names.items() if k not in own}
            line = _RENDERED.sub(partial(_render_of, names=here), line)
            line = _TRANS.sub(partial(_header_of, names=names), line)
        out.append(line)
        for m in _SET.finditer(line):  # a name set again to anything else is no alias
            names.pop(m.group(1), None)
        for m in _ALIAS.finditer(line):
            names[m.group(1)] = m.group(2)
    return out


_SET = re.compile(r"\{%-?\s*set\s+(\w+)\s*=")
_BINDS = re.compile(r"(\w+)\s*=")
_RENDERED = re.compile(r"\{\{(-?\s*)(\w+)((?:\s*\|[^}]*)?\s*-?)\}\}")
_BOUND = re.compile(r"(\w+\s*=\s*)(\w+)\b(?!\s*[.(\[])")


def _render_of(m: re.Match[str], names: dict[str, str]) -> str:
    call = names.get(m.group(2))
    return m.group() if call is None else "{{" + m.group(1) + call + m.group(3) + "}}"


def _header_of(m: re.Match[str], names: dict[str, str]) -> str:
    def bound(b: re.Match[str]) -> str:
        call = names.get(b.group(2))
        return b.group() if call is None else b.group(1) + call

    return m.group().replace(m.group(1), _BOUND.sub(bound, m.group(1)), 1)


_ENDS = re.compile(r"(?<=[.!?])\s+")  # where a sentence ends (not at a colon or semicolon)
_START = "^"  # a form written "^The {value} gathers…" starts a sentence of the line
_STARTS = re.compile(r"(?<=[.!?])[*_]*\s+")  # a sentence's end, a bold "**Recoup.**" too


def _ends_sentence(form: str) -> bool:
    """A form written with a full stop (or `!`, `?`) at its end ends a sentence of the line;
    one written with a colon or a semicolon at its end ends a clause at that mark (`_mark`)."""
    return form.rstrip().endswith((".", "!", "?", ":", ";"))


def _mark(form: str) -> str:
    """Where a form that ends a sentence or clause must end: "." for a sentence's end (a
    form ending in `.`, `!` or `?`), or the colon or semicolon it ends with."""
    last = form.rstrip()[-1:]
    return last if last in _CLAUSE_MARKS else "."


def _whole_sentence(form: str) -> bool:
    """A form written `^….`: it starts a sentence of the line and ends it."""
    return form.startswith(_START) and _ends_sentence(form)


def _sentence_sizes(read: str) -> list[int]:
    """How many words (as `words` reads them) each sentence of the line holds, in order:
    read once for where sentences start (`_sentence_starts`) and end (`_sentence_ends`)."""
    return [len(words(sentence).split()) for sentence in _STARTS.split(read)]


def _sentence_ends(read: str, sizes: list[int]) -> dict[str, set[int]]:
    """The index, among the line's words as `words` reads them, just after each sentence's
    last word (under "."): where a form that ends a sentence must end; and just after each
    word a colon or a semicolon follows (under ":" and ";"): where a form that ends with
    that mark must end, so a list's introduction ("…each doing one of these:") or one of
    its items ("- lay one card face down beside a Devotee in your field;") is held to its
    last word as a sentence is. `sizes`: the line's `_sentence_sizes`."""
    out: dict[str, set[int]] = {".": set(), ":": set(), ";": set()}
    at = 0
    for size in sizes:
        at += size
        out["."].add(at)
    read = _ICON.sub(" ", read)  # an icon's code (`:fire:`) holds no colon of the text
    for m in _CLAUSE_END.finditer(read):
        out[m.group()].add(len(words(read[: m.start()]).split()))
    return out


_CLAUSE_MARKS = (":", ";")
_CLAUSE_END = re.compile(r"[:;](?=[*_]*(?:\s|$))")  # a colon or semicolon ending a clause


def _sentence_starts(sizes: list[int]) -> set[int]:
    """The index, among the line's words as `words` reads them, of each sentence's first
    word: where a form that starts a sentence may start, so a subject typed before it ("The
    player left of the Chosen One leads…") is not read as the form. `sizes`: the line's
    `_sentence_sizes`."""
    out, at = set(), 0
    for size in sizes:
        out.add(at)
        at += size
    return out


def _near(read: str, forms: list[str], value: str) -> str:
    """The sentences of the line (as a player reads it; a clause after a colon or a
    semicolon is part of its sentence) that say the value, or, when it no longer renders
    it, those that share the most words with the fact's forms. A form of two sentences is
    compared with two in a row, so the one retyped is shown with the one that still says
    the value."""
    read = _ICON.sub(" ", read)  # an icon's code is a key, not words a player reads
    said = [words(s).split() for s in _ENDS.split(read)]
    span = max((len(_ENDS.split(f.strip())) for f in forms), default=1)
    runs = [sum(said[i : i + span], []) for i in range(max(len(said) - span + 1, 1))]
    own = [set(words(f.replace("{value}", " ")).split()) for f in forms]

    def score(s: list[str]) -> int:
        return 99 if _VALUE in s else max((len(o & set(s)) for o in own), default=0)

    best = max((score(s) for s in runs), default=0)
    shown = [" ".join(s) for s in runs if s and score(s) == best]
    return " … ".join(shown).replace(_GAP, "…").replace(_VALUE, value)


def _own(said: str) -> str:
    """`said` with the value's possessive ("{value}'s deck") one way however it was
    rendered ("{{ each }}'s" stands the value apart from its "'s")."""
    return re.sub(rf"{_VALUE} ?'s\b", f"{_VALUE} s", said)


def _reads(catalog: Catalog, shown_as: str, n: int, raw: str, fact_id: str) -> list[str]:
    """The line as a player reads it, `fact_id`'s value marked: rendered alone
    (`_line_read`), or else as the whole template prints it (`printed_lines`: once for each
    time a loop reaches it, each time it prints the value); [] when it prints it nowhere."""
    whole = _line_read(catalog, shown_as, n, raw)
    if whole is not None:
        return [_read_for(whole, fact_id)]
    names = _names(catalog, shown_as)
    if names is None or "fact" not in names:
        return []
    context = {**names, "fact": _bracketing(names["fact"])}
    out = []
    lines = [raw for shown, _, raw in template_lines(catalog) if shown == shown_as]
    for text in printed_line(catalog, shown_as, n, lines, context):
        read = _read_for(_ICON.sub(" ", text.replace("*", " ")), fact_id)
        if _VALUE in read:
            out.append(read)
    return out


def _said(read: str, held: list[tuple[str, bool, str | None]]) -> set[int]:
    """Which of the forms `held` (each form's words, whether it starts a sentence, and the
    mark it ends at) the line's `read` says, by index."""
    said = _own(_POSSESSIVE.sub("", words(read)))  # "Persons'" says "Persons"
    sizes = _sentence_sizes(read)
    starts, ends = _sentence_starts(sizes), _sentence_ends(read, sizes)
    return {
        i
        for i, (w, anchored, closed) in enumerate(held)
        if _says(w, said, starts if anchored else None, None if closed is None else ends[closed])
    }


def unsaid(fact: StatedFact, catalog: Catalog) -> list[Problem]:
    """Each template line that renders `fact`'s value but says none of its forms there; and,
    when every line that renders it says one, each form written `^…` that no line says."""
    out: list[Problem] = []
    if fact.id is None:
        return out  # a fact no template can name
    forms = fact.forms()
    # most lines name no fact: a plain search for the id passes over them
    lines = [line for line in template_lines(catalog) if fact.id in line[2]]
    # a fact with whole sentences among its forms holds each line that renders it to one of
    # them: its short forms are for its places (`at`) and the lint
    lined = [f for f in forms if _whole_sentence(f)] or forms
    calls = _fact_patterns(fact.id)[0]
    # the forms' words, read only for a fact some line names
    wanted = [
        (
            _own(_POSSESSIVE.sub("", words(form.replace("{value}", _VALUE)))),
            form.startswith(_START),
            _mark(form) if _ends_sentence(form) else None,
        )
        for form in (lined if lines else [])
    ]
    # as a rendered line is read: an icon's code is no word of it
    bare = [
        (_own(_POSSESSIVE.sub("", words(_ICON.sub(" ", f).replace("{value}", _VALUE)))), a, e)
        for f, (_, a, e) in zip(lined, wanted)
    ]
    said: set[int] = set()  # the forms some line says
    for shown_as, n, raw in lines:
        if not any(m.group(1) == fact.id for m in calls.finditer(raw)):
            continue
        marked = _marked(raw, fact.id)
        if marked is None:
            continue
        reads = _reads(catalog, shown_as, n, raw, fact.id)
        if not reads:  # a line the template never prints: each thing it renders is a gap
            # a header's `_("…")` is no sentence of the line
            unread = _OTHER.sub(f" {_GAP} ", _TRANS.sub("{% trans %}", marked))
            reads, held = [read_text(unread)], wanted
        else:
            held = bare
        read = None
        for r in reads:
            found = _said(r, held)
            said |= found
            if not found and read is None:
                read = r
        if read is None:
            continue
        whole = _line_read(catalog, shown_as, n, raw)  # kept from `_reads`
        kept = _reworded(
            catalog, marked, read if whole is None else _as_sourced(catalog, whole, fact.id), lined
        )
        if kept:  # the sentence is put another way, and states the same rule
            said |= kept
            continue
        shown = _near(read, forms, "{" + fact.id + "}")
        phrase = forms[0].removeprefix(_START).replace("{value}", fact.value)
        out.append(
            Problem(
                f"{fact.name}: the rulebook states {fact.value!r} as {phrase!r}, but "
                f"{shown_as}:{n} renders fact('{fact.id}') and says {shown!r}",
                at=(shown_as, n),
            )
        )
    if out or not template_lines(catalog):  # a catalog without rule templates renders none
        return out
    return [
        _unprinted(fact, f) for i, f in enumerate(lined) if f.startswith(_START) and i not in said
    ]


def _as_sourced(catalog: Catalog, read: str, fact_id: str) -> str:
    """A line's read (`_line_read`) with `fact_id`'s value marked `_VALUE`, and each other
    fact that departs from its source (`choice = { value, why }`) printed as the source's
    value: the sentence form was written from the source, and the departure is that fact's."""
    rules = getattr(catalog, "rules", None)
    sourced = {
        str(loc.rule.id).lower(): str(loc.rule.source_value)
        for loc in getattr(rules, "facts", [])
        if getattr(loc.rule, "id", None) and getattr(loc.rule, "source_value", None) is not None
    }

    def one(m: re.Match[str]) -> str:
        ident = m.group(1).lower()
        if ident == fact_id.lower():
            return f" {_VALUE} "
        return sourced.get(ident, m.group(2))

    return _STOOD.sub(one, read)


def _reworded(catalog: Catalog, marked: str, read: str, forms: list[str]) -> set[int]:
    """Which of `forms` a line that says none of them word for word still states as a rule
    (`rule_carriers.keeps_rule`): read as the template types it, the fact's value marked
    (`marked`) and all else it renders blanked, so a number or name printed from the data
    is held where the data states it, not in this sentence; `read` is the line as a player
    reads it, the value marked alike. A form ending with a colon or a
    semicolon (a list's introduction or item, a few words each) is held word for word."""
    typed = read_text(_OTHER.sub(f" {_GAP} ", _TRANS.sub("{% trans %}", marked)))
    parts = getattr(catalog, "components", [])
    sets = getattr(getattr(catalog, "game", None), "sets", [])
    phrases = phrases_of(
        [*(c.name for c in parts), *(c.group for c in parts), *(s.name for s in sets)]
    )
    return {
        i
        for i, f in enumerate(forms)
        if _mark(f) == "."  # a list's item or introduction is held word for word
        and keeps_rule(
            typed, read, f.removeprefix(_START).replace("{value}", f" {_VALUE} "), _VALUE, phrases
        )
    }


def _unprinted(fact: StatedFact, form: str) -> Problem:
    """A form written `^…` that no template line says: the sentence a line rendered (the
    reason the form was written) is gone, or says the value another way."""
    phrase = form.removeprefix(_START).replace("{value}", fact.value)
    return Problem(
        f"{fact.name}: the rulebook states {fact.value!r} as {phrase!r}, but no line of the "
        f"rule templates says it: a form written '^…' is a sentence a template line renders "
        f"with fact('{fact.id}').value; render it there again, or remove the form"
    )
