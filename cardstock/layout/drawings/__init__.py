"""The drawn layouts' room: a card drawn in a drawing program (an Inkscape, Affinity or
Illustrator SVG whose elements are marked by id or label) read into the layout language's
boxes, each mark bound to a field (docs/draw-your-card.md)."""
