"""The games a build makes in each language and edition: `atmosfear` in its own,
`atmosfear-de` in German, `atmosfear-ink-saver` and `atmosfear-de-ink-saver` in the
ink-saver edition.

A build makes every output once per language, and the simplest faithful way is to make
each language a game of its own to the rest of the pipeline: its id carries the language's
code, so every file it writes does too (`atmosfear-de-pnp-a4.pdf`), while its layouts,
rules and numbers are the source game's. This module names those games before anything is
read, from a quick look at each game file's `language` and `languages` (the planner asks
before it loads anything; `catalog.variants` loads them). An edition
(`layout.editions`) is the same kind of axis: a game of its own to the pipeline, its id
ending in the edition's name, its catalog the colour one's with `edition` set.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.language import MOST_LANGUAGES, is_code
from ..core.names import child, plain_name
from ..core.project import discover
from ..core.tomlpos import read_toml_value
from .pseudo import CODE as PSEUDO

if TYPE_CHECKING:
    from .load import Catalog

# where a game's translations are: catalog/<game>/translations/<lang>.po, beside its
# tables (`catalog.translations`), and what `cardstock translate extract` writes there:
# every text, untranslated
TRANSLATIONS = "translations"
TRANSLATIONS_TEMPLATE = "messages.pot"


def declared(root: Path, game_id: str) -> tuple[str, list[str]]:
    """A game file's `language` and `languages`, read without validating the rest (the
    validation pass reports what is wrong with it): ("en", []) when unreadable, or when
    `game_id` is no plain name (`core.names`: the validation refuses it)."""
    if plain_name(game_id) is not None:
        return "en", []
    path = child(root / "catalog", game_id) / "game.toml"
    # bounded, as every TOML file is read; only the two values looked at, nothing copied
    found = read_toml_value(path, str(path), root, _languages)
    return found if found is not None else ("en", [])


def _languages(data: dict[str, Any]) -> tuple[str, list[str]]:
    lang = data.get("language", "en")
    langs = data.get("languages", [])
    if not isinstance(lang, str) or not isinstance(langs, list) or len(langs) > MOST_LANGUAGES:
        return "en", []  # more languages than a game may ship make none: validation says so
    # a code that is none names no game and no file; the validation pass reports it
    return lang if is_code(lang) else "en", [x for x in langs if is_code(x) and x != lang]


# the editions a game can be built in besides its colour one (`layout.editions` draws them)
EDITIONS = ("ink-saver", "high-contrast")


def declared_editions(root: Path, game_id: str) -> list[str]:
    """A game file's `editions`, read without validating the rest (the validation pass
    reports a bad one): the names it lists that are editions."""
    if plain_name(game_id) is not None:
        return []
    path = child(root / "catalog", game_id) / "game.toml"
    found = read_toml_value(path, str(path), root, _editions)
    return found if found is not None else []


def _editions(data: dict[str, Any]) -> list[str]:
    names = data.get("editions", [])
    return [x for x in names if x in EDITIONS] if isinstance(names, list) else []


def asked_editions(asked: str | None) -> list[str]:
    """The editions `--edition` names (comma-separated), in `EDITIONS`' order; those it
    names that are none are left to the validation (`validate.check_options`)."""
    named = {x.strip() for x in (asked or "").split(",")}
    return [e for e in EDITIONS if e in named]


def colour_id(catalog: Catalog) -> str:
    """The id of a game in its colour edition: its id without the edition's name."""
    return f"{catalog.game.id}-{catalog.lang}" if catalog.lang else catalog.game.id


def source_of(variants: dict[str, tuple[str, str]], game: str) -> str:
    """The game a language or edition variant is made from, first to last."""
    while game in variants:
        game = variants[game][0]
    return game


def with_editions(
    root: Path, made: list[str], variants: dict[str, tuple[str, str]], asked: str | None
) -> list[str]:
    """`made` with each game's editions after it: those its game file lists and those
    `asked` (`--edition`); each edition's (game it is made from, edition) in `variants`."""
    wanted = asked_editions(asked)
    out: list[str] = []
    for game in made:
        out.append(game)
        source = source_of(variants, game)
        for edition in EDITIONS:
            if edition in wanted or edition in declared_editions(root, source):
                vid = f"{game}-{edition}"
                out.append(vid)
                variants[vid] = (game, edition)
    return out


def _begun(root: Path, game: str, lang: str) -> bool:
    if plain_name(game) is not None:  # no game: the validation says so
        return False
    return child(child(root / "catalog", game) / TRANSLATIONS, f"{lang}.po").is_file()


def variant_ids(
    root: Path, games: list[str], asked: str | None
) -> tuple[list[str], dict[str, tuple[str, str]]]:
    """The games a build makes for `games` in the languages `asked` (codes separated by
    commas, or "all"; None: each game's own and every language it ships), and each
    translated one's (source game, language)."""
    wanted = None if asked in (None, "all") else {x.strip() for x in asked.split(",")}
    out: list[str] = []
    variants: dict[str, tuple[str, str]] = {}
    for game in games:
        own, shipped = declared(root, game)
        if wanted is None or own in wanted:
            out.append(game)
        langs = [x for x in shipped if wanted is None or x in wanted]
        # asked by name, a language the game does not list yet is made when it has begun
        # (its .po file is there), and the pseudo-language always
        langs += [
            x
            for x in sorted(wanted or ())
            if x not in shipped
            and x != own
            and is_code(x)
            and (x == PSEUDO or _begun(root, game, x))
        ]
        for lang in langs:
            vid = f"{game}-{lang}"
            out.append(vid)
            variants[vid] = (game, lang)
    return out, variants


def build_games(
    root: Path, games: list[str], asked: str | None, editions: str | None = None
) -> tuple[list[str], list[str], dict[str, tuple[str, str]]]:
    """What a build of `games` (every game when empty) in the languages `asked` and the
    `editions` asked makes, what the project knows (its games and theirs in each language
    and edition), and each variant's (game it is made from, language or edition). A game
    asked in one language (`atmosfear-de`) is made only in that one."""
    sources = discover(root)
    every, variants = variant_ids(root, sources, asked)
    every = with_editions(root, every, variants, editions)
    known = list(dict.fromkeys([*sources, *every]))
    if not games:
        codes = {x.strip() for x in (asked or "all").split(",")} - {"", "all"}
        made = {variants[x][1] if x in variants else declared(root, x)[0] for x in every}
        made -= set(EDITIONS)
        # a language no game makes: each game in it, which the validation refuses, saying so
        every += [f"{g}-{code}" for code in sorted(codes - made) for g in sources]
        return every, known, variants
    out: list[str] = []
    for g in games:
        if g in sources:
            out += [x for x in every if source_of(variants, x) == g]
            if g not in out and not any(variants.get(x, ("", ""))[0] == g for x in out):
                # asked in languages it has not begun: the validation says so
                codes = {x.strip() for x in (asked or "").split(",")} - {""}
                out += [f"{g}-{x}" for x in sorted(codes)]
        else:
            out.append(g)  # a translated game, or unknown (the validation says so)
    return list(dict.fromkeys(out)), known, variants
