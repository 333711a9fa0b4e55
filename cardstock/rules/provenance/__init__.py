"""Provenance and coverage: where each text a player reads comes from.

A text restates lines of the game's source, or it is the designer's own. That is stated
once per kind of text, never by copying the text: a `[provenance]` pattern over keys and
columns in rules.toml, or a `{# source 12, 14 #}` comment beside a template line
(`stated`). `texts` lists what a player reads; `since` is `cardstock check --since REV`,
the texts changed since a git revision with their provenance and the facts that hold them.
"""
