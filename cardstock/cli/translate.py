"""`cardstock translate` (write the `.po` files translators open) and `cardstock check
--lang` (what each language lacks, and whether its texts still fit their boxes).

The texts and the reading of `.po` files are the catalog's (`catalog.translations`); this
module writes the files and prints the reports. Writing goes only into the project's own
`catalog/<game>/translations/` folder, never through a link.
"""

from __future__ import annotations

import argparse
import io
import re
from dataclasses import replace as dc_replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ..catalog.pseudo import CODE as PSEUDO
from ..catalog.text import Text
from ..catalog.translations import (
    FOLDER,
    TEMPLATE,
    Chosen,
    Translation,
    chosen,
    path_of,
    read_translation,
    report,
    translated,
)
from ..catalog.translations import all_texts as texts_of
from ..core.issues import InputError, Issue, Issues, Level
from ..core.language import babel_name, refused
from ..core.output import write_atomic
from ..core.toolwords import CONTEXT as TOOL_CONTEXT
from .common import (
    EXIT_INPUT,
    EXIT_OK,
    EXIT_RULES,
    load_catalogs,
    print_issues,
    safe,
    written_through_link,
)

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog as PoCatalog
    from babel.messages.catalog import Message

    from ..catalog.load import Catalog
    from ..core.toolwords import ToolWords

_NO_DATE = datetime(2000, 1, 1, tzinfo=UTC)

WIDTH = 96  # the width a `.po` file's lines are wrapped at
# a text holding a run of more characters than this without white space (no word of prose
# is near it) is written unwrapped, as is the rest of its file (`_width`)
LONGEST_RUN = 100
# the most work (`_fuzzy_work`, in character pairs) `translate update` lets Babel spend
# guessing a changed text's old translation: about 10 changed texts against 700
# translated ones of 100 characters, a few seconds; past it, no guess is made
FUZZY_WORK = 200_000_000
_PAIR_COST = 64


def cmd_translate(args: argparse.Namespace) -> int:
    """Write `messages.pot` (extract) or bring each language's `.po` file up to date."""
    catalogs, code = load_catalogs(args, [args.game])
    if code != EXIT_OK:
        return code
    catalog = catalogs[0]
    if args.action == "extract":
        target = catalog.folder / FOLDER / TEMPLATE
        found: list[Issue] = []
        texts = every_text(catalog, found)
        if found:
            print_issues(found)
            return EXIT_INPUT
        return _write(catalog, target, _po(catalog, texts, None))
    langs = [args.lang] if args.lang else list(catalog.game.languages)
    if not langs:
        print_issues(
            [Issue("command line", None, "--lang", "the game ships no other language; name one")]
        )
        return EXIT_INPUT
    for lang in langs:
        problem = _not_a_language(catalog, lang)
        if problem:
            print_issues([problem])
            return EXIT_INPUT
        issues: list[Issue] = []
        current = _read_po(catalog, lang, issues)
        if issues:
            print_issues(issues)
            return EXIT_INPUT
        updated = _po(catalog, every_text(catalog, issues), lang)
        if current is not None:
            # the game's own words for cardstock's messages are no texts of the game; they
            # stay as the designer wrote them (docs/languages.md, "cardstock's own words")
            for own in [m for m in current if m.context == TOOL_CONTEXT and m.id]:
                updated.add(own.id, "", context=TOOL_CONTEXT)
            fuzzy = _fuzzy_work(current, updated) <= FUZZY_WORK
            current.update(updated, no_fuzzy_matching=not fuzzy, update_header_comment=True)
            # the file names the game as cardstock does, whatever its header said before
            current.project, current.version = updated.project, updated.version
            updated = current
        code = _write(catalog, path_of(catalog, lang), updated)
        if code != EXIT_OK:
            return code
    return EXIT_OK


def _not_a_language(catalog: Catalog, lang: str) -> Issue | None:
    if lang == PSEUDO or lang == catalog.game.language:
        return Issue(
            "command line", None, "--lang", f"{lang!r} is not translated (it is made, not written)"
        )
    problem = refused(lang)
    return None if problem is None else Issue("command line", None, "--lang", problem)


def every_text(catalog: Catalog, issues: list[Issue]) -> list[Text]:
    """Every text of the game, its layouts' words read by the layout room."""
    from ..layout.labels import layout_words

    return texts_of(catalog, issues, layout_words)


