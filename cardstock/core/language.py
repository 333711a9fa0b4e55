"""Language codes, read in one place: a code in game.toml (`language`, `languages`) or on
the command line (`--lang` of build, check, proof and translate) is a BCP 47 tag as Babel
reads one (`babel.core.parse_locale`): a language of two or three letters, then at most a
script (`Latn`), a region (`GB`, `419`) and a variant (`1996`), separated by hyphens, in
any case: `de`, `pt-BR`, `en-gb`, `zh-hant-tw`, `sr-latn`, `de-ch-1996`.

A code is bounded in length before anything looks at it (a code names files,
`translations/<code>.po`, and games, `atmosfear-<code>`), and what is not a code is a
message saying why, never an exception. A library that spells codes its own way is handed
that spelling from here (`babel_name`: Babel and gettext write `zh_Hant_TW`); files,
ids and documents keep the code as it was written.
"""

from __future__ import annotations

import re

MAX_LENGTH = 35  # RFC 5646 (4.4.1) asks tools to handle tags of 35 characters at least
# the languages a game may ship besides its own: each is a build of its own (every stage,
# every edition), so the list multiplies a build's work; the most translated board games
# ship in about forty
MOST_LANGUAGES = 64
# BCP 47's language, script, region and variant subtags, as `babel.core.parse_locale`
# reads them (an extended language, an extension or a private-use part it does not read);
# matched here so that a code is checked without loading Babel (a game in its own language
# loads none of it)
_CODE = re.compile(
    r"(?P<language>[a-z]{2,3})"
    r"(?:-(?P<script>[A-Za-z]{4}))?"
    r"(?:-(?P<region>[A-Za-z]{2}|[0-9]{3}))?"
    r"(?:-(?P<variant>[0-9][A-Za-z0-9]{3}|[A-Za-z][A-Za-z0-9]{4,7}))?"
)
# how a code is described to whoever wrote a wrong one
EXPECTED = (
    "expected a language code (BCP 47): 2 or 3 lowercase letters, then an optional script, "
    "region and variant, separated by hyphens, like de, pt-BR, zh-Hant-TW or de-CH-1996"
)


def refused(code: object) -> str | None:
    """Why `code` is not a language code; None when it is one."""
    if not isinstance(code, str):
        return f"expected a language code as text, got {type(code).__name__}"
    if len(code) > MAX_LENGTH:
        return f"a language code of {len(code)} characters; at most {MAX_LENGTH}"
    if not _CODE.fullmatch(code):
        return f"{code!r} is not a language code: {EXPECTED}"
    return None


def is_code(code: object) -> bool:
    """Whether `code` is a language code (`refused` says why not)."""
    return refused(code) is None


def babel_name(code: str) -> str:
    """The code as Babel and gettext spell a locale (`zh-hant-tw` → `zh_Hant_TW`, as
    `babel.core.parse_locale` reads it); a code that is none is returned as it is, for
    Babel to refuse."""
    found = _CODE.fullmatch(code) if len(code) <= MAX_LENGTH else None
    if found is None:
        return code
    script, region, variant = found["script"], found["region"], found["variant"]
    parts = [
        found["language"],
        script.title() if script else None,
        region.upper() if region else None,
        variant.upper() if variant else None,
    ]
    return "_".join(p for p in parts if p)


def codes(asked: str) -> tuple[list[str], list[str]]:
    """A comma-separated list of codes (`--lang de,fr`): the codes, and a message for
    each that is not one. `all` is left for the caller, who knows what it stands for."""
    found: list[str] = []
    problems: list[str] = []
    for code in dict.fromkeys(x.strip() for x in asked.split(",")):
        if not code or code == "all":
            if code:
                found.append(code)
            continue
        problem = refused(code)
        if problem is None:
            found.append(code)
        else:
            problems.append(problem)
    return found, problems
