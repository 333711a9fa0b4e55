"""The texts check reads every form of a plural entry of a translation: the digits its
English states (`rules.reading.translated.numbers_translated`) and the defined terms it
names, not a sibling's (`rules.provenance.terms_translated.swapped_terms`). A form that
states another digit, or names the sibling term, is found at its own `msgstr[n]` line (a
singular entry at its msgstr line), in a two-form language (French) as in a three-form one
(Polish); a plural entry whose every form says what its English says passes, and so does a
form that says what the source's plural says where the singular states a number (French
says 0 and 1 in its first form, English 0 in its plural).

Each case is a copy of Atmosfear whose rulebook says a sentence of a count (`{% pluralize
%}`), its `.po` entry written as a translator's tool writes it; `cardstock check --only
texts` is run and its findings read as it prints them (path:line)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import copy_project

GAME = "atmosfear"
NUMBERS = "every translation states the numbers its English states"
TERMS = "every translation names the terms its English names"

ONE = "Each player is dealt {count} card after the Ruling Realm is rolled, 1 roll a round."
MANY = "Each player is dealt {count} cards after the Ruling Realm is rolled, 1 roll a round."
# the rulebook's sentence, its words the designer's own (the book lint's `own`)
SENTENCE = (
    "{{# own: Each player, after, 1 #}}{{% trans count=deal %}}{one}{pluralize}{{% endtrans +%}}"
)

FRENCH = (
    "Chaque joueur reçoit %(count)s carte une fois le Royaume dominant tiré, 1 lancer par manche.",
    "Chaque joueur reçoit %(count)s cartes une fois le Royaume dominant tiré, 1 lancer par manche.",
)
POLISH = (
    "Każdy gracz dostaje %(count)s kartę po rzucie na Królestwo panujące, 1 rzut na rundę.",
    "Każdy gracz dostaje %(count)s karty po rzucie na Królestwo panujące, 1 rzut na rundę.",
    "Każdy gracz dostaje %(count)s kart po rzucie na Królestwo panujące, 1 rzut na rundę.",
)
# each check's edit of one form: another digit; the sibling term's words (Leading Realm)
EDITS = {
    NUMBERS: {"fr": (", 1 lancer", ", 2 lancers"), "pl": (", 1 rzut", ", 2 rzuty")},
    TERMS: {"fr": ("Royaume dominant", "Royaume demandé"), "pl": ("panujące", "prowadzące")},
}
POLISH_HEADER = r"""msgid ""
msgstr ""
"Language: pl\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || "
"n%100>=20) ? 1 : 2);\n"
"MIME-Version: 1.0\n"
"Content-Type: text/plain; charset=utf-8\n"
"Content-Transfer-Encoding: 8bit\n"

msgctxt "table.words.1.1"
msgid "Ruling Realm"
msgstr "Królestwo panujące"

msgctxt "table.words.2.1"
msgid "Leading Realm"
msgstr "Królestwo prowadzące"
"""


def _po(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _entry(forms: tuple[str, ...] | str, one: str = ONE) -> str:
    """The `.po` entry of the sentence: plural with `forms`, or singular (a str), its msgid
    then written over two lines, as a tool wraps a long one."""
    singular, plural = one.format(count="%(count)s"), MANY.format(count="%(count)s")
    if isinstance(forms, str):
        head, tail = singular.split(" after ")
        msgid = f'msgid ""\n{_po(head + " ")}\n{_po("after " + tail)}'
        return f"\n#, python-format\n{msgid}\nmsgstr {_po(forms)}\n"
    strings = "".join(f"msgstr[{n}] {_po(form)}\n" for n, form in enumerate(forms))
    return f"\n#, python-format\nmsgid {_po(singular)}\nmsgid_plural {_po(plural)}\n{strings}"


def project(root: Path, lang: str, forms: tuple[str, ...] | str, one: str = ONE) -> Path:
    """Atmosfear at `root`, its rulebook saying the sentence of a count (in the singular
    only when `forms` is a str: the entry is then singular), translated into `lang` with
    `forms`; the `.po` file's path."""
    copy_project(root, (GAME,))
    book = root / "layouts" / GAME / "rulebook.md.j2"
    plural = "" if isinstance(forms, str) else "{% pluralize %}" + MANY.format(count="{{ count }}")
    said = SENTENCE.format(one=one.format(count="{{ count }}"), pluralize=plural)
    before = "{% trans %}How much of the pack is dealt"
    text = book.read_text(encoding="utf-8")
    assert before in text
    book.write_text(text.replace(before, said + "\n\n" + before, 1), encoding="utf-8")
    po = root / "catalog" / GAME / "translations" / f"{lang}.po"
    if lang == "fr":
        po.write_text(po.read_text(encoding="utf-8") + _entry(forms, one), encoding="utf-8")
    else:
        po.write_text(POLISH_HEADER + _entry(forms, one), encoding="utf-8")
    return po


