"""The checks of layouts and faces: the layouts checked before any face is drawn, and the
print-safety and colour-vision checks read from what the layout step kept of each face."""
