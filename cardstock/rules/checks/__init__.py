"""Checks and their report's parts: the constraint kinds, deck-building limits and examples
of play a rules file declares; the checks of a game's words that need no rules file; the
severities and acknowledgments the report applies (`severity`), and what a game without
rules could check (`unchecked`)."""
