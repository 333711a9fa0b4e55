"""The words a player reads of a rulebook or quick-reference template: the text between its
Jinja tags (a `{% trans %}` block's sentence too) and the literals gettext prints inside a
tag (`_("…")`, `gettext`, `ngettext`). A word moved into `_("…")` to be translated is still
read by the typed-number lints and still edited by the mutation test, at its own line.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES, load_games

from cardstock.books.check import typed_counts
from cardstock.core.template_words import read_spans, read_text
from cardstock.rules.facts.typed import TypedFact
from cardstock.rules.player_texts import template_regions

TEMPLATE = """{# Three dice is a note, read by no one #}
# {{ _("The game in brief") }}

{% trans low=players.min, high=players.max %}For {{ low }} to {{ high }} players.{% endtrans %}

{{ _("Deal 5 cards to each player.") }} {{ fact('deal-5-cards').value }}
{{ ngettext('Roll the die.', 'Roll 3 dice.', n) }}
"""


def _read(text: str) -> list[str]:
    return [text[a:b] for a, b in read_spans(text)]


def test_the_words_of_a_trans_block_and_of_gettext_literals_are_read() -> None:
    read = _read(TEMPLATE)
    assert "The game in brief" in read
    assert "For " in read and " players." in read
    assert "Deal 5 cards to each player." in read
    assert "Roll the die." in read and "Roll 3 dice." in read


def test_a_key_handed_to_a_function_and_a_comment_are_not_read() -> None:
    text = read_text(TEMPLATE)
    assert "deal-5-cards" not in text and "Three dice" not in text
    assert "players.min" not in text and "ngettext" not in text


def test_reading_keeps_every_offset_and_line() -> None:
    text = read_text(TEMPLATE)
    assert len(text) == len(TEMPLATE)
    assert text.splitlines()[5].strip() == "Deal 5 cards to each player."
    for a, b in read_spans(TEMPLATE):
        assert text[a:b] == TEMPLATE[a:b]


def _project(tmp_path: Path) -> tuple[Path, Path]:
    shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / "mini")
    path = tmp_path / "layouts" / "mini" / "rulebook.md.j2"
    path.parent.mkdir(parents=True)
    path.write_text(TEMPLATE, encoding="utf-8")
    return tmp_path, path


def test_the_mutation_test_edits_a_word_inside_gettext_at_its_line(tmp_path: Path) -> None:
    root, path = _project(tmp_path)
    regions = template_regions(path, "layouts/mini/rulebook.md.j2", root)
    inside = [r for r in regions if r.text == "Deal 5 cards to each player."]
    assert len(inside) == 1
    assert inside[0].line == 6 and inside[0].where == "template text"
    assert TEMPLATE[inside[0].start : inside[0].end] == inside[0].text
    assert [r.line for r in regions if r.text == "Roll 3 dice."] == [7]
    assert not [r for r in regions if "deal-5-cards" in r.text or "Three" in r.text]


def test_a_number_typed_inside_gettext_is_a_located_finding(tmp_path: Path) -> None:
    root, _ = _project(tmp_path)
    (catalog,), _issues = load_games(root, ["mini"])
    outcome = TypedFact(name="no typed number").check_catalog(catalog, "rules.toml", 1)
    at = sorted({p.at for p in outcome.problems if p.at is not None})
    assert at == [("layouts/mini/rulebook.md.j2", 6), ("layouts/mini/rulebook.md.j2", 7)]
    counts = typed_counts(catalog)
    assert [(i.file, i.line) for i in counts] == [
        ("layouts/mini/rulebook.md.j2", 6),
        ("layouts/mini/rulebook.md.j2", 7),
    ]
    assert "'5 cards'" in counts[0].message and "'3 dice'" in counts[1].message


def test_a_gettext_placeholder_is_a_key_the_mutation_test_leaves_alone(tmp_path: Path) -> None:
    """`_('%(more)s icon', more=more)` renders a fact's word: the placeholder's name is no
    word a player reads, so no `more` -> `fewer` edit is made inside it."""
    root, path = _project(tmp_path)
    path.write_text(TEMPLATE + "{{ _('%(more)s icon, one more', more=more) }}\n", encoding="utf-8")
    regions = template_regions(path, "layouts/mini/rulebook.md.j2", root)
    last = [r.text for r in regions if r.line == 8]
    assert last == [" icon, one more"]  # the words around it are still read
