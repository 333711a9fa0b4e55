"""Art: what a face draws that is no text of its own: SVG art read into drawing ops, the
vector symbol library and a game's own icons, and the piece shapes' outlines."""
