"""The painting chain below the faces: the painter that draws a layout's boxes, each
distinct box drawn once a game, faces composed from panels, and the version mark."""
