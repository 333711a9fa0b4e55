"""Facts: what a rulebook states, each kind checked against the catalog, and the places,
words and templates the kinds read."""
