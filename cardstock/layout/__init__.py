"""Faces: layouts (data) + catalog rows -> drawing ops (see ops.py). One idea per room
(docs/architecture.md, "The layout room's rooms"), in the order they import each other:

- art (`art/`): SVG art, the symbol library, a game's own icons, the piece shapes;
- text in a box (`text/`): scripts, words measured, visual order, fitting, continuation;
- layouts drawn in a drawing program (`drawings/`): an SVG's marks read as boxes;
- the box types (`boxtypes/`), and the painter's services they draw with;
- the layout language (`language/`): schema, loading, reference;
- print safety as drawn (`safety/`), and faces as colour-blind players see them;
- the painting chain (`painting/`): the painter, boxes drawn once, panels, the version mark;
- the editions of a face (`editions/`): ink-saver and high-contrast, one repaint of its ops;
- the checks of layouts and faces (`checks/`).

The top holds the basics every room draws with (`ops`, `context`, `resolved`) and the
faces, after the painting chain and the editions: `faces`, the one place a face is made,
the layout step that lays each out once (`step`), what reads a game's faces whole
(`fingerprints`, `labels`), and a layout written out as a drawing (`template`).
"""
