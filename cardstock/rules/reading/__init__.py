"""What the fact kinds read: where the catalog holds a value (`places`), a text's words
(`phrases`), the template lines as printed and as rendered, a text by its file and key,
translations (`translated`), counts stated in the game file's prose (`prose_counts`) and
what is read once per load (`reads`)."""
