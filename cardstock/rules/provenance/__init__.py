"""Provenance and coverage: where each text a player reads comes from, and every rule held
to its source.

A text restates lines of the game's source, or it is the designer's own. That is stated
once per kind of text, never by copying the text: a `[provenance]` pattern over keys and
columns in rules.toml, or a `{# source 12, 14 #}` comment beside a template line
(`stated`). `texts` lists the texts a player reads (found by the room's basic
`rules.player_texts`)
(and `cardstock check --since REV`, the entrance `rules.since`, lists those changed since a
git revision). `coverage` holds every rule to the source lines it cites, and every number
and name of the source to a rule that states it.
"""
