"""Checks: the constraint kinds, deck-building limits and examples of play a rules file
declares, and the checks of a game's words that need no rules file."""
