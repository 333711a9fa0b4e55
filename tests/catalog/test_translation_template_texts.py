"""The words a rulebook or quick-reference template marks for translation are read from
the tree the template check already parsed (`catalog.translations.template_texts`), and
are the words Jinja2's own Babel extractor finds in the file."""

from __future__ import annotations

import io

from babel.messages.extract import extract

from cardstock.catalog.translations import _messages_of
from cardstock.core.templating import plain

TEMPLATE = """\
# {{ _("Overview") }}
{% trans title=game.title %}Welcome to {{ title }}.{% endtrans %}
{{ ngettext("one card", "%(num)d cards", n) }}
{% trans count=n %}a die{% pluralize %}{{ count }} dice{% endtrans %}
{{ pgettext("table", "Draw") }} {{ _(not_a_literal) }}
{% trans %}100%% sure{% endtrans %}
"""

OPTIONS = {"trim_blocks": "true", "lstrip_blocks": "true", "newstyle_gettext": "true"}


def _from_tree(text: str) -> list[tuple[object, ...]]:
    return list(extract(_messages_of(plain().compiled("p", text)), io.BytesIO(text.encode())))


def test_the_marked_words_are_those_jinja2s_babel_extractor_reads_from_the_file() -> None:
    data = TEMPLATE.encode()
    own = list(extract("jinja2.ext:babel_extract", io.BytesIO(data), options=OPTIONS))
    found = _from_tree(TEMPLATE)
    assert found == own
    messages = [m for _, m, _, _ in found]
    assert "Overview" in messages and ("a die", "%(count)s dice") in messages
    assert (5, "Draw", [], "table") in found  # a context is kept apart from its word
