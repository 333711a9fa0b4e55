"""Facts: what a rulebook states, one module per kind, each checked against the catalog;
and what the kinds read: where the catalog holds a value (`places`), a text's words
(`phrases`), translations (`translated`), counts stated in the game file's prose
(`prose_counts`) and the template lines read once per load (`reads`)."""
