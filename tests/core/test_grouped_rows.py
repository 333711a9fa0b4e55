"""Rows whose messages are alike are reported as one: the group names what varies, or the
rows' cards when nothing does, and never prints an empty "e.g. )"."""

from __future__ import annotations

from cardstock.core.issues import Issue, grouped

CSV = "cards.csv"


def test_rows_with_the_same_message_are_grouped_under_their_cards_names(mini, cli):
    # the case that failed: every row's message quoted the same value, so the group's
    # examples were empty and it printed "(lines 2–6; e.g. ): …"
    for card in ("ember,Ember,2", "blaze,Blaze,1", "spring,Spring,2", "flood,Flood,1"):
        mini.replace(CSV, card, card[: card.rindex(",")] + ",0")
    result = cli("--root", str(mini.root), "catalog", "mini")
    assert result.code == 2
    assert result.err.splitlines()[0] == (
        "catalog/mini/cards.csv:2: count: 4 rows (lines 2–6; cards 'Ember', 'Blaze', "
        "'Spring', …): expected a count of 1 or more, got '0'"
    )


def test_a_group_without_names_or_values_shows_only_its_lines():
    same = [Issue("t.csv", line, "count", "too many") for line in (2, 3, 4)]
    (one,) = grouped(same)
    assert one.message == "3 rows (lines 2–4): too many"


def test_a_group_whose_values_vary_still_shows_them():
    hits = [Issue("t.csv", n, "back", f"unknown back {v!r}") for n, v in ((2, "a"), (3, "b"))]
    hits.append(Issue("t.csv", 4, "back", "unknown back 'a'"))
    (one,) = grouped(hits, {("t.csv", 2): "Ember"})
    assert one.message == "3 rows (lines 2–4; e.g. 'a', 'b'): unknown back …"