def _po(catalog: Catalog, all_texts: list[Text], lang: str | None) -> PoCatalog:
    from babel.messages.catalog import Catalog as PoCatalog

    po = PoCatalog(
        locale=babel_name(lang) if lang else None,
        # the game is named by its id, never its title: Babel writes the header comment's
        # lines raw (a line break in it would start entries of its own) and replaces words
        # such as PROJECT and VERSION in it; an id is lower-case letters, digits and hyphens
        project=catalog.game.id,
        version=catalog.game.version,
        fuzzy=False,
        header_comment=f"# Texts of the game {catalog.game.id}, for translators (cardstock).",
        # the same texts give the same file, byte for byte: no clock in it
        creation_date=_NO_DATE,
        revision_date=_NO_DATE,
    )
    for t in all_texts:
        where = [(t.file, t.line or 0)]
        if t.plural:  # said of a count: a msgid_plural, and a msgstr per plural form
            blank = ("",) * po.num_plurals
            po.add((t.source, t.plural), blank, locations=where, context=None)
        else:
            po.add(t.source, "", locations=where, context=None if t.template else t.key)
    return po


def _read_po(catalog: Catalog, lang: str, issues: list[Issue]) -> PoCatalog | None:
    from babel.messages.pofile import read_po

    from ..core.files import Unreadable, present, read_bytes

    path = path_of(catalog, lang)
    if not present(path):
        return None
    read_translation(catalog, lang, issues)  # reports what is unreadable, located
    if issues:
        return None
    try:
        data = read_bytes(path, catalog.root)
    except Unreadable:
        return None
    return read_po(io.BytesIO(data), locale=babel_name(lang), charset="utf-8")


def _write(catalog: Catalog, target: Path, po: PoCatalog) -> int:
    from babel.messages.pofile import write_po

    if written_through_link(catalog, target, "translations"):
        return EXIT_INPUT
    buffer = io.BytesIO()
    write_po(
        buffer, po, width=_width(po), omit_header=False, sort_output=False, include_previous=True
    )
    target.parent.mkdir(exist_ok=True)
    write_atomic(target, buffer.getvalue())
    print(f"wrote {catalog.display(target)} ({len(po)} texts)")
    return EXIT_OK


def _width(po: PoCatalog) -> int:
    """The width the file's lines are wrapped at: `WIDTH`, or 0 (no wrapping) when one of
    its texts holds a run of more than `LONGEST_RUN` characters without white space. Babel
    wraps a line by splitting it with a pattern that, on such a run, takes time in the
    square of the run's length (a cell of 131,072 letters takes minutes); unwrapped, each
    text is written in one pass. A word of prose is far shorter, so ordinary files are
    wrapped as translators know them."""
    for message in [*po, *po.obsolete.values()]:
        for text in _strings_of(message):
            if any(len(run) > LONGEST_RUN for run in text.split()):
                return 0
    return WIDTH


def _strings_of(message: Message) -> list[str]:
    """Every text of an entry that Babel writes: its source (and plural), its
    translations, its context and the source it had before."""
    parts: list[object] = [message.context, *(message.previous_id or ())]
    for value in (message.id, message.string):
        parts += value if isinstance(value, (list, tuple)) else [value]
    return [part for part in parts if isinstance(part, str)]


def _fuzzy_work(current: PoCatalog, updated: PoCatalog) -> int:
    """An estimate of the work of Babel's fuzzy matching in `Catalog.update`, in pairs of
    characters compared: it compares each new source text (one with no entry in the file)
    with each translated one in the file, in time up to the product of their lengths, and
    each comparison costs some work however short the texts (`_PAIR_COST`, counted as
    that many characters of each). The estimate is the product of the two sums, reckoned
    in one pass over each file."""

    def weight(message: Message) -> int:
        source = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
        return len(source) + _PAIR_COST

    new = sum(weight(m) for m in updated if m.id and current.get(m.id, m.context) is None)
    old = sum(weight(m) for m in current if m.id and m.string)
    return new * old


# ---------------------------------------------------------------- check --lang


def languages_of(catalog: Catalog, asked: str) -> list[str]:
    """The languages `--lang` names for this game: a comma-separated list, or "all"."""
    if asked == "all":
        return list(catalog.game.languages)
    return [x.strip() for x in asked.split(",") if x.strip()]