def msgstr_line(po: Path, form: int | None) -> int:
    """The line of the sentence's msgstr (`form` None: a singular entry's) in `po`: the
    first after the msgid of the file's last entry, the sentence's."""
    lines = po.read_text(encoding="utf-8").splitlines()
    start = max(n for n, line in enumerate(lines) if line.startswith("msgid "))
    statement = "msgstr " if form is None else f"msgstr[{form}] "
    return next(n for n in range(start, len(lines)) if lines[n].startswith(statement)) + 1


_CHECK = re.compile(r"^ {4}(ok|FAIL|WARN|warn|skip)\s+(.+?): ")
_FINDING = re.compile(r"^ {6,}(\S+?:\d+): ")


def texts_check(cli, root: Path) -> dict[str, tuple[str, list[str]]]:
    """`cardstock check <game> --only texts` as printed: each check's status and where
    each of its findings is (path:line)."""
    result = cli("--root", str(root), "check", GAME, "--only", "texts", "-v")
    out: dict[str, tuple[str, list[str]]] = {}
    current = ""
    for line in result.out.splitlines():
        if m := _CHECK.match(line):
            current = m.group(2)
            out[current] = (m.group(1), [])
        elif (m := _FINDING.match(line)) and current:
            out[current][1].append(m.group(1))
    assert NUMBERS in out and TERMS in out, result.out + result.err
    return out


WRONG = [
    (check, lang, form)
    for check in (NUMBERS, TERMS)
    for lang, form in (("fr", None), ("fr", 0), ("fr", 1), ("pl", 0), ("pl", 1), ("pl", 2))
]


@pytest.mark.parametrize(
    ("check", "lang", "form"),
    WRONG,
    ids=[
        f"{'digits' if c == NUMBERS else 'terms'}-{lg}-{'singular' if f is None else f}"
        for c, lg, f in WRONG
    ],
)
def test_a_wrong_form_is_found_at_its_own_msgstr_line(tmp_path, cli, check, lang, form):
    right = FRENCH if lang == "fr" else POLISH
    old, new = EDITS[check][lang]
    if form is None:  # a singular entry: at its msgstr, as ever
        assert old in right[0]
        forms: tuple[str, ...] | str = right[0].replace(old, new)
    else:
        assert old in right[form]
        forms = tuple(f.replace(old, new) if n == form else f for n, f in enumerate(right))
    po = project(tmp_path, lang, forms)
    found = texts_check(cli, tmp_path)
    where = f"catalog/{GAME}/translations/{lang}.po:{msgstr_line(po, form)}"
    assert found[check] == ("FAIL", [where])
    other = TERMS if check == NUMBERS else NUMBERS
    assert found[other] == ("ok", [])


@pytest.mark.parametrize("lang", ["fr", "pl"])
def test_a_plural_entry_whose_every_form_says_its_english_passes(tmp_path, cli, lang):
    project(tmp_path, lang, FRENCH if lang == "fr" else POLISH)
    found = texts_check(cli, tmp_path)
    assert found[NUMBERS] == ("ok", [])
    assert found[TERMS] == ("ok", [])


def test_a_form_may_state_the_numbers_of_the_source_plural_or_singular(tmp_path, cli):
    # the singular states 1 where the plural has its count: French's first form, said of 0
    # and 1, says the count as the plural does
    project(tmp_path, "fr", FRENCH, ONE.replace("{count} card", "1 card"))
    found = texts_check(cli, tmp_path)
    assert found[NUMBERS] == ("ok", [])
    assert found[TERMS] == ("ok", [])
