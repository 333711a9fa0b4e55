"""Text in a box: where a script's lines may break, words measured with the real fonts,
right-to-left lines in visual order, blocks wrapped and shrunk to fit, and text that
continues on a card of its own."""