def check_languages(
    catalogs: list[Catalog], asked: str, strict: bool
) -> tuple[list[Issue], list[str], int]:
    """Each language checked: the issues to print (errors first), each language's report
    and the exit code. A finding is a warning (an error with `--strict`); a changed number
    is always an error. A report ends with its language's one verdict, which counts the
    issues as well as the fit of its faces (the caller prints the issues before the
    reports, so the errors lead and no "passes" comes before a failure). A `.po` file that
    cannot be used (unreadable, past a bound, a Plural-Forms rule gettext refuses) is bad
    input, as a build finds it: every such file's problems, no reports, and exit 2. So is a
    text the layouts cannot draw in the language (a translated template the sandbox
    refuses, located at its `.po` entry): exit 2, after the reports."""
    from ..catalog.variants import changed_numbers, edition_words, translation_of
    from ..layout.labels import layout_words

    issues: list[Issue] = []
    reports: list[str] = []
    failed = bad_input = False
    asked_files: list[tuple[Catalog, str, Translation, list[Issue]]] = []
    for catalog in catalogs:
        for lang in languages_of(catalog, asked):
            if lang == catalog.game.language:
                continue
            read: list[Issue] = []
            translation = translation_of(catalog, lang, read, layout_words)
            asked_files.append((catalog, lang, translation, read))
            issues += [i for i in read if i.level == "error"]
    if issues:  # a file that cannot be used is bad input, as a build finds it: no report
        return list(dict.fromkeys(issues)), [], EXIT_INPUT
    for catalog, lang, translation, read in asked_files:
        found = list(read)
        all_texts = every_text(catalog, read)
        rep = report(all_texts, translation)
        level: Level = "error" if strict else "warning"
        found += [f.issue(translation, level) for f in rep.findings]
        given = chosen(all_texts, translation)
        found += changed_numbers(translation, all_texts, given)
        said = Issues()  # the game's own words for cardstock's messages, as a build reads them
        words = edition_words(translation, lang, said)
        found += list(said)
        fits, text, unfit = _fits(catalog, lang, given, words)
        found += unfit
        # an input error found in those words or while drawing, as a build finds it
        bad_input |= bool(unfit) or bool(said.errors)
        errors = sum(1 for i in found if i.level == "error")
        bad = not fits or bool(read) or (strict and not rep.complete) or errors > 0
        failed |= bad
        issues += found
        reports.append(
            "\n".join(
                [
                    f"{catalog.id}: {rep.summary()}",
                    *text,
                    # faces that could not be laid out are errors, not checks above
                    f"[{lang}] {catalog.id}-{lang} {_verdict(bad, errors, fits or not text)}",
                ]
            )
        )
    issues.sort(key=lambda i: i.level != "error")  # the errors first, each group in order
    return issues, reports, EXIT_INPUT if bad_input else EXIT_RULES if failed else EXIT_OK


def _verdict(bad: bool, errors: int, fits: bool) -> str:
    """A language's verdict: what failed, or that it passes."""
    if not bad:
        return "passes"
    why = []
    if errors:
        why.append(f"{errors} error{'s' if errors != 1 else ''} in the translation (listed first)")
    if not fits:
        why.append("its faces fail the checks above")
    return "FAILS: " + ("; ".join(why) or "the translation is incomplete (--strict)")


def _fits(
    catalog: Catalog, lang: str, given: Chosen, words: ToolWords
) -> tuple[bool, list[str], list[Issue]]:
    """Lay every face out in the language and run the print-safety check on it (text that
    overflows or shrinks below the least size), and the footers check (a one-line footer
    that leaves a part off, in the edition's own words). Whether it passed, its report's
    lines without the report's own verdicts (the language's verdict says it), and the
    errors of a text the layouts cannot draw in the language (then there is no report).
    `words`: cardstock's own words in the language, the game's among them."""
    from ..core.cache import open_cache
    from ..core.stage import Job
    from ..layout.art.ownicons import game_library
    from ..layout.art.symbols import library
    from ..layout.faces import Faces
    from ..layout.language.load import load_layouts, shared_files
    from ..rules import render, run_checks
    from ..stages import CHECKS

    variant = dc_replace(translated(catalog, given, lang), tool_words=words)
    cache = open_cache()
    try:
        faces = Faces(
            variant,
            cache,
            layouts=load_layouts(
                variant.root, variant.game.id, shared_files(variant), wording=variant.wording
            ),
            library=game_library(variant, library(variant.root)),
        )
        result = run_checks([Job(variant, faces)], CHECKS, only={"print-safety", "footers"})
    except InputError as exc:  # a text the layouts cannot draw in this language
        return False, [], list(exc.issues)
    finally:
        cache.close()
    verdicts = re.compile(rf"  {re.escape(variant.id)} (?:passes|FAILS): ")
    lines = render(result, verbose=False).split("\n")[:-1]  # the closing verdict left off
    kept = [line for line in lines if not verdicts.match(line)]
    while kept and not kept[-1].strip():
        kept.pop()
    return bool(result.ok), [safe(f"[{lang}] {line}".rstrip()) for line in kept], []
