"""A `.po` file's Plural-Forms header, checked as the file is read.

The file's `Plural-Forms` header is a rule in C of the count `n` (`plural=(n > 1);`), which
gettext reads when it opens a compiled catalog. The rule is checked as the file is read, the
way GNU `msgfmt` checks it, through the public route a translation takes: the header is
written into a compiled catalog (Babel's `write_mo`) with one plural entry of every form,
which gettext opens (`GNUTranslations`) and asks for the entry at each count. gettext must
read the rule (only `n`, numbers and C's operators, at most 1,000 characters and 20
parentheses deep), and for every count from 0 to 1,000 it picks one of the `nplurals` forms,
never dividing by zero. A rule that fails is an error at the header's line, and the
language's usual rule is used in its place. A file may name at most `MOST_FORMS` forms (a
language has six at most); `nplurals` is read from the file's bytes before Babel parses it,
which makes a list of that many forms for each plural entry.
"""

from __future__ import annotations

import gettext
import io
import re

# the counts a Plural-Forms rule is tried on, as GNU msgfmt tries it
PLURAL_COUNTS = range(1001)
PLURAL_FORMS = "Plural-Forms"
# the most plural forms a file may name: languages have one to six (CLDR), and Babel makes a
# list of `nplurals` texts for every plural entry it reads
MOST_FORMS = 20
# `nplurals=<n>` in the file's bytes, its quoted pieces joined as a .po reader joins them
_NPLURALS = re.compile(rb"nplurals\s*=([^;\"\n]*)", re.IGNORECASE)
_PIECES = re.compile(rb'"[ \t]*\r?\n[ \t]*"')
# the entry the compiled catalog that tries a rule holds, one text per form
_ONE, _OTHER = "one", "other"
# the header's line that names the rule: `"Plural-Forms: nplurals=2; plural=(n > 1);\n"`
_PLURAL_LINE = re.compile(rb'^\s*"plural-forms:', re.IGNORECASE | re.MULTILINE)


def forms_problem(data: bytes) -> str | None:
    """What is wrong with the number of plural forms a `.po` file's bytes name before Babel
    reads them; None when every `nplurals` it names is at most `MOST_FORMS`."""
    for found in _NPLURALS.finditer(_PIECES.sub(b"", data)):
        try:
            named = int(found.group(1).decode("utf-8", "replace"))
        except ValueError:
            continue  # not a number: Babel's reader says what it makes of it
        if named > MOST_FORMS:
            return (
                f"nplurals={named:,}: a language has six plural forms at most; a file may "
                f"name {MOST_FORMS}"
            )
    return None


def plural_problem(expr: str, nplurals: int) -> str | None:
    """What makes a Plural-Forms rule unusable (see the module's docstring); None when
    gettext reads it and it picks one of the `nplurals` forms for every count tried."""
    if nplurals < 1:
        return f"nplurals={nplurals}: a language has one plural form or more"
    if nplurals > MOST_FORMS:
        return f"nplurals={nplurals:,}: a file may name {MOST_FORMS} plural forms at most"
    shown = repr(expr if len(expr) <= 60 else expr[:57] + "...")
    try:
        said = _compiled(expr, nplurals)
    except (ValueError, SyntaxError, RecursionError, OverflowError, MemoryError) as exc:
        return f"gettext cannot read the rule plural={shown}: {exc}"
    for n in PLURAL_COUNTS:
        try:
            form = said.ngettext(_ONE, _OTHER, n)
        except ArithmeticError:
            return f"the rule plural={shown} divides by zero for a count of {n}"
        if form in (_ONE, _OTHER):  # the catalog has no such form: gettext fell back
            return (
                f"the rule plural={shown} picks no form of the file's for a count of {n}: "
                f"it has forms 0 to {nplurals - 1} (nplurals={nplurals})"
            )
    return None


def _compiled(expr: str, nplurals: int) -> gettext.GNUTranslations:
    """A compiled catalog with the rule as its Plural-Forms and one plural entry whose
    form `i` says `i`, opened by gettext as a translation is."""
    from babel.messages.catalog import Catalog as PoCatalog
    from babel.messages.mofile import write_mo

    # Babel writes a Plural-Forms header only for a catalog with a language; the header set
    # after it is the one written
    catalog = PoCatalog(locale="en", fuzzy=False)
    catalog.mime_headers = [(PLURAL_FORMS, f"nplurals={nplurals}; plural={expr};")]
    catalog.add((_ONE, _OTHER), tuple(str(i) for i in range(nplurals)))
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def plural_line(data: bytes) -> int | None:
    """The line of the file's header that names its Plural-Forms rule."""
    found = _PLURAL_LINE.search(data)
    return data.count(b"\n", 0, found.start()) + 1 if found else None
