"""Print safety as drawn: what a face's ops paint and where, the measures (safe line, type
size, contrast) taken of each text run, icon and frame as its box is drawn, and faces as
colour-blind players see them."""
