"""Facts: what a rulebook states, one module per kind, each checked against the catalog.
What the kinds read (the places the catalog holds a value, a text's words, translations,
counts in prose, the template lines) is the room before this one (`rules/reading/`)."""
